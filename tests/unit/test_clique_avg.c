/* The averaging bound (solver/graph/clique_avg.c), the floor, target and
 * enumerate mode of clique_sym_search it stands on, and the DIMACS block
 * line (puzzles/dimacs.c): A(n, 4) for n = 4 .. 10, agreement with the
 * plain search (clique_max) on the small Hamming and Johnson graphs with
 * their blocks and on random vertex-transitive graphs (Cayley graphs of
 * cyclic groups and of binary vectors) with blocks of every kind, and
 * refusal of blocks that are not vertex sets. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/dimacs.h"
#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_avg.h"
#include "solver/graph/clique_sym.h"
#include "util/rng.h"
#include "tap.h"

static int plain_max(const struct graph *g)
{
	return clique_max(g, NULL, NULL, NULL);
}

/* The block 0 .. k-1. */
static int *prefix(int k)
{
	int *b = malloc(sizeof *b * ((size_t)k + 1));
	for (int i = 0; i < k; i++)
		b[i] = i;
	return b;
}

/* clique_avg_max checked: its clique is one of g, of the size returned
 * (-3 if not). */
static int avg_max(const struct graph *g, const struct clique_sym_group *grp, const int *block, int k,
                   struct clique_avg_info *info, struct search_stats *st)
{
	int *best = malloc(sizeof *best * ((size_t)g->n + 1));
	int w = clique_avg_max(g, grp, block, k, best, NULL, st, info);
	if (w >= 0 && !graph_is_clique(g, best, w))
		w = -3;
	free(best);
	return w;
}

/* ---- A(n, 4) ------------------------------------------------------------------ */

static void test_a_n_4(void)
{
	static const int want[] = { 2, 2, 4, 8, 16, 20, 40 };
	for (int n = 4; n <= 10; n++) {
		struct diag err;
		struct clique_sym_group *grp;
		struct graph *g = graph_gen_hamming_sym(n, 4, &grp, &err);
		int k = graph_gen_hamming_block(n, 4);
		int *block = prefix(k);
		struct clique_avg_info info;
		struct search_stats st = { 0 };
		is_u64(avg_max(g, grp, block, k, &info, &st), want[n - 4],
		       "A(%d, 4) = %d with the half cube, a real clique (%" PRIu64 " nodes, bound %d, %s)", n, want[n - 4],
		       st.nodes, info.bound, info.outcome == CLIQUE_AVG_REACHED ? "reached" : "searched");
		ok(info.transitive && info.block_size == k && info.bound == 2 * (n > 4 ? want[n - 5] : 1),
		   "A(%d, 4) <= 2 A(%d, 4) = %d", n, n - 1, info.bound);
		stats_free(&st);
		free(block);
		clique_sym_group_free(grp);
		graph_free(g);
		if (n == 10)
			ok(info.outcome == CLIQUE_AVG_REACHED && info.block_omega == 20,
			   "A(10, 4): the bound 2 x 20 reached by extending a code of A(9, 4) (%" PRIu64 " tried)",
			   info.tried);
		if (n == 9)
			ok(info.outcome == CLIQUE_AVG_SEARCHED && info.whole,
			   "A(9, 4): 2 x 16 = 32 not reached, the whole search under it");
	}
}

/* ---- against the plain search ------------------------------------------------- */

