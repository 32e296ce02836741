#include "config.h"

#include "ui/play.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "game/catalog.h"
#include "ui/keys.h"
#include "ui/play_screen.h"
#include "util/clock.h"
#include "util/textfit.h"
#include "util/u128.h"

/* ---- drawing -------------------------------------------------------------- */

/* The title row; *free_from and *free_to get the columns left blank
 * between the level's name and the counts. */
static void draw_title(struct play *p, struct canvas *c, int *free_from, int *free_to)
{
	char left[sizeof p->s->name + 96], right[96], grade[24] = "", copy[32];
	int secs = (int)p->s->played;
	snprintf(right, sizeof right, "moves %d  hints %d  %d:%02d ", session_moves(p->s), p->s->hints, secs / 60,
	         secs % 60);
	if (p->s->grade)
		snprintf(grade, sizeof grade, " (grade %d)", p->s->grade);
	catalog_save_words(p->s->save_path, copy, sizeof copy);
	/* Where the row is short the program's name goes first, then the
	 * grade, so that the level's own name is read whole. */
	for (int drop = 0; drop < 3; drop++) {
		snprintf(left, sizeof left, " %s%s%s%s%s%s%s", drop ? "" : "linkdance ", drop ? "" : glyph(GL_DOT),
		         drop ? "" : " ", p->pz->title, p->s->name[0] ? " " : "", p->s->name, drop > 1 ? "" : grade);
		if (copy[0])
			snprintf(left + strlen(left), sizeof left - strlen(left), " %s", copy);
		if (textfit_width(left) + (int)strlen(right) + 1 <= c->cols)
			break;
	}
	/* The counts and the clock come first; a long level name gives way. */
	int room = c->cols - (int)strlen(right) - 1;
	canvas_fill(c, 0, 0, 1, c->cols, style(ST_TITLE), " ");
	*free_from = canvas_text(c, 0, 0, room > 10 ? room : c->cols, style(ST_TITLE), left);
	*free_to = c->cols;
	if (room > 10) {
		*free_to = c->cols - (int)strlen(right);
		canvas_print(c, 0, *free_to, style(ST_TITLE), right);
	}
}

static void draw_bar(struct canvas *c, int y, int x, int w, double fraction)
{
	int full = (int)(fraction * w + 0.5);
	for (int i = 0; i < w; i++)
		canvas_put(c, y, x + i, A_NORMAL, glyph(i < full ? GL_BAR_FULL : GL_BAR_EMPTY));
}

/* The checker's line, or "" when it has nothing to say. */
/* A family's sentence after "Dead end: ": its first word in small
 * letters where it is an ordinary word ("the 12 at row 3", "guess 14"),
 * not a name (a piece's, "Blue fits nowhere"). */
static const char *as_clause(const char *text, char *buf, size_t size)
{
	static const char *const ordinary[] = { "The ", "With ", "Guess ", "Place ", "A ", "An ", "Every ", "No ",
		                                "Nothing ", "Only ", "In ", "Item ", "Vertex ", "What ", NULL };
	snprintf(buf, size, "%s", text);
	for (int i = 0; ordinary[i]; i++)
		if (!strncmp(buf, ordinary[i], strlen(ordinary[i])))
			buf[0] = (char)(buf[0] - 'A' + 'a');
	return buf;
}

static enum style_role check_line(const struct play *p, char *text, size_t size)
{
	text[0] = '\0';
	const struct midend *m = p->m;
	if (m->check_mode == MIDEND_CHECK_OFF) {
		snprintf(text, size, "Not checking for dead ends (v turns it on)");
		return ST_DIM;
	}
	if (!m->check_known) {
		if (m->check_mode == MIDEND_CHECK_FULL)
			snprintf(text, size, "Checking...");
		return ST_DIM;
	}
	const struct worker_report *c = &m->check;
	if (c->completions == 0) {
		if (c->dead_explained)
			snprintf(text, size, "Dead end: %s  (H: what to take back)",
			         as_clause(c->dead.text, (char[sizeof c->dead.text]){ 0 }, sizeof c->dead.text));
		else if (c->nodes)
			/* Found by the count, which said how far it had to look. */
			snprintf(text, size, "Dead end: no way to finish from here, for a reason that lies deeper (the solver "
			                     "needed %s tr%s); H shows what to take back",
			         u128_grouped(c->nodes, (char[U128_DIGITS + 13]){ 0 }), c->nodes == 1 ? "y" : "ies");
		else
			snprintf(text, size, "Dead end: no way to finish from here; H shows what to take back");
		return ST_BAD;
	}
	if (m->check_mode != MIDEND_CHECK_FULL)
		return ST_DIM;
	if (session_solved(p->s))
		snprintf(text, size, "Solved");
	else if (c->completions >= 2)
		snprintf(text, size, "Can still be finished");
	else
		snprintf(text, size, "Exactly one way to finish");
	return ST_GOOD;
}

