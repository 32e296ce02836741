/* Range's view: the grid in a frame, three columns a cell, in the largest
 * of four forms that fits: every cell lined; lines between the columns
 * only; the frame alone; or the frame's top and bottom only.  A shaded cell is a solid block, a dot marks
 * a cell the player knows is unshaded, a blank is unknown.  A number is
 * bold while it is open, dim once it sees exactly its count for good, and
 * red with a ! when the marks let it see too many or too few.  The cursor
 * is its cell between brackets, so that it shows on a blank and on a
 * block alike, with colours or without.
 *
 * At 80x24 the board has 20 rows: a 9x9 grid lined (19 rows) fits, an
 * 11x11 (23) does not, so 11x11, 13x13 and 15x15 (grade 4) lose the
 * lines between rows there and keep those between columns; on 120x40
 * every shipped size is lined.  A 15x15 needs 21 rows even unlined, one
 * more than 60x20 leaves: there the screen says the size it needs. */
#include "config.h"

#include "ui/range_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/range_puzzle.h"
#include "puzzles/range_state.h"
#include "util/xalloc.h"

/* The search's panel beside or below the grid (play.c's figures). */
#define PANEL_W 34
#define PANEL_H 12
/* A cell's columns: room for a two-digit number and its ! */
#define CELL_W 3

/* Lines between rows (a row more a cell) and between columns (a column
 * more a cell); the frame's sides (two columns and the margin).  The
 * frame's top and bottom are always there: they cost rows, which the
 * widest grid has to spare, and they show where the grid ends.  The form
 * without sides is for the search beside a 15x15 at 80 columns: 45 + 1 +
 * the panel's 34. */
struct form {
	bool hlines, vlines, sides;
};

static const struct form forms[] = {
	{ true, true, true },     /* 7x7: 29 x 15, 15x15: 61 x 31 */
	{ false, true, true },    /* 15x15: 61 x 17 */
	{ false, false, true },   /* 15x15: 47 x 17 */
	{ false, false, false },  /* 15x15: 45 x 17 */
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

/* A form placed in the view's room, with the search's panel. */
struct placing {
	const struct form *f;
	int top, left;      /* the frame's top left */
	int bw, bh;         /* the board's size, frame included */
	int panel_y, panel_x, panel_h, panel_w;
};

struct range_view {
	struct view base;
	int w, h, cur;
	int held;             /* the cell of a hint's move in hand, or -1 */
	char held_move[32];
	/* The largest form that fits, for play; the largest that leaves the
	 * search's panel its room, for the search on screen. */
	struct placing play, search;
};

#define RV(v) ((struct range_view *)(v))
#define CRV(v) ((const struct range_view *)(v))

/* What a number sees, from the player's marks. */
enum clue_state {
	CLUE_OPEN,     /* it may still see its count */
	CLUE_DONE,     /* it sees exactly its count, and nothing can change that */
	CLUE_MANY,     /* its dots already let it see more */
	CLUE_FEW,      /* its shaded cells already hide too much */
};

/* ---- geometry ------------------------------------------------------------ */

static int pitch_x(const struct form *f)
{
	return CELL_W + f->vlines;
}

static int pitch_y(const struct form *f)
{
	return 1 + f->hlines;
}

/* Form f at the view's left, centred in its rows, if it fits. */
static bool place(const struct range_view *v, const struct form *f, int rows, int cols, struct placing *pl)
{
	pl->f = f;
	pl->bw = v->w * pitch_x(f) - f->vlines + 2 * f->sides;
	pl->bh = v->h * pitch_y(f) - f->hlines + 2;
	pl->left = f->sides;
	pl->top = rows > pl->bh ? (rows - pl->bh) / 2 : 0;
	return pl->left + pl->bw <= cols && pl->bh <= rows;
}

/* The search's panel: right of the grid if there is room, else below. */
static bool place_panel(struct placing *pl, int rows, int cols)
{
	int right = pl->left + pl->bw + 1 + pl->f->sides;
	if (cols - right >= PANEL_W && rows >= PANEL_H) {
		pl->panel_y = pl->top;
		pl->panel_x = right;
		pl->panel_h = rows - pl->top;
		pl->panel_w = cols - right;
		return true;
	}
	/* Below: the grid goes up to make the room. */
	pl->top = 0;
	pl->panel_y = pl->bh + 1 < rows ? pl->bh + 1 : rows;
	pl->panel_x = pl->left;
	pl->panel_h = rows - pl->panel_y;
	pl->panel_w = cols - pl->left;
	return pl->panel_h >= PANEL_H && pl->panel_w >= PANEL_W;
}

static int cell_y(const struct placing *pl, int r)
{
	return pl->top + 1 + r * pitch_y(pl->f);
}

static int cell_x(const struct placing *pl, int c)
{
	return pl->left + pl->f->sides + c * pitch_x(pl->f);
}

/* The cell at (y, x) of the view, or -1 (a line, the frame, outside). */
static int cell_at(const struct range_view *v, const struct placing *pl, int y, int x)
{
	int dy = y - pl->top - 1, dx = x - pl->left - pl->f->sides;
	if (dy < 0 || dx < 0 || dy % pitch_y(pl->f) >= 1 || dx % pitch_x(pl->f) >= CELL_W)
		return -1;
	int r = dy / pitch_y(pl->f), c = dx / pitch_x(pl->f);
	return r < v->h && c < v->w ? r * v->w + c : -1;
}

/* ---- the view's interface -------------------------------------------------- */

static bool rv_serves(const struct puzzle *pz)
{
	return pz == &range_puzzle;
}

static struct view *rv_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct range_view *v = xcalloc(1, sizeof *v);
	v->base.ops = &range_view_ops;
	v->w = s->w;
	v->h = s->h;
	v->held = -1;
	place(v, &forms[N_FORMS - 1], 0, 0, &v->play);
	place_panel(&v->play, 0, 0);
	v->search = v->play;
	return &v->base;
}

