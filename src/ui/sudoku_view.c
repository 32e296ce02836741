#include "config.h"

#include "ui/sudoku_view.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/sudoku_puzzle.h"
#include "ui/keys.h"
#include "ui/style.h"
#include "util/textfit.h"
#include "util/u128.h"
#include "util/xalloc.h"

/* The search's panel beside or below the grid needs this much room
 * (play.c's draw_search_panel: a title, eight rows of figures, a bar). */
#define PANEL_W 34
#define PANEL_H 12

/* The forms a grid can take, largest first.  Where a cell has room for
 * every pencil mark as its digit, each digit in a place of its own (a 3x3
 * like the box, or 1-5 above 6-9), every mark of every cell shows; in the
 * smallest cells, and in every grid past 9x9, one digit's marks show.
 *
 * Across, the cells of a box are parted by a thin line or by blank
 * columns (gap), and kept pad columns from a box's rule; down, by a thin
 * line or nothing: a cell's rows are what a 9x9 grid can least spare.  At
 * 80x24 the game screen leaves the grid 20 rows (the title, two status
 * lines and the key reminder take four): nine cells two rows high and the
 * two rules between the boxes fill them, with no row for a border, so
 * that form has none and its boxes are set apart by their rules alone,
 * as on a noughts-and-crosses board.  A border cut off at the top and
 * bottom would read as a grid cut short. */
struct form {
	int cw, ch;      /* a cell's width and height */
	bool lines;      /* thin lines part the cells of a box */
	int gap, pad;    /* else: blank columns between its cells, and beside its rules */
	bool frame;      /* the heavy border round the grid */
};

static const struct form forms[] = {
	{ 7, 3, true, 0, 0, true },   /* marks in a 3x3, every cell lined: 74 x 37 for a 9x9 */
	{ 5, 3, false, 3, 1, true },  /* marks in a 3x3, box rules only: 74 x 31 (120x40) */
	{ 5, 2, false, 2, 1, true },  /* marks 1-5 over 6-9: 68 x 22 */
	{ 5, 2, false, 2, 1, false }, /* the same, no border: 66 x 20 (80x24) */
	{ 3, 1, true, 0, 0, true },   /* one digit's marks: 38 x 19 */
	{ 3, 1, false, 0, 0, true },  /* 32 x 13 */
	{ 3, 1, false, 0, 0, false }, /* past 9x9 only: a 16x16's at 80x24, 51 x 19 */
};

#define N_FORMS ((int)(sizeof forms / sizeof *forms))

/* The forms a grid may take: the last, without a border, only past 9x9
 * (a 9x9 has its border at any size it fits, as it always had). */
static int n_forms(int side)
{
	return side > 9 ? N_FORMS : N_FORMS - 1;
}

/* One direction of a form: a cell's extent, what parts two cells of a box
 * (a line is 1), the blank beside a box's rule, and the border's width. */
struct axis {
	int cell, sep, pad, outer;
};

static struct axis axis_across(const struct form *f)
{
	return (struct axis){ f->cw, f->lines ? 1 : f->gap, f->lines ? 0 : f->pad, f->frame };
}

static struct axis axis_down(const struct form *f)
{
	return (struct axis){ f->ch, f->lines ? 1 : 0, 0, f->frame };
}

/* A box's extent between its rules, box cells along this direction. */
static int box_span(struct axis a, int box)
{
	return 2 * a.pad + box * a.cell + (box - 1) * a.sep;
}

/* The grid's, borders included: boxes of box cells, side cells along. */
static int extent(struct axis a, int box, int side)
{
	int boxes = side / box;
	return 2 * a.outer + boxes * box_span(a, box) + boxes - 1;
}

/* Where cell row (or column) i begins, from the grid's edge. */
static int cell_offset(struct axis a, int box, int i)
{
	return a.outer + i / box * (box_span(a, box) + 1) + a.pad + i % box * (a.cell + a.sep);
}

/* Where the line before cell row (or column) i lies (i = side: the last
 * border); -1 for the border of a form that has none. */
static int line_offset(struct axis a, int box, int i)
{
	if (i % box == 0)
		return a.outer + i / box * (box_span(a, box) + 1) - 1;
	return cell_offset(a, box, i) - 1;
}

/* A form placed in the view's room, with the search's panel. */
struct placing {
	const struct form *f;
	int top, left;           /* the grid's top left */
	int bw, bh;              /* its size, borders included */
	int panel_y, panel_x, panel_h, panel_w;
};

struct sudoku_view {
	struct view base;
	const struct sudoku_grid_geom *geo; /* shared (sudoku_grid_geom_get) */
	int box_rows, box_cols, side;
	int cur;                 /* the cursor's cell */
	int pending;             /* past 9: the first figure of a number typed, 0: none */
	bool mark_mode;          /* digits toggle pencil marks */
	bool auto_clear;         /* a digit entered leaves its peers' marks */
	bool conflicts;          /* a digit twice in a unit is marked */
	int shown;               /* where marks cannot sit in place: the digit whose marks the cells show */
	int rows, cols;          /* the room, as last laid out */
	int held_cell, held_digit; /* a hint's digit in hand, -1: none */
	struct view_map map;     /* the map of the ways to finish, as the game screen last gave it */
	/* The layout: the largest form that fits, for play; and the largest
	 * that leaves the search's panel its room, for the search on screen
	 * (the grid shrinks while it runs rather than hide every mark for
	 * the whole game). */
	struct placing play, search;
};

#define SV(v) ((struct sudoku_view *)(v))
#define CSV(v) ((const struct sudoku_view *)(v))

static void set_size(struct sudoku_view *sv, const struct sudoku_grid *g)
{
	sv->box_rows = g->box_rows;
	sv->box_cols = g->box_cols;
	sv->side = g->side;
	sv->geo = sudoku_grid_geom_of(g);
	sv->pending = 0;
	if (sv->cur >= sv->side * sv->side)
		sv->cur = 0;
	if (sv->shown < 1 || sv->shown > sv->side)
		sv->shown = 1;
}

/* ---- geometry ------------------------------------------------------------ */

