/* The 0-1 knapsack: items, each with a weight and a value, and a bag of a
 * given capacity; the bag of the largest total value whose weight fits.
 *
 * The methods, from the fastest and roughest to the exact:
 *   greedy    items by value per weight, each taken if it still fits: a
 *             bag at once, not always the best;
 *   lp        the linear-programming relaxation (Dantzig): items by value
 *             per weight taken whole while they fit, then a share of the
 *             first that does not (the break item).  Its value bounds
 *             every bag from above;
 *   dp        dynamic programming over the capacities 0 .. C, one row an
 *             item: exact, in n * C steps, so only for small capacities;
 *   solve     the exact method for large instances (knapsack_core.c):
 *             dynamic programming on a core of items around the break
 *             item, grown one item at a time on each side, its states
 *             (weight, value) kept sorted, dominated ones dropped and each
 *             bounded by the LP of the items outside the core, so that the
 *             states die out long before the core covers every item (the
 *             expanding core of the knapsack literature: Pisinger's minknap
 *             is its best known form).  The items are ranked only as far
 *             as the core reaches, and the bounds from the number of items
 *             a bag holds (knapsack_card.c) settle strongly correlated
 *             instances, where branch and bound wanders.
 *
 * All sums are exact 64-bit integers: weights and values are capped
 * (KNAPSACK_*_MAX) so that no sum of them overflows; bounds are compared
 * in 128 bits. */
#ifndef LD_KNAPSACK_H
#define LD_KNAPSACK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "util/u128.h"

/* n * KNAPSACK_VALUE_MAX fits in 63 bits. */
#define KNAPSACK_ITEMS_MAX 1000000
#define KNAPSACK_VALUE_MAX 1000000000000LL      /* 10^12 */
#define KNAPSACK_WEIGHT_MAX 1000000000000LL
#define KNAPSACK_CAPACITY_MAX 1000000000000000000LL
/* The most states solve knapsack lets the core hold at once (two lists
 * of them, 24 bytes a state: about 800 MB). */
#define KNAPSACK_STATES_MAX ((uint64_t)1 << 24)

struct knapsack_item {
	int64_t weight, value;    /* each from 0 to its cap */
};

struct knapsack {
	int n;
	int64_t capacity;
	struct knapsack_item *items;
};

/* The items' numbers (0 .. n-1) by value per weight, the densest first;
 * ties by number, so that every method sees the same order.  order has
 * room for n. */
void knapsack_order(const struct knapsack *k, int *order);

/* a's value per weight against b's: <0, 0, >0 as a is less dense. */
int knapsack_denser(const struct knapsack_item *a, const struct knapsack_item *b);

/* Greedy by value per weight: take[] (n of them) and the bag's value. */
int64_t knapsack_greedy(const struct knapsack *k, const int *order, bool *take);

/* The LP relaxation. */
struct knapsack_lp {
	int64_t whole_value, whole_weight;  /* the items taken whole */
	int fractional;                     /* the break item, or -1 if every item fits */
	int64_t share_weight;               /* of it, this much weight goes in (< its weight) */
	int64_t bound;                      /* the LP's value, rounded down: no bag is worth more */
};
void knapsack_lp(const struct knapsack *k, const int *order, struct knapsack_lp *lp);

/* Exact by dynamic programming over capacities; -1 if n * (C + 1) is over
 * cells (the table's bits), else the best value with take[] filled. */
int64_t knapsack_dp(const struct knapsack *k, uint64_t cells, bool *take);

/* What the exact solve did. */
struct knapsack_figures {
	int core;              /* items the core grew to */
	uint64_t states;       /* states made, over all its steps */
	uint64_t most_states;  /* the longest list of states */
	int64_t upper;         /* the least upper bound it had (INT64_MAX: none) */
	int pairings;          /* times it tried the items outside the core with its states */
};

/* The best bag, exactly: its value, and take[] (n of them); -1 if
 * cancelled, or the states outgrew max_states (0: no limit) or the
 * history of them a billion nodes. */
int64_t knapsack_solve(const struct knapsack *k, bool *take, uint64_t max_states, const atomic_int *cancel,
                       struct knapsack_figures *fig);

/* The value and weight of a bag; false if it does not fit. */
bool knapsack_bag(const struct knapsack *k, const bool *take, int64_t *value, int64_t *weight);

#endif
