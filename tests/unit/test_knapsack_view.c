/* The knapsack's view drawn in memory, without a terminal: every shipped
 * level's items all on screen at 80x24 and 120x40, and at 60x20 as many
 * as fit with the heading saying which; bars as long as the weights say,
 * on the bag's scale; items in the bag, out of it and too heavy told apart
 * without colours and without Unicode; a long list scrolled by the keys
 * and clicked where it shows; golden copies of a game, a long list, the
 * search's panel beside the list, and 60x20 and 120x40.
 *
 * LD_GOLDEN_WRITE=1 writes the golden files anew (check them by eye). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "game/session.h"
#include "puzzles/knapsack_puzzle.h"
#include "puzzles/knapsack_state.h"
#include "tap.h"
#include "play_input.h"
#include "ui/canvas.h"
#include "ui/play.h"
#include "ui/style.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

static const struct puzzle *const pz = &knapsack_puzzle;

/* Four items; the best bag is items 2 and 4, worth 90. */
static const char TEXTBOOK[] = "capacity 10\n5 10\n4 40\n6 30\n3 50\n";

static struct play *new_play(const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *st = pz->start(pz, desc, &bad, &err);
	if (!st) {
		tap_diag("start: %s (line %d)", err.msg, bad);
		return NULL;
	}
	struct session *s = session_new(pz, st);
	snprintf(s->name, sizeof s->name, "test");
	return play_new(NULL, s);
}

/* n items with large figures, for a list longer than the screen. */
static char *long_list(int n)
{
	struct strbuf b = { 0 };
	strbuf_addf(&b, "capacity 123456789\n");
	for (int i = 1; i <= n; i++)
		strbuf_addf(&b, "%d %d\n", i * 1234567 % 99999999 + 1, i * 7654321 % 999999999 + 1);
	return b.s;
}

/* The screen row (from 0) that shows item i's line, or -1: its number
 * right in the item column (columns 3-6), after the pointer and the tick
 * (up to 3 bytes each in UTF-8) and a blank. */
static int item_row(const char *text, int i)
{
	char want[16];
	snprintf(want, sizeof want, "%4d  ", i);
	int row = 0;
	for (const char *t = text; *t; row++) {
		size_t len = strcspn(t, "\n");
		for (size_t k = 3; k <= 7 && k + 6 <= len; k++)
			if (!strncmp(t + k, want, 6))
				return row;
		t += len + (t[len] == '\n');
	}
	return -1;
}

/* ---- every shipped level ----------------------------------------------------- */

static void test_shipped_levels(void)
{
	int whole_80 = 0, whole_120 = 0, said_60 = 0, total = 0;
	for (int grade = 1; grade <= 4; grade++)
		for (int k = 1; k <= 10; k++) {
			char path[1024];
			snprintf(path, sizeof path, "%s/levels/knapsack/%d-%02d.txt", LD_SRCDIR, grade, k);
			struct level lv;
			struct diag err;
			struct puzzle_state *s = level_load(&lv, path, &err) ? level_state(&lv, &err) : NULL;
			total++;
			if (!s) {
				tap_diag("%s: %s", path, err.msg);
				continue;
			}
			int n = s->k.n;
			struct play *p = play_new(NULL, session_new(pz, s));
			char *t80 = screen_text(p, 24, 80), *t120 = screen_text(p, 40, 120), *t60 = screen_text(p, 20, 60);
			bool all80 = strstr(t80, "The bag:") && !strstr(t80, "items 1-"), all120 = !strstr(t120, "items 1-");
			int shown60 = 0;
			for (int i = 1; i <= n; i++) {
				all80 = all80 && item_row(t80, i) >= 0;
				all120 = all120 && item_row(t120, i) >= 0;
				shown60 += item_row(t60, i) >= 0;
			}
			char note[64];
			snprintf(note, sizeof note, "items 1-%d of %d", shown60, n);
			whole_80 += all80;
			whole_120 += all120;
			said_60 += shown60 == n ? !strstr(t60, "items 1-") : strstr(t60, note) != NULL;
			if (!all80 || !all120)
				tap_diag("%s: not every item on screen", path);
			free(t80);
			free(t120);
			free(t60);
			play_free(p);
		}
	is_u64(whole_80, total, "80x24: every shipped level's items all on screen, none scrolled off");
	is_u64(whole_120, total, "120x40: the same");
	is_u64(said_60, total, "60x20: the items that show, or the heading says which");
}

/* ---- bars, looks ---------------------------------------------------------- */

