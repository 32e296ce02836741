/* Range as clauses, for the clause solver (clauses/sat.h), as a third
 * engine: a variable for each cell (shaded) and for each way each number
 * can see its count (its split: how far up, right, down and left); a split
 * implies the cells it sees unshaded and the cells beyond them shaded;
 * each number has one of its splits (a positive clause, branched on first,
 * as Algorithm X would); no two shaded cells side by side.  The one rule
 * clauses cannot say in few words, that the unshaded cells are one region,
 * is a rule of the solver's beside them (sat_rule), applied at every node
 * as the other two engines do: a node whose unshaded cells can no longer
 * be joined is a dead end, and a cell whose shading would cut them in two
 * is unshaded (the cut).  On the shipped levels of grade 4 this makes the
 * tree half what it was when the region was only checked on models. */
#ifndef LD_RANGE_CLAUSES_H
#define LD_RANGE_CLAUSES_H

#include "solver/engine.h"
#include "solver/range/range_grid.h"

/* The search for the ways to finish start (copied). */
struct engine *range_clauses_new(const struct range_grid *start);

#endif
