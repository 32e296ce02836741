#include "config.h"

#include "solver/sudoku/sudoku_grid.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

bool sudoku_grid_shape_ok(int box_rows, int box_cols)
{
	static const int shapes[][2] = { { 2, 2 }, { 2, 3 }, { 3, 2 }, { 3, 3 }, { 3, 4 }, { 4, 3 }, { 4, 4 }, { 5, 5 } };
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		if (shapes[i][0] == box_rows && shapes[i][1] == box_cols)
			return true;
	return false;
}

bool sudoku_grid_default_shape(int side, int *box_rows, int *box_cols)
{
	static const int shapes[][3] = { { 4, 2, 2 }, { 6, 2, 3 }, { 9, 3, 3 }, { 12, 3, 4 }, { 16, 4, 4 }, { 25, 5, 5 } };
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		if (shapes[i][0] == side) {
			*box_rows = shapes[i][1];
			*box_cols = shapes[i][2];
			return true;
		}
	return false;
}

bool sudoku_grid_default_shaped(const struct sudoku_grid *g)
{
	int r, c;
	return sudoku_grid_default_shape(g->side, &r, &c) && r == g->box_rows && c == g->box_cols;
}

void sudoku_grid_geom_init(struct sudoku_grid_geom *g, int box)
{
	sudoku_grid_geom_init_shape(g, box, box);
}

void sudoku_grid_geom_init_shape(struct sudoku_grid_geom *g, int box_rows, int box_cols)
{
	struct sudoku_grid shape;
	sudoku_grid_init_shape(&shape, box_rows, box_cols);
	g->box = shape.box;
	g->box_rows = box_rows;
	g->box_cols = box_cols;
	g->side = shape.side;
	g->cells = shape.cells;
	g->units = 3 * g->side;
	int fill[SUDOKU_MAX_UNITS] = { 0 };
	for (int c = 0; c < g->cells; c++) {
		int u[3] = { sudoku_grid_row(&shape, c), g->side + sudoku_grid_col(&shape, c),
		             2 * g->side + sudoku_grid_box(&shape, c) };
		for (int k = 0; k < 3; k++) {
			g->cell_unit[c][k] = (uint16_t)u[k];
			g->unit_cell[u[k]][fill[u[k]]++] = (uint16_t)c;
		}
	}
	/* Peers in increasing order, each once: the cells sharing a unit. */
	for (int c = 0; c < g->cells; c++) {
		int n = 0;
		for (int d = 0; d < g->cells; d++) {
			if (d == c)
				continue;
			bool peer = false;
			for (int k = 0; k < 3; k++)
				peer |= g->cell_unit[c][k] == g->cell_unit[d][k];
			if (peer)
				g->peer[c][n++] = (uint16_t)d;
		}
		g->n_peers = n;
	}
}

/* The shared geometries, one per shape, made when first asked for and
 * never written after: the game and the solver threads share them. */
#define SHAPE_SLOTS 6
static _Atomic(struct sudoku_grid_geom *) shared[SHAPE_SLOTS][SHAPE_SLOTS];
static pthread_mutex_t shared_lock = PTHREAD_MUTEX_INITIALIZER;

const struct sudoku_grid_geom *sudoku_grid_geom_get(int box_rows, int box_cols)
{
	if (!sudoku_grid_shape_ok(box_rows, box_cols))
		return NULL;
	_Atomic(struct sudoku_grid_geom *) *slot = &shared[box_rows][box_cols];
	struct sudoku_grid_geom *g = atomic_load_explicit(slot, memory_order_acquire);
	if (g)
		return g;
	pthread_mutex_lock(&shared_lock);
	g = atomic_load_explicit(slot, memory_order_relaxed);
	if (!g) {
		g = xmalloc(sizeof *g);
		sudoku_grid_geom_init_shape(g, box_rows, box_cols);
		atomic_store_explicit(slot, g, memory_order_release);
	}
	pthread_mutex_unlock(&shared_lock);
	return g;
}

const struct sudoku_grid_geom *sudoku_grid_geom_of(const struct sudoku_grid *g)
{
	if (g->side != g->box_rows * g->box_cols || g->cells != g->side * g->side)
		return NULL;
	return sudoku_grid_geom_get(g->box_rows, g->box_cols);
}

bool sudoku_grid_in_unit(const struct sudoku_grid_geom *geo, int cell, int u)
{
	const uint16_t *cu = geo->cell_unit[cell];
	return cu[0] == u || cu[1] == u || cu[2] == u;
}

void sudoku_grid_init(struct sudoku_grid *g, int box)
{
	sudoku_grid_init_shape(g, box, box);
}

void sudoku_grid_init_shape(struct sudoku_grid *g, int box_rows, int box_cols)
{
	/* All of it, the room a small grid does not use too: grids are
	 * compared whole (memcmp) */
	memset(g, 0, sizeof *g);
	g->box_rows = box_rows;
	g->box_cols = box_cols;
	g->box = box_rows == box_cols ? box_rows : 0;
	g->side = box_rows * box_cols;
	g->cells = g->side * g->side;
}

