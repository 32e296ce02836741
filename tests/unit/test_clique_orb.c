/* The clique search over a group listed element by element
 * (solver/graph/clique_orb.c): the list is the group Traces reports (its
 * order), a group too large is not listed, the search agrees with the
 * plain branch and bound on every family whose clique number is
 * published and on random graphs made symmetric, its clique is one of the
 * graph's, a permutation that is not an automorphism is refused, and a
 * cancel stops it, at once or in flight (keller5). */
#include "config.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_aut.h"
#include "solver/graph/clique_orb.h"
#include "solver/graph/clique_sym.h"
#include "util/rng.h"
#include "tap.h"
#include "cancel_later.h"

/* The clique number by clique_orb_max with grp, its clique checked (-3
 * if it is none of g's). */
static int orb_max(const struct graph *g, const struct clique_sym_group *grp, struct clique_orb_info *info)
{
	int *best = malloc(sizeof *best * ((size_t)g->n + 1));
	struct search_stats st = { 0 };
	stats_init(&st, g->n + 2);
	int k = clique_orb_max(g, grp, best, NULL, &st, info);
	if (k >= 0 && !graph_is_clique(g, best, k))
		k = -3;
	stats_free(&st);
	free(best);
	return k;
}

static double order_of(const struct clique_aut_info *info)
{
	return info->order * pow(10, info->order_exp);
}

/* ---- the list ------------------------------------------------------------- */

static void test_list(void)
{
	struct diag err = { { 0 } };
	struct clique_aut_info info;
	/* keller4's group: the stabiliser of 0000 in Keller's graph G_4,
	 * each coordinate's 1 and 3 swapped or not and the coordinates
	 * permuted, 2^4 4! = 384 (Traces' order, checked against it) */
	struct graph *g = graph_gen_keller(4, &err);
	struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
	struct clique_orb_list *l = clique_orb_list_new(grp, CLIQUE_ORB_MAX_ELEMENTS, CLIQUE_ORB_MAX_ENTRIES);
	ok(l && (double)l->count == order_of(&info), "keller4: %d elements listed, Traces' order %.0f",
	   l ? l->count : -1, order_of(&info));
	bool all = l != NULL, distinct = true;
	for (int i = 0; l && i < l->count && all; i++)
		all = clique_sym_is_automorphism(g, l->perm + (size_t)i * (size_t)l->n);
	for (int i = 0; l && i < l->count && distinct; i++)
		for (int j = i + 1; j < l->count && distinct; j++)
			distinct = memcmp(l->perm + (size_t)i * (size_t)l->n, l->perm + (size_t)j * (size_t)l->n,
			                  sizeof *l->perm * (size_t)l->n) != 0;
	ok(all && distinct, "keller4: every element an automorphism, no two the same");
	bool identity = l != NULL;
	for (int v = 0; l && v < l->n; v++)
		identity = identity && l->perm[v] == v;
	ok(identity, "keller4: the identity first");
	clique_orb_list_free(l);
	/* one element fewer than the order: not listed */
	l = clique_orb_list_new(grp, 383, CLIQUE_ORB_MAX_ENTRIES);
	ok(!l, "keller4: not listed within 383 elements");
	l = clique_orb_list_new(grp, 384, 384L * 171 - 1);
	ok(!l, "keller4: not listed within one entry fewer than 384 x 171");
	clique_orb_list_free(l);
	clique_sym_group_free(grp);
	graph_free(g);
	/* hamming8-4's group, 10,321,920 elements: too many */
	g = graph_gen_hamming(8, 4, &err);
	grp = clique_aut_group(g, 0, NULL, &info);
	l = clique_orb_list_new(grp, CLIQUE_ORB_MAX_ELEMENTS, CLIQUE_ORB_MAX_ENTRIES);
	ok(!l, "hamming8-4: a group of 10321920 is not listed");
	struct clique_orb_info oi;
	ok(orb_max(g, grp, &oi) == 16 && !oi.listed, "hamming8-4: 16 by orbital branching, the group not listed");
	clique_sym_group_free(grp);
	graph_free(g);
}

/* ---- answers ------------------------------------------------------------------ */

/* The computed group's search against the plain one on g, and against
 * the published figure when there is one (want > 0). */
static void agree(struct graph *g, const char *name, int want)
{
	struct clique_aut_info info;
	struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
	int plain = clique_max(g, NULL, NULL, NULL);
	struct clique_orb_info oi;
	int k = orb_max(g, grp, &oi);
	ok(k == plain && (want == 0 || k == want), "%s: %d with the group (%d elements%s), %d plain", name, k,
	   oi.elements, oi.listed ? "" : ", not listed", plain);
	clique_sym_group_free(grp);
	graph_free(g);
}

static void test_published(void)
{
	struct diag err = { { 0 } };
	agree(graph_gen_keller(4, &err), "keller4", 11);
	agree(graph_gen_keller(3, &err), "keller3", 0);
	agree(graph_gen_keller(2, &err), "keller2", 0);
	agree(graph_gen_hamming(6, 2, &err), "hamming6-2", 32);
	agree(graph_gen_hamming(6, 4, &err), "hamming6-4", 4);
	agree(graph_gen_johnson(8, 2, 4, &err), "johnson8-2-4", 4);
	agree(graph_gen_johnson(8, 4, 4, &err), "johnson8-4-4", 14);
	agree(graph_gen_hamming(5, 3, &err), "hamming5-3", 4);
}

