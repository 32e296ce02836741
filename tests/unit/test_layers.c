/* Counting by layers (layers.h): its counts against the plain search of
 * the links, by both rules, with secondary items; the three ways it gives
 * up (no room, paths beyond 64 bits, states that seldom repeat) and
 * count_run's depth-first count after each; a cancel. */
#include "config.h"

#include <stdio.h>

#include "problems.h"
#include "solver/xc/count.h"
#include "solver/xc/dlx.h"
#include "solver/xc/layers.h"
#include "tap.h"

static struct layers_result by_layers(const struct xc_problem *p, enum dlx_rule rule, int threads, size_t cap,
                                      bool judge, const atomic_int *cancel)
{
	struct layers_opts o = { .rule = rule, .threads = threads, .cap_bytes = cap, .judge = judge, .cancel = cancel };
	struct layers_result r;
	layers_count(p, &o, &r);
	return r;
}

static void test_random(void)
{
	uint64_t seed = 29;
	int same[2][3] = { { 0 } }, n_problems = 0, with_solutions = 0;
	for (int k = 0; k < 150; k++) {
		int n = 6 + k % 28, np = 4 + (k * 7) % (n - 3);
		struct xc_problem *p = make_planted(&seed, n, np, 10 + (k * 13) % 60);
		u128 want = problems_count_plain(p);
		n_problems++;
		with_solutions += want > 0;
		for (int rule = 0; rule < 2; rule++) {
			for (int t = 1; t <= 3; t++) {
				struct layers_result r = by_layers(p, rule ? DLX_FIRST : DLX_MRV, t, (size_t)16 << 20, false, NULL);
				same[rule][t - 1] += r.end == LAYERS_DONE && !r.st.overflow && r.st.solutions == want;
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
	static const char *const trominoes[] = { "###", "##/#." };
	struct {
		struct xc_problem *p;
		const char *what;
		uint64_t want;
	} t[] = {
		{ make_queens(10), "10 queens (diagonals secondary)", 724 },
		{ make_sudoku(2, 2, NULL), "empty 4x4 sudoku", 288 },
		{ make_langford(8), "Langford pairs n=8", 300 },
		{ make_tiling(6, 6, trominoes, 2), "trominoes on 6x6", 0 },
	};
	t[3].want = (uint64_t)problems_count_plain(t[3].p);
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		for (int rule = 0; rule < 2; rule++) {
			for (int threads = 1; threads <= 2; threads++) {
				struct layers_result r =
					by_layers(t[i].p, rule ? DLX_FIRST : DLX_MRV, threads, (size_t)16 << 20, false, NULL);
				ok(r.end == LAYERS_DONE && (uint64_t)r.st.solutions == t[i].want && r.widest > 0,
				   "%s, %s, %d thread%s: %llu", t[i].what, rule ? "first item" : "shortest list", threads,
				   threads > 1 ? "s" : "", (unsigned long long)t[i].want);
				stats_free(&r.st);
			}
		}
		xc_free(t[i].p);
	}
}

/* A count through count_run, as the command line makes it. */
static struct count_result run(const struct xc_problem *p, enum count_memo memo, size_t bytes)
{
	struct count_opts co;
	count_opts_init(&co);
	co.memo = memo;
	co.memo_bytes = bytes;
	struct count_result cr;
	count_run(p, &co, &cr);
	return cr;
}

static void test_giving_up(void)
{
	/* 60 pairs: at most 2^60 paths to a state, and 2^60 solutions */
	struct xc_problem *p = make_pairs(60);
	struct layers_result r = by_layers(p, DLX_FIRST, 1, (size_t)16 << 20, false, NULL);
	ok(r.end == LAYERS_DONE && r.st.solutions == (u128)1 << 60, "60 pairs by layers: 2^60");
	stats_free(&r.st);
	xc_free(p);

	/* 70 pairs: 2^70 paths reach the last state */
	p = make_pairs(70);
	r = by_layers(p, DLX_FIRST, 1, (size_t)16 << 20, false, NULL);
	ok(r.end == LAYERS_TOO_WIDE, "70 pairs by layers: given up, paths beyond 64 bits (%s)", layers_end_text(r.end));
	stats_free(&r.st);
	struct count_result cr = run(p, COUNT_MEMO_ON, (size_t)16 << 20);
	ok(cr.complete && cr.layered && cr.layers_end == LAYERS_TOO_WIDE && cr.st.solutions == (u128)1 << 70,
	   "70 pairs through count_run: layers give up, the depth-first memo counts 2^70");
	count_result_free(&cr);
	xc_free(p);

	/* no room: a cap smaller than one layer's table */
	static const char *const trominoes[] = { "###", "##/#." };
	p = make_tiling(6, 6, trominoes, 2);
	u128 want = problems_count_plain(p);
	r = by_layers(p, DLX_MRV, 2, (size_t)20 << 10, false, NULL);
	ok(r.end == LAYERS_NO_ROOM, "trominoes on 6x6 in 20 KB: given up, no room (%s)", layers_end_text(r.end));
	stats_free(&r.st);
	cr = run(p, COUNT_MEMO_ON, (size_t)20 << 10);
	ok(cr.complete && cr.layered && cr.layers_end == LAYERS_NO_ROOM && cr.st.solutions == want,
	   "the same through count_run: counted depth first, the same count");
	count_result_free(&cr);
	cr = run(p, COUNT_MEMO_ON, (size_t)16 << 20);
	ok(cr.complete && cr.layered && cr.layers_end == LAYERS_DONE && cr.st.solutions == want && cr.work_uncounted &&
	   cr.st.updates == 0, "with room: counted by layers, no updates claimed");
	count_result_free(&cr);
	xc_free(p);

	/* judged: 13 queens' states (diagonals in the key) seldom repeat */
	p = make_queens(13);
	r = by_layers(p, DLX_MRV, 1, (size_t)256 << 20, true, NULL);
	ok(r.end == LAYERS_NO_REPEATS, "13 queens, judged: given up, the states seldom repeat (%s)",
	   layers_end_text(r.end));
	stats_free(&r.st);
	cr = run(p, COUNT_MEMO_AUTO, (size_t)256 << 20);
	ok(cr.complete && cr.layers_end == LAYERS_NO_REPEATS && cr.st.solutions == 73712,
	   "the same through count_run (memo auto): counted depth first, 73712");
	count_result_free(&cr);
	xc_free(p);
}

static void test_cancel(void)
{
	struct xc_problem *p = make_queens(12);
	atomic_int cancel = 1;
	for (int threads = 1; threads <= 2; threads++) {
		struct layers_result r = by_layers(p, DLX_MRV, threads, (size_t)64 << 20, false, &cancel);
		ok(r.end == LAYERS_CANCELLED, "a cancel set before the start, %d thread%s: cancelled", threads,
		   threads > 1 ? "s" : "");
		stats_free(&r.st);
	}
	xc_free(p);
}

int main(void)
{
	test_random();
	test_known();
	test_giving_up();
	test_cancel();
	return tap_done();
}
