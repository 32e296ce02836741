/* How many live options each item has at the state a top-down build of an
 * exact cover's diagram (zdd.h) stands in: an option is live while none of
 * its items is covered.  The build branches on the first uncovered item
 * alone, so without these a state is found dead only when that item turns
 * out to have no option left, though some later item may have lost its
 * last one many placements before: a Sudoku level met 12.6 million states
 * for a diagram of 58 nodes, nearly all of them dead.  With them, a
 * placement that leaves an uncovered primary item with no live option is
 * cut at once.
 *
 * The counts are a function of the state alone (not of the path to it),
 * so a build keeps one set and changes it along its path: placed when it
 * steps down into a state not met before, taken back when it returns. */
#ifndef LD_ZDD_LIVE_H
#define LD_ZDD_LIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct zdd_live {
	int n_primary;            /* items 0 .. n_primary-1 must be covered */
	int *var_start, *var_items;   /* each variable's items */
	int *item_start, *item_vars;  /* each item's variables */
	uint32_t *covered_in;     /* per variable, how many of its items are covered: live if 0 */
	int *live;                /* per item, how many of its variables are live */
	size_t bytes;             /* all the above */
};

/* From the variables' items as bitsets (words 64-bit words apiece, the
 * items numbered as the build numbers them), at the empty state. */
void zdd_live_init(struct zdd_live *l, const uint64_t *bits, int words, int n_vars, int n_items, int n_primary);
void zdd_live_free(struct zdd_live *l);

/* Variable v placed, its items covered: child is the state after.  The
 * first primary item not in child left with no live variable, or -1 if
 * there is none (the counts are changed either way: take v back after). */
int zdd_live_place(struct zdd_live *l, int v, const uint64_t *child);
void zdd_live_take_back(struct zdd_live *l, int v);

#endif
