/* Memoized counting on bitsets (bitmemo.h): its counts against the plain
 * search of the links, by both rules, on one thread and several, with
 * secondary items; counts beyond 64 bits (which the cache does not keep);
 * a cancel. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "problems.h"
#include "solver/xc/bitmemo.h"
#include "solver/xc/count.h"
#include "solver/xc/dlx.h"
#include "solver/xc/memo.h"
#include "tap.h"

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

static void test_random(void)
{
	uint64_t seed = 11;
	int same[2][3] = { { 0 } }, n_problems = 0, with_solutions = 0;
	for (int k = 0; k < 100; k++) {
		int n = 6 + k % 28, np = 4 + (k * 7) % (n - 3);
		struct xc_problem *p = make_planted(&seed, n, np, 10 + (k * 13) % 60);
		u128 want = problems_count_plain(p);
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

static void test_large(void)
{
	struct xc_problem *p = make_pairs(70);
	for (int threads = 1; threads <= 2; threads++) {
		struct bitmemo_result r = memo_count(p, DLX_FIRST, threads, NULL);
		ok(r.complete && !r.st.overflow && r.st.solutions == (u128)1 << 70,
		   "70 pairs, %d thread%s: 2^70 solutions, beyond 64 bits", threads, threads > 1 ? "s" : "");
		stats_free(&r.st);
	}
	xc_free(p);

	/* through count_run, as the command line counts */
	p = make_pairs(70);
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
