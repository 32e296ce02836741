/* Sudoku past 9x9, and with boxes that are not square: the grid's lines
 * and shapes, each engine at each size (counts checked against another
 * engine or a published figure), the counter of every size, the
 * generator and the grader there. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/puzzle.h"
#include "puzzles/sudoku_gen.h"
#include "puzzles/sudoku_logic.h"
#include "puzzles/sudoku_puzzle.h"
#include "solver/sudoku/sudoku_bt.h"
#include "solver/sudoku/sudoku_places.h"
#include "tap.h"
#include "util/u128.h"

static struct sudoku_grid parse(const char *line)
{
	struct sudoku_grid g;
	char why[160];
	int col;
	if (!sudoku_grid_parse_line(line, strlen(line), &g, why, sizeof why, &col)) {
		tap_diag("%s", why);
		memset(&g, 0, sizeof g);
	}
	return g;
}

/* The message of a line refused, and its column. */
static const char *refused(const char *line, int *col)
{
	static char why[160];
	struct sudoku_grid g;
	if (sudoku_grid_parse_line(line, strlen(line), &g, why, sizeof why, col))
		return "";
	return why;
}

static void test_lines(void)
{
	char line[SUDOKU_MAX_LINE];
	char l36[37], l144[145], l256[257], l625[626];
	memset(l36, '.', 36), l36[36] = '\0';
	memset(l144, '.', 144), l144[144] = '\0';
	memset(l256, '.', 256), l256[256] = '\0';
	memset(l625, '.', 625), l625[625] = '\0';
	struct sudoku_grid g = parse(l36);
	ok(g.side == 6 && g.box_rows == 2 && g.box_cols == 3 && g.box == 0, "36 characters: 6x6, boxes 2 rows by 3");
	char with_shape[41];
	snprintf(with_shape, sizeof with_shape, "3x2:%s", l36);
	g = parse(with_shape);
	ok(g.side == 6 && g.box_rows == 3 && g.box_cols == 2, "3x2: first: boxes 3 rows by 2");
	sudoku_grid_format(&g, line);
	is_str(line, with_shape, "and it is written back with its shape");
	g = parse(l144);
	ok(g.side == 12 && g.box_rows == 3 && g.box_cols == 4, "144: 12x12, boxes 3x4");
	g = parse(l256);
	ok(g.side == 16 && g.box == 4, "256: 16x16, boxes 4x4");
	g = parse(l625);
	ok(g.side == 25 && g.box == 5 && g.cells == 625, "625: 25x25, boxes 5x5");
	sudoku_grid_format(&g, line);
	ok(strlen(line) == 625, "a 25x25 line is written without a shape (its default)");

	/* digits past 9: A-P, either case */
	l256[0] = 'G', l256[1] = 'a', l256[2] = '9';
	g = parse(l256);
	ok(g.v[0] == 16 && g.v[1] == 10 && g.v[2] == 9, "G is 16, a is 10, 9 is 9");
	sudoku_grid_format(&g, line);
	ok(!strncmp(line, "GA9.", 4), "written back as GA9.");
	/* the other 16x16 way: 0-F with '.' for a blank */
	l256[0] = '0', l256[1] = 'F', l256[2] = '.';
	g = parse(l256);
	ok(g.v[0] == 1 && g.v[1] == 16 && g.v[2] == 0 && g.v[3] == 0, "0 and '.' both: 0-F, 0 is 1 and F is 16");
	l256[3] = 'G';
	g = parse(l256);
	ok(g.v[0] == 0 && g.v[1] == 15, "with a G in it: 1-G, 0 a blank");
	l256[0] = l256[1] = l256[3] = '.';

	int col;
	l36[4] = '7';
	is_str(refused(l36, &col), "character 5 is '7', not a digit 1-6, '.' or '0'", "a 6x6 line with a 7");
	ok(col == 5, "at column 5");
	l36[4] = '.';
	l144[99] = 'D';
	is_str(refused(l144, &col), "character 100 is 'D', not a digit 1-9 or A-C, '.' or '0'",
	       "a 12x12 line with a D (13)");
	snprintf(with_shape, sizeof with_shape, "2x2:%s", l36);
	is_str(refused(with_shape, &col), "boxes of 2x2 make a 4x4 grid, not one of 36 cells", "a shape that misfits");
	snprintf(with_shape, sizeof with_shape, "2x5:%s", l36);
	ok(strstr(refused(with_shape, &col), "no grid has boxes of 2x5") != NULL && col == 1,
	   "a shape no grid has, at column 1");
	is_str(refused("12345", &col), "a line has 81 characters (or 16, 36, 144, 256, 625), not 5", "a wrong length");
}