static void rv_free(struct view *v)
{
	free(v);
}

static void rv_size(const struct view *vw, int *min_rows, int *min_cols, int *best_rows, int *best_cols)
{
	const struct range_view *v = CRV(vw);
	struct placing small, big;
	place(v, &forms[N_FORMS - 1], 0, 0, &small);
	place(v, &forms[0], 0, 0, &big);
	*min_rows = small.bh;
	*min_cols = small.left + small.bw;
	*best_rows = big.bh > PANEL_H ? big.bh : PANEL_H;
	*best_cols = big.left + big.bw + 2 + PANEL_W;
}

/* For play, the largest form that fits; for the search, the largest that
 * also leaves its panel room, else the play's. */
static bool rv_layout(struct view *vw, int rows, int cols)
{
	struct range_view *v = RV(vw);
	int i = 0;
	while (i < N_FORMS && !place(v, &forms[i], rows, cols, &v->play))
		i++;
	if (i == N_FORMS)
		return false;
	for (int j = i; j < N_FORMS; j++) {
		if (place(v, &forms[j], rows, cols, &v->search) && place_panel(&v->search, rows, cols))
			return true;
	}
	v->search = v->play;
	place_panel(&v->search, rows, cols);
	return true;
}

static void rv_panel(const struct view *vw, int *y, int *x, int *rows, int *cols)
{
	const struct placing *pl = &CRV(vw)->search;
	*y = pl->panel_y;
	*x = pl->panel_x;
	*rows = pl->panel_h;
	*cols = pl->panel_w;
}

/* The move that marks the cursor's cell with what ("#", "." or "-"): a
 * mark already there is cleared instead. */
static enum view_result mark(struct range_view *v, const struct puzzle_state *s, int cell, char what,
                             struct view_out *out)
{
	if (s->clue[cell]) {
		snprintf(out->say, sizeof out->say, "A numbered cell is always unshaded");
		out->say_bad = true;
		return VIEW_SAY;
	}
	char now = "-.#"[s->mark[cell]];
	if (now == what)
		what = '-';
	strbuf_addf(&out->move, "%c%d,%d", what, cell / v->w + 1, cell % v->w + 1);
	return VIEW_MOVE;
}

static enum view_result rv_mouse(struct range_view *v, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	int cell = cell_at(v, &v->play, ev->row, ev->col);
	if (!ev->press || cell < 0 || (ev->button != 1 && ev->button != 3))
		return VIEW_IGNORED;
	v->cur = cell;
	return mark(v, s, cell, ev->button == 1 ? '#' : '.', out);
}

