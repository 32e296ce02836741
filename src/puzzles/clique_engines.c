/* The clique searches of solver/graph/clique.h as engines of the clique family.
 *
 * An engine finishes a position: it looks for the largest cliques (or
 * independent sets) that hold the player's selection.  The selection's
 * common neighbours are cut out as a graph of their own and searched as
 * branch and bound searches, from nothing: each larger clique found is
 * the best so far, which the bound must beat from then on.  Only a
 * clique that makes the selection a largest set (the game knows that
 * size, clique_puzzle_goal) is a solution to the caller; the smaller ones are steps
 * of the search ("a clique of 4, the best so far").  From the first
 * solution on the search enumerates (clique_enumerate_from_here), so the
 * rest of the same tree finds every other largest set once: checks,
 * counts and hints read these engines as they read any family's. */
#include "config.h"

#include "puzzles/clique_engines.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u128.h"

#include "puzzles/clique_puzzle.h"
#include "solver/graph/clique.h"
#include "util/xalloc.h"

struct clique_engine {
	struct engine base;
	struct clique *c;          /* NULL when nothing is missing */
	int map[CLIQUE_PUZZLE_MAX_VERTICES];  /* the subgraph's vertex i is map[i] */
	int k;                     /* vertices of the subgraph */
	int have;                  /* selected already */
	int need;                  /* vertices to add */
	bool independent;
	int best;                  /* the largest clique found so far (of the subgraph) */
	bool improved;             /* the last event found a larger clique, short of a solution */
	u128 finishes;             /* solutions: the largest sets found */
	struct engine_event ev;    /* the last event, as the family tells it */
	struct search_stats st;    /* the solver's counters, solutions as finishes */
	/* With nothing missing the selection is the one way to finish: a
	 * search of one solution, then the end. */
	int trivial_step;
	struct engine_event trivial_ev;
	struct search_stats trivial_st;
};

static struct clique_engine *of(const struct engine *e)
{
	return (struct clique_engine *)e;
}

static void ops_free(struct engine *e)
{
	clique_free(of(e)->c);
	stats_free(&of(e)->trivial_st);
	free(e);
}

static void ops_restart(struct engine *e)
{
	struct clique_engine *x = of(e);
	x->best = 0;
	x->improved = false;
	x->finishes = 0;
	if (x->c) {
		clique_restart(x->c);
		x->ev = *clique_event(x->c);
		return;
	}
	x->trivial_step = 0;
	x->trivial_ev = (struct engine_event){ .kind = ENGINE_EV_NONE, .subject = -1, .choice = -1 };
	stats_free(&x->trivial_st);
	stats_init(&x->trivial_st, 1);
}

static enum engine_status trivial_run(struct clique_engine *x, const struct engine_ctl *ctl)
{
	if (ctl->cancel && atomic_load(ctl->cancel))
		return ENGINE_CANCELLED;
	if (x->trivial_step == 0) {
		x->trivial_step = 1;
		x->trivial_st.nodes = 1;
		x->trivial_st.solutions = 1;
		x->trivial_ev = (struct engine_event){ .kind = ENGINE_EV_SOLUTION, .subject = -1, .choice = -1 };
		if (ctl->step)
			return ENGINE_STEP;
		if (ctl->report_solutions)
			return ENGINE_SOLUTION;
		if (ctl->max_solutions == 1)
			return ENGINE_LIMIT;
	}
	x->trivial_step = 2;
	x->trivial_ev = (struct engine_event){ .kind = ENGINE_EV_DONE, .subject = -1, .choice = -1 };
	return ctl->step ? ENGINE_STEP : ENGINE_DONE;
}

/* The solver stops at every larger clique; the caller hears only of
 * those that finish the position. */
