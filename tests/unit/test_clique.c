/* Maximum cliques (solver/graph/clique.c), all maximal cliques (clique_bk.c),
 * the graphs (solver/graph/graph.c, puzzles/graph_gen.c) and the DIMACS reader
 * (puzzles/dimacs.c): the benchmark families' clique numbers, random
 * graphs against a brute force over every subset, and the engine
 * protocol (steps, budgets, cancel, Knuth's estimate). */
#include "config.h"

#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/dimacs.h"
#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/estimate.h"
#include "tap.h"

static const struct {
	const char *name;
	enum clique_rule rule;
} rules[] = {
	{ "bnb", CLIQUE_BNB },
	{ "bt", CLIQUE_BT },
	{ "bt+colour", CLIQUE_BT_COLOUR },
};
#define N_RULES (sizeof rules / sizeof *rules)

/* The search run to the end: its best clique into best (room for n), its
 * size returned, checked to be a clique of g. */
static int solve(const struct graph *g, enum clique_rule rule, int *best, struct search_stats *st)
{
	struct clique *c = clique_new(g, rule);
	struct engine_ctl ctl = { 0 };
	enum engine_status s = clique_run(c, &ctl);
	int k = s == ENGINE_DONE ? clique_best(c, best) : -1;
	if (k >= 0 && !graph_is_clique(g, best, k))
		k = -2;
	if (st)
		stats_copy(st, clique_stats(c));
	clique_free(c);
	return k;
}

/* ---- the DIMACS families -------------------------------------------------- */

static void check_family(const char *name, struct graph *g, int omega)
{
	int *best = malloc(sizeof *best * (size_t)g->n);
	is_u64(solve(g, CLIQUE_BNB, best, NULL), omega, "%s: clique number %d, and the clique found is one", name,
	       omega);
	is_u64(clique_max(g, best, NULL, NULL), omega, "%s: clique_max agrees", name);
	free(best);
	graph_free(g);
}

static void test_families(void)
{
	struct diag err;
	check_family("hamming6-2", graph_gen_hamming(6, 2, &err), 32);
	check_family("hamming6-4", graph_gen_hamming(6, 4, &err), 4);
	check_family("hamming8-4", graph_gen_hamming(8, 4, &err), 16);
	check_family("johnson8-2-4", graph_gen_johnson(8, 2, 4, &err), 4);
	check_family("johnson8-4-4", graph_gen_johnson(8, 4, 4, &err), 14);
	check_family("johnson16-2-4", graph_gen_johnson(16, 2, 4, &err), 8);
	struct graph *k4 = graph_gen_keller(4, &err);
	is_u64(k4->n, 4 * 4 * 4 * 4 - 3 * 3 * 3 * 3 - 4, "keller4: 4^4 - 3^4 - 4 vertices");
	check_family("keller4", k4, 11);
	/* dense ones, where the MaxSAT reasoning is on */
	check_family("hamming8-2", graph_gen_hamming(8, 2, &err), 128);
	check_family("hamming10-2", graph_gen_hamming(10, 2, &err), 512);
	check_family("johnson10-2-4", graph_gen_johnson(10, 2, 4, &err), 5);
	ok(!graph_gen_hamming(15, 2, &err) && strstr(err.msg, "out of range"), "hamming15: too large (%s)", err.msg);
	ok(!graph_gen_keller(8, &err), "keller8: too large (%s)", err.msg);
	ok(!graph_gen_johnson(40, 20, 4, &err) && strstr(err.msg, "too many"), "johnson40-20: too large (%s)",
	   err.msg);
	ok(!graph_gen_random(10, 1.5, 1, &err), "G(10, 1.5) refused (%s)", err.msg);
}

/* A(n, 4) for n = 4 .. 8 by each rule (the plain backtracker only to
 * n = 7, whose tree has every clique of the graph: seed 004 counts 25,
 * 129, 1969 and 241505 nodes for n = 4 .. 7). */
static void test_codes(void)
{
	static const int a4[] = { 2, 2, 4, 8, 16 };
	static const uint64_t plain_nodes[] = { 25, 129, 1969, 241505 };
	struct diag err;
	for (int n = 4; n <= 8; n++) {
		struct graph *g = graph_gen_hamming(n, 4, &err);
		int best[256];
		for (size_t r = 0; r < N_RULES; r++) {
			if (rules[r].rule == CLIQUE_BT && n > 7)
				continue;
			struct search_stats st = { 0 };
			is_u64(solve(g, rules[r].rule, best, &st), a4[n - 4], "A(%d, 4) = %d by %s (%" PRIu64 " nodes)", n,
			       a4[n - 4], rules[r].name, st.nodes);
			if (rules[r].rule == CLIQUE_BT)
				is_u64(st.nodes, plain_nodes[n - 4], "A(%d, 4): the plain tree has seed 004's nodes", n);
			stats_free(&st);
		}
		graph_free(g);
	}
}

/* ---- random graphs against a brute force ------------------------------------ */

struct brute {
	int omega;              /* the clique number */
	uint64_t cliques;       /* cliques, the empty one included */
	uint64_t maximal;       /* maximal cliques */
	uint64_t of_size[21];   /* cliques of each size */
};

/* Every subset of the n <= 20 vertices of g. */
static struct brute brute_force(const struct graph *g)
{
	struct brute b = { 0 };
	int n = g->n;
	uint32_t adj[20] = { 0 };
	for (int u = 0; u < n; u++)
		for (int v = 0; v < n; v++)
			if (graph_has_edge(g, u, v))
				adj[u] |= 1u << v;
	for (uint32_t s = 0; s < (1u << n); s++) {
		bool clique = true;
		uint32_t common = (1u << n) - 1;
		for (int v = 0; v < n; v++) {
			if (s >> v & 1) {
				if ((s & ~(1u << v)) & ~adj[v]) {
					clique = false;
					break;
				}
				common &= adj[v];
			}
		}
		if (!clique)
			continue;
		b.cliques++;
		b.of_size[__builtin_popcount(s)]++;
		if (__builtin_popcount(s) > b.omega)
			b.omega = __builtin_popcount(s);
		if (!(common & ~s))
			b.maximal++;
	}
	return b;
}

