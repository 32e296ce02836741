/* Automorphism groups computed (solver/graph/clique_aut.c, by nauty) for
 * the clique search that breaks symmetry: the orders of known groups,
 * every generator an automorphism (checked as the search checks the
 * lines), the group used (fewer nodes) and never changing an answer
 * (the plain search's clique number on every generated family and on
 * random graphs with and without symmetry), a graph with no symmetry
 * costing one node of nauty's tree, and cancels and time limits. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_aut.h"
#include "solver/graph/clique_sym.h"
#include "util/rng.h"
#include "tap.h"
#include "cancel_later.h"

/* Is every generator of grp an automorphism of g? */
static bool all_automorphisms(const struct graph *g, const struct clique_sym_group *grp)
{
	for (int i = 0; i < grp->count; i++)
		if (!clique_sym_is_automorphism(g, clique_sym_group_perm(grp, i)))
			return false;
	return true;
}

/* The clique number by the search with grp, its clique checked (-3 if
 * it is none of g's). */
static int sym_max(const struct graph *g, const struct clique_sym_group *grp, uint64_t *nodes)
{
	int *best = malloc(sizeof *best * ((size_t)g->n + 1));
	struct search_stats st = { 0 };
	int k = clique_sym_max(g, grp, best, NULL, &st);
	if (k >= 0 && !graph_is_clique(g, best, k))
		k = -3;
	if (nodes)
		*nodes = st.nodes;
	stats_free(&st);
	free(best);
	return k;
}

/* The order as one number (exact below 2^53, which the tests keep to). */
static double order_of(const struct clique_aut_info *info)
{
	return info->order * pow(10, info->order_exp);
}

/* ---- known groups -------------------------------------------------------- */

static void test_known_orders(void)
{
	struct diag err = { { 0 } };
	struct clique_aut_info info;
	/* The hypercube's group, 2^n n!, is the group of every distance graph
	 * hamming n-d with 1 < d < n (the words' translations and the
	 * coordinates' permutations): 2^8 8! = 10,321,920. */
	struct graph *g = graph_gen_hamming(8, 4, &err);
	struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
	ok(grp && info.outcome == CLIQUE_AUT_FOUND, "hamming8-4: the group found");
	ok(order_of(&info) == 10321920.0, "hamming8-4: order 2^8 8! = 10321920 (%.0f)", order_of(&info));
	ok(info.orbits == 1, "hamming8-4: one orbit (vertex-transitive)");
	ok(grp && grp->count == info.generators && all_automorphisms(g, grp),
	   "hamming8-4: each of the %d generators is an automorphism", info.generators);
	ok(info.worth, "hamming8-4: worth using");
	clique_sym_group_free(grp);
	graph_free(g);
	/* johnson16-2-4: pairs from 16, joined when disjoint (the Kneser
	 * graph K(16, 2)); its group is S_16, 16! = 20,922,789,888,000. */
	g = graph_gen_johnson(16, 2, 4, &err);
	grp = clique_aut_group(g, 0, NULL, &info);
	ok(fabs(order_of(&info) / 20922789888000.0 - 1) < 1e-9, "johnson16-2-4: order 16! (%.6g)", order_of(&info));
	char buf[64];
	is_str(clique_aut_order_str(&info, buf, sizeof buf), "20922789888000", "the order written in figures");
	ok(all_automorphisms(g, grp), "johnson16-2-4: the generators are automorphisms");
	clique_sym_group_free(grp);
	graph_free(g);
	/* A path of three vertices: its reflection, order 2, is too small a
	 * group to pay for the weaker bound. */
	g = graph_new(3);
	graph_add_edge(g, 0, 1);
	graph_add_edge(g, 1, 2);
	grp = clique_aut_group(g, 0, NULL, &info);
	ok(order_of(&info) == 2 && info.orbits == 2 && grp->count == 1, "a path of 3: order 2, 2 orbits, 1 generator");
	ok(!info.worth, "a path of 3: not worth using");
	clique_sym_group_free(grp);
	graph_free(g);
	/* The empty graph of 0 vertices: an empty group, not worth it. */
	g = graph_new(0);
	grp = clique_aut_group(g, 0, NULL, &info);
	ok(grp && grp->count == 0 && !info.worth, "no vertices: no generators, nothing to use");
	clique_sym_group_free(grp);
	graph_free(g);
}

