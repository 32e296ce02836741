/* The knapsack's face: the bag, and under it the items as a table and a
 * chart, a line each.  On the left the figures: in the bag or not, the
 * item's number, weight, value, and value per unit of weight with a short
 * bar against the densest item's.  On the right the weights as bars on
 * one scale, the bag's capacity on top: an item fits when its bar is no
 * longer than the bag's empty part above it.  Items in the bag are ticked
 * and bright (green); items that no longer fit the room left are dim.  A
 * cursor on the list; Space or Enter, or a click on an item's line, puts
 * it in the bag or takes it out; o orders the list by number or densest
 * first.  When the list is longer than the room it scrolls, and its
 * heading says which items show.
 *
 * Without colours the tick, bold and dim say what the colours do; without
 * Unicode the bars are whole columns of '#'. */
#include "config.h"

#include "ui/knapsack_view.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/knapsack_puzzle.h"
#include "puzzles/knapsack_state.h"
#include "util/xalloc.h"

/* The search's panel beside or below the list (play.c's figures). */
#define PANEL_W 34
#define PANEL_H 12
/* The weights' bars: shorter than MIN_BAR and the chart no longer tells
 * 10% from 15%; longer than MAX_BAR and it tells nothing more. */
#define MIN_BAR 10
#define MAX_BAR 60
/* The value per unit's bar, where the weights' keep at least 2 * MIN_BAR. */
#define DENSITY_BAR 6
/* The bag's two rows above the list's heading. */
#define BAG_ROWS 2

/* Where the columns of the list go, in so many screen columns. */
struct columns {
	int item_x, weight_x, value_x, unit_x, density_x, density_w;
	int bar_x, bar_w;     /* the weights', and the bag's above them */
	int width;            /* the columns used, from 0 */
};

struct knapsack_view {
	struct view base;
	int n;
	int cur;        /* the line of the cursor, from 0 */
	int top;        /* the first line the list shows */
	int rows;       /* lines the list has room for */
	int head;       /* the rows above the list: the bag's, perhaps a blank, the heading */
	bool dense_first;  /* the list by value per unit, not by number */
	int *line;      /* line[i]: the item shown on line i */
	int *by_density;   /* the items, densest first */
	/* The widest of each figure, for the columns. */
	int item_w, weight_w, value_w, unit_w;
	int bag_w;      /* the bag's words, at their longest */
	double densest;
	struct columns play, search;
	int panel_y, panel_x, panel_h, panel_w;
};

static struct knapsack_view *of(struct view *v)
{
	return (struct knapsack_view *)v;
}

static const struct knapsack_view *cof(const struct view *v)
{
	return (const struct knapsack_view *)v;
}

static double density(const struct knapsack_item *it)
{
	return it->weight ? (double)it->value / (double)it->weight : 0;
}

static int number_width(int64_t v)
{
	char buf[U128_DIGITS + 16];
	return (int)strlen(knapsack_puzzle_number(v, buf));
}

/* ---- the columns --------------------------------------------------------- */

static void measure(struct knapsack_view *kv, const struct knapsack *k)
{
	char buf[64];
	kv->item_w = 4;          /* "item" */
	kv->weight_w = 6;        /* "weight" */
	kv->value_w = 5;         /* "value" */
	kv->unit_w = 4;          /* "0.75" */
	kv->densest = 0;
	int64_t values = 0;
	int w = snprintf(buf, sizeof buf, "%d", k->n);
	if (w > kv->item_w)
		kv->item_w = w;
	for (int i = 0; i < k->n; i++) {
		const struct knapsack_item *it = &k->items[i];
		if ((w = number_width(it->weight)) > kv->weight_w)
			kv->weight_w = w;
		if ((w = number_width(it->value)) > kv->value_w)
			kv->value_w = w;
		if ((w = snprintf(buf, sizeof buf, "%.2f", density(it))) > kv->unit_w)
			kv->unit_w = w;
		if (density(it) > kv->densest)
			kv->densest = density(it);
		values += it->value;
	}
	/* "The bag: 456 of 487" and "value 396, 31 room left" at their
	 * longest: every item in, or none. */
	int cap = number_width(k->capacity), of_cap = 9 + 2 * cap + 4, room = 6 + number_width(values) + 2 + cap + 10;
	kv->bag_w = of_cap > room ? of_cap : room;
}

