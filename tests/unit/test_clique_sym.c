/* Maximum cliques with symmetry breaking (solver/graph/clique_sym.c), the
 * groups of the generated families (puzzles/graph_gen.c) and automorphism
 * lines in DIMACS files (puzzles/dimacs.c): A(n, 4) with the hyperoctahedral
 * group, agreement with the plain search (clique_max) on every small
 * family and on random graphs built with symmetry, and refusal of
 * anything that is not a symmetry. */
#include "config.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/dimacs.h"
#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_sym.h"
#include "util/rng.h"
#include "tap.h"
#include "cancel_later.h"

/* clique_sym_max checked: its clique is one of g, of the size returned. */
static int sym_max(const struct graph *g, const struct clique_sym_group *grp, struct search_stats *st)
{
	int *best = malloc(sizeof *best * ((size_t)g->n + 1));
	int k = clique_sym_max(g, grp, best, NULL, st);
	if (k >= 0 && !graph_is_clique(g, best, k))
		k = -3;
	free(best);
	return k;
}

static int plain_max(const struct graph *g)
{
	return clique_max(g, NULL, NULL, NULL);
}

/* ---- A(n, 4) ---------------------------------------------------------------- */

static void test_a_n_4(void)
{
	/* A(n, 4), n = 4 .. 9: Best, Brouwer, MacWilliams, Odlyzko and Sloane
	 * (1978) settled A(9, 4) = 20 */
	static const int want[] = { 2, 2, 4, 8, 16, 20 };
	for (int n = 4; n <= 9; n++) {
		struct diag err;
		struct clique_sym_group *grp;
		struct graph *g = graph_gen_hamming_sym(n, 4, &grp, &err);
		struct search_stats st = { 0 };
		is_u64(sym_max(g, grp, &st), want[n - 4], "A(%d, 4) = %d with the symmetries, a real clique (%" PRIu64
		       " nodes)", n, want[n - 4], st.nodes);
		uint64_t sum = 0;
		for (int d = 0; d < st.depth; d++)
			sum += st.profile[d];
		is_u64(sum, st.nodes, "A(%d, 4): the profile adds up to the nodes", n);
		stats_free(&st);
		clique_sym_group_free(grp);
		graph_free(g);
	}
	/* the group is used: hamming8-4 takes tens of thousands of nodes
	 * without it, a few dozen with it */
	{
		struct diag err;
		struct clique_sym_group *grp;
		struct graph *g = graph_gen_hamming_sym(8, 4, &grp, &err);
		struct search_stats with = { 0 }, without = { 0 };
		sym_max(g, grp, &with);
		sym_max(g, NULL, &without);
		ok(with.nodes * 100 < without.nodes, "hamming8-4: %" PRIu64 " nodes with the group, %" PRIu64 " without",
		   with.nodes, without.nodes);
		stats_free(&with);
		stats_free(&without);
		clique_sym_group_free(grp);
		graph_free(g);
	}
	/* A(n, 3) = A(n + 1, 4): puncturing and extending by a parity bit */
	struct diag err;
	struct clique_sym_group *grp;
	struct graph *g = graph_gen_hamming_sym(8, 3, &grp, &err);
	is_u64(sym_max(g, grp, NULL), 20, "A(8, 3) = 20 with the symmetries");
	clique_sym_group_free(grp);
	graph_free(g);
	/* constant-weight codes: A(12, 4, 3) = 20 and A(10, 4, 5) = 36, where the plain search takes
	 * minutes */
	g = graph_gen_johnson_sym(12, 3, 4, &grp, &err);
	is_u64(sym_max(g, grp, NULL), 20, "A(12, 4, 3) = 20 with the symmetries (johnson12-3-4)");
	clique_sym_group_free(grp);
	graph_free(g);
	g = graph_gen_johnson_sym(10, 5, 4, &grp, &err);
	is_u64(sym_max(g, grp, NULL), 36, "A(10, 4, 5) = 36 with the symmetries (johnson10-5-4)");
	clique_sym_group_free(grp);
	graph_free(g);
}

/* ---- against the plain search --------------------------------------------- */

