#include "config.h"

#include "solver/graph/clique_sym.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "util/rng.h"
#include "util/xalloc.h"

/* ---- groups ----------------------------------------------------------------- */

struct clique_sym_group *clique_sym_group_new(int n)
{
	struct clique_sym_group *grp = xcalloc(1, sizeof *grp);
	grp->n = n;
	return grp;
}

void clique_sym_group_free(struct clique_sym_group *grp)
{
	if (!grp)
		return;
	free(grp->perm);
	free(grp);
}

bool clique_sym_group_add(struct clique_sym_group *grp, const int *images)
{
	int n = grp->n;
	unsigned char *seen = xcalloc((size_t)n + 1, 1);
	bool ok = true;
	for (int v = 0; v < n && ok; v++) {
		int w = images[v];
		if (w < 0 || w >= n || seen[w])
			ok = false;
		else
			seen[w] = 1;
	}
	free(seen);
	if (!ok)
		return false;
	if (grp->count == grp->cap) {
		grp->cap = grp->cap ? 2 * grp->cap : 4;
		grp->perm = xreallocarray(grp->perm, (size_t)grp->cap * (size_t)(n ? n : 1), sizeof *grp->perm);
	}
	memcpy(grp->perm + (size_t)grp->count * (size_t)n, images, sizeof *images * (size_t)n);
	grp->count++;
	return true;
}

/* Each edge uv once, from its smaller end (the rows are symmetric); or,
 * in a graph with more edges than non-edges, each non-edge: a bijection
 * that keeps every non-edge apart keeps every edge, the counts being
 * equal.  Dense graphs are where the symmetric ones are (hamming8-4:
 * 11,776 pairs apart against 20,864 edges). */
bool clique_sym_is_automorphism(const struct graph *g, const int *images)
{
	int n = g->n;
	uint64_t pairs = (uint64_t)n * (uint64_t)(n > 0 ? n - 1 : 0) / 2;
	uint64_t flip = graph_edges(g) > pairs / 2 ? ~(uint64_t)0 : 0;
	uint64_t last = n & 63 ? ((uint64_t)1 << (n & 63)) - 1 : ~(uint64_t)0;
	for (int v = 0; v < n; v++) {
		const uint64_t *r = graph_row(g, v);
		const uint64_t *pr = graph_row(g, images[v]);
		uint64_t above = ~(uint64_t)0 << (v & 63) << 1;
		for (int w = v >> 6; w < g->words; w++, above = ~(uint64_t)0) {
			uint64_t bits = (r[w] ^ flip) & above;
			if (w == g->words - 1)
				bits &= last;
			for (; bits; bits &= bits - 1)
				if (graph_bit_test(pr, images[w * 64 + __builtin_ctzll(bits)]) != !flip)
					return false;
		}
	}
	return true;
}

/* ---- the search --------------------------------------------------------------- */

/* Random elements of a node's group: the stabilisers need a few elements
 * spread over the group, and products of random generators mix far too
 * slowly (the Cayley graph of S_n on a transposition and an n-cycle has
 * diameter of order n^2).  Product replacement (Celler, Leedham-Green,
 * Murray, Niemeyer and O'Brien, 1995) with Leedham-Green's accumulator
 * gets there in a few dozen multiplications. */
#define PR_SLOTS 10
#define PR_WARMUP 50
/* Random elements sifted into a stabiliser: two random elements generate
 * most groups already, but a proper subgroup (sound, yet it prunes less:
 * twice the nodes on hamming8-3 with eight elements flat) is cheap to make
 * rarer.  So elements are drawn until STAB_CALM in a row have not joined
 * two of the orbits of those before, at least STAB_MIN and at most
 * STAB_MAX of them: the orbits stand in for the group, which only a
 * stabiliser chain would measure. */
#define STAB_MIN 8
#define STAB_CALM 8
#define STAB_MAX 48

struct level {
	uint64_t *cand;         /* P */
	int *order;             /* P's vertices class by class */
	int *colour;            /* colour of order[i], 1-based */
	/* the group: a subgroup of the pointwise stabiliser of the clique */
	int *gens, ngens, gens_cap;
	int *inv;               /* their inverses, once a child needs them */
	bool inv_ready;
	int *pr;                /* product replacement: PR_SLOTS elements and the accumulator */
	bool pr_ready;
	/* the orbits of the group on P: orbit i is members[start[i] .. start[i+1]) */
	int *members, *mcolour, *start, *sorted, *omax;
	int *ccount;            /* P's vertices per colour */
};

