/* Sudoku for the clause solver (solver/clauses/sat.h), encoded so that
 * its search is Algorithm X's on the exact cover: a variable for each
 * cell and digit, "r3c5 is 7"; a positive clause for each of the exact
 * cover's items (a cell has a digit; a row, a column, a box has a
 * digit somewhere), so branching on the shortest one is Algorithm X's
 * MRV; negative clauses of two literals saying at most one digit per cell
 * and at most one place per digit in a row, a column, a box; and each
 * filled cell of the grid (a given or an entry) as a clause of one literal.
 *
 * Clauses in this order: the cells' clauses in reading order, then the
 * rows', the columns' and the boxes' (unit by unit, digit by digit, each
 * listing its cells in reading order), then the negative ones, then the
 * filled cells.  Two cells of a box in one row or column are already kept
 * apart by that row or column, so the box leaves those pairs out. */
#include "config.h"

#include "puzzles/sudoku_engines.h"
#include "puzzles/sudoku_puzzle.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/clauses/sat.h"
#include "util/xalloc.h"

struct sudoku_sat_engine {
	struct engine base;
	struct sudoku_grid g;         /* the grid it started from */
	const struct sudoku_grid_geom *geo; /* shared */
	struct sat *s;
	int neg_start;             /* the first negative clause */
	int fill_start;            /* the first filled cell's clause */
};

static struct sudoku_sat_engine *of(const struct engine *e)
{
	return (struct sudoku_sat_engine *)e;
}

/* Variable of digit d (1..side) in cell p, and back. */
static int var_of(const struct sudoku_grid *g, int p, int d)
{
	return p * g->side + d;
}

static int cell_of(const struct sudoku_grid *g, int v)
{
	return (v - 1) / g->side;
}

static int digit_of(const struct sudoku_grid *g, int v)
{
	return (v - 1) % g->side + 1;
}

static void add2(struct sat_formula *f, int a, int b)
{
	int l[2] = { -a, -b };
	sat_formula_add(f, l, 2);
}

static void build(struct sudoku_sat_engine *x, struct sat_formula *f)
{
	const struct sudoku_grid *g = &x->g;
	const struct sudoku_grid_geom *geo = x->geo;
	int side = g->side, lits[SUDOKU_MAX_CELLS];

	sat_formula_init(f, g->cells * side);
	for (int p = 0; p < g->cells; p++) {
		for (int d = 1; d <= side; d++)
			lits[d - 1] = var_of(g, p, d);
		sat_formula_add(f, lits, side);
	}
	for (int u = 0; u < geo->units; u++)
		for (int d = 1; d <= side; d++) {
			for (int i = 0; i < side; i++)
				lits[i] = var_of(g, geo->unit_cell[u][i], d);
			sat_formula_add(f, lits, side);
		}

	x->neg_start = f->n_clauses;
	for (int p = 0; p < g->cells; p++)
		for (int d = 1; d <= side; d++)
			for (int e = d + 1; e <= side; e++)
				add2(f, var_of(g, p, d), var_of(g, p, e));
	for (int u = 0; u < geo->units; u++) {
		bool box = u >= 2 * side;
		for (int d = 1; d <= side; d++)
			for (int i = 0; i < side; i++)
				for (int j = i + 1; j < side; j++) {
					int a = geo->unit_cell[u][i], b = geo->unit_cell[u][j];
					if (box &&
					    (sudoku_grid_row(g, a) == sudoku_grid_row(g, b) ||
					     sudoku_grid_col(g, a) == sudoku_grid_col(g, b)))
						continue;
					add2(f, var_of(g, a, d), var_of(g, b, d));
				}
	}

	x->fill_start = f->n_clauses;
	for (int p = 0; p < g->cells; p++)
		if (g->v[p]) {
			int l = var_of(g, p, g->v[p]);
			sat_formula_add(f, &l, 1);
		}
}

/* ---- the engine ---------------------------------------------------------- */

static void ops_free(struct engine *e)
{
	struct sudoku_sat_engine *x = of(e);
	sat_free(x->s);
	free(x);
}

static void ops_restart(struct engine *e)
{
	sat_restart(of(e)->s);
}

static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	return sat_run(of(e)->s, ctl);
}

