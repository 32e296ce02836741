#include "config.h"

#include "solver/graph/graph.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

int graph_bits_count(const uint64_t *s, int words)
{
	int c = 0;
	for (int w = 0; w < words; w++)
		c += __builtin_popcountll(s[w]);
	return c;
}

struct graph *graph_new(int n)
{
	if (n < 0 || n > GRAPH_MAX_VERTICES)
		return NULL;
	struct graph *g = xcalloc(1, sizeof *g);
	g->n = n;
	g->words = graph_words(n);
	/* one word even for the empty graph, so that rows are never NULL */
	g->adj = xcalloc((size_t)n * (size_t)g->words + 1, sizeof *g->adj);
	return g;
}

void graph_free(struct graph *g)
{
	if (!g)
		return;
	free(g->adj);
	free(g);
}

struct graph *graph_copy(const struct graph *g)
{
	struct graph *c = graph_new(g->n);
	memcpy(c->adj, g->adj, sizeof *g->adj * (size_t)g->n * (size_t)g->words);
	return c;
}

int graph_degree(const struct graph *g, int v)
{
	return graph_bits_count(graph_row(g, v), g->words);
}

uint64_t graph_edges(const struct graph *g)
{
	uint64_t twice = 0;
	for (int v = 0; v < g->n; v++)
		twice += (uint64_t)graph_degree(g, v);
	return twice / 2;
}

struct graph *graph_complement(const struct graph *g)
{
	struct graph *c = graph_new(g->n);
	int W = g->words;
	/* the last word keeps only the bits of real vertices */
	uint64_t tail = (g->n & 63) ? ((uint64_t)1 << (g->n & 63)) - 1 : ~(uint64_t)0;
	for (int v = 0; v < g->n; v++) {
		const uint64_t *r = graph_row(g, v);
		uint64_t *o = c->adj + (size_t)v * (size_t)W;
		for (int w = 0; w < W; w++)
			o[w] = ~r[w];
		o[W - 1] &= tail;
		graph_bit_clear(o, v);
	}
	return c;
}

struct graph *graph_induced(const struct graph *g, const int *vertices, int k)
{
	struct graph *s = graph_new(k);
	for (int i = 0; i < k; i++) {
		const uint64_t *r = graph_row(g, vertices[i]);
		uint64_t *o = s->adj + (size_t)i * (size_t)s->words;
		for (int j = 0; j < k; j++)
			if (graph_bit_test(r, vertices[j]))
				graph_bit_set(o, j);
	}
	return s;
}

bool graph_is_clique(const struct graph *g, const int *vertices, int k)
{
	for (int i = 0; i < k; i++) {
		if (vertices[i] < 0 || vertices[i] >= g->n)
			return false;
		for (int j = 0; j < i; j++)
			if (!graph_has_edge(g, vertices[i], vertices[j]))
				return false; /* a repeated vertex fails here too: no loops */
	}
	return true;
}

int graph_degeneracy_order(const struct graph *g, int *order)
{
	int n = g->n, worst = 0;
	int *deg = xmalloc(sizeof *deg * (size_t)(n ? n : 1));
	uint64_t *gone = xcalloc((size_t)g->words + 1, sizeof *gone);
	for (int v = 0; v < n; v++)
		deg[v] = graph_degree(g, v);
	for (int k = n - 1; k >= 0; k--) {
		int best = -1;
		for (int v = 0; v < n; v++)
			if (!graph_bit_test(gone, v) && (best < 0 || deg[v] < deg[best]))
				best = v;
		order[k] = best;
		if (deg[best] > worst)
			worst = deg[best];
		graph_bit_set(gone, best);
		const uint64_t *r = graph_row(g, best);
		for (int w = 0; w < g->words; w++) {
			uint64_t bits = r[w] & ~gone[w];
			while (bits) {
				deg[w * 64 + __builtin_ctzll(bits)]--;
				bits &= bits - 1;
			}
		}
	}
	free(deg);
	free(gone);
	return worst;
}
