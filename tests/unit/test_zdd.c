/* The diagram of all solutions (zdd.h): its counts against the plain
 * search of the links, with secondary items; the frequencies against the
 * count; samples that are exact covers, repeated by their seed and about
 * uniform; no items, no solution; a budget too small, and a cancel. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "problems.h"
#include "solver/xc/zdd.h"
#include "tap.h"
#include "cancel_later.h"

static struct zdd *build(const struct xc_problem *p, size_t cap, enum zdd_end *end)
{
	struct zdd_opts o = { .cap_bytes = cap };
	struct zdd *z;
	*end = zdd_build(p, &o, &z);
	return z;
}

static u128 count_by(const struct xc_problem *p, enum zdd_method method)
{
	struct zdd_opts o = { .method = method };
	struct zdd *z;
	zdd_build(p, &o, &z);
	if (!z)
		return U128_MAX;
	bool over;
	u128 n = zdd_count(z, &over);
	zdd_free(z);
	return over ? U128_MAX : n;
}

static u128 count_of(const struct xc_problem *p)
{
	return count_by(p, ZDD_BY_STATES);
}

static const char *const dominoes[] = { "##" };
static const char *const trominoes[] = { "###", "##/#." };

static void test_known(void)
{
	struct {
		struct xc_problem *p;
		const char *what;
		uint64_t want;   /* 0: the links' count */
	} t[] = {
		{ make_queens(8), "8 queens (diagonals secondary)", 92 },
		{ make_queens(10), "10 queens", 724 },
		{ make_tiling(2, 9, trominoes, 2), "trominoes on 2x9", 41 },
		{ make_tiling(4, 4, dominoes, 1), "dominoes on 4x4", 36 },
		{ make_tiling(6, 6, dominoes, 1), "dominoes on 6x6", 6728 },
		{ make_tiling(5, 6, dominoes, 1), "dominoes on 5x6", 1183 },
		{ make_tiling(6, 6, trominoes, 2), "trominoes on 6x6", 0 },
		{ make_sudoku(2, 2, NULL), "empty 4x4 sudoku", 288 },
		{ make_langford(8), "Langford pairs n=8", 300 },
		{ make_pairs(70), "70 pairs", 0 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		u128 want = t[i].want ? t[i].want : i == 9 ? (u128)1 << 70 : problems_count_plain(t[i].p);
		u128 got = count_of(t[i].p);
		char buf[U128_DIGITS];
		ok(got == want, "%s: %s", t[i].what, u128_str(want, buf));
		/* by AND, 10 queens take seconds (12 queens: over 90 s) */
		if (i != 1) {
			u128 by_and = count_by(t[i].p, ZDD_BY_AND);
			ok(by_and == want, "the same by AND (%s)", u128_str(by_and, buf));
		}
		xc_free(t[i].p);
	}
}

static void test_random(void)
{
	uint64_t seed = 31;
	int same = 0, same_and = 0, n = 0;
	for (int k = 0; k < 150; k++) {
		int items = 6 + k % 28, np = 4 + (k * 7) % (items - 3);
		struct xc_problem *p = make_planted(&seed, items, np, 10 + (k * 13) % 60);
		u128 want = problems_count_plain(p);
		same += count_of(p) == want;
		if (k < 50)
			same_and += count_by(p, ZDD_BY_AND) == want;
		n++;
		xc_free(p);
	}
	ok(same == n, "%d random problems with secondary items: %d counts equal to the links'", n, same);
	ok(same_and == 50, "by AND, the first 50: %d equal", same_and);
}

/* Every option's frequency added up is every solution's size added up:
 * for a tiling by trominoes of 18 cells, 6 options a solution. */
static void test_frequencies(void)
{
	struct xc_problem *p = make_tiling(2, 9, trominoes, 2);
	enum zdd_end end;
	struct zdd *z = build(p, 0, &end);
	u128 *freq = malloc(sizeof *freq * (size_t)p->n_options);
	bool fine = zdd_frequencies(z, freq);
	u128 sum = 0;
	for (int k = 0; k < p->n_options; k++)
		sum += freq[k];
	ok(fine && sum == 41 * 6, "trominoes on 2x9: the frequencies add up to 41 x 6 (%llu)", (unsigned long long)sum);
	free(freq);
	zdd_free(z);
	xc_free(p);

	p = make_queens(8);
	z = build(p, 0, &end);
	freq = malloc(sizeof *freq * (size_t)p->n_options);
	fine = zdd_frequencies(z, freq);
	sum = 0;
	for (int k = 0; k < p->n_options; k++)
		sum += freq[k];
	ok(fine && sum == 92 * 8 && freq[0] == 4, "8 queens: frequencies add up to 92 x 8, a corner in 4");
	free(freq);
	zdd_free(z);
	xc_free(p);
}

/* An exact cover: each primary item once, each secondary at most once. */
static bool is_cover(const struct xc_problem *p, const int *options, int n)
{
	int *seen = calloc((size_t)p->n_items + 1, sizeof *seen);
	bool fine = true;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < xc_option_size(p, options[i]); j++)
			fine &= ++seen[xc_option_items(p, options[i])[j]] == 1;
	for (int i = 0; i < p->n_primary; i++)
		fine &= seen[i] == 1;
	free(seen);
	return fine;
}

/* A solution's options as one number, for telling the 41 apart: they
 * are few enough on 2x9 (6 options of under 64) to sort and pack. */
