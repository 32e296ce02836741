/* Range's view drawn in memory, without a terminal: every shipped level
 * whole at 80x24, 60x20 (up to 13x13) and 120x40 (its frame and every
 * number on screen); the looks of shaded cells, dots, the cursor, a
 * hint's marks and a number's state without colours and without Unicode,
 * which say them by a character as well as by an attribute; golden copies
 * of a game, a dead end, a 13x13 at 80x24 and the search's panel beside
 * it.
 *
 * LD_GOLDEN_WRITE=1 writes the golden files anew (check them by eye). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "game/session.h"
#include "puzzles/range_puzzle.h"
#include "puzzles/range_state.h"
#include "tap.h"
#include "play_input.h"
#include "ui/canvas.h"
#include "ui/play.h"
#include "ui/style.h"
#include "util/xalloc.h"

static const struct puzzle *const pz = &range_puzzle;

/* levels/range/1-01.txt (7x7) and what 4-10.txt was when the grade-4
 * levels were 13x13. */
static const char *const SMALL = "7x7:g7a8i12a2c8n11e5b";
static const char *const LARGE = "13x13:a3a8g5_7f10h7h5n7d6a12h8f10p19k6i6d8x10f18b4c3a9a9b8c";
/* A grade-4 puzzle of today's size (generate range --grade 4 --seed 3). */
static const char *const LARGEST =
	"15x15:2b7g10k5b9h10k7c7g4d9x4_4f11d5c3a3a11r17f7g18i16_16e17_13a12h15g5v18e7e3f17a";

/* A 3x3 for the looks: a 2 in the top left, a 3 in the bottom right. */
static const char *const TINY = "3x3:2g3";

static struct play *new_play(const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *st = pz->start(pz, desc, &bad, &err);
	if (!st) {
		tap_diag("%s: %s", desc, err.msg);
		return NULL;
	}
	struct session *s = session_new(pz, st);
	snprintf(s->name, sizeof s->name, "test");
	return play_new(NULL, s);
}

/* The checker's answer, as the worker would give it: the family's own
 * reason, its cells marked. */
static void check_report(struct play *p)
{
	struct worker_report r = job_answer(p, WORK_CHECK);
	r.dead_explained = pz->dead_end(session_state(play_session(p)), &r.dead);
	play_report(p, &r);
}

/* ---- every shipped level, whole ------------------------------------------ */

/* The rows of text of a screen (malloc'd, in lines[], n of them). */
static int split_lines(char *text, char **lines, int max)
{
	int n = 0;
	for (char *t = text; t && n < max;) {
		lines[n++] = t;
		t = strchr(t, '\n');
		if (t)
			*t++ = '\0';
	}
	return n;
}

/* Is the grid of s whole on a screen of rows x cols: its four corners,
 * as many numbers inside the frame as the level has, the frame above the
 * status lines?  lined: whether the rows are parted by lines. */
static bool whole(const struct puzzle_state *s, int rows, int cols, bool *lined)
{
	struct play *p = play_new(NULL, session_new(pz, pz->copy(s)));
	char *text = screen_text(p, rows, cols), *lines[128];
	int n = split_lines(text, lines, 128), top = -1, bottom = -1, numbers = 0, clues = 0;
	for (int y = 0; y < n; y++) {
		if (strstr(lines[y], "\u250c") && strstr(lines[y], "\u2510"))
			top = y;
		if (strstr(lines[y], "\u2514") && strstr(lines[y], "\u2518"))
			bottom = y;
	}
	for (int y = top + 1; top >= 0 && y < bottom; y++)
		for (const char *c = lines[y]; *c; c++)
			numbers += *c >= '0' && *c <= '9' && !(c[1] >= '0' && c[1] <= '9');
	for (int k = 0; k < s->n; k++)
		clues += s->clue[k] != 0;
	*lined = top >= 0 && strstr(lines[top + 2], "\u251c") != NULL;
	bool ok_ = top >= 0 && bottom > top && bottom < rows - 3 && numbers == clues;
	if (!ok_)
		tap_diag("%dx%d at %dx%d: frame rows %d-%d, %d numbers of %d", s->w, s->h, cols, rows, top, bottom, numbers,
		         clues);
	free(text);
	play_free(p);
	return ok_;
}

/* Does the screen of rows x cols say it is too small for s, rather than
 * show the grid cut? */
static bool says_too_small(const struct puzzle_state *s, int rows, int cols)
{
	struct play *p = play_new(NULL, session_new(pz, pz->copy(s)));
	char *text = screen_text(p, rows, cols);
	bool said = strstr(text, "terminal too small: need ") != NULL && !strstr(text, "\u250c");
	free(text);
	play_free(p);
	return said;
}

