/* The knapsack's methods against each other and against every subset:
 * the expanding core and the dynamic programme find the same best value,
 * their bags fit and are worth it, greedy is never above it and the LP
 * bound never below, on every kind of instance. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "solver/knapsack/knapsack.h"
#include "solver/knapsack/knapsack_card.h"
#include "solver/knapsack/knapsack_kinds.h"
#include "tests/unit/tap.h"

/* The best value over all 2^n subsets. */
static int64_t brute(const struct knapsack *k)
{
	int64_t best = 0;
	for (uint32_t set = 0; set < (1u << k->n); set++) {
		int64_t w = 0, v = 0;
		for (int i = 0; i < k->n; i++)
			if (set >> i & 1)
				w += k->items[i].weight, v += k->items[i].value;
		if (w <= k->capacity && v > best)
			best = v;
	}
	return best;
}

/* Does take[] fit and is it worth value? */
static bool bag_is(const struct knapsack *k, const bool *take, int64_t value)
{
	int64_t v, w;
	return knapsack_bag(k, take, &v, &w) && v == value;
}

static void small_against_brute(void)
{
	int wrong = 0, cases = 0;
	bool take[20];
	int order[20];
	for (int kind = 0; kind < KNAPSACK_KINDS; kind++)
		for (uint64_t seed = 1; seed <= 60; seed++) {
			struct knapsack k;
			int n = (int)(seed % 16) + 1;
			knapsack_kind_make(&k, (enum knapsack_kind)kind, n, 40, (int)(seed % 5) + 1, 6, seed);
			int64_t best = brute(&k);
			int64_t core = knapsack_solve(&k, take, 0, NULL, NULL);
			bool ok_core = core == best && bag_is(&k, take, best);
			int64_t dp = knapsack_dp(&k, 1u << 24, take);
			bool ok_dp = dp == best && bag_is(&k, take, best);
			knapsack_order(&k, order);
			int64_t greedy = knapsack_greedy(&k, order, take);
			struct knapsack_lp lp;
			knapsack_lp(&k, order, &lp);
			bool ok_rough = bag_is(&k, take, greedy) && greedy <= best && lp.bound >= best;
			if (!(ok_core && ok_dp && ok_rough)) {
				if (wrong++ < 3)
					tap_diag("%s seed %llu: best %lld, core %lld, dp %lld, greedy %lld, lp %lld",
					     knapsack_kind_name((enum knapsack_kind)kind), (unsigned long long)seed,
					     (long long)best, (long long)core, (long long)dp, (long long)greedy,
					     (long long)lp.bound);
			}
			cases++;
			free(k.items);
		}
	ok(wrong == 0, "%d small instances of the five kinds: core, dp, greedy and lp agree with every subset", cases);
}

static void larger_against_dp(void)
{
	int wrong = 0, cases = 0;
	/* 150 items to 1,000 mostly settle before the bounds from item counts
	 * are asked; 400 to 300 (strongly correlated above all) need them. */
	for (int kind = 0; kind < KNAPSACK_KINDS; kind++)
		for (uint64_t seed = 1; seed <= 8; seed++) {
			struct knapsack k;
			bool many = seed > 4;
			knapsack_kind_make(&k, (enum knapsack_kind)kind, many ? 400 : 150, many ? 300 : 1000, 1, 2, seed);
			bool *a = calloc((size_t)k.n, sizeof *a), *b = calloc((size_t)k.n, sizeof *b);
			int64_t dp = knapsack_dp(&k, (uint64_t)1 << 27, a);
			int64_t core = knapsack_solve(&k, b, 0, NULL, NULL);
			if (dp < 0 || core != dp || !bag_is(&k, b, dp)) {
				wrong++;
				tap_diag("%s seed %llu: dp %lld, core %lld", knapsack_kind_name((enum knapsack_kind)kind),
				     (unsigned long long)seed, (long long)dp, (long long)core);
			}
			cases++;
			free(a);
			free(b);
			free(k.items);
		}
	ok(wrong == 0, "%d instances of 150 and 400 items: the core finds dp's optimum", cases);
}

