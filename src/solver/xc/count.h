/* Counting the solutions of an exact-cover problem, with every means at
 * hand: the memo cache, several threads, and shards for spreading one
 * count over many machines.
 *
 * Threads and shards split the search tree into units, the nodes at one
 * level (chosen by cutlevel.h: about a thousand units per shard, but no
 * more than CUTLEVEL_MOST in all, so that a tiny shard is cheap).  Units
 * are numbered in search order; shard K of N takes the units numbered
 * K-1 modulo N, and the threads of a run claim its units one at a time.
 * The work of the top of the tree above the units is charged once (on
 * links every thread walks it), so the totals (solutions, nodes, updates,
 * mems) of any number of threads equal those of one, and the totals of
 * the N shards add up to those of the whole.  The split depends on N only, never on
 * the threads, so every machine of a sharded count splits alike.
 *
 * Without the memo, a problem of few enough options is searched on
 * bitsets (bitx.h): the same tree and counters, faster.  Split, each
 * thread then starts at the node of each unit it takes, by the unit's
 * path, and the top of the tree is walked once, on links, by the plan.
 * With the memo and no limit, such a problem is counted whole by layers
 * (layers.h), breadth first, holding only the layers in hand; if that
 * gives up (no room, paths beyond 64 bits, or states that seldom repeat),
 * and for a shard, by bitmemo.h, depth first, on one thread or several
 * sharing the cache.  The nodes then differ from the
 * links' memo tree, and updates and mems are not counted
 * (work_uncounted).  count_backends[] in count.c lists these ways in the
 * order they are tried, each with the rule that picks it. */
#ifndef LD_COUNT_H
#define LD_COUNT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/xc/dlx.h"
#include "solver/xc/layers.h"
#include "solver/stats.h"
#include "solver/xc/xc.h"
#include "util/u128.h"

enum count_memo {
	COUNT_MEMO_OFF,
	COUNT_MEMO_AUTO,  /* memoize, and stop if the cache turns out useless */
	COUNT_MEMO_ON,    /* memoize to the end */
};

struct count_progress {
	double fraction;     /* of the tree searched, by Knuth's measure */
	u128 solutions;      /* found so far */
	double elapsed;      /* seconds */
	/* fraction is of the layers taken (layers.h), not of a tree: most
	 * of the work is in the middle layers, so it tells no time left */
	bool of_layers;
};

struct count_opts {
	enum dlx_rule rule;
	int threads;                /* 1 or more */
	int shard, shards;          /* count part shard (1..shards) of shards */
	enum count_memo memo;
	size_t memo_bytes;          /* cap on the cache */
	bool links;                 /* on links even where bitsets would do (tests, measurement) */
	uint64_t limit;             /* stop once this many are found (0: no limit) */
	const atomic_int *cancel;   /* set to stop early */
	/* Called from the counting thread about every progress_interval s. */
	void (*progress)(void *ctx, const struct count_progress *p);
	void *progress_ctx;
	double progress_interval;
};

struct count_result {
	struct search_stats st;     /* totals; st.solutions is the count */
	bool complete;              /* false if cancelled */
	bool memo_used;             /* the cache was kept to the end */
	bool memo_full;             /* the cache filled up (if dropped, it was too small to help: memo.h) */
	bool bitsets;               /* searched on bitsets of options (bitx.h), not links */
	bool work_uncounted;        /* updates and mems not counted (bitmemo.h): only nodes and the memo's figures */
	/* The count was tried by layers (layers.h) first: if layers_end is
	 * not LAYERS_DONE, it gave up and the depth-first memo counted;
	 * memo_entries is then the widest layer's states. */
	bool layered;
	enum layers_end layers_end;
	size_t memo_entries;
	size_t bytes;               /* search structures and cache, at most */
	int split_level;            /* 0 if the tree was not split */
	uint64_t units;             /* units at that level, all shards */
	double seconds;
};

/* Defaults: MRV, one thread, the whole tree, memo off, no limit. */
void count_opts_init(struct count_opts *o);

/* Count p's solutions.  With a limit the count is min(solutions, limit).
 * r->st must be released with count_result_free(). */
void count_run(const struct xc_problem *p, const struct count_opts *o, struct count_result *r);
void count_result_free(struct count_result *r);

/* The common case: solutions of p, up to limit (0: all; the answer
 * saturates at UINT64_MAX, so callers that may meet more pass a limit or
 * use count_run), on one thread
 * with the memo cache (which pays with either rule when the items are in
 * a good order); 0 if cancelled. */
uint64_t count_solutions(const struct xc_problem *p, enum dlx_rule rule, uint64_t limit, const atomic_int *cancel);

#endif
