/* Counting, as a family offers it (puzzle.h): the batch commands, the
 * solver thread and the level loader ask here rather than reducing a
 * position and calling the counter themselves. */
#include "config.h"

#include <string.h>

#include "puzzles/puzzle.h"
#include "puzzles/xc_engine.h"
#include "util/clock.h"

/* The exact-cover part's count: the problem of finishing s, its items in
 * the order of opts->rule, counted with every means count_run has. */
static void count_by_xc(const struct puzzle *pz, const struct puzzle_state *s, const struct count_opts *opts,
                        struct count_result *r)
{
	struct xc_problem *p = pz->xc->reduce(s, opts->rule);
	puzzle_xc_count(p, opts, r);
	xc_free(p);
}

/* Mems between progress reports and cancel checks of a count run through
 * an engine (the engine checks the cancel flag at every node anyway). */
#define SLICE_MEMS ((uint64_t)1 << 22)

/* The count of the family's counting engine (its first unless it names
 * another), for families without exact cover: run in slices, so that
 * progress is told every opts->progress_interval. */
static void count_by_engine(const struct puzzle *pz, const struct puzzle_state *s, const struct count_opts *opts,
                            struct count_result *r)
{
	memset(r, 0, sizeof *r);
	stats_init(&r->st, 1);
	const struct puzzle_engine *pe = puzzle_engine_find(pz, pz->count_engine);
	struct engine *e = pe ? pe->new(pz, s) : NULL;
	if (!e)
		return;
	struct engine_ctl ctl = { .mems_budget = SLICE_MEMS, .max_solutions = opts->limit, .cancel = opts->cancel };
	double t0 = clock_seconds(), next = t0 + opts->progress_interval;
	enum engine_status st;
	while ((st = engine_run(e, &ctl)) == ENGINE_BUDGET) {
		if (opts->progress && clock_seconds() >= next) {
			struct count_progress pr = { .fraction = e->ops->progress(e),
				                     .solutions = engine_stats(e)->solutions,
				                     .elapsed = clock_seconds() - t0 };
			opts->progress(opts->progress_ctx, &pr);
			next = clock_seconds() + opts->progress_interval;
		}
	}
	const struct search_stats *ss = engine_stats(e);
	r->st.solutions = opts->limit && ss->solutions > opts->limit ? opts->limit : ss->solutions;
	r->st.overflow = ss->overflow;
	r->st.nodes = ss->nodes;
	r->complete = st != ENGINE_CANCELLED;
	r->seconds = clock_seconds() - t0;
	engine_free(e);
}

void puzzle_count(const struct puzzle *pz, const struct puzzle_state *s, const struct count_opts *opts,
                  struct count_result *r)
{
	if (pz->xc)
		count_by_xc(pz, s, opts, r);
	else
		count_by_engine(pz, s, opts, r);
}

/* A family whose first engine is its own (Sudoku) searches by the cell
 * or unit with fewest candidates: the first item's rule, which lets a
 * tiling's memo merge its states, walks a 16x16 grid cell by cell and
 * does not finish.  The tilings keep the first item. */
enum dlx_rule puzzle_count_rule(const struct puzzle *pz)
{
	const struct puzzle_engine *pe = pz->engines ? pz->engines[0] : NULL;
	return pe && pe != &xc_engine_dlx ? DLX_MRV : DLX_FIRST;
}

bool puzzle_can_finish(const struct puzzle *pz, const struct puzzle_state *s)
{
	if (!pz->xc)
		return true;
	/* A family with an engine of its own before Dancing Links (Sudoku)
	 * asks it: the first item's rule is hopeless on a 16x16 grid. */
	const struct puzzle_engine *pe = pz->engines ? pz->engines[0] : NULL;
	struct engine *e = pe && pe != &xc_engine_dlx ? pe->new(pz, s) : NULL;
	if (e) {
		struct engine_ctl ctl = { .max_solutions = 1 };
		enum engine_status st = engine_run(e, &ctl);
		engine_free(e);
		return st == ENGINE_SOLUTION || st == ENGINE_LIMIT;
	}
	enum dlx_rule rule = puzzle_count_rule(pz);
	struct xc_problem *p = pz->xc->reduce(s, rule);
	uint64_t n = count_solutions(p, rule, 1, NULL);
	xc_free(p);
	return n > 0;
}
