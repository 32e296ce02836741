/* Memoized counting on bitsets of options: the memo cache of count.h
 * (a subproblem named by the set of items still to cover, counted once)
 * over bitx.h's representation, where a node is a set of live options and
 * a set of uncovered items instead of lists.
 *
 * Why: with the memo, few nodes are searched, but on links each of them
 * pays for a whole cover.  In IQ Fit's count (3,440 options of 5 to 7
 * items) a node makes about 1,300 link updates, nearly all of its time;
 * on bitsets, placing an option is an AND NOT of 54 words, and the
 * signature a lookup needs is the uncovered set itself, already at hand.
 *
 * The tree is a memo tree like dlx.h's with the same rule: the item by
 * the rule (MRV: the shortest list, the first in order on a tie; FIRST:
 * the first uncovered primary item, unless some list is empty), its
 * options in input order, a child looked up before it is entered, dead
 * ends stored as 0; not node for node the same (it looks ahead from every
 * node, so it stores more and enters fewer: Kanoodle's count 1,307,667
 * nodes against 1,786,727).  Nodes, solutions, memo hits and stores are counted;
 * updates and mems are not (there are no links and no DLX1 equivalent is
 * claimed), and --stats says so.
 *
 * Threads and shards: the tree is cut at a level with enough nodes,
 * those nodes' paths (units) are searched by the threads, which share one
 * cache; the nodes above the units are walked once.  Shard K of N takes
 * the units numbered K-1 modulo N (count.h), its threads sharing a cache
 * over them; the walk above the units is charged to shard 1 alone, so the
 * parts' solutions add up to the whole's. */
#ifndef LD_BITMEMO_H
#define LD_BITMEMO_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/xc/dlx.h"
#include "solver/stats.h"
#include "solver/xc/xc.h"
#include "util/u128.h"

struct memo;

struct bitmemo_opts {
	enum dlx_rule rule;
	int threads;                 /* 1 or more */
	int shard, shards;           /* count part shard (1..shards) of shards; 0, 0: the whole */
	/* With threads or shards, the tree is cut at the first level with at
	 * least this many nodes (or at the widest); 0: 256 a thread. */
	uint64_t units_wanted;
	struct memo *memo;           /* shared by the threads if more than one */
	bool adaptive;               /* stop looking up if the cache turns out useless */
	const atomic_int *cancel;    /* set to stop early: the count is then incomplete */
	/* Called from the calling thread now and then, with the share of the
	 * tree searched (Knuth's measure) and the solutions found so far. */
	void (*progress)(void *ctx, double fraction, u128 solutions);
	void *progress_ctx;
	double progress_interval;    /* seconds */
};

struct bitmemo_result {
	struct search_stats st;      /* nodes, solutions, memo figures; no updates or mems */
	bool complete;               /* false if cancelled */
	bool memo_used;              /* the cache was consulted to the end */
	int split_level;             /* the level of the units, 0 for one thread */
	uint64_t units;
	size_t bytes;                /* the search's own structures (not the cache) */
};

/* Does p suit it: bitx_suits() (at least one primary item, at most
 * BITX_MAX_OPTIONS options). */
bool bitmemo_suits(const struct xc_problem *p);

/* Count p's solutions.  r->st must be released with stats_free(). */
void bitmemo_count(const struct xc_problem *p, const struct bitmemo_opts *o, struct bitmemo_result *r);

#endif
