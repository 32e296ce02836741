#include "config.h"

#include "puzzles/graph_gen.h"

#include <stdlib.h>
#include <string.h>

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

/* The vertex permutation that the coordinate permutation pi (coordinate
 * j goes to pi[j]) induces on a family of words. */
static uint64_t permute_word(uint64_t x, const int *pi, int n)
{
	uint64_t y = 0;
	for (int j = 0; j < n; j++)
		if ((x >> j) & 1)
			y |= (uint64_t)1 << pi[j];
	return y;
}

/* The index of x in words[0 .. count-1], increasing. */
static int word_index(const uint64_t *words, int count, uint64_t x)
{
	int lo = 0, hi = count - 1;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (words[mid] < x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Add images as a generator unless it is the identity or one already
 * there (for n = 2 the transposition is the n-cycle). */
static void add_generator(struct clique_sym_group *grp, const int *images)
{
	bool identity = true;
	for (int v = 0; v < grp->n && identity; v++)
		identity = images[v] == v;
	if (identity)
		return;
	for (int i = 0; i < grp->count; i++)
		if (!memcmp(clique_sym_group_perm(grp, i), images, sizeof *images * (size_t)grp->n))
			return;
	clique_sym_group_add(grp, images);
}

/* The coordinate transposition (0 1) and the n-cycle j -> j+1, acting on
 * words[0 .. count-1] (closed under them, increasing). */
static void coordinate_generators(struct clique_sym_group *grp, const uint64_t *words, int count, int n)
{
	int pi[64];
	int *images = xmalloc(sizeof *images * (size_t)(count + 1));
	for (int which = 0; which < 2; which++) {
		for (int j = 0; j < n; j++)
			pi[j] = which == 0 ? (j < 2 && n >= 2 ? 1 - j : j) : (j + 1) % n;
		for (int v = 0; v < count; v++)
			images[v] = word_index(words, count, permute_word(words[v], pi, n));
		add_generator(grp, images);
	}
	free(images);
}

struct graph *graph_gen_hamming_sym(int n, int d, struct clique_sym_group **group, struct diag *err)
{
	*group = NULL;
	struct graph *g = graph_gen_hamming(n, d, err);
	if (!g)
		return NULL;
	int count = g->n;
	uint64_t *words = xmalloc(sizeof *words * (size_t)count);
	for (int i = 0; i < count; i++)
		words[i] = (uint64_t)i;
	struct clique_sym_group *grp = clique_sym_group_new(count);
	coordinate_generators(grp, words, count, n);
	/* with the coordinate permutations, one translation gives them all */
	int *images = xmalloc(sizeof *images * (size_t)count);
	for (int i = 0; i < count; i++)
		images[i] = i ^ 1;
	add_generator(grp, images);
	free(images);
	free(words);
	*group = grp;
	return g;
}

/* The words of length n and weight w in increasing order into words
 * (room for C(n, w)); returns how many. */
static int weight_words(int n, int w, uint64_t *words)
{
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
	return k;
}

struct graph *graph_gen_johnson_sym(int n, int w, int d, struct clique_sym_group **group, struct diag *err)
{
	*group = NULL;
	struct graph *g = graph_gen_johnson(n, w, d, err);
	if (!g)
		return NULL;
	uint64_t *words = xmalloc(sizeof *words * ((size_t)g->n + 1));
	int count = weight_words(n, w, words);
	struct clique_sym_group *grp = clique_sym_group_new(count);
	coordinate_generators(grp, words, count, n);
	free(words);
	*group = grp;
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
	int k = weight_words(n, w, words);
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

int graph_gen_hamming_block(int n, int d)
{
	if (n < 1 || n > 14 || (1 << n) > GRAPH_MAX_VERTICES || d < 1 || d > n)
		return 0;
	return 1 << (n - 1);
}

int graph_gen_johnson_block(int n, int w, int d)
{
	if (n < 1 || n > 63 || w < 0 || w > n || d < 1 || d > n)
		return 0;
	/* C(n-1, w), the words below 2^(n-1); capped as the generator is */
	uint64_t count = 1;
	for (int i = 1; i <= w && count <= GRAPH_MAX_VERTICES; i++)
		count = count * (uint64_t)(n - 1 - w + i) / (uint64_t)i;
	return w == n || count > GRAPH_MAX_VERTICES ? 0 : (int)count;
}
