/* An exact-cover problem as bitsets, for the engines that count on them
 * (bitmemo.h, layers.h): each item's list as a set of options, each
 * option's items as a set of items, and the choice of an item by the rule
 * of dlx.h.  Read only once made, so threads share one. */
#ifndef LD_BITSHAPE_H
#define LD_BITSHAPE_H

/* The hot loops of the counts by layers (layers.c, the choice of an item
 * here) start on a cache line of their own.  Without it their speed
 * followed where the linker happened to put them: code added anywhere
 * before them in the program moved them, and `count iqfit` went 5-9%
 * slower with no change of its own. */
#define BITSHAPE_HOT __attribute__((aligned(64)))

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/xc/dlx.h"
#include "solver/xc/xc.h"

struct bitshape {
	enum dlx_rule rule;
	int n_items, n_primary, n_options;
	int W, IW;              /* words of a set of options, of items */
	int depth;              /* levels: at most one per primary item, and the solutions' */
	uint64_t *item_opts;    /* n_items sets of options: each item's list */
	/* Each item's list lies in words lo .. lo + n - 1 of its set: a
	 * length need look no further (a chain of n items, an option each:
	 * one word an item, not n / 64). */
	struct bitshape_span {
		int lo, n;
	} *span;
	uint64_t *conflict;     /* n_options sets of options: sharing an item with it (NULL unless asked) */
	uint64_t *oitems;       /* n_options sets of items: its own */
	uint64_t *primary;      /* the set of primary items */
	bool secondary;         /* has secondary items */
	/* The rule among the uncovered primary items act, counting only the
	 * live options: MRV, the shortest list, the first on a tie, stopping
	 * at an empty one; FIRST, the first item, unless some list is empty.
	 * Its list's length in *deg.  With the popcount instruction where the
	 * processor has it. */
	int (*choose)(const struct bitshape *s, const uint64_t *live, const uint64_t *act, int *deg);
	/* The same, given the words of live that are not zero (n of them):
	 * where options die in blocks (a piece placed), most are zero. */
	int (*choose_words)(const struct bitshape *s, const uint64_t *live, const int *words, int n,
	                    const uint64_t *act, int *deg);
};

/* conflicts: also each option's conflict set, for a search that places
 * options on its live set (not wanted by one that derives the live set
 * from the uncovered items). */
void bitshape_init(struct bitshape *s, const struct xc_problem *p, enum dlx_rule rule, bool conflicts);
void bitshape_free(struct bitshape *s);
size_t bitshape_bytes(const struct bitshape *s);

/* The words of a set of W words from its first nonzero one to its last
 * (the first word alone if it is empty). */
struct bitshape_span bitshape_span_of(const uint64_t *set, int W);

static inline void bitshape_set(uint64_t *set, int i)
{
	set[i >> 6] |= (uint64_t)1 << (i & 63);
}

static inline bool bitshape_meets(const uint64_t *a, const uint64_t *b, int W)
{
	for (int x = 0; x < W; x++)
		if (a[x] & b[x])
			return true;
	return false;
}

#endif
