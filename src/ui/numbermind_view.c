/* Number Mind's face: the guesses a row each, their digits in columns,
 * one column a place; under them a rule, the secret being filled (or, in
 * a duel, the guess being written) in the same columns, and under each
 * place the digits it may still hold, each digit in a place of its own (a
 * digit a row, or two a row: 01 / 23 / 45 / 67 / 89), so that a row of
 * marks reads "where can a 7 still go".  The cursor is a place: its
 * column is reversed down every guess, so the player sees which digits
 * bear on it.  In a guess, a digit the secret has there is in brackets,
 * one the secret cannot have there is dim; a guess that has all its right
 * digits is ticked, one that has too many or can no longer reach them has
 * a !.  A list longer than the room scrolls (Up and Down), and the rows
 * above and below it say how many guesses are out of sight.
 *
 * The forms, largest first: three columns a place with the marks a digit
 * a row; the same with two marks a row (80x24: 16 places and 12 guesses
 * in view); two columns a place, without brackets, for the search's panel
 * beside the board; and the scores as bare figures.  At 80x24 a
 * 16-place puzzle takes 4 + 48 + 14 columns (the scores' words, or the
 * secret's); beside the panel's 34, 4 + 33 + 4, and a 12-place one keeps
 * its words: 4 + 25 + 14.
 *
 * The duel shows no marks: the digits the guesses leave are for the
 * player to find (C says how many secrets still fit, H hints).  Digits
 * typed go into the guess being written, which is the view's own until
 * Enter makes it a move ("guess 39542"): the moves of a duel are its
 * guesses, and undo takes the last one back. */
#include "config.h"

#include "ui/numbermind_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"
#include "util/textfit.h"
#include "util/xalloc.h"

/* The search's panel beside the board (play.c's figures). */
#define PANEL_W 34
#define PANEL_H 12
/* Guesses in view at the least (all of them if fewer). */
#define MIN_LIST 3
/* The guess's number and a blank before the first place. */
#define MARGIN 4

struct form {
	int pitch;      /* columns a place: its digit between blanks (3) or a digit and a blank (2) */
	int cand_rows;  /* rows of a place's marks: a digit a row (10), or two a row (5) */
	bool words;     /* scores as "2 right", else the bare figure */
};

static const struct form forms[] = {
	{ 3, 10, true },   /* 16 places: 64 x 33 with 20 guesses (120x40) */
	{ 3, 5, true },    /* 16 places: 64 x 20 with 12 guesses in view (80x24) */
	{ 2, 10, true },
	{ 2, 10, false },  /* 16 places: 40 columns, beside the search's panel */
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

/* A form in the view's room. */
struct placing {
	const struct form *f;
	int x0;          /* place 0's first column */
	int score_x;     /* the scores' column */
	int width, height;
	int list_rows;   /* guesses in view at once */
	int head_y, list_y, rule_y, secret_y, cand_y;
};

struct nm_view {
	struct view base;
	int digits, n_guesses;
	bool duel;
	int cur;                        /* the cursor's place */
	int top;                        /* the first guess in view */
	int8_t typed[NM_DIGITS_MAX];    /* a duel: the guess being written, -1 where empty */
	int8_t entry[NM_DIGITS_MAX];    /* a duel: the state's places as last seen */
	int held;                       /* the place of a hint's move in hand, or -1 */
	bool crossing;                  /* x pressed: the next digit is crossed out (or back in) */
	char held_move[64];
	struct placing play, search;
	int panel_y, panel_x, panel_h, panel_w;
};

#define NV(v) ((struct nm_view *)(v))
#define CNV(v) ((const struct nm_view *)(v))

static const char *const digit_text[10] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };

/* ---- geometry ---------------------------------------------------------------- */

static int score_width(const struct form *f)
{
	/* "  2 right" and its mark, or " 2" and its mark; "  your secret" */
	return f->words ? 14 : 4;
}

static int cell_x(const struct placing *pl, int place)
{
	return pl->x0 + place * pl->f->pitch;
}

/* The column of a place's digit in its cell. */
static int digit_x(const struct placing *pl, int place)
{
	return cell_x(pl, place) + (pl->f->pitch == 3);
}

/* Form f in rows x cols: the guesses take the rows the rest leaves, at
 * least MIN_LIST of them; the whole is centred in the rows. */