static const struct engine_event *ops_event(const struct engine *e)
{
	return sat_event(of(e)->s);
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	return sat_stats(of(e)->s);
}

static double ops_progress(const struct engine *e)
{
	return sat_progress(of(e)->s);
}

static void ops_probe(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	sat_probe(of(e)->s, r, degrees, cap, depth, solution);
}


/* The cells the trail has filled that the start left blank, and their
 * digits: how many. */
static int trail_entries(const struct sudoku_sat_engine *x, int *cells, int *digits)
{
	const int *trail;
	int n = sat_trail(x->s, &trail), k = 0;
	for (int i = 0; i < n && k < SUDOKU_MAX_CELLS; i++) {
		int p = cell_of(&x->g, trail[i]);
		if (trail[i] < 0 || x->g.v[p])
			continue;
		cells[k] = p;
		digits[k++] = digit_of(&x->g, trail[i]);
	}
	return k;
}

static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	int cells[SUDOKU_MAX_CELLS], digits[SUDOKU_MAX_CELLS];
	int k = trail_entries(of(e), cells, digits);
	sudoku_path_add(&of(e)->g, cells, digits, k, out);
}

static void ops_path_line(const struct engine *e, char *buf, size_t size)
{
	int cells[SUDOKU_MAX_CELLS], digits[SUDOKU_MAX_CELLS];
	int k = trail_entries(of(e), cells, digits);
	sudoku_path_line(&of(e)->g, cells, digits, k, buf, size);
}

/* What a positive clause c says: a cell has a digit (*unit -1, *cell),
 * or unit *unit has digit *digit. */
static void positive_clause(const struct sudoku_sat_engine *x, int c, int *cell, int *unit, int *digit)
{
	int cells = x->g.cells;
	*cell = *unit = -1;
	*digit = 0;
	if (c < cells) {
		*cell = c;
	} else {
		*unit = (c - cells) / x->g.side;
		*digit = (c - cells) % x->g.side + 1;
	}
}

static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

/* The free places of clause c marked (the cells of its free literals). */
static void mark_free(const struct sudoku_sat_engine *x, int c, struct note *out)
{
	const int *lits;
	int n = sat_clause(x->s, c, &lits);
	for (int i = 0; i < n; i++)
		if (sat_value(x->s, lits[i] > 0 ? lits[i] : -lits[i]) == 0)
			note_cell(out, cell_of(&x->g, lits[i] > 0 ? lits[i] : -lits[i]));
}

/* The branch point (and the literal tried, if lit is not 0). */
static void branch_words(const struct sudoku_sat_engine *x, const struct engine_event *ev, int lit, struct note *out)
{
	const struct sudoku_grid *g = &x->g;
	char name[32], where[32];
	if (ev->subject < 0 || ev->subject >= x->neg_start) {
		/* Not a positive clause: a Sudoku never branches there. */
		if (lit > 0) {
			sudoku_cell_name(g, cell_of(g, lit), name, sizeof name);
			note_cell(out, cell_of(g, lit));
			note_say(out, "tries %d in %s", digit_of(g, lit), name);
		} else {
			note_say(out, "%d ways to go on", ev->choices);
		}
		return;
	}
	int cell, unit, digit;
	positive_clause(x, ev->subject, &cell, &unit, &digit);
	if (cell >= 0) {
		sudoku_cell_name(g, cell, name, sizeof name);
		note_cell(out, cell);
		if (lit > 0)
			note_say(out, "branches on %s: %d candidate%s, tries %d", name, ev->choices, plural(ev->choices),
			         digit_of(g, lit));
		else
			note_say(out, "branches on %s: %d candidate%s", name, ev->choices, plural(ev->choices));
		return;
	}
	sudoku_unit_name(g->side, unit, where, sizeof where);
	if (lit > 0) {
		sudoku_cell_name(g, cell_of(g, lit), name, sizeof name);
		note_cell(out, cell_of(g, lit));
		note_say(out, "a %d in %s has %d place%s: tries %s", digit, where, ev->choices, plural(ev->choices),
		         name);
	} else {
		mark_free(x, ev->subject, out);
		note_say(out, "a %d in %s has %d place%s", digit, where, ev->choices, plural(ev->choices));
	}
}