struct sym {
	const struct graph *g;
	int n, words;
	const atomic_int *cancel;
	bool stop, cancelled, spent;
	uint64_t max_nodes;             /* stop once this many nodes are entered; 0: never */
	int target;                     /* stop at a clique this large; 0: never */
	clique_sym_each_fn each;        /* enumerate mode: every clique of best_n + 1 */
	void *each_arg;
	struct search_stats st;
	struct rng rng;
	int best_n;
	int *best, *path;
	struct level *lv;
	int lv_n;
	/* scratch, used by one node at a time between recursive calls */
	uint64_t *u, *q;
	int *colour_of;
	unsigned *mark;
	unsigned stamp;
	int *parent, *via, *queue, *tmp, *uf;
	uint64_t *keys;
};

static struct level *level_at(struct sym *s, int d)
{
	if (d >= s->lv_n) {
		int nn = d + 8;
		s->lv = xreallocarray(s->lv, (size_t)nn, sizeof *s->lv);
		memset(s->lv + s->lv_n, 0, sizeof *s->lv * (size_t)(nn - s->lv_n));
		s->lv_n = nn;
	}
	struct level *L = &s->lv[d];
	if (!L->cand) {
		size_t n = (size_t)s->n + 1;
		L->cand = xcalloc((size_t)s->words + 1, sizeof *L->cand);
		L->order = xmalloc(sizeof *L->order * n);
		L->colour = xmalloc(sizeof *L->colour * n);
	}
	return L;
}

static void level_orbit_room(struct sym *s, struct level *L)
{
	if (L->members)
		return;
	size_t n = (size_t)s->n + 2;
	L->members = xmalloc(sizeof *L->members * n);
	L->mcolour = xmalloc(sizeof *L->mcolour * n);
	L->start = xmalloc(sizeof *L->start * n);
	L->sorted = xmalloc(sizeof *L->sorted * n);
	L->omax = xmalloc(sizeof *L->omax * n);
	L->ccount = xmalloc(sizeof *L->ccount * n);
}

static void level_free(struct level *L)
{
	free(L->cand);
	free(L->order);
	free(L->colour);
	free(L->gens);
	free(L->inv);
	free(L->pr);
	free(L->members);
	free(L->mcolour);
	free(L->start);
	free(L->sorted);
	free(L->omax);
	free(L->ccount);
}

static int *gen_at(const struct sym *s, const struct level *L, int i)
{
	return L->gens + (size_t)i * (size_t)s->n;
}

/* Room for one more generator; returns it. */
static int *gen_push(struct sym *s, struct level *L)
{
	if (L->ngens == L->gens_cap) {
		L->gens_cap = L->gens_cap ? 2 * L->gens_cap : 8;
		L->gens = xreallocarray(L->gens, (size_t)L->gens_cap * (size_t)s->n, sizeof *L->gens);
		L->inv = xreallocarray(L->inv, (size_t)L->gens_cap * (size_t)s->n, sizeof *L->inv);
	}
	L->inv_ready = false;
	L->pr_ready = false;
	return gen_at(s, L, L->ngens++);
}

static bool is_identity(const int *p, int n)
{
	for (int v = 0; v < n; v++)
		if (p[v] != v)
			return false;
	return true;
}

/* Greedy colouring of P class by class (each class takes the remaining
 * vertices in increasing order that have no neighbour in it yet), as
 * San Segundo's BBMC does it on bitsets: order gets P's vertices class by
 * class, colour their class; returns the number of classes, *size the
 * vertices. */