/* Every byte at every place of a line of each size: read as
 * sudoku_grid_char_digit says, or refused at its column (the lines are
 * read by table and sixteen characters at a time, the faults one by one). */
static void test_line_bytes(void)
{
	static const int sides[] = { 4, 6, 9, 12, 25 };
	for (size_t k = 0; k < sizeof sides / sizeof sides[0]; k++) {
		int side = sides[k], cells = side * side, wrong = 0;
		char line[SUDOKU_MAX_CELLS + 1];
		for (int at = 0; at < cells; at++) {
			for (int byte = 1; byte < 256; byte++) {
				memset(line, '.', (size_t)cells);
				line[cells] = '\0';
				line[at] = (char)byte;
				line[(at + 1) % cells] = sudoku_grid_digit_char(side); /* the side's last digit too */
				struct sudoku_grid g;
				char why[160];
				int col, d = sudoku_grid_char_digit((char)byte, side);
				/* a blank or tab at the end is trimmed, not read */
				bool trimmed = at == cells - 1 && (byte == ' ' || byte == '\t' || byte == '\r');
				bool read = sudoku_grid_parse_line(line, (size_t)cells, &g, why, sizeof why, &col);
				if (trimmed)
					continue;
				if (d >= 0 ? !read || g.v[at] != d || g.v[(at + 1) % cells] != side || g.side != side
				           : read || col != at + 1)
					wrong++;
			}
		}
		ok(wrong == 0, "%dx%d: every byte at every place read or refused as one character is (%d wrong)", side,
		   side, wrong);
	}
}

static void test_shapes(void)
{
	struct sudoku_grid a, b;
	sudoku_grid_init_shape(&a, 2, 3);
	sudoku_grid_init_shape(&b, 3, 2);
	/* r3c1 (cell 12): in 2x3 boxes the third box (rows 3-4, columns 1-3);
	 * in 3x2 boxes the first (rows 1-3, columns 1-2) */
	ok(sudoku_grid_box(&a, 12) == 2 && sudoku_grid_box(&b, 12) == 0, "r3c1 is in box 3 of 2x3, box 1 of 3x2");
	ok(sudoku_grid_box_first(&a, 3) == 2 * 6 + 3 && sudoku_grid_box_first(&b, 3) == 3 * 6,
	   "box 4 starts at r3c4 (2x3) and r4c1 (3x2)");
	const struct sudoku_grid_geom *g25 = sudoku_grid_geom_get(5, 5), *g12 = sudoku_grid_geom_get(3, 4);
	ok(g25 && g25->n_peers == 64 && g25->units == 75, "25x25: 64 peers a cell, 75 units");
	ok(g12 && g12->n_peers == 11 + 11 + 11 - 3 - 2, "12x12 in 3x4 boxes: 28 peers a cell");
	ok(sudoku_grid_geom_get(2, 5) == NULL && sudoku_grid_geom_get(5, 5) == g25, "no 2x5 geometry; one 5x5, shared");
}

/* The solutions of the family's engine k on line, to limit (0: all). */
static u128 engine_count(const char *engine, const char *line, uint64_t limit, bool *made)
{
	const struct puzzle *pz = &sudoku_puzzle;
	struct diag err;
	int bad;
	struct puzzle_state *s = pz->start(pz, line, &bad, &err);
	const struct puzzle_engine *pe = puzzle_engine_find(pz, engine);
	struct engine *e = s && pe ? pe->new(pz, s) : NULL;
	*made = e != NULL;
	u128 n = 0;
	if (e) {
		struct engine_ctl ctl = { .max_solutions = limit };
		engine_run(e, &ctl);
		n = engine_stats(e)->solutions;
		engine_free(e);
	}
	if (s)
		pz->free_state(s);
	return n;
}

static void test_counts(void)
{
	char four[17];
	memset(four, '.', 16), four[16] = '\0';
	static const char *const all[] = { "fast", "mrv", "seq", "dlx", "sat" };
	bool made, every = true;
	for (int k = 0; k < 5; k++)
		every &= engine_count(all[k], four, 0, &made) == 288 && made;
	ok(every, "the empty 4x4: 288 grids by each engine (the published count)");
	struct sudoku_grid g;
	sudoku_grid_init(&g, 2);
	struct sudoku_bt_count_req req = { .bar_cell = -1 };
	ok(sudoku_places_count(&g, &req, NULL) == 288, "and by the counter of every size");

	/* 6x6 in 2x3 boxes: 28,200,960 grids (published); relabelling the
	 * digits makes any first row 123456, so 28,200,960 / 720 have it. */
	char six[37];
	memset(six, '.', 36), six[36] = '\0';
	memcpy(six, "123456", 6);
	uint64_t want = 28200960 / 720;
	sudoku_grid_init_shape(&g, 2, 3);
	for (int c = 0; c < 6; c++)
		g.v[c] = (uint8_t)(c + 1);
	req = (struct sudoku_bt_count_req){ .bar_cell = -1 };
	is_u64(sudoku_places_count(&g, &req, NULL), want, "6x6 (2x3), first row 123456: 39,168 by the counter");
	is_u64((uint64_t)engine_count("dlx", six, 0, &made), want, "and by Dancing Links");
	is_u64((uint64_t)engine_count("mrv", six, 0, &made), want, "and by the fewest-candidates backtracker");
	char six32[41];
	snprintf(six32, sizeof six32, "3x2:%s", six);
	is_u64((uint64_t)engine_count("sat", six32, 0, &made), want, "3x2 boxes (the grid turned): the same, by clauses");
}