static void test_families(void)
{
	struct diag err;
	int agree = 0, tried = 0, reached = 0;
	for (int n = 1; n <= 8; n++)
		for (int d = 1; d <= n; d++) {
			struct clique_sym_group *grp;
			struct graph *g = graph_gen_hamming_sym(n, d, &grp, &err);
			/* A(8, 3) = A(9, 4) = 20: the plain search needs minutes */
			int want = n == 8 && d == 3 ? 20 : plain_max(g);
			int k = graph_gen_hamming_block(n, d);
			int *block = prefix(k);
			struct clique_avg_info info;
			int got = avg_max(g, grp, block, k, &info, NULL);
			if (got == want)
				agree++;
			else
				tap_diag("hamming%d-%d: %d, plain %d", n, d, got, want);
			reached += info.outcome == CLIQUE_AVG_REACHED;
			tried++;
			free(block);
			clique_sym_group_free(grp);
			graph_free(g);
		}
	is_u64(agree, tried, "hamming n-d, n <= 8, with the half cube: the plain search's clique number (%d of %d "
	       "reached the bound)", reached, tried);
	static const int johnson[][3] = { { 6, 3, 2 }, { 6, 3, 4 }, { 7, 3, 4 }, { 8, 2, 4 }, { 8, 3, 4 },
		                          { 8, 4, 4 }, { 9, 3, 4 }, { 9, 4, 4 }, { 10, 4, 4 }, { 10, 4, 6 },
		                          { 16, 2, 4 }, { 6, 2, 4 }, { 7, 2, 2 }, { 5, 0, 1 }, { 5, 5, 1 },
		                          { 1, 1, 1 }, { 8, 4, 6 } };
	for (size_t i = 0; i < sizeof johnson / sizeof *johnson; i++) {
		int n = johnson[i][0], w = johnson[i][1], d = johnson[i][2];
		struct clique_sym_group *grp;
		struct graph *g = graph_gen_johnson_sym(n, w, d, &grp, &err);
		int want = plain_max(g);
		int k = graph_gen_johnson_block(n, w, d);
		int *block = prefix(k);
		struct clique_avg_info info;
		int got = avg_max(g, grp, block, k, &info, NULL);
		static const char *const how_name[] = { [CLIQUE_AVG_UNUSED] = "unused", [CLIQUE_AVG_REACHED] = "reached",
			                                [CLIQUE_AVG_SETTLED] = "settled", [CLIQUE_AVG_SEARCHED] = "searched" };
		const char *how = how_name[info.outcome];
		is_u64(got, want, "johnson%d-%d-%d: %d, as the plain search (Johnson's bound %d, %s)", n, w, d, want,
		       info.bound, how);
		free(block);
		clique_sym_group_free(grp);
		graph_free(g);
	}
	/* A(12, 4, 3) = 20 and A(10, 4, 5) = 36, too slow for the plain search */
	struct clique_sym_group *grp;
	struct graph *g = graph_gen_johnson_sym(12, 3, 4, &grp, &err);
	int k = graph_gen_johnson_block(12, 3, 4);
	int *block = prefix(k);
	struct clique_avg_info info;
	is_u64(avg_max(g, grp, block, k, &info, NULL), 20, "johnson12-3-4: 20 (bound %d)", info.bound);
	free(block);
	clique_sym_group_free(grp);
	graph_free(g);
	g = graph_gen_johnson_sym(10, 5, 4, &grp, &err);
	k = graph_gen_johnson_block(10, 5, 4);
	block = prefix(k);
	is_u64(avg_max(g, grp, block, k, &info, NULL), 36, "johnson10-5-4: 36, Johnson's bound 2 x 18 reached");
	free(block);
	clique_sym_group_free(grp);
	graph_free(g);
}

/* A random block of g: k distinct vertices. */
static int random_block(int n, int *block, struct rng *r)
{
	int *all = malloc(sizeof *all * ((size_t)n + 1));
	for (int i = 0; i < n; i++)
		all[i] = i;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint64_t)i + 1), t = all[i];
		all[i] = all[j];
		all[j] = t;
	}
	int k = 1 + (int)rng_below(r, (uint64_t)n);
	memcpy(block, all, sizeof *block * (size_t)k);
	free(all);
	return k;
}

/* A Cayley graph of Z_m: i ~ j when j - i is in the connection set
 * (chosen at random, closed under negation); the rotation and the
 * reflection are automorphisms, the rotation alone moves 0 everywhere. */
