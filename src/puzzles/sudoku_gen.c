#include "config.h"

#include "puzzles/sudoku_gen.h"

#include <string.h>

#include "solver/sudoku/sudoku_bt.h"
#include "solver/sudoku/sudoku_fast.h"
#include "solver/sudoku/sudoku_places.h"
#include "util/rng.h"

/* Removal orders tried on one full grid; the puzzle with the fewest clues
 * is kept (ties: the first).  A count, not a time, so that a seed makes
 * the same puzzle on every machine.  One: its median is 24 clues, the
 * most the game wants on 9x9, and it is about three times as quick as four
 * (median 23), which the generator needs to keep up with tdoku's. */
#define GEN_ORDERS 1

/* The most nodes a check that a clue may go searches on sizes past 9x9. */
#define GEN_CHECK_NODES 20000

/* Does the bitboard engine take g (square boxes, 9x9 at most)? */
static bool bitboard(const struct sudoku_grid *g)
{
	return g->box == g->box_rows && g->box >= 2 && g->box <= SUDOKU_GRID_MAX_BOX;
}

/* Solutions of g up to limit with cell c barred from d (c -1: none), the
 * first in *first and preferring *prefer, by the bitboard engine where it
 * serves, else by the counter of every size. */
static uint64_t count_barred(const struct sudoku_grid *g, uint64_t limit, int c, int d, struct sudoku_grid *first,
                             const struct sudoku_grid *prefer, const atomic_int *cancel, bool *cancelled,
                             bool *gave_up)
{
	*gave_up = false;
	uint64_t n;
	if (bitboard(g)) {
		struct sudoku_fast_req req = { .limit = limit, .bar_cell = c, .bar_digit = d, .cancel = cancel,
			                    .first = first, .prefer = prefer };
		n = sudoku_fast_count(g, &req);
		*cancelled |= req.cancelled;
	} else {
		/* The generator's checks (those with a prefer) give up past a
		 * budget: see other_solution. */
		struct sudoku_bt_count_req req = { .limit = limit, .bar_cell = c, .bar_digit = d, .cancel = cancel,
			                        .first = first, .node_limit = prefer ? GEN_CHECK_NODES : 0 };
		n = sudoku_places_count(g, &req, prefer);
		*cancelled |= req.cancelled;
		*gave_up = req.gave_up;
	}
	return n;
}

uint64_t sudoku_count(const struct sudoku_grid *g, uint64_t limit, const atomic_int *cancel)
{
	/* A cancelled count is the solutions found so far. */
	bool cancelled = false, gave_up;
	return count_barred(g, limit, -1, 0, NULL, NULL, cancel, &cancelled, &gave_up);
}

/* Cells as a mask (up to 625 cells; a 9x9 grid uses two words). */
#define CELL_WORDS ((SUDOKU_MAX_CELLS + 63) / 64)
struct cells {
	uint64_t w[CELL_WORDS];
};

static void cells_flip(struct cells *s, int c)
{
	s->w[c >> 6] ^= (uint64_t)1 << (c & 63);
}

/* Second solutions met, each as the cells where it differs from the full
 * grid.  A puzzle with no clue in such a set has that solution as well as
 * the full grid (it agrees with the full grid everywhere else): a later
 * removal order need not search to know that it has two. */
#define GEN_WITNESSES 64

struct witnesses {
	const struct sudoku_grid *full;
	int words;              /* of the cells in use */
	struct cells set[GEN_WITNESSES];
	int n, next;
};

static bool witnessed(const struct witnesses *w, const struct cells *clue)
{
	if (w->words == 2) {
		/* 9x9 and smaller: the loop below, unrolled */
		for (int k = 0; k < w->n; k++)
			if (!(w->set[k].w[0] & clue->w[0]) && !(w->set[k].w[1] & clue->w[1]))
				return true;
		return false;
	}
	for (int k = 0; k < w->n; k++) {
		uint64_t meet = 0;
		for (int i = 0; i < w->words; i++)
			meet |= w->set[k].w[i] & clue->w[i];
		if (!meet)
			return true;
	}
	return false;
}

/* Has g a solution with something other than digit d in cell c?  Asked of
 * a puzzle that had d as a clue in c and one solution, it says whether
 * taking the clue away lets a second solution in (kept in w, if not
 * NULL).  *cancelled if stopped. */
