/* Range's view: the grid in a frame, three columns a cell (a number, "###"
 * shaded, " . " marked unshaded, blank unknown), a cursor, and the keys
 * and clicks that shade and dot. */
#include "config.h"

#include "ui/range_view.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/range_puzzle.h"
#include "puzzles/range_state.h"
#include "util/xalloc.h"

struct range_view {
	struct view base;
	int w, h, cur;
	int held;             /* the cell of a hint's move in hand, or -1 */
	char held_move[32];
};

#define RV(v) ((struct range_view *)(v))
#define CRV(v) ((const struct range_view *)(v))

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
	return &v->base;
}

static void rv_free(struct view *v)
{
	free(v);
}

/* The frame and a row a line, three columns a cell. */
static void rv_size(const struct view *v, int *min_rows, int *min_cols, int *best_rows, int *best_cols)
{
	*min_rows = *best_rows = CRV(v)->h + 2;
	*min_cols = *best_cols = 3 * CRV(v)->w + 2;
}

static bool rv_layout(struct view *v, int rows, int cols)
{
	return rows >= RV(v)->h + 2 && cols >= 3 * RV(v)->w + 2;
}

static void rv_panel(const struct view *v, int *y, int *x, int *rows, int *cols)
{
	*y = 0;
	*x = 3 * CRV(v)->w + 4;
	*rows = CRV(v)->h + 2;
	*cols = 40;
}

static int cell_at(const struct range_view *v, int row, int col)
{
	int r = row - 1, c = (col - 1) / 3;
	if (row < 1 || col < 1 || r >= v->h || c >= v->w)
		return -1;
	return r * v->w + c;
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
	int cell = cell_at(v, ev->row, ev->col);
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

static void draw_cell(const struct range_view *v, struct canvas *cv, const struct puzzle_state *s, int k,
                      const struct view_show *show)
{
	char text[8];
	attr_t look = style(ST_NORMAL);
	if (s->clue[k])
		snprintf(text, sizeof text, "%2d ", s->clue[k]);
	else
		snprintf(text, sizeof text, "%s", s->mark[k] == RANGE_BLACK ? "###" : s->mark[k] == RANGE_WHITE ? " . " : "   ");
	if (s->mark[k] == RANGE_BLACK)
		look |= A_REVERSE;
	if (s->clue[k])
		look |= A_BOLD;
	if (show->marks && note_has_cell(show->marks, k))
		look = style(ST_MARK);
	else if (!show->searching && (k == v->cur || k == v->held))
		look = style(ST_CURSOR);
	canvas_print(cv, 1 + k / v->w, 1 + 3 * (k % v->w), look, text);
}

static void rv_draw(const struct view *vw, struct canvas *cv, const struct puzzle_state *s,
                    const struct view_show *show)
{
	const struct range_view *v = CRV(vw);
	int right = 3 * v->w + 1;
	for (int x = 0; x <= right; x++) {
		const char *edge = x == 0 || x == right ? "+" : "-";
		canvas_put(cv, 0, x, style(ST_BORDER), edge);
		canvas_put(cv, v->h + 1, x, style(ST_BORDER), edge);
	}
	for (int r = 0; r < v->h; r++) {
		canvas_put(cv, r + 1, 0, style(ST_BORDER), "|");
		canvas_put(cv, r + 1, right, style(ST_BORDER), "|");
	}
	for (int k = 0; k < s->n; k++)
		draw_cell(v, cv, s, k, show);
}

static void rv_status(const struct view *vw, const struct puzzle_state *s, char *buf, size_t size)
{
	const struct range_view *v = CRV(vw);
	int k = v->cur;
	const char *what = s->clue[k] ? "a number" : s->mark[k] == RANGE_BLACK ? "shaded" : s->mark[k] == RANGE_WHITE ? "unshaded" : "unknown";
	snprintf(buf, size, "Row %d, column %d: %s%s", k / v->w + 1, k % v->w + 1, what,
	         v->held == k ? " (Enter: the hint's move)" : "");
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
	.help = "Numbers are bold; shaded cells are ### in reverse; a dot marks a cell you know is unshaded "
	        "(dots are your notes: the puzzle is solved when the shading keeps the rules).",
};
