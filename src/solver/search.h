/* The resumable backtrack search that the engines of engine.h are,
 * written once.  An engine keeps what it searches (a grid, clauses, a graph) and
 * says, through a few hooks, how to enter a node, try its next choice and
 * take a choice back; this skeleton keeps the rest: the phase to resume
 * at, the level, each level's degree (its number of choices) and which
 * choice is in place, the cancel check and the mems budget at the top of
 * every node, the events of step mode, the counters (stats.h) and the
 * share of the tree behind the search.
 *
 * Dancing Links (xc/dlx.c), the Sudoku backtrackers (sudoku_bt.c),
 * Sudoku's fast engine (sudoku_fast.c), the clause solver (sat.c), the
 * clique branch and bound (clique.c), the bitset exact cover
 * (xc/bitx.c) and Number Mind's search (numbermind/nm_search.c) run on
 * it.
 *
 * The search, in the order a node meets it:
 *
 *   forward   the node at level: cancel and budget checked (the search
 *             stops here and resumes here); pass_by() may skip it
 *             uncounted (a part of the tree that another thread
 *             searches); else the node counted, then enter(): a
 *             solution (a node of its own, back up next), a node whose
 *             count is known without searching it (a memo's hit, event
 *             MEMO_HIT, back up next), or degree[level] choices, 0 for
 *             a dead end (event CHOOSE);
 *   advance   try_next(): the next choice put in place, kth[level] its
 *             index (event TRY, then forward at level + 1); or none left
 *             (back up); or the rest of the node cut by a bound (event
 *             PRUNE, then back up);
 *   back up   at the root (or the base of search_start_at), or when
 *             finished() says so, the search is done; else level - 1
 *             and undo() of its choice (event UNDO), then advance there.
 *
 * search_run() is inline and is given its hooks as a constant table, so
 * that each engine gets its own copy with the hooks called directly and
 * inlined: the skeleton costs the hot loops of the engines nothing. */
#ifndef LD_SEARCH_H
#define LD_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"
#include "solver/stats.h"
#include "util/u128.h"

enum search_phase {
	SEARCH_START,     /* at the root, not entered yet */
	SEARCH_FORWARD,   /* at the top of the node at level, not entered yet */
	SEARCH_CHOSEN,    /* entered, its choices known, none tried yet */
	SEARCH_TRIED,     /* choice kth[level] in place, its child next */
	SEARCH_LEAF,      /* at a solution, or the rest of the node cut: back up next */
	SEARCH_UNDONE,    /* choice kth[level] taken back, the next one next */
	SEARCH_DONE,
};

struct search {
	enum search_phase phase;
	int level;
	int base;                /* the level searched from (search_start_at), 0 for the root */
	int room;                /* levels the arrays below have room for */
	bool fixed;              /* the arrays are the engine's (search_init_fixed) */
	int *degree;             /* per level: the choices of its node */
	int *kth;                /* per level: the choice in place (or last taken back), from 0; -1 none yet */
	u128 *sol_at_try;        /* per level: the solutions when its choice went in */
	bool undo_solved;        /* the choice last taken back led to a solution */
	struct search_stats st;
	struct engine_event ev;
};

/* What entering a node found. */
enum search_node {
	SEARCH_BRANCH,     /* degree[level] choices (0: a dead end) */
	SEARCH_SOLUTION,   /* a solution: the node has no children */
	SEARCH_KNOWN,      /* its solutions are known (and added) without searching it */
};

/* What trying the next choice of a node did. */
enum search_step {
	SEARCH_TRIED_ONE,  /* a choice is in place, kth[level] its index */
	SEARCH_NONE_LEFT,  /* every choice has been tried */
	SEARCH_CUT,        /* the rest cannot beat the best: back up (a PRUNE event) */
};

/* An engine's hooks are defined with SEARCH_HOOK, so that search_run's
 * calls of them, direct once the table is constant, are inlined as well
 * (left to itself the compiler made calls of them, which cost the plain
 * backtracker, whose nodes are a few instructions each, a sixth of its
 * speed). */