static int cell_y(const struct sudoku_view *sv, const struct placing *pl, int r)
{
	return pl->top + cell_offset(axis_down(pl->f), sv->box_rows, r);
}

static int cell_x(const struct sudoku_view *sv, const struct placing *pl, int c)
{
	return pl->left + cell_offset(axis_across(pl->f), sv->box_cols, c);
}

/* The cell at (y, x) of the view as the player sees it, or -1. */
static int cell_at(const struct sudoku_view *sv, int y, int x)
{
	const struct placing *pl = &sv->play;
	int row = -1, col = -1;
	for (int i = 0; i < sv->side; i++) {
		int cy = cell_y(sv, pl, i), cx = cell_x(sv, pl, i);
		if (y >= cy && y < cy + pl->f->ch)
			row = i;
		if (x >= cx && x < cx + pl->f->cw)
			col = i;
	}
	return row < 0 || col < 0 ? -1 : row * sv->side + col;
}

/* Pencil marks drawn where they sit in a small grid inside the cell (a
 * box's shape when the cell is as tall as a box, else two rows: 1-5 over
 * 6-9), each digit always in its place; or, when the cell has no room for
 * them all (every grid past 9x9: a number there takes two figures, and
 * sixteen of them would need cells eleven columns wide), one digit's: the
 * cells show where the digit chosen is pencilled, and the panel beside the
 * grid spells out the cursor's marks.  rows x cols, the steps between
 * columns and rows, the top left. */
struct mark_grid {
	bool positional;
	int rows, cols, step, ystep, y, x;
};

static struct mark_grid mark_grid(const struct sudoku_view *sv, const struct form *f)
{
	struct mark_grid m = { 0 };
	int cw = f->cw, ch = f->ch;
	if (sv->side > 9) {
		return m;
	} else if (ch >= sv->box_rows) {
		m.rows = sv->box_rows;
		m.cols = sv->box_cols;
	} else if (ch >= 2) {
		m.rows = 2;
		m.cols = (sv->side + 1) / 2;
	} else {
		return m;
	}
	if (cw >= 2 * m.cols - 1)
		m.step = 2;
	else if (cw >= m.cols)
		m.step = 1;
	else
		return m;
	m.positional = true;
	m.ystep = ch >= 2 * m.rows - 1 ? 2 : 1;
	m.x = (cw - (m.step * (m.cols - 1) + 1)) / 2;
	m.y = (ch - (m.ystep * (m.rows - 1) + 1)) / 2;
	return m;
}

/* The cells show one digit's marks, not each cell's all. */
static bool one_digit(const struct sudoku_view *sv)
{
	return !mark_grid(sv, sv->play.f).positional;
}

/* ---- moves ---------------------------------------------------------------- */

static enum view_result tell(struct view_out *out, bool bad, const char *fmt, ...) LD_PRINTF(3, 4);

static enum view_result tell(struct view_out *out, bool bad, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(out->say, sizeof out->say, fmt, ap);
	va_end(ap);
	out->say_bad = bad;
	return VIEW_SAY;
}

static bool is_given(const struct puzzle_state *s, int cell)
{
	return sudoku_state_givens(s)->v[cell] != 0;
}

static void add_move(struct view_out *out, const char *move)
{
	strbuf_addf(&out->move, "%s%s", out->move.len ? ";" : "", move);
}

/* Digit d in cell, and, when the setting says so, d out of the marks of
 * the cells that see it (those under a digit too: they show again when it
 * is cleared): one move, so one undo takes it all back. */
static enum view_result enter(struct sudoku_view *sv, const struct puzzle_state *s, int cell, int d,
                              struct view_out *out)
{
	const struct sudoku_grid *g = sudoku_state_grid(s);
	char m[32];
	sudoku_move_enter(g, cell, d, m, sizeof m);
	add_move(out, m);
	if (sv->auto_clear && d)
		for (int i = 0; i < sv->geo->n_peers; i++) {
			int p = sv->geo->peer[cell][i];
			if (is_given(s, p) || !(sudoku_state_marks(s, p) & sudoku_grid_bit(d)))
				continue;
			sudoku_move_mark(g, p, d, '-', m, sizeof m);
			add_move(out, m);
		}
	return VIEW_MOVE;
}

static enum view_result digit_key(struct sudoku_view *sv, const struct puzzle_state *s, int d, struct view_out *out)
{
	const struct sudoku_grid *g = sudoku_state_grid(s);
	int cell = sv->cur;
	char name[16], m[32];
	sudoku_cell_name(g, cell, name, sizeof name);
	if (d > sv->side)
		return tell(out, true, "This grid takes the digits 1 to %d", sv->side);
	/* The digit typed is the one the player thinks of: its marks show. */
	sv->shown = d;
	/* The cursor stays where it is, as in play: a digit typed, then an
	 * arrow, is the next cell's. */
	if (sudoku_state_setup(s)) {
		if (is_given(s, cell) && g->v[cell] == d)
			return VIEW_HANDLED;
		sudoku_move_given(g, cell, d, m, sizeof m);
		add_move(out, m);
		return VIEW_MOVE;
	}
	if (is_given(s, cell))
		return tell(out, true, "%s is given: its %d is part of the puzzle", name, g->v[cell]);
	if (sv->mark_mode) {
		if (g->v[cell])
			return tell(out, true, "%s holds a %d: clear it (0) to pencil marks in", name, g->v[cell]);
		sudoku_move_mark(g, cell, d, '^', m, sizeof m);
		add_move(out, m);
		return VIEW_MOVE;
	}
	if (g->v[cell] == d)
		return VIEW_HANDLED;
	return enter(sv, s, cell, d, out);
}

