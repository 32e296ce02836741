/* Sudoku's fastest engine (solver/sudoku/sudoku_fast.c, as the family's engine
 * in puzzles/sudoku_fast_engine.c) against the mrv backtracker, whose
 * tree has golden node counts (test_sudoku_bt.c): the same solutions,
 * every one of them, on puzzles with one, none and several; the 288 4x4
 * grids; step by step as in one run; budgets, cancel and Knuth's
 * estimate; its words; and its lean counter. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/puzzle.h"
#include "puzzles/sudoku_engines.h"
#include "puzzles/sudoku_gen.h"
#include "puzzles/sudoku_puzzle.h"
#include "puzzles/xc_engine.h"
#include "solver/estimate.h"
#include "solver/sudoku/sudoku_fast.h"
#include "engine_run.h"
#include "tap.h"
#include "cancel_later.h"
#include "util/clock.h"
#include "util/rng.h"
#include "util/strbuf.h"

/* Published puzzles, each with one solution: the example of Wikipedia's
 * "Sudoku" article, the first of Gordon Royle's 17-clue list, Arto
 * Inkala's "hardest" of 2012, and the first of the magictour top 1465. */
#define WIKI "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
#define ROYLE17 "000000010400000000020000000000050407008000300001090000300400200050100000000806000"
#define INKALA "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
#define TOP1 "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#define EMPTY4 "................"

/* Solutions kept per puzzle when comparing engines. */
#define MAX_SOLS 4000

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

static struct engine *fast(const char *line)
{
	struct sudoku_grid g = grid(line);
	return sudoku_engine_fast_new(&g);
}

/* The grid after the moves "r3c5=7;..." (false if one is not that, or
 * fills a filled cell). */
static bool play(struct sudoku_grid *g, const char *moves)
{
	for (const char *p = moves; *p;) {
		int r, c, d, used;
		if (sscanf(p, "r%dc%d=%d%n", &r, &c, &d, &used) != 3 || r < 1 || r > g->side || c < 1 ||
		    c > g->side || d < 1 || d > g->side || g->v[(r - 1) * g->side + c - 1])
			return false;
		g->v[(r - 1) * g->side + c - 1] = (uint8_t)d;
		p += used;
		if (*p == ';')
			p++;
	}
	return true;
}

/* The solutions an engine reports: the first MAX_SOLS as lines, sorted;
 * the count of them all; whole if the search ended; good if each line
 * is a solved grid. */
struct sols {
	char (*line)[SUDOKU_GRID_MAX_CELLS + 1];
	int n;
	uint64_t count, nodes;
	bool whole, good;
};

static int by_line(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void all_solutions(struct engine *e, const struct sudoku_grid *start, struct sols *out)
{
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, start->box);
	out->n = 0;
	out->good = true;
	struct engine_ctl ctl = { .report_solutions = true };
	enum engine_status st;
	while ((st = engine_run(e, &ctl)) == ENGINE_SOLUTION && out->n < MAX_SOLS) {
		struct strbuf b = { 0 };
		e->ops->path_move(e, &b);
		struct sudoku_grid g = *start;
		out->good &= play(&g, b.s ? b.s : "") && sudoku_grid_is_solved(&g, &geo);
		sudoku_grid_format(&g, out->line[out->n++]);
		strbuf_free(&b);
	}
	if (st == ENGINE_SOLUTION) {
		ctl.report_solutions = false;
		st = engine_run(e, &ctl);
	}
	out->whole = st == ENGINE_DONE;
	out->nodes = engine_stats(e)->nodes;
	out->count = (uint64_t)engine_stats(e)->solutions;
	out->good &= out->count >= (uint64_t)out->n && (out->n == MAX_SOLS || out->count == (uint64_t)out->n);
	qsort(out->line, (size_t)out->n, sizeof *out->line, by_line);
}

/* ---- agreement with mrv -------------------------------------------------- */

struct tally {
	int puzzles, none, one, several, bad;
	uint64_t fast_nodes, mrv_nodes;
};

/* The two engines on g: the same solutions, each a solved grid; and the
 * lean counter's count, with and without a barred digit. */