#define SEARCH_HOOK static inline __attribute__((always_inline))

/* An engine's part.  eng is the engine; level the node's depth. */
struct search_hooks {
	/* Once, before the root is entered (NULL: nothing to do). */
	void (*begin)(void *eng);
	/* At the top of the node at level, before it is counted: true to
	 * back up past it, as if it were not there (NULL: never). */
	bool (*pass_by)(void *eng, int level);
	/* The node at level: a solution, or its choices with degree[level]
	 * set.  The node is counted already; its mems are the hook's. */
	enum search_node (*enter)(void *eng, int level);
	/* The next choice of the node at level: kth[level] is advanced by
	 * the hook, which also puts the choice in place (its child at level
	 * + 1 ready to enter). */
	enum search_step (*try_next)(void *eng, int level);
	/* Take back the choice of the node at level. */
	void (*undo)(void *eng, int level);
	/* At a solution, counted: true to stop the run there, with
	 * ENGINE_SOLUTION (NULL: never). */
	bool (*on_solution)(void *eng);
	/* Backing up: is the search over before the root? (NULL: never) */
	bool (*finished)(void *eng);
	/* Fill in what an event is about (subject, choice, why, value) over
	 * the skeleton's kind, level, choices and index (NULL if counts_only). */
	void (*describe)(void *eng, struct engine_event *ev);
	/* The engine only counts (bitx): it is never stepped, reports no
	 * solution one by one and makes no event, so that the tests of step
	 * mode and the bookkeeping for UNDO events fold away. */
	bool counts_only;
};

/* Is this run one of single steps?  Constant false for a counting engine. */
static inline bool search_stepping(const struct search_hooks *h, const struct engine_ctl *ctl)
{
	return !h->counts_only && ctl->step;
}

/* Room for levels levels (more with search_reserve), the profile of the
 * statistics for profile_levels; phase START. */
void search_init(struct search *s, int levels, int profile_levels);
/* The same on the engine's own arrays of levels levels, for an engine of
 * a fixed depth (the Sudoku searches): one allocation fewer for each
 * engine made, which a batch of easy puzzles, an engine each, feels. */
struct search_levels {
	int *degree, *kth;
	u128 *sol_at_try;
};
void search_init_fixed(struct search *s, int levels, const struct search_levels *arrays, int profile_levels);
void search_free(struct search *s);
/* Room for at least levels levels. */
void search_reserve(struct search *s, int levels);
/* Back to the root, statistics cleared, no event. */
void search_restart(struct search *s);
/* Statistics cleared, and the search made one of the subtree below the
 * node at level, reached by the engine without searching (phase FORWARD,
 * to enter it next): backing up to level ends it.  The levels above count
 * as nodes of one choice, so that search_progress is the subtree's. */
void search_start_at(struct search *s, int level);

/* Room in w for levels levels. */
void search_walk_reserve(struct engine_walk *w, int levels);

/* Knuth's share of the tree finished, in [0, 1] (search_share); a dead
 * end at CHOSEN counts as finished if dead_end_done. */
double search_progress(const struct search *s, bool dead_end_done);
/* The same for the subtree of the path's node at level from (the part of
 * the tree a thread searches). */
double search_progress_from(const struct search *s, int from, bool dead_end_done);

/* How many choices are in place from the root (a CHOOSE's node is at
 * level, a TRY's child one below). */
static inline int search_path_len(const struct search *s)
{
	if (s->phase == SEARCH_START || s->phase == SEARCH_DONE)
		return 0;
	return s->level + (s->phase == SEARCH_TRIED);
}

/* At an UNDO event: did the choice taken back lead to a solution? */
static inline bool search_undo_solved(const struct search *s)
{
	return s->ev.kind == ENGINE_EV_UNDO && s->undo_solved;
}