/* The columns in cols screen columns, the figures and then the bars as
 * long as there is room for (the value per unit's only where the weights'
 * keep most of it); false if the weights' would be shorter than least.
 * Beside the search's panel least is 0: the bars go before the figures
 * do, and a bar shorter than MIN_BAR is none. */
static bool fit(const struct knapsack_view *kv, int cols, int least, struct columns *c)
{
	c->item_x = 3;
	c->weight_x = c->item_x + kv->item_w + 2;
	c->value_x = c->weight_x + kv->weight_w + 2;
	c->unit_x = c->value_x + kv->value_w + 2;
	c->density_x = c->unit_x + kv->unit_w + 1;
	int left = 0;  /* the figures and the bag's words */
	for (c->density_w = DENSITY_BAR;; c->density_w = 0) {
		/* "per unit" is wider than its figures alone */
		int figures = c->density_w ? c->density_x + c->density_w : c->unit_x + (kv->unit_w > 8 ? kv->unit_w : 8);
		left = figures > 1 + kv->bag_w ? figures : 1 + kv->bag_w;
		c->bar_x = left + 3;
		c->bar_w = cols - 1 - c->bar_x;
		if (c->bar_w >= 2 * MIN_BAR || !c->density_w)
			break;
	}
	if (c->bar_w > MAX_BAR)
		c->bar_w = MAX_BAR;
	if (c->bar_w < MIN_BAR && least == 0)
		c->bar_w = 0;
	c->width = c->bar_w ? c->bar_x + c->bar_w : left;
	return c->bar_w >= least && c->width < cols;
}

/* ---- the view's interface -------------------------------------------------- */

static bool serves(const struct puzzle *pz)
{
	return pz == &knapsack_puzzle;
}

static struct view *view_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct knapsack_view *v = xcalloc(1, sizeof *v);
	v->base.ops = &knapsack_view_ops;
	v->n = s->k.n;
	v->rows = s->k.n;
	v->head = BAG_ROWS + 1;
	v->line = xmalloc(sizeof *v->line * (size_t)(v->n + 1));
	v->by_density = xmalloc(sizeof *v->by_density * (size_t)(v->n + 1));
	knapsack_order(&s->k, v->by_density);
	for (int i = 0; i < v->n; i++)
		v->line[i] = i;
	measure(v, &s->k);
	fit(v, 0, 0, &v->play);
	v->search = v->play;
	return &v->base;
}

static void view_free(struct view *v)
{
	struct knapsack_view *kv = of(v);
	if (kv) {
		free(kv->line);
		free(kv->by_density);
	}
	free(v);
}

/* The list by number or densest first, the cursor kept on its item. */
static void reorder(struct knapsack_view *kv)
{
	int item = kv->line[kv->cur];
	kv->dense_first = !kv->dense_first;
	for (int i = 0; i < kv->n; i++) {
		kv->line[i] = kv->dense_first ? kv->by_density[i] : i;
		if (kv->line[i] == item)
			kv->cur = i;
	}
}

/* The columns that the shortest bars need, and the longest. */
static int least_cols(const struct knapsack_view *kv)
{
	struct columns c;
	fit(kv, 0, MIN_BAR, &c);
	return c.bar_x + MIN_BAR + 1;
}

static int best_cols(const struct knapsack_view *kv)
{
	struct columns c;
	fit(kv, 1 << 12, MIN_BAR, &c);
	return c.width + 1;
}

