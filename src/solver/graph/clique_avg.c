#include "config.h"

#include "solver/graph/clique_avg.h"

#include <stdlib.h>
#include <string.h>

#include "solver/graph/clique_orb.h"
#include "util/xalloc.h"

/* Enumerating the block's largest cliques is meant to cost about what
 * finding them did; past this many nodes (or AVG_BUDGET_FACTOR times the
 * block's search, if more) the enumeration and its extensions give up,
 * and the whole search goes on without the proof of "not the bound"
 * they were after.  A graph whose block has a great many largest cliques
 * that are not alike under the block's group (a poor block, or a group
 * that keeps little of it) would otherwise spend its time there. */
#define AVG_BUDGET_MIN ((uint64_t)1 << 22)
#define AVG_BUDGET_FACTOR 4

/* The enumeration's state: each maximum clique A of the block, in the
 * block's numbers, is extended by as large a clique as there is among
 * the common neighbours of A outside the block. */
struct extend {
	const struct graph *g;
	const int *block;
	int bound;              /* no clique is larger: stop on reaching it */
	const unsigned char *in_block;
	const atomic_int *cancel;
	uint64_t budget;        /* nodes the extensions may take */
	uint64_t *cand;         /* the common neighbours outside the block */
	int *verts, *found;
	struct search_stats st; /* the extensions' counters */
	uint64_t tried;
	bool cancelled, spent;
	int *clique;            /* the largest clique so far: its part in the block, then the rest */
	int best;               /* its size (0: none yet) */
};

static bool try_extend(const int *vertices, int k, void *arg)
{
	struct extend *x = arg;
	const struct graph *g = x->g;
	x->tried++;
	if (x->best < k) {
		/* A alone is a clique of G */
		for (int i = 0; i < k; i++)
			x->clique[i] = x->block[vertices[i]];
		x->best = k;
	}
	for (int w = 0; w < g->words; w++)
		x->cand[w] = ~(uint64_t)0;
	for (int i = 0; i < k; i++) {
		const uint64_t *row = graph_row(g, x->block[vertices[i]]);
		for (int w = 0; w < g->words; w++)
			x->cand[w] &= row[w];
	}
	int m = 0;
	for (int v = 0; v < g->n; v++)
		if (graph_bit_test(x->cand, v) && !x->in_block[v])
			x->verts[m++] = v;
	/* only an extension larger than the best one so far counts */
	int floor = x->best - k;
	if (m <= floor)
		return true;
	struct graph *h = graph_induced(g, x->verts, m);
	struct clique_sym_limits lim = { .floor = floor, .target = x->bound - k,
		                         .max_nodes = x->budget > x->st.nodes ? x->budget - x->st.nodes : 1 };
	struct search_stats st = { 0 };
	stats_init(&st, m + 2);
	int got = clique_sym_search(h, NULL, &lim, x->found, x->cancel, &st);
	stats_add(&x->st, &st);
	stats_free(&st);
	graph_free(h);
	if (got == -1 || got == -3) {
		x->cancelled = got == -1;
		x->spent = got == -3;
		return false;
	}
	if (got > floor) {
		for (int i = 0; i < k; i++)
			x->clique[i] = x->block[vertices[i]];
		for (int i = 0; i < got; i++)
			x->clique[k + i] = x->verts[x->found[i]];
		x->best = k + got;
	}
	return x->best < x->bound;
}

/* The block valid: in range, no repeats. */
static bool block_ok(const int *block, int k, int n, unsigned char *in_block)
{
	if (k < 0 || k > n)
		return false;
	for (int i = 0; i < k; i++) {
		if (block[i] < 0 || block[i] >= n || in_block[block[i]])
			return false;
		in_block[block[i]] = 1;
	}
	return true;
}

/* The whole graph searched with its group for a clique of more than
 * floor vertices, stopping at target (0: never); the counters added to
 * *sum.  Returns floor when there is none larger (out untouched). */
static int whole_search(const struct graph *g, const struct clique_sym_group *grp, int floor, int target, int *out,
                        const atomic_int *cancel, struct search_stats *sum)
{
	struct clique_sym_limits lim = { .floor = floor, .target = target };
	struct search_stats st = { 0 };
	stats_init(&st, g->n + 2);
	int k = clique_sym_search(g, grp, &lim, out, cancel, &st);
	stats_add(sum, &st);
	stats_free(&st);
	return k;
}

/* The group fits g and each generator is an automorphism (checked
 * before anything is built on them). */
