/* The knapsack's face: a bar of the capacity used, and the items as a
 * list (number, weight, value, value per weight, in or out), by number or
 * densest first (o), a cursor on it.  Space or Enter, or a click on an item's line, puts it in the bag
 * or takes it out; the list scrolls when it is longer than the room. */
#include "config.h"

#include "ui/knapsack_view.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "puzzles/knapsack_puzzle.h"
#include "puzzles/knapsack_state.h"
#include "util/xalloc.h"

/* The bar and the value take two lines, the list's heading one. */
#define HEAD_ROWS 3
#define LIST_COLS 46
#define BAR_COLS 24

struct knapsack_view {
	struct view base;
	int n;
	int cur;        /* the line of the cursor, from 0 */
	int top;        /* the first line the list shows */
	int rows;       /* lines the list has room for */
	bool dense_first;  /* the list by value per unit, not by number */
	int *line;      /* line[i]: the item shown on line i */
	int *by_density;   /* the items, densest first */
};

static struct knapsack_view *of(struct view *v)
{
	return (struct knapsack_view *)v;
}

static const struct knapsack_view *cof(const struct view *v)
{
	return (const struct knapsack_view *)v;
}

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
	v->line = xmalloc(sizeof *v->line * (size_t)(v->n + 1));
	v->by_density = xmalloc(sizeof *v->by_density * (size_t)(v->n + 1));
	knapsack_order(&s->k, v->by_density);
	for (int i = 0; i < v->n; i++)
		v->line[i] = i;
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

static void size(const struct view *v, int *min_rows, int *min_cols, int *best_rows, int *best_cols)
{
	int n = cof(v)->n;
	*min_rows = HEAD_ROWS + (n < 4 ? n : 4);
	*best_rows = HEAD_ROWS + n;
	*min_cols = *best_cols = LIST_COLS;
}

static void keep_cursor_shown(struct knapsack_view *kv)
{
	if (kv->cur < kv->top)
		kv->top = kv->cur;
	if (kv->cur >= kv->top + kv->rows)
		kv->top = kv->cur - kv->rows + 1;
	if (kv->top < 0)
		kv->top = 0;
}

static bool layout(struct view *v, int rows, int cols)
{
	struct knapsack_view *kv = of(v);
	if (cols < LIST_COLS || rows < HEAD_ROWS + 1)
		return false;
	kv->rows = rows - HEAD_ROWS < kv->n ? rows - HEAD_ROWS : kv->n;
	keep_cursor_shown(kv);
	return true;
}

static void panel(const struct view *v, int *y, int *x, int *rows, int *cols)
{
	*y = 0;
	*x = LIST_COLS + 1;
	*rows = HEAD_ROWS + cof(v)->rows;
	*cols = 32;
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
		int i = kv->top + ev->row - HEAD_ROWS;
		if (!ev->press || ev->button != 1 || ev->row < HEAD_ROWS || i >= kv->top + kv->rows || i >= kv->n ||
		    ev->col >= LIST_COLS)
			return VIEW_IGNORED;
		kv->cur = i;
		return toggle(s, kv->line[i], out);
	}
	/* Ctrl with a key is the game's (Ctrl-R redoes), never the list's. */
	if (ev->kind != TERM_KEY || ev->ctrl)
		return VIEW_IGNORED;
	switch (ev->sym) {
	case KEY_SYM_UP: kv->cur = (kv->cur + kv->n - 1) % kv->n; break;
	case KEY_SYM_DOWN: kv->cur = (kv->cur + 1) % kv->n; break;
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

/* The capacity bar and the bag's value. */
static void draw_head(struct canvas *cv, const struct puzzle_state *s)
{
	char a[U128_DIGITS + 16], b[U128_DIGITS + 16], line[96];
	int filled = s->k.capacity ? (int)((__int128)s->weight * BAR_COLS / s->k.capacity) : BAR_COLS;
	canvas_put(cv, 0, 0, style(ST_BORDER), "[");
	for (int x = 0; x < BAR_COLS; x++)
		canvas_put(cv, 0, 1 + x, style(x < filled ? ST_GOOD : ST_DIM), x < filled ? "#" : ".");
	canvas_put(cv, 0, 1 + BAR_COLS, style(ST_BORDER), "]");
	snprintf(line, sizeof line, " %s of %s", knapsack_puzzle_number(s->weight, a),
	         knapsack_puzzle_number(s->k.capacity, b));
	canvas_print(cv, 0, 2 + BAR_COLS, style(ST_NORMAL), line);
	snprintf(line, sizeof line, "In the bag: value %s, %s room left", knapsack_puzzle_number(s->value, a),
	         knapsack_puzzle_number(s->k.capacity - s->weight, b));
	canvas_print(cv, 1, 0, style(ST_TITLE), line);
	canvas_print(cv, 2, 0, style(ST_DIM), "  item    weight     value  per unit");
}

static void draw(const struct view *v, struct canvas *cv, const struct puzzle_state *s, const struct view_show *show)
{
	const struct knapsack_view *kv = cof(v);
	draw_head(cv, s);
	for (int r = 0; r < kv->rows && kv->top + r < kv->n; r++) {
		int i = kv->line[kv->top + r];
		const struct knapsack_item *it = &s->k.items[i];
		char line[96];
		snprintf(line, sizeof line, "%c %4d %9" PRId64 " %9" PRId64 " %9.2f  %s", s->in[i] ? '*' : ' ', i + 1,
		         it->weight, it->value, (double)it->value / (double)it->weight, s->in[i] ? "in" : "  ");
		attr_t look = style(s->in[i] ? ST_GOOD : ST_NORMAL);
		if (show->marks && note_has_cell(show->marks, i))
			look = style(ST_MARK);
		else if (!show->searching && kv->top + r == kv->cur)
			look = style(ST_CURSOR);
		canvas_print(cv, HEAD_ROWS + r, 0, look, line);
	}
	if (kv->top > 0)
		canvas_print(cv, HEAD_ROWS, LIST_COLS - 2, style(ST_DIM), "^");
	if (kv->top + kv->rows < kv->n)
		canvas_print(cv, HEAD_ROWS + kv->rows - 1, LIST_COLS - 2, style(ST_DIM), "v");
}

static void status(const struct view *v, const struct puzzle_state *s, char *buf, size_t size)
{
	const struct knapsack_view *kv = cof(v);
	if (kv->n == 0) {
		snprintf(buf, size, "No items");
		return;
	}
	int i = kv->line[kv->cur];
	const struct knapsack_item *it = &s->k.items[i];
	snprintf(buf, size, "Item %d: weight %" PRId64 ", value %" PRId64 ", %s", i + 1, it->weight, it->value,
	         s->in[i] ? "in the bag" : it->weight > s->k.capacity - s->weight ? "does not fit" : "fits");
}

static const struct view_key knapsack_keys[] = {
	{ "Up Down", "move along the items", true, NULL },
	{ "space, Enter", "put the item in or take it out", true, "put the item under the cursor in the bag, or take it out" },
	{ "PgUp PgDn", "a page of items", false, NULL },
	{ "Home End", "the first item, the last", false, NULL },
	{ "o", "order by number or by value per unit", true, NULL },
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
	.help = "The bar shows the capacity used; items in the bag are marked * and \"in\". "
	        "Value per unit is the item's value divided by its weight.",
	.help_title = "The bag",
	.keys_title = "In the list",
	.mouse = knapsack_mouse,
};