static int colour_cands(struct sym *s, const uint64_t *P, int *order, int *colour, int *size)
{
	int W = s->words, pos = 0, k = 0, lo = 0;
	uint64_t *U = s->u, *Q = s->q;
	memcpy(U, P, sizeof *U * (size_t)W);
	for (;;) {
		while (lo < W && !U[lo])
			lo++;
		if (lo == W)
			break;
		k++;
		for (int w = lo; w < W; w++)
			Q[w] = U[w];
		s->st.mems += (uint64_t)(W - lo);
		for (int w = lo; w < W; w++) {
			while (Q[w]) {
				int b = __builtin_ctzll(Q[w]);
				int v = w * 64 + b;
				order[pos] = v;
				colour[pos++] = k;
				U[w] &= ~((uint64_t)1 << b);
				Q[w] &= ~((uint64_t)1 << b);
				const uint64_t *row = graph_row(s->g, v);
				for (int x = w; x < W; x++)
					Q[x] &= ~row[x];
				s->st.mems += (uint64_t)(W - w);
			}
		}
	}
	*size = pos;
	return k;
}

static void record(struct sym *s, int d)
{
	s->st.solutions = stats_add_count(s->st.solutions, 1, &s->st.overflow);
	if (s->each) {
		/* the size to beat stays: every clique of best_n + 1 is one */
		if (!s->each(s->path, d, s->each_arg))
			s->stop = true;
		return;
	}
	s->best_n = d;
	memcpy(s->best, s->path, sizeof *s->best * (size_t)d);
	if (s->target > 0 && d >= s->target)
		s->stop = true;
}

/* child = P & N(v) */
static void cut(struct sym *s, uint64_t *child, const uint64_t *P, int v)
{
	const uint64_t *row = graph_row(s->g, v);
	for (int w = 0; w < s->words; w++)
		child[w] = P[w] & row[w];
	s->st.mems += (uint64_t)s->words;
}

static void inverses(struct sym *s, struct level *L)
{
	if (L->inv_ready)
		return;
	for (int i = 0; i < L->ngens; i++) {
		const int *p = gen_at(s, L, i);
		int *q = L->inv + (size_t)i * (size_t)s->n;
		for (int v = 0; v < s->n; v++)
			q[p[v]] = v;
	}
	s->st.mems += (uint64_t)L->ngens * (uint64_t)s->n;
	L->inv_ready = true;
}

/* One product replacement step: slot i <- slot j * slot i (or the other
 * way round), the accumulator <- slot i * accumulator; both in place,
 * since (a * b)[v] = a[b[v]] reads b only at v. */
static void pr_step(struct sym *s, struct level *L)
{
	int n = s->n;
	int i = (int)rng_below(&s->rng, PR_SLOTS);
	int j = (int)rng_below(&s->rng, PR_SLOTS - 1);
	if (j >= i)
		j++;
	int *x = L->pr + (size_t)i * (size_t)n, *y = L->pr + (size_t)j * (size_t)n;
	int *acc = L->pr + (size_t)PR_SLOTS * (size_t)n;
	if (rng_below(&s->rng, 2)) {
		for (int v = 0; v < n; v++)
			x[v] = y[x[v]];
	} else {
		/* x <- x * y needs a copy */
		for (int v = 0; v < n; v++)
			s->tmp[v] = x[y[v]];
		memcpy(x, s->tmp, sizeof *x * (size_t)n);
	}
	for (int v = 0; v < n; v++)
		acc[v] = x[acc[v]];
	s->st.mems += 3 * (uint64_t)n;
}

/* A random element of L's group, in the accumulator. */
static const int *pr_next(struct sym *s, struct level *L)
{
	int n = s->n;
	if (!L->pr_ready) {
		free(L->pr);
		L->pr = xmalloc(sizeof *L->pr * (size_t)(PR_SLOTS + 1) * (size_t)n);
		for (int i = 0; i < PR_SLOTS; i++)
			memcpy(L->pr + (size_t)i * (size_t)n, gen_at(s, L, i % L->ngens), sizeof *L->pr * (size_t)n);
		int *acc = L->pr + (size_t)PR_SLOTS * (size_t)n;
		for (int v = 0; v < n; v++)
			acc[v] = v;
		for (int t = 0; t < PR_WARMUP; t++)
			pr_step(s, L);
		L->pr_ready = true;
	}
	pr_step(s, L);
	return L->pr + (size_t)PR_SLOTS * (size_t)n;
}

static int uf_find(int *uf, int v)
{
	while (uf[v] != v) {
		uf[v] = uf[uf[v]];
		v = uf[v];
	}
	return v;
}

