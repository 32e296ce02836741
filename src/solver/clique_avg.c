#include "config.h"

#include "solver/clique_avg.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* The enumeration's state: each maximum clique of the block, in the
 * block's numbers, is tried for an extension outside the block. */
struct extend {
	const struct graph *g;
	const int *block;
	int k;
	int want;               /* vertices wanted outside the block: bound - omega(G[S]) */
	const unsigned char *in_block;
	const atomic_int *cancel;
	uint64_t *cand;         /* the common neighbours outside the block */
	int *verts, *found;
	struct search_stats st; /* the extensions' counters */
	uint64_t tried;
	bool done, cancelled;
	int *clique;            /* the whole clique once found: the block's part, then the rest */
	int size;
};

static bool try_extend(const int *vertices, int k, void *arg)
{
	struct extend *x = arg;
	const struct graph *g = x->g;
	x->tried++;
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
	if (m < x->want)
		return true;
	int got = 0;
	if (x->want > 0) {
	/* the bound caps what the rest can hold, so the first clique of
	 * want vertices is as large as any */
		struct graph *h = graph_induced(g, x->verts, m);
		struct clique_sym_limits lim = { .floor = x->want - 1, .target = x->want };
		struct search_stats st = { 0 };
		stats_init(&st, m + 2);
		got = clique_sym_search(h, NULL, &lim, x->found, x->cancel, &st);
		stats_add(&x->st, &st);
		stats_free(&st);
		graph_free(h);
		if (got < 0) {
			x->cancelled = true;
			return false;
		}
	}
	if (got < x->want)
		return true;
	for (int i = 0; i < k; i++)
		x->clique[i] = x->block[vertices[i]];
	for (int i = 0; i < got; i++)
		x->clique[k + i] = x->verts[x->found[i]];
	x->size = k + got;
	x->done = true;
	return false;
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

/* The whole graph searched with its group, stopping at target (0:
 * never); the counters added to *sum. */
static int whole_search(const struct graph *g, const struct clique_sym_group *grp, int target, int *out,
                        const atomic_int *cancel, struct search_stats *sum)
{
	struct clique_sym_limits lim = { .floor = 0, .target = target };
	struct search_stats st = { 0 };
	stats_init(&st, g->n + 2);
	int k = clique_sym_search(g, grp, &lim, out, cancel, &st);
	stats_add(sum, &st);
	stats_free(&st);
	return k;
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
	int result;
	if (!block_ok(block, k, n, in_block)) {
		result = -2;
		goto out;
	}
	bool has_group = grp && grp->count > 0;
	if (has_group && grp->n != n) {
		result = -2;
		goto out;
	}
	/* generators checked before anything is built on them */
	for (int i = 0; has_group && i < grp->count; i++)
		if (!clique_sym_is_automorphism(g, clique_sym_group_perm(grp, i))) {
			result = -2;
			goto out;
		}
	info->transitive = has_group && n > 0 && clique_sym_orbit_size(grp, 0) == n;
	if (!info->transitive || k == 0) {
		result = whole_search(g, grp, 0, out, cancel, &sum);
		goto out;
	}

	/* omega(G[S]), with the part of the group that keeps S */
	struct graph *gs = graph_induced(g, block, k);
	struct clique_sym_group *hs = clique_sym_block_group(grp, block, k);
	info->block_gens = hs->count;
	struct search_stats bst = { 0 };
	stats_init(&bst, k + 2);
	int w = clique_sym_max(gs, hs, NULL, cancel, &bst);
	info->block_nodes = bst.nodes;
	stats_add(&sum, &bst);
	stats_free(&bst);
	if (w < 0) {
		clique_sym_group_free(hs);
		graph_free(gs);
		result = w;
		goto out;
	}
	info->block_omega = w;
	/* w <= k <= n <= GRAPH_MAX_VERTICES: the product fits an int64 */
	int64_t num = (int64_t)w * n;
	info->bound = (int)(num / k);
	info->whole = num % k == 0;

	int cap = info->bound;
	if (info->whole && w > 0) {
		struct extend x = { .g = g, .block = block, .k = k, .want = info->bound - w, .in_block = in_block,
			            .cancel = cancel };
		x.cand = xcalloc((size_t)g->words + 1, sizeof *x.cand);
		x.verts = xmalloc(sizeof *x.verts * ((size_t)n + 1));
		x.found = xmalloc(sizeof *x.found * ((size_t)n + 1));
		x.clique = xmalloc(sizeof *x.clique * ((size_t)n + 1));
		stats_init(&x.st, n + 2);
		struct clique_sym_limits lim = { .floor = w - 1, .each = try_extend, .arg = &x };
		struct search_stats est = { 0 };
		stats_init(&est, k + 2);
		int r = clique_sym_search(gs, hs, &lim, NULL, cancel, &est);
		info->tried = x.tried;
		info->extend_nodes = est.nodes + x.st.nodes;
		stats_add(&sum, &est);
		stats_add(&sum, &x.st);
		stats_free(&est);
		stats_free(&x.st);
		if (x.done) {
			info->outcome = CLIQUE_AVG_REACHED;
			if (out)
				memcpy(out, x.clique, sizeof *out * (size_t)x.size);
			result = x.size;
		} else if (r < 0 || x.cancelled) {
			result = -1;
		} else {
			/* no clique of the bound's size: one fewer is the most */
			cap = info->bound - 1;
			result = -3;
		}
		free(x.cand);
		free(x.verts);
		free(x.found);
		free(x.clique);
	} else {
		result = -3;
	}
	clique_sym_group_free(hs);
	graph_free(gs);
	if (result == -3) {
		info->outcome = CLIQUE_AVG_SEARCHED;
		result = whole_search(g, grp, cap > 0 ? cap : 0, out, cancel, &sum);
	}
out:
	if (st && result != -2)
		stats_copy(st, &sum);
	stats_free(&sum);
	free(in_block);
	return result;
}
