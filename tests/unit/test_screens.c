/* The game screen drawn in memory at 80x24, without a terminal: golden
 * copies of a Kanoodle board with a piece in hand, the search's panel and
 * a hint; every message the screen can say read whole in its two status
 * lines; and the piece in hand wholly on the board whatever the player
 * does at its edges.
 *
 * LD_GOLDEN_WRITE=1 writes the golden files anew (check them by eye). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "game/session.h"
#include "game/worker.h"
#include "puzzles/tiling_puzzle.h"
#include "tap.h"
#include "golden.h"
#include "play_input.h"
#include "ui/canvas.h"
#include "ui/play.h"
#include "ui/style.h"
#include "ui/view.h"
#include "util/strbuf.h"
#include "util/textfit.h"
#include "util/xalloc.h"

#define ROWS 24
#define COLS 80

static const char *const LEVEL = "GGPPPPK....\nDGGGSKK.MM.\nDD.SSSKMM..\nDD..S.KMO..\n......OOO..\n";

static struct play *new_play(const struct puzzle *pz, const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *st = pz->start(pz, desc, &bad, &err);
	if (!st)
		return NULL;
	struct session *s = session_new(pz, st);
	snprintf(s->name, sizeof s->name, "1-01");
	return play_new(NULL, s);
}

static char *screen(struct play *p)
{
	return screen_text(p, ROWS, COLS);
}

static void golden(struct play *p, const char *name, const char *what)
{
	char *got = screen(p);
	ok(golden_same(name, got), "%s: the screen is as golden/%s.txt", what, name);
	free(got);
}

static void test_golden(void)
{
	struct play *p = new_play(&tiling_puzzle_kanoodle, LEVEL);
	ok(p != NULL, "a game screen without a terminal or a worker");
	if (!p)
		return;
	/* Cyan in hand, turned, moved to its place in the solution. */
	keys(p, "Trjjhhhhhh");
	golden(p, "kanoodle-hand", "Kanoodle, Cyan in hand");

	/* A hint: the first tier, with the cell it speaks of marked. */
	sym(p, KEY_SYM_ESCAPE);
	key(p, 'H');
	struct worker_report r = job_answer(p, WORK_HINT);
	r.completions = 1;
	r.hint_tiers = 3;
	note_say(&r.hint[0], "Only 2 placements can cover the cell at row 5, column 1");
	note_cell(&r.hint[0], 4 * 11 + 0);
	note_say(&r.hint[1], "Cyan covers the cell at row 5, column 1, in a way to finish from here");
	note_say(&r.hint[2], "Cyan on rows 3-5, columns 1-3");
	snprintf(r.hint[2].move, sizeof r.hint[2].move, "T@r3c3,r4c3,r5c1,r5c2,r5c3");
	play_report(p, &r);
	golden(p, "kanoodle-hint", "Kanoodle, a hint's first tier");
	/* The cell it speaks of (row 5, column 1) is marked, not only named. */
	struct canvas c = canvas_memory_new(ROWS, COLS);
	play_draw_on(p, &c);
	/* the board's fifth row: two screen rows a cell below its frame */
	int frame = 0;
	while (frame < ROWS - 1 && strncmp(canvas_memory_row(&c, frame) + 1, "\u250c", 3))
		frame++;
	int y = frame + 1 + 2 * 4;
	ok(canvas_memory_look(&c, y, 3) == style(ST_MARK) && !strncmp(canvas_memory_row(&c, y) + 1, "\u2502", 3),
	   "the hint's cell is marked on the board");
	canvas_memory_free(&c);

	/* The search on screen, one step in: Cyan placed, Yellow tried. */
	key(p, 'A');
	memset(&r, 0, sizeof r);
	r.kind = WORK_ANIMATE;
	r.gen = play_last_job(p);
	r.anim.path = "T@r3c3,r4c3,r5c1,r5c2,r5c3;Y@r4c4,r4c6,r5c4,r5c5,r5c6";
	r.anim.event = ENGINE_EV_TRY;
	r.anim.level = 2;
	r.anim.nodes = 3;
	r.anim.backtracks = 0;
	r.anim.steps = 4;
	r.anim.solutions = 0;
	r.anim.estimate = 11;
	r.anim.fraction = 3.0 / 11;
	note_say(&r.anim.note, "The cell at row 4, column 4 has 1 choice: tries Yellow");
	note_cell(&r.anim.note, 3 * 11 + 3);
	note_piece(&r.anim.note, tiling_piece_by_letter(tiling_puzzle_tiling(&tiling_puzzle_kanoodle), 'Y'));
	play_report(p, &r);
	golden(p, "kanoodle-search", "Kanoodle, the search's panel");
	/* The panel's longest speed, read whole beside the board. */
	keys(p, "+++++++");
	sym(p, KEY_SYM_SPACE);
	char *text = screen(p);
	ok(strstr(text, "speed       paused (10000/s)\n") != NULL, "the search's panel: \"paused (10000/s)\" whole");
	free(text);
	sym(p, KEY_SYM_ESCAPE);

	/* The engines side by side, with the longest figures a row can hold. */
	key(p, 'X');
	memset(&r, 0, sizeof r);
	r.kind = WORK_RACE;
	r.gen = play_last_job(p);
	r.race.n = 4;
	const char *names[] = { "mrv", "seq", "dlx", "sat" };
	const char *titles[] = { "Fewest candidates", "Cells in order", "Dancing Links", "Clauses (seed 001)" };
	enum worker_race_state states[] = { RACE_SOLVED, RACE_GAVE_UP, RACE_RUNNING, RACE_NONE };
	for (int k = 0; k < 4; k++) {
		r.race.row[k] = (struct worker_race_row){ .name = names[k], .title = titles[k], .state = states[k],
		                                          .nodes = k == 1 ? 999999999999ull : 1234567u * (unsigned)k,
		                                          .seconds = k == 1 ? 60.0 : 0.25 * k,
		                                          .estimate = k == 3 ? 0 : k == 1 ? 3.5e40 : 98765432109.0 };
	}
	play_report(p, &r);
	golden(p, "kanoodle-race", "the engines side by side");
	/* At 60 columns the table drops the whole trees, and cuts nothing. */
	char *narrow = screen_text(p, 20, 60);
	ok(strstr(narrow, "999,999,999,999") && strstr(narrow, "Clauses (seed 001)") && !strstr(narrow, "whole tree") &&
	       !strstr(narrow, "\xe2\x80\xa6"),
	   "bad_race_cut: at 60x20 the race's columns are whole");
	free(narrow);
	play_free(p);
}

