#include "config.h"

#include "solver/range/range_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/search.h"
#include "util/xalloc.h"

/* A VIEWS node's subject when it branches on a cell: the cell plus this. */
#define CELL_SUBJECT (1 << 20)

struct range_search {
	struct engine base;
	enum range_branch branch;
	struct search search;
	struct range_grid *g;
	int base_mark;        /* the trail of the start: the player's cells */
	bool start_ok;        /* the start breaks no rule */
	bool bad;             /* the last choice put in place broke a rule at once */
	int *subject;         /* per level: the cell, or the number's cell, branched on */
	int *mark;            /* per level: the trail before its choice */
	int *pool_start;      /* per level: its splits' place in pool (VIEWS) */
	int *pool;            /* splits, four sight lengths each */
	int pool_len, pool_cap;
};

static struct range_search *of(const struct engine *e)
{
	return (struct range_search *)e;
}

/* The unknown cell to branch on: just past what the number with the
 * least room sees, where its count is decided soonest; else the first. */
static int pick_cell(struct range_grid *g)
{
	int best = -1, best_room = 1 << 30;
	for (int i = 0; i < g->n_clues; i++) {
		int c = g->clue_cells[i], least[4], most[4], room = 1 - g->clue[c], frontier = -1;
		for (int dir = 0; dir < 4; dir++) {
			range_grid_sight(g, c, dir, &least[dir], &most[dir]);
			room += most[dir];
			if (frontier < 0 && least[dir] < most[dir]) {
				frontier = c;
				for (int d = 0; d <= least[dir]; d++)
					frontier = range_grid_step(g, frontier, dir);
			}
		}
		g->mems += 4;
		if (frontier >= 0 && room < best_room) {
			best = frontier;
			best_room = room;
		}
	}
	for (int k = 0; best < 0 && k < g->n; k++)
		if (g->cell[k] == RANGE_UNKNOWN)
			best = k;
	return best;
}

static void add_split(void *ctx, const int *split)
{
	struct range_search *rs = ctx;
	if (rs->pool_len + 4 > rs->pool_cap) {
		rs->pool_cap = rs->pool_cap ? 2 * rs->pool_cap : 256;
		rs->pool = xrealloc(rs->pool, (size_t)rs->pool_cap * sizeof *rs->pool);
	}
	memcpy(rs->pool + rs->pool_len, split, 4 * sizeof *split);
	rs->pool_len += 4;
}

/* Number c's splits into the pool; how many. */
static int list_splits(struct range_search *rs, int c)
{
	return range_grid_each_split(rs->g, c, add_split, rs);
}

/* The number with the fewest splits that is not settled yet; -1 if all
 * are. */
static int pick_number(struct range_search *rs, int level, int *degree)
{
	struct range_grid *g = rs->g;
	int best = -1, start = rs->pool_start[level];
	for (int i = 0; i < g->n_clues; i++) {
		int c = g->clue_cells[i], least, most, open = 0;
		for (int dir = 0; dir < 4; dir++) {
			range_grid_sight(g, c, dir, &least, &most);
			open |= least < most;
		}
		if (!open)
			continue;
		int at = rs->pool_len, n = list_splits(rs, c);
		if (best < 0 || n < *degree) {
			/* Keep this number's splits at the level's start. */
			memmove(rs->pool + start, rs->pool + at, (size_t)n * 4 * sizeof *rs->pool);
			best = c;
			*degree = n;
		}
		rs->pool_len = start + 4 * *degree;
		if (n <= 1)
			break;
	}
	return best;
}

SEARCH_HOOK enum search_node hook_enter(void *eng, int level)
{
	struct range_search *rs = eng;
	struct range_grid *g = rs->g;
	int *degree = &rs->search.degree[level];
	enum search_node node = SEARCH_BRANCH;
	/* pool_start[level + 1] is where this node's splits end. */
	rs->pool_len = rs->pool_start[level];
	*degree = 0;
	if (!rs->start_ok || rs->bad || !range_grid_propagate(g, RANGE_RULE_CONNECT))
		node = SEARCH_BRANCH;
	else if (g->unknown == 0)
		node = SEARCH_SOLUTION;
	else if (rs->branch != RANGE_BRANCH_VIEWS || (rs->subject[level] = pick_number(rs, level, degree)) < 0) {
		rs->subject[level] = pick_cell(g) + (rs->branch == RANGE_BRANCH_VIEWS ? CELL_SUBJECT : 0);
		*degree = 2;
	}
	rs->pool_start[level + 1] = rs->pool_len;
	rs->search.st.mems = g->mems;
	return node;
}

