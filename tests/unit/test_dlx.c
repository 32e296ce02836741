/* The exact-cover engine: counts on problems with known answers, the DLX1
 * accounting, resuming, stepping with the link lists checked at every
 * level, cancelling, the memo cache, threads and shards, the estimator. */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "problems.h"
#include "puzzles/xcfile.h"
#include "solver/xc/bitx.h"
#include "solver/xc/count.h"
#include "solver/xc/cutlevel.h"
#include "solver/xc/dlx.h"
#include "solver/estimate.h"
#include "solver/xc/memo.h"
#include "tap.h"

static const char *const L_TROMINO = "#./##";
static const char *const I_TROMINO = "###";
static const char *const DOMINO = "##";
static const char *const PENTOMINOES[12] = {
	"#####", "##/##/#.", "#./#./#./##", "##./.##/.#.", "##/#./##", "###/.#./.#.",
	"#../#../###", "#../##./.##", ".#./###/.#.", ".#/.#/##/#.", "..#./####", "##./.#./.##",
};

/* Count plainly, to the end, in one go. */
static struct search_stats plain(const struct xc_problem *p, enum dlx_rule rule)
{
	struct dlx *d = dlx_new(p, rule);
	struct engine_ctl ctl = { 0 };
	dlx_run(d, &ctl);
	struct search_stats st;
	stats_init(&st, dlx_depth(d));
	stats_copy(&st, dlx_stats(d));
	dlx_free(d);
	return st;
}

static uint64_t count_sols(const struct xc_problem *p, enum dlx_rule rule)
{
	struct search_stats st = plain(p, rule);
	uint64_t n = st.solutions;
	stats_free(&st);
	return n;
}

static uint64_t count_memo(const struct xc_problem *p, enum dlx_rule rule, size_t cap)
{
	struct memo *m = memo_new((p->n_items + 63) / 64, cap, false);
	struct dlx *d = dlx_new(p, rule);
	dlx_set_memo(d, m, 0, false);
	struct engine_ctl ctl = { 0 };
	dlx_run(d, &ctl);
	uint64_t n = dlx_stats(d)->solutions;
	dlx_free(d);
	memo_free(m);
	return n;
}

static void test_knuth_example(void)
{
	/* The example of Knuth's DLX1: its only solution is A D, E F C, B G. */
	struct diag err;
	struct xc_problem *p = xcfile_parse("| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n",
	                                    "example", &err);
	ok(p != NULL, "Knuth's example parses");
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { .report_solutions = true };
	ok(dlx_run(d, &ctl) == ENGINE_SOLUTION, "it has a solution");
	int opts[8], n = dlx_path(d, opts);
	int seen = 0;
	for (int i = 0; i < n; i++)
		seen |= 1 << opts[i];
	is_u64(n, 3, "the solution has three options");
	is_u64(seen, (1 << 3) | (1 << 0) | (1 << 4), "they are A D, C E F and B G");
	ok(dlx_run(d, &ctl) == ENGINE_DONE, "and no other");
	is_u64(dlx_stats(d)->solutions, 1, "one solution counted");
	dlx_free(d);
	xc_free(p);
}

/* Nothing to cover (a full Sudoku grid reduces to this): one solution, the
 * empty choice, at the root; the search used to run off its item list. */
static bool count_and_go_on(void *ctx, struct dlx *d);

static void test_empty_problem(void)
{
	struct xc_problem *p = xc_new();
	xc_add_item(p, "s", false); /* a secondary item only */
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl steps = { .step = true };
	ok(dlx_run(d, &steps) == ENGINE_STEP && dlx_event(d)->kind == ENGINE_EV_SOLUTION, "no primary item: a solution at once");
	int opts[1];
	is_u64(dlx_path(d, opts), 0, "of no options");
	ok(dlx_run(d, &steps) == ENGINE_DONE, "then done");
	is_u64(dlx_stats(d)->solutions, 1, "one solution");
	is_u64(dlx_stats(d)->nodes, 1, "one node, the root");
	dlx_restart(d);
	struct engine_ctl plain = { 0 };
	ok(dlx_run(d, &plain) == ENGINE_DONE && dlx_stats(d)->solutions == 1, "a straight run counts it too");
	/* the way `solve` prints solutions: a finished board is its own */
	int seen = 0;
	dlx_set_on_solution(d, count_and_go_on, &seen);
	dlx_restart(d);
	ok(dlx_run(d, &plain) == ENGINE_DONE && seen == 1, "bad_full_board: the empty solution is given to on_solution");
	dlx_free(d);
	is_u64(count_solutions(p, DLX_MRV, 0, NULL), 1, "and the counter");
	xc_free(p);
}

static void test_queens(void)
{
	static const uint64_t want[] = { 0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724 };
	for (int n = 1; n <= 10; n++) {
		struct xc_problem *p = make_queens(n);
		is_u64(count_sols(p, DLX_MRV), want[n], "%d queens: %" PRIu64 " solutions (MRV)", n, want[n]);
		is_u64(count_sols(p, DLX_FIRST), want[n], "%d queens: %" PRIu64 " solutions (first item)", n, want[n]);
		is_u64(count_memo(p, DLX_MRV, 1 << 24), want[n], "%d queens: %" PRIu64 " solutions (memo)", n, want[n]);
		xc_free(p);
	}
}

