/* The knapsack as a family of the game: items with a weight and a value,
 * a bag of a given capacity, and the player picks items into the bag to
 * reach the largest total value any bag can have.
 *
 * A description is the bag's capacity, then one item a line, its weight
 * and its value, and "in" after an item the bag holds:
 *
 *     capacity 50
 *     10 60
 *     20 100 in
 *     30 120
 *
 * Items are numbered from 1 in the order given; a move is "+3" (item 3
 * goes in) or "-3" (it comes out), several joined by ';'. */
#ifndef LD_KNAPSACK_PUZZLE_H
#define LD_KNAPSACK_PUZZLE_H

#include <stdbool.h>
#include <stdint.h>

#include "puzzles/puzzle.h"
#include "solver/knapsack/knapsack.h"

/* The most items a game's bag is chosen from (a description of them fits
 * PUZZLE_DESC_MAX); solve knapsack FILE takes any number. */
#define KNAPSACK_PUZZLE_MAX_ITEMS 1000
/* Weights and values a game shows (the game's own files). */
#define KNAPSACK_PUZZLE_NUMBER_MAX 999999999LL


extern const struct puzzle knapsack_puzzle;

/* The items not in s's bag as a knapsack of the room left (items owned;
 * free() them), numbers[i] (room for s->k.n) the puzzle's number of its
 * item i, from 0. */
void knapsack_puzzle_rest(const struct puzzle_state *s, struct knapsack *rest, int *numbers);
/* The most value the items left can add to s's bag, exactly. */
int64_t knapsack_puzzle_rest_best(const struct puzzle_state *s);
/* A number as the game writes it: "1,204". */
const char *knapsack_puzzle_number(int64_t v, char *buf);

#endif
