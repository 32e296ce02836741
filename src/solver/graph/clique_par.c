#include "config.h"

#include "solver/graph/clique_par.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solver/graph/clique.h"
#include "util/xalloc.h"

/* The search the threads share: one subproblem per vertex, taken in turn. */
struct par {
	const struct graph *g;
	int *order;                 /* the degeneracy order */
	int *pos;                   /* pos[order[j]] = j */
	const atomic_int *cancel;
	atomic_int next;            /* the next subproblem not yet taken */
	atomic_int best;            /* the size of the best clique so far */
	atomic_bool cancelled;
	pthread_mutex_t lock;       /* guards what follows */
	int *best_vertices;         /* the best clique, best of them */
	struct search_stats st;
	int searched;
};

/* One thread's share: its scratch and its counters, added to the
 * shared ones when it ends. */
struct par_thread {
	struct par *p;
	int *cand;                  /* the subproblem's vertices */
	int *found;                 /* a clique of the subproblem */
	uint64_t *uncoloured, *cls; /* colour_beats' sets */
	struct search_stats st;
	int searched;
};

/* A first clique, vertices taken greedily from the start of the order,
 * where the densest part of the graph is: a floor from the outset, and on
 * a complete graph the whole answer (every subproblem is then skipped
 * instead of searched). */
static int greedy(const struct par *p, int *out)
{
	const struct graph *g = p->g;
	int k = 0;
	for (int j = 0; j < g->n; j++) {
		int v = p->order[j], i = 0;
		while (i < k && graph_has_edge(g, v, out[i]))
			i++;
		if (i == k)
			out[k++] = v;
	}
	return k;
}

/* The neighbours of order[j] earlier in the order into cand; their
 * number. */
