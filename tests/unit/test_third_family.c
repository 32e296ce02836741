/* A family the program does not know, Latin squares (latin.c: one module
 * and one view, in the tests), through the real worker thread, the search
 * on screen and the game screen drawn in memory: nothing in the worker,
 * the game screen or the batch commands was written for it.
 *
 * LD_GOLDEN_WRITE=1 writes the golden screen anew (check it by eye). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/midend.h"
#include "game/session.h"
#include "game/worker.h"
#include "latin.h"
#include "puzzles/tiling_puzzle.h"
#include "tap.h"
#include "golden.h"
#include "job_wait.h"
#include "ui/canvas.h"
#include "ui/play.h"
#include "ui/style.h"
#include "util/u128.h"
#include "util/xalloc.h"

static const struct puzzle *const pz = &latin_family;

static struct puzzle_state *latin(const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, desc, &bad, &err);
	if (!s)
		tap_diag("%s", err.msg);
	return s;
}

static struct worker_report run_job(struct worker *w, enum worker_kind kind, const struct puzzle_state *s)
{
	struct worker_report r;
	memset(&r, 0, sizeof r);
	uint64_t gen = worker_submit(w, worker_job_new(kind, pz, &s, 1));
	job_wait_final(w, gen, &r, job_wait_bound());
	return r;
}

/* Solver words that must never reach the player. */
static bool has_item_names(const char *text)
{
	for (const char *t = text; *t; t++)
		if ((t[0] == 'c' || t[0] == 'r' || t[0] == 'k') && t[1] >= '0' && t[1] <= '9')
			return true;
	return false;
}

static void test_worker_jobs(struct worker *w)
{
	struct puzzle_state *empty = latin(NULL);
	struct worker_report r = run_job(w, WORK_COUNT, empty);
	char buf[U128_DIGITS];
	ok(r.exact && r.solutions == 576, "the 4x4 Latin squares counted through the worker: %s", u128_str(r.solutions, buf));
	worker_report_clear(&r);

	r = run_job(w, WORK_CHECK, empty);
	ok(r.completions == 2, "the empty square has more than one way to finish");
	worker_report_clear(&r);

	/* Row 1 holds 1 2 3, so its last cell can only be 4. */
	struct puzzle_state *s = latin("123.\n....\n....\n....\n");
	r = run_job(w, WORK_HINT, s);
	ok(r.hint_tiers == 2, "two tiers of hint (%d)", r.hint_tiers);
	ok(!strcmp(r.hint[0].text, "Row 1, column 4 can hold only 1 digit") && r.hint[0].n_cells == 1 &&
	       r.hint[0].cells[0] == 3,
	   "tier 1 in words, the cell marked: %s", r.hint[0].text);
	struct diag err;
	struct puzzle_state *t = r.hint_tiers == 2 ? pz->apply(s, r.hint[1].move, &err) : NULL;
	ok(t && !strcmp(r.hint[1].move, "r1c4=4"), "the reveal writes the 4: %s", r.hint[1].move);
	pz->free_state(t);
	worker_report_clear(&r);

	/* Row 1 needs its 4 in column 4, which has one. */
	struct puzzle_state *dead = latin("123.\n...4\n....\n....\n");
	r = run_job(w, WORK_CHECK, dead);
	ok(r.completions == 0 && r.dead_explained && strstr(r.dead.text, "has no digit left") && r.dead.n_cells == 1,
	   "a dead end named and marked: %s", r.dead.text);
	worker_report_clear(&r);
	pz->free_state(dead);
	pz->free_state(s);
	pz->free_state(empty);
}

static void test_animation(struct worker *w)
{
	struct puzzle_state *s = latin("1...\n....\n....\n....\n");
	uint64_t gen = worker_submit(w, worker_job_new(WORK_ANIMATE, pz, (const struct puzzle_state *const *)&s, 1));
	struct worker_report r;
	int tries = 0, undos = 0, frames = 0;
	bool solved = false, words = true;
	for (int i = 0; i < 2000 && !solved; i++) {
		worker_anim_grant(w, 1);
		job_wait_news(w, 50);
		if (!worker_take(w, &r))
			continue;
		if (r.gen == gen && r.kind == WORK_ANIMATE) {
			frames++;
			tries += r.anim.event == ENGINE_EV_TRY;
			undos += r.anim.event == ENGINE_EV_UNDO;
			words &= !has_item_names(r.anim.note.text);
			if (r.anim.solution) {
				struct diag err;
				struct puzzle_state *t = pz->apply(s, r.anim.solution, &err);
				solved = t && pz->is_solved(t);
				pz->free_state(t);
			}
		}
		worker_report_clear(&r);
	}
	worker_cancel(w);
	ok(solved, "the search on screen reaches a solution that fills the square (%d frames)", frames);
	ok(tries > 0 && tries >= undos, "it tries digits (%d) and takes them back (%d)", tries, undos);
	ok(words, "its steps are told in words, not item names");
	pz->free_state(s);
}

