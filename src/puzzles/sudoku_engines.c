/* The two backtrackers of solver/sudoku/sudoku_bt.c as engines of the Sudoku
 * family: their paths as the family's moves, their steps in a player's
 * words (named as the family names cells and units).  The family's tables
 * (sudoku_engine_seq, sudoku_engine_mrv) are in sudoku_engines_family.c. */
#include "config.h"

#include "puzzles/sudoku_engines.h"

#include <stdio.h>
#include <stdlib.h>

#include "puzzles/sudoku_puzzle.h"
#include "solver/sudoku/sudoku_bt.h"
#include "util/xalloc.h"

struct bt_engine {
	struct engine base;
	struct sudoku_bt *bt;
};

static struct bt_engine *of(const struct engine *e)
{
	return (struct bt_engine *)e;
}

static void ops_free(struct engine *e)
{
	sudoku_bt_free(of(e)->bt);
	free(e);
}

static void ops_restart(struct engine *e)
{
	sudoku_bt_restart(of(e)->bt);
}

static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	return sudoku_bt_run(of(e)->bt, ctl);
}

static const struct engine_event *ops_event(const struct engine *e)
{
	return sudoku_bt_event(of(e)->bt);
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	return sudoku_bt_stats(of(e)->bt);
}

static double ops_progress(const struct engine *e)
{
	return sudoku_bt_progress(of(e)->bt);
}


static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	const struct sudoku_bt *bt = of(e)->bt;
	int cells[SUDOKU_MAX_CELLS], digits[SUDOKU_MAX_CELLS];
	int n = sudoku_bt_path(bt, cells, digits);
	sudoku_path_add(sudoku_bt_start(bt), cells, digits, n, out);
}

static void ops_path_line(const struct engine *e, char *buf, size_t size)
{
	const struct sudoku_bt *bt = of(e)->bt;
	int cells[SUDOKU_MAX_CELLS], digits[SUDOKU_MAX_CELLS];
	int n = sudoku_bt_path(bt, cells, digits);
	sudoku_path_line(sudoku_bt_start(bt), cells, digits, n, buf, size);
}

bool sudoku_engines_grid_ok(const struct sudoku_grid *g)
{
	if (!g || !sudoku_grid_shape_ok(g->box_rows, g->box_cols) || g->side != g->box_rows * g->box_cols ||
	    g->cells != g->side * g->side)
		return false;
	for (int c = 0; c < g->cells; c++)
		if (g->v[c] > g->side)
			return false;
	return true;
}

bool sudoku_engines_fast_fits(const struct sudoku_grid *g)
{
	return sudoku_engines_grid_ok(g) && g->box == g->box_rows && g->box <= SUDOKU_GRID_MAX_BOX;
}

void sudoku_engines_note(const struct sudoku_grid *start, const struct engine_event *ev, bool undo_solved,
                         const char *after, sudoku_engines_choose_fn *choose, const void *solver,
                         struct note *out)
{
	char cell[32] = "";
	note_clear(out);
	if (ev->subject >= 0) {
		sudoku_cell_name(start, ev->subject, cell, sizeof cell);
		note_cell(out, ev->subject);
	}
	if (ev->choice > 0)
		note_piece(out, ev->choice);
	switch (ev->kind) {
	case ENGINE_EV_NONE:
		note_say(out, "ready to search");
		break;
	case ENGINE_EV_CHOOSE:
		choose(solver, ev, cell, after, out);
		break;
	case ENGINE_EV_TRY:
		if (ev->choices == 1)
			note_say(out, "%s can only be %d", cell, ev->choice);
		else
			note_say(out, "%s has %d candidates: tries %d", cell, ev->choices, ev->choice);
		break;
	case ENGINE_EV_UNDO:
		if (undo_solved)
			note_say(out, "%s: takes %d back to look for more", cell, ev->choice);
		else
			note_say(out, "%s: %d fails, takes it back", cell, ev->choice);
		break;
	case ENGINE_EV_SOLUTION:
		note_say(out, "%severy cell is filled: a solution", after);
		break;
	case ENGINE_EV_DONE:
		note_say(out, "every way has been tried");
		break;
	case ENGINE_EV_PRUNE:
	case ENGINE_EV_MEMO_HIT:
		/* never raised by these engines */
		note_say(out, "goes on searching");
		break;
	}
}

static void choose_note(const void *solver, const struct engine_event *ev, const char *cell, const char *after,
                        struct note *out)
{
	const struct sudoku_bt *bt = solver;
	int a, b, unit;
	(void)after;
	if (ev->level == 0 && sudoku_bt_clash(bt, &a, &b, &unit)) {
		char where[24];
		sudoku_unit_name(sudoku_bt_start(bt)->side, unit, where, sizeof where);
		note_cell(out, a);
		note_cell(out, b);
		note_say(out, "%d is twice in %s: no way to finish", sudoku_bt_start(bt)->v[a], where);
	} else if (ev->choices == 0) {
		note_say(out, "%s has no candidate left", cell);
	} else if (ev->choices == 1) {
		note_say(out, "%s has 1 candidate", cell);
	} else {
		note_say(out, "%s has %d candidates", cell, ev->choices);
	}
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct sudoku_bt *bt = of(e)->bt;
	sudoku_engines_note(sudoku_bt_start(bt), sudoku_bt_event(bt), sudoku_bt_undo_solved(bt), "", choose_note, bt,
	                    out);
}

static void ops_probe(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	sudoku_bt_probe(of(e)->bt, r, degrees, cap, depth, solution);
}

/* The two backtrackers differ only in their name: the rule is the
 * solver's (sudoku_bt_new). */
#define BACKTRACKER_OPS(engine_name)                                                        \
	{                                                                                   \
		.name = engine_name, .free = ops_free, .restart = ops_restart, .run = ops_run,  \
		.event = ops_event, .stats = ops_stats, .progress = ops_progress,               \
		.path_move = ops_path_move, .event_note = ops_event_note, .probe = ops_probe,   \
		.path_line = ops_path_line,                                                     \
	}
static const struct engine_ops seq_ops = BACKTRACKER_OPS("seq");
static const struct engine_ops mrv_ops = BACKTRACKER_OPS("mrv");
#undef BACKTRACKER_OPS

static struct engine *engine_new(const struct sudoku_grid *g, enum sudoku_bt_rule rule)
{
	struct bt_engine *x = xcalloc(1, sizeof *x);
	x->base.ops = rule == SUDOKU_BT_SEQ ? &seq_ops : &mrv_ops;
	x->bt = sudoku_bt_new(g, rule);
	return &x->base;
}

struct engine *sudoku_engine_seq_new(const struct sudoku_grid *g)
{
	return engine_new(g, SUDOKU_BT_SEQ);
}

struct engine *sudoku_engine_mrv_new(const struct sudoku_grid *g)
{
	return engine_new(g, SUDOKU_BT_MRV);
}
