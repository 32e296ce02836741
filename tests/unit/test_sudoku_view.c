/* Sudoku's view: golden screens of the game screen drawn in memory (an
 * empty grid being set up, a puzzle with givens, entries, every pencil
 * mark as its digit and a conflict at 80x24, mark mode, a hint and its
 * digit in hand on one line, dead ends with their reasons, ASCII, the
 * marks in a 3x3 at 120x40 and larger, one digit's marks at 60x20, a 4x4
 * grid), the forms the grid takes in every room, and its keys and clicks
 * turned into moves.
 *
 * LD_GOLDEN_WRITE=1 writes the golden files anew (check them by eye). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/session.h"
#include "game/worker.h"
#include "puzzles/sudoku_puzzle.h"
#include "tap.h"
#include "play_input.h"
#include "ui/canvas.h"
#include "ui/play.h"
#include "ui/style.h"
#include "ui/sudoku_view.h"
#include "ui/view.h"
#include "util/clock.h"
#include "util/textfit.h"
#include "util/xalloc.h"

static const struct puzzle *const pz = &sudoku_puzzle;

/* A classic puzzle (30 givens); its solution's first row is 534678912. */
static const char *const PUZZLE =
	"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char *const SMALL = "1..4.4....4.4..1";

static struct puzzle_state *start(const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, desc, &bad, &err);
	if (!s)
		tap_diag("%s", err.msg);
	return s;
}

static struct play *new_play(const char *desc)
{
	struct puzzle_state *st = start(desc);
	if (!st)
		return NULL;
	struct session *s = session_new(pz, st);
	snprintf(s->name, sizeof s->name, "test");
	return play_new(NULL, s);
}

static const struct sudoku_grid *grid_of(struct play *p)
{
	return sudoku_state_grid(session_state(play_session(p)));
}

/* The looks that carry what the text does not: the cursor (on r1c6),
 * the conflict, a given's bold, a mark's dimness.  At 80x24 row 1 of the
 * grid is screen rows 1-2 (no border); a cell is 5 columns, 7 apart in a
 * box, the boxes 22 apart: r1c1 at 2-6, r1c2 at 9, r1c3 at 16, r1c4 at
 * 24, r1c6 at 38; a digit in its middle, a mark 6 under its 1. */
static void looks(struct play *p)
{
	struct canvas c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	ok(canvas_memory_look(&c, 1, 38) == style(ST_CURSOR) && canvas_memory_look(&c, 2, 43) == style(ST_CURSOR) &&
	       canvas_memory_look(&c, 2, 44) != style(ST_CURSOR),
	   "the cursor on r1c6: its cell and a column either side, both rows");
	ok(canvas_memory_look(&c, 1, 4) == style(ST_BAD), "r1c1's 5 is a conflict: its look as well as its !");
	ok(canvas_memory_look(&c, 1, 11) & A_BOLD, "a given is bold");
	ok(canvas_memory_look(&c, 1, 18) == A_NORMAL, "an entry is plain");
	ok(canvas_memory_look(&c, 2, 24) & A_DIM, "a mark is dim");
	canvas_memory_free(&c);
}

/* The digits a screen shows in rows from..to (the grid). */
static int digits_in(const char *text, int from, int to)
{
	int n = 0, row = 0;
	for (const char *t = text; *t; t++) {
		if (*t == '\n')
			row++;
		else if (row >= from && row <= to && *t >= '0' && *t <= '9')
			n++;
	}
	return n;
}

/* What the grid holds: its digits and every mark. */
static int digits_held(struct play *p)
{
	const struct puzzle_state *st = session_state(play_session(p));
	const struct sudoku_grid *g = sudoku_state_grid(st);
	int n = 0;
	for (int c = 0; c < g->cells; c++)
		n += g->v[c] ? 1 : sudoku_grid_popcount(sudoku_state_marks(st, c));
	return n;
}

/* Marks for all, a right digit (which leaves its peers' marks), a mark
 * taken out by hand, and a 5 where row 1 and column 6 have one. */
static void scenario(struct play *p)
{
	key(p, 'M');
	keys(p, "ll4");
	keys(p, "lm2m");
	keys(p, "ll5");
}

/* H, and the solver's answer: two tiers, the reason and then r5c5's 5. */
static void hint(struct play *p)
{
	key(p, 'H');
	struct worker_report r = job_answer(p, WORK_HINT);
	r.completions = 1;
	r.hint_tiers = 2;
	note_say(&r.hint[0], "r5c5 can only be 5: every other digit is in its row, column or box");
	note_cell(&r.hint[0], 4 * 9 + 4);
	note_cell(&r.hint[0], 4 * 9 + 3);
	note_cell(&r.hint[0], 3 * 9 + 4);
	note_piece(&r.hint[0], 5);
	note_say(&r.hint[1], "r5c5 is 5");
	snprintf(r.hint[1].move, sizeof r.hint[1].move, "r5c5=5");
	play_report(p, &r);
}

/* The hint's digit in hand is said on one line: the message while it
 * lasts, then the view's own line, never both. */
