#include "config.h"

#include "solver/range/range_clauses.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/clauses/sat.h"
#include "util/xalloc.h"

/* Variables: cell k shaded is k + 1; a split of a number is one of its own
 * after the cells, split_of[v - n - 1] saying whose and which. */
struct split_var {
	int cell;
	int len[4];
};

struct range_clauses {
	struct engine base;
	struct sat *s;
	struct range_grid *g;      /* the start */
	struct range_grid *region; /* the start with the solver's cells, for the region test */
	int n;                     /* cells */
	struct split_var *split_of;
	int n_splits, cap_splits;
	int *clause_number;        /* per clause: the number's cell its splits are, or -1 */
};

static struct range_clauses *of(const struct engine *e)
{
	return (struct range_clauses *)e;
}

/* ---- the formula -------------------------------------------------------- */

struct building {
	struct range_clauses *rc;
	struct sat_formula *f;
	int cell;
	int *lits, n_lits, cap_lits;
};

static void add2(struct sat_formula *f, int a, int b)
{
	int l[2] = { a, b };
	sat_formula_add(f, l, 2);
}

static void count_split(void *ctx, const int *split)
{
	(void)split;
	++*(int *)ctx;
}

/* A split of the number at b->cell: its variable, which implies the cells
 * it sees unshaded and the cell beyond each run shaded. */
static void add_split(void *ctx, const int *split)
{
	struct building *b = ctx;
	struct range_clauses *rc = b->rc;
	int v = rc->n + 1 + rc->n_splits;
	rc->split_of[rc->n_splits].cell = b->cell;
	memcpy(rc->split_of[rc->n_splits++].len, split, 4 * sizeof *split);
	if (b->n_lits == b->cap_lits) {
		b->cap_lits = b->cap_lits ? 2 * b->cap_lits : 64;
		b->lits = xrealloc(b->lits, (size_t)b->cap_lits * sizeof *b->lits);
	}
	b->lits[b->n_lits++] = v;
	for (int dir = 0; dir < 4; dir++) {
		int k = b->cell;
		for (int d = 0; d < split[dir]; d++) {
			k = range_grid_step(rc->g, k, dir);
			add2(b->f, -v, -(k + 1));
		}
		if ((k = range_grid_step(rc->g, k, dir)) >= 0)
			add2(b->f, -v, k + 1);
	}
}

/* Cells known, no two shaded side by side, and for each number one of its
 * splits (a positive clause, which the solver branches on first, as
 * Algorithm X on the numbers).  The connection of the unshaded cells is
 * not in the formula: a model whose unshaded cells are cut is refused as
 * it comes (the run below). */
static void build(struct range_clauses *rc, struct sat_formula *f)
{
	struct range_grid *g = rc->g;
	int total = 0;
	for (int i = 0; i < g->n_clues; i++)
		range_grid_each_split(g, g->clue_cells[i], count_split, &total);
	rc->split_of = xmalloc(((size_t)total + 1) * sizeof *rc->split_of);
	sat_formula_init(f, g->n + total);
	for (int k = 0; k < g->n; k++) {
		if (g->cell[k] != RANGE_UNKNOWN) {
			int unit = g->cell[k] == RANGE_BLACK ? k + 1 : -(k + 1);
			sat_formula_add(f, &unit, 1);
		}
		for (int dir = 1; dir <= 2; dir++)
			if (range_grid_step(g, k, dir) >= 0)
				add2(f, -(k + 1), -(range_grid_step(g, k, dir) + 1));
	}
	int *owner = xmalloc(((size_t)g->n_clues + 1) * 2 * sizeof *owner), n_owned = 0;
	struct building b = { .rc = rc, .f = f };
	for (int i = 0; i < g->n_clues; i++) {
		b.cell = g->clue_cells[i];
		b.n_lits = 0;
		range_grid_each_split(g, b.cell, add_split, &b);
		owner[2 * n_owned] = sat_formula_add(f, b.lits, b.n_lits);
		owner[2 * n_owned++ + 1] = b.cell;
	}
	rc->clause_number = xmalloc(((size_t)f->n_clauses + 1) * sizeof *rc->clause_number);
	for (int c = 0; c < f->n_clauses; c++)
		rc->clause_number[c] = -1;
	for (int i = 0; i < n_owned; i++)
		if (owner[2 * i] >= 0)
			rc->clause_number[owner[2 * i]] = owner[2 * i + 1];
	free(owner);
	free(b.lits);
}

/* ---- the search --------------------------------------------------------- */

/* The rule of one region at every node (sat_rule): the unshaded cells
 * must still be joined, through cells not yet shaded; and a cell whose
 * shading would cut them in two is unshaded, the cut of the other two
 * engines.  Clauses would need a path through the grid for each pair of
 * cells to say it, so the grid says it: the solver's cells are copied
 * onto the start (those the start knows never change) and the region
 * looked at, O(cells) a node. */
