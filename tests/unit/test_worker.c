/* The solver thread: its answers, and that it lets go when told to.
 * Build with --enable-sanitizers=thread to run the cycles under
 * ThreadSanitizer. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/worker.h"
#include "puzzles/tiling.h"
#include "solver/xc/count.h"
#include "puzzles/sudoku_puzzle.h"
#include "puzzles/tiling_puzzle.h"
#include "puzzles/xc_engine.h"
#include "tap.h"
#include "job_wait.h"
#include "toy_family.h"

static struct puzzle_state *board(const char *desc)
{
	int bad;
	struct diag err;
	return tiling_puzzle_kanoodle.start(&tiling_puzzle_kanoodle, desc, &bad, &err);
}

/* No solver item names ("r3c5", "LtGreen") in a sentence for the player. */
static bool in_words(const struct puzzle *pz, const char *text)
{
	const struct tiling *t = tiling_puzzle_tiling(pz);
	for (const char *c = text; *c; c++) {
		int r, col, n = 0;
		if (*c == 'r' && (c == text || c[-1] == ' ') && sscanf(c, "r%dc%d%n", &r, &col, &n) == 2 && n > 0)
			return false;
	}
	for (int q = 0; q < t->n_pieces; q++) {
		const char *item = t->def->pieces[q].item, *name = t->def->pieces[q].name;
		/* an item name that is not also the piece's name */
		for (const char *f = strstr(text, item); f; f = strstr(f + 1, item))
			if (strncmp(f, name, strlen(name)) != 0)
				return false;
	}
	return true;
}

static uint64_t submit(struct worker *w, enum worker_kind kind, const struct puzzle *pz,
                       const struct puzzle_state *s)
{
	const struct puzzle_state *states[1] = { s };
	return worker_submit(w, worker_job_new(kind, pz, states, 1));
}

static void test_answers(struct worker *w)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	struct worker_report r;
	struct puzzle_state *level = board("GGPPPPK....\nDGGGSKK.MM.\nDD.SSSKMM..\nDD..S.KMO..\n......OOO..\n");
	struct puzzle_state *walled = board(".W.........\nWW.........\n...........\n...........\n...........\n");
	struct puzzle_state *empty = board(NULL);

	uint64_t g = submit(w, WORK_CHECK, pz, level);
	ok(job_wait_final(w, g, &r, job_wait_bound()) && r.completions == 1, "a level: exactly one way to finish");
	g = submit(w, WORK_CHECK, pz, empty);
	ok(job_wait_final(w, g, &r, job_wait_bound()) && r.completions == 2, "the empty board: more than one");
	g = submit(w, WORK_CHECK, pz, walled);
	ok(job_wait_final(w, g, &r, job_wait_bound()) && r.completions == 0 && r.dead_explained, "a walled-in cell: a dead end, explained");

	g = submit(w, WORK_HINT, pz, level);
	bool got = job_wait_final(w, g, &r, job_wait_bound());
	ok(got && r.hint_tiers >= 2, "a hint in %d tiers", r.hint_tiers);
	for (int i = 0; got && i < r.hint_tiers; i++)
		ok(r.hint[i].text[0] && in_words(pz, r.hint[i].text), "tier %d in the player's words: %s", i + 1,
		   r.hint[i].text);
	struct diag err;
	const char *reveal = got && r.hint_tiers ? r.hint[r.hint_tiers - 1].move : "";
	struct puzzle_state *next = reveal[0] ? pz->apply(level, reveal, &err) : NULL;
	ok(next != NULL, "the last tier's move can be made: %s", reveal);
	if (next)
		pz->free_state(next);
	worker_report_clear(&r);

	/* A dead end two moves deep: the hint says how far back to go. */
	const struct puzzle_state *history[3] = { level, NULL, NULL };
	struct puzzle_state *good = pz->apply(level, "Y@r4c4,r4c6,r5c4,r5c5,r5c6", &err);
	struct puzzle_state *bad = good ? pz->apply(good, "W@r4c10,r5c10,r5c11", &err) : NULL;
	if (!ok(good && bad, "two moves, the second into a dead end"))
		return;
	history[1] = good;
	history[2] = bad;
	g = worker_submit(w, worker_job_new(WORK_HINT, pz, history, 3));
	got = job_wait_final(w, g, &r, job_wait_bound());
	ok(got && r.completions == 0 && r.take_back_to == 1, "the hint takes back to after the first move (%d)",
	   r.take_back_to);
	pz->free_state(good);
	pz->free_state(bad);
	pz->free_state(level);
	pz->free_state(walled);
	pz->free_state(empty);
}

