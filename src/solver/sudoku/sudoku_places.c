#include "config.h"

#include "solver/sudoku/sudoku_places.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* A choice: a cell's digits, or the places (positions in the unit) of a
 * digit in a unit. */
struct choice {
	int cell;                 /* -1: a digit in a unit */
	int unit, digit;
	sudoku_grid_mask rest;    /* digits, or positions, not yet tried */
	int placed;               /* the cell filled by the try in place (-1: none) */
};

struct places {
	const struct sudoku_grid_geom *geo;
	struct sudoku_grid g;
	sudoku_grid_mask used[SUDOKU_MAX_UNITS];
	sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
	int blank;
	int bar_cell, bar_digit;
	struct choice at[SUDOKU_MAX_CELLS + 1];
};

static void put(struct places *k, int c, int d)
{
	const uint16_t *u = k->geo->cell_unit[c];
	sudoku_grid_mask bit = sudoku_grid_bit(d);
	k->g.v[c] = (uint8_t)d;
	k->used[u[0]] |= bit;
	k->used[u[1]] |= bit;
	k->used[u[2]] |= bit;
	k->blank--;
}

static void take(struct places *k, int c)
{
	const uint16_t *u = k->geo->cell_unit[c];
	sudoku_grid_mask keep = ~sudoku_grid_bit(k->g.v[c]);
	k->g.v[c] = 0;
	k->used[u[0]] &= keep;
	k->used[u[1]] &= keep;
	k->used[u[2]] &= keep;
	k->blank++;
}

/* The choice at a node: false for a dead end (a cell with no candidate,
 * or a digit a unit lacks with no place left). */
static bool choose(struct places *k, struct choice *ch)
{
	const struct sudoku_grid_geom *geo = k->geo;
	sudoku_grid_mask all = sudoku_grid_all(geo->side);
	int best_n = geo->side + 1;
	for (int c = 0; c < geo->cells; c++) {
		if (k->g.v[c]) {
			k->cand[c] = 0;
			continue;
		}
		const uint16_t *u = geo->cell_unit[c];
		sudoku_grid_mask m = all & ~(k->used[u[0]] | k->used[u[1]] | k->used[u[2]]);
		if (c == k->bar_cell)
			m &= ~sudoku_grid_bit(k->bar_digit);
		k->cand[c] = m;
		int n = sudoku_grid_popcount(m);
		if (n < best_n) {
			best_n = n;
			ch->cell = c;
			ch->rest = m;
			if (n == 0)
				return false;
		}
	}
	if (best_n <= 1)
		return true;
	for (int u = 0; u < geo->units; u++) {
		sudoku_grid_mask where[SUDOKU_MAX_SIDE + 1] = { 0 };
		for (int i = 0; i < geo->side; i++)
			for (sudoku_grid_mask m = k->cand[geo->unit_cell[u][i]]; m; m &= m - 1)
				where[sudoku_grid_first_digit(m)] |= (sudoku_grid_mask)1 << i;
		for (sudoku_grid_mask lack = all & ~k->used[u]; lack; lack &= lack - 1) {
			int d = sudoku_grid_first_digit(lack), n = sudoku_grid_popcount(where[d]);
			if (n < best_n) {
				best_n = n;
				ch->cell = -1;
				ch->unit = u;
				ch->digit = d;
				ch->rest = where[d];
				if (n <= 1)
					return n == 1;
			}
		}
	}
	return true;
}

/* The next way of a choice: its cell and digit, taken out of rest. */
static void next_way(const struct places *k, struct choice *ch, struct rng *r, const struct sudoku_grid *prefer,
                     int *cell, int *digit)
{
	int pick;
	if (r)
		pick = sudoku_grid_kth_digit(ch->rest, rng_below(r, (uint64_t)sudoku_grid_popcount(ch->rest)));
	else
		pick = sudoku_grid_first_digit(ch->rest);
	if (prefer) {
		for (sudoku_grid_mask m = ch->rest; m; m &= m - 1) {
			int x = sudoku_grid_first_digit(m);
			int c = ch->cell >= 0 ? ch->cell : k->geo->unit_cell[ch->unit][x - 1];
			int d = ch->cell >= 0 ? x : ch->digit;
			if (prefer->v[c] == d) {
				pick = x;
				break;
			}
		}
	}
	ch->rest &= ~sudoku_grid_bit(pick);
	*cell = ch->cell >= 0 ? ch->cell : k->geo->unit_cell[ch->unit][pick - 1];
	*digit = ch->cell >= 0 ? pick : ch->digit;
}

static bool setup(struct places *k, const struct sudoku_grid *g, const struct sudoku_bt_count_req *req)
{
	k->geo = sudoku_grid_geom_of(g);
	if (!k->geo)
		return false;
	k->g = *g;
	memset(k->used, 0, sizeof k->used);
	k->blank = 0;
	k->bar_cell = req->bar_cell;
	k->bar_digit = req->bar_digit;
	for (int c = 0; c < g->cells; c++) {
		int d = g->v[c];
		if (!d) {
			k->blank++;
			continue;
		}
		for (int j = 0; j < 3; j++) {
			int u = k->geo->cell_unit[c][j];
			if (k->used[u] & sudoku_grid_bit(d))
				return false;
			k->used[u] |= sudoku_grid_bit(d);
		}
	}
	return !(req->bar_cell >= 0 && g->v[req->bar_cell] == req->bar_digit);
}

uint64_t sudoku_places_count(const struct sudoku_grid *g, struct sudoku_bt_count_req *req,
                             const struct sudoku_grid *prefer)
{
	/* about 20 KB for 25x25: on the heap, not a worker thread's stack */
	struct places *k = xmalloc(sizeof *k);
	uint64_t count = 0;
	req->nodes = 0;
	req->cancelled = req->gave_up = false;
	if (!setup(k, g, req))
		goto out;
	int level = 0;
	for (;;) {
		/* a node: a solution, a dead end or a choice */
		if (req->cancel && atomic_load_explicit(req->cancel, memory_order_relaxed)) {
			req->cancelled = true;
			goto out;
		}
		if (req->node_limit && req->nodes >= req->node_limit) {
			req->gave_up = true;
			goto out;
		}
		req->nodes++;
		struct choice *ch = &k->at[level];
		ch->placed = -1;
		if (k->blank == 0) {
			if (count++ == 0 && req->first)
				*req->first = k->g;
			if (req->limit && count >= req->limit)
				goto out;
			ch->rest = 0;
		} else if (!choose(k, ch)) {
			ch->rest = 0;
		}
		/* the next way here, or back up until there is one */
		while (!k->at[level].rest) {
			if (level == 0)
				goto out;
			level--;
			take(k, k->at[level].placed);
		}
		ch = &k->at[level];
		int c, d;
		next_way(k, ch, req->rng, prefer, &c, &d);
		put(k, c, d);
		ch->placed = c;
		level++;
	}
out:
	free(k);
	return count;
}