/* 0, ., x, Backspace. */
static enum view_result clear_key(struct sudoku_view *sv, const struct puzzle_state *s, struct view_out *out)
{
	const struct sudoku_grid *g = sudoku_state_grid(s);
	int cell = sv->cur;
	char name[16], m[32];
	sudoku_cell_name(g, cell, name, sizeof name);
	if (sudoku_state_setup(s)) {
		if (!g->v[cell])
			return VIEW_HANDLED;
		sudoku_move_given(g, cell, 0, m, sizeof m);
		add_move(out, m);
		return VIEW_MOVE;
	}
	if (is_given(s, cell))
		return tell(out, true, "%s is given: its %d is part of the puzzle", name, g->v[cell]);
	if (g->v[cell])
		return enter(sv, s, cell, 0, out);
	/* A blank cell: clearing it takes its pencil marks away. */
	sudoku_grid_mask marks = sudoku_state_marks(s, cell);
	if (!marks)
		return VIEW_HANDLED;
	for (int d = 1; d <= sv->side; d++)
		if (marks & sudoku_grid_bit(d)) {
			sudoku_move_mark(g, cell, d, '-', m, sizeof m);
			add_move(out, m);
		}
	return VIEW_MOVE;
}

/* The cursor stops at the edges, as on the other families' boards. */
static void move_cursor(struct sudoku_view *sv, int dr, int dc)
{
	int n = sv->side, r = sv->cur / n + dr, c = sv->cur % n + dc;
	if (r < 0 || r >= n || c < 0 || c >= n)
		return;
	sv->cur = r * n + c;
	sv->held_cell = -1;
}

static enum view_result letter_key(struct sudoku_view *sv, const struct puzzle_state *s, long ch,
                                   struct view_out *out)
{
	bool setup = sudoku_state_setup(s);
	switch (ch) {
	case 'm':
		if (setup)
			return tell(out, false, "Pencil marks come once the givens are fixed (F)");
		sv->mark_mode = !sv->mark_mode;
		return VIEW_HANDLED;
	case 'M':
		if (setup)
			return tell(out, false, "Pencil marks come once the givens are fixed (F)");
		add_move(out, "marks");
		snprintf(out->say, sizeof out->say, "Every blank cell's marks are now its candidates (u takes them back)");
		return VIEW_MOVE;
	case 'F':
		if (!setup)
			return tell(out, false, "The givens are fixed already");
		add_move(out, "fix");
		out->new_puzzle = true; /* the game says whether it is proper */
		return VIEW_MOVE;
	case 'a':
		sv->auto_clear = !sv->auto_clear;
		return tell(out, false, sv->auto_clear
		                            ? "A digit entered now leaves the marks of its row, column and box (a: off)"
		                            : "A digit entered now leaves the other marks as they are (a: on)");
	case '[':
	case ']':
		if (!one_digit(sv))
			return tell(out, false, "Every mark shows in its cell here: [ and ] are for smaller cells");
		sv->shown = (sv->shown - 1 + (ch == ']' ? 1 : sv->side - 1)) % sv->side + 1;
		return tell(out, false, "The cells now show where %d is pencilled ([ ]: another digit)", sv->shown);
	case '!':
		sv->conflicts = !sv->conflicts;
		return tell(out, false, sv->conflicts ? "A digit twice in a row, column or box is marked ! (!: off)"
		                                      : "Digits twice in a unit are no longer marked (!: on)");
	default:
		return VIEW_IGNORED;
	}
}

/* Form f at the view's top left, if it fits rows x cols. */
static bool place(const struct sudoku_view *sv, const struct form *f, int rows, int cols, struct placing *pl)
{
	pl->f = f;
	pl->bw = extent(axis_across(f), sv->box_cols, sv->side);
	pl->bh = extent(axis_down(f), sv->box_rows, sv->side);
	pl->left = 1;
	pl->top = 0;
	return f - forms < n_forms(sv->side) && pl->bw + 1 <= cols && pl->bh <= rows;
}

/* The search's panel: right of the grid if there is room, else below. */
static bool place_panel(struct placing *pl, int rows, int cols)
{
	int right = pl->left + pl->bw + 2;
	if (cols - right >= PANEL_W && rows >= PANEL_H) {
		pl->panel_y = 0;
		pl->panel_x = right;
		pl->panel_h = rows;
		pl->panel_w = cols - right;
		return true;
	}
	int below = pl->top + pl->bh + 1;
	pl->panel_y = below < rows ? below : rows;
	pl->panel_x = pl->left;
	pl->panel_h = rows - pl->panel_y;
	pl->panel_w = cols - pl->left;
	return pl->panel_h >= PANEL_H && pl->panel_w >= PANEL_W;
}

/* ---- the view's interface ------------------------------------------------ */

static bool sv_serves(const struct puzzle *pz)
{
	return sudoku_puzzle_is(pz);
}

static struct view *sv_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct sudoku_view *sv = xcalloc(1, sizeof *sv);
	sv->base.ops = &sudoku_view_ops;
	sv->auto_clear = true;
	sv->conflicts = true;
	sv->held_cell = -1;
	sv->shown = 1;
	set_size(sv, sudoku_state_grid(s));
	struct placing *pl[] = { &sv->play, &sv->search };
	for (int i = 0; i < 2; i++) {
		place(sv, &forms[N_FORMS - 1], 0, 0, pl[i]);
		place_panel(pl[i], 0, 0);
	}
	return &sv->base;
}

static void sv_free(struct view *v)
{
	free(v);
}

static void sv_size(const struct view *v, int *min_rows, int *min_cols, int *best_rows, int *best_cols)
{
	const struct sudoku_view *sv = CSV(v);
	const struct form *small = &forms[n_forms(sv->side) - 1], *big = &forms[0];
	*min_rows = extent(axis_down(small), sv->box_rows, sv->side);
	*min_cols = 1 + extent(axis_across(small), sv->box_cols, sv->side);
	int h = extent(axis_down(big), sv->box_rows, sv->side);
	*best_rows = h > PANEL_H ? h : PANEL_H;
	*best_cols = 1 + extent(axis_across(big), sv->box_cols, sv->side) + 2 + PANEL_W;
}

/* For play, the largest form that fits; for the search, the largest that
 * also leaves its panel room, else the play's. */
