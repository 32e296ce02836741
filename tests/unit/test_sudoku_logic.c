/* The ladder of techniques (sudoku_logic.h): each rung on a position
 * where it is the easiest step, with the step worked out by hand; every
 * step on a set of published puzzles checked against the solution found
 * by brute force (a small solver of this test's own) and against the
 * rule of its technique; the grades; the words' width; the hint's chain
 * of steps; the contradictions the singles lead a wrong digit to. */
#include "config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/sudoku_logic.h"
#include "tap.h"

/* Published puzzles, all proper.  0-9: Project Euler problem 96, grids
 * 01-10 (the first also the first of Norvig's easy50); 10: Wikipedia's
 * "Sudoku" example; 11-22: from Norvig's "Solving Every Sudoku Puzzle"
 * (hard1 and his top95/hardest lists; 17 is Inkala's "AI Escargot");
 * 23: Inkala's 2012 "world's hardest"; 24: "Easter Monster"; 25: the
 * first of Royle's 17-clue puzzles. */
static const char *const known[] = {
	"003020600900305001001806400008102900700000008006708200002609500800203009005010300",
	"200080300060070084030500209000105408000000000402706000301007040720040060004010003",
	"000000907000420180000705026100904000050000040000507009920108000034059000507000000",
	"030050040008010500460000012070502080000603000040109030250000098001020600080060020",
	"020810740700003100090002805009040087400208003160030200302700060005600008076051090",
	"100920000524010000000000070050008102000000000402700090060000000000030945000071006",
	"043080250600000000000001094900004070000608000010200003820500000000000005034090710",
	"480006902002008001900370060840010200003704100001060049020085007700900600609200018",
	"000900002050123400030000160908000000070000090000000205091000050007439020400007000",
	"001900003900700160030005007050000009004302600200000070600100030042007006500006800",
	"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
	"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	"85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
	"..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
	"12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4",
	"...57..3.1......2.7...234......8...4..7..4...49....6.5.42...3.....7..9....18.....",
	"7..1523........92....3.....1....47.8.......6............9...5.6.4.9.7...8....6.1.",
	"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
	"1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2",
	"...92......68.3...19..7...623..4.1....1...7....8.3..297...8..91...5.72......64...",
	".6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4.",
	"7.....4...2..7..8...3..8.799..5..3...6..2..9...1.97..6...3..9...3..4..6...9..1.35",
	"....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....",
	"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
	"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
	"000000010400000000020000000000050407008000300001090000300400200050100000000806000",
};
#define N_KNOWN (int)(sizeof known / sizeof *known)

#define WIDTH 78

/* ---- a small solver of the test's own ------------------------------------ */

/* Candidates from the grid alone; false when a cell has none or a unit
 * has no place left for a digit it lacks. */
static bool plain_cands(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo, sudoku_grid_mask *cand)
{
	if (!sudoku_grid_candidates(g, geo, cand))
		return false;
	for (int u = 0; u < geo->units; u++) {
		sudoku_grid_mask seen = 0;
		for (int i = 0; i < geo->side; i++) {
			int c = geo->unit_cell[u][i];
			seen |= g->v[c] ? sudoku_grid_bit(g->v[c]) : cand[c];
		}
		if (seen != sudoku_grid_all(geo->side))
			return false;
	}
	return true;
}

/* Solutions of g up to limit; the first in *first if not NULL. */
static int solve(struct sudoku_grid *g, const struct sudoku_grid_geom *geo, int limit, struct sudoku_grid *first)
{
	sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
	if (!plain_cands(g, geo, cand))
		return 0;
	int best = -1, fewest = SUDOKU_MAX_SIDE + 1;
	for (int c = 0; c < g->cells; c++)
		if (!g->v[c] && sudoku_grid_popcount(cand[c]) < fewest)
			fewest = sudoku_grid_popcount(cand[c]), best = c;
	if (best < 0) {
		if (first)
			*first = *g;
		return 1;
	}
	int n = 0;
	for (sudoku_grid_mask m = cand[best]; m && n < limit; m &= (sudoku_grid_mask)(m - 1)) {
		g->v[best] = (uint8_t)sudoku_grid_first_digit(m);
		n += solve(g, geo, limit - n, n == 0 ? first : NULL);
	}
	g->v[best] = 0;
	return n;
}

static struct sudoku_grid parse(const char *line)
{
	struct sudoku_grid g;
	char why[100];
	int col;
	if (!sudoku_grid_parse_line(line, strlen(line), &g, why, sizeof why, &col)) {
		printf("Bail out! test puzzle: %s\n", why);
		exit(1);
	}
	return g;
}

/* Is digit d at cell c in no solution of g? */
static bool never(const struct sudoku_grid *g, const struct sudoku_grid_geom *geo, int c, int d)
{
	struct sudoku_grid t = *g;
	if (t.v[c])
		return t.v[c] != d;
	t.v[c] = (uint8_t)d;
	return solve(&t, geo, 1, NULL) == 0;
}

/* ---- the rule of each technique, checked apart from the ladder ----------- */

static bool has(const uint16_t *cells, int n, int c)
{
	for (int i = 0; i < n; i++)
		if (cells[i] == c)
			return true;
	return false;
}

static bool in_unit(const struct sudoku_grid_geom *geo, int c, int u)
{
	return geo->cell_unit[c][0] == u || geo->cell_unit[c][1] == u || geo->cell_unit[c][2] == u;
}

static bool elims_are_candidates(const struct sudoku_logic *L, const struct sudoku_logic_step *st)
{
	for (int i = 0; i < st->n_elim; i++)
		if (!(L->cand[st->elim[i].cell] & sudoku_grid_bit(st->elim[i].digit)))
			return false;
	return true;
}

/* Does st follow from L by the rule of its technique, and does it change
 * something? */
