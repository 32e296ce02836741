/* The clause solver (solver/clauses/sat.h) on small formulas with known model
 * counts and against brute force, and as a Sudoku engine (sudoku_sat.c)
 * through the engine interface: counts, a proper puzzle, no solution,
 * step mode, budgets, cancelling, Knuth's estimate, and its tree against
 * Dancing Links' on the same exact cover. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "problems.h"
#include "puzzles/sudoku_engines.h"
#include "solver/xc/dlx.h"
#include "solver/estimate.h"
#include "solver/clauses/sat.h"
#include "tap.h"
#include "cancel_later.h"
#include "util/clock.h"
#include "util/strbuf.h"

/* Arto Inkala's puzzle of 2012, and its one solution. */
static const char inkala[] = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
static const char inkala_sol[] = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/* More puzzles known to be hard for backtracking, each with one solution. */
static const char *const hard[] = {
	"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", /* AI Escargot */
	"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1", /* Easter Monster */
	"..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9", /* against brute force */
	"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", /* Norvig's hard 17 */
};
/* Norvig's puzzle with no solution. */
static const char impossible[] = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";

/* ---- the solver on formulas --------------------------------------------- */

/* Run s to the end, checking each model against f; the count. */
static uint64_t models(struct sat *s, const struct sat_formula *f, bool *all_good)
{
	struct engine_ctl ctl = { .report_solutions = true };
	uint64_t n = 0;
	while (sat_run(s, &ctl) == ENGINE_SOLUTION) {
		n++;
		for (int c = 0; c < f->n_clauses; c++) {
			bool sat = false;
			for (int j = f->start[c]; j < f->start[c + 1]; j++) {
				int l = f->lit[j];
				sat |= sat_value(s, l > 0 ? l : -l) == (l > 0 ? 1 : -1);
			}
			*all_good &= sat;
		}
		for (int v = 1; v <= f->n_vars; v++)
			*all_good &= sat_value(s, v) != 0;
	}
	*all_good &= (uint64_t)sat_stats(s)->solutions == n;
	return n;
}

static uint64_t count_formula(const struct sat_formula *f, bool *good)
{
	struct sat *s = sat_new(f);
	uint64_t n = models(s, f, good);
	sat_free(s);
	return n;
}

static void add(struct sat_formula *f, int n, ...)
{
	int l[16];
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		l[i] = va_arg(ap, int);
	va_end(ap);
	sat_formula_add(f, l, n);
}

static void exactly_one(struct sat_formula *f, int n, bool at_least)
{
	int l[64];
	for (int i = 0; i < n; i++)
		l[i] = i + 1;
	if (at_least)
		sat_formula_add(f, l, n);
	for (int i = 1; i <= n; i++)
		for (int j = i + 1; j <= n; j++)
			add(f, 2, -i, -j);
}