static void test_families(void)
{
	struct diag err;
	for (int n = 1; n <= 8; n++)
		for (int d = 1; d <= n; d++) {
			/* the plain search needs minutes for hamming8-3
			 * (A(8, 3) = A(9, 4): test_a_n_4 has it) */
			if (n == 8 && d == 3)
				continue;
			struct clique_sym_group *grp;
			struct graph *g = graph_gen_hamming_sym(n, d, &grp, &err);
			int want = plain_max(g);
			is_u64(sym_max(g, grp, NULL), want, "hamming%d-%d: %d, as the plain search", n, d, want);
			clique_sym_group_free(grp);
			graph_free(g);
		}
	static const int johnson[][3] = { { 6, 3, 2 }, { 6, 3, 4 }, { 7, 3, 4 }, { 8, 2, 4 }, { 8, 3, 4 },
		                          { 8, 4, 4 }, { 9, 3, 4 }, { 9, 4, 4 }, { 10, 4, 4 },
		                          { 10, 4, 6 }, { 16, 2, 4 }, { 5, 0, 1 }, { 1, 1, 1 } };
	for (size_t i = 0; i < sizeof johnson / sizeof *johnson; i++) {
		int n = johnson[i][0], w = johnson[i][1], d = johnson[i][2];
		struct clique_sym_group *grp;
		struct graph *g = graph_gen_johnson_sym(n, w, d, &grp, &err);
		int want = plain_max(g);
		is_u64(sym_max(g, grp, NULL), want, "johnson%d-%d-%d: %d, as the plain search", n, w, d, want);
		clique_sym_group_free(grp);
		graph_free(g);
	}
}

/* g relabelled by a random permutation, and the group conjugated with
 * it, so that no structure lines up with the numbering. */
static struct graph *shuffle(struct graph *g, struct clique_sym_group **grp, struct rng *r)
{
	int n = g->n;
	int *order = malloc(sizeof *order * ((size_t)n + 1)), *where = malloc(sizeof *where * ((size_t)n + 1));
	for (int i = 0; i < n; i++)
		order[i] = i;
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint64_t)i + 1), t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < n; i++)
		where[order[i]] = i;
	struct graph *h = graph_induced(g, order, n);
	struct clique_sym_group *c = clique_sym_group_new(n);
	int *q = malloc(sizeof *q * ((size_t)n + 1));
	for (int k = 0; k < (*grp)->count; k++) {
		const int *p = clique_sym_group_perm(*grp, k);
		for (int i = 0; i < n; i++)
			q[i] = where[p[order[i]]];
		clique_sym_group_add(c, q);
	}
	free(q);
	free(order);
	free(where);
	clique_sym_group_free(*grp);
	graph_free(g);
	*grp = c;
	return h;
}

/* k copies of a random graph on m vertices (copy a's vertex i is
 * a * m + i), the pairs between copies a and b joined by R[(b - a) mod k],
 * with R[k - t] the transpose of R[t]: the rotation a -> a + 1 of the
 * copies is an automorphism; with k = 2 and R[1] symmetric, the swap of
 * the two copies; a reflection too when every R[t] is symmetric and
 * R[t] = R[k - t]. */
