/* Range as clauses, for the clause solver (clauses/sat.h), as a third
 * engine: a variable for each cell (shaded) and for each way each number
 * can see its count (its split: how far up, right, down and left); a split
 * implies the cells it sees unshaded and the cells beyond them shaded;
 * each number has one of its splits (a positive clause, branched on first,
 * as Algorithm X would); no two shaded cells side by side.  The one rule
 * clauses cannot say in few words, that the unshaded cells are one region,
 * is checked on each model the solver finds: a model that breaks it is
 * refused there (a PRUNE event), so the search is generate and test on it,
 * where the other engines cut on it at every node. */
#ifndef LD_RANGE_CLAUSES_H
#define LD_RANGE_CLAUSES_H

#include "solver/engine.h"
#include "solver/range/range_grid.h"

/* The search for the ways to finish start (copied). */
struct engine *range_clauses_new(const struct range_grid *start);

#endif