static bool place(const struct nm_view *v, const struct form *f, int rows, int cols, struct placing *pl)
{
	int cand = v->duel ? 0 : f->cand_rows;
	int fixed = 3 + cand;   /* the places' numbers, the rule, the secret */
	int want = v->n_guesses > 0 ? v->n_guesses : 1;
	int room = rows - fixed;
	pl->f = f;
	pl->x0 = MARGIN;
	pl->score_x = pl->x0 + v->digits * f->pitch + (f->pitch == 2);
	pl->width = pl->score_x + score_width(f);
	pl->list_rows = want < room ? want : room;
	if (pl->list_rows < 1)
		pl->list_rows = 1;
	pl->height = fixed + pl->list_rows;
	/* A duel's list grows by a row a guess: it stays put at the top. */
	int top = v->duel ? (rows > pl->height) : rows > pl->height ? (rows - pl->height) / 2 : 0;
	pl->head_y = top;
	pl->list_y = top + 1;
	pl->rule_y = pl->list_y + pl->list_rows;
	pl->secret_y = pl->rule_y + 1;
	pl->cand_y = pl->secret_y + 1;
	return room >= (want < MIN_LIST ? want : MIN_LIST) && pl->width <= cols;
}

/* The form that shows every guess, the first of those that fit; else the
 * one that shows the most. */
static bool choose(const struct nm_view *v, int rows, int cols, struct placing *out)
{
	bool found = false;
	struct placing pl;
	for (int i = 0; i < N_FORMS; i++) {
		if (!place(v, &forms[i], rows, cols, &pl))
			continue;
		if (!found || pl.list_rows > out->list_rows)
			*out = pl;
		found = true;
		if (pl.list_rows >= v->n_guesses)
			break;
	}
	return found;
}

/* The first guess in view for a list of rows rows: top kept in range. */
static int first_shown(const struct nm_view *v, int rows)
{
	int top = v->top;
	if (top > v->n_guesses - rows)
		top = v->n_guesses - rows;
	return top < 0 ? 0 : top;
}

/* ---- what the state says --------------------------------------------------------- */

enum guess_state {
	GUESS_OPEN,
	GUESS_DONE,    /* it has all its right digits */
	GUESS_OVER,    /* it has more */
	GUESS_SHORT,   /* it can no longer reach them */
};

/* A puzzle's guess against the player's digits: its digits placed and
 * right (hits), and the open places that may still hold its digit. */
static enum guess_state guess_state_of(const struct puzzle_state *s, const uint16_t *possible, int g, int *hits)
{
	int room = 0;
	*hits = 0;
	for (int i = 0; i < s->p.digits; i++) {
		int d = s->p.guess[g][i];
		if (s->entry[i] >= 0)
			*hits += s->entry[i] == d;
		else
			room += possible[i] >> d & 1;
	}
	int need = s->p.correct[g];
	if (*hits > need)
		return GUESS_OVER;
	if (*hits + room < need)
		return GUESS_SHORT;
	return *hits == need ? GUESS_DONE : GUESS_OPEN;
}

/* ---- the view's interface ------------------------------------------------------ */

static void clear_typed(struct nm_view *v)
{
	for (int i = 0; i < NM_DIGITS_MAX; i++)
		v->typed[i] = -1;
}

static bool nv_serves(const struct puzzle *pz)
{
	return pz == &numbermind_puzzle;
}

/* The view follows the state: a duel's list keeps its latest guess in
 * view, and the next guess is written from the start. */
static void nv_sync(struct view *vw, const struct puzzle_state *s)
{
	struct nm_view *v = NV(vw);
	bool more = s->p.n_guesses > v->n_guesses;
	v->n_guesses = s->p.n_guesses;
	v->digits = s->p.digits;
	v->duel = s->duel;
	v->held = -1;
	if (v->cur >= v->digits)
		v->cur = v->digits - 1;
	if (v->duel && more) {
		v->top = v->n_guesses;   /* first_shown brings it back to the last page */
		v->cur = 0;
		clear_typed(v);
	}
	/* A duel's places filled by a move (the search's secret taken, a
	 * hint's, a save's): they become the guess written. */
	if (v->duel && memcmp(v->entry, s->entry, sizeof v->entry)) {
		for (int i = 0; i < v->digits; i++)
			if (s->entry[i] >= 0)
				v->typed[i] = s->entry[i];
		memcpy(v->entry, s->entry, sizeof v->entry);
	}
}

static struct view *nv_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct nm_view *v = xcalloc(1, sizeof *v);
	v->base.ops = &numbermind_view_ops;
	clear_typed(v);
	memset(v->entry, -1, sizeof v->entry);
	/* A duel saved with a guess half written goes on with it (sync). */
	nv_sync(&v->base, s);
	if (v->duel)
		v->top = v->n_guesses;
	choose(v, 1 << 12, 1 << 12, &v->play);
	v->search = v->play;
	return &v->base;
}

static void nv_free(struct view *v)
{
	free(v);
}