/* The order as nauty writes a large one: a mantissa and a power of 10. */
static void test_order_words(void)
{
	char buf[64];
	struct clique_aut_info info = { .order = 2092.2789888, .order_exp = 10 };
	is_str(clique_aut_order_str(&info, buf, sizeof buf), "20922789888000", "a power of ten, 16!, in figures");
	info = (struct clique_aut_info){ .order = 2.6313083693, .order_exp = 35 };
	is_str(clique_aut_order_str(&info, buf, sizeof buf), "about 2.63 x 10^35", "30!: said as about");
	info = (struct clique_aut_info){ .order = 3840, .order_exp = 0 };
	is_str(clique_aut_order_str(&info, buf, sizeof buf), "3840", "a small order in figures");
}

/* ---- used, and never changing an answer --------------------------------- */

static void test_used(void)
{
	struct diag err = { { 0 } };
	struct clique_aut_info info;
	struct graph *g = graph_gen_hamming(8, 4, &err);
	struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
	uint64_t with = 0, without = 0;
	int k = sym_max(g, grp, &with);
	int k0 = sym_max(g, NULL, &without);
	ok(k == 16 && k0 == 16, "hamming8-4: A(8, 4) = 16 with the computed group and without");
	ok(with * 100 < without, "hamming8-4: the group used, %" PRIu64 " nodes against %" PRIu64 " without", with,
	   without);
	clique_sym_group_free(grp);
	graph_free(g);
}

/* Every family the generator makes, small enough for the plain search:
 * the group's search agrees with it. */
static void test_families(void)
{
	struct diag err = { { 0 } };
	int tried = 0, agree = 0, checked = 0, worth = 0;
	for (int fam = 0; fam < 3; fam++) {
		for (int n = 1; n <= (fam == 2 ? 4 : 8); n++) {
			for (int a = fam == 2 ? n : 1; a <= n; a++) {
				for (int d = fam == 1 ? 1 : a; d <= (fam == 1 ? n : a); d++) {
					struct graph *g = fam == 0   ? graph_gen_hamming(n, a, &err)
					                  : fam == 1 ? graph_gen_johnson(n, a, d, &err)
					                             : graph_gen_keller(n, &err);
					/* hamming8-3 (A(8, 3) = 20) takes the plain search minutes */
					if (!g || (fam == 0 && n == 8 && a == 3)) {
						graph_free(g);
						continue;
					}
					struct clique_aut_info info;
					struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
					tried++;
					checked += grp && all_automorphisms(g, grp);
					worth += info.worth;
					agree += grp && sym_max(g, grp, NULL) == clique_max(g, NULL, NULL, NULL);
					clique_sym_group_free(grp);
					graph_free(g);
				}
			}
		}
	}
	ok(tried > 50 && checked == tried, "hamming, johnson and keller graphs: every generator an automorphism (%d)",
	   tried);
	ok(agree == tried, "with the computed group: the plain search's clique number on all %d (%d worth it)", tried,
	   worth);
}

/* Random graphs, and random graphs made invariant under the shift of
 * the vertices by h (mod k h; a group of order k at least): the same
 * answers. */
static void test_random(void)
{
	struct rng r;
	rng_seed(&r, 24);
	int tried = 0, agree = 0, trivial = 0, moved = 0;
	for (int t = 0; t < 60; t++) {
		int k = 1 + (int)rng_below(&r, 6), h = 3 + (int)rng_below(&r, 8), n = k * h;
		double p = 0.2 + 0.7 * rng_unit(&r);
		struct graph *g = graph_new(n);
		bool *decided = calloc((size_t)n * (size_t)n, sizeof *decided);
		for (int i = 0; i < n; i++)
			for (int j = i + 1; j < n; j++) {
				if (decided[i * n + j])
					continue;
				bool edge = rng_unit(&r) < p;
				for (int s = 0; s < k; s++) {
					int a = (i + s * h) % n, b = (j + s * h) % n;
					decided[a * n + b] = decided[b * n + a] = true;
					if (edge)
						graph_add_edge(g, a, b);
				}
			}
		free(decided);
		struct clique_aut_info info;
		struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
		tried++;
		trivial += info.generators == 0;
		moved += info.generators > 0;
		agree += grp && all_automorphisms(g, grp) && sym_max(g, grp, NULL) == clique_max(g, NULL, NULL, NULL);
		clique_sym_group_free(grp);
		graph_free(g);
	}
	ok(agree == tried, "random graphs with and without a shift: checked generators, the plain answer (%d)", tried);
	ok(trivial > 0 && moved > 0, "some with no symmetry (%d), some with (%d)", trivial, moved);
}

