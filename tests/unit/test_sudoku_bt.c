/* Sudoku's two backtrackers (solver/sudoku/sudoku_bt.c) through the engine
 * interface, as the game and the batch commands drive them, against a
 * plain recursive reading of seed 004's pseudocode; and the generator
 * (puzzles/sudoku_gen.c), its puzzles checked by the engines rather than
 * by the counter that made them. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/sudoku_engines.h"
#include "puzzles/sudoku_gen.h"
#include "solver/estimate.h"
#include "solver/sudoku/sudoku_bt.h"
#include "engine_run.h"
#include "tap.h"
#include "cancel_later.h"
#include "util/clock.h"
#include "util/strbuf.h"

/* Published puzzles, each with one solution: the example of Wikipedia's
 * "Sudoku" article, the first of Gordon Royle's 17-clue list, and Arto
 * Inkala's "hardest" puzzle of 2012. */
#define WIKI "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define ROYLE17 "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
#define INKALA "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
#define EMPTY4 "................"

typedef struct engine *(*maker)(const struct sudoku_grid *g);
static const struct {
	const char *name;
	maker make;
	enum sudoku_bt_rule rule;
} engines[] = {
	{ "seq", sudoku_engine_seq_new, SUDOKU_BT_SEQ },
	{ "mrv", sudoku_engine_mrv_new, SUDOKU_BT_MRV },
};
#define N_ENGINES (sizeof engines / sizeof *engines)

static struct sudoku_grid grid(const char *line)
{
	struct sudoku_grid g;
	char why[128];
	int col;
	if (!sudoku_grid_parse_line(line, strlen(line), &g, why, sizeof why, &col)) {
		tap_diag("bad test puzzle: %s", why);
		sudoku_grid_init(&g, 3);
	}
	return g;
}

static struct engine *make(size_t k, const char *line)
{
	struct sudoku_grid g = grid(line);
	return engines[k].make(&g);
}

/* ---- seed 004's pseudocode, recursively, as the reference tree ---------- */

struct ref {
	enum sudoku_bt_rule rule;
	struct sudoku_grid g;
	uint64_t nodes, solutions;
	uint64_t profile[SUDOKU_MAX_CELLS + 2];
};

static sudoku_grid_mask ref_candidates(const struct sudoku_grid *g, int c)
{
	sudoku_grid_mask m = sudoku_grid_all(g->side);
	for (int d = 0; d < g->cells; d++) {
		bool peer = d != c && (sudoku_grid_row(g, d) == sudoku_grid_row(g, c) ||
		                       sudoku_grid_col(g, d) == sudoku_grid_col(g, c) ||
		                       sudoku_grid_box(g, d) == sudoku_grid_box(g, c));
		if (peer && g->v[d])
			m &= (sudoku_grid_mask)~sudoku_grid_bit(g->v[d]);
	}
	return m;
}

/* The cell to branch on, or -1 when none is blank. */
static int ref_choose(const struct ref *r)
{
	int best = -1, best_n = 99;
	for (int c = 0; c < r->g.cells; c++) {
		if (r->g.v[c])
			continue;
		if (r->rule == SUDOKU_BT_SEQ)
			return c;
		int n = sudoku_grid_popcount(ref_candidates(&r->g, c));
		if (n < best_n)
			best = c, best_n = n;
	}
	return best;
}

static void ref_search(struct ref *r, int level)
{
	r->nodes++;
	r->profile[level]++;
	int c = ref_choose(r);
	if (c < 0) {
		r->solutions++;
		return;
	}
	sudoku_grid_mask m = ref_candidates(&r->g, c);
	for (int d = 1; d <= r->g.side; d++) {
		if (!(m & sudoku_grid_bit(d)))
			continue;
		r->g.v[c] = (uint8_t)d;
		ref_search(r, level + 1);
		r->g.v[c] = 0;
	}
}

static void test_reference(size_t k, const char *line, const char *what)
{
	struct ref r = { .rule = engines[k].rule, .g = grid(line) };
	ref_search(&r, 0);
	struct engine *e = make(k, line);
	struct engine_ctl ctl = { 0 };
	enum engine_status st = engine_run(e, &ctl);
	const struct search_stats *s = engine_stats(e);
	bool same = st == ENGINE_DONE && s->nodes == r.nodes && s->solutions == r.solutions;
	for (int l = 0; same && l < s->depth; l++)
		same = s->profile[l] == r.profile[l];
	ok(same, "%s, %s: the tree of the recursive pseudocode, level for level: %" PRIu64 " nodes, %" PRIu64
	   " solutions", engines[k].name, what, s->nodes, (uint64_t)s->solutions);
	engine_free(e);
}