static void nv_size(const struct view *vw, int *min_rows, int *min_cols, int *best_rows, int *best_cols)
{
	const struct nm_view *v = CNV(vw);
	struct placing small, big;
	place(v, &forms[N_FORMS - 1], 1 << 12, 1 << 12, &small);
	place(v, &forms[0], 1 << 12, 1 << 12, &big);
	int least = v->n_guesses < MIN_LIST ? (v->n_guesses > 0 ? v->n_guesses : 1) : MIN_LIST;
	*min_rows = small.height - small.list_rows + least;
	*min_cols = small.width;
	*best_rows = big.height > PANEL_H ? big.height : PANEL_H;
	*best_cols = big.width + 2 + PANEL_W;
}

static bool nv_layout(struct view *vw, int rows, int cols)
{
	struct nm_view *v = NV(vw);
	if (!choose(v, rows, cols, &v->play))
		return false;
	v->top = first_shown(v, v->play.list_rows);
	/* The search's panel beside the board if a form leaves it room, else
	 * over the board's right part (the board is cut there). */
	if (rows >= PANEL_H && choose(v, rows, cols - PANEL_W - 1, &v->search)) {
		v->panel_x = v->search.width + 1;
	} else {
		v->search = v->play;
		v->panel_x = cols > PANEL_W ? cols - PANEL_W : 0;
	}
	v->panel_y = 0;
	v->panel_h = rows;
	v->panel_w = cols - v->panel_x;
	return true;
}

static void nv_panel(const struct view *vw, int *y, int *x, int *rows, int *cols)
{
	const struct nm_view *v = CNV(vw);
	*y = v->panel_y;
	*x = v->panel_x;
	*rows = v->panel_h;
	*cols = v->panel_w;
}

static void scroll_list(struct nm_view *v, int by)
{
	v->top = first_shown(v, v->play.list_rows) + by;
	v->top = first_shown(v, v->play.list_rows);
}

/* The place and the row under a click: the place of the column (-1 off
 * the places), *row: -1 the places' numbers, 0.. a guess, -2 the secret,
 * -3 a mark (its digit in *digit), -4 elsewhere. */
static int place_at(const struct nm_view *v, const struct term_event *ev, int *row, int *digit)
{
	const struct placing *pl = &v->play;
	int dx = ev->col - pl->x0, y = ev->row;
	*row = -4;
	*digit = -1;
	if (dx < 0 || dx >= v->digits * pl->f->pitch)
		return -1;
	int k = dx / pl->f->pitch, in = dx % pl->f->pitch;
	if (y == pl->head_y)
		*row = -1;
	else if (y >= pl->list_y && y < pl->list_y + pl->list_rows && first_shown(v, pl->list_rows) + y - pl->list_y < v->n_guesses)
		*row = first_shown(v, pl->list_rows) + y - pl->list_y;
	else if (y == pl->secret_y)
		*row = -2;
	else if (!v->duel && y >= pl->cand_y && y < pl->cand_y + pl->f->cand_rows) {
		*row = -3;
		if (pl->f->cand_rows == 10)
			*digit = y - pl->cand_y;
		else if (in < 2)
			*digit = 2 * (y - pl->cand_y) + in;
	}
	return k;
}

/* The move that puts d (-1: nothing) at place k. */
static enum view_result set_place(const struct puzzle_state *s, int k, int d, struct view_out *out)
{
	if (s->entry[k] == d)
		return VIEW_HANDLED;
	if (d < 0)
		strbuf_addf(&out->move, "%d=.", k + 1);
	else
		strbuf_addf(&out->move, "%d=%d", k + 1, d);
	return VIEW_MOVE;
}

/* Digit d crossed out of place k, or back in if it is crossed: the
 * player's own pencil mark, a note the rules never read. */
static enum view_result toggle_cross(const struct puzzle_state *s, int k, int d, struct view_out *out)
{
	if (s->entry[k] >= 0) {
		snprintf(out->say, sizeof out->say, "Place %d holds %d: clear it to cross digits out", k + 1, s->entry[k]);
		out->say_bad = true;
		return VIEW_SAY;
	}
	uint16_t possible[NM_DIGITS_MAX];
	numbermind_possible(s, possible);
	if (!(possible[k] >> d & 1) && !(s->crossed[k] >> d & 1)) {
		snprintf(out->say, sizeof out->say, "%d is not among place %d's marks: nothing to cross out", d, k + 1);
		return VIEW_SAY;
	}
	strbuf_addf(&out->move, "%d%c%d", k + 1, s->crossed[k] >> d & 1 ? '+' : '-', d);
	return VIEW_MOVE;
}