static void test_hint_line(void)
{
	struct play *p = new_play(PUZZLE);
	if (!p)
		return;
	hint(p);
	key(p, 'H');
	char *text = screen_text(p, 24, 80);
	const char *first = strstr(text, "Enter places it");
	ok(first && strstr(text, "r5c5 is 5: Enter places it") && !strstr(first + 1, "Enter places it"),
	   "the hint's digit in hand: one line says it");
	free(text);
	play_tick(p, clock_seconds());
	play_tick(p, clock_seconds() + 60);
	text = screen_text(p, 24, 80);
	first = strstr(text, "Enter places it");
	ok(first && strstr(text, "r5c5 \u00b7 5 from the hint: Enter places it") && !strstr(first + 1, "Enter places it"),
	   "when the message has had its time, the status line says it, once");
	free(text);
	sym(p, KEY_SYM_ESCAPE);
	text = screen_text(p, 24, 80);
	ok(!strstr(text, "Enter places it"), "Esc lets the digit go, and the line with it");
	free(text);
	play_free(p);
}

/* The checker's answer for the position on the board, as the worker
 * would give it: the family's own reason if it has one, else the count's
 * (no way, in so many tries). */
static void check_report(struct play *p, uint64_t nodes)
{
	struct worker_report r = job_answer(p, WORK_CHECK);
	r.dead_explained = pz->dead_end(session_state(play_session(p)), &r.dead);
	r.nodes = r.dead_explained ? 0 : nodes;
	play_report(p, &r);
}

/* Dead ends, with a reason the singles give (its cells marked) and
 * without; every word read whole. */
static void test_dead_end_screens(void)
{
	struct play *p = new_play(PUZZLE);
	if (!p)
		return;
	/* r1c3's 4 as a 2: r7c9 must be 4 and r1c6 8, and r1c9 is left
	 * nothing (test_sudoku_logic.c works it out by hand). */
	keys(p, "Mll2");
	check_report(p, 0);
	golden_screen(p, 24, 80, "sudoku-dead-end", "a dead end the singles show: its reason, its cells marked");
	char *text = screen_text(p, 24, 80);
	ok(strstr(text, "Dead end: r7c9 must be 4 and r1c6 8, and then r1c9 has no candidate left") != NULL,
	   "the reason in words, whole");
	free(text);
	struct canvas c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	/* r1c9 at columns 60-64, r1c6 at 38-42, r7c9 on rows 15-16. */
	ok(canvas_memory_look(&c, 1, 60) == style(ST_MARK) && canvas_memory_look(&c, 1, 38) == style(ST_MARK) &&
	       canvas_memory_look(&c, 16, 64) == style(ST_MARK),
	   "r1c9, r1c6 and r7c9 marked");
	canvas_memory_free(&c);
	play_free(p);

	/* A wrong digit the singles cannot show wrong (the solution has 4
	 * in r1c3; the count is made up): the reason lies deeper. */
	p = new_play(PUZZLE);
	if (!p)
		return;
	keys(p, "ll1");
	struct worker_report r = job_answer(p, WORK_CHECK);
	r.nodes = 4667;
	play_report(p, &r);
	golden_screen(p, 24, 80, "sudoku-dead-end-deeper", "a dead end whose reason lies deeper");
	text = screen_text(p, 24, 80);
	char *flat = xstrdup(text);
	for (char *q = flat; *q; q++)
		if (*q == '\n')
			*q = ' ';
	ok(strstr(flat, "no way to finish from here, for a reason that lies deeper (the  solver needed 4,667 tries); H "
	                "shows what to take back") ||
	       strstr(flat, "lies deeper (the solver needed 4,667 tries); H shows what to take back"),
	   "no way to finish, the reason deeper, the solver's tries, and H: said whole");
	free(flat);
	free(text);
	play_free(p);
}

