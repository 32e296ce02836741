/* The engine conformance suite: every engine in the table below, on the
 * same problems, through the interface the worker and the game use
 * (engine.h).  An engine added for a family (Sudoku, clique) goes in the
 * table; it must pass all of this. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/sudoku_engines.h"
#include "puzzles/sudoku_puzzle.h"
#include "puzzles/xc_engine.h"
#include "solver/estimate.h"
#include "solver/search.h"
#include "tap.h"
#include "cancel_later.h"
#include "toy_family.h"
#include "util/clock.h"
#include "util/strbuf.h"

/* One row of the table: an engine of a family, on problems of that family
 * with known counts, one long enough to cancel in flight, one counted in
 * slices of a mems budget, and one whose tree it estimates. */
struct problem {
	const char *desc;
	uint64_t count;
};

struct row {
	const struct puzzle *pz;
	const struct puzzle_engine *pe;
	struct problem problems[4];
	const char *long_one;
	struct problem sliced, estimated;
};

/* The toy's problems: 288 completed 4x4 Sudoku grids, 92 ways to put 8
 * queens, and K4's 3 perfect matchings ({01,23}, {02,13}, {03,12}); 16
 * queens to cancel (14,772,512 ways, counted in many seconds).
 * Sudoku's: the empty 4x4 grid (288), a proper 9x9 puzzle (Wikipedia's:
 * 1), a 4x4 where r1c3 has no candidate (0), and 1 and 2 given in a 4x4's
 * first row (24). */
#define TOY_ROW(engine)                                                                                      \
	{ &toy_family, &engine, { { "sudoku4", 288 }, { "queens8", 92 }, { "k4", 3 } }, "queens16",            \
	  { "queens10", 724 }, { "queens8", 92 } }