static enum view_result nv_mouse(struct nm_view *v, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	int row, digit, k = place_at(v, ev, &row, &digit);
	if (ev->button == 4 || ev->button == 5) {
		scroll_list(v, ev->button == 4 ? -1 : 1);
		return VIEW_HANDLED;
	}
	/* The right button on a mark crosses it out. */
	if (ev->press && ev->button == 3 && !v->duel && k >= 0 && row == -3 && digit >= 0) {
		v->cur = k;
		return toggle_cross(s, k, digit, out);
	}
	if (!ev->press || ev->button != 1 || k < 0 || row == -4)
		return VIEW_IGNORED;
	v->cur = k;
	/* A duel: a guess's digit clicked goes into the guess written. */
	if (v->duel && row >= 0 && !numbermind_duel_won(s))
		v->typed[k] = (int8_t)s->p.guess[row][k];
	if (row == -3 && digit >= 0)
		return set_place(s, k, digit, out);
	return VIEW_HANDLED;
}

/* Enter in a duel: the guess written, made; or why not. */
static enum view_result make_guess(struct nm_view *v, const struct puzzle_state *s, struct view_out *out)
{
	char digits[NM_DIGITS_MAX + 1];
	if (numbermind_duel_won(s)) {
		snprintf(out->say, sizeof out->say, "You have found the secret already");
		return VIEW_SAY;
	}
	for (int i = 0; i < v->digits; i++) {
		if (v->typed[i] < 0) {
			snprintf(out->say, sizeof out->say, "Place %d is empty: a guess has a digit in each of its %d places",
			         i + 1, v->digits);
			out->say_bad = true;
			v->cur = i;
			return VIEW_SAY;
		}
		digits[i] = (char)('0' + v->typed[i]);
	}
	digits[v->digits] = '\0';
	for (int g = 0; g < s->p.n_guesses; g++)
		if (!memcmp(s->p.guess[g], v->typed, (size_t)v->digits)) {
			snprintf(out->say, sizeof out->say, "That is guess %d again: %d right", g + 1, s->p.correct[g]);
			out->say_bad = true;
			return VIEW_SAY;
		}
	strbuf_addf(&out->move, "guess %s", digits);
	return VIEW_MOVE;
}

/* A key of the duel's that writes the guess. */
static enum view_result duel_key(struct nm_view *v, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	int last = v->digits - 1;
	if (ev->ch >= '0' && ev->ch <= '9' && !ev->sym) {
		v->typed[v->cur] = (int8_t)(ev->ch - '0');
		if (v->cur < last)
			v->cur++;
		return VIEW_HANDLED;
	}
	switch (ev->sym) {
	case KEY_SYM_ENTER: return make_guess(v, s, out);
	case KEY_SYM_BACKSPACE:
		/* As in a line of text: the digit before the cursor, or the
		 * last one when the cursor rests on it. */
		if (!(v->cur == last && v->typed[last] >= 0) && v->cur > 0)
			v->cur--;
		v->typed[v->cur] = -1;
		return VIEW_HANDLED;
	case KEY_SYM_DELETE: v->typed[v->cur] = -1; return VIEW_HANDLED;
	case KEY_SYM_ESCAPE:
		clear_typed(v);
		v->cur = 0;
		return VIEW_HANDLED;
	default: break;
	}
	if (ev->ch == '.') {
		v->typed[v->cur] = -1;
		return VIEW_HANDLED;
	}
	return VIEW_IGNORED;
}

/* A key of the puzzle's that sets or clears the cursor's place. */
static enum view_result puzzle_key(struct nm_view *v, const struct puzzle_state *s, const struct term_event *ev,
                                   struct view_out *out)
{
	bool digit = ev->ch >= '0' && ev->ch <= '9' && !ev->sym;
	if (v->crossing) {
		v->crossing = false;
		if (digit)
			return toggle_cross(s, v->cur, (int)(ev->ch - '0'), out);
	}
	if (ev->ch == 'x' && !ev->sym) {
		v->crossing = true;
		snprintf(out->say, sizeof out->say, "Which digit to cross out of place %d? (a crossed one comes back)",
		         v->cur + 1);
		return VIEW_SAY;
	}
	if (digit)
		return set_place(s, v->cur, (int)(ev->ch - '0'), out);
	if (ev->sym == KEY_SYM_BACKSPACE || ev->sym == KEY_SYM_DELETE || (!ev->sym && ev->ch == '.'))
		return s->entry[v->cur] >= 0 ? set_place(s, v->cur, -1, out) : VIEW_HANDLED;
	if (ev->sym == KEY_SYM_ENTER && v->held >= 0) {
		strbuf_addf(&out->move, "%s", v->held_move);
		v->held = -1;
		return VIEW_MOVE;
	}
	return VIEW_IGNORED;
}