static void test_goldens(void)
{
	struct play *p = new_play(".................................................................................\nsetup");
	ok(p != NULL, "an empty grid to set up");
	if (!p)
		return;
	keys(p, "jjjjllll");
	golden_screen(p, 24, 80, "sudoku-empty", "an empty 9x9 with the cursor in r5c5");
	play_free(p);

	p = new_play(PUZZLE);
	ok(p != NULL, "a puzzle");
	if (!p)
		return;
	scenario(p);
	golden_screen(p, 24, 80, "sudoku-play", "80x24: givens, entries, every mark as its digit and a conflict");
	looks(p);
	int held = digits_held(p);
	char *text = screen_text(p, 24, 80);
	is_u64(digits_in(text, 1, 20), held, "80x24: every given, entry and mark on screen as its digit");
	free(text);
	key(p, 'm');
	golden_screen(p, 24, 80, "sudoku-mark-mode", "mark mode");
	key(p, 'm');
	golden_screen(p, 45, 120, "sudoku-large", "a large terminal: the marks in a 3x3 in each cell, every cell lined");
	golden_screen(p, 40, 120, "sudoku-120x40", "120x40: the marks in a 3x3, the boxes set apart by their rules");
	text = screen_text(p, 40, 120);
	is_u64(digits_in(text, 1, 36), held, "120x40: every digit and mark on screen");
	free(text);
	golden_screen(p, 20, 60, "sudoku-60x20", "60x20: the compact grid, one digit's marks, the cursor's beside");
	style_init_plain(false);
	golden_screen(p, 24, 80, "sudoku-ascii", "without Unicode (LANG=C)");
	style_init_plain(true);
	key(p, '!');
	text = screen_text(p, 24, 80);
	ok(!strstr(text, "5!") && strstr(text, "[5]"), "!: conflicts no longer marked");
	free(text);
	key(p, '!');
	text = screen_text(p, 24, 80);
	ok(strstr(text, "[5!") != NULL, "! again: marked again");
	free(text);

	/* A hint: its first tier marks the cells it speaks of; its last puts
	 * the digit in the player's hand, and Enter enters it. */
	hint(p);
	golden_screen(p, 24, 80, "sudoku-hint", "a hint's first tier, its cells marked");
	golden_screen(p, 45, 120, "sudoku-hint-large", "a hint's first tier on a large terminal: its digit in the marks");
	key(p, 'H');
	text = screen_text(p, 24, 80);
	const char *first = strstr(text, "Enter places it");
	ok(strstr(text, "r5c5 is 5: Enter places it") != NULL && !strstr(first + 1, "Enter places it") &&
	       !strstr(text, "from the hint"),
	   "the hint's last tier: Enter places it, said once");
	free(text);
	golden_screen(p, 24, 80, "sudoku-hold", "the hint's digit in hand, in its cell, one line on it");
	sym(p, KEY_SYM_ENTER);
	ok(grid_of(p)->v[40] == 5, "Enter enters the hint's digit");
	key(p, 'u');
	ok(grid_of(p)->v[40] == 0, "u takes it back");

	/* The search on screen: its step's cell marked, no cursor, the panel
	 * beside the grid. */
	key(p, 'A');
	struct worker_report r = search_frame(p);
	r.anim.path = "r5c5=5;r1c4=6";
	r.anim.event = ENGINE_EV_TRY;
	r.anim.level = 2;
	r.anim.nodes = 2;
	r.anim.steps = 2;
	r.anim.estimate = 60;
	r.anim.fraction = 0.5;
	note_say(&r.anim.note, "r1c4 has 1 candidate: tries 6");
	note_cell(&r.anim.note, 3);
	play_report(p, &r);
	golden_screen(p, 24, 80, "sudoku-search", "the search's panel beside the grid");
	struct canvas c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	ok(canvas_memory_look(&c, 2, 15) == style(ST_MARK), "the search's cell is marked");
	ok(canvas_memory_look(&c, 2, 22) != style(ST_CURSOR), "and the cursor is not shown");
	canvas_memory_free(&c);
	sym(p, KEY_SYM_ESCAPE);
	play_free(p);

	test_dead_end_screens();

	p = new_play(SMALL);
	ok(p != NULL, "a 4x4 puzzle");
	if (!p)
		return;
	key(p, 'M');
	keys(p, "l2");
	golden_screen(p, 24, 80, "sudoku-4x4", "a 4x4 grid with its marks");
	play_free(p);
}

/* ---- past 9x9: one digit's marks in the cells ------------------------- */

/* A shipped level's puzzle line (its file's last line), malloc'd. */
static char *level_line(const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/levels/sudoku/%s.txt", LD_SRCDIR, name);
	char *text = golden_slurp(path);
	if (!text)
		return NULL;
	size_t n = strlen(text);
	while (n && text[n - 1] == '\n')
		text[--n] = '\0';
	char *last = strrchr(text, '\n');
	char *line = xstrdup(last ? last + 1 : text);
	free(text);
	return line;
}

/* The grid's cells as the screen shows them, row by row: a screen row
 * whose first word is a number or the blank's dot is a row of the grid,
 * its first side words its cells ("·", "7", "16"); what follows is the
 * panel.  Returns the rows found; cell[] gets the numbers, 0 for a dot. */
static int read_grid(const char *text, int side, int *cell)
{
	int rows = 0;
	const char *line = strchr(text, '\n'); /* row 0 is the title */
	while (line && rows < side) {
		line++;
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		char *row = xmalloc(len + 1);
		memcpy(row, line, len);
		row[len] = '\0';
		int got = 0, vals[SUDOKU_MAX_SIDE];
		/* words between blanks, the box rules (┃'s bytes, none of which
		 * the dot's share) and a given's brackets (without colours) */
		const char *apart = " |[]()\u2503";
		for (char *w = strtok(row, apart); w && got < side; w = strtok(NULL, apart)) {
			if (!strcmp(w, "\u00b7") || !strcmp(w, "."))
				vals[got++] = 0;
			else if (w[0] >= '0' && w[0] <= '9')
				vals[got++] = atoi(w);
			else
				break;
		}
		if (got == side) {
			memcpy(cell + rows * side, vals, sizeof(int) * (size_t)side);
			rows++;
		}
		free(row);
		line = end;
	}
	return rows;
}

/* The columns from row to at (UTF-8: one a character). */
static int columns_to(const char *row, const char *at)
{
	int n = 0;
	for (const char *t = row; t < at; t++)
		n += ((unsigned char)*t & 0xc0) != 0x80;
	return n;
}

/* Where column col of a row begins (its newline, if it is shorter). */
static const char *at_column(const char *row, int col)
{
	const char *t = row;
	for (int n = 0; *t && *t != '\n'; t++) {
		if (((unsigned char)*t & 0xc0) != 0x80 && n++ == col)
			return t;
	}
	return t;
}