/* Generators of (a subgroup of) the stabiliser of o in par's group into
 * L: random elements g of the group, each brought back to fix o by the
 * inverse of the Schreier tree's path from o to g(o). */
static void stabiliser(struct sym *s, struct level *par, int o, struct level *L)
{
	int n = s->n;
	L->ngens = 0;
	L->inv_ready = L->pr_ready = false;
	inverses(s, par);
	/* the Schreier tree of o: parent[x] and the generator via[x] with
	 * gen[via[x]](parent[x]) = x */
	if (++s->stamp == 0) {
		memset(s->mark, 0, sizeof *s->mark * (size_t)n);
		s->stamp = 1;
	}
	int head = 0, tail = 0;
	s->queue[tail++] = o;
	s->mark[o] = s->stamp;
	s->parent[o] = -1;
	while (head < tail) {
		int x = s->queue[head++];
		for (int i = 0; i < par->ngens; i++) {
			int y = gen_at(s, par, i)[x];
			if (s->mark[y] != s->stamp) {
				s->mark[y] = s->stamp;
				s->parent[y] = x;
				s->via[y] = i;
				s->queue[tail++] = y;
			}
		}
	}
	s->st.mems += (uint64_t)tail * (uint64_t)par->ngens;
	/* union-find of the orbits so far */
	for (int v = 0; v < n; v++)
		s->uf[v] = v;
	int calm = 0;
	for (int t = 0; t < STAB_MAX && (t < STAB_MIN || calm < STAB_CALM); t++) {
		const int *g = pr_next(s, par);
		int x = g[o];
		int *h = gen_push(s, L);
		for (int v = 0; v < n; v++) {
			int y = g[v];
			for (int z = x; z != o; z = s->parent[z])
				y = par->inv[(size_t)s->via[z] * (size_t)n + (size_t)y];
			h[v] = y;
		}
		s->st.mems += (uint64_t)n;
		assert(h[o] == o);
		bool keep = !is_identity(h, n);
		for (int i = 0; keep && i < L->ngens - 1; i++)
			if (!memcmp(gen_at(s, L, i), h, sizeof *h * (size_t)n))
				keep = false;
		if (!keep) {
			L->ngens--;
			calm++;
			continue;
		}
		bool joined = false;
		for (int v = 0; v < n; v++) {
			int a = uf_find(s->uf, v), b = uf_find(s->uf, h[v]);
			if (a != b) {
				s->uf[a] = b;
				joined = true;
			}
		}
		s->st.mems += (uint64_t)n;
		calm = joined ? 0 : calm + 1;
	}
}

/* The orbits of L's group on P (which it maps onto itself), with the
 * colour of each member; returns how many. */
static int orbits(struct sym *s, struct level *L, int size)
{
	level_orbit_room(s, L);
	if (++s->stamp == 0) {
		memset(s->mark, 0, sizeof *s->mark * (size_t)s->n);
		s->stamp = 1;
	}
	for (int i = 0; i < size; i++)
		s->colour_of[L->order[i]] = L->colour[i];
	int count = 0, pos = 0;
	for (int i = 0; i < size; i++) {
		int v = L->order[i];
		if (s->mark[v] == s->stamp)
			continue;
		L->start[count] = pos;
		int head = pos;
		s->mark[v] = s->stamp;
		L->members[pos++] = v;
		while (head < pos) {
			int x = L->members[head++];
			for (int j = 0; j < L->ngens; j++) {
				int y = gen_at(s, L, j)[x];
				assert(graph_bit_test(L->cand, y));
				if (s->mark[y] != s->stamp) {
					s->mark[y] = s->stamp;
					L->members[pos++] = y;
				}
			}
		}
		count++;
	}
	L->start[count] = pos;
	s->st.mems += (uint64_t)pos * (uint64_t)L->ngens;
	for (int i = 0; i < count; i++) {
		int m = 0, best = L->start[i];
		for (int p = L->start[i]; p < L->start[i + 1]; p++) {
			int c = s->colour_of[L->members[p]];
			L->mcolour[p] = c;
			/* ties to the smallest number, so that the choice does
			 * not hang on which generators came out */
			if (c > m || (c == m && L->members[p] < L->members[best])) {
				m = c;
				best = p;
			}
		}
		/* the representative first: the one of highest colour */
		int t = L->members[L->start[i]];
		L->members[L->start[i]] = L->members[best];
		L->members[best] = t;
		t = L->mcolour[L->start[i]];
		L->mcolour[L->start[i]] = L->mcolour[best];
		L->mcolour[best] = t;
		L->omax[i] = m;
		L->sorted[i] = i;
	}
	return count;
}