static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	struct clique_engine *x = of(e);
	if (!x->c)
		return trivial_run(x, ctl);
	struct engine_ctl inner = *ctl;
	inner.report_solutions = true;
	inner.max_solutions = 0;
	for (;;) {
		enum engine_status st = clique_run(x->c, &inner);
		x->ev = *clique_event(x->c);
		x->improved = false;
		if (st != ENGINE_SOLUTION && !(st == ENGINE_STEP && x->ev.kind == ENGINE_EV_SOLUTION))
			return st;
		int v[CLIQUE_PUZZLE_MAX_VERTICES];
		x->best = clique_best(x->c, v);
		if (x->best < x->need) {
			x->improved = true;
			x->ev.kind = ENGINE_EV_NONE;
			if (ctl->step)
				return ENGINE_STEP;
			continue;
		}
		if (x->finishes == 0)
			clique_enumerate_from_here(x->c);
		x->finishes++;
		if (ctl->step)
			return ENGINE_STEP;
		if (ctl->report_solutions)
			return ENGINE_SOLUTION;
		if (ctl->max_solutions && x->finishes >= ctl->max_solutions)
			return ENGINE_LIMIT;
	}
}

static const struct engine_event *ops_event(const struct engine *e)
{
	const struct clique_engine *x = of(e);
	return x->c ? &x->ev : &x->trivial_ev;
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	struct clique_engine *x = of(e);
	if (!x->c)
		return &x->trivial_st;
	/* The solver's counters, but its solutions are every larger clique:
	 * the engine's are the finishes. */
	x->st = *clique_stats(x->c);
	x->st.solutions = x->finishes;
	return &x->st;
}

static double ops_progress(const struct engine *e)
{
	const struct clique_engine *x = of(e);
	return x->c ? clique_progress(x->c) : x->trivial_step ? 1.0 : 0.0;
}

/* The vertices the search holds now, in the graph's numbers. */
static int path(const struct clique_engine *x, int *out)
{
	if (!x->c)
		return 0;
	int k = clique_path(x->c, out);
	for (int i = 0; i < k; i++)
		out[i] = x->map[out[i]];
	return k;
}

static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	int v[CLIQUE_PUZZLE_MAX_VERTICES];
	int k = path(of(e), v);
	for (int i = 0; i < k; i++)
		strbuf_addf(out, "%s+%d", out->len ? ";" : "", v[i] + 1);
}

static int vertex(const struct clique_engine *x, int sub)
{
	return sub >= 0 && sub < x->k ? x->map[sub] : -1;
}

/* " · best so far 4", in the player's count (the selection included). */
static void best_words(const struct clique_engine *x, char *buf, size_t size)
{
	buf[0] = '\0';
	if (x->best > 0 && x->finishes == 0)
		snprintf(buf, size, " \xc2\xb7 best so far %d", x->have + x->best);
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct clique_engine *x = of(e);
	const struct engine_event *ev = ops_event(e);
	const char *set = x->independent ? "independent set" : "clique";
	int v[CLIQUE_PUZZLE_MAX_VERTICES];
	int held = x->have + path(x, v);
	int subject = vertex(x, ev->subject), choice = vertex(x, ev->choice);
	int goal = x->have + x->need;
	char best[40];
	best_words(x, best, sizeof best);
	note_clear(out);
	if (x->improved) {
		note_say(out, "a %s of %d: the best so far, to beat from here", set, held);
		return;
	}
	switch (ev->kind) {
	case ENGINE_EV_NONE:
		note_say(out, "ready to search for the largest %s", set);
		break;
	case ENGINE_EV_CHOOSE:
		if (ev->choices == 0) {
			note_say(out, "%s of %d: nothing can join%s", set, held, best);
			break;
		}
		if (subject >= 0)
			note_cell(out, subject);
		note_say(out, "%s of %d: %d %s worth trying, %d first%s", set, held, ev->choices,
		         ev->choices == 1 ? "vertex" : "vertices", subject + 1, best);
		break;
	case ENGINE_EV_TRY:
		note_cell(out, choice);
		note_say(out, "adds %d: a %s of %d%s", choice + 1, set, held, best);
		break;
	case ENGINE_EV_UNDO:
		note_cell(out, choice);
		note_say(out, "takes %d back%s", choice + 1, best);
		break;
	case ENGINE_EV_PRUNE: {
		/* Before the first largest set the bound must beat the best so
		 * far; after it, reach the largest size. */
		long bound = ev->value + x->have;
		char against[48];
		if (x->finishes == 0)
			snprintf(against, sizeof against, "no more than the best, %d", x->have + x->best);
		else
			snprintf(against, sizeof against, "short of %d", goal);
		/* The bound is a colouring's: groups in which no two vertices
		 * are joined (all are, for independent sets), one of each at
		 * most; said in those words. */
		const char *groups = x->independent ? "groups of joined vertices" : "groups of unjoined vertices";
		if (subject >= 0) {
			note_cell(out, subject);
			note_say(out, "cut from %d on: %s allow %ld at most, %s", subject + 1, groups, bound, against);
		} else {
			note_say(out, "cut: %s allow %ld at most, %s", groups, bound, against);
		}
		break;
	}
	case ENGINE_EV_SOLUTION:
		note_say(out, "a largest %s: %d vertices", set, held);
		break;
	case ENGINE_EV_DONE:
		if (x->finishes)
			note_say(out, "every branch searched: no %s has more than %d", set, goal);
		else
			note_say(out, "every branch searched: none holds your %d", x->have);
		break;
	case ENGINE_EV_MEMO_HIT:
		note_say(out, "goes on searching");
		break;
	}
}