/* The search on screen, run freely: steps, the first solution (paused
 * there), its move solves the puzzle, then on to the end. */
static void test_animation(struct worker *w)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	struct puzzle_state *level = board("GGPPPPK....\nDGGGSKK.MM.\nDD.SSSKMM..\nDD..S.KMO..\n......OOO..\n");
	const struct puzzle_state *states[1] = { level };
	struct worker_job *j = worker_job_new(WORK_ANIMATE, pz, states, 1);
	worker_job_engine(j, "dlx");
	uint64_t g = worker_submit(w, j);
	worker_anim_free(w, true);
	struct worker_report r = { 0 }, at = { 0 };
	bool stepped = false, found = false, below_one = true, moving = false;
	double until = job_wait_bound();
	while (job_wait_report(w, g, &r, until)) {
		stepped |= r.anim.steps > 0 && r.anim.note.text[0];
		below_one &= r.anim.done || r.anim.fraction < 1.0;
		moving |= r.anim.steps > 0 && r.anim.fraction > 0;
		if (r.anim.at_solution && !found) {
			found = true;
			worker_report_clear(&at);
			at = r;
			memset(&r, 0, sizeof r); /* its strings are at's now */
			worker_anim_resume(w); /* the search holds at a solution until told */
			worker_anim_free(w, true);
			continue;
		}
		if (r.final)
			break;
		worker_report_clear(&r);
	}
	ok(stepped, "the search takes steps, each told in words");
	ok(moving && below_one, "its share of the tree moves from the start and stays below 1 until the end");
	ok(found && at.anim.solution && at.anim.solutions == 1, "it stops at the first solution");
	struct diag err;
	struct puzzle_state *solved = found && at.anim.solution ? pz->apply(level, at.anim.solution, &err) : NULL;
	ok(solved && pz->is_solved(solved), "whose move solves the puzzle");
	ok(r.gen == g && r.final && r.anim.done && r.anim.fraction == 1.0 && r.anim.solutions == 1,
	   "then the search is done: 1 solution in all");
	if (solved)
		pz->free_state(solved);
	worker_report_clear(&at);
	worker_report_clear(&r);
	pz->free_state(level);
}

/* The count in the game, exact through the worker. */
static void test_count(struct worker *w)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	struct puzzle_state *s = board("GGPPPPK....\nDGGGSKK....\nDD.SSSK....\nDD..S.K....\n...........\n");
	struct worker_report r;
	uint64_t g = submit(w, WORK_COUNT, pz, s);
	bool got = job_wait_final(w, g, &r, job_wait_bound());
	/* the same count straight from the solver */
	struct xc_problem *p = pz->xc->reduce(s, DLX_MRV);
	uint64_t n = count_solutions(p, DLX_MRV, 0, NULL);
	xc_free(p);
	ok(got && r.exact && !r.cancelled && r.solutions == n && n > 1, "a count through the worker: %" PRIu64
	   " ways, exact", (uint64_t)r.solutions);
	worker_report_clear(&r);
	pz->free_state(s);
}

/* The grader from the game: the worker's verdict is the family's own, and
 * a family without a grader says so rather than inventing one. */
static void test_grade(struct worker *w)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	struct puzzle_state *s = board("GGPPPPK....\nDGGGSKK....\nDD.SSSK....\nDD..S.K....\n...........\n");
	struct worker_report r;
	bool got = job_wait_final(w, submit(w, WORK_GRADE, pz, s), &r, job_wait_bound());
	struct puzzle_grade direct;
	bool graded = pz->grade(s, &direct, NULL);
	ok(got && r.graded && graded && r.verdict.effort == direct.effort && r.verdict.solutions == 2
	       && strstr(r.verdict.why, "search steps to find every way"),
	   "a grade through the worker: %s", got ? r.verdict.why : "none");
	worker_report_clear(&r);
	int bad;
	struct diag err;
	struct puzzle_state *t = toy_family.start(&toy_family, "queens8", &bad, &err);
	got = t && job_wait_final(w, submit(w, WORK_GRADE, &toy_family, t), &r, job_wait_bound());
	ok(got && !r.graded && strstr(r.why, "has no grader"), "a family without a grader: %s", got ? r.why : "none");
	if (t)
		toy_family.free_state(t);
	pz->free_state(s);
}