/* c copies of m vertices, (a, u) the vertex a m + u, joined by a
 * random rule that depends only on how far apart the copies are round a
 * cycle and on u and v: the shift of every copy to the next is an
 * automorphism (a group of order c at least). */
static bool joined(int c, int a, int u, int b, int v, double p, uint64_t seed)
{
	int d = ((b - a) % c + c) % c;
	if (d > c - d || (d == 0 || 2 * d == c) && u > v) {
		/* the same pair seen from its other end */
		d = (c - d) % c;
		int t = u;
		u = v;
		v = t;
	}
	struct rng r;
	rng_seed(&r, seed ^ ((uint64_t)d << 40 | (uint64_t)u << 20 | (uint64_t)v));
	return rng_below(&r, 1000) < (uint64_t)(p * 1000);
}

static struct graph *shifted(int m, int c, double p, uint64_t seed)
{
	struct graph *g = graph_new(m * c);
	for (int x = 0; x < m * c; x++)
		for (int y = x + 1; y < m * c; y++)
			if (joined(c, x / m, x % m, y / m, y % m, p, seed))
				graph_add_edge(g, x, y);
	return g;
}

static void test_random_symmetric(void)
{
	for (int t = 0; t < 12; t++) {
		int m = 8 + t, c = 3 + t % 4;
		struct graph *g = shifted(m, c, 0.3 + 0.05 * (t % 8), 100 + (uint64_t)t);
		/* the shift of the copies, as a generator: checked to be one */
		int *shift = malloc(sizeof *shift * (size_t)g->n);
		for (int v = 0; v < g->n; v++)
			shift[v] = (v + m) % g->n;
		bool is = clique_sym_is_automorphism(g, shift);
		struct clique_sym_group *grp = clique_sym_group_new(g->n);
		clique_sym_group_add(grp, shift);
		int plain = clique_max(g, NULL, NULL, NULL);
		struct clique_orb_info oi;
		int k = orb_max(g, grp, &oi);
		ok(is && k == plain && oi.listed && oi.elements == c,
		   "%d copies of G(%d): the shift an automorphism, %d with its %d elements, %d plain", c, m, k, oi.elements,
		   plain);
		clique_sym_group_free(grp);
		free(shift);
		char name[64];
		snprintf(name, sizeof name, "%d copies of G(%d), Traces' group", c, m);
		agree(g, name, 0);
	}
}

/* ---- refusals and cancels ------------------------------------------------ */

static void test_refused(void)
{
	struct diag err = { { 0 } };
	struct graph *g = graph_gen_keller(4, &err);
	struct clique_aut_info info;
	struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
	/* a transposition of two vertices of different degrees is no
	 * automorphism: keller4's first vertex (a word with one 2) and its
	 * last (four digits, two of them 2) */
	int *swap = malloc(sizeof *swap * (size_t)g->n);
	for (int v = 0; v < g->n; v++)
		swap[v] = v;
	swap[0] = g->n - 1;
	swap[g->n - 1] = 0;
	clique_sym_group_add(grp, swap);
	ok(!clique_sym_is_automorphism(g, swap), "keller4: swapping its first and last vertex is no automorphism");
	struct clique_orb_info oi;
	ok(orb_max(g, grp, &oi) == -2 && !oi.listed, "keller4: a group with it is refused (-2), nothing searched");
	struct clique_sym_group *other = clique_sym_group_new(g->n - 1);
	int *short_id = malloc(sizeof *short_id * (size_t)g->n);
	for (int v = 0; v < g->n - 1; v++)
		short_id[v] = v;
	clique_sym_group_add(other, short_id);
	ok(clique_orb_max(g, other, NULL, NULL, NULL, NULL) == -2, "keller4: a group of 170 points is refused (-2)");
	free(short_id);
	clique_sym_group_free(other);
	free(swap);
	clique_sym_group_free(grp);
	graph_free(g);
}

static void test_cancel(void)
{
	struct diag err = { { 0 } };
	struct graph *g = graph_gen_keller(5, &err);
	struct clique_aut_info info;
	struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
	atomic_int flag = 1;
	ok(clique_orb_max(g, grp, NULL, &flag, NULL, NULL) == -1, "keller5: cancelled before it starts (-1)");
	atomic_store(&flag, 0);
	struct cancel_later c;
	cancel_later_start(&c, &flag, "keller5 with its group listed");
	struct clique_orb_info oi;
	int k = clique_orb_max(g, grp, NULL, &flag, NULL, &oi);
	double ms = cancel_later_end(&c);
	ok(k == -1 && oi.listed, "keller5: cancelled in flight (-1), the group of %d listed", oi.elements);
	tap_diag("keller5: let go %.1f ms after the cancel", ms);
	clique_sym_group_free(grp);
	graph_free(g);
}

int main(void)
{
	test_list();
	test_published();
	test_random_symmetric();
	test_refused();
	test_cancel();
	return tap_done();
}