static struct graph *rotations(int k, int m, double p, double q, bool reflect, struct rng *r,
                               struct clique_sym_group **grp)
{
	int n = k * m;
	/* a coin for every (t, i, j), each pair then taking the coin of the
	 * least triple of its class under the symmetries it must have */
	size_t cells = (size_t)k * (size_t)m * (size_t)m;
	unsigned char *coin = malloc(cells), *R = malloc(cells);
	for (size_t c = 0; c < cells; c++)
		coin[c] = rng_unit(r) < (c < (size_t)m * (size_t)m ? p : q);
	for (int t = 0; t < k; t++)
		for (int i = 0; i < m; i++)
			for (int j = 0; j < m; j++) {
				int tt = (k - t) % k;
				size_t best = ((size_t)t * m + i) * m + j, other = ((size_t)tt * m + j) * m + i;
				if (other < best)
					best = other;
				if (reflect) {
					size_t x = ((size_t)t * m + j) * m + i, y = ((size_t)tt * m + i) * m + j;
					if (x < best)
						best = x;
					if (y < best)
						best = y;
				}
				R[((size_t)t * m + i) * m + j] = coin[best];
			}
	free(coin);
	struct graph *g = graph_new(n);
	for (int a = 0; a < k; a++)
		for (int b = 0; b < k; b++)
			for (int i = 0; i < m; i++)
				for (int j = 0; j < m; j++) {
					int u = a * m + i, v = b * m + j;
					int t = ((b - a) % k + k) % k;
					if (u != v && R[((size_t)t * m + i) * m + j])
						graph_add_edge(g, u, v);
				}
	free(R);
	*grp = clique_sym_group_new(n);
	int *img = malloc(sizeof *img * ((size_t)n + 1));
	for (int a = 0; a < k; a++)
		for (int i = 0; i < m; i++)
			img[a * m + i] = ((a + 1) % k) * m + i;
	clique_sym_group_add(*grp, img);
	if (reflect) {
		for (int a = 0; a < k; a++)
			for (int i = 0; i < m; i++)
				img[a * m + i] = ((k - a) % k) * m + i;
		clique_sym_group_add(*grp, img);
	}
	free(img);
	return g;
}

static void test_random_symmetric(void)
{
	struct rng r;
	rng_seed(&r, 4);
	int agree = 0, tried = 0, groups_ok = 0;
	for (int t = 0; t < 120; t++) {
		int k = 2 + (int)rng_below(&r, 5), m = 2 + (int)rng_below(&r, 12);
		double p = 0.3 + 0.6 * rng_unit(&r), q = 0.2 + 0.7 * rng_unit(&r);
		bool reflect = rng_below(&r, 2);
		struct clique_sym_group *grp;
		struct graph *g = rotations(k, m, p, q, reflect, &r, &grp);
		g = shuffle(g, &grp, &r);
		bool autos = true;
		for (int i = 0; i < grp->count; i++)
			autos = autos && clique_sym_is_automorphism(g, clique_sym_group_perm(grp, i));
		groups_ok += autos;
		int want = plain_max(g), got = sym_max(g, grp, NULL);
		if (got == want)
			agree++;
		else
			tap_diag("graph %d (%d copies of %d, p %.2f, q %.2f%s): %d, plain %d", t, k, m, p, q,
			         reflect ? ", reflected" : "", got, want);
		tried++;
		clique_sym_group_free(grp);
		graph_free(g);
	}
	is_u64(groups_ok, tried, "random graphs with rotations (and reflections): the groups are automorphisms");
	is_u64(agree, tried, "random graphs with rotations (and reflections): the clique number of the plain search");

	/* no group, and a group of the identity alone: plain search */
	rng_seed(&r, 5);
	agree = 0;
	for (int t = 0; t < 40; t++) {
		struct diag err;
		struct graph *g = graph_gen_random(10 + t, 0.3 + 0.015 * t, (uint64_t)t, &err);
		struct clique_sym_group *id = clique_sym_group_new(g->n);
		int *img = malloc(sizeof *img * (size_t)g->n);
		for (int i = 0; i < g->n; i++)
			img[i] = i;
		clique_sym_group_add(id, img);
		free(img);
		int want = plain_max(g);
		agree += sym_max(g, NULL, NULL) == want && sym_max(g, id, NULL) == want;
		clique_sym_group_free(id);
		graph_free(g);
	}
	is_u64(agree, 40, "random graphs, no group or the identity: the plain search's clique number");
	struct graph *e = graph_new(0);
	is_u64(sym_max(e, NULL, NULL), 0, "the empty graph: 0");
	graph_free(e);
}

/* ---- refusals --------------------------------------------------------------- */

