/* The Sudoku grid as the solvers, the family and its view all see it: a
 * square of side = box_rows * box_cols, cut into boxes of box_rows rows and
 * box_cols columns (4x4 with boxes 2x2, 6x6 with 2x3, the usual 9x9 with
 * 3x3, 12x12 with 3x4, 16x16 with 4x4, 25x25 with 5x5), its units (rows,
 * columns, boxes) and candidates as bitmasks.
 *
 * Cells are numbered in reading order from 0; digits run 1..side, and
 * digit d is bit d-1 of a mask.  Units are numbered rows 0..side-1, then
 * columns, then boxes (boxes in reading order).  Digits past 9 are written
 * A (10) to P (25). */
#ifndef LD_SUDOKU_GRID_H
#define LD_SUDOKU_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Every size: sides up to 25. */
#define SUDOKU_MAX_SIDE 25
#define SUDOKU_MAX_CELLS (SUDOKU_MAX_SIDE * SUDOKU_MAX_SIDE)
#define SUDOKU_MAX_UNITS (3 * SUDOKU_MAX_SIDE)
/* Peers of a cell: the other cells of its row, column and box (64 on
 * 25x25: 24 + 24 + 16). */
#define SUDOKU_MAX_PEERS 64
/* A puzzle line: the cells, a box shape before them ("3x2:"), a '\0'. */
#define SUDOKU_MAX_LINE (SUDOKU_MAX_CELLS + 8)

/* The square grids with square boxes up to 9x9, which the bitboard
 * engine (sudoku_fast.h) takes and sizes its tables by. */
#define SUDOKU_GRID_MAX_BOX 3
#define SUDOKU_GRID_MAX_SIDE (SUDOKU_GRID_MAX_BOX * SUDOKU_GRID_MAX_BOX)
#define SUDOKU_GRID_MAX_CELLS (SUDOKU_GRID_MAX_SIDE * SUDOKU_GRID_MAX_SIDE)

typedef uint32_t sudoku_grid_mask;

struct sudoku_grid {
	int box;                 /* box_rows when the boxes are square, else 0 */
	int box_rows, box_cols, side, cells;
	uint8_t v[SUDOKU_MAX_CELLS]; /* 0: blank, else the digit */
};

/* The geometry of one size.  sudoku_grid_geom_get hands out one shared,
 * read-only copy per shape (about 90 KB each, made once). */
struct sudoku_grid_geom {
	int box, box_rows, box_cols, side, cells, units, n_peers;
	uint16_t unit_cell[SUDOKU_MAX_UNITS][SUDOKU_MAX_SIDE];
	uint16_t cell_unit[SUDOKU_MAX_CELLS][3]; /* its row, column, box */
	uint16_t peer[SUDOKU_MAX_CELLS][SUDOKU_MAX_PEERS];
};

/* Is rows x cols a box shape the grids take: 2x2, 2x3, 3x2, 3x3, 3x4,
 * 4x3, 4x4 or 5x5? */
bool sudoku_grid_shape_ok(int box_rows, int box_cols);
/* The box shape a side has when none is said: 6 is 2x3 (boxes two rows
 * high, three columns wide), 12 is 3x4; false for a side of no grid. */
bool sudoku_grid_default_shape(int side, int *box_rows, int *box_cols);

/* The shared geometry of a shape (sudoku_grid_shape_ok), or NULL. */
const struct sudoku_grid_geom *sudoku_grid_geom_get(int box_rows, int box_cols);
/* The geometry of g's shape; NULL if its sizes do not agree. */
const struct sudoku_grid_geom *sudoku_grid_geom_of(const struct sudoku_grid *g);
/* Is cell one of unit u's (a row, column or box, numbered as unit_cell)? */
bool sudoku_grid_in_unit(const struct sudoku_grid_geom *geo, int cell, int u);
/* Fill *g for square boxes of side box (a copy of one's own). */
void sudoku_grid_geom_init(struct sudoku_grid_geom *g, int box);
void sudoku_grid_geom_init_shape(struct sudoku_grid_geom *g, int box_rows, int box_cols);

