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
 * order they are tried, each with the rule that picks it.
 *
 * With no rule asked for (choose_rule), a count by layers first tries the
 * first item on the items reordered (item_order.h), within a budget, and
 * counts by the rule given (the shortest item) if that gives up:
 * count_choice says what was chosen and why. */
#ifndef LD_COUNT_H
#define LD_COUNT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/xc/dlx.h"
#include "solver/xc/item_order.h"
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
	/* No rule was asked for: with the memo, first try the first item on
	 * the items reordered (item_order.h), within a budget, and keep
	 * `rule` if the try gives up (count_choice). */
	bool choose_rule;
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

/* How the branching rule was settled. */
enum count_choice {
	COUNT_RULE_ASKED,        /* the rule given (choose_rule off) */
	COUNT_RULE_FIRST,        /* chosen: the first item, its states merged */
	COUNT_RULE_FIRST_DEEP,   /* chosen: the first item, counted depth first (paths beyond 64 bits) */
	COUNT_RULE_NOT_TRIED,    /* the rule given: the try does not suit (no memo, a limit, a shard) */
	COUNT_RULE_NO_BOARD,     /* the rule given: nothing like a board to order (item_order.h) */
	COUNT_RULE_TRIED,        /* the rule given: the first item was tried and gave up (try_end) */
};

struct count_result {
	enum count_choice choice;
	enum layers_end try_end;     /* COUNT_RULE_TRIED: why the try gave up */
	struct item_order_info order; /* the order the first item was tried in */
	double try_seconds;          /* spent on the try */

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

/* Defaults: MRV, one thread, the whole tree, memo off, no limit, no
 * choice of rule. */
void count_opts_init(struct count_opts *o);

/* Count p's solutions.  With a limit the count is min(solutions, limit).
 * r->st must be released with count_result_free(). */
void count_run(const struct xc_problem *p, const struct count_opts *o, struct count_result *r);
void count_result_free(struct count_result *r);

/* In words, for --stats: the rule branched on and why, one line (asked:
 * the user gave the rule, else a family chose it). */
void count_choice_text(const struct count_result *r, enum dlx_rule rule, bool asked, char *buf, size_t size);

/* The common case: solutions of p, up to limit (0: all; the answer
 * saturates at UINT64_MAX, so callers that may meet more pass a limit or
 * use count_run), on one thread
 * with the memo cache (which pays with either rule when the items are in
 * a good order); 0 if cancelled. */
uint64_t count_solutions(const struct xc_problem *p, enum dlx_rule rule, uint64_t limit, const atomic_int *cancel);

#endif