static bool step_holds(const struct sudoku_logic *L, const struct sudoku_logic_step *st, char *what, size_t size)
{
	const struct sudoku_grid_geom *geo = L->geo;
	int side = geo->side, u = st->units[0], d = st->digits ? sudoku_grid_first_digit(st->digits) : 0;
	if (!elims_are_candidates(L, st)) {
		snprintf(what, size, "rules out a candidate already gone");
		return false;
	}
	if (st->cell < 0 && st->n_elim == 0) {
		snprintf(what, size, "changes nothing");
		return false;
	}
	snprintf(what, size, "does not follow from its rule");
	switch (st->tech) {
	case SUDOKU_LOGIC_NAKED_SINGLE:
		return st->cell >= 0 && !L->g.v[st->cell] && L->cand[st->cell] == sudoku_grid_bit(st->digit);
	case SUDOKU_LOGIC_HIDDEN_SINGLE:
		if (st->cell < 0 || !in_unit(geo, st->cell, u))
			return false;
		for (int i = 0; i < side; i++) {
			int c = geo->unit_cell[u][i];
			if ((c == st->cell) != !!(L->cand[c] & sudoku_grid_bit(st->digit)))
				return false;
		}
		return true;
	case SUDOKU_LOGIC_LOCKED:
		for (int i = 0; i < side; i++) {
			int c = geo->unit_cell[u][i];
			if ((L->cand[c] & sudoku_grid_bit(d)) && !in_unit(geo, c, st->units[1]))
				return false;
		}
		for (int i = 0; i < st->n_elim; i++)
			if (!in_unit(geo, st->elim[i].cell, st->units[1]) || in_unit(geo, st->elim[i].cell, u) ||
			    st->elim[i].digit != d)
				return false;
		return st->cell < 0;
	case SUDOKU_LOGIC_NAKED_PAIR:
	case SUDOKU_LOGIC_NAKED_TRIPLE: {
		int k = st->tech == SUDOKU_LOGIC_NAKED_PAIR ? 2 : 3;
		if (st->n_reason != k || sudoku_grid_popcount(st->digits) != k)
			return false;
		for (int i = 0; i < k; i++)
			if (!in_unit(geo, st->reason[i], u) || (L->cand[st->reason[i]] & ~st->digits) ||
			    !L->cand[st->reason[i]])
				return false;
		for (int i = 0; i < st->n_elim; i++)
			if (!in_unit(geo, st->elim[i].cell, u) || has(st->reason, k, st->elim[i].cell) ||
			    !(st->digits & sudoku_grid_bit(st->elim[i].digit)))
				return false;
		return st->cell < 0;
	}
	case SUDOKU_LOGIC_HIDDEN_PAIR:
	case SUDOKU_LOGIC_HIDDEN_TRIPLE: {
		int k = st->tech == SUDOKU_LOGIC_HIDDEN_PAIR ? 2 : 3;
		if (st->n_reason != k || sudoku_grid_popcount(st->digits) != k)
			return false;
		for (int i = 0; i < k; i++)
			if (!in_unit(geo, st->reason[i], u))
				return false;
		for (int i = 0; i < side; i++) {
			int c = geo->unit_cell[u][i];
			if ((L->cand[c] & st->digits) && !has(st->reason, k, c))
				return false;
		}
		for (int i = 0; i < st->n_elim; i++)
			if (!has(st->reason, k, st->elim[i].cell) || (st->digits & sudoku_grid_bit(st->elim[i].digit)))
				return false;
		return st->cell < 0;
	}
	case SUDOKU_LOGIC_XWING: {
		if (st->n_reason != 4 || u < 0 || st->units[1] < 0 || (u < side) != (st->units[1] < side) || u >= 2 * side)
			return false;
		int across = u < side ? 1 : 0; /* which unit of a cell is the crossing line */
		for (int a = 0; a < 2; a++)
			for (int i = 0; i < side; i++) {
				int c = geo->unit_cell[st->units[a]][i];
				if ((L->cand[c] & sudoku_grid_bit(d)) && !has(st->reason, 4, c))
					return false;
			}
		for (int i = 0; i < 4; i++)
			if (!in_unit(geo, st->reason[i], u) && !in_unit(geo, st->reason[i], st->units[1]))
				return false;
		for (int i = 0; i < st->n_elim; i++) {
			int c = st->elim[i].cell;
			bool crossing = false;
			for (int j = 0; j < 4; j++)
				crossing |= geo->cell_unit[st->reason[j]][across] == geo->cell_unit[c][across];
			if (!crossing || in_unit(geo, c, u) || in_unit(geo, c, st->units[1]) || st->elim[i].digit != d)
				return false;
		}
		return st->cell < 0;
	}
	default:
		return false;
	}
}

/* ---- the ladder on the published puzzles --------------------------------- */

static void test_known_proper(void)
{
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 3);
	int proper = 0;
	for (int i = 0; i < N_KNOWN; i++) {
		struct sudoku_grid g = parse(known[i]);
		if (solve(&g, &geo, 2, NULL) == 1)
			proper++;
		else
			tap_diag("puzzle %d is not proper", i);
	}
	is_u64(proper, N_KNOWN, "the %d published puzzles each have one solution", N_KNOWN);
}

/* The ladder to the end on puzzle i: every step sound and by its rule,
 * its words one line; the grader's figures agree with the run. */
