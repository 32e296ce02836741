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
 * S (S one half of the cube gives A(10, 4) <= 2 A(9, 4)).  The latter is
 * solver/graph/clique_avg.h, built on this search: hamming10-4 in half a
 * second, nearly all of it hamming9-4 here.
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
#include <stdint.h>

#include "solver/graph/graph.h"
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

/* Called with each clique enumerated (vertices in the order added, k of
 * them); return false to stop. */
typedef bool (*clique_sym_each_fn)(const int *vertices, int k, void *arg);

/* What clique_sym_search looks for, beyond a maximum clique. */
struct clique_sym_limits {
	int floor;              /* only cliques of more than floor vertices (>= 0) */
	int target;             /* stop at the first clique of target vertices or more (a bound
	                         * known to the caller makes it maximum); 0: never */
	/* Enumerate mode when each is not NULL: every clique of exactly
	 * floor + 1 vertices is given to each, up to the symmetry: every
	 * such clique of g has an image under the group among those given
	 * (an orbit's representative stands for the cliques through any of
	 * its members, as for the maximum), and the search goes no deeper.
	 * The target is then not used. */
	clique_sym_each_fn each;
	void *arg;
	uint64_t max_nodes;     /* give up once this many nodes are entered; 0: never */
};

/* clique_sym_max within lim (may be NULL: clique_sym_max).  Returns the
 * size of the largest clique found above the floor, its vertices in out;
 * the floor itself, out untouched, when there is none, and always in
 * enumerate mode (whether it ran to the end or each stopped it); -1 if
 * *cancel was set; -2 as clique_sym_max, or for a negative floor or
 * target; -3 if max_nodes ran out first (what was found is lost, as with
 * a cancel: a search cut short proves nothing). */
int clique_sym_search(const struct graph *g, const struct clique_sym_group *grp, const struct clique_sym_limits *lim,
                      int *out, const atomic_int *cancel, struct search_stats *st);

/* The orbit of vertex v under grp's generators: its size (grp->n when
 * the group is transitive, 0 for a v out of range).  Exact: a search
 * over the generators, no random element. */
int clique_sym_orbit_size(const struct clique_sym_group *grp, int v);

/* Generators of a subgroup of the setwise stabiliser of the block (k
 * distinct vertices) in grp's group, each restricted to the block and
 * renumbered as the block's induced subgraph is (block[i] is vertex i):
 * automorphisms of that subgraph whenever grp's are automorphisms of
 * the graph.  From random elements of the group (product replacement,
 * seeded the same way every time), so the subgroup may be smaller than
 * the whole stabiliser, or trivial (no generators) for a block that few
 * elements map onto itself: sound for clique_sym_max all the same. */
struct clique_sym_group *clique_sym_block_group(const struct clique_sym_group *grp, const int *block, int k);

#endif
