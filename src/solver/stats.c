#include "config.h"

#include "solver/stats.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

void stats_init(struct search_stats *st, int depth)
{
	memset(st, 0, sizeof *st);
	st->depth = depth > 0 ? depth : 1;
	st->profile = xcalloc((size_t)st->depth, sizeof *st->profile);
}

void stats_free(struct search_stats *st)
{
	free(st->profile);
	st->profile = NULL;
	st->depth = 0;
}

void stats_clear(struct search_stats *st)
{
	uint64_t *profile = st->profile;
	int depth = st->depth;
	memset(st, 0, sizeof *st);
	st->profile = profile;
	st->depth = depth;
	memset(profile, 0, sizeof *profile * (size_t)depth);
}

void stats_copy(struct search_stats *dst, const struct search_stats *src)
{
	if (dst->depth != src->depth) {
		free(dst->profile);
		dst->profile = xcalloc((size_t)src->depth, sizeof *dst->profile);
	}
	uint64_t *profile = dst->profile;
	*dst = *src;
	dst->profile = profile;
	memcpy(profile, src->profile, sizeof *profile * (size_t)src->depth);
}

void stats_add(struct search_stats *dst, const struct search_stats *src)
{
	dst->solutions = stats_add_count(dst->solutions, src->solutions, &dst->overflow);
	dst->nodes += src->nodes;
	dst->updates += src->updates;
	dst->links += src->links;
	dst->mems += src->mems;
	dst->memo_hits += src->memo_hits;
	dst->memo_stores += src->memo_stores;
	dst->overflow |= src->overflow;
	if (src->max_level > dst->max_level)
		dst->max_level = src->max_level;
	int n = src->depth < dst->depth ? src->depth : dst->depth;
	for (int i = 0; i < n; i++)
		dst->profile[i] += src->profile[i];
}

void stats_sub(struct search_stats *dst, const struct search_stats *src)
{
	dst->solutions -= src->solutions;
	dst->nodes -= src->nodes;
	dst->updates -= src->updates;
	dst->links -= src->links;
	dst->mems -= src->mems;
	dst->memo_hits -= src->memo_hits;
	dst->memo_stores -= src->memo_stores;
	int n = src->depth < dst->depth ? src->depth : dst->depth;
	for (int i = 0; i < n; i++)
		dst->profile[i] -= src->profile[i];
}

double search_share(const int *degree, const int *kth, int level, int last_done, bool at_solution)
{
	/* w: the share of the tree below the node at level l */
	double f = 0.0, w = 1.0;
	for (int l = 0; l <= level; l++) {
		if (l == level && at_solution)
			return f + w;
		int done = l < level ? kth[l] : last_done;
		if (done == 0 && l == level)
			break;
		f += w * done / degree[l];
		w /= degree[l];
	}
	return f;
}