static void agree(const struct sudoku_grid *g, struct tally *t, struct sols *a, struct sols *b)
{
	struct engine *ef = sudoku_engine_fast_new(g), *em = sudoku_engine_mrv_new(g);
	all_solutions(ef, g, a);
	all_solutions(em, g, b);
	bool same = a->whole && b->whole && a->good && b->good && a->n == b->n && a->count == b->count;
	/* (past MAX_SOLS, the engines' first solutions need not be the same) */
	for (int i = 0; same && a->n < MAX_SOLS && i < a->n; i++)
		same = !strcmp(a->line[i], b->line[i]);
	struct sudoku_fast_req req = { .bar_cell = -1 };
	same &= sudoku_fast_count(g, &req) == a->count;
	/* barred: the solutions without the first solution's digit in the
	 * first blank cell */
	int blank = 0;
	while (blank < g->cells && g->v[blank])
		blank++;
	if (a->n > 0 && a->n < MAX_SOLS && blank < g->cells) {
		int d = a->line[0][blank] - '0', others = 0;
		for (int i = 0; i < a->n; i++)
			others += a->line[i][blank] - '0' != d;
		req = (struct sudoku_fast_req){ .bar_cell = blank, .bar_digit = d };
		same &= sudoku_fast_count(g, &req) == (uint64_t)others;
	}
	t->puzzles++;
	t->none += a->count == 0;
	t->one += a->count == 1;
	t->several += a->count > 1;
	t->fast_nodes += a->nodes;
	t->mrv_nodes += b->nodes;
	if (!same) {
		char line[SUDOKU_GRID_MAX_CELLS + 1];
		sudoku_grid_format(g, line);
		if (!t->bad)
			tap_diag("disagree on %s: fast %" PRIu64 ", mrv %" PRIu64 " solutions", line, a->count, b->count);
		t->bad++;
	}
	engine_free(ef);
	engine_free(em);
}

static void test_agreement(void)
{
	struct sols a = { .line = malloc(MAX_SOLS * sizeof *a.line) }, b = { .line = malloc(MAX_SOLS * sizeof *b.line) };
	struct tally t = { 0 };
	const char *published[] = { WIKI, ROYLE17, INKALA, TOP1 };
	for (size_t i = 0; i < sizeof published / sizeof *published; i++) {
		struct sudoku_grid g = grid(published[i]);
		agree(&g, &t, &a, &b);
	}
	struct rng r;
	rng_seed(&r, 8);
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct sudoku_grid g, p;
		sudoku_gen_minimal(3, false, seed, &g, NULL);
		agree(&g, &t, &a, &b);
		char sol[SUDOKU_GRID_MAX_CELLS + 1];
		snprintf(sol, sizeof sol, "%s", a.line[0]);
		/* a clue or two less: several solutions */
		for (int less = 1; less <= 2; less++) {
			p = g;
			for (int k = 0; k < less;) {
				int c = (int)rng_below(&r, (uint64_t)p.cells);
				if (p.v[c])
					p.v[c] = 0, k++;
			}
			agree(&p, &t, &a, &b);
		}
		/* a blank given another digit than its solution's: none, or
		 * a digit its row, column or box holds: a clash */
		p = g;
		int c;
		do
			c = (int)rng_below(&r, (uint64_t)p.cells);
		while (p.v[c]);
		p.v[c] = (uint8_t)(sol[c] - '0') % 9 + 1;
		agree(&p, &t, &a, &b);
	}
	/* 4x4: a random full grid less a random share of its clues */
	for (int k = 0; k < 300; k++) {
		struct sudoku_grid full, p;
		sudoku_grid_init(&p, 2);
		struct engine *e = sudoku_engine_fast_new(&p);
		struct engine_ctl ctl = { .report_solutions = true };
		uint64_t skip = rng_below(&r, 288);
		for (uint64_t s = 0; s <= skip; s++)
			engine_run(e, &ctl);
		struct strbuf m = { 0 };
		e->ops->path_move(e, &m);
		full = p;
		play(&full, m.s ? m.s : "");
		strbuf_free(&m);
		engine_free(e);
		p = full;
		uint64_t keep = rng_below(&r, 8) + 1;
		for (int c = 0; c < p.cells; c++)
			if (rng_below(&r, 16) >= keep)
				p.v[c] = 0;
		if (k % 3 == 0) {
			/* a wrong digit in a blank: no solution, or fewer */
			int c = (int)rng_below(&r, (uint64_t)p.cells);
			if (!p.v[c])
				p.v[c] = (uint8_t)(full.v[c] % 4 + 1);
		}
		agree(&p, &t, &a, &b);
	}
	ok(t.bad == 0, "fast and mrv: the same solutions on %d puzzles (%d with none, %d with one, %d with several), "
	   "and the counter's counts", t.puzzles, t.none, t.one, t.several);
	ok(t.none >= 20 && t.one >= 40 && t.several >= 100, "the set has puzzles of every kind");
	tap_diag("nodes: fast %" PRIu64 ", mrv %" PRIu64, t.fast_nodes, t.mrv_nodes);
	ok(t.fast_nodes < t.mrv_nodes, "the singles make a smaller tree: %" PRIu64 " nodes against mrv's %" PRIu64,
	   t.fast_nodes, t.mrv_nodes);
	free(a.line);
	free(b.line);
}