/* ---- counts and golden node counts -------------------------------------- */

static void test_counts(size_t k)
{
	struct engine *e = make(k, EMPTY4);
	struct engine_ctl ctl = { 0 };
	enum engine_status st = engine_run(e, &ctl);
	ok(st == ENGINE_DONE && engine_stats(e)->solutions == 288 && !engine_stats(e)->overflow,
	   "%s: %" PRIu64 " completed 4x4 grids (expected 288)", engines[k].name, (uint64_t)engine_stats(e)->solutions);
	e->ops->restart(e);
	ctl.max_solutions = 5;
	ok(engine_run(e, &ctl) == ENGINE_LIMIT && engine_stats(e)->solutions == 5,
	   "%s: restarted, stops at a limit of 5", engines[k].name);
	engine_free(e);

	const char *proper[] = { WIKI, INKALA, ROYLE17 };
	for (size_t i = 0; i < 3; i++) {
		/* cells in order take over a second on the 17 clues */
		if (engines[k].rule == SUDOKU_BT_SEQ && i == 2)
			continue;
		e = make(k, proper[i]);
		ctl = (struct engine_ctl){ .report_solutions = true };
		st = engine_run(e, &ctl);
		struct strbuf b = { 0 };
		e->ops->path_move(e, &b);
		char *first = strbuf_take(&b);
		st = engine_run(e, &ctl);
		ok(st == ENGINE_DONE && engine_stats(e)->solutions == 1, "%s: %.20s... has one solution",
		   engines[k].name, proper[i]);
		/* the path is the family's move, and it solves the puzzle */
		struct sudoku_grid g = grid(proper[i]);
		struct sudoku_grid_geom geo;
		sudoku_grid_geom_init(&geo, 3);
		int n = 0, r, c, d, used, entries = 0;
		for (const char *p = first; sscanf(p, "r%dc%d=%d%n", &r, &c, &d, &used) == 3; p += used, n++) {
			if (r >= 1 && r <= 9 && c >= 1 && c <= 9 && !g.v[(r - 1) * 9 + c - 1])
				g.v[(r - 1) * 9 + c - 1] = (uint8_t)d, entries++;
			if (p[used] == ';')
				used++;
		}
		ok(entries == n && n > 0 && sudoku_grid_is_solved(&g, &geo),
		   "%s: its path, %d moves r3c5=7 joined by ';', fills "
		   "the grid", engines[k].name, n);
		free(first);
		engine_free(e);
	}
}

/* Nodes of the whole search (to prove the solution unique): golden values,
 * so that a change of the search or of its counting is seen.  Seed 004
 * counts nodes to its first solution and leaves the solution out. */
static void test_golden(void)
{
	static const struct {
		const char *puzzle;
		enum sudoku_bt_rule rule;
		uint64_t nodes;
	} golden[] = {
		{ EMPTY4, SUDOKU_BT_SEQ, 2753 }, { EMPTY4, SUDOKU_BT_MRV, 2273 },
		{ WIKI, SUDOKU_BT_SEQ, 4632 },   { WIKI, SUDOKU_BT_MRV, 52 },
		{ INKALA, SUDOKU_BT_SEQ, 2068781 }, { INKALA, SUDOKU_BT_MRV, 18936 },
		{ ROYLE17, SUDOKU_BT_MRV, 6520 },
	};
	for (size_t i = 0; i < sizeof golden / sizeof *golden; i++) {
		struct sudoku_grid g = grid(golden[i].puzzle);
		struct sudoku_bt *b = sudoku_bt_new(&g, golden[i].rule);
		struct engine_ctl ctl = { 0 };
		double t = clock_seconds();
		sudoku_bt_run(b, &ctl);
		t = clock_seconds() - t;
		is_u64(sudoku_bt_stats(b)->nodes, golden[i].nodes,
		       "%s on %.16s...: %" PRIu64 " nodes (%" PRIu64 " mems, %.2f ms)",
		       golden[i].rule == SUDOKU_BT_SEQ ? "seq" : "mrv", golden[i].puzzle, sudoku_bt_stats(b)->nodes,
		       sudoku_bt_stats(b)->mems, t * 1000);
		sudoku_bt_free(b);
	}
}

/* ---- step by step -------------------------------------------------------- */