static void ops_probe(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	struct clique_engine *x = of(e);
	if (x->c) {
		clique_probe(x->c, r, degrees, cap, depth, solution);
		/* The solver's solutions are the cliques larger than its best;
		 * the engine's, those that finish the set (ops_run): a walk that
		 * ends at a smaller clique met none, so that the estimate is of
		 * the largest sets, as a count is. */
		*solution = *solution && *depth >= x->need;
		return;
	}
	*depth = 0;
	*solution = true;
}

#define CLIQUE_OPS(id)                                                                                       \
	static const struct engine_ops id##_ops = {                                                          \
		.name = #id,                                                                                 \
		.free = ops_free,                                                                            \
		.restart = ops_restart,                                                                      \
		.run = ops_run,                                                                              \
		.event = ops_event,                                                                          \
		.stats = ops_stats,                                                                          \
		.progress = ops_progress,                                                                    \
		.path_move = ops_path_move,                                                                  \
		.event_note = ops_event_note,                                                                \
		.probe = ops_probe,                                                                          \
	}

CLIQUE_OPS(bnb);
CLIQUE_OPS(btc);
CLIQUE_OPS(bt);

static struct engine *engine_new(const struct puzzle_state *s, const struct engine_ops *ops, enum clique_rule rule)
{
	struct clique_engine *x = xcalloc(1, sizeof *x);
	x->base.ops = ops;
	x->independent = clique_puzzle_independent(s);
	uint64_t sel = clique_puzzle_selection(s);
	x->have = __builtin_popcountll(sel);
	x->need = clique_puzzle_goal(s) - x->have;
	/* A selection that breaks the rule, or is already too large, has
	 * nothing to join it: the search of an empty graph for at least one
	 * vertex finds nothing, which is the answer. */
	uint64_t join = clique_puzzle_can_join(s);
	if (x->need < 0)
		x->need = 0, join = 0;
	for (int v = 0; v < clique_puzzle_vertices(s); v++)
		if (join >> v & 1)
			x->map[x->k++] = v;
	bool broken = clique_puzzle_clash(s, &(int){ 0 }, &(int){ 0 });
	if (x->need == 0 && !broken) {
		ops_restart(&x->base);
		return &x->base;
	}
	struct graph *g = graph_new(x->k);
	for (int i = 0; i < x->k; i++)
		for (int j = i + 1; j < x->k; j++)
			if (clique_puzzle_neighbours(s, x->map[i]) >> x->map[j] & 1)
				graph_add_edge(g, i, j);
	x->c = clique_new(g, rule);
	graph_free(g);
	ops_restart(&x->base);
	return &x->base;
}

static struct engine *bnb_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return engine_new(s, &bnb_ops, CLIQUE_BNB);
}

static struct engine *btc_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return engine_new(s, &btc_ops, CLIQUE_BT_COLOUR);
}

static struct engine *bt_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return engine_new(s, &bt_ops, CLIQUE_BT);
}

const struct puzzle_engine clique_engine_bnb = { "bnb", "Branch and bound", bnb_new, true };
const struct puzzle_engine clique_engine_btc = { "btc", "Backtrack + colours", btc_new, true };
const struct puzzle_engine clique_engine_bt = { "bt", "Backtracking", bt_new, true };
