/* The search of solver/sudoku/sudoku_fast.c as an engine of the Sudoku family:
 * its path as the family's move (every digit it has filled in, tried or
 * forced), its steps in a player's words. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "puzzles/sudoku_engines.h"
#include "puzzles/sudoku_puzzle.h"
#include "solver/sudoku/sudoku_fast.h"
#include "util/xalloc.h"

struct fast_engine {
	struct engine base;
	struct sudoku_fast *s;
};

static struct fast_engine *of(const struct engine *e)
{
	return (struct fast_engine *)e;
}

static void ops_free(struct engine *e)
{
	sudoku_fast_free(of(e)->s);
	free(e);
}

static void ops_restart(struct engine *e)
{
	sudoku_fast_restart(of(e)->s);
}

static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	return sudoku_fast_run(of(e)->s, ctl);
}

static const struct engine_event *ops_event(const struct engine *e)
{
	return sudoku_fast_event(of(e)->s);
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	return sudoku_fast_stats(of(e)->s);
}

static double ops_progress(const struct engine *e)
{
	return sudoku_fast_progress(of(e)->s);
}

static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	const struct sudoku_fast *s = of(e)->s;
	int cells[SUDOKU_GRID_MAX_CELLS], digits[SUDOKU_GRID_MAX_CELLS];
	int n = sudoku_fast_filled(s, cells, digits);
	sudoku_path_add(sudoku_fast_start(s), cells, digits, n, out);
}

static void ops_path_line(const struct engine *e, char *buf, size_t size)
{
	struct sudoku_grid g;
	sudoku_fast_solution(of(e)->s, &g);
	sudoku_answer_line(&g, buf, size);
}

static void mark_unit(const struct sudoku_grid *g, int unit, struct note *out)
{
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, g->box);
	for (int k = 0; k < g->side; k++)
		note_cell(out, geo.unit_cell[unit][k]);
}

/* "after 12 forced digits, " or nothing. */
static void forced_words(int forced, char *buf, size_t size)
{
	if (forced > 0)
		snprintf(buf, size, "after %d forced digit%s, ", forced, forced == 1 ? "" : "s");
	else
		buf[0] = '\0';
}

static void dead_note(const struct sudoku_fast *s, const char *cell, const char *after, struct note *out)
{
	const struct sudoku_grid *g = sudoku_fast_start(s);
	struct sudoku_fast_dead dead;
	char where[24];
	if (!sudoku_fast_dead_end(s, &dead))
		return;
	switch (dead.why) {
	case SUDOKU_FAST_CLASH:
		sudoku_unit_name(g->side, dead.unit, where, sizeof where);
		note_cell(out, dead.a);
		note_say(out, "%d is twice in %s: no way to finish", dead.digit, where);
		break;
	case SUDOKU_FAST_NO_DIGIT:
		note_say(out, "%s%s has no candidate left", after, cell);
		break;
	case SUDOKU_FAST_NO_PLACE:
		sudoku_unit_name(g->side, dead.unit, where, sizeof where);
		mark_unit(g, dead.unit, out);
		note_piece(out, dead.digit);
		note_say(out, "%sno cell of %s can hold %d", after, where, dead.digit);
		break;
	}
}

static void choose_note(const void *solver, const struct engine_event *ev, const char *cell, const char *after,
                        struct note *out)
{
	if (ev->choices == 0)
		dead_note(solver, cell, after, out);
	else
		note_say(out, "%s%s has %d candidate%s", after, cell, ev->choices, ev->choices == 1 ? "" : "s");
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct sudoku_fast *s = of(e)->s;
	char after[48];
	forced_words(sudoku_fast_forced(s), after, sizeof after);
	sudoku_engines_note(sudoku_fast_start(s), sudoku_fast_event(s), sudoku_fast_undo_solved(s), after, choose_note,
	                    s, out);
}

static void ops_probe(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	sudoku_fast_probe(of(e)->s, r, degrees, cap, depth, solution);
}

static const struct engine_ops fast_ops = {
	.name = "fast",
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

struct engine *sudoku_engine_fast_new(const struct sudoku_grid *g)
{
	if (!sudoku_engines_fast_fits(g))
		return NULL;
	struct fast_engine *x = xmalloc(sizeof *x);
	x->base.ops = &fast_ops;
	x->s = sudoku_fast_new(g);
	return &x->base;
}
