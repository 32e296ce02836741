#include "config.h"

#include "puzzles/graph_gen.h"

#include <stdlib.h>

#include "util/rng.h"
#include "util/xalloc.h"

struct graph *graph_gen_random(int n, double p, uint64_t seed, struct diag *err)
{
	if (n < 0 || n > GRAPH_MAX_VERTICES) {
		diag_set(err, "G(n, p): n = %d is out of range (0 to %d)", n, GRAPH_MAX_VERTICES);
		return NULL;
	}
	if (!(p >= 0.0 && p <= 1.0)) {
		diag_set(err, "G(n, p): p = %g is not a probability", p);
		return NULL;
	}
	struct rng r;
	rng_seed(&r, seed);
	struct graph *g = graph_new(n);
	/* pairs in a fixed order, so that a seed names one graph */
	for (int u = 0; u < n; u++)
		for (int v = u + 1; v < n; v++)
			if (rng_unit(&r) < p)
				graph_add_edge(g, u, v);
	return g;
}

/* The graph on the given words (distinct, at most 63 bits), an edge when
 * two differ in at least d places. */
static struct graph *distance_graph(const uint64_t *words, int n, int d)
{
	struct graph *g = graph_new(n);
	for (int u = 0; u < n; u++)
		for (int v = u + 1; v < n; v++)
			if (__builtin_popcountll(words[u] ^ words[v]) >= d)
				graph_add_edge(g, u, v);
	return g;
}

struct graph *graph_gen_hamming(int n, int d, struct diag *err)
{
	if (n < 1 || (1L << (n < 30 ? n : 30)) > GRAPH_MAX_VERTICES) {
		diag_set(err, "hamming: n = %d is out of range (1 to %d words)", n, GRAPH_MAX_VERTICES);
		return NULL;
	}
	if (d < 1 || d > n) {
		diag_set(err, "hamming: d = %d is out of range (1 to n = %d)", d, n);
		return NULL;
	}
	int count = 1 << n;
	uint64_t *words = xmalloc(sizeof *words * (size_t)count);
	for (int i = 0; i < count; i++)
		words[i] = (uint64_t)i;
	struct graph *g = distance_graph(words, count, d);
	free(words);
	return g;
}

struct graph *graph_gen_johnson(int n, int w, int d, struct diag *err)
{
	if (n < 1 || n > 63 || w < 0 || w > n) {
		diag_set(err, "johnson: n = %d, w = %d out of range (1 <= n <= 63, 0 <= w <= n)", n, w);
		return NULL;
	}
	if (d < 1 || d > n) {
		diag_set(err, "johnson: d = %d is out of range (1 to n = %d)", d, n);
		return NULL;
	}
	/* C(n, w), stopping once it is too many */
	uint64_t count = 1;
	for (int i = 1; i <= w && count <= GRAPH_MAX_VERTICES; i++)
		count = count * (uint64_t)(n - w + i) / (uint64_t)i;
	if (count > GRAPH_MAX_VERTICES) {
		diag_set(err, "johnson: C(%d, %d) words: too many (at most %d)", n, w, GRAPH_MAX_VERTICES);
		return NULL;
	}
	uint64_t *words = xmalloc(sizeof *words * (size_t)(count + 1));
	int k = 0;
	if (w == 0) {
		words[k++] = 0;
	} else {
		/* the next larger word of the same weight, in turn */
		for (uint64_t x = ((uint64_t)1 << w) - 1; x < ((uint64_t)1 << n);) {
			words[k++] = x;
			uint64_t low = x & -x, up = x + low;
			x = up | (((x ^ up) >> 2) / low);
		}
	}
	struct graph *g = distance_graph(words, k, d);
	free(words);
	return g;
}

/* Keller's adjacency of two words over {0..3}, digits two bits each. */
static bool keller_adjacent(uint32_t a, uint32_t b, int d)
{
	int differ = 0;
	bool two = false;
	for (int i = 0; i < d; i++) {
		int x = (int)((a >> (2 * i)) & 3), y = (int)((b >> (2 * i)) & 3);
		if (x != y)
			differ++;
		if ((x - y + 4) % 4 == 2)
			two = true;
	}
	return differ >= 2 && two;
}

struct graph *graph_gen_keller(int d, struct diag *err)
{
	/* 4^7 - 3^7 - 7 = 14,190 fits; dimension 8 does not */
	if (d < 2 || d > 7) {
		diag_set(err, "keller: dimension %d is out of range (2 to 7)", d);
		return NULL;
	}
	uint32_t all = (uint32_t)1 << (2 * d);
	uint32_t *words = xmalloc(sizeof *words * all);
	int n = 0;
	for (uint32_t x = 0; x < all; x++)
		if (keller_adjacent(0, x, d))
			words[n++] = x;
	struct graph *g = graph_new(n);
	for (int u = 0; u < n; u++)
		for (int v = u + 1; v < n; v++)
			if (keller_adjacent(words[u], words[v], d))
				graph_add_edge(g, u, v);
	free(words);
	return g;
}