/* The columns from x of row y of a memory canvas in ASCII that hold c. */
static int count_from(struct canvas *cv, int y, int x, char c)
{
	const char *row = canvas_memory_row(cv, y);
	int n = 0;
	for (size_t k = (size_t)x; k < strlen(row); k++)
		n += row[k] == c;
	return n;
}

static void test_bars(void)
{
	style_init_plain(false);
	struct play *p = new_play(TEXTBOOK);
	ok(p != NULL, "the textbook knapsack starts");
	if (!p)
		return;
	sym(p, KEY_SYM_DOWN);
	sym(p, KEY_SYM_SPACE);     /* item 2, weight 4 of 10 */
	struct canvas c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	char *text = canvas_memory_text(&c);
	int r1 = item_row(text, 1), r2 = item_row(text, 2), r4 = item_row(text, 4);
	/* The weights' bars start under the heading's words on them. */
	const char *heading = strstr(text, "weight, on the bag's scale");
	const char *line = heading ? heading : text;
	while (line > text && line[-1] != '\n')
		line--;
	int bar_x = (int)((heading ? heading : text) - line);   /* ASCII: a byte a column */
	int bag = count_from(&c, 1, bar_x, '#'), free_ = count_from(&c, 1, bar_x, '-');
	int w1 = count_from(&c, r1, bar_x, '#'), w4 = count_from(&c, r4, bar_x, '#');
	ok(heading && bag + free_ >= 10 && abs(10 * bag - 4 * (bag + free_)) <= 5,
	   "the bag's bar: 4 of 10 filled (%d of %d columns)", bag, bag + free_);
	ok(r1 > 0 && r4 > 0 && abs(10 * w1 - 5 * (bag + free_)) <= 5 && abs(10 * w4 - 3 * (bag + free_)) <= 5,
	   "the items' bars on the bag's scale (item 1, weight 5: %d; item 4, weight 3: %d)", w1, w4);
	ok(r2 > 0 && canvas_memory_row(&c, r2)[1] == '*' && canvas_memory_row(&c, r1)[1] != '*',
	   "ASCII: the item in the bag is ticked with *, the others not");
	ok(strstr(text, "The bag: 4 of 10") && strstr(text, "value 40, 6 room left"), "the bag in words");
	free(text);
	canvas_memory_free(&c);
	play_free(p);
	style_init_plain(true);
}

/* Without colours: in the bag bold and ticked, too heavy dim, the cursor
 * reversed with its pointer, a hint's items marked. */
static void test_looks(void)
{
	style_init_plain(true);
	struct play *p = new_play(TEXTBOOK);
	ok(p != NULL, "the textbook knapsack starts");
	if (!p)
		return;
	sym(p, KEY_SYM_DOWN);
	sym(p, KEY_SYM_SPACE);     /* item 2 in: 6 room left */
	sym(p, KEY_SYM_DOWN);
	sym(p, KEY_SYM_DOWN);      /* the cursor on item 4 */
	struct canvas c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	char *text = canvas_memory_text(&c);
	int r1 = item_row(text, 1), r2 = item_row(text, 2), r4 = item_row(text, 4);
	ok(r2 > 0 && !strncmp(canvas_memory_row(&c, r2), " \u2713", 4) && canvas_memory_look(&c, r2, 6) == A_BOLD,
	   "no colours: an item in the bag is ticked and bold");
	ok(r1 > 0 && canvas_memory_look(&c, r1, 6) == A_NORMAL && !strstr(canvas_memory_row(&c, r1), "\u2713"),
	   "an item out of the bag that fits is plain, not ticked");
	free(text);
	canvas_memory_free(&c);
	key(p, 'H');
	struct worker_report r = job_answer(p, WORK_HINT);
	r.completions = 1;
	r.hint_tiers = 1;
	/* (on a bag short of the best: a solved one has no hint) */
	note_say(&r.hint[0], "Item 1 is in no best bag");
	note_cell(&r.hint[0], 0);
	play_report(p, &r);
	c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	ok(canvas_memory_look(&c, r1, 6) == style(ST_MARK) && canvas_memory_look(&c, r1, 40) == style(ST_MARK),
	   "a hint's item marked, its whole line");
	canvas_memory_free(&c);
	/* Item 3 (weight 6) fits the 6 left; with item 4 in, 3 are left. */
	sym(p, KEY_SYM_SPACE);
	c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	int r3 = r4 - 1;
	ok(canvas_memory_look(&c, r3, 6) == A_DIM, "an item too heavy for the room left is dim");
	ok(!strncmp(canvas_memory_row(&c, r4), "\u25b8\u2713", 6) && canvas_memory_look(&c, r4, 6) == (style(ST_CURSOR) | A_BOLD),
	   "the cursor's line: its pointer, and reversed");
	canvas_memory_free(&c);
	play_free(p);
}

