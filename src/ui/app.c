#include "config.h"

#include "ui/app.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/catalog.h"
#include "game/midend.h"
#include "ui/keys.h"
#include "ui/menu.h"
#include "ui/play.h"
#include "ui/style.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Redraws a second, at most. */
#define MAX_FPS 30.0

struct app {
	struct terminal *term;
	struct midend *mid;           /* the game, the solver thread, the player's files */
	struct menu *menu;
	struct play *play;            /* the game's screen, when one is on */
	bool quit;
	bool leave_unsaved;           /* the player has seen that the game could not be saved */
	bool making;                  /* from the shell: the new game asked for is being made */
	bool dirty;                   /* redraw */
};

/* A game on the screen, in place of the menu (the one before is put
 * away); false, with a notice, if no view draws the family. */
static bool show_game(struct app *a, struct session *s)
{
	a->play = play_new(a->mid, s);
	a->dirty = true;
	if (!a->play) {
		midend_note(a->mid, "%s cannot be played here: nothing draws it", s->pz->title);
		session_free(s);
		return false;
	}
	term_mouse(a->term, true);
	a->mid->notice[0] = '\0';
	return true;
}

/* The game on goes, its save written: another takes the screen. */
static void put_away(struct app *a)
{
	if (!a->play)
		return;
	midend_cancel(a->mid);
	midend_save(a->mid);
	play_free(a->play);
	a->play = NULL;
}

/* A game of pz from a level file (NULL: free play), in place of the menu
 * or the game on (which is saved); its save, if it has one, is continued.
 * False and the reason in the notice if the level cannot be played. */
static bool start_game(struct app *a, const struct puzzle *pz, const char *level_path)
{
	char say[1200];
	put_away(a);
	struct session *s = midend_open_game(a->mid, pz, level_path, say, sizeof say);
	if (!s) {
		if (a->mid->from_shell)
			a->quit = true;
		return false;
	}
	if (!show_game(a, s))
		return false;
	if (say[0])
		play_say(a->play, say);
	return true;
}

/* The next level of the game's family (the first, from free play); for
 * a game made with parameters (a duel), another made so. */
static void next_level(struct app *a)
{
	const struct session *s = play_session(a->play);
	const struct puzzle *pz = s->pz;
	if (s->params[0]) {
		midend_generate_with(a->mid, pz, s->grade, s->params, 0);
		return;
	}
	char path[PATH_MAX];
	bool has_levels = catalog_next_level(pz, s->level, path, sizeof path);
	start_game(a, pz, has_levels ? path : NULL);
}

/* The new puzzle the solver thread made: a game of it, or why not. */
static void generated(struct app *a, const struct worker_report *r)
{
	char say[200];
	struct session *s = midend_generated(a->mid, r, say, sizeof say);
	a->dirty = true;
	/* From the shell there is nothing to go back to without it. */
	if (a->making && !a->mid->gen_job) {
		a->making = false;
		a->quit = !s;
		if (s)
			a->mid->exit_note[0] = '\0';
	}
	if (!s)
		return;
	put_away(a);
	if (show_game(a, s))
		play_say(a->play, say);
}

/* Continue the saved game in the file path. */
static void continue_game(struct app *a, const char *path)
{
	struct session *s = midend_open_save(a->mid, path);
	if (!s) {
		if (a->menu)
			menu_refresh(a->menu);
		return;
	}
	put_away(a);
	show_game(a, s);
}

/* Back to the menu, saving the game if it is not finished.  In a game
 * started from the shell, a save that fails is shown first, and the
 * player leaves with the next key. */
static void leave_game(struct app *a)
{
	if (!a->play)
		return;
	midend_cancel(a->mid);
	if (!midend_save(a->mid) && a->mid->from_shell && !a->leave_unsaved) {
		/* Leaving ends the program: the player must see why the game
		 * could not be kept before it goes. */
		a->leave_unsaved = true;
		play_hold(a->play, a->mid->notice);
		return;
	}
	play_free(a->play);
	a->play = NULL;
	if (a->mid->from_shell)
		a->quit = true;
	if (a->menu)
		menu_refresh(a->menu);
	a->dirty = true;
}