static void run_known(int i, int *grade_out)
{
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 3);
	struct sudoku_grid g = parse(known[i]), sol;
	struct sudoku_grid t = g;
	solve(&t, &geo, 1, &sol);

	struct sudoku_logic L;
	struct sudoku_logic_step st;
	ok(sudoku_logic_init(&L, &g), "puzzle %d: the ladder starts", i);
	int steps = 0, wrong = 0, broken = 0, wide = 0;
	enum sudoku_logic_technique hardest = SUDOKU_LOGIC_NONE;
	char what[80];
	while (sudoku_logic_find(&L, &st)) {
		if (st.cell >= 0 && sol.v[st.cell] != st.digit)
			wrong++;
		for (int k = 0; k < st.n_elim; k++)
			if (sol.v[st.elim[k].cell] == st.elim[k].digit)
				wrong++;
		if (!step_holds(&L, &st, what, sizeof what)) {
			if (!broken)
				tap_diag("puzzle %d step %d (%s) %s: %s", i, steps,
				         sudoku_logic_technique_name(st.tech), what, st.why);
			broken++;
		}
		if (strlen(st.why) > WIDTH || !st.why[0] || strchr(st.why, '\n')) {
			if (!wide)
				tap_diag("puzzle %d: \"%s\"", i, st.why);
			wide++;
		}
		if (st.tech > hardest)
			hardest = st.tech;
		sudoku_logic_apply(&L, &st);
		steps++;
		if (steps > SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE) {
			broken++;
			break;
		}
	}
	bool solved = sudoku_grid_is_solved(&L.g, &geo);
	ok(!wrong, "puzzle %d: no step of %d places a wrong digit or rules out the solution's", i, steps);
	ok(!broken, "puzzle %d: every step follows from its technique's rule and rules something out", i);
	ok(!wide, "puzzle %d: every step's words are one line of at most %d columns", i, WIDTH);

	int grade, gsteps;
	enum sudoku_logic_technique gh;
	ok(sudoku_logic_grade(&g, &grade, &gh, &gsteps, NULL), "puzzle %d: graded", i);
	int expect = solved ? (hardest == SUDOKU_LOGIC_NONE ? 1 : sudoku_logic_technique_grade(hardest)) : 4;
	ok(grade == expect && gsteps == steps && gh == (solved ? hardest : SUDOKU_LOGIC_NONE),
	   "puzzle %d: grade %d, %s, %d steps, as the ladder ran (%s, %s, %d steps)", i, grade,
	   sudoku_logic_technique_name(gh), gsteps, solved ? "solved" : "stalled", sudoku_logic_technique_name(hardest),
	   steps);
	*grade_out = grade;
}

static void test_known(void)
{
	int grades[N_KNOWN];
	for (int i = 0; i < N_KNOWN; i++)
		run_known(i, &grades[i]);
	/* Easy ones (Euler 01, Wikipedia's) need singles only; AI Escargot,
	 * Inkala's 2012 puzzle and Easter Monster need trial.  (Norvig's hard1
	 * defeats singles alone, but not locked candidates.) */
	ok(grades[0] == 1 && grades[10] == 1, "the easy puzzles grade 1 (got %d, %d)", grades[0], grades[10]);
	ok(grades[11] > 1, "Norvig's hard1 needs more than singles (grade %d)", grades[11]);
	ok(grades[17] == 4 && grades[23] == 4 && grades[24] == 4, "the hardest puzzles grade 4 (got %d, %d, %d)",
	   grades[17], grades[23], grades[24]);
	int count[5] = { 0 };
	for (int i = 0; i < N_KNOWN; i++)
		count[grades[i]]++;
	tap_diag("grades of the published puzzles: %d of grade 1, %d of 2, %d of 3, %d of 4", count[1], count[2],
	         count[3], count[4]);
}

/* ---- each technique where it is the easiest step --------------------------- */

struct expect {
	enum sudoku_logic_technique tech;
	int cell, digit;
	const char *why;
	int n_reason;
	const char *reason[4]; /* cells that must be among the reason cells */
	const char *elims;     /* "r8c2-7 r8c3-1 ...", in the step's order */
};

static int cell_of(const char *name)
{
	return (name[1] - '1') * 9 + (name[3] - '1');
}

static int cell4(const char *name)
{
	return (name[1] - '1') * 4 + (name[3] - '1');
}

static void elim_text(const struct sudoku_logic *L, const struct sudoku_logic_step *st, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = 0; i < st->n_elim && n + 12 < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%sr%dc%d-%d", i ? " " : "", st->elim[i].cell / L->geo->side + 1,
		                      st->elim[i].cell % L->geo->side + 1, st->elim[i].digit);
}

/* A cell down to one candidate, or a digit with one place left in a
 * unit: looked for apart from the ladder. */
static bool single_left(const struct sudoku_logic *L)
{
	const struct sudoku_grid_geom *geo = L->geo;
	for (int c = 0; c < geo->cells; c++)
		if (!L->g.v[c] && sudoku_grid_popcount(L->cand[c]) == 1)
			return true;
	for (int u = 0; u < geo->units; u++)
		for (int d = 1; d <= geo->side; d++) {
			int places = 0;
			for (int i = 0; i < geo->side; i++)
				places += !!(L->cand[geo->unit_cell[u][i]] & sudoku_grid_bit(d));
			if (places == 1)
				return true;
		}
	return false;
}

/* From the start of g, run the ladder to the first step of technique
 * e->tech (the easiest step there, as the ladder always takes the
 * easiest) and compare it with what was worked out by hand; then check
 * its eliminations and placement against every solution of g. */
