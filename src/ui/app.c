#include "config.h"

#include "ui/app.h"

#include <curses.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/files.h"
#include "game/level.h"
#include "game/save.h"
#include "game/saves.h"
#include "ui/menu.h"
#include "ui/play.h"
#include "ui/style.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Redraws a second, at most. */
#define MAX_FPS 30.0

/* A game on the screen, in place of the menu (the one before is put
 * away); false, with a notice, if no view draws the family. */
static bool show_game(struct app *a, struct session *s)
{
	a->play = play_new(a, s);
	a->dirty = true;
	if (!a->play) {
		snprintf(a->notice, sizeof a->notice, "%s cannot be played here: nothing draws it", s->pz->title);
		session_free(s);
		return false;
	}
	term_mouse(a->term, true);
	a->notice[0] = '\0';
	return true;
}

/* A notice that names a file and a reason, kept for the menu; in a game
 * started from the shell, kept to be said there too. */
static void note(struct app *a, const char *fmt, ...) LD_PRINTF(2, 3);

static void note(struct app *a, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(a->notice, sizeof a->notice, fmt, ap);
	va_end(ap);
	if (a->direct)
		snprintf(a->exit_note, sizeof a->exit_note, "%s", a->notice);
	a->dirty = true;
}

/* The game on goes, its save written: another takes the screen. */
static void put_away(struct app *a)
{
	if (!a->play)
		return;
	worker_cancel(a->worker);
	app_save(a);
	play_free(a->play);
	a->play = NULL;
}

bool app_start_game(struct app *a, const struct puzzle *pz, const char *level_path)
{
	struct level lv;
	struct diag err;
	char id[LEVEL_ID_MAX] = "";
	if (level_path)
		level_id(level_path, id, sizeof id);
	put_away(a);
	struct session *s = a->saves_dir[0] ? saves_get(a->saves_dir, pz->name, id, &err) : NULL;
	if (s) {
		if (!show_game(a, s))
			return false;
		play_say(a->play, "Your game as you left it (R starts it again)");
		return true;
	}
	/* A save that could not be read was set aside: the new game says so. */
	struct diag unread = { "" };
	if (a->saves_dir[0] && err.msg[0])
		unread = err;
	struct puzzle_state *start;
	if (level_path) {
		start = level_start(pz, level_path, &lv, &err);
		if (!start) {
			note(a, "%s", err.msg);
			if (a->direct)
				a->quit = true;
			return false;
		}
	} else {
		int bad;
		start = pz->start(pz, NULL, &bad, &err);
		if (!start) {
			note(a, "%s: %s", pz->title, err.msg);
			if (a->direct)
				a->quit = true;
			return false;
		}
	}
	s = session_new(pz, start);
	if (level_path) {
		snprintf(s->level, sizeof s->level, "%s", level_path);
		snprintf(s->name, sizeof s->name, "%s", id);
		s->grade = lv.grade;
	}
	if (!show_game(a, s))
		return false;
	if (unread.msg[0])
		play_say(a->play, unread.msg);
	else if (level_path && lv.warning[0])
		play_say(a->play, lv.warning);
	return true;
}

void app_generate(struct app *a, const struct puzzle *pz, int grade)
{
	if (!pz->generate) {
		note(a, "%s has no generator", pz->title);
		return;
	}
	/* A seed a player can type again: the clock's microseconds. */
	uint64_t seed = (uint64_t)(clock_seconds() * 1e6) % 1000000 + 1;
	a->gen_family = pz;
	a->gen_job = worker_submit(a->worker, worker_job_generate(pz, grade, seed));
	note(a, "Making a new grade %d %s puzzle... (Esc stops)", grade, pz->title);
}

bool app_generate_stop(struct app *a)
{
	if (!a->gen_job)
		return false;
	worker_cancel(a->worker);
	a->gen_job = 0;
	note(a, "No new puzzle: stopped");
	return true;
}