struct collect {
	const struct graph *g;
	bool all_maximal;
	int calls;
};

/* Is each reported clique a clique that no vertex extends? */
static bool check_maximal(const int *v, int k, void *arg)
{
	struct collect *c = arg;
	c->calls++;
	if (!graph_is_clique(c->g, v, k))
		c->all_maximal = false;
	for (int u = 0; u < c->g->n; u++) {
		int j = 0;
		while (j < k && u != v[j] && graph_has_edge(c->g, u, v[j]))
			j++;
		if (j == k)
			c->all_maximal = false;
	}
	return true;
}

static void test_random(void)
{
	static const double density[] = { 0.1, 0.3, 0.5, 0.7, 0.9 };
	int bad_omega = 0, bad_nodes = 0, bad_maximal = 0, bad_indep = 0, graphs = 0;
	for (int n = 0; n <= 16; n += 4) {
		for (size_t d = 0; d < sizeof density / sizeof *density; d++) {
			for (uint64_t seed = 1; seed <= 3; seed++) {
				struct diag err;
				struct graph *g = graph_gen_random(n, density[d], seed * 1000 + (uint64_t)n, &err);
				struct brute b = brute_force(g);
				int best[20];
				graphs++;
				for (size_t r = 0; r < N_RULES; r++) {
					struct search_stats st = { 0 };
					if (solve(g, rules[r].rule, best, &st) != b.omega)
						bad_omega++;
					if (rules[r].rule == CLIQUE_BT && st.nodes != b.cliques)
						bad_nodes++;
					stats_free(&st);
				}
				struct collect col = { g, true, 0 };
				struct clique_bk_result res;
				if (!clique_bk_all(g, check_maximal, &col, NULL, &res) || res.count != b.maximal ||
				    (uint64_t)col.calls != b.maximal || !col.all_maximal || res.largest != b.omega)
					bad_maximal++;
				/* an independent set of g is a clique of its complement */
				struct graph *h = graph_complement(g);
				struct brute bi = brute_force(h);
				int indep = clique_max(h, best, NULL, NULL);
				for (int i = 0; i < indep; i++)
					for (int j = 0; j < i; j++)
						if (graph_has_edge(g, best[i], best[j]))
							indep = -1;
				if (indep != bi.omega || graph_edges(h) + graph_edges(g) != (uint64_t)n * (n - 1) / 2)
					bad_indep++;
				graph_free(h);
				graph_free(g);
			}
		}
	}
	is_u64(bad_omega, 0, "%d random graphs: every rule finds the clique number of the brute force", graphs);
	is_u64(bad_nodes, 0, "the plain backtracker's nodes are the graph's cliques");
	is_u64(bad_maximal, 0, "Bron-Kerbosch reports every maximal clique once, each maximal");
	is_u64(bad_indep, 0, "a maximum independent set is a maximum clique of the complement");

	/* larger ones: the rules agree with each other and with Bron-Kerbosch */
	int disagree = 0;
	for (uint64_t seed = 1; seed <= 6; seed++) {
		struct diag err;
		struct graph *g = graph_gen_random(60, 0.15 * (double)seed, seed, &err);
		int best[60], k[N_RULES];
		struct clique_bk_result res;
		clique_bk_all(g, NULL, NULL, NULL, &res);
		/* the plain tree of G(60, 0.9) has a billion nodes: left out */
		for (size_t r = 0; r < N_RULES; r++)
			k[r] = rules[r].rule == CLIQUE_BT && seed == 6 ? res.largest : solve(g, rules[r].rule, best, NULL);
		for (size_t r = 0; r < N_RULES; r++)
			disagree += k[r] != res.largest;
		graph_free(g);
	}
	is_u64(disagree, 0, "G(60, p), p = 0.15 .. 0.9: the rules (the plain one to p = 0.75) and Bron-Kerbosch agree");
}

/* Dense graphs, where branch and bound re-colours (density 0.85 and up)
 * and reasons over its colour classes by unit propagation (0.78 and
 * up): the clique number against Bron-Kerbosch's and the bounded
 * backtracker's, over many small graphs, so that every way a class is
 * absorbed or not meets a check. */
static void test_dense(void)
{
	static const double density[] = { 0.78, 0.82, 0.86, 0.9, 0.94, 0.97 };
	int graphs = 0, bad = 0, bad_floor = 0;
	for (size_t d = 0; d < sizeof density / sizeof *density; d++) {
		for (int n = 12; n <= 40; n += 4) {
			for (uint64_t seed = 1; seed <= 6; seed++) {
				struct diag err;
				struct graph *g = graph_gen_random(n, density[d], seed * 7919 + (uint64_t)n, &err);
				struct clique_bk_result res;
				int best[40];
				clique_bk_all(g, NULL, NULL, NULL, &res);
				graphs++;
				if (solve(g, CLIQUE_BNB, best, NULL) != res.largest ||
				    solve(g, CLIQUE_BT_COLOUR, best, NULL) != res.largest ||
				    clique_max(g, best, NULL, NULL) != res.largest)
					bad++;
				/* with the floor one below: the search must still find one */
				struct clique *c = clique_new(g, CLIQUE_BNB);
				clique_set_floor(c, res.largest - 1);
				clique_restart(c);
				struct engine_ctl ctl = { 0 };
				clique_run(c, &ctl);
				if (clique_best(c, best) != res.largest || !graph_is_clique(g, best, res.largest))
					bad_floor++;
				clique_free(c);
				graph_free(g);
			}
		}
	}
	is_u64(bad, 0, "%d graphs of density 0.78 .. 0.97, n <= 40: branch and bound, the bounded backtracker and Bron-Kerbosch agree",
	       graphs);
	is_u64(bad_floor, 0, "with the floor at omega - 1 a clique of omega is still found");
}

