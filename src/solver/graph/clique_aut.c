#include "config.h"

#include "solver/graph/clique_aut.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <nauty.h>
#include <nausparse.h>
#include <traces.h>

#include "util/clock.h"
#include "util/xalloc.h"

/* Traces takes no callback at its nodes: a thread of the call's own
 * watches the cancel flag and the deadline, every WATCH_MS, and stops
 * Traces through nauty's kill request, which Traces looks at as it
 * goes.  A call with neither has no watcher. */
#define WATCH_MS 5

struct watch {
	const atomic_int *cancel;
	double deadline;        /* clock_seconds() past which Traces is stopped; 0: never */
	enum clique_aut_outcome outcome;
	pthread_mutex_t lock;
	pthread_cond_t wake;    /* the call is over (done) */
	bool done;
};

/* One call at a time in the process: the kill request is one flag for
 * all of Traces' callers. */
static pthread_mutex_t traces_lock = PTHREAD_MUTEX_INITIALIZER;
/* The call in flight's group: Traces' callback takes no argument of
 * the caller's. */
static struct clique_sym_group *collecting;

static void on_automorphism(int count, int *perm, int n)
{
	(void)count, (void)n;
	clique_sym_group_add(collecting, perm);
}

static void *watcher(void *arg)
{
	struct watch *w = arg;
	pthread_mutex_lock(&w->lock);
	while (!w->done) {
		double now = clock_seconds();
		if (w->cancel && atomic_load(w->cancel))
			w->outcome = CLIQUE_AUT_CANCELLED;
		else if (w->deadline > 0 && now > w->deadline)
			w->outcome = CLIQUE_AUT_TIMED_OUT;
		if (w->outcome != CLIQUE_AUT_FOUND) {
			nauty_kill_request = 1;
			break;
		}
		double until = now + WATCH_MS / 1000.0;
		if (w->deadline > 0 && w->deadline < until)
			until = w->deadline;
		struct timespec ts = { .tv_sec = (time_t)until };
		ts.tv_nsec = (long)((until - (double)ts.tv_sec) * 1e9);
		pthread_cond_timedwait(&w->wake, &w->lock, &ts);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

/* g, or its complement when that has fewer edges (the same group, and
 * Traces' refinement walks the edges), as Traces' adjacency lists. */
static void traces_graph(const struct graph *g, sparsegraph *sg)
{
	int n = g->n;
	bool complement = graph_edges(g) > (uint64_t)n * (uint64_t)(n - 1) / 4;
	size_t arcs = complement ? (size_t)n * (size_t)(n - 1) - 2 * graph_edges(g) : 2 * graph_edges(g);
	SG_INIT(*sg);
	sg->nv = n;
	sg->nde = arcs;
	sg->vlen = sg->dlen = (size_t)n;
	sg->elen = arcs;
	sg->v = xmalloc(sizeof *sg->v * (size_t)n);
	sg->d = xmalloc(sizeof *sg->d * (size_t)n);
	sg->e = xmalloc(sizeof *sg->e * (arcs ? arcs : 1));
	size_t k = 0;
	for (int v = 0; v < n; v++) {
		const uint64_t *r = graph_row(g, v);
		sg->v[v] = k;
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
				sg->e[k++] = w * 64 + __builtin_ctzll(bits);
		}
		sg->d[v] = (int)(k - sg->v[v]);
	}
}

/* Traces on g, watched when there is a cancel flag or a deadline; the
 * generators go to grp, the rest to *ts.  The outcome. */
static enum clique_aut_outcome run_traces(const struct graph *g, struct watch *w, struct clique_sym_group *grp,
                                          TracesStats *ts)
{
	int n = g->n;
	sparsegraph sg;
	traces_graph(g, &sg);
	int *lab = xmalloc(sizeof *lab * (size_t)n * 3), *ptn = lab + n, *orbits = ptn + n;
	DEFAULTOPTIONS_TRACES(opt);
	opt.userautomproc = on_automorphism;
	pthread_mutex_lock(&traces_lock);
	collecting = grp;
	nauty_kill_request = 0;
	pthread_t t;
	bool watched = (w->cancel || w->deadline > 0) && !pthread_create(&t, NULL, watcher, w);
	/* a cancel or a deadline already past is seen before Traces runs,
	 * whenever the watcher would come to it */
	if (w->cancel && atomic_load(w->cancel))
		w->outcome = CLIQUE_AUT_CANCELLED;
	else if (w->deadline > 0 && clock_seconds() > w->deadline)
		w->outcome = CLIQUE_AUT_TIMED_OUT;
	else
		Traces(&sg, lab, ptn, orbits, &opt, ts, NULL);
	if (watched) {
		pthread_mutex_lock(&w->lock);
		w->done = true;
		pthread_cond_signal(&w->wake);
		pthread_mutex_unlock(&w->lock);
		pthread_join(t, NULL);
	}
	/* killed, or at the end of its work when the flag went up */
	if (ts->errstatus && w->outcome == CLIQUE_AUT_FOUND)
		w->outcome = w->cancel && atomic_load(w->cancel) ? CLIQUE_AUT_CANCELLED : CLIQUE_AUT_TIMED_OUT;
	nauty_kill_request = 0;
	collecting = NULL;
	traces_freedyn();
	pthread_mutex_unlock(&traces_lock);
	free(lab);
	SG_FREE(sg);
	return w->outcome;
}

struct clique_sym_group *clique_aut_group(const struct graph *g, double limit, const atomic_int *cancel,
                                          struct clique_aut_info *info)
{
	double t0 = clock_seconds();
	struct clique_aut_info local;
	if (!info)
		info = &local;
	*info = (struct clique_aut_info){ .order = 1, .orbits = g->n };
	struct clique_sym_group *grp = clique_sym_group_new(g->n);
	struct watch w = {
		.cancel = cancel,
		.deadline = limit > 0 ? t0 + limit : 0,
		.outcome = CLIQUE_AUT_FOUND,
	};
	if (g->n == 0) {
		info->seconds = clock_seconds() - t0;
		return grp;
	}
	pthread_mutex_init(&w.lock, NULL);
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&w.wake, &ca);
	pthread_condattr_destroy(&ca);
	TracesStats ts = { 0 };
	run_traces(g, &w, grp, &ts);
	pthread_cond_destroy(&w.wake);
	pthread_mutex_destroy(&w.lock);
	info->outcome = w.outcome;
	info->nodes = ts.numnodes;
	info->seconds = clock_seconds() - t0;
	if (w.outcome != CLIQUE_AUT_FOUND) {
		clique_sym_group_free(grp);
		return NULL;
	}
	info->order = ts.grpsize1;
	info->order_exp = ts.grpsize2;
	info->orbits = ts.numorbits;
	info->generators = grp->count;
	info->worth = clique_aut_worth(info, g->n);
	return grp;
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
	/* Traces keeps the order as a double, exact to 15 digits */
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