static enum view_result rv_event(struct view *vw, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	struct range_view *v = RV(vw);
	int r = v->cur / v->w, c = v->cur % v->w;
	if (ev->kind == TERM_MOUSE)
		return rv_mouse(v, s, ev, out);
	if (ev->kind != TERM_KEY || ev->ctrl)
		return VIEW_IGNORED;
	switch (ev->sym) {
	case KEY_SYM_UP: r = (r + v->h - 1) % v->h; break;
	case KEY_SYM_DOWN: r = (r + 1) % v->h; break;
	case KEY_SYM_LEFT: c = (c + v->w - 1) % v->w; break;
	case KEY_SYM_RIGHT: c = (c + 1) % v->w; break;
	case KEY_SYM_SPACE: return mark(v, s, v->cur, '#', out);
	case KEY_SYM_BACKSPACE: return mark(v, s, v->cur, '-', out);
	case KEY_SYM_ENTER:
		if (v->held != v->cur)
			return VIEW_IGNORED;
		strbuf_addf(&out->move, "%s", v->held_move);
		v->held = -1;
		return VIEW_MOVE;
	default:
		switch (ev->ch) {
		case 'k': r = (r + v->h - 1) % v->h; break;
		case 'j': r = (r + 1) % v->h; break;
		case 'h': c = (c + v->w - 1) % v->w; break;
		case 'l': c = (c + 1) % v->w; break;
		case 'x':
		case '#': return mark(v, s, v->cur, '#', out);
		case '.':
		case 'o': return mark(v, s, v->cur, '.', out);
		case '0': return mark(v, s, v->cur, '-', out);
		default: return VIEW_IGNORED;
		}
	}
	v->cur = r * v->w + c;
	return VIEW_HANDLED;
}

static void rv_sync(struct view *v, const struct puzzle_state *s)
{
	(void)s;
	RV(v)->held = -1;
}

static void rv_drop(struct view *v)
{
	RV(v)->held = -1;
}

/* A hint's move in hand: the cursor goes to its cell, Enter plays it. */
static bool rv_hold(struct view *vw, const struct puzzle_state *s, const char *move)
{
	struct range_view *v = RV(vw);
	int r, c;
	if (strchr(move, ';') || sscanf(move + 1, "%d,%d", &r, &c) != 2 || r < 1 || c < 1 || r > s->h || c > s->w)
		return false;
	v->cur = v->held = (r - 1) * v->w + c - 1;
	snprintf(v->held_move, sizeof v->held_move, "%s", move);
	return true;
}

/* ---- drawing ----------------------------------------------------------------- */

/* Where lines meet: the arms that are there (up, down, left, right). */
static const char *junction(bool up, bool down, bool left, bool right)
{
	/* by up * 8 + down * 4 + left * 2 + right */
	static const char *const utf8[16] = {
		[0x3] = "\u2500", [0xc] = "\u2502", [0x5] = "\u250c", [0x6] = "\u2510", [0x9] = "\u2514",
		[0xa] = "\u2518", [0x7] = "\u252c", [0xb] = "\u2534", [0xd] = "\u251c", [0xe] = "\u2524",
		[0xf] = "\u253c",
	};
	int k = up * 8 + down * 4 + left * 2 + right;
	if (!style_unicode())
		return k == 0x3 ? "-" : k == 0xc ? "|" : "+";
	return utf8[k] ? utf8[k] : " ";
}

/* The frame, and the lines between cells that the form has.  The lines
 * inside are dim beside the frame: the cells are what is read. */
static void draw_lines(const struct range_view *v, const struct placing *pl, struct canvas *cv)
{
	const struct form *f = pl->f;
	attr_t frame = style(ST_BORDER), inner = style(ST_BORDER) | A_DIM;
	int x1 = pl->left + pl->bw - 1, y1 = pl->top + pl->bh - 1;
	canvas_fill(cv, pl->top, pl->left, 1, pl->bw, frame, junction(false, false, true, true));
	canvas_fill(cv, y1, pl->left, 1, pl->bw, frame, junction(false, false, true, true));
	if (!f->sides)
		return;   /* no lines inside either: the last form */
	canvas_fill(cv, pl->top, pl->left, pl->bh, 1, frame, junction(true, true, false, false));
	canvas_fill(cv, pl->top, x1, pl->bh, 1, frame, junction(true, true, false, false));
	for (int r = 1; f->hlines && r < v->h; r++)
		canvas_fill(cv, cell_y(pl, r) - 1, pl->left + 1, 1, pl->bw - 2, inner, junction(false, false, true, true));
	for (int c = 1; f->vlines && c < v->w; c++)
		canvas_fill(cv, pl->top + 1, cell_x(pl, c) - 1, pl->bh - 2, 1, inner, junction(true, true, false, false));
	/* The crossings: every row of a line against every column of one. */
	for (int r = 0; r <= v->h; r++) {
		if (r > 0 && r < v->h && !f->hlines)
			continue;
		int y = r == 0 ? pl->top : r == v->h ? y1 : cell_y(pl, r) - 1;
		for (int c = 0; c <= v->w; c++) {
			if (c > 0 && c < v->w && !f->vlines)
				continue;
			int x = c == 0 ? pl->left : c == v->w ? x1 : cell_x(pl, c) - 1;
			bool edge = r == 0 || r == v->h || c == 0 || c == v->w;
			canvas_put(cv, y, x, edge ? frame : inner, junction(r > 0, r < v->h, c > 0, c < v->w));
		}
	}
}