static void test_formulas(void)
{
	struct sat_formula f;
	bool good = true;

	sat_formula_init(&f, 2);
	add(&f, 2, 1, 2);
	add(&f, 2, -1, 2);
	add(&f, 2, 1, -2);
	struct sat *s = sat_new(&f);
	struct engine_ctl ctl = { 0 };
	enum engine_status st = sat_run(s, &ctl);
	ok(st == ENGINE_DONE && sat_stats(s)->solutions == 1, "(x1|x2)(-x1|x2)(x1|-x2): one model");
	s = (sat_free(s), sat_new(&f));
	ctl.report_solutions = true;
	st = sat_run(s, &ctl);
	ok(st == ENGINE_SOLUTION && sat_value(s, 1) == 1 && sat_value(s, 2) == 1, "... and it is x1 = x2 = true");
	sat_free(s);
	add(&f, 2, -1, -2);
	ok(count_formula(&f, &good) == 0 && good, "with (-x1|-x2) too: no model");
	sat_formula_free(&f);

	for (int n = 1; n <= 8; n++) {
		sat_formula_init(&f, n);
		exactly_one(&f, n, true);
		uint64_t one = count_formula(&f, &good);
		sat_formula_free(&f);
		sat_formula_init(&f, n);
		exactly_one(&f, n, false);
		uint64_t most = count_formula(&f, &good);
		sat_formula_free(&f);
		ok(one == (uint64_t)n && most == (uint64_t)n + 1 && good,
		   "over %d variables: exactly one has %" PRIu64 " models, at most one %" PRIu64, n, one, most);
	}

	sat_formula_init(&f, 10);
	ok(count_formula(&f, &good) == 1024 && good, "no clauses on 10 variables: 1024 models");
	add(&f, 3, 1, 2, 3);
	ok(count_formula(&f, &good) == 7 * 128 && good, "(x1|x2|x3) on 10 variables: 896 models");
	sat_formula_free(&f);

	sat_formula_init(&f, 3);
	sat_formula_add(&f, NULL, 0);
	s = sat_new(&f);
	ctl = (struct engine_ctl){ 0 };
	st = sat_run(s, &ctl);
	ok(st == ENGINE_DONE && sat_stats(s)->solutions == 0 && sat_stats(s)->nodes == 1,
	   "the empty clause: no model, the root a dead end");
	sat_free(s);
	sat_formula_free(&f);

	/* 4 pigeons, 3 holes: x(p,h) = 3p + h + 1 */
	sat_formula_init(&f, 12);
	for (int p = 0; p < 4; p++)
		add(&f, 3, 3 * p + 1, 3 * p + 2, 3 * p + 3);
	for (int h = 0; h < 3; h++)
		for (int p = 0; p < 4; p++)
			for (int q = p + 1; q < 4; q++)
				add(&f, 2, -(3 * p + h + 1), -(3 * q + h + 1));
	ok(count_formula(&f, &good) == 0 && good, "4 pigeons in 3 holes: no model");
	sat_formula_free(&f);

	/* repeated literals are kept once; a tautology is always satisfied */
	sat_formula_init(&f, 3);
	add(&f, 3, 1, 1, 1);
	add(&f, 2, 2, -2);
	ok(f.start[1] == 1 && count_formula(&f, &good) == 4 && good, "(x1|x1|x1)(x2|-x2) on 3 variables: 4 models");
	int bad[2] = { 1, 4 }, zero[1] = { 0 };
	ok(sat_formula_add(&f, bad, 2) == -1 && sat_formula_add(&f, zero, 1) == -1 && f.n_clauses == 2,
	   "a literal naming no variable is refused");
	sat_formula_free(&f);
}

/* Random 3-clause formulas on 10 variables, each count against brute
 * force over all 1024 assignments. */
static void test_random(void)
{
	struct rng r;
	rng_seed(&r, 2012);
	int agree = 0, trials = 300, sat_ones = 0;
	bool good = true;
	for (int t = 0; t < trials; t++) {
		int n = 10, m = 3 + (int)rng_below(&r, 40);
		struct sat_formula f;
		sat_formula_init(&f, n);
		for (int c = 0; c < m; c++) {
			/* a few units, mostly two to four literals */
			int len = rng_below(&r, 8) ? 2 + (int)rng_below(&r, 3) : 1, l[4];
			for (int j = 0; j < len; j++) {
				int v = 1 + (int)rng_below(&r, (uint64_t)n);
				l[j] = rng_below(&r, 2) ? v : -v;
			}
			sat_formula_add(&f, l, len);
		}
		uint64_t brute = 0;
		for (unsigned a = 0; a < 1u << n; a++) {
			bool all = true;
			for (int c = 0; c < f.n_clauses && all; c++) {
				bool one = false;
				for (int j = f.start[c]; j < f.start[c + 1]; j++) {
					int l = f.lit[j], v = l > 0 ? l : -l;
					one |= ((a >> (v - 1)) & 1) == (l > 0);
				}
				all = one;
			}
			brute += all;
		}
		uint64_t got = count_formula(&f, &good);
		if (got != brute && agree == t) { /* the first that disagrees */
			tap_diag("formula %d: %" PRIu64 " models, brute force %" PRIu64, t, got, brute);
			for (int c = 0; c < f.n_clauses; c++) {
				char b[128] = "";
				for (int j = f.start[c]; j < f.start[c + 1]; j++)
					snprintf(b + strlen(b), sizeof b - strlen(b), "%d ", f.lit[j]);
				tap_diag("  %s", b);
			}
		}
		agree += got == brute;
		sat_ones += brute > 0;
		sat_formula_free(&f);
	}
	ok(agree == trials && good, "%d random formulas on 10 variables (%d satisfiable): counts = brute force",
	   trials, sat_ones);
}

