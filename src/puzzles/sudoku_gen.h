/* New Sudoku puzzles (after seed 003): a random full grid, then clues
 * taken away in a random order while the solution stays unique, until no
 * clue can go (minimal).  Reproducible from the seed. */
#ifndef LD_SUDOKU_GEN_H
#define LD_SUDOKU_GEN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/sudoku_grid.h"

/* Solutions of g up to limit (0: no limit), by the fastest engine. */
uint64_t sudoku_count(const struct sdk_grid *g, uint64_t limit, const atomic_int *cancel);

/* A proper minimal puzzle of box side box; with symmetric, clues go in
 * pairs turned half a turn about the centre.  False if cancelled. */
bool sudoku_gen_minimal(int box, bool symmetric, uint64_t seed, struct sdk_grid *out, const atomic_int *cancel);

/* Is g proper (one solution) and minimal (no clue can go)? */
bool sudoku_is_minimal(const struct sdk_grid *g);

#endif