static enum view_result nv_event(struct view *vw, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	struct nm_view *v = NV(vw);
	if (ev->kind == TERM_MOUSE)
		return nv_mouse(v, s, ev, out);
	if (ev->kind != TERM_KEY || ev->ctrl || v->digits < 1)
		return VIEW_IGNORED;
	enum view_result r = v->duel ? duel_key(v, s, ev, out) : puzzle_key(v, s, ev, out);
	if (r != VIEW_IGNORED)
		return r;
	int page = v->play.list_rows > 1 ? v->play.list_rows - 1 : 1;
	switch (ev->sym) {
	case KEY_SYM_LEFT: v->cur = (v->cur + v->digits - 1) % v->digits; break;
	case KEY_SYM_RIGHT: v->cur = (v->cur + 1) % v->digits; break;
	case KEY_SYM_UP: scroll_list(v, -1); break;
	case KEY_SYM_DOWN: scroll_list(v, 1); break;
	case KEY_SYM_PAGEUP: scroll_list(v, -page); break;
	case KEY_SYM_PAGEDOWN: scroll_list(v, page); break;
	case KEY_SYM_HOME: v->cur = 0; break;
	case KEY_SYM_END: v->cur = v->digits - 1; break;
	case KEY_SYM_NONE:
		switch (ev->ch) {
		case 'h': v->cur = (v->cur + v->digits - 1) % v->digits; break;
		case 'l': v->cur = (v->cur + 1) % v->digits; break;
		case 'k': scroll_list(v, -1); break;
		case 'j': scroll_list(v, 1); break;
		default: return VIEW_IGNORED;
		}
		break;
	default: return VIEW_IGNORED;
	}
	return VIEW_HANDLED;
}

static void nv_drop(struct view *v)
{
	NV(v)->held = -1;
}

/* A hint's move in hand: one place's digit waits at its place for Enter;
 * a duel's guess goes into the guess written. */
static bool nv_hold(struct view *vw, const struct puzzle_state *s, const char *move)
{
	struct nm_view *v = NV(vw);
	int k, n = 0;
	char d;
	if (v->duel) {
		const char *digits = !strncmp(move, "guess ", 6) ? move + 6 : NULL;
		if (!digits || (int)strspn(digits, "0123456789") != v->digits || digits[v->digits])
			return false;
		for (int i = 0; i < v->digits; i++)
			v->typed[i] = (int8_t)(digits[i] - '0');
		v->cur = 0;
		return true;
	}
	if (strchr(move, ';') || sscanf(move, "%d=%c%n", &k, &d, &n) != 2 || move[n] || k < 1 || k > s->p.digits ||
	    d < '0' || d > '9')
		return false;
	v->cur = v->held = k - 1;
	snprintf(v->held_move, sizeof v->held_move, "%s", move);
	return true;
}

/* ---- drawing --------------------------------------------------------------------- */

/* The places' numbers, the cursor's reversed; how many guesses are above. */
static void draw_head(const struct nm_view *v, const struct placing *pl, struct canvas *cv, int top,
                      const struct view_show *show, bool won)
{
	for (int i = 0; i < v->digits; i++) {
		char num[16];
		bool cursor = !show->searching && i == v->cur && !won;
		bool marked = show->marks && note_has_cell(show->marks, i);
		attr_t look = marked ? style(ST_MARK) : cursor ? style(ST_CURSOR) : style(ST_DIM);
		/* Two columns a place: the number's last digit, under its digit. */
		snprintf(num, sizeof num, "%d", pl->f->pitch == 3 ? i + 1 : (i + 1) % 10);
		canvas_print(cv, pl->head_y, digit_x(pl, i) + 1 - (int)strlen(num), look, num);
	}
	if (top > 0) {
		char more[48];
		if (pl->f->words)
			snprintf(more, sizeof more, "%s %d more", glyph(GL_UP), top);
		else
			snprintf(more, sizeof more, "%s%d", glyph(GL_UP), top);
		canvas_print(cv, pl->head_y, pl->score_x + 1, style(ST_NOTICE), more);
	}
}

