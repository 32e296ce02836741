/* A small clause solver: DPLL with unit propagation and chronological
 * backtracking, on a formula in conjunctive normal form given as numbers
 * (variables 1..n, a literal +v or -v, a clause a list of literals).
 *
 * It branches so that a clause solver searches like Knuth's Algorithm X
 * (an idea of Bram Cohen's): on the shortest clause not yet
 * satisfied among the positive ones (all literals positive; ties to the
 * first), trying its unassigned literals in order.  Branch i makes
 * literal i true and literals 0..i-1 false, so the branches split the
 * models between them and counting all models is exact for any formula.
 * On a formula whose positive clauses are the items of an exact cover and
 * whose negative clauses forbid two options meeting in an item, the
 * search is Algorithm X with MRV, except that a forced choice (a clause
 * left with one literal) is made by propagation, not at a node of its own.
 *
 * When every positive clause is satisfied, it branches the same way on
 * the shortest unsatisfied clause of any kind, and when every clause is
 * satisfied and variables are still free, on the lowest free variable
 * (false first, then true): a solution is a whole assignment, so a count
 * is the number of models.
 *
 * Clauses keep counters (the literals not false, the literals true)
 * rather than two watched literals: the branching rule needs each clause's
 * size as it stands, which counters give at once and watches would have to
 * count at every node, and undoing is plain arithmetic in trail order.
 *
 * The search is resumable, with the semantics of engine.h (it runs on
 * the skeleton of search.h): it stops at a node when a mems budget is
 * spent or a cancel is seen, at each solution when asked, and after each
 * event in step mode.
 * A node is a branch point (the root included), a dead end found by
 * propagation, or a solution; updates count the literals set by
 * propagation. */
#ifndef LD_SAT_H
#define LD_SAT_H

#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"
#include "solver/stats.h"
#include "util/rng.h"

/* A formula as it is built: clause c is lit[start[c] .. start[c+1]-1]. */
struct sat_formula {
	int n_vars, n_clauses;
	int *lit;
	int *start;
	int cap_lits, cap_clauses;
};

void sat_formula_init(struct sat_formula *f, int n_vars);
void sat_formula_free(struct sat_formula *f);
/* Add a clause of n literals (n = 0: the empty clause, never satisfied);
 * a literal repeated in it is kept once (and a clause holding both v and
 * -v is satisfied whatever is assigned).  Returns the clause's index, or
 * -1 (nothing added) if a literal is 0 or names no variable. */
int sat_formula_add(struct sat_formula *f, const int *lits, int n);

struct sat;

/* A search of f (which may go once this returns). */
struct sat *sat_new(const struct sat_formula *f);
void sat_free(struct sat *s);
/* Back to the root, nothing assigned, statistics cleared. */
void sat_restart(struct sat *s);
enum engine_status sat_run(struct sat *s, const struct engine_ctl *ctl);

/* The last event.  CHOOSE: subject the clause branched on (its index in
 * the formula), or -v for a free variable v when no clause is left to
 * satisfy; choices its unassigned literals; a dead end is CHOOSE with no
 * choices and subject the clause propagation found false.  TRY and UNDO:
 * choice the literal made true, index which of the choices. */
const struct engine_event *sat_event(const struct sat *s);
const struct search_stats *sat_stats(const struct sat *s);
/* Knuth's share of the tree behind the search, in [0, 1]. */
double sat_progress(const struct sat *s);

int sat_vars(const struct sat *s);
int sat_clauses(const struct sat *s);
/* The literals of clause c; returns how many. */
int sat_clause(const struct sat *s, int c, const int **lits);
/* The value of variable v now: 1 true, -1 false, 0 unassigned. */
int sat_value(const struct sat *s, int v);
/* The literals made true so far, in the order they were set (by a branch
 * or by propagation); returns how many.  At a solution, all of them. */
int sat_trail(const struct sat *s, const int **lits);

/* Optional: a rule the clauses do not say (Range's one region of unshaded
 * cells, which would take many clauses), applied at each node once
 * propagation is done.  It returns -1 if the node breaks it, which makes
 * the node a dead end whose CHOOSE event has no choices and subject
 * sat_clauses(s) (no clause); else how many literals it forces true,
 * written to forced[] (room for sat_vars(s)), which are set and propagated
 * before the rule is asked again, until it forces nothing.  It adds what it
 * costs to *mems.  NULL: none. */
typedef int sat_rule(void *ctx, const struct sat *s, int *forced, uint64_t *mems);
void sat_set_rule(struct sat *s, sat_rule *rule, void *ctx);

/* One random walk from the root (the search at its start; a search under
 * way is restarted first) and back: degrees[k] the choices met at depth
 * k for k < *depth, *solution if it ended at a solution rather than a dead
 * end.  degrees grows as needed (*cap its room).  The counters are left
 * as they were. */
void sat_probe(struct sat *s, struct rng *r, int **degrees, int *cap, int *depth, bool *solution);

/* The same, looking one level ahead (engine_ops.walk, search_walk). */
void sat_walk(struct sat *s, struct rng *r, struct engine_walk *w);

#endif