static void test_steps(size_t k, const char *line, const char *what, int solutions)
{
	struct engine *e = make(k, line);
	struct run straight, stepped;
	run_through(e, false, false, &straight);
	e->ops->restart(e);
	run_through(e, true, false, &stepped);
	ok(stepped.tries == stepped.undos && stepped.tries > 0 && stepped.depth_bad == 0,
	   "%s, %s: %" PRIu64 " tries, each undone, at the levels they were made", engines[k].name, what,
	   stepped.tries);
	ok(stepped.chooses + stepped.n == stepped.nodes, "%s, %s: a choice or a solution at every node",
	   engines[k].name, what);
	ok(stepped.words && stepped.marked, "%s, %s: every step in words that fit, its cell marked",
	   engines[k].name, what);
	bool same = straight.n == stepped.n && straight.nodes == stepped.nodes;
	for (int i = 0; same && i < straight.n; i++)
		same = !strcmp(straight.sol[i], stepped.sol[i]);
	ok(same && straight.n == solutions, "%s, %s: step by step = straight: %d solutions, %" PRIu64 " nodes",
	   engines[k].name, what, stepped.n, stepped.nodes);
	ok(straight.progress_drop == 0 && stepped.progress_drop == 0, "%s, %s: progress never goes back",
	   engines[k].name, what);
	ok(stepped.fails_said == (stepped.dead_ends > 0) && stepped.more_said == (solutions > 0),
	   "%s, %s: %" PRIu64 " dead ends; a digit taken back after one fails, after a solution it looks for more",
	   engines[k].name, what, stepped.dead_ends);
	run_free(&straight);
	run_free(&stepped);
	engine_free(e);
}

static void note_of_first(size_t k, const char *line, enum engine_event_kind kind, char *buf, size_t size)
{
	struct engine *e = make(k, line);
	struct engine_ctl ctl = { .step = true };
	buf[0] = '\0';
	while (engine_run(e, &ctl) == ENGINE_STEP) {
		if (engine_event(e)->kind == kind) {
			struct note n;
			e->ops->event_note(e, &n);
			snprintf(buf, size, "%s", n.text);
			break;
		}
	}
	engine_free(e);
}

static void test_words(void)
{
	char text[NOTE_TEXT_MAX];
	/* r1c3: 1 and 2 in its row, 3 and 4 in its column */
	note_of_first(1, "12........3...4.", ENGINE_EV_CHOOSE, text, sizeof text);
	is_str(text, "r1c3 has no candidate left", "mrv: a dead end named first");
	note_of_first(0, EMPTY4, ENGINE_EV_TRY, text, sizeof text);
	is_str(text, "r1c1 has 4 candidates: tries 1", "seq: the first try in the player's words");
	note_of_first(1, WIKI, ENGINE_EV_TRY, text, sizeof text);
	is_str(text, "r5c5 can only be 5", "mrv: a cell with one candidate");
	note_of_first(0, "11..............", ENGINE_EV_CHOOSE, text, sizeof text);
	is_str(text, "1 is twice in row 1: no way to finish", "a clash of givens is named");
	struct engine *e = make(0, "11..............");
	struct engine_ctl ctl = { 0 };
	ok(engine_run(e, &ctl) == ENGINE_DONE && engine_stats(e)->solutions == 0 && engine_stats(e)->nodes == 1,
	   "a clash of givens: no solution, one node");
	engine_free(e);
	e = make(1, "1234341221434321");
	ok(engine_run(e, &ctl) == ENGINE_DONE && engine_stats(e)->solutions == 1 && engine_stats(e)->nodes == 1,
	   "a full grid: itself the one solution, at the root");
	engine_free(e);
}

/* ---- cancel and budget --------------------------------------------------- */

static void test_cancel(size_t k)
{
	atomic_int flag;
	atomic_init(&flag, 1);
	/* every 9x9 grid: no search ends that */
	struct sudoku_grid empty;
	sudoku_grid_init(&empty, 3);
	struct engine *e = engines[k].make(&empty);
	struct engine_ctl ctl = { .cancel = &flag };
	ok(engine_run(e, &ctl) == ENGINE_CANCELLED && engine_stats(e)->nodes == 0,
	   "%s: cancelled before it starts, it stops at once", engines[k].name);
	atomic_store(&flag, 0);
	struct cancel_later c;
	cancel_later_start(&c, &flag, engines[k].name);
	enum engine_status st = engine_run(e, &ctl);
	cancel_later_end(&c);
	ok(st == ENGINE_CANCELLED && engine_stats(e)->solutions > 0, "%s: counting every 9x9 grid, cancelled in flight",
	   engines[k].name);
	/* and it goes on from there when asked */
	atomic_store(&flag, 0);
	u128 before = engine_stats(e)->solutions;
	ctl = (struct engine_ctl){ .max_solutions = (uint64_t)before + 10 };
	ok(engine_run(e, &ctl) == ENGINE_LIMIT && engine_stats(e)->solutions == before + 10,
	   "%s: resumed after a cancel, it goes on", engines[k].name);
	engine_free(e);
}

