#include "config.h"

#include "solver/sudoku/sudoku_fast.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "solver/search.h"
#include "util/xalloc.h"

/* Each choice fills at least one cell, and the solution is a node one
 * level below the last choice: room for every cell and one more. */
#define LEVELS (SUDOKU_GRID_MAX_CELLS + 1)
#define BANDS SUDOKU_GRID_MAX_BOX
#define BAND_BITS (SUDOKU_GRID_MAX_BOX * SUDOKU_GRID_MAX_SIDE)

/* A word for each band, side by side in one vector (SSE2's four lanes,
 * which every x86-64 has; elsewhere the compiler makes do). */
typedef uint32_t lanes __attribute__((vector_size(16)));

/* The shape of one size, bit i of a band being the cell in its row
 * i / side, column i % side: the masks of the band's rows, boxes and
 * columns, and each bit's peers within its band. */
struct geo {
	int box, side, bands, band_bits;
	uint32_t band_all;
	uint32_t row[SUDOKU_GRID_MAX_BOX];
	uint32_t boxm[SUDOKU_GRID_MAX_BOX];
	uint32_t col[SUDOKU_GRID_MAX_SIDE];
	lanes valid;                /* the lanes of the bands all ones */
	uint32_t peer[BAND_BITS];   /* its row and box, itself left out */
	uint8_t col_of[BAND_BITS];
};

/* f[d][b]: the cells of band b where digit d+1 may go, its own placed
 * cells included, so that every unit keeps at least one of each digit
 * until the board is a dead end. */
_Static_assert(BANDS <= 4, "a digit's bands are the lanes of one vector");
struct board {
	lanes f[SUDOKU_GRID_MAX_SIDE];  /* lane b: band b; the lanes past the bands 0 */
	lanes open;                 /* the blank cells */
};

struct fail {
	enum sudoku_fast_why why;
	int a, b, unit, digit;
};

/* The usual 9x9, worked out once for all (every count would otherwise
 * work it out again: the generator makes hundreds a puzzle). */
#define ROW9(r) (0x1ffu << (9 * (r)))
#define BOX9(k) (0x1c0e07u << (3 * (k)))
#define COL9(c) (0x40201u << (c))
#define PEER9(i) ((ROW9((i) / 9) | BOX9((i) % 9 / 3)) & ~(1u << (i)))
#define PEERS9(i) PEER9(i), PEER9((i) + 1), PEER9((i) + 2)
static const struct geo geo9 = {
	.box = 3,
	.side = 9,
	.bands = 3,
	.band_bits = 27,
	.band_all = 0x7ffffffu,
	.valid = { ~0u, ~0u, ~0u, 0 },
	.row = { ROW9(0), ROW9(1), ROW9(2) },
	.boxm = { BOX9(0), BOX9(1), BOX9(2) },
	.col = { COL9(0), COL9(1), COL9(2), COL9(3), COL9(4), COL9(5), COL9(6), COL9(7), COL9(8) },
	.peer = { PEERS9(0), PEERS9(3), PEERS9(6), PEERS9(9), PEERS9(12), PEERS9(15), PEERS9(18), PEERS9(21), PEERS9(24) },
	.col_of = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8 },
};

/* Any size (2 or 3). */
static void geo_init(struct geo *g, int box)
{
	if (box == 3) {
		*g = geo9;
		return;
	}
	memset(g, 0, sizeof *g);
	g->box = box;
	g->side = box * box;
	g->bands = box;
	g->band_bits = box * g->side;
	g->band_all = (uint32_t)((1ull << g->band_bits) - 1);
	for (int b = 0; b < g->bands; b++)
		g->valid[b] = ~0u;
	for (int i = 0; i < g->band_bits; i++) {
		int r = i / g->side, c = i % g->side;
		g->col_of[i] = (uint8_t)c;
		g->row[r] |= (uint32_t)1 << i;
		g->boxm[c / box] |= (uint32_t)1 << i;
		g->col[c] |= (uint32_t)1 << i;
	}
	for (int i = 0; i < g->band_bits; i++) {
		int r = i / g->side, c = i % g->side;
		g->peer[i] = (g->row[r] | g->boxm[c / box]) & ~((uint32_t)1 << i);
	}
}

/* The hot functions take the box size as a constant argument, and are
 * called with 3 or with 2 written out, so that the compiler makes one
 * copy for each size with its loops unrolled. */
#define HOT static inline __attribute__((always_inline))
/* Their loops over a size's digits, bands, rows or boxes unrolled too
 * (the size a constant there; -O2 unrolls none of its own). */
#define UNROLL _Pragma("GCC unroll 9")
/* The two entry points of the hot code, propagate and choose, are
 * compiled twice on x86-64, for the default instruction set and for
 * x86-64-v3 (AVX2, BMI1/2, POPCNT: most machines since 2013), and the
 * loader picks the copy the processor runs: 4% more puzzles a second
 * than the default build alone, which cannot count bits in one
 * instruction.  (GCC's target_clones; others build the one copy.) */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__linux__)
#define CLONED __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define CLONED
#endif

static inline int low_bit(uint32_t x)
{
	return __builtin_ctz(x);
}

/* Bits set, without the popcount instruction the default build may not
 * have (the builtin would be a call). */
