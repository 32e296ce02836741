/* A family for the tests only, with an exact-cover part: fixed small
 * problems (a 4x4 Sudoku, n queens, the perfect matchings of K4) played by
 * placing their options, so that every engine of the table in
 * test_engine.c can be run on the same problems through the same
 * interface the game uses. */
#ifndef LD_TOY_FAMILY_H
#define LD_TOY_FAMILY_H

#include "puzzles/puzzle.h"

/* Descriptions: "sudoku4", "queens<N>" (N from 1 to 16), "k4". */
extern const struct puzzle toy_family;

#endif