/* The text of the status lines (rows 20 and 21 of 24), joined with a
 * blank: what the player reads there. */
static char *status_text(struct play *p)
{
	struct canvas c = canvas_memory_new(ROWS, COLS);
	play_draw_on(p, &c);
	char *out = xmalloc(2 * COLS * 5 + 4);
	snprintf(out, 2 * COLS * 5 + 4, "%s", canvas_memory_row(&c, ROWS - 3) + 1);
	const char *second = canvas_memory_row(&c, ROWS - 2);
	if (second[0])
		snprintf(out + strlen(out), 2 * COLS * 5 + 4 - strlen(out), " %s", second + 1);
	canvas_memory_free(&c);
	return out;
}

/* Every message the game screen says, with its longest fill (the longest
 * piece names, 128-bit counts, the longest reasons the families give). */
static const char *const messages[] = {
	"Solved in 999:59, 9999 moves, 9999 hints.  N: the next level, q: leave",
	"No way to finish, and none from any position before this one",
	"Dead end since move 9999 (LightGreen on rows 1-3, columns 9-11): take back 9999 moves (Enter does it)",
	"It is solved",
	"No hint for this position",
	"99 placements can cover the cell at row 10, column 11; start there",
	"LightGreen fits in 9999 places; start there",
	"Grading this position... (Esc stops)",
	"Comparing with the solution... (Esc stops)",
	"The puzzle has more than one solution: there is none to compare with",
	"LightGreen, LightGreen, LightGreen and LightGreen are not where the solution has them",
	"More than one solution: r9c9 is 9 or 8, r9c9 is 9 or 8, r9c9 is 9 or 8, and 78 more cells differ",
	"Your puzzle has exactly one solution: a proper puzzle.  Play on",
	"Your puzzle has no solution (u takes the last step back)",
	"Grade 4 of 4 from here: 18,446,744,073,709,551,615 search steps to finish it and prove the way unique",
	"Easier than grade 1 from here: 18,446,744,073,709,551,615 search steps to finish it and prove the way unique",
	"No grade: more than one way to finish from here (18,446,744,073,709,551,615 search steps to find every way)",
	"No way to finish from here: 18,446,744,073,709,551,615 search steps to show there is none",
	"LightGreen covers the cell at row 10, column 11, in a way to finish from here",
	"LightGreen on rows 1-3, columns 9-11: Enter places it",
	"That was the last hint for this position: LightGreen on rows 1-3, columns 9-11",
	"Thinking...",
	"Estimating the size of the search...",
	"Back to your position",
	"Start this level again? (y/n)",
	"On to the next level? This game is kept under Continue (y/n)",
	"Back to the start (Ctrl-R brings your moves back)",
	"Taken back (Ctrl-R brings the moves back)",
	"Nothing to undo",
	"Nothing to redo",
	"No checking: find the dead ends yourself (v: check for them)",
	"Checking for dead ends (v: say more)",
	"Checking for dead ends and the ways to finish (v: no checking)",
	"It is solved already",
	"Count stopped",
	"more than 340,282,366,920,938,463,463,374,607,431,768,211,455 ways to finish from here (counted in 99999.9 s)",
	"A solution: Enter takes it, space searches on, Esc goes back",
	"Search done: 340,282,366,920,938,463,463,374,607,431,768,211,455 solutions.  Enter takes the last, Esc goes back",
	"Search done: no solution from here.  Esc goes back",
	"LightGreen is part of the puzzle: it stays",
	"Take a piece first: its letter, Tab, or a click in the tray",
	"LightGreen does not fit there",
	"Every piece is on the board",
	"There is no piece Z in Kanoodle",
	"LightGreen looks the same turned over",
	"Your game as you left it (R starts it again)",
};

