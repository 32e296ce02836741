#include "config.h"

#include "solver/sudoku/sudoku_grid.h"

#include <stdio.h>
#include <string.h>

void sudoku_grid_geom_init(struct sudoku_grid_geom *g, int box)
{
	memset(g, 0, sizeof *g);
	struct sudoku_grid shape;
	sudoku_grid_init(&shape, box);
	g->box = box;
	g->side = shape.side;
	g->cells = shape.cells;
	g->units = 3 * g->side;
	int fill[SUDOKU_GRID_MAX_UNITS] = { 0 };
	for (int c = 0; c < g->cells; c++) {
		int u[3] = { sudoku_grid_row(&shape, c), g->side + sudoku_grid_col(&shape, c),
		             2 * g->side + sudoku_grid_box(&shape, c) };
		for (int k = 0; k < 3; k++) {
			g->cell_unit[c][k] = (uint8_t)u[k];
			g->unit_cell[u[k]][fill[u[k]]++] = (uint8_t)c;
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
				g->peer[c][n++] = (uint8_t)d;
		}
		g->n_peers = n;
	}
}

void sudoku_grid_init(struct sudoku_grid *g, int box)
{
	memset(g, 0, sizeof *g);
	g->box = box;
	g->side = box * box;
	g->cells = g->side * g->side;
}

/* One more than what a character of a puzzle line stands for (0: none),
 * so that blanks and digits, which come in no order a branch predictor
 * could learn, cost no branch to tell apart. */
static const uint8_t cell_value[256] = {
	['.'] = 1, ['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5,
	['5'] = 6, ['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10,
};

bool sudoku_grid_parse_line(const char *line, size_t len, struct sudoku_grid *g, char *why, size_t why_size, int *col)
{
	*col = 0;
	while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
		len--;
	int box = 0;
	for (int b = 2; b <= SUDOKU_GRID_MAX_BOX; b++)
		if (len == (size_t)(b * b * b * b))
			box = b;
	/* A bad character says more than a wrong length, so look for one first;
	 * the digits read on the way (a batch solve reads every puzzle more
	 * than once: one pass, not two). */
	uint8_t v[SUDOKU_GRID_MAX_CELLS + 1];
	unsigned side = box ? (unsigned)(box * box) : SUDOKU_GRID_MAX_SIDE;
	for (size_t i = 0; i < len && i < SUDOKU_GRID_MAX_CELLS + 1; i++) {
		char ch = line[i];
		unsigned d = (unsigned)cell_value[(unsigned char)ch] - 1u;
		if (d <= side) {
			v[i] = (uint8_t)d;
			continue;
		}
		*col = (int)i + 1;
		if ((unsigned char)ch < 32 || (unsigned char)ch >= 127)
			snprintf(why, why_size, "character %zu is not a digit, '.' or '0' (byte 0x%02x)", i + 1,
			         (unsigned char)ch);
		else
			snprintf(why, why_size, "character %zu is '%c', not a digit 1-%d, '.' or '0'", i + 1, ch, (int)side);
		return false;
	}
	if (!box) {
		snprintf(why, why_size, "a puzzle line has 81 characters (16 for 4x4), not %zu", len);
		return false;
	}
	sudoku_grid_init(g, box);
	memcpy(g->v, v, (size_t)g->cells);
	return true;
}

void sudoku_grid_format(const struct sudoku_grid *g, char *buf)
{
	for (int c = 0; c < g->cells; c++)
		buf[c] = g->v[c] ? (char)('0' + g->v[c]) : '.';
	buf[g->cells] = '\0';
}

bool sudoku_grid_candidates(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo, sudoku_grid_mask *cand)
{
	sudoku_grid_mask used[SUDOKU_GRID_MAX_UNITS] = { 0 };
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
		const uint8_t *unit = geo->cell_unit[c];
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
		int seen[SUDOKU_GRID_MAX_SIDE + 1];
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