/* The game grants steps as the clock ticks, whether or not it has seen
 * the frame at the first solution yet: the search must hold there all the
 * same, until the player says go on. */
static void test_holds_at_solution(struct worker *w)
{
	struct puzzle_state *s = latin(NULL);
	uint64_t gen = worker_submit(w, worker_job_new(WORK_ANIMATE, pz, (const struct puzzle_state *const *)&s, 1));
	struct worker_report r;
	bool at_solution = false;
	u128 most = 0;
	/* Steps granted until it stops at its first solution; then 20 grants
	 * more, which must not take it past. */
	int grants_after = 0;
	for (double until = job_wait_bound(); grants_after < 20 && clock_seconds() < until; job_wait_news(w, 10)) {
		worker_anim_grant(w, 50);
		grants_after += at_solution;
		if (!worker_take(w, &r))
			continue;
		if (r.gen == gen && r.kind == WORK_ANIMATE) {
			at_solution = r.anim.at_solution;
			if (r.anim.solutions > most)
				most = r.anim.solutions;
		}
		worker_report_clear(&r);
	}
	ok(at_solution && most == 1, "steps granted on and on: the search holds at its first solution");
	worker_anim_resume(w);
	worker_anim_grant(w, 200);
	bool on = false;
	for (double until = job_wait_bound(); !on && job_wait_report(w, gen, &r, until);) {
		on = r.anim.solutions > 1;
		worker_report_clear(&r);
	}
	ok(on, "and goes on when the player says so");
	worker_cancel(w);
	pz->free_state(s);
}

/* New puzzles through the worker: the description is handed over with
 * the report (and freed once, by the taker), one job after another. */
static void test_generate(struct worker *w)
{
	for (int i = 0; i < 3; i++) {
		struct worker_report r;
		memset(&r, 0, sizeof r);
		uint64_t gen = worker_submit(w, worker_job_generate(&tiling_puzzle_kanoodle, 1 + i, 7 + (uint64_t)i));
		bool got = job_wait_final(w, gen, &r, job_wait_bound());
		int bad;
		struct diag err;
		struct puzzle_state *s = got && r.desc ? tiling_puzzle_kanoodle.start(&tiling_puzzle_kanoodle, r.desc, &bad, &err)
		                                       : NULL;
		ok(s != NULL && r.grade == 1 + i, "a new grade %d Kanoodle puzzle made by the worker", 1 + i);
		if (s)
			tiling_puzzle_kanoodle.free_state(s);
		worker_report_clear(&r);
	}
}

/* Reports to the game screen until job gen's final one. */
static void pump(struct play *p, struct worker *w)
{
	struct worker_report r;
	if (job_wait_final(w, play_last_job(p), &r, job_wait_bound())) {
		play_report(p, &r);
		worker_report_clear(&r);
	}
}

/* The game screen with a mid-end of its own solver thread, as the game's. */
static void test_screen(void)
{
	struct diag err;
	struct midend *m = midend_new(true, &err);
	if (!m) {
		tap_diag("no mid-end: %s", err.msg);
		ok(false, "a mid-end with a solver thread");
		return;
	}
	struct worker *w = m->worker;
	struct session *s = session_new(pz, latin("12..\n....\n....\n....\n"));
	snprintf(s->name, sizeof s->name, "a square");
	struct play *p = play_new_view(m, s, &latin_view);
	ok(p != NULL, "the game screen takes the tests' own view");
	if (!p) {
		session_free(s);
		midend_free(m);
		return;
	}
	pump(p, w);
	/* The cursor to row 1, column 3, and a 3 written there. */
	struct term_event right = { .kind = TERM_KEY, .sym = KEY_SYM_RIGHT };
	play_event(p, &right);
	play_event(p, &right);
	struct term_event three = { .kind = TERM_KEY, .ch = '3' };
	play_event(p, &three);
	pump(p, w);
	ok(session_moves(s) == 1, "a digit typed is a move");
	struct term_event h = { .kind = TERM_KEY, .ch = 'H' };
	play_event(p, &h);
	pump(p, w);

	struct canvas c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	char *got = canvas_memory_text(&c);
	ok(golden_same("latin-hint", got), "the Latin square's game screen with a hint, as golden/latin-hint.txt");
	/* Row 1, column 4 of the grid: screen row 2 (under the title), columns 13-15. */
	ok(canvas_memory_look(&c, 2, 14) == style(ST_MARK) && style(ST_MARK) != style(ST_NORMAL),
	   "the hint's cell is marked");
	free(got);
	canvas_memory_free(&c);
	play_free(p);
	midend_free(m);
}

int main(void)
{
	style_init_plain(true);
	struct diag err;
	struct worker *w = worker_start(&err);
	if (!w) {
		tap_diag("no worker: %s", err.msg);
		return 1;
	}
	test_worker_jobs(w);
	test_animation(w);
	test_holds_at_solution(w);
	test_generate(w);
	worker_stop(w);
	test_screen();
	return tap_done();
}
