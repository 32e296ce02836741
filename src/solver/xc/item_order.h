/* An order of a problem's items for branching on the first item: a
 * board's cells swept across its short side, the items that look like a
 * packing's pieces last.
 *
 * Why: branching on the first uncovered item, the states met (the sets of
 * items covered) are the cells around a frontier that moves down the
 * order, so the narrower the frontier the fewer the states and the more
 * they merge.  Pieces listed first (as exports list them) make every mix
 * of placed pieces a state of its own.  The diagram of all solutions
 * (zdd.h) is built in this order; the default count (count.h) tries it. */
#ifndef LD_ITEM_ORDER_H
#define LD_ITEM_ORDER_H

#include "solver/xc/xc.h"

/* The order is chosen on a matrix of which primary items share options,
 * and profiles that are quadratic in them: beyond this many (16 MB of
 * matrix), the given order is kept.  The boards and pieces this is for
 * have a few hundred. */
#define ITEM_ORDER_MOST 4096

enum item_order_how {
	ITEM_ORDER_GIVEN,    /* the file's order was the best */
	ITEM_ORDER_ACROSS,   /* the given rows taken across (down the short side) */
	ITEM_ORDER_SWEPT,    /* breadth first from a corner */
};

struct item_order_info {
	enum item_order_how how;
	int pieces;          /* primary items taken for pieces, put last */
	int cells;           /* the other primary items, ordered */
	/* the order's profile: how long the cells wait, all told, from the
	 * first cell they share an option with to their own turn */
	long profile;
};

/* Each item's place in the order (rank[i] for item i; secondary items
 * keep theirs); info, if given, says how it was found.  Free the array. */
int *item_order_rank(const struct xc_problem *p, struct item_order_info *info);

/* p with its items in the order of rank, options as they were (their
 * tags too). */
struct xc_problem *item_order_apply(const struct xc_problem *p, const int *rank);

/* In words, for --stats: how the order was found. */
const char *item_order_text(const struct item_order_info *info);

#endif