/* The status line's marks ("marks 1-3 7 10-16"), as a set of digits. */
static sudoku_grid_mask status_marks(const char *text)
{
	const char *m = strstr(text, " marks ");
	sudoku_grid_mask set = 0;
	if (!m)
		return 0;
	m += strlen(" marks ");
	for (;;) {
		char *end;
		long a = strtol(m, &end, 10), b = a;
		if (end == m)
			break;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		for (long d = a; d <= b && d >= 1 && d <= SUDOKU_MAX_SIDE; d++)
			set |= sudoku_grid_bit((int)d);
		if (*end != ' ')
			break;
		m = end + 1;
	}
	return set;
}

/* A level past 9x9 at the terminal it plays in, every candidate
 * pencilled in, a digit entered: for each digit in turn (]), every cell
 * shows its own digit, or the digit chosen where it is pencilled, or a
 * dot; so every mark is seen, none as a count.  The cursor's marks are
 * written out whole beside the grid (the status line where there is no
 * room, as on a 25x25 at 80x33), and the status line fits 80 columns. */
static void big_marks(const char *level, int side, int rows, int cols, bool panel)
{
	char *line = level_line(level);
	struct play *p = line ? new_play(line) : NULL;
	free(line);
	ok(p != NULL, "%s opens", level);
	if (!p)
		return;
	key(p, 'M');
	const struct puzzle_state *st = session_state(play_session(p));
	const struct sudoku_grid *g = sudoku_state_grid(st);
	int cur = 0, seen_marks = 0, wrong = 0, held = 0;
	for (int c = 0; c < g->cells; c++)
		held += g->v[c] ? 0 : sudoku_grid_popcount(sudoku_state_marks(st, c));
	int *cell = xcalloc((size_t)g->cells, sizeof *cell);
	for (int d = 1; d <= side; d++) {
		if (d > 1)
			key(p, ']');
		char *text = screen_text(p, rows, cols);
		st = session_state(play_session(p));
		g = sudoku_state_grid(st);
		int found = read_grid(text, side, cell);
		if (found != side && wrong++ == 0)
			tap_diag("digit %d: %d rows of the grid read", d, found);
		for (int c = 0; found == side && c < g->cells; c++) {
			sudoku_grid_mask marks = g->v[c] ? 0 : sudoku_state_marks(st, c);
			int want = g->v[c] ? g->v[c] : (marks & sudoku_grid_bit(d)) ? d : 0;
			seen_marks += !g->v[c] && cell[c] == d && want == d;
			if (cell[c] != want && wrong++ == 0)
				tap_diag("digit %d shown: r%dc%d shows %d, not %d", d, c / side + 1, c % side + 1,
				         cell[c], want);
		}
		for (const char *t = text; *t;) {
			const char *e = strchr(t, '\n');
			char row[512];
			size_t len = e ? (size_t)(e - t) : strlen(t);
			snprintf(row, sizeof row, "%.*s", (int)len, t);
			if (textfit_width(row) > cols && wrong++ == 0)
				tap_diag("a row wider than %d: %s", cols, row);
			t = e ? e + 1 : t + len;
		}
		free(text);
	}
	ok(!wrong && seen_marks == held, "%s at %dx%d: the %d marks all seen, a digit at a time (%d seen)", level,
	   cols, rows, held, seen_marks);
	free(cell);
	key(p, ']');
	char *wrap = screen_text(p, rows, cols);
	key(p, '[');
	char *back = screen_text(p, rows, cols);
	char last[40];
	snprintf(last, sizeof last, "cells show %d ", side);
	ok(strstr(wrap, "cells show 1 ") && strstr(back, last), "] past %d is 1 again, [ before 1 is %d", side, side);
	free(wrap);
	free(back);

	/* The cursor on the cell with the most marks, its second taken out
	 * (so that they are no longer one run). */
	st = session_state(play_session(p));
	g = sudoku_state_grid(st);
	for (int c = 0; c < g->cells; c++)
		if (sudoku_grid_popcount(sudoku_state_marks(st, c)) > sudoku_grid_popcount(sudoku_state_marks(st, cur)))
			cur = c;
	for (int i = 0; i < cur / side; i++)
		key(p, 'j');
	for (int i = 0; i < cur % side; i++)
		key(p, 'l');
	sudoku_grid_mask all = sudoku_state_marks(st, cur);
	int second = 0;
	for (int d = 1, k = 0; d <= side; d++)
		if (all & sudoku_grid_bit(d) && ++k == 2)
			second = d;
	key(p, 'm');
	char typed[12];
	snprintf(typed, sizeof typed, "%d", second);
	keys(p, typed);
	if (second * 10 <= side)
		sym(p, KEY_SYM_ENTER);
	st = session_state(play_session(p));
	g = sudoku_state_grid(st);
	sudoku_grid_mask marks = sudoku_state_marks(st, cur);
	char name[16], want[200];
	sudoku_cell_name(g, cur, name, sizeof name);
	char *text = screen_text(p, rows, cols);
	if (panel) {
		/* The panel: right of the grid, its words maybe wrapped. */
		int n = snprintf(want, sizeof want, "%s:", name);
		for (int d = 1; d <= side; d++)
			if (marks & sudoku_grid_bit(d))
				n += snprintf(want + n, sizeof want - (size_t)n, " %d", d);
		struct strbuf beside = { 0 };
		int panel_x = -1;
		for (const char *row = strchr(text, '\n'); row && *++row;) {
			size_t len = strcspn(row, "\n");
			const char *at = strstr(row, name);
			if (panel_x < 0 && at && at < row + len)
				panel_x = columns_to(row, at);
			if (panel_x >= 0) {
				const char *from = at_column(row, panel_x);
				size_t n_from = from < row + len ? (size_t)(row + len - from) : 0;
				while (n_from && from[n_from - 1] == ' ')
					n_from--;
				if (!n_from)
					break;
				strbuf_addf(&beside, "%s%.*s", beside.len ? " " : "", (int)n_from, from);
			}
			row = strchr(row, '\n');
		}
		ok(beside.len && !strncmp(beside.s, want, strlen(want)),
		   "%s: beside the grid, the cursor's marks whole: %s", level, beside.s ? beside.s : "");
		free(beside.s);
	}
	const char *status = strstr(text, name);
	while (status && strstr(status + 1, name))
		status = strstr(status + 1, name);
	ok(status && status_marks(status) == marks, "%s: the status line says %s's marks whole", level, name);
	size_t status_len = status ? strcspn(status, "\n") : 0;
	char said[200];
	snprintf(said, sizeof said, "%.*s", (int)status_len, status ? status : "");
	ok(strstr(said, "mark mode") && textfit_width(said) <= 78, "%s: and mark mode, in 78 columns: %s", level, said);
	free(text);
	if (panel)
		golden_screen(p, rows, cols, side == 12 ? "sudoku-12x12-marks" : "sudoku-16x16-marks",
		              "one digit's marks in the cells, the cursor's beside the grid");
	else
		golden_screen(p, rows, cols, "sudoku-25x25-marks", "a 25x25 at 80x33: one digit's marks, the cursor's below");
	play_free(p);
}