/* ---- agreement with Dancing Links ----------------------------------------- */

/* Solutions of g by the DLX engine on the family's exact cover, up to
 * limit; -1 if the family takes no such grid. */
static int64_t dlx_count(const struct sudoku_grid *g, uint64_t limit)
{
	char line[SUDOKU_GRID_MAX_CELLS + 1];
	struct diag err;
	int bad;
	sudoku_grid_format(g, line);
	struct puzzle_state *s = sudoku_puzzle.start(&sudoku_puzzle, line, &bad, &err);
	if (!s)
		return -1;
	struct engine *e = xc_engine_dlx.new(&sudoku_puzzle, s);
	struct engine_ctl ctl = { .max_solutions = limit };
	engine_run(e, &ctl);
	int64_t n = (int64_t)engine_stats(e)->solutions;
	engine_free(e);
	sudoku_puzzle.free_state(s);
	return n;
}

/* The lean counter against Dancing Links on random puzzles: minimal ones
 * less up to eight clues (several solutions, counted up to 300), and
 * with a wrong digit in a blank (none). */
static void test_dlx_agreement(void)
{
	struct rng r;
	rng_seed(&r, 24);
	int puzzles = 0, bad = 0, none = 0, one = 0, several = 0;
	for (uint64_t seed = 100; seed < 160; seed++) {
		struct sudoku_grid g;
		sudoku_gen_minimal(3, false, seed, &g, NULL);
		struct sudoku_grid first;
		struct sudoku_fast_req req = { .limit = 1, .bar_cell = -1, .first = &first };
		sudoku_fast_count(&g, &req);
		for (int variant = 0; variant < 5; variant++) {
			struct sudoku_grid p = g;
			int less = variant < 4 ? 2 * variant : 0;
			for (int k = 0; k < less;) {
				int c = (int)rng_below(&r, (uint64_t)p.cells);
				if (p.v[c])
					p.v[c] = 0, k++;
			}
			if (variant == 4) {
				int c;
				do
					c = (int)rng_below(&r, (uint64_t)p.cells);
				while (p.v[c]);
				p.v[c] = (uint8_t)(first.v[c] % 9 + 1);
			}
			req = (struct sudoku_fast_req){ .limit = 300, .bar_cell = -1 };
			uint64_t fast_n = sudoku_fast_count(&p, &req);
			int64_t dlx_n = dlx_count(&p, 300);
			puzzles++;
			none += fast_n == 0;
			one += fast_n == 1;
			several += fast_n > 1;
			if (dlx_n < 0 || (uint64_t)dlx_n != fast_n) {
				char line[SUDOKU_GRID_MAX_CELLS + 1];
				sudoku_grid_format(&p, line);
				if (!bad)
					tap_diag("disagree on %s: fast %" PRIu64 ", dlx %" PRId64, line, fast_n, dlx_n);
				bad++;
			}
		}
	}
	ok(bad == 0 && none >= 20 && one >= 60 && several >= 100,
	   "the counter and Dancing Links: the same counts on %d puzzles (%d with none, %d with one, %d with several)",
	   puzzles, none, one, several);
}

