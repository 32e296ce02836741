/* Random knapsacks of the kinds the literature tests on (Pisinger, "Where
 * are the hard knapsack problems?"), weights drawn from 1 .. range:
 *   uncorrelated        value from 1 .. range too;
 *   weakly correlated   value within range/10 of the weight (at least 1);
 *   strongly            value = weight + range/10;
 *   inverse strongly    value from 1 .. range, weight = value + range/10;
 *   subset sum          value = weight.
 * The capacity is a share of the total weight. */
#ifndef LD_KNAPSACK_KINDS_H
#define LD_KNAPSACK_KINDS_H

#include <stdbool.h>
#include <stdint.h>

#include "solver/knapsack/knapsack.h"

enum knapsack_kind {
	KNAPSACK_UNCORRELATED,
	KNAPSACK_WEAKLY,
	KNAPSACK_STRONGLY,
	KNAPSACK_INVERSE,
	KNAPSACK_SUBSET_SUM,
	KNAPSACK_KINDS,
};

/* "uncorrelated", "weakly", "strongly", "inverse", "subset-sum". */
const char *knapsack_kind_name(enum knapsack_kind kind);
/* The kind by that name; false if none. */
bool knapsack_kind_find(const char *name, enum knapsack_kind *kind);

/* k gets n items (k->items allocated; free() it) and the capacity
 * share_num / share_den of their total weight; reproducible from seed. */
void knapsack_kind_make(struct knapsack *k, enum knapsack_kind kind, int n, int64_t range, int share_num,
                        int share_den, uint64_t seed);

#endif