/* Make ev an event of kind at level, then let the engine fill it in. */
static inline void search_event(struct search *s, const struct search_hooks *h, void *eng,
                                enum engine_event_kind kind, int level)
{
	struct engine_event *ev = &s->ev;
	*ev = (struct engine_event){ .kind = kind, .level = level, .subject = -1, .choice = -1, .index = -1 };
	if (kind == ENGINE_EV_CHOOSE || kind == ENGINE_EV_TRY || kind == ENGINE_EV_UNDO)
		ev->choices = s->degree[level];
	if (kind == ENGINE_EV_TRY || kind == ENGINE_EV_UNDO)
		ev->index = s->kth[level];
	h->describe(eng, ev);
}

/* At the top of a node: true, with *status, if a cancel request or the
 * budget stops the search there. */
static inline bool search_pause(const struct search *s, const struct engine_ctl *ctl, uint64_t mems_limit,
                                enum engine_status *status)
{
	if (ctl->cancel && atomic_load_explicit(ctl->cancel, memory_order_relaxed))
		*status = ENGINE_CANCELLED;
	else if (s->st.mems >= mems_limit)
		*status = ENGINE_BUDGET;
	else
		return false;
	return true;
}

static inline void search_count_node(struct search *s, int level)
{
	struct search_stats *st = &s->st;
	s->level = level;
	st->nodes++;
	st->profile[level]++;
	if (level > st->max_level)
		st->max_level = level;
	s->kth[level] = -1;
}

/* A solution at level: counted, its event made; true if the run stops
 * there (step mode, solutions reported, or the limit reached). */
static inline bool search_solution(struct search *s, const struct search_hooks *h, void *eng,
                                   const struct engine_ctl *ctl, int level, enum engine_status *status)
{
	struct search_stats *st = &s->st;
	st->solutions = stats_add_count(st->solutions, 1, &st->overflow);
	if (!h->counts_only)
		search_event(s, h, eng, ENGINE_EV_SOLUTION, level);
	s->phase = SEARCH_LEAF;
	if (h->on_solution && h->on_solution(eng)) {
		*status = ENGINE_SOLUTION;
		return true;
	}
	bool step = search_stepping(h, ctl), report = !h->counts_only && ctl->report_solutions;
	if (!(step || report || (ctl->max_solutions && st->solutions >= ctl->max_solutions)))
		return false;
	*status = step ? ENGINE_STEP : report ? ENGINE_SOLUTION : ENGINE_LIMIT;
	return true;
}

static inline enum engine_status search_done(struct search *s, const struct search_hooks *h, void *eng)
{
	s->phase = SEARCH_DONE;
	s->level = 0;
	s->st.level = 0;
	if (!h->counts_only)
		search_event(s, h, eng, ENGINE_EV_DONE, 0);
	return ENGINE_DONE;
}

