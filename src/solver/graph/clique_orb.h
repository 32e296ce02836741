/* Maximum cliques of graphs with a small automorphism group (a few
 * thousand elements), by orbital branching over the group listed element
 * by element near the root, and clique.h's branch and bound below.
 *
 * The top of the tree is as in clique_sym.h: a node has a clique C, its
 * candidates P and a group H of automorphisms fixing C pointwise and
 * mapping P onto itself; it takes the orbits of H on P in turn, one child
 * for a representative o of each (C + o, P cut to o's neighbours, the
 * group H's stabiliser of o), and then takes the whole orbit out of P.
 * Here H is a list of elements, not generators: the stabiliser of o is
 * exactly the elements that fix o, with no random sifting, and the orbits
 * are read off the list.  The orbits are taken fewest neighbours first
 * (clique_orb.c: pick), and a node whose candidates' greedy colouring
 * cannot beat the best clique stops there.
 *
 * Only the first levels branch on orbits (CLIQUE_ORB_DEPTH): below them,
 * or where the group is down to the identity, the node's candidates are
 * handed to clique.h's branch and bound as a graph of their own, with the
 * size to beat as its floor.  That search's bound and order are much
 * stronger than the orbit-by-orbit branching, whose children each take a
 * whole search; measured on keller5 (776 vertices, group of order 3,840
 * computed, clique number 27; listed whole, so the same group whichever
 * program found it), CPU seconds and nodes of the whole
 * proof:
 *
 *     orbit levels   searches handed down   nodes          seconds
 *        1                   -              (over 74 s)
 *        2                 169              13.5 million      7.1
 *        3               6,860               2.0 million      2.4
 *        4              83,618               1.4 million      8.4
 *
 * (more levels: more, smaller searches, each with its own start-up and
 * none with the branch and bound's choice of which vertices need no
 * branch), where clique_sym.h's search with the same group had not
 * finished the first branch of the root after 55 million nodes (228 s).
 * (linkdance solve clique on the plain file, CLIQUE_ORB_DEPTH set so.)
 *
 * The group must be a group of automorphisms of the graph: every
 * generator is checked, and a group that is not one is refused. */
#ifndef LD_CLIQUE_ORB_H
#define LD_CLIQUE_ORB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/graph/clique_sym.h"
#include "solver/graph/graph.h"
#include "solver/stats.h"

/* Levels of the tree that branch on orbits (see the table above). */
#define CLIQUE_ORB_DEPTH 3
/* The largest group listed: elements, and elements times vertices (the
 * list's entries, 4 bytes each). */
#define CLIQUE_ORB_MAX_ELEMENTS 65536
#define CLIQUE_ORB_MAX_ENTRIES (1 << 22)

/* A group listed element by element. */
struct clique_orb_list {
	int n;          /* degree */
	int count;      /* elements, the identity first */
	int *perm;      /* element i is perm[i * n .. i * n + n - 1] */
};

/* Every element of the group grp generates (closing the generators under
 * composition), or NULL when there are more than max_elements of them or
 * more than max_entries entries to store (the order is then not known).
 * The generators must be permutations of the same degree. */
struct clique_orb_list *clique_orb_list_new(const struct clique_sym_group *grp, int max_elements, long max_entries);
void clique_orb_list_free(struct clique_orb_list *l);

struct clique_orb_info {
	bool listed;            /* the group was listed: this search ran (else clique_sym_max) */
	int elements;           /* its order, when listed */
	uint64_t splits;        /* nodes that branched on orbits */
	uint64_t searches;      /* nodes handed to the branch and bound */
};

/* A maximum clique of g into out (room for n, may be NULL) with the
 * automorphisms grp (NULL or empty: plain branch and bound).  A group
 * too large to list (CLIQUE_ORB_MAX_*) is handed to clique_sym_max.
 * Returns the clique's size; -1 if *cancel (may be NULL) was set first;
 * -2 if grp's degree is not g's vertex count or a generator is not an
 * automorphism of g.  st (may be NULL, else stats_init'ed) gets the
 * counters: the orbit levels' nodes and every search's below, each
 * search's profile from its own depth.  info (may be NULL) what ran. */
int clique_orb_max(const struct graph *g, const struct clique_sym_group *grp, int *out, const atomic_int *cancel,
                   struct search_stats *st, struct clique_orb_info *info);

#endif