static void test_288(void)
{
	struct sols a = { .line = malloc(MAX_SOLS * sizeof *a.line) };
	struct sudoku_grid g = grid(EMPTY4);
	struct engine *e = sudoku_engine_fast_new(&g);
	all_solutions(e, &g, &a);
	bool distinct = true;
	for (int i = 1; i < a.n; i++)
		distinct &= strcmp(a.line[i - 1], a.line[i]) != 0;
	ok(a.whole && a.good && a.n == 288 && distinct, "the empty 4x4: %d completed grids (expected 288), each solved, "
	   "no two the same, in %" PRIu64 " nodes", a.n, a.nodes);
	e->ops->restart(e);
	struct engine_ctl ctl = { .max_solutions = 5 };
	ok(engine_run(e, &ctl) == ENGINE_LIMIT && engine_stats(e)->solutions == 5, "restarted, it stops at a limit of 5");
	engine_free(e);
	struct sudoku_fast_req req = { .bar_cell = -1 };
	is_u64(sudoku_fast_count(&g, &req), 288, "the counter: 288");
	req = (struct sudoku_fast_req){ .bar_cell = 0, .bar_digit = 1 };
	is_u64(sudoku_fast_count(&g, &req), 216, "the counter, 1 barred from r1c1: 216 (three quarters)");
	req = (struct sudoku_fast_req){ .limit = 7, .bar_cell = -1 };
	is_u64(sudoku_fast_count(&g, &req), 7, "the counter stops at its limit");
	g = grid("12..............");
	is_u64(sudoku_count(&g, 0, NULL), 24, "sudoku_count, 1 and 2 given in row 1: 24");
	free(a.line);
}

/* ---- the counter and the generator ------------------------------------------- */

/* Solutions up to 2, by the mrv engine: not the counter that generated. */
static int mrv_count2(const struct sudoku_grid *g)
{
	struct engine *e = sudoku_engine_mrv_new(g);
	struct engine_ctl ctl = { .max_solutions = 2 };
	engine_run(e, &ctl);
	int n = (int)engine_stats(e)->solutions;
	engine_free(e);
	return n;
}

/* Proper, and no clue (no pair half a turn apart, if pairs) can go. */
static bool minimal_by_mrv(const struct sudoku_grid *g, bool pairs)
{
	if (mrv_count2(g) != 1)
		return false;
	for (int c = 0; c < g->cells; c++) {
		int twin = pairs ? g->cells - 1 - c : c;
		if (!g->v[c] || twin < c)
			continue;
		struct sudoku_grid p = *g;
		p.v[c] = p.v[twin] = 0;
		if (mrv_count2(&p) != 2)
			return false;
	}
	return true;
}

static void test_generator(void)
{
	/* the counter's first solution, the one preferred where it can */
	struct sudoku_grid g = grid(".........6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
	struct sudoku_grid a, b, wiki = grid("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
	struct sudoku_fast_req req = { .limit = 1, .bar_cell = -1, .first = &a };
	sudoku_fast_count(&g, &req);
	req = (struct sudoku_fast_req){ .limit = 1, .bar_cell = -1, .first = &b, .prefer = &wiki };
	sudoku_fast_count(&g, &req);
	ok(!memcmp(&b, &wiki, sizeof b) && memcmp(&a, &b, sizeof a) != 0,
	   "the counter's first solution: the preferred grid, else another of the two");

	bool same = true, all = true, minimal = true, sym = true;
	for (uint64_t seed = 1; seed <= 5; seed++) {
		sudoku_gen_minimal(3, false, seed, &a, NULL);
		sudoku_gen_minimal_orders(3, false, seed, 1, &b, NULL);
		same &= !memcmp(&a, &b, sizeof a);
	}
	ok(same, "sudoku_gen_minimal is one removal order");
	int fewer = 0;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		all &= sudoku_gen_minimal_orders(3, false, seed, 1, &a, NULL);
		minimal &= minimal_by_mrv(&a, false);
		sudoku_gen_minimal_orders(3, false, seed, 4, &b, NULL);
		int ca = 0, cb = 0;
		for (int c = 0; c < a.cells; c++)
			ca += a.v[c] != 0, cb += b.v[c] != 0;
		fewer += cb < ca;
		all &= cb <= ca;
	}
	ok(all && minimal, "one order, seeds 1-20: proper and minimal (by the mrv engine), never fewer clues than four "
	   "orders (which had fewer %d times)", fewer);
	all = minimal = true;
	for (uint64_t seed = 1; seed <= 10; seed++) {
		all &= sudoku_gen_minimal_orders(3, true, seed, 2, &a, NULL);
		minimal &= minimal_by_mrv(&a, true);
		for (int c = 0; c < a.cells; c++)
			sym &= !a.v[c] == !a.v[a.cells - 1 - c];
	}
	ok(all && sym && minimal, "two orders, symmetric, seeds 1-10: symmetric, proper, no pair of clues can go");
	all = minimal = true;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		all &= sudoku_gen_minimal_orders(2, false, seed, 3, &a, NULL) && a.side == 4;
		minimal &= minimal_by_mrv(&a, false) && sudoku_is_minimal(&a);
	}
	ok(all && minimal, "4x4, three orders, seeds 1-20: proper and minimal");
}