static void test_budget(size_t k, const char *line, const char *what)
{
	struct engine *e = make(k, line);
	struct engine_ctl ctl = { 0 };
	engine_run(e, &ctl);
	struct search_stats whole;
	stats_init(&whole, 1);
	stats_copy(&whole, engine_stats(e));
	e->ops->restart(e);
	struct engine_ctl slice = { .mems_budget = 500 };
	int slices = 1;
	while (engine_run(e, &slice) == ENGINE_BUDGET && slices < 10000000)
		slices++;
	const struct search_stats *s = engine_stats(e);
	bool same = s->nodes == whole.nodes && s->mems == whole.mems && s->updates == whole.updates &&
	            s->solutions == whole.solutions && s->max_level == whole.max_level;
	for (int l = 0; same && l < s->depth; l++)
		same = s->profile[l] == whole.profile[l];
	ok(same && slices > 1, "%s, %s: in %d slices of 500 mems, the totals of one run (%" PRIu64 " nodes, %" PRIu64
	   " mems)", engines[k].name, what, slices, s->nodes, s->mems);
	stats_free(&whole);
	engine_free(e);
}

/* ---- Knuth's estimate ------------------------------------------------------ */

static void test_estimate(size_t k)
{
	struct engine *e = make(k, EMPTY4);
	struct engine_ctl ctl = { 0 };
	engine_run(e, &ctl);
	uint64_t nodes = engine_stats(e)->nodes;
	e->ops->restart(e);
	struct estimate est;
	estimate_init(&est, 1, 2024);
	ok(estimate_engine(&est, e, 20000, NULL), "%s: probes the tree", engines[k].name);
	double s = estimate_solutions(&est), sse = estimate_solutions_se(&est);
	ok(fabs(s - 288) <= 3 * sse, "%s: estimated %.1f +- %.1f 4x4 grids, true 288", engines[k].name, s, sse);
	double n = estimate_nodes(&est), nse = estimate_nodes_se(&est);
	ok(fabs(n - (double)nodes) <= 3 * nse, "%s: estimated %.0f +- %.0f nodes, true %" PRIu64, engines[k].name, n,
	   nse, nodes);
	/* a probe leaves the search where it was */
	ctl.max_solutions = 7;
	engine_run(e, &ctl);
	double before = e->ops->progress(e);
	estimate_engine(&est, e, 10, NULL);
	ctl.max_solutions = 0;
	ok(e->ops->progress(e) == before && engine_run(e, &ctl) == ENGINE_DONE &&
	   engine_stats(e)->solutions == 288 && engine_stats(e)->nodes == nodes,
	   "%s: probes in mid-search leave it as it was", engines[k].name);
	estimate_free(&est);
	engine_free(e);
}

/* ---- the counter and the generator --------------------------------------- */

static int clues(const struct sudoku_grid *g)
{
	int n = 0;
	for (int c = 0; c < g->cells; c++)
		n += g->v[c] != 0;
	return n;
}

/* Solutions up to 2, by the mrv engine: not the generator's counter. */
static int engine_count2(const struct sudoku_grid *g)
{
	struct engine *e = sudoku_engine_mrv_new(g);
	struct engine_ctl ctl = { .max_solutions = 2 };
	engine_run(e, &ctl);
	int n = (int)engine_stats(e)->solutions;
	engine_free(e);
	return n;
}

/* Proper, and no clue (no pair half a turn apart, if pairs) can go. */
static bool minimal_by_engine(const struct sudoku_grid *g, bool pairs)
{
	if (engine_count2(g) != 1)
		return false;
	for (int c = 0; c < g->cells; c++) {
		int twin = pairs ? g->cells - 1 - c : c;
		if (!g->v[c] || twin < c)
			continue;
		struct sudoku_grid p = *g;
		p.v[c] = p.v[twin] = 0;
		if (engine_count2(&p) != 2)
			return false;
	}
	return true;
}

static bool symmetric(const struct sudoku_grid *g)
{
	for (int c = 0; c < g->cells; c++)
		if (!g->v[c] != !g->v[g->cells - 1 - c])
			return false;
	return true;
}

