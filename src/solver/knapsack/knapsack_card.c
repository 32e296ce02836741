/* Bounds from the number of items a bag holds (knapsack_card.h).
 *
 * No bag holds more items than the lightest ones that fit (k_max), and a
 * bag worth more than z holds at least as many as the most valuable ones
 * that add up to more than z (k_min).  Relaxing "at most k items" with a
 * price x on each item gives x k plus the LP of the items valued p - x, a
 * bound for every x >= 0; "at least k" with a reward x gives the LP of the
 * items valued p + x less x k.  Each is convex in x, its slope k less the
 * items in the LP's solution (or the other way round): the least is found
 * by a binary search on the slope.
 *
 * On strongly correlated items (value = weight + K) the densest are the
 * lightest, so the break solution holds k_max items, and the first bound
 * at x = K is the capacity plus K k_max: a bag that fills the capacity
 * exactly with k_max items is then proven best at once, where the LP bound
 * leaves the core to grow through millions of states.  Inverse strongly
 * correlated items (weight = value + K) are the mirror image: the reward
 * K makes every item as dense as any other.
 *
 * Which bound to ask for follows from b, the break solution's count: if
 * k_max = b, "at most b" holds for every bag; if k_min = b + 1, "at least
 * b + 1" for every better bag; if either is one off the other way, every
 * bag holds at most b or at least b + 1, and the larger of the two bounds
 * holds.  Past that the counts hardly cut below the LP bound, and the
 * LPs of the search are not worth their time. */
#include "config.h"

#include "solver/knapsack/knapsack_card.h"

#include <stdlib.h>

#include "util/xalloc.h"


typedef __int128 i128;

/* Pieces this small are sorted rather than split again. */
#define CARD_SMALL 16
/* Rounds of splitting before a piece is sorted whatever its size: a bad
 * run of pivots costs n log n at worst, never n^2. */
#define CARD_ROUNDS 64

static int by_int64(const void *pa, const void *pb)
{
	int64_t a = *(const int64_t *)pa, b = *(const int64_t *)pb;
	return (a > b) - (a < b);
}

static int by_int64_down(const void *pa, const void *pb)
{
	return by_int64(pb, pa);
}

/* How many of a[0 .. n-1], the least first (the most, if most), add up
 * to no more than budget: a selection, linear time expected, where a
 * sort is n log n. */
static int card_fitting(int64_t *a, int n, int64_t budget, bool most)
{
	int count = 0, lo = 0, hi = n - 1, rounds = 0;
	int64_t dir = most ? -1 : 1;
	while (hi - lo >= CARD_SMALL && rounds++ < CARD_ROUNDS) {
		int64_t pivot = dir * a[lo + (hi - lo) / 2];
		int i = lo - 1, j = hi + 1;
		for (;;) {
			do
				i++;
			while (dir * a[i] < pivot);
			do
				j--;
			while (dir * a[j] > pivot);
			if (i >= j)
				break;
			int64_t swap = a[i];
			a[i] = a[j], a[j] = swap;
		}
		int64_t sum = 0;    /* a[lo .. j] come before a[j + 1 .. hi] */
		for (int k = lo; k <= j; k++)
			sum += a[k];
		if (sum <= budget)
			budget -= sum, count += j - lo + 1, lo = j + 1;
		else
			hi = j;
	}
	if (lo <= hi)
		qsort(a + lo, (size_t)(hi - lo + 1), sizeof *a, most ? by_int64_down : by_int64);
	for (; lo <= hi && a[lo] <= budget; lo++)
		budget -= a[lo], count++;
	return count;
}

/* An item for the search on the slope: its density at one multiplier. */
struct card_slot {
	double density;
	int64_t weight;
};

/* Does a come before (density, weight) in the LP's order?  Among equally
 * dense items the heavier first if heavy, else the lighter: the order
 * just past the multiplier, so that the count is the slope of the piece
 * after it. */
static inline bool card_before(const struct card_slot *a, double density, int64_t weight, bool heavy)
{
	return a->density > density || (a->density == density && (heavy ? a->weight > weight : a->weight < weight));
}

