#include "config.h"

#include "solver/sudoku/sudoku_bt.h"

#include <stdlib.h>
#include <string.h>

#include "solver/search.h"
#include "util/xalloc.h"

/* Each level fills one blank cell, and the solution is a node one level
 * below the last: room for every cell and one more. */
#define LEVELS (SUDOKU_MAX_CELLS + 1)

/* What a search changes: the grid, the digits each unit holds, and how
 * many cells are still blank. */
struct board {
	struct sudoku_grid g;
	sudoku_grid_mask used[SUDOKU_MAX_UNITS];
	int blank_left;
};

struct sudoku_bt {
	enum sudoku_bt_rule rule;
	const struct sudoku_grid_geom *geo; /* shared (sudoku_grid_geom_get) */
	struct sudoku_grid start;
	struct board root, now;
	int blank[SUDOKU_MAX_CELLS];   /* the blank cells of start, in reading order */
	int n_blank;
	bool clash;
	int clash_a, clash_b, clash_unit;

	struct search search;       /* the phase, the level, each level's degree and kth, the counters */
	int cell[LEVELS];           /* the cell branched on at each level */
	sudoku_grid_mask rest[LEVELS];      /* its digits not yet tried */
	int digit[LEVELS];          /* the digit in place */
	int degree[LEVELS], kth[LEVELS];  /* the search's (search_init_fixed) */
	u128 sol_at_try[LEVELS];
};

static sudoku_grid_mask candidates(const struct sudoku_grid_geom *geo, const struct board *bd, int c)
{
	const uint16_t *u = geo->cell_unit[c];
	return (sudoku_grid_mask)(sudoku_grid_all(geo->side) & ~(bd->used[u[0]] | bd->used[u[1]] | bd->used[u[2]]));
}

static void put(const struct sudoku_grid_geom *geo, struct board *bd, int c, int d)
{
	const uint16_t *u = geo->cell_unit[c];
	sudoku_grid_mask bit = sudoku_grid_bit(d);
	bd->g.v[c] = (uint8_t)d;
	bd->used[u[0]] |= bit;
	bd->used[u[1]] |= bit;
	bd->used[u[2]] |= bit;
	bd->blank_left--;
}

static void take(const struct sudoku_grid_geom *geo, struct board *bd, int c)
{
	const uint16_t *u = geo->cell_unit[c];
	sudoku_grid_mask keep = (sudoku_grid_mask)~sudoku_grid_bit(bd->g.v[c]);
	bd->g.v[c] = 0;
	bd->used[u[0]] &= keep;
	bd->used[u[1]] &= keep;
	bd->used[u[2]] &= keep;
	bd->blank_left++;
}

/* The cell to branch on at this level, by the rule; *cand gets its
 * candidates.  A clash of givens makes the root a dead end. */
static int choose(const struct sudoku_bt *b, const struct board *bd, int level, sudoku_grid_mask *cand, uint64_t *mems)
{
	if (b->clash) {
		*cand = 0;
		return b->clash_b;
	}
	if (b->rule == SUDOKU_BT_SEQ) {
		/* Every blank before blank[level] has been filled on the way
		 * down, in reading order: that one is the first blank now.  The
		 * scan from the last cell filled is charged as if made. */
		int c = b->blank[level];
		*mems += (uint64_t)(c - (level ? b->blank[level - 1] : -1)) + 3;
		*cand = candidates(b->geo, bd, c);
		return c;
	}
	int best = -1, best_n = SUDOKU_MAX_SIDE + 1;
	sudoku_grid_mask best_cand = 0;
	for (int i = 0; i < b->n_blank; i++) {
		int c = b->blank[i];
		*mems += 1;
		if (bd->g.v[c])
			continue;
		*mems += 3;
		sudoku_grid_mask m = candidates(b->geo, bd, c);
		int n = sudoku_grid_popcount(m);
		if (n < best_n) {
			best = c, best_n = n, best_cand = m;
			if (n == 0)
				break;
		}
	}
	*cand = best_cand;
	return best;
}

static void load_root(struct sudoku_bt *b)
{
	struct board *bd = &b->root;
	memset(bd, 0, sizeof *bd);
	bd->g = b->start;
	b->n_blank = 0;
	for (int c = 0; c < b->start.cells; c++) {
		int d = b->start.v[c];
		if (!d) {
			b->blank[b->n_blank++] = c;
			continue;
		}
		for (int k = 0; k < 3; k++)
			bd->used[b->geo->cell_unit[c][k]] |= sudoku_grid_bit(d);
	}
	bd->blank_left = b->n_blank;
	b->clash = sudoku_grid_first_clash(&b->start, b->geo, &b->clash_a, &b->clash_b, &b->clash_unit);
}