/* ---- the singles, all placed ------------------------------------------- */

/* Is a single left in g: a blank cell with one digit (or none) that its
 * row, column and box do not hold, or a digit missing from a unit with
 * one such cell (or none) for it?  Worked out from the digits alone: the
 * engine's candidates are fewer still, so a single here is one there. */
static bool single_left(const struct sudoku_grid *g)
{
	const struct sudoku_grid_geom *geo = sudoku_grid_geom_get(g->box_rows, g->box_cols);
	uint32_t held[SUDOKU_MAX_UNITS] = { 0 }, free_digits[SUDOKU_MAX_CELLS];
	for (int u = 0; u < geo->units; u++)
		for (int k = 0; k < geo->side; k++)
			held[u] |= g->v[geo->unit_cell[u][k]] ? 1u << g->v[geo->unit_cell[u][k]] : 0;
	for (int c = 0; c < geo->cells; c++) {
		free_digits[c] = 0;
		if (g->v[c])
			continue;
		uint32_t all = ((1u << geo->side) - 1) << 1;
		for (int k = 0; k < 3; k++)
			all &= ~held[geo->cell_unit[c][k]];
		free_digits[c] = all;
		if (!(all & (all - 1)))
			return true;
	}
	for (int u = 0; u < geo->units; u++)
		for (int d = 1; d <= geo->side; d++) {
			if (held[u] >> d & 1u)
				continue;
			int places = 0;
			for (int k = 0; k < geo->side; k++)
				places += (int)(free_digits[geo->unit_cell[u][k]] >> d & 1u);
			if (places < 2)
				return true;
		}
	return false;
}

/* Stepped through: at every choice the grid as the engine has it (the
 * givens and the cells it filled) has no single left.  *choices counts
 * the choices looked at. */
static bool no_single_at_choices(const char *line, int *choices)
{
	struct sudoku_grid g = grid(line), now;
	struct sudoku_fast *f = sudoku_fast_new(&g);
	struct engine_ctl ctl = { .step = true, .max_solutions = 300 };
	int cells[SUDOKU_GRID_MAX_CELLS], digits[SUDOKU_GRID_MAX_CELLS];
	bool none_left = true;
	while (none_left && sudoku_fast_run(f, &ctl) == ENGINE_STEP) {
		const struct engine_event *ev = sudoku_fast_event(f);
		if (ev->kind != ENGINE_EV_CHOOSE || ev->choices == 0)
			continue;
		now = g;
		int n = sudoku_fast_filled(f, cells, digits);
		for (int i = 0; i < n; i++)
			now.v[cells[i]] = (uint8_t)digits[i];
		none_left = !single_left(&now);
		(*choices)++;
	}
	sudoku_fast_free(f);
	return none_left;
}

static void test_singles_placed(void)
{
	/* hard 9x9s (from the hardest set and the 17-clue set), where most
	 * of the work is singles found in columns, rows and boxes at once,
	 * and 4x4s, the engine's other size (at most 300 solutions each) */
	const char *lines[] = {
		INKALA,
		TOP1,
		"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
		"........1..2..3.4..5.14........6.5....7..8.3.62......4..9.2...8.3.8...9..7...94..",
		".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
		EMPTY4,
		"1...............",
		"..3..1......4...",
	};
	bool all = true;
	int choices = 0;
	for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
		all &= no_single_at_choices(lines[i], &choices);
	ok(all && choices > 100, "at each of %d choices, no single left in a row, a column, a box or a cell", choices);
}