static void edges(void)
{
	struct knapsack_item items[] = { { 5, 10 }, { 4, 40 }, { 6, 30 }, { 3, 50 } };
	struct knapsack k = { 4, 10, items };
	bool take[4];
	int order[4];
	is_u64((uint64_t)knapsack_solve(&k, take, 0, NULL, NULL), 90, "the textbook bag of 10: items 2 and 4, worth 90");
	ok(!take[0] && take[1] && !take[2] && take[3], "and those are the items taken");
	knapsack_order(&k, order);
	struct knapsack_lp lp;
	knapsack_lp(&k, order, &lp);
	is_u64((uint64_t)lp.fractional, 2, "the LP's fractional item is the third (30 for 6)");
	is_u64((uint64_t)lp.bound, 105, "the LP bound: 90 + 3/6 of 30");
	k.capacity = 0;
	is_u64((uint64_t)knapsack_solve(&k, take, 0, NULL, NULL), 0, "a bag of capacity 0 holds nothing");
	k.capacity = 100;
	is_u64((uint64_t)knapsack_solve(&k, take, 0, NULL, NULL), 130, "a bag that holds every item takes them all");
	k.n = 0;
	is_u64((uint64_t)knapsack_solve(&k, take, 0, NULL, NULL), 0, "no items: a bag worth 0");
	struct knapsack_item heavy[] = { { 11, 100 }, { 10, 1 } };
	struct knapsack h = { 2, 10, heavy };
	is_u64((uint64_t)knapsack_solve(&h, take, 0, NULL, NULL), 1, "an item heavier than the bag never goes in");
}

static void strongly_correlated_big(void)
{
	struct knapsack k;
	knapsack_kind_make(&k, KNAPSACK_STRONGLY, 1000, 10000, 1, 2, 7);
	bool *take = calloc((size_t)k.n, sizeof *take);
	struct knapsack_figures fig;
	int64_t best = knapsack_solve(&k, take, 0, NULL, &fig);
	int order[1000];
	knapsack_order(&k, order);
	struct knapsack_lp lp;
	knapsack_lp(&k, order, &lp);
	ok(best > 0 && bag_is(&k, take, best) && best <= lp.bound,
	   "strongly correlated, 1,000 items to 10,000: a bag worth %lld fits (LP bound %lld, core %d, %llu states)",
	   (long long)best, (long long)lp.bound, fig.core, (unsigned long long)fig.states);
	is_u64((uint64_t)(knapsack_solve(&k, take, 10, NULL, NULL) + 1), 0,
	       "with room for 10 states the core gives up (-1) rather than answer wrong");
	atomic_int cancel = 1;
	is_u64((uint64_t)(knapsack_solve(&k, take, 0, &cancel, NULL) + 1), 0, "and a cancelled solve says so");
	free(take);
	free(k.items);
}

/* Items that weigh nothing always go in and items worth nothing never
 * matter: the solver settles both before it starts, and its bag still
 * agrees with every subset. */
static void weightless_and_worthless(void)
{
	int wrong = 0;
	bool take[14];
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct knapsack k;
		knapsack_kind_make(&k, (enum knapsack_kind)(seed % KNAPSACK_KINDS), 14, 30, 1, 3, seed);
		for (int i = 0; i < k.n; i += 3)
			k.items[i].weight = 0;
		for (int i = 1; i < k.n; i += 4)
			k.items[i].value = 0;
		int64_t best = brute(&k), core = knapsack_solve(&k, take, 0, NULL, NULL);
		if ((core != best || !bag_is(&k, take, best)) && wrong++ < 3)
			tap_diag("seed %llu: best %lld, core %lld", (unsigned long long)seed, (long long)best, (long long)core);
		free(k.items);
	}
	ok(wrong == 0, "40 instances with items that weigh nothing or are worth nothing: the core's bag is the best");
}

/* 1,000 items: the selection leaves most of them in pieces, and on
 * uncorrelated items the bound of Dembo and Hammer keeps nearly all of
 * those from ever being sorted; every kind agrees with dp, and so do items
 * all as dense as each other (value 2 weight), where the break item is
 * found among equals.  The strongly correlated ones pair their states
 * with the items outside the core at step after step, each pairing a bag
 * whose history the read-back must follow. */
static void pieces_against_dp(void)
{
	int wrong = 0, cases = 0, widest = 0, most_pairings = 0;
	for (int kind = 0; kind <= KNAPSACK_KINDS; kind++)
		for (uint64_t seed = 1; seed <= 3; seed++) {
			struct knapsack k;
			knapsack_kind_make(&k, kind == KNAPSACK_KINDS ? KNAPSACK_SUBSET_SUM : (enum knapsack_kind)kind, 1000, 200,
			                   1, 2, seed);
			if (kind == KNAPSACK_KINDS)
				for (int i = 0; i < k.n; i++)
					k.items[i].value = 2 * k.items[i].weight;
			bool *a = calloc((size_t)k.n, sizeof *a), *b = calloc((size_t)k.n, sizeof *b);
			struct knapsack_figures fig;
			int64_t dp = knapsack_dp(&k, (uint64_t)1 << 27, a);
			int64_t core = knapsack_solve(&k, b, 0, NULL, &fig);
			if ((dp < 0 || core != dp || !bag_is(&k, b, dp)) && wrong++ < 3)
				tap_diag("kind %d seed %llu: dp %lld, core %lld", kind, (unsigned long long)seed, (long long)dp,
				         (long long)core);
			if (kind == KNAPSACK_UNCORRELATED && fig.core > widest)
				widest = fig.core;
			if (fig.pairings > most_pairings)
				most_pairings = fig.pairings;
			cases++;
			free(a);
			free(b);
			free(k.items);
		}
	ok(wrong == 0, "%d instances of 1,000 items: the core finds dp's optimum", cases);
	ok(widest > 0 && widest < 100, "uncorrelated, the core takes in at most %d of the 1,000 items", widest);
	ok(most_pairings >= 3, "and the states were paired with the items outside the core up to %d times in one solve",
	   most_pairings);
}

