/* Sudoku's fastest search: the grid as one bitboard per digit, and at
 * every node the digits that are forced placed before anything is tried.
 * Forced are a cell with one candidate left (a naked single) and a unit
 * with one place left for a digit (a hidden single), in rows, columns and
 * boxes (looked for in boxes: locked candidates turn a row's or a
 * column's into a box's), again and again until neither is left; then
 * locked candidates
 * (a digit's places in a box all in one row or column leave it out of
 * the rest of that row or column, and the other way round: for a band of
 * boxes, the digit's minirows form a permutation), and the singles again
 * if they took anything away.  Then the node is a solution (every cell
 * filled), a dead end (a cell with no candidate, or a digit with no place
 * in a unit), or a choice: the blank cell with the fewest candidates;
 * among cells with two, the one that sees the most blank cells holding
 * one of its digits, twice over those of them with two candidates, and
 * twice over again those with its two; among cells with more, the one that sees the most blank cells; then the
 * first in reading order; its digits in increasing order.
 *
 * The board: for each digit a mask of the cells where it may still go
 * (its own placed cells included), split in bands of box rows (27 bits of
 * a 9x9 band fit one 32-bit word), a digit's bands side by side as the
 * lanes of one 16-byte vector, so that placing a digit, and finding the
 * singles, is a few vector operations for every band at once.  The
 * hidden singles look at every digit each time, locked candidates only at
 * the digits whose places changed since their last look.
 *
 * A resumable search with the semantics of engine.h (run on the skeleton
 * of search.h), its counters
 * as stats.h has them: a node is a board entered (the root, or a digit
 * tried), its propagation included; a solution is a node of its own one
 * level below the last choice, or the root when propagation alone fills
 * the grid.  Updates count the digits placed, tried or forced.  Mems: 1 to
 * enter a node; per digit placed, one per band (the words of its digit)
 * and, unless it was its cell's last candidate, one per digit (the words
 * of its cell); per sweep for singles, per digit for locked candidates
 * and per choice, one per band word read; to try a digit, the words of
 * the board copied for the child.
 *
 * Givens that repeat a digit in a unit make the root a dead end, its cell
 * the second of the first clash (sudoku_grid_first_clash), as in sudoku_bt.h.
 *
 * Also here: sudoku_fast_count, the same search without events or
 * statistics, for the generator and the uniqueness checks. */
#ifndef LD_SUDOKU_FAST_H
#define LD_SUDOKU_FAST_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"
#include "solver/stats.h"
#include "solver/sudoku/sudoku_grid.h"
#include "util/rng.h"

struct sudoku_fast;

/* The search for the ways to finish g (its filled cells are fixed). */
struct sudoku_fast *sudoku_fast_new(const struct sudoku_grid *g);
void sudoku_fast_free(struct sudoku_fast *f);
/* Back to the root, statistics cleared. */
void sudoku_fast_restart(struct sudoku_fast *f);

/* As engine_run (engine.h).  Events: CHOOSE (subject the cell, choices
 * its candidates after the forced digits; 0 choices: a dead end, see
 * sudoku_fast_dead_end), TRY and UNDO (choice the digit, index which of the
 * candidates), SOLUTION, DONE. */
enum engine_status sudoku_fast_run(struct sudoku_fast *f, const struct engine_ctl *ctl);

const struct engine_event *sudoku_fast_event(const struct sudoku_fast *f);
const struct search_stats *sudoku_fast_stats(const struct sudoku_fast *f);
/* Knuth's share of the tree finished, in [0, 1], as sudoku_bt_progress. */
double sudoku_fast_progress(const struct sudoku_fast *f);
/* One random walk from the root, as engine_ops.probe; the search in
 * progress is left as it was. */
void sudoku_fast_probe(struct sudoku_fast *f, struct rng *r, int **degrees, int *cap, int *depth, bool *solution);

/* The filled cells of the board in place that the start left blank, in
 * reading order: cells[i] holds digits[i]; returns how many.  At a TRY the
 * digit tried is among them, at a CHOOSE the digits it forced too; a
 * solution after ENGINE_SOLUTION.  Room for SUDOKU_GRID_MAX_CELLS. */
int sudoku_fast_filled(const struct sudoku_fast *f, int *cells, int *digits);
/* After ENGINE_SOLUTION: the solution, the start's cells and the ones
 * sudoku_fast_filled names, as a grid (a batch solve's answer). */
void sudoku_fast_solution(const struct sudoku_fast *f, struct sudoku_grid *out);
/* The grid the search started from. */
const struct sudoku_grid *sudoku_fast_start(const struct sudoku_fast *f);
/* At a CHOOSE, TRY or SOLUTION: how many digits the singles forced on
 * entering the node. */
int sudoku_fast_forced(const struct sudoku_fast *f);
/* At an UNDO event: did the digit taken back lead to a solution? */
bool sudoku_fast_undo_solved(const struct sudoku_fast *f);

/* Why a node is a dead end (at a CHOOSE with no choices). */
enum sudoku_fast_why {
	SUDOKU_FAST_CLASH,     /* two givens: cells a and b, unit, digit */
	SUDOKU_FAST_NO_DIGIT,  /* cell a has no candidate left */
	SUDOKU_FAST_NO_PLACE,  /* digit has no place left in unit */
};
struct sudoku_fast_dead {
	enum sudoku_fast_why why;
	int a, b, unit, digit;
};
bool sudoku_fast_dead_end(const struct sudoku_fast *f, struct sudoku_fast_dead *out);

/* The lean counter: solutions of g up to req->limit (0: all).  Cell
 * req->bar_cell (-1: none) may not hold req->bar_digit, which asks "is
 * there a solution other than the one with that digit there?".  The
 * search of the engine, without its events. */
struct sudoku_fast_req {
	uint64_t limit;
	int bar_cell, bar_digit;
	const atomic_int *cancel;   /* checked at every node */
	struct sudoku_grid *first;     /* if not NULL: the first solution found */
	/* If not NULL: at each choice its digit is tried first, so that the
	 * first solution found is much like it (the generator asks for a
	 * second solution near the one it knows). */
	const struct sudoku_grid *prefer;
	uint64_t nodes;             /* out: nodes entered */
	bool cancelled;             /* out: stopped by *cancel */
};
uint64_t sudoku_fast_count(const struct sudoku_grid *g, struct sudoku_fast_req *req);

#endif
