/* Upper bounds on a knapsack from the number of items a bag can hold
 * (knapsack_card.c): the exact solver asks for one once its states show
 * that the LP bound leaves too much room. */
#ifndef LD_KNAPSACK_CARD_H
#define LD_KNAPSACK_CARD_H

#include <stdint.h>

#include "solver/knapsack/knapsack_core.h"

/* No bag of it[0 .. m-1] in capacity c is worth more than the value
 * returned, or than z, the best bag known; b is the number of items in
 * the break solution (the densest that fit).  INT64_MAX when the counts
 * give no bound worth its cost. */
int64_t knapsack_card_bound(const struct knapsack_core_item *it, int m, int64_t c, int b, int64_t z);

#endif