static void test_tilings(void)
{
	struct {
		int h, w;
		const char *const *shapes;
		int n;
		uint64_t want;
		const char *what;
	} t[] = {
		{ 2, 10, &DOMINO, 1, 89, "dominoes, 2x10 (Fibonacci)" },
		{ 4, 4, &DOMINO, 1, 36, "dominoes, 4x4" },
		{ 6, 6, &DOMINO, 1, 6728, "dominoes, 6x6" },
		{ 5, 6, &DOMINO, 1, 1183, "dominoes, 5x6" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct xc_problem *p = make_tiling(t[i].h, t[i].w, t[i].shapes, t[i].n);
		is_u64(count_sols(p, DLX_MRV), t[i].want, "%s: %" PRIu64 " tilings", t[i].what, t[i].want);
		is_u64(count_memo(p, DLX_FIRST, 1 << 24), t[i].want, "%s: %" PRIu64 " tilings (memo, first item)",
		       t[i].what, t[i].want);
		xc_free(p);
	}

	/* 8x8 dominoes are too many to enumerate in a test, but the memo cache
	 * with the first-cell rule counts them at once. */
	struct xc_problem *p = make_tiling(8, 8, &DOMINO, 1);
	is_u64(count_memo(p, DLX_FIRST, 1 << 26), 12988816, "dominoes, 8x8: 12988816 tilings (memo)");
	xc_free(p);

	const char *tri[2] = { L_TROMINO, I_TROMINO };
	p = make_tiling(2, 3, tri, 2);
	is_u64(count_sols(p, DLX_MRV), 3, "L and I trominoes, 2x3: 3 tilings");
	xc_free(p);
	p = make_tiling(3, 3, tri, 2);
	uint64_t n33 = count_sols(p, DLX_MRV);
	is_u64(count_memo(p, DLX_FIRST, 1 << 24), n33, "L and I trominoes, 3x3: memo agrees (%" PRIu64 ")", n33);
	xc_free(p);

	/* Project Euler 161: L and I trominoes on 12 rows of 9, far too many
	 * tilings to enumerate; the first-cell rule lets the memo count them. */
	p = make_tiling(12, 9, tri, 2);
	is_u64(p->n_options, 526, "L and I trominoes, 12x9: 526 options");
	is_u64(count_memo(p, DLX_FIRST, (size_t)1 << 28), 20574308184277971u,
	       "L and I trominoes, 12x9: 20574308184277971 tilings (memo, first cell)");
	xc_free(p);

	/* Pentominoes, each once, every orientation counted: 2 and 368
	 * solutions up to symmetry, four symmetries of the box. */
	p = make_packing(3, 20, PENTOMINOES, 12);
	is_u64(count_sols(p, DLX_MRV), 8, "pentominoes in 3x20: 8 packings");
	xc_free(p);
	p = make_packing(4, 15, PENTOMINOES, 12);
	is_u64(count_sols(p, DLX_MRV), 1472, "pentominoes in 4x15: 1472 packings");
	is_u64(count_memo(p, DLX_MRV, 1 << 26), 1472, "pentominoes in 4x15: 1472 packings (memo)");
	xc_free(p);
}

static void test_sudoku_and_langford(void)
{
	struct xc_problem *p = make_sudoku(2, 2, NULL);
	is_u64(p->n_items, 64, "4x4 sudoku has 64 items");
	is_u64(count_sols(p, DLX_MRV), 288, "empty 4x4 sudoku: 288 grids");
	xc_free(p);

	p = make_sudoku(3, 3, NULL);
	is_u64(p->n_items, 324, "9x9 sudoku has 324 items");
	is_u64(p->n_options, 729, "9x9 sudoku has 729 options");
	xc_free(p);

	const char *puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
	p = make_sudoku(3, 3, puzzle);
	is_u64(count_sols(p, DLX_MRV), 1, "a proper 9x9 sudoku has one solution");
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { .report_solutions = true };
	dlx_run(d, &ctl);
	int opts[100], n = dlx_path(d, opts);
	int grid[81] = { 0 };
	for (int i = 0; i < n; i++)
		grid[p->opt_tag[opts[i]] / 9] = p->opt_tag[opts[i]] % 9 + 1;
	bool good = n == 81;
	for (int i = 0; i < 81; i++)
		good &= puzzle[i] == '.' || puzzle[i] - '0' == grid[i];
	for (int u = 0; u < 9; u++) {
		int rows = 0, cols = 0, boxes = 0;
		for (int k = 0; k < 9; k++) {
			rows |= 1 << grid[u * 9 + k];
			cols |= 1 << grid[k * 9 + u];
			boxes |= 1 << grid[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3];
		}
		good &= rows == 0x3fe && cols == 0x3fe && boxes == 0x3fe;
	}
	ok(good, "its solution keeps the clues and the rules");
	dlx_free(d);
	xc_free(p);

	static const uint64_t langford[] = { 0, 0, 0, 2, 2, 0, 0, 52, 300 };
	for (int k = 3; k <= 8; k++) {
		p = make_langford(k);
		is_u64(count_sols(p, DLX_MRV), langford[k], "Langford pairs n=%d: %" PRIu64, k, langford[k]);
		xc_free(p);
	}
}

/* The whole 9x9 problem with a puzzle's clues preset: on a clone of its
 * links, the same search as on links of its own, the puzzle's one
 * solution, and the clues stay through a restart. */
static bool preset_clues(struct dlx *d, const struct xc_problem *whole, const char *puzzle)
{
	bool preset = true;
	for (int c = 0; c < 81; c++)
		for (int k = 0; k < whole->n_options && puzzle[c] != '.'; k++)
			if (whole->opt_tag[k] == c * 9 + puzzle[c] - '1')
				preset &= dlx_preset(d, k);
	return preset;
}

static void test_clone_preset(void)
{
	const char *puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
	int clues = 0;
	for (int c = 0; c < 81; c++)
		clues += puzzle[c] != '.';
	struct xc_problem *whole = make_sudoku(3, 3, NULL), *own = make_sudoku(3, 3, puzzle);
	struct dlx *tpl = dlx_new(whole, DLX_MRV), *d = dlx_clone(tpl), *fresh = dlx_new(whole, DLX_MRV);
	struct diag err = { "" };
	ok(preset_clues(d, whole, puzzle) && preset_clues(fresh, whole, puzzle), "the %d clues are preset", clues);
	int other = -1;
	for (int k = 0; k < whole->n_options && other < 0; k++)
		if (whole->opt_tag[k] == 0 * 9 + 1) /* a 2 in r1c1, which holds the clue 5 */
			other = k;
	ok(!dlx_preset(d, other), "a second digit in a cell with a clue is refused");
	ok(dlx_check(d, &err), "the links are whole after the presets%s%s", err.msg[0] ? ": " : "", err.msg);

	struct engine_ctl ctl = { 0 };
	dlx_run(fresh, &ctl);
	const struct search_stats *want = dlx_stats(fresh);
	for (int run = 0; run < 2; run++) {
		dlx_run(d, &ctl);
		const struct search_stats *st = dlx_stats(d);
		is_u64(st->solutions, 1, "run %d: one solution", run + 1);
		ok(st->nodes == want->nodes && st->updates == want->updates && st->mems == want->mems,
		   "run %d: the search of links of its own (%" PRIu64 " nodes, %" PRIu64 " updates)", run + 1,
		   want->nodes, want->updates);
		ok(dlx_check(d, &err), "run %d: the links are whole after the search", run + 1);
		dlx_restart(d);
	}
	struct engine_ctl first = { .report_solutions = true };
	dlx_run(d, &first);
	int opts[100], n = dlx_path(d, opts);
	is_u64((uint64_t)n, (uint64_t)(81 - clues), "the path holds the %d blank cells, not the clues", 81 - clues);
	/* The puzzle's own problem places the clues too: its solution has the
	 * path's options and one per clue. */
	struct dlx *o = dlx_new(own, DLX_MRV);
	dlx_run(o, &first);
	int oopts[100], on = dlx_path(o, oopts), found = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < on; j++)
			found += whole->opt_tag[opts[i]] == own->opt_tag[oopts[j]];
	is_u64((uint64_t)found, (uint64_t)n, "the path is the blank cells of the puzzle's solution");
	dlx_free(o);
	dlx_free(d);
	dlx_free(fresh);
	ok(dlx_check(tpl, &err), "the template's links are as they were after its clones");
	dlx_free(tpl);
	xc_free(whole);
	xc_free(own);
}