/* Each character's digit plus one, on a grid of any side: 1 for a blank
 * ('.' or '0'), 2-26 for 1-9 and A-P (a-p), 0 for none.  The common line
 * is read by table, one look a character; only a line with a fault in it
 * is read again character by character, to say which and why. */
static const uint8_t char_code[256] = {
	['.'] = 1, ['0'] = 1,
	['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
#define LETTER(k) [(unsigned char)('A' + (k))] = 11 + (k), [(unsigned char)('a' + (k))] = 11 + (k)
	LETTER(0), LETTER(1), LETTER(2), LETTER(3), LETTER(4), LETTER(5), LETTER(6), LETTER(7),
	LETTER(8), LETTER(9), LETTER(10), LETTER(11), LETTER(12), LETTER(13), LETTER(14), LETTER(15),
#undef LETTER
};

int sudoku_grid_char_digit(char ch, int side)
{
	int d;
	if (ch == '.' || ch == '0')
		return 0;
	if (ch >= '1' && ch <= '9')
		d = ch - '0';
	else if (ch >= 'A' && ch <= 'P')
		d = ch - 'A' + 10;
	else if (ch >= 'a' && ch <= 'p')
		d = ch - 'a' + 10;
	else
		return -1;
	return d <= side ? d : -1;
}

/* The digits a side is written with, for a message: "1-9", "1-9 and A-G". */
static void digit_range(int side, char *buf, size_t size)
{
	if (side <= 9)
		snprintf(buf, size, "a digit 1-%d", side);
	else if (side == 10)
		snprintf(buf, size, "a digit 1-9 or A");
	else
		snprintf(buf, size, "a digit 1-9 or A-%c", sudoku_grid_digit_char(side));
}

/* A box shape at the start of a line: "RxC:", its length (0: none). */
static size_t shape_prefix(const char *line, size_t len, int *rows, int *cols)
{
	if (len >= 4 && line[0] >= '1' && line[0] <= '9' && line[1] == 'x' && line[2] >= '1' && line[2] <= '9' &&
	    line[3] == ':') {
		*rows = line[0] - '0';
		*cols = line[2] - '0';
		return 4;
	}
	return 0;
}

/* Is a 16x16 line written 0-F, '0' a digit: '0' and '.' both in it, no G? */
static bool zero_based(const char *line, size_t len)
{
	bool zero = false, dot = false;
	for (size_t i = 0; i < len; i++) {
		zero |= line[i] == '0';
		dot |= line[i] == '.';
		if (line[i] == 'G' || line[i] == 'g')
			return false;
	}
	return zero && dot;
}

static bool bad_char(const char *line, size_t i, size_t at, int side, char *why, size_t why_size, int *col)
{
	char ch = line[i], range[32];
	digit_range(side, range, sizeof range);
	*col = (int)(i + at) + 1;
	if ((unsigned char)ch < 32 || (unsigned char)ch >= 127)
		snprintf(why, why_size, "character %d is not a digit, '.' or '0' (byte 0x%02x)", *col, (unsigned char)ch);
	else
		snprintf(why, why_size, "character %d is '%c', not %s, '.' or '0'", *col, ch, range);
	return false;
}

/* The side of a grid of len cells, 0 if none has that many. */
static int side_of_cells(size_t len)
{
	static const int sides[] = { 4, 6, 9, 12, 16, 25 };
	for (size_t k = 0; k < sizeof sides / sizeof sides[0]; k++)
		if (len == (size_t)(sides[k] * sides[k]))
			return sides[k];
	return 0;
}

/* The cells of a line of a grid of that side into v by the table: false
 * if a character is none of its digits or blanks.  Up to 9x9, where the
 * digits are '1'-'9' only, sixteen characters at a time first (GCC's and
 * Clang's vector types: SSE2 on any x86-64): a 9x9 line in five steps
 * and one look. */
static bool cells_by_table(const char *line, size_t len, int side, uint8_t *v)
{
	unsigned bad = 0;
	size_t i = 0;
#if defined(__GNUC__) || defined(__clang__)
	typedef uint8_t bytes __attribute__((vector_size(16)));
	if (side <= 9) {
		const bytes zero = { 0 }, zero_char = zero + '0', dot = zero + '.', top = zero + (uint8_t)side;
		bytes wrong = zero;
		for (; i + sizeof(bytes) <= len; i += sizeof(bytes)) {
			bytes x;
			memcpy(&x, line + i, sizeof x);
			bytes d = (x - zero_char) & ~(bytes)(x == dot); /* '.' and '0' are 0 */
			wrong |= (bytes)(d > top);  /* not a digit of the side (below '0' wraps) */
			memcpy(v + i, &d, sizeof d);
		}
		uint64_t w[2];
		memcpy(w, &wrong, sizeof w);
		bad = (w[0] | w[1]) != 0;
	}
#endif
	for (; i < len; i++) {
		unsigned d = (unsigned)char_code[(unsigned char)line[i]] - 1;
		bad |= d > (unsigned)side; /* no digit (0 - 1 wraps) or past the side */
		v[i] = (uint8_t)d;
	}
	return !bad;
}

bool sudoku_grid_parse_line(const char *line, size_t len, struct sudoku_grid *g, char *why, size_t why_size, int *col)
{
	*col = 0;
	while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
		len--;
	int rows = 0, cols = 0;
	size_t at = shape_prefix(line, len, &rows, &cols);
	if (at && !sudoku_grid_shape_ok(rows, cols)) {
		*col = 1;
		snprintf(why, why_size, "no grid has boxes of %dx%d (see linkdance --help)", rows, cols);
		return false;
	}
	line += at;
	len -= at;
	int side = side_of_cells(len);
	if (at && side && rows * cols != side) {
		*col = 1;
		snprintf(why, why_size, "boxes of %dx%d make a %dx%d grid, not one of %zu cells", rows, cols,
		         rows * cols, rows * cols, len);
		return false;
	}
	/* A bad character says more than a wrong length, so look for one first
	 * (with the digits of the largest grid when the length fits none). */
	int any = side ? side : SUDOKU_MAX_SIDE;
	bool zero_digit = side == 16 && zero_based(line, len);
	uint8_t v[SUDOKU_MAX_CELLS];
	/* the common line by table; one it finds a fault in, one by one */
	bool read = side && !zero_digit && cells_by_table(line, len, side, v);
	for (size_t i = 0; !read && i < len && i < SUDOKU_MAX_CELLS; i++) {
		int d;
		if (zero_digit)
			d = line[i] == '.' ? 0 : line[i] == '0' ? 1 : sudoku_grid_char_digit(line[i], 15) + 1;
		else
			d = sudoku_grid_char_digit(line[i], any);
		if (d < 0 || (zero_digit && d == 0 && line[i] != '.'))
			return bad_char(line, i, at, zero_digit ? 15 : any, why, why_size, col);
		v[i] = (uint8_t)d;
	}
	if (!side) {
		snprintf(why, why_size, "a line has 81 characters (or 16, 36, 144, 256, 625), not %zu", len);
		return false;
	}
	if (!g)
		return true;
	if (!at)
		sudoku_grid_default_shape(side, &rows, &cols);
	sudoku_grid_init_shape(g, rows, cols);
	memcpy(g->v, v, (size_t)g->cells);
	return true;
}

void sudoku_grid_format(const struct sudoku_grid *g, char *buf)
{
	/* by table: a batch writes a line for every answer */
	static const char written[SUDOKU_MAX_SIDE + 2] = ".123456789ABCDEFGHIJKLMNOP";
	if (!sudoku_grid_default_shaped(g))
		buf += sprintf(buf, "%dx%d:", g->box_rows, g->box_cols);
	for (int c = 0; c < g->cells; c++)
		buf[c] = written[g->v[c] <= SUDOKU_MAX_SIDE ? g->v[c] : 0];
	buf[g->cells] = '\0';
}

bool sudoku_grid_candidates(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo, sudoku_grid_mask *cand)
{
	sudoku_grid_mask used[SUDOKU_MAX_UNITS] = { 0 };
	bool ok = true;
	for (int c = 0; c < g->cells; c++) {
		if (!g->v[c])
			continue;
		for (int k = 0; k < 3; k++) {
			int u = geo->cell_unit[c][k];
			if (used[u] & sudoku_grid_bit(g->v[c]))
				ok = false;
			used[u] |= sudoku_grid_bit(g->v[c]);
		}
	}
	for (int c = 0; c < g->cells; c++) {
		if (g->v[c]) {
			cand[c] = 0;
			continue;
		}
		const uint16_t *unit = geo->cell_unit[c];
		sudoku_grid_mask taken = used[unit[0]] | used[unit[1]] | used[unit[2]];
		cand[c] = (sudoku_grid_mask)(sudoku_grid_all(g->side) & ~taken);
		if (!cand[c])
			ok = false;
	}
	return ok;
}

bool sudoku_grid_first_clash(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo, int *a, int *b, int *unit)
{
	int best_a = -1, best_b = -1, best_u = -1;
	for (int u = 0; u < geo->units; u++) {
		int seen[SUDOKU_MAX_SIDE + 1];
		for (int d = 0; d <= g->side; d++)
			seen[d] = -1;
		for (int i = 0; i < g->side; i++) {
			int c = geo->unit_cell[u][i], d = g->v[c];
			if (!d)
				continue;
			if (seen[d] >= 0) {
				if (best_a < 0 || seen[d] < best_a || (seen[d] == best_a && c < best_b))
					best_a = seen[d], best_b = c, best_u = u;
				break;
			}
			seen[d] = c;
		}
	}
	if (best_a < 0)
		return false;
	*a = best_a, *b = best_b, *unit = best_u;
	return true;
}

bool sudoku_grid_is_solved(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo)
{
	for (int u = 0; u < geo->units; u++) {
		sudoku_grid_mask seen = 0;
		for (int i = 0; i < g->side; i++) {
			int d = g->v[geo->unit_cell[u][i]];
			if (!d)
				return false;
			seen |= sudoku_grid_bit(d);
		}
		if (seen != sudoku_grid_all(g->side))
			return false;
	}
	return true;
}
