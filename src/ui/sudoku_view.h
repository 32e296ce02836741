/* Sudoku's face: the grid with its boxes, givens set apart from the
 * player's digits, pencil marks, conflicts, a cursor, and the digit a
 * hint puts in the player's hand. */
#ifndef LD_SUDOKU_VIEW_H
#define LD_SUDOKU_VIEW_H

#include "ui/view.h"

extern const struct view_ops sudoku_view_ops;

#endif