static inline int count_bits(uint32_t x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	return (int)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

/* Is any bit of any lane set? */
static inline bool lanes_any(lanes v)
{
	uint64_t q[2];
	memcpy(q, &v, sizeof q);
	return (q[0] | q[1]) != 0;
}

/* Lane b set (all ones), the others clear. */
static inline lanes lane_of(int b)
{
	const lanes index = { 0, 1, 2, 3 };
	return (lanes)(index == (uint32_t)b);
}

/* Digit d (from 0) into bit i of band b, where it is the only digit
 * left (a naked single): gone from the cells that see it, its column in
 * every band, its row and box in its own (peer[i] holds the column's
 * cells of the band too).  The cell stays blank in open: the caller
 * fills it, with others at once. */
HOT void place_last_k(const struct geo *g, struct board *x, int d, int b, int i, const int box)
{
	(void)box;
	lanes here = lane_of(b), bit = here & ((uint32_t)1 << i);
	x->f[d] = (x->f[d] & ~(g->col[g->col_of[i]] | (here & g->peer[i]))) | bit;
}

/* Digit d (from 0) into bit i of band b: gone from the cell's other
 * digits, and from the cells that see it. */
HOT void place_k(const struct geo *g, struct board *x, int d, int b, int i, const int box)
{
	lanes bit = lane_of(b) & ((uint32_t)1 << i);
	UNROLL
	for (int e = 0; e < box * box; e++)
		x->f[e] &= ~bit;
	place_last_k(g, x, d, b, i, box);
	x->open &= ~bit;
}

static void place(const struct geo *g, struct board *x, int d, int b, int i)
{
	if (g->box == 3)
		place_k(g, x, d, b, i, 3);
	else
		place_k(g, x, d, b, i, 2);
}

/* The digits (bit d: digit d+1) that bit i of band b may still hold. */
HOT sudoku_grid_mask cell_digits_k(const struct board *x, int b, int i, const int box)
{
	sudoku_grid_mask m = 0;
	UNROLL
	for (int d = 0; d < box * box; d++)
		m |= (sudoku_grid_mask)(((x->f[d][b] >> i) & 1u) << d);
	return m;
}

static inline sudoku_grid_mask cell_digits(const struct geo *g, const struct board *x, int b, int i)
{
	return g->box == 3 ? cell_digits_k(x, b, i, 3) : cell_digits_k(x, b, i, 2);
}

/* The board of the givens of s (nothing propagated), built digit by
 * digit: a digit's places are the cells outside the rows, columns and
 * boxes that hold it, and not given another digit.  False if a unit holds
 * a digit twice (or a cell one past the side: no board at all). */
static bool load(const struct geo *g, const struct sudoku_grid *s, struct board *x)
{
	memset(x, 0, sizeof *x);
	/* given[v][b]: the cells of band b that hold v, blanks too, so that
	 * no branch asks which (givens and blanks come in no order); the
	 * blanks, most cells, in four words by turns, side + 1 to side + 4,
	 * so that each OR into one need not wait for the one before */
	uint32_t given[SUDOKU_GRID_MAX_SIDE + 5][BANDS] = { { 0 } }, all[BANDS];
	for (int b = 0, c = 0; b < g->bands; b++)
		for (int i = 0; i < g->band_bits; i++, c++) {
			int v = s->v[c];
			if (v > g->side)
				return false;
			given[v ? v : g->side + 1 + (i & 3)][b] |= (uint32_t)1 << i;
		}
	for (int b = 0; b < g->bands; b++) {
		uint32_t blank = 0;
		for (int k = 1; k <= 4; k++)
			blank |= given[g->side + k][b];
		all[b] = g->band_all & ~blank;
	}
	const uint32_t row0 = (1u << g->side) - 1;
	for (int d = 0; d < g->side; d++) {
		uint32_t cols = 0, gone[BANDS];
		for (int b = 0; b < g->bands; b++) {
			uint32_t y = given[d + 1][b], here = 0;
			gone[b] = 0;
			for (int k = 0; k < g->box; k++) {
				uint32_t r = y & g->row[k], q = y & g->boxm[k];
				if ((r & (r - 1)) || (q & (q - 1)))
					return false;
				gone[b] |= (r ? g->row[k] : 0) | (q ? g->boxm[k] : 0);
				here |= (y >> (k * g->side)) & row0;
			}
			/* (twice in a column within a band is twice in a box) */
			if (cols & here)
				return false;
			cols |= here;
		}
		uint32_t col_cells = 0;
		for (int k = 0; k < g->box; k++)
			col_cells |= cols << (k * g->side);
		for (int b = 0; b < g->bands; b++)
			x->f[d][b] = (g->band_all & ~gone[b] & ~col_cells & ~all[b]) | given[d + 1][b];
	}
	for (int b = 0; b < g->bands; b++)
		x->open[b] = g->band_all & ~all[b];
	return true;
}

/* ---- propagation ----------------------------------------------------------- */

enum { P_DEAD, P_OPEN, P_SOLVED };

/* ref: a board looked at before (NULL: none), where no digit's places
 * had a locked candidate left: a digit's places as they were there need
 * no look for them again.  At first the node's parent's board (its
 * propagation ended so), then the board as the last look began (what it
 * did not change, it saw as it is). */
struct prop {
	const struct geo *g;
	const struct board *ref;
	uint64_t mems;
	int placed;
	struct fail fail;
};

/* Are digit d's places as they were in ref, in every band? */
HOT bool digit_as_before(const struct board *ref, const struct board *x, int d, const int box)
{
	(void)box;
	return ref && !lanes_any(x->f[d] ^ ref->f[d]);
}

HOT void forced(struct prop *p, struct board *x, int d, int b, int i, const int box)
{
	place_k(p->g, x, d, b, i, box);
	p->placed++;
	p->mems += (uint64_t)(box * box + box);
}

/* The same for a naked single: no other digit to take from its cell. */
HOT void forced_last(struct prop *p, struct board *x, int d, int b, int i, const int box)
{
	place_last_k(p->g, x, d, b, i, box);
	p->placed++;
	p->mems += (uint64_t)box;
}

static int dead_cell(struct prop *p, int b, int i)
{
	p->fail = (struct fail){ .why = SUDOKU_FAST_NO_DIGIT, .a = b * p->g->band_bits + i, .unit = -1 };
	return P_DEAD;
}

static int dead_unit(struct prop *p, int unit, int d)
{
	p->fail = (struct fail){ .why = SUDOKU_FAST_NO_PLACE, .a = -1, .unit = unit, .digit = d + 1 };
	return P_DEAD;
}

/* Cells with one candidate left, every band at once.  Their digits are
 * read from four boards, bit k of a cell's digit (from 0) on board k
 * (the boards of the digits with that bit set, ORed: for a cell with one
 * digit, its bits), rather than gathered from the nine. */
HOT int naked_singles(struct prop *p, struct board *x, bool *moved, const int box)
{
	const int side = box * box;
	lanes one = { 0 }, two = { 0 }, plane[4] = { { 0 } };
	UNROLL
	for (int d = 0; d < side; d++) {
		lanes y = x->f[d];
		two |= one & y;
		one |= y;
		UNROLL
		for (int k = 0; k < 4; k++)
			if (d >> k & 1)
				plane[k] |= y;
	}
	p->mems += (uint64_t)(side * box);
	lanes none = x->open & ~one, single = x->open & ~two;
	if (lanes_any(none))
		for (int b = 0; b < box; b++)
			if (none[b])
				return dead_cell(p, b, low_bit(none[b]));
	/* the singles of two bands at a time, in one 64-bit word (one loop
	 * to end, not one a band: where a loop ends follows no pattern) */
	uint64_t half[2];
	memcpy(half, &single, sizeof half);
	for (int h = 0; h < 2; h++) {
		for (uint64_t s = half[h]; s; s &= s - 1) {
			int j = __builtin_ctzll(s), b = 2 * h + (j >> 5), i = j & 31;
			int d = 0;
			UNROLL
			for (int k = 0; k < 4; k++)
				d |= (int)((plane[k][b] >> i) & 1u) << k;
			/* a single placed since may have taken this one's digit */
			if (!(x->f[d][b] >> i & 1u))
				return dead_cell(p, b, i);
			forced_last(p, x, d, b, i, box);
			*moved = true;
		}
	}
	x->open &= ~single;
	return P_OPEN;
}

/* Digit d has no place in a row or box of band b: which, the first. */
static int band_dead(struct prop *p, const struct board *x, int d, int b, int box)
{
	const struct geo *g = p->g;
	UNROLL
	for (int k = 0; k < box; k++) {
		if (!(x->f[d][b] & g->row[k]))
			return dead_unit(p, b * box + k, d);
		if (!(x->f[d][b] & g->boxm[k]))
			return dead_unit(p, 2 * g->side + b * box + k, d);
	}
	return P_OPEN;
}

/* Digit d has no place in a unit: which, the first column, else the
 * first row or box of the first band with one (as a player would look). */
static int digit_dead(struct prop *p, const struct board *x, int d, int box)
{
	const int side = box * box;
	const uint32_t row0 = (1u << side) - 1;
	uint32_t on = 0;
	for (int b = 0; b < box; b++)
		for (int r = 0; r < box; r++)
			on |= (x->f[d][b] >> (r * side)) & row0;
	if (on != row0)
		return dead_unit(p, side + low_bit(~on & row0), d);
	for (int b = 0; b < box; b++)
		if (band_dead(p, x, d, b, box) == P_DEAD)
			return P_DEAD;
	return P_OPEN;
}

/* Digit d is placed in every unit: no blank cell left for it, and as
 * many cells as the side (a digit missing from a unit is looked at, to
 * find the unit: its blank cells may all have candidates left). */
HOT bool digit_done(const struct board *x, int d, const int box)
{
	if (lanes_any(x->f[d] & x->open))
		return false;
	int n = 0;
	UNROLL
	for (int b = 0; b < box; b++)
		n += count_bits(x->f[d][b]);
	return n == box * box;
}

/* Digits with one place left in a box, every band at once; every digit,
 * each time (to ask first whether a digit changed since the last look
 * cost more than the look: the answer follows no pattern a branch
 * predictor could learn).  Rows and columns are left to locked
 * candidates: a digit's one place in a row (or column) is its only
 * minirow there, which leaves the digit's box that one minirow, and the
 * rest of the minirow is in the row, so the place is alone in its box at
 * the next look; a row with no place is a band with no permutation.  The
 * same boards come out, with a third of the work a look (on the hardest
 * set 5% more puzzles a second than with rows and columns too). */
HOT int hidden_singles(struct prop *p, struct board *x, bool *moved, const int box)
{
	const struct geo *g = p->g;
	const int side = box * box;
	for (int d = 0; d < side; d++) {
		/* the places alone in their box, and whether a box has none */
		lanes y = x->f[d], alone = { 0 }, none = { 0 };
		UNROLL
		for (int k = 0; k < box; k++) {
			lanes q = y & g->boxm[k];
			alone |= q & (lanes)((q & (q - 1)) == 0);
			none |= (lanes)(q == 0);
		}
		p->mems += (uint64_t)box;
		none &= g->valid;
		if (lanes_any(none))
			return digit_dead(p, x, d, box);
		/* (a place where d is placed is alone too: nothing to do) */
		lanes single = alone & x->open;
		uint64_t half[2];
		memcpy(half, &single, sizeof half);
		UNROLL
		for (int h = 0; h < 2; h++) {
			for (uint64_t s = half[h]; s; s &= s - 1) {
				int j = __builtin_ctzll(s), b = 2 * h + (j >> 5), i = j & 31;
				/* (gone if a place just taken saw it: its box is left
				 * with none, which the next look finds) */
				if (x->f[d][b] & ((uint32_t)1 << i)) {
					forced(p, x, d, b, i, box);
					*moved = true;
				}
			}
		}
	}
	return P_OPEN;
}

/* The places a digit can take in a band of box rows and box boxes, as a
 * box x box matrix of its minirows (a row's cells in one box): one in
 * each row and in each box, a permutation.  The union of the permutations
 * that fit in m (bit r * box + k: row r, box k); the same holds of a stack
 * of boxes, its minicolumns.  For 9x9, fit3[m] is that union, of the six
 * permutation matrices 0x111, 0x0a1, 0x10a, 0x062, 0x08c and 0x054, for
 * every m: a lookup is much quicker than six tests. */
static const uint16_t fit3[512] = {
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x054, 0x054, 0x054, 0x054, 0x000, 0x000, 0x000, 0x000, 0x054, 0x054, 0x054, 0x054,
	0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062,
	0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062, 0x054, 0x054, 0x076, 0x076,
	0x000, 0x000, 0x062, 0x062, 0x054, 0x054, 0x076, 0x076, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x08c, 0x08c, 0x08c, 0x08c,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x08c, 0x08c, 0x08c, 0x08c, 0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1,
	0x000, 0x0a1, 0x000, 0x0a1, 0x08c, 0x0ad, 0x08c, 0x0ad, 0x000, 0x0a1, 0x000, 0x0a1,
	0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x08c, 0x0ad, 0x08c, 0x0ad,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x08c, 0x08c, 0x08c, 0x08c, 0x000, 0x000, 0x000, 0x000, 0x054, 0x054, 0x054, 0x054,
	0x000, 0x000, 0x000, 0x000, 0x0dc, 0x0dc, 0x0dc, 0x0dc, 0x000, 0x0a1, 0x062, 0x0e3,
	0x000, 0x0a1, 0x062, 0x0e3, 0x000, 0x0a1, 0x062, 0x0e3, 0x08c, 0x0ad, 0x0ee, 0x0ef,
	0x000, 0x0a1, 0x062, 0x0e3, 0x054, 0x0f5, 0x076, 0x0f7, 0x000, 0x0a1, 0x062, 0x0e3,
	0x0dc, 0x0fd, 0x0fe, 0x0ff, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x10a, 0x10a, 0x000, 0x000, 0x10a, 0x10a, 0x000, 0x111, 0x000, 0x111,
	0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x10a, 0x11b, 0x000, 0x111, 0x10a, 0x11b,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10a, 0x10a,
	0x000, 0x000, 0x10a, 0x10a, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111,
	0x000, 0x111, 0x10a, 0x11b, 0x000, 0x111, 0x10a, 0x11b, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10a, 0x10a, 0x000, 0x000, 0x10a, 0x10a,
	0x000, 0x111, 0x000, 0x111, 0x054, 0x155, 0x054, 0x155, 0x000, 0x111, 0x10a, 0x11b,
	0x054, 0x155, 0x15e, 0x15f, 0x000, 0x000, 0x062, 0x062, 0x000, 0x000, 0x062, 0x062,
	0x000, 0x000, 0x16a, 0x16a, 0x000, 0x000, 0x16a, 0x16a, 0x000, 0x111, 0x062, 0x173,
	0x054, 0x155, 0x076, 0x177, 0x000, 0x111, 0x16a, 0x17b, 0x054, 0x155, 0x17e, 0x17f,
	0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x10a, 0x10a,
	0x08c, 0x08c, 0x18e, 0x18e, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111, 0x000, 0x111,
	0x000, 0x111, 0x10a, 0x11b, 0x08c, 0x19d, 0x18e, 0x19f, 0x000, 0x0a1, 0x000, 0x0a1,
	0x000, 0x0a1, 0x000, 0x0a1, 0x000, 0x0a1, 0x10a, 0x1ab, 0x08c, 0x0ad, 0x18e, 0x1af,
	0x000, 0x1b1, 0x000, 0x1b1, 0x000, 0x1b1, 0x000, 0x1b1, 0x000, 0x1b1, 0x10a, 0x1bb,
	0x08c, 0x1bd, 0x18e, 0x1bf, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000, 0x000,
	0x000, 0x000, 0x10a, 0x10a, 0x08c, 0x08c, 0x18e, 0x18e, 0x000, 0x111, 0x000, 0x111,
	0x054, 0x155, 0x054, 0x155, 0x000, 0x111, 0x10a, 0x11b, 0x0dc, 0x1dd, 0x1de, 0x1df,
	0x000, 0x0a1, 0x062, 0x0e3, 0x000, 0x0a1, 0x062, 0x0e3, 0x000, 0x0a1, 0x16a, 0x1eb,
	0x08c, 0x0ad, 0x1ee, 0x1ef, 0x000, 0x1b1, 0x062, 0x1f3, 0x054, 0x1f5, 0x076, 0x1f7,
	0x000, 0x1b1, 0x16a, 0x1fb, 0x0dc, 0x1fd, 0x1fe, 0x1ff,
};

HOT uint32_t fitting(uint32_t m, const int box)
{
	if (box == 2)
		return ((m & 0x9) == 0x9 ? 0x9 : 0) | ((m & 0x6) == 0x6 ? 0x6 : 0);
	return fit3[m];
}

/* The minirows of a band that hold any of y's cells, as a matrix for
 * fitting(). */
HOT uint32_t minirows(uint32_t y, const int box)
{
	if (box == 3) {
		/* each minirow's cells ORed into its first bit (3j), then the
		 * three of each row gathered by one product (no two of its
		 * terms meet, so nothing carries) */
		uint32_t t = (y | y >> 1 | y >> 2) & 0x1249249u;
		uint32_t g = t * 0x15u;
		return ((g >> 4) & 0x7) | ((g >> 10) & 0x38) | ((g >> 16) & 0x1c0);
	}
	uint32_t m = 0;
	UNROLL
	for (int r = 0; r < box; r++)
		UNROLL
		for (int k = 0; k < box; k++)
			m |= ((y >> (r * box * box + k * box)) & ((1u << box) - 1) ? 1u : 0u) << (r * box + k);
	return m;
}

/* minirows() of every band at once. */
HOT lanes minirows_lanes(lanes y, const int box)
{
	if (box == 3) {
		/* (the product of minirows() as shifts: SSE2 multiplies no
		 * four 32-bit lanes at once) */
		lanes t = (y | y >> 1 | y >> 2) & 0x1249249u;
		lanes g = t + (t << 2) + (t << 4);
		return ((g >> 4) & 0x7) | ((g >> 10) & 0x38) | ((g >> 16) & 0x1c0);
	}
	lanes m = { 0 };
	UNROLL
	for (int b = 0; b < box; b++)
		m[b] = minirows(y[b], box);
	return m;
}

/* The cells of the minirows of a (the inverse of minirows()). */
HOT uint32_t minirow_cells(uint32_t a, const int box)
{
	if (box == 3) {
		static const uint16_t spread[8] = { 0x000, 0x007, 0x038, 0x03f, 0x1c0, 0x1c7, 0x1f8, 0x1ff };
		return spread[a & 7] | (uint32_t)spread[(a >> 3) & 7] << 9 | (uint32_t)spread[a >> 6] << 18;
	}
	uint32_t keep = 0;
	UNROLL
	for (int r = 0; r < box; r++)
		UNROLL
		for (int k = 0; k < box; k++)
			if (a >> (r * box + k) & 1u)
				keep |= ((1u << box) - 1) << (r * box * box + k * box);
	return keep;
}

/* Locked candidates (pointing and claiming) for every digit, in bands
 * and in stacks: the minirows and minicolumns that no permutation uses
 * lose the digit.  1 if any did, 0 if none, P_LOCKED_DEAD if no
 * permutation fits for want of a place in a row or column (the hidden
 * singles look at boxes only), that unit named before the digit is
 * taken from the band. */
enum { P_LOCKED_DEAD = -1 };
HOT int locked(struct prop *p, struct board *x, const struct board *ref, const int box)
{
	const int side = box * box;
	const uint32_t row0 = (1u << side) - 1, trio = (1u << box) - 1;
	bool any = false;
	for (int d = 0; d < side; d++) {
		if (digit_done(x, d, box) || digit_as_before(ref, x, d, box))
			continue;
		lanes y = x->f[d], rows = minirows_lanes(y, box), here = { 0 };
		UNROLL
		for (int b = 0; b < box; b++) {
			uint32_t a = fitting(rows[b], box);
			if (a != rows[b]) {
				if (!a && digit_dead(p, x, d, box) == P_DEAD)
					return P_LOCKED_DEAD;
				y[b] &= minirow_cells(a, box);
				any = true;
			}
		}
		x->f[d] = y;
		UNROLL
		for (int r = 0; r < box; r++)
			here |= (y >> (uint32_t)(r * side)) & row0;
		UNROLL
		for (int s = 0; s < box; s++) {
			uint32_t m = 0;
			UNROLL
			for (int b = 0; b < box; b++)
				m |= ((here[b] >> (s * box)) & trio) << (b * box);
			uint32_t fit = fitting(m, box), gone = m & ~fit;
			if (!gone)
				continue;
			if (!fit && digit_dead(p, x, d, box) == P_DEAD)
				return P_LOCKED_DEAD;
			UNROLL
			for (int b = 0; b < box; b++) {
				uint32_t cols = ((gone >> (b * box)) & trio) << (s * box), cells = 0;
				UNROLL
				for (int r = 0; r < box; r++)
					cells |= cols << (r * side);
				x->f[d][b] &= ~cells;
			}
			any = true;
		}
		p->mems += (uint64_t)box;
	}
	return any ? 1 : 0;
}

HOT bool all_filled(const struct board *x, const int box)
{
	uint32_t open = 0;
	UNROLL
	for (int b = 0; b < box; b++)
		open |= x->open[b];
	return !open;
}

/* Place what the singles force, until nothing is forced. */
HOT int propagate_k(struct prop *p, struct board *x, const int box)
{
	/* the boards as the last looks for locked candidates began (the
	 * last, and the one before) */
	struct board seen[2];
	const struct board *ref = p->ref;
	int n = 0;
	for (;;) {
		bool moved;
		do {
			moved = false;
			if (naked_singles(p, x, &moved, box) == P_DEAD)
				return P_DEAD;
		} while (moved);
		if (all_filled(x, box))
			return P_SOLVED;
		moved = false;
		if (hidden_singles(p, x, &moved, box) == P_DEAD)
			return P_DEAD;
		if (moved)
			continue;
		seen[n] = *x;
		int got = locked(p, x, ref, box);
		if (got == P_LOCKED_DEAD)
			return P_DEAD;
		if (!got)
			return P_OPEN;
		ref = &seen[n];
		n ^= 1;
	}
}

CLONED static int propagate(struct prop *p, struct board *x)
{
	return p->g->box == 3 ? propagate_k(p, x, 3) : propagate_k(p, x, 2);
}

/* The sum of the bytes of x, if it is under 256.  Sums of byte counts,
 * weighted, may go in: a count of seen cells is under 64, and no byte
 * carries into the next while each stays under 256. */
static inline int sum_bytes(uint64_t x)
{
	return (int)((x * 0x0101010101010101u) >> 56);
}

/* The bits of each lane, as a sum of its bytes (each under 9). */
static inline lanes lane_byte_counts(lanes x)
{
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	return (x + (x >> 4)) & 0x0f0f0f0fu;
}

/* The sum of the bytes of x, if it is under 256 (as sum_bytes). */
static inline int lanes_sum_bytes(lanes x)
{
	uint64_t q[2];
	memcpy(q, &x, sizeof q);
	return sum_bytes(q[0] + q[1]);
}

/* The cells that cell (b, i) sees, in every band: its row and box in
 * its own, its column in the others. */
HOT lanes sees(const struct geo *g, int b, int i)
{
	lanes here = lane_of(b);
	return (here & g->peer[i]) | (~here & g->col[g->col_of[i]]);
}

/* The blank cell with the fewest candidates, *cand its digits.  Among
 * cells with two, the one that sees the most blank cells holding one of
 * its digits, and twice over those of them with two candidates (each
 * digit tried takes itself from those cells, which leaves the ones with
 * two a single: on the hardest set 136 nodes a puzzle, where counting
 * every blank cell seen, not only those sharing a digit, took 142), and
 * twice over again those with the same two digits (a pair with it: a
 * single whichever digit is tried; 132.5 nodes, top1465 16.5 from
 * 17.5); among cells with more, the one that sees the most blank cells;
 * then the first in reading order.  Propagated, a board has no cell
 * with fewer than two, and cells with two are the rule. */
HOT int choose_k(const struct geo *g, const struct board *x, sudoku_grid_mask *cand, uint64_t *mems, const int box)
{
	const int side = box * box;
	lanes one = { 0 }, two = { 0 }, three = { 0 };
	*mems += (uint64_t)(side * box);
	UNROLL
	for (int d = 0; d < side; d++) {
		lanes y = x->f[d];
		three |= two & y;
		two |= one & y;
		one |= y;
	}
	lanes pair = x->open & two & ~three;
	uint32_t any = pair[0] | pair[1] | pair[2] | pair[3];
	int best = -1, best_n = SUDOKU_GRID_MAX_SIDE + 1, best_score = -1;
	for (int b = 0; any && b < box; b++) {
		/* (the rule, and worth a loop of its own: two digits a cell) */
		for (uint32_t s = pair[b]; s; s &= s - 1) {
			int i = low_bit(s);
			sudoku_grid_mask m = cell_digits_k(x, b, i, box);
			int d1 = low_bit(m), d2 = low_bit(m & (sudoku_grid_mask)(m - 1));
			lanes mates = (x->f[d1] | x->f[d2]) & pair, w = sees(g, b, i);
			int k = lanes_sum_bytes(lane_byte_counts((x->f[d1] | x->f[d2]) & x->open & w) +
			                        2 * lane_byte_counts(mates & w) +
			                        2 * lane_byte_counts(mates & x->f[d1] & x->f[d2] & w));
			if (k > best_score)
				best = b * g->band_bits + i, best_score = k;
		}
	}
	for (int b = 0; !any && b < box; b++) {
		for (uint32_t s = x->open[b]; s; s &= s - 1) {
			int i = low_bit(s);
			int n = sudoku_grid_popcount(cell_digits_k(x, b, i, box));
			if (n > best_n)
				continue;
			int k = lanes_sum_bytes(lane_byte_counts(x->open & sees(g, b, i)));
			if (n < best_n || k > best_score)
				best = b * g->band_bits + i, best_n = n, best_score = k;
		}
	}
	*mems += (uint64_t)box;
	*cand = cell_digits(g, x, best / g->band_bits, best % g->band_bits);
	return best;
}

CLONED static int choose(const struct geo *g, const struct board *x, sudoku_grid_mask *cand, uint64_t *mems)
{
	return g->box == 3 ? choose_k(g, x, cand, mems, 3) : choose_k(g, x, cand, mems, 2);
}

/* ---- the engine ------------------------------------------------------------ */

struct sudoku_fast {
	struct geo geo;
	struct sudoku_grid start;
	struct board root;          /* the givens placed, nothing propagated */
	bool clash;
	int clash_a, clash_b, clash_unit;

	struct search search;       /* the phase, the level, each level's degree and kth, the counters */
	struct fail fail;           /* why the node at level is a dead end */
	int cell[LEVELS];           /* the cell branched on at each level */
	sudoku_grid_mask rest[LEVELS];      /* its digits not yet tried */
	int digit[LEVELS];          /* the digit in place */
	int forced[LEVELS];         /* digits the singles placed on entering */
	int degree[LEVELS], kth[LEVELS];  /* the search's (search_init_fixed) */
	u128 sol_at_try[LEVELS];
	struct board bd[LEVELS];    /* the node's board (last, being large) */
};

/* The first cell of a unit (rows, columns, boxes as sudoku_grid numbers
 * them), where a dead end for want of a place is shown. */
static int unit_first_cell(const struct geo *g, int unit)
{
	int k = unit % g->side;
	switch (unit / g->side) {
	case 0:
		return k * g->side;
	case 1:
		return k;
	default:
		return k / g->box * g->box * g->side + k % g->box * g->box;
	}
}

struct sudoku_fast *sudoku_fast_new(const struct sudoku_grid *g)
{
	/* not zeroed: every board is written before it is read */
	struct sudoku_fast *f = xmalloc(sizeof *f);
	memset(f, 0, offsetof(struct sudoku_fast, bd));
	f->start = *g;
	geo_init(&f->geo, g->box);
	if (!load(&f->geo, g, &f->root)) {
		/* the root is a dead end whatever, and fills no cell */
		memset(&f->root, 0, sizeof f->root);
		struct sudoku_grid_geom geo;
		sudoku_grid_geom_init(&geo, g->box);
		f->clash = true;
		if (!sudoku_grid_first_clash(g, &geo, &f->clash_a, &f->clash_b, &f->clash_unit))
			f->clash_a = f->clash_b = f->clash_unit = 0;
	}
	int blank = 0;
	for (int c = 0; c < g->cells; c++)
		blank += !g->v[c];
	struct search_levels arrays = { .degree = f->degree, .kth = f->kth, .sol_at_try = f->sol_at_try };
	search_init_fixed(&f->search, LEVELS, &arrays, blank + 2);
	sudoku_fast_restart(f);
	return f;
}

void sudoku_fast_free(struct sudoku_fast *f)
{
	if (!f)
		return;
	search_free(&f->search);
	free(f);
}

void sudoku_fast_restart(struct sudoku_fast *f)
{
	f->bd[0] = f->root;
	search_restart(&f->search);
}

/* ---- the hooks of the search (search.h) ---------------------------------- */

/* Enter the node at level: propagate its board, then a solution, a dead
 * end or a cell to branch on.  1 mem to enter, and propagation's. */
SEARCH_HOOK enum search_node fast_enter(void *eng, int level)
{
	struct sudoku_fast *f = eng;
	struct search *s = &f->search;
	struct search_stats *st = &s->st;
	struct prop p = { .g = &f->geo, .ref = level ? &f->bd[level - 1] : NULL };
	int r;
	st->mems++;
	if (f->clash) {
		p.fail = (struct fail){ .why = SUDOKU_FAST_CLASH, .a = f->clash_a, .b = f->clash_b,
			                .unit = f->clash_unit, .digit = f->start.v[f->clash_a] };
		r = P_DEAD;
	} else {
		r = propagate(&p, &f->bd[level]);
	}
	st->mems += p.mems;
	st->updates += (uint64_t)p.placed;
	f->forced[level] = p.placed;
	f->digit[level] = 0;
	if (r == P_SOLVED)
		return SEARCH_SOLUTION;
	if (r == P_DEAD) {
		f->fail = p.fail;
		f->cell[level] = p.fail.why == SUDOKU_FAST_CLASH ? p.fail.b
		                 : p.fail.why == SUDOKU_FAST_NO_DIGIT ? p.fail.a
		                                                   : unit_first_cell(&f->geo, p.fail.unit);
		f->rest[level] = 0;
		s->degree[level] = 0;
		return SEARCH_BRANCH;
	}
	sudoku_grid_mask cand;
	f->cell[level] = choose(&f->geo, &f->bd[level], &cand, &st->mems);
	f->rest[level] = cand;
	s->degree[level] = sudoku_grid_popcount(cand);
	return SEARCH_BRANCH;
}

/* The cell's next digit, in increasing order, placed in the child's
 * board (a copy of the node's). */
SEARCH_HOOK enum search_step fast_try_next(void *eng, int level)
{
	struct sudoku_fast *f = eng;
	struct search *s = &f->search;
	const struct geo *geo = &f->geo;
	if (!f->rest[level])
		return SEARCH_NONE_LEFT;
	int d = sudoku_grid_first_digit(f->rest[level]), c = f->cell[level];
	f->rest[level] &= (sudoku_grid_mask)~sudoku_grid_bit(d);
	f->digit[level] = d;
	s->kth[level]++;
	f->bd[level + 1] = f->bd[level];
	place(geo, &f->bd[level + 1], d - 1, c / geo->band_bits, c % geo->band_bits);
	s->st.updates++;
	s->st.mems += (uint64_t)((geo->side + 1) * geo->bands + geo->side + geo->bands);
	return SEARCH_TRIED_ONE;
}

/* The parent's board is as it was: nothing to take back but the level. */
SEARCH_HOOK void fast_undo(void *eng, int level)
{
	(void)eng;
	(void)level;
}

static void fast_describe(void *eng, struct engine_event *ev)
{
	const struct sudoku_fast *f = eng;
	if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->subject = f->cell[ev->level];
	if (ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->choice = f->digit[ev->level];
}

static const struct search_hooks fast_hooks = {
	.enter = fast_enter,
	.try_next = fast_try_next,
	.undo = fast_undo,
	.describe = fast_describe,
};

enum engine_status sudoku_fast_run(struct sudoku_fast *f, const struct engine_ctl *ctl)
{
	return search_run(&f->search, &fast_hooks, f, ctl);
}

const struct engine_event *sudoku_fast_event(const struct sudoku_fast *f)
{
	return &f->search.ev;
}

const struct search_stats *sudoku_fast_stats(const struct sudoku_fast *f)
{
	return &f->search.st;
}

double sudoku_fast_progress(const struct sudoku_fast *f)
{
	return search_progress(&f->search, false);
}

void sudoku_fast_probe(struct sudoku_fast *f, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	struct board x = f->root;
	const struct geo *geo = &f->geo;
	int level = 0;
	*solution = false;
	struct board parent;
	bool root = true;
	while (!f->clash) {
		struct prop p = { .g = geo, .ref = root ? NULL : &parent };
		int got = propagate(&p, &x);
		if (got != P_OPEN) {
			*solution = got == P_SOLVED;
			break;
		}
		sudoku_grid_mask cand;
		uint64_t mems = 0;
		int c = choose(geo, &x, &cand, &mems);
		int deg = sudoku_grid_popcount(cand);
		int d = sudoku_grid_kth_digit(cand, rng_below(r, (uint64_t)deg));
		parent = x;
		root = false;
		place(geo, &x, d - 1, c / geo->band_bits, c % geo->band_bits);
		if (level == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*degrees = xreallocarray(*degrees, (size_t)*cap, sizeof **degrees);
		}
		(*degrees)[level++] = deg;
	}
	*depth = level;
}

/* The grid of a solved board x of the start g: digit by digit, its
 * cells (cell by cell took nine looks a cell, and the generator asks for
 * every second solution it meets). */
static void solved_grid(const struct geo *geo, const struct board *x, const struct sudoku_grid *g,
                        struct sudoku_grid *out)
{
	*out = *g;
	for (int d = 0; d < geo->side; d++)
		for (int b = 0; b < geo->bands; b++)
			for (uint32_t s = x->f[d][b]; s; s &= s - 1)
				out->v[b * geo->band_bits + low_bit(s)] = (uint8_t)(d + 1);
}

void sudoku_fast_solution(const struct sudoku_fast *f, struct sudoku_grid *out)
{
	solved_grid(&f->geo, &f->bd[search_path_len(&f->search)], &f->start, out);
}

int sudoku_fast_filled(const struct sudoku_fast *f, int *cells, int *digits)
{
	const struct search *search = &f->search;
	if (search->phase == SEARCH_START || search->phase == SEARCH_DONE)
		return 0;
	const struct geo *geo = &f->geo;
	const struct board *x = &f->bd[search_path_len(search)];
	/* a batch solve asks this of every solution: the filled cells'
	 * digits read from four boards, bit k of a digit (from 0) on board k,
	 * as naked_singles reads them, and the cells the start left blank
	 * taken in reading order (band by band, bit by bit) */
	lanes filled = f->root.open & ~x->open, plane[4] = { { 0 } }, any = { 0 };
	for (int d = 0; d < geo->side; d++) {
		any |= x->f[d];
		for (int k = 0; k < 4; k++)
			if (d >> k & 1)
				plane[k] |= x->f[d] & filled;
	}
	/* (a dead end's locked candidates may have emptied a filled cell) */
	filled &= any;
	int n = 0;
	for (int b = 0; b < geo->bands; b++)
		for (uint32_t s = filled[b]; s; s &= s - 1) {
			int i = low_bit(s), d = 0;
			for (int k = 0; k < 4; k++)
				d |= (int)((plane[k][b] >> i) & 1u) << k;
			cells[n] = b * geo->band_bits + i;
			digits[n++] = d + 1;
		}
	return n;
}

const struct sudoku_grid *sudoku_fast_start(const struct sudoku_fast *f)
{
	return &f->start;
}

int sudoku_fast_forced(const struct sudoku_fast *f)
{
	const struct engine_event *ev = &f->search.ev;
	if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_SOLUTION)
		return f->forced[ev->level];
	return 0;
}

bool sudoku_fast_undo_solved(const struct sudoku_fast *f)
{
	return search_undo_solved(&f->search);
}

bool sudoku_fast_dead_end(const struct sudoku_fast *f, struct sudoku_fast_dead *out)
{
	const struct engine_event *ev = &f->search.ev;
	if (ev->kind != ENGINE_EV_CHOOSE || ev->choices != 0)
		return false;
	*out = (struct sudoku_fast_dead){ .why = f->fail.why, .a = f->fail.a, .b = f->fail.b, .unit = f->fail.unit,
		                       .digit = f->fail.digit };
	return true;
}

/* ---- the lean counter -------------------------------------------------------- */

uint64_t sudoku_fast_count(const struct sudoku_grid *g, struct sudoku_fast_req *req)
{
	struct geo geo;
	struct board bd[LEVELS];
	int cell[LEVELS];
	sudoku_grid_mask rest[LEVELS];
	uint64_t count = 0;
	req->nodes = 0;
	req->cancelled = false;
	geo_init(&geo, g->box);
	if (!load(&geo, g, &bd[0]))
		return 0;
	if (req->bar_cell >= 0) {
		int b = req->bar_cell / geo.band_bits, i = req->bar_cell % geo.band_bits;
		if (g->v[req->bar_cell] == req->bar_digit)
			return 0;
		if (!g->v[req->bar_cell])
			bd[0].f[req->bar_digit - 1][b] &= ~((uint32_t)1 << i);
	}
	int level = 0;
	for (;;) {
		/* a node: propagate, then a solution, a dead end or a choice */
		if (req->cancel && atomic_load_explicit(req->cancel, memory_order_relaxed)) {
			req->cancelled = true;
			return count;
		}
		req->nodes++;
		struct prop p = { .g = &geo, .ref = level ? &bd[level - 1] : NULL };
		int got = propagate(&p, &bd[level]);
		rest[level] = 0;
		if (got == P_SOLVED) {
			if (count++ == 0 && req->first)
				solved_grid(&geo, &bd[level], g, req->first);
			if (req->limit && count >= req->limit)
				return count;
		} else if (got == P_OPEN) {
			uint64_t mems = 0;
			cell[level] = choose(&geo, &bd[level], &rest[level], &mems);
		}
		/* the next digit here, or back up until there is one */
		while (!rest[level]) {
			if (level == 0)
				return count;
			level--;
		}
		int c = cell[level], d = sudoku_grid_first_digit(rest[level]);
		if (req->prefer && (rest[level] & sudoku_grid_bit(req->prefer->v[c])))
			d = req->prefer->v[c];
		rest[level] &= (sudoku_grid_mask)~sudoku_grid_bit(d);
		bd[level + 1] = bd[level];
		place(&geo, &bd[level + 1], d - 1, c / geo.band_bits, c % geo.band_bits);
		level++;
	}
}