static int by_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* The orbits in the order they are branched on: highest colour first (the
 * colour bound then stops the loop soonest), among those the larger orbit
 * first (it leaves P sooner); as packed keys, so that qsort needs no
 * context. */
static void sort_orbits(struct sym *s, struct level *L, int count)
{
	for (int i = 0; i < count; i++) {
		uint64_t size = (uint64_t)(L->start[i + 1] - L->start[i]);
		s->keys[i] = ((uint64_t)(s->n + 1 - L->omax[i]) << 42) | ((uint64_t)(s->n + 1) - size) << 21 |
		             (uint64_t)i;
	}
	qsort(s->keys, (size_t)count, sizeof *s->keys, by_key);
	for (int i = 0; i < count; i++)
		L->sorted[i] = (int)(s->keys[i] & ((1u << 21) - 1));
}

/* The node at depth d: the clique path[0 .. d-1], candidates lv[d].cand.
 * sym: the node has a group, the stabiliser of path[d-1] in the parent's
 * (the caller's group at the root), computed here once the colour bound
 * has let the node live. */
static void expand(struct sym *s, int d, bool sym)
{
	if (s->stop)
		return;
	if (s->cancel && atomic_load_explicit(s->cancel, memory_order_relaxed)) {
		s->stop = s->cancelled = true;
		return;
	}
	if (s->max_nodes && s->st.nodes >= s->max_nodes) {
		s->stop = s->spent = true;
		return;
	}
	s->st.nodes++;
	s->st.mems++;
	if (d < s->st.depth)
		s->st.profile[d]++;
	if (d > s->st.max_level)
		s->st.max_level = d;
	struct level *L = level_at(s, d);
	if (s->each && d == s->best_n + 1) {
		/* enumerating: no deeper than the size sought */
		record(s, d);
		return;
	}
	int size;
	int k = colour_cands(s, L->cand, L->order, L->colour, &size);
	if (size == 0) {
		if (d > s->best_n)
			record(s, d);
		return;
	}
	if (d + k <= s->best_n)
		return;
	if (sym && d > 0) {
		stabiliser(s, &s->lv[d - 1], s->path[d - 1], L);
		L = &s->lv[d]; /* (level_at may have moved lv; stabiliser does not) */
		sym = L->ngens > 0;
	}
	if (!sym) {
		for (int i = size - 1; i >= 0; i--) {
			if (d + L->colour[i] <= s->best_n)
				return;
			int v = L->order[i];
			struct level *C = level_at(s, d + 1);
			L = &s->lv[d];
			cut(s, C->cand, L->cand, v);
			s->path[d] = v;
			s->st.updates++;
			expand(s, d + 1, false);
			if (s->stop)
				return;
			L = &s->lv[d];
			graph_bit_clear(L->cand, v);
			s->st.mems++;
		}
		return;
	}
	int count = orbits(s, L, size);
	sort_orbits(s, L, count);
	int nonempty = k;
	memset(L->ccount, 0, sizeof *L->ccount * (size_t)(k + 1));
	for (int i = 0; i < size; i++)
		L->ccount[L->colour[i]]++;
	for (int r = 0; r < count; r++) {
		/* every clique left uses at most one vertex of each colour
		 * class that still has one */
		if (d + nonempty <= s->best_n)
			return;
		int o = L->sorted[r];
		int v = L->members[L->start[o]];
		struct level *C = level_at(s, d + 1);
		L = &s->lv[d];
		cut(s, C->cand, L->cand, v);
		s->path[d] = v;
		s->st.updates++;
		expand(s, d + 1, true);
		if (s->stop)
			return;
		L = &s->lv[d];
		for (int p = L->start[o]; p < L->start[o + 1]; p++) {
			graph_bit_clear(L->cand, L->members[p]);
			if (--L->ccount[L->mcolour[p]] == 0)
				nonempty--;
		}
		s->st.mems += (uint64_t)(L->start[o + 1] - L->start[o]);
	}
}

