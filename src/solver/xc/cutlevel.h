/* Where to cut a search tree into units, for threads and shards: the
 * shallowest level with at least `want` nodes, as long as it has no more
 * than CUTLEVEL_MOST; if it has more, the widest level seen above it; if
 * no level has `want`, the widest seen.
 *
 * Finding it walks the tree down to a level, over and over.  Walking
 * every level in turn costs the depth times the walk: a chain of a
 * hundred thousand forced moves, one node a level, is ten billion nodes
 * walked for a split that never comes.  So the levels are tried at 1, 2,
 * 4, 8 ... until one has enough (or too many, or none), then halved back
 * between the last two: about twice the logarithm of the depth walks.  A
 * walk stops as soon as it has passed CUTLEVEL_MOST units, so no level
 * much wider is walked to its end, and a tiny shard of a huge count, one
 * of a million, costs little more to find than its unit or two.  The widths of a tree's levels need not rise
 * steadily; where they do not, the level found is still a fair one, and
 * any level gives the right count. */
#ifndef LD_CUTLEVEL_H
#define LD_CUTLEVEL_H

#include <stdbool.h>
#include <stdint.h>

/* The most units a split takes (past that many shards, some have none
 * and count 0). */
#define CUTLEVEL_MOST ((uint64_t)1 << 18)

/* Walk the tree down to `level`, listing its nodes as units, but stop
 * once there are more than `cap` of them: *units then says cap + 1 (or
 * more).  False if the walk was cancelled. */
typedef bool cutlevel_walk(void *ctx, int level, uint64_t cap, uint64_t *units);

/* The level to cut at, among 1 .. last, with the last walk the caller's
 * callback made at that very level (its units are the ones to use); 0 if
 * none has two nodes or more (no split), -1 if a walk was cancelled.
 * *units gets the chosen level's nodes.  CUTLEVEL_MOST does not hold at
 * level 1, which has no level above it to fall back on. */
int cutlevel_find(int last, uint64_t want, cutlevel_walk *walk, void *ctx, uint64_t *units);

#endif