/* The complement has the same group: nauty runs on the sparser. */
static void test_complement(void)
{
	struct diag err = { { 0 } };
	struct graph *g = graph_gen_keller(3, &err);
	struct graph *c = graph_complement(g);
	struct clique_aut_info a, b;
	struct clique_sym_group *ga = clique_aut_group(g, 0, NULL, &a);
	struct clique_sym_group *gb = clique_aut_group(c, 0, NULL, &b);
	ok(order_of(&a) == order_of(&b) && a.orbits == b.orbits, "keller3 and its complement: the same order (%.0f)",
	   order_of(&a));
	ok(all_automorphisms(c, ga) && all_automorphisms(g, gb), "each one's generators are the other's automorphisms");
	clique_sym_group_free(ga);
	clique_sym_group_free(gb);
	graph_free(c);
	graph_free(g);
}

/* ---- no symmetry costs little --------------------------------------------- */

static void test_no_symmetry(void)
{
	struct diag err = { { 0 } };
	struct graph *g = graph_gen_random(1000, 0.5, 1, &err);
	struct clique_aut_info info;
	struct clique_sym_group *grp = clique_aut_group(g, 0, NULL, &info);
	ok(grp && grp->count == 0 && info.order == 1 && info.orbits == 1000, "G(1000, 0.5): no symmetry at all");
	ok(info.nodes == 1, "G(1000, 0.5): one node of nauty's tree (%" PRIu64 "): the degrees split it at once",
	   info.nodes);
	ok(!info.worth, "G(1000, 0.5): nothing worth using");
	tap_diag("G(1000, 0.5): the group in %.4f s", info.seconds);
	clique_sym_group_free(grp);
	graph_free(g);
}

/* ---- cancels and limits ---------------------------------------------------- */

static void test_cancel(void)
{
	struct diag err = { { 0 } };
	struct graph *g = graph_gen_hamming(9, 4, &err);
	atomic_int flag;
	atomic_init(&flag, 1);
	struct clique_aut_info info;
	struct clique_sym_group *grp = clique_aut_group(g, 0, &flag, &info);
	ok(!grp && info.outcome == CLIQUE_AUT_CANCELLED, "cancelled before the start: no group");
	/* a limit already past at nauty's first node */
	grp = clique_aut_group(g, 1e-9, NULL, &info);
	ok(!grp && info.outcome == CLIQUE_AUT_TIMED_OUT, "a limit of a nanosecond: out of time, no group");
	grp = clique_aut_group(g, 60, NULL, &info);
	ok(grp && info.outcome == CLIQUE_AUT_FOUND, "and with a minute, found (the kill request was taken back)");
	clique_sym_group_free(grp);
	graph_free(g);
	/* hamming12-6: half a second of Traces, cancelled in flight */
	g = graph_gen_hamming(12, 6, &err);
	atomic_init(&flag, 0);
	struct cancel_later c;
	cancel_later_start(&c, &flag, "the group of hamming12-6");
	grp = clique_aut_group(g, 0, &flag, &info);
	double ms = cancel_later_end(&c);
	ok(ms >= 0 && !grp && info.outcome == CLIQUE_AUT_CANCELLED, "hamming12-6: cancelled in flight");
	/* and out of time in flight: a limit of 50 ms (how soon Traces lets
	 * go is its own: it looks at the kill request between stages) */
	grp = clique_aut_group(g, 0.05, NULL, &info);
	ok(!grp && info.outcome == CLIQUE_AUT_TIMED_OUT, "hamming12-6 with 50 ms: out of time in flight");
	tap_diag("hamming12-6: stopped %.3f s after the start", info.seconds);
	graph_free(g);
}

int main(void)
{
	test_known_orders();
	test_order_words();
	test_used();
	test_families();
	test_random();
	test_complement();
	test_no_symmetry();
	test_cancel();
	return tap_done();
}
