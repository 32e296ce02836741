#include "config.h"

#include "puzzles/xc_engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/estimate.h"
#include "util/xalloc.h"

/* A family's move for one option is a placement: far below this. */
#define OPTION_MOVE_MAX 256

struct xc_engine {
	struct engine base;
	const struct puzzle *pz;
	struct puzzle_state *s;      /* the engine's own copy: the game's may go first */
	const struct xc_problem *p;
	struct xc_problem *own;      /* p, when reduce made it for this engine */
	struct dlx *d;
	int *path;                   /* scratch for dlx_path, dlx_depth() long */
};

static struct xc_engine *of(const struct engine *e)
{
	return (struct xc_engine *)e;
}

static void ops_free(struct engine *e)
{
	struct xc_engine *x = of(e);
	dlx_free(x->d);
	xc_free(x->own);
	x->pz->free_state(x->s);
	free(x->path);
	free(x);
}

static void ops_restart(struct engine *e)
{
	dlx_restart(of(e)->d);
}

/* Dancing Links speaks engine.h itself: its status, events and stats are
 * the engine's. */
static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	return dlx_run(of(e)->d, ctl);
}

static const struct engine_event *ops_event(const struct engine *e)
{
	return dlx_event(of(e)->d);
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	return dlx_stats(of(e)->d);
}

static double ops_progress(const struct engine *e)
{
	return dlx_progress(of(e)->d, 0);
}

static void option_move(const struct xc_engine *x, int k, char *buf, size_t size)
{
	buf[0] = '\0';
	x->pz->xc->option_move(x->s, x->p, k, buf, size);
}

static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	const struct xc_engine *x = of(e);
	int n = dlx_path(x->d, x->path);
	strbuf_addn(out, "", 0); /* "" rather than NULL at the root */
	for (int i = 0; i < n; i++) {
		char m[OPTION_MOVE_MAX];
		option_move(x, x->path[i], m, sizeof m);
		if (i)
			strbuf_addn(out, ";", 1);
		strbuf_addn(out, m, strlen(m));
	}
}

/* Item k in the player's words, by the family's item_note, its marks
 * added to marks if given. */
static void item_words(const struct xc_engine *x, int item, char *buf, size_t size, struct note *marks)
{
	if (x->pz->xc->item_note) {
		struct note n;
		note_clear(&n);
		x->pz->xc->item_note(x->s, x->p, item, &n);
		snprintf(buf, size, "%s", n.text);
		if (marks) {
			for (int i = 0; i < n.n_cells; i++)
				note_cell(marks, n.cells[i]);
			for (int i = 0; i < n.n_pieces; i++)
				note_piece(marks, n.pieces[i]);
		}
	} else {
		snprintf(buf, size, "a part of the puzzle");
	}
}

/* The option's brief name ("Cyan"), with the marks of all its items. */
static void option_words(const struct xc_engine *x, int k, char *buf, size_t size, struct note *marks)
{
	char m[OPTION_MOVE_MAX];
	option_move(x, k, m, sizeof m);
	if (x->pz->describe_move) {
		x->pz->describe_move(x->s, m, buf, size, true);
	} else {
		size_t n = strnlen(m, size - 1);
		memcpy(buf, m, n);
		buf[n] = '\0';
	}
	char scratch[NOTE_TEXT_MAX];
	for (int i = 0; i < xc_option_size(x->p, k); i++)
		item_words(x, xc_option_items(x->p, k)[i], scratch, sizeof scratch, marks);
}

/* Is item k one the family marks as a piece (so it is placed, not covered)? */
static bool item_is_piece(const struct xc_engine *x, int item)
{
	if (!x->pz->xc || !x->pz->xc->item_note)
		return false;
	struct note n;
	note_clear(&n);
	x->pz->xc->item_note(x->s, x->p, item, &n);
	return n.n_pieces > 0 && n.n_cells == 0;
}

/* A branch on item with n ways left, by the family's choice_note if it
 * has one (the words its hints use too), else from the item's words. */
static void choice_words(const struct xc_engine *x, int item, int n, char *buf, size_t size, struct note *marks)
{
	if (x->pz->xc->choice_note) {
		struct note c;
		note_clear(&c);
		x->pz->xc->choice_note(x->s, x->p, item, n, &c);
		snprintf(buf, size, "%s", c.text);
		for (int i = 0; i < c.n_cells; i++)
			note_cell(marks, c.cells[i]);
		for (int i = 0; i < c.n_pieces; i++)
			note_piece(marks, c.pieces[i]);
		return;
	}
	char it[NOTE_TEXT_MAX / 2]; /* an item's words are short: room for the rest */
	item_words(x, item, it, sizeof it, marks);
	if (n == 0 && item_is_piece(x, item))
		snprintf(buf, size, "%s fits nowhere", it);
	else if (n == 0)
		snprintf(buf, size, "%s has no choice left", it);
	else
		snprintf(buf, size, "%s has %d choice%s", it, n, n == 1 ? "" : "s");
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct xc_engine *x = of(e);
	const struct engine_event *ev = dlx_event(x->d);
	char item[NOTE_TEXT_MAX], what[NOTE_TEXT_MAX];
	note_clear(out);
	switch (ev->kind) {
	case ENGINE_EV_NONE:
		note_say(out, "ready to search");
		break;
	case ENGINE_EV_CHOOSE:
		choice_words(x, ev->subject, ev->choices, item, sizeof item, out);
		note_say(out, "%s", item);
		break;
	case ENGINE_EV_TRY:
		choice_words(x, ev->subject, ev->choices, item, sizeof item, out);
		option_words(x, ev->choice, what, sizeof what, out);
		note_say(out, "%s: tries %s", item, what);
		break;
	case ENGINE_EV_UNDO:
		option_words(x, ev->choice, what, sizeof what, out);
		note_say(out, "takes %s back", what);
		break;
	case ENGINE_EV_PRUNE:
		note_say(out, "cuts a branch: %s", ev->why ? ev->why : "");
		break;
	case ENGINE_EV_SOLUTION:
		note_say(out, "a way to finish");
		break;
	case ENGINE_EV_MEMO_HIT:
		note_say(out, "a position met before: its count is known");
		break;
	case ENGINE_EV_DONE:
		note_say(out, "every way has been tried");
		break;
	}
	/* A sentence, though an item's words begin in lower case ("the cell"),
	 * but a name stays as it is ("r3c5", as Sudoku players write it). */
	if (out->text[0] >= 'a' && out->text[0] <= 'z' && !(out->text[1] >= '0' && out->text[1] <= '9'))
		out->text[0] = (char)(out->text[0] - 'a' + 'A');
}