/* ---- Sudoku --------------------------------------------------------------- */

static struct sudoku_grid grid_of(const char *line)
{
	struct sudoku_grid g;
	char why[128];
	int col;
	if (!sudoku_grid_parse_line(line, strlen(line), &g, why, sizeof why, &col))
		sudoku_grid_init(&g, 3);
	return g;
}

static struct engine *sudoku(const char *line)
{
	struct sudoku_grid g = grid_of(line);
	return sudoku_engine_sat_new(&g);
}

/* The grid after the moves "r3c5=7;..." (false if one is not that). */
static bool play(struct sudoku_grid *g, const char *moves)
{
	const char *p = moves;
	while (*p) {
		int r, c, d, used;
		if (sscanf(p, "r%dc%d=%d%n", &r, &c, &d, &used) != 3 || r < 1 || r > g->side || c < 1 ||
		    c > g->side || d < 1 || d > g->side)
			return false;
		if (g->v[(r - 1) * g->side + c - 1])
			return false; /* never a filled cell */
		g->v[(r - 1) * g->side + c - 1] = (uint8_t)d;
		p += used;
		if (*p == ';')
			p++;
	}
	return true;
}

static char *path(struct engine *e)
{
	struct strbuf b = { 0 };
	e->ops->path_move(e, &b);
	return strbuf_take(&b);
}

/* The solution a path move makes of line, as a line. */
static void solution_line(const char *line, const char *moves, char *out)
{
	struct sudoku_grid g = grid_of(line);
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, g.box);
	if (play(&g, moves) && sudoku_grid_is_solved(&g, &geo))
		sudoku_grid_format(&g, out);
	else
		strcpy(out, "not a solution");
}

static void test_sudoku_counts(void)
{
	struct engine *e = sudoku("................");
	struct engine_ctl ctl = { 0 };
	enum engine_status st = engine_run(e, &ctl);
	const struct search_stats *ss = engine_stats(e);
	ok(st == ENGINE_DONE && ss->solutions == 288 && !ss->overflow,
	   "the empty 4x4 grid: %" PRIu64 " completions (expected 288), %" PRIu64 " nodes", (uint64_t)ss->solutions,
	   ss->nodes);
	uint64_t nodes = ss->nodes, mems = ss->mems, updates = ss->updates;

	e->ops->restart(e);
	ctl.max_solutions = 2;
	ok(engine_run(e, &ctl) == ENGINE_LIMIT && engine_stats(e)->solutions == 2, "restarted, it stops at a limit of 2");

	/* the same count in slices of a small budget, to the same totals */
	e->ops->restart(e);
	struct engine_ctl slice = { .mems_budget = 2000 };
	int slices = 1;
	while ((st = engine_run(e, &slice)) == ENGINE_BUDGET && slices < 1000000)
		slices++;
	ss = engine_stats(e);
	ok(st == ENGINE_DONE && slices > 10 && ss->solutions == 288 && ss->nodes == nodes && ss->mems == mems &&
	           ss->updates == updates,
	   "in %d slices of 2000 mems: 288, and the same nodes, updates and mems", slices);

	/* every solution reported is a different grid */
	e->ops->restart(e);
	struct engine_ctl each = { .report_solutions = true };
	char seen[288][SUDOKU_MAX_CELLS + 1];
	int n = 0;
	bool distinct = true;
	while (engine_run(e, &each) == ENGINE_SOLUTION && n < 288) {
		char *m = path(e);
		solution_line("................", m, seen[n]);
		free(m);
		for (int k = 0; k < n; k++)
			distinct &= strcmp(seen[k], seen[n]) != 0;
		distinct &= strcmp(seen[n], "not a solution") != 0;
		n++;
	}
	ok(n == 288 && distinct, "each of the 288 is a solved grid, and no two are the same");
	engine_free(e);

	e = sudoku("12..............");
	ctl.max_solutions = 0;
	engine_run(e, &ctl);
	ok(engine_stats(e)->solutions == 288 / 12, "4x4 with 1 and 2 given in row 1: 24 completions");
	engine_free(e);

	struct sudoku_grid bad;
	sudoku_grid_init(&bad, 3);
	bad.v[0] = 10;
	ok(sudoku_engine_sat_new(&bad) == NULL, "a grid holding a digit it cannot have: no engine");
}