/* A family with engines but no exact-cover part: the worker must count
 * and check through its first engine (here Dancing Links on the toy's
 * problem, reached as any other engine would be). */
static struct engine *toy_engine_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return xc_engine_new(&toy_family, s, DLX_MRV);
}

static const struct puzzle_engine toy_engine = { .name = "toy", .title = "Toy", .new = toy_engine_new };
static const struct puzzle_engine *const toy_engines[] = { &toy_engine, NULL };

static void test_families(struct worker *w)
{
	/* static: the worker frees a job's states through its family after the
	 * final report, so the table must outlive this function, as the real
	 * ones do */
	static struct puzzle engine_only;
	engine_only = toy_family;
	engine_only.xc = NULL;
	engine_only.engines = toy_engines;
	const struct puzzle *const fams[] = { &toy_family, &engine_only };
	const char *const how[] = { "exact cover, memoized", "its first engine" };
	for (int f = 0; f < 2; f++) {
		int bad;
		struct diag err;
		struct puzzle_state *s = fams[f]->start(fams[f], "queens8", &bad, &err);
		struct worker_report r;
		uint64_t g = submit(w, WORK_COUNT, fams[f], s);
		bool got = job_wait_final(w, g, &r, job_wait_bound());
		ok(got && r.exact && r.solutions == 92, "8 queens through the worker by %s: %" PRIu64 " (92), exact",
		   how[f], (uint64_t)r.solutions);
		g = submit(w, WORK_CHECK, fams[f], s);
		got = job_wait_final(w, g, &r, job_wait_bound());
		ok(got && r.completions == 2, "and a check by %s: more than one way", how[f]);
		struct puzzle_state *t = fams[f]->apply(s, "o0;o10", &err);
		g = submit(w, WORK_CHECK, fams[f], t);
		got = job_wait_final(w, g, &r, job_wait_bound());
		ok(got && r.completions == 0, "queens at a1 and b3 leave none by %s", how[f]);
		fams[f]->free_state(t);
		fams[f]->free_state(s);
	}
}

/* The engines side by side: every engine of the family, each to its first
 * solution, with its nodes, its own time and its estimate. */
static void test_race(struct worker *w)
{
	static const struct puzzle_engine *const two[] = { &xc_engine_dlx, &toy_engine, NULL };
	static struct puzzle racing;
	racing = toy_family;
	racing.engines = two;
	int bad;
	struct diag err;
	struct puzzle_state *s = racing.start(&racing, "queens8", &bad, &err);
	struct worker_report r;
	/* At a pace: a step granted takes each engine one node on, together,
	 * and nothing goes on without one. */
	uint64_t g = submit(w, WORK_RACE, &racing, s);
	bool running = false, lockstep = false;
	double until = job_wait_bound();
	while (!running && job_wait_report(w, g, &r, until)) {
		running = r.race.n == 2 && r.race.row[0].state == RACE_RUNNING;
		worker_report_clear(&r);
	}
	worker_anim_grant(w, 3);
	until = job_wait_bound();
	while (running && !lockstep && job_wait_report(w, g, &r, until)) {
		lockstep = r.race.row[0].nodes == 3 && r.race.row[1].nodes == 3;
		worker_report_clear(&r);
	}
	ok(running && lockstep, "bad_race_unseen: three steps granted: each engine three nodes on");
	/* Then at full pace, to the end. */
	worker_anim_free(w, true);
	bool got = job_wait_final(w, g, &r, job_wait_bound());
	const struct worker_race *race = &r.race;
	ok(got && race->n == 2 && !strcmp(race->row[0].name, "dlx") && !strcmp(race->row[1].name, "toy"),
	   "a race of the family's two engines, in its order");
	bool all = got;
	for (int k = 0; got && k < race->n; k++)
		all &= race->row[k].state == RACE_SOLVED && race->row[k].nodes > 0 && race->row[k].estimate > 0
		       && race->row[k].seconds >= 0;
	ok(all, "each solved, with its nodes (%" PRIu64 ", %" PRIu64 ") and an estimate", got ? race->row[0].nodes : 0,
	   got ? race->row[1].nodes : 0);
	/* An engine that finds nothing says so. */
	struct puzzle_state *t = racing.apply(s, "o0;o10", &err); /* queens at a1 and b3 */
	g = t ? submit(w, WORK_RACE, &racing, t) : 0;
	worker_anim_free(w, true);
	got = t && job_wait_final(w, g, &r, job_wait_bound());
	ok(got && race->row[0].state == RACE_NONE && race->row[1].state == RACE_NONE,
	   "from a dead end, both search it all and find none");
	if (t)
		racing.free_state(t);
	racing.free_state(s);
}