/* What a screen's handler returned, done: only here is a screen freed or
 * another made. */
static void act(struct app *a, struct screen_result r)
{
	switch (r.action) {
	case SCREEN_STAY:
		break;
	case SCREEN_LEAVE:
		leave_game(a);
		break;
	case SCREEN_NEXT_LEVEL:
		next_level(a);
		break;
	case SCREEN_START:
		start_game(a, r.pz, r.path);
		break;
	case SCREEN_CONTINUE:
		continue_game(a, r.path);
		break;
	case SCREEN_GENERATE:
		midend_generate_with(a->mid, r.pz, r.grade, r.params, 0);
		break;
	case SCREEN_STOP_GENERATING:
		midend_generate_stop(a->mid);
		break;
	case SCREEN_QUIT:
		a->quit = true;
		break;
	}
}

static void draw(struct app *a)
{
	if (a->play) {
		play_draw(a->play);
	} else if (a->menu) {
		menu_draw(a->menu);
	} else if (a->making) {
		int rows, cols;
		term_size(a->term, &rows, &cols);
		erase();
		style_message(rows, cols, a->mid->notice);
	}
	refresh();
	a->dirty = false;
}

/* LINKDANCE_TRACE=FILE: every event, for debugging and the tests.  Only
 * a regular file: a FIFO there would block the game with the terminal
 * taken. */
static FILE *open_trace(void)
{
	const char *path = getenv("LINKDANCE_TRACE");
	struct stat st;
	if (!path || !*path)
		return NULL;
	int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0644);
	if (fd < 0)
		return NULL;
	FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "a") : NULL;
	if (!f)
		close(fd);
	return f;
}

/* q or Esc while the game asked for from the shell is made: nothing is
 * left to show. */
static void stop_making(struct app *a)
{
	midend_generate_stop(a->mid);
	a->making = false;
	a->quit = true;
}

/* A report of the solver thread: a new puzzle's, or the game's. */
static void wake(struct app *a)
{
	struct worker_report r;
	if (!midend_poll(a->mid, &r))
		return;
	if (r.kind == WORK_GENERATE)
		generated(a, &r);
	else if (a->play)
		play_report(a->play, &r);
	worker_report_clear(&r);
}

static void trace_event(FILE *trace, const struct term_event *ev)
{
	if (!trace || ev->kind == TERM_TIMEOUT)
		return;
	fprintf(trace, "event %d ch %ld sym %d ctrl %d button %d press %d release %d drag %d at %d,%d\n", ev->kind,
	        ev->ch, ev->sym, ev->ctrl, ev->button, ev->press, ev->release, ev->drag, ev->row, ev->col);
	fflush(trace);
}

static void on_event(struct app *a, const struct term_event *ev)
{
	switch (ev->kind) {
	case TERM_KEY:
	case TERM_MOUSE:
		if (a->play)
			act(a, play_event(a->play, ev));
		else if (a->menu)
			act(a, menu_event(a->menu, ev));
		else if (a->making && (key_action(CTX_PLAY, ev) == ACT_QUIT || key_action(CTX_PLAY, ev) == ACT_DROP))
			stop_making(a);
		a->dirty = true;
		break;
	case TERM_RESUME:
	case TERM_RESIZE:
		if (ev->kind == TERM_RESUME && a->play)
			play_resume(a->play);
		clearok(curscr, TRUE);
		a->dirty = true;
		break;
	case TERM_QUIT:
		a->quit = true;
		break;
	case TERM_WAKE:
		wake(a);
		break;
	default:
		break;
	}
}

/* The one event loop: the terminal and the solver thread's pipe, time
 * for the game's clock and the search's steps, frames at MAX_FPS. */