static bool sv_layout(struct view *v, int rows, int cols)
{
	struct sudoku_view *sv = SV(v);
	sv->rows = rows;
	sv->cols = cols;
	int i = 0;
	while (i < N_FORMS && !place(sv, &forms[i], rows, cols, &sv->play))
		i++;
	if (i == N_FORMS)
		return false;
	place_panel(&sv->play, rows, cols);
	for (int j = i; j < N_FORMS; j++)
		if (place(sv, &forms[j], rows, cols, &sv->search) && place_panel(&sv->search, rows, cols))
			return true;
	sv->search = sv->play;
	return true;
}

static void sv_panel(const struct view *v, int *y, int *x, int *rows, int *cols)
{
	const struct placing *pl = &CSV(v)->search;
	*y = pl->panel_y;
	*x = pl->panel_x;
	*rows = pl->panel_h;
	*cols = pl->panel_w;
}

/* A key after the first figure of a number (grids past 9x9): a second
 * figure makes the number, Enter or space takes the figure alone; any
 * other key lets the figure go and is a key as ever (false). */
static bool number_key(struct sudoku_view *sv, const struct puzzle_state *s, const struct term_event *ev,
                       struct view_out *out, enum view_result *r)
{
	int f = sv->pending;
	sv->pending = 0;
	if (ev->sym == KEY_SYM_ENTER || ev->sym == KEY_SYM_SPACE) {
		*r = digit_key(sv, s, f, out);
		return true;
	}
	if (ev->ch < '0' || ev->ch > '9')
		return false;
	int n = f * 10 + (int)(ev->ch - '0');
	*r = n > sv->side ? tell(out, true, "This grid takes the digits 1 to %d, not %d", sv->side, n)
	                  : digit_key(sv, s, n, out);
	return true;
}

static enum view_result sv_event(struct view *v, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	struct sudoku_view *sv = SV(v);
	if (ev->kind == TERM_MOUSE) {
		if (!ev->press || ev->button != 1)
			return VIEW_IGNORED;
		int cell = cell_at(sv, ev->row, ev->col);
		if (cell < 0)
			return VIEW_IGNORED;
		if (cell != sv->cur)
			sv->held_cell = -1;
		sv->cur = cell;
		return VIEW_HANDLED;
	}
	if (ev->kind != TERM_KEY || ev->ctrl)
		return VIEW_IGNORED;
	enum view_result r;
	if (sv->pending && number_key(sv, s, ev, out, &r))
		return r;
	switch (ev->sym) {
	case KEY_SYM_BACKSPACE:
		return clear_key(sv, s, out);
	case KEY_SYM_ENTER:
	case KEY_SYM_SPACE:
		if (sv->held_cell >= 0 && sv->held_cell == sv->cur)
			return enter(sv, s, sv->held_cell, sv->held_digit, out);
		return tell(out, false, "Type a digit to enter it, 0 to clear it (m: pencil marks)");
	case KEY_SYM_ESCAPE:
		if (sv->held_cell < 0)
			return VIEW_IGNORED;
		sv->held_cell = -1;
		return VIEW_HANDLED;
	default:
		break;
	}
	int dr, dc;
	if (key_step(key_action(CTX_PLAY, ev), &dr, &dc)) {
		move_cursor(sv, dr, dc);
		return VIEW_HANDLED;
	}
	long ch = ev->ch;
	if (ch >= '1' && ch <= '9' && (ch - '0') * 10 <= sv->side) {
		/* the first figure of a number past 9, or a digit alone */
		int f = (int)(ch - '0'), last = f * 10 + 9 < sv->side ? f * 10 + 9 : sv->side;
		sv->pending = f;
		return tell(out, false, "%d: type a second figure for %d-%d, or Enter for %d", f, f * 10, last, f);
	}
	if (ch >= '1' && ch <= '9')
		return digit_key(sv, s, (int)(ch - '0'), out);
	if (ch == '0' || ch == '.' || ch == 'x')
		return clear_key(sv, s, out);
	return letter_key(sv, s, ch, out);
}

static void sv_sync(struct view *v, const struct puzzle_state *s)
{
	struct sudoku_view *sv = SV(v);
	const struct sudoku_grid *g = sudoku_state_grid(s);
	if (g->box_rows != sv->box_rows || g->box_cols != sv->box_cols)
		set_size(sv, g);
	/* A hint's digit belongs to the position it was given for. */
	sv->held_cell = -1;
	if (sudoku_state_setup(s))
		sv->mark_mode = false;
}

static void sv_drop(struct view *v)
{
	SV(v)->held_cell = -1;
}

/* A hint's last tier, "r3c5=7": the cursor goes there with 7 in hand. */
static bool sv_hold(struct view *v, const struct puzzle_state *s, const char *move)
{
	struct sudoku_view *sv = SV(v);
	int r, c, d, used = 0;
	if (sscanf(move, "r%dc%d=%d%n", &r, &c, &d, &used) != 3 || move[used] != '\0')
		return false;
	if (r < 1 || r > sv->side || c < 1 || c > sv->side || d < 1 || d > sv->side)
		return false;
	int cell = (r - 1) * sv->side + c - 1;
	if (is_given(s, cell))
		return false;
	sv->cur = sv->held_cell = cell;
	sv->held_digit = d;
	return true;
}

/* ---- drawing ----------------------------------------------------------------- */

enum weight { W_NONE, W_LIGHT, W_HEAVY };

/* Is line i (0..side) of a grid of boxes box cells long drawn, and how? */
static enum weight line_weight(const struct sudoku_view *sv, const struct form *f, int box, int i)
{
	if (i % box == 0)
		return (i == 0 || i == sv->side) && !f->frame ? W_NONE : W_HEAVY;
	return f->lines ? W_LIGHT : W_NONE;
}

/* Where vertical lines (v) of weight vw meet horizontal ones of weight
 * hw; up, down, left, right: whether the arm is there (the border has
 * three arms, a corner two). */