/* The new puzzle the solver thread made: a game of it, or why not. */
static void generated(struct app *a, const struct worker_report *r)
{
	if (r->gen != a->gen_job || !r->final)
		return;
	const struct puzzle *pz = a->gen_family;
	a->gen_job = 0;
	a->dirty = true;
	if (r->cancelled)
		return;
	if (!r->desc) {
		note(a, "No new puzzle: %s", r->why);
		return;
	}
	int bad;
	struct diag err;
	struct puzzle_state *start = pz->start(pz, r->desc, &bad, &err);
	if (!start) {
		note(a, "The new puzzle could not be read: %s", err.msg);
		return;
	}
	struct session *s = session_new(pz, start);
	snprintf(s->name, sizeof s->name, "new %d-%llu", r->grade, (unsigned long long)r->seed);
	s->grade = r->grade;
	put_away(a);
	if (!show_game(a, s))
		return;
	char say[200];
	snprintf(say, sizeof say, "A new puzzle (linkdance generate %s --grade %d --seed %llu)", pz->name, r->grade,
	         (unsigned long long)r->seed);
	play_say(a->play, say);
}

bool app_continue(struct app *a, const char *path)
{
	struct diag err;
	struct session *s = saves_open(path, &err);
	if (!s) {
		note(a, "%s", err.msg);
		if (a->menu)
			menu_refresh(a->menu);
		return false;
	}
	put_away(a);
	return show_game(a, s);
}

bool app_save(struct app *a)
{
	if (!a->play)
		return true;
	struct session *s = play_session(a->play);
	struct diag err;
	if (!a->saves_dir[0]) {
		/* Said at start already; said again as a game from the shell
		 * ends, since it cannot be continued. */
		if (!a->direct)
			return true;
		note(a, "%s", a->no_saves);
		return false;
	}
	if (s->finished || session_solved(s)) {
		if (saves_drop_own(s, &err))
			return true;
		note(a, "The save of the solved game could not be deleted: %s", err.msg);
		return false;
	}
	/* A game without a move is nothing to continue: it would only fill
	 * the Continue list (its level starts the same).  One that has moves,
	 * taken back or not, is kept. */
	if (s->n <= 1) {
		if (saves_drop_own(s, &err))
			return true;
		note(a, "The save of the game could not be deleted: %s", err.msg);
		return false;
	}
	bool beside;
	if (saves_put(a->saves_dir, s, &beside, &err)) {
		if (beside) {
			/* another copy of the game saved this level meanwhile */
			char words[32];
			saves_copy_words(saves_copy_of(s->save_path), words, sizeof words);
			note(a, "Saved as %s %s %s: another copy saved its own", s->pz->title,
			     s->name[0] ? s->name : "free play", words);
			/* a game from the shell ends here: the shell is told */
			if (a->direct)
				snprintf(a->exit_note, sizeof a->exit_note, "%s", a->notice);
		}
		return true;
	}
	note(a, "The game could not be saved: %s", err.msg);
	return false;
}

bool app_record(struct app *a, const struct session *s)
{
	if (!s->level[0] || !a->records_path[0])
		return true;
	struct diag err;
	bool best;
	if (records_note(&a->records, a->records_path, s->pz->name, s->name, s->played, session_moves(s), s->hints,
	                 s->assisted, &best, &err))
		return true;
	note(a, "The records could not be written: %s", err.msg);
	return false;
}

void app_leave_game(struct app *a)
{
	if (!a->play)
		return;
	worker_cancel(a->worker);
	if (!app_save(a) && a->direct && !a->leave_unsaved) {
		/* Leaving ends the program: the player must see why the game
		 * could not be kept before it goes. */
		a->leave_unsaved = true;
		play_hold(a->play, a->notice);
		return;
	}
	play_free(a->play);
	a->play = NULL;
	if (a->direct)
		a->quit = true;
	if (a->menu)
		menu_refresh(a->menu);
	a->dirty = true;
}

/* Where the saves and the records go, and what they hold now; a notice if
 * something is amiss. */
static void open_files(struct app *a)
{
	char dir[PATH_MAX - 32], state[PATH_MAX];
	struct diag err;
	if (saves_dir(a->saves_dir, sizeof a->saves_dir, &err) && files_state_dir(state, sizeof state, &err)) {
		if (!saves_tidy(state, a->saves_dir, &err))
			note(a, "%s", err.msg);
	} else {
		a->saves_dir[0] = '\0';
		snprintf(a->no_saves, sizeof a->no_saves, "Games cannot be saved: %s", err.msg);
		note(a, "%s", a->no_saves);
	}
	if (files_data_dir(dir, sizeof dir, &err)) {
		snprintf(a->records_path, sizeof a->records_path, "%s/records", dir);
		if (!records_open(&a->records, a->records_path, &err))
			note(a, "%s", err.msg);
	} else {
		note(a, "Records cannot be kept: %s", err.msg);
	}
}