static void test_sudoku_puzzle(void)
{
	struct engine *e = sudoku(inkala);
	struct engine_ctl ctl = { .report_solutions = true };
	double t0 = clock_seconds();
	enum engine_status st = engine_run(e, &ctl);
	char *m = path(e);
	char line[SUDOKU_MAX_LINE];
	solution_line(inkala, m, line);
	is_str(st == ENGINE_SOLUTION ? line : "none", inkala_sol, "Inkala's puzzle: the right solution");
	free(m);
	st = engine_run(e, &ctl);
	double t = clock_seconds() - t0;
	const struct search_stats *ss = engine_stats(e);
	ok(st == ENGINE_DONE && ss->solutions == 1, "... and no other: %" PRIu64 " nodes, %" PRIu64 " updates",
	   ss->nodes, ss->updates);
	tap_diag("Inkala: %" PRIu64 " nodes, %" PRIu64 " mems, %.2f ms", ss->nodes, ss->mems, t * 1000);
	engine_free(e);

	for (size_t i = 0; i < sizeof hard / sizeof *hard; i++) {
		e = sudoku(hard[i]);
		struct engine_ctl all = { 0 };
		t0 = clock_seconds();
		st = engine_run(e, &all);
		t = clock_seconds() - t0;
		ss = engine_stats(e);
		ok(st == ENGINE_DONE && ss->solutions == 1, "hard puzzle %zu: one solution, %" PRIu64 " nodes", i + 1,
		   ss->nodes);
		tap_diag("hard %zu: %" PRIu64 " nodes, %" PRIu64 " mems, %.2f ms", i + 1, ss->nodes, ss->mems, t * 1000);
		engine_free(e);
	}

	/* Inkala's with a digit where its solution has another, in the first
	 * blank cell where no given forbids it: no solution at all. */
	char wrong[82];
	strcpy(wrong, inkala);
	struct sudoku_grid g = grid_of(inkala);
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 3);
	sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
	sudoku_grid_candidates(&g, &geo, cand);
	int cell = 0;
	while (g.v[cell] ||
	       sudoku_grid_popcount(cand[cell] & (sudoku_grid_mask)~sudoku_grid_bit(inkala_sol[cell] - '0')) == 0)
		cell++;
	sudoku_grid_mask others = (sudoku_grid_mask)(cand[cell] & ~sudoku_grid_bit(inkala_sol[cell] - '0'));
	wrong[cell] = (char)('0' + sudoku_grid_first_digit(others));
	e = sudoku(wrong);
	struct engine_ctl all = { 0 };
	st = engine_run(e, &all);
	ok(st == ENGINE_DONE && engine_stats(e)->solutions == 0 && engine_stats(e)->nodes > 1,
	   "Inkala's with %c at r%dc%d: no solution (%" PRIu64 " nodes)", wrong[cell], cell / 9 + 1, cell % 9 + 1,
	   engine_stats(e)->nodes);
	engine_free(e);

	e = sudoku(impossible);
	st = engine_run(e, &all);
	ok(st == ENGINE_DONE && engine_stats(e)->solutions == 0,
	   "Norvig's impossible puzzle: no solution (%" PRIu64 " nodes)", engine_stats(e)->nodes);
	engine_free(e);

	/* two 5s in row 1: the root is a dead end, said in words */
	e = sudoku("5..5.............................................................................");
	struct engine_ctl step = { .step = true };
	st = engine_run(e, &step);
	struct note n;
	e->ops->event_note(e, &n);
	ok(st == ENGINE_STEP && engine_event(e)->kind == ENGINE_EV_CHOOSE && engine_event(e)->choices == 0 &&
	           strstr(n.text, "r1c") != NULL && n.n_cells > 0,
	   "two 5s in row 1: a dead end at the root: \"%s\"", n.text);
	ok(engine_run(e, &step) == ENGINE_DONE && engine_stats(e)->solutions == 0 && engine_stats(e)->nodes == 1,
	   "... and nothing else");
	engine_free(e);

	/* a solved grid is its own solution, at the root */
	e = sudoku(inkala_sol);
	st = engine_run(e, &all);
	m = path(e);
	ok(st == ENGINE_DONE && engine_stats(e)->solutions == 1 && engine_stats(e)->nodes == 1,
	   "a full grid: one solution, at the root");
	free(m);
	engine_free(e);
}

