/* Sudoku as a family (sudoku_puzzle.c): moves and the moves refused,
 * descriptions both ways and the bad ones at their lines, the reader of
 * puzzle files, dead ends in words, and the exact cover with its counts
 * (288 completed 4x4 grids; one solution for a proper 9x9 puzzle). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "puzzles/puzzle.h"
#include "puzzles/sudoku_puzzle.h"
#include "solver/xc/count.h"
#include "solver/xc/dlx.h"
#include "tap.h"
#include "util/strbuf.h"
#include "util/textfit.h"

static const struct puzzle *pz = &sudoku_puzzle;

/* The puzzle of Wikipedia's Sudoku article, and its one solution. */
static const char wiki[] = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char wiki_sol[] = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/* Arto Inkala's puzzle (2012), and its one solution. */
static const char inkala[] = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
static const char inkala_sol[] = "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

static struct puzzle_state *start(const char *desc, int *bad, struct diag *err)
{
	struct diag scratch;
	int b;
	return pz->start(pz, desc, bad ? bad : &b, err ? err : &scratch);
}

static struct puzzle_state *must_start(const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, desc, &bad, &err);
	if (!s) {
		tap_diag("cannot start '%s': line %d: %s", desc ? desc : "(null)", bad, err.msg);
		abort();
	}
	return s;
}

/* Apply move to *s in place (true), or leave it and say why in err. */
static bool play(struct puzzle_state **s, const char *move, struct diag *err)
{
	struct puzzle_state *n = pz->apply(*s, move, err);
	if (!n)
		return false;
	pz->free_state(*s);
	*s = n;
	return true;
}

static char desc_buf[4096];
static const char *describe(const struct puzzle_state *s)
{
	pz->describe(s, desc_buf, sizeof desc_buf);
	return desc_buf;
}

static const char *grid_line(const struct puzzle_state *s)
{
	static char line[SUDOKU_MAX_LINE];
	sudoku_grid_format(sudoku_state_grid(s), line);
	return line;
}

static void test_empty(void)
{
	struct puzzle_state *s = must_start(NULL);
	const struct sudoku_grid *g = sudoku_state_grid(s);
	ok(g->side == 9 && g->cells == 81 && sudoku_state_setup(s), "no description: the empty 9x9 grid, being set up");
	char want[128];
	snprintf(want, sizeof want, "%.81s\nsetup\n",
	         ".................................................................................");
	is_str(describe(s), want, "described as 81 blanks and 'setup'");
	ok(!pz->is_solved(s), "not solved");
	pz->free_state(s);
}

static void test_moves(void)
{
	struct diag err;
	struct puzzle_state *s = must_start(wiki);
	ok(!sudoku_state_setup(s) && sudoku_state_givens(s)->v[0] == 5 && sudoku_state_grid(s)->v[2] == 0,
	   "a puzzle line: givens, no set-up");
	ok(play(&s, "r1c3=4", &err) && sudoku_state_grid(s)->v[2] == 4 && sudoku_state_givens(s)->v[2] == 0,
	   "r1c3=4 enters 4 (an entry, not a given)");
	ok(play(&s, "r1c3=2", &err) && sudoku_state_grid(s)->v[2] == 2, "r1c3=2 replaces it");
	ok(play(&s, "r1c4^1;r1c4+2;r1c4^3;r1c4-1;r1c4-5", &err) &&
	       sudoku_state_marks(s, 3) == (sudoku_grid_bit(2) | sudoku_grid_bit(3)),
	   "marks: ^ toggles, + adds, - removes (nothing if absent), several at once");
	ok(play(&s, "r1c3=0", &err) && sudoku_state_grid(s)->v[2] == 0, "r1c3=0 clears it");
	ok(play(&s, "marks", &err), "marks fills in candidates");
	sudoku_grid_mask m = sudoku_state_marks(s, 2); /* r1c3: row 5 3 7, column 8 9, box 5 3 6 8 9 */
	ok(m == (sudoku_grid_bit(1) | sudoku_grid_bit(2) | sudoku_grid_bit(4)), "r1c3's marks are 1, 2, 4 (%#x)", m);
	ok(sudoku_state_marks(s, 0) == 0, "a given gets no marks");

	/* Refused, in a player's words, and nothing changes. */
	static const struct {
		const char *move, *why;
	} bad[] = {
		{ "r1c1=3", "r1c1 is a given" },
		{ "r1c1^3", "r1c1 is a given" },
		{ "r10c5=1", "no row 10 in a 9x9 grid" },
		{ "r3c0=1", "no column 0 in a 9x9 grid" },
		{ "r123456789c1=1", "no row 123456789 in a 9x9 grid" },
		{ "r1c3=10", "a 9x9 grid has the digits 1-9, not 10" },
		{ "r1c3^0", "a mark is a digit 1-9, not 0" },
		{ "r1c3", "'r1c3' is not a move" },
		{ "r1c3=", "'r1c3=' is not a move" },
		{ "r1c3=4x", "'r1c3=4x' is not a move" },
		{ "hello", "'hello' is not a move" },
		{ "r1c3*4", "'r1c3*4' is not a move" },
		{ "r1c3:4", "the givens are fixed: r1c3 can change only while a puzzle is set up" },
		{ "fix", "the puzzle is already fixed" },
		{ "r1c3=4;r1c1=2", "r1c1 is a given" },
	};
	char before[4096];
	snprintf(before, sizeof before, "%s", describe(s));
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct puzzle_state *n = pz->apply(s, bad[i].move, &err);
		ok(!n && !strcmp(err.msg, bad[i].why), "%s refused: %s", bad[i].move, n ? "(taken)" : err.msg);
		if (n)
			pz->free_state(n);
	}
	is_str(describe(s), before, "the state is as it was");
	pz->free_state(s);

	/* 4x4 */
	s = must_start("1...............");
	ok(!pz->apply(s, "r1c2=5", &err) && !strcmp(err.msg, "a 4x4 grid has the digits 1-4, not 5"),
	   "4x4: %s", err.msg);
	ok(!pz->apply(s, "r5c1=1", &err) && !strcmp(err.msg, "no row 5 in a 4x4 grid"), "4x4: %s", err.msg);
	pz->free_state(s);
}

