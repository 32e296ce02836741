/* The Sudoku grid as the solvers, the family and its view all see it: a
 * square of side = box * box (4x4 with box 2, the usual 9x9 with box 3),
 * its units (rows, columns, boxes) and candidates as bitmasks.
 *
 * Cells are numbered in reading order from 0; digits run 1..side, and
 * digit d is bit d-1 of a mask.  Units are numbered rows 0..side-1, then
 * columns, then boxes (boxes in reading order). */
#ifndef LD_SUDOKU_GRID_H
#define LD_SUDOKU_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SUDOKU_GRID_MAX_BOX 3
#define SUDOKU_GRID_MAX_SIDE (SUDOKU_GRID_MAX_BOX * SUDOKU_GRID_MAX_BOX)
#define SUDOKU_GRID_MAX_CELLS (SUDOKU_GRID_MAX_SIDE * SUDOKU_GRID_MAX_SIDE)
#define SUDOKU_GRID_MAX_UNITS (3 * SUDOKU_GRID_MAX_SIDE)
/* Peers of a cell: the other cells of its row, column and box. */
#define SUDOKU_GRID_MAX_PEERS (3 * (SUDOKU_GRID_MAX_SIDE - 1) - 2 * (SUDOKU_GRID_MAX_BOX - 1))

typedef uint16_t sudoku_grid_mask;

struct sudoku_grid {
	int box, side, cells;
	uint8_t v[SUDOKU_GRID_MAX_CELLS]; /* 0: blank, else the digit */
};

/* The geometry of one size, filled in by sudoku_grid_geom_init: no tables are
 * global, so every search carries its own (about 8 KB for 9x9). */
struct sudoku_grid_geom {
	int box, side, cells, units, n_peers;
	uint8_t unit_cell[SUDOKU_GRID_MAX_UNITS][SUDOKU_GRID_MAX_SIDE];
	uint8_t cell_unit[SUDOKU_GRID_MAX_CELLS][3]; /* its row, column, box */
	uint8_t peer[SUDOKU_GRID_MAX_CELLS][SUDOKU_GRID_MAX_PEERS];
};

void sudoku_grid_geom_init(struct sudoku_grid_geom *g, int box);

/* An empty grid of box side box (2 or 3). */
void sudoku_grid_init(struct sudoku_grid *g, int box);

static inline int sudoku_grid_row(const struct sudoku_grid *g, int cell) { return cell / g->side; }
static inline int sudoku_grid_col(const struct sudoku_grid *g, int cell) { return cell % g->side; }
static inline int sudoku_grid_box(const struct sudoku_grid *g, int cell)
{
	return sudoku_grid_row(g, cell) / g->box * g->box + sudoku_grid_col(g, cell) / g->box;
}
static inline sudoku_grid_mask sudoku_grid_all(int side) { return (sudoku_grid_mask)((1u << side) - 1); }
static inline sudoku_grid_mask sudoku_grid_bit(int digit) { return (sudoku_grid_mask)(1u << (digit - 1)); }
/* Digits in m.  Inline and by halves, not __builtin_popcount: the default
 * build targets no popcount instruction, and the builtin is then a call
 * into libgcc, which the grader and the generator make millions of. */
static inline int sudoku_grid_popcount(sudoku_grid_mask m)
{
	unsigned x = m;
	x = x - ((x >> 1) & 0x5555u);
	x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
	x = (x + (x >> 4)) & 0x0f0fu;
	return (int)((x + (x >> 8)) & 0x1fu);
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

/* A grid from one puzzle line: side*side characters, a digit 1..side for a
 * given, '.' or '0' for a blank (81 for 9x9, 16 for 4x4: the length picks
 * the size).  Trailing blanks and a '\r' are ignored.  False, with the
 * reason and the 1-based column in *col (0 if none), when it is not one;
 * two equal digits in a unit are allowed here (see sudoku_grid_first_clash). */
bool sudoku_grid_parse_line(const char *line, size_t len, struct sudoku_grid *g, char *why, size_t why_size, int *col);

/* The grid as a line of side*side characters, '.' for blanks; buf has
 * room for SUDOKU_GRID_MAX_CELLS + 1. */
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