/* Blanks collapsed: a message wrapped onto two lines reads the same. */
static void squeeze(char *s)
{
	char *w = s;
	for (char *r = s; *r; r++)
		if (*r != ' ' || (w > s && w[-1] != ' '))
			*w++ = *r;
	while (w > s && w[-1] == ' ')
		w--;
	*w = '\0';
}

static void test_messages(void)
{
	struct play *p = new_play(&tiling_puzzle_kanoodle, LEVEL);
	for (size_t i = 0; i < sizeof messages / sizeof *messages; i++) {
		play_say(p, messages[i]);
		char *got = status_text(p), want[512];
		snprintf(want, sizeof want, "%s", messages[i]);
		squeeze(got);
		squeeze(want);
		ok(!strcmp(got, want), "read whole at 80x24: %s", messages[i]);
		if (strcmp(got, want))
			tap_diag("got: %s", got);
		free(got);
	}
	play_free(p);
}

/* The cells showing the piece in hand on the board (its letter, or the
 * clash glyph beside what it covers). */
static int hand_cells(struct play *p, char letter)
{
	struct canvas c = canvas_memory_new(ROWS, COLS);
	play_draw_on(p, &c);
	int n = 0;
	for (int y = 1; y < ROWS - 3; y++) {
		/* Inside the board's border only: the tray shows the piece too. */
		const char *row = canvas_memory_row(&c, y), *left = strstr(row, "\u2502");
		const char *right = left ? strstr(left + 3, "\u2502") : NULL;
		if (!right)
			continue;
		for (const char *s = left + 3; s < right; s++) {
			if (*s == letter)
				n++;
			else if (!strncmp(s, "\u00d7", 2))
				n++;
		}
	}
	canvas_memory_free(&c);
	return n;
}

static void test_hand_on_board(void)
{
	const struct puzzle *const pzs[] = { &tiling_puzzle_kanoodle, &tiling_puzzle_iqfit };
	/* Walks to every edge and corner, turning and turning over on the way. */
	static const char *const walks[] = { "kkkkkkrkkkkf", "hhhhhhhhhhhhrhhhfhh", "jjjjjjrjjjjfjj",
		                             "llllllllllllrlllfll", "kkkkhhhhhhhhhhhrfr", "jjjjllllllllllllrfrr" };
	for (size_t f = 0; f < 2; f++) {
		const struct puzzle *pz = pzs[f];
		const struct tiling *t = tiling_puzzle_tiling(pz);
		struct play *p = new_play(pz, NULL);
		int bad = 0, checks = 0;
		for (int q = 0; q < t->n_pieces; q++) {
			char letter = t->def->pieces[q].letter;
			for (size_t w = 0; w < sizeof walks / sizeof *walks; w++) {
				sym(p, KEY_SYM_ESCAPE);
				key(p, letter);
				for (const char *k = walks[w]; *k; k++) {
					key(p, *k);
					/* Every cell it covers shows it: none off the board. */
					int seen = hand_cells(p, letter);
					bool whole = false;
					for (int o = t->orient_first[q]; o < t->orient_first[q + 1]; o++)
						whole |= t->orient[o].n_cells == seen;
					checks++;
					if (!whole) {
						if (!bad)
							tap_diag("%s: %c after \"%.*s\": %d cells shown", pz->title, letter,
							         (int)(k - walks[w] + 1), walks[w], seen);
						bad++;
					}
				}
			}
		}
		ok(bad == 0, "%s: the piece in hand is wholly on the board after %d moves and turns at the edges",
		   pz->title, checks);
		play_free(p);
	}
}