static bool other_solution(const struct sudoku_grid *g, int c, int d, struct witnesses *w, const atomic_int *cancel,
                           bool *cancelled)
{
	struct sudoku_grid second;
	bool gave_up;
	uint64_t n = count_barred(g, 1, c, d, w ? &second : NULL, w ? w->full : NULL, cancel, cancelled, &gave_up);
	/* A check that would search past the budget keeps its clue, as if
	 * it had met a second solution: the puzzle stays proven unique, if
	 * not quite minimal (on 25x25 some checks run for minutes). */
	if (gave_up)
		return true;
	if (n > 0 && w) {
		struct cells *set = &w->set[w->next];
		memset(set, 0, sizeof *set);
		for (int x = 0; x < g->cells; x++)
			if (second.v[x] != w->full->v[x])
				cells_flip(set, x);
		w->next = (w->next + 1) % GEN_WITNESSES;
		if (w->n < GEN_WITNESSES)
			w->n++;
	}
	return n > 0;
}

/* By the backtracker's counter, which can try digits in a random order:
 * the full grid of a seed stays the one it has always been. */
static bool random_full_grid(int box_rows, int box_cols, struct rng *r, struct sudoku_grid *full,
                             const atomic_int *cancel)
{
	struct sudoku_grid empty;
	sudoku_grid_init_shape(&empty, box_rows, box_cols);
	struct sudoku_bt_count_req req = { .limit = 1, .bar_cell = -1, .rng = r, .cancel = cancel, .first = full };
	if (bitboard(&empty))
		return sudoku_bt_count(&empty, &req) == 1;
	/* the plain backtracker can wander for minutes in a 25x25: this one
	 * places the digits a unit has one place for before guessing */
	return sudoku_places_count(&empty, &req, NULL) == 1;
}

static void shuffle(int *a, int n, struct rng *r)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint64_t)i + 1);
		int t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

static int clues(const struct sudoku_grid *g)
{
	int n = 0;
	for (int c = 0; c < g->cells; c++)
		n += g->v[c] != 0;
	return n;
}

/* Unit k (0 its row, 1 its column, 2 its box) of cell c, numbered as
 * sudoku_grid numbers units; and the j-th cell of unit u. */
static int unit_of(const struct sudoku_grid_geom *geo, int c, int k)
{
	return geo->cell_unit[c][k];
}

static int unit_cell(const struct sudoku_grid_geom *geo, int u, int j)
{
	return geo->unit_cell[u][j];
}

/* The clues' digits in each unit, as the search sees them before it
 * places anything. */
struct clue_units {
	const struct sudoku_grid_geom *geo;
	sudoku_grid_mask used[SUDOKU_MAX_UNITS];
};

static void clue_put(struct clue_units *cu, int c, int d, bool on)
{
	for (int k = 0; k < 3; k++) {
		int u = unit_of(cu->geo, c, k);
		cu->used[u] = on ? (sudoku_grid_mask)(cu->used[u] | sudoku_grid_bit(d))
		                 : (sudoku_grid_mask)(cu->used[u] & ~sudoku_grid_bit(d));
	}
}

static sudoku_grid_mask clue_cands(const struct sudoku_grid *p, const struct clue_units *cu, int c)
{
	const uint16_t *u = cu->geo->cell_unit[c];
	return (sudoku_grid_mask)(sudoku_grid_all(p->side) & ~(cu->used[u[0]] | cu->used[u[1]] | cu->used[u[2]]));
}

/* Do the clues of p alone put d in its blank cell c: d is the only digit
 * they leave c, or c the only blank cell of one of its units they leave
 * d?  Then every solution has d there: no search needs asking. */
static bool clues_force(const struct sudoku_grid *p, const struct clue_units *cu, int c, int d)
{
	if (clue_cands(p, cu, c) == sudoku_grid_bit(d))
		return true;
	for (int k = 0; k < 3; k++) {
		int u = unit_of(cu->geo, c, k), j = 0;
		for (; j < p->side; j++) {
			int x = unit_cell(cu->geo, u, j);
			if (x != c && !p->v[x] && (clue_cands(p, cu, x) & sudoku_grid_bit(d)))
				break;
		}
		if (j == p->side)
			return true;
	}
	return false;
}