static struct graph *circulant(int m, double p, struct rng *r, struct clique_sym_group **grp)
{
	unsigned char *conn = calloc((size_t)m, 1);
	for (int t = 1; t <= m / 2; t++)
		conn[t] = conn[m - t] = rng_unit(r) < p;
	struct graph *g = graph_new(m);
	for (int i = 0; i < m; i++)
		for (int j = i + 1; j < m; j++)
			if (conn[j - i])
				graph_add_edge(g, i, j);
	free(conn);
	*grp = clique_sym_group_new(m);
	int *img = malloc(sizeof *img * ((size_t)m + 1));
	for (int i = 0; i < m; i++)
		img[i] = (i + 1) % m;
	clique_sym_group_add(*grp, img);
	for (int i = 0; i < m; i++)
		img[i] = (m - i) % m;
	clique_sym_group_add(*grp, img);
	free(img);
	return g;
}

/* A Cayley graph of the binary vectors of length b: x ~ y when x ^ y is
 * in the connection set (random); the translations by unit vectors
 * generate a transitive group of automorphisms. */
static struct graph *cube_cayley(int b, double p, struct rng *r, struct clique_sym_group **grp)
{
	int m = 1 << b;
	unsigned char *conn = calloc((size_t)m, 1);
	for (int t = 1; t < m; t++)
		conn[t] = rng_unit(r) < p;
	struct graph *g = graph_new(m);
	for (int i = 0; i < m; i++)
		for (int j = i + 1; j < m; j++)
			if (conn[i ^ j])
				graph_add_edge(g, i, j);
	free(conn);
	*grp = clique_sym_group_new(m);
	int *img = malloc(sizeof *img * ((size_t)m + 1));
	for (int c = 0; c < b; c++) {
		for (int i = 0; i < m; i++)
			img[i] = i ^ (1 << c);
		clique_sym_group_add(*grp, img);
	}
	free(img);
	return g;
}

static void test_random_transitive(void)
{
	struct rng r;
	rng_seed(&r, 11);
	int agree = 0, tried = 0, outcomes[4] = { 0 };
	for (int t = 0; t < 240; t++) {
		struct clique_sym_group *grp;
		bool cube = t % 2;
		double p = 0.2 + 0.7 * rng_unit(&r);
		struct graph *g = cube ? cube_cayley(2 + (int)rng_below(&r, 4), p, &r, &grp)
		                       : circulant(4 + (int)rng_below(&r, 40), p, &r, &grp);
		int n = g->n;
		int *block = malloc(sizeof *block * ((size_t)n + 1));
		int k;
		switch (t % 6) {
		case 0:
		case 1:
			/* half of the vertices, a subgroup or a coset of one
			 * (the evens, the vectors with a 0 in the top place):
			 * the blocks that make the bound tight */
			k = 0;
			for (int v = 0; v < n; v++)
				if (cube ? !(v & (n / 2)) : n % 2 == 0 ? !(v % 2) : v < n / 2 + 1)
					block[k++] = v;
			break;
		case 2:
		case 3:
			k = 1 + (int)rng_below(&r, (uint64_t)n);
			for (int i = 0; i < k; i++)
				block[i] = i;
			break;
		default:
			k = random_block(n, block, &r);
			break;
		}
		int want = plain_max(g);
		struct clique_avg_info info;
		int got = avg_max(g, grp, block, k, &info, NULL);
		if (got == want && info.transitive && info.bound >= want)
			agree++;
		else
			tap_diag("graph %d (%d vertices, block of %d): %d, plain %d, bound %d", t, n, k, got, want,
			         info.bound);
		outcomes[info.outcome]++;
		tried++;
		free(block);
		clique_sym_group_free(grp);
		graph_free(g);
	}
	is_u64(agree, tried, "random Cayley graphs with blocks: the plain search's clique number, under the bound");
	ok(outcomes[CLIQUE_AVG_REACHED] > 20 && outcomes[CLIQUE_AVG_SETTLED] > 20 && outcomes[CLIQUE_AVG_SEARCHED] > 20,
	   "every way taken: %d reached the bound, %d settled by the extensions, %d searched whole",
	   outcomes[CLIQUE_AVG_REACHED], outcomes[CLIQUE_AVG_SETTLED], outcomes[CLIQUE_AVG_SEARCHED]);
}