static const char *junction(enum weight vw, enum weight hw, bool up, bool down, bool left, bool right)
{
	bool hv = vw == W_HEAVY, hh = hw == W_HEAVY;
	if (!style_unicode()) {
		if (hv && hh)
			return "+";
		if (hh)
			return "=";
		if (hv)
			return "|";
		return "+";
	}
	if (!up && !left)
		return "\u250f";                            /* ┏ */
	if (!up && !right)
		return "\u2513";                            /* ┓ */
	if (!down && !left)
		return "\u2517";                            /* ┗ */
	if (!down && !right)
		return "\u251b";                            /* ┛ */
	if (!up)
		return hv ? "\u2533" : "\u252f";            /* ┳ ┯ */
	if (!down)
		return hv ? "\u253b" : "\u2537";            /* ┻ ┷ */
	if (!left)
		return hh ? "\u2523" : "\u2520";            /* ┣ ┠ */
	if (!right)
		return hh ? "\u252b" : "\u2528";            /* ┫ ┨ */
	if (hv && hh)
		return "\u254b";                            /* ╋ */
	if (hv)
		return "\u2542";                            /* ╂ */
	if (hh)
		return "\u253f";                            /* ┿ */
	return "\u253c";                                /* ┼ */
}

static const char *hline_glyph(enum weight w)
{
	if (!style_unicode())
		return w == W_HEAVY ? "=" : "-";
	return w == W_HEAVY ? "\u2501" : "\u2500";
}

static const char *vline_glyph(enum weight w)
{
	if (!style_unicode())
		return w == W_HEAVY ? "|" : ":";
	return w == W_HEAVY ? "\u2503" : "\u2502";
}

static void draw_lines(const struct sudoku_view *sv, const struct placing *pl, struct canvas *cv)
{
	const struct form *f = pl->f;
	struct axis ax = axis_across(f), ay = axis_down(f);
	int n = sv->side;
	attr_t a = style(ST_BORDER);
	/* The lines first, then the crossings over them.  A form without a
	 * border has no arm beyond the grid's edge: its crossings are all
	 * inside. */
	/* Lines across part rows (boxes box_rows high); lines down part
	 * columns (boxes box_cols wide). */
	for (int i = 0; i <= n; i++) {
		enum weight w = line_weight(sv, f, sv->box_rows, i);
		if (w != W_NONE)
			canvas_fill(cv, pl->top + line_offset(ay, sv->box_rows, i), pl->left, 1, pl->bw, a, hline_glyph(w));
		w = line_weight(sv, f, sv->box_cols, i);
		if (w != W_NONE)
			canvas_fill(cv, pl->top, pl->left + line_offset(ax, sv->box_cols, i), pl->bh, 1, a, vline_glyph(w));
	}
	for (int i = 0; i <= n; i++) {
		enum weight hw = line_weight(sv, f, sv->box_rows, i);
		if (hw == W_NONE)
			continue;
		int y = pl->top + line_offset(ay, sv->box_rows, i);
		for (int j = 0; j <= n; j++) {
			enum weight vw = line_weight(sv, f, sv->box_cols, j);
			if (vw == W_NONE)
				continue;
			int x = pl->left + line_offset(ax, sv->box_cols, j);
			canvas_put(cv, y, x, a, junction(vw, hw, i > 0, i < n, j > 0, j < n));
		}
	}
}

/* The cells holding a digit that another cell of one of their units
 * holds too. */
static void clashes(const struct sudoku_view *sv, const struct sudoku_grid *g, bool *clash)
{
	memset(clash, 0, sizeof(bool) * (size_t)g->cells);
	for (int u = 0; u < sv->geo->units; u++) {
		int count[SUDOKU_MAX_SIDE + 1] = { 0 };
		for (int i = 0; i < sv->side; i++)
			count[g->v[sv->geo->unit_cell[u][i]]]++;
		for (int i = 0; i < sv->side; i++) {
			int c = sv->geo->unit_cell[u][i];
			if (g->v[c] && count[g->v[c]] > 1)
				clash[c] = true;
		}
	}
}

