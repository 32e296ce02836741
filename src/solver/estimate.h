/* Knuth's 1975 estimate of a backtrack tree (Mathematics of Computation
 * 29, 121-136), on the tree of any engine that can probe (engine.h), with
 * a direct path for the exact-cover search of dlx.c: walk from the
 * root choosing a random child at each node.  If the degrees met are
 * d0, d1, ..., the product d0...d(k-1) is an unbiased estimate of the
 * number of nodes at depth k, and at a solution leaf of the number of
 * solutions.  Averaging many probes gives the estimates; the spread of
 * the probes gives their standard errors.
 *
 * An engine whose walks look one level ahead (engine_ops.walk, after
 * Purdom) counts the leaves among each node's children as they are and
 * walks on into the others only: the same tree, estimated without bias
 * and with far less spread where propagation leaves most choices dead at
 * once, which is where a plain walk seldom reaches a solution.
 *
 * The tree is the one dlx_run() searches, node for node (the same
 * branching rule, solutions counted as nodes), so an estimate predicts
 * the node count that --stats will report. */
#ifndef LD_ESTIMATE_H
#define LD_ESTIMATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"
#include "util/rng.h"

struct dlx;

struct estimate {
	uint64_t probes;
	int depth;              /* levels 0 .. depth-1 */
	double *level_sum;      /* sum over probes of the nodes estimated at each level (grows) */
	int *walk, walk_cap;    /* the degrees of a walk */
	/* running means and sums of squared deviations (Welford) */
	double nodes_mean, nodes_m2;
	double sol_mean, sol_m2;
	uint64_t solution_walks; /* walks that met a solution */
	struct engine_walk ahead;  /* an engine's walk that looks ahead */
	struct rng rng;
};

void estimate_init(struct estimate *e, int depth, uint64_t seed);
void estimate_free(struct estimate *e);

/* Add n probes of the tree below d's root (d must be at its start).
 * Returns false if *cancel was set first; the probes done still count. */
bool estimate_probe(struct estimate *e, struct dlx *d, uint64_t n, const atomic_int *cancel);

/* The same over any engine with a walk or a probe, the walk taken if it
 * has both (its walks may go deeper than depth: the levels grow); false if
 * cancelled first or the engine can do neither. */
bool estimate_engine(struct estimate *e, struct engine *eng, uint64_t n, const atomic_int *cancel);

/* One random walk below d's root and back (d at its start, and left so):
 * degrees[k] the options of the item chosen at depth k, for k < *depth
 * (degrees grows, *cap its room); *solution if it ended at a solution
 * rather than a dead end.  The probe of the Dancing Links engine. */
void estimate_dlx_walk(struct dlx *d, struct rng *r, int **degrees, int *cap, int *depth, bool *solution);

/* Means and standard errors of the means. */
double estimate_nodes(const struct estimate *e);
double estimate_nodes_se(const struct estimate *e);
double estimate_solutions(const struct estimate *e);
double estimate_solutions_se(const struct estimate *e);
double estimate_level(const struct estimate *e, int level);
/* How many of the walks met a solution: none, and an estimate of 0
 * solutions says only that the walks missed them, if there are any. */
uint64_t estimate_solution_walks(const struct estimate *e);

#endif