static uint64_t solution_key(int *options, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && options[j - 1] > options[j]; j--) {
			int t = options[j];
			options[j] = options[j - 1];
			options[j - 1] = t;
		}
	uint64_t key = 0;
	for (int i = 0; i < n; i++)
		key = key * 1000003u + (uint64_t)options[i] + 1;
	return key;
}

static void test_sample(void)
{
	struct xc_problem *p = make_tiling(2, 9, trominoes, 2);
	enum zdd_end end;
	struct zdd *z = build(p, 0, &end);
	int *opts = malloc(sizeof *opts * (size_t)p->n_options);
	uint64_t keys[41];
	int seen[41] = { 0 }, n_keys = 0, covers = 0;
	struct rng r;
	rng_seed(&r, 2026);
	enum { DRAWS = 4100 };
	for (int d = 0; d < DRAWS; d++) {
		int n = zdd_sample(z, &r, opts);
		covers += n > 0 && is_cover(p, opts, n);
		uint64_t key = solution_key(opts, n);
		int at = 0;
		while (at < n_keys && keys[at] != key)
			at++;
		if (at == n_keys && n_keys < 41)
			keys[n_keys++] = key;
		if (at < 41)
			seen[at]++;
	}
	ok(covers == DRAWS, "trominoes on 2x9: %d samples, %d of them exact covers", DRAWS, covers);
	ok(n_keys == 41, "all 41 tilings drawn (%d)", n_keys);
	double chi2 = 0, expect = DRAWS / 41.0;
	for (int i = 0; i < 41; i++)
		chi2 += (seen[i] - expect) * (seen[i] - expect) / expect;
	/* 73.4 is the 0.999 quantile with 40 degrees of freedom; the seed
	 * is fixed, so this cannot flake, only fail if the draws are biased */
	ok(chi2 < 73.4, "about uniform: chi-square %.1f with 40 degrees of freedom, below 73.4", chi2);

	/* the same seed, the same draws; another, others */
	struct rng a, b, c;
	rng_seed(&a, 7);
	rng_seed(&b, 7);
	rng_seed(&c, 8);
	int *o2 = malloc(sizeof *o2 * (size_t)p->n_options);
	int same = 0, differ = 0;
	for (int d = 0; d < 50; d++) {
		int n1 = zdd_sample(z, &a, opts);
		uint64_t k1 = solution_key(opts, n1);
		int n2 = zdd_sample(z, &b, o2);
		same += n1 == n2 && k1 == solution_key(o2, n2);
		int n3 = zdd_sample(z, &c, o2);
		differ += k1 != solution_key(o2, n3);
	}
	ok(same == 50 && differ > 0, "seed 7 twice: the same 50 samples; seed 8: others (%d differ)", differ);
	free(o2);
	free(opts);
	zdd_free(z);
	xc_free(p);
}

static void test_edges(void)
{
	struct xc_problem *p = xc_new();
	enum zdd_end end;
	struct zdd *z = build(p, 0, &end);
	bool over;
	ok(end == ZDD_DONE && zdd_count(z, &over) == 1, "no items: one solution, the empty one");
	int none[1];
	struct rng r;
	rng_seed(&r, 1);
	ok(zdd_sample(z, &r, none) == 0, "its sample is the empty set");
	zdd_free(z);
	xc_free(p);

	p = make_tiling(3, 3, dominoes, 1);
	z = build(p, 0, &end);
	struct zdd_stats st;
	zdd_stats(z, &st);
	ok(end == ZDD_DONE && zdd_count(z, &over) == 0 && st.nodes == 0 && zdd_sample(z, &r, none) == -1,
	   "dominoes on 3x3: no solution, no node, no sample");
	zdd_free(z);
	xc_free(p);

	p = make_tiling(1, 5000, dominoes, 1);
	z = build(p, 0, &end);
	ok(end == ZDD_DONE && zdd_count(z, &over) == 1 && !over, "dominoes on 1x5000 (the given order kept): one");
	zdd_free(z);
	xc_free(p);

	/* 2x200 has F(201), about 4.5e41, tilings: past 128 bits */
	p = make_tiling(2, 200, dominoes, 1);
	z = build(p, 0, &end);
	zdd_count(z, &over);
	u128 *freq = malloc(sizeof *freq * (size_t)p->n_options);
	ok(end == ZDD_DONE && over && zdd_sample(z, &r, none) == -1 && !zdd_frequencies(z, freq),
	   "dominoes on 2x200: the count overflows, said so; no sample, no frequencies");
	free(freq);
	zdd_free(z);
	xc_free(p);

	p = make_tiling(8, 8, trominoes, 2);
	z = build(p, (size_t)64 << 10, &end);
	ok(!z && end == ZDD_NO_ROOM, "trominoes on 8x8 in 64 KB: no room, said so (%s)", zdd_end_text(end));
	xc_free(p);
}

static void test_cancel(void)
{
	/* big enough to take minutes: cells by the column of 9 rows */
	struct xc_problem *p = make_tiling(14, 14, trominoes, 2);
	atomic_int flag = 0;
	struct cancel_later c;
	cancel_later_start(&c, &flag, "the build of trominoes on 14x14");
	struct zdd_opts o = { .cancel = &flag };
	struct zdd *z;
	enum zdd_end end = zdd_build(p, &o, &z);
	cancel_later_end(&c);
	ok(end == ZDD_CANCELLED && !z, "trominoes on 14x14, cancelled: ended, nothing kept");
	xc_free(p);
}

int main(void)
{
	test_known();
	test_random();
	test_frequencies();
	test_sample();
	test_edges();
	test_cancel();
	return tap_done();
}