static void size(const struct view *v, int *min_rows, int *min_cols, int *best_rows, int *best_cols_)
{
	const struct knapsack_view *kv = cof(v);
	int n = kv->n;
	*min_rows = BAG_ROWS + 1 + (n < 4 ? n : 4);   /* as layout */
	*best_rows = BAG_ROWS + 2 + n;
	*min_cols = least_cols(kv);
	*best_cols_ = best_cols(kv);
}

static void keep_cursor_shown(struct knapsack_view *kv)
{
	if (kv->cur < kv->top)
		kv->top = kv->cur;
	if (kv->cur >= kv->top + kv->rows)
		kv->top = kv->cur - kv->rows + 1;
	if (kv->top > kv->n - kv->rows)
		kv->top = kv->n - kv->rows;
	if (kv->top < 0)
		kv->top = 0;
}

/* The search's panel: beside the list if its figures fit the columns
 * left (the bars go first); else below it if the rows are there; else over
 * the list's right part, which the view leaves blank (draw). */
static void place_panel(struct knapsack_view *kv, int rows, int cols)
{
	kv->panel_y = 0;
	kv->panel_h = rows;
	if (fit(kv, cols - PANEL_W - 1, 0, &kv->search)) {
		kv->panel_x = kv->search.width + 2;
		kv->panel_w = cols - kv->panel_x;
		return;
	}
	kv->search = kv->play;
	int below = kv->head + kv->rows + 1;
	if (rows - below >= PANEL_H) {
		kv->panel_y = below;
		kv->panel_h = rows - below;
		kv->panel_x = 1;
	} else {
		kv->panel_x = cols > PANEL_W ? cols - PANEL_W : 0;
	}
	kv->panel_w = cols - kv->panel_x;
}

/* For play, the columns of the whole width; for the search, those left
 * beside its panel. */
static bool layout(struct view *v, int rows, int cols)
{
	struct knapsack_view *kv = of(v);
	int least_rows = BAG_ROWS + 1 + (kv->n < 4 ? kv->n : 4);
	if (rows < least_rows || !fit(kv, cols, MIN_BAR, &kv->play))
		return false;
	/* A blank row under the bag where the whole list fits with it. */
	kv->head = rows - BAG_ROWS - 2 >= kv->n ? BAG_ROWS + 2 : BAG_ROWS + 1;
	kv->rows = rows - kv->head < kv->n ? rows - kv->head : kv->n;
	keep_cursor_shown(kv);
	place_panel(kv, rows, cols);
	return true;
}

static void panel(const struct view *v, int *y, int *x, int *rows, int *cols)
{
	const struct knapsack_view *kv = cof(v);
	*y = kv->panel_y;
	*x = kv->panel_x;
	*rows = kv->panel_h;
	*cols = kv->panel_w;
}

/* The move that puts item i in or takes it out. */
static enum view_result toggle(const struct puzzle_state *s, int i, struct view_out *out)
{
	strbuf_addf(&out->move, "%c%d", s->in[i] ? '-' : '+', i + 1);
	return VIEW_MOVE;
}

