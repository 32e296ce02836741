#include "config.h"

#include "solver/sudoku/sudoku_grid.h"

#include <stdio.h>
#include <string.h>

void sdk_geom_init(struct sdk_geom *g, int box)
{
	memset(g, 0, sizeof *g);
	struct sdk_grid shape;
	sdk_grid_init(&shape, box);
	g->box = box;
	g->side = shape.side;
	g->cells = shape.cells;
	g->units = 3 * g->side;
	int fill[SDK_MAX_UNITS] = { 0 };
	for (int c = 0; c < g->cells; c++) {
		int u[3] = { sdk_row(&shape, c), g->side + sdk_col(&shape, c), 2 * g->side + sdk_box(&shape, c) };
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

void sdk_grid_init(struct sdk_grid *g, int box)
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

bool sdk_parse_line(const char *line, size_t len, struct sdk_grid *g, char *why, size_t why_size, int *col)
{
	*col = 0;
	while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t' || line[len - 1] == '\r'))
		len--;
	int box = 0;
	for (int b = 2; b <= SDK_MAX_BOX; b++)
		if (len == (size_t)(b * b * b * b))
			box = b;
	/* A bad character says more than a wrong length, so look for one first;
	 * the digits read on the way (a batch solve reads every puzzle more
	 * than once: one pass, not two). */
	uint8_t v[SDK_MAX_CELLS + 1];
	unsigned side = box ? (unsigned)(box * box) : SDK_MAX_SIDE;
	for (size_t i = 0; i < len && i < SDK_MAX_CELLS + 1; i++) {
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
	sdk_grid_init(g, box);
	memcpy(g->v, v, (size_t)g->cells);
	return true;
}

void sdk_format(const struct sdk_grid *g, char *buf)
{
	for (int c = 0; c < g->cells; c++)
		buf[c] = g->v[c] ? (char)('0' + g->v[c]) : '.';
	buf[g->cells] = '\0';
}

bool sdk_candidates(const struct sdk_grid *g, const struct sdk_geom *geo, sdk_mask *cand)
{
	sdk_mask used[SDK_MAX_UNITS] = { 0 };
	bool ok = true;
	for (int c = 0; c < g->cells; c++) {
		if (!g->v[c])
			continue;
		for (int k = 0; k < 3; k++) {
			int u = geo->cell_unit[c][k];
			if (used[u] & sdk_bit(g->v[c]))
				ok = false;
			used[u] |= sdk_bit(g->v[c]);
		}
	}
	for (int c = 0; c < g->cells; c++) {
		if (g->v[c]) {
			cand[c] = 0;
			continue;
		}
		sdk_mask taken = used[geo->cell_unit[c][0]] | used[geo->cell_unit[c][1]] | used[geo->cell_unit[c][2]];
		cand[c] = (sdk_mask)(sdk_all(g->side) & ~taken);
		if (!cand[c])
			ok = false;
	}
	return ok;
}

bool sdk_first_clash(const struct sdk_grid *g, const struct sdk_geom *geo, int *a, int *b, int *unit)
{
	int best_a = -1, best_b = -1, best_u = -1;
	for (int u = 0; u < geo->units; u++) {
		int seen[SDK_MAX_SIDE + 1];
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

bool sdk_is_solved(const struct sdk_grid *g, const struct sdk_geom *geo)
{
	for (int u = 0; u < geo->units; u++) {
		sdk_mask seen = 0;
		for (int i = 0; i < g->side; i++) {
			int d = g->v[geo->unit_cell[u][i]];
			if (!d)
				return false;
			seen |= sdk_bit(d);
		}
		if (seen != sdk_all(g->side))
			return false;
	}
	return true;
}