/* The view's line, from line y of the status area down: a line longer
 * than the view could make it wraps onto the lines left, word by word. */
static void draw_hand(struct play *p, struct canvas *st, int y, int w)
{
	char hand[160];
	p->vo->status(p->view, session_state(p->s), w, hand, sizeof hand);
	canvas_text_lines(st, y, 1, w, st->rows - y, A_NORMAL, hand);
}

static void draw_status(struct play *p, struct canvas *c)
{
	const int STATUS = p->status_lines;
	struct canvas st = canvas_window(c, c->rows - 1 - STATUS, 0, STATUS, c->cols);
	int w = st.cols - 2;
	if (p->msg[0]) {
		int used = canvas_text_lines(&st, 0, 1, w, STATUS, style(p->msg_style), p->msg);
		/* A message of one line leaves the view's line where it was (the
		 * cursor's cell, the piece in hand); the message that put a
		 * hint's move in hand says what that line would. */
		if (used < STATUS && !p->searching && !p->race.open && !p->reveal_said)
			draw_hand(p, &st, used > 1 ? used : 1, w);
		return;
	}
	if (p->searching) {
		canvas_text_lines(&st, 0, 1, w, STATUS, style(ST_DIM), p->m->anim.note.text);
		return;
	}
	if (p->m->counting) {
		/* What the player can use: that it counts, how far, and for a
		 * count that finds ways as it goes, how many and the time left
		 * (a count by layers finds them all at its last layer, and its
		 * work is in the middle ones: no time can be told). */
		char text[128];
		int left = p->m->count.fraction > 0.001 ? (int)(p->m->count.elapsed * (1 - p->m->count.fraction) / p->m->count.fraction)
		                                      : -1;
		const char *noun = p->pz->count_noun ? p->pz->count_noun : "ways to finish";
		if (p->m->count.of_layers || p->m->count.solutions == 0)
			snprintf(text, sizeof text, "Esc stops");
		else if (left >= 0)
			snprintf(text, sizeof text, "%s found, about %d:%02d left; Esc stops",
			         u128_grouped(p->m->count.solutions, (char[U128_DIGITS + 13]){ 0 }), left / 60, left % 60);
		else
			snprintf(text, sizeof text, "%s found; Esc stops",
			         u128_grouped(p->m->count.solutions, (char[U128_DIGITS + 13]){ 0 }));
		char head[64];
		snprintf(head, sizeof head, "Counting the %s ", noun);
		int x = 1 + canvas_text(&st, 0, 1, st.cols - 2, A_NORMAL, head);
		draw_bar(&st, 0, x, 20, p->m->count.fraction);
		canvas_text(&st, 0, x + 21, st.cols - x - 22, A_NORMAL, text);
		draw_hand(p, &st, 1, w);
		return;
	}
	/* The checker's line takes the second line too when the view has
	 * nothing to say there: a dead end's reason is read whole. */
	char text[400], hand[160];
	enum style_role role = check_line(p, text, sizeof text);
	p->vo->status(p->view, session_state(p->s), w, hand, sizeof hand);
	/* A dead end's reason comes before what is in hand. */
	int room = !hand[0] || role == ST_BAD ? STATUS : STATUS - 1;
	int used = canvas_text_lines(&st, 0, 1, w, room, style(role), text);
	if (used < STATUS)
		draw_hand(p, &st, used > 1 ? used : 1, w);
}

/* The key reminders of the board, the search and the race: their keys
 * come from the key table, the words are the reminder's. */
