/* The Sudoku engines as engines of the family: each on the grid of a
 * state, givens and entries alike (sudoku_engines.c, sudoku_fast_engine.c
 * and sudoku_sat.c do the rest). */
#include "config.h"

#include "puzzles/sudoku_engines.h"
#include "puzzles/sudoku_puzzle.h"

static struct engine *new_seq(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return sudoku_engine_seq_new(sudoku_state_grid(s));
}

static struct engine *new_mrv(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return sudoku_engine_mrv_new(sudoku_state_grid(s));
}

static struct engine *new_sat(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return sudoku_engine_sat_new(sudoku_state_grid(s));
}

static struct engine *new_fast(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return sudoku_engine_fast_new(sudoku_state_grid(s));
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
