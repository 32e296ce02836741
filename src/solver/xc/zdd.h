/* The zero-suppressed decision diagram (ZDD) of all the solutions of an
 * exact-cover problem: a family of sets of options, as a graph in which
 * each node asks "option v in the solution?" and goes hi (yes) or lo (no),
 * every path to the top sink (1) a solution.  Once built it answers in
 * one pass over its nodes what a search answers in one pass over its
 * tree: the count, how many solutions each option takes part in, and
 * solutions drawn uniformly at random.
 *
 * It is built top down by the states of the search that always branches
 * on the first uncovered primary item in one fixed order (chosen in
 * zdd.c: a board swept across its short side, a packing's pieces last):
 * the subproblem left is then named by the set of items covered, so each set
 * met is solved once (a memo of states, as memo.h counts) and becomes a
 * chain of nodes, one per option that can cover that first item and
 * leads to a solution.  The options are the variables in the order of
 * their first primary item, then as given: an option chosen deeper covers
 * a later first item, so every path asks of its options in increasing
 * order, as a ZDD must; a unique table merges equal nodes, and a node
 * whose hi is the empty family is never made, so the diagram is reduced.
 * Where it pays (Sudoku, not tilings: see judge_cuts in zdd.c), the build
 * also keeps each item's count of live options (zdd_live.h) and cuts a
 * state as soon as some item has none left, not at that item's turn.
 *
 * A build is bounded by a budget of bytes (its nodes, counts and the memo
 * of states) and ends cleanly, with nothing to answer, when it runs out or
 * is cancelled.  The store of nodes, the intersection, the count, the
 * samples and the frequencies are every diagram's (zdd/zdd_core.h); the
 * order of the options and the two builds are this file's. */
#ifndef LD_ZDD_H
#define LD_ZDD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/xc/xc.h"
#include "solver/zdd/zdd_core.h"
#include "util/rng.h"
#include "util/u128.h"

struct zdd;

/* How the diagram is built.  By the search's states (the default), or as
 * the intersection, item by item, of the families "exactly one of the
 * options holding this item" (at most one for a secondary item), with a
 * cache of intersections: the textbook way, kept to be measured against
 * (trominoes on 9x12, Kanoodle, IQ Fit: see zdd.c). */
enum zdd_method {
	ZDD_BY_STATES,
	ZDD_BY_AND,
};

struct zdd_opts {
	enum zdd_method method;
	size_t cap_bytes;             /* budget for the build; 0: none but the allocator's */
	const atomic_int *cancel;     /* set to stop the build */
};

struct zdd_stats {
	size_t nodes;          /* the diagram's nodes, its two sinks left out */
	size_t made;           /* nodes made while building (by AND, the peak) */
	size_t states;         /* subproblems met and memoized while building */
	size_t peak_bytes;     /* nodes, counts, memo and search at their largest */
	size_t bytes;          /* the diagram kept after the build (the memo freed) */
	double seconds;        /* to build it */
};

/* Build the diagram of p's solutions.  On ZDD_DONE *out is the diagram;
 * otherwise *out is NULL and nothing is left allocated.  p must outlive it. */
enum zdd_end zdd_build(const struct xc_problem *p, const struct zdd_opts *o, struct zdd **out);
/* How the build ended: enum zdd_end and zdd_end_text, in zdd_core.h. */
void zdd_free(struct zdd *z);

void zdd_stats(const struct zdd *z, struct zdd_stats *st);
/* The number of solutions; *overflow set if it passes 128 bits. */
u128 zdd_count(const struct zdd *z, bool *overflow);

/* One solution drawn uniformly at random from all of them: its options
 * (p's numbers, in the diagram's order) into options (room for
 * p->n_options), and how many; -1 if there is no solution or the count
 * overflowed.  The draws depend on r alone, so a seed repeats them. */
int zdd_sample(const struct zdd *z, struct rng *r, int *options);

/* For each option k of p, freq[k] = the number of solutions it takes part
 * in; false if some figure passes 128 bits. */
bool zdd_frequencies(const struct zdd *z, u128 *freq);

#endif