/* Larger dense graphs, where a node absorbs many classes and the
 * classes of a conflict are used again (virtual vertices): the branch
 * and bound agrees with Bron-Kerbosch (failed literals at 0.9 and
 * 0.95); on G(130, 0.9) the reuse and the failed literals keep the tree
 * smaller than leaving those classes out did. */
static void test_dense_large(void)
{
	int bad = 0, graphs = 0;
	for (int n = 45; n <= 65; n += 10)
		for (uint64_t seed = 1; seed <= 3; seed++) {
			static const double p[] = { 0.8, 0.9, 0.95 };
			struct diag err;
			struct graph *g = graph_gen_random(n, p[seed - 1], seed * 101 + (uint64_t)n, &err);
			struct clique_bk_result res;
			int best[65];
			clique_bk_all(g, NULL, NULL, NULL, &res);
			if (solve(g, CLIQUE_BNB, best, NULL) != res.largest || clique_max(g, best, NULL, NULL) != res.largest)
				bad++;
			graph_free(g);
			graphs++;
		}
	is_u64(bad, 0, "%d dense graphs, n 45 .. 65: branch and bound and Bron-Kerbosch agree", graphs);
	/* G(130, 0.9) (clique_solve gen random 130 0.9 3): 1826 nodes when
	 * a conflict's classes were left out of later tests, 1222 with the
	 * virtual vertices, 912 with failed literals too */
	struct diag err;
	struct graph *g = graph_gen_random(130, 0.9, 3, &err);
	struct search_stats st = { 0 };
	int best[130];
	int k = solve(g, CLIQUE_BNB, best, &st);
	ok(k == 35 && st.nodes < 1000,
	   "G(130, 0.9): omega 35 in %" PRIu64 " nodes (under 1000: a conflict's classes used again, failed literals)",
	   st.nodes);
	stats_free(&st);
	graph_free(g);
}

/* clique_seed_greedy: on a complete graph the greedy clique is the whole
 * graph and the search one node (without it the first descent lists
 * n^2/2 children); elsewhere the seeded search agrees with the plain one
 * in fewer nodes, the greedy clique its best until it finds a larger one
 * (improvements count only those), and the floor is respected. */
static void test_seed(void)
{
	int n = 3000;
	struct graph *kn = graph_new(n);
	for (int u = 0; u < n; u++)
		for (int v = u + 1; v < n; v++)
			graph_add_edge(kn, u, v);
	struct search_stats st = { 0 };
	int *best = malloc(sizeof *best * (size_t)n);
	int k = clique_max(kn, best, NULL, &st);
	ok(k == n && graph_is_clique(kn, best, n) && st.nodes == 1 &&
	       st.solutions == 0,
	   "K_%d: clique_max seeded with the whole graph, one node, no improvement (%" PRIu64 " nodes)", n, st.nodes);
	stats_free(&st);
	graph_free(kn);

	int bad = 0, more = 0, graphs = 0;
	for (int n2 = 20; n2 <= 60; n2 += 10)
		for (uint64_t seed = 1; seed <= 5; seed++) {
			struct diag err;
			struct graph *g = graph_gen_random(n2, 0.5 + 0.08 * (double)seed, seed * 31 + (uint64_t)n2, &err);
			struct search_stats a = { 0 };
			int w = solve(g, CLIQUE_BNB, best, &a);
			struct clique *c = clique_new(g, CLIQUE_BNB);
			clique_seed_greedy(c);
			int g0 = clique_best(c, best);
			if (g0 < 1 || !graph_is_clique(g, best, g0))
				bad++;
			struct engine_ctl ctl = { 0 };
			if (clique_run(c, &ctl) != ENGINE_DONE || clique_best(c, best) != w ||
			    !graph_is_clique(g, best, w) || (g0 == w && clique_stats(c)->solutions != 0))
				bad++;
			if (clique_stats(c)->nodes > a.nodes)
				more++;
			/* a floor at omega: the greedy clique cannot beat it */
			clique_set_floor(c, w);
			clique_restart(c);
			clique_seed_greedy(c);
			if (clique_best(c, best) != 0 || clique_run(c, &ctl) != ENGINE_DONE || clique_best(c, best) != 0)
				bad++;
			clique_free(c);
			stats_free(&a);
			graph_free(g);
			graphs++;
		}
	is_u64(bad, 0, "%d random graphs: the greedy seed is a clique, the seeded search finds omega", graphs);
	is_u64(more, 0, "the seeded search never takes more nodes than the plain one");
	free(best);
}

static bool stop_after_3(const int *v, int k, void *arg)
{
	(void)v, (void)k;
	return ++*(int *)arg < 3;
}

static void test_bk(void)
{
	struct diag err;
	struct graph *g = graph_gen_random(30, 0.5, 7, &err);
	struct clique_bk_result res;
	int calls = 0;
	ok(!clique_bk_all(g, stop_after_3, &calls, NULL, &res) && res.stopped && res.count == 3 && calls == 3,
	   "Bron-Kerbosch stops when the callback says so");
	atomic_int flag = 1;
	ok(!clique_bk_all(g, NULL, NULL, &flag, &res) && res.cancelled && res.nodes == 0,
	   "Bron-Kerbosch cancelled before it starts");
	graph_free(g);
	/* the Moon-Moser graph K(3, 3, 3, 3): 3^4 maximal cliques */
	g = graph_new(12);
	for (int u = 0; u < 12; u++)
		for (int v = u + 1; v < 12; v++)
			if (u / 3 != v / 3)
				graph_add_edge(g, u, v);
	clique_bk_all(g, NULL, NULL, NULL, &res);
	is_u64(res.count, 81, "K(3,3,3,3) has 3^4 maximal cliques");
	graph_free(g);
}