/* Each of the four ways dlx_new can pick (counting empty lists or not,
 * covering as DLX1 or unlinking whole options) makes the same search, to
 * the mem, with the links whole at every node. */
static void test_ways(void)
{
	const char *tri[2] = { L_TROMINO, I_TROMINO };
	struct {
		struct xc_problem *p;
		const char *what;
		bool first_too; /* small enough a tree without the shortest list */
	} t[] = {
		{ make_queens(7), "7 queens (secondary items)", true },
		{ make_tiling(4, 5, &DOMINO, 1), "dominoes, 4x5", true },
		{ make_tiling(3, 6, tri, 2), "L and I trominoes, 3x6", true },
		{ make_packing(3, 20, PENTOMINOES, 12), "pentominoes in 3x20", false },
		{ make_sudoku(2, 2, NULL), "empty 4x4 sudoku", true },
		{ make_sudoku(3, 3, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"),
		  "a 9x9 sudoku", false },
		{ make_langford(7), "Langford pairs n=7", true },
	};
	for (size_t k = 0; k < 2 * sizeof t / sizeof t[0]; k++) {
		size_t i = k / 2;
		enum dlx_rule rule = k % 2 ? DLX_FIRST : DLX_MRV;
		if (rule == DLX_FIRST && !t[i].first_too) {
			xc_free(t[i].p);
			continue;
		}
		uint64_t nodes[4], updates[4], mems[4], sols[4], bad = 0;
		struct diag err = { "" };
		for (int w = 0; w < 4; w++) {
			struct dlx *d = dlx_new(t[i].p, rule);
			dlx_set_ways(d, w & 1, w & 2);
			struct engine_ctl step = { .step = true };
			while (dlx_run(d, &step) == ENGINE_STEP)
				if (dlx_event(d)->kind == ENGINE_EV_CHOOSE && !dlx_check(d, &err))
					bad++;
			const struct search_stats *st = dlx_stats(d);
			nodes[w] = st->nodes, updates[w] = st->updates, mems[w] = st->mems, sols[w] = st->solutions;
			if (!dlx_check(d, &err))
				bad++;
			dlx_free(d);
		}
		bool same = true;
		for (int w = 1; w < 4; w++)
			same &= nodes[w] == nodes[0] && updates[w] == updates[0] && mems[w] == mems[0] && sols[w] == sols[0];
		const char *by = rule == DLX_MRV ? "shortest list" : "first item";
		ok(same, "%s, %s: the four ways make one search (%" PRIu64 " solutions, %" PRIu64 " nodes)", t[i].what,
		   by, sols[0], nodes[0]);
		is_u64(bad, 0, "%s, %s: the links are whole at every node, in every way%s%s", t[i].what, by,
		       bad ? ": " : "", err.msg);
		if (rule == DLX_FIRST)
			xc_free(t[i].p);
	}
}

/* A random problem: n items, the first np primary, m options of 1 to 4
 * items, each with a primary one. */
static struct xc_problem *random_problem(uint64_t *seed, int n, int np, int m)
{
	struct xc_problem *p = xc_new();
	char name[16];
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "i%d", i);
		xc_add_item(p, name, i < np);
	}
	for (int k = 0; k < m; k++) {
		int items[4], size = 0, want = 1 + (int)((*seed >> 33) % 4);
		*seed = *seed * 6364136223846793005u + 1442695040888963407u;
		items[size++] = (int)((*seed >> 33) % (uint64_t)np);
		while (size < want) {
			*seed = *seed * 6364136223846793005u + 1442695040888963407u;
			int it = (int)((*seed >> 33) % (uint64_t)n);
			bool dup = false;
			for (int j = 0; j < size; j++)
				dup |= items[j] == it;
			if (dup)
				break;
			items[size++] = it;
		}
		xc_add_option(p, items, size, k, NULL);
	}
	return p;
}

