/* Undirected simple graphs as bitset adjacency rows, the form the clique
 * searches work on: row v has bit u set when u and v are adjacent, so a
 * candidate set is cut to the neighbours of v one 64-bit word at a time.
 *
 * The rows take n * n bits, so the size is capped: GRAPH_MAX_VERTICES
 * vertices make 32 MiB of rows, and a search holds a reordered copy
 * beside the caller's graph and one candidate set per level of its
 * path.  Every DIMACS benchmark graph (the largest has 4,000 vertices)
 * and every graph a player can see fits many times over; sparse graphs
 * of millions of vertices would want adjacency lists and other bounds,
 * which this module does not try to be. */
#ifndef LD_GRAPH_H
#define LD_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GRAPH_MAX_VERTICES 16384

struct graph {
	int n;            /* vertices 0 .. n-1 */
	int words;        /* 64-bit words per row */
	uint64_t *adj;    /* n rows of words words */
};

/* ---- bitsets of vertices ------------------------------------------------ */

static inline int graph_words(int n)
{
	return (n + 63) / 64;
}
static inline void graph_bit_set(uint64_t *s, int v)
{
	s[v >> 6] |= (uint64_t)1 << (v & 63);
}
static inline void graph_bit_clear(uint64_t *s, int v)
{
	s[v >> 6] &= ~((uint64_t)1 << (v & 63));
}
static inline bool graph_bit_test(const uint64_t *s, int v)
{
	return (s[v >> 6] >> (v & 63)) & 1;
}
/* Members of a bitset of `words` words. */
int graph_bits_count(const uint64_t *s, int words);

/* ---- graphs ---------------------------------------------------------------- */

/* n vertices (0 <= n <= GRAPH_MAX_VERTICES), no edges. */
struct graph *graph_new(int n);
void graph_free(struct graph *g);
struct graph *graph_copy(const struct graph *g);

static inline const uint64_t *graph_row(const struct graph *g, int v)
{
	return g->adj + (size_t)v * (size_t)g->words;
}
static inline bool graph_has_edge(const struct graph *g, int u, int v)
{
	return graph_bit_test(graph_row(g, u), v);
}
/* Add the edge uv (u != v, both in range); false if it was there.
 * Inline: a graph's reader calls it for every edge of a file. */
static inline bool graph_add_edge(struct graph *g, int u, int v)
{
	uint64_t *ru = g->adj + (size_t)u * (size_t)g->words;
	if (graph_bit_test(ru, v))
		return false;
	graph_bit_set(ru, v);
	graph_bit_set(g->adj + (size_t)v * (size_t)g->words, u);
	return true;
}
int graph_degree(const struct graph *g, int v);
/* Edges in all. */
uint64_t graph_edges(const struct graph *g);

/* The complement: uv an edge exactly when it is not one of g (u != v).
 * Its cliques are g's independent sets. */
struct graph *graph_complement(const struct graph *g);
/* The subgraph induced by vertices[0 .. k-1] (distinct), renumbered: new
 * vertex i is old vertices[i].  With k = n, a reordering of g. */
struct graph *graph_induced(const struct graph *g, const int *vertices, int k);
/* Is vertices[0 .. k-1] a clique of g (distinct vertices, pairwise
 * adjacent)? */
bool graph_is_clique(const struct graph *g, const int *vertices, int k);
/* The degeneracy order ("smallest last"): order[n-1] is a vertex of least
 * degree, order[n-2] one of least degree once it is gone, and so on; ties
 * to the smaller number.  Returns the degeneracy (the largest of those
 * least degrees).  O(n^2 / 64 + n * d) for d the degeneracy, at most
 * O(n^2). */
int graph_degeneracy_order(const struct graph *g, int *order);

#endif