/* ---- the engine protocol ------------------------------------------------------ */

struct tally {
	uint64_t nodes, mems, choose, tries, undos, prunes, solutions;
	int best;
	bool monotone, sizes_grow;
	enum engine_status last;
};

/* Run c to the end with ctl, counting events when it steps. */
static struct tally run_all(struct clique *c, struct engine_ctl ctl)
{
	struct tally t = { .monotone = true, .sizes_grow = true };
	int prev_size = 0, best[GRAPH_MAX_VERTICES / 64];
	double prev = 0.0;
	for (int guard = 0; guard < 100000000; guard++) {
		enum engine_status s = clique_run(c, &ctl);
		t.last = s;
		double p = clique_progress(c);
		if (p + 1e-12 < prev || p > 1.0 + 1e-12)
			t.monotone = false;
		prev = p;
		const struct engine_event *ev = clique_event(c);
		if (s == ENGINE_STEP) {
			t.choose += ev->kind == ENGINE_EV_CHOOSE;
			t.tries += ev->kind == ENGINE_EV_TRY;
			t.undos += ev->kind == ENGINE_EV_UNDO;
			t.prunes += ev->kind == ENGINE_EV_PRUNE;
		}
		if (ev->kind == ENGINE_EV_SOLUTION) {
			t.solutions++;
			int k = clique_best(c, best);
			if (k <= prev_size)
				t.sizes_grow = false;
			prev_size = k;
		}
		if (s == ENGINE_DONE || s == ENGINE_CANCELLED)
			break;
	}
	t.nodes = clique_stats(c)->nodes;
	t.mems = clique_stats(c)->mems;
	t.best = clique_best(c, best);
	return t;
}

/* Every rule, or (bnb_only) branch and bound alone, on a graph where the
 * plain backtracker's tree is too large to step through. */
static void test_protocol(const char *gname, const struct graph *g, bool bnb_only)
{
	for (size_t r = 0; r < (bnb_only ? 1 : N_RULES); r++) {
		const char *rn = rules[r].name;
		struct clique *c = clique_new(g, rules[r].rule);
		struct tally straight = run_all(c, (struct engine_ctl){ 0 });
		uint64_t updates = clique_stats(c)->updates;
		u128 sols = clique_stats(c)->solutions;

		clique_restart(c);
		struct tally step = run_all(c, (struct engine_ctl){ .step = true });
		ok(step.nodes == straight.nodes && step.mems == straight.mems && step.best == straight.best,
		   "%s, %s: step by step, the same nodes (%" PRIu64 "), mems and clique as a straight run", gname, rn,
		   straight.nodes);
		ok(step.tries == step.undos && step.tries == updates, "%s, %s: tries (%" PRIu64 ") equal undos and updates",
		   gname, rn, step.tries);
		ok(step.solutions == (uint64_t)sols && step.sizes_grow, "%s, %s: %" PRIu64 " SOLUTION events, each larger",
		   gname, rn, step.solutions);
		ok(step.monotone, "%s, %s: progress never goes back, never above 1", gname, rn);
		ok(step.choose == step.nodes - step.solutions, "%s, %s: a CHOOSE at every node but the improving leaves",
		   gname, rn);

		clique_restart(c);
		struct tally sliced = run_all(c, (struct engine_ctl){ .mems_budget = 500 });
		ok(sliced.nodes == straight.nodes && sliced.mems == straight.mems && sliced.best == straight.best,
		   "%s, %s: budget slices of 500 mems add up to the straight run", gname, rn);

		clique_restart(c);
		struct tally reported = run_all(c, (struct engine_ctl){ .report_solutions = true });
		ok(reported.nodes == straight.nodes && reported.solutions == (uint64_t)sols,
		   "%s, %s: stopping at each improvement changes nothing", gname, rn);

		/* cancelled before the start and in flight, then resumed */
		atomic_int flag = 1;
		clique_restart(c);
		struct engine_ctl ctl = { .cancel = &flag };
		ok(clique_run(c, &ctl) == ENGINE_CANCELLED && clique_stats(c)->nodes == 0,
		   "%s, %s: cancelled before it starts, no node", gname, rn);
		flag = 0;
		ctl.mems_budget = straight.mems / 2;
		enum engine_status s = clique_run(c, &ctl);
		flag = 1;
		ctl.mems_budget = 0;
		enum engine_status s2 = clique_run(c, &ctl);
		uint64_t at = clique_stats(c)->nodes;
		ok((s == ENGINE_BUDGET || s == ENGINE_DONE) && (s2 == ENGINE_CANCELLED || s == ENGINE_DONE) &&
		       at <= straight.nodes,
		   "%s, %s: cancelled in flight at node %" PRIu64, gname, rn, at);
		flag = 0;
		struct tally rest = run_all(c, ctl);
		ok(rest.nodes == straight.nodes && rest.best == straight.best,
		   "%s, %s: resumed after the cancel, it ends as the straight run", gname, rn);

		/* max_solutions: the first improvement */
		clique_restart(c);
		ctl = (struct engine_ctl){ .max_solutions = 1 };
		ok(clique_run(c, &ctl) == ENGINE_LIMIT && clique_stats(c)->solutions == 1,
		   "%s, %s: max_solutions stops at the first improvement", gname, rn);
		clique_free(c);
	}
}

