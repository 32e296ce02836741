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
	struct sdk_fast *s;
};

static struct fast_engine *of(const struct engine *e)
{
	return (struct fast_engine *)e;
}

static void ops_free(struct engine *e)
{
	sdk_fast_free(of(e)->s);
	free(e);
}

static void ops_restart(struct engine *e)
{
	sdk_fast_restart(of(e)->s);
}

static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	return sdk_fast_run(of(e)->s, ctl);
}

static const struct engine_event *ops_event(const struct engine *e)
{
	return sdk_fast_event(of(e)->s);
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	return sdk_fast_stats(of(e)->s);
}

static double ops_progress(const struct engine *e)
{
	return sdk_fast_progress(of(e)->s);
}

static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	const struct sdk_fast *s = of(e)->s;
	int cells[SDK_MAX_CELLS], digits[SDK_MAX_CELLS];
	int n = sdk_fast_filled(s, cells, digits);
	sudoku_path_add(sdk_fast_start(s), cells, digits, n, out);
}

static void mark_unit(const struct sdk_grid *g, int unit, struct note *out)
{
	struct sdk_geom geo;
	sdk_geom_init(&geo, g->box);
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

static void dead_note(const struct sdk_fast *s, const char *cell, const char *after, struct note *out)
{
	const struct sdk_grid *g = sdk_fast_start(s);
	struct sdk_fast_dead dead;
	char where[24];
	if (!sdk_fast_dead_end(s, &dead))
		return;
	switch (dead.why) {
	case SDK_FAST_CLASH:
		sudoku_unit_name(g->side, dead.unit, where, sizeof where);
		note_cell(out, dead.a);
		note_say(out, "%d is twice in %s: no way to finish", dead.digit, where);
		break;
	case SDK_FAST_NO_DIGIT:
		note_say(out, "%s%s has no candidate left", after, cell);
		break;
	case SDK_FAST_NO_PLACE:
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
	const struct sdk_fast *s = of(e)->s;
	char after[48];
	forced_words(sdk_fast_forced(s), after, sizeof after);
	sudoku_engines_note(sdk_fast_start(s), sdk_fast_event(s), sdk_fast_undo_solved(s), after, choose_note, s, out);
}

static void ops_probe(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	sdk_fast_probe(of(e)->s, r, degrees, cap, depth, solution);
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
	.event_note = ops_event_note,
	.probe = ops_probe,
};

struct engine *sudoku_engine_fast_new(const struct sdk_grid *g)
{
	if (!sudoku_engines_grid_ok(g))
		return NULL;
	struct fast_engine *x = xmalloc(sizeof *x);
	x->base.ops = &fast_ops;
	x->s = sdk_fast_new(g);
	return &x->base;
}