/* ---- step by step --------------------------------------------------------- */

struct run {
	char **sol;
	int n;
	uint64_t nodes, tries, undos, chooses, dead;
	int depth_bad;
	bool words, marks;
	char first_try[NOTE_TEXT_MAX], unit_try[NOTE_TEXT_MAX], dead_words[NOTE_TEXT_MAX];
};

static void run_free(struct run *r)
{
	for (int i = 0; i < r->n; i++)
		free(r->sol[i]);
	free(r->sol);
}

static void run_through(struct engine *e, bool step, struct run *r)
{
	memset(r, 0, sizeof *r);
	r->words = r->marks = true;
	struct engine_ctl ctl = { .step = step, .report_solutions = !step };
	enum engine_status st;
	int level = 0;
	while ((st = engine_run(e, &ctl)) == ENGINE_STEP || st == ENGINE_SOLUTION) {
		const struct engine_event *ev = engine_event(e);
		if (st == ENGINE_SOLUTION || ev->kind == ENGINE_EV_SOLUTION) {
			r->sol = realloc(r->sol, sizeof *r->sol * (size_t)(r->n + 1));
			r->sol[r->n++] = path(e);
		}
		if (!step)
			continue;
		struct note n;
		e->ops->event_note(e, &n);
		r->words &= n.text[0] != '\0';
		if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
			r->marks &= n.n_cells > 0;
		if (ev->kind == ENGINE_EV_CHOOSE) {
			r->chooses++;
			r->depth_bad += ev->level != level;
			if (ev->choices == 0 && !r->dead++)
				snprintf(r->dead_words, sizeof r->dead_words, "%s", n.text);
		} else if (ev->kind == ENGINE_EV_TRY) {
			if (!r->tries)
				snprintf(r->first_try, sizeof r->first_try, "%s", n.text);
			if (!r->unit_try[0] && !strncmp(n.text, "a ", 2))
				snprintf(r->unit_try, sizeof r->unit_try, "%s", n.text);
			r->tries++;
			r->depth_bad += ev->level != level;
			level++;
		} else if (ev->kind == ENGINE_EV_UNDO) {
			r->undos++;
			level--;
			r->depth_bad += ev->level != level;
		}
	}
	r->depth_bad += st != ENGINE_DONE;
	r->nodes = engine_stats(e)->nodes;
}

