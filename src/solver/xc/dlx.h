/* Algorithm X with dancing links (TAOCP 7.2.2.1), laid out as in Knuth's
 * DLX1: integer-indexed nodes, item headers with list lengths, primary
 * items (covered exactly once) and secondary items (at most once).
 *
 * The search is the resumable backtrack of search.h, its steps Knuth's:
 * dlx_run() goes until a solution, the end, a budget of mems, a cancel
 * request or (in step mode) the next visible event, and a later dlx_run()
 * resumes exactly there.  One loop serves the first solution, counting (to
 * a limit or to the end), every solution, and single steps for the
 * animation.  There is no global
 * state: each struct dlx is one independent search over a shared,
 * read-only xc_problem.
 *
 * Node and update counts equal DLX1's on the same input; mems follow
 * DLX1's cost model, charged per operation rather than per access.
 * dlx1.c is the same search in its plainest form, without what this one
 * adds for speed and for the engines; read it first
 * (tests/unit/test_dlx1.c holds the two to the same figures). */
#ifndef LD_DLX_H
#define LD_DLX_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/engine.h"
#include "solver/stats.h"
#include "solver/xc/xc.h"
#include "util/diag.h"

struct dlx;
struct memo;

/* How the item to branch on is chosen.  MRV takes the primary item with
 * the fewest options left, ties to the first in item order (DLX1).  FIRST
 * takes the first uncovered primary item in item order, unless some item
 * has no option left (a dead end, taken at once); with items in a good
 * order (cells of a board in reading order along its short side) the
 * subproblems repeat far more often, which is what memoization needs. */
enum dlx_rule {
	DLX_MRV,
	DLX_FIRST,
};

/* dlx_run() speaks engine.h: it returns an engine_status, reads an
 * engine_ctl (budgets in mems, checked at the top of every node) and
 * leaves an engine_event for dlx_event().  In its events the subject is
 * the item branched on and a choice an option, both problem ids (from 0),
 * and choices the item's options when it was chosen (0: a dead end); a
 * SOLUTION is at the level of its node, one below the option that
 * completed it. */

/* Called at each solution (dlx_path() gives it); returning true stops the
 * search there, with ENGINE_SOLUTION.  For printing solutions as they
 * come without stopping at each. */
typedef bool dlx_solution_fn(void *ctx, struct dlx *d);

/* Splitting the tree into units for threads and shards: the nodes at
 * `level` are numbered in search order; enter() decides whether this search
 * descends into unit number `unit` (skipped units are not counted), leave()
 * is called when a unit entered has been searched. */
struct dlx_split {
	int level;
	bool (*enter)(void *ctx, uint64_t unit, struct dlx *d);
	void (*leave)(void *ctx, uint64_t unit, struct dlx *d);
	void *ctx;
};

struct dlx *dlx_new(const struct xc_problem *p, enum dlx_rule rule);
void dlx_free(struct dlx *d);
/* A new search on tpl's problem, as tpl stands before any search, that
 * shares tpl's read-only layout: far cheaper than dlx_new on a large
 * problem.  tpl must outlive it and never search. */
struct dlx *dlx_clone(const struct dlx *tpl);
/* Before the search: take the option as placed, its items covered at the
 * root for good (restart keeps it), as a given of a puzzle.  False, with
 * nothing changed, if one of its items is covered already: the option
 * clashes with one preset before it. */
bool dlx_preset(struct dlx *d, int option);
/* Back to the root, statistics cleared (the memo and split stay). */
void dlx_restart(struct dlx *d);

enum engine_status dlx_run(struct dlx *d, const struct engine_ctl *ctl);
/* Call fn at each solution from now on (NULL: no more). */
void dlx_set_on_solution(struct dlx *d, dlx_solution_fn *fn, void *ctx);

const struct xc_problem *dlx_problem(const struct dlx *d);
const struct search_stats *dlx_stats(const struct dlx *d);
const struct engine_event *dlx_event(const struct dlx *d);
/* The options placed now, from level 0 (a solution after ENGINE_SOLUTION). */
int dlx_path(const struct dlx *d, int *options);
/* Knuth's measure of how much of the tree is behind us, in [0, 1], counting
 * from from_level down (0 for the whole tree). */
double dlx_progress(const struct dlx *d, int from_level);
/* The share of the tree below the current node, by Knuth's measure: the
 * product of 1/degree over the levels above it. */
double dlx_path_weight(const struct dlx *d);
/* Levels a search can reach, solutions included: room for profiles. */
int dlx_depth(const struct dlx *d);
/* Bytes of the search structures. */
size_t dlx_bytes(const struct dlx *d);

/* Count with the memo cache at levels >= min_level (counting only: not with
 * report_solutions or step).  If adaptive, the search stops using the
 * cache, as if it had none, once 2^20 lookups show it answering fewer
 * than 1 in 100. */
void dlx_set_memo(struct dlx *d, struct memo *m, int min_level, bool adaptive);
bool dlx_memo_in_use(const struct dlx *d);
void dlx_set_split(struct dlx *d, const struct dlx_split *s);

/* The two ways of working that dlx_new picks by the problem's shape
 * (dlx_impl.h): keeping count of empty lists, and covering as DLX1 does.
 * Before a search, for tests and measurement; the search is the same
 * either way, nodes, updates and mems included. */
void dlx_set_ways(struct dlx *d, bool track_empty, bool skip_own);

/* Check every link list of the structure against the lengths and the
 * covered items; false with the first inconsistency. */
bool dlx_check(const struct dlx *d, struct diag *err);

#endif
