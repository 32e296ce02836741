#include "config.h"

#include "ui/app.h"

#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game/files.h"
#include "game/level.h"
#include "game/save.h"
#include "ui/menu.h"
#include "ui/play.h"
#include "ui/style.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Redraws a second, at most. */
#define MAX_FPS 30.0

void app_level_id(const char *path, char *buf, size_t size)
{
	const char *b = strrchr(path, '/');
	snprintf(buf, size, "%s", b ? b + 1 : path);
	char *dot = strrchr(buf, '.');
	if (dot && !strcmp(dot, ".txt"))
		*dot = '\0';
	for (char *s = buf; *s; s++)
		if (*s == ' ' || *s == '\t')
			*s = '_';
}

static void show_game(struct app *a, struct session *s)
{
	if (a->play)
		play_free(a->play);
	a->play = play_new(a, s);
	term_mouse(a->term, true);
	a->notice[0] = '\0';
	a->dirty = true;
}

bool app_start_game(struct app *a, const struct puzzle *pz, const char *level_path)
{
	struct puzzle_state *start;
	struct level lv;
	struct diag err;
	if (level_path) {
		start = level_open(pz, level_path, &lv, &err);
		if (!start) {
			snprintf(a->notice, sizeof a->notice, "%s", err.msg);
			if (a->play)
				app_leave_game(a);
			a->dirty = true;
			return false;
		}
	} else {
		int bad;
		start = pz->start(pz, NULL, &bad, &err);
	}
	/* Starting another game abandons the one on: its save goes. */
	if (a->play) {
		play_free(a->play);
		a->play = NULL;
		if (a->save_path[0])
			unlink(a->save_path);
	}
	struct session *s = session_new(pz, start);
	if (level_path) {
		snprintf(s->level, sizeof s->level, "%s", level_path);
		app_level_id(level_path, s->name, sizeof s->name);
		s->grade = lv.grade;
	}
	show_game(a, s);
	return true;
}

bool app_continue(struct app *a)
{
	struct diag err;
	struct session *s = save_read(a->save_path, &err);
	if (!s) {
		snprintf(a->notice, sizeof a->notice, "%s", err.msg);
		a->dirty = true;
		return false;
	}
	show_game(a, s);
	return true;
}

void app_save(struct app *a)
{
	if (!a->play || !a->save_path[0])
		return;
	struct session *s = play_session(a->play);
	struct diag err;
	if (s->finished || session_solved(s)) {
		unlink(a->save_path);
		return;
	}
	if (!save_write(s, a->save_path, &err))
		snprintf(a->notice, sizeof a->notice, "The game could not be saved: %s", err.msg);
}

void app_record(struct app *a, const struct session *s)
{
	if (!s->level[0] || !a->records_path[0])
		return;
	char id[64];
	app_level_id(s->level, id, sizeof id);
	struct diag err;
	if (records_add(&a->records, s->pz->name, id, s->played, session_moves(s), s->hints) &&
	    !records_save(&a->records, a->records_path, &err))
		snprintf(a->notice, sizeof a->notice, "The records could not be written: %s", err.msg);
}

void app_leave_game(struct app *a)
{
	if (!a->play)
		return;
	worker_cancel(a->worker);
	app_save(a);
	play_free(a->play);
	a->play = NULL;
	if (a->direct)
		a->quit = true;
	if (a->menu)
		menu_refresh(a->menu);
	a->dirty = true;
}

static void open_files(struct app *a)
{
	char dir[PATH_MAX - 32];
	struct diag err;
	if (files_state_dir(dir, sizeof dir, &err))
		snprintf(a->save_path, sizeof a->save_path, "%s/game.save", dir);
	else
		snprintf(a->notice, sizeof a->notice, "Games cannot be saved: %s", err.msg);
	if (files_data_dir(dir, sizeof dir, &err)) {
		snprintf(a->records_path, sizeof a->records_path, "%s/records", dir);
		if (!records_load(&a->records, a->records_path, &err)) {
			char moved[PATH_MAX + 16];
			if (files_set_aside(a->records_path, moved, sizeof moved))
				snprintf(a->notice, sizeof a->notice, "The records could not be read (%s); kept as %.300s", err.msg,
				         moved);
			else
				snprintf(a->notice, sizeof a->notice, "The records could not be read: %s", err.msg);
			memset(&a->records, 0, sizeof a->records);
		}
	}
}

static void draw(struct app *a)
{
	if (a->play)
		play_draw(a->play);
	else
		menu_draw(a->menu);
	refresh();
	a->dirty = false;
}

int app_run(const char *family, const char *level)
{
	struct app a;
	struct diag err;
	memset(&a, 0, sizeof a);
	const struct puzzle *pz = NULL;
	char level_path[PATH_MAX] = "";
	if (family && !(pz = puzzle_find(family))) {
		fprintf(stderr, "linkdance: unknown family '%s' (kanoodle or iqfit)\n", family);
		return 2;
	}
	if (level && !level_resolve(family, level, level_path, sizeof level_path, &err)) {
		fprintf(stderr, "linkdance: %s\n", err.msg);
		return 1;
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
	open_files(&a);
	a.menu = menu_new(&a);
	if (pz && app_start_game(&a, pz, level_path[0] ? level_path : NULL))
		a.direct = true;
	a.dirty = true;

	/* LINKDANCE_TRACE=FILE: every event, for debugging and the tests. */
	const char *trace_path = getenv("LINKDANCE_TRACE");
	FILE *trace = trace_path && *trace_path ? fopen(trace_path, "a") : NULL;

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
			else
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
			if (worker_take(a.worker, &r) && a.play)
				play_report(a.play, &r);
			break;
		}
		default:
			break;
		}
	}
	if (trace)
		fclose(trace);
	app_save(&a);
	worker_stop(a.worker);
	term_close(a.term);
	if (a.play)
		play_free(a.play);
	menu_free(a.menu);
	records_free(&a.records);
	free(a.term);
	/* Ended by a signal: say so in the exit status, as a shell would. */
	return term_quit_signal ? 128 + term_quit_signal : 0;
}