static void test_floor_target(const struct graph *g, int omega)
{
	int best[256];
	struct clique *c = clique_new(g, CLIQUE_BNB);
	clique_set_floor(c, omega);
	clique_restart(c);
	struct tally t = run_all(c, (struct engine_ctl){ 0 });
	ok(t.last == ENGINE_DONE && t.best == 0, "floor %d: no larger clique", omega);
	clique_set_floor(c, omega - 1);
	clique_restart(c);
	t = run_all(c, (struct engine_ctl){ 0 });
	ok(t.best == omega && clique_best(c, best) == omega && graph_is_clique(g, best, omega),
	   "floor %d: a clique of %d", omega - 1, omega);
	clique_set_floor(c, 0);
	clique_set_target(c, omega - 2);
	clique_restart(c);
	t = run_all(c, (struct engine_ctl){ 0 });
	ok(t.last == ENGINE_DONE && t.best >= omega - 2 && t.best <= omega && clique_best(c, best) == t.best &&
	       graph_is_clique(g, best, t.best),
	   "target %d: stops with a clique of %d", omega - 2, t.best);
	/* A target the floor already passes: only a clique above the floor
	 * meets it, and there is none. */
	clique_set_floor(c, omega);
	clique_set_target(c, 2);
	clique_restart(c);
	t = run_all(c, (struct engine_ctl){ 0 });
	ok(t.last == ENGINE_DONE && t.best == 0 && clique_best(c, best) == 0,
	   "floor %d, target 2: done, no clique claimed", omega);
	/* A floor beyond any clique is no overflow: there is nothing above it. */
	clique_set_target(c, 0);
	clique_set_floor(c, INT_MAX);
	clique_restart(c);
	t = run_all(c, (struct engine_ctl){ 0 });
	ok(t.last == ENGINE_DONE && t.best == 0, "floor INT_MAX: none larger");
	clique_free(c);
}

/* ---- enumerate mode ------------------------------------------------------------ */

struct enum_tally {
	uint64_t found, distinct, tries, undos, choose, nodes, updates;
	u128 solutions;
	int max_level;
	bool all_ok;            /* each a clique of k, clique_path the same set */
};

/* Enumerate the cliques of k >= 1 vertices of g (n <= 16) with rule,
 * step by step or stopping at each; every one checked and marked. */
static struct enum_tally enumerate_all(const struct graph *g, enum clique_rule rule, int k, bool step)
{
	struct enum_tally t = { .all_ok = true };
	static bool seen[1 << 16];
	memset(seen, 0, sizeof seen);
	struct clique *c = clique_new(g, rule);
	clique_set_floor(c, k - 1);
	clique_set_enumerate(c, true);
	clique_restart(c);
	struct engine_ctl ctl = { .step = step, .report_solutions = !step };
	int best[20], path[20];
	for (;;) {
		enum engine_status s = clique_run(c, &ctl);
		const struct engine_event *ev = clique_event(c);
		if (s == ENGINE_STEP) {
			t.tries += ev->kind == ENGINE_EV_TRY;
			t.undos += ev->kind == ENGINE_EV_UNDO;
			t.choose += ev->kind == ENGINE_EV_CHOOSE;
		}
		if (ev->kind == ENGINE_EV_SOLUTION) {
			t.found++;
			int m = clique_best(c, best), p = clique_path(c, path);
			uint32_t mask = 0, pmask = 0;
			for (int i = 0; i < m; i++)
				mask |= 1u << best[i];
			for (int i = 0; i < p; i++)
				pmask |= 1u << path[i];
			if (m != k || p != k || mask != pmask || !graph_is_clique(g, best, m))
				t.all_ok = false;
			else if (!seen[mask]) {
				seen[mask] = true;
				t.distinct++;
			}
		}
		if (s == ENGINE_DONE)
			break;
		if (s != ENGINE_STEP && s != ENGINE_SOLUTION) {
			t.all_ok = false;
			break;
		}
	}
	const struct search_stats *st = clique_stats(c);
	t.solutions = st->solutions;
	t.nodes = st->nodes;
	t.updates = st->updates;
	t.max_level = st->max_level;
	clique_free(c);
	return t;
}