/* ---- step by step -------------------------------------------------------- */

static void test_steps(const char *line, const char *what, int solutions)
{
	struct engine *e = fast(line);
	struct run straight, stepped;
	run_through(e, false, true, &straight);
	e->ops->restart(e);
	run_through(e, true, true, &stepped);
	ok(stepped.tries == stepped.undos && stepped.depth_bad == 0,
	   "%s: %" PRIu64 " tries, each undone, at the levels they were made; no cell chosen with one candidate", what,
	   stepped.tries);
	ok(stepped.chooses + stepped.n == stepped.nodes, "%s: a choice or a solution at every node", what);
	ok(stepped.words && stepped.marked, "%s: every step in words that fit, its cell marked", what);
	bool same = straight.n == stepped.n && straight.nodes == stepped.nodes;
	for (int i = 0; same && i < straight.n; i++)
		same = !strcmp(straight.sol[i], stepped.sol[i]);
	ok(same && straight.n == solutions, "%s: step by step = straight: %d solutions, %" PRIu64 " nodes", what,
	   stepped.n, stepped.nodes);
	ok(straight.progress_drop == 0 && stepped.progress_drop == 0, "%s: progress never goes back", what);
	ok(stepped.fails_said == (stepped.dead_ends > 0 && stepped.tries > 0) &&
	           stepped.more_said == (solutions > 0 && stepped.tries > 0),
	   "%s: %" PRIu64 " dead ends; a digit taken back after one fails, after a solution it looks for more", what,
	   stepped.dead_ends);
	run_free(&straight);
	run_free(&stepped);
	engine_free(e);
}

