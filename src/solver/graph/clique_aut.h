/* The automorphism group of a graph, computed, for the clique searches
 * that break symmetry (clique_sym.h, clique_avg.h) on a graph that came
 * without its group (a DIMACS file with no c automorphism lines).
 *
 * The group comes from McKay and Piperno's nauty (Debian: libnauty2-dev),
 * dense mode, on the graph's own bitset rows.  nauty was chosen over
 * Traces (the same library, sparse graphs) and bliss by measurement on
 * this machine (CPU seconds of the group alone):
 *
 *     graph           nauty dense   Traces    order          orbits
 *     hamming8-4        0.0011      0.0016    10,321,920          1
 *     johnson16-2-4     0.0005      0.0005    16! (2.1e13)        1
 *     hamming9-4        0.008       0.0055    1.9e8               1
 *     keller5           0.0075      0.0084    3,840              14
 *     G(1000, 0.5)      0.0001      0.0018    1               1,000
 *
 * The graphs where the symmetry pays are dense and small (hundreds of
 * vertices), where nauty's dense refinement is as fast as any and needs
 * no copy into adjacency lists; a random graph costs a tenth of a
 * millisecond (its degrees split every vertex apart at once).  Traces
 * wins on large sparse graphs with hard groups, which a clique search
 * of bitset rows does not take; bliss (a separate package, C++) was not
 * measured: nauty already costs less than reading the file.
 *
 * nauty's search for the group can be long on some graphs (strongly
 * regular ones with no structure to refine on); it is watched at every
 * node of its tree and given up on a cancel (*cancel set) or past a time
 * limit, and what it found so far is then not used.  One computation at
 * a time in the process: nauty's kill request is one flag for all of
 * its callers, so the calls are serialised here. */
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
	uint64_t nodes;         /* nodes of nauty's search tree */
	double seconds;         /* wall clock, building nauty's graph included */
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

/* The order in figures ("10321920") or, from 10^15 on, where nauty's
 * figure is no longer exact, "about 2.09 x 10^15".  Returns buf. */
char *clique_aut_order_str(const struct clique_aut_info *info, char *buf, size_t size);

#endif
