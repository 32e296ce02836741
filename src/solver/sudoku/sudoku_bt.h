/* Sudoku's two plain backtrackers, on bitmasks, as resumable searches
 * with the semantics of engine.h (run on the skeleton of search.h):
 *   SUDOKU_BT_SEQ  the first blank cell in reading order, its digits in
 *               increasing order;
 *   SUDOKU_BT_MRV  the blank cell with the fewest candidates, ties to the
 *               first in reading order, digits in increasing order.
 * A cell left no candidate is a dead end: a node with no children.
 *
 * The counters follow stats.h as dlx.c fills them, so the engines compare
 * node for node with Dancing Links: a node is a choice point entered (a
 * cell chosen, dead ends included), and a solution counts as a node of its
 * own one level below the last choice.  Updates count the digits placed.
 * Mems, in Knuth's spirit of one per word touched: 1 to enter a node; in
 * choosing, 1 per cell looked at and 3 more (its row, column and box) per
 * blank cell whose candidates are reckoned; 4 to place a digit or take it
 * back (the cell and its three units).
 *
 * Givens that repeat a digit in a unit make the root a dead end (no
 * solution), its cell the second of the first clash (sudoku_grid_first_clash).
 *
 * Also here: sudoku_bt_count, a lean counter without events or statistics for
 * the generator and the uniqueness checks. */
#ifndef LD_SUDOKU_BT_H
#define LD_SUDOKU_BT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"
#include "solver/stats.h"
#include "solver/sudoku/sudoku_grid.h"
#include "util/rng.h"

enum sudoku_bt_rule {
	SUDOKU_BT_SEQ,
	SUDOKU_BT_MRV,
};

struct sudoku_bt;

/* The search for the ways to finish g (its filled cells are fixed). */
struct sudoku_bt *sudoku_bt_new(const struct sudoku_grid *g, enum sudoku_bt_rule rule);
void sudoku_bt_free(struct sudoku_bt *b);
/* Back to the root, statistics cleared. */
void sudoku_bt_restart(struct sudoku_bt *b);

/* As engine_run (engine.h).  Events: CHOOSE (subject the cell, choices
 * its candidates), TRY and UNDO (choice the digit, index which of the
 * candidates), SOLUTION, DONE. */
enum engine_status sudoku_bt_run(struct sudoku_bt *b, const struct engine_ctl *ctl);

const struct engine_event *sudoku_bt_event(const struct sudoku_bt *b);
const struct search_stats *sudoku_bt_stats(const struct sudoku_bt *b);
/* Knuth's share of the tree finished, in [0, 1]: the sum over the
 * subtrees behind the search of 1/(d0 d1 ... dk), the degrees above them.
 * It never goes back, step by step. */
double sudoku_bt_progress(const struct sudoku_bt *b);
/* One random walk from the root, as engine_ops.probe; it works on a copy,
 * so the search in progress is left as it was. */
void sudoku_bt_probe(struct sudoku_bt *b, struct rng *r, int **degrees, int *cap, int *depth, bool *solution);

/* The digits placed by the search, from the root: cells[i] took
 * digits[i]; returns how many (a solution after ENGINE_SOLUTION).
 * cells and digits have room for SUDOKU_MAX_CELLS. */
int sudoku_bt_path(const struct sudoku_bt *b, int *cells, int *digits);
/* The grid the search started from. */
const struct sudoku_grid *sudoku_bt_start(const struct sudoku_bt *b);
/* At an UNDO event: did the digit taken back lead to a solution? */
bool sudoku_bt_undo_solved(const struct sudoku_bt *b);
/* At a CHOOSE event of a root that is a dead end for a clash of givens:
 * true, with the two cells and the unit (sudoku_grid_first_clash). */
bool sudoku_bt_clash(const struct sudoku_bt *b, int *a, int *c, int *unit);

/* The lean counter: solutions of g up to req->limit (0: all).  Cell
 * req->bar_cell (-1: none) may not hold req->bar_digit, which asks "is
 * there a solution other than the one with that digit there?".  With
 * req->rng the digits of a cell are tried in random order.  Much the
 * search of SUDOKU_BT_MRV, but quicker to choose: the first cell met with one
 * candidate is taken at once, and the cells are not met in reading order. */
struct sudoku_bt_count_req {
	uint64_t limit;
	int bar_cell, bar_digit;
	struct rng *rng;
	const atomic_int *cancel;   /* checked at every node */
	struct sudoku_grid *first;     /* if not NULL: the first solution found */
	uint64_t nodes;             /* out: nodes entered */
	bool cancelled;             /* out: stopped by *cancel */
	/* sudoku_places_count only: give up past this many nodes (0: never),
	 * with gave_up set and the solutions found so far. */
	uint64_t node_limit;
	bool gave_up;
};
uint64_t sudoku_bt_count(const struct sudoku_grid *g, struct sudoku_bt_count_req *req);

#endif