/* Put choice k of the node at level in place. */
static void put_choice(struct range_search *rs, int level, int k)
{
	struct range_grid *g = rs->g;
	int subject = rs->subject[level];
	rs->mark[level] = g->trail_len;
	rs->search.st.updates++;
	if (rs->branch == RANGE_BRANCH_CELLS || subject >= CELL_SUBJECT) {
		rs->bad = !range_grid_set(g, subject % CELL_SUBJECT, k == 0 ? RANGE_BLACK : RANGE_WHITE);
		return;
	}
	const int *split = rs->pool + rs->pool_start[level] + 4 * k;
	for (int dir = 0; dir < 4 && !rs->bad; dir++) {
		int cell = subject;
		for (int d = 0; d < split[dir] && !rs->bad; d++) {
			cell = range_grid_step(g, cell, dir);
			rs->bad = !range_grid_set(g, cell, RANGE_WHITE);
		}
		cell = range_grid_step(g, cell, dir);
		if (cell >= 0 && !rs->bad)
			rs->bad = !range_grid_set(g, cell, RANGE_BLACK);
	}
}

SEARCH_HOOK enum search_step hook_try_next(void *eng, int level)
{
	struct range_search *rs = eng;
	int k = ++rs->search.kth[level];
	if (k >= rs->search.degree[level])
		return SEARCH_NONE_LEFT;
	put_choice(rs, level, k);
	rs->search.st.mems = rs->g->mems;
	return SEARCH_TRIED_ONE;
}

SEARCH_HOOK void hook_undo(void *eng, int level)
{
	struct range_search *rs = eng;
	range_grid_undo_to(rs->g, rs->mark[level]);
	rs->bad = false;
	rs->search.st.mems = ++rs->g->mems;
}

static void describe(void *eng, struct engine_event *ev)
{
	struct range_search *rs = eng;
	if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->subject = rs->subject[ev->level];
	if (ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->choice = ev->index;
}

static const struct search_hooks hooks = {
	.enter = hook_enter,
	.try_next = hook_try_next,
	.undo = hook_undo,
	.describe = describe,
};

static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	struct range_search *rs = of(e);
	rs->g->mems = rs->search.st.mems;
	return search_run(&rs->search, &hooks, rs, ctl);
}

/* Back to the start: the search's cells taken back. */
static void to_start(struct range_search *rs)
{
	range_grid_undo_to(rs->g, rs->base_mark);
	rs->bad = false;
	rs->pool_len = 0;
}

static void ops_restart(struct engine *e)
{
	struct range_search *rs = of(e);
	to_start(rs);
	search_restart(&rs->search);
}

static void ops_free(struct engine *e)
{
	struct range_search *rs = of(e);
	search_free(&rs->search);
	range_grid_free(rs->g);
	free(rs->subject);
	free(rs->pool);
	free(rs);
}

static const struct engine_event *ops_event(const struct engine *e)
{
	return &of(e)->search.ev;
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	return &of(e)->search.st;
}

static double ops_progress(const struct engine *e)
{
	return search_progress(&of(e)->search, true);
}

/* The cells the search has set, as the family's moves: "#R,C" shades the
 * cell at row R, column C (from 1), ".R,C" marks it unshaded. */
static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	const struct range_search *rs = of(e);
	const struct range_grid *g = rs->g;
	for (int i = rs->base_mark; i < g->trail_len; i++) {
		int k = g->trail[i];
		strbuf_addf(out, "%s%c%d,%d", i > rs->base_mark || out->len ? ";" : "",
		            g->cell[k] == RANGE_BLACK ? '#' : '.', k / g->w + 1, k % g->w + 1);
	}
}

