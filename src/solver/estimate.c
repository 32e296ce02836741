#include "config.h"

#include "solver/estimate.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solver/dlx_impl.h"
#include "util/xalloc.h"

void estimate_init(struct estimate *e, int depth, uint64_t seed)
{
	memset(e, 0, sizeof *e);
	e->depth = depth;
	e->level_sum = xcalloc((size_t)depth, sizeof *e->level_sum);
	rng_seed(&e->rng, seed);
}

void estimate_free(struct estimate *e)
{
	free(e->level_sum);
	e->level_sum = NULL;
}

static void welford(double *mean, double *m2, double x, uint64_t n)
{
	double delta = x - *mean;
	*mean += delta / (double)n;
	*m2 += delta * (x - *mean);
}

/* One random walk from the root and back. */
static void probe(struct estimate *e, struct dlx *d)
{
	double w = 1.0, nodes = 0.0, sols = 0.0;
	int level = 0;
	for (;;) {
		/* this node stands for w nodes at its level */
		nodes += w;
		e->level_sum[level] += w;
		int deg;
		int best = dlx_choose(d, &deg);
		if (deg == 0)
			break;
		int p = d->nd[best].down;
		for (uint64_t r = rng_below(&e->rng, (uint64_t)deg); r; r--)
			p = d->nd[p].down;
		dlx_cover(d, best);
		dlx_cover_others(d, p);
		d->best[level] = best;
		d->choice[level] = p;
		w *= deg;
		level++;
		if (d->active_primary == 0) {
			/* the solution is a node of its own, one level down */
			nodes += w;
			e->level_sum[level] += w;
			sols = w;
			break;
		}
	}
	while (level-- > 0) {
		dlx_uncover_others(d, d->choice[level]);
		dlx_uncover(d, d->best[level]);
	}
	e->probes++;
	welford(&e->nodes_mean, &e->nodes_m2, nodes, e->probes);
	welford(&e->sol_mean, &e->sol_m2, sols, e->probes);
}

bool estimate_probe(struct estimate *e, struct dlx *d, uint64_t n, const atomic_int *cancel)
{
	assert(d->phase == PH_START && d->active_primary == d->n_primary);
	for (uint64_t i = 0; i < n; i++) {
		if (cancel && atomic_load_explicit(cancel, memory_order_relaxed))
			return false;
		probe(e, d);
	}
	return true;
}

/* Standard error of a mean of n samples whose squared deviations sum to m2. */
static double std_error(double m2, uint64_t n)
{
	return n < 2 ? INFINITY : sqrt(m2 / (double)(n - 1) / (double)n);
}

double estimate_nodes(const struct estimate *e)
{
	return e->nodes_mean;
}

double estimate_nodes_se(const struct estimate *e)
{
	return std_error(e->nodes_m2, e->probes);
}

double estimate_solutions(const struct estimate *e)
{
	return e->sol_mean;
}

double estimate_solutions_se(const struct estimate *e)
{
	return std_error(e->sol_m2, e->probes);
}

double estimate_level(const struct estimate *e, int level)
{
	return level >= 0 && level < e->depth && e->probes ? e->level_sum[level] / (double)e->probes : 0.0;
}