/* How many cells the number at k sees, its own included: at least (the
 * unshaded ones in a row from it), at most (up to a shaded cell or the
 * edge). */
static void sight(const struct range_grid *g, int k, int *least, int *most)
{
	*least = *most = 1;
	for (int dir = 0; dir < 4; dir++) {
		int l, m;
		range_grid_sight(g, k, dir, &l, &m);
		*least += l;
		*most += m;
	}
}

static enum clue_state clue_state_of(int clue, int least, int most)
{
	if (least > clue)
		return CLUE_MANY;
	if (most < clue)
		return CLUE_FEW;
	return least == most ? CLUE_DONE : CLUE_OPEN;
}

/* Each number's state, into state[] (one per cell; others CLUE_OPEN). */
static void clue_states(const struct puzzle_state *s, enum clue_state *state)
{
	struct range_grid *g = range_puzzle_grid(s);
	for (int k = 0; k < s->n; k++) {
		int least, most;
		state[k] = CLUE_OPEN;
		if (s->clue[k]) {
			sight(g, k, &least, &most);
			state[k] = clue_state_of(s->clue[k], least, most);
		}
	}
	range_grid_free(g);
}

/* A cell's three columns: what each shows, and the look of the cell. */
struct cell_face {
	const char *col[CELL_W];
	attr_t look;
};

/* A number: right in its three columns with room for its ! on the right;
 * bold while open, dim once done, the bad look and a ! when wrong. */