/* Two solutions: none, one, or two that differ, as moves. */
static void test_solutions(struct worker *w)
{
	const struct puzzle *pz = &sudoku_puzzle;
	static const struct {
		const char *desc;
		int want;
	} cases[] = {
		{ "12....3...4.....", 0 },
		{ "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 1 },
		{ "12..............", 2 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int bad;
		struct diag err;
		struct puzzle_state *s = pz->start(pz, cases[i].desc, &bad, &err);
		struct worker_report r;
		bool got = job_wait_final(w, submit(w, WORK_SOLUTIONS, pz, s), &r, job_wait_bound());
		bool solved = true;
		for (int k = 0; got && k < r.completions; k++) {
			struct puzzle_state *t = pz->apply(s, r.solution[k], &err);
			solved &= t && pz->is_solved(t);
			if (t)
				pz->free_state(t);
		}
		ok(got && r.completions == cases[i].want && solved && (r.completions < 2 || strcmp(r.solution[0], r.solution[1])),
		   "%d solution%s of %.16s..., each one solving it", cases[i].want, cases[i].want == 1 ? "" : "s",
		   cases[i].desc);
		if (got)
			worker_report_clear(&r);
		pz->free_state(s);
	}
}

static void test_cancel(struct worker *w)
{
	const struct puzzle *pz = &tiling_puzzle_iqfit;
	int bad;
	struct diag err;
	struct puzzle_state *empty = pz->start(pz, NULL, &bad, &err);

	/* Start and cancel, 10 000 times, every kind of job. */
	static const enum worker_kind kinds[] = { WORK_COUNT, WORK_CHECK, WORK_ANIMATE, WORK_HINT };
	for (int i = 0; i < 10000; i++) {
		submit(w, kinds[i % 4], pz, empty);
		if (i % 3 == 0)
			worker_anim_grant(w, 5);
		worker_cancel(w);
	}
	ok(job_wait_idle(w, job_wait_bound()), "10000 jobs started and cancelled: the worker is idle");
	pz->free_state(empty);
}

/* A count in full flight, cancelled: the worker lets go, and says the
 * count was cancelled.  Every 9x9 Sudoku grid is a count no machine
 * finishes, so only the cancel can end it; a missed cancel check fails
 * the test at the bound instead of hanging it.  How soon it lets go is
 * measured by make bench (tests/bench/latency.c, "count, cancelled"). */
static void test_cancel_in_flight(struct worker *w)
{
	const struct puzzle *pz = &sudoku_puzzle;
	int bad;
	struct diag err;
	struct puzzle_state *empty = pz->start(pz, NULL, &bad, &err);
	struct worker_report r = { 0 };
	uint64_t g = submit(w, WORK_COUNT, pz, empty);
	/* a progress report says the count is under way */
	bool running = false, over = false;
	for (double until = job_wait_bound(); !running && !over && job_wait_report(w, g, &r, until);) {
		running = !r.final;
		over = r.final;
		worker_report_clear(&r);
	}
	if (!ok(running, "the count of every 9x9 grid is under way")) {
		pz->free_state(empty);
		return;
	}
	worker_cancel(w);
	bool got = job_wait_final(w, g, &r, job_wait_bound());
	ok(got && r.cancelled && !r.exact, "cancelled in full flight, it lets go: its last report says cancelled");
	worker_report_clear(&r);
	ok(job_wait_idle(w, job_wait_bound()), "and the worker is idle");
	pz->free_state(empty);
}

int main(void)
{
	struct diag err;
	struct worker *w = worker_start(&err);
	if (!ok(w != NULL, "the worker starts"))
		return tap_done();
	test_answers(w);
	test_animation(w);
	test_count(w);
	test_grade(w);
	test_race(w);
	test_solutions(w);
	test_families(w);
	test_cancel(w);
	test_cancel_in_flight(w);
	worker_stop(w);
	return tap_done();
}
