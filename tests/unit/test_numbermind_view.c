/* Number Mind's view drawn in memory, without a terminal: the 16-place
 * puzzle of Project Euler 185 at 80x24 with every place and twelve of its
 * 22 guesses in view, the list scrolled and the rows that say how many
 * are out of sight; the marks under each place, digit for digit the ones
 * the rules leave (numbermind_possible), in both forms; a guess's right
 * digits in brackets, a guess done ticked and one broken marked with !,
 * without colours and without Unicode; a dead end said at once; the
 * search's panel beside 16 places at 80 columns; a duel written, made,
 * counted and won; golden copies of these screens.
 *
 * LD_GOLDEN_WRITE=1 writes the golden files anew (check them by eye). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "game/session.h"
#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"
#include "tap.h"
#include "play_input.h"
#include "ui/canvas.h"
#include "ui/play.h"
#include "ui/style.h"
#include "util/xalloc.h"

static const struct puzzle *const pz = &numbermind_puzzle;

/* Project Euler 185's example: the one secret is 39542. */
static const char EXAMPLE[] = "90342 ;2 correct\n70794 ;0 correct\n39458 ;2 correct\n"
                              "34109 ;1 correct\n51545 ;2 correct\n12531 ;1 correct\n";

/* Project Euler 185's puzzle: 16 places, 22 guesses. */
static const char PE185[] =
	"5616185650518293 ;2 correct\n3847439647293047 ;1 correct\n5855462940810587 ;3 correct\n"
	"9742855507068353 ;3 correct\n4296849643607543 ;3 correct\n3174248439465858 ;1 correct\n"
	"4513559094146117 ;2 correct\n7890971548908067 ;3 correct\n8157356344118483 ;1 correct\n"
	"2615250744386899 ;2 correct\n8690095851526254 ;3 correct\n6375711915077050 ;1 correct\n"
	"6913859173121360 ;1 correct\n6442889055042768 ;2 correct\n2321386104303845 ;0 correct\n"
	"2326509471271448 ;2 correct\n5251583379644322 ;2 correct\n1748270476758276 ;3 correct\n"
	"4895722652190306 ;1 correct\n3041631117224635 ;3 correct\n1841236454324589 ;3 correct\n"
	"2659862637316867 ;2 correct\n";

static const char DUEL[] = "duel\nsecret 39542\n";

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

static const struct puzzle_state *state_of(struct play *p)
{
	return session_state(play_session(p));
}

/* The checker's answer, as the worker gives it: the family's reason. */
static void check_report(struct play *p)
{
	struct worker_report r = job_answer(p, WORK_CHECK);
	r.dead_explained = pz->dead_end(state_of(p), &r.dead);
	play_report(p, &r);
}

/* ---- reading a screen ------------------------------------------------------ */

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

/* The glyph at column x of a line of UTF-8 (a blank past its end). */
static const char *glyph_at(const char *line, int x)
{
	static char buf[8];
	const char *t = line;
	for (int col = 0; *t && col < x; col++)
		do
			t++;
		while ((*t & 0xc0) == 0x80);
	if (!*t)
		return " ";
	const char *end = t + 1;
	while ((*end & 0xc0) == 0x80)
		end++;
	snprintf(buf, sizeof buf, "%.*s", (int)(end - t), t);
	return buf;
}

