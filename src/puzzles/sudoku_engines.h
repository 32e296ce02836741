/* Sudoku's engines, behind the engine interface (engine.h), raced on one
 * grid by the compare screen and chosen with --algo:
 *   seq  cells in reading order, digits in order (the
 *        plainest backtracker);
 *   mrv  the cell with the fewest candidates first, on bitmasks (the
 *        plain backtracker with the minimum-remaining-values rule);
 *   dlx  Dancing Links on the 324-item exact cover (xc_engine.h);
 *   sat  the clause solver, branching as Algorithm X would
 *        (sudoku_sat.c);
 *   fast bitboards, the singles (and locked candidates) placed at every
 *        node before anything is tried (sudoku_fast_engine.c): the
 *        fastest, the family's first, for checks, hints and counts.
 * Their paths are moves of the family ("r3c5=7;r1c2=4"), their events in
 * the player's words ("r3c5 has 2 candidates: tries 7"). */
#ifndef LD_SUDOKU_ENGINES_H
#define LD_SUDOKU_ENGINES_H

#include "puzzles/puzzle.h"
#include "solver/sudoku/sudoku_grid.h"

extern const struct puzzle_engine sudoku_engine_seq;
extern const struct puzzle_engine sudoku_engine_mrv;
extern const struct puzzle_engine sudoku_engine_sat;
extern const struct puzzle_engine sudoku_engine_fast;

/* The engines on a bare grid, for the batch commands and the generator
 * (the family's engines call these with the state's grid). */
struct engine *sudoku_engine_seq_new(const struct sdk_grid *g);
struct engine *sudoku_engine_mrv_new(const struct sdk_grid *g);
struct engine *sudoku_engine_sat_new(const struct sdk_grid *g);
/* NULL for a grid that is no Sudoku grid (as sudoku_engine_sat_new). */
struct engine *sudoku_engine_fast_new(const struct sdk_grid *g);

#endif