static bool group_ok(const struct graph *g, const struct clique_sym_group *grp)
{
	if (!grp || grp->count == 0)
		return true;
	if (grp->n != g->n)
		return false;
	for (int i = 0; i < grp->count; i++)
		if (!clique_sym_is_automorphism(g, clique_sym_group_perm(grp, i)))
			return false;
	return true;
}

/* The block G[S], with the part of the group that keeps S. */
struct avg_block {
	struct graph *g;
	struct clique_sym_group *grp;
	int omega;              /* the clique number of g */
};

/* omega(G[S]) into b->omega and the bound it gives into info; false if
 * cancelled (*result then says so). */
static bool block_search(const struct graph *g, const struct clique_sym_group *grp, const int *block, int k,
                         const atomic_int *cancel, struct search_stats *sum, struct clique_avg_info *info,
                         struct avg_block *b, int *result)
{
	int n = g->n;
	b->g = graph_induced(g, block, k);
	b->grp = clique_sym_block_group(grp, block, k);
	info->block_gens = b->grp->count;
	struct search_stats bst = { 0 };
	stats_init(&bst, k + 2);
	int w = clique_sym_max(b->g, b->grp, NULL, cancel, &bst);
	info->block_nodes = bst.nodes;
	stats_add(sum, &bst);
	stats_free(&bst);
	if (w < 0) {
		*result = w;
		return false;
	}
	b->omega = info->block_omega = w;
	/* w <= k <= n <= GRAPH_MAX_VERTICES: the products fit an int64 */
	info->bound = (int)((int64_t)w * n / k);
	info->whole = (int64_t)w * n % k == 0;
	/* A clique K of c vertices has sum over h of |K ∩ hS| = c |H| |S| / |V|;
	 * when that is more than (w - 1) |H|, some hS holds w of them, and
	 * h^-1 K is a clique of c whose part in S is a largest clique of G[S].
	 * So from c = settle up, the extensions of the largest cliques of
	 * G[S] find a clique of c if there is one.  When the bound is a whole
	 * number, settle is bound - |V|/|S| + 1 (bound - 1 for a half). */
	info->settle = (int)((int64_t)(w - 1) * n / k) + 1;
	return true;
}

/* What the whole search is left to do when the extensions settle
 * nothing: beat floor (found, a clique of that many, is the answer if
 * nothing beats it), none above cap. */
struct avg_rest {
	int floor, cap;
	int *found;
};

static void extend_init(struct extend *x, const struct graph *g, const int *block, const unsigned char *in_block,
                        const atomic_int *cancel, const struct clique_avg_info *info)
{
	int n = g->n;
	*x = (struct extend){ .g = g, .block = block, .bound = info->bound, .in_block = in_block, .cancel = cancel };
	x->budget = info->block_nodes * AVG_BUDGET_FACTOR > AVG_BUDGET_MIN ? info->block_nodes * AVG_BUDGET_FACTOR
	                                                                    : AVG_BUDGET_MIN;
	x->cand = xcalloc((size_t)g->words + 1, sizeof *x->cand);
	x->verts = xmalloc(sizeof *x->verts * ((size_t)n + 1));
	x->found = xmalloc(sizeof *x->found * ((size_t)n + 1));
	x->clique = xmalloc(sizeof *x->clique * ((size_t)n + 1));
	stats_init(&x->st, n + 2);
}

static void extend_free(struct extend *x)
{
	free(x->cand);
	free(x->verts);
	free(x->found);
	free(x->clique);
	stats_free(&x->st);
}

/* Every largest clique of the block extended outside it, within a
 * budget: the answer (the bound reached, or settled), -1 if cancelled,
 * or -3 with what the whole search is left to do in *rest. */