static void test_count(void)
{
	struct sudoku_grid g = grid(EMPTY4);
	is_u64(sudoku_count(&g, 0, NULL), 288, "the counter: 288 completed 4x4 grids");
	is_u64(sudoku_count(&g, 2, NULL), 2, "the counter stops at its limit");
	g = grid(INKALA);
	is_u64(sudoku_count(&g, 0, NULL), 1, "the counter: Inkala's puzzle has one solution");
	g = grid("11..............");
	is_u64(sudoku_count(&g, 0, NULL), 0, "the counter: a clash has none");
	atomic_int flag;
	atomic_init(&flag, 1);
	sudoku_grid_init(&g, 3);
	is_u64(sudoku_count(&g, 0, &flag), 0, "the counter: cancelled, it stops at once");
	struct sudoku_grid gen;
	ok(!sudoku_gen_minimal(3, false, 1, &gen, &flag), "the generator: cancelled, it says so");
}

static void test_generator(void)
{
	struct sudoku_grid a, b;
	bool all = true, minimal = true;
	for (uint64_t seed = 1; seed <= 10; seed++) {
		all &= sudoku_gen_minimal(3, false, seed, &a, NULL);
		minimal &= minimal_by_engine(&a, false) && sudoku_is_minimal(&a);
	}
	ok(all && minimal, "9x9, seeds 1-10: every puzzle proper and minimal (by the mrv engine)");
	sudoku_gen_minimal(3, false, 7, &a, NULL);
	sudoku_gen_minimal(3, false, 7, &b, NULL);
	ok(!memcmp(&a, &b, sizeof a), "the same seed, the same puzzle");
	sudoku_gen_minimal(3, false, 8, &b, NULL);
	ok(memcmp(&a, &b, sizeof a) != 0, "another seed, another puzzle");

	all = minimal = true;
	bool sym = true;
	for (uint64_t seed = 1; seed <= 10; seed++) {
		all &= sudoku_gen_minimal(3, true, seed, &a, NULL);
		sym &= symmetric(&a);
		minimal &= minimal_by_engine(&a, true);
	}
	ok(all && sym && minimal, "9x9 symmetric, seeds 1-10: symmetric, proper, no pair of clues can go");

	all = minimal = true;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		all &= sudoku_gen_minimal(2, false, seed, &a, NULL) && a.side == 4;
		minimal &= minimal_by_engine(&a, false) && sudoku_is_minimal(&a);
	}
	ok(all && minimal, "4x4, seeds 1-20: proper and minimal");

	a = grid(WIKI);
	ok(!sudoku_is_minimal(&a), "Wikipedia's example is proper, but not minimal");
	sudoku_gen_minimal(3, false, 3, &a, NULL);
	/* less its first clue */
	for (int c = 0; c < a.cells; c++)
		if (a.v[c]) {
			a.v[c] = 0;
			break;
		}
	ok(engine_count2(&a) == 2 && !sudoku_is_minimal(&a), "a puzzle with two solutions is not minimal");

	/* issue 8: the median of ungraded generation is at most 24 clues */
	int hist[SUDOKU_MAX_CELLS + 1] = { 0 };
	for (uint64_t seed = 1; seed <= 100; seed++) {
		sudoku_gen_minimal(3, false, seed, &a, NULL);
		hist[clues(&a)]++;
	}
	int median = 0;
	for (int seen = 0; seen < 50; median++)
		seen += hist[median];
	median--;
	char line[256] = "";
	for (int n = 0; n <= SUDOKU_MAX_CELLS; n++)
		if (hist[n])
			snprintf(line + strlen(line), sizeof line - strlen(line), " %d:%d", n, hist[n]);
	ok(median <= 24, "100 puzzles, median %d clues (clues:puzzles%s)", median, line);
}

int main(void)
{
	for (size_t k = 0; k < N_ENGINES; k++) {
		test_reference(k, EMPTY4, "the empty 4x4");
		test_reference(k, "1.........3.....", "a 4x4 with two givens");
		test_reference(k, "12........3...4.", "a 4x4 dead end");
		test_reference(k, WIKI, "Wikipedia's example");
		test_counts(k);
		test_steps(k, EMPTY4, "the empty 4x4", 288);
		test_steps(k, WIKI, "Wikipedia's example", 1);
		test_cancel(k);
		test_budget(k, EMPTY4, "the empty 4x4");
		test_budget(k, INKALA, "Inkala's puzzle");
		test_estimate(k);
	}
	test_golden();
	test_words();
	test_count();
	test_generator();
	return tap_done();
}
