/* Dancing Links as an engine of a family that has an exact-cover part
 * (puzzle.h, struct puzzle_xc): the problem of finishing a state, searched
 * by dlx.c, its path and events told in the family's moves and words. */
#ifndef LD_XC_ENGINE_H
#define LD_XC_ENGINE_H

#include "puzzles/puzzle.h"
#include "solver/dlx.h"

/* The engine on the problem of finishing s, branching by rule. */
struct engine *xc_engine_new(const struct puzzle *pz, const struct puzzle_state *s, enum dlx_rule rule);
/* Its exact-cover problem and its search, for the fast paths (memoized and
 * threaded counting) and the tests. */
const struct xc_problem *xc_engine_problem(const struct engine *e);
struct dlx *xc_engine_dlx_of(struct engine *e);

/* Item k of p (a problem of finishing s) in the player's words, by the
 * family's xc->item_note (or the old describe_item), its marks added to
 * marks if given: for the engine's notes and the worker's hints. */
void xc_engine_item_words(const struct puzzle *pz, const struct puzzle_state *s, const struct xc_problem *p,
                          int item, char *buf, size_t size, struct note *marks);

/* "dlx", for a family's engines[] (MRV, as DLX1). */
extern const struct puzzle_engine xc_engine_dlx;

#endif