static enum view_result event(struct view *v, const struct puzzle_state *s, const struct term_event *ev,
                              struct view_out *out)
{
	struct knapsack_view *kv = of(v);
	if (kv->n == 0)
		return VIEW_IGNORED;
	if (ev->kind == TERM_MOUSE) {
		int i = kv->top + ev->row - kv->head;
		if (!ev->press || ev->button != 1 || ev->row < kv->head || i >= kv->top + kv->rows || i >= kv->n ||
		    ev->col >= kv->play.width)
			return VIEW_IGNORED;
		kv->cur = i;
		return toggle(s, kv->line[i], out);
	}
	/* Ctrl with a key is the game's (Ctrl-R redoes), never the list's. */
	if (ev->kind != TERM_KEY || ev->ctrl)
		return VIEW_IGNORED;
	/* k and j as on every other list and board of the game */
	bool up = ev->sym == KEY_SYM_UP || (ev->sym == KEY_SYM_NONE && ev->ch == 'k');
	bool down = ev->sym == KEY_SYM_DOWN || (ev->sym == KEY_SYM_NONE && ev->ch == 'j');
	if (up || down) {
		kv->cur = (kv->cur + (up ? kv->n - 1 : 1)) % kv->n;
		keep_cursor_shown(kv);
		return VIEW_HANDLED;
	}
	switch (ev->sym) {
	case KEY_SYM_HOME: kv->cur = 0; break;
	case KEY_SYM_END: kv->cur = kv->n - 1; break;
	case KEY_SYM_PAGEUP: kv->cur = kv->cur > kv->rows ? kv->cur - kv->rows : 0; break;
	case KEY_SYM_PAGEDOWN: kv->cur = kv->cur + kv->rows < kv->n ? kv->cur + kv->rows : kv->n - 1; break;
	case KEY_SYM_SPACE:
	case KEY_SYM_ENTER:
		return toggle(s, kv->line[kv->cur], out);
	default:
		if (ev->ch == ' ')
			return toggle(s, kv->line[kv->cur], out);
		if (ev->ch != 'o')
			return VIEW_IGNORED;
		reorder(kv);
	}
	keep_cursor_shown(kv);
	return VIEW_HANDLED;
}

static void view_sync(struct view *v, const struct puzzle_state *s)
{
	(void)v;
	(void)s;
}

static void drop(struct view *v)
{
	(void)v;
}

static bool hold(struct view *v, const struct puzzle_state *s, const char *move)
{
	struct knapsack_view *kv = of(v);
	int i = atoi(move + 1) - 1;
	if ((move[0] != '+' && move[0] != '-') || i < 0 || i >= s->k.n)
		return false;
	for (int l = 0; l < kv->n; l++)
		if (kv->line[l] == i)
			kv->cur = l;    /* the cursor on it: Space plays it */
	keep_cursor_shown(kv);
	return true;
}

/* ---- drawing ----------------------------------------------------------------- */

/* A bar of part / whole of cols columns at (y, x), in eighths of a column
 * where Unicode has them (whole columns of '#' without); at least a
 * sliver for anything above nothing, and an arrow at the end for more
 * than whole.  Returns the columns drawn. */
static int draw_bar(struct canvas *cv, int y, int x, int cols, double part, double whole, attr_t look)
{
	static const char *const eighth[] = { "", "\u258f", "\u258e", "\u258d", "\u258c",
		                              "\u258b", "\u258a", "\u2589", "\u2588" };
	bool over = part > whole;
	double f = whole > 0 ? (over ? 1.0 : part / whole) : 1.0;
	long units = (long)(f * cols * 8 + 0.5);
	if (units == 0 && part > 0)
		units = 1;
	if (!style_unicode()) {
		long whole_cols = (units + 4) / 8;
		units = 8 * (whole_cols > 0 || units == 0 ? whole_cols : 1);
	}
	int drawn = 0;
	for (; units >= 8 && drawn < cols; units -= 8)
		canvas_put(cv, y, x + drawn++, look, style_unicode() ? eighth[8] : "#");
	if (units > 0 && drawn < cols)
		canvas_put(cv, y, x + drawn++, look, eighth[units]);
	if (over)
		canvas_put(cv, y, x + cols - 1, look, glyph(GL_RIGHT));
	return drawn;
}

/* The bag: what it weighs of its capacity, its value and the room left,
 * and its bar above the items'; the list's heading, and which items show
 * when they do not all. */