static const char *digit_text_of(int d)
{
	static const char *const text[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	return text[d];
}

/* Where the board is on a screen: the row of the places' numbers and
 * each place's digit column (found from the numbers), the secret's row. */
struct board_at {
	int head, secret;
	int x[NM_DIGITS_MAX];
};

static bool find_board(char **lines, int n, int digits, struct board_at *b)
{
	char want[128] = "";
	for (int i = 0; i < digits; i++)
		snprintf(want + strlen(want), sizeof want - strlen(want), "%*d", i ? 3 : 1, i + 1);
	b->head = b->secret = -1;
	for (int y = 0; y < n; y++) {
		if (b->head < 0 && strstr(lines[y], want)) {
			b->head = y;
			const char *at = strstr(lines[y], want);
			for (int i = 0; i < digits; i++)
				b->x[i] = (int)(at - lines[y]) + 3 * i;   /* a number ends over its digit */
		}
		/* the first such row: the status line may speak of a guess */
		if (b->secret < 0 && (strstr(lines[y], "your secret") || strstr(lines[y], "guess ") ||
		                      strstr(lines[y], "the secret")))
			b->secret = y;
	}
	return b->head >= 0 && b->secret > b->head;
}

/* Are the marks under each place those the rules leave, each digit in its
 * spot (rows: 10, a digit a row; 5, two a row), and nothing else? */
static bool marks_right(struct play *p, int rows_, int cols, int form_rows)
{
	const struct puzzle_state *s = state_of(p);
	uint16_t possible[NM_DIGITS_MAX];
	numbermind_possible(s, possible);
	char *text = screen_text(p, rows_, cols), *lines[64];
	int n = split_lines(text, lines, 64);
	struct board_at b;
	bool right = find_board(lines, n, s->p.digits, &b);
	for (int i = 0; right && i < s->p.digits; i++)
		for (int d = 0; d < 10; d++) {
			int y = b.secret + 1 + (form_rows == 10 ? d : d / 2);
			int x = b.x[i] + (form_rows == 10 ? 0 : d % 2 - 1);
			bool shown = y < n && !strcmp(glyph_at(lines[y], x), digit_text_of(d));
			bool want = s->entry[i] < 0 && (possible[i] >> d & 1);
			if (shown != want) {
				tap_diag("place %d, digit %d: %s, the rules say %s", i + 1, d, shown ? "shown" : "not shown",
				         want ? "possible" : "not");
				right = false;
				break;
			}
		}
	free(text);
	return right;
}

/* ---- every shipped level ------------------------------------------------------- */

/* On a screen of rows x cols: every place's number (in either form: 1 to
 * 16 three columns apart, or their last digits two apart), and the
 * guesses in view with the ones below said, adding up to all of them. */
static bool whole(const struct puzzle_state *s, int rows, int cols, int *in_view)
{
	struct play *p = play_new(NULL, session_new(pz, pz->copy(s)));
	char *text = screen_text(p, rows, cols), *lines[64], wide[128] = "", narrow[64] = "";
	for (int i = 0; i < s->p.digits; i++) {
		snprintf(wide + strlen(wide), sizeof wide - strlen(wide), "%*d", i ? 3 : 1, i + 1);
		snprintf(narrow + strlen(narrow), sizeof narrow - strlen(narrow), "%s%d", i ? " " : "", (i + 1) % 10);
	}
	bool places = strstr(text, wide) || strstr(text, narrow);
	int n = split_lines(text, lines, 64), below = 0;
	*in_view = 0;
	for (int y = 0; y < n; y++) {
		const char *more = strstr(lines[y], "\u2193 ");
		*in_view += strstr(lines[y], " right") != NULL;
		if (more)
			below = atoi(more + strlen("\u2193 "));
	}
	bool all = places && *in_view + below == s->p.n_guesses && *in_view >= 1;
	if (!all)
		tap_diag("%d places, %d guesses at %dx%d: %d in view, %d below%s", s->p.digits, s->p.n_guesses, cols, rows,
		         *in_view, below, places ? "" : ", places missing");
	free(text);
	play_free(p);
	return all;
}

static void test_shipped_levels(void)
{
	static const int sizes[][2] = { { 24, 80 }, { 20, 60 }, { 40, 120 } };
	int right[3] = { 0 }, every_guess_120 = 0, total = 0, twelve_80 = 0;
	for (int grade = 1; grade <= 4; grade++)
		for (int k = 1; k <= 12; k++) {
			char path[1024];
			snprintf(path, sizeof path, "%s/levels/numbermind/%d-%02d.txt", LD_SRCDIR, grade, k);
			struct level lv;
			struct diag err;
			struct puzzle_state *s = level_load(&lv, path, &err) ? level_state(&lv, &err) : NULL;
			total++;
			if (!s) {
				tap_diag("%s: %s", err.msg, path);
				continue;
			}
			for (int i = 0; i < 3; i++) {
				int in_view;
				right[i] += whole(s, sizes[i][0], sizes[i][1], &in_view);
				twelve_80 += i == 0 && in_view >= (s->p.n_guesses < 12 ? s->p.n_guesses : 12);
				every_guess_120 += i == 2 && in_view == s->p.n_guesses;
			}
			pz->free_state(s);
		}
	is_u64(total, 48, "48 shipped levels");
	is_u64(right[0], total, "80x24: every shipped level's places all on screen, its guesses in view or counted below");
	is_u64(right[1], total, "60x20: the same");
	is_u64(right[2], total, "120x40: the same");
	is_u64(every_guess_120, total, "120x40: every guess of every level in view");
	is_u64(twelve_80, total, "80x24: twelve guesses in view, or all of a level's if it has fewer");
}

/* ---- the puzzle --------------------------------------------------------------- */

/* PE185 at 80x24: every place, twelve guesses and the count of the rest;
 * scrolled, the rows above and below say how many are out of sight. */
static void test_sixteen_places(void)
{
	struct play *p = new_play(PE185);
	ok(p != NULL, "Project Euler 185's puzzle starts");
	if (!p)
		return;
	char *text = screen_text(p, 24, 80), *lines[32];
	ok(strstr(text, "\u2193 10 more") != NULL, "the rule under the guesses says 10 more are below");
	int n = split_lines(text, lines, 32), guesses = 0;
	struct board_at b;
	ok(find_board(lines, n, 16, &b), "80x24: the numbers of all 16 places, and the secret's row under them");
	for (int y = 0; y < n; y++)
		guesses += strstr(lines[y], " right") != NULL;
	is_u64(guesses, 12, "80x24: twelve of the 22 guesses in view");
	free(text);
	ok(marks_right(p, 24, 80, 5), "80x24: under each place the digits the rules leave, two a row");
	golden_screen(p, 24, 80, "numbermind-16", "16 places at 80x24");
	keys(p, "jjjjj");
	text = screen_text(p, 24, 80);
	ok(strstr(text, "\u2191 5 more") && strstr(text, "\u2193 5 more") && strstr(text, "2615250744386899") == NULL &&
	       strstr(text, " 6  9  1  3  8  5  9  1  7  3  1  2  1  3  6  0"),
	   "j five times: guesses 6 to 17 in view, 5 above and 5 below said");
	free(text);
	keys(p, "jjjjjjjjjj");
	text = screen_text(p, 24, 80);
	ok(strstr(text, "\u2191 10 more") && !strstr(text, "\u2193"), "scrolled to the end: 10 above, none below");
	free(text);
	golden_screen(p, 40, 120, "numbermind-120x40", "16 places at 120x40: every guess, a mark a row");
	ok(marks_right(p, 40, 120, 10), "120x40: the marks a digit a row");
	play_free(p);
}

/* The example: digits typed set the cursor's place, right ones bracketed
 * in the guesses that have them; a guess done is ticked; a wrong digit
 * makes a dead end, said at once in the family's words; Backspace takes
 * the digit out. */
static void test_example(void)
{
	struct play *p = new_play(EXAMPLE);
	ok(p != NULL, "the example starts");
	if (!p)
		return;
	ok(marks_right(p, 24, 80, 10), "80x24: the example's marks a digit a row, as the rules leave them");
	keys(p, "3l9");
	const struct puzzle_state *s = state_of(p);
	ok(s->entry[0] == 3 && s->entry[1] == 9 && s->entry[2] < 0, "3, l, 9: place 1 holds 3, place 2 holds 9");
	char *text = screen_text(p, 24, 80);
	ok(strstr(text, "[3][9] 4  5  8    2 right \u2713") != NULL, "guess 3 has its two right digits: bracketed, ticked");
	ok(strstr(text, "Place 2: 9, as 1 guess has it") != NULL, "the status line: the cursor's place and its digit");
	free(text);
	ok(marks_right(p, 24, 80, 10), "the marks follow the digits placed");
	golden_screen(p, 24, 80, "numbermind-play", "the example with two places filled");
	keys(p, "l4");
	check_report(p);
	text = screen_text(p, 24, 80);
	ok(strstr(text, "Dead end: ") && strstr(text, "place 3 cannot be 4"), "4 at place 3: a dead end, said at once");
	ok(strstr(text, "[3][9][4] 5  8    2 right !") != NULL, "guess 3, with three right digits of two, has its !");
	free(text);
	golden_screen(p, 24, 80, "numbermind-dead-end", "the dead end");
	sym(p, KEY_SYM_BACKSPACE);
	ok(state_of(p)->entry[2] < 0, "Backspace clears the place");
	keys(p, "5l4l2");
	ok(pz->is_solved(state_of(p)), "5, 4, 2 in places 3 to 5: solved, 39542");
	play_free(p);
}

/* Without colours and without Unicode every mark is still a character:
 * the brackets of a right digit, the cursor's brackets, the tick and the
 * ! of the guesses, _ for an empty place. */
static void test_ascii(void)
{
	style_init_plain(false);
	struct play *p = new_play(EXAMPLE);
	if (!p)
		return;
	keys(p, "3l9l4");
	check_report(p);
	char *text = screen_text(p, 24, 80);
	ok(strstr(text, " 3  9 [4] _  _   your secret") != NULL, "ASCII: the cursor's place in brackets, _ for empty");
	ok(strstr(text, "0 right *") && strstr(text, "2 right !"), "ASCII: a guess done has its *, one broken its !");
	int wide = 0;
	for (const char *t = text; *t; t++)
		wide += (unsigned char)*t > 127;
	is_u64(wide, 0, "ASCII: only ASCII on the screen");
	free(text);
	golden_screen(p, 24, 80, "numbermind-ascii", "the dead end without colours or Unicode");
	play_free(p);
	style_init_plain(true);
}

/* The marks under the places: a click on one puts it there; the right
 * button, or x then the digit, crosses it out of the place, and the same
 * again brings it back. */
static void test_click_and_cross(void)
{
	struct play *p = new_play(EXAMPLE);
	if (!p)
		return;
	char *text = screen_text(p, 24, 80), *lines[32];
	int n = split_lines(text, lines, 32);
	struct board_at b;
	find_board(lines, n, 5, &b);
	/* the 3 under place 1: the view's rows start under the title */
	ok(!strcmp(glyph_at(lines[b.secret + 4], b.x[0]), "3"), "the 3 under place 1 is marked");
	free(text);
	struct term_event ev = { .kind = TERM_MOUSE, .button = 3, .press = true, .row = b.secret + 1 + 3, .col = b.x[0] };
	play_event(p, &ev);
	ok(state_of(p)->crossed[0] == 1 << 3 && state_of(p)->entry[0] < 0, "the right button on it crosses it out");
	keys(p, "x3");
	ok(state_of(p)->crossed[0] == 0, "x 3: back in");
	ev.button = 1;
	play_event(p, &ev);
	ok(state_of(p)->entry[0] == 3, "a click on the 3 under place 1 puts a 3 there");
	keys(p, ".");
	keys(p, "x3");
	ok(state_of(p)->crossed[0] == 1 << 3, "x 3: 3 crossed out of place 1");
	uint16_t possible[NM_DIGITS_MAX];
	numbermind_possible(state_of(p), possible);
	text = screen_text(p, 24, 80);
	n = split_lines(text, lines, 32);
	ok(possible[0] >> 3 & 1 && strcmp(glyph_at(lines[b.secret + 4], b.x[0]), "3"),
	   "the rules still allow 3 there, but its mark is gone");
	free(text);
	keys(p, "x3");
	ok(state_of(p)->crossed[0] == 0, "x 3 again: back in");
	play_free(p);
	/* on a puzzle whose marks leave choices: a place with two marks or
	 * more, the cursor moved there */
	if (!(p = new_play(PE185)))
		return;
	numbermind_possible(state_of(p), possible);
	int k = 0;
	while (k < 16 && __builtin_popcount(possible[k]) < 2)
		k++;
	for (int i = 0; i < k; i++)
		keys(p, "l");
	int other = 0, none = 0;
	while (other < 10 && !(possible[k] >> other & 1))
		other++;
	while (none < 10 && possible[k] >> none & 1)
		none++;
	char two[3] = { 'x', (char)('0' + other), '\0' };
	keys(p, two);
	ok(k < 16 && other < 10 && state_of(p)->crossed[k] == 1 << other && state_of(p)->entry[k] < 0,
	   "x then %d at place %d crosses it, does not place it", other, k + 1);
	two[1] = (char)('0' + none);
	keys(p, two);
	ok(none < 10 && state_of(p)->crossed[k] == 1 << other, "x %d, not among the marks: nothing crossed", none);
	for (int i = 0; i < k; i++)
		keys(p, "h");
	keys(p, "4");
	ok(state_of(p)->entry[0] == 4, "the next digit places as ever");
	play_free(p);
}

/* The search's panel beside 16 places at 80 columns: every figure, and
 * every place. */
static void test_search_panel(void)
{
	struct play *p = new_play(PE185);
	if (!p)
		return;
	key(p, 'A');
	struct worker_report r = search_frame(p);
	r.anim.path = "1=5";
	r.anim.event = ENGINE_EV_TRY;
	r.anim.level = 1;
	r.anim.nodes = 1;
	r.anim.steps = 1;
	r.anim.estimate = 7320000;
	r.anim.fraction = 1.0 / 7320000;
	note_say(&r.anim.note, "Place 1: 5, as guess 1 has it");
	note_cell(&r.anim.note, 0);
	play_report(p, &r);
	char *text = screen_text(p, 24, 80);
	const char *figures[] = { "steps", "choices now", "taken back", "solutions", "whole tree", "left" };
	bool all = strstr(text, "The search: ") != NULL;
	for (size_t i = 0; i < sizeof figures / sizeof *figures; i++)
		all &= strstr(text, figures[i]) != NULL;
	ok(all, "80x24: the search's panel beside 16 places, every figure on screen");
	ok(strstr(text, "1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6") != NULL, "and all 16 places, two columns each");
	free(text);
	golden_screen(p, 24, 80, "numbermind-search", "the search beside 16 places");
	play_free(p);
}

/* H after a digit placed: the solver thread gives the hint a solution
 * from the position (the engine's, the places still open), as it does
 * in the game; the hint has its three tiers, the last a digit of the
 * secret at a place still open. */
static void test_hint_after_a_digit(void)
{
	struct play *p = new_play(EXAMPLE);
	if (!p)
		return;
	key(p, '3');
	const struct puzzle_state *s = state_of(p);
	struct engine *e = pz->engines[0]->new(pz, s);
	struct engine_ctl ctl = { .report_solutions = true };
	struct strbuf move = { 0 };
	strbuf_addn(&move, "", 0);
	if (engine_run(e, &ctl) == ENGINE_SOLUTION)
		e->ops->path_move(e, &move);
	engine_free(e);
	struct note n[3];
	bool tiers = true;
	for (int t = 0; t < 3; t++)
		tiers &= pz->hint(s, move.s, t + 1, &n[t]);
	ok(tiers && n[2].move[0] && strcmp(n[2].move, "1=3") != 0,
	   "a hint from a position with a digit placed: three tiers, the last at an open place (%s)", n[2].move);
	strbuf_free(&move);
	play_free(p);
}

/* Beside the search's panel at 80x24, on every shipped level: the board
 * stops short of the panel, a blank column between them on every row. */
static void test_panel_apart(void)
{
	int apart = 0, total = 0;
	for (int grade = 1; grade <= 4; grade++)
		for (int k = 1; k <= 12; k++) {
			char path[1024];
			snprintf(path, sizeof path, "%s/levels/numbermind/%d-%02d.txt", LD_SRCDIR, grade, k);
			struct level lv;
			struct diag err;
			struct puzzle_state *s = level_load(&lv, path, &err) ? level_state(&lv, &err) : NULL;
			total++;
			if (!s)
				continue;
			struct play *p = play_new(NULL, session_new(pz, s));
			key(p, 'A');
			struct worker_report r = search_frame(p);
			r.anim.path = "";
			r.anim.event = ENGINE_EV_CHOOSE;
			r.anim.nodes = 1;
			r.anim.steps = 1;
			note_say(&r.anim.note, "Place 1 can be 1 or 2");
			play_report(p, &r);
			char *text = screen_text(p, 24, 80), *lines[32];
			int n = split_lines(text, lines, 32), x = -1;
			for (int y = 0; y < n && x < 0; y++)
				if (strstr(lines[y], "The search: "))
					x = (int)(strstr(lines[y], "The search: ") - lines[y]);
			bool clear = x > 0;
			for (int y = 1; clear && y < n - 4; y++)
				clear = !strcmp(glyph_at(lines[y], x - 1), " ");
			apart += clear;
			if (!clear)
				tap_diag("%s: the board reaches the panel at column %d", path, x);
			free(text);
			play_free(p);
		}
	is_u64(apart, total, "80x24: beside the search's panel every level's board stops a column short of it");
}

/* ---- the duel ----------------------------------------------------------------- */

static void test_duel(void)
{
	struct play *p = new_play(DUEL);
	ok(p != NULL, "a duel starts");
	if (!p)
		return;
	char *text = screen_text(p, 24, 80);
	ok(strstr(text, "No guesses yet") && !strstr(text, "39542"), "no guess yet, and the secret is not shown");
	free(text);
	keys(p, "123");
	sym(p, KEY_SYM_ENTER);
	text = screen_text(p, 24, 80);
	ok(strstr(text, "Place 4 is empty") != NULL && state_of(p)->p.n_guesses == 0,
	   "Enter on a guess half written: refused, the empty place named");
	free(text);
	keys(p, "45");
	sym(p, KEY_SYM_ENTER);
	const struct puzzle_state *s = state_of(p);
	ok(s->p.n_guesses == 1 && s->p.correct[0] == 1, "12345 made: the game scores it 1 (its 4 is the secret's)");
	text = screen_text(p, 24, 80);
	ok(strstr(text, "1  2  3  4  5    1 right") && strstr(text, "Guess 2: 0 of its 5 digits written"),
	   "the guess listed with its score, and the next one begun");
	free(text);
	/* C: the count comes from the solver thread, in the family's words */
	key(p, 'C');
	struct worker_report r = job_answer(p, WORK_COUNT);
	u128 fit;
	ok(numbermind_count(s, 0, NULL, &fit), "the secrets that fit one guess, counted");
	r.exact = true;
	r.solutions = fit;
	play_report(p, &r);
	text = screen_text(p, 24, 80);
	/* one place of five right, each wrong place any of the 9 other digits */
	ok(fit == (u128)(5 * 9 * 9 * 9 * 9) && strstr(text, "32,805 secrets still fit your guesses"),
	   "C: \"32,805 secrets still fit your guesses\"");
	free(text);
	keys(p, "12345");
	sym(p, KEY_SYM_ENTER);
	text = screen_text(p, 24, 80);
	ok(strstr(text, "That is guess 1 again") && state_of(p)->p.n_guesses == 1, "the same guess again: refused");
	free(text);
	sym(p, KEY_SYM_ESCAPE);
	keys(p, "39542");
	sym(p, KEY_SYM_ENTER);
	text = screen_text(p, 24, 80);
	ok(pz->is_solved(state_of(p)) && strstr(text, "You found the secret, 39542, in 2 guesses"),
	   "39542: won, with the number of guesses");
	free(text);
	golden_screen(p, 24, 80, "numbermind-duel", "a duel won in two guesses");
	play_free(p);
}

int main(void)
{
	style_init_plain(true);
	test_shipped_levels();
	test_sixteen_places();
	test_example();
	test_ascii();
	test_click_and_cross();
	test_search_panel();
	test_panel_apart();
	test_hint_after_a_digit();
	test_duel();
	return tap_done();
}