static void note_of_first(const char *line, enum engine_event_kind kind, char *buf, size_t size)
{
	struct engine *e = fast(line);
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
	note_of_first("12........3...4.", ENGINE_EV_CHOOSE, text, sizeof text);
	is_str(text, "r1c3 has no candidate left", "a cell without a candidate named");
	/* row 1 holds 2 to 7; r2c8's 1 keeps 1 out of r1c7 to r1c9 */
	char line[SUDOKU_GRID_MAX_CELLS + 1];
	snprintf(line, sizeof line, "%-81s", "234567..........1.");
	for (char *p = line; *p; p++)
		*p = *p == ' ' ? '.' : *p;
	note_of_first(line, ENGINE_EV_CHOOSE, text, sizeof text);
	is_str(text, "no cell of row 1 can hold 1", "a digit without a place in a unit named");
	note_of_first("11..............", ENGINE_EV_CHOOSE, text, sizeof text);
	is_str(text, "1 is twice in row 1: no way to finish", "a clash of givens named");
	note_of_first(EMPTY4, ENGINE_EV_TRY, text, sizeof text);
	is_str(text, "r1c1 has 4 candidates: tries 1", "the first try in the player's words");
	note_of_first(WIKI, ENGINE_EV_SOLUTION, text, sizeof text);
	is_str(text, "after 51 forced digits, every cell is filled: a solution",
	       "Wikipedia's puzzle: the singles alone fill it");
	note_of_first(INKALA, ENGINE_EV_CHOOSE, text, sizeof text);
	ok(strstr(text, "candidates") != NULL, "Inkala's puzzle: a choice at the root: %s", text);

	struct engine *e = fast("11..............");
	struct engine_ctl ctl = { .step = true };
	struct strbuf path = { 0 };
	engine_run(e, &ctl);
	e->ops->path_move(e, &path);
	ok(engine_event(e)->kind == ENGINE_EV_CHOOSE && path.len == 0, "a clash of givens: its dead end fills no cell");
	strbuf_free(&path);
	e->ops->restart(e);
	ctl = (struct engine_ctl){ 0 };
	ok(engine_run(e, &ctl) == ENGINE_DONE && engine_stats(e)->solutions == 0 && engine_stats(e)->nodes == 1,
	   "a clash of givens: no solution, one node");
	engine_free(e);
	struct sudoku_grid odd;
	sudoku_grid_init(&odd, 2);
	odd.v[5] = 9;
	struct sudoku_fast_req none = { .bar_cell = -1 };
	ok(sudoku_fast_count(&odd, &none) == 0, "the counter: a digit past the side, no solution");
	/* eight 1s, and a 2 in the one cell left for the ninth: no blank
	 * cell can take a 1, every one has candidates */
	struct sudoku_grid no1;
	sudoku_grid_init(&no1, 3);
	for (int r = 1; r < 9; r++)
		no1.v[r * 9 + (9 - (3 * (r % 3) + r / 3) % 9) % 9] = 1;
	no1.v[0] = 2;
	char no1_line[SUDOKU_GRID_MAX_CELLS + 1], why[NOTE_TEXT_MAX];
	sudoku_grid_format(&no1, no1_line);
	note_of_first(no1_line, ENGINE_EV_CHOOSE, why, sizeof why);
	is_str(why, "no cell of column 1 can hold 1",
	       "a digit with no blank cell left, missing from a unit: a dead end at the root");
	none = (struct sudoku_fast_req){ .bar_cell = -1 };
	uint64_t no1_count = sudoku_fast_count(&no1, &none);
	ok(no1_count == 0 && none.nodes == 1, "the counter: no solution, one node (%" PRIu64 ")", none.nodes);
	e = fast("1234341221434321");
	ok(engine_run(e, &ctl) == ENGINE_DONE && engine_stats(e)->solutions == 1 && engine_stats(e)->nodes == 1,
	   "a full grid: itself the one solution, at the root");
	engine_free(e);
	e = fast(WIKI);
	enum engine_status st = engine_run(e, &ctl);
	ok(st == ENGINE_DONE && engine_stats(e)->solutions == 1 && engine_stats(e)->nodes == 1 &&
	   engine_stats(e)->updates == 51 && engine_stats(e)->mems > 51,
	   "Wikipedia's puzzle: one node, 51 digits placed (%" PRIu64 " mems)", engine_stats(e)->mems);
	engine_free(e);

	/* the path: every digit filled in, a move of the family that solves */
	e = fast(INKALA);
	ctl = (struct engine_ctl){ .report_solutions = true };
	struct strbuf b = { 0 };
	ok(engine_run(e, &ctl) == ENGINE_SOLUTION, "Inkala's puzzle: a solution");
	e->ops->path_move(e, &b);
	struct sudoku_grid g = grid(INKALA);
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 3);
	ok(play(&g, b.s) && sudoku_grid_is_solved(&g, &geo), "its path, r3c5=7 moves joined by ';', fills the grid");
	struct diag err;
	int bad;
	struct puzzle_state *s = sudoku_puzzle.start(&sudoku_puzzle, INKALA, &bad, &err);
	struct puzzle_state *done = s ? sudoku_puzzle.apply(s, b.s, &err) : NULL;
	ok(done && sudoku_puzzle.is_solved(done), "and the family plays it to the solved grid");
	if (done)
		sudoku_puzzle.free_state(done);
	if (s)
		sudoku_puzzle.free_state(s);
	strbuf_free(&b);
	engine_free(e);

	struct sudoku_grid bad_grid;
	sudoku_grid_init(&bad_grid, 3);
	bad_grid.v[0] = 10;
	ok(sudoku_engine_fast_new(&bad_grid) == NULL, "a grid holding a digit it cannot have: no engine");
	ok(puzzle_engine_find(&sudoku_puzzle, NULL) == &sudoku_engine_fast && !strcmp(sudoku_engine_fast.name, "fast"),
	   "the family's first engine, which answers checks, counts and hints: %s, \"%s\"", sudoku_engine_fast.name,
	   sudoku_engine_fast.title);
}

/* ---- cancel and budget --------------------------------------------------- */