static void test_setup(void)
{
	struct diag err;
	struct puzzle_state *s = must_start(NULL);
	ok(play(&s, "r1c1:5;r1c9:5", &err) && sudoku_state_givens(s)->v[8] == 5, "in set-up, r1c9:5 sets a given");
	ok(!pz->apply(s, "fix", &err) && !strcmp(err.msg, "r1c1 and r1c9 both hold 5: no puzzle can start so"),
	   "fix refuses two 5s in row 1: %s", err.msg);
	ok(play(&s, "r1c9:0;r2c2=7", &err) && !sudoku_state_givens(s)->v[8] && sudoku_state_grid(s)->v[10] == 7,
	   "r1c9:0 takes the given away; entries may be made while setting up");
	ok(play(&s, "r2c2:3", &err) && sudoku_state_givens(s)->v[10] == 3 && sudoku_state_grid(s)->v[10] == 3,
	   "a given replaces an entry");
	ok(play(&s, "fix", &err) && !sudoku_state_setup(s), "fix ends the set-up");
	ok(!pz->apply(s, "r3c3:1", &err), "no more givens after fix");
	pz->free_state(s);

	/* A whole grid is not solved while it is being set up. */
	char desc[128];
	snprintf(desc, sizeof desc, "%s\nsetup\n", wiki_sol);
	s = must_start(desc);
	ok(!pz->is_solved(s), "a full grid being set up is not solved");
	ok(play(&s, "fix", &err) && pz->is_solved(s), "fixed, it is");
	pz->free_state(s);
}

static void test_round_trip(void)
{
	struct diag err;
	struct puzzle_state *s = must_start(wiki);
	char want[256];
	snprintf(want, sizeof want, "%s\n", wiki);
	is_str(describe(s), want, "a puzzle is described as its line");
	ok(play(&s, "r1c3=4;r9c1=3;r1c4^1;r1c4^2;r9c7-1;r2c2+9", &err), "entries and marks");
	char d1[4096];
	snprintf(d1, sizeof d1, "%s", describe(s));
	char entries[100];
	snprintf(entries, sizeof entries, "\nentries %81s\n", "");
	memset(entries + 9, '.', 81);
	entries[9 + 2] = '4';
	entries[9 + 72] = '3';
	ok(strstr(d1, entries) != NULL, "entries are a line of their own");
	ok(strstr(d1, "\nmarks ,,,12,,,,,,,9,") != NULL, "marks a cell at a time, commas between");
	struct puzzle_state *t = must_start(d1);
	is_str(describe(t), d1, "described, started again, described: the same");
	is_str(grid_line(t), grid_line(s), "the same grid");
	ok(sudoku_state_marks(t, 3) == (sudoku_grid_bit(1) | sudoku_grid_bit(2)) &&
	   sudoku_state_marks(t, 10) == sudoku_grid_bit(9),
	   "the same marks");
	pz->free_state(t);
	pz->free_state(s);

	/* A grid of nine rows, blanks around lines and comments are read too. */
	char rows[512] = "# Wikipedia's puzzle\n";
	for (int r = 0; r < 9; r++)
		snprintf(rows + strlen(rows), sizeof rows - strlen(rows), "  %.9s \r\n", wiki + 9 * r);
	strcat(rows, "\n# its end\n");
	s = must_start(rows);
	snprintf(want, sizeof want, "%s\n", wiki);
	is_str(describe(s), want, "nine rows of nine are the same puzzle");
	pz->free_state(s);

	s = must_start("0034000000000000\n");
	is_str(describe(s), "..34............\n", "4x4, '0' a blank as '.'");
	pz->free_state(s);
}