static void test_shipped_levels(void)
{
	static const int sizes[][2] = { { 24, 80 }, { 20, 60 }, { 40, 120 } };
	int right[3] = { 0 }, lined_80 = 0, lined_120 = 0, total = 0;
	for (int grade = 1; grade <= 4; grade++)
		for (int k = 1; k <= 10; k++) {
			char path[1024];
			snprintf(path, sizeof path, "%s/levels/range/%d-%02d.txt", LD_SRCDIR, grade, k);
			struct level lv;
			struct diag err;
			struct puzzle_state *s = level_load(&lv, path, &err) ? level_state(&lv, &err) : NULL;
			total++;
			if (!s) {
				tap_diag("%s: %s", err.msg, path);
				continue;
			}
			for (int i = 0; i < 3; i++) {
				bool lined;
				/* At 60x20 the board has 16 rows, a 15x15's frame 17. */
				if (i == 1 && s->h > 14) {
					right[i] += says_too_small(s, sizes[i][0], sizes[i][1]);
					continue;
				}
				right[i] += whole(s, sizes[i][0], sizes[i][1], &lined);
				lined_80 += i == 0 && lined;
				lined_120 += i == 2 && lined;
			}
			pz->free_state(s);
		}
	is_u64(right[0], total, "80x24: every shipped level whole, every number on screen");
	is_u64(right[1], total, "60x20: every shipped level up to 13x13 whole, the 15x15 ones too small, and said so");
	is_u64(right[2], total, "120x40: every shipped level whole");
	is_u64(lined_80, 20, "80x24: the 7x7 and 9x9 levels have lines between their rows, the larger not");
	is_u64(lined_120, total, "120x40: every level has lines between its rows");
}

/* ---- the looks --------------------------------------------------------- */

struct grid_at {
	int y, x;        /* the frame's top left on the screen */
	int py, px;      /* a cell's pitch */
};

static struct grid_at grid_at(struct canvas *c, const char *corner, int py, int px)
{
	struct grid_at g = { -1, 1, py, px };
	for (int y = 0; y < c->rows && g.y < 0; y++)
		if (!strncmp(canvas_memory_row(c, y) + 1, corner, strlen(corner)))
			g.y = y;
	return g;
}

/* The text of cell r, c (from 0): its three columns. */
static const char *cell_text(struct canvas *c, struct grid_at g, int r, int col)
{
	static char buf[32];
	const char *row = canvas_memory_row(c, g.y + 1 + r * g.py);
	/* Columns to bytes: one glyph a column, UTF-8. */
	int x = 0, want = g.x + 1 + col * g.px;
	const char *t = row;
	for (; *t && x < want; x++)
		do
			t++;
		while ((*t & 0xc0) == 0x80);
	const char *end = t;
	for (int i = 0; *end && i < 3; i++)
		do
			end++;
		while ((*end & 0xc0) == 0x80);
	snprintf(buf, sizeof buf, "%.*s", (int)(end - t), t);
	return buf;
}

static attr_t cell_look(struct canvas *c, struct grid_at g, int r, int col, int i)
{
	return canvas_memory_look(c, g.y + 1 + r * g.py, g.x + 1 + col * g.px + i);
}

/* TINY with the 2 done (it sees r2c1 and stops at r3c1), the 3 short of
 * cells (r2c3 and r3c1 shut it in with r3c2), a dot at r2c1 and the
 * cursor on r2c2:
 *      2 ### ...
 *      .  [ ] ###
 *     ### ...  3!        */
static struct play *tiny_game(void)
{
	struct play *p = new_play(TINY);
	if (p)
		keys(p, "l#hj.j#kll#h");
	return p;
}

static void test_looks(bool unicode)
{
	style_init_plain(unicode);
	const char *block = unicode ? "\u2588\u2588\u2588" : "###";
	const char *what = unicode ? "Unicode" : "ASCII";
	struct play *p = tiny_game();
	ok(p != NULL, "a 3x3 starts");
	if (!p)
		return;
	struct canvas c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	struct grid_at g = grid_at(&c, unicode ? "\u250c" : "+", 2, 4);
	ok(g.y >= 0 && !strcmp(cell_text(&c, g, 0, 1), block) && cell_look(&c, g, 0, 1, 1) == A_NORMAL,
	   "%s, no colours: a shaded cell is a solid block (%s)", what, cell_text(&c, g, 0, 1));
	ok(!strcmp(cell_text(&c, g, 1, 0), unicode ? " \u2022 " : " . "), "%s: a dot is on screen (%s)", what,
	   cell_text(&c, g, 1, 0));
	ok(!strcmp(cell_text(&c, g, 1, 1), "[ ]") && cell_look(&c, g, 1, 1, 1) == style(ST_CURSOR),
	   "%s: the cursor on a blank is its cell in brackets, in reverse", what);
	ok(!strcmp(cell_text(&c, g, 0, 0), " 2 ") && cell_look(&c, g, 0, 0, 1) == style(ST_DIM),
	   "%s: a number that sees its count is dim, not bold", what);
	ok(!strcmp(cell_text(&c, g, 2, 2), " 3!") && cell_look(&c, g, 2, 2, 1) == style(ST_BAD),
	   "%s: a number that can no longer see enough has its ! and the bad look", what);
	canvas_memory_free(&c);

	/* The cursor on a shaded cell: not a blank in reverse. */
	keys(p, "k");
	c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	ok(!strcmp(cell_text(&c, g, 0, 1), unicode ? "[\u2588]" : "[#]") && cell_look(&c, g, 0, 1, 1) == style(ST_CURSOR),
	   "%s: the cursor on a shaded cell: the block in brackets (%s)", what, cell_text(&c, g, 0, 1));
	canvas_memory_free(&c);

	/* A hint that speaks of cells marks them, a shaded one too. */
	keys(p, "j");
	key(p, 'H');
	struct worker_report r = job_answer(p, WORK_HINT);
	r.completions = 1;
	r.hint_tiers = 1;
	note_say(&r.hint[0], "The 3 at row 3, column 3 cannot see enough");
	note_cell(&r.hint[0], 1 * 3 + 2);
	note_cell(&r.hint[0], 2 * 3 + 2);
	play_report(p, &r);
	c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	ok(!strcmp(cell_text(&c, g, 1, 2), unicode ? " \u2588 " : " # ") && cell_look(&c, g, 1, 2, 0) == style(ST_MARK) &&
	       (cell_look(&c, g, 2, 2, 1) & style(ST_MARK)) == style(ST_MARK),
	   "%s: a hint's cells marked: a shaded one keeps its block in the middle", what);
	canvas_memory_free(&c);
	play_free(p);
	style_init_plain(true);
}