/* Guess g on row y. */
static void draw_guess(const struct nm_view *v, const struct placing *pl, struct canvas *cv,
                       const struct puzzle_state *s, const uint16_t *possible, int g, int y,
                       const struct view_show *show)
{
	char buf[32];
	int hits = 0;
	enum guess_state gs = !s->duel ? guess_state_of(s, possible, g, &hits)
	                      : s->p.correct[g] == s->p.digits ? GUESS_DONE : GUESS_OPEN;
	bool cursor_shown = !show->searching && !numbermind_duel_won(s);
	bool bad = gs == GUESS_OVER || gs == GUESS_SHORT;
	bool marked = show->marks && note_has_piece(show->marks, g);
	snprintf(buf, sizeof buf, "%2d", g + 1);
	canvas_print(cv, y, 1, marked ? style(ST_MARK) : bad ? style(ST_BAD) : style(ST_DIM), buf);
	for (int i = 0; i < v->digits; i++) {
		int d = s->p.guess[g][i], e = s->duel ? -1 : s->entry[i];
		bool hit = e == d, settled = e >= 0 && !hit, out = e < 0 && !s->duel && !(possible[i] >> d & 1);
		attr_t look = hit ? style(ST_GOOD) | A_BOLD
		              : settled || out || (gs == GUESS_DONE && !s->duel) ? style(ST_DIM)
		                                                                : A_NORMAL;
		if (cursor_shown && i == v->cur)
			look = style(ST_CURSOR) | (hit ? A_BOLD : 0);
		if (marked && show->marks && note_has_cell(show->marks, i))
			look = style(ST_MARK);
		int x = cell_x(pl, i);
		if (pl->f->pitch == 3) {
			canvas_put(cv, y, x, look, hit ? "[" : " ");
			canvas_put(cv, y, x + 2, look, hit ? "]" : " ");
		}
		canvas_put(cv, y, digit_x(pl, i), look | (hit && pl->f->pitch == 2 ? A_UNDERLINE : 0), digit_text[d]);
	}
	attr_t look = marked ? style(ST_MARK) : bad ? style(ST_BAD) : gs == GUESS_DONE ? style(ST_GOOD) : A_NORMAL;
	int x = pl->score_x;
	if (pl->f->words)
		snprintf(buf, sizeof buf, "  %2d right", s->p.correct[g]);
	else
		snprintf(buf, sizeof buf, " %2d", s->p.correct[g]);
	x += canvas_print(cv, y, x, look, buf);
	const char *mark = bad ? "!" : gs == GUESS_DONE ? glyph(GL_TICK) : "";
	if (*mark)
		canvas_put(cv, y, x + pl->f->words, look, mark);
}

/* The rule under the guesses, and how many are below. */
static void draw_rule(const struct nm_view *v, const struct placing *pl, struct canvas *cv, int below)
{
	canvas_fill(cv, pl->rule_y, pl->x0, 1, v->digits * pl->f->pitch - (pl->f->pitch == 2), style(ST_BORDER),
	            glyph(GL_HLINE));
	if (below > 0) {
		char more[48];
		if (pl->f->words)
			snprintf(more, sizeof more, "%s %d more", glyph(GL_DOWN), below);
		else
			snprintf(more, sizeof more, "%s%d", glyph(GL_DOWN), below);
		canvas_print(cv, pl->rule_y, pl->score_x + 1, style(ST_NOTICE), more);
	}
}

/* The secret's row: the player's digits, or the duel's guess written
 * (the secret itself once the duel is won). */
static void draw_secret(const struct nm_view *v, const struct placing *pl, struct canvas *cv,
                        const struct puzzle_state *s, const struct view_show *show)
{
	bool won = s->duel && numbermind_duel_won(s);
	for (int i = 0; i < v->digits; i++) {
		int d = won ? s->secret[i] : s->duel ? v->typed[i] : s->entry[i];
		bool cursor = !show->searching && !won && i == v->cur;
		bool held = !show->searching && i == v->held;
		bool marked = show->marks && note_has_cell(show->marks, i);
		const char *left = " ", *right = " ", *mid = d >= 0 ? digit_text[d] : "_";
		attr_t look = won ? style(ST_GOOD) : d >= 0 ? A_BOLD : style(ST_DIM);
		if (marked)
			look = style(ST_MARK);
		if (held) {
			left = ">", right = "<";
			mid = v->held_move + strcspn(v->held_move, "=") + 1;
			look = style(ST_GHOST_OK);
		} else if (cursor) {
			left = "[", right = "]";
			look = style(ST_CURSOR) | (d >= 0 ? A_BOLD : 0) | (marked ? A_UNDERLINE : 0);
		}
		int x = cell_x(pl, i);
		if (pl->f->pitch == 3) {
			canvas_put(cv, pl->secret_y, x, look, left);
			canvas_put(cv, pl->secret_y, x + 2, look, right);
		}
		canvas_put(cv, pl->secret_y, digit_x(pl, i), look, mid);
	}
	if (!pl->f->words)
		return;
	char label[48];
	if (won)
		snprintf(label, sizeof label, "the secret");
	else if (s->duel)
		snprintf(label, sizeof label, "guess %d", s->p.n_guesses + 1);
	else
		snprintf(label, sizeof label, "your secret");
	canvas_print(cv, pl->secret_y, pl->score_x + 2, style(ST_DIM), label);
}

/* Under each open place the digits it may still hold, each in its own
 * spot; a place with none left has a !.  live: the rules found no dead
 * end. */