static void ops_probe(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	estimate_dlx_walk(of(e)->d, r, degrees, cap, depth, solution);
}

static void ops_path_line(const struct engine *e, char *buf, size_t size)
{
	const struct xc_engine *x = of(e);
	int n = dlx_path(x->d, x->path);
	x->pz->xc->options_line(x->s, x->p, x->path, n, buf, size);
}

/* The engine's operations; path_line only for a family that can say
 * its line (puzzle_xc.options_line). */
#define XC_ENGINE_OPS(line)                                                                              \
	{                                                                                                \
		.name = "dlx", .free = ops_free, .restart = ops_restart, .run = ops_run, .event = ops_event, \
		.stats = ops_stats, .progress = ops_progress, .path_move = ops_path_move,                    \
		.event_note = ops_event_note, .probe = ops_probe, .path_line = line,                        \
	}
static const struct engine_ops xc_engine_ops = XC_ENGINE_OPS(NULL);
static const struct engine_ops xc_engine_lined_ops = XC_ENGINE_OPS(ops_path_line);
#undef XC_ENGINE_OPS

/* The links of a family's whole problem, laid out once per problem and
 * rule and cloned for each engine (dlx_clone): a 9x9 Sudoku's 2,916 nodes
 * would otherwise be linked again for every puzzle of a batch.  Kept for
 * the life of the program, as the whole problems are. */
#define TEMPLATES 8

static struct {
	const struct xc_problem *p;
	enum dlx_rule rule;
	struct dlx *d;
} templates[TEMPLATES];
static pthread_mutex_t templates_lock = PTHREAD_MUTEX_INITIALIZER;

static struct dlx *template_clone(const struct xc_problem *p, enum dlx_rule rule)
{
	struct dlx *d = NULL;
	pthread_mutex_lock(&templates_lock);
	int k = 0;
	while (k < TEMPLATES && templates[k].p && !(templates[k].p == p && templates[k].rule == rule))
		k++;
	if (k < TEMPLATES) {
		if (!templates[k].p)
			templates[k].p = p, templates[k].rule = rule, templates[k].d = dlx_new(p, rule);
		d = templates[k].d;
	}
	pthread_mutex_unlock(&templates_lock);
	/* A clone reads only the template's layout, which no one changes. */
	return d ? dlx_clone(d) : dlx_new(p, rule);
}

/* The search on the family's whole problem with s's options preset, or
 * NULL if the family has none or s breaks its rules. */
static struct dlx *preset_search(const struct puzzle *pz, const struct puzzle_state *s, enum dlx_rule rule,
                                 const struct xc_problem **whole)
{
	if (!pz->xc->whole || !pz->xc->placed)
		return NULL;
	const struct xc_problem *p = pz->xc->whole(s);
	int *options = xcalloc((size_t)p->n_options + 1, sizeof *options);
	int n = pz->xc->placed(s, options);
	struct dlx *d = n >= 0 ? template_clone(p, rule) : NULL;
	for (int i = 0; d && i < n; i++)
		if (!dlx_preset(d, options[i])) {
			dlx_free(d);
			d = NULL;
		}
	free(options);
	*whole = p;
	return d;
}

struct engine *xc_engine_new(const struct puzzle *pz, const struct puzzle_state *s, enum dlx_rule rule)
{
	if (!pz->xc)
		return NULL;
	const struct xc_problem *whole = NULL;
	struct dlx *d = preset_search(pz, s, rule, &whole);
	struct xc_problem *own = NULL;
	if (!d) {
		own = pz->xc->reduce(s, rule);
		if (!own)
			return NULL;
		d = dlx_new(own, rule);
	}
	struct xc_engine *x = xcalloc(1, sizeof *x);
	x->base.ops = pz->xc->options_line ? &xc_engine_lined_ops : &xc_engine_ops;
	x->pz = pz;
	x->s = pz->copy(s);
	x->p = own ? own : whole;
	x->own = own;
	x->d = d;
	x->path = xcalloc((size_t)dlx_depth(x->d) + 1, sizeof *x->path);
	return &x->base;
}

static struct engine *new_mrv(const struct puzzle *pz, const struct puzzle_state *s)
{
	return xc_engine_new(pz, s, DLX_MRV);
}

const struct puzzle_engine xc_engine_dlx = {
	.name = "dlx",
	.title = "Dancing Links",
	.new = new_mrv,
};