/* ---- no bound, and refusals -------------------------------------------------- */

static void test_unused_and_refused(void)
{
	/* the path 1 - 2 - 3 and its reflection: 2 is fixed, not transitive */
	struct graph *g = graph_new(3);
	graph_add_edge(g, 0, 1);
	graph_add_edge(g, 1, 2);
	struct clique_sym_group *grp = clique_sym_group_new(3);
	int refl[] = { 2, 1, 0 };
	clique_sym_group_add(grp, refl);
	int block[] = { 0, 2 };
	struct clique_avg_info info;
	is_u64(avg_max(g, grp, block, 2, &info, NULL), 2, "a path with its reflection: 2");
	ok(!info.transitive && info.outcome == CLIQUE_AVG_UNUSED,
	   "the reflection does not move the middle: no bound (the block holds 1, 1 x 3 / 2 would say 1)");
	is_u64(avg_max(g, NULL, block, 2, &info, NULL), 2, "no group: 2, no bound");
	ok(info.outcome == CLIQUE_AVG_UNUSED, "no group: unused");
	int range[] = { 0, 3 }, twice[] = { 1, 1 }, neg[] = { -1 };
	is_u64(clique_avg_max(g, grp, range, 2, NULL, NULL, NULL, NULL) + 2, 0, "a block vertex out of range: -2");
	is_u64(clique_avg_max(g, grp, twice, 2, NULL, NULL, NULL, NULL) + 2, 0, "a block vertex twice: -2");
	is_u64(clique_avg_max(g, grp, neg, 1, NULL, NULL, NULL, NULL) + 2, 0, "a negative vertex: -2");
	int swap[] = { 1, 0, 2 };
	clique_sym_group_add(grp, swap);
	is_u64(clique_avg_max(g, grp, block, 2, NULL, NULL, NULL, NULL) + 2, 0, "a generator that is no symmetry: -2");
	is_u64(clique_avg_max(g, grp, NULL, 0, NULL, NULL, NULL, NULL) + 2, 0, "and with no block: -2");
	clique_sym_group_free(grp);
	/* the swap alone is not transitive (3 stays): the search without the
	 * bound must refuse it as well */
	grp = clique_sym_group_new(3);
	clique_sym_group_add(grp, swap);
	is_u64(clique_avg_max(g, grp, block, 2, NULL, NULL, NULL, NULL) + 2, 0,
	       "a generator that is no symmetry, a group that is not transitive: -2");
	clique_sym_group_free(grp);
	graph_free(g);

	/* the block of every vertex: the bound is omega(G) itself */
	struct diag err;
	g = graph_gen_hamming_sym(6, 3, &grp, &err);
	int *all = prefix(g->n);
	is_u64(avg_max(g, grp, all, g->n, &info, NULL), 8, "hamming6-3 with the block of every vertex: 8");
	ok(info.outcome == CLIQUE_AVG_REACHED && info.bound == 8, "  the bound 8, reached with nothing to add");
	is_u64(avg_max(g, grp, all, 0, &info, NULL), 8, "hamming6-3 with no block: 8");
	ok(info.transitive && info.outcome == CLIQUE_AVG_UNUSED, "  no block: no bound");
	/* one vertex: omega(G) <= n, true and useless, but every clique
	 * has an image through it (settle is 1), so the largest clique
	 * among its neighbours, plus it, is the answer */
	is_u64(avg_max(g, grp, all, 1, &info, NULL), 8, "hamming6-3 with a block of one vertex: 8");
	ok(info.bound == 64 && info.settle == 1 && info.outcome == CLIQUE_AVG_SETTLED,
	   "  the bound 64 not reached, but settled by the vertex's neighbours");
	free(all);
	clique_sym_group_free(grp);
	graph_free(g);
}

