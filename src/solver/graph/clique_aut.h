/* The automorphism group of a graph, computed, for the clique searches
 * that break symmetry (clique_sym.h, clique_avg.h) on a graph that came
 * without its group (a DIMACS file with no c automorphism lines).
 *
 * The group comes from Piperno's Traces, in McKay and Piperno's nauty
 * library (Debian: libnauty2-dev), on adjacency lists of the graph or
 * its complement, whichever has fewer edges.  Traces replaced nauty's
 * dense mode by measurement on this machine (CPU milliseconds of the
 * group alone, lists or rows built included; generators found, by
 * Traces as the first call of a process finds them: it draws at random,
 * from the same seed in every process, so a later call may find others):
 *
 *     graph           Traces        nauty dense   order          orbits
 *     hamming8-4       0.74   3      0.97   8     10,321,920          1
 *     johnson16-2-4    0.26   2      0.31  15     16! (2.1e13)        1
 *     hamming9-4       2.3    2      7.1    9     1.9e8               1
 *     keller5          3.2    6      7.1    6     3,840              14
 *     hamming12-6      500    3   5,100    12
 *     G(200, 0.9)      0.02   0      0.02   0     1                 200
 *     G(800, 0.5)      1.5    0      0.5    0     1                 800
 *
 * Traces is faster on every graph with symmetry, and finds fewer
 * generators, which the search checks one by one and draws its random
 * elements from: hamming8-4's search took 0.20 ms with Traces' few and
 * 0.31 with nauty's 8, johnson16-2-4's 9 nodes and 0.13 ms against 42
 * and 0.32.  It loses on large random graphs, where nauty's degrees
 * split every vertex apart at once, by a millisecond of a search of
 * seconds.  bliss (a separate package, C++) was not measured.
 *
 * Traces' search for the group can be long on some graphs (strongly
 * regular ones with no structure to refine on), and it takes no
 * callback at its nodes: a watcher thread gives it up on a cancel
 * (*cancel set) or past a time limit, through nauty's kill request,
 * which Traces looks at between its stages (a few milliseconds on the
 * graphs above, a tenth of a second or more on hamming12-6), and what
 * it found so far is then not used.  One computation at a time in the
 * process: the kill request is one flag for all of its callers, so the
 * calls are serialised here. */
#ifndef LD_CLIQUE_AUT_H
#define LD_CLIQUE_AUT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/graph/clique_sym.h"
#include "solver/graph/graph.h"

enum clique_aut_outcome {
	CLIQUE_AUT_FOUND,       /* the whole group: its order, orbits and generators */
	CLIQUE_AUT_CANCELLED,   /* *cancel was set */
	CLIQUE_AUT_TIMED_OUT,   /* the time limit ran out first */
};

struct clique_aut_info {
	enum clique_aut_outcome outcome;
	double order;           /* the group's order is order x 10^order_exp (order < 10 once */
	int order_exp;          /* exp > 0; exact, a whole number, when order_exp is 0) */
	int orbits;             /* orbits of the group on the vertices */
	int generators;
	uint64_t nodes;         /* nodes of Traces' search tree */
	double seconds;         /* wall clock, building Traces' graph included */
	bool worth;             /* clique_aut_worth's verdict */
};

/* Generators of the automorphism group of g (an empty group when it has
 * none but the identity; NULL, and info->outcome says why, when cancelled
 * or out of time).  limit: seconds of wall clock, 0 for none; cancel may
 * be NULL.  info may be NULL. */
struct clique_sym_group *clique_aut_group(const struct graph *g, double limit, const atomic_int *cancel,
                                          struct clique_aut_info *info);

/* Is the group large enough for orbital branching to pay?  The search
 * with the group branches on orbits rather than vertices but has a
 * weaker bound than clique.h's, so a small group costs more than it
 * saves: an order of 32 or more, on orbits of 2 vertices or more on
 * average (clique_aut.c has the figures). */
bool clique_aut_worth(const struct clique_aut_info *info, int n);

/* The order in figures ("10321920") or, from 10^15 on, where Traces'
 * figure is no longer exact, "about 2.09 x 10^15".  Returns buf. */
char *clique_aut_order_str(const struct clique_aut_info *info, char *buf, size_t size);

#endif
