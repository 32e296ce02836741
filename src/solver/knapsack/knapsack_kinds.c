/* Random knapsacks of the standard kinds (knapsack_kinds.h). */
#include "config.h"

#include "solver/knapsack/knapsack_kinds.h"

#include <string.h>

#include "util/rng.h"
#include "util/xalloc.h"

static const char *const kind_names[KNAPSACK_KINDS] = {
	[KNAPSACK_UNCORRELATED] = "uncorrelated", [KNAPSACK_WEAKLY] = "weakly", [KNAPSACK_STRONGLY] = "strongly",
	[KNAPSACK_INVERSE] = "inverse", [KNAPSACK_SUBSET_SUM] = "subset-sum",
};

const char *knapsack_kind_name(enum knapsack_kind kind)
{
	return kind_names[kind];
}

bool knapsack_kind_find(const char *name, enum knapsack_kind *kind)
{
	for (int i = 0; i < KNAPSACK_KINDS; i++)
		if (!strcmp(name, kind_names[i])) {
			*kind = (enum knapsack_kind)i;
			return true;
		}
	return false;
}

static int64_t draw(struct rng *r, int64_t lo, int64_t hi)
{
	return lo + (int64_t)rng_below(r, (uint64_t)(hi - lo + 1));
}

void knapsack_kind_make(struct knapsack *k, enum knapsack_kind kind, int n, int64_t range, int share_num,
                        int share_den, uint64_t seed)
{
	struct rng r;
	rng_seed(&r, seed);
	int64_t tenth = range / 10 > 0 ? range / 10 : 1, total = 0;
	k->n = n;
	k->items = xmalloc(sizeof *k->items * (size_t)(n ? n : 1));
	for (int i = 0; i < n; i++) {
		int64_t w = draw(&r, 1, range), v = w;
		switch (kind) {
		case KNAPSACK_UNCORRELATED:
			v = draw(&r, 1, range);
			break;
		case KNAPSACK_WEAKLY:
			v = draw(&r, w - tenth, w + tenth);
			if (v < 1)
				v = 1;
			break;
		case KNAPSACK_STRONGLY:
			v = w + tenth;
			break;
		case KNAPSACK_INVERSE:
			w = v + tenth;
			break;
		case KNAPSACK_SUBSET_SUM:
		case KNAPSACK_KINDS:
			break;
		}
		k->items[i] = (struct knapsack_item){ w, v };
		total += w;
	}
	k->capacity = (int64_t)((__int128)total * share_num / share_den);
}