static void draw_marks(const struct nm_view *v, const struct placing *pl, struct canvas *cv,
                       const struct puzzle_state *s, const uint16_t *possible, bool live, const struct view_show *show)
{
	for (int i = 0; i < v->digits; i++) {
		if (s->entry[i] >= 0)
			continue;
		unsigned mask = possible[i] & (unsigned)~s->crossed[i] & NM_ALL_DIGITS;
		if (!possible[i]) {
			canvas_put(cv, pl->cand_y, digit_x(pl, i), style(ST_BAD), "!");
			continue;
		}
		/* At a dead end the rules stopped part way: what they left is dim. */
		attr_t look = !live ? style(ST_DIM) : !show->searching && i == v->cur ? style(ST_NOTICE) : A_NORMAL;
		for (int d = 0; d < 10; d++) {
			if (!(mask >> d & 1))
				continue;
			if (pl->f->cand_rows == 10)
				canvas_put(cv, pl->cand_y + d, digit_x(pl, i), look, digit_text[d]);
			else
				canvas_put(cv, pl->cand_y + d / 2, cell_x(pl, i) + d % 2, look, digit_text[d]);
		}
	}
}

static void nv_draw(const struct view *vw, struct canvas *cv, const struct puzzle_state *s,
                    const struct view_show *show)
{
	const struct nm_view *v = CNV(vw);
	const struct placing *pl = show->searching ? &v->search : &v->play;
	/* A panel over the board's right part: the board stops short of it. */
	struct canvas room = *cv;
	if (show->searching && v->panel_x < pl->width)
		room = canvas_window(cv, 0, 0, cv->rows, v->panel_x - 1);
	uint16_t possible[NM_DIGITS_MAX];
	bool live = numbermind_possible(s, possible);
	int top = first_shown(v, pl->list_rows);
	draw_head(v, pl, &room, top, show, numbermind_duel_won(s));
	for (int r = 0; r < pl->list_rows && top + r < s->p.n_guesses; r++)
		draw_guess(v, pl, &room, s, possible, top + r, pl->list_y + r, show);
	if (s->p.n_guesses == 0)
		canvas_text(&room, pl->list_y, pl->x0, room.cols - pl->x0, style(ST_DIM), "No guesses yet: write one below");
	draw_rule(v, pl, &room, s->p.n_guesses - top - pl->list_rows);
	draw_secret(v, pl, &room, s, show);
	if (!s->duel)
		draw_marks(v, pl, &room, s, possible, live, show);
}

/* "3, 4 or 9" */
static void digits_words(unsigned mask, char *buf, size_t size)
{
	int n = 0, total = 0;
	size_t len = 0;
	for (int d = 0; d < 10; d++)
		total += mask >> d & 1;
	buf[0] = '\0';
	for (int d = 0; d < 10 && len < size; d++)
		if (mask >> d & 1) {
			n++;
			len += (size_t)snprintf(buf + len, size - len, "%s%d", n == 1 ? "" : n == total ? " or " : ", ", d);
		}
}

static void duel_status(const struct nm_view *v, const struct puzzle_state *s, char *buf, size_t size)
{
	int n = s->p.n_guesses, typed = 0;
	if (numbermind_duel_won(s)) {
		char secret[NM_DIGITS_MAX + 1];
		for (int i = 0; i < v->digits; i++)
			secret[i] = (char)('0' + s->secret[i]);
		secret[v->digits] = '\0';
		snprintf(buf, size, "You found the secret, %s, in %d guess%s", secret, n, n == 1 ? "" : "es");
		return;
	}
	for (int i = 0; i < v->digits; i++)
		typed += v->typed[i] >= 0;
	if (typed == v->digits)
		snprintf(buf, size, "Guess %d is written: Enter makes it", n + 1);
	else
		snprintf(buf, size, "Guess %d: %d of its %d digits written, place %d next", n + 1, typed, v->digits,
		         v->cur + 1);
}

/* The cursor's place in words: its digit, or the digits it may hold. */
static void nv_status(const struct view *vw, const struct puzzle_state *s, int cols, char *buf, size_t size)
{
	const struct nm_view *v = CNV(vw);
	if (v->digits < 1) {
		snprintf(buf, size, "No places");
		return;
	}
	if (s->duel) {
		duel_status(v, s, buf, size);
		return;
	}
	uint16_t possible[NM_DIGITS_MAX];
	char may[40];
	numbermind_possible(s, possible);
	int k = v->cur, bear = 0;
	if (s->entry[k] >= 0) {
		for (int g = 0; g < s->p.n_guesses; g++)
			bear += s->p.guess[g][k] == s->entry[k];
		if (bear)
			snprintf(buf, size, "Place %d: %d, as %d guess%s %s it", k + 1, s->entry[k], bear,
			         bear == 1 ? "" : "es", bear == 1 ? "has" : "have");
		else
			snprintf(buf, size, "Place %d: %d, which no guess has there", k + 1, s->entry[k]);
	} else if (!possible[k]) {
		snprintf(buf, size, "Place %d: no digit fits it any more", k + 1);
	} else {
		digits_words(possible[k], may, sizeof may);
		snprintf(buf, size, "Place %d: empty, may be %s", k + 1, may);
	}
	/* The hint's move in hand, said in short where the line is short. */
	if (v->held == k) {
		size_t n = strlen(buf);
		const char *enter = " (Enter: the hint's move)";
		if (textfit_width(buf) + textfit_width(enter) > cols)
			enter = " (Enter: hint)";
		snprintf(buf + n, size - n, "%s", enter);
	}
}