static const char *digit_glyph(int d)
{
	static const char *const digits[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
	return digits[d];
}

/* A number in a cell's middle at (y, x): past 9 its two figures from
 * the column before, the cell's last column left blank between it and
 * the next cell's. */
static void put_number(struct canvas *cv, int y, int x, attr_t look, int d)
{
	if (d >= 10)
		canvas_put(cv, y, x - 1, look, digit_glyph(d / 10));
	canvas_put(cv, y, x, look, digit_glyph(d % 10));
}

/* A cell's marks, each digit in its place and the others blank; where
 * they have no place, the digit shown, dim, if it is among them, else
 * the blank cell's dot: never a count, which a player cannot read. */
static void draw_marks(const struct sudoku_view *sv, const struct form *f, struct canvas *cv, int y0, int x0,
                       sudoku_grid_mask marks, const struct view_show *show, bool marked, attr_t base)
{
	struct mark_grid mg = mark_grid(sv, f);
	attr_t dim = base | style(ST_DIM);
	int my = (f->ch - 1) / 2, mx = (f->cw - 1) / 2;
	if (!mg.positional) {
		bool spoken = marked && show->marks && note_has_piece(show->marks, sv->shown);
		if (marks & sudoku_grid_bit(sv->shown)) {
			put_number(cv, y0 + my, x0 + mx, spoken ? base | A_BOLD | A_UNDERLINE : dim, sv->shown);
			/* Where dim does not show, the mark would look like an
			 * entered digit: a ? after it, in the column a clash's !
			 * takes, says it is only pencilled. */
			if (!style_dim())
				canvas_put(cv, y0 + my, x0 + mx + 1, base, "?");
		} else
			canvas_put(cv, y0 + my, x0 + mx, dim, glyph(GL_EMPTY));
		return;
	}
	if (!marks) {
		canvas_put(cv, y0 + my, x0 + mx, dim, glyph(GL_EMPTY));
		return;
	}
	for (int d = 1; d <= sv->side; d++) {
		if (!(marks & sudoku_grid_bit(d)))
			continue;
		int k = d - 1, y = y0 + mg.y + k / mg.cols * mg.ystep, x = x0 + mg.x + (k % mg.cols) * mg.step;
		/* A hint that speaks of digits has them stand out in its cells. */
		bool spoken = marked && show->marks && note_has_piece(show->marks, d);
		canvas_put(cv, y, x, spoken ? base | A_BOLD | A_UNDERLINE : dim, digit_glyph(d));
	}
}

/* A digit in a cell, in its middle.  Where the marks show as digits, a
 * mark may sit in that very place (a lone 5 in a 3x3, a lone 3 over
 * 6-9), so a digit there always has its brackets, which no mark has:
 * [5] a given, (5) the player's.  Where one digit's marks show, a given's bold
 * says it, and brackets only when bold may not show (no colours); a
 * digit that clashes says so with a ! in place of the closing bracket. */
static void draw_digit(const struct sudoku_view *sv, const struct form *f, struct canvas *cv, int y, int x, int d,
                       bool given, bool bad, attr_t look)
{
	bool brackets = mark_grid(sv, f).positional || (given && !style_colour());
	if (d >= 10) {
		/* two figures, from the cell's left: no room for brackets */
		put_number(cv, y, x, look, d);
		if (bad)
			canvas_put(cv, y, x + 1, look, "!");
		return;
	}
	canvas_put(cv, y, x, look, digit_glyph(d));
	if (brackets)
		canvas_put(cv, y, x - 1, look, given ? "[" : "(");
	if (bad)
		canvas_put(cv, y, x + 1, look, "!");
	else if (brackets)
		canvas_put(cv, y, x + 1, look, given ? "]" : ")");
}

/* The columns a cell's ground takes beyond it on each side: the cursor
 * and a hint's marks are a block with a blank margin where the form has
 * room for one, so that the marks at a cell's edges stand inside it. */
static int ground_margin(const struct form *f)
{
	if (f->lines)
		return 0;
	int m = f->gap / 2;
	return f->pad < m ? f->pad : m;
}

static void draw_cell(const struct sudoku_view *sv, const struct placing *pl, struct canvas *cv,
                      const struct puzzle_state *s, int cell, const struct view_show *show, const bool *clash)
{
	const struct form *f = pl->f;
	const struct sudoku_grid *g = sudoku_state_grid(s);
	int r = cell / sv->side, c = cell % sv->side;
	int y0 = cell_y(sv, pl, r), x0 = cell_x(sv, pl, c);
	int my = (f->ch - 1) / 2, mx = (f->cw - 1) / 2;
	bool cursor = !show->searching && cell == sv->cur;
	bool marked = show->marks && note_has_cell(show->marks, cell);
	bool held = !show->searching && cell == sv->held_cell;
	attr_t base = A_NORMAL;
	if (marked)
		base = style(ST_MARK);
	/* In mark mode the cursor is underlined too: digits go in pencil. */
	if (cursor)
		base = style(ST_CURSOR) | (marked || sv->mark_mode ? A_UNDERLINE : 0);
	int m = base == A_NORMAL ? 0 : ground_margin(f);
	canvas_fill(cv, y0, x0 - m, f->ch, f->cw + 2 * m, base, " ");
	int d = g->v[cell];
	if (held && !d) {
		draw_digit(sv, f, cv, y0 + my, x0 + mx, sv->held_digit, false, false, style(ST_GHOST_OK));
		return;
	}
	if (!d) {
		draw_marks(sv, f, cv, y0, x0, sudoku_state_marks(s, cell), show, marked, base);
		return;
	}
	bool given = is_given(s, cell);
	bool bad = sv->conflicts && clash[cell];
	attr_t look = base | (given ? A_BOLD : 0);
	/* In a marked cell the mark's ground stays (the conflict's red on the
	 * mark's red would hide the digit); the ! still says it. */
	if (bad)
		look = marked ? base | A_BOLD : style(ST_BAD) | (cursor ? A_REVERSE : 0);
	draw_digit(sv, f, cv, y0 + my, x0 + mx, d, given, bad, look);
}

/* The digits of a set of marks in order ("1 4 7 12"), or with runs
 * joined ("1-3 7 10-16") where room is short. */
static void marks_text(const struct sudoku_view *sv, sudoku_grid_mask marks, bool runs, char *buf, size_t size)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int d = 1; d <= sv->side && n < size; d++) {
		if (!(marks & sudoku_grid_bit(d)))
			continue;
		int e = d;
		while (runs && e < sv->side && marks & sudoku_grid_bit(e + 1))
			e++;
		const char *sep = n ? " " : "";
		if (e >= d + 2) { /* three or more in a run */
			n += (size_t)snprintf(buf + n, size - n, "%s%d-%d", sep, d, e);
			d = e;
		} else {
			n += (size_t)snprintf(buf + n, size - n, "%s%d", sep, d);
		}
	}
}

/* Beside the grid, where one digit's marks show in the cells: the
 * cursor's marks written out, and which digit the cells show. */
#define MARKS_PANEL_MIN_W 18

static void draw_marks_panel(const struct sudoku_view *sv, struct canvas *cv, const struct puzzle_state *s)
{
	const struct placing *pl = &sv->play;
	int x = pl->left + pl->bw + 2, w = sv->cols - x - 1, y = pl->top;
	if (w < MARKS_PANEL_MIN_W || sv->rows < 8)
		return;
	const struct sudoku_grid *g = sudoku_state_grid(s);
	char name[16], list[4 * SUDOKU_MAX_SIDE], line[160];
	sudoku_cell_name(g, sv->cur, name, sizeof name);
	sudoku_grid_mask marks = sudoku_state_marks(s, sv->cur);
	attr_t dim = style(ST_DIM);
	canvas_text(cv, y++, x, w, A_BOLD, "Pencil marks");
	marks_text(sv, marks, false, list, sizeof list);
	if (g->v[sv->cur])
		snprintf(line, sizeof line, "%s holds %d", name, g->v[sv->cur]);
	else
		snprintf(line, sizeof line, "%s: %s", name, marks ? list : "none");
	y += canvas_text_lines(cv, y, x, w, 5, A_NORMAL, line);
	y++;
	snprintf(line, sizeof line, "The cells show where %d is pencilled, %s.", sv->shown,
	         style_dim() ? "dim" : "with a ?");
	y += canvas_text_lines(cv, y, x, w, 2, A_NORMAL, line);
	if (y + 2 <= sv->rows)
		canvas_text_lines(cv, y, x, w, 2, dim, "[ ] or a digit typed: another digit");
}

