/* Range's rules and searches: game IDs read and written, the deductions
 * one at a time, counts by both engines on grids small enough to count
 * by hand, and Tatham's puzzles solved to their one solution. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/range_id.h"
#include "solver/estimate.h"
#include "solver/range/range_clauses.h"
#include "solver/range/range_grid.h"
#include "solver/range/range_search.h"
#include "tap.h"

/* The example of Tatham's manual, and a puzzle of his generator with the
 * solution his game saved with it (range --generate 1 --save --with-solutions). */
static const char *const example = "9x6:a4f2c13g9b9a10b5a7b9g9c6f7a";
static const char *const generated = "9x6:b4f12_10a11f7c8f13c12f7a5_5f6b";
static const char *const generated_solution[] = {
	". # . # . # . . #",
	". . . . . . . # .",
	". . . . # . . . .",
	". . . . . . . . .",
	". . # . . . # . .",
	". # . . . . . . #",
};

static struct range_grid *grid_of(const char *id)
{
	int w, h, *clues, at;
	struct diag err;
	if (!range_id_parse(id, &w, &h, &clues, &at, &err)) {
		tap_diag("%s: %s", id, err.msg);
		return NULL;
	}
	struct range_grid *g = range_grid_new(w, h, clues);
	free(clues);
	return g;
}

/* RANGE_BRANCH_VIEWS + 1: the clause engine. */
static uint64_t count_by(const struct range_grid *g, int branch)
{
	struct engine *e = branch > RANGE_BRANCH_VIEWS ? range_clauses_new(g) : range_search_new(g, (enum range_branch)branch);
	struct engine_ctl ctl = { 0 };
	engine_run(e, &ctl);
	uint64_t n = (uint64_t)engine_stats(e)->solutions;
	engine_free(e);
	return n;
}