static void draw_head(const struct knapsack_view *kv, const struct columns *c, struct canvas *cv,
                      const struct puzzle_state *s)
{
	char a[U128_DIGITS + 16], b[U128_DIGITS + 16], line[160];
	snprintf(line, sizeof line, "The bag: %s of %s", knapsack_puzzle_number(s->weight, a),
	         knapsack_puzzle_number(s->k.capacity, b));
	canvas_print(cv, 0, 1, A_BOLD, line);
	snprintf(line, sizeof line, "value %s, %s room left", knapsack_puzzle_number(s->value, a),
	         knapsack_puzzle_number(s->k.capacity - s->weight, b));
	canvas_print(cv, 1, 1, A_BOLD, line);
	int used = c->bar_w ? draw_bar(cv, 0, c->bar_x, c->bar_w, (double)s->weight, (double)s->k.capacity,
	                               style(ST_GOOD))
	                    : 0;
	for (int x = used; x < c->bar_w; x++)
		canvas_put(cv, 0, c->bar_x + x, style(ST_DIM), glyph(GL_BAR_EMPTY));
	int y = kv->head - 1;
	attr_t dim = style(ST_DIM);
	canvas_print(cv, y, 0, dim, "in");
	canvas_print(cv, y, c->item_x + kv->item_w - 4, dim, "item");
	canvas_print(cv, y, c->weight_x + kv->weight_w - 6, dim, "weight");
	canvas_print(cv, y, c->value_x + kv->value_w - 5, dim, "value");
	canvas_print(cv, y, c->unit_x, dim, "per unit");
	/* Over the bars (beside the search's panel, where the bars give way,
	 * the arrows at the list's ends say it alone). */
	if (!c->bar_w)
		return;
	if (kv->rows < kv->n) {
		bool above = kv->top > 0, below = kv->top + kv->rows < kv->n;
		/* Shorter where the bars are short: every word whole. */
		int len = snprintf(line, sizeof line, "items %d-%d of %d ", kv->top + 1, kv->top + kv->rows, kv->n);
		if (len + above + below > c->bar_w)
			len = snprintf(line, sizeof line, "%d-%d of %d ", kv->top + 1, kv->top + kv->rows, kv->n);
		snprintf(line + len, sizeof line - (size_t)len, "%s%s", above ? glyph(GL_UP) : "",
		         below ? glyph(GL_DOWN) : "");
		canvas_print(cv, y, c->bar_x, style(ST_NOTICE), line);
	} else {
		/* as much of it as the bars' width says whole */
		const char *say = c->bar_w >= 26 ? "weight, on the bag's scale" : c->bar_w >= 6 ? "weight" : "";
		canvas_print(cv, y, c->bar_x, dim, say);
	}
}

/* Item i on row y: in the bag ticked and bright, out of it and too heavy
 * for the room left dim; the cursor's line reversed, a hint's marked. */
static void draw_item(const struct knapsack_view *kv, const struct columns *c, struct canvas *cv,
                      const struct puzzle_state *s, int line, int y, const struct view_show *show)
{
	int i = kv->line[line];
	const struct knapsack_item *it = &s->k.items[i];
	char buf[U128_DIGITS + 16], num[U128_DIGITS + 16];
	bool fits = it->weight <= s->k.capacity - s->weight;
	bool cursor = !show->searching && line == kv->cur;
	bool marked = show->marks && note_has_cell(show->marks, i);
	attr_t look = style(s->in[i] ? ST_GOOD : fits ? ST_NORMAL : ST_DIM);
	if (marked)
		look = style(ST_MARK);
	else if (cursor)
		look = style(ST_CURSOR) | (s->in[i] ? A_BOLD : 0);
	if (marked || cursor)
		canvas_fill(cv, y, 0, 1, c->width, look, " ");
	if (cursor)
		canvas_put(cv, y, 0, look, style_unicode() ? "\u25b8" : ">");
	if (s->in[i])
		canvas_put(cv, y, 1, look, glyph(GL_TICK));
	snprintf(buf, sizeof buf, "%*d", kv->item_w, i + 1);
	canvas_print(cv, y, c->item_x, look, buf);
	snprintf(buf, sizeof buf, "%*s", kv->weight_w, knapsack_puzzle_number(it->weight, num));
	canvas_print(cv, y, c->weight_x, look, buf);
	snprintf(buf, sizeof buf, "%*s", kv->value_w, knapsack_puzzle_number(it->value, num));
	canvas_print(cv, y, c->value_x, look, buf);
	snprintf(buf, sizeof buf, "%*.2f", kv->unit_w, density(it));
	canvas_print(cv, y, c->unit_x, look, buf);
	/* The value per unit's bar is quieter than the weight's beside it. */
	if (c->density_w)
		draw_bar(cv, y, c->density_x, c->density_w, density(it), kv->densest,
		         marked || cursor || !fits ? look : style(ST_BORDER));
	if (c->bar_w)
		draw_bar(cv, y, c->bar_x, c->bar_w, (double)it->weight, (double)s->k.capacity, look);
}