/* The search on bitsets against the links: the same solutions, nodes,
 * nodes per level, updates and mems, by either rule, in one go or in
 * slices of a few nodes' mems. */
static bool same_search(const struct xc_problem *p, enum dlx_rule rule, uint64_t slice, char *why, size_t size)
{
	struct search_stats want = plain(p, rule);
	struct bitx *b = bitx_new(p, rule);
	struct engine_ctl ctl = { .mems_budget = slice };
	while (bitx_run(b, &ctl) == ENGINE_BUDGET)
		;
	const struct search_stats *got = bitx_stats(b);
	bool same = got->solutions == want.solutions && got->nodes == want.nodes && got->updates == want.updates &&
	            got->mems == want.mems && got->max_level == want.max_level;
	for (int l = 0; l < want.depth && same; l++)
		same = got->profile[l] == want.profile[l];
	snprintf(why, size, "%" PRIu64 "/%" PRIu64 " solutions, %" PRIu64 "/%" PRIu64 " nodes, %" PRIu64 "/%" PRIu64
	         " updates, %" PRIu64 "/%" PRIu64 " mems",
	         (uint64_t)got->solutions, (uint64_t)want.solutions, got->nodes, want.nodes, got->updates, want.updates,
	         got->mems, want.mems);
	bitx_free(b);
	stats_free(&want);
	return same;
}

static void test_bitsets(void)
{
	const char *tri[2] = { L_TROMINO, I_TROMINO };
	char why[200];
	struct {
		struct xc_problem *p;
		const char *what;
		bool first_too;
	} t[] = {
		{ make_queens(8), "8 queens (secondary items)", true },
		{ make_tiling(4, 5, &DOMINO, 1), "dominoes, 4x5", true },
		{ make_tiling(3, 6, tri, 2), "L and I trominoes, 3x6", true },
		{ make_packing(3, 20, PENTOMINOES, 12), "pentominoes in 3x20 (options of 6)", false },
		{ make_sudoku(2, 2, NULL), "empty 4x4 sudoku", true },
		{ make_langford(8), "Langford pairs n=8", true },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		ok(bitx_suits(t[i].p), "%s: searched on bitsets", t[i].what);
		ok(same_search(t[i].p, DLX_MRV, 0, why, sizeof why), "%s, shortest list: the search of the links (%s)",
		   t[i].what, why);
		ok(same_search(t[i].p, DLX_MRV, 700, why, sizeof why), "%s, shortest list, 700 mems at a time: the same",
		   t[i].what);
		if (t[i].first_too)
			ok(same_search(t[i].p, DLX_FIRST, 0, why, sizeof why), "%s, first item: the search of the links (%s)",
			   t[i].what, why);
		xc_free(t[i].p);
	}
	/* Options of many sizes, secondary items, dead ends, more than 64
	 * options (sets of several words) */
	uint64_t seed = 2026;
	int same_mrv = 0, same_first = 0, n_problems = 0, solved = 0;
	for (int k = 0; k < 200; k++) {
		int n = 4 + k % 9, np = 2 + k % (n - 2), m = 5 + (k * 7) % 120;
		struct xc_problem *p = random_problem(&seed, n, np, m);
		n_problems++;
		same_mrv += same_search(p, DLX_MRV, 100 * (1 + k % 5), why, sizeof why);
		same_first += same_search(p, DLX_FIRST, 0, why, sizeof why);
		solved += count_sols(p, DLX_MRV) > 0;
		xc_free(p);
	}
	ok(same_mrv == n_problems && same_first == n_problems && solved > n_problems / 4,
	   "%d random problems (up to 124 options, secondary items): the search of the links by both rules, "
	   "%d of them with solutions", n_problems, solved);

	/* a limit, and a cancel */
	struct xc_problem *p = make_queens(8);
	struct bitx *b = bitx_new(p, DLX_MRV);
	struct engine_ctl five = { .max_solutions = 5 }, all = { 0 };
	ok(bitx_run(b, &five) == ENGINE_LIMIT && bitx_stats(b)->solutions == 5, "8 queens: stopped at 5 solutions");
	ok(bitx_run(b, &all) == ENGINE_DONE && bitx_stats(b)->solutions == 92 && bitx_progress(b) == 1.0,
	   "and resumed to the end: 92");
	bitx_free(b);
	atomic_int cancel = 1;
	b = bitx_new(p, DLX_MRV);
	struct engine_ctl cancelled = { .cancel = &cancel };
	ok(bitx_run(b, &cancelled) == ENGINE_CANCELLED && bitx_stats(b)->nodes == 0, "a cancel stops it at once");
	bitx_free(b);
	/* Below a node: every solution has one option of item 0, so the
	 * subtrees of those options hold them all. */
	b = bitx_new(p, DLX_MRV);
	uint64_t below = 0;
	bool rising = true, started = true;
	for (int o = 0; o < p->n_options; o++) {
		if (xc_option_items(p, o)[0] != 0)
			continue;
		double last = 0;
		started &= bitx_start_at(b, &o, 1);
		struct engine_ctl slice = { .mems_budget = 300 };
		while (bitx_run(b, &slice) == ENGINE_BUDGET) {
			rising &= bitx_progress(b) >= last && bitx_progress(b) <= 1.0;
			last = bitx_progress(b);
		}
		below += bitx_stats(b)->solutions;
		rising &= bitx_progress(b) == 1.0 && bitx_stats(b)->profile[0] == 0 && bitx_stats(b)->profile[1] == 1;
	}
	ok(started && below == 92, "8 queens: the subtrees below item 0's options hold the 92 solutions (%" PRIu64 ")",
	   below);
	ok(rising, "counted from level 1 on, the progress rising to 1 in each");
	int clash[2] = { 0, 0 };
	ok(!bitx_start_at(b, clash, 2) && bitx_run(b, &all) == ENGINE_DONE && bitx_stats(b)->nodes == 0,
	   "a path of clashing options: nothing to search");
	ok(bitx_start_at(b, NULL, 0) && bitx_run(b, &all) == ENGINE_DONE && bitx_stats(b)->solutions == 92,
	   "the empty path: the whole tree again, 92");
	bitx_free(b);
	/* count_run takes it without the memo, on one thread */
	struct count_opts co;
	count_opts_init(&co);
	struct count_result r;
	count_run(p, &co, &r);
	ok(r.bitsets && r.complete && r.st.solutions == 92, "count_run: 92, on bitsets");
	count_result_free(&r);
	co.memo = COUNT_MEMO_ON;
	count_run(p, &co, &r);
	ok(r.bitsets && r.work_uncounted && r.st.solutions == 92, "with the memo: on bitsets too (bitmemo.h), 92");
	count_result_free(&r);
	xc_free(p);
}