/* A dead end: clause c has every literal false. */
static void dead_end_words(const struct sudoku_sat_engine *x, int c, struct note *out)
{
	const struct sudoku_grid *g = &x->g;
	const int *lits;
	int n = sat_clause(x->s, c, &lits);
	char a[32], b[32], where[32];
	if (c < x->neg_start) {
		int cell, unit, digit;
		positive_clause(x, c, &cell, &unit, &digit);
		if (cell >= 0) {
			sudoku_cell_name(g, cell, a, sizeof a);
			note_cell(out, cell);
			note_say(out, "%s has no candidate left", a);
		} else {
			sudoku_unit_name(g->side, unit, where, sizeof where);
			for (int i = 0; i < n; i++)
				note_cell(out, cell_of(g, lits[i]));
			note_say(out, "no cell of %s can hold %d", where, digit);
		}
	} else if (c < x->fill_start && n == 2) {
		int v = -lits[0], w = -lits[1];
		int p = cell_of(g, v), q = cell_of(g, w);
		sudoku_cell_name(g, p, a, sizeof a);
		sudoku_cell_name(g, q, b, sizeof b);
		note_cell(out, p);
		note_cell(out, q);
		if (p == q)
			note_say(out, "%s cannot be both %d and %d", a, digit_of(g, v), digit_of(g, w));
		else
			note_say(out, "%s and %s cannot both be %d", a, b, digit_of(g, v));
	} else if (n == 1 && lits[0] > 0) {
		sudoku_cell_name(g, cell_of(g, lits[0]), a, sizeof a);
		note_cell(out, cell_of(g, lits[0]));
		note_say(out, "%s cannot be %d: it clashes with another digit", a, digit_of(g, lits[0]));
	} else {
		note_say(out, "a contradiction: takes it back");
	}
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct sudoku_sat_engine *x = of(e);
	const struct engine_event *ev = sat_event(x->s);
	char name[32];
	note_clear(out);
	switch (ev->kind) {
	case ENGINE_EV_NONE:
		note_say(out, "ready to search");
		break;
	case ENGINE_EV_CHOOSE:
		if (ev->choices == 0)
			dead_end_words(x, ev->subject, out);
		else
			branch_words(x, ev, 0, out);
		break;
	case ENGINE_EV_TRY:
		branch_words(x, ev, ev->choice, out);
		break;
	case ENGINE_EV_UNDO: {
		int v = ev->choice > 0 ? ev->choice : -ev->choice;
		sudoku_cell_name(&x->g, cell_of(&x->g, v), name, sizeof name);
		note_cell(out, cell_of(&x->g, v));
		if (ev->choice > 0)
			note_say(out, "takes back the %d in %s", digit_of(&x->g, v), name);
		else
			note_say(out, "takes back ruling %d out of %s", digit_of(&x->g, v), name);
		break;
	}
	case ENGINE_EV_PRUNE:
		note_say(out, "cuts a branch: %s", ev->why ? ev->why : "");
		break;
	case ENGINE_EV_SOLUTION:
		note_say(out, "every cell is filled: a solution");
		break;
	case ENGINE_EV_MEMO_HIT:
		note_say(out, "a position met before: its count is known");
		break;
	case ENGINE_EV_DONE:
		note_say(out, "every way has been tried");
		break;
	}
}

static const struct engine_ops sat_ops = {
	.name = "sat",
	.free = ops_free,
	.restart = ops_restart,
	.run = ops_run,
	.event = ops_event,
	.stats = ops_stats,
	.progress = ops_progress,
	.path_move = ops_path_move,
	.path_line = ops_path_line,
	.event_note = ops_event_note,
	.probe = ops_probe,
};

struct engine *sudoku_engine_sat_new(const struct sudoku_grid *g)
{
	if (!sudoku_engines_grid_ok(g))
		return NULL;
	struct sudoku_sat_engine *x = xcalloc(1, sizeof *x);
	x->base.ops = &sat_ops;
	x->g = *g;
	x->geo = sudoku_grid_geom_of(g);
	struct sat_formula f;
	build(x, &f);
	x->s = sat_new(&f);
	sat_formula_free(&f);
	return &x->base;
}