static void test_ids(void)
{
	int w, h, *clues, at;
	struct diag err;
	ok(range_id_parse(example, &w, &h, &clues, &at, &err) && w == 9 && h == 6, "the example reads as 9x6");
	ok(clues[1] == 4 && clues[8] == 2 && clues[12] == 13 && clues[53] == 0, "its numbers land where they are");
	struct strbuf out = { 0 };
	range_id_format(w, h, clues, &out);
	is_str(out.s, example, "written again, it is the same ID");
	free(clues);
	strbuf_free(&out);
	int both[] = { 3, 2, 0, 0 };
	range_id_format(2, 2, both, &out);
	is_str(out.s, "2x2:3_2b", "two numbers in a row are parted by '_'");
	strbuf_free(&out);

	static const struct {
		const char *id;
		int at;
		const char *says;
	} bad[] = {
		{ "9x6", 4, "starts with its size" },     { "9y6:a", 2, "starts with its size" },
		{ "2x2:a3!", 7, "neither a letter" },     { "2x2:a9c", 6, "sees too far" },
		{ "2x2:ab", 7, "cells stop at 3" },       { "2x2:e", 5, "more cells" },
		{ "2x2:1 2b", 6, "neither a letter" },    { "2x2:12b", 5, "sees too far" },
		{ "2x2:_2c", 5, "neither a letter" },     { "99x6:a", 1, "larger than" },
		{ "2x2:0c", 5, "1 or more" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		bool read = range_id_parse(bad[i].id, &w, &h, &clues, &at, &err);
		ok(!read && at == bad[i].at && strstr(err.msg, bad[i].says), "'%s' is refused at character %d: %s",
		   bad[i].id, bad[i].at, read ? "(read)" : err.msg);
	}
}

static void test_small_counts(void)
{
	static const struct {
		const char *id;
		uint64_t count;
		const char *why;
	} cases[] = {
		{ "3x1:c", 4, "3x1 blank: ..., #.., ..#, #.# (.#. cuts the unshaded cells)" },
		{ "2x2:d", 5, "2x2 blank: none or one shaded (a diagonal pair cuts)" },
		{ "3x1:a2a", 2, "a 2 in the middle of three: one end shaded" },
		{ "3x3:d5d", 16, "a 5 in the middle of 3x3: the cross unshaded, the corners free" },
		{ "3x1:a1a", 1, "a 1 with a cell each side: both shaded" },
		{ "3x3:a1g", 0, "a 1 in the middle of an edge: its three neighbours shaded cut off the corners" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct range_grid *g = grid_of(cases[i].id);
		is_u64(count_by(g, RANGE_BRANCH_CELLS), cases[i].count, "cells: %s", cases[i].why);
		is_u64(count_by(g, RANGE_BRANCH_VIEWS), cases[i].count, "views: %s", cases[i].why);
		is_u64(count_by(g, RANGE_BRANCH_VIEWS + 1), cases[i].count, "clauses: %s", cases[i].why);
		range_grid_free(g);
	}
}

static void test_deductions(void)
{
	struct range_deduction d;
	bool broken;
	struct range_grid *g = grid_of("3x1:a2a");
	ok(!range_grid_deduce(g, RANGE_RULE_CONNECT, &d, &broken) && !broken, "a 2 between two cells: nothing simple");
	ok(range_grid_deduce(g, RANGE_RULE_TRIAL, &d, &broken) || !broken, "a trial is looked for");
	range_grid_free(g);

	g = grid_of("4x1:3c");
	ok(range_grid_deduce(g, RANGE_RULE_REACH, &d, &broken) && d.rule == RANGE_RULE_REACH && d.cell == 1 &&
	       d.value == RANGE_WHITE,
	   "a 3 in a corner of a row must see the next cell");
	ok(range_grid_propagate(g, RANGE_RULE_CONNECT) && g->cell[2] == RANGE_WHITE && g->cell[3] == RANGE_BLACK,
	   "and the one after it; then the fourth is shaded");
	range_grid_free(g);

	g = grid_of("3x1:1b");
	ok(range_grid_deduce(g, RANGE_RULE_STOP, &d, &broken) && d.rule == RANGE_RULE_STOP && d.cell == 1 &&
	       d.value == RANGE_BLACK,
	   "a 1 at the end of a row: its neighbour is shaded");
	range_grid_free(g);

	g = grid_of("3x3:i");
	range_grid_mark(g, 1, RANGE_BLACK);
	ok(range_grid_deduce(g, RANGE_RULE_NEIGHBOUR, &d, &broken) && d.rule == RANGE_RULE_NEIGHBOUR && d.clue == 1,
	   "a shaded cell's neighbour is unshaded");
	range_grid_undo_to(g, 0);
	range_grid_mark(g, 0, RANGE_WHITE);
	range_grid_mark(g, 5, RANGE_BLACK);
	range_grid_mark(g, 7, RANGE_BLACK);
	range_grid_mark(g, 8, RANGE_WHITE);
	ok(!range_grid_consistent(g), "an unshaded corner walled off by two shaded cells: the region is cut");
	range_grid_free(g);

	g = grid_of("3x3:i");
	range_grid_mark(g, 0, RANGE_WHITE);
	range_grid_mark(g, 5, RANGE_BLACK);
	range_grid_mark(g, 2, RANGE_WHITE);
	range_grid_mark(g, 4, RANGE_WHITE);
	range_grid_mark(g, 8, RANGE_WHITE);
	bool found = range_grid_deduce(g, RANGE_RULE_CONNECT, &d, &broken);
	ok(found && (d.cell == 1 || d.cell == 7) && d.value == RANGE_WHITE && d.rule == RANGE_RULE_CONNECT,
	   "the last way out of an unshaded cell walled in by a shaded one is unshaded");
	ok(range_grid_propagate(g, RANGE_RULE_CONNECT) && g->cell[1] == RANGE_WHITE && g->cell[7] == RANGE_WHITE,
	   "both ways out, for the top right and the bottom right corner");
	range_grid_free(g);
}

static void test_example(void)
{
	struct range_grid *g = grid_of(example);
	is_u64(count_by(g, RANGE_BRANCH_CELLS), 1, "cells: the manual's example has one solution");
	is_u64(count_by(g, RANGE_BRANCH_VIEWS), 1, "views: the manual's example has one solution");
	is_u64(count_by(g, RANGE_BRANCH_VIEWS + 1), 1, "clauses: the manual's example has one solution");
	range_grid_free(g);
	g = grid_of(generated);
	for (int b = RANGE_BRANCH_CELLS; b <= RANGE_BRANCH_VIEWS; b++) {
		struct engine *e = range_search_new(g, (enum range_branch)b);
		struct engine_ctl ctl = { .report_solutions = true };
		ok(engine_run(e, &ctl) == ENGINE_SOLUTION, "%s: the generated puzzle has a solution", e->ops->name);
		const struct range_grid *s = range_search_grid(e);
		bool same = true;
		for (int k = 0; k < s->n; k++)
			same &= generated_solution[k / 9][2 * (k % 9)] == (s->cell[k] == RANGE_BLACK ? '#' : '.');
		for (int k = 0; !same && k < s->n; k++)
			printf("%s%c", k % 9 ? " " : "\n# ", s->cell[k] == RANGE_BLACK ? '#' : '.');
		ok(same, "%s: the solution is the one Tatham's game accepts", e->ops->name);
		ctl.report_solutions = false;
		ok(engine_run(e, &ctl) == ENGINE_DONE && engine_stats(e)->solutions == 1, "%s: and it is the only one",
		   e->ops->name);
		struct strbuf path = { 0 };
		engine_free(e);
		strbuf_free(&path);
	}
	range_grid_free(g);
}

/* RANGE_BRANCH_VIEWS + 1: the clause engine. */
static struct engine *engine_by(const struct range_grid *g, int branch)
{
	return branch > RANGE_BRANCH_VIEWS ? range_clauses_new(g) : range_search_new(g, (enum range_branch)branch);
}

/* The clause engine's walks test the region at each node as its search
 * does, so their estimate of the solutions is of the real ones (the cut
 * models it once counted made 4x2's near twice as many). */
static void test_estimate(void)
{
	struct range_grid *g = grid_of("4x2:h");
	uint64_t exact = count_by(g, RANGE_BRANCH_CELLS);
	for (int b = RANGE_BRANCH_CELLS; b <= RANGE_BRANCH_VIEWS + 1; b++) {
		struct estimate est;
		estimate_init(&est, g->n + 2, 7);
		struct engine *e = engine_by(g, b);
		ok(estimate_engine(&est, e, 4000, NULL), "%s: 4000 random walks", e->ops->name);
		double got = estimate_solutions(&est);
		ok(got > 0.8 * (double)exact && got < 1.2 * (double)exact,
		   "%s: Knuth's estimate of the solutions (%.2f) is near the count (%llu)", e->ops->name, got,
		   (unsigned long long)exact);
		engine_free(e);
		estimate_free(&est);
	}
	range_grid_free(g);
}

/* The walks that look one level ahead, on the shipped level 3-01, whose
 * one solution no plain walk of the cells engine met in 10,000: each
 * engine's walks meet it, their estimates are within three standard
 * errors of the tree and the count, and they leave the engine at its
 * root with its counters as they were. */
static void test_walk_ahead(void)
{
	struct range_grid *g = grid_of("11x11:g5b7_7b5b13m4c7p13c12r5c8a8_4e4f6m5i8a");
	for (int b = RANGE_BRANCH_CELLS; b <= RANGE_BRANCH_VIEWS + 1; b++) {
		struct engine *e = engine_by(g, b);
		struct engine_ctl ctl = { 0 };
		engine_run(e, &ctl);
		uint64_t nodes = engine_stats(e)->nodes;
		e->ops->restart(e);
		struct estimate est;
		estimate_init(&est, 1, 5);
		estimate_engine(&est, e, 3000, NULL);
		double n = estimate_nodes(&est), se = estimate_nodes_se(&est);
		double s = estimate_solutions(&est), sse = estimate_solutions_se(&est);
		ok(fabs(n - (double)nodes) <= 3 * se && fabs(s - 1) <= 3 * sse && estimate_solution_walks(&est) > 0,
		   "%s: %.1f +- %.1f nodes (%" PRIu64 "), %.2f +- %.2f solutions (1), met by %" PRIu64 " of 3000 walks",
		   e->ops->name, n, se, nodes, s, sse, estimate_solution_walks(&est));
		uint64_t before = engine_stats(e)->nodes + engine_stats(e)->mems;
		engine_run(e, &ctl);
		ok(before == 0 && engine_stats(e)->nodes == nodes && engine_stats(e)->solutions == 1,
		   "%s: the walks leave it at its root, its counters untouched", e->ops->name);
		estimate_free(&est);
		engine_free(e);
	}
	range_grid_free(g);
}

/* The clause engine tests the region at every node: a node whose unshaded
 * cells are cut is a dead end there, said so, and never a model refused
 * later. */
static void test_clauses_region(void)
{
	struct range_grid *g = grid_of("3x1:c");
	struct engine *e = range_clauses_new(g);
	struct engine_ctl ctl = { .step = true };
	int cut = 0, pruned = 0;
	struct note n;
	while (engine_run(e, &ctl) == ENGINE_STEP) {
		const struct engine_event *ev = engine_event(e);
		e->ops->event_note(e, &n);
		cut += ev->kind == ENGINE_EV_CHOOSE && ev->choices == 0 && strstr(n.text, "cut in two") != NULL;
		pruned += ev->kind == ENGINE_EV_PRUNE;
	}
	ok(cut > 0 && pruned == 0, "clauses: .#. is a dead end at its node, cut in two (%d such, %d models refused)",
	   cut, pruned);
	is_u64((uint64_t)engine_stats(e)->solutions, 4, "clauses: and the four others are counted");
	engine_free(e);
	range_grid_free(g);
}

/* The cells a search has set (its path_move, "#R,C" and ".R,C" joined by
 * ';') marked on g. */
static void mark_path(struct range_grid *g, const struct engine *e)
{
	struct strbuf move = { 0 };
	strbuf_addf(&move, "%s", "");
	e->ops->path_move(e, &move);
	for (char *p = move.s; *p;) {
		int r, c, used;
		if (sscanf(p + 1, "%d,%d%n", &r, &c, &used) != 2)
			break;
		range_grid_mark(g, (r - 1) * g->w + c - 1, *p == '#' ? RANGE_BLACK : RANGE_WHITE);
		p += 1 + used;
		p += *p == ';';
	}
	strbuf_free(&move);
}

/* ... and unshades, as the other engines do, each cell whose shading would
 * cut the region: at every node it branches at, no such cell is left. */
static void test_clauses_cut(const char *id)
{
	struct range_grid *g = grid_of(id);
	struct engine *e = range_clauses_new(g);
	struct engine_ctl ctl = { .step = true };
	int nodes = 0, uncut = 0, cells[RANGE_MAX_SIDE * RANGE_MAX_SIDE];
	while (engine_run(e, &ctl) == ENGINE_STEP) {
		const struct engine_event *ev = engine_event(e);
		if (ev->kind != ENGINE_EV_CHOOSE || ev->choices == 0)
			continue;
		struct range_grid *at = range_grid_copy(g);
		mark_path(at, e);
		nodes++;
		uncut += range_grid_cut_cells(at, cells) == 0;
		range_grid_free(at);
	}
	ok(nodes > 0 && uncut == nodes, "clauses on %s: no cell left at a node whose shading cuts the region (%d of %d)", id,
	   uncut, nodes);
	engine_free(e);
	range_grid_free(g);
}

int main(void)
{
	test_ids();
	test_small_counts();
	test_deductions();
	test_example();
	test_estimate();
	test_walk_ahead();
	test_clauses_region();
	test_clauses_cut("4x3:l");
	test_clauses_cut(example);
	return tap_done();
}
