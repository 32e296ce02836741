/* The knapsack's state, for the family's own files and its view: every
 * family defines its own struct puzzle_state, so this stays out of
 * knapsack_puzzle.h, which the registry includes beside the other families'. */
#ifndef LD_KNAPSACK_STATE_H
#define LD_KNAPSACK_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "solver/knapsack/knapsack.h"
struct puzzle_state {
	struct knapsack k;       /* the items and the capacity (items owned) */
	bool *in;                /* k.n of them: in the bag */
	int64_t weight, value;   /* the bag's */
	int64_t best;            /* the value of a best bag, from the empty bag */
};

#endif