static void sv_draw(const struct view *v, struct canvas *cv, const struct puzzle_state *s,
                    const struct view_show *show)
{
	const struct sudoku_view *sv = CSV(v);
	const struct placing *pl = show->searching ? &sv->search : &sv->play;
	const struct sudoku_grid *g = sudoku_state_grid(s);
	bool clash[SUDOKU_MAX_CELLS];
	clashes(sv, g, clash);
	draw_lines(sv, pl, cv);
	for (int cell = 0; cell < g->cells; cell++)
		draw_cell(sv, pl, cv, s, cell, show, clash);
	if (!show->searching && one_digit(sv) && !sudoku_state_setup(s))
		draw_marks_panel(sv, cv, s);
}

static void sv_map(struct view *v, const struct view_map *m)
{
	SV(v)->map = *m;
}

/* The digits of the cursor's cell in the ways to finish, the most ways
 * first, as many as fit one line whole; the rest named after, without
 * their figures ("...; in fewer: 1, 3"), never cut in the middle. */
static void map_digits(const struct sudoku_view *sv, const struct diagram *d, const char *name, int cols,
                       char *buf, size_t size)
{
	int digit[SUDOKU_MAX_SIDE], n = 0;
	u128 ways[SUDOKU_MAX_SIDE];
	for (int k = 0; k < d->n; k++)
		if (d->p->opt_tag[k] / SUDOKU_OPTION_TAG_CELL == sv->cur && d->freq[k] > 0 && n < SUDOKU_MAX_SIDE) {
			int i = n++;
			for (; i > 0 && ways[i - 1] < d->freq[k]; i--)
				digit[i] = digit[i - 1], ways[i] = ways[i - 1];
			digit[i] = d->p->opt_tag[k] % SUDOKU_OPTION_TAG_CELL, ways[i] = d->freq[k];
		}
	char total[U128_DIGITS + 13], item[U128_DIGITS + 24];
	size_t cap = size < (size_t)cols + 1 ? size : (size_t)cols + 1;
	size_t at = d->ways == 1 ? (size_t)snprintf(buf, cap, "%s, in the one way to finish:", name)
	                         : (size_t)snprintf(buf, cap, "%s, in the %s ways to finish:", name,
	                                            u128_grouped(d->ways, total));
	int shown = 0;
	for (; shown < n && at < cap; shown++) {
		if (d->ways == 1)
			snprintf(item, sizeof item, " %d", digit[shown]);
		else
			snprintf(item, sizeof item, "%s %d in %s", shown ? "," : "", digit[shown],
			         u128_grouped(ways[shown], total));
		/* room for this one and, after it, the others named */
		size_t rest = shown + 1 < n ? strlen("; in fewer:") + 3 * (size_t)(n - shown - 1) : 0;
		if (at + strlen(item) + rest >= cap)
			break;
		at += (size_t)snprintf(buf + at, cap - at, "%s", item);
	}
	if (shown < n)
		at += (size_t)snprintf(buf + at, cap - at, "; in fewer:");
	for (int i = shown; i < n && at < cap; i++)
		at += (size_t)snprintf(buf + at, cap - at, "%s %d", i > shown ? "," : "", digit[i]);
}

/* The map's word on the cursor's cell: in how many of the ways to finish
 * each digit goes there ("r5c5, in the 40 ways to finish: 7 in 28, 3 in
 * 12").  The options of Sudoku's problem are tagged cell * 32 + digit. */
static void map_status(const struct sudoku_view *sv, const struct sudoku_grid *g, const char *name, int cols,
                       char *buf, size_t size)
{
	const struct diagram *d = sv->map.state == VIEW_MAP_READY ? sv->map.d : NULL;
	const char *dot = glyph(GL_DOT);
	if (sv->map.state == VIEW_MAP_BUILDING)
		snprintf(buf, size, "%s %s mapping the ways to finish...", name, dot);
	else if (!d)
		snprintf(buf, size, "%s %s too open to map from here yet: fill a few more cells", name, dot);
	else if (d->ways == 0)
		snprintf(buf, size, "%s %s no way to finish from here", name, dot);
	else if (g->v[sv->cur])
		snprintf(buf, size, "%s holds %d", name, g->v[sv->cur]);
	else
		map_digits(sv, d, name, cols, buf, size);
}