/* The cocktail party graph of 40 pairs (every vertex but its partner,
 * i and i + 40) with the rotation, and a block holding both of 22 pairs
 * and one of the other 18: the block has 2^22 largest cliques, none
 * alike under the block's group (the rotation keeps no part of it), too
 * many to try.  The enumeration gives up, and the whole search, with the
 * bound 51 alone, still answers 40. */
static void test_budget(void)
{
	int n = 80;
	struct graph *g = graph_new(n);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (j != i + 40)
				graph_add_edge(g, i, j);
	struct clique_sym_group *grp = clique_sym_group_new(n);
	int img[80], block[80], k = 0;
	for (int i = 0; i < n; i++)
		img[i] = (i + 1) % n;
	clique_sym_group_add(grp, img);
	for (int i = 0; i < 40; i++) {
		block[k++] = i;
		if (i < 22)
			block[k++] = i + 40;
	}
	struct clique_avg_info info;
	is_u64(avg_max(g, grp, block, k, &info, NULL), 40, "a cocktail party of 40 pairs: 40");
	ok(info.block_omega == 40 && info.bound == 51 && info.settle == 51 && info.spent &&
	           info.outcome == CLIQUE_AVG_SEARCHED && info.cap == 51,
	   "  its block's 2^22 largest cliques too many: the budget spent after %" PRIu64 ", the search under 51",
	   info.tried);
	clique_sym_group_free(grp);
	graph_free(g);
}

/* ---- clique_sym_search: floor, target, enumeration ------------------------- */

struct count {
	const struct graph *g;
	int k, bad;
	uint64_t n;
};

static bool count_each(const int *v, int k, void *arg)
{
	struct count *c = arg;
	c->n++;
	if (k != c->k || !graph_is_clique(c->g, v, k))
		c->bad++;
	return true;
}

/* The cliques of exactly k vertices, by brute force over subsets of a
 * small graph. */
static uint64_t brute_cliques(const struct graph *g, int k)
{
	uint64_t count = 0;
	int v[32];
	for (uint32_t mask = 0; mask < (1u << g->n); mask++) {
		if (__builtin_popcount(mask) != k)
			continue;
		int m = 0;
		for (int i = 0; i < g->n; i++)
			if (mask >> i & 1)
				v[m++] = i;
		count += graph_is_clique(g, v, m);
	}
	return count;
}