static void test_refusals(void)
{
	struct diag err;
	struct clique_sym_group *grp;
	struct graph *g = graph_gen_hamming_sym(5, 4, &grp, &err);
	int *img = malloc(sizeof *img * (size_t)g->n);
	for (int i = 0; i < g->n; i++)
		img[i] = i;
	img[0] = 1, img[1] = 0; /* swaps 00000 and 00001 only: not a symmetry */
	ok(!clique_sym_is_automorphism(g, img), "a transposition of two words is no automorphism of hamming5-4");
	clique_sym_group_add(grp, img);
	is_u64(sym_max(g, grp, NULL) + 2, 0, "clique_sym_max refuses a group with it (-2)");
	img[0] = 0;
	ok(!clique_sym_group_add(grp, img), "a map that is not one-to-one is no permutation");
	clique_sym_group_free(grp);
	struct clique_sym_group *small = clique_sym_group_new(3);
	is_u64(sym_max(g, small, NULL), 2, "a group of no generators (of any degree) is plain search");
	int three[] = { 1, 2, 0 };
	clique_sym_group_add(small, three);
	is_u64(sym_max(g, small, NULL) + 2, 0, "a group of another degree is refused (-2)");
	clique_sym_group_free(small);
	free(img);
	graph_free(g);
}

/* ---- DIMACS ------------------------------------------------------------------ */

static char *written(const struct graph *g, const char *comment, const struct clique_sym_group *grp)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	dimacs_write_sym(f, g, comment, grp);
	fclose(f);
	return text;
}

static void test_round_trip(void)
{
	struct diag err;
	struct clique_sym_group *grp;
	struct graph *g = graph_gen_johnson_sym(6, 2, 4, &grp, &err);
	char *text = written(g, "johnson6-2-4", grp);
	ok(strstr(text, "\nc automorphism 1 3 2 "), "the transposition is written as the images of 1 .. N");
	struct dimacs_info info;
	struct clique_sym_group *back = NULL;
	struct graph *h = dimacs_parse_sym(text, "mem", &info, &back, &err);
	ok(h && back, "read back (%s)", h ? "ok" : err.msg);
	if (h && back) {
		ok(h->n == g->n && !memcmp(h->adj, g->adj, sizeof *h->adj * (size_t)h->n * (size_t)h->words),
		   "the same graph");
		ok(back->count == grp->count && back->n == grp->n &&
		           !memcmp(back->perm, grp->perm, sizeof *grp->perm * (size_t)grp->count * (size_t)grp->n),
		   "the same %d generators", grp->count);
		is_u64(info.automorphisms, grp->count, "info counts the automorphism lines");
	}
	graph_free(h);
	clique_sym_group_free(back);
	/* readers that do not ask for the group still read the file */
	h = dimacs_parse(text, "mem", NULL, &err);
	ok(h != NULL, "dimacs_parse reads it too");
	graph_free(h);
	free(text);
	clique_sym_group_free(grp);
	graph_free(g);

	/* hamming9-4 through the text, as the pipe from generate to solve */
	g = graph_gen_hamming_sym(7, 4, &grp, &err);
	text = written(g, "hamming7-4", grp);
	h = dimacs_parse_sym(text, "pipe", NULL, &back, &err);
	is_u64(h ? sym_max(h, back, NULL) : -1, 8, "hamming7-4 written and read back: A(7, 4) = 8");
	graph_free(h);
	clique_sym_group_free(back);
	free(text);
	clique_sym_group_free(grp);
	graph_free(g);

	/* no automorphism lines: no group; other c lines are comments */
	h = dimacs_parse_sym("c automorphisms: none\nc Automorphism 2 1\np edge 2 1\ne 1 2\n", "plain", &info, &back,
	                     &err);
	ok(h && !back && info.automorphisms == 0, "plain comments (even 'automorphisms') are comments");
	graph_free(h);
}

/* text must be refused with exactly this message */
static void refused(const char *text, const char *want, const char *what)
{
	struct diag err = { { 0 } };
	struct clique_sym_group *grp = (struct clique_sym_group *)&err; /* must come back NULL */
	struct graph *g = dimacs_parse_sym(text, "t.clq", NULL, &grp, &err);
	ok(!g && !grp, "%s: refused", what);
	is_str(g ? "" : err.msg, want, "%s: the message", what);
	graph_free(g);
}

