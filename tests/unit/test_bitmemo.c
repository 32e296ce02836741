/* Memoized counting on bitsets (bitmemo.h): its counts against the plain
 * search of the links, by both rules, on one thread and several, with
 * secondary items; counts beyond 64 bits (which the cache does not keep);
 * a cancel. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "problems.h"
#include "solver/bitmemo.h"
#include "solver/count.h"
#include "solver/dlx.h"
#include "solver/memo.h"
#include "tap.h"

static u128 plain_count(const struct xc_problem *p)
{
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct dlx_ctl ctl = { 0 };
	dlx_run(d, &ctl);
	u128 n = dlx_stats(d)->solutions;
	dlx_free(d);
	return n;
}

static struct bitmemo_result memo_count(const struct xc_problem *p, enum dlx_rule rule, int threads,
                                        const atomic_int *cancel)
{
	struct memo *m = memo_new((p->n_items + 63) / 64, (size_t)16 << 20, threads > 1);
	struct bitmemo_opts o = { .rule = rule, .threads = threads, .memo = m, .cancel = cancel };
	struct bitmemo_result r;
	bitmemo_count(p, &o, &r);
	memo_free(m);
	return r;
}

static uint64_t next(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005u + 1442695040888963407u;
	return *seed >> 33;
}

/* A problem with solutions planted in it: the primary items cut into
 * random blocks, each block an option, twice over with different cuts;
 * then random options of up to six items, some of them secondary. */
static struct xc_problem *planted(uint64_t *seed, int n, int np, int extra)
{
	struct xc_problem *p = xc_new();
	char name[16];
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "x%d", i);
		xc_add_item(p, name, i < np);
	}
	int items[8], tag = 0;
	for (int copy = 0; copy < 2; copy++) {
		for (int i = 0; i < np;) {
			int size = 1 + (int)(next(seed) % 4);
			int k = 0;
			while (k < size && i < np)
				items[k++] = i++;
			if (n > np && next(seed) % 3 == 0)
				items[k++] = np + (int)(next(seed) % (uint64_t)(n - np));
			xc_add_option(p, items, k, tag++, NULL);
		}
	}
	for (int e = 0; e < extra; e++) {
		int size = 1 + (int)(next(seed) % 6), k = 0;
		items[k++] = (int)(next(seed) % (uint64_t)np);
		while (k < size) {
			int it = (int)(next(seed) % (uint64_t)n);
			bool dup = false;
			for (int j = 0; j < k; j++)
				dup |= items[j] == it;
			if (dup)
				break;
			items[k++] = it;
		}
		xc_add_option(p, items, k, tag++, NULL);
	}
	return p;
}

static void test_random(void)
{
	uint64_t seed = 11;
	int same[2][3] = { { 0 } }, n_problems = 0, with_solutions = 0;
	for (int k = 0; k < 100; k++) {
		int n = 6 + k % 28, np = 4 + (k * 7) % (n - 3);
		struct xc_problem *p = planted(&seed, n, np, 10 + (k * 13) % 60);
		u128 want = plain_count(p);
		n_problems++;
		with_solutions += want > 0;
		for (int rule = 0; rule < 2; rule++) {
			for (int t = 1; t <= 3; t++) {
				struct bitmemo_result r = memo_count(p, rule ? DLX_FIRST : DLX_MRV, t, NULL);
				same[rule][t - 1] += r.complete && !r.st.overflow && r.st.solutions == want;
				stats_free(&r.st);
			}
		}
		xc_free(p);
	}
	for (int rule = 0; rule < 2; rule++)
		for (int t = 1; t <= 3; t++)
			ok(same[rule][t - 1] == n_problems, "%d random problems (%d with solutions), %s, %d thread%s: %d counts "
			   "equal to the links'", n_problems, with_solutions, rule ? "first item" : "shortest list", t,
			   t > 1 ? "s" : "", same[rule][t - 1]);
}

static void test_known(void)
{
	struct {
		struct xc_problem *p;
		const char *what;
		uint64_t want;
	} t[] = {
		{ make_queens(10), "10 queens (diagonals secondary)", 724 },
		{ make_sudoku(2, 2, NULL), "empty 4x4 sudoku", 288 },
		{ make_langford(8), "Langford pairs n=8", 300 },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		for (int threads = 1; threads <= 2; threads++) {
			struct bitmemo_result r = memo_count(t[i].p, DLX_MRV, threads, NULL);
			is_u64((uint64_t)r.st.solutions, t[i].want, "%s, %d thread%s", t[i].what, threads, threads > 1 ? "s" : "");
			stats_free(&r.st);
		}
		xc_free(t[i].p);
	}
}

/* n pairs of items, each pair covered together or one by one: 2^n
 * solutions, which only the cache makes countable. */
static struct xc_problem *pairs(int n)
{
	struct xc_problem *p = xc_new();
	char name[16];
	for (int i = 0; i < 2 * n; i++) {
		snprintf(name, sizeof name, "p%d", i);
		xc_add_item(p, name, true);
	}
	for (int i = 0; i < n; i++) {
		int both[2] = { 2 * i, 2 * i + 1 };
		xc_add_option(p, both, 2, 3 * i, NULL);
		xc_add_option(p, both, 1, 3 * i + 1, NULL);
		xc_add_option(p, both + 1, 1, 3 * i + 2, NULL);
	}
	return p;
}

static void test_large(void)
{
	struct xc_problem *p = pairs(70);
	for (int threads = 1; threads <= 2; threads++) {
		struct bitmemo_result r = memo_count(p, DLX_FIRST, threads, NULL);
		ok(r.complete && !r.st.overflow && r.st.solutions == (u128)1 << 70,
		   "70 pairs, %d thread%s: 2^70 solutions, beyond 64 bits", threads, threads > 1 ? "s" : "");
		stats_free(&r.st);
	}
	xc_free(p);

	/* through count_run, as the command line counts */
	p = pairs(70);
	struct count_opts co;
	count_opts_init(&co);
	co.memo = COUNT_MEMO_ON;
	co.memo_bytes = (size_t)16 << 20;
	struct count_result cr;
	count_run(p, &co, &cr);
	ok(cr.work_uncounted && cr.memo_used && cr.st.solutions == (u128)1 << 70 && cr.st.updates == 0,
	   "count_run with the memo: on bitsets, 2^70, no updates claimed");
	count_result_free(&cr);
	xc_free(p);
}

static void test_cancel(void)
{
	struct xc_problem *p = make_queens(12);
	atomic_int cancel = 1;
	for (int threads = 1; threads <= 2; threads++) {
		struct bitmemo_result r = memo_count(p, DLX_MRV, threads, &cancel);
		ok(!r.complete, "a cancel set before the start: not complete, %d thread%s", threads, threads > 1 ? "s" : "");
		stats_free(&r.st);
	}
	xc_free(p);
}

int main(void)
{
	test_random();
	test_known();
	test_large();
	test_cancel();
	return tap_done();
}
