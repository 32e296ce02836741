/* Number Mind's backtracking search, an engine (engine.h) on the skeleton
 * of search.h.  A node is a position at the fixed point of the rules of
 * nm_prop.h (the scores as bounds); it branches on the open place with
 * the fewest digits left, trying them in order.  A position the rules
 * find impossible is a dead end (CHOOSE with no choices), followed by a
 * PRUNE whose why says which rule cut it.
 *
 * Events: CHOOSE, TRY and UNDO have subject = the place (from 0) and, for
 * TRY and UNDO, choice = the digit; SOLUTION; PRUNE with why; MEMO_HIT
 * when a count (no limit, no solution reported) meets a node where every
 * guess has its score: its secrets are counted at once.  path_move
 * gives the digits placed since the start as the family's move,
 * "P=D;P=D;..." with places from 1.  Mems count places and guesses looked
 * at.  The engine counts (max_solutions), and walks for Knuth's
 * estimate. */
#ifndef LD_NM_SEARCH_H
#define LD_NM_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"
#include "solver/numbermind/nm_problem.h"
#include "util/u128.h"

/* The search for the secrets that fit p (copied). */
struct engine *nm_search_new(const struct nm_problem *p);

/* The digits placed on the search's path as it stands (the start's fixed
 * places, those the rules placed, and those tried), -1 where none; a
 * secret after ENGINE_SOLUTION.  digits has room for NM_DIGITS_MAX. */
void nm_search_path(const struct engine *e, int8_t *digits);

/* The secrets that fit p, up to limit (0: all), into *count; false if
 * cancelled.  *nodes (if not NULL) the search's nodes. */
bool nm_search_count(const struct nm_problem *p, uint64_t limit, const atomic_int *cancel, u128 *count,
                     uint64_t *nodes);

#endif