static void number_face(int clue, enum clue_state st, struct cell_face *cf)
{
	static const char *const digit[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	bool wrong = st == CLUE_MANY || st == CLUE_FEW;
	cf->col[0] = clue >= 10 ? digit[clue / 10 % 10] : " ";
	cf->col[1] = digit[clue % 10];
	cf->col[2] = wrong ? "!" : " ";
	cf->look = wrong ? style(ST_BAD) : st == CLUE_DONE ? style(ST_DIM) : A_BOLD;
}

static void draw_cell(const struct range_view *v, const struct placing *pl, struct canvas *cv,
                      const struct puzzle_state *s, int k, enum clue_state st, const struct view_show *show)
{
	struct cell_face cf = { { " ", " ", " " }, A_NORMAL };
	const char *block = style_unicode() ? "\u2588" : "#";
	const char *dot = style_unicode() ? "\u2022" : ".";
	bool marked = show->marks && note_has_cell(show->marks, k);
	bool cursor = !show->searching && k == v->cur;
	bool held = !show->searching && k == v->held;
	if (s->clue[k])
		number_face(s->clue[k], st, &cf);
	else if (s->mark[k] == RANGE_BLACK)
		cf.col[0] = cf.col[1] = cf.col[2] = block;
	else if (s->mark[k] == RANGE_WHITE)
		cf.col[1] = dot;
	/* A block would fill a marked or chosen ground whole and hide it:
	 * there it is the middle column alone. */
	bool shaded = !s->clue[k] && s->mark[k] == RANGE_BLACK;
	if (marked) {
		cf.look = style(ST_MARK) | (s->clue[k] ? A_BOLD : 0);
		if (shaded)
			cf.col[0] = cf.col[2] = " ";
	}
	if (held) {
		/* The hint's move, ghosted where it goes, pointed at. */
		cf.col[0] = ">";
		cf.col[1] = v->held_move[0] == '#' ? block : v->held_move[0] == '.' ? dot : " ";
		cf.col[2] = "<";
		cf.look = style(ST_GHOST_OK);
	} else if (cursor) {
		if (shaded)
			cf.col[0] = cf.col[2] = " ";
		if (!strcmp(cf.col[0], " "))
			cf.col[0] = "[";
		if (!strcmp(cf.col[2], " "))
			cf.col[2] = "]";
		cf.look = st == CLUE_MANY || st == CLUE_FEW ? style(ST_BAD) | A_REVERSE
		          : marked                         ? style(ST_CURSOR) | A_UNDERLINE
		                                           : style(ST_CURSOR) | (s->clue[k] && st == CLUE_OPEN ? A_BOLD : 0);
	}
	int y = cell_y(pl, k / v->w), x = cell_x(pl, k % v->w);
	for (int i = 0; i < CELL_W; i++)
		canvas_put(cv, y, x + i, cf.look, cf.col[i]);
}

static void rv_draw(const struct view *vw, struct canvas *cv, const struct puzzle_state *s,
                    const struct view_show *show)
{
	const struct range_view *v = CRV(vw);
	const struct placing *pl = show->searching ? &v->search : &v->play;
	enum clue_state *state = xmalloc(sizeof *state * (size_t)s->n);
	clue_states(s, state);
	draw_lines(v, pl, cv);
	for (int k = 0; k < s->n; k++)
		draw_cell(v, pl, cv, s, k, state[k], show);
	free(state);
}

/* The cursor's cell in words; a number says what it sees so far. */
static void rv_status(const struct view *vw, const struct puzzle_state *s, int cols, char *buf, size_t size)
{
	/* No shorter words for a clue: a line too long wraps on screen. */
	(void)cols;
	const struct range_view *v = CRV(vw);
	int k = v->cur, r = k / v->w + 1, c = k % v->w + 1;
	if (!s->clue[k]) {
		const char *what = s->mark[k] == RANGE_BLACK ? "shaded" : s->mark[k] == RANGE_WHITE ? "unshaded" : "unknown";
		snprintf(buf, size, "Row %d, column %d: %s%s", r, c, what, v->held == k ? " (Enter: the hint's move)" : "");
		return;
	}
	struct range_grid *g = range_puzzle_grid(s);
	int least, most;
	sight(g, k, &least, &most);
	range_grid_free(g);
	int n = s->clue[k];
	switch (clue_state_of(n, least, most)) {
	case CLUE_MANY:
		snprintf(buf, size, "Row %d, column %d: the %d sees %d cells already: too many", r, c, n, least);
		break;
	case CLUE_FEW:
		snprintf(buf, size, "Row %d, column %d: the %d can see only %d cells: too few", r, c, n, most);
		break;
	case CLUE_DONE:
		snprintf(buf, size, "Row %d, column %d: the %d sees its %d cells: done", r, c, n, n);
		break;
	case CLUE_OPEN:
		snprintf(buf, size, "Row %d, column %d: the %d can see %d to %d cells", r, c, n, least, most);
		break;
	}
}

static const struct view_key rv_keys[] = {
	{ "arrows, h j k l", "move the cursor", false, NULL },
	{ "space, x, #", "shade", true, "shade the cell (again: clear it)" },
	{ ". o", "dot", true, "mark the cell unshaded with a dot (again: clear it)" },
	{ "Backspace, 0", "clear", true, NULL },
	{ "Enter", "play the hint's move", false, "play the move the last hint showed, at the cursor" },
	{ NULL, NULL, false, NULL },
};

static const char *const rv_mouse_help[] = {
	"click: shade the cell (again: clear it)",
	"right click: a dot, for a cell known unshaded (again: clear it)",
	NULL,
};

const struct view_ops range_view_ops = {
	.serves = rv_serves,
	.new = rv_new,
	.free = rv_free,
	.size = rv_size,
	.layout = rv_layout,
	.panel = rv_panel,
	.event = rv_event,
	.sync = rv_sync,
	.drop = rv_drop,
	.hold = rv_hold,
	.draw = rv_draw,
	.status = rv_status,
	.keys = rv_keys,
	.help_title = "The grid",
	.keys_title = "On the grid",
	.mouse = rv_mouse_help,
	.help = "Shaded cells are solid blocks; a dot marks a cell you know is unshaded (dots are your notes: "
	        "the puzzle is solved when the shading keeps the rules).  A number is bold while open, dim once "
	        "it sees exactly its count, and marked with ! (and red) when it sees too many or can no longer "
	        "see enough.  The cursor's cell is in brackets; a hint's move in hand shows in its cell between > and <.",
};