int clique_sym_max(const struct graph *g, const struct clique_sym_group *grp, int *out, const atomic_int *cancel,
                   struct search_stats *st)
{
	return clique_sym_search(g, grp, NULL, out, cancel, st);
}

int clique_sym_search(const struct graph *g, const struct clique_sym_group *grp, const struct clique_sym_limits *lim,
                      int *out, const atomic_int *cancel, struct search_stats *st)
{
	if (lim && (lim->floor < 0 || lim->target < 0))
		return -2;
	if (grp && grp->count > 0) {
		if (grp->n != g->n)
			return -2;
		for (int i = 0; i < grp->count; i++)
			if (!clique_sym_is_automorphism(g, clique_sym_group_perm(grp, i)))
				return -2;
	}
	struct sym s = { .g = g, .n = g->n, .words = g->words, .cancel = cancel };
	if (lim) {
		s.best_n = lim->floor;
		s.target = lim->target;
		s.each = lim->each;
		s.each_arg = lim->arg;
		s.max_nodes = lim->max_nodes;
	}
	size_t n1 = (size_t)g->n + 1;
	stats_init(&s.st, g->n + 2);
	rng_seed(&s.rng, 0x6f72626974616cULL);
	s.best = xmalloc(sizeof *s.best * n1);
	s.path = xmalloc(sizeof *s.path * n1);
	s.u = xcalloc((size_t)g->words + 1, sizeof *s.u);
	s.q = xcalloc((size_t)g->words + 1, sizeof *s.q);
	s.colour_of = xmalloc(sizeof *s.colour_of * n1);
	s.mark = xcalloc(n1, sizeof *s.mark);
	s.parent = xmalloc(sizeof *s.parent * n1);
	s.via = xmalloc(sizeof *s.via * n1);
	s.queue = xmalloc(sizeof *s.queue * n1);
	s.tmp = xmalloc(sizeof *s.tmp * n1);
	s.uf = xmalloc(sizeof *s.uf * n1);
	s.keys = xmalloc(sizeof *s.keys * n1);

	struct level *root = level_at(&s, 0);
	for (int v = 0; v < g->n; v++)
		graph_bit_set(root->cand, v);
	if (grp)
		for (int i = 0; i < grp->count; i++) {
			const int *p = clique_sym_group_perm(grp, i);
			if (!is_identity(p, g->n))
				memcpy(gen_push(&s, root), p, sizeof *p * (size_t)g->n);
		}
	expand(&s, 0, root->ngens > 0);

	int k = s.cancelled ? -1 : s.spent ? -3 : s.best_n;
	if (k >= 0 && out && !(lim && k == lim->floor))
		memcpy(out, s.best, sizeof *out * (size_t)k);
	if (st)
		stats_copy(st, &s.st);
	stats_free(&s.st);
	for (int d = 0; d < s.lv_n; d++)
		level_free(&s.lv[d]);
	free(s.lv);
	free(s.best);
	free(s.path);
	free(s.u);
	free(s.q);
	free(s.colour_of);
	free(s.mark);
	free(s.parent);
	free(s.via);
	free(s.queue);
	free(s.tmp);
	free(s.uf);
	free(s.keys);
	return k;
}

/* ---- orbits ------------------------------------------------------------------ */

int clique_sym_orbit_size(const struct clique_sym_group *grp, int v)
{
	int n = grp->n, count = 1;
	if (v < 0 || v >= n)
		return 0;
	unsigned char *seen = xcalloc((size_t)n, 1);
	int *queue = xmalloc(sizeof *queue * (size_t)n);
	queue[0] = v;
	seen[v] = 1;
	for (int head = 0; head < count; head++)
		for (int i = 0; i < grp->count; i++) {
			int y = clique_sym_group_perm(grp, i)[queue[head]];
			if (!seen[y]) {
				seen[y] = 1;
				queue[count++] = y;
			}
		}
	free(seen);
	free(queue);
	return count;
}