static void test_big_marks(void)
{
	big_marks("2-12x12-01", 12, 24, 80, true);
	big_marks("4-16x16-01", 16, 24, 80, true);
	big_marks("4-25x25-01", 25, 33, 80, false);
}

/* ---- the view's keys, straight ------------------------------------------ */

struct probe {
	struct puzzle_state *s;
	struct view *v;
	struct view_out out;
	enum view_result res;
};

static void probe_start(struct probe *t, const char *desc)
{
	t->s = start(desc);
	t->v = sudoku_view_ops.new(pz, t->s);
	sudoku_view_ops.layout(t->v, 20, 80);
	view_out_init(&t->out);
}

static void probe_end(struct probe *t)
{
	view_out_free(&t->out);
	sudoku_view_ops.free(t->v);
	pz->free_state(t->s);
}

static enum view_result probe_event(struct probe *t, const struct term_event *ev)
{
	view_out_free(&t->out);
	view_out_init(&t->out);
	t->res = sudoku_view_ops.event(t->v, t->s, ev, &t->out);
	return t->res;
}

static enum view_result press(struct probe *t, long ch)
{
	struct term_event ev = { .kind = TERM_KEY, .ch = ch };
	return probe_event(t, &ev);
}

static enum view_result press_sym(struct probe *t, enum term_keysym k)
{
	struct term_event ev = { .kind = TERM_KEY, .sym = k };
	return probe_event(t, &ev);
}

static void presses(struct probe *t, const char *s)
{
	for (; *s; s++)
		press(t, *s);
}

/* Play what the view asked for, as the game screen would. */
static bool play(struct probe *t)
{
	if (t->res != VIEW_MOVE)
		return false;
	struct diag err;
	struct puzzle_state *n = pz->apply(t->s, t->out.move.s, &err);
	if (!n) {
		tap_diag("%s: %s", t->out.move.s, err.msg);
		return false;
	}
	pz->free_state(t->s);
	t->s = n;
	sudoku_view_ops.sync(t->v, t->s);
	return true;
}

static const char *move_of(const struct probe *t)
{
	return t->res == VIEW_MOVE && t->out.move.s ? t->out.move.s : "(no move)";
}

/* The status line as an 80-column screen has it. */
static void status_of(const struct probe *t, char *buf, size_t size)
{
	sudoku_view_ops.status(t->v, t->s, 78, buf, size);
}

static void test_digits(void)
{
	struct probe t;
	probe_start(&t, PUZZLE);
	press(&t, '7');
	ok(t.res == VIEW_SAY && t.out.say_bad && strstr(t.out.say, "r1c1 is given"), "a given cannot change: %s",
	   t.out.say);
	press(&t, '0');
	ok(t.res == VIEW_SAY && t.out.say_bad, "nor be cleared");
	presses(&t, "ll");
	press(&t, '4');
	is_str(move_of(&t), "r1c3=4", "a digit in a blank cell: its move");
	play(&t);
	press(&t, '4');
	ok(t.res == VIEW_HANDLED, "the same digit again changes nothing");
	const char *clears[] = { "0", ".", "x" };
	for (int i = 0; i < 3; i++) {
		press(&t, clears[i][0]);
		is_str(move_of(&t), "r1c3=0", "'%s' clears the cell", clears[i]);
	}
	press_sym(&t, KEY_SYM_BACKSPACE);
	is_str(move_of(&t), "r1c3=0", "Backspace clears the cell");
	press_sym(&t, KEY_SYM_ENTER);
	ok(t.res == VIEW_SAY && !t.out.say_bad, "Enter with no hint's digit in hand says what to type");
	press(&t, 'Z');
	ok(t.res == VIEW_IGNORED, "a key that is not the view's goes to the game screen");
	probe_end(&t);
}