/* The items the exact solver works on (those that fit and are worth
 * something), densest first; *b gets the break solution's count. */
static int core_items(const struct knapsack *k, struct knapsack_core_item *it, int *b)
{
	int *order = malloc(sizeof *order * (size_t)k->n);
	knapsack_order(k, order);
	int m = 0;
	for (int i = 0; i < k->n; i++) {
		struct knapsack_item x = k->items[order[i]];
		if (x.weight > 0 && x.weight <= k->capacity && x.value > 0)
			it[m++] = (struct knapsack_core_item){ x.weight, x.value, order[i] };
	}
	int64_t room = k->capacity;
	for (*b = 0; *b < m && it[*b].weight <= room; (*b)++)
		room -= it[*b].weight;
	free(order);
	return m;
}

/* The bounds from item counts never fall below the optimum (unless z, the
 * best bag known, is already there), and on the two kinds they are made
 * for they cut below the LP bound. */
static void card_bounds_hold(void)
{
	int wrong = 0, cases = 0, cut[KNAPSACK_KINDS] = { 0 };
	struct knapsack_core_item it[64];
	bool take[64];
	int order[64];
	for (int kind = 0; kind < KNAPSACK_KINDS; kind++)
		for (uint64_t seed = 1; seed <= 40; seed++) {
			struct knapsack k;
			int n = 5 + (int)(seed % 40), b;
			knapsack_kind_make(&k, (enum knapsack_kind)kind, n, 20 + 37 * (int64_t)(seed % 7), 1 + (int)(seed % 3),
			                   4, seed);
			int64_t best = knapsack_dp(&k, 1u << 26, take);
			int m = core_items(&k, it, &b);
			knapsack_order(&k, order);
			struct knapsack_lp lp;
			knapsack_lp(&k, order, &lp);
			int64_t zs[2] = { best - 1, knapsack_greedy(&k, order, take) };
			for (int i = 0; i < 2; i++) {
				if (zs[i] < 0)
					continue;
				int64_t u = knapsack_card_bound(it, m, k.capacity, b, zs[i]);
				if ((u > zs[i] ? u : zs[i]) < best && wrong++ < 3)
					tap_diag("%s seed %llu, z %lld: bound %lld under the optimum %lld",
					         knapsack_kind_name((enum knapsack_kind)kind), (unsigned long long)seed,
					         (long long)zs[i], (long long)u, (long long)best);
				cut[kind] += u < lp.bound;
				cases++;
			}
			free(k.items);
		}
	ok(wrong == 0, "%d bounds from item counts on small instances of the five kinds: none under the optimum", cases);
	ok(cut[KNAPSACK_STRONGLY] > 20 && cut[KNAPSACK_INVERSE] > 20,
	   "and they cut below the LP bound on strongly (%d times) and inverse strongly correlated items (%d)",
	   cut[KNAPSACK_STRONGLY], cut[KNAPSACK_INVERSE]);
	/* Value = weight + K: at most k_max items, priced K each, leave the
	 * capacity: the bound is c + K k_max, exactly. */
	struct knapsack k;
	knapsack_kind_make(&k, KNAPSACK_STRONGLY, 60, 1000, 1, 2, 5);
	int b, m = core_items(&k, it, &b);
	is_u64((uint64_t)knapsack_card_bound(it, m, k.capacity, b, 0), (uint64_t)(k.capacity + 100 * b),
	       "strongly correlated, 60 items to 1,000: the bound is the capacity plus 100 for each of the %d items that fit", b);
	free(k.items);
}

int main(void)
{
	edges();
	small_against_brute();
	larger_against_dp();
	strongly_correlated_big();
	card_bounds_hold();
	weightless_and_worthless();
	pieces_against_dp();
	return tap_done();
}