/* The removals made (links) against DLX1's count of them (updates):
 * covering as DLX1 does, equal where no item stays covered from one option
 * to the next (queens: consecutive options share only the item branched
 * on), fewer where items stay (pentominoes: one piece's placements in a
 * cell's list); unlinking whole options, more. */
static uint64_t links_made(const struct xc_problem *p, bool skip_own, uint64_t *updates)
{
	struct dlx *d = dlx_new(p, DLX_MRV);
	dlx_set_ways(d, false, skip_own);
	struct engine_ctl ctl = { 0 };
	dlx_run(d, &ctl);
	uint64_t links = dlx_stats(d)->links;
	*updates = dlx_stats(d)->updates;
	dlx_free(d);
	return links;
}

static void test_links(void)
{
	uint64_t updates;
	struct xc_problem *p = make_queens(8);
	uint64_t links = links_made(p, true, &updates);
	is_u64(links, updates, "8 queens, covered as DLX1: the links made are DLX1's updates (%" PRIu64 ")", updates);
	links = links_made(p, false, &updates);
	ok(links > updates, "8 queens, whole options unlinked: more links made (%" PRIu64 ") than DLX1's %" PRIu64,
	   links, updates);
	xc_free(p);
	p = make_packing(3, 20, PENTOMINOES, 12);
	links = links_made(p, true, &updates);
	ok(links < updates, "pentominoes in 3x20: a piece kept covered, fewer links made (%" PRIu64 ") than DLX1's %" PRIu64,
	   links, updates);
	xc_free(p);
}

/* A count cut into slices of k mems must do exactly the work of one run. */
static void test_resume(void)
{
	struct xc_problem *p = make_packing(3, 20, PENTOMINOES, 12);
	struct search_stats whole = plain(p, DLX_MRV);
	static const uint64_t slices[] = { 1, 7, 1000, 123457 };
	for (size_t i = 0; i < sizeof slices / sizeof slices[0]; i++) {
		struct dlx *d = dlx_new(p, DLX_MRV);
		struct engine_ctl ctl = { .mems_budget = slices[i] };
		uint64_t stops = 0;
		while (dlx_run(d, &ctl) == ENGINE_BUDGET)
			stops++;
		const struct search_stats *st = dlx_stats(d);
		ok(st->solutions == whole.solutions && st->nodes == whole.nodes && st->updates == whole.updates &&
		           st->mems == whole.mems,
		   "slices of %" PRIu64 " mems (%" PRIu64 " stops): same solutions, nodes, updates, mems", slices[i],
		   stops);
		dlx_free(d);
	}
	/* Solutions one at a time, then the rest as a count. */
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl each = { .report_solutions = true }, rest = { 0 };
	dlx_run(d, &each);
	dlx_run(d, &each);
	dlx_run(d, &rest);
	ok(dlx_stats(d)->solutions == whole.solutions && dlx_stats(d)->nodes == whole.nodes,
	   "two solutions reported, then counted on: same totals");
	dlx_free(d);
	stats_free(&whole);
	xc_free(p);
}

/* Step through a search, checking every link list at every node. */
static void test_steps(void)
{
	struct xc_problem *p = make_queens(6);
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { .step = true };
	enum engine_status s;
	uint64_t steps = 0, chooses = 0, places = 0, removes = 0, sols = 0, bad = 0, depth_ok = 1;
	int level = -1;
	struct diag err = { "" };
	while ((s = dlx_run(d, &ctl)) == ENGINE_STEP) {
		const struct engine_event *ev = dlx_event(d);
		steps++;
		switch (ev->kind) {
		case ENGINE_EV_CHOOSE:
			chooses++;
			if (!dlx_check(d, &err))
				bad++;
			level = ev->level;
			break;
		case ENGINE_EV_TRY:
			places++;
			depth_ok &= ev->level <= level;
			break;
		case ENGINE_EV_UNDO:
			removes++;
			break;
		case ENGINE_EV_SOLUTION:
			sols++;
			break;
		default:
			break;
		}
	}
	ok(s == ENGINE_DONE, "stepping ends with the search");
	is_u64(bad, 0, "link lists consistent at all %" PRIu64 " nodes%s%s", chooses, bad ? ": " : "", err.msg);
	is_u64(sols, 4, "6 queens: 4 solutions met while stepping");
	is_u64(places, removes, "every option placed is taken back");
	is_u64(chooses + sols, dlx_stats(d)->nodes, "a choice per node, solutions counted as nodes");
	ok(depth_ok, "options are placed at the level of the last choice");
	ok(dlx_check(d, &err), "the structure is whole again at the end");
	dlx_free(d);
	xc_free(p);
}

static bool count_and_go_on(void *ctx, struct dlx *d)
{
	(void)d;
	(*(int *)ctx)++;
	return false;
}

