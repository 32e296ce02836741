/* Maximum cliques of vertex-transitive graphs by the averaging bound:
 * when a group H of automorphisms acts transitively on the vertices V,
 * every vertex set S (a "block") gives
 *
 *     omega(G) <= floor(omega(G[S]) |V| / |S|).
 *
 * Count the pairs (h, v) with h in H and v in K ∩ hS for a clique K:
 * each v lies in hS for exactly |H| |S| / |V| elements h (transitivity:
 * as many h map some vertex of S to v as map it to any other vertex),
 * and each K ∩ hS is a clique of G[hS], isomorphic to G[S], so at most
 * omega(G[S]) of them; |K| |H| |S| / |V| <= |H| omega(G[S]).  For the
 * Hamming graph with S the words whose last coordinate is 0 this is
 * A(n, d) <= 2 A(n - 1, d); for the Johnson graph with S the words with
 * a 0 in one place, Johnson's A(n, d, w) <= floor(n / (n - w) A(n - 1, d, w)).
 *
 * omega(G[S]) comes from clique_sym_max on G[S] with the elements of H
 * that map S onto itself (clique_sym_block_group).  Then the bound is
 * to be reached, or the answer settled below it.  The same count says
 * more: a clique K of c vertices has sum over h of |K ∩ hS| =
 * c |H| |S| / |V|, so when c |S| > (omega(G[S]) - 1) |V| some hS holds
 * omega(G[S]) of K, and h^-1 K is a clique of c vertices whose part in S
 * is a maximum clique of G[S].  Call the least such c "settle"
 * (bound - |V| / |S| + 1 when the bound is a whole number: 39 for
 * hamming10-4, one block in two; 1 for a block of one vertex, since
 * every clique has an image through it).  So the maximum
 * cliques A of G[S] are enumerated up to the symmetry of G[S]
 * (clique_sym_search's enumerate mode) and each is extended by as large
 * a clique as there is among the common neighbours of A outside S, a
 * small search.  This finds a clique of every size from settle up that
 * G has: an element of the block's group (an automorphism of G too,
 * since it is the restriction of one of H that keeps S) maps the part in
 * S of such a clique onto one of the A enumerated, and the clique onto
 * one that extends it.  So if the best extension reaches the bound, or
 * settle - 1 or more, it is the answer (REACHED, SETTLED).  Otherwise
 * the whole graph is searched with orbital branching (clique_sym_search)
 * for a clique larger than the best extension, stopping at settle - 1
 * (no clique has settle or more) or, when settle is above the bound, at
 * the bound (SEARCHED): exact, but it may take as long as without the
 * block.  The enumeration has a budget of nodes; when it is spent, the
 * whole search stops at the bound only.
 *
 * Where the group is transitive and there is no block, this is
 * clique_sym_max; where it is not transitive, clique_orb_max
 * (clique_orb.h: clique_sym_max again for a group too large to list). */
#ifndef LD_CLIQUE_AVG_H
#define LD_CLIQUE_AVG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/graph/clique_sym.h"
#include "solver/graph/graph.h"
#include "solver/stats.h"

enum clique_avg_outcome {
	CLIQUE_AVG_UNUSED,      /* no block, or no transitive group: clique_sym_max alone */
	CLIQUE_AVG_REACHED,     /* a maximum clique of the block extended to the bound */
	CLIQUE_AVG_SETTLED,     /* not to the bound, but far enough to settle it (below) */
	CLIQUE_AVG_SEARCHED,    /* neither: the whole search, under the bound or settle - 1 */
};

struct clique_avg_info {
	enum clique_avg_outcome outcome;
	bool transitive;        /* the group moves vertex 1 to every vertex */
	int block_size;         /* |S| */
	int block_omega;        /* omega(G[S]) */
	int block_gens;         /* generators found for G[S]'s group */
	int bound;              /* floor(omega(G[S]) |V| / |S|) */
	bool whole;             /* omega(G[S]) |V| / |S| is a whole number */
	int settle;             /* from this size up, the extensions find a clique if there is one */
	int extended;           /* the largest clique the extensions found */
	int cap;                /* SEARCHED: the size the whole search stopped at */
	bool spent;             /* the enumeration gave up (its budget of nodes spent) */
	uint64_t tried;         /* maximum cliques of G[S] tried for an extension */
	uint64_t block_nodes;   /* nodes of the search of G[S] */
	uint64_t extend_nodes;  /* nodes of the enumeration and the extensions */
	/* a group that is not transitive: clique_orb_max ran */
	int orb_elements;       /* the group's order, when it was small enough to list (else 0) */
	uint64_t orb_searches;  /* its nodes handed to clique.h's branch and bound */
};

/* A maximum clique of g into out (room for n, may be NULL), with the
 * automorphisms grp (NULL or empty: plain search) and the block
 * block[0 .. k-1] (distinct vertices; k = 0: none).  Returns its size;
 * -1 if *cancel was set; -2 as clique_sym_max (a generator that is not
 * an automorphism of g, a group of another degree) or for a block out of
 * range or with a repeat.  st (may be NULL) gets the counters of every
 * search made, added up; info (may be NULL) what was done. */
int clique_avg_max(const struct graph *g, const struct clique_sym_group *grp, const int *block, int k, int *out,
                   const atomic_int *cancel, struct search_stats *st, struct clique_avg_info *info);

#endif