#define NINE_DOTS "........."
#define EMPTY9 NINE_DOTS NINE_DOTS NINE_DOTS NINE_DOTS NINE_DOTS NINE_DOTS NINE_DOTS NINE_DOTS NINE_DOTS
#define SUDOKU_ROW(engine)                                                                                   \
	{ &sudoku_puzzle, &engine,                                                                             \
	  { { "................", 288 },                                                                         \
	    { "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 1 },          \
	    { "12....3...4.....", 0 },                                                                            \
	    { "12..............", 24 } },                                                                         \
	  EMPTY9, { "................", 288 },                                                                         \
	  { "................", 288 } }

static const struct row rows[] = {
	TOY_ROW(xc_engine_dlx),
	SUDOKU_ROW(sudoku_engine_fast),
	SUDOKU_ROW(sudoku_engine_mrv),
	SUDOKU_ROW(sudoku_engine_seq),
	SUDOKU_ROW(xc_engine_dlx),
	SUDOKU_ROW(sudoku_engine_sat),
};
#define N_ROWS (sizeof rows / sizeof *rows)

static struct puzzle_state *start(const struct row *r, const char *desc)
{
	int bad;
	struct diag err;
	return r->pz->start(r->pz, desc, &bad, &err);
}

static struct engine *make(const struct row *r, const char *desc)
{
	struct puzzle_state *s = start(r, desc);
	struct engine *e = r->pe->new(r->pz, s);
	r->pz->free_state(s); /* the engine keeps what it needs */
	return e;
}

static void test_counts(const struct row *r)
{
	const struct puzzle_engine *pe = r->pe;
	for (size_t i = 0; i < 4 && r->problems[i].desc; i++) {
		const struct problem *pr = &r->problems[i];
		struct engine *e = make(r, pr->desc);
		struct engine_ctl ctl = { 0 };
		enum engine_status st = engine_run(e, &ctl);
		ok(st == ENGINE_DONE && engine_stats(e)->solutions == pr->count && !engine_stats(e)->overflow,
		   "%s %s, %.20s: %" PRIu64 " solutions (expected %" PRIu64 ")", r->pz->name, pe->name, pr->desc,
		   (uint64_t)engine_stats(e)->solutions, pr->count);
		/* after a restart, the same again, stopping at a limit */
		e->ops->restart(e);
		ctl.max_solutions = 2;
		st = engine_run(e, &ctl);
		uint64_t want = pr->count < 2 ? pr->count : 2;
		ok(st == (pr->count < 2 ? ENGINE_DONE : ENGINE_LIMIT) && engine_stats(e)->solutions == want,
		   "%s %s, %.20s: restarted, stops at a limit of 2", r->pz->name, pe->name, pr->desc);
		engine_free(e);
	}
}

/* Solutions as moves, in the order found, and the nodes of the run. */
struct run {
	char **sol;
	int n;
	uint64_t nodes, tries, undos;
	int depth_bad;
	bool words;
};

static void run_free(struct run *r)
{
	for (int i = 0; i < r->n; i++)
		free(r->sol[i]);
	free(r->sol);
}

static void keep(struct run *r, struct engine *e)
{
	struct strbuf b = { 0 };
	e->ops->path_move(e, &b);
	r->sol = realloc(r->sol, sizeof *r->sol * (size_t)(r->n + 1));
	r->sol[r->n++] = strbuf_take(&b);
}

static void run_through(struct engine *e, bool step, struct run *r)
{
	memset(r, 0, sizeof *r);
	r->words = true;
	struct engine_ctl ctl = { .step = step, .report_solutions = !step };
	enum engine_status st;
	int level = 0;
	while ((st = engine_run(e, &ctl)) == ENGINE_STEP || st == ENGINE_SOLUTION) {
		const struct engine_event *ev = engine_event(e);
		if (st == ENGINE_SOLUTION || ev->kind == ENGINE_EV_SOLUTION)
			keep(r, e);
		if (!step)
			continue;
		struct note n;
		e->ops->event_note(e, &n);
		r->words &= n.text[0] != '\0';
		if (ev->kind == ENGINE_EV_TRY) {
			r->tries++;
			r->depth_bad += ev->level != level;
			level++;
		} else if (ev->kind == ENGINE_EV_UNDO) {
			r->undos++;
			level--;
			r->depth_bad += ev->level != level;
		}
	}
	r->depth_bad += st != ENGINE_DONE;
	r->nodes = engine_stats(e)->nodes;
}

static void test_steps(const struct row *r)
{
	const struct puzzle_engine *pe = r->pe;
	const struct puzzle *pz = r->pz;
	for (size_t i = 0; i < 4 && r->problems[i].desc; i++) {
		const char *desc = r->problems[i].desc;
		uint64_t count = r->problems[i].count;
		struct engine *e = make(r, desc);
		struct run straight, stepped;
		run_through(e, false, &straight);
		e->ops->restart(e);
		run_through(e, true, &stepped);
		ok(stepped.tries == stepped.undos && (stepped.tries > 0 || count <= 1) && stepped.depth_bad == 0,
		   "%s %s, %.20s: %" PRIu64 " tries, each undone, at the levels they were made", pz->name, pe->name, desc,
		   stepped.tries);
		ok(stepped.words, "%s %s, %.20s: every step told in words", pz->name, pe->name, desc);
		bool same = straight.n == stepped.n && straight.nodes == stepped.nodes;
		for (int k = 0; same && k < straight.n; k++)
			same = !strcmp(straight.sol[k], stepped.sol[k]);
		ok(same && straight.n == (int)count, "%s %s, %.20s: step by step = straight: %d solutions, %" PRIu64 " nodes",
		   pz->name, pe->name, desc, stepped.n, stepped.nodes);
		/* every solution's move finishes the puzzle */
		struct puzzle_state *s = start(r, desc);
		bool solve = true;
		for (int k = 0; k < straight.n && solve; k++) {
			struct diag err;
			struct puzzle_state *t = pz->apply(s, straight.sol[k], &err);
			solve = t && pz->is_solved(t);
			if (t)
				pz->free_state(t);
		}
		ok(solve, "%s %s, %.20s: each solution's move solves the puzzle", pz->name, pe->name, desc);
		pz->free_state(s);
		run_free(&straight);
		run_free(&stepped);
		engine_free(e);
	}
}

static void test_cancel(const struct row *r)
{
	const struct puzzle_engine *pe = r->pe;
	atomic_int flag;
	atomic_init(&flag, 1);
	struct engine *e = make(r, r->long_one);
	struct engine_ctl ctl = { .cancel = &flag };
	ok(engine_run(e, &ctl) == ENGINE_CANCELLED && engine_stats(e)->nodes <= 1,
	   "%s %s: cancelled before it starts, it stops at once", r->pz->name, pe->name);
	/* In full flight (the long problem, 16 queens or every 9x9 grid,
	 * takes far longer than the test): it must let go.  How fast is a
	 * figure for the reader, not the assertion, which a loaded machine
	 * would make fail: the engines look at the flag at every node. */
	atomic_store(&flag, 0);
	e->ops->restart(e);
	struct cancel_later c;
	char what[80];
	snprintf(what, sizeof what, "%s %s on %.20s", r->pz->name, pe->name, r->long_one);
	cancel_later_start(&c, &flag, what);
	enum engine_status st = engine_run(e, &ctl);
	cancel_later_end(&c);
	ok(st == ENGINE_CANCELLED, "%s %s: cancelled in flight, it lets go", r->pz->name, pe->name);
	/* and a budget is a budget: it stops, and resumes where it stopped */
	engine_free(e);
	e = make(r, r->sliced.desc);
	struct engine_ctl slice = { .mems_budget = 1000 };
	int slices = 0;
	while (engine_run(e, &slice) == ENGINE_BUDGET && slices < 10000000)
		slices++;
	ok(slices > 1 && engine_stats(e)->solutions == r->sliced.count,
	   "%s %s: %.20s in %d slices of 1000 mems: %" PRIu64, r->pz->name, pe->name, r->sliced.desc, slices + 1,
	   r->sliced.count);
	engine_free(e);
}

static void test_estimate(const struct row *r)
{
	const struct puzzle_engine *pe = r->pe;
	struct engine *e = make(r, r->estimated.desc);
	if (!e->ops->probe) {
		tap_diag("%s %s cannot probe: no estimate to check", r->pz->name, pe->name);
		engine_free(e);
		return;
	}
	struct engine_ctl ctl = { 0 };
	engine_run(e, &ctl);
	uint64_t nodes = engine_stats(e)->nodes;
	e->ops->restart(e);
	struct estimate est;
	estimate_init(&est, 1, 42);
	estimate_engine(&est, e, 20000, NULL);
	double n = estimate_nodes(&est), se = estimate_nodes_se(&est);
	ok(fabs(n - (double)nodes) <= 3 * se, "%s %s: estimated %.0f +- %.0f nodes, true %" PRIu64, r->pz->name,
	   pe->name, n, se, nodes);
	double s = estimate_solutions(&est), sse = estimate_solutions_se(&est);
	ok(fabs(s - (double)r->estimated.count) <= 3 * sse, "%s %s: estimated %.1f +- %.1f solutions, true %" PRIu64,
	   r->pz->name, pe->name, s, sse, r->estimated.count);
	estimate_free(&est);
	engine_free(e);
}

/* ---- walks that look one level ahead (engine_walk) ---------------------- */

/* A toy with a walk alone, on a tree written out by hand: which tree, and
 * whether the walk goes on into the first open child or the second. */
struct ahead_toy {
	struct engine base;
	int tree;
};

static void ahead_set(struct engine_walk *w, int level, int children, int open, int solutions)
{
	search_walk_reserve(w, level + 1);
	w->children[level] = children;
	w->open[level] = open;
	w->solutions[level] = solutions;
	w->depth = level + 1;
}

/* Tree 0, a comb: each node two children, one a dead end, down to two
 * leaves of which one is a solution: 7 nodes, 1 solution.  Tree 1: the
 * root's two children both open; the first has three leaves below it,
 * one a solution, the second one dead end: 7 nodes, 1 solution. */
static void ahead_walk(struct engine *e, struct rng *r, struct engine_walk *w)
{
	struct ahead_toy *t = (struct ahead_toy *)e;
	w->root_solution = false;
	if (t->tree == 0) {
		ahead_set(w, 0, 2, 1, 0);
		ahead_set(w, 1, 2, 1, 0);
		ahead_set(w, 2, 2, 0, 1);
		return;
	}
	ahead_set(w, 0, 2, 2, 0);
	if (rng_below(r, 2) == 0)
		ahead_set(w, 1, 3, 0, 1);
	else
		ahead_set(w, 1, 1, 0, 0);
}

static const struct engine_ops ahead_ops = { .name = "ahead", .walk = ahead_walk };

static void test_walk_ahead(void)
{
	struct ahead_toy comb = { { &ahead_ops }, 0 }, fork = { { &ahead_ops }, 1 };
	struct estimate est;
	estimate_init(&est, 1, 3);
	ok(estimate_engine(&est, &comb.base, 100, NULL), "an engine with a walk and no probe can be estimated");
	ok(estimate_nodes(&est) == 7 && estimate_nodes_se(&est) == 0 && estimate_solutions(&est) == 1 &&
	           estimate_solutions_se(&est) == 0 && estimate_solution_walks(&est) == 100,
	   "a comb: exactly 7 nodes and 1 solution, met by every walk (%g +- %g, %g +- %g, %" PRIu64 ")",
	   estimate_nodes(&est), estimate_nodes_se(&est), estimate_solutions(&est), estimate_solutions_se(&est),
	   estimate_solution_walks(&est));
	ok(estimate_level(&est, 0) == 1 && estimate_level(&est, 1) == 2 && estimate_level(&est, 3) == 2,
	   "and its levels: 1, 2, 2, 2");
	estimate_free(&est);
	estimate_init(&est, 1, 3);
	estimate_engine(&est, &fork.base, 20000, NULL);
	double n = estimate_nodes(&est), se = estimate_nodes_se(&est);
	double s = estimate_solutions(&est), sse = estimate_solutions_se(&est);
	ok(se > 0 && fabs(n - 7) <= 3 * se && sse > 0 && fabs(s - 1) <= 3 * sse,
	   "two open branches of unlike size: %.3f +- %.3f nodes (7), %.3f +- %.3f solutions (1)", n, se, s, sse);
	uint64_t met = estimate_solution_walks(&est);
	ok(met > 9000 && met < 11000, "half the walks meet the solution (%" PRIu64 " of 20000)", met);
	estimate_free(&est);
}

int main(void)
{
	test_walk_ahead();
	for (size_t i = 0; i < N_ROWS; i++) {
		test_counts(&rows[i]);
		test_steps(&rows[i]);
		test_cancel(&rows[i]);
		test_estimate(&rows[i]);
	}
	return tap_done();
}
