/* Graphs to search: random graphs from a seed, and the families of the
 * second DIMACS challenge's clique benchmarks, built as that challenge
 * defines them, so that "hamming8-4" here is the benchmark's graph up to
 * the numbering of its vertices.  Each returns NULL with err set when the
 * parameters are out of range or the graph would exceed
 * GRAPH_MAX_VERTICES. */
#ifndef LD_GRAPH_GEN_H
#define LD_GRAPH_GEN_H

#include <stdint.h>

#include "solver/graph/clique_sym.h"
#include "solver/graph/graph.h"
#include "util/diag.h"

/* G(n, p): each of the n(n-1)/2 pairs an edge with probability p, drawn
 * from util/rng.h seeded with seed (the same graph on every machine). */
struct graph *graph_gen_random(int n, double p, uint64_t seed, struct diag *err);
/* hamming n-d: the 2^n binary words of length n (vertex i is the word
 * with value i), an edge when they differ in at least d places.  Its
 * cliques are the binary codes of minimum distance d, so its clique
 * number is A(n, d). */
struct graph *graph_gen_hamming(int n, int d, struct diag *err);
/* johnson n-w-d: the binary words of length n and weight w, in
 * increasing order of value, an edge when they differ in at least d
 * places (constant-weight codes). */
struct graph *graph_gen_johnson(int n, int w, int d, struct diag *err);
/* The same graphs with generators of a group of their automorphisms in
 * *group (a new group; free it with clique_sym_group_free; NULL on
 * error), for clique_sym_max and dimacs_write_sym.  hamming: the
 * hyperoctahedral group of order 2^n n!, as a transposition and an
 * n-cycle of the coordinates and the translation by a unit word (XOR
 * with 1); johnson: the symmetric group of the coordinates, as a
 * transposition and an n-cycle.  Generators that act as the identity
 * (n = 1, or a single word) are left out. */
struct graph *graph_gen_hamming_sym(int n, int d, struct clique_sym_group **group, struct diag *err);
struct graph *graph_gen_johnson_sym(int n, int w, int d, struct clique_sym_group **group, struct diag *err);
/* The block these graphs offer the averaging bound (solver/graph/clique_avg.h):
 * the words whose last coordinate (bit n-1) is 0, which come first in
 * the numbering, so the block is the vertices 0 .. k-1; returns k.  For
 * hamming n-d, k = 2^(n-1) and G[block] is hamming (n-1)-d, so the bound
 * is A(n, d) <= 2 A(n-1, d); for johnson n-w-d, k = C(n-1, w) and
 * G[block] is johnson (n-1)-w-d, so the bound is Johnson's
 * A(n, d, w) <= floor(n / (n - w) A(n-1, d, w)).  0 when the parameters
 * are out of range (as the generators' are) or, for johnson, w = n. */
int graph_gen_hamming_block(int n, int d);
int graph_gen_johnson_block(int n, int w, int d);
/* keller d: the DIMACS Keller graph of dimension d.  Keller's graph G_d
 * has the 4^d words over {0, 1, 2, 3}, two adjacent when they differ in at
 * least two places and by exactly 2 in at least one; the benchmark is
 * the subgraph induced by the neighbours of one word (G_d is vertex
 * transitive, so which does not matter): 4^d - 3^d - d vertices, 171 for
 * d = 4.  Here the neighbours of 00...0, in increasing order as base-4
 * numbers. */
struct graph *graph_gen_keller(int d, struct diag *err);

#endif
