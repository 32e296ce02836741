/* Maximum cliques of graphs with known symmetry: branch and bound with a
 * greedy-colouring bound (as clique.h's CLIQUE_BNB) and orbital branching
 * (Ostrowski, Linderoth, Rossi and Smriglio, "Orbital branching", 2007,
 * 2011) over a group of automorphisms given by generators.
 *
 * A node has a clique C, its candidates P and a group H of automorphisms
 * that fixes every vertex of C and maps P onto itself.  Instead of one
 * child per candidate, the node takes the orbits of H on P in turn: for an
 * orbit O, one child adds a single representative o of O (any clique of
 * the node's subproblem that uses some vertex of O is mapped by H onto
 * one that uses o, of the same size), and then the whole of O leaves P
 * before the next orbit, not just o.  The child's group is the stabiliser
 * of o in H, which again fixes C + o and maps the child's candidates onto
 * themselves, since everything removed so far is a union of H's orbits.
 * Where H is trivial this is plain branch and bound.
 *
 * The stabilisers are computed from random elements of H (product
 * replacement), sifted into the stabiliser of o along a Schreier tree, so
 * a child's group may come out smaller than the true stabiliser.  That
 * is always sound (the argument above holds for any subgroup: its orbits
 * are only finer); it can only cost pruning.  The random source is seeded
 * the same way every time, so the search and its counts are reproducible.
 *
 * The symmetry is used where the group is large, near the root; once the
 * clique fixes enough vertices its pointwise stabiliser is trivial and
 * the search below is plain branch and bound with the colour bound.  So
 * hamming9-4 (A(9, 4) = 20: 1.3 million nodes, half a second) is easy,
 * while hamming10-4 (A(10, 4) = 40) is not: a billion nodes (12 CPU
 * minutes) do not finish the subtree under the first clique of 9
 * vertices, with 37 the best found; even with 40 given as the best, the
 * subtree under the first clique of 10 vertices takes more than 8
 * million nodes.  Stronger tools would be the setwise stabiliser
 * of the clique (isomorph rejection of whole cliques, which needs a
 * partition backtrack such as nauty's), or, for a vertex-transitive
 * group, the averaging bound omega(G) <= omega(G[S]) |V| / |S| for any
 * S (S one half of the cube gives A(10, 4) <= 2 A(9, 4)).
 *
 * The group must be a group of automorphisms of the graph, or the answer
 * can be wrong: clique_sym_max checks every generator and refuses a group
 * that is not one.
 *
 * Counters (stats.h): nodes entered (one per node, as clique.h counts
 * them), solutions the improvements, updates the vertices added, mems the
 * 64-bit words of candidate sets read and written and the permutation
 * entries computed, profile nodes per level. */
#ifndef LD_CLIQUE_SYM_H
#define LD_CLIQUE_SYM_H

#include <stdatomic.h>
#include <stdbool.h>

#include "solver/graph.h"
#include "solver/stats.h"

/* A group given by generators: permutations of the vertices 0 .. n-1. */
struct clique_sym_group {
	int n;          /* degree: the graph's vertex count */
	int count;      /* generators */
	int cap;
	int *perm;      /* generator i is perm[i * n .. i * n + n - 1]: the image of each vertex */
};

struct clique_sym_group *clique_sym_group_new(int n);
void clique_sym_group_free(struct clique_sym_group *grp);
/* Append images[0 .. n-1] (copied) as a generator; false, and nothing
 * added, if it is not a permutation of 0 .. n-1. */
bool clique_sym_group_add(struct clique_sym_group *grp, const int *images);
static inline const int *clique_sym_group_perm(const struct clique_sym_group *grp, int i)
{
	return grp->perm + (size_t)i * (size_t)grp->n;
}

/* Does the permutation images[0 .. g->n - 1] map every edge of g to an
 * edge (and so, being a bijection, non-edges to non-edges)? */
bool clique_sym_is_automorphism(const struct graph *g, const int *images);

/* A maximum clique of g into out (room for n, may be NULL), using the
 * automorphisms grp (may be NULL or empty: plain branch and bound).
 * Returns its size; -1 if *cancel (may be NULL; looked at in every node)
 * was set first; -2 if grp's degree is not g's vertex count or one of its
 * generators is not an automorphism of g.  st (may be NULL) gets the
 * counters (stats_init'ed by the caller or zeroed: it is replaced). */
int clique_sym_max(const struct graph *g, const struct clique_sym_group *grp, int *out, const atomic_int *cancel,
                   struct search_stats *st);

#endif