/* An empty grid of square boxes of side box (2 or 3 ... 5). */
void sudoku_grid_init(struct sudoku_grid *g, int box);
/* An empty grid of boxes of box_rows x box_cols (sudoku_grid_shape_ok). */
void sudoku_grid_init_shape(struct sudoku_grid *g, int box_rows, int box_cols);
/* Has g the shape that its side has by default? */
bool sudoku_grid_default_shaped(const struct sudoku_grid *g);

static inline int sudoku_grid_row(const struct sudoku_grid *g, int cell) { return cell / g->side; }
static inline int sudoku_grid_col(const struct sudoku_grid *g, int cell) { return cell % g->side; }
static inline int sudoku_grid_box(const struct sudoku_grid *g, int cell)
{
	return sudoku_grid_row(g, cell) / g->box_rows * (g->side / g->box_cols) + sudoku_grid_col(g, cell) / g->box_cols;
}
/* The first cell (top left) of box b. */
static inline int sudoku_grid_box_first(const struct sudoku_grid *g, int b)
{
	int across = g->side / g->box_cols;
	return b / across * g->box_rows * g->side + b % across * g->box_cols;
}
static inline sudoku_grid_mask sudoku_grid_all(int side) { return (sudoku_grid_mask)((1ull << side) - 1); }
static inline sudoku_grid_mask sudoku_grid_bit(int digit) { return (sudoku_grid_mask)(1u << (digit - 1)); }
/* Digits in m.  Inline and by halves, not __builtin_popcount: the default
 * build targets no popcount instruction, and the builtin is then a call
 * into libgcc, which the grader and the generator make millions of. */
static inline int sudoku_grid_popcount(sudoku_grid_mask m)
{
	uint32_t x = m;
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (int)((x * 0x01010101u) >> 24);
}
/* The lowest digit in m (m nonzero). */
static inline int sudoku_grid_first_digit(sudoku_grid_mask m)
{
	return __builtin_ctz(m) + 1;
}
/* The k-th digit of m, from 0 (k below its count): a random walk's pick. */
static inline int sudoku_grid_kth_digit(sudoku_grid_mask m, uint64_t k)
{
	for (; k; k--)
		m &= (sudoku_grid_mask)(m - 1);
	return sudoku_grid_first_digit(m);
}

/* How digit d (1..25) is written: 1-9, then A-P. */
static inline char sudoku_grid_digit_char(int d)
{
	return (char)(d <= 9 ? '0' + d : 'A' + d - 10);
}
/* The digit a character names on a grid of side `side` (1-9, then A-P or
 * a-p), 0 for a blank ('.' or '0'), -1 if it names none on that side. */
int sudoku_grid_char_digit(char ch, int side);

/* A grid from one puzzle line: side*side characters, a digit for a given
 * (1-9, then A-P past 9), '.' or '0' for a blank; the length picks the
 * size (16, 36, 81, 144, 256 or 625).  A box shape may come first, rows x
 * columns and a colon ("3x2:" for 6x6 with boxes three rows high); without
 * it 6x6 has boxes of 2x3 and 12x12 of 3x4.  A 16x16 line may also be
 * written in the other usual way, 0-F for the digits 1-16 and '.' for a
 * blank: one with both '0' and '.' and no G is read so.  Trailing blanks
 * and a '\r' are ignored.  False, with the reason and the 1-based column
 * in *col (0 if none), when it is not one; two equal digits in a unit are
 * allowed here (see sudoku_grid_first_clash).  g NULL: the line checked
 * only. */
bool sudoku_grid_parse_line(const char *line, size_t len, struct sudoku_grid *g, char *why, size_t why_size, int *col);

/* The grid as a line: its box shape first when not the default for its
 * side, then side*side characters, '.' for blanks; buf has room for
 * SUDOKU_MAX_LINE. */
void sudoku_grid_format(const struct sudoku_grid *g, char *buf);

/* For every cell, the digits its peers leave it (a filled cell: 0).
 * Returns false if a blank cell is left none (or a unit repeats a digit). */
bool sudoku_grid_candidates(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo, sudoku_grid_mask *cand);

/* Two cells of one unit holding the same digit: true, with them in a, b
 * (a < b) and the unit in *unit, the first such pair in reading order. */
bool sudoku_grid_first_clash(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo, int *a, int *b,
                             int *unit);

/* Every cell filled and every unit holding each digit once. */
bool sudoku_grid_is_solved(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo);

#endif