static void check_first(const char *name, const char *line, const struct expect *e)
{
	struct sudoku_grid g = parse(line);
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, g.box);
	struct sudoku_logic L;
	struct sudoku_logic_step st;
	bool found = false;
	sudoku_logic_init(&L, &g);
	for (int n = 0; n < SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE && sudoku_logic_find(&L, &st); n++) {
		if (st.tech == e->tech) {
			found = true;
			break;
		}
		sudoku_logic_apply(&L, &st);
	}
	if (!ok(found, "%s: the ladder comes to one", name))
		return;
	if (e->tech > SUDOKU_LOGIC_HIDDEN_SINGLE)
		ok(!single_left(&L), "%s: no single is left there", name);
	is_str(st.why, e->why, "%s: its words", name);
	ok(st.cell == e->cell && st.digit == e->digit, "%s: it places %d at cell %d (expected %d at %d)", name, st.digit,
	   st.cell, e->digit, e->cell);
	char got[400];
	elim_text(&L, &st, got, sizeof got);
	is_str(got, e->elims, "%s: the candidates it rules out", name);
	bool marked = e->n_reason < 0 || st.n_reason == e->n_reason;
	for (int i = 0; i < 4 && e->reason[i]; i++)
		marked &= has(st.reason, st.n_reason, g.box == 2 ? cell4(e->reason[i]) : cell_of(e->reason[i]));
	ok(marked, "%s: it marks the cells that show why (%d)", name, st.n_reason);
	char what[80];
	ok(step_holds(&L, &st, what, sizeof what), "%s: it follows from its rule", name);

	/* Brute force: no solution of the position has a ruled-out digit, and
	 * every solution has the placed one.  (The position's grid has the
	 * steps' placements; its eliminations all follow from the grid.) */
	bool sound = true;
	for (int i = 0; i < st.n_elim; i++)
		sound &= never(&L.g, &geo, st.elim[i].cell, st.elim[i].digit);
	if (st.cell >= 0)
		for (int d = 1; d <= geo.side; d++)
			if (d != st.digit)
				sound &= never(&L.g, &geo, st.cell, d);
	struct sudoku_grid t = L.g;
	ok(sound && solve(&t, &geo, 1, NULL) == 1, "%s: by brute force, the solutions agree", name);
}

/* A position from its givens: "r3c1=1 r3c2=2 ...". */
static struct sudoku_grid grid_of(int box, const char *givens)
{
	struct sudoku_grid g;
	sudoku_grid_init(&g, box);
	for (const char *p = givens; *p; p++)
		if (*p == 'r')
			g.v[(p[1] - '1') * g.side + (p[3] - '1')] = (uint8_t)(p[5] - '0');
	return g;
}

static void check_first_grid(const char *name, const struct sudoku_grid *g, const struct expect *e)
{
	char line[SUDOKU_MAX_LINE];
	sudoku_grid_format(g, line);
	check_first(name, line, e);
}