static void test_enumerate(void)
{
	static const double density[] = { 0.2, 0.5, 0.8, 0.95 };
	int graphs = 0, bad_count = 0, bad_once = 0, bad_step = 0, bad_depth = 0, bad_limit = 0, bad_target = 0;
	for (int n = 1; n <= 16; n += 5) {
		for (size_t d = 0; d < sizeof density / sizeof *density; d++) {
			for (uint64_t seed = 1; seed <= 2; seed++) {
				struct diag err;
				struct graph *g = graph_gen_random(n, density[d], seed * 77 + (uint64_t)n, &err);
				struct brute b = brute_force(g);
				graphs++;
				for (size_t r = 0; r < N_RULES; r++) {
					for (int k = 1; k <= b.omega + 1; k++) {
						struct enum_tally t = enumerate_all(g, rules[r].rule, k, false);
						if (t.found != b.of_size[k] || t.solutions != b.of_size[k])
							bad_count++;
						if (!t.all_ok || t.distinct != t.found)
							bad_once++;
						if (t.max_level > k)
							bad_depth++;
						struct enum_tally s = enumerate_all(g, rules[r].rule, k, true);
						if (s.found != t.found || s.distinct != t.distinct || !s.all_ok ||
						    s.nodes != t.nodes || s.tries != s.undos || s.tries != s.updates ||
						    s.choose != s.nodes - s.found)
							bad_step++;
						/* max_solutions 2: two and stop; a target k: the first */
						struct clique *c = clique_new(g, rules[r].rule);
						clique_set_floor(c, k - 1);
						clique_set_enumerate(c, true);
						clique_restart(c);
						struct engine_ctl ctl = { .max_solutions = 2 };
						enum engine_status st = clique_run(c, &ctl);
						int best[20];
						if (b.of_size[k] >= 2 ? st != ENGINE_LIMIT || clique_stats(c)->solutions != 2
						                      : st != ENGINE_DONE ||
						                            clique_stats(c)->solutions != b.of_size[k])
							bad_limit++;
						clique_set_target(c, k);
						clique_restart(c);
						ctl = (struct engine_ctl){ 0 };
						st = clique_run(c, &ctl);
						int m = clique_best(c, best);
						if (st != ENGINE_DONE || clique_stats(c)->solutions != (b.of_size[k] > 0) ||
						    m != (b.of_size[k] ? k : 0) || !graph_is_clique(g, best, m))
							bad_target++;
						clique_free(c);
					}
				}
				graph_free(g);
			}
		}
	}
	is_u64(bad_count, 0, "%d random graphs, each rule, k = 1 .. omega + 1: enumerate finds the brute force's count of k-cliques", graphs);
	is_u64(bad_once, 0, "each reported once, a clique of k, clique_path and clique_best the same");
	is_u64(bad_depth, 0, "enumerate goes no deeper than k");
	is_u64(bad_step, 0, "step by step: the same cliques and nodes, tries = undos = updates, a CHOOSE at every other node");
	is_u64(bad_limit, 0, "max_solutions 2 stops after two (or all, when fewer)");
	is_u64(bad_target, 0, "a target of k stops at the first");

	/* enumerate off again at the next restart: back to improvements */
	struct diag err;
	struct graph *g = NULL;
	struct brute b;
	/* a graph with several maximum cliques */
	for (uint64_t seed = 1;; seed++) {
		g = graph_gen_random(16, 0.6, seed, &err);
		b = brute_force(g);
		if (b.of_size[b.omega] >= 3 || seed == 100)
			break;
		graph_free(g);
	}
	struct clique *c = clique_new(g, CLIQUE_BNB);
	clique_set_floor(c, b.omega - 1);
	clique_set_enumerate(c, true);
	clique_restart(c);
	struct engine_ctl ctl = { 0 };
	clique_run(c, &ctl);
	bool was = clique_stats(c)->solutions == b.of_size[b.omega];
	clique_set_enumerate(c, false);
	clique_run(c, &ctl);
	bool kept = clique_stats(c)->solutions == b.of_size[b.omega];
	clique_restart(c);
	clique_run(c, &ctl);
	ok(was && kept && clique_stats(c)->solutions == 1,
	   "enumerate counts the %" PRIu64 " maximum cliques; off, from the next restart, one improvement",
	   b.of_size[b.omega]);
	clique_free(c);
	graph_free(g);
}

/* The path during a step-by-step run is always a clique. */
static void test_path(const struct graph *g)
{
	struct clique *c = clique_new(g, CLIQUE_BNB);
	struct engine_ctl ctl = { .step = true };
	int path[256], bad = 0, steps = 0;
	while (clique_run(c, &ctl) == ENGINE_STEP) {
		steps++;
		int k = clique_path(c, path);
		const struct engine_event *ev = clique_event(c);
		if (!graph_is_clique(g, path, k) || (ev->kind == ENGINE_EV_TRY && path[k - 1] != ev->choice))
			bad++;
		if (ev->kind == ENGINE_EV_PRUNE && (!ev->why || ev->value > clique_best(c, path)))
			bad++;
	}
	is_u64(bad, 0, "%d steps: the path is a clique, ends with the vertex tried; prunes say why", steps);
	clique_free(c);
}

/* ---- every cut sound ------------------------------------------------------- */

/* The largest clique through the path (l vertices) and its node's
 * candidates: the common neighbours of the path less the vertices tried
 * before it at its node and its ancestors' (tried, levels 0 .. l);
 * through one of them, when through >= 0. */
static int largest_left(const struct graph *g, const int *path, int l, bool (*tried)[64], int through)
{
	int vs[64], k = 0;
	for (int v = 0; v < g->n; v++) {
		bool ok = v != through && (through < 0 || graph_has_edge(g, v, through));
		for (int i = 0; i <= l && ok; i++)
			ok = !tried[i][v] && (i == l || graph_has_edge(g, v, path[i]));
		if (ok)
			vs[k++] = v;
	}
	struct graph *h = graph_induced(g, vs, k);
	struct clique_bk_result res;
	clique_bk_all(h, NULL, NULL, NULL, &res);
	graph_free(h);
	return l + (through >= 0) + res.largest;
}

/* At each PRUNE of the branch and bound (level l, value b), stepping from
 * nothing (no greedy seed, so that the best grows while nodes are open
 * and their children's own bounds cut them), no clique of more than b
 * vertices goes through the path and the vertices its node has not
 * tried: through the child where the cut begins, or any of them when the
 * node is cut whole.  Below density 0.78 the vertices left once kmin-1
 * classes are full are listed, not coloured, the j-th bounded by
 * kmin-1 + j: the cuts at a child there are that bound's. */