static void nv_count_words(const struct view *vw, const struct puzzle_state *s, const char *n, bool one, bool more,
                           char *buf, size_t size)
{
	(void)vw;
	bool entries = false;
	for (int i = 0; !s->duel && i < s->p.digits; i++)
		entries |= s->entry[i] >= 0;
	snprintf(buf, size, "%s%s secret%s %s %s", more ? "more than " : "", n, one && !more ? "" : "s",
	         s->duel ? (one && !more ? "still fits" : "still fit") : one && !more ? "fits" : "fit",
	         s->duel ? (s->p.n_guesses ? "your guesses" : "before your first guess")
	         : entries ? "the guesses and your digits" : "the guesses");
}

/* The keys of both modes, for the manual; each mode's own for its help
 * and reminder. */
#define KEYS_MOVE                                                                                            \
	{ "Left Right, h l", "move along the places", false, NULL },                                           \
	{ "Up Down, k j", "scroll the guesses", false, NULL },                                                  \
	{ "PgUp PgDn", "a page of guesses", false, NULL },                                                     \
	{ "Home End", "the first place, the last", false, NULL }

static const struct view_key puzzle_keys[] = {
	{ "0-9", "set the place", true, "put that digit in the cursor's place" },
	{ "Backspace Delete .", "clear", false, "clear the cursor's place" },
	{ "x 0-9", "cross out", false, "cross that digit out of the place's marks (again: back in); or right-click it" },
	KEYS_MOVE,
	{ "Enter", "play the hint's move", false, "play the move the last hint showed, at the cursor" },
	{ NULL, NULL, false, NULL },
};

static const struct view_key duel_keys[] = {
	{ "0-9", "write", true, "write that digit in the guess, and move on" },
	{ "Enter", "guess", true, "make the guess written" },
	{ "Backspace", "erase", false, "erase the digit before the cursor (Delete, .: the one under it)" },
	{ "Esc", "start the guess again", false, NULL },
	KEYS_MOVE,
	{ NULL, NULL, false, NULL },
};

static const struct view_key all_keys[] = {
	{ "0-9", "set the place", true, "the digit in the place; a duel: in the guess" },
	{ "Backspace Delete .", "clear", true, "clear the place; a duel: erase a digit" },
	{ "x 0-9", "cross out", false, "cross a digit out of the place's marks (again: back in)" },
	KEYS_MOVE,
	{ "Enter", "play", false, "the hint's move; a duel: make the guess" },
	{ "Esc", "start the guess again", false, "a duel: clear the guess written" },
	{ NULL, NULL, false, NULL },
};

static const struct view_key *nv_keys_of(const struct view *v)
{
	return CNV(v)->duel ? duel_keys : puzzle_keys;
}

static const char *const nv_mouse_help[] = {
	"click: on a column, move the cursor to that place",
	"click: on a digit under a place, put it there; in a duel, on a guess's digit, write it in the guess",
	NULL,
};

const struct view_ops numbermind_view_ops = {
	.serves = nv_serves,
	.new = nv_new,
	.free = nv_free,
	.size = nv_size,
	.layout = nv_layout,
	.panel = nv_panel,
	.event = nv_event,
	.sync = nv_sync,
	.drop = nv_drop,
	.hold = nv_hold,
	.draw = nv_draw,
	.status = nv_status,
	.keys = all_keys,
	.keys_of = nv_keys_of,
	.help_title = "The places",
	.keys_title = "On the places",
	.mouse = nv_mouse_help,
	.count_words = nv_count_words,
	.help = "Each guess is a row, each place of the secret a column; the cursor's column is reversed down "
	        "every guess.  In a guess, a digit your secret has there is in brackets, one it can no longer have "
	        "there is dim; a guess with all its right digits is ticked, one with too many or that can no longer "
	        "reach them has a !.  Under each empty place are the digits it may still hold, each in a spot "
	        "of its own, so that a row of them reads where a digit can still go.  "
	        "In a duel you write a guess under the list and Enter makes it; the game scores it.",
};