static void test_dimacs_errors(void)
{
	/* the path 1 - 2 - 3: its only non-trivial symmetry is 3 2 1 */
	const char *path = "p edge 3 2\ne 1 2\ne 2 3\n";
	char buf[200];
	snprintf(buf, sizeof buf, "%sc automorphism 3 2 1\n", path);
	struct diag err;
	struct clique_sym_group *grp;
	struct graph *g = dimacs_parse_sym(buf, "t.clq", NULL, &grp, &err);
	ok(g && grp && grp->count == 1, "the reflection of a path is accepted");
	graph_free(g);
	clique_sym_group_free(grp);

	snprintf(buf, sizeof buf, "c the path\n%sc a comment\nc automorphism 2 1 3\n", path);
	refused(buf, "t.clq:6: not an automorphism: it maps the edge 2 3 to 1 3, which is no edge",
	        "a permutation that is no symmetry");
	snprintf(buf, sizeof buf, "%sc automorphism 3 2 1\n\nc automorphism 1 3 2\n", path);
	refused(buf, "t.clq:6: not an automorphism: it maps the edge 1 2 to 1 3, which is no edge",
	        "the second of two, the bad one");
	snprintf(buf, sizeof buf, "%sc automorphism 3 3 1\n", path);
	refused(buf, "t.clq:4: automorphism: 3 is the image of two vertices (not a permutation)", "a repeated image");
	snprintf(buf, sizeof buf, "%sc automorphism 3 2\n", path);
	refused(buf, "t.clq:4: automorphism: 2 images, expected 3 (the images of 1 .. 3)", "too few images");
	snprintf(buf, sizeof buf, "%sc automorphism 3 2 1 4\n", path);
	refused(buf, "t.clq:4: automorphism: vertex 4 out of range (1 to 3)", "an image out of range");
	snprintf(buf, sizeof buf, "%sc automorphism 3 2 1 1\n", path);
	refused(buf, "t.clq:4: automorphism: more than the 3 images of 1 .. 3", "too many images");
	snprintf(buf, sizeof buf, "%sc automorphism 0 2 1\n", path);
	refused(buf, "t.clq:4: automorphism: vertex 0 out of range (1 to 3)", "vertex 0");
	snprintf(buf, sizeof buf, "%sc automorphism 3 2 x\n", path);
	refused(buf, "t.clq:4: automorphism: 'x' is not a vertex number", "not a number");
	snprintf(buf, sizeof buf, "%sc automorphism\n", path);
	refused(buf, "t.clq:4: automorphism: 0 images, expected 3 (the images of 1 .. 3)", "no images");
	refused("c automorphism 1\np edge 1 0\n", "t.clq:1: an automorphism before the 'p edge N M' line",
	        "before the p line");
	/* the old readers check them too */
	snprintf(buf, sizeof buf, "%sc automorphism 2 1 3\n", path);
	g = dimacs_parse(buf, "t.clq", NULL, &err);
	ok(!g && strstr(err.msg, "t.clq:4: not an automorphism"), "dimacs_parse refuses it as well (%s)", err.msg);
}

/* ---- cancel ------------------------------------------------------------------ */

static void test_cancel(void)
{
	struct diag err;
	struct clique_sym_group *grp;
	struct graph *g = graph_gen_hamming_sym(6, 4, &grp, &err);
	atomic_int flag = 1;
	is_u64(clique_sym_max(g, grp, NULL, &flag, NULL) + 1, 0, "cancelled before the start: -1");
	clique_sym_group_free(grp);
	graph_free(g);

	/* G(200, 0.9) without a group runs far longer than the test */
	g = graph_gen_random(200, 0.9, 1, &err);
	atomic_store(&flag, 0);
	struct cancel_later c;
	cancel_later_start(&c, &flag, "the maximum clique of G(200, 0.9)");
	int k = clique_sym_max(g, NULL, NULL, &flag, NULL);
	cancel_later_end(&c);
	is_u64(k + 1, 0, "cancelled from another thread in flight: -1");
	graph_free(g);
}

int main(void)
{
	test_a_n_4();
	test_families();
	test_random_symmetric();
	test_refusals();
	test_round_trip();
	test_dimacs_errors();
	test_cancel();
	return tap_done();
}