static void test_cuts(void)
{
	static const double density[] = { 0.2, 0.4, 0.6, 0.7, 0.8, 0.9 };
	int graphs = 0, cuts = 0, at_child = 0, bad = 0, bad_path = 0, bad_omega = 0;
	int plain_child = 0;
	for (size_t d = 0; d < sizeof density / sizeof *density; d++) {
		for (uint64_t seed = 1; seed <= 6; seed++) {
			struct diag err;
			int n = 24 + 4 * (int)seed;
			struct graph *g = graph_gen_random(n, density[d], seed * 613 + (uint64_t)n, &err);
			bool tried[64][64] = { { false } };
			int path[64], best[64];
			struct clique *c = clique_new(g, CLIQUE_BNB);
			struct engine_ctl ctl = { .step = true };
			enum engine_status s;
			graphs++;
			while ((s = clique_run(c, &ctl)) == ENGINE_STEP) {
				const struct engine_event *ev = clique_event(c);
				int k = clique_path(c, path);
				if (ev->kind == ENGINE_EV_CHOOSE && ev->level < 64) {
					memset(tried[ev->level], 0, sizeof tried[ev->level]);
				} else if (ev->kind == ENGINE_EV_TRY && k >= 1) {
					tried[k - 1][ev->choice] = true;
				} else if (ev->kind == ENGINE_EV_PRUNE) {
					cuts++;
					if (k != ev->level) {
						bad_path++;
						continue;
					}
					if (ev->subject >= 0) {
						at_child++;
						plain_child += density[d] < 0.78;
					}
					int left = largest_left(g, path, k, tried, ev->subject);
					if (left > ev->value) {
						bad++;
						tap_diag("G(%d, %.2f): a cut at level %d, vertex %d, bound %ld, a clique of %d", n,
						         density[d], k, ev->subject, ev->value, left);
					}
				}
			}
			struct clique_bk_result res;
			clique_bk_all(g, NULL, NULL, NULL, &res);
			if (s != ENGINE_DONE || clique_best(c, best) != res.largest)
				bad_omega++;
			clique_free(c);
			graph_free(g);
		}
	}
	is_u64(bad_omega, 0, "%d graphs of density 0.2 .. 0.9 stepped through: the clique number", graphs);
	is_u64(bad_path, 0, "each cut at the level of the path");
	is_u64(bad, 0, "%d cuts, %d at a child: none leaves out a clique larger than its bound", cuts, at_child);
	ok(plain_child > 0, "below density 0.78 the listed vertices' bounds cut children (%d times)", plain_child);
}

/* ---- Knuth's estimate ------------------------------------------------------- */

struct probe_engine {
	struct engine base;
	struct clique *c;
};

static void probe_walk(struct engine *e, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	clique_probe(((struct probe_engine *)e)->c, r, degrees, cap, depth, solution);
}

static const struct engine_ops probe_ops = { .name = "clique", .probe = probe_walk };

static void test_estimate(void)
{
	struct diag err;
	struct graph *g = graph_gen_random(40, 0.5, 11, &err);
	struct clique *c = clique_new(g, CLIQUE_BT);
	struct tally t = run_all(c, (struct engine_ctl){ 0 });
	clique_restart(c);
	struct probe_engine pe = { { &probe_ops }, c };
	struct estimate est;
	estimate_init(&est, 1, 2024);
	ok(estimate_engine(&est, &pe.base, 20000, NULL), "the plain backtracker probes its tree");
	double n = estimate_nodes(&est), se = estimate_nodes_se(&est);
	ok(fabs(n - (double)t.nodes) <= 3 * se, "estimated %.0f +- %.0f nodes, true %" PRIu64, n, se, t.nodes);
	/* a probe leaves the search where it was */
	struct engine_ctl ctl = { .mems_budget = 2000 };
	clique_run(c, &ctl);
	uint64_t before = clique_stats(c)->nodes;
	estimate_engine(&est, &pe.base, 10, NULL);
	ctl.mems_budget = 0;
	clique_run(c, &ctl);
	ok(before > 0 && clique_stats(c)->nodes == t.nodes, "probes in mid-search leave it as it was");
	estimate_free(&est);
	clique_free(c);
	graph_free(g);

	/* branch and bound on a dense graph: its probes run the colouring
	 * and the MaxSAT reasoning, and must leave the search as it was */
	g = graph_gen_random(100, 0.9, 5, &err);
	c = clique_new(g, CLIQUE_BNB);
	t = run_all(c, (struct engine_ctl){ 0 });
	clique_restart(c);
	pe.c = c;
	estimate_init(&est, 1, 99);
	ctl = (struct engine_ctl){ .mems_budget = 5000 };
	clique_run(c, &ctl);
	before = clique_stats(c)->nodes;
	ok(estimate_engine(&est, &pe.base, 200, NULL), "branch and bound on G(100, 0.9) probes its tree");
	ctl.mems_budget = 0;
	clique_run(c, &ctl);
	ok(before > 0 && before < t.nodes && clique_stats(c)->nodes == t.nodes && clique_best(c, (int[100]){ 0 }) == t.best,
	   "and its probes in mid-search leave it as it was (%" PRIu64 " nodes)", t.nodes);
	estimate_free(&est);
	clique_free(c);
	graph_free(g);
}

/* ---- DIMACS -------------------------------------------------------------------- */

static void bad_dimacs(const char *text, const char *want)
{
	struct diag err = { { 0 } };
	struct graph *g = dimacs_parse(text, "in.clq", NULL, &err);
	ok(!g && strcmp(err.msg, want) == 0, "bad DIMACS: %s", want);
	if (g || strcmp(err.msg, want))
		tap_diag("got '%s'", g ? "a graph" : err.msg);
	graph_free(g);
}