static void test_search_limits(void)
{
	struct rng r;
	rng_seed(&r, 12);
	int good = 0;
	for (int t = 0; t < 30; t++) {
		struct diag err;
		struct graph *g = graph_gen_random(8 + t % 10, 0.3 + 0.02 * t, (uint64_t)t + 100, &err);
		int w = plain_max(g);
		struct count c = { .g = g, .k = w };
		struct clique_sym_limits lim = { .floor = w - 1, .each = count_each, .arg = &c };
		int r1 = clique_sym_search(g, NULL, &lim, NULL, NULL, NULL);
		bool all = r1 == w - 1 && c.bad == 0 && c.n == brute_cliques(g, w);
		/* one size less: every clique of w - 1 vertices */
		c = (struct count){ .g = g, .k = w - 1 };
		lim.floor = w - 2;
		if (w >= 2) {
			clique_sym_search(g, NULL, &lim, NULL, NULL, NULL);
			all = all && c.bad == 0 && c.n == brute_cliques(g, w - 1);
		}
		/* a floor at omega: nothing above it, the floor returned */
		struct clique_sym_limits high = { .floor = w };
		all = all && clique_sym_search(g, NULL, &high, NULL, NULL, NULL) == w;
		good += all;
		graph_free(g);
	}
	is_u64(good, 30, "no group: enumerate mode gives every clique of omega (and of omega - 1) vertices once, "
	       "as a brute force; a floor at omega finds nothing");
	/* with a group, the representatives are fewer */
	struct diag err;
	struct clique_sym_group *grp;
	struct graph *g = graph_gen_hamming_sym(6, 4, &grp, &err);
	struct count c = { .g = g, .k = 4 };
	struct clique_sym_limits lim = { .floor = 3, .each = count_each, .arg = &c };
	clique_sym_search(g, grp, &lim, NULL, NULL, NULL);
	struct count all = { .g = g, .k = 4 };
	lim.arg = &all;
	clique_sym_search(g, NULL, &lim, NULL, NULL, NULL);
	ok(c.bad == 0 && c.n >= 1 && c.n * 10 < all.n,
	   "hamming6-4: %" PRIu64 " of its %" PRIu64 " codes of 4 words stand for them all under the group", c.n, all.n);
	/* a target stops at the first clique that large */
	struct search_stats st = { 0 }, full = { 0 };
	struct clique_sym_limits tl = { .target = 4 };
	int *out = malloc(sizeof *out * (size_t)g->n);
	int k = clique_sym_search(g, NULL, &tl, out, NULL, &st);
	clique_sym_max(g, NULL, NULL, NULL, &full);
	ok(k == 4 && graph_is_clique(g, out, 4) && st.nodes < full.nodes,
	   "a target of 4 on hamming6-4: stops at a clique of 4 (%" PRIu64 " nodes, %" PRIu64 " to prove it)", st.nodes,
	   full.nodes);
	struct clique_sym_limits few = { .max_nodes = 3 };
	is_u64(clique_sym_search(g, grp, &few, NULL, NULL, NULL) + 3, 0, "a budget of 3 nodes runs out: -3");
	few.max_nodes = 1000;
	is_u64(clique_sym_search(g, grp, &few, NULL, NULL, NULL), 4, "a budget of 1000 nodes does not: 4");
	struct clique_sym_limits neg = { .floor = -1 };
	is_u64(clique_sym_search(g, grp, &neg, NULL, NULL, NULL) + 2, 0, "a negative floor: -2");
	stats_free(&st);
	stats_free(&full);
	free(out);
	clique_sym_group_free(grp);
	graph_free(g);
}

/* ---- the group of a block ---------------------------------------------------- */

static void test_block_group(void)
{
	struct diag err;
	struct clique_sym_group *grp;
	struct graph *g = graph_gen_hamming_sym(7, 3, &grp, &err);
	int k = graph_gen_hamming_block(7, 3);
	int *block = prefix(k);
	struct clique_sym_group *h = clique_sym_block_group(grp, block, k);
	struct graph *gs = graph_induced(g, block, k);
	bool autos = h->count > 0 && h->n == k;
	for (int i = 0; i < h->count; i++)
		autos = autos && clique_sym_is_automorphism(gs, clique_sym_group_perm(h, i));
	ok(autos, "the half cube of hamming7-3: %d generators, automorphisms of hamming6-3", h->count);
	is_u64(clique_sym_orbit_size(h, 0), k, "  transitive on the half cube");
	is_u64(clique_sym_orbit_size(grp, 0), g->n, "the hyperoctahedral group is transitive");
	is_u64(clique_sym_orbit_size(grp, g->n), 0, "the orbit of a vertex out of range: 0");
	clique_sym_group_free(h);
	graph_free(gs);
	free(block);
	clique_sym_group_free(grp);
	graph_free(g);
}

/* ---- DIMACS block lines ------------------------------------------------------- */

static void refused(const char *text, const char *want, const char *what)
{
	struct diag err = { { 0 } };
	struct dimacs_symmetry sym = { .block_size = 7 };
	struct graph *g = dimacs_parse_symmetry(text, "t.clq", NULL, &sym, &err);
	ok(!g && !sym.group && !sym.block && sym.block_size == 0, "%s: refused", what);
	is_str(g ? "" : err.msg, want, "%s: the message", what);
	graph_free(g);
}