/* As engine_run (engine.h), with the engine's hooks h. */
static inline __attribute__((always_inline)) enum engine_status
search_run(struct search *s, const struct search_hooks *h, void *eng, const struct engine_ctl *ctl)
{
	struct search_stats *st = &s->st;
	uint64_t mems_limit = ctl->mems_budget ? st->mems + ctl->mems_budget : UINT64_MAX;
	int level = s->level;
	enum engine_status status = ENGINE_STEP;

	switch (s->phase) {
	case SEARCH_START:
		level = 0;
		if (h->begin)
			h->begin(eng);
		goto forward;
	case SEARCH_FORWARD:
		goto forward;
	case SEARCH_CHOSEN:
	case SEARCH_UNDONE:
		goto advance;
	case SEARCH_TRIED:
		goto tried;
	case SEARCH_LEAF:
		goto back_up;
	case SEARCH_DONE:
		if (!h->counts_only)
			search_event(s, h, eng, ENGINE_EV_DONE, 0);
		return ENGINE_DONE;
	}

forward:
	if (search_pause(s, ctl, mems_limit, &status)) {
		s->phase = SEARCH_FORWARD;
		goto out;
	}
	if (h->pass_by && h->pass_by(eng, level))
		goto back_up;
	search_count_node(s, level);
	switch (h->enter(eng, level)) {
	case SEARCH_SOLUTION:
		if (search_solution(s, h, eng, ctl, level, &status))
			goto out;
		goto back_up;
	case SEARCH_KNOWN:
		if (search_stepping(h, ctl)) {
			search_event(s, h, eng, ENGINE_EV_MEMO_HIT, level);
			s->phase = SEARCH_LEAF;
			goto out;
		}
		goto back_up;
	case SEARCH_BRANCH:
		break;
	}
	if (search_stepping(h, ctl)) {
		search_event(s, h, eng, ENGINE_EV_CHOOSE, level);
		s->phase = SEARCH_CHOSEN;
		goto out;
	}
advance:
	switch (h->try_next(eng, level)) {
	case SEARCH_NONE_LEFT:
		goto back_up;
	case SEARCH_CUT:
		if (search_stepping(h, ctl)) {
			search_event(s, h, eng, ENGINE_EV_PRUNE, level);
			s->phase = SEARCH_LEAF;
			goto out;
		}
		goto back_up;
	case SEARCH_TRIED_ONE:
		break;
	}
	if (!h->counts_only)
		s->sol_at_try[level] = st->solutions;
	if (search_stepping(h, ctl)) {
		search_event(s, h, eng, ENGINE_EV_TRY, level);
		s->phase = SEARCH_TRIED;
		goto out;
	}
tried:
	level++;
	goto forward;

back_up:
	/* s->base from memory: held in a register through the loop, it
	 * cost bitx (whose nodes need every register) 5% */
	if (level == s->base || (h->finished && h->finished(eng)))
		return search_done(s, h, eng);
	level--;
	h->undo(eng, level);
	if (search_stepping(h, ctl)) {
		/* read only at an UNDO event: not worked out when none is made */
		s->undo_solved = st->solutions > s->sol_at_try[level];
		search_event(s, h, eng, ENGINE_EV_UNDO, level);
		s->phase = SEARCH_UNDONE;
		goto out;
	}
	goto advance;

out:
	s->level = level;
	st->level = level;
	return status;
}

/* A walk that looks one level ahead (engine_ops.walk, struct engine_walk)
 * with the engine's hooks, the search at its root (begin() not yet run).
 * Each child of a node on the path is entered as the search would enter
 * it, classed by what enter() finds, and taken back by undo() of its
 * parent's level, which is what the search does below a leaf; the child
 * the walk goes on into is then put in place and entered again.  At the
 * end the choices are taken back, but not what begin() and the root's
 * enter() did: the engine takes itself back to its root.  The counters
 * are kept. */
static inline __attribute__((always_inline)) void
search_walk(struct search *s, const struct search_hooks *h, void *eng, struct rng *r, struct engine_walk *w)
{
	struct search_stats keep = s->st;
	int level = 0;
	w->depth = 0;
	w->root_solution = false;
	if (h->begin)
		h->begin(eng);
	search_reserve(s, 2);
	s->kth[0] = -1;
	w->root_solution = h->enter(eng, 0) == SEARCH_SOLUTION;
	while (!w->root_solution) {
		int children = 0, open = 0, solutions = 0, pick = -1;
		search_reserve(s, level + 2);
		search_walk_reserve(w, level + 1);
		while (h->try_next(eng, level) == SEARCH_TRIED_ONE) {
			children++;
			s->kth[level + 1] = -1;
			if (h->enter(eng, level + 1) == SEARCH_SOLUTION)
				solutions++;
			else if (s->degree[level + 1] > 0 && rng_below(r, (uint64_t)++open) == 0)
				pick = s->kth[level];   /* each open child kept with chance 1/open: uniform */
			h->undo(eng, level);
		}
		w->children[level] = children;
		w->open[level] = open;
		w->solutions[level] = solutions;
		w->depth = level + 1;
		if (!open)
			break;
		s->kth[level] = pick - 1;
		h->try_next(eng, level);
		s->kth[++level] = -1;
		h->enter(eng, level);
	}
	while (level > 0)
		h->undo(eng, --level);
	s->st = keep;
}

#endif