static void test_techniques(void)
{
	struct sudoku_grid g;

	/* Row 3 holds 1, 2, 3, column 5 holds 4, 5, 6, box 2 holds 8, 9: no
	 * cell before r3c5 is down to one digit. */
	g = grid_of(3, "r3c1=1 r3c2=2 r3c3=3 r5c5=4 r6c5=5 r7c5=6 r1c4=8 r2c6=9");
	check_first_grid("naked single", &g,
	                 &(struct expect){ SUDOKU_LOGIC_NAKED_SINGLE, cell_of("r3c5"), 7,
	                                   "r3c5 can only be 7: every other digit is in its row, column or box", 9,
	                                   { "r3c5", "r3c1", "r5c5", "r1c4" }, "" });

	/* 2 in rows 4 and 6 and columns 4 and 6 leaves box 5 one place for
	 * it; boxes 1-4 (looked at first) have two places at least. */
	g = grid_of(3, "r1c4=2 r4c1=2 r6c9=2 r9c6=2");
	check_first_grid("hidden single", &g,
	                 &(struct expect){ SUDOKU_LOGIC_HIDDEN_SINGLE, cell_of("r5c5"), 2, "in box 5 only r5c5 can hold 2", 5,
	                                   { "r5c5", "r1c4", "r4c1", "r9c6" }, "" });

	/* Rows 1 and 3 of box 1 are full, so its 3 (and 8, 9) is in row 2. */
	g = grid_of(3, "r1c1=1 r1c2=2 r1c3=4 r3c1=5 r3c2=6 r3c3=7");
	check_first_grid("locked candidates, pointing", &g,
	                 &(struct expect){ SUDOKU_LOGIC_LOCKED, -1, 0,
	                                   "box 1 can hold 3 only in row 2, so the rest of row 2 cannot hold 3", 3,
	                                   { "r2c1", "r2c2", "r2c3" },
	                                   "r2c4-3 r2c5-3 r2c6-3 r2c7-3 r2c8-3 r2c9-3" });

	/* Row 1 is full outside box 1, so its 5 (and 8, 9) is in box 1; no
	 * box has a digit confined to one line. */
	g = grid_of(3, "r1c4=1 r1c5=2 r1c6=3 r1c7=4 r1c8=6 r1c9=7");
	check_first_grid("locked candidates, claiming", &g,
	                 &(struct expect){ SUDOKU_LOGIC_LOCKED, -1, 0,
	                                   "row 1 can hold 5 only in box 1, so the rest of box 1 cannot hold 5", 3,
	                                   { "r1c1", "r1c2", "r1c3" },
	                                   "r2c1-5 r2c2-5 r2c3-5 r3c1-5 r3c2-5 r3c3-5" });

	/* Euler 07, after 13 steps: r8c1 and r8c4 are down to 1 and 7. */
	check_first("naked pair", known[6],
	            &(struct expect){ SUDOKU_LOGIC_NAKED_PAIR, -1, 0,
	                              "r8c1 and r8c4 can only be 1 or 7, so the rest of row 8 cannot hold them", 2,
	                              { "r8c1", "r8c4" }, "r8c2-7 r8c3-1 r8c3-7 r8c5-1 r8c6-7" });
	/* The same, after 18 steps: in column 7, 4 and 9 are left only in
	 * r5c7 (1459) and r7c7 (3469). */
	check_first("hidden pair", known[6],
	            &(struct expect){ SUDOKU_LOGIC_HIDDEN_PAIR, -1, 0,
	                              "in column 7 only r5c7 and r7c7 can hold 4 and 9, so they hold nothing else", 2,
	                              { "r5c7", "r7c7" }, "r5c7-1 r5c7-5 r7c7-3 r7c7-6" });
	/* The same, after 19 steps: 6 in row 1 only at r1c6 (67) and r1c9
	 * (167), in row 9 only at r9c6 and r9c9 (26 each). */
	check_first("X-wing on rows", known[6],
	            &(struct expect){ SUDOKU_LOGIC_XWING, -1, 0,
	                              "rows 1 and 9 can hold 6 only in columns 6 and 9: no other 6 in those columns", 4,
	                              { "r1c6", "r1c9", "r9c6", "r9c9" }, "r7c6-6 r4c9-6 r7c9-6" });
	/* Norvig's puzzle 22, after 6 steps: r1c2 (349), r1c3 (349), r1c9 (34). */
	check_first("naked triple", known[22],
	            &(struct expect){ SUDOKU_LOGIC_NAKED_TRIPLE, -1, 0,
	                              "r1c2, r1c3, r1c9 can only be 3, 4, 9, so the rest of row 1 cannot hold them", 3,
	                              { "r1c2", "r1c3", "r1c9" },
	                              "r1c4-9 r1c6-3 r1c6-4 r1c6-9 r1c7-3 r1c7-4 r1c7-9" });
	/* The same, after 8 steps: 2 in column 1 only at r5c1 and r9c1, in
	 * column 9 only at r5c9 and r9c9. */
	check_first("X-wing on columns", known[22],
	            &(struct expect){ SUDOKU_LOGIC_XWING, -1, 0,
	                              "columns 1 and 9 can hold 2 only in rows 5 and 9: no other 2 in those rows", 4,
	                              { "r5c1", "r5c9", "r9c1", "r9c9" },
	                              "r5c2-2 r5c3-2 r5c5-2 r5c7-2 r9c3-2 r9c7-2" });
	/* A proper minimal puzzle made for this test, after 15 steps: in box 7
	 * 4 fits r7c1 (23469) and r8c1 (3459), 5 r8c1 and r9c1 (56), 6 r7c1
	 * and r9c1. */
	check_first("hidden triple",
	            ".4..8....1.5.....4.6....5.97..3......36.9.7....4.2.......7........1...86.8...4.2.",
	            &(struct expect){ SUDOKU_LOGIC_HIDDEN_TRIPLE, -1, 0,
	                              "in box 7 only r7c1, r8c1, r9c1 can hold 4, 5, 6, so they hold nothing else", 3,
	                              { "r7c1", "r8c1", "r9c1" }, "r7c1-2 r7c1-3 r7c1-9 r8c1-3 r8c1-9" });

	/* 4x4: r1c1=3, r1c2=4 leave box 1 its 1 and 2 in row 2. */
	check_first("4x4 pointing", "34..............",
	            &(struct expect){ SUDOKU_LOGIC_LOCKED, -1, 0,
	                              "box 1 can hold 1 only in row 2, so the rest of row 2 cannot hold 1", 2,
	                              { "r2c1", "r2c2" }, "r2c3-1 r2c4-1" });
	/* 4x4 with two solutions: 2 in row 2 only at r2c2 and r2c3 (12 each),
	 * in row 3 only at r3c2 and r3c3 (23 each). */
	check_first("4x4 X-wing", "..4.4..31..4.4..",
	            &(struct expect){ SUDOKU_LOGIC_XWING, -1, 0,
	                              "rows 2 and 3 can hold 2 only in columns 2 and 3: no other 2 in those columns", 4,
	                              { "r2c2", "r2c3", "r3c2", "r3c3" }, "r1c2-2 r4c3-2" });
	/* 4x4, a proper minimal puzzle: column 1 holds 1 and 3, box 1 1 and 4. */
	check_first("4x4 naked single", "....14.3....3..1",
	            &(struct expect){ SUDOKU_LOGIC_NAKED_SINGLE, cell4("r1c1"), 2,
	                              "r1c1 can only be 2: every other digit is in its row, column or box", -1,
	                              { "r1c1" }, "" });
}

/* ---- 4x4 ------------------------------------------------------------------ */

/* Proper minimal 4x4 puzzles made for this test. */
static const char *const small[] = { "....14.3....3..1", "...31..4.....4..", "1......1.2..4..2", "..21.........43." };

static void test_small(void)
{
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 2);
	for (size_t i = 0; i < sizeof small / sizeof *small; i++) {
		struct sudoku_grid g = parse(small[i]), sol, t = g;
		ok(solve(&t, &geo, 2, &sol) == 1, "4x4 %s: one solution", small[i]);
		struct sudoku_logic L;
		struct sudoku_logic_step st;
		sudoku_logic_init(&L, &g);
		int bad = 0, n = 0;
		char what[80];
		while (n < 100 && sudoku_logic_find(&L, &st)) {
			bad += !step_holds(&L, &st, what, sizeof what) || strlen(st.why) > WIDTH;
			bad += st.cell >= 0 && sol.v[st.cell] != st.digit;
			for (int k = 0; k < st.n_elim; k++)
				bad += sol.v[st.elim[k].cell] == st.elim[k].digit;
			sudoku_logic_apply(&L, &st);
			n++;
		}
		int grade, steps;
		enum sudoku_logic_technique h;
		sudoku_logic_grade(&g, &grade, &h, &steps, NULL);
		ok(!bad && sudoku_grid_is_solved(&L.g, &geo) && grade == 1 && steps == n,
		   "4x4 %s: solved by %d sound steps, grade %d (%s)", small[i], n, grade,
		   sudoku_logic_technique_name(h));
	}
}

/* ---- the hint: the steps to the next placement ----------------------------- */

/* Apply the hint's steps to a fresh ladder from g, each checked by its
 * rule there: the chain holds without the steps that were left out. */