/* ---- a long list --------------------------------------------------------- */

static void test_scrolling(void)
{
	char *desc = long_list(30);
	struct play *p = new_play(desc);
	free(desc);
	ok(p != NULL, "30 items start");
	if (!p)
		return;
	char *text = screen_text(p, 24, 80);
	ok(strstr(text, "items 1-17 of 30 \u2193") && item_row(text, 17) > 0 && item_row(text, 18) < 0,
	   "80x24: 17 of 30 items, and the heading says so");
	free(text);
	sym(p, KEY_SYM_END);
	text = screen_text(p, 24, 80);
	int r30 = item_row(text, 30);
	ok(strstr(text, "items 14-30 of 30 \u2191") && r30 > 0 && strstr(text, "Item 30: weight 37,037,011"),
	   "End: the last item, on screen with the cursor");
	free(text);
	/* A click on the line of item 20, wherever it shows now. */
	text = screen_text(p, 24, 80);
	int r20 = item_row(text, 20);
	free(text);
	struct term_event ev = { .kind = TERM_MOUSE, .press = true, .button = 1, .row = r20, .col = 10 };
	play_event(p, &ev);
	ok(session_state(play_session(p))->in[19], "a click on a scrolled list takes the item on that line (20)");
	golden_screen(p, 24, 80, "knapsack-scroll", "30 items at 80x24, scrolled to the end");
	play_free(p);
}

/* ---- golden screens ------------------------------------------------------ */

static void test_goldens(void)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/levels/knapsack/4-02.txt", LD_SRCDIR);
	struct level lv;
	struct diag err;
	struct puzzle_state *s = level_load(&lv, path, &err) ? level_state(&lv, &err) : NULL;
	ok(s != NULL, "level 4-02, of 14 items (the most a level has), starts");
	if (!s)
		return;
	struct play *p = play_new(NULL, session_new(pz, s));
	snprintf(play_session(p)->name, sizeof play_session(p)->name, "4-02");
	/* Items 1, 3 and 4 in, the cursor on item 5. */
	sym(p, KEY_SYM_SPACE);
	sym(p, KEY_SYM_DOWN);
	sym(p, KEY_SYM_DOWN);
	sym(p, KEY_SYM_SPACE);
	sym(p, KEY_SYM_DOWN);
	sym(p, KEY_SYM_SPACE);
	sym(p, KEY_SYM_DOWN);
	golden_screen(p, 24, 80, "knapsack-play", "the largest level at 80x24, three items in");
	golden_screen(p, 20, 60, "knapsack-60x20", "the same at 60x20");
	golden_screen(p, 40, 120, "knapsack-120x40", "the same at 120x40");
	key(p, 'o');
	golden_screen(p, 24, 80, "knapsack-dense-first", "o: the densest first, the cursor still on item 5");
	key(p, 'o');
	/* The search's panel beside the list: the bars give way to it. */
	key(p, 'A');
	struct worker_report r = search_frame(p);
	r.anim.path = "+1;+3";
	r.anim.event = ENGINE_EV_TRY;
	r.anim.level = 2;
	r.anim.nodes = 3;
	r.anim.steps = 3;
	r.anim.estimate = 175;
	r.anim.fraction = 3.0 / 175;
	note_say(&r.anim.note, "Item 4 next");
	note_cell(&r.anim.note, 3);
	play_report(p, &r);
	golden_screen(p, 24, 80, "knapsack-search", "the search's panel beside the list at 80x24");
	play_free(p);
}

/* j and k move along the items, as on every other board and list. */
static void test_vi_keys(void)
{
	struct play *p = new_play(TEXTBOOK);
	if (!p)
		return;
	key(p, 'j');
	key(p, 'j');
	key(p, 'k');
	key(p, ' ');
	char *text = screen_text(p, 24, 80);
	ok(strstr(text, "Item 2: weight 4, value 40, in the bag") != NULL, "j j k Space puts item 2 in the bag");
	free(text);
	play_free(p);
}

int main(void)
{
	style_init_plain(true);
	test_shipped_levels();
	test_bars();
	test_looks();
	test_scrolling();
	test_vi_keys();
	test_goldens();
	return tap_done();
}