static const struct key_hint board_hints[] = {
	{ .act = ACT_UNDO, .word = "undo" },
	{ .act = ACT_HINT, .word = "hint" },
	{ .act = ACT_MAP, .word = "map" },
	{ .act = ACT_ANIMATE, .word = "search" },
	{ .act = ACT_COUNT, .word = "count" },
	{ .act = ACT_PAUSE, .word = "pause" },
	{ .act = ACT_NONE },
};
static const struct key_hint search_hints[] = {
	{ .act = ACT_ANIM_PAUSE, .word = "pause" },
	{ .act = ACT_ANIM_STEP, .word = "step" },
	{ .act = ACT_FASTER, .word = "speed", .also = ACT_SLOWER, .joint = ' ' },
	{ .act = ACT_ANIM_TAKE, .word = "take" },
	{ .act = ACT_NONE },
};
static const struct key_hint race_hints[] = {
	{ .act = ACT_ANIM_PAUSE, .word = "pause" },
	{ .act = ACT_FASTER, .word = "speed", .also = ACT_SLOWER, .joint = ' ' },
	{ .act = ACT_SELECT, .word = "watch it" },
	{ .act = ACT_NONE },
};

/* The key reminder: the view's keys worth a reminder, then the screen's,
 * as many as fit, the help key always (it lists the rest).  Both lists are
 * in the order of what a player needs first. */
static void draw_keys(struct play *p, struct canvas *c)
{
	/* q ends the program in a game started from the shell, else it goes
	 * back to the menu: the reminder says which. */
	const struct key_hint quit = { .act = ACT_QUIT, .word = p->to_menu ? "menu" : "quit" };
	const struct key_hint help = { .act = ACT_HELP, .word = "help" };
	static const char *const paused[] = { "p or any key: go on", "q: save and leave", NULL };
	static const char *const holding[] = { "any key: leave", NULL };
	bool on_board = !p->holding && !p->searching && !p->paused && !p->race.open;
	enum key_context ctx = p->searching ? CTX_SEARCH : p->race.open ? CTX_RACE : CTX_PLAY;
	const struct key_hint *hints = p->holding || p->paused ? NULL
	                               : p->searching          ? search_hints
	                               : p->race.open          ? race_hints
	                                                       : board_hints;
	const char *const *list = p->holding ? holding : p->paused ? paused : NULL;
	/* What the player is typing takes the line until it is done. */
	char prompt[160] = "";
	if (on_board && p->vo->prompt)
		p->vo->prompt(p->view, session_state(p->s), prompt, sizeof prompt);
	if (prompt[0]) {
		canvas_text(c, c->rows - 1, 1, c->cols - 2, style(ST_NOTICE), prompt);
		return;
	}
	/* The way out and ? come always, at the end: a narrow terminal drops
	 * the others first (at 60 columns it dropped q, and the search's Esc) */
	const struct key_hint back = { .act = p->searching ? ACT_ANIM_STOP : ACT_BACK, .word = "back" };
	char out_item[32], help_item[32], last_items[80];
	key_hint_text(on_board ? CTX_PLAY : ctx, on_board ? &quit : &back, false, out_item, sizeof out_item);
	key_hint_text(ctx, &help, false, help_item, sizeof help_item);
	snprintf(last_items, sizeof last_items, "%s  %s", out_item, help_item);
	const char *last = p->paused || p->holding ? "" : last_items;
	int room = c->cols - 2 - (int)strlen(last);
	char line[512] = "";
	size_t len = 0;
	const char *items[32];
	int n = 0;
	char view_items[16][64], screen_items[8][64];
	int nv = 0;
	for (const struct view_key *vk = on_board ? play_view_keys(p) : NULL; vk && vk->keys && nv < 16; vk++)
		if (vk->remind) {
			snprintf(view_items[nv], sizeof view_items[nv], "%s %s", vk->keys, vk->what);
			items[n++] = view_items[nv++];
		}
	for (int i = 0; list && list[i] && n < 32; i++)
		items[n++] = list[i];
	for (int i = 0; hints && hints[i].act != ACT_NONE && i < 8; i++) {
		/* The map only for a family whose view draws one worth it. */
		if (hints[i].act == ACT_MAP && !(p->vo->map && p->vo->map_reminded))
			continue;
		key_hint_text(ctx, &hints[i], false, screen_items[i], sizeof screen_items[i]);
		items[n++] = screen_items[i];
	}
	for (int i = 0; i < n; i++) {
		size_t w = strlen(items[i]);
		if ((int)(len + w + 2) > room || len + w + 3 >= sizeof line)
			break;
		len += (size_t)snprintf(line + len, sizeof line - len, "%s  ", items[i]);
	}
	snprintf(line + len, sizeof line - len, "%s", last);
	canvas_text(c, c->rows - 1, 1, c->cols - 2, style(ST_DIM), line);
}

