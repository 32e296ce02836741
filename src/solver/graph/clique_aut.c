#include "config.h"

#include "solver/graph/clique_aut.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <nauty.h>

#include "util/clock.h"
#include "util/xalloc.h"

/* nauty's callbacks take no argument of the caller's: the call in flight
 * is here, under the lock (one at a time, for nauty_kill_request). */
struct watch {
	struct clique_sym_group *grp;
	const atomic_int *cancel;
	double deadline;        /* clock_seconds() past which nauty is stopped; 0: never */
	enum clique_aut_outcome outcome;
	uint64_t nodes;
};

static pthread_mutex_t nauty_lock = PTHREAD_MUTEX_INITIALIZER;
static struct watch *watching;

/* At every node of nauty's tree: a cancel or the deadline stops it at
 * its next check, which is the next node. */
static void on_node(graph *g, int *lab, int *ptn, int level, int numcells, int tc, int code, int m, int n)
{
	(void)g, (void)lab, (void)ptn, (void)level, (void)numcells, (void)tc, (void)code, (void)m, (void)n;
	struct watch *w = watching;
	w->nodes++;
	if (w->outcome != CLIQUE_AUT_FOUND)
		return;
	if (w->cancel && atomic_load(w->cancel))
		w->outcome = CLIQUE_AUT_CANCELLED;
	else if (w->deadline > 0 && clock_seconds() > w->deadline)
		w->outcome = CLIQUE_AUT_TIMED_OUT;
	else
		return;
	nauty_kill_request = 1;
}

static void on_automorphism(int count, int *perm, int *orbits, int numorbits, int stabvertex, int n)
{
	(void)count, (void)orbits, (void)numorbits, (void)stabvertex, (void)n;
	clique_sym_group_add(watching->grp, perm);
}

/* g's rows in nauty's form (bit 0 the high bit), or its complement's
 * when that has fewer edges: the same group, and nauty's refinement
 * walks the edges (hamming8-4: 0.9 ms for the complement, 1.3 for the
 * graph; johnson16-2-4: 0.3 and 0.6). */
static graph *nauty_graph(const struct graph *g, int m)
{
	int n = g->n;
	bool complement = graph_edges(g) > (uint64_t)n * (uint64_t)(n - 1) / 4;
	graph *ng = xcalloc((size_t)m * (size_t)(n ? n : 1), sizeof *ng);
	for (int v = 0; v < n; v++) {
		const uint64_t *r = graph_row(g, v);
		set *row = GRAPHROW(ng, v, m);
		for (int w = 0; w < g->words; w++) {
			uint64_t bits = r[w];
			if (complement) {
				bits = ~bits;
				if (w == v >> 6)
					bits &= ~((uint64_t)1 << (v & 63));
				if (w == g->words - 1 && (n & 63))
					bits &= ((uint64_t)1 << (n & 63)) - 1;
			}
			for (; bits; bits &= bits - 1)
				ADDELEMENT(row, w * 64 + __builtin_ctzll(bits));
		}
	}
	return ng;
}

struct clique_sym_group *clique_aut_group(const struct graph *g, double limit, const atomic_int *cancel,
                                          struct clique_aut_info *info)
{
	double t0 = clock_seconds();
	struct clique_aut_info local;
	if (!info)
		info = &local;
	*info = (struct clique_aut_info){ .order = 1, .orbits = g->n };
	struct watch w = {
		.grp = clique_sym_group_new(g->n),
		.cancel = cancel,
		.deadline = limit > 0 ? t0 + limit : 0,
		.outcome = CLIQUE_AUT_FOUND,
	};
	if (g->n == 0) {
		info->seconds = clock_seconds() - t0;
		return w.grp;
	}
	int n = g->n, m = SETWORDSNEEDED(n);
	graph *ng = nauty_graph(g, m);
	int *lab = xmalloc(sizeof *lab * (size_t)n * 3), *ptn = lab + n, *orbits = ptn + n;
	DEFAULTOPTIONS_GRAPH(opt);
	opt.getcanon = FALSE;
	opt.userautomproc = on_automorphism;
	opt.usernodeproc = on_node;
	statsblk st;
	pthread_mutex_lock(&nauty_lock);
	watching = &w;
	if (cancel && atomic_load(cancel))
		w.outcome = CLIQUE_AUT_CANCELLED;
	else
		densenauty(ng, lab, ptn, orbits, &opt, &st, m, n, NULL);
	nauty_kill_request = 0;
	watching = NULL;
	nauty_freedyn();
	nautil_freedyn();
	naugraph_freedyn();
	pthread_mutex_unlock(&nauty_lock);
	free(lab);
	free(ng);
	info->outcome = w.outcome;
	info->nodes = w.nodes;
	info->seconds = clock_seconds() - t0;
	if (w.outcome != CLIQUE_AUT_FOUND) {
		clique_sym_group_free(w.grp);
		return NULL;
	}
	info->order = st.grpsize1;
	info->order_exp = st.grpsize2;
	info->orbits = st.numorbits;
	info->generators = w.grp->count;
	info->worth = clique_aut_worth(info, n);
	return w.grp;
}

/* The search with the group (clique_sym.c) has a weaker bound than
 * clique.c's: on a graph with no symmetry it visits 10 to 30 times the
 * nodes.  Branching on orbits wins that back only when the group is
 * large and moves most of the vertices.  Measured (CPU seconds of the
 * search, plain / with the group; G(200, 0.8) made invariant under a
 * cyclic shift of order k, so of order k; the others as named):
 *
 *     order 2 (100 orbits of 200)    0.32 / 1.02     order 20 (10)    0.18 / 0.19
 *     order 4 (50)                   0.62 / 1.31     order 40 (5)     1.31 / 0.81
 *     order 8 (25)                   0.63 / 1.04     keller4: 384 (9 of 171)
 *     order 10 (20)                  0.55 / 0.28              0.004 / 0.0003
 *     a circulant, 400 (1 of 200)    0.107 / 0.012
 *     G(194, 0.8) and 6 twins: 720 (195 orbits of 200)   0.45 / 14.2
 *
 * So: an order of 32 or more, and on average two vertices or more to an
 * orbit (the twins' large group moves only 6 vertices: the search is
 * plain everywhere else, with the weaker bound). */
#define WORTH_ORDER 32

bool clique_aut_worth(const struct clique_aut_info *info, int n)
{
	if (info->outcome != CLIQUE_AUT_FOUND || info->generators == 0)
		return false;
	if (info->order_exp == 0 && info->order < WORTH_ORDER)
		return false;
	return info->orbits * 2 <= n;
}

char *clique_aut_order_str(const struct clique_aut_info *info, char *buf, size_t size)
{
	/* nauty keeps the order as a double, exact to 15 digits */
	double whole = info->order_exp < 16 ? info->order * pow(10, info->order_exp) : 1e16;
	if (whole < 1e15)
		snprintf(buf, size, "%.0f", round(whole));
	else {
		/* grpsize1 x 10^grpsize2, with grpsize1 brought under 10 */
		double mant = info->order;
		int exp = info->order_exp;
		while (mant >= 10)
			mant /= 10, exp++;
		snprintf(buf, size, "about %.2f x 10^%d", mant, exp);
	}
	return buf;
}