static void test_marks(void)
{
	struct probe t;
	probe_start(&t, PUZZLE);
	press(&t, 'M');
	is_str(move_of(&t), "marks", "M: every cell's candidates");
	play(&t);
	/* r1c3's candidates: 1 2 4; r1c4's 2 6; r2c2's 2 4 7. */
	presses(&t, "ll");
	char st[160];
	status_of(&t, st, sizeof st);
	ok(strstr(st, "r1c3") && strstr(st, "marks 1 2 4"), "the status spells the cursor's marks: %s", st);
	press(&t, '4');
	/* The peers of r1c3 with a candidate 4 (worked out by hand): only
	 * they are named. */
	is_str(move_of(&t), "r1c3=4;r1c6-4;r1c7-4;r1c8-4;r1c9-4;r2c2-4;r2c3-4;r7c3-4;r9c3-4",
	       "a digit entered leaves the marks of its row, column and box, in one move");
	probe_end(&t);

	probe_start(&t, PUZZLE);
	press(&t, 'M');
	play(&t);
	presses(&t, "ll");
	press(&t, 'a');
	ok(t.res == VIEW_SAY && strstr(t.out.say, "as they are"), "a: entering a digit leaves the marks: %s", t.out.say);
	press(&t, '4');
	is_str(move_of(&t), "r1c3=4", "with the setting off, the digit alone");
	press(&t, 'a');
	press(&t, 'm');
	ok(t.res == VIEW_HANDLED, "m: mark mode");
	status_of(&t, st, sizeof st);
	ok(strstr(st, "mark mode") != NULL, "the status says mark mode: %s", st);
	press(&t, '2');
	is_str(move_of(&t), "r1c3^2", "in mark mode a digit toggles its mark");
	play(&t);
	ok(sudoku_state_marks(t.s, 2) == (sudoku_grid_bit(1) | sudoku_grid_bit(4)), "r1c3's marks are 1 4");
	/* The narrowest screen a 9x9 plays on, 32 columns: the marks and the
	 * mode said in fewer words, never cut. */
	sudoku_view_ops.status(t.v, t.s, 30, st, sizeof st);
	ok(textfit_width(st) <= 30 && strstr(st, "marks 1 4") && strstr(st, "mark mode"),
	   "at 32 columns the status fits 30, marks and mode said: %s", st);
	press(&t, 'h');
	press(&t, '2');
	ok(t.res == VIEW_SAY && t.out.say_bad && strstr(t.out.say, "given"), "a given takes no marks");
	press(&t, 'l');
	press(&t, 'm');
	press(&t, '0');
	is_str(move_of(&t), "r1c3-1;r1c3-4", "clearing a blank cell takes its marks away");
	/* At 80x24 a 9x9's marks are all in place: no digit to choose. */
	press(&t, ']');
	ok(strstr(t.out.say, "Every mark shows in its cell") != NULL, "] where every mark shows says so: %s",
	   t.out.say);
	probe_end(&t);
}

static void test_setup(void)
{
	struct probe t;
	probe_start(&t, ".................................................................................\nsetup");
	char st[160];
	status_of(&t, st, sizeof st);
	ok(strstr(st, "entering givens: F fixes them") != NULL, "setting up, the status says how it ends: %s", st);
	press(&t, '5');
	is_str(move_of(&t), "r1c1:5", "a digit while setting up is a given");
	play(&t);
	status_of(&t, st, sizeof st);
	ok(!strncmp(st, "r1c1", 4), "and the cursor stays, as in play: %s", st);
	/* The case: 1, Right, 2 fills two cells side by side. */
	press(&t, 'l');
	press(&t, '2');
	is_str(move_of(&t), "r1c2:2", "1 Right 2: the 2 goes in the next cell, none skipped");
	play(&t);
	press(&t, '.');
	is_str(move_of(&t), "r1c2:0", ". clears where the cursor is");
	status_of(&t, st, sizeof st);
	ok(!strncmp(st, "r1c2", 4), "and does not step on: %s", st);
	press(&t, 'h');
	press(&t, '0');
	is_str(move_of(&t), "r1c1:0", "0 takes a given away, where the cursor is");
	status_of(&t, st, sizeof st);
	ok(!strncmp(st, "r1c1", 4), "without stepping on: %s", st);
	press(&t, 'm');
	ok(t.res == VIEW_SAY, "no marks before the givens are fixed");
	press(&t, 'F');
	is_str(move_of(&t), "fix", "F fixes the givens");
	play(&t);
	press(&t, '6');
	ok(t.res == VIEW_SAY && t.out.say_bad, "then the given cannot change");
	press(&t, 'F');
	ok(t.res == VIEW_SAY && !t.out.say_bad, "F again: they are fixed already");
	probe_end(&t);

	probe_start(&t, SMALL);
	presses(&t, "l");
	press(&t, '7');
	ok(t.res == VIEW_SAY && t.out.say_bad && strstr(t.out.say, "1 to 4"), "a 4x4 grid takes 1-4: %s", t.out.say);
	press(&t, '3');
	is_str(move_of(&t), "r1c2=3", "a digit in a 4x4 grid");
	probe_end(&t);
}