static bool chain_holds(const struct sudoku_grid *g, const struct sudoku_logic_step *steps, int n,
                        const struct sudoku_grid *sol,
                        char *what, size_t size)
{
	struct sudoku_logic L;
	sudoku_logic_init(&L, g);
	for (int i = 0; i < n; i++) {
		if (!step_holds(&L, &steps[i], what, size))
			return false;
		if ((i == n - 1) != (steps[i].cell >= 0)) {
			snprintf(what, size, "step %d of %d places a digit: only the last should", i, n);
			return false;
		}
		if (steps[i].cell >= 0 && sol->v[steps[i].cell] != steps[i].digit) {
			snprintf(what, size, "places a wrong digit");
			return false;
		}
		if (strlen(steps[i].why) > WIDTH) {
			snprintf(what, size, "words too wide");
			return false;
		}
		sudoku_logic_apply(&L, &steps[i]);
	}
	what[0] = '\0';
	return true;
}

static struct sudoku_logic_step hint[64];

static void test_next_placement(void)
{
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 3);

	/* Euler 07 where the ladder comes to its first naked pair: the next
	 * placement, r8c5=4, rests on it. */
	struct sudoku_grid g = parse(known[6]), sol, t = g;
	solve(&t, &geo, 1, &sol);
	struct sudoku_logic L;
	struct sudoku_logic_step st;
	sudoku_logic_init(&L, &g);
	int ladder = 0;
	while (sudoku_logic_find(&L, &st) && st.tech != SUDOKU_LOGIC_NAKED_PAIR) {
		sudoku_logic_apply(&L, &st);
		ladder += st.cell >= 0;
	}
	struct sudoku_grid at = L.g;
	int n = sudoku_logic_next_placement(&at, hint, 64);
	char what[80] = "";
	bool pair = false;
	for (int i = 0; i < n; i++) {
		pair |= hint[i].tech == SUDOKU_LOGIC_NAKED_PAIR;
		tap_diag("  %s", hint[i].why);
	}
	ok(n >= 2 && hint[n - 1].cell == cell_of("r8c5") && hint[n - 1].digit == 4 && pair,
	   "Euler 07 after %d placements: the hint tells %d steps, a naked pair among them, then r8c5 is 4", ladder, n);
	ok(chain_holds(&at, hint, n, &sol, what, sizeof what), "those steps hold by themselves%s%s", what[0] ? ": " : "", what);
	/* The ladder takes 7 steps to that placement (3 locked candidates, 2
	 * naked pairs, a locked 6, the single).  By hand: r8c5 (13467) loses
	 * 7 to box 5's 7 locked in column 5, 3 to column 6's 3 locked in box 8
	 * (which also takes r8c4 from 137 to 17), 1 to the pair 17 in row 8, 6
	 * to box 7's 6 locked in row 8, which rests on the pair 69 in box 7,
	 * which rests on the pair 17.  Box 2's 3 locked in row 3, the first
	 * step, is no part of it. */
	ok(n == 6 && hint[0].tech == SUDOKU_LOGIC_LOCKED && hint[0].units[0] == 2 * 9 + 4 && hint[0].units[1] == 9 + 4,
	   "only the steps the placement rests on are told (%d of 7)", n);
	int few = sudoku_logic_next_placement(&at, hint, 2);
	ok(few == 2 && hint[1].cell == cell_of("r8c5"), "with room for 2 steps, the last 2, the placement last");

	/* A position with a single: one step. */
	g = parse(known[0]);
	n = sudoku_logic_next_placement(&g, hint, 64);
	ok(n == 1 && hint[0].tech == SUDOKU_LOGIC_NAKED_SINGLE, "Euler 01: the hint is one naked single (%d steps)", n);
	/* Where the ladder stalls: no hint. */
	g = parse(known[23]);
	is_u64(sudoku_logic_next_placement(&g, hint, 64), 0, "Inkala's 2012 puzzle: the ladder gives no placement");

	/* Every hint of every published puzzle, placement by placement, until
	 * solved or stalled. */
	int hints = 0, bad = 0;
	for (int i = 0; i < N_KNOWN; i++) {
		g = parse(known[i]);
		t = g;
		solve(&t, &geo, 1, &sol);
		while ((n = sudoku_logic_next_placement(&g, hint, 64)) > 0) {
			if (!chain_holds(&g, hint, n, &sol, what, sizeof what)) {
				if (!bad)
					tap_diag("puzzle %d: %s", i, what);
				bad++;
				break;
			}
			g.v[hint[n - 1].cell] = (uint8_t)hint[n - 1].digit;
			hints++;
		}
	}
	ok(!bad && hints > 500, "all %d hints of the published puzzles hold step by step", hints);
}

/* ---- dead ends: where the singles lead ------------------------------------- */

/* Is x a contradiction of g that a player can follow: the singles it
 * tells, placed in turn from g, each a naked or hidden single when it is
 * placed, leave the cell it names no candidate, or its unit no place for
 * its digit? */
static bool contradiction_holds(const struct sudoku_grid *start, const struct sudoku_logic_contradiction *x, char *what,
                                size_t size)
{
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, start->box);
	struct sudoku_grid g = *start;
	sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
	for (int i = 0; i < x->n_forced; i++) {
		sudoku_grid_candidates(&g, &geo, cand);
		int c = x->forced[i].cell, d = x->forced[i].digit;
		bool single = !g.v[c] && cand[c] == sudoku_grid_bit(d);
		for (int k = 0; k < 3 && !single && !g.v[c] && (cand[c] & sudoku_grid_bit(d)); k++) {
			int places = 0;
			for (int j = 0; j < geo.side; j++)
				places += !!(cand[geo.unit_cell[geo.cell_unit[c][k]][j]] & sudoku_grid_bit(d));
			single = places == 1;
		}
		if (!single) {
			snprintf(what, size, "r%dc%d=%d, single %d of %d, is no single there", c / geo.side + 1,
			         c % geo.side + 1, d, i + 1, x->n_forced);
			return false;
		}
		g.v[c] = (uint8_t)d;
	}
	sudoku_grid_candidates(&g, &geo, cand);
	snprintf(what, size, "the contradiction is not there after the singles");
	if (x->cell >= 0)
		return x->unit < 0 && !g.v[x->cell] && !cand[x->cell];
	if (x->unit < 0 || x->unit >= geo.units || x->digit < 1 || x->digit > geo.side)
		return false;
	for (int j = 0; j < geo.side; j++) {
		int c = geo.unit_cell[x->unit][j];
		if (g.v[c] == x->digit || (cand[c] & sudoku_grid_bit(x->digit)))
			return false;
	}
	return true;
}

