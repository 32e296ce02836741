/* New Sudoku puzzles: a random full grid, then clues
 * taken away in a random order while the solution stays unique, until no
 * clue can go (minimal).  Reproducible from the seed.
 *
 * One removal order is tried, the single pass most generators make: it
 * leaves a median of 24 clues on 9x9 (the game wants puzzles of at most
 * 24); more orders on the one full grid, the puzzle with the fewest clues
 * kept, leave fewer (four: 23) at about their number times the cost. */
#ifndef LD_SUDOKU_GEN_H
#define LD_SUDOKU_GEN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/sudoku/sudoku_grid.h"

/* Solutions of g up to limit (0: no limit), by the fastest search
 * (sudoku_fast_count: the singles placed at every node, on bitboards; for
 * the sizes it does not take, sudoku_places_count);
 * cancel is checked at every node, and a cancelled count is the solutions
 * found so far. */
uint64_t sudoku_count(const struct sudoku_grid *g, uint64_t limit, const atomic_int *cancel);

/* A proper minimal puzzle of box side box; with symmetric, clues go in
 * pairs turned half a turn about the centre, and the puzzle is minimal in
 * pairs: no pair (nor the centre) can go, though a single clue might,
 * which would break the symmetry.  False if cancelled. */
bool sudoku_gen_minimal(int box, bool symmetric, uint64_t seed, struct sudoku_grid *out, const atomic_int *cancel);

/* The same with the number of removal orders given (sudoku_gen_minimal
 * tries 1; at least 1).  The first order is the same for every number, so
 * one order gives the puzzle of the first pass of four. */
bool sudoku_gen_minimal_orders(int box, bool symmetric, uint64_t seed, int orders, struct sudoku_grid *out,
                               const atomic_int *cancel);

/* The same for boxes of box_rows x box_cols (sudoku_grid_shape_ok), with
 * orders removal orders (GEN_ORDERS by default: 1).  Sizes past 9x9 are
 * counted by sudoku_places_count. */
bool sudoku_gen_minimal_shape(int box_rows, int box_cols, bool symmetric, uint64_t seed, int orders,
                              struct sudoku_grid *out, const atomic_int *cancel);

/* Is g proper (one solution) and minimal (no clue can go)? */
bool sudoku_is_minimal(const struct sudoku_grid *g);

#endif
