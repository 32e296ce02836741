/* The split branch and bound (solver/graph/clique_par.c): on random graphs of
 * every density and on the benchmark families, with 1, 2, 3 and 4
 * threads, the clique number is clique_max's and the clique returned is
 * a clique of the graph, in increasing order.  Run under the thread
 * sanitizer (configure --enable-sanitizers=thread) to check the sharing
 * of the best size. */
#include "config.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_par.h"
#include "tap.h"

static bool increasing(const int *v, int k)
{
	for (int i = 1; i < k; i++)
		if (v[i - 1] >= v[i])
			return false;
	return true;
}

/* Every thread count agrees with clique_max on g; false at the first
 * disagreement (reported). */
static bool agrees(const struct graph *g, const char *name, bool verbose)
{
	int *a = malloc(sizeof *a * (size_t)(g->n + 1)), *b = malloc(sizeof *b * (size_t)(g->n + 1));
	int want = clique_max(g, a, NULL, NULL);
	bool all = true;
	for (int t = 1; t <= 4; t++) {
		struct clique_par_info info;
		int got = clique_par_max(g, t, b, NULL, NULL, &info);
		bool fine = got == want && graph_is_clique(g, b, got) && increasing(b, got) &&
		            info.searched <= info.subproblems && info.subproblems == g->n;
		if (verbose || !fine)
			ok(fine, "%s, %d thread%s: %d (clique_max %d), %d of %d subproblems searched", name, t,
			   t > 1 ? "s" : "", got, want, info.searched, info.subproblems);
		all = all && fine;
	}
	free(a);
	free(b);
	return all;
}

static void test_random(void)
{
	struct diag err;
	int graphs = 0;
	bool all = true;
	static const double densities[] = { 0.0, 0.1, 0.3, 0.5, 0.7, 0.9, 0.97, 1.0 };
	for (size_t d = 0; d < sizeof densities / sizeof *densities; d++)
		for (int n = 0; n <= 60; n += 3)
			for (uint64_t seed = 1; seed <= 3; seed++) {
				struct graph *g = graph_gen_random(n, densities[d], seed * 1000 + (uint64_t)n, &err);
				char name[80];
				snprintf(name, sizeof name, "G(%d, %.2f) seed %d", n, densities[d], (int)seed);
				all = agrees(g, name, false) && all;
				graphs++;
				graph_free(g);
			}
	ok(all, "%d random graphs: the same clique number with 1 to 4 threads", graphs);
}

static void test_families(void)
{
	struct diag err;
	struct graph *g = graph_gen_hamming(6, 4, &err);
	agrees(g, "hamming6-4", true);
	graph_free(g);
	g = graph_gen_hamming(8, 4, &err);
	agrees(g, "hamming8-4", true);
	graph_free(g);
	g = graph_gen_keller(4, &err);
	agrees(g, "keller4", true);
	graph_free(g);
	g = graph_gen_johnson(16, 2, 4, &err);
	agrees(g, "johnson16-2-4", true);
	graph_free(g);
	g = graph_gen_random(200, 0.8, 7, &err);
	agrees(g, "G(200, 0.8)", true);
	graph_free(g);
}

/* The statistics add up every subproblem's nodes beside the root. */
static void test_stats(void)
{
	struct diag err;
	struct graph *g = graph_gen_random(80, 0.5, 3, &err);
	struct search_stats st;
	stats_init(&st, 1);
	struct clique_par_info info;
	int k = clique_par_max(g, 2, NULL, NULL, &st, &info);
	ok(k > 0 && st.nodes > (uint64_t)info.searched && st.max_level >= k - 1,
	   "G(80, 0.5): %d, %llu nodes over %d searched subproblems, max level %d", k,
	   (unsigned long long)st.nodes, info.searched, st.max_level);
	stats_free(&st);
	graph_free(g);
}

static void test_cancel(void)
{
	struct diag err;
	struct graph *g = graph_gen_random(100, 0.5, 1, &err);
	atomic_int cancel;
	atomic_init(&cancel, 1);
	ok(clique_par_max(g, 2, NULL, &cancel, NULL, NULL) == -1, "cancelled before it starts: -1");
	graph_free(g);
}

int main(void)
{
	test_random();
	test_families();
	test_stats();
	test_cancel();
	return tap_done();
}
