/* Range's two searches, as engines (engine.h) on the skeleton of
 * search.h.  Both propagate at every node (range_grid.h: the neighbours
 * of a shaded cell, what each number must and must not see, and the cut:
 * a cell whose shading would split the unshaded cells is unshaded), so a
 * node is a position at a fixed point of those rules; they differ in what
 * they branch on:
 *   RANGE_BRANCH_CELLS  a cell, shaded or not: the first unknown cell just
 *                       past what the tightest number already sees (the
 *                       number with the least room to spare), else the
 *                       first unknown cell;
 *   RANGE_BRANCH_VIEWS  a number, by how far it sees in each of its four
 *                       directions (the splits of its count consistent
 *                       with the grid), the number with the fewest splits
 *                       first; cells no number decides are then branched
 *                       on as above.
 * A node is a position entered (dead ends included); a solution is a
 * node of its own.  Mems count the cells looked at and set. */
#ifndef LD_RANGE_SEARCH_H
#define LD_RANGE_SEARCH_H

#include "solver/engine.h"
#include "solver/range/range_grid.h"

enum range_branch {
	RANGE_BRANCH_CELLS,
	RANGE_BRANCH_VIEWS,
};

/* The search for the ways to finish start (copied: its known cells are
 * fixed, the player's marks among them). */
struct engine *range_search_new(const struct range_grid *start, enum range_branch branch);

/* The grid of a search, as it stands (a solution after ENGINE_SOLUTION). */
const struct range_grid *range_search_grid(const struct engine *e);

/* Solutions from start, up to limit (0: all); false if cancelled.  For
 * the generator and the uniqueness checks. */
bool range_search_count(const struct range_grid *start, uint64_t limit, const atomic_int *cancel, uint64_t *count,
                        uint64_t *nodes);

#endif
