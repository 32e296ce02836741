/* A third family that lives in the tests only: Latin squares (fill an
 * n x n grid with the digits 1..n, each once in every row and column).
 * It is the proof that a family is one module and one view: it runs
 * through the worker, the search on screen and the game screen with no
 * line of those changed for it.
 *
 * Descriptions are the grid's rows, '.' for an empty cell ("1...\n....").
 * Moves are "r2c3=4" (write a digit) and "r2c3=0" (clear it), joined by
 * ';'.  Cells are numbered row * n + column, from 0. */
#ifndef LD_TEST_LATIN_H
#define LD_TEST_LATIN_H

#include "puzzles/puzzle.h"
#include "ui/view.h"

extern const struct puzzle latin_family;
extern const struct view_ops latin_view;

#endif