/* The search's figures beside the board: what it has done, exact; what
 * lies ahead, estimated and said so ("about", give or take its spread).
 * The estimate is Knuth's, from a thousand random walks made before the
 * search starts; what is searched is the steps taken over it. */
static void draw_search_panel(struct play *p, struct canvas *c)
{
	const struct worker_anim *a = &p->m->anim;
	int w = c->cols;
	char line[160];
	const struct puzzle_engine *pe = puzzle_engine_find(p->pz, p->m->anim_engine);
	char title[80];
	/* Which engine, when the family has more than one to watch. */
	if (pe && p->pz->engines && p->pz->engines[0] && p->pz->engines[1])
		snprintf(title, sizeof title, "The search: %s", pe->title);
	else
		snprintf(title, sizeof title, "The solver's search");
	canvas_text(c, 0, 0, w, A_BOLD, title);
	if (!p->m->anim_known) {
		canvas_text(c, 2, 0, w, A_NORMAL, "estimating its size...");
		return;
	}
	struct {
		const char *label;
		char value[64];
	} rows[10];
	int n = 0;
	char fig[48];
#define ROW(lbl, ...) (rows[n].label = lbl, snprintf(rows[n].value, sizeof rows[n].value, __VA_ARGS__), n++)
	ROW("steps", "%s", u128_grouped(a->nodes, (char[U128_DIGITS + 13]){ 0 }));
	ROW("choices now", "%d", a->level);
	ROW("taken back", "%s", u128_grouped(a->backtracks, (char[U128_DIGITS + 13]){ 0 }));
	ROW("solutions", "%s", u128_grouped(a->solutions, (char[U128_DIGITS + 13]){ 0 }));
	/* A search to the end knows its tree; a branch and bound's estimate
	 * is of the tree without the cuts its best answers will bring. */
	bool high = pe && pe->cuts_by_best;
	if (a->done) {
		ROW("whole tree", "%s steps", u128_grouped(a->nodes, (char[U128_DIGITS + 13]){ 0 }));
		ROW("searched", "all of it");
	} else if (a->estimate > 0) {
		race_round(a->estimate, fig, sizeof fig);
		ROW("whole tree", "%s %s", high ? "at most about" : "about", fig);
		int spread = (int)(100 * a->estimate_se / a->estimate + 0.5);
		if (spread >= 1 && !high)
			ROW("", "give or take %d%%", spread);
		double f = a->fraction;
		if ((double)a->nodes > a->estimate)
			ROW("searched", "more than estimated");
		else if (f < 0.001)
			ROW("searched", "under 0.1%%");
		else
			ROW("searched", "%s %.*f%%", high ? "at least" : "about", f < 0.1 ? 1 : 0, 100 * f);
		if (a->estimate - (double)a->nodes >= 1) {
			race_round(a->estimate - (double)a->nodes, fig, sizeof fig);
			ROW("left", "%s %s", high ? "at most about" : "about", fig);
		}
	}
	if (isinf(speeds[p->speed]))
		ROW("speed", "%s", p->anim_paused ? "paused, full" : "full speed");
	else
		ROW("speed", p->anim_paused ? "paused (%g/s)" : "%g steps/s", speeds[p->speed]);
#undef ROW
	for (int i = 0; i < n; i++) {
		snprintf(line, sizeof line, "%-11s %s", rows[i].label, rows[i].value);
		canvas_text(c, 2 + i, 0, w, A_NORMAL, line);
	}
	if (a->estimate > 0)
		draw_bar(c, 3 + n, 0, w < 30 ? w : 30, a->fraction);
	canvas_text_lines(c, 5 + n, 0, w, 2, style(ST_DIM), "A step: a place where the search chooses.");
}

/* What the view marks: the search's step, a dead end, or the hint's tier. */
static const struct note *board_marks(const struct play *p)
{
	if (p->searching)
		return p->m->anim_known ? &p->m->anim.note : NULL;
	const struct midend *m = p->m;
	if (m->check_mode != MIDEND_CHECK_OFF && m->check_known && m->check.completions == 0 && m->check.dead_explained)
		return &m->check.dead;
	if (p->sol_note_on)
		return &p->sol_note;
	/* The reveal is in the player's hand: its marks would hide it. */
	if (midend_hint_reveals(m))
		return NULL;
	return midend_hint_note(m);
}

