/* The Sudoku engines as engines of the family: each on the grid of a
 * state, givens and entries alike (sudoku_engines.c, sudoku_fast_engine.c
 * and sudoku_sat.c do the rest). */
#include "config.h"

#include "puzzles/sudoku_engines.h"
#include "puzzles/sudoku_puzzle.h"
#include "puzzles/xc_engine.h"

/* The plain backtrackers only where they finish in reasonable time
 * (tests/bench/sudoku.sh): cells in order up to 9x9, fewest candidates
 * up to 12x12 (a 16x16 minimal puzzle keeps either busy for minutes).
 * NULL elsewhere: the compare screen leaves them out, and solve says so. */
#define SEQ_MAX_SIDE 9
#define MRV_MAX_SIDE 12

static struct engine *new_seq(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	const struct sudoku_grid *g = sudoku_state_grid(s);
	return g->side <= SEQ_MAX_SIDE ? sudoku_engine_seq_new(g) : NULL;
}

static struct engine *new_mrv(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	const struct sudoku_grid *g = sudoku_state_grid(s);
	return g->side <= MRV_MAX_SIDE ? sudoku_engine_mrv_new(g) : NULL;
}

static struct engine *new_sat(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return sudoku_engine_sat_new(sudoku_state_grid(s));
}

/* The bitboard engine takes square boxes up to 9x9; every other size is
 * searched by Dancing Links, which finds the same forced digits (a cell
 * with one candidate, a digit with one place in a unit) by its choice of
 * item, and is the quickest of the others there (tests/bench/sudoku.sh). */
static struct engine *new_fast(const struct puzzle *pz, const struct puzzle_state *s)
{
	/* (the bitboard engine says itself whether the grid fits it) */
	struct engine *e = sudoku_engine_fast_new(sudoku_state_grid(s));
	return e ? e : xc_engine_new(pz, s, DLX_MRV);
}

const struct puzzle_engine sudoku_engine_seq = {
	.name = "seq",
	.title = "Cells in order",
	.new = new_seq,
};

const struct puzzle_engine sudoku_engine_mrv = {
	.name = "mrv",
	.title = "Fewest candidates",
	.new = new_mrv,
};

const struct puzzle_engine sudoku_engine_sat = {
	.name = "sat",
	.title = "Clause solver",
	.new = new_sat,
};

const struct puzzle_engine sudoku_engine_fast = {
	.name = "fast",
	.title = "Singles propagated",
	.new = new_fast,
};
