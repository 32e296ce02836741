/* What the exact solver's files share (knapsack_core.c, knapsack_card.c):
 * the items as it works on them.  Inside the solver every item weighs at
 * least 1, no more than the capacity, and is worth at least 1; the rest
 * are settled before it starts (knapsack_solve). */
#ifndef LD_KNAPSACK_CORE_H
#define LD_KNAPSACK_CORE_H

#include <stdbool.h>
#include <stdint.h>

struct knapsack_core_item {
	int64_t weight, value;
	int number;             /* in the caller's knapsack, from 0 */
};

/* Is a's value per weight more than b's?  By cross products, exact: the
 * products of two 10^12 caps need 128 bits. */
static inline bool knapsack_core_denser(const struct knapsack_core_item *a, const struct knapsack_core_item *b)
{
	return (__int128)a->value * b->weight > (__int128)b->value * a->weight;
}

#endif
