/* The searches the exact-cover part brings (puzzle.h): on the problem of
 * finishing a family's position, or on one read in Knuth's format (the xc
 * command), by Dancing Links (its estimate is in puzzle_estimate.c).  The
 * batch commands print what these find; they do not drive the solver. */
#include "config.h"

#include <stdlib.h>

#include "puzzles/puzzle.h"
#include "util/xalloc.h"

struct solution_feed {
	int *path;
	bool (*found)(void *ctx, const int *options, int n);
	void *ctx;
};

static bool feed_solution(void *ctx, struct dlx *d)
{
	struct solution_feed *sf = ctx;
	return sf->found(sf->ctx, sf->path, dlx_path(d, sf->path));
}

void puzzle_xc_solutions(const struct xc_problem *p, enum dlx_rule rule,
                         bool (*found)(void *ctx, const int *options, int n), void *ctx,
                         struct puzzle_xc_figures *figures)
{
	struct dlx *d = dlx_new(p, rule);
	struct solution_feed sf = { .found = found, .ctx = ctx };
	sf.path = xmalloc(sizeof *sf.path * (size_t)dlx_depth(d));
	struct engine_ctl ctl = { 0 };
	dlx_set_on_solution(d, feed_solution, &sf);
	dlx_run(d, &ctl);
	stats_init(&figures->st, 1);
	stats_copy(&figures->st, dlx_stats(d));
	figures->bytes = dlx_bytes(d);
	free(sf.path);
	dlx_free(d);
}

void puzzle_xc_count(const struct xc_problem *p, const struct count_opts *opts, struct count_result *r)
{
	count_run(p, opts, r);
}

enum zdd_end puzzle_xc_zdd(const struct xc_problem *p, size_t cap_bytes, const atomic_int *cancel, struct zdd **out)
{
	struct zdd_opts o = { .cap_bytes = cap_bytes, .cancel = cancel };
	return zdd_build(p, &o, out);
}