static void test_callback(void)
{
	struct xc_problem *p = make_queens(8);
	struct dlx *d = dlx_new(p, DLX_MRV);
	int seen = 0;
	struct engine_ctl ctl = { 0 };
	dlx_set_on_solution(d, count_and_go_on, &seen);
	ok(dlx_run(d, &ctl) == ENGINE_DONE, "a callback that goes on lets the search end");
	is_u64(seen, 92, "it is called at each of the 92 solutions");
	dlx_free(d);
	xc_free(p);
}

static void test_cancel_restart(void)
{
	struct xc_problem *p = make_packing(4, 15, PENTOMINOES, 12);
	struct dlx *d = dlx_new(p, DLX_MRV);
	atomic_int cancel;
	atomic_init(&cancel, 1);
	struct engine_ctl ctl = { .cancel = &cancel };
	ok(dlx_run(d, &ctl) == ENGINE_CANCELLED, "a set cancel flag stops the search at once");
	is_u64(dlx_stats(d)->nodes, 0, "before any node");
	atomic_store(&cancel, 0);
	struct engine_ctl budget = { .mems_budget = 5000000 };
	dlx_run(d, &budget);
	struct diag err;
	dlx_restart(d);
	ok(dlx_check(d, &err), "restart mid-search leaves whole lists");
	dlx_run(d, &ctl);
	is_u64(dlx_stats(d)->solutions, 1472, "a count after the restart is right");
	dlx_free(d);
	xc_free(p);
}

static void test_limit(void)
{
	struct xc_problem *p = make_queens(8);
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { .max_solutions = 2 };
	ok(dlx_run(d, &ctl) == ENGINE_LIMIT, "count to 2 stops at the limit");
	is_u64(dlx_stats(d)->solutions, 2, "having found 2");
	dlx_free(d);
	xc_free(p);

	p = make_sudoku(3, 3, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
	d = dlx_new(p, DLX_MRV);
	ok(dlx_run(d, &ctl) == ENGINE_DONE, "a unique puzzle counted to 2 runs out");
	is_u64(dlx_stats(d)->solutions, 1, "with 1");
	dlx_free(d);
	xc_free(p);
}

static void test_memo_cap(void)
{
	struct xc_problem *p = make_tiling(6, 6, &DOMINO, 1);
	is_u64(count_memo(p, DLX_FIRST, 1), 6728, "a memo cache with no room still counts right");
	is_u64(count_memo(p, DLX_FIRST, 40000), 6728, "a memo cache that fills up still counts right");
	xc_free(p);
}

static struct count_result split_count(const struct xc_problem *p, int threads, int shard, int shards,
                                       enum count_memo memo, bool links)
{
	struct count_opts o;
	count_opts_init(&o);
	o.threads = threads;
	o.shard = shard;
	o.shards = shards;
	o.memo = memo;
	o.links = links;
	struct count_result r;
	count_run(p, &o, &r);
	return r;
}

/* The same search: solutions, nodes, updates, mems, the deepest level
 * and the nodes on every level. */
static bool same_totals(const struct search_stats *a, const struct search_stats *b)
{
	bool same = a->solutions == b->solutions && a->nodes == b->nodes && a->updates == b->updates &&
	            a->mems == b->mems && a->max_level == b->max_level && a->depth == b->depth;
	for (int l = 0; l < a->depth && same; l++)
		same = a->profile[l] == b->profile[l];
	return same;
}

struct stopper {
	atomic_int cancel;
	double fraction;
	int reports;
};

static void cancel_at_report(void *ctx, const struct count_progress *pr)
{
	struct stopper *s = ctx;
	s->fraction = pr->fraction;
	s->reports++;
	atomic_store(&s->cancel, 1);
}

/* A limit and a cancel stop the threads on bitsets. */
static void split_stops(const struct xc_problem *p)
{
	struct count_opts o;
	count_opts_init(&o);
	o.threads = 2;
	o.limit = 100;
	struct count_result r;
	count_run(p, &o, &r);
	ok(r.bitsets && r.split_level > 0 && r.complete && r.st.solutions == 100,
	   "2 threads on bitsets, a limit of 100: 100");
	count_result_free(&r);
	struct stopper s = { .fraction = -1 };
	atomic_init(&s.cancel, 0);
	o.limit = 0;
	o.cancel = &s.cancel;
	o.progress = cancel_at_report;
	o.progress_ctx = &s;
	o.progress_interval = 0;
	count_run(p, &o, &r);
	/* a machine too slow to report before the end is no failure */
	ok(r.bitsets && (r.complete ? r.st.solutions == 1472 : r.st.solutions < 1472 && s.reports > 0),
	   "2 threads on bitsets, cancelled at the first report: stopped (%" PRIu64 " solutions, %s)",
	   (uint64_t)r.st.solutions, r.complete ? "finished first" : "cancelled");
	ok(s.reports == 0 || (s.fraction >= 0 && s.fraction <= 1), "the progress by weight in [0, 1]: %.3f",
	   s.fraction);
	count_result_free(&r);
}

/* p counted on 2 and 3 threads, and in 3 shards on 1 and 2 threads
 * summed, on bitsets and on links: the totals of one thread's whole
 * search, every time. */
static void check_split(const struct xc_problem *p, const char *what)
{
	struct count_result one = split_count(p, 1, 1, 1, COUNT_MEMO_OFF, false);
	ok(one.bitsets && one.complete, "%s: one thread, on bitsets: %" PRIu64 " solutions, %" PRIu64 " nodes", what,
	   (uint64_t)one.st.solutions, one.st.nodes);
	for (int links = 0; links <= 1; links++) {
		const char *on = links ? "on links" : "on bitsets";
		for (int t = 2; t <= 3; t++) {
			struct count_result r = split_count(p, t, 1, 1, COUNT_MEMO_OFF, links);
			ok(r.split_level > 0 && r.bitsets == !links && r.complete && same_totals(&r.st, &one.st),
			   "%s, %d threads %s (%" PRIu64 " units at level %d): the totals of one", what, t, on, r.units,
			   r.split_level);
			count_result_free(&r);
		}
		for (int t = 1; t <= 2; t++) {
			struct search_stats sum;
			stats_init(&sum, one.st.depth);
			bool split = true;
			for (int k = 1; k <= 3; k++) {
				struct count_result r = split_count(p, t, k, 3, COUNT_MEMO_OFF, links);
				split &= r.split_level > 0 && r.bitsets == !links && r.complete;
				stats_add(&sum, &r.st);
				count_result_free(&r);
			}
			ok(split && same_totals(&sum, &one.st), "%s, shards 1/3 + 2/3 + 3/3 on %d thread%s %s: the whole",
			   what, t, t > 1 ? "s" : "", on);
			stats_free(&sum);
		}
	}
	count_result_free(&one);
}

static void test_threads_shards(void)
{
	struct xc_problem *p = make_packing(4, 15, PENTOMINOES, 12);
	check_split(p, "pentominoes 4x15");
	split_stops(p);
	struct count_result m = split_count(p, 2, 1, 1, COUNT_MEMO_ON, true);
	ok(!m.bitsets && m.st.solutions == 1472, "2 threads sharing a memo cache: on links, 1472");
	count_result_free(&m);
	m = split_count(p, 2, 1, 1, COUNT_MEMO_ON, false);
	ok(m.bitsets && m.work_uncounted && m.layered && m.layers_end == LAYERS_DONE && m.st.solutions == 1472,
	   "and on bitsets, by layers (layers.h) on both threads: 1472");
	count_result_free(&m);
	xc_free(p);

	p = make_queens(10);
	check_split(p, "10 queens (secondary items)");
	xc_free(p);
	p = make_langford(11);
	check_split(p, "Langford pairs n=11");
	xc_free(p);
	const char *tri[2] = { L_TROMINO, I_TROMINO };
	p = make_tiling(6, 6, tri, 2);
	check_split(p, "L and I trominoes, 6x6");
	xc_free(p);
	/* secondary items, options of 1 to 4 items, sets of two words */
	uint64_t seed = 7;
	p = random_problem(&seed, 14, 8, 90);
	check_split(p, "a random problem of 90 options, 6 secondary items");
	xc_free(p);

	/* A tree too small to split: shard 1 counts all, the others none. */
	p = make_queens(4);
	struct count_result a = split_count(p, 2, 1, 2, COUNT_MEMO_OFF, false),
	                    b = split_count(p, 2, 2, 2, COUNT_MEMO_OFF, false);
	is_u64(a.st.solutions + b.st.solutions, 2, "4 queens in two shards: 2 in all");
	count_result_free(&a);
	count_result_free(&b);
	xc_free(p);
}

/* n items, an option each: one solution at the end of a chain of n forced
 * moves.  The memo can never meet a node twice on a forced path, and
 * stores none: a node costs what its move changes, not a signature of n
 * bits (a chain of 100,000 was quadratic: 1.25 GB of signatures). */
static struct xc_problem *make_chain(int n)
{
	struct xc_problem *p = xc_new();
	char name[16];
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "i%d", i);
		xc_add_item(p, name, true);
	}
	for (int i = 0; i < n; i++)
		xc_add_option(p, &i, 1, i + 1, NULL);
	return p;
}

