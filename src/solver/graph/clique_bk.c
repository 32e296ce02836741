/* Bron and Kerbosch's enumeration of the maximal cliques with Tomita's
 * pivot, on an explicit stack so that its depth is bounded by memory
 * rather than by the C stack: each level holds P (the candidates), X
 * (the vertices already done, which would make a clique not maximal) and
 * the branch set, P minus the pivot's neighbours. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "solver/graph/clique.h"
#include "util/xalloc.h"

struct bk {
	const struct graph *g;
	int W, cap;
	uint64_t *sets;     /* cap levels of three rows: P, X, the branch set */
	int *r;             /* the clique, the vertex added at each level */
	int *word;          /* the branch set's scan position at each level */
};

static uint64_t *row_of(struct bk *b, int level, int which)
{
	return b->sets + ((size_t)level * 3 + (size_t)which) * (size_t)b->W;
}

static void grow(struct bk *b, int need)
{
	if (need <= b->cap)
		return;
	int cap = b->cap ? 2 * b->cap : 16;
	while (cap < need)
		cap *= 2;
	b->sets = xreallocarray(b->sets, (size_t)cap * 3 * (size_t)b->W + 1, sizeof *b->sets);
	b->r = xreallocarray(b->r, (size_t)cap, sizeof *b->r);
	b->word = xreallocarray(b->word, (size_t)cap, sizeof *b->word);
	b->cap = cap;
}

static bool empty(const uint64_t *s, int W)
{
	for (int w = 0; w < W; w++)
		if (s[w])
			return false;
	return true;
}

/* The branch set of a node: P minus the neighbours of the vertex of P or
 * X with the most neighbours in P. */
static void branch_set(struct bk *b, int level)
{
	int W = b->W, best = -1, best_n = -1;
	const uint64_t *P = row_of(b, level, 0), *X = row_of(b, level, 1);
	for (int w = 0; w < W; w++) {
		for (uint64_t bits = P[w] | X[w]; bits; bits &= bits - 1) {
			int u = w * 64 + __builtin_ctzll(bits);
			const uint64_t *nu = graph_row(b->g, u);
			int k = 0;
			for (int x = 0; x < W; x++)
				k += __builtin_popcountll(P[x] & nu[x]);
			if (k > best_n)
				best = u, best_n = k;
		}
	}
	uint64_t *B = row_of(b, level, 2);
	const uint64_t *np = graph_row(b->g, best);
	for (int x = 0; x < W; x++)
		B[x] = P[x] & ~np[x];
	b->word[level] = 0;
}

/* The next vertex of level's branch set, taken out of it, or -1. */
static int next_branch(struct bk *b, int level)
{
	uint64_t *B = row_of(b, level, 2);
	for (int w = b->word[level]; w < b->W; w++) {
		if (B[w]) {
			int v = w * 64 + __builtin_ctzll(B[w]);
			B[w] &= B[w] - 1;
			b->word[level] = w;
			return v;
		}
	}
	b->word[level] = b->W;
	return -1;
}

bool clique_bk_all(const struct graph *g, clique_each_fn fn, void *arg, const atomic_int *cancel,
                   struct clique_bk_result *res)
{
	struct bk bb = { .g = g, .W = g->words }, *b = &bb;
	int W = b->W, level = 0;
	bool finished = false;
	memset(res, 0, sizeof *res);
	grow(b, 16);
	memset(row_of(b, 0, 0), 0, sizeof(uint64_t) * 3 * (size_t)W);
	for (int v = 0; v < g->n; v++)
		graph_bit_set(row_of(b, 0, 0), v);

	for (;;) {
		/* a node at level: R is r[0 .. level-1] */
		if (cancel && atomic_load_explicit(cancel, memory_order_relaxed)) {
			res->cancelled = true;
			break;
		}
		res->nodes++;
		uint64_t *P = row_of(b, level, 0), *X = row_of(b, level, 1);
		bool leaf = empty(P, W);
		if (leaf && empty(X, W)) {
			res->count++;
			if (level > res->largest)
				res->largest = level;
			if (fn && !fn(b->r, level, arg)) {
				res->stopped = true;
				break;
			}
		}
		if (!leaf)
			branch_set(b, level);
		else
			b->word[level] = W;
		/* the next branch here, or back up until there is one */
		int v;
		while ((v = next_branch(b, level)) < 0) {
			if (level == 0) {
				finished = true;
				goto out;
			}
			level--;
			int u = b->r[level];
			graph_bit_clear(row_of(b, level, 0), u);
			graph_bit_set(row_of(b, level, 1), u);
		}
		grow(b, level + 2);
		P = row_of(b, level, 0);
		X = row_of(b, level, 1);
		uint64_t *P2 = row_of(b, level + 1, 0), *X2 = row_of(b, level + 1, 1);
		const uint64_t *nv = graph_row(g, v);
		for (int x = 0; x < W; x++) {
			P2[x] = P[x] & nv[x];
			X2[x] = X[x] & nv[x];
		}
		b->r[level++] = v;
	}
out:
	free(b->sets);
	free(b->r);
	free(b->word);
	return finished;
}
