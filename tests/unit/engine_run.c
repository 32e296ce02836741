/* See engine_run.h. */
#include "config.h"

#include "engine_run.h"

#include <stdlib.h>
#include <string.h>

#include "util/note.h"
#include "util/strbuf.h"

void run_free(struct run *r)
{
	for (int i = 0; i < r->n; i++)
		free(r->sol[i]);
	free(r->sol);
}

static void keep(struct run *r, struct engine *e)
{
	struct strbuf b = { 0 };
	e->ops->path_move(e, &b);
	r->sol = realloc(r->sol, sizeof *r->sol * (size_t)(r->n + 1));
	r->sol[r->n++] = strbuf_take(&b);
}

static void look_at_step(struct run *r, struct engine *e, bool singles_placed, int *level)
{
	const struct engine_event *ev = engine_event(e);
	struct note n;
	e->ops->event_note(e, &n);
	r->words &= n.text[0] != '\0' && strlen(n.text) < 80;
	if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		r->marked &= note_has_cell(&n, ev->subject);
	r->forced_said += strstr(n.text, "forced digit") != NULL;
	if (ev->kind == ENGINE_EV_CHOOSE) {
		r->chooses++;
		r->dead_ends += ev->choices == 0;
		r->depth_bad += ev->level != *level || (singles_placed && ev->choices == 1);
	} else if (ev->kind == ENGINE_EV_TRY) {
		r->tries++;
		r->depth_bad += ev->level != *level;
		(*level)++;
	} else if (ev->kind == ENGINE_EV_UNDO) {
		r->undos++;
		(*level)--;
		r->depth_bad += ev->level != *level;
		r->fails_said |= strstr(n.text, "fails, takes it back") != NULL;
		r->more_said |= strstr(n.text, "back to look for more") != NULL;
	}
}

void run_through(struct engine *e, bool step, bool singles_placed, struct run *r)
{
	memset(r, 0, sizeof *r);
	r->words = r->marked = true;
	struct engine_ctl ctl = { .step = step, .report_solutions = !step };
	enum engine_status st;
	int level = 0;
	double last = 0;
	while ((st = engine_run(e, &ctl)) == ENGINE_STEP || st == ENGINE_SOLUTION) {
		const struct engine_event *ev = engine_event(e);
		if (st == ENGINE_SOLUTION || ev->kind == ENGINE_EV_SOLUTION)
			keep(r, e);
		double p = e->ops->progress(e);
		/* (the sums of the shares are rounded; Knuth's measure is exact) */
		if (last - p > r->progress_drop + 1e-12)
			r->progress_drop = last - p;
		last = p;
		if (step)
			look_at_step(r, e, singles_placed, &level);
	}
	r->depth_bad += st != ENGINE_DONE || e->ops->progress(e) != 1.0;
	r->nodes = engine_stats(e)->nodes;
}
