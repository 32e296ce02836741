/* For the Sudoku engines' tests: an engine run to its end, straight or
 * step by step, and what was seen on the way (the solutions' paths, the
 * events and their words), so that a test compares the two runs. */
#ifndef LD_TEST_ENGINE_RUN_H
#define LD_TEST_ENGINE_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"

struct run {
	char **sol;          /* each solution's path, as a move */
	int n;
	uint64_t nodes, tries, undos, chooses, dead_ends;
	uint64_t forced_said;   /* events that speak of forced digits */
	int depth_bad;          /* events at the wrong level, or an unclean end */
	bool words, marked;     /* every event worded (under 80), its cell marked */
	bool fails_said, more_said;
	double progress_drop;   /* the most the progress went back */
};

/* Run e from where it is to its end, r filled afresh.  singles_placed:
 * the engine places forced digits itself, so a choice of one is a fault. */
void run_through(struct engine *e, bool step, bool singles_placed, struct run *r);
void run_free(struct run *r);

#endif