static void too_small(struct play *p, struct canvas *c)
{
	char text[80];
	snprintf(text, sizeof text, "terminal too small: need %d x %d", p->need_cols, p->need_rows);
	int top = c->rows / 2 - 1 > 0 ? c->rows / 2 - 1 : 0;
	int used = canvas_text_lines(c, top, 0, c->cols, c->rows - top, A_BOLD, text);
	/* The way out, under it when there is a line for it whole: the
	 * size needed comes first on the smallest screens. */
	const char *out = "q: leave";
	if (top + used + 1 < c->rows && (int)strlen(out) <= c->cols)
		canvas_text(c, top + used + 1, 0, c->cols, A_NORMAL, out);
}

void play_draw_on(struct play *p, struct canvas *c)
{
	p->rows = c->rows;
	p->cols = c->cols;
	canvas_erase(c);
	int min_rows, min_cols, best_rows, best_cols;
	p->vo->size(p->view, &min_rows, &min_cols, &best_rows, &best_cols);
	p->need_rows = min_rows + CHROME;
	p->need_cols = min_cols;
	/* Narrower than 80 columns a message wraps to two lines more often,
	 * and would push the view's line (the piece in hand) away: a third
	 * status line where the view has a row to spare beyond its best
	 * (taking one it could use would cost it its larger form: Sudoku's
	 * marks as digits). */
	p->status_lines = STATUS_LINES;
	if (c->cols < 80 && c->rows - CHROME - 1 >= best_rows && p->vo->layout(p->view, c->rows - CHROME - 1, c->cols))
		p->status_lines = STATUS_LINES + 1;
	int chrome = CHROME + p->status_lines - STATUS_LINES;
	p->too_small = c->rows < chrome + 1 || !p->vo->layout(p->view, c->rows - chrome, c->cols);
	if (p->too_small) {
		too_small(p, c);
		return;
	}
	int title_free, title_end;
	draw_title(p, c, &title_free, &title_end);
	if (p->paused) {
		const char *text = "Paused: p or any key goes on";
		canvas_print(c, c->rows / 2, (c->cols - (int)strlen(text)) / 2, A_NORMAL, text);
		draw_keys(p, c);
		return;
	}
	if (p->vo->map) {
		const struct midend *m = p->m;
		struct view_map vm = { VIEW_MAP_OFF, NULL };
		if (p->map_on)
			vm.state = m->diagram            ? VIEW_MAP_READY
			           : m->diagram_too_open ? VIEW_MAP_TOO_OPEN
			                                 : VIEW_MAP_BUILDING;
		vm.d = m->diagram;
		p->vo->map(p->view, &vm);
	}
	struct canvas body = canvas_window(c, 1, 0, c->rows - chrome, c->cols);
	struct view_show show = { 0 };
	show.marks = board_marks(p);
	show.searching = p->searching;
	const struct puzzle_state *st = session_state(p->s);
	if (p->searching && p->m->search_state)
		st = p->m->search_state;
	if (p->race.open) {
		char pace_words[64];
		if (isinf(speeds[p->race.speed]))
			snprintf(pace_words, sizeof pace_words, "Side by side at full speed");
		else
			snprintf(pace_words, sizeof pace_words, "Side by side, %g steps a second each", speeds[p->race.speed]);
		race_draw(&p->race, &body, pace_words);
		draw_status(p, c);
		draw_keys(p, c);
		return;
	}
	p->vo->draw(p->view, &body, st, &show);
	if (p->searching) {
		int y, x, h, w;
		p->vo->panel(p->view, &y, &x, &h, &w);
		struct canvas panel = canvas_window(&body, y, x, h, w);
		draw_search_panel(p, &panel);
	}
	if (p->celebrate_until > 0) {
		/* A few bright frames in the title row, where they hide
		 * nothing (a graph's labels reach the board's top row); in
		 * the board's top row only when the title leaves no room. */
		int phase = (int)(clock_seconds() * 8) % 2;
		attr_t look = phase ? style(ST_GOOD) | A_REVERSE : style(ST_NOTICE);
		const char *banner = " SOLVED ";
		int x = title_free + 2, w = (int)strlen(banner);
		if (x + w <= title_end - 2)
			canvas_print(c, 0, x, look, banner);
		else
			canvas_print(&body, 0, 2, look, banner);
	}
	draw_status(p, c);
	draw_keys(p, c);
}

void play_draw(struct play *p)
{
	struct canvas c = canvas_screen();
	if (p->help.open && !p->too_small) {
		erase();
		help_draw(&p->help, c.rows, c.cols);
		p->rows = c.rows;
		p->cols = c.cols;
		return;
	}
	play_draw_on(p, &c);
}
