/* Exact-cover problems with known answers, built by the tests themselves. */
#ifndef LD_TEST_PROBLEMS_H
#define LD_TEST_PROBLEMS_H

#include <stdint.h>

#include "solver/xc/xc.h"
#include "util/u128.h"

/* n queens: rows and columns primary, the diagonals secondary. */
struct xc_problem *make_queens(int n);
/* Tilings of an h x w board by the given polyominoes, each shape usable any
 * number of times, in every rotation and reflection.  Shapes are strings
 * of rows separated by '/', e.g. "##/#." (an L tromino).  Cells are the
 * items, in reading order along the board's rows. */
struct xc_problem *make_tiling(int h, int w, const char *const *shapes, int n_shapes);
/* The same with each shape used exactly once (a primary item per shape,
 * placed first in the item order). */
struct xc_problem *make_packing(int h, int w, const char *const *shapes, int n_shapes);
/* Sudoku of boxes bh x bw (side bh*bw) with the given clues (a string of
 * side*side digits or '.', NULL for none), cell/row/column/box items. */
struct xc_problem *make_sudoku(int bh, int bw, const char *clues);
/* Langford pairs for 1..n: the two k's are k+1 apart. */
struct xc_problem *make_langford(int n);

/* n items, the first np primary, with solutions planted: the primary
 * items cut into random blocks, each block an option, twice over with
 * different cuts; then `extra` random options of up to six items, some of
 * them secondary.  *seed advances. */
struct xc_problem *make_planted(uint64_t *seed, int n, int np, int extra);
/* n pairs of items, each pair covered together or one by one: 2^n
 * solutions, which only a memo makes countable. */
struct xc_problem *make_pairs(int n);

/* The solutions of p by the plain search on links (MRV), the reference
 * the other engines are checked against. */
u128 problems_count_plain(const struct xc_problem *p);

#endif