static int extend_block(const struct graph *g, const int *block, const unsigned char *in_block,
                        const struct avg_block *b, const atomic_int *cancel, int *out, struct search_stats *sum,
                        struct clique_avg_info *info, struct avg_rest *rest)
{
	struct extend x;
	extend_init(&x, g, block, in_block, cancel, info);
	struct clique_sym_limits lim = { .floor = b->omega - 1, .each = try_extend, .arg = &x, .max_nodes = x.budget };
	struct search_stats est = { 0 };
	stats_init(&est, b->g->n + 2);
	int r = clique_sym_search(b->g, b->grp, &lim, NULL, cancel, &est);
	info->tried = x.tried;
	info->extend_nodes = est.nodes + x.st.nodes;
	info->extended = x.best;
	stats_add(sum, &est);
	stats_add(sum, &x.st);
	stats_free(&est);
	bool complete = r >= 0 && !x.spent && !x.cancelled;
	info->spent = r == -3 || x.spent;
	int result = -3;
	if (r == -1 || x.cancelled) {
		result = -1;
	} else if (x.best == info->bound || (complete && x.best >= info->settle - 1)) {
		/* nothing above the bound, nothing larger than x.best from
		 * settle up, and so none of settle or more when x.best is
		 * settle - 1 */
		info->outcome = x.best == info->bound ? CLIQUE_AVG_REACHED : CLIQUE_AVG_SETTLED;
		if (out)
			memcpy(out, x.clique, sizeof *out * (size_t)x.best);
		result = x.best;
	} else {
		/* the clique found is the floor to beat; when the enumeration
		 * ran to its end, none of settle or more */
		rest->floor = x.best;
		if (complete)
			rest->cap = info->settle - 1;
		rest->found = x.clique;
		x.clique = NULL;
	}
	extend_free(&x);
	return result;
}

/* The averaging bound's stages on a vertex-transitive graph: the block,
 * the extensions of its largest cliques, then (unless they settled it)
 * the whole search between what they found and what they ruled out. */
static int transitive_max(const struct graph *g, const struct clique_sym_group *grp, const int *block, int k,
                          const unsigned char *in_block, int *out, const atomic_int *cancel,
                          struct search_stats *sum, struct clique_avg_info *info)
{
	struct avg_block b = { 0 };
	int result;
	if (block_search(g, grp, block, k, cancel, sum, info, &b, &result)) {
		struct avg_rest rest = { .floor = 0, .cap = info->bound, .found = NULL };
		result = -3;
		if (info->settle <= info->bound)
			result = extend_block(g, block, in_block, &b, cancel, out, sum, info, &rest);
		if (result == -3) {
			info->outcome = CLIQUE_AVG_SEARCHED;
			info->cap = rest.cap;
			result = whole_search(g, grp, rest.floor, rest.cap, out, cancel, sum);
			/* none larger than the extension's clique: it is the answer */
			if (result == rest.floor && rest.floor > 0 && out)
				memcpy(out, rest.found, sizeof *out * (size_t)rest.floor);
		}
		free(rest.found);
	}
	clique_sym_group_free(b.grp);
	graph_free(b.g);
	return result;
}

int clique_avg_max(const struct graph *g, const struct clique_sym_group *grp, const int *block, int k, int *out,
                   const atomic_int *cancel, struct search_stats *st, struct clique_avg_info *info)
{
	struct clique_avg_info dummy;
	if (!info)
		info = &dummy;
	*info = (struct clique_avg_info){ .outcome = CLIQUE_AVG_UNUSED, .block_size = k };
	int n = g->n;
	unsigned char *in_block = xcalloc((size_t)n + 1, 1);
	struct search_stats sum = { 0 };
	stats_init(&sum, n + 2);
	int result = -2;
	if (block_ok(block, k, n, in_block)) {
		bool has_group = grp && grp->count > 0 && grp->n == n;
		info->transitive = has_group && n > 0 && clique_sym_orbit_size(grp, 0) == n;
		/* the whole search and clique_orb_max check the group
		 * themselves (-2 if it fails): once is enough, and hamming8-4's
		 * 8 generators from nauty took a twentieth of its run.  The
		 * bound's path checks it here, before the block. */
		if (!has_group || (info->transitive && k == 0)) {
			result = whole_search(g, grp, 0, 0, out, cancel, &sum);
		} else if (!info->transitive) {
			/* a group small enough to list is used level by
			 * level near the root, with clique.h's stronger search
			 * below (keller5); a larger one by orbital branching.
			 * Not a transitive group: those are large (hamming8-4's
			 * has 10 million elements), and listing even the part
			 * that fits before giving up would cost more than the
			 * whole search with orbital branching */
			struct clique_orb_info orb;
			struct search_stats ost = { 0 };
			stats_init(&ost, n + 2);
			result = clique_orb_max(g, grp, out, cancel, &ost, &orb);
			stats_add(&sum, &ost);
			stats_free(&ost);
			info->orb_elements = orb.listed ? orb.elements : 0;
			info->orb_searches = orb.searches;
		} else if (group_ok(g, grp))
			result = transitive_max(g, grp, block, k, in_block, out, cancel, &sum, info);
	}
	if (st && result != -2)
		stats_copy(st, &sum);
	stats_free(&sum);
	free(in_block);
	return result;
}