static void test_bad_descriptions(void)
{
	char d[1024];
	static const char line81[] = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
	static const struct {
		const char *tail;      /* after the puzzle line and its newline; NULL: the whole description */
		const char *whole;
		int line;
		const char *why;
	} bad[] = {
		{ NULL, "53..7", 0, "a line has 81 characters (or 16, 36, 144, 256, 625), not 5" },
		{ NULL, "53..x", 0, "character 5 is 'x', not a digit 1-9 or A-P, '.' or '0'" },
		{ NULL, "", -1, "no grid: a Sudoku is a line of 81 characters, or 9 rows of 9" },
		{ NULL, "\n# only a comment\n", 1, "no grid: a Sudoku is a line of 81 characters, or 9 rows of 9" },
		{ NULL, "53..7....\n6..195...\n", 0, "a grid of 2 rows; a 9x9 grid has 9" },
		{ NULL, "53..7....\n6..195...\n.98....6.\n8...6..x3\n", 3,
		  "row 4 of the grid: character 8 is 'x', not a digit 1-9, '.' or '0'" },
		{ NULL, "53..7....\n6..195...\n.98....6.\n8...6..3\n", 3, "row 4 of the grid: 8 characters, not 9" },
		{ "entries 1", NULL, 1, "entries: a line has 81 characters (or 16, 36, 144, 256, 625), not 1" },
		{ "entries 1...............", NULL, 1, "entries for a 4x4 grid in a 9x9 one" },
		{ "\n\nentries 5................................................................................", NULL, 3,
		  "r1c1 is a given and cannot hold an entry" },
		{ "marks 1,2", NULL, 1, "marks for 2 cells, not 81" },
		{ "marks ,,x", NULL, 1, "marks: 'x' is not a digit 1-9" },
		{ "setup\n# fine\nsetup", NULL, 3, "a second 'setup' line" },
		{ "hello", NULL, 1, "'hello' is not part of a Sudoku (entries, marks or setup)" },
		{ "setup please", NULL, 1, "'setup please' is not part of a Sudoku (entries, marks or setup)" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		if (bad[i].tail)
			snprintf(d, sizeof d, "%s\n%s\n", line81, bad[i].tail);
		else
			snprintf(d, sizeof d, "%s", bad[i].whole);
		int line = -7;
		struct diag err;
		struct puzzle_state *s = start(d, &line, &err);
		ok(!s && line == bad[i].line && !strcmp(err.msg, bad[i].why), "refused at line %d (%d): %s", bad[i].line,
		   line, s ? "(taken)" : err.msg);
		if (s)
			pz->free_state(s);
	}
	/* Marks on a given are refused. */
	snprintf(d, sizeof d, "%s\nmarks 1", line81);
	for (int c = 1; c < 81; c++)
		strcat(d, ",");
	int line = -7;
	struct diag err;
	struct puzzle_state *m = start(d, &line, &err);
	ok(!m && line == 1 && !strcmp(err.msg, "r1c1 is a given and has no marks"), "marks on a given: %s",
	   m ? "(taken)" : err.msg);
	/* Clashing givens are a puzzle with no solution, not a bad one. */
	char clash[82];
	snprintf(clash, sizeof clash, "55%79s", "");
	memset(clash + 2, '.', 79);
	struct puzzle_state *s = start(clash, NULL, NULL);
	ok(s != NULL, "two 5s in row 1 are read (the search says there is no solution)");
	if (s)
		pz->free_state(s);
}

/* The reader of puzzle files, line by line. */
struct read_result {
	enum puzzle_read what;
	long line;
	char text[600];
};

static int read_all(const char *input, struct read_result *out, int max)
{
	struct puzzle_reader *r = pz->batch->reader_new();
	int n = 0;
	long number = 0;
	const char *p = input;
	for (bool more = true; more && n < max;) {
		const char *e = strchr(p, '\n');
		more = *p != '\0';
		size_t len = e ? (size_t)(e - p) : strlen(p);
		number += more;
		for (bool again = true; again && n < max;) {
			struct strbuf desc = { 0 };
			struct diag err;
			long line;
			strbuf_addn(&desc, "", 0);
			enum puzzle_read got = pz->batch->read(r, more ? p : NULL, len, number, &desc, &line, &again, &err);
			if (got != PUZZLE_READ_MORE) {
				out[n].what = got;
				out[n].line = line;
				snprintf(out[n].text, sizeof out[n].text, "%s", got == PUZZLE_READ_ONE ? desc.s : err.msg);
				n++;
			}
			strbuf_free(&desc);
		}
		p = e ? e + 1 : p + len;
	}
	pz->batch->reader_free(r);
	return n;
}

static void test_reader(void)
{
	char in[4096] = "";
	/* 1: a puzzle line; 2: blank; 3: comment; 4-12: a grid; 13: blank;
	 * 14-16: a grid cut short by 17, a puzzle line; 18: too short; 19-27:
	 * a grid with a bad row 21, its other rows passed over; 28: a 4x4
	 * line; 29-30: a 4x4 grid cut short by the end. */
	strcat(in, wiki);
	strcat(in, "\n\n# a comment\n");
	for (int r = 0; r < 9; r++)
		snprintf(in + strlen(in), sizeof in - strlen(in), "%.9s\n", inkala + 9 * r);
	strcat(in, "\n");
	for (int r = 0; r < 3; r++)
		snprintf(in + strlen(in), sizeof in - strlen(in), "%.9s\n", wiki + 9 * r);
	snprintf(in + strlen(in), sizeof in - strlen(in), "%s\n", inkala);
	strcat(in, "123\n");
	for (int r = 0; r < 9; r++)
		snprintf(in + strlen(in), sizeof in - strlen(in), "%.9s\n", r == 2 ? "12345678a" : wiki + 9 * r);
	strcat(in, "1234341221434321\n12..\n.1..");
	struct read_result got[32];
	int n = read_all(in, got, 32);
	static const struct {
		enum puzzle_read what;
		long line;
		const char *text;
	} want[] = {
		{ PUZZLE_READ_ONE, 1, wiki },
		{ PUZZLE_READ_ONE, 4, inkala },
		{ PUZZLE_READ_BAD, 14, "a grid of 3 rows; a 9x9 grid has 9" },
		{ PUZZLE_READ_ONE, 17, inkala },
		{ PUZZLE_READ_BAD, 18, "a line has 81 characters (or 16, 36, 144, 256, 625), not 3" },
		{ PUZZLE_READ_BAD, 21, "row 3 of the grid: character 9 is 'a', not a digit 1-9, '.' or '0'" },
		{ PUZZLE_READ_ONE, 28, "1234341221434321" },
		{ PUZZLE_READ_BAD, 29, "a grid of 2 rows; a 4x4 grid has 4" },
	};
	size_t n_want = sizeof want / sizeof *want;
	is_u64(n, n_want, "the reader finds %zu puzzles and faults", n_want);
	for (size_t i = 0; i < n_want && i < (size_t)n; i++)
		ok(got[i].what == want[i].what && got[i].line == want[i].line && !strcmp(got[i].text, want[i].text),
		   "%s at line %ld: %s", want[i].what == PUZZLE_READ_ONE ? "a puzzle" : "a fault", got[i].line,
		   got[i].text);
}

static void test_dead_ends(void)
{
	struct note n;
	struct diag err;
	struct puzzle_state *s = must_start(wiki);
	ok(!pz->dead_end(s, &n), "the start of a proper puzzle is no dead end");
	ok(play(&s, "r4c7=8", &err) && pz->dead_end(s, &n), "an 8 in r4c7 beside r4c1's");
	is_str(n.text, "r4c1 and r4c7 both hold 8", "two equal digits named");
	ok(n.n_cells == 2 && note_has_cell(&n, 27) && note_has_cell(&n, 33), "both cells marked");
	pz->free_state(s);

	char g[82];
	memset(g, '.', 81);
	g[81] = '\0';
	memcpy(g, ".12345678", 9);
	g[4 * 9] = '9'; /* r5c1 */
	s = must_start(g);
	ok(pz->dead_end(s, &n) && !strcmp(n.text, "r1c1 has no candidate left: every digit is in its row, column or box")
	       && n.n_cells == 1 && n.cells[0] == 0,
	   "a cell with no candidate: %s", n.text);
	pz->free_state(s);

	memset(g, '.', 81);
	g[3 * 9 + 0] = '3'; /* r4c1: row 4's 3 is in box 4 */
	g[0 * 9 + 3] = '3'; /* r1c4: column 4's is in box 2 */
	memcpy(g + 4 * 9 + 4, "12", 2); /* r5c5, r5c6 */
	memcpy(g + 5 * 9 + 4, "45", 2); /* r6c5, r6c6 */
	s = must_start(g);
	ok(pz->dead_end(s, &n) && !strcmp(n.text, "no cell of box 5 can hold 3") && n.n_cells == 9 &&
	       note_has_cell(&n, 40),
	   "a digit with no place in a box: %s, its cells marked", n.text);
	pz->free_state(s);

	/* Where the singles lead: a 2 in r1c3 of Wikipedia's puzzle forces
	 * r7c9's 4 and r1c6's 8, and leaves r1c9 nothing (worked out by hand
	 * in test_sudoku_logic.c). */
	s = must_start(wiki);
	ok(play(&s, "r1c3=2", &err) && pz->dead_end(s, &n), "a 2 in r1c3: a dead end the singles show");
	is_str(n.text, "r7c9 must be 4 and r1c6 8, and then r1c9 has no candidate left", "in a player's words");
	ok(n.n_cells == 3 && note_has_cell(&n, 8) && note_has_cell(&n, 6 * 9 + 8) && note_has_cell(&n, 5),
	   "the cell left empty and the two forced cells marked");
	pz->free_state(s);
	/* A longer chain: the first three told, every one marked. */
	s = must_start(wiki);
	ok(play(&s, "r4c2=1", &err) && pz->dead_end(s, &n), "a 1 in r4c2: a dead end");
	is_str(n.text, "r5c5 must be 5, r6c2 5, r3c7 5 and 2 more (marked), and then no cell of box 6 can hold 2",
	       "five singles: three told");
	ok(n.n_cells == 9 + 4 && n.n_pieces == 1 && n.pieces[0] == 2,
	   "box 6 and the forced cells outside it marked, and the digit (%d cells)", n.n_cells);
	pz->free_state(s);
}

/* Every dead end a wrong digit makes on the shipped levels of each grade
 * is said whole in the status line's two lines of 78 columns, as the game
 * puts it ("Dead end: ", the reason, "  (H: what to take back)"); on the
 * grade 1 levels the singles explain every one. */
static void test_dead_end_words(void)
{
	static const char *const levels[] = {
		"...6....4.1.54.8..34........9...5.......2.31..62...7..4..78...2.....2.4.....1....", /* 1-01 */
		wiki,
	};
	int seen = 0, wrong = 0, whole = 0, longest = 0;
	for (int l = 0; l < 2; l++) {
		struct puzzle_state *s0 = must_start(levels[l]);
		const struct sudoku_grid *g = sudoku_state_grid(s0);
		for (int c = 0; c < 81; c++)
			for (int d = 1; d <= 9 && !g->v[c]; d++) {
				char move[16], line[400], fit[800];
				struct diag err;
				snprintf(move, sizeof move, "r%dc%d=%d", c / 9 + 1, c % 9 + 1, d);
				struct puzzle_state *s = pz->apply(s0, move, &err);
				struct note n;
				if (!s)
					continue;
				if (pz->dead_end(s, &n) && !strstr(n.text, "both hold")) {
					seen++;
					snprintf(line, sizeof line, "Dead end: %s  (H: what to take back)", n.text);
					int w = (int)strlen(line);
					if (w > longest)
						longest = w;
					whole += textfit_lines(line, 78, 3, false, fit, sizeof fit) <= 2;
				}
				pz->free_state(s);
			}
		/* The wrong digits that keep the rules: every candidate but the one of the solution. */
		sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
		struct sudoku_grid_geom geo;
		sudoku_grid_geom_init(&geo, 3);
		sudoku_grid_candidates(g, &geo, cand);
		for (int c = 0; c < 81; c++)
			wrong += cand[c] ? sudoku_grid_popcount(cand[c]) - 1 : 0;
		pz->free_state(s0);
	}
	ok(seen == wrong, "1-01 and Wikipedia's puzzle: the singles explain all %d wrong candidates (%d)", wrong, seen);
	ok(whole == seen, "each reason read whole in two lines of 78 (%d of %d; the longest %d columns)", whole, seen,
	   longest);
}

static void test_words(void)
{
	struct puzzle_state *s = must_start(wiki);
	char buf[128];
	pz->describe_move(s, "r3c5=7", buf, sizeof buf, false);
	is_str(buf, "7 entered in r3c5", "a move in words");
	pz->describe_move(s, "r3c5=7", buf, sizeof buf, true);
	is_str(buf, "7 in r3c5", "and briefly");
	pz->describe_move(s, "r3c5=0", buf, sizeof buf, false);
	is_str(buf, "r3c5 cleared", "a clearing");
	pz->describe_move(s, "r3c5=7;r3c6=1", buf, sizeof buf, false);
	is_str(buf, "2 digits entered", "several");
	pz->describe_move(s, "r3c5=7;r3c6-7;r4c5-7", buf, sizeof buf, false);
	is_str(buf, "7 entered in r3c5", "a digit with the marks it took from its peers: the digit");
	pz->describe_move(s, "r3c5^7;r3c6-7", buf, sizeof buf, false);
	is_str(buf, "2 marks changed", "marks alone");
	sudoku_move_enter(sudoku_state_grid(s), 22, 7, buf, sizeof buf);
	is_str(buf, "r3c5=7", "sudoku_move_enter");
	sudoku_move_mark(sudoku_state_grid(s), 22, 7, '^', buf, sizeof buf);
	is_str(buf, "r3c5^7", "sudoku_move_mark");
	sudoku_move_given(sudoku_state_grid(s), 80, 0, buf, sizeof buf);
	is_str(buf, "r9c9:0", "sudoku_move_given");

	/* The exact cover's items in a player's words. */
	struct puzzle_state *e = must_start(NULL);
	struct xc_problem *p = pz->xc->reduce(e, DLX_MRV);
	struct note n;
	pz->xc->item_note(e, p, xc_find_item(p, "r3c5"), &n);
	ok(!strcmp(n.text, "r3c5") && n.n_cells == 1 && n.cells[0] == 22, "a cell's item: %s", n.text);
	pz->xc->item_note(e, p, xc_find_item(p, "r3#7"), &n);
	ok(!strcmp(n.text, "a 7 in row 3") && n.n_cells == 9 && n.n_pieces == 1 && n.pieces[0] == 7, "%s", n.text);
	pz->xc->item_note(e, p, xc_find_item(p, "c5#2"), &n);
	is_str(n.text, "a 2 in column 5", "a column's");
	pz->xc->item_note(e, p, xc_find_item(p, "b5#7"), &n);
	ok(!strcmp(n.text, "a 7 in box 5") && note_has_cell(&n, 40) && note_has_cell(&n, 30), "%s", n.text);
	pz->xc->option_move(e, p, 0, buf, sizeof buf);
	is_str(buf, "r1c1=1", "the first option is the move r1c1=1");
	xc_free(p);
	pz->free_state(e);
	pz->free_state(s);
}

/* Solutions of s through the family's first engine, up to limit (0: all);
 * the first one's grid in first (if given). */
static uint64_t engine_count(struct puzzle_state *s, uint64_t limit, char *first)
{
	const struct puzzle_engine *pe = puzzle_engine_find(pz, NULL);
	struct engine *e = pe->new(pz, s);
	struct engine_ctl ctl = { .report_solutions = true };
	uint64_t n = 0;
	enum engine_status st;
	while ((st = engine_run(e, &ctl)) == ENGINE_SOLUTION) {
		if (!n++ && first) {
			struct strbuf m = { 0 };
			struct diag err;
			e->ops->path_move(e, &m);
			struct puzzle_state *done = pz->apply(s, m.s, &err);
			snprintf(first, SUDOKU_MAX_CELLS + 1, "%.81s", done ? grid_line(done) : err.msg);
			if (done && !pz->is_solved(done))
				first[0] = '?';
			if (done)
				pz->free_state(done);
			strbuf_free(&m);
		}
		if (limit && n == limit)
			break;
	}
	ok((uint64_t)engine_stats(e)->solutions == n, "the engine's count (%" PRIu64 ") is the solutions it stopped at",
	   (uint64_t)engine_stats(e)->solutions);
	engine_free(e);
	return n;
}

/* The moves of s's solution by the family's first engine, or "". */
static void solution_moves(struct puzzle_state *s, char *buf, size_t size)
{
	const struct puzzle_engine *pe = puzzle_engine_find(pz, NULL);
	struct engine *e = pe->new(pz, s);
	struct engine_ctl ctl = { .report_solutions = true };
	buf[0] = '\0';
	if (engine_run(e, &ctl) == ENGINE_SOLUTION) {
		struct strbuf m = { 0 };
		e->ops->path_move(e, &m);
		snprintf(buf, size, "%s", m.s ? m.s : "");
		strbuf_free(&m);
	}
	engine_free(e);
}

/* What the family teaches, in a player's words: hints read as sentences
 * (a capital, but a cell keeps the name players write, "r3c5"), the
 * grade's reason, the rules for both sizes, and engine titles that fit
 * the compare screen's 20 columns (race.c). */
static void test_teach_words(void)
{
	/* levels/sudoku/3-03: its hints include eliminations. */
	static const char l303[] = "6.9...1.8.8....4....3..6.7..1.3.9...9...2....8..6..........49..3.4...2.....2.18.4";
	struct puzzle_state *s = must_start(l303);
	static char sol[4096];
	solution_moves(s, sol, sizeof sol);
	int cells = 0, capitals = 0, bad = 0, eliminations = 0, rounds = 0, nudges = 0, told = 0, wide = 0;
	struct diag err;
	while (!pz->is_solved(s) && rounds++ < 81) {
		struct note n;
		char move[sizeof n.move] = "";
		for (int tier = 1; pz->hint(s, sol, tier, &n); tier++) {
			int r, c, k = 0, K = 0;
			if (sscanf(n.text, "r%dc%d%n", &r, &c, &k) == 2 && k > 0)
				cells++;
			else if (n.text[0] >= 'A' && n.text[0] <= 'Z' &&
			         !(sscanf(n.text, "R%dc%d%n", &r, &c, &K) == 2 && K))
				capitals++;
			else if (bad++ == 0)
				tap_diag("not a sentence: %s", n.text);
			eliminations += strstr(n.text, "hold nothing else") || strstr(n.text, "cannot hold");
			wide += strlen(n.text) > 78;
			/* The first tier says where to look, not what is there. */
			if (tier == 1) {
				nudges += !strncmp(n.text, "Look ", 5);
				told += strstr(n.text, "can only be") || strstr(n.text, " is ") || strstr(n.text, "can hold");
			}
			if (n.move[0])
				snprintf(move, sizeof move, "%s", n.move);
		}
		if (!move[0] || !play(&s, move, &err))
			break;
	}
	ok(pz->is_solved(s) && !bad && cells && capitals && eliminations,
	   "hints lead to the end as sentences: %d begin with a cell's name, %d with a capital, %d not (%d "
	   "eliminations)",
	   cells, capitals, bad, eliminations);
	ok(rounds > 40 && nudges == rounds && !told && !wide,
	   "every first hint says where to look (%d of %d), none the digit or the reason (%d), all in 78 columns (%d "
	   "wider)",
	   nudges, rounds, told, wide);
	pz->free_state(s);

	struct puzzle_grade gr;
	s = must_start(NULL);
	ok(pz->grade(s, &gr, NULL) && gr.solutions == 2 && gr.effort == 0 && !strcmp(gr.why, "C counts them"),
	   "the empty grid: several ways, and no search through all of them: %s", gr.why);
	pz->free_state(s);
	s = must_start(wiki);
	ok(pz->grade(s, &gr, NULL) && gr.grade == 1 && gr.effort > 0 && !strncmp(gr.why, "singles only, ", 14) &&
	       strstr(gr.why, " to solve it and prove it unique"),
	   "Wikipedia's puzzle: %s", gr.why);
	pz->free_state(s);
	s = must_start(inkala);
	ok(pz->grade(s, &gr, NULL) && gr.grade == 4 && !strncmp(gr.why, "it takes trial and error; ", 26),
	   "Inkala's: %s", gr.why);
	pz->free_state(s);

	ok(strstr(pz->rules, "3x3 box") && strstr(pz->rules, "on a 4x4 grid, every 2x2 box the digits 1 to 4"),
	   "the rules speak of both sizes of grid");

	int long_titles = 0, engines = 0;
	for (int i = 0; pz->engines[i]; i++, engines++)
		if (strlen(pz->engines[i]->title) > 20 && long_titles++ == 0)
			tap_diag("too long for the compare screen: %s", pz->engines[i]->title);
	ok(engines == 5 && !long_titles, "the five engines' titles fit the compare screen's 20 columns");
}

static void test_exact_cover(void)
{
	struct puzzle_state *s = must_start(NULL);
	struct xc_problem *p = pz->xc->reduce(s, DLX_MRV);
	is_u64(p->n_items, 324, "the empty 9x9 grid: 324 items");
	is_u64(p->n_options, 729, "and 729 options");
	bool fours = true;
	for (int k = 0; k < p->n_options; k++)
		fours &= xc_option_size(p, k) == 4;
	ok(fours && p->n_primary == p->n_items, "each option covers 4 items, all primary");
	xc_free(p);
	pz->free_state(s);

	s = must_start(wiki);
	p = pz->xc->reduce(s, DLX_MRV);
	/* 51 blank cells, and the 4 x 81 - 30 x 4 items left */
	is_u64(p->n_items, 4 * 81 - 4 * 30, "Wikipedia's puzzle: the 30 givens take 120 items away");
	ok(p->n_options < 51 * 9, "and fewer than 51 x 9 options (%d)", p->n_options);
	is_u64(count_solutions(p, DLX_MRV, 0, NULL), 1, "count_solutions: one solution");
	xc_free(p);
	char sol[SUDOKU_MAX_LINE];
	is_u64(engine_count(s, 0, sol), 1, "the registry's engine: one solution");
	is_str(sol, wiki_sol, "and it is the one published");
	pz->free_state(s);

	s = must_start(inkala);
	is_u64(engine_count(s, 0, sol), 1, "Inkala's puzzle: one solution");
	is_str(sol, inkala_sol, "the one published");
	pz->free_state(s);

	s = must_start("................");
	p = pz->xc->reduce(s, DLX_FIRST);
	is_u64(p->n_items, 64, "the empty 4x4 grid: 64 items");
	is_u64(p->n_options, 64, "and 64 options");
	is_u64(count_solutions(p, DLX_FIRST, 0, NULL), 288, "count_solutions, first item: 288 grids");
	xc_free(p);
	p = pz->xc->reduce(s, DLX_MRV);
	is_u64(count_solutions(p, DLX_MRV, 0, NULL), 288, "count_solutions, fewest options: 288 grids");
	xc_free(p);
	is_u64(engine_count(s, 0, NULL), 288, "the registry's engine: 288 grids");
	is_u64(engine_count(s, 5, NULL), 5, "and it stops at a limit");
	pz->free_state(s);

	/* A full grid is the empty problem, with its one solution: no moves. */
	s = must_start(wiki_sol);
	p = pz->xc->reduce(s, DLX_MRV);
	ok(p->n_items == 0 && p->n_options == 0, "a full grid leaves no item and no option");
	is_u64(count_solutions(p, DLX_MRV, 0, NULL), 1, "count_solutions: one solution");
	xc_free(p);
	is_u64(engine_count(s, 0, sol), 1, "and one solution");
	is_str(sol, wiki_sol, "itself");
	pz->free_state(s);

	/* Two 5s in a row: no solution, even with the rest of the grid open. */
	char clash[82];
	memset(clash, '.', 81);
	clash[81] = '\0';
	clash[0] = clash[8] = '5';
	s = must_start(clash);
	is_u64(engine_count(s, 0, NULL), 0, "two 5s in a row: no solution");
	p = pz->xc->reduce(s, DLX_FIRST);
	is_u64(count_solutions(p, DLX_FIRST, 0, NULL), 0, "none by count_solutions either");
	xc_free(p);
	pz->free_state(s);

	/* Several solutions: Wikipedia's puzzle without its first three givens. */
	char loose[82];
	snprintf(loose, sizeof loose, "%s", wiki);
	loose[0] = loose[1] = loose[4] = '.';
	s = must_start(loose);
	ok(engine_count(s, 2, NULL) == 2, "fewer givens: two solutions at least");
	pz->free_state(s);
}

/* Dancing Links on a grid: the engine searches the whole 324-item problem
 * with the grid's digits preset (whole, placed); that is the search of
 * the grid's own problem (reduce), to the mem, with the same path.  A
 * grid that breaks the rules falls back on reduce. */
static void test_whole_problem(void)
{
	const char *grids[] = { wiki, inkala, "...............................................................................9.",
		                "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" };
	for (size_t i = 0; i < sizeof grids / sizeof *grids; i++) {
		struct puzzle_state *s = must_start(grids[i]);
		const struct puzzle_engine *pe = puzzle_engine_find(pz, "dlx");
		struct engine *e = pe->new(pz, s);
		struct engine_ctl first = { .report_solutions = true }, more = { .max_solutions = 3 };
		struct strbuf path = { 0 }, own_path = { 0 };
		if (engine_run(e, &first) == ENGINE_SOLUTION)
			e->ops->path_move(e, &path);
		engine_run(e, &more);
		const struct search_stats *st = engine_stats(e);

		struct xc_problem *p = pz->xc->reduce(s, DLX_MRV);
		struct dlx *d = dlx_new(p, DLX_MRV);
		struct engine_ctl dfirst = { .report_solutions = true }, dmore = { .max_solutions = 3 };
		if (dlx_run(d, &dfirst) == ENGINE_SOLUTION) {
			int opts[SUDOKU_MAX_CELLS], n = dlx_path(d, opts);
			for (int k = 0; k < n; k++) {
				char m[16];
				pz->xc->option_move(s, p, opts[k], m, sizeof m);
				strbuf_addf(&own_path, "%s%s", k ? ";" : "", m);
			}
		}
		dlx_run(d, &dmore);
		const struct search_stats *want = dlx_stats(d);
		ok(st->solutions == want->solutions && st->nodes == want->nodes && st->updates == want->updates &&
		       st->mems == want->mems,
		   "grid %zu: the search of its own problem (%" PRIu64 " solutions, %" PRIu64 " nodes, %" PRIu64
		   " mems)",
		   i + 1, (uint64_t)want->solutions, want->nodes, want->mems);
		is_str(path.s ? path.s : "", own_path.s ? own_path.s : "", "grid %zu: and the same first solution", i + 1);
		strbuf_free(&path);
		strbuf_free(&own_path);
		dlx_free(d);
		xc_free(p);
		engine_free(e);
		pz->free_state(s);
	}
}

static void test_batch_line(void)
{
	struct diag err;
	struct puzzle_state *s = must_start(wiki);
	char buf[128];
	ok(play(&s, "r1c3=4", &err), "an entry");
	pz->batch->as_line(s, buf, sizeof buf);
	ok(!strncmp(buf, "534.7....", 9) && strlen(buf) == 81, "a state as one line holds givens and entries");
	pz->free_state(s);
}

int main(void)
{
	test_empty();
	test_moves();
	test_setup();
	test_round_trip();
	test_bad_descriptions();
	test_reader();
	test_dead_ends();
	test_dead_end_words();
	test_words();
	test_teach_words();
	test_exact_cover();
	test_whole_problem();
	test_batch_line();
	return tap_done();
}