static int by_slot_heavy(const void *pa, const void *pb)
{
	const struct card_slot *a = pa, *b = pb;
	return card_before(b, a->density, a->weight, true) - card_before(a, b->density, b->weight, true);
}

static int by_slot_light(const void *pa, const void *pb)
{
	const struct card_slot *a = pa, *b = pb;
	return card_before(b, a->density, a->weight, false) - card_before(a, b->density, b->weight, false);
}

/* The items in the LP's solution of a[0 .. n-1] in room, the break item's
 * share counted: floating point, as it only steers the search. */
static double card_lp_count(struct card_slot *a, int n, int64_t room, bool heavy)
{
	double count = 0;
	int lo = 0, hi = n - 1, rounds = 0;
	while (hi - lo >= CARD_SMALL && rounds++ < CARD_ROUNDS) {
		struct card_slot pivot = a[lo + (hi - lo) / 2];
		int i = lo - 1, j = hi + 1;
		for (;;) {
			do
				i++;
			while (card_before(&a[i], pivot.density, pivot.weight, heavy));
			do
				j--;
			while (card_before(&pivot, a[j].density, a[j].weight, heavy));
			if (i >= j)
				break;
			struct card_slot swap = a[i];
			a[i] = a[j], a[j] = swap;
		}
		int64_t w = 0;
		for (int k = lo; k <= j; k++)
			w += a[k].weight;
		if (w <= room)
			room -= w, count += j - lo + 1, lo = j + 1;
		else
			hi = j;
	}
	if (lo <= hi)
		qsort(a + lo, (size_t)(hi - lo + 1), sizeof *a, heavy ? by_slot_heavy : by_slot_light);
	for (; lo <= hi; lo++) {
		if (a[lo].weight > room)
			return count + (double)room / (double)a[lo].weight;
		room -= a[lo].weight;
		count++;
	}
	return count;
}

/* The LP bound of a[0 .. n-1] in room, rounded down, exactly: split the
 * items around one's density (denser, as dense, less dense); if the denser
 * ones fit they go in whole and the search goes on among the rest, else
 * among them. */
static i128 card_lp_exact(struct knapsack_core_item *a, int n, int64_t room)
{
	i128 value = 0;
	int lo = 0, hi = n;
	while (lo < hi) {
		struct knapsack_core_item pivot = a[lo + (hi - lo) / 2], swap;
		int lt = lo, i = lo, gt = hi;
		while (i < gt) {
			if (knapsack_core_denser(&a[i], &pivot))
				swap = a[lt], a[lt++] = a[i], a[i++] = swap;
			else if (knapsack_core_denser(&pivot, &a[i]))
				swap = a[--gt], a[gt] = a[i], a[i] = swap;
			else
				i++;
		}
		int64_t w = 0;
		i128 v = 0;
		for (int j = lo; j < lt; j++)
			w += a[j].weight, v += a[j].value;
		if (w > room) {
			hi = lt;
			continue;
		}
		room -= w;
		value += v;
		w = 0, v = 0;
		for (int j = lt; j < gt; j++)
			w += a[j].weight, v += a[j].value;
		if (w > room)   /* as dense as each other: a share of them fills the room */
			return value + (i128)room * pivot.value / pivot.weight;
		room -= w;
		value += v;
		lo = gt;
	}
	return value;
}

/* One relaxation: sign +1 for "at most k items", -1 for "at least k". */
struct card_relax {
	const struct knapsack_core_item *it;
	int m;
	int64_t c, k;
	int sign;
	struct card_slot *slots;
	struct knapsack_core_item *items;
};

/* The bound at multiplier x, exactly. */
static i128 card_bound_at(const struct card_relax *r, int64_t x)
{
	int n = 0;
	for (int i = 0; i < r->m; i++) {
		int64_t v = r->it[i].value - r->sign * x;
		if (v > 0)
			r->items[n++] = (struct knapsack_core_item){ r->it[i].weight, v, i };
	}
	return card_lp_exact(r->items, n, r->c) + (i128)r->sign * x * r->k;
}

