/* Sudoku as a puzzle family (see puzzle.h), and what its view in src/ui/
 * needs to see of a state.
 *
 * A state is the givens, the player's entries and pencil marks.  Moves,
 * joined by ';' to make several at once (one undo step):
 *   r3c5=7    enter 7 in row 3, column 5 (not a given); r3c5=0 clears it;
 *             rows, columns and digits past 9 are numbers (r12c3=14)
 *   r3c5^7    toggle the pencil mark 7 of that cell
 *   r3c5+7    add the mark 7;  r3c5-7  remove it (no change if absent)
 *   marks     every blank cell's marks become its candidates
 *   r3c5:7    "enter your own": set a given (r3c5:0 clears one); only
 *             while the state is being set up (sudoku_state_setup)
 *   fix       end the set-up: the givens are the puzzle from now on
 * A description (for start and describe) is the givens as one puzzle
 * line (sudoku_grid.h), then optional lines "entries LINE" and
 * "marks M1,M2,...", and "setup" for a grid still being set up. */
#ifndef LD_SUDOKU_PUZZLE_H
#define LD_SUDOKU_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>

#include "puzzles/puzzle.h"
#include "solver/sudoku/sudoku_grid.h"
#include "util/strbuf.h"

extern const struct puzzle sudoku_puzzle;

/* The tag of an option of the exact cover: its cell times this, plus its
 * digit (up to 25). */
#define SUDOKU_OPTION_TAG_CELL 32

bool sudoku_puzzle_is(const struct puzzle *pz);

/* The givens alone, and the givens with the entries. */
const struct sudoku_grid *sudoku_state_givens(const struct puzzle_state *s);
const struct sudoku_grid *sudoku_state_grid(const struct puzzle_state *s);
/* The pencil marks of a cell (0 for none). */
sudoku_grid_mask sudoku_state_marks(const struct puzzle_state *s, int cell);
/* Givens still being typed in ("enter your own"). */
bool sudoku_state_setup(const struct puzzle_state *s);

/* Moves, as above, for the view and the engines. */
void sudoku_move_enter(const struct sudoku_grid *g, int cell, int digit, char *buf, size_t size);
void sudoku_move_mark(const struct sudoku_grid *g, int cell, int digit, char op, char *buf, size_t size);
void sudoku_move_given(const struct sudoku_grid *g, int cell, int digit, char *buf, size_t size);
/* The entries digits[i] in cells[i], i < n, as one move ("r1c2=3;r4c5=6"),
 * appended to out ("" for none): an engine's path. */
void sudoku_path_add(const struct sudoku_grid *g, const int *cells, const int *digits, int n, struct strbuf *out);
/* The grid g with those entries, as a batch's answer line: what the
 * move above, applied to g's state, would show (an engine's path_line). */
void sudoku_path_line(const struct sudoku_grid *g, const int *cells, const int *digits, int n, char *buf,
                      size_t size);
/* A grid as a batch's answer line (its digits, '.' for a blank). */
void sudoku_answer_line(const struct sudoku_grid *g, char *buf, size_t size);
/* "r3c5": how Sudoku players name a cell, in every message. */
void sudoku_cell_name(const struct sudoku_grid *g, int cell, char *buf, size_t size);
/* "row 4", "column 7", "box 5": unit u of a grid of that side
 * (sudoku_grid.h numbers the units). */
void sudoku_unit_name(int side, int unit, char *buf, size_t size);

#endif
