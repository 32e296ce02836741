/* The knapsack family's engines, raced on the same bag: each finishes the
 * player's bag from the items left, and a bag worth the best there is
 * (the family knows it: knapsack_puzzle.h) is its solution.
 *   bnb     branch and bound: items densest first, in then out, a branch
 *           cut when its LP bound falls short of the best (it answers
 *           checks, hints and counts);
 *   dp      dynamic programming over the capacities, an item a step, then
 *           the bag read back from the table;
 *   bt      backtracking: items in their order, in then out, a branch cut
 *           only when all the values left could not make up the best;
 *   greedy  the densest item that fits, each in turn: one bag, not always
 *           the best;
 *   lp      the LP relaxation: the densest items whole while they fit,
 *           stopping at the fractional item, whose share it shows. */
#ifndef LD_KNAPSACK_ENGINES_H
#define LD_KNAPSACK_ENGINES_H

#include "puzzles/puzzle.h"

extern const struct puzzle_engine knapsack_engine_bnb, knapsack_engine_dp, knapsack_engine_bt,
	knapsack_engine_greedy, knapsack_engine_lp;

#endif