/* The bound's slope at x: positive past the least. */
static double card_slope_at(const struct card_relax *r, int64_t x)
{
	int n = 0;
	for (int i = 0; i < r->m; i++) {
		int64_t v = r->it[i].value - r->sign * x;
		if (v > 0)
			r->slots[n++] = (struct card_slot){ (double)v / (double)r->it[i].weight, r->it[i].weight };
	}
	return r->sign * ((double)r->k - card_lp_count(r->slots, n, r->c, r->sign > 0));
}

/* The least bound over whole multipliers in [0, hi]: the first x where the
 * slope is no longer negative, or the one before it, as the slope at x is
 * that of the piece after x.  A first guess, if in range, is tried before
 * the binary search, which it saves when it is right. */
static i128 card_least(const struct card_relax *r, int64_t hi, int64_t guess)
{
	int64_t lo = 0;
	if (guess > 0 && guess <= hi) {
		if (card_slope_at(r, guess) < 0)
			lo = guess + 1;
		else if (card_slope_at(r, guess - 1) < 0)
			lo = hi = guess;
		else
			hi = guess - 1;
	}
	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2;
		if (card_slope_at(r, mid) >= 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	i128 best = card_bound_at(r, lo);
	if (lo > 0) {
		i128 before = card_bound_at(r, lo - 1);
		if (before < best)
			best = before;
	}
	return best;
}

/* The multiplier at which the break item and a neighbour of another
 * weight are worth as much per weight after it (the price for sign +1,
 * the reward for -1): on items along a line, value = a weight + K, as
 * strongly and inverse strongly correlated ones are, that is the least
 * bound's, and a guess worth trying on others.  -1 if none. */
static int64_t card_guess(const struct knapsack_core_item *it, int m, int b, int sign)
{
	if (b >= m)
		return -1;
	const struct knapsack_core_item *y = &it[b];
	for (int d = 1; d <= 8; d++) {
		int at = d % 2 ? b - (d + 1) / 2 : b + d / 2;
		if (at < 0 || at >= m || it[at].weight == y->weight)
			continue;
		const struct knapsack_core_item *x = &it[at];
		i128 price = ((i128)x->value * y->weight - (i128)y->value * x->weight) / (y->weight - x->weight);
		price *= sign;
		return price > 0 && price < INT64_MAX ? (int64_t)price : -1;
	}
	return -1;
}

int64_t knapsack_card_bound(const struct knapsack_core_item *it, int m, int64_t c, int b, int64_t z)
{
	/* One scratch array serves in turn as the keys of the counts, the
	 * slots of the slopes and the items of the exact LPs: fresh memory
	 * costs a page fault a page, a good share of a solve this short. */
	_Static_assert(sizeof(struct card_slot) <= sizeof *it && sizeof(int64_t) <= sizeof *it, "scratch too small");
	struct knapsack_core_item *scratch = xmalloc(sizeof *scratch * (size_t)(m ? m : 1));
	int64_t *keys = (int64_t *)scratch;
	int64_t most_value = 0, most_weight = 0;
	for (int i = 0; i < m; i++) {
		keys[i] = it[i].weight;
		most_weight = it[i].weight > most_weight ? it[i].weight : most_weight;
		most_value = it[i].value > most_value ? it[i].value : most_value;
	}
	int k_max = card_fitting(keys, m, c, false);
	for (int i = 0; i < m; i++)
		keys[i] = it[i].value;
	int k_min = card_fitting(keys, m, z, true) + 1;
	bool at_most = k_max == b || k_max == b + 1 || k_min == b;
	bool at_least = k_min == b + 1 || k_max == b + 1 || k_min == b;
	i128 upper = INT64_MAX;
	if (k_min > k_max) {
		upper = z;   /* no bag holds enough items to be worth more than z */
	} else if (at_most || at_least) {
		struct card_relax r = { it, m, c, 0, 1, (struct card_slot *)scratch, scratch };
		i128 most = 0, least = 0;
		if (at_most)
			r.k = b, r.sign = 1, most = card_least(&r, most_value, card_guess(it, m, b, 1));
		if (at_least)
			r.k = b + 1, r.sign = -1, least = card_least(&r, most_weight, card_guess(it, m, b, -1));
		upper = most > least ? most : least;
		if (upper < z)
			upper = z;
	}
	free(scratch);
	return upper < INT64_MAX ? (int64_t)upper : INT64_MAX;
}