static void test_dimacs(void)
{
	struct diag err;
	struct clique_sym_group *grp;
	struct graph *g = graph_gen_hamming_sym(5, 4, &grp, &err);
	int k = graph_gen_hamming_block(5, 4);
	struct dimacs_symmetry sym = { .group = grp, .block = prefix(k), .block_size = k };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	dimacs_write_symmetry(f, g, "hamming5-4", &sym);
	fclose(f);
	ok(strstr(text, "\nc block 1 2 3 ") && strstr(text, " 16\ne "), "the block written after the automorphisms");
	struct dimacs_symmetry back;
	struct dimacs_info info;
	struct graph *h = dimacs_parse_symmetry(text, "mem", &info, &back, &err);
	ok(h && back.group && back.block_size == k && !memcmp(back.block, sym.block, sizeof *sym.block * (size_t)k),
	   "read back: the group and the block (%s)", h ? "ok" : err.msg);
	is_u64(info.block_size, k, "info: the block's size");
	is_u64(info.block_line, 6, "info: the block's line");
	graph_free(h);
	dimacs_symmetry_free(&back);
	ok(!back.group && !back.block, "dimacs_symmetry_free empties it");
	/* the readers of the group alone skip the block */
	h = dimacs_parse_sym(text, "mem", NULL, &grp, &err);
	ok(h && grp && grp->count == sym.group->count, "dimacs_parse_sym reads the file with its block");
	clique_sym_group_free(grp);
	graph_free(h);
	free(text);
	dimacs_symmetry_free(&sym);
	graph_free(g);

	h = dimacs_parse_symmetry("p edge 3 1\ne 1 2\nc blocks 1 2\nc Block 4\n", "plain", &info, &back, &err);
	ok(h && !back.block && info.block_size == 0, "'c blocks' and 'c Block' are comments");
	graph_free(h);
	dimacs_symmetry_free(&back);

	const char *p = "p edge 3 1\ne 1 2\n";
	char buf[200];
	snprintf(buf, sizeof buf, "%sc block 3 1\n", p);
	h = dimacs_parse_symmetry(buf, "t.clq", NULL, &back, &err);
	ok(h && back.block_size == 2 && back.block[0] == 2 && back.block[1] == 0 && !back.group,
	   "a block without automorphisms is read, in its order, 0-based");
	graph_free(h);
	dimacs_symmetry_free(&back);
	snprintf(buf, sizeof buf, "%sc block 1 4\n", p);
	refused(buf, "t.clq:3: block: vertex 4 out of range (1 to 3)", "a block vertex out of range");
	snprintf(buf, sizeof buf, "%sc block 0\n", p);
	refused(buf, "t.clq:3: block: vertex 0 out of range (1 to 3)", "a block vertex 0");
	snprintf(buf, sizeof buf, "%sc block 2 3 2\n", p);
	refused(buf, "t.clq:3: block: vertex 2 given twice", "a block vertex twice");
	snprintf(buf, sizeof buf, "%sc block 1 x\n", p);
	refused(buf, "t.clq:3: block: 'x' is not a vertex number", "a block word that is no number");
	snprintf(buf, sizeof buf, "%sc block\n", p);
	refused(buf, "t.clq:3: block: no vertices (expected 'c block I1 I2 ...')", "an empty block");
	snprintf(buf, sizeof buf, "%sc block 1\n\nc block 2\n", p);
	refused(buf, "t.clq:5: a second block line (the first is line 3)", "two block lines");
	refused("c block 1\np edge 1 0\n", "t.clq:1: a block before the 'p edge N M' line", "a block before the p line");
	/* the plain reader refuses them too */
	snprintf(buf, sizeof buf, "%sc block 9\n", p);
	g = dimacs_parse(buf, "t.clq", NULL, &err);
	ok(!g && !strcmp(err.msg, "t.clq:3: block: vertex 9 out of range (1 to 3)"), "dimacs_parse refuses it (%s)",
	   err.msg);
}

int main(void)
{
	test_a_n_4();
	test_families();
	test_random_transitive();
	test_unused_and_refused();
	test_budget();
	test_search_limits();
	test_block_group();
	test_dimacs();
	return tap_done();
}