static int region_rule(void *ctx, const struct sat *s, int *forced, uint64_t *mems)
{
	struct range_clauses *rc = ctx;
	struct range_grid *g = rc->region;
	for (int k = 0; k < rc->n; k++)
		if (rc->g->cell[k] == RANGE_UNKNOWN) {
			int v = sat_value(s, k + 1);
			g->cell[k] = v > 0 ? RANGE_BLACK : v < 0 ? RANGE_WHITE : RANGE_UNKNOWN;
		}
	uint64_t before = g->mems;
	int n = range_grid_cut_cells(g, forced);
	*mems += (uint64_t)rc->n + g->mems - before;
	for (int i = 0; i < n; i++)
		forced[i] = -(forced[i] + 1);
	return n;
}

/* The clause solver's status, events and counters are the engine's: the
 * region is tested at its nodes. */
static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	return sat_run(of(e)->s, ctl);
}

static void ops_free(struct engine *e)
{
	struct range_clauses *rc = of(e);
	sat_free(rc->s);
	range_grid_free(rc->g);
	range_grid_free(rc->region);
	free(rc->split_of);
	free(rc->clause_number);
	free(rc);
}

static void ops_restart(struct engine *e)
{
	sat_restart(of(e)->s);
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

/* The cells the solver has set that the start left unknown. */
static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	const struct range_clauses *rc = of(e);
	const struct range_grid *g = rc->g;
	for (int k = 0; k < rc->n; k++) {
		int v = sat_value(rc->s, k + 1);
		if (g->cell[k] != RANGE_UNKNOWN || v == 0)
			continue;
		strbuf_addf(out, "%s%c%d,%d", out->len ? ";" : "", v > 0 ? '#' : '.', k / g->w + 1, k % g->w + 1);
	}
}

/* What a choice is in words: a number's split, or a cell. */
static void choice_words(const struct range_clauses *rc, int lit, struct note *out)
{
	int v = lit > 0 ? lit : -lit;
	const struct range_grid *g = rc->g;
	if (v > rc->n) {
		const struct split_var *sv = &rc->split_of[v - rc->n - 1];
		note_say(out, "The %d at row %d, column %d: tries %d up, %d right, %d down, %d left", g->clue[sv->cell],
		         sv->cell / g->w + 1, sv->cell % g->w + 1, sv->len[0], sv->len[1], sv->len[2], sv->len[3]);
		note_cell(out, sv->cell);
	} else {
		note_say(out, "The cell at row %d, column %d: tries it %s", (v - 1) / g->w + 1, (v - 1) % g->w + 1,
		         lit > 0 ? "shaded" : "unshaded");
		note_cell(out, v - 1);
	}
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct range_clauses *rc = of(e);
	const struct engine_event *ev = sat_event(rc->s);
	const struct range_grid *g = rc->g;
	note_clear(out);
	switch (ev->kind) {
	case ENGINE_EV_SOLUTION: note_say(out, "A solution"); return;
	case ENGINE_EV_DONE: note_say(out, "The search is over"); return;
	case ENGINE_EV_TRY:
	case ENGINE_EV_UNDO: choice_words(rc, ev->choice, out); return;
	case ENGINE_EV_CHOOSE: break;
	default: return;
	}
	if (ev->choices == 0) {
		note_say(out, ev->subject == sat_clauses(rc->s) ? "A dead end: the unshaded cells are cut in two"
		                                                : "A dead end: a clause cannot be met");
		return;
	}
	int number = ev->subject >= 0 && ev->subject < sat_clauses(rc->s) ? rc->clause_number[ev->subject] : -1;
	if (number >= 0) {
		note_say(out, "The %d at row %d, column %d sees its count %d way%s", g->clue[number], number / g->w + 1,
		         number % g->w + 1, ev->choices, ev->choices == 1 ? "" : "s");
		note_cell(out, number);
	} else if (ev->subject < 0 && -ev->subject <= rc->n) {
		int k = -ev->subject - 1;
		note_say(out, "The cell at row %d, column %d: shaded or not", k / g->w + 1, k % g->w + 1);
		note_cell(out, k);
	} else {
		note_say(out, "%d ways on", ev->choices);
	}
}

/* Random walks of the clause solver, with the region tested at each node
 * as the search does. */
static void ops_probe(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	sat_probe(of(e)->s, r, degrees, cap, depth, solution);
}

static void ops_walk(struct engine *e, struct rng *r, struct engine_walk *w)
{
	sat_walk(of(e)->s, r, w);
}

static const struct engine_ops clauses_ops = {
	.name = "clauses",
	.free = ops_free,
	.restart = ops_restart,
	.run = ops_run,
	.event = ops_event,
	.stats = ops_stats,
	.progress = ops_progress,
	.path_move = ops_path_move,
	.event_note = ops_event_note,
	.probe = ops_probe,
	.walk = ops_walk,
};

struct engine *range_clauses_new(const struct range_grid *start)
{
	struct range_clauses *rc = xcalloc(1, sizeof *rc);
	rc->base.ops = &clauses_ops;
	rc->g = range_grid_copy(start);
	rc->n = start->n;
	struct sat_formula f;
	build(rc, &f);
	rc->s = sat_new(&f);
	sat_formula_free(&f);
	rc->region = range_grid_copy(start);
	sat_set_rule(rc->s, region_rule, rc);
	return &rc->base;
}
