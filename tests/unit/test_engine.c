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

#include "puzzles/xc_engine.h"
#include "solver/estimate.h"
#include "tap.h"
#include "toy_family.h"
#include "util/clock.h"
#include "util/strbuf.h"

static const struct puzzle_engine *const engines[] = { &xc_engine_dlx };
#define N_ENGINES (sizeof engines / sizeof *engines)

/* Problems with known counts: 288 completed 4x4 Sudoku grids, 92 ways to
 * put 8 queens, and K4's 3 perfect matchings ({01,23}, {02,13}, {03,12}). */
static const struct {
	const char *desc;
	uint64_t count;
} problems[] = { { "sudoku4", 288 }, { "queens8", 92 }, { "k4", 3 } };
#define N_PROBLEMS (sizeof problems / sizeof *problems)

static struct puzzle_state *toy(const char *desc)
{
	int bad;
	struct diag err;
	return toy_family.start(&toy_family, desc, &bad, &err);
}

static struct engine *make(const struct puzzle_engine *pe, const char *desc)
{
	struct puzzle_state *s = toy(desc);
	struct engine *e = pe->new(&toy_family, s);
	toy_family.free_state(s); /* the engine keeps what it needs */
	return e;
}

static void test_counts(const struct puzzle_engine *pe)
{
	for (size_t i = 0; i < N_PROBLEMS; i++) {
		struct engine *e = make(pe, problems[i].desc);
		struct engine_ctl ctl = { 0 };
		enum engine_status st = engine_run(e, &ctl);
		ok(st == ENGINE_DONE && engine_stats(e)->solutions == problems[i].count && !engine_stats(e)->overflow,
		   "%s, %s: %" PRIu64 " solutions (expected %" PRIu64 ")", pe->name, problems[i].desc,
		   (uint64_t)engine_stats(e)->solutions, problems[i].count);
		/* after a restart, the same again, stopping at a limit */
		e->ops->restart(e);
		ctl.max_solutions = 2;
		st = engine_run(e, &ctl);
		ok(st == ENGINE_LIMIT && engine_stats(e)->solutions == 2, "%s, %s: restarted, stops at a limit of 2",
		   pe->name, problems[i].desc);
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

static void test_steps(const struct puzzle_engine *pe)
{
	for (size_t i = 0; i < N_PROBLEMS; i++) {
		const char *desc = problems[i].desc;
		struct engine *e = make(pe, desc);
		struct run straight, stepped;
		run_through(e, false, &straight);
		e->ops->restart(e);
		run_through(e, true, &stepped);
		ok(stepped.tries == stepped.undos && stepped.tries > 0 && stepped.depth_bad == 0,
		   "%s, %s: %" PRIu64 " tries, each undone, at the levels they were made", pe->name, desc, stepped.tries);
		ok(stepped.words, "%s, %s: every step told in words", pe->name, desc);
		bool same = straight.n == stepped.n && straight.nodes == stepped.nodes;
		for (int k = 0; same && k < straight.n; k++)
			same = !strcmp(straight.sol[k], stepped.sol[k]);
		ok(same && straight.n == (int)problems[i].count,
		   "%s, %s: step by step = straight: %d solutions, %" PRIu64 " nodes", pe->name, desc, stepped.n,
		   stepped.nodes);
		/* every solution's move finishes the puzzle */
		struct puzzle_state *s = toy(desc);
		bool solve = true;
		for (int k = 0; k < straight.n && solve; k++) {
			struct diag err;
			struct puzzle_state *t = toy_family.apply(s, straight.sol[k], &err);
			solve = t && toy_family.is_solved(t);
			toy_family.free_state(t);
		}
		ok(solve, "%s, %s: each solution's move solves the puzzle", pe->name, desc);
		toy_family.free_state(s);
		run_free(&straight);
		run_free(&stepped);
		engine_free(e);
	}
}

struct canceller {
	atomic_int *flag;
	double at;   /* when the flag went up */
};

static void *cancel_later(void *arg)
{
	struct canceller *c = arg;
	struct timespec nap = { 0, 20 * 1000 * 1000 };
	nanosleep(&nap, NULL);
	c->at = clock_seconds();
	atomic_store(c->flag, 1);
	return NULL;
}

static void test_cancel(const struct puzzle_engine *pe)
{
	atomic_int flag;
	atomic_init(&flag, 1);
	struct engine *e = make(pe, "queens13");
	struct engine_ctl ctl = { .cancel = &flag };
	ok(engine_run(e, &ctl) == ENGINE_CANCELLED && engine_stats(e)->nodes <= 1,
	   "%s: cancelled before it starts, it stops at once", pe->name);
	/* in full flight: 13 queens take seconds; it must let go within 50 ms */
	atomic_store(&flag, 0);
	e->ops->restart(e);
	struct canceller c = { &flag, 0 };
	pthread_t t;
	pthread_create(&t, NULL, cancel_later, &c);
	enum engine_status st = engine_run(e, &ctl);
	double end = clock_seconds();
	pthread_join(t, NULL);
	ok(st == ENGINE_CANCELLED && end - c.at < 0.050, "%s: cancelled in flight, lets go in %.2f ms", pe->name,
	   (end - c.at) * 1000);
	/* and a budget is a budget: it stops, and resumes where it stopped */
	engine_free(e);
	e = make(pe, "queens10");
	struct engine_ctl slice = { .mems_budget = 10000 };
	int slices = 0;
	while (engine_run(e, &slice) == ENGINE_BUDGET && slices < 1000000)
		slices++;
	ok(slices > 1 && engine_stats(e)->solutions == 724, "%s: 10 queens in %d slices of 10000 mems: 724",
	   pe->name, slices + 1);
	engine_free(e);
}

static void test_estimate(const struct puzzle_engine *pe)
{
	struct engine *e = make(pe, "queens8");
	if (!e->ops->probe) {
		tap_diag("%s cannot probe: no estimate to check", pe->name);
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
	ok(fabs(n - (double)nodes) <= 3 * se, "%s: estimated %.0f +- %.0f nodes, true %" PRIu64, pe->name, n, se,
	   nodes);
	double s = estimate_solutions(&est), sse = estimate_solutions_se(&est);
	ok(fabs(s - 92) <= 3 * sse, "%s: estimated %.1f +- %.1f solutions, true 92", pe->name, s, sse);
	estimate_free(&est);
	engine_free(e);
}

int main(void)
{
	for (size_t i = 0; i < N_ENGINES; i++) {
		test_counts(engines[i]);
		test_steps(engines[i]);
		test_cancel(engines[i]);
		test_estimate(engines[i]);
	}
	return tap_done();
}
