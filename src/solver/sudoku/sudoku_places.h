/* A counter for Sudoku of every size, on bitmasks: at each node the
 * cheapest choice of two kinds, as Dancing Links makes it on the exact
 * cover, without its lists: the blank cell with the fewest candidates, or
 * the digit with the fewest places left in a unit (a row, column or box),
 * whichever has fewer ways (a single of either kind is a choice of one
 * way, so both kinds of single are placed before anything is guessed).
 * The bitboard engine (sudoku_fast.h) does this faster on 9x9; this one
 * serves the grids it does not take (6x6 to 25x25) in the generator and
 * the uniqueness checks. */
#ifndef LD_SUDOKU_PLACES_H
#define LD_SUDOKU_PLACES_H

#include <stdint.h>

#include "solver/sudoku/sudoku_bt.h"
#include "solver/sudoku/sudoku_grid.h"

/* Solutions of g up to req->limit (0: all), as sudoku_bt_count: a barred
 * digit, digits (or places) tried in random order with req->rng, the
 * first solution in req->first.  With prefer (not NULL), each choice tries
 * first what agrees with that grid. */
uint64_t sudoku_places_count(const struct sudoku_grid *g, struct sudoku_bt_count_req *req,
                             const struct sudoku_grid *prefer);

#endif