static void compare_steps(const char *name, const char *line, struct run *stepped)
{
	struct engine *e = sudoku(line);
	struct run straight;
	run_through(e, false, &straight);
	e->ops->restart(e);
	run_through(e, true, stepped);
	/* (a puzzle that propagation alone solves has no tries at all) */
	ok(stepped->tries == stepped->undos && (stepped->tries > 0 || stepped->nodes == 1) && stepped->depth_bad == 0,
	   "%s: %" PRIu64 " tries, each undone, at the levels they were made", name, stepped->tries);
	ok(stepped->words && stepped->marks, "%s: every step told in words, with cells marked", name);
	bool same = straight.n == stepped->n && straight.nodes == stepped->nodes;
	for (int k = 0; same && k < straight.n; k++)
		same = !strcmp(straight.sol[k], stepped->sol[k]);
	ok(same, "%s: step by step = straight: %d solutions, %" PRIu64 " nodes", name, stepped->n, stepped->nodes);
	run_free(&straight);
	engine_free(e);
}

static void test_steps(void)
{
	struct run r;
	compare_steps("empty 4x4", "................", &r);
	is_str(r.first_try, "branches on r1c1: 4 candidates, tries 1", "the first step, in words");
	ok(r.n == 288, "... and 288 solutions");
	run_free(&r);
	compare_steps("Inkala's", inkala, &r);
	ok(r.dead > 0 && r.dead_words[0], "a dead end in words: \"%s\"", r.dead_words);
	run_free(&r);
	char unit_try[NOTE_TEXT_MAX] = "";
	for (size_t i = 0; i < sizeof hard / sizeof *hard; i++) {
		char name[32];
		snprintf(name, sizeof name, "hard puzzle %zu", i + 1);
		compare_steps(name, hard[i], &r);
		if (!unit_try[0])
			snprintf(unit_try, sizeof unit_try, "%s", r.unit_try);
		run_free(&r);
	}
	ok(unit_try[0] != '\0', "a digit's places in a unit, in words: \"%s\"", unit_try);
}

/* ---- budgets, cancelling, progress ------------------------------------------ */

static void test_cancel(void)
{
	atomic_int flag;
	atomic_init(&flag, 1);
	/* counting every 9x9 grid: endless */
	struct engine *e = sudoku(".................................................................................");
	struct engine_ctl ctl = { .cancel = &flag };
	ok(engine_run(e, &ctl) == ENGINE_CANCELLED && engine_stats(e)->nodes == 0,
	   "cancelled before it starts, it stops at once");

	/* in step mode part way, then the flag: not one more node */
	atomic_store(&flag, 0);
	struct engine_ctl step = { .step = true, .cancel = &flag };
	for (int i = 0; i < 1000; i++)
		engine_run(e, &step);
	uint64_t nodes = engine_stats(e)->nodes;
	atomic_store(&flag, 1);
	ok(engine_run(e, &ctl) == ENGINE_CANCELLED && engine_stats(e)->nodes == nodes,
	   "the flag up in the middle: it stops before the next node (%" PRIu64 ")", nodes);

	/* in full flight */
	atomic_store(&flag, 0);
	e->ops->restart(e);
	struct cancel_later c;
	cancel_later_start(&c, &flag, "the clause solver counting every 9x9 grid");
	enum engine_status st = engine_run(e, &ctl);
	cancel_later_end(&c);
	ok(st == ENGINE_CANCELLED && engine_stats(e)->nodes > 0, "cancelled in flight after %" PRIu64 " nodes",
	   engine_stats(e)->nodes);

	/* and resumed after that: the count goes on from where it stopped */
	uint64_t before = engine_stats(e)->nodes;
	struct engine_ctl budget = { .mems_budget = 100000 };
	ok(engine_run(e, &budget) == ENGINE_BUDGET && engine_stats(e)->nodes > before,
	   "resumed with a budget, it goes on and stops again");
	engine_free(e);
}

static void test_progress(void)
{
	struct engine *e = sudoku("................");
	struct engine_ctl ctl = { .report_solutions = true };
	double last = e->ops->progress(e);
	bool rising = last == 0.0;
	while (engine_run(e, &ctl) == ENGINE_SOLUTION) {
		double p = e->ops->progress(e);
		rising &= p >= last && p < 1.0;
		last = p;
	}
	ok(rising && e->ops->progress(e) == 1.0, "progress rises from 0 to 1 over the 288 solutions");
	engine_free(e);
}