static void note_split(struct note *out, const int *split)
{
	note_say(out, "%s: tries %d up, %d right, %d down, %d left", out->text, split[0], split[1], split[2],
	         split[3]);
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct range_search *rs = of(e);
	const struct engine_event *ev = &rs->search.ev;
	const struct range_grid *g = rs->g;
	note_clear(out);
	if (ev->kind == ENGINE_EV_SOLUTION) {
		note_say(out, "A solution");
		return;
	}
	if (ev->kind == ENGINE_EV_DONE) {
		note_say(out, "The search is over");
		return;
	}
	if (ev->subject < 0 || (ev->kind != ENGINE_EV_CHOOSE && ev->kind != ENGINE_EV_TRY && ev->kind != ENGINE_EV_UNDO))
		return;
	int cell = ev->subject % CELL_SUBJECT;
	bool is_cell = rs->branch == RANGE_BRANCH_CELLS || ev->subject >= CELL_SUBJECT;
	note_cell(out, cell);
	if (ev->kind == ENGINE_EV_CHOOSE && ev->choices == 0)
		note_say(out, "A dead end: no way on from here");
	else if (is_cell)
		note_say(out, "The cell at row %d, column %d: %s", cell / g->w + 1, cell % g->w + 1,
		         ev->kind == ENGINE_EV_CHOOSE ? "shaded or not"
		         : ev->kind == ENGINE_EV_TRY  ? (ev->choice == 0 ? "tries it shaded" : "tries it unshaded")
		                                      : "takes it back");
	else {
		note_say(out, "The %d at row %d, column %d sees its count %d way%s", g->clue[cell], cell / g->w + 1,
		         cell % g->w + 1, ev->choices, ev->choices == 1 ? "" : "s");
		if (ev->kind == ENGINE_EV_TRY)
			note_split(out, rs->pool + rs->pool_start[ev->level] + 4 * ev->choice);
	}
}

/* One random walk from the start, choices drawn uniformly; the engine is
 * left at the start. */
static void ops_probe(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	struct range_search *rs = of(e);
	*depth = 0;
	*solution = false;
	for (int level = 0;; level++) {
		search_reserve(&rs->search, level + 2);
		enum search_node node = hook_enter(rs, level);
		if (node == SEARCH_SOLUTION) {
			*solution = true;
			break;
		}
		int degree = rs->search.degree[level];
		if (*depth >= *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*degrees = xrealloc(*degrees, (size_t)*cap * sizeof **degrees);
		}
		(*degrees)[(*depth)++] = degree;
		if (degree == 0)
			break;
		put_choice(rs, level, (int)rng_below(r, (uint64_t)degree));
	}
	to_start(rs);
}

/* A walk that looks one level ahead (search_walk).  Propagation makes
 * the tree a comb in long stretches: of a node's two choices one dies at
 * once.  A plain walk goes on down such a stretch half the time a level,
 * and on the shipped level 3-01 (219 nodes, one solution) not one of
 * 10,000 plain walks met the solution, so the estimate said 0 solutions;
 * 150 of 10,000 of these do, and the estimate is 0.96 +- 0.08. */
static void ops_walk(struct engine *e, struct rng *r, struct engine_walk *w)
{
	struct range_search *rs = of(e);
	search_walk(&rs->search, &hooks, rs, r, w);
	to_start(rs);
}

static const struct engine_ops cells_ops = {
	.name = "cells",
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

static const struct engine_ops views_ops = {
	.name = "views",
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

struct engine *range_search_new(const struct range_grid *start, enum range_branch branch)
{
	struct range_search *rs = xcalloc(1, sizeof *rs);
	rs->base.ops = branch == RANGE_BRANCH_CELLS ? &cells_ops : &views_ops;
	rs->branch = branch;
	rs->g = range_grid_copy(start);
	rs->base_mark = rs->g->trail_len;
	rs->start_ok = range_grid_consistent(rs->g);
	/* Every choice sets a cell, so the depth is at most the cells. */
	int levels = start->n + 2;
	rs->subject = xcalloc((size_t)levels * 3 + 1, sizeof *rs->subject);
	rs->mark = rs->subject + levels;
	rs->pool_start = rs->subject + 2 * levels;
	search_init(&rs->search, levels, levels);
	return &rs->base;
}

const struct range_grid *range_search_grid(const struct engine *e)
{
	return of(e)->g;
}

bool range_search_count(const struct range_grid *start, uint64_t limit, const atomic_int *cancel, uint64_t *count,
                        uint64_t *nodes)
{
	struct engine *e = range_search_new(start, RANGE_BRANCH_CELLS);
	struct engine_ctl ctl = { .max_solutions = limit, .cancel = cancel };
	enum engine_status status = engine_run(e, &ctl);
	*count = (uint64_t)engine_stats(e)->solutions;
	if (nodes)
		*nodes = engine_stats(e)->nodes;
	engine_free(e);
	return status != ENGINE_CANCELLED;
}