static void test_contradictions(void)
{
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 3);
	struct sudoku_logic_contradiction x;
	char what[96] = "";

	/* Wikipedia's puzzle with a 2 in r1c3 (its 4 belongs there).  By
	 * hand: r7c9 can only be 4 (row 7 has 2 6 8, column 9 1 3 5 6 9, box
	 * 9 7); box 2 can hold 8 only in r1c6 (column 4 has one, row 3 and
	 * column 5 too); then r1c9 has none left: 2 3 5 7 8 in row 1, 1 3 4
	 * 5 6 9 in column 9. */
	struct sudoku_grid g = parse(known[10]);
	g.v[2] = 2;
	bool found = sudoku_logic_find_contradiction(&g, &x);
	ok(found && x.cell == 8 && x.unit < 0 && x.n_forced == 2 && x.forced[0].cell == 6 * 9 + 8 &&
	           x.forced[0].digit == 4 && x.forced[1].cell == 5 && x.forced[1].digit == 8,
	   "a 2 in r1c3: r7c9 must be 4, r1c6 8, and r1c9 is left no candidate (%d singles)", x.n_forced);
	/* A 1 there takes column 8's only place for 1, r1c8, at once. */
	g.v[2] = 1;
	ok(sudoku_logic_find_contradiction(&g, &x) && x.cell < 0 && x.unit == 9 + 7 && x.digit == 1 && x.n_forced == 0,
	   "a 1 in r1c3: column 8 has no place for 1, with no single before");

	/* Every candidate of two published puzzles entered in turn: a right
	 * digit never leads to a contradiction, a wrong one here always does
	 * (they need no more than singles), and each can be followed. */
	int wrong = 0, told = 0, false_alarms = 0, broken = 0;
	for (int p = 0; p < 2; p++) {
		struct sudoku_grid puzzle = parse(known[p == 0 ? 0 : 10]), sol, t = puzzle;
		solve(&t, &geo, 1, &sol);
		sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
		sudoku_grid_candidates(&puzzle, &geo, cand);
		for (int c = 0; c < puzzle.cells; c++)
			for (int d = 1; d <= 9; d++) {
				if (!(cand[c] & sudoku_grid_bit(d)))
					continue;
				g = puzzle;
				g.v[c] = (uint8_t)d;
				found = sudoku_logic_find_contradiction(&g, &x);
				if (sol.v[c] == d) {
					false_alarms += found;
					continue;
				}
				wrong++;
				told += found;
				if (found && !contradiction_holds(&g, &x, what, sizeof what) && broken++ == 0)
					tap_diag("r%dc%d=%d: %s", c / 9 + 1, c % 9 + 1, d, what);
			}
	}
	ok(!false_alarms, "no right digit of Euler 01 or Wikipedia's puzzle leads to a contradiction");
	ok(wrong == 212 && told == wrong, "every wrong candidate of the two does: %d of %d", told, wrong);
	ok(!broken, "and each contradiction follows from the singles it tells, placed in turn");

	/* Where the singles stall at once: nothing to say. */
	g = parse(known[23]);
	ok(!sudoku_logic_find_contradiction(&g, &x), "Inkala's 2012 puzzle: the singles show no contradiction");
	for (int i = 0; i < N_KNOWN; i++) {
		g = parse(known[i]);
		if (sudoku_logic_find_contradiction(&g, &x) && broken++ == 0)
			tap_diag("published puzzle %d: a contradiction", i);
	}
	ok(!broken, "nor in any published puzzle, all proper");

	/* 4x4: row 1 holds 1 2, and r2c3's 3 leaves box 1 no place for 3 (it
	 * is scanned before row 1, which has none either). */
	g = parse("12....3.........");
	ok(sudoku_logic_find_contradiction(&g, &x) && x.unit == 2 * 4 && x.digit == 3 && x.n_forced == 0,
	   "a 4x4 grid: box 1 has no place for 3");
	g.box = g.box_rows = g.box_cols = 5;
	ok(!sudoku_logic_find_contradiction(&g, &x), "a grid of box 5: none");
	g = parse(known[0]);
	struct sudoku_grid full;
	solve(&g, &geo, 1, &full);
	ok(!sudoku_logic_find_contradiction(&full, &x), "a full grid: none");
}

/* ---- the words -------------------------------------------------------------- */