static int earlier_neighbours(const struct par *p, int j, int *cand)
{
	const struct graph *g = p->g;
	const uint64_t *row = graph_row(g, p->order[j]);
	int k = 0;
	for (int w = 0; w < g->words; w++)
		for (uint64_t bits = row[w]; bits; bits &= bits - 1) {
			int u = w * 64 + __builtin_ctzll(bits);
			if (p->pos[u] < j)
				cand[k++] = u;
		}
	return k;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* A subproblem's counters, one level down: its root is the node at level
 * 1 that chose its vertex. */
static void add_shifted(struct search_stats *dst, const struct search_stats *src)
{
	dst->nodes += src->nodes;
	dst->updates += src->updates;
	dst->mems += src->mems;
	if (src->max_level + 1 > dst->max_level)
		dst->max_level = src->max_level + 1;
	for (int l = 0; l < src->depth && l + 1 < dst->depth; l++)
		dst->profile[l + 1] += src->profile[l];
}

/* A clique of k vertices, v and found[0 .. k-2] of the subproblem, is
 * the best if no thread has found one as large meanwhile. */
static void offer(struct par *p, int v, const int *cand, const int *found, int k)
{
	pthread_mutex_lock(&p->lock);
	if (k > atomic_load(&p->best)) {
		p->best_vertices[0] = v;
		for (int i = 1; i < k; i++)
			p->best_vertices[i] = cand[found[i - 1]];
		qsort(p->best_vertices, (size_t)k, sizeof *p->best_vertices, cmp_int);
		atomic_store(&p->best, k);
	}
	pthread_mutex_unlock(&p->lock);
}

/* Could cand[0 .. k-1] hold a clique of best vertices, which with the
 * subproblem's own vertex would beat the best?  A greedy colouring of
 * them, class by class on bitsets, bounds the size of their cliques; it
 * stops as soon as the colours reach best.  On graphs with small colour classes
 * (hamming10-2: the vertices that are not neighbours form a hypercube)
 * this spares building and searching a subproblem the bound at its root
 * would cut at once. */
static bool colour_beats(struct par_thread *w, int k, int best)
{
	const struct graph *g = w->p->g;
	int W = g->words, colours = 0, left = k;
	memset(w->uncoloured, 0, sizeof *w->uncoloured * (size_t)W);
	for (int i = 0; i < k; i++)
		graph_bit_set(w->uncoloured, w->cand[i]);
	while (left > 0) {
		if (++colours >= best)
			return true;
		memcpy(w->cls, w->uncoloured, sizeof *w->cls * (size_t)W);
		for (int x = 0; x < W; x++)
			while (w->cls[x]) {
				int v = x * 64 + __builtin_ctzll(w->cls[x]);
				const uint64_t *row = graph_row(g, v);
				graph_bit_clear(w->uncoloured, v);
				left--;
				for (int y = x; y < W; y++)
					w->cls[y] &= ~row[y];
				graph_bit_clear(w->cls, v);
			}
	}
	return false;
}

/* Subproblem j: the largest clique that ends at order[j], if it beats
 * the best.  False when cancelled. */
static bool subproblem(struct par_thread *w, int j)
{
	struct par *p = w->p;
	int k = earlier_neighbours(p, j, w->cand);
	int best = atomic_load(&p->best);
	if (k + 1 <= best || !colour_beats(w, k, best))
		return true;
	w->searched++;
	struct graph *sub = graph_induced(p->g, w->cand, k);
	struct clique *c = clique_new(sub, CLIQUE_BNB);
	graph_free(sub);
	clique_set_floor(c, best - 1);
	clique_restart(c);
	struct engine_ctl ctl = { .cancel = p->cancel };
	enum engine_status s = clique_run(c, &ctl);
	int m = clique_best(c, w->found);
	add_shifted(&w->st, clique_stats(c));
	clique_free(c);
	if (s == ENGINE_CANCELLED)
		return false;
	if (m > 0)
		offer(p, p->order[j], w->cand, w->found, m + 1);
	return true;
}

/* Subproblems taken in turn until none is left or the search is
 * cancelled. */
static void *par_thread_run(void *arg)
{
	struct par_thread *w = arg;
	struct par *p = w->p;
	int j;
	while (!atomic_load(&p->cancelled) && (j = atomic_fetch_add(&p->next, 1)) < p->g->n) {
		if (p->cancel && atomic_load(p->cancel)) {
			atomic_store(&p->cancelled, true);
			break;
		}
		if (!subproblem(w, j))
			atomic_store(&p->cancelled, true);
	}
	pthread_mutex_lock(&p->lock);
	add_shifted(&p->st, &w->st);
	p->searched += w->searched;
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

static void par_thread_init(struct par_thread *w, struct par *p)
{
	int n = p->g->n;
	w->p = p;
	w->cand = xmalloc(sizeof *w->cand * (size_t)(n + 1));
	w->found = xmalloc(sizeof *w->found * (size_t)(n + 1));
	w->uncoloured = xcalloc((size_t)p->g->words + 1, sizeof *w->uncoloured);
	w->cls = xcalloc((size_t)p->g->words + 1, sizeof *w->cls);
	w->searched = 0;
	stats_init(&w->st, n + 2);
}

static void par_thread_free(struct par_thread *w)
{
	free(w->cand);
	free(w->found);
	free(w->uncoloured);
	free(w->cls);
	stats_free(&w->st);
}

/* The subproblems, taken by threads - 1 new threads and this one. */
static void run_threads(struct par *p, int threads)
{
	struct par_thread *ws = xcalloc((size_t)threads, sizeof *ws);
	pthread_t *tid = xcalloc((size_t)threads, sizeof *tid);
	bool *started = xcalloc((size_t)threads, sizeof *started);
	for (int t = 0; t < threads; t++)
		par_thread_init(&ws[t], p);
	for (int t = 1; t < threads; t++)
		started[t] = pthread_create(&tid[t], NULL, par_thread_run, &ws[t]) == 0;
	/* A thread that could not start leaves its share to the others. */
	par_thread_run(&ws[0]);
	for (int t = 1; t < threads; t++)
		if (started[t])
			pthread_join(tid[t], NULL);
	for (int t = 0; t < threads; t++)
		par_thread_free(&ws[t]);
	free(ws);
	free(tid);
	free(started);
}

int clique_par_max(const struct graph *g, int threads, int *out, const atomic_int *cancel,
                   struct search_stats *st, struct clique_par_info *info)
{
	int n = g->n;
	struct par p = { .g = g, .cancel = cancel };
	p.order = xmalloc(sizeof *p.order * (size_t)(n + 1));
	p.pos = xmalloc(sizeof *p.pos * (size_t)(n + 1));
	p.best_vertices = xmalloc(sizeof *p.best_vertices * (size_t)(n + 1));
	graph_degeneracy_order(g, p.order);
	for (int j = 0; j < n; j++)
		p.pos[p.order[j]] = j;
	int first = greedy(&p, p.best_vertices);
	qsort(p.best_vertices, (size_t)first, sizeof *p.best_vertices, cmp_int);
	atomic_init(&p.best, first);
	atomic_init(&p.next, 0);
	atomic_init(&p.cancelled, false);
	pthread_mutex_init(&p.lock, NULL);
	stats_init(&p.st, n + 2);
	p.st.nodes = 1; /* the root, split */

	if (threads < 1)
		threads = 1;
	if (threads > n)
		threads = n > 0 ? n : 1;
	run_threads(&p, threads);

	int k = atomic_load(&p.cancelled) ? -1 : atomic_load(&p.best);
	if (k >= 0 && out)
		memcpy(out, p.best_vertices, sizeof *out * (size_t)k);
	if (st)
		stats_copy(st, &p.st);
	if (info)
		*info = (struct clique_par_info){ .threads = threads, .subproblems = n, .searched = p.searched };
	stats_free(&p.st);
	pthread_mutex_destroy(&p.lock);
	free(p.order);
	free(p.pos);
	free(p.best_vertices);
	return k;
}
