#include "config.h"

#include "solver/estimate.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "solver/xc/dlx_impl.h"
#include "solver/engine.h"
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
	free(e->walk);
	free(e->ahead.children);
	free(e->ahead.open);
	free(e->ahead.solutions);
	e->ahead = (struct engine_walk){ 0 };
	e->level_sum = NULL;
	e->walk = NULL;
	e->walk_cap = 0;
}

static void welford(double *mean, double *m2, double x, uint64_t n)
{
	double delta = x - *mean;
	*mean += delta / (double)n;
	*m2 += delta * (x - *mean);
}

void estimate_dlx_walk(struct dlx *d, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	/* At the root: nothing covered but the presets (dlx_preset). */
	assert(d->s.phase == SEARCH_START);
	int level = 0;
	*solution = false;
	if (d->active_primary == 0) {
		/* Nothing to cover: the root is the solution. */
		*depth = 0;
		*solution = true;
		return;
	}
	for (;;) {
		int deg;
		int best = dlx_choose(d, &deg);
		if (deg == 0)
			break;
		int p = d->nd[best].down;
		for (uint64_t k = rng_below(r, (uint64_t)deg); k; k--)
			p = d->nd[p].down;
		dlx_cover(d, best);
		dlx_cover_others(d, p);
		d->best[level] = best;
		d->choice[level] = p;
		if (level == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*degrees = xreallocarray(*degrees, (size_t)*cap, sizeof **degrees);
		}
		(*degrees)[level++] = deg;
		if (d->active_primary == 0) {
			*solution = true;
			break;
		}
	}
	*depth = level;
	while (level-- > 0) {
		dlx_uncover_others(d, d->choice[level]);
		dlx_uncover(d, d->best[level]);
	}
}

/* Room for the levels 0 .. depth. */
static void grow_levels(struct estimate *e, int depth)
{
	if (depth + 1 > e->depth) {
		int n = depth + 1;
		e->level_sum = xreallocarray(e->level_sum, (size_t)n, sizeof *e->level_sum);
		memset(e->level_sum + e->depth, 0, sizeof *e->level_sum * (size_t)(n - e->depth));
		e->depth = n;
	}
}

static void add_sample(struct estimate *e, double nodes, double solutions)
{
	e->probes++;
	e->solution_walks += solutions > 0;
	welford(&e->nodes_mean, &e->nodes_m2, nodes, e->probes);
	welford(&e->sol_mean, &e->sol_m2, solutions, e->probes);
}

/* Add one walk that met degrees[0 .. depth-1] and ended at a node of level
 * depth (a solution or a dead end): that node and every one above stand
 * for the product of the degrees above them. */
static void add_walk(struct estimate *e, const int *degrees, int depth, bool solution)
{
	grow_levels(e, depth);
	double w = 1.0, nodes = 0.0;
	for (int k = 0;; k++) {
		nodes += w;
		e->level_sum[k] += w;
		if (k == depth)
			break;
		w *= degrees[k];
	}
	add_sample(e, nodes, solution ? w : 0.0);
}

/* Add one walk that looked ahead: the node of the path at level k stands
 * for w, the product of the open children above it; its children, all
 * counted, for w times their number at level k + 1, its solutions among
 * them for w each. */
static void add_ahead(struct estimate *e, const struct engine_walk *a)
{
	grow_levels(e, a->depth);
	double w = 1.0, nodes = 1.0, solutions = a->root_solution ? 1.0 : 0.0;
	e->level_sum[0] += 1.0;
	for (int k = 0; k < a->depth; k++) {
		double below = w * a->children[k];
		e->level_sum[k + 1] += below;
		nodes += below;
		solutions += w * a->solutions[k];
		w *= a->open[k];
	}
	add_sample(e, nodes, solutions);
}

bool estimate_probe(struct estimate *e, struct dlx *d, uint64_t n, const atomic_int *cancel)
{
	for (uint64_t i = 0; i < n; i++) {
		if (cancel && atomic_load_explicit(cancel, memory_order_relaxed))
			return false;
		int depth;
		bool solution;
		estimate_dlx_walk(d, &e->rng, &e->walk, &e->walk_cap, &depth, &solution);
		add_walk(e, e->walk, depth, solution);
	}
	return true;
}

bool estimate_engine(struct estimate *e, struct engine *eng, uint64_t n, const atomic_int *cancel)
{
	if (!eng->ops->probe && !eng->ops->walk)
		return false;
	for (uint64_t i = 0; i < n; i++) {
		if (cancel && atomic_load_explicit(cancel, memory_order_relaxed))
			return false;
		if (eng->ops->walk) {
			eng->ops->walk(eng, &e->rng, &e->ahead);
			add_ahead(e, &e->ahead);
			continue;
		}
		int depth;
		bool solution;
		eng->ops->probe(eng, &e->rng, &e->walk, &e->walk_cap, &depth, &solution);
		add_walk(e, e->walk, depth, solution);
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

uint64_t estimate_solution_walks(const struct estimate *e)
{
	return e->solution_walks;
}

double estimate_level(const struct estimate *e, int level)
{
	return level >= 0 && level < e->depth && e->probes ? e->level_sum[level] / (double)e->probes : 0.0;
}