static void test_dimacs(void)
{
	struct diag err = { { 0 } };
	struct dimacs_info info;
	struct graph *g = dimacs_parse("c a triangle and a pendant\np edge 4 4\ne 1 2\ne 2 3\r\n\ne 1 3\ne 3 4\n",
	                               "t.clq", &info, &err);
	ok(g && g->n == 4 && graph_edges(g) == 4 && graph_has_edge(g, 0, 2) && !graph_has_edge(g, 0, 3),
	   "a small graph read");
	ok(info.duplicates == 0 && info.edge_lines == 4, "no duplicates");
	graph_free(g);
	g = dimacs_parse("p col 3 3\ne 1 2\ne 2 1\ne 2 3\n", "t.clq", &info, &err);
	ok(g && graph_edges(g) == 2 && info.duplicates == 1 && info.first_duplicate == 3,
	   "'p col', an edge given twice: accepted, counted, its line kept");
	graph_free(g);
	g = dimacs_parse("p edge 3 2\ne 1 2\ne 2 1\ne 2 3\n", "t.clq", &info, &err);
	ok(g && info.duplicates == 1, "M may count the distinct edges");
	graph_free(g);

	bad_dimacs("c nothing\n", "in.clq:1: no 'p edge N M' line");
	bad_dimacs("", "in.clq:1: no 'p edge N M' line");
	bad_dimacs("c x\ne 1 2\n", "in.clq:2: an edge before the 'p edge N M' line");
	bad_dimacs("p edge 3 1\ne 1 4\n", "in.clq:2: vertex 4 out of range (1 to 3)");
	bad_dimacs("p edge 3 1\ne 0 1\n", "in.clq:2: vertex 0 out of range (1 to 3)");
	bad_dimacs("p edge 3 1\n\ne 2 2\n", "in.clq:3: self loop at vertex 2");
	bad_dimacs("c\np edge 3 2\ne 1 2\n", "in.clq:2: the 'p' line promises 2 edges, the file has 1");
	bad_dimacs("p edge 3 1\ne 1 2\nhello\n", "in.clq:3: unexpected line 'hello' (expected c, p or e)");
	bad_dimacs("p edge 3 1\ne 1 2 3\n", "in.clq:2: junk after 'e U V'");
	bad_dimacs("p edge 3 1\ne 1 x\n", "in.clq:2: expected 'e U V' with two vertex numbers");
	bad_dimacs("p edge 3 1\ne 1\n", "in.clq:2: expected 'e U V' with two vertex numbers");
	bad_dimacs("p edge 3 1\np edge 3 1\n", "in.clq:2: a second 'p' line (the first is line 1)");
	bad_dimacs("p graph 3 1\n", "in.clq:1: format 'graph' is not 'edge' (or 'col')");
	bad_dimacs("p edge x 1\n", "in.clq:1: expected 'p edge N M': the vertex count is not a number");
	bad_dimacs("p edge 1000000 5\n", "in.clq:1: 1000000 vertices: too large (at most 16384)");
	bad_dimacs("p edge 100 20000000\n", "in.clq:1: 20000000 edges: too large (at most 10000000)");
	bad_dimacs("p edge 99999999999999999999 1\n", "in.clq:1: 99999999999999999999 vertices: too large (at most 16384)");
	bad_dimacs("p edge 3 1\ne 1 123456789012345678901234\n",
	           "in.clq:2: vertex 12345678901234567890... out of range (1 to 3)");
	g = dimacs_parse("p edge 00000000000000000003 1\ne 1 2\n", "t.clq", &info, &err);
	ok(g && g->n == 3, "a count with twenty digits, most of them leading zeros: 3 vertices");
	graph_free(g);
	bad_dimacs("p edge 3 1\ne 1 2\x01\n", "in.clq:2: binary data (byte 0x01), not a text file");
	/* 2^32 + 2 and 2^32 + 1: a reader that kept vertices in 32 bits
	 * would take them for 2 and 1 */
	bad_dimacs("p edge 3 1\ne 4294967298 1\n", "in.clq:2: vertex 4294967298 out of range (1 to 3)");
	bad_dimacs("p edge 3 1\ne 2 4294967297\n", "in.clq:2: vertex 4294967297 out of range (1 to 3)");
	bad_dimacs("p edge 3 1\ne 1 2\ne 1 3\n", "in.clq:1: the 'p' line promises 1 edges, the file has 2");
	g = dimacs_parse("p edge 4 4\ne 1 2\ne\t2 3\ne 3  4 \ne 004 0001\r\ne 2 1\n", "t.clq", &info, &err);
	ok(g && graph_edges(g) == 4 && graph_has_edge(g, 1, 2) && graph_has_edge(g, 2, 3) && graph_has_edge(g, 3, 0) &&
	       info.edge_lines == 5 && info.duplicates == 1 && info.first_duplicate == 6,
	   "edge lines with tabs, two blanks, a trailing blank, leading zeros: all read, the repeat named");
	graph_free(g);

	/* the writer's output reads back as the same graph */
	g = graph_gen_keller(3, &err);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	dimacs_write(f, g, "keller3\nround trip");
	fclose(f);
	struct graph *h = dimacs_parse(text, "mem", &info, &err);
	ok(h && h->n == g->n && !memcmp(h->adj, g->adj, sizeof *g->adj * (size_t)g->n * (size_t)g->words) &&
	       info.edge_lines == graph_edges(g),
	   "the writer's text reads back as the same graph");
	free(text);
	graph_free(h);
	graph_free(g);
	ok(!graph_new(GRAPH_MAX_VERTICES + 1), "graph_new refuses more than GRAPH_MAX_VERTICES vertices");
}

int main(void)
{
	struct diag err;
	test_families();
	test_codes();
	test_random();
	test_dense();
	test_dense_large();
	test_cuts();
	test_seed();
	test_bk();
	test_enumerate();
	struct graph *g = graph_gen_hamming(6, 4, &err);
	test_protocol("hamming6-4", g, false);
	test_floor_target(g, 4);
	test_path(g);
	graph_free(g);
	g = graph_gen_random(40, 0.6, 5, &err);
	test_protocol("G(40, 0.6)", g, false);
	test_path(g);
	graph_free(g);
	/* dense: re-colouring and the MaxSAT reasoning in every node */
	g = graph_gen_random(100, 0.9, 5, &err);
	test_protocol("G(100, 0.9)", g, true);
	test_path(g);
	graph_free(g);
	g = graph_gen_keller(4, &err);
	test_floor_target(g, 11);
	graph_free(g);
	g = graph_gen_hamming(6, 2, &err);
	test_floor_target(g, 32);
	graph_free(g);
	test_estimate();
	test_dimacs();
	return tap_done();
}