static void test_chain(void)
{
	struct xc_problem *p = make_chain(100000);
	struct count_opts o;
	count_opts_init(&o);
	o.rule = DLX_FIRST;
	o.memo = COUNT_MEMO_AUTO;
	struct count_result r;
	count_run(p, &o, &r);
	ok(r.st.solutions == 1 && r.st.nodes == 100001 && !r.bitsets,
	   "bad_long_chain: 100,000 items on links: 1 solution, 100,001 nodes");
	is_u64(r.st.memo_stores + r.st.memo_hits, 0, "bad_long_chain: nothing cached on a forced path");
	count_result_free(&r);
	o.threads = 2;
	count_run(p, &o, &r);
	ok(r.st.solutions == 1 && r.split_level == 0, "bad_long_chain: on two threads, no split of a chain: 1");
	count_result_free(&r);
	o.threads = 1;
	o.shards = 3;
	u128 sum = 0;
	for (int k = 1; k <= 3; k++) {
		o.shard = k;
		count_run(p, &o, &r);
		sum += r.st.solutions;
		count_result_free(&r);
	}
	is_u64((uint64_t)sum, 1, "bad_long_chain: three shards of it add up to 1");
	xc_free(p);

	/* within bitsets' reach: counted by layers, a layer a move */
	p = make_chain(4000);
	o.shards = 1;
	o.shard = 1;
	for (int t = 1; t <= 2; t++) {
		o.threads = t;
		count_run(p, &o, &r);
		ok(r.st.solutions == 1 && r.layered && r.layers_end == LAYERS_DONE,
		   "bad_long_chain: 4,000 items by layers on %d thread%s: 1", t, t > 1 ? "s" : "");
		count_result_free(&r);
	}
	xc_free(p);
}

/* Shards beyond the units a split takes (cutlevel.h): most count 0, and
 * those with a unit still add up to the whole, with the memo or not. */