static void test_cursor_and_mouse(void)
{
	struct probe t;
	probe_start(&t, PUZZLE);
	char st[160];
	press_sym(&t, KEY_SYM_UP);
	press_sym(&t, KEY_SYM_LEFT);
	status_of(&t, st, sizeof st);
	ok(!strncmp(st, "r1c1", 4), "the cursor stops at the edges, as on the other boards: %s", st);
	presses(&t, "jl");
	status_of(&t, st, sizeof st);
	ok(!strncmp(st, "r2c2", 4), "hjkl move it: %s", st);
	for (int i = 0; i < 12; i++)
		press_sym(&t, KEY_SYM_RIGHT);
	press_sym(&t, KEY_SYM_DOWN);
	status_of(&t, st, sizeof st);
	ok(!strncmp(st, "r3c9", 4), "at the right edge Right stays, Down goes on: %s", st);
	/* In a room of 20 x 80 (a terminal of 80x24) a cell is 5x2, the box
	 * rules between: r4c7 is at rows 7-8, columns 1 + 2*22 + 1 = 46 .. 50. */
	struct term_event ev = { .kind = TERM_MOUSE, .button = 1, .press = true, .row = 7, .col = 47 };
	probe_event(&t, &ev);
	status_of(&t, st, sizeof st);
	ok(t.res == VIEW_HANDLED && !strncmp(st, "r4c7", 4), "a click puts the cursor on the cell: %s", st);
	ev.row = 8;
	ev.col = 50;
	probe_event(&t, &ev);
	ok(t.res == VIEW_HANDLED, "its second row and last column are the cell's too");
	ev.row = 6;
	probe_event(&t, &ev);
	ok(t.res == VIEW_IGNORED, "a click on a box's rule is not on a cell");
	ev.row = 7;
	ev.col = 52;
	probe_event(&t, &ev);
	ok(t.res == VIEW_IGNORED, "nor one between two cells");
	ev.col = 70;
	probe_event(&t, &ev);
	ok(t.res == VIEW_IGNORED, "nor one beside the grid");

	ok(sudoku_view_ops.hold(t.v, t.s, "r3c5=7"), "a hint's digit goes in hand");
	status_of(&t, st, sizeof st);
	ok(strstr(st, "r3c5") && strstr(st, "7 from the hint"), "the cursor on its cell: %s", st);
	press_sym(&t, KEY_SYM_ENTER);
	is_str(move_of(&t), "r3c5=7", "Enter enters it");
	press_sym(&t, KEY_SYM_ESCAPE);
	ok(t.res == VIEW_HANDLED, "Esc lets it go");
	press_sym(&t, KEY_SYM_ESCAPE);
	ok(t.res == VIEW_IGNORED, "then Esc is the game screen's");
	ok(!sudoku_view_ops.hold(t.v, t.s, "marks"), "a move that is not one digit is not held");
	ok(!sudoku_view_ops.hold(t.v, t.s, "r1c1=5"), "nor a digit on a given");
	probe_end(&t);
}

static void test_sizes(void)
{
	struct probe t;
	probe_start(&t, PUZZLE);
	int min_r, min_c, best_r, best_c;
	sudoku_view_ops.size(t.v, &min_r, &min_c, &best_r, &best_c);
	ok(min_r == 13 && min_c == 32, "the least room: 13 rows, 32 columns (3x1 cells, box lines only): %dx%d", min_r,
	   min_c);
	ok(min_r + 4 <= 24 && best_r >= 37, "80x24 has room; a large terminal gets 7x3 cells (%d rows)", best_r);
	ok(!sudoku_view_ops.layout(t.v, 12, 80), "12 rows are too few");
	ok(sudoku_view_ops.layout(t.v, 13, 32), "13 x 32 is enough");
	int y, x, h, w;
	sudoku_view_ops.layout(t.v, 20, 80);
	sudoku_view_ops.panel(t.v, &y, &x, &h, &w);
	ok(x >= 39 && w >= 34 && h >= 12, "at 80x24 the search's panel has room beside the grid: %d cols at %d", w, x);
	probe_end(&t);
}

/* Every room from the least to a large one: the grid fits it whole or
 * the view says it does not fit (the game screen then says "terminal too
 * small"); the marks show as digits from 20 x 66 (a terminal of 66x24),
 * in a 3x3 from 31 x 74 (74x35); and while the solver searches, the
 * panel has its room wherever the grid can leave it. */