/* Take the clues of the full grid p away in a random order, each (or each
 * pair half a turn apart) while the solution stays unique.  A clue that
 * cannot go now cannot go later either (taking clues away only lets more
 * solutions in), so one pass leaves p minimal (in pairs, if symmetric).
 * With best > 0, the pass gives up (false, *beaten) as soon as it cannot
 * end with fewer clues than best: the caller keeps the first of equals. */
static bool remove_clues(struct sudoku_grid *p, bool symmetric, struct rng *r, int best, bool *beaten,
                         struct witnesses *w, const atomic_int *cancel)
{
	int order[SUDOKU_MAX_CELLS], n = 0;
	for (int c = 0; c < p->cells; c++)
		if (!symmetric || c <= p->cells - 1 - c)
			order[n++] = c;
	shuffle(order, n, r);
	struct clue_units cu = { .geo = sudoku_grid_geom_of(p) };
	struct cells clue = { { 0 } };
	for (int c = 0; c < p->cells; c++) {
		clue_put(&cu, c, p->v[c], true);
		cells_flip(&clue, c);
	}
	/* clues now, and at most how many more can go */
	int now = p->cells, may_go = p->cells;
	bool cancelled = false;
	*beaten = false;
	for (int i = 0; i < n && !cancelled; i++) {
		if (best > 0 && now - may_go >= best) {
			*beaten = true;
			return false;
		}
		int c = order[i], twin = symmetric ? p->cells - 1 - c : c;
		int d = p->v[c], dt = p->v[twin];
		may_go -= twin == c ? 1 : 2;
		p->v[c] = p->v[twin] = 0;
		clue_put(&cu, c, d, false);
		cells_flip(&clue, c);
		if (twin != c) {
			clue_put(&cu, twin, dt, false);
			cells_flip(&clue, twin);
		}
		/* a second solution differs from the first in c or in its twin */
		bool other = witnessed(w, &clue) ||
		             (!clues_force(p, &cu, c, d) && other_solution(p, c, d, w, cancel, &cancelled)) ||
		             (twin != c && !clues_force(p, &cu, twin, dt) &&
		              other_solution(p, twin, dt, w, cancel, &cancelled));
		if (other) {
			p->v[c] = (uint8_t)d;
			p->v[twin] = (uint8_t)dt;
			clue_put(&cu, c, d, true);
			cells_flip(&clue, c);
			if (twin != c) {
				clue_put(&cu, twin, dt, true);
				cells_flip(&clue, twin);
			}
		} else {
			now -= twin == c ? 1 : 2;
		}
	}
	return !cancelled;
}

bool sudoku_gen_minimal(int box, bool symmetric, uint64_t seed, struct sudoku_grid *out, const atomic_int *cancel)
{
	return sudoku_gen_minimal_shape(box, box, symmetric, seed, GEN_ORDERS, out, cancel);
}

bool sudoku_gen_minimal_orders(int box, bool symmetric, uint64_t seed, int orders, struct sudoku_grid *out,
                               const atomic_int *cancel)
{
	return sudoku_gen_minimal_shape(box, box, symmetric, seed, orders, out, cancel);
}

bool sudoku_gen_minimal_shape(int box_rows, int box_cols, bool symmetric, uint64_t seed, int orders,
                              struct sudoku_grid *out, const atomic_int *cancel)
{
	struct rng r;
	rng_seed(&r, seed);
	struct sudoku_grid full;
	if (!random_full_grid(box_rows, box_cols, &r, &full, cancel))
		return false;
	int best = -1;
	struct witnesses w = { .full = &full, .words = (full.cells + 63) / 64 };
	if (orders < 1)
		orders = 1;
	for (int k = 0; k < orders; k++) {
		struct sudoku_grid p = full;
		bool beaten;
		if (!remove_clues(&p, symmetric, &r, best, &beaten, &w, cancel)) {
			if (beaten)
				continue;
			return false;
		}
		if (best < 0 || clues(&p) < best) {
			best = clues(&p);
			*out = p;
		}
	}
	return true;
}

bool sudoku_is_minimal(const struct sudoku_grid *g)
{
	if (sudoku_count(g, 2, NULL) != 1)
		return false;
	struct sudoku_grid p = *g;
	bool cancelled = false;
	for (int c = 0; c < p.cells; c++) {
		int d = p.v[c];
		if (!d)
			continue;
		p.v[c] = 0;
		bool other = other_solution(&p, c, d, NULL, NULL, &cancelled);
		p.v[c] = (uint8_t)d;
		if (!other)
			return false;
	}
	return true;
}