/* Each engine that takes the size solves a generated puzzle of it, and
 * says there is one solution; those that do not take it make none. */
static void test_engines(void)
{
	static const struct {
		int rows, cols;
		const char *takes, *not;
	} sizes[] = {
		{ 2, 3, "fast mrv seq dlx sat", "" }, { 3, 2, "fast mrv seq dlx sat", "" },
		{ 3, 4, "fast mrv dlx sat", "seq" },  { 4, 3, "fast mrv dlx sat", "seq" },
		{ 4, 4, "fast dlx sat", "mrv seq" },  { 5, 5, "fast dlx", "mrv seq" },
	};
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		struct sudoku_grid p;
		bool made = sudoku_gen_minimal_shape(sizes[i].rows, sizes[i].cols, false, 11, 1, &p, NULL);
		char line[SUDOKU_MAX_LINE];
		sudoku_grid_format(&p, line);
		bool all = made;
		char names[64];
		snprintf(names, sizeof names, "%s", sizes[i].takes);
		for (char *n = strtok(names, " "); n; n = strtok(NULL, " ")) {
			bool e;
			u128 got = engine_count(n, line, 2, &e);
			if (!e || got != 1)
				tap_diag("%s on %dx%d: %s", n, p.side, p.side, e ? "not one solution" : "no engine");
			all &= e && got == 1;
		}
		snprintf(names, sizeof names, "%s", sizes[i].not);
		for (char *n = strtok(names, " "); n; n = strtok(NULL, " ")) {
			bool e;
			engine_count(n, line, 1, &e);
			all &= !e;
		}
		ok(all, "%dx%d in %dx%d boxes: one solution by %s%s%s", p.side, p.side, sizes[i].rows, sizes[i].cols,
		   sizes[i].takes, sizes[i].not[0] ? "; not offered: " : "", sizes[i].not);
		if (p.side <= 12)
			ok(sudoku_is_minimal(&p), "and the generator's puzzle is minimal");
	}
}

static void test_grader(void)
{
	struct sudoku_grid p;
	sudoku_gen_minimal_shape(2, 3, false, 3, 1, &p, NULL);
	int grade, steps;
	enum sudoku_logic_technique hardest;
	bool graded = sudoku_logic_grade(&p, &grade, &hardest, &steps, NULL);
	ok(graded && grade >= 1 && grade <= 4 && steps > 0, "a 6x6 is graded (%d, %d steps)", grade, steps);
	/* locked candidates on 3x4 boxes: box 1 (rows 1-3, columns 1-4) with
	 * rows 2 and 3 full of other digits has its 5 in row 1, which leaves
	 * the rest of row 1 without it */
	struct sudoku_logic L;
	struct sudoku_grid t;
	sudoku_grid_init_shape(&t, 3, 4);
	static const int fill[8] = { 1, 2, 3, 4, 6, 7, 8, 9 };
	for (int i = 0; i < 8; i++)
		t.v[(1 + i / 4) * 12 + i % 4] = (uint8_t)fill[i];
	ok(sudoku_logic_init(&L, &t), "a 12x12 in 3x4 boxes starts the ladder");
	struct sudoku_logic_step st;
	bool found = false;
	for (int k = 0; k < 40 && sudoku_logic_find(&L, &st); k++) {
		if (st.tech == SUDOKU_LOGIC_LOCKED) {
			found = true;
			break;
		}
		sudoku_logic_apply(&L, &st);
	}
	ok(found && strlen(st.why) <= 78 && st.n_elim > 0 && st.elim[0].digit == 5 && st.elim[0].cell / 12 == 0 &&
	   st.elim[0].cell % 12 >= 4,
	   "and finds box 1's 5 locked in row 1: %s", found ? st.why : "none");
}

int main(void)
{
	test_lines();
	test_line_bytes();
	test_shapes();
	test_counts();
	test_engines();
	test_grader();
	return tap_done();
}