/* A dead end is said whole, before what is in hand. */
static void test_dead_end_with_hand(void)
{
	struct play *p = new_play(&tiling_puzzle_kanoodle, LEVEL);
	key(p, 'T');
	struct worker_report r = job_answer(p, WORK_CHECK);
	r.completions = 0;
	r.dead_explained = true;
	r.take_back_to = -1;
	note_say(&r.dead, "no set of the pieces left fills the region of 12 cells at row 3, column 11");
	play_report(p, &r);
	char *text = status_text(p);
	ok(strstr(text, "region of 12 cells at row 3, column 11") != NULL, "with a piece in hand, the dead end whole: %s",
	   text);
	free(text);
	play_free(p);
}

/* A dead end the family cannot explain at a glance, found by the count:
 * the reason lies deeper, the count's tries (the most a count can take),
 * and H; said whole. */
static void test_dead_end_deeper(void)
{
	struct play *p = new_play(&tiling_puzzle_kanoodle, LEVEL);
	struct worker_report r = job_answer(p, WORK_CHECK);
	r.completions = 0;
	r.take_back_to = -1;
	r.nodes = UINT64_MAX;
	play_report(p, &r);
	char *text = status_text(p);
	squeeze(text);
	is_str(text,
	       "Dead end: no way to finish from here, for a reason that lies deeper (the solver needed "
	       "18,446,744,073,709,551,615 tries); H shows what to take back",
	       "a dead end found by the count: the reason deeper, the solver's tries");
	free(text);
	play_free(p);
}

/* A count asked while a hint is worked out replaces it: the hint's
 * "Thinking..." goes, and H asks again once the count is over. */
static void test_count_after_hint(void)
{
	struct play *p = new_play(&tiling_puzzle_kanoodle, LEVEL);
	key(p, 'H');
	key(p, 'C');
	char *text = status_text(p);
	ok(!strstr(text, "Thinking"), "the count's line, not the hint's \"Thinking...\": %s", text);
	free(text);
	struct worker_report r = job_answer(p, WORK_COUNT);
	r.exact = true;
	r.solutions = 1;
	r.take_back_to = -1;
	play_report(p, &r);
	uint64_t before = play_last_job(p);
	key(p, 'H');
	ok(play_last_job(p) > before, "after the count, H asks the solver again");
	play_free(p);
}

/* The help lists a view's keys beside a column of keys, 20 wide, on a page
 * of 80 less its margins: each explanation is read whole in 54. */
static void test_view_key_words(void)
{
	const struct view_ops *views[] = { view_find(&tiling_puzzle_kanoodle), view_find(puzzle_find("sudoku")) };
	int long_ones = 0;
	for (size_t v = 0; v < sizeof views / sizeof *views; v++) {
		ok(views[v] != NULL, "a view for each family");
		for (const struct view_key *k = views[v] ? views[v]->keys : NULL; k && k->keys; k++) {
			const char *w = k->explain ? k->explain : k->what;
			if (textfit_width(w) > 54) {
				long_ones++;
				tap_diag("too long for the help: %s", w);
			}
		}
		for (const char *const *m = views[v] ? views[v]->mouse : NULL; m && *m; m++)
			long_ones += textfit_width(strchr(*m, ':') ? strchr(*m, ':') + 2 : *m) > 54;
	}
	ok(!long_ones, "every view key's and mouse line's words fit the help's 54 columns");
}

/* While the engines race (X) the board is hidden under their table: a
 * click on the screen plays nothing there (it did, and the check that
 * followed the move cancelled the race under the table). */
static void test_click_under_race(void)
{
	struct play *p = new_play(&tiling_puzzle_kanoodle, LEVEL);
	free(screen(p)); /* laid out, as on a terminal */
	key(p, 'X');
	int moves = session_moves(play_session(p));
	for (int r = 0; r < ROWS; r++)
		for (int c = 0; c < COLS; c++) {
			struct term_event ev = { .kind = TERM_MOUSE, .button = 1, .press = true, .row = r, .col = c };
			play_event(p, &ev);
		}
	ok(session_moves(play_session(p)) == moves, "clicks while the engines race play no move");
	play_free(p);
}

