/* The backtrackers as engines of the Sudoku family: on the grid of a
 * state, givens and entries alike (sudoku_engines.c does the rest). */
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
