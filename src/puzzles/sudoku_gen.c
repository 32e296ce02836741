#include "config.h"

#include "puzzles/sudoku_gen.h"

#include <string.h>

#include "solver/sudoku_bt.h"
#include "util/rng.h"

/* Removal orders tried on one full grid; the puzzle with the fewest clues
 * is kept (ties: the first).  A count, not a time, so that a seed makes
 * the same puzzle on every machine. */
#define GEN_ORDERS 4

uint64_t sudoku_count(const struct sdk_grid *g, uint64_t limit, const atomic_int *cancel)
{
	/* A cancelled count is the solutions found so far. */
	struct sdk_count_req req = { .limit = limit, .bar_cell = -1, .cancel = cancel };
	return sdk_count(g, &req);
}

/* Has g a solution with something other than digit d in cell c?  Asked of
 * a puzzle that had d as a clue in c and one solution, it says whether
 * taking the clue away lets a second solution in.  *cancelled if stopped. */
static bool other_solution(const struct sdk_grid *g, int c, int d, const atomic_int *cancel, bool *cancelled)
{
	struct sdk_count_req req = { .limit = 1, .bar_cell = c, .bar_digit = d, .cancel = cancel };
	uint64_t n = sdk_count(g, &req);
	*cancelled |= req.cancelled;
	return n > 0;
}

static bool random_full_grid(int box, struct rng *r, struct sdk_grid *full, const atomic_int *cancel)
{
	struct sdk_grid empty;
	sdk_grid_init(&empty, box);
	struct sdk_count_req req = { .limit = 1, .bar_cell = -1, .rng = r, .cancel = cancel, .first = full };
	return sdk_count(&empty, &req) == 1;
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

static int clues(const struct sdk_grid *g)
{
	int n = 0;
	for (int c = 0; c < g->cells; c++)
		n += g->v[c] != 0;
	return n;
}

/* Take the clues of the full grid p away in a random order, each (or each
 * pair half a turn apart) while the solution stays unique.  A clue that
 * cannot go now cannot go later either (taking clues away only lets more
 * solutions in), so one pass leaves p minimal (in pairs, if symmetric). */
static bool remove_clues(struct sdk_grid *p, bool symmetric, struct rng *r, const atomic_int *cancel)
{
	int order[SDK_MAX_CELLS], n = 0;
	for (int c = 0; c < p->cells; c++)
		if (!symmetric || c <= p->cells - 1 - c)
			order[n++] = c;
	shuffle(order, n, r);
	bool cancelled = false;
	for (int i = 0; i < n && !cancelled; i++) {
		int c = order[i], twin = symmetric ? p->cells - 1 - c : c;
		int d = p->v[c], dt = p->v[twin];
		p->v[c] = p->v[twin] = 0;
		/* a second solution differs from the first in c or in its twin */
		bool other = other_solution(p, c, d, cancel, &cancelled) ||
		             (twin != c && other_solution(p, twin, dt, cancel, &cancelled));
		if (other) {
			p->v[c] = (uint8_t)d;
			p->v[twin] = (uint8_t)dt;
		}
	}
	return !cancelled;
}

bool sudoku_gen_minimal(int box, bool symmetric, uint64_t seed, struct sdk_grid *out, const atomic_int *cancel)
{
	struct rng r;
	rng_seed(&r, seed);
	struct sdk_grid full;
	if (!random_full_grid(box, &r, &full, cancel))
		return false;
	int best = -1;
	for (int k = 0; k < GEN_ORDERS; k++) {
		struct sdk_grid p = full;
		if (!remove_clues(&p, symmetric, &r, cancel))
			return false;
		if (best < 0 || clues(&p) < best) {
			best = clues(&p);
			*out = p;
		}
	}
	return true;
}

bool sudoku_is_minimal(const struct sdk_grid *g)
{
	if (sudoku_count(g, 2, NULL) != 1)
		return false;
	struct sdk_grid p = *g;
	bool cancelled = false;
	for (int c = 0; c < p.cells; c++) {
		int d = p.v[c];
		if (!d)
			continue;
		p.v[c] = 0;
		bool other = other_solution(&p, c, d, NULL, &cancelled);
		p.v[c] = (uint8_t)d;
		if (!other)
			return false;
	}
	return true;
}