/* ---- golden screens ------------------------------------------------------ */

static void test_goldens(void)
{
	struct play *p = new_play(SMALL);
	ok(p != NULL, "level 1-01 starts");
	if (!p)
		return;
	/* r1c1 shaded, r1c3 dotted, r4c4 shaded (the 12 at r3c6 still open),
	 * the cursor on r2c2. */
	keys(p, "#ll.jjjl#kkhh");
	golden_screen(p, 24, 80, "range-play", "a 7x7, lined, with marks and the cursor");
	/* Two shaded cells touching: the dead end, its cells marked. */
	keys(p, "k#");
	check_report(p);
	golden_screen(p, 24, 80, "range-dead-end", "a dead end: two shaded cells touching, marked");
	golden_screen(p, 20, 60, "range-60x20", "the same at 60x20");
	play_free(p);

	p = new_play(LARGE);
	ok(p != NULL, "level 4-10 starts");
	if (!p)
		return;
	keys(p, "#ll.j#");
	golden_screen(p, 24, 80, "range-large", "a 13x13 at 80x24: lines between the columns");
	golden_screen(p, 40, 120, "range-120x40", "a 13x13 at 120x40: lined");
	/* The search's panel beside it: the frame alone makes the room. */
	key(p, 'A');
	struct worker_report r = search_frame(p);
	r.anim.path = "#4,9";
	r.anim.event = ENGINE_EV_TRY;
	r.anim.level = 1;
	r.anim.nodes = 1;
	r.anim.steps = 1;
	r.anim.estimate = 645;
	r.anim.fraction = 1.0 / 645;
	note_say(&r.anim.note, "The cell at row 4, column 9: shaded or not");
	note_cell(&r.anim.note, 3 * 13 + 8);
	play_report(p, &r);
	golden_screen(p, 24, 80, "range-search", "a 13x13 with the search's panel at 80x24");
	char *text = screen_text(p, 24, 80);
	ok(strstr(text, "\u250c") && strstr(text, "\u2518") && strstr(text, "The search"),
	   "the search's panel and the whole grid, side by side at 80 columns");
	free(text);
	play_free(p);
}

/* A 15x15 with the search's panel at 80 columns: the grid without the
 * frame's sides, so that the panel has its 34 columns and shows every
 * figure. */
static void test_largest_search(void)
{
	struct play *p = new_play(LARGEST);
	ok(p != NULL, "a 15x15 starts");
	if (!p)
		return;
	key(p, 'A');
	struct worker_report r = search_frame(p);
	r.anim.path = "";
	r.anim.event = ENGINE_EV_CHOOSE;
	r.anim.nodes = 1;
	r.anim.steps = 1;
	r.anim.estimate = 159000;
	r.anim.fraction = 1.0 / 159000;
	note_say(&r.anim.note, "The cell at row 1, column 2: shaded or not");
	play_report(p, &r);
	char *text = screen_text(p, 24, 80);
	const char *figures[] = { "steps", "choices now", "taken back", "solutions", "whole tree", "left" };
	bool all = strstr(text, "The search") != NULL;
	for (size_t i = 0; i < sizeof figures / sizeof *figures; i++)
		all &= strstr(text, figures[i]) != NULL;
	ok(all, "80x24: the search's panel beside a 15x15, every figure on screen");
	ok(strstr(text, "18 ") && strstr(text, "17 ") && strstr(text, " 2 "), "and the grid's numbers");
	free(text);
	play_free(p);
}

int main(void)
{
	style_init_plain(true);
	test_shipped_levels();
	test_looks(true);
	test_looks(false);
	test_goldens();
	test_largest_search();
	return tap_done();
}