struct sudoku_bt *sudoku_bt_new(const struct sudoku_grid *g, enum sudoku_bt_rule rule)
{
	struct sudoku_bt *b = xcalloc(1, sizeof *b);
	b->rule = rule;
	b->start = *g;
	b->geo = sudoku_grid_geom_of(g);
	load_root(b);
	struct search_levels arrays = { .degree = b->degree, .kth = b->kth, .sol_at_try = b->sol_at_try };
	search_init_fixed(&b->search, LEVELS, &arrays, b->n_blank + 2);
	sudoku_bt_restart(b);
	return b;
}

void sudoku_bt_free(struct sudoku_bt *b)
{
	if (!b)
		return;
	search_free(&b->search);
	free(b);
}

void sudoku_bt_restart(struct sudoku_bt *b)
{
	b->now = b->root;
	search_restart(&b->search);
}

/* ---- the hooks of the search (search.h) ---------------------------------- */

/* A solution when no cell is blank; else the cell to branch on, its
 * candidates the choices (none: a dead end).  1 mem to enter. */
SEARCH_HOOK enum search_node bt_enter(void *eng, int level)
{
	struct sudoku_bt *b = eng;
	struct search *s = &b->search;
	s->st.mems++;
	b->digit[level] = 0;
	if (b->now.blank_left == 0 && !b->clash)
		return SEARCH_SOLUTION;
	sudoku_grid_mask cand;
	b->cell[level] = choose(b, &b->now, level, &cand, &s->st.mems);
	b->rest[level] = cand;
	s->degree[level] = sudoku_grid_popcount(cand);
	return SEARCH_BRANCH;
}

/* The cell's next digit, in increasing order, placed. */
SEARCH_HOOK enum search_step bt_try_next(void *eng, int level)
{
	struct sudoku_bt *b = eng;
	struct search *s = &b->search;
	if (!b->rest[level])
		return SEARCH_NONE_LEFT;
	int d = sudoku_grid_first_digit(b->rest[level]);
	b->rest[level] &= (sudoku_grid_mask)~sudoku_grid_bit(d);
	b->digit[level] = d;
	s->kth[level]++;
	put(b->geo, &b->now, b->cell[level], d);
	s->st.updates++;
	s->st.mems += 4;
	return SEARCH_TRIED_ONE;
}

SEARCH_HOOK void bt_undo(void *eng, int level)
{
	struct sudoku_bt *b = eng;
	take(b->geo, &b->now, b->cell[level]);
	b->search.st.mems += 4;
}