/* The README's screen is the game's own: Kanoodle 3-04, Cyan in hand, the
 * first tier of a hint, drawn here and compared with the README's block
 * (rows without their trailing blanks, blank rows at its ends left out
 * and runs of them made one), so that the two cannot drift apart.  With
 * LD_GOLDEN_WRITE=1 the block to paste is printed. */
static char *readme_form(const char *screen_text)
{
	struct strbuf out = { 0 };
	strbuf_addn(&out, "", 0);
	int blanks = 0;
	bool started = false;
	for (const char *line = screen_text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		while (len && line[len - 1] == ' ')
			len--;
		if (!len) {
			blanks += started;
		} else {
			if (blanks)
				strbuf_addf(&out, "\n");
			strbuf_addn(&out, line, len);
			strbuf_addf(&out, "\n");
			blanks = 0;
			started = true;
		}
		line = nl ? nl + 1 : line + strlen(line);
	}
	return strbuf_take(&out);
}

static void test_readme_screen(void)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	struct level lv;
	struct diag err;
	struct puzzle_state *st = level_start(pz, LD_SRCDIR "/levels/kanoodle/3-04.txt", &lv, &err);
	char *readme = golden_slurp(LD_SRCDIR "/README");
	ok(st && readme, "the README and Kanoodle 3-04 are read");
	if (!st || !readme) {
		free(readme);
		return;
	}
	/* A solution, for the hint's tiers, as the solver thread finds it. */
	struct engine *e = puzzle_engine_find(pz, NULL)->new(pz, st);
	struct engine_ctl ctl = { .report_solutions = true };
	struct strbuf solution = { 0 };
	if (engine_run(e, &ctl) == ENGINE_SOLUTION)
		e->ops->path_move(e, &solution);
	engine_free(e);
	struct worker_report r;
	memset(&r, 0, sizeof r);
	r.kind = WORK_HINT;
	r.final = true;
	r.completions = 1;
	r.take_back_to = -1;
	while (r.hint_tiers < WORKER_HINT_TIERS && solution.s && pz->hint(st, solution.s, r.hint_tiers + 1, &r.hint[r.hint_tiers]))
		r.hint_tiers++;
	strbuf_free(&solution);

	struct session *s = session_new(pz, st);
	snprintf(s->name, sizeof s->name, "3-04");
	s->grade = lv.grade;
	struct play *p = play_new(NULL, s);
	key(p, 'T');
	key(p, 'H');
	r.gen = play_last_job(p);
	play_report(p, &r);
	char *text = screen(p), *form = readme_form(text);
	/* the README's block: the screen's rows indented by four blanks
	 * (five before the text: the screen's first column is its margin),
	 * after the opening paragraph */
	struct strbuf block = { 0 };
	strbuf_addn(&block, "", 0);
	const char *at = strstr(readme, "\n\n     linkdance");
	for (const char *line = at ? at + 2 : ""; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		if (len && strncmp(line, "     ", 5))
			break;
		strbuf_addn(&block, len ? line + 4 : line, len ? len - 4 : 0);
		strbuf_addf(&block, "\n");
		line = nl ? nl + 1 : line + len;
	}
	while (block.len > 1 && block.s[block.len - 1] == '\n' && block.s[block.len - 2] == '\n')
		block.s[--block.len] = '\0';
	if (getenv("LD_GOLDEN_WRITE"))
		for (const char *c = form; *c;) {
			const char *nl = strchr(c, '\n');
			printf("#    %.*s\n", (int)(nl ? nl - c : (long)strlen(c)), c);
			c = nl ? nl + 1 : c + strlen(c);
		}
	ok(!strcmp(block.s, form), "bad_readme_screen: the README's screen is the game's");
	if (strcmp(block.s, form))
		printf("# the game draws:\n%s# the README has:\n%s", form, block.s);
	strbuf_free(&block);
	free(form);
	free(text);
	free(readme);
	play_free(p);
}

int main(void)
{
	test_view_key_words();
	style_init_plain(true);
	test_golden();
	test_messages();
	test_hand_on_board();
	test_dead_end_with_hand();
	test_dead_end_deeper();
	test_count_after_hint();
	test_click_under_race();
	test_readme_screen();
	return tap_done();
}