static void test_cancel(void)
{
	atomic_int flag;
	atomic_init(&flag, 1);
	/* every 9x9 grid: no search ends that */
	struct sudoku_grid empty;
	sudoku_grid_init(&empty, 3);
	struct engine *e = sudoku_engine_fast_new(&empty);
	struct engine_ctl ctl = { .cancel = &flag };
	ok(engine_run(e, &ctl) == ENGINE_CANCELLED && engine_stats(e)->nodes == 0,
	   "cancelled before it starts, it stops at once");
	atomic_store(&flag, 0);
	struct cancel_later c;
	cancel_later_start(&c, &flag, "the fast search counting every 9x9 grid");
	enum engine_status st = engine_run(e, &ctl);
	cancel_later_end(&c);
	ok(st == ENGINE_CANCELLED && engine_stats(e)->solutions > 0, "counting every 9x9 grid, cancelled in flight");
	atomic_store(&flag, 0);
	u128 before = engine_stats(e)->solutions;
	ctl = (struct engine_ctl){ .max_solutions = (uint64_t)before + 10 };
	ok(engine_run(e, &ctl) == ENGINE_LIMIT && engine_stats(e)->solutions == before + 10,
	   "resumed after a cancel, it goes on");
	engine_free(e);

	atomic_store(&flag, 1);
	struct sudoku_fast_req req = { .bar_cell = -1, .cancel = &flag };
	ok(sudoku_fast_count(&empty, &req) == 0 && req.cancelled && req.nodes == 0,
	   "the counter: cancelled, it stops at once");
	is_u64(sudoku_count(&empty, 0, &flag), 0, "sudoku_count too");
}

static void test_budget(const char *line, const char *what)
{
	struct engine *e = fast(line);
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
	ok(same && slices > 1, "%s: in %d slices of 500 mems, the totals of one run (%" PRIu64 " nodes, %" PRIu64
	   " mems)", what, slices, s->nodes, s->mems);
	stats_free(&whole);
	engine_free(e);
}

/* ---- Knuth's estimate ------------------------------------------------------ */

static void test_estimate(const char *line, const char *what, double true_solutions)
{
	struct engine *e = fast(line);
	struct engine_ctl ctl = { 0 };
	engine_run(e, &ctl);
	uint64_t nodes = engine_stats(e)->nodes;
	e->ops->restart(e);
	struct estimate est;
	estimate_init(&est, 1, 2024);
	ok(estimate_engine(&est, e, 20000, NULL), "%s: probes the tree", what);
	double s = estimate_solutions(&est), sse = estimate_solutions_se(&est);
	ok(fabs(s - true_solutions) <= 3 * sse + 1e-9, "%s: estimated %.1f +- %.1f solutions, true %.0f", what, s, sse,
	   true_solutions);
	double n = estimate_nodes(&est), nse = estimate_nodes_se(&est);
	ok(fabs(n - (double)nodes) <= 3 * nse + 1e-9, "%s: estimated %.1f +- %.1f nodes, true %" PRIu64, what, n, nse,
	   nodes);
	/* a probe leaves the search where it was */
	e->ops->restart(e);
	ctl.max_solutions = 1;
	engine_run(e, &ctl);
	double before = e->ops->progress(e);
	estimate_engine(&est, e, 10, NULL);
	ctl.max_solutions = 0;
	ok(e->ops->progress(e) == before && engine_run(e, &ctl) == ENGINE_DONE &&
	   (double)engine_stats(e)->solutions == true_solutions && engine_stats(e)->nodes == nodes,
	   "%s: probes in mid-search leave it as it was", what);
	estimate_free(&est);
	engine_free(e);
}

int main(void)
{
	test_agreement();
	test_dlx_agreement();
	test_288();
	test_generator();
	test_singles_placed();
	test_steps(EMPTY4, "the empty 4x4", 288);
	test_steps(WIKI, "Wikipedia's example", 1);
	test_steps(INKALA, "Inkala's puzzle", 1);
	test_steps(TOP1, "the first of top 1465", 1);
	test_steps("12........3...4.", "a 4x4 dead end", 0);
	test_steps(".........6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
	           "Wikipedia's without its first row", 2);
	test_words();
	test_cancel();
	test_budget(EMPTY4, "the empty 4x4");
	test_budget(INKALA, "Inkala's puzzle");
	test_estimate(EMPTY4, "the empty 4x4", 288);
	test_estimate(TOP1, "the first of top 1465", 1);
	return tap_done();
}
