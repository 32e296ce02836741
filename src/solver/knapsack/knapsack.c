/* The knapsack's plain methods (knapsack.h): greedy, the LP relaxation and
 * dynamic programming over capacities; the exact expanding core is in
 * knapsack_core.c. */
#include "config.h"

#include "solver/knapsack/knapsack.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

typedef __int128 i128;

int knapsack_denser(const struct knapsack_item *a, const struct knapsack_item *b)
{
	/* a.value / a.weight against b.value / b.weight, by cross products;
	 * a weight of 0 is the densest of all. */
	i128 l = (i128)a->value * b->weight, r = (i128)b->value * a->weight;
	if (a->weight == 0 || b->weight == 0)
		return (a->weight == 0) - (b->weight == 0);
	return (l > r) - (l < r);
}

struct ranked {
	struct knapsack_item it;
	int number;
};

static int by_density(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;
	int d = knapsack_denser(&a->it, &b->it);
	if (d)
		return -d;
	return (a->number > b->number) - (a->number < b->number);
}

void knapsack_order(const struct knapsack *k, int *order)
{
	struct ranked *r = xmalloc(sizeof *r * (size_t)(k->n ? k->n : 1));
	for (int i = 0; i < k->n; i++)
		r[i] = (struct ranked){ k->items[i], i };
	qsort(r, (size_t)k->n, sizeof *r, by_density);
	for (int i = 0; i < k->n; i++)
		order[i] = r[i].number;
	free(r);
}

int64_t knapsack_greedy(const struct knapsack *k, const int *order, bool *take)
{
	int64_t room = k->capacity, value = 0;
	for (int i = 0; i < k->n; i++) {
		const struct knapsack_item *it = &k->items[order[i]];
		take[order[i]] = it->weight <= room;
		if (take[order[i]]) {
			room -= it->weight;
			value += it->value;
		}
	}
	return value;
}

void knapsack_lp(const struct knapsack *k, const int *order, struct knapsack_lp *lp)
{
	*lp = (struct knapsack_lp){ .fractional = -1 };
	for (int i = 0; i < k->n; i++) {
		const struct knapsack_item *it = &k->items[order[i]];
		if (lp->whole_weight + it->weight > k->capacity) {
			lp->fractional = order[i];
			lp->share_weight = k->capacity - lp->whole_weight;
			lp->bound = lp->whole_value + (int64_t)((i128)lp->share_weight * it->value / it->weight);
			return;
		}
		lp->whole_weight += it->weight;
		lp->whole_value += it->value;
	}
	lp->bound = lp->whole_value;
}

int64_t knapsack_dp(const struct knapsack *k, uint64_t cells, bool *take)
{
	uint64_t width = (uint64_t)k->capacity + 1;
	if (k->capacity < 0 || (k->n && width > cells / (uint64_t)k->n))
		return -1;
	/* best[c]: the best value within capacity c of the items so far;
	 * bit (i, c) of took: item i went in at capacity c. */
	int64_t *best = xcalloc(width, sizeof *best);
	size_t row = (width + 63) / 64;
	uint64_t *took = xcalloc(row * (size_t)(k->n ? k->n : 1), sizeof *took);
	for (int i = 0; i < k->n; i++) {
		int64_t w = k->items[i].weight, v = k->items[i].value;
		uint64_t *bits = took + row * (size_t)i;
		for (int64_t c = k->capacity; c >= w; c--)
			if (best[c - w] + v > best[c]) {
				best[c] = best[c - w] + v;
				bits[c / 64] |= 1ULL << (c % 64);
			}
	}
	int64_t value = best[k->capacity], c = k->capacity;
	for (int i = k->n - 1; i >= 0; i--) {
		take[i] = took[row * (size_t)i + (size_t)c / 64] >> (c % 64) & 1;
		if (take[i])
			c -= k->items[i].weight;
	}
	free(best);
	free(took);
	return value;
}

bool knapsack_bag(const struct knapsack *k, const bool *take, int64_t *value, int64_t *weight)
{
	*value = *weight = 0;
	for (int i = 0; i < k->n; i++)
		if (take[i]) {
			*value += k->items[i].value;
			*weight += k->items[i].weight;
		}
	return *weight <= k->capacity;
}
