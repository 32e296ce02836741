#include "config.h"

#include "puzzles/sudoku_gen.h"

#include <string.h>

#include "solver/sudoku/sudoku_bt.h"
#include "solver/sudoku/sudoku_fast.h"
#include "util/rng.h"

/* Removal orders tried on one full grid; the puzzle with the fewest clues
 * is kept (ties: the first).  A count, not a time, so that a seed makes
 * the same puzzle on every machine.  One: its median is 24 clues, the
 * most the game wants on 9x9, and it is about three times as quick as four
 * (median 23), which the generator needs to keep up with tdoku's. */
#define GEN_ORDERS 1

uint64_t sudoku_count(const struct sudoku_grid *g, uint64_t limit, const atomic_int *cancel)
{
	/* A cancelled count is the solutions found so far. */
	struct sudoku_fast_req req = { .limit = limit, .bar_cell = -1, .cancel = cancel };
	return sudoku_fast_count(g, &req);
}

/* Cells as a mask (up to 128 cells). */
struct cells {
	uint64_t w[2];
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
	struct cells set[GEN_WITNESSES];
	int n, next;
};

static bool witnessed(const struct witnesses *w, const struct cells *clue)
{
	for (int k = 0; k < w->n; k++)
		if (!(w->set[k].w[0] & clue->w[0]) && !(w->set[k].w[1] & clue->w[1]))
			return true;
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
	struct sudoku_fast_req req = { .limit = 1, .bar_cell = c, .bar_digit = d, .cancel = cancel,
		                    .first = w ? &second : NULL, .prefer = w ? w->full : NULL };
	uint64_t n = sudoku_fast_count(g, &req);
	*cancelled |= req.cancelled;
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
static bool random_full_grid(int box, struct rng *r, struct sudoku_grid *full, const atomic_int *cancel)
{
	struct sudoku_grid empty;
	sudoku_grid_init(&empty, box);
	struct sudoku_bt_count_req req = { .limit = 1, .bar_cell = -1, .rng = r, .cancel = cancel, .first = full };
	return sudoku_bt_count(&empty, &req) == 1;
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
static int unit_of(const struct sudoku_grid *p, int c, int k)
{
	return k == 0 ? sudoku_grid_row(p, c) : k == 1 ? p->side + sudoku_grid_col(p,
	                                                                           c) : 2 * p->side + sudoku_grid_box(p,
	                                                                                                              c);
}

static int unit_cell(const struct sudoku_grid *p, int u, int j)
{
	int k = u % p->side;
	switch (u / p->side) {
	case 0:
		return k * p->side + j;
	case 1:
		return j * p->side + k;
	default:
		return (k / p->box * p->box + j / p->box) * p->side + k % p->box * p->box + j % p->box;
	}
}

/* The clues' digits in each unit, as the search sees them before it
 * places anything. */
struct clue_units {
	sudoku_grid_mask used[SUDOKU_GRID_MAX_UNITS];
};

static void clue_put(const struct sudoku_grid *p, struct clue_units *cu, int c, int d, bool on)
{
	for (int k = 0; k < 3; k++) {
		int u = unit_of(p, c, k);
		cu->used[u] = on ? (sudoku_grid_mask)(cu->used[u] | sudoku_grid_bit(d))
		                 : (sudoku_grid_mask)(cu->used[u] & ~sudoku_grid_bit(d));
	}
}

static sudoku_grid_mask clue_cands(const struct sudoku_grid *p, const struct clue_units *cu, int c)
{
	return (sudoku_grid_mask)(sudoku_grid_all(p->side) & ~(cu->used[unit_of(p, c, 0)] | cu->used[unit_of(p, c, 1)] |
	                                         cu->used[unit_of(p, c, 2)]));
}

/* Do the clues of p alone put d in its blank cell c: d is the only digit
 * they leave c, or c the only blank cell of one of its units they leave
 * d?  Then every solution has d there: no search needs asking. */
static bool clues_force(const struct sudoku_grid *p, const struct clue_units *cu, int c, int d)
{
	if (clue_cands(p, cu, c) == sudoku_grid_bit(d))
		return true;
	for (int k = 0; k < 3; k++) {
		int u = unit_of(p, c, k), j = 0;
		for (; j < p->side; j++) {
			int x = unit_cell(p, u, j);
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
	int order[SUDOKU_GRID_MAX_CELLS], n = 0;
	for (int c = 0; c < p->cells; c++)
		if (!symmetric || c <= p->cells - 1 - c)
			order[n++] = c;
	shuffle(order, n, r);
	struct clue_units cu = { { 0 } };
	struct cells clue = { { 0 } };
	for (int c = 0; c < p->cells; c++) {
		clue_put(p, &cu, c, p->v[c], true);
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
		clue_put(p, &cu, c, d, false);
		cells_flip(&clue, c);
		if (twin != c) {
			clue_put(p, &cu, twin, dt, false);
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
			clue_put(p, &cu, c, d, true);
			cells_flip(&clue, c);
			if (twin != c) {
				clue_put(p, &cu, twin, dt, true);
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
	return sudoku_gen_minimal_orders(box, symmetric, seed, GEN_ORDERS, out, cancel);
}

bool sudoku_gen_minimal_orders(int box, bool symmetric, uint64_t seed, int orders, struct sudoku_grid *out,
                               const atomic_int *cancel)
{
	struct rng r;
	rng_seed(&r, seed);
	struct sudoku_grid full;
	if (!random_full_grid(box, &r, &full, cancel))
		return false;
	int best = -1;
	struct witnesses w = { .full = &full };
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