static void test_words(void)
{
	struct sudoku_grid g;
	struct sudoku_logic L;
	sudoku_grid_init(&g, 3);
	sudoku_logic_init(&L, &g);
	/* The longest of each: column 9 (the longest unit name), three digits,
	 * nine of everything.  Every number is one digit, so these are the
	 * widest a step can be. */
	int units[3] = { 8, 17, 26 }, longest = 0, wide = 0;
	for (int t = SUDOKU_LOGIC_NAKED_SINGLE; t < SUDOKU_LOGIC_COUNT; t++)
		for (int k = 0; k < 3; k++)
			for (int k2 = 0; k2 < 3; k2++) {
				struct sudoku_logic_step st;
				memset(&st, 0, sizeof st);
				st.tech = (enum sudoku_logic_technique)t;
				st.cell = -1;
				st.units[0] = units[k];
				st.units[1] = units[k2];
				int u = units[k];
				for (int i = 0; i < 4; i++)
					st.reason[i] = L.geo->unit_cell[u][i * 2 + 1];
				st.n_reason = 4;
				st.digits = t == SUDOKU_LOGIC_NAKED_TRIPLE || t == SUDOKU_LOGIC_HIDDEN_TRIPLE ? 0x1c0 :
				            t == SUDOKU_LOGIC_NAKED_PAIR || t == SUDOKU_LOGIC_HIDDEN_PAIR   ? 0x180 :
				                                                                0x100;
				if (t == SUDOKU_LOGIC_XWING) {
					st.units[1] = u < 9 ? 7 : 16; /* two rows or two columns */
					if (k == 2)
						continue;
				}
				if (t <= SUDOKU_LOGIC_HIDDEN_SINGLE)
					st.cell = st.reason[0], st.digit = 9;
				sudoku_logic_explain(&L, &st);
				int w = (int)strlen(st.why);
				if (w > longest)
					longest = w;
				if (w > WIDTH || w == 0) {
					tap_diag("too wide or empty: \"%s\"", st.why);
					wide++;
				}
			}
	ok(!wide, "the widest words of every technique fit %d columns (the widest %d)", WIDTH, longest);
}

/* ---- bad input, cancelling -------------------------------------------------- */

static void test_edges(void)
{
	struct sudoku_logic L;
	struct sudoku_logic_step st;
	int grade, steps;
	enum sudoku_logic_technique h;

	struct sudoku_grid g = parse("11..............");
	ok(!sudoku_logic_init(&L, &g) && !sudoku_logic_find(&L, &st), "a grid with a digit twice in a row has no step");
	ok(sudoku_logic_grade(&g, &grade, &h, &steps, NULL) && grade == 4 && h == SUDOKU_LOGIC_NONE && steps == 0,
	   "and grades 4 (%d)", grade);
	is_u64(sudoku_logic_next_placement(&g, hint, 64), 0, "and gets no hint");

	/* No clash, but row 1 has no place left for 3: the ladder ends. */
	g = parse("12....3.........");
	sudoku_logic_init(&L, &g);
	int n = 0;
	while (n < 100 && sudoku_logic_find(&L, &st)) {
		sudoku_logic_apply(&L, &st);
		n++;
	}
	ok(n < 100 && !sudoku_grid_is_solved(&L.g, L.geo), "a grid with no solution: the ladder stops (%d steps)", n);
	ok(sudoku_logic_grade(&g, &grade, &h, &steps, NULL) && grade == 4, "and grades 4");

	g = parse(known[0]);
	struct sudoku_grid_geom four;
	sudoku_grid_geom_init(&four, 2);
	ok(!sudoku_logic_init_geo(&L, &four, &g), "a 9x9 grid with a 4x4 geometry is refused");
	sudoku_grid_init(&g, 3);
	g.box = g.box_rows = g.box_cols = 5;
	ok(!sudoku_logic_init(&L, &g), "a grid of box 5 is refused");

	g = parse(known[0]);
	atomic_int stop = 1;
	ok(!sudoku_logic_grade(&g, &grade, &h, &steps, &stop), "grading stops when cancelled");
	atomic_store(&stop, 0);
	ok(sudoku_logic_grade(&g, &grade, &h, &steps, &stop) && grade == 1, "and runs to the end when not");

	g = parse(known[0]);
	struct sudoku_grid sol;
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 3);
	solve(&g, &geo, 1, &sol);
	ok(sudoku_logic_grade(&sol, &grade, &h, &steps, NULL) && grade == 1 && steps == 0 && h == SUDOKU_LOGIC_NONE,
	   "a full grid grades 1 in no steps");

	ok(sudoku_logic_technique_grade(SUDOKU_LOGIC_HIDDEN_SINGLE) == 1 &&
	   sudoku_logic_technique_grade(SUDOKU_LOGIC_HIDDEN_PAIR) == 2 &&
	   sudoku_logic_technique_grade(SUDOKU_LOGIC_LOCKED) == 2 &&
	   sudoku_logic_technique_grade(SUDOKU_LOGIC_NAKED_TRIPLE) == 3 &&
	   sudoku_logic_technique_grade(SUDOKU_LOGIC_XWING) == 3 && sudoku_logic_technique_grade(SUDOKU_LOGIC_NONE) == 4,
	   "the rungs' grades");
	is_str(sudoku_logic_technique_name(SUDOKU_LOGIC_XWING), "X-wing", "a rung's name");
}

/* ---- threads: the generator grades on several at once -------------------- */

struct grader {
	pthread_t th;
	int grade[N_KNOWN], steps[N_KNOWN];
};

static void *grade_all(void *arg)
{
	struct grader *gr = arg;
	for (int i = 0; i < N_KNOWN; i++) {
		struct sudoku_grid g = parse(known[i]);
		enum sudoku_logic_technique h;
		sudoku_logic_grade(&g, &gr->grade[i], &h, &gr->steps[i], NULL);
	}
	return NULL;
}

static void test_threads(void)
{
	struct grader gr[4];
	for (int t = 0; t < 4; t++)
		pthread_create(&gr[t].th, NULL, grade_all, &gr[t]);
	for (int t = 0; t < 4; t++)
		pthread_join(gr[t].th, NULL);
	bool same = true;
	for (int t = 1; t < 4; t++)
		same &= !memcmp(gr[t].grade, gr[0].grade, sizeof gr[0].grade) &&
		        !memcmp(gr[t].steps, gr[0].steps, sizeof gr[0].steps);
	ok(same, "4 threads grading at once agree");
}

int main(void)
{
	test_known_proper();
	test_known();
	test_techniques();
	test_small();
	test_next_placement();
	test_contradictions();
	test_words();
	test_edges();
	test_threads();
	return tap_done();
}
