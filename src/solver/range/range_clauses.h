/* Range as clauses, for the clause solver (clauses/sat.h), as a third
 * engine: a variable for each cell (shaded) and for each way each number
 * can see its count (its split: how far up, right, down and left); a split
 * implies the cells it sees unshaded and the cells beyond them shaded;
 * each number has one of its splits (a positive clause, branched on first,
 * as Algorithm X would); no two shaded cells side by side.  The one rule
 * clauses cannot say in few words, that the unshaded cells are one region,
 * is tested at every node of the search (sat_check): a node whose unshaded
 * cells can no longer be joined is a dead end.  The other two engines go
 * further and unshade each cell whose shading would cut the region. */
#ifndef LD_RANGE_CLAUSES_H
#define LD_RANGE_CLAUSES_H

#include "solver/engine.h"
#include "solver/range/range_grid.h"

/* The search for the ways to finish start (copied). */
struct engine *range_clauses_new(const struct range_grid *start);

#endif
