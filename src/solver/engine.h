/* Any search that the worker thread and the search on screen can drive,
 * whatever it searches: Dancing Links on an exact cover today; the Sudoku
 * backtrackers, the clause solver and the clique branch and bound next.
 *
 * An engine is a resumable state machine.  run() goes until a solution,
 * the end, a budget of mems, a cancel request, or (in step mode) the next
 * event, and a later run() resumes exactly there, so the animation can
 * take one step at a time and a hint can stop after a few milliseconds.
 * There is no cap on depth: the path grows as the search needs.
 *
 * Engines speak in their own numbers (an item, an option, a cell, a
 * vertex).  An engine made by a family (puzzle.h) also speaks the family's
 * language: the choices so far as one move that the family applies to draw
 * them, and each event in the player's words with the cells and pieces to
 * mark.  Engines that can make random walks from the root give Knuth's
 * estimate of their tree (estimate.h). */
#ifndef LD_ENGINE_H
#define LD_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/stats.h"
#include "util/note.h"
#include "util/rng.h"
#include "util/strbuf.h"

enum engine_event_kind {
	ENGINE_EV_NONE,
	ENGINE_EV_CHOOSE,    /* entered a node and chose what to branch on (0 choices: a dead end) */
	ENGINE_EV_TRY,       /* took one of the choices */
	ENGINE_EV_UNDO,      /* took it back */
	ENGINE_EV_PRUNE,     /* cut a branch without entering it (why says why) */
	ENGINE_EV_SOLUTION,  /* the choices made form a solution */
	ENGINE_EV_MEMO_HIT,  /* a subtree answered from a cache */
	ENGINE_EV_DONE,      /* nothing left to search */
};

struct engine_event {
	enum engine_event_kind kind;
	int level;           /* depth of the node, from 0 at the root */
	int subject;         /* CHOOSE, TRY, UNDO: what is branched on, in the engine's numbers */
	int choices;         /* CHOOSE, TRY, UNDO: how many ways it can go */
	int choice;          /* TRY/UNDO: the choice, in the engine's numbers */
	int index;           /* TRY/UNDO: which of the choices, from 0 */
	const char *why;     /* PRUNE: the reason, static text ("bound 5 <= best 5") */
	long value;          /* PRUNE: a number that goes with it (a bound), else 0 */
};

enum engine_status {
	ENGINE_DONE,        /* the whole tree has been searched */
	ENGINE_SOLUTION,    /* stopped at a solution (report_solutions) */
	ENGINE_LIMIT,       /* max_solutions reached */
	ENGINE_BUDGET,      /* the mems budget is spent */
	ENGINE_CANCELLED,   /* *cancel was set */
	ENGINE_STEP,        /* one event taken (step mode); see event() */
};

struct engine_ctl {
	uint64_t mems_budget;     /* stop at the first node after this many more mems; 0: none */
	uint64_t max_solutions;   /* stop when the count reaches this; 0: none */
	const atomic_int *cancel; /* stop at the next node once nonzero */
	bool report_solutions;    /* return ENGINE_SOLUTION at each solution */
	bool step;                /* return ENGINE_STEP at each event */
};

/* A random walk that looks one level ahead (Purdom's partial
 * backtracking, 1978): at each node of its path it enters every child,
 * takes those that are leaves (dead ends, solutions) as they are, and goes
 * on into one of the others, chosen uniformly.  Knuth's estimate from such
 * walks is still unbiased, and it is exact on a tree in which no node has
 * more than one child that is not a leaf: the comb a propagating search
 * leaves, where each choice but one dies at once, and where a plain walk
 * reaches the solution at the bottom once in 2^depth walks. */
struct engine_walk {
	int depth;            /* the path's nodes whose children were looked at: levels 0 .. depth-1 */
	int *children;        /* per level: the children of the path's node there */
	int *open;            /* of them, those that are not leaves (the walk went on in one) */
	int *solutions;       /* of them, solutions */
	bool root_solution;   /* the root is a solution, a leaf (depth 0) */
	int cap;              /* levels the arrays have room for */
};

struct engine;

struct engine_ops {
	const char *name;                      /* "dlx", "seq", "mrv", "sat", "bnb" */
	void (*free)(struct engine *e);
	/* Back to the root, statistics cleared. */
	void (*restart)(struct engine *e);
	enum engine_status (*run)(struct engine *e, const struct engine_ctl *ctl);
	const struct engine_event *(*event)(const struct engine *e);
	/* The counters on the one protocol (stats.h); solutions are exact,
	 * 128-bit. */
	const struct search_stats *(*stats)(const struct engine *e);
	/* Knuth's measure of the share of the tree behind the search, in
	 * [0, 1]: the sum over finished subtrees of 1/(d0 d1 ... dk). */
	double (*progress)(const struct engine *e);
	/* The choices in place, from the root, as one move of the family
	 * (appended to out); a solution after ENGINE_SOLUTION. */
	void (*path_move)(const struct engine *e, struct strbuf *out);
	/* The last event in the player's words, with what to mark: "the cell
	 * at row 2, column 5 has 4 choices: tries Cyan". */
	void (*event_note)(const struct engine *e, struct note *out);
	/* One random walk from the root (the engine at its root, and left
	 * there): degrees[k] the choices met at depth k, for k < *depth;
	 * *solution if the walk ended at a solution.  degrees grows as needed
	 * (*cap its room).  NULL if the engine cannot probe. */
	void (*probe)(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution);
	/* Optional: a walk that looks one level ahead (struct engine_walk;
	 * its arrays grow as needed), the engine at its root and left there,
	 * its counters as they were.  Knuth's estimate takes it rather than
	 * probe when it is there. */
	void (*walk)(struct engine *e, struct rng *r, struct engine_walk *w);
	/* Optional: after ENGINE_SOLUTION, the state the path leads to as
	 * the family's batch line (puzzle_batch.as_line of the start with
	 * path_move applied), for a batch solve: the moves written and read
	 * back took as long as the search on easy Sudoku. */
	void (*path_line)(const struct engine *e, char *buf, size_t size);
};

struct engine {
	const struct engine_ops *ops;
};

/* Shorthands for the calls through ops. */
static inline enum engine_status engine_run(struct engine *e, const struct engine_ctl *ctl)
{
	return e->ops->run(e, ctl);
}
static inline void engine_free(struct engine *e)
{
	if (e)
		e->ops->free(e);
}
static inline const struct engine_event *engine_event(const struct engine *e)
{
	return e->ops->event(e);
}
static inline const struct search_stats *engine_stats(const struct engine *e)
{
	return e->ops->stats(e);
}

#endif
