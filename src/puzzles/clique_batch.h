/* The clique family's own batch commands, on DIMACS graphs of any size
 * the solver holds (the game's states have at most 64 vertices):
 * solve clique|independent-set FILE and generate graph (clique_batch.c).
 * The batch commands reach them through the family's table
 * (struct puzzle's commands). */
#ifndef LD_CLIQUE_BATCH_H
#define LD_CLIQUE_BATCH_H

#include "puzzles/puzzle.h"

extern const struct puzzle_command *const clique_batch_commands[];
/* What they do, a paragraph of --help. */
extern const char clique_batch_help[];

#endif