static void draw(struct app *a)
{
	if (a->play)
		play_draw(a->play);
	else if (a->menu)
		menu_draw(a->menu);
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

int app_run(const char *family, const char *level)
{
	struct app a;
	struct diag err;
	memset(&a, 0, sizeof a);
	const struct puzzle *pz = NULL;
	char level_path[PATH_MAX] = "";
	if (family && !(pz = puzzle_find(family))) {
		fprintf(stderr, "linkdance: unknown family '%.40s' (%s)\n", family, puzzle_names());
		return 2;
	}
	if (level) {
		/* A level that cannot be played is said here, in the shell, before
		 * the screen is taken. */
		struct level lv;
		struct puzzle_state *st = NULL;
		if (!level_resolve(family, level, level_path, sizeof level_path, &err) ||
		    !(st = level_start(pz, level_path, &lv, &err))) {
			fprintf(stderr, "linkdance: %s\n", err.msg);
			return 1;
		}
		pz->free_state(st);
	}
	a.worker = worker_start(&err);
	if (!a.worker) {
		fprintf(stderr, "linkdance: %s\n", err.msg);
		return 1;
	}
	a.term = term_open(&err);
	if (!a.term) {
		worker_stop(a.worker);
		fprintf(stderr, "linkdance: %s\n", err.msg);
		return 1;
	}
	style_init(a.term);
	term_mouse(a.term, true);
	a.direct = pz != NULL;
	open_files(&a);
	if (a.direct) {
		char start_note[sizeof a.notice];
		snprintf(start_note, sizeof start_note, "%s", a.notice);
		if (app_start_game(&a, pz, level_path[0] ? level_path : NULL) && start_note[0])
			play_say(a.play, start_note);
	} else {
		a.menu = menu_new(&a);
	}
	a.dirty = true;

	FILE *trace = open_trace();

	double last_draw = 0;
	while (!a.quit) {
		double now = clock_seconds();
		int wait = a.play ? play_tick(a.play, now) : 1000;
		if (a.dirty) {
			double next = last_draw + 1.0 / MAX_FPS;
			if (now >= next) {
				draw(&a);
				last_draw = now;
			} else if ((int)((next - now) * 1000) + 1 < wait) {
				wait = (int)((next - now) * 1000) + 1;
			}
		}
		struct term_event ev = term_wait(a.term, wait, worker_fd(a.worker));
		if (trace && ev.kind != TERM_TIMEOUT) {
			fprintf(trace, "event %d ch %ld sym %d ctrl %d button %d press %d release %d drag %d at %d,%d\n",
			        ev.kind, ev.ch, ev.sym, ev.ctrl, ev.button, ev.press, ev.release, ev.drag, ev.row, ev.col);
			fflush(trace);
		}
		switch (ev.kind) {
		case TERM_KEY:
		case TERM_MOUSE:
			if (a.play)
				play_event(a.play, &ev);
			else if (a.menu)
				menu_event(a.menu, &ev);
			a.dirty = true;
			break;
		case TERM_RESUME:
		case TERM_RESIZE:
			if (ev.kind == TERM_RESUME && a.play)
				play_resume(a.play);
			clearok(curscr, TRUE);
			a.dirty = true;
			break;
		case TERM_QUIT:
			a.quit = true;
			break;
		case TERM_WAKE: {
			struct worker_report r;
			if (worker_take(a.worker, &r)) {
				if (r.kind == WORK_GENERATE)
					generated(&a, &r);
				else if (a.play)
					play_report(a.play, &r);
				worker_report_clear(&r);
			}
			break;
		}
		default:
			break;
		}
	}
	if (trace)
		fclose(trace);
	/* Ended by a signal with a game on: there is no screen left to say a
	 * failed save on, only the shell. */
	if (!app_save(&a))
		snprintf(a.exit_note, sizeof a.exit_note, "%s", a.notice);
	worker_stop(a.worker);
	term_close(a.term);
	if (a.exit_note[0])
		fprintf(stderr, "linkdance: %s\n", a.exit_note);
	if (a.play)
		play_free(a.play);
	menu_free(a.menu);
	records_free(&a.records);
	free(a.term);
	/* Ended by a signal: say so in the exit status, as a shell would. */
	return term_quit_signal ? 128 + term_quit_signal : 0;
}