static void run(struct app *a)
{
	FILE *trace = open_trace();
	double last_draw = 0;
	while (!a->quit) {
		double now = clock_seconds();
		int wait = a->play ? play_tick(a->play, now) : 1000;
		if (a->play && play_redraw_due(a->play))
			a->dirty = true;
		if (a->dirty) {
			double next = last_draw + 1.0 / MAX_FPS;
			if (now >= next) {
				draw(a);
				last_draw = now;
			} else if ((int)((next - now) * 1000) + 1 < wait) {
				wait = (int)((next - now) * 1000) + 1;
			}
		}
		struct term_event ev = term_wait(a->term, wait, midend_fd(a->mid));
		trace_event(trace, &ev);
		on_event(a, &ev);
	}
	if (trace)
		fclose(trace);
}

/* The family and level asked for on the command line: pz (NULL: none)
 * and the level's path ("" : none); false when they cannot be played,
 * said in the shell before the screen is taken, with the exit code. */
static bool check_args(const char *family, const char *level, const struct puzzle **pz, char *level_path,
                       int size, int *code)
{
	struct diag err;
	*pz = NULL;
	level_path[0] = '\0';
	if (family && !(*pz = puzzle_find(family))) {
		fprintf(stderr, "linkdance: unknown family '%.40s'\n  the families: %s\n", family, puzzle_names());
		*code = 2;
		return false;
	}
	if (level && !catalog_check_level(*pz, family, level, level_path, size, &err)) {
		fprintf(stderr, "linkdance: %s\n", err.msg);
		*code = 1;
		return false;
	}
	return true;
}

/* The first screen: the game asked for, or the menu. */
static void first_screen(struct app *a, const struct puzzle *pz, const char *level_path,
                         const struct app_new_game *fresh)
{
	struct midend *mid = a->mid;
	mid->from_shell = pz != NULL;
	midend_open_files(mid);
	if (mid->from_shell && fresh) {
		/* Made on the solver thread, as the menu's new puzzles are: a
		 * large one takes a while, and Esc stops it. */
		a->making = midend_generate_with(mid, pz, fresh->grade, fresh->params, fresh->seed);
		a->quit = !a->making;
	} else if (mid->from_shell) {
		char start_note[sizeof mid->notice];
		snprintf(start_note, sizeof start_note, "%s", mid->notice);
		if (start_game(a, pz, level_path[0] ? level_path : NULL) && start_note[0])
			play_say(a->play, start_note);
	} else {
		a->menu = menu_new(mid, a->term);
	}
	a->dirty = true;
}

int app_run(const char *family, const char *level, const struct app_new_game *fresh)
{
	struct app a;
	struct diag err;
	const struct puzzle *pz;
	char level_path[PATH_MAX];
	int code;
	memset(&a, 0, sizeof a);
	if (!check_args(family, level, &pz, level_path, sizeof level_path, &code))
		return code;
	a.mid = midend_new(true, &err);
	if (!a.mid) {
		fprintf(stderr, "linkdance: %s\n", err.msg);
		return 1;
	}
	a.term = term_open(&err);
	if (!a.term) {
		midend_free(a.mid);
		fprintf(stderr, "linkdance: %s\n", err.msg);
		return 1;
	}
	style_init(a.term);
	term_mouse(a.term, true);
	first_screen(&a, pz, level_path, fresh);
	run(&a);
	/* Ended by a signal with a game on: there is no screen left to say a
	 * failed save on, only the shell. */
	char exit_note[sizeof a.mid->exit_note];
	if (!midend_save(a.mid))
		snprintf(a.mid->exit_note, sizeof a.mid->exit_note, "%s", a.mid->notice);
	snprintf(exit_note, sizeof exit_note, "%s", a.mid->exit_note);
	if (a.play)
		play_free(a.play);
	menu_free(a.menu);
	midend_free(a.mid);
	term_close(a.term);
	if (exit_note[0])
		fprintf(stderr, "linkdance: %s\n", exit_note);
	free(a.term);
	/* Ended by a signal: say so in the exit status, as a shell would. */
	return term_quit_signal ? 128 + term_quit_signal : 0;
}
