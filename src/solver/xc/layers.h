/* Memoized counting by layers: the memo tree of dlx.h walked breadth
 * first instead of depth first.
 *
 * A state is the set of items still uncovered; under a branching rule
 * (dlx.h's MRV or FIRST) it has one item to branch on and a child for each
 * of that item's live options, so the states reachable from the root form
 * a graph without cycles, which is the memo tree with every repeated
 * subtree merged.  Every step covers at least one primary item, so the
 * states fall into layers by the number of primary items still uncovered,
 * and every edge goes to a lower layer.  The layers are taken from the top
 * down; each state carries the number of paths from the root to it, adds
 * it to each child's, and a child with no primary item left adds it to the
 * count.  A layer is dropped once taken.
 *
 * Why: the depth-first memo (bitmemo.h) must keep every state it has
 * counted until the end, because any of them may be reached again; here
 * only the layer being taken and those its children fall in are held.
 * Trominoes on a 12 x 9 board by the shortest item reach 520 million
 * states, beyond the depth-first memo of this machine, but the widest
 * layer holds 60 million.  The states and edges are the same as the
 * depth-first memo's (dead ends included), so the work is alike.
 *
 * It gives up, for the caller to count another way, when a layer outgrows
 * the memory allowed, when a path count outgrows 64 bits (the count
 * itself is 128 bits), or, if told to judge, when the first
 * MEMO_TRIAL children show fewer than 1 in MEMO_MIN_RATE merges (the
 * states seldom repeat: the memo would not pay).
 *
 * Threads take a layer together, in chunks of its slots; a layer is cut
 * into parts by hash, each with its own lock, so that they add children
 * at once.
 *
 * The key of a state is its whole uncovered set, secondary items too (the
 * depth-first memo drops the secondary items no live option names). */
#ifndef LD_LAYERS_H
#define LD_LAYERS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/xc/dlx.h"
#include "solver/stats.h"
#include "solver/xc/xc.h"
#include "util/u128.h"

struct layers_opts {
	enum dlx_rule rule;
	int threads;                 /* 1 or more, taking each layer together */
	size_t cap_bytes;            /* the layers' tables, at most */
	bool judge;                  /* give up if states seldom repeat */
	uint64_t most_states;        /* give up past this many states made (0: no bound) */
	const atomic_int *cancel;    /* set to stop early */
	/* Called now and then with the share of the layers taken and the
	 * solutions found so far. */
	void (*progress)(void *ctx, double fraction, u128 solutions);
	void *progress_ctx;
	double progress_interval;    /* seconds */
};

enum layers_end {
	LAYERS_DONE,
	LAYERS_CANCELLED,
	LAYERS_NO_ROOM,              /* a layer outgrew cap_bytes */
	LAYERS_TOO_WIDE,             /* a path count outgrew 64 bits */
	LAYERS_NO_REPEATS,           /* judged: states seldom repeat */
	LAYERS_OVER_BUDGET,          /* more states than most_states */
};

struct layers_result {
	/* nodes: states taken, solutions as nodes of their own; memo_hits:
	 * children merged into a state already there; memo_stores: states
	 * made.  No updates, mems or profile. */
	struct search_stats st;
	enum layers_end end;
	size_t widest;               /* the most states in one layer */
	size_t peak_bytes;           /* of the tables at once */
};

/* Does p suit it: at least one primary item, at most BITX_MAX_OPTIONS options. */
bool layers_suits(const struct xc_problem *p);

/* Count p's solutions; the count is r->st.solutions when r->end is
 * LAYERS_DONE.  r->st must be released with stats_free(). */
void layers_count(const struct xc_problem *p, const struct layers_opts *o, struct layers_result *r);

/* In words, for --stats: why the count by layers ended. */
const char *layers_end_text(enum layers_end end);

#endif
