/* A maximum clique with the root of the branch and bound split between
 * threads.
 *
 * Every clique has a last vertex in the degeneracy order (graph.h: the
 * order in which vertices of least degree are taken away), and the rest
 * of it lies among that vertex's neighbours earlier in the order, which
 * are at most the degeneracy in number.  So the search splits into one
 * subproblem per vertex v, "v and a clique of its earlier neighbours",
 * each a small graph searched by clique.h's branch and bound, and the
 * clique number is the largest answer.  The threads take the subproblems
 * one at a time and share the size of the best clique found so far: a
 * subproblem starts with it as its floor (clique_set_floor), and one with
 * too few vertices to beat it is never started.
 *
 * The clique number is the one clique_max finds; the clique itself may be
 * another of the same size, depending on which thread finds one first. */
#ifndef LD_CLIQUE_PAR_H
#define LD_CLIQUE_PAR_H

#include <stdatomic.h>

#include "solver/graph/graph.h"
#include "solver/stats.h"

struct clique_par_info {
	int threads;            /* threads that ran */
	int subproblems;        /* one per vertex */
	int searched;           /* of them, searched (the rest could not beat the best) */
};

/* A maximum clique of g into out (room for n, may be NULL), in increasing
 * order; returns its size, or -1 if *cancel (may be NULL) was set first.
 * threads >= 1.  st (may be NULL, else stats_init'ed) gets the counters
 * of every subproblem added up; info (may be NULL) the split. */
int clique_par_max(const struct graph *g, int threads, int *out, const atomic_int *cancel,
                   struct search_stats *st, struct clique_par_info *info);

#endif