static void sv_status(const struct view *v, const struct puzzle_state *s, int cols, char *buf, size_t size)
{
	const struct sudoku_view *sv = CSV(v);
	const struct sudoku_grid *g = sudoku_state_grid(s);
	char name[16];
	sudoku_cell_name(g, sv->cur, name, sizeof name);
	const char *dot = glyph(GL_DOT);
	if (sudoku_state_setup(s)) {
		snprintf(buf, size, "%s %s entering givens: F fixes them", name, dot);
		return;
	}
	if (sv->map.state != VIEW_MAP_OFF && sv->held_cell < 0) {
		map_status(sv, g, name, cols, buf, size);
		return;
	}
	if (sv->held_cell >= 0) {
		snprintf(buf, size, "%s %s %d from the hint: Enter places it", name, dot, sv->held_digit);
		return;
	}
	/* The cursor's marks, then what the cells show and the mode: each in
	 * its long words where the line has room for all of them so, else in
	 * short; where even that is too long, what the cells show goes first
	 * (the dim digits say it), then the mode. */
	enum { MARKS, SHOWS, MODE, PARTS };
	char list[4 * SUDOKU_MAX_SIDE], part[PARTS][2][120] = { { "" } };
	sudoku_grid_mask marks = g->v[sv->cur] ? 0 : sudoku_state_marks(s, sv->cur);
	if (marks) {
		marks_text(sv, marks, true, list, sizeof list);
		snprintf(part[MARKS][0], sizeof part[0][0], " %s marks %s", dot, list);
		memcpy(part[MARKS][1], part[MARKS][0], sizeof part[0][0]);
	}
	if (one_digit(sv)) {
		snprintf(part[SHOWS][0], sizeof part[0][0], " %s cells show %d ([ ])", dot, sv->shown);
		snprintf(part[SHOWS][1], sizeof part[0][0], " %s shows %d", dot, sv->shown);
	}
	if (sv->mark_mode) {
		snprintf(part[MODE][0], sizeof part[0][0], " %s mark mode: digits pencil in (m: off)", dot);
		snprintf(part[MODE][1], sizeof part[0][0], " %s mark mode", dot);
	}
	int width = textfit_width(name);
	for (int i = 0; i < PARTS; i++)
		width += textfit_width(part[i][1]);
	static const int dropped_first[] = { SHOWS, MODE, MARKS };
	for (int k = 0; k < PARTS && width > cols; k++) {
		width -= textfit_width(part[dropped_first[k]][1]);
		part[dropped_first[k]][0][0] = part[dropped_first[k]][1][0] = '\0';
	}
	/* As many long from the first as the line takes with the rest short. */
	for (int i = 0; i < PARTS; i++) {
		int more = textfit_width(part[i][0]) - textfit_width(part[i][1]);
		if (width + more > cols)
			break;
		width += more;
		memcpy(part[i][1], part[i][0], sizeof part[0][0]);
	}
	size_t n = (size_t)snprintf(buf, size, "%s", name);
	for (int i = 0; i < PARTS && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s", part[i][1]);
}

/* The view's keys, the digits named as the grid has them. */
#define SV_KEYS(digits)                                                                             \
	{ digits, "enter", true, "enter it; the cursor stays (mark mode: pencil in/out)" },          \
	{ "0", "clear", true, "clear the cell" },                                                    \
	{ ". x Backspace", "clear", false, "clear the cell, as 0 does" },                            \
	{ "m", "marks", true, "mark mode: digits pencil candidates in and out" },                    \
	{ "M", "all marks", false, "pencil every cell's candidates in" },                            \
	{ "Enter", "the hint's digit", false, "enter the digit a hint holds ready" },                \
	{ "a", "auto-clear marks", false, "on/off: a digit entered clears it from marks around it" }, \
	{ "!", "conflicts", false, "on/off: mark a digit twice in a row, column or box" },           \
	{ "[ ]", "digit shown", false, "small cells: the digit whose marks they show" }, \
	{ "F", "fix the givens", false, "enter your own: fix the givens typed, and play them" },     \
	{ NULL, NULL, false, NULL }

/* The keys of a 9x9 grid (the help's list when there is no grid) and of
 * the other sizes, which differ in the digits; past 9 a number is typed
 * as its two figures. */
static const struct view_key sv_keys[] = { SV_KEYS("1-9") };
static const struct view_key sv_keys_4[] = { SV_KEYS("1-4") };
static const struct view_key sv_keys_6[] = { SV_KEYS("1-6") };
static const struct view_key sv_keys_12[] = { SV_KEYS("1-9, 10-12") };
static const struct view_key sv_keys_16[] = { SV_KEYS("1-9, 10-16") };
static const struct view_key sv_keys_25[] = { SV_KEYS("1-9, 10-25") };

static const struct view_key *sv_keys_of(const struct view *v)
{
	switch (((const struct sudoku_view *)v)->side) {
	case 4:
		return sv_keys_4;
	case 6:
		return sv_keys_6;
	case 12:
		return sv_keys_12;
	case 16:
		return sv_keys_16;
	case 25:
		return sv_keys_25;
	default:
		return sv_keys;
	}
}


static const char *const sv_mouse[] = {
	"click: on a cell, put the cursor there",
	NULL,
};

const struct view_ops sudoku_view_ops = {
	.serves = sv_serves,
	.new = sv_new,
	.free = sv_free,
	.size = sv_size,
	.layout = sv_layout,
	.panel = sv_panel,
	.event = sv_event,
	.sync = sv_sync,
	.drop = sv_drop,
	.hold = sv_hold,
	.draw = sv_draw,
	.status = sv_status,
	.map = sv_map,
	.keys = sv_keys,
	.keys_of = sv_keys_of,
	.help_title = "The grid",
	.keys_title = "On the grid",
	.mouse = sv_mouse,
	.help = "Givens are bold, your digits plain.  On a 9x9 (or smaller) grid every pencil mark shows as its "
	        "digit, each in its own place in the cell: 1-5 above 6-9 on a terminal of 66 x 24 or more, in a 3x3 "
	        "from 74 x 35; there a given is in brackets, [5], and your digit in round ones, (5), so that neither "
	        "is taken for a mark.  Past 9x9 (and on a smaller terminal) a cell has no room for all its marks: "
	        "the cells show one digit's marks, that digit dim (with a ? after it where the terminal has no dim) in "
	        "every blank cell where it is pencilled (a dot "
	        "where it is not), and the panel beside the grid (the status line where there is no room for it) "
	        "writes out all the cursor's marks.  [ and ] step to the digit before or after; a digit typed, "
	        "entered or pencilled, is shown too.  A digit twice in a row, column or box is marked with ! (and "
	        "red) at once.  The cells a hint or a dead end speaks of are marked (underlined, in reverse), with "
	        "the digits it names underlined among their marks; in mark mode the cursor is underlined too.\n"
	        "Keys: arrows, h j k l or a click move the cursor; it stops at the edges.  1-9 (1-4 on a 4x4 grid) "
	        "enter a digit where the cursor is, and the cursor stays there; on the grids past 9x9 a number is "
	        "typed as its two figures (1 then 2 for 12; 1 then Enter for 1) and drawn as a number; 0, ., x or "
	        "Backspace clear the cell (on a blank cell, its marks).  m: mark mode, where digits pencil marks in "
	        "and out.  M: every blank cell gets all its candidates as marks.  a: entering a digit takes it out "
	        "of the marks of its row, column and box (on at first; a turns it off and on).  !: conflicts marked "
	        "or not.  Enter: the digit a hint gave, in its cell (Esc lets it go).  w: the map of the ways to "
	        "finish, where the status line says in how many of them each digit goes in the cursor's cell (a "
	        "grid with many blanks is too open to map).\n"
	        "Enter your own (free play): the digits you type are the givens, each where the cursor is, as in "
	        "play (0, . or x clears one); F fixes them and play begins.",
};