static void test_many_shards(void)
{
	struct xc_problem *p = make_queens(9);
	const int shards = 1 << 21; /* more than CUTLEVEL_MOST units */
	for (int memo = 0; memo <= 1; memo++) {
		struct count_result r = split_count(p, 1, 1, shards, memo ? COUNT_MEMO_AUTO : COUNT_MEMO_OFF, false);
		uint64_t units = r.units, sum = (uint64_t)r.st.solutions;
		ok(r.split_level > 0 && units > 1 && units <= CUTLEVEL_MOST,
		   "bad_tiny_shards: 9 queens in 2^21 shards%s: cut at level %d, %" PRIu64 " units",
		   memo ? ", with the memo" : "", r.split_level, units);
		count_result_free(&r);
		for (uint64_t k = 2; k <= units; k++) {
			r = split_count(p, 1, (int)k, shards, memo ? COUNT_MEMO_AUTO : COUNT_MEMO_OFF, false);
			sum += (uint64_t)r.st.solutions;
			count_result_free(&r);
		}
		is_u64(sum, 352, "bad_tiny_shards: the shards with a unit add up to 352");
		r = split_count(p, 1, shards, shards, memo ? COUNT_MEMO_AUTO : COUNT_MEMO_OFF, false);
		ok(r.st.solutions == 0 && r.st.nodes == 0, "bad_tiny_shards: the last shard, with no unit: 0, and no node");
		count_result_free(&r);
	}
	xc_free(p);
}

/* A memo cache full within its trial is dropped as too small to help,
 * and the count goes on without it. */
static void test_memo_too_small(void)
{
	struct xc_problem *p = make_packing(6, 10, PENTOMINOES, 12);
	struct count_opts o;
	count_opts_init(&o);
	o.memo = COUNT_MEMO_AUTO;
	o.memo_bytes = 1;
	struct count_result r;
	count_run(p, &o, &r);
	ok(r.st.solutions == 9356 && !r.memo_used && r.memo_full,
	   "bad_memo_too_small: pentominoes 6x10 with a cache of no room: 9356, counted without it "
	   "(%" PRIu64 " nodes, %s, %s)",
	   r.st.nodes, r.memo_used ? "kept" : "dropped", r.memo_full ? "full" : "not full");
	count_result_free(&r);
	xc_free(p);
}

/* The mean of many probes must land within three standard errors of the
 * true size of the tree, which a full search tells. */
static void test_estimate(void)
{
	struct {
		struct xc_problem *p;
		const char *what;
	} t[] = {
		{ make_queens(8), "8 queens" },
		{ make_packing(4, 15, PENTOMINOES, 12), "pentominoes 4x15" },
		{ make_langford(8), "Langford n=8" },
		{ make_tiling(5, 6, &DOMINO, 1), "dominoes 5x6" },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct search_stats st = plain(t[i].p, DLX_MRV);
		struct dlx *d = dlx_new(t[i].p, DLX_MRV);
		struct estimate e;
		estimate_init(&e, dlx_depth(d), 42 + i);
		estimate_probe(&e, d, 200000, NULL);
		double n = estimate_nodes(&e), se = estimate_nodes_se(&e);
		ok(fabs(n - (double)st.nodes) <= 3 * se, "%s: estimated %.0f +- %.0f nodes, true %" PRIu64, t[i].what, n,
		   se, st.nodes);
		double s = estimate_solutions(&e), sse = estimate_solutions_se(&e);
		ok(fabs(s - (double)st.solutions) <= 3 * sse, "%s: estimated %.1f +- %.1f solutions, true %" PRIu64,
		   t[i].what, s, sse, (uint64_t)st.solutions);
		double lvl = estimate_level(&e, 1);
		ok(fabs(lvl - (double)st.profile[1]) < 1e-9, "%s: level 1 is known exactly (%.0f)", t[i].what, lvl);
		struct diag err;
		ok(dlx_check(d, &err), "%s: probes leave the lists whole", t[i].what);
		estimate_free(&e);
		dlx_free(d);
		stats_free(&st);
		xc_free(t[i].p);
	}
	/* Same seed, same estimate. */
	struct xc_problem *p = make_queens(7);
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct estimate a, b;
	estimate_init(&a, dlx_depth(d), 7);
	estimate_init(&b, dlx_depth(d), 7);
	estimate_probe(&a, d, 1000, NULL);
	estimate_probe(&b, d, 1000, NULL);
	ok(estimate_nodes(&a) == estimate_nodes(&b), "the same seed gives the same estimate");
	estimate_free(&a);
	estimate_free(&b);
	dlx_free(d);
	xc_free(p);
}

/* xc_add_option's check for a repeated item keeps a stamp per item: an
 * option refused halfway must not make the next one look repeated, and
 * items added after options must be checked too. */
static void test_repeated_items(void)
{
	struct xc_problem *p = xc_new();
	xc_add_item(p, "a", true);
	xc_add_item(p, "b", true);
	int bad = -1;
	is_u64(xc_add_option(p, (int[]){ 0, 1, 0 }, 3, 1, &bad), XC_REPEATED_ITEM, "a b a: a repeated item");
	is_u64(bad, 0, "and it is a");
	is_u64(xc_add_option(p, (int[]){ 1, 0 }, 2, 2, NULL), XC_OK, "then b a is fine");
	is_u64(xc_add_option(p, (int[]){ 0, 1 }, 2, 3, NULL), XC_OK, "and a b again");
	char name[16];
	for (int i = 0; i < 100; i++) {
		snprintf(name, sizeof name, "x%d", i);
		xc_add_item(p, name, false);
	}
	is_u64(xc_add_option(p, (int[]){ 0, 101, 50, 101 }, 4, 4, &bad), XC_REPEATED_ITEM,
	       "an item added later, repeated");
	is_u64(bad, 101, "and it is named");
	is_u64(p->n_options, 2, "the two good options kept");
	xc_free(p);
}

int main(void)
{
	test_repeated_items();
	test_knuth_example();
	test_empty_problem();
	test_queens();
	test_tilings();
	test_sudoku_and_langford();
	test_clone_preset();
	test_ways();
	test_bitsets();
	test_links();
	test_resume();
	test_steps();
	test_callback();
	test_cancel_restart();
	test_limit();
	test_memo_cap();
	test_threads_shards();
	test_many_shards();
	test_chain();
	test_memo_too_small();
	test_estimate();
	return tap_done();
}