/* ---- the group of a block ------------------------------------------------- */

/* Random elements drawn at most, and the cosets remembered: an element
 * that maps the block to a set met before is brought back to it by the
 * inverse of the one that met it first, so that a block whose images
 * are few (the 2n half-cubes of a Hamming graph) gives an element of its
 * stabiliser every few draws, not one in |orbit|. */
#define BLOCK_DRAWS 4000
#define BLOCK_COSETS 64

struct coset {
	uint64_t *image;        /* g(block) */
	int *inv;               /* g^-1 */
};

struct clique_sym_group *clique_sym_block_group(const struct clique_sym_group *grp, const int *block, int k)
{
	int n = grp->n;
	struct clique_sym_group *out = clique_sym_group_new(k);
	int *index = xmalloc(sizeof *index * ((size_t)n + 1));
	for (int v = 0; v < n; v++)
		index[v] = -1;
	for (int i = 0; i < k; i++)
		index[block[i]] = i;
	struct sym s = { .n = n, .words = graph_words(n) };
	rng_seed(&s.rng, 0x626c6f636bULL);
	s.tmp = xmalloc(sizeof *s.tmp * ((size_t)n + 1));
	struct level L = { 0 };
	for (int i = 0; i < grp->count; i++)
		if (!is_identity(clique_sym_group_perm(grp, i), n))
			memcpy(gen_push(&s, &L), clique_sym_group_perm(grp, i), sizeof(int) * (size_t)n);
	if (L.ngens == 0 || k == 0)
		goto done;
	size_t W = (size_t)s.words + 1;
	uint64_t *image = xcalloc(W, sizeof *image);
	int *r = xmalloc(sizeof *r * ((size_t)k + 1));
	int *uf = xmalloc(sizeof *uf * ((size_t)k + 1));
	for (int i = 0; i < k; i++)
		uf[i] = i;
	struct coset *cos = xcalloc(BLOCK_COSETS, sizeof *cos);
	int ncos = 0, calm = 0;
	for (int t = 0; t < BLOCK_DRAWS && !(out->count >= STAB_MIN && calm >= STAB_CALM) && out->count < STAB_MAX;
	     t++) {
		const int *g = pr_next(&s, &L);
		memset(image, 0, sizeof *image * W);
		for (int i = 0; i < k; i++)
			graph_bit_set(image, g[block[i]]);
		const int *back = NULL; /* h = back * g maps the block onto itself */
		bool home = true;
		for (int i = 0; i < k && home; i++)
			home = index[g[block[i]]] >= 0;
		if (!home) {
			for (int c = 0; c < ncos && !back; c++)
				if (!memcmp(cos[c].image, image, sizeof *image * W))
					back = cos[c].inv;
			if (!back) {
				if (ncos < BLOCK_COSETS) {
					cos[ncos].image = xmalloc(sizeof *image * W);
					memcpy(cos[ncos].image, image, sizeof *image * W);
					cos[ncos].inv = xmalloc(sizeof(int) * (size_t)n);
					for (int v = 0; v < n; v++)
						cos[ncos].inv[g[v]] = v;
					ncos++;
				}
				continue;
			}
		}
		for (int i = 0; i < k; i++) {
			int y = g[block[i]];
			r[i] = index[back ? back[y] : y];
			assert(r[i] >= 0);
		}
		bool keep = !is_identity(r, k);
		for (int i = 0; keep && i < out->count; i++)
			if (!memcmp(clique_sym_group_perm(out, i), r, sizeof *r * (size_t)k))
				keep = false;
		if (!keep) {
			calm++;
			continue;
		}
		clique_sym_group_add(out, r);
		bool joined = false;
		for (int i = 0; i < k; i++) {
			int a = uf_find(uf, i), b = uf_find(uf, r[i]);
			if (a != b) {
				uf[a] = b;
				joined = true;
			}
		}
		calm = joined ? 0 : calm + 1;
	}
	for (int c = 0; c < ncos; c++) {
		free(cos[c].image);
		free(cos[c].inv);
	}
	free(cos);
	free(uf);
	free(r);
	free(image);
done:
	level_free(&L);
	free(s.tmp);
	free(index);
	return out;
}