/* ---- Knuth's estimate ------------------------------------------------------- */

static void test_estimate(void)
{
	struct engine *e = sudoku("................");
	struct engine_ctl ctl = { 0 };
	engine_run(e, &ctl);
	uint64_t nodes = engine_stats(e)->nodes;
	e->ops->restart(e);
	struct estimate est;
	estimate_init(&est, 1, 42);
	ok(estimate_engine(&est, e, 20000, NULL), "20000 probes of the 4x4 tree");
	double n = estimate_nodes(&est), se = estimate_nodes_se(&est);
	ok(fabs(n - (double)nodes) <= 3 * se, "estimated %.1f +- %.1f nodes, true %" PRIu64, n, se, nodes);
	double s = estimate_solutions(&est), sse = estimate_solutions_se(&est);
	ok(fabs(s - 288) <= 3 * sse && sse > 0, "estimated %.1f +- %.1f completions, true 288", s, sse);
	estimate_free(&est);
	/* the probes leave the engine at its root, its counters clear */
	ok(engine_stats(e)->nodes == 0 && engine_stats(e)->mems == 0, "the probes leave the counters alone");
	engine_run(e, &ctl);
	ok(engine_stats(e)->solutions == 288 && engine_stats(e)->nodes == nodes, "and the search after them is whole");
	engine_free(e);

	e = sudoku(hard[0]);
	engine_run(e, &ctl);
	nodes = engine_stats(e)->nodes;
	e->ops->restart(e);
	estimate_init(&est, 1, 7);
	estimate_engine(&est, e, 20000, NULL);
	n = estimate_nodes(&est);
	se = estimate_nodes_se(&est);
	ok(fabs(n - (double)nodes) <= 3 * se, "AI Escargot: estimated %.0f +- %.0f nodes, true %" PRIu64, n, se, nodes);
	estimate_free(&est);
	engine_free(e);
}

/* ---- the same tree as Dancing Links ------------------------------------------ */

/* DLX (MRV) on the exact cover of the same puzzle, items and options in the
 * same order: its nodes, and how many of them had one choice. */
static void dlx_tree(const char *line, int box, uint64_t *nodes, uint64_t *forced, uint64_t *solutions)
{
	struct xc_problem *p = make_sudoku(box, box, line);
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { .step = true };
	*forced = 0;
	while (dlx_run(d, &ctl) == ENGINE_STEP)
		*forced += dlx_event(d)->kind == ENGINE_EV_CHOOSE && dlx_event(d)->choices == 1;
	*nodes = dlx_stats(d)->nodes;
	*solutions = (uint64_t)dlx_stats(d)->solutions;
	dlx_free(d);
	xc_free(p);
}

static void same_tree(const char *name, const char *line, int box)
{
	uint64_t nodes, forced, solutions;
	dlx_tree(line, box, &nodes, &forced, &solutions);
	struct engine *e = sudoku(line);
	struct engine_ctl ctl = { 0 };
	engine_run(e, &ctl);
	const struct search_stats *ss = engine_stats(e);
	ok(ss->solutions == solutions && ss->nodes == nodes - forced,
	   "%s: DLX's %" PRIu64 " nodes less its %" PRIu64 " forced ones = the clauses' %" PRIu64 " nodes", name,
	   nodes, forced, ss->nodes);
	engine_free(e);
}

static void test_same_tree(void)
{
	same_tree("empty 4x4", "................", 2);
	same_tree("Inkala's", inkala, 3);
	for (size_t i = 0; i < sizeof hard / sizeof *hard; i++) {
		char name[32];
		snprintf(name, sizeof name, "hard puzzle %zu", i + 1);
		same_tree(name, hard[i], 3);
	}
	same_tree("Norvig's impossible", impossible, 3);
}

int main(void)
{
	test_formulas();
	test_random();
	test_sudoku_counts();
	test_sudoku_puzzle();
	test_steps();
	test_cancel();
	test_progress();
	test_estimate();
	test_same_tree();
	return tap_done();
}
