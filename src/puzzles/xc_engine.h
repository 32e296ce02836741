/* Dancing Links as an engine of a family that has an exact-cover part
 * (puzzle.h, struct puzzle_xc): the problem of finishing a state, searched
 * by dlx.c, its path and events told in the family's moves and words. */
#ifndef LD_XC_ENGINE_H
#define LD_XC_ENGINE_H

#include "puzzles/puzzle.h"
#include "solver/xc/dlx.h"

/* The engine on the problem of finishing s, branching by rule. */
struct engine *xc_engine_new(const struct puzzle *pz, const struct puzzle_state *s, enum dlx_rule rule);

/* "dlx", for a family's engines[] (MRV, as DLX1). */
extern const struct puzzle_engine xc_engine_dlx;

#endif
