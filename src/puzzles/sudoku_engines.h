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
struct engine *sudoku_engine_seq_new(const struct sudoku_grid *g);
struct engine *sudoku_engine_mrv_new(const struct sudoku_grid *g);
struct engine *sudoku_engine_sat_new(const struct sudoku_grid *g);
/* NULL for a grid it does not take: square boxes up to 9x9 only
 * (sudoku_engines_fast_fits). */
struct engine *sudoku_engine_fast_new(const struct sudoku_grid *g);

/* A grid these engines can take: a box shape of sudoku_grid_shape_ok, its
 * sizes consistent, every digit in range. */
bool sudoku_engines_grid_ok(const struct sudoku_grid *g);
/* One the bitboard engine takes too: square boxes, 9x9 at most.  The
 * family's fast engine hands the others to Dancing Links. */
bool sudoku_engines_fast_fits(const struct sudoku_grid *g);

/* The words of a backtracker's event, as the seq, mrv and fast engines
 * say them, with the cell and the digit marked: start the grid searched,
 * undo_solved whether the digit taken back led to a solution, after what
 * went before the node ("after 3 forced digits, " or ""); a CHOOSE is
 * told by choose(solver, ev, cell name, after, out). */
typedef void sudoku_engines_choose_fn(const void *solver, const struct engine_event *ev, const char *cell,
                                      const char *after, struct note *out);
void sudoku_engines_note(const struct sudoku_grid *start, const struct engine_event *ev, bool undo_solved,
                         const char *after, sudoku_engines_choose_fn *choose, const void *solver,
                         struct note *out);

#endif