static void test_forms(void)
{
	struct probe t;
	probe_start(&t, PUZZLE);
	press(&t, 'M');
	play(&t);
	const struct sudoku_grid *g = sudoku_state_grid(t.s);
	int held = 0;
	for (int c = 0; c < g->cells; c++)
		held += g->v[c] ? 1 : sudoku_grid_popcount(sudoku_state_marks(t.s, c));
	int wrong = 0, rooms = 0;
	for (int rows = 10; rows <= 60; rows++)
		for (int cols = 28; cols <= 140; cols += 2) {
			bool fits = sudoku_view_ops.layout(t.v, rows, cols);
			bool big = rows >= 13 && cols >= 32;
			if (fits != big) {
				if (wrong++ == 0)
					tap_diag("%d x %d: %s", rows, cols, fits ? "fits" : "does not fit");
				continue;
			}
			if (!fits)
				continue;
			rooms++;
			/* Drawn in a canvas one larger each way: nothing beyond
			 * the room, and no mark drawn as digits short of them. */
			struct canvas c = canvas_memory_new(rows + 1, cols + 1);
			struct view_show show = { 0 };
			for (int searching = 0; searching < 2; searching++) {
				show.searching = searching;
				canvas_erase(&c);
				sudoku_view_ops.draw(t.v, &c, t.s, &show);
				char *text = canvas_memory_text(&c);
				const char *last = text;
				for (int r = 0; r < rows; r++)
					last = strchr(last, '\n') + 1;
				bool beyond = *last != '\0' && *last != '\n';
				for (int r = 0; r < rows && !beyond; r++)
					beyond = textfit_width(canvas_memory_row(&c, r)) > cols;
				/* Counted, the marks are small digits, not 0-9. */
				int shown = digits_in(text, 0, rows - 1);
				bool marks_ok = searching || (rows >= 20 && cols >= 66 ? shown == held : shown < held);
				if ((beyond || !marks_ok) && wrong++ == 0)
					tap_diag("%d x %d%s: %s", rows, cols, searching ? ", searching" : "",
					         beyond ? "drawn beyond the room" : "the marks are not all there");
				free(text);
			}
			int y, x, h, w;
			sudoku_view_ops.panel(t.v, &y, &x, &h, &w);
			if (y + h > rows || x + w > cols) {
				if (wrong++ == 0)
					tap_diag("%d x %d: the panel beyond the room", rows, cols);
			}
			canvas_memory_free(&c);
		}
	ok(!wrong && rooms > 2000, "in %d rooms the grid fits whole, with every mark from 20 x 66", rooms);
	probe_end(&t);
}

/* A dead end marks two cells in conflict: the mark's ground stays under
 * the digit (red on red would hide it), and the ! says the conflict. */
static void test_marked_conflict(void)
{
	struct probe t;
	probe_start(&t, PUZZLE);
	presses(&t, "lllll");
	press(&t, '5');
	play(&t);
	press(&t, 'j');
	struct note n;
	note_clear(&n);
	note_cell(&n, 0);
	note_cell(&n, 5);
	struct view_show show = { .marks = &n, .searching = false };
	struct canvas c = canvas_memory_new(20, 80);
	sudoku_view_ops.draw(t.v, &c, t.s, &show);
	ok(canvas_memory_look(&c, 0, 4) == (style(ST_MARK) | A_BOLD), "r1c1's 5: the mark's look, bold");
	ok(!strncmp(canvas_memory_row(&c, 0), "   [5!", 6), "and its !: %s", canvas_memory_row(&c, 0));
	ok(canvas_memory_look(&c, 0, 38) == style(ST_MARK) && canvas_memory_look(&c, 0, 40) == (style(ST_MARK) | A_BOLD),
	   "r1c6, an entry: its ground marked, its 5 bold on it");
	canvas_memory_free(&c);
	probe_end(&t);
}

/* A job the player's next key replaced (a count, a grade, two solutions)
 * ends cancelled: that must not ask for a check, which would cancel the
 * job asked for since (c during a count never answered; X after c froze
 * the table). */
static void cancelled_report(struct play *p, enum worker_kind kind, uint64_t gen)
{
	struct worker_report r;
	memset(&r, 0, sizeof r);
	r.kind = kind;
	r.gen = gen;
	r.final = r.cancelled = true;
	r.take_back_to = -1;
	play_report(p, &r);
}

static void test_superseded_jobs(void)
{
	static const char *const kinds = "CEc";
	static const enum worker_kind kind[] = { WORK_COUNT, WORK_GRADE, WORK_SOLUTIONS };
	for (int k = 0; k < 3; k++) {
		struct play *p = new_play(".................................................................................\nsetup");
		if (!p)
			return;
		key(p, kinds[k]);
		uint64_t first = play_last_job(p);
		key(p, k == 2 ? 'X' : 'c');
		uint64_t asked = play_last_job(p);
		cancelled_report(p, kind[k], first);
		ok(play_last_job(p) == asked, "%c, then %c: the first job's end leaves the second running", kinds[k],
		   k == 2 ? 'X' : 'c');
		play_free(p);
	}
}

int main(void)
{
	style_init_plain(true);
	test_goldens();
	test_hint_line();
	test_big_marks();
	test_digits();
	test_marks();
	test_setup();
	test_cursor_and_mouse();
	test_sizes();
	test_forms();
	test_marked_conflict();
	test_superseded_jobs();
	return tap_done();
}