static void draw(const struct view *v, struct canvas *cv, const struct puzzle_state *s, const struct view_show *show)
{
	const struct knapsack_view *kv = cof(v);
	const struct columns *c = show->searching ? &kv->search : &kv->play;
	/* A panel over the list's right part: the list stops short of it. */
	struct canvas room = *cv;
	if (show->searching && kv->panel_y == 0)
		room = canvas_window(cv, 0, 0, cv->rows, kv->panel_x - 1);
	draw_head(kv, c, &room, s);
	for (int r = 0; r < kv->rows && kv->top + r < kv->n; r++)
		draw_item(kv, c, &room, s, kv->top + r, kv->head + r, show);
	/* Arrows at the list's ends where more lies beyond. */
	if (kv->top > 0)
		canvas_put(&room, kv->head, c->width, style(ST_NOTICE), glyph(GL_UP));
	if (kv->top + kv->rows < kv->n)
		canvas_put(&room, kv->head + kv->rows - 1, c->width, style(ST_NOTICE), glyph(GL_DOWN));
}

static void status(const struct view *v, const struct puzzle_state *s, int cols, char *buf, size_t size)
{
	/* No shorter words for an item: a line too long wraps on screen. */
	(void)cols;
	const struct knapsack_view *kv = cof(v);
	if (kv->n == 0) {
		snprintf(buf, size, "No items");
		return;
	}
	int i = kv->line[kv->cur];
	const struct knapsack_item *it = &s->k.items[i];
	char w[U128_DIGITS + 16], val[U128_DIGITS + 16];
	snprintf(buf, size, "Item %d: weight %s, value %s, %s", i + 1, knapsack_puzzle_number(it->weight, w),
	         knapsack_puzzle_number(it->value, val),
	         s->in[i] ? "in the bag" : it->weight > s->k.capacity - s->weight ? "does not fit" : "fits");
}

static const struct view_key knapsack_keys[] = {
	{ "Up Down", "move", true, "move along the items" },
	{ "k j", "up, down", false, "the same as Up and Down" },
	{ "space, Enter", "put in/out", true, "put the item under the cursor in the bag, or take it out" },
	{ "PgUp PgDn", "a page of items", false, NULL },
	{ "Home End", "the first item, the last", false, NULL },
	{ "o", "order", true, "order by number or by value per unit" },
	{ NULL, NULL, false, NULL },
};

static const char *const knapsack_mouse[] = { "click: on an item, put it in the bag or take it out", NULL };

const struct view_ops knapsack_view_ops = {
	.serves = serves,
	.new = view_new,
	.free = view_free,
	.size = size,
	.layout = layout,
	.panel = panel,
	.event = event,
	.sync = view_sync,
	.drop = drop,
	.hold = hold,
	.draw = draw,
	.status = status,
	.keys = knapsack_keys,
	.help = "The bar at the top is the bag: the part filled is the weight in it, of its capacity.  Under it "
	        "each item's weight is a bar on the same scale, so an item fits if its bar is no longer than the "
	        "bag's empty part.  Items in the bag are ticked (and green); items too heavy for the room left are "
	        "dim.  Value per unit is the item's value divided by its weight, with a bar against the densest "
	        "item's; o puts the densest first.  A list longer than the screen scrolls, and its heading says "
	        "which items show.",
	.help_title = "The bag",
	.keys_title = "In the list",
	.mouse = knapsack_mouse,
};