static void bt_describe(void *eng, struct engine_event *ev)
{
	const struct sudoku_bt *b = eng;
	if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->subject = b->cell[ev->level];
	if (ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->choice = b->digit[ev->level];
}

static const struct search_hooks bt_hooks = {
	.enter = bt_enter,
	.try_next = bt_try_next,
	.undo = bt_undo,
	.describe = bt_describe,
};

enum engine_status sudoku_bt_run(struct sudoku_bt *b, const struct engine_ctl *ctl)
{
	return search_run(&b->search, &bt_hooks, b, ctl);
}

const struct engine_event *sudoku_bt_event(const struct sudoku_bt *b)
{
	return &b->search.ev;
}

const struct search_stats *sudoku_bt_stats(const struct sudoku_bt *b)
{
	return &b->search.st;
}

double sudoku_bt_progress(const struct sudoku_bt *b)
{
	return search_progress(&b->search, false);
}

void sudoku_bt_probe(struct sudoku_bt *b, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	struct board bd = b->root;
	uint64_t mems = 0;
	int level = 0;
	*solution = false;
	for (;;) {
		if (bd.blank_left == 0 && !b->clash) {
			*solution = true;
			break;
		}
		sudoku_grid_mask cand;
		int c = choose(b, &bd, level, &cand, &mems);
		int deg = sudoku_grid_popcount(cand);
		if (deg == 0)
			break;
		put(b->geo, &bd, c, sudoku_grid_kth_digit(cand, rng_below(r, (uint64_t)deg)));
		if (level == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*degrees = xreallocarray(*degrees, (size_t)*cap, sizeof **degrees);
		}
		(*degrees)[level++] = deg;
	}
	*depth = level;
}

int sudoku_bt_path(const struct sudoku_bt *b, int *cells, int *digits)
{
	int n = search_path_len(&b->search);
	for (int l = 0; l < n; l++) {
		cells[l] = b->cell[l];
		digits[l] = b->digit[l];
	}
	return n;
}

const struct sudoku_grid *sudoku_bt_start(const struct sudoku_bt *b)
{
	return &b->start;
}

bool sudoku_bt_undo_solved(const struct sudoku_bt *b)
{
	return search_undo_solved(&b->search);
}

bool sudoku_bt_clash(const struct sudoku_bt *b, int *a, int *c, int *unit)
{
	if (!b->clash)
		return false;
	*a = b->clash_a, *c = b->clash_b, *unit = b->clash_unit;
	return true;
}

/* ---- the lean counter ---------------------------------------------------- */

/* A random digit of m (m nonzero). */
static int random_digit(struct rng *r, sudoku_grid_mask m)
{
	return sudoku_grid_kth_digit(m, rng_below(r, (uint64_t)sudoku_grid_popcount(m)));
}

/* The state of sudoku_bt_count: the blank cells, those filled so far swapped to
 * the front in the order filled, so the scan for the next cell skips
 * them. */
struct counter {
	const struct sudoku_grid_geom *geo;
	struct board bd;
	int cells[SUDOKU_MAX_CELLS];
	sudoku_grid_mask rest[LEVELS];
	int n;
};

/* The blank cell at or after position level with the fewest candidates,
 * swapped to position level; its candidates (0: a dead end). */
static sudoku_grid_mask count_choose(struct counter *k, int level, const struct sudoku_bt_count_req *req)
{
	int best = level, best_n = SUDOKU_MAX_SIDE + 1;
	sudoku_grid_mask best_m = 0;
	for (int i = level; i < k->n; i++) {
		int c = k->cells[i];
		sudoku_grid_mask m = candidates(k->geo, &k->bd, c);
		if (c == req->bar_cell)
			m &= (sudoku_grid_mask)~sudoku_grid_bit(req->bar_digit);
		int n = sudoku_grid_popcount(m);
		if (n < best_n) {
			best = i, best_n = n, best_m = m;
			if (n <= 1)
				break;
		}
	}
	int t = k->cells[level];
	k->cells[level] = k->cells[best];
	k->cells[best] = t;
	return best_m;
}

static bool count_setup(struct counter *k, const struct sudoku_grid *g, const struct sudoku_bt_count_req *req)
{
	k->geo = sudoku_grid_geom_of(g);
	memset(&k->bd, 0, sizeof k->bd);
	k->bd.g = *g;
	k->n = 0;
	for (int c = 0; c < g->cells; c++) {
		int d = g->v[c];
		if (!d) {
			k->cells[k->n++] = c;
			continue;
		}
		for (int j = 0; j < 3; j++) {
			int u = k->geo->cell_unit[c][j];
			if (k->bd.used[u] & sudoku_grid_bit(d))
				return false;
			k->bd.used[u] |= sudoku_grid_bit(d);
		}
	}
	k->bd.blank_left = k->n;
	return !(req->bar_cell >= 0 && g->v[req->bar_cell] && g->v[req->bar_cell] == req->bar_digit);
}

uint64_t sudoku_bt_count(const struct sudoku_grid *g, struct sudoku_bt_count_req *req)
{
	struct counter kk, *k = &kk;
	uint64_t count = 0;
	req->nodes = 0;
	req->cancelled = false;
	if (!count_setup(k, g, req))
		goto out;
	int level = 0;
	for (;;) {
		/* a node: the cell at position level, or a solution */
		if (req->cancel && atomic_load_explicit(req->cancel, memory_order_relaxed)) {
			req->cancelled = true;
			goto out;
		}
		req->nodes++;
		if (level == k->n) {
			if (count++ == 0 && req->first)
				*req->first = k->bd.g;
			if (req->limit && count >= req->limit)
				goto out;
			k->rest[level] = 0;
		} else {
			k->rest[level] = count_choose(k, level, req);
		}
		/* the next digit here, or back up until there is one */
		while (!k->rest[level]) {
			if (level == 0)
				goto out;
			level--;
			take(k->geo, &k->bd, k->cells[level]);
		}
		int d = req->rng ? random_digit(req->rng, k->rest[level]) : sudoku_grid_first_digit(k->rest[level]);
		k->rest[level] &= (sudoku_grid_mask)~sudoku_grid_bit(d);
		put(k->geo, &k->bd, k->cells[level], d);
		level++;
	}
out:
	return count;
}
