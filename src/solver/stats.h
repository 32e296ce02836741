/* Search statistics as Knuth counts them, shared by every engine so that
 * exact cover, the Sudoku backtrackers and the clique search can be
 * compared on one puzzle.
 *
 *   nodes    search-tree nodes entered; a solution counts as a node of its
 *            own, one level below the last choice (TAOCP 7.2.2 (4)).
 *   updates  removals of an element from a list.  Dancing Links counts
 *            them as Knuth's DLX1 would make them on the same search, so
 *            that the two compare (see links).
 *   links    Dancing Links only (0 elsewhere): the removals it actually
 *            made (an item taken out of play, a node unlinked).  Fewer than
 *            DLX1's where an item stays covered from one option to the
 *            next; more where whole options are unlinked (dlx_impl.h).
 *   mems     memory accesses in Knuth's cost model (one per 64-bit word).
 *   profile  nodes per level. */
#ifndef LD_STATS_H
#define LD_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "util/u128.h"

struct search_stats {
	uint64_t nodes;
	uint64_t updates;
	uint64_t links;
	uint64_t mems;
	u128 solutions;         /* exact unless overflow */
	uint64_t memo_hits;     /* subtrees answered from the memo cache */
	uint64_t memo_stores;   /* subtree counts written to the cache */
	int level;              /* current depth (at the time of the snapshot) */
	int max_level;          /* deepest level reached, solutions included */
	int depth;              /* profile has depth entries */
	uint64_t *profile;
	bool overflow;          /* a count no longer fits in 128 bits (solutions saturated) */
};

/* Make st empty with room for levels 0 .. depth-1. */
void stats_init(struct search_stats *st, int depth);
void stats_free(struct search_stats *st);
void stats_clear(struct search_stats *st);
void stats_copy(struct search_stats *dst, const struct search_stats *src);
/* dst += src (counters and profile; max_level is the larger). */
void stats_add(struct search_stats *dst, const struct search_stats *src);
/* dst -= src, for the work done between two snapshots of one search. */
void stats_sub(struct search_stats *dst, const struct search_stats *src);
/* Add a to *sum, setting *overflow if the sum does not fit in 128 bits. */
static inline u128 stats_add_count(u128 sum, u128 a, bool *overflow)
{
	return u128_add(sum, a, overflow);
}

/* Knuth's measure of the share of a backtrack tree behind the search, in
 * [0, 1]: the node at each level l < level has finished kth[l] of its
 * degree[l] children; the node at level has finished last_done of them,
 * or, at_solution, is a solution leaf, finished whole.  For an engine
 * with an explicit stack of choices (the Sudoku searches). */
double search_share(const int *degree, const int *kth, int level, int last_done, bool at_solution);

#endif
