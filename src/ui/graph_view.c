/* The clique puzzle's view: the graph drawn with its edges in braille
 * dots (ASCII lines without Unicode) and each vertex a label with its
 * number; the player picks vertices by typing their numbers, by moving
 * from vertex to vertex with the arrows, or by a click.
 *
 * A label shows what the vertex is, in its brackets as well as its look,
 * so that nothing rests on colour alone:
 *   (7)  a vertex          [7]  picked          <7>  the cursor ({7} if picked)
 *   *7*  named by a hint, a dead end or the search's step
 *   a7a  in colour class a of a hint's colouring (and that class's colour)
 * Edges among the picked vertices are drawn two dots thick. */
#include "config.h"

#include "ui/graph_view.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/clique_puzzle.h"
#include "ui/braille.h"
#include "ui/graph_layout.h"
#include "ui/keys.h"
#include "ui/style.h"
#include "util/xalloc.h"

/* The search's panel beside or below the graph (play.c's
 * draw_search_panel: a title, eight rows of figures, a bar). */
#define PANEL_W 34
#define PANEL_H 12

/* The smallest room a graph is drawn in, and the room it is happiest in. */
#define MIN_ROWS 9
#define MIN_COLS 30
#define BEST_ROWS 19
#define BEST_COLS 46

struct graph_view {
	struct view base;
	int n;
	int width;                   /* a label's cells: its digits and two brackets */
	double x[CQ_MAX_VERTICES], y[CQ_MAX_VERTICES];   /* in the unit square */
	int row[CQ_MAX_VERTICES], col[CQ_MAX_VERTICES];  /* labels' top left */
	int cur;                     /* the cursor's vertex */
	int pending;                 /* digits typed so far of a vertex number, 0: none */
	bool dim;                    /* vertices that cannot join are dimmed */
	int held;                    /* a hint's vertex, ready for Enter; -1: none */
	/* A vertex just picked by typing its number: a Space right after it
	 * is the habit of numbers that wait for one, not a second toggle. */
	bool typed;
	bool independent;            /* the mode at the last sync, for the keys' words */
	/* Enter once says whether the set is a largest; Enter again on the
	 * same set says by how much it falls short. */
	uint64_t asked_sel;
	bool asked, asked_mode;
	/* the layout */
	int gy, gx, gh, gw;          /* the graph's region */
	int panel_y, panel_x, panel_h, panel_w;
};

#define GV(v) ((struct graph_view *)(v))
#define CGV(v) ((const struct graph_view *)(v))

static int digits(int n)
{
	return n >= 10 ? 2 : 1;
}

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

static enum view_result play(struct view_out *out, const char *move)
{
	strbuf_addf(&out->move, "%s", move);
	return VIEW_MOVE;
}

static enum view_result toggle(struct graph_view *gv, const struct puzzle_state *s, int v, struct view_out *out)
{
	char move[32];
	gv->cur = v;
	gv->held = -1;
	cq_move_toggle(s, v, move, sizeof move);
	return play(out, move);
}

/* ---- keys ------------------------------------------------------------------ */

/* A digit of a vertex number: taken at once when no longer number starts
 * with the digits so far, else held for the next digit, Space or Enter. */
static enum view_result digit_key(struct graph_view *gv, const struct puzzle_state *s, int d,
                                  struct view_out *out)
{
	int num = gv->pending * 10 + d;
	if (num == 0 || num > gv->n) {
		gv->pending = 0;
		return tell(out, true, "No vertex %d: the vertices are 1 to %d", num, gv->n);
	}
	if (num * 10 > gv->n) {
		gv->pending = 0;
		enum view_result r = toggle(gv, s, num - 1, out);
		gv->typed = true;
		return r;
	}
	gv->pending = num;
	return VIEW_HANDLED;
}

/* The nearest vertex from the cursor in a direction, as drawn: within 60
 * degrees either side of it, the nearest by distance with the sideways
 * part counted double, so that the arrow goes where the eye expects. */
static void move_cursor(struct graph_view *gv, int dy, int dx)
{
	int best = -1;
	double best_d = 0;
	for (int v = 0; v < gv->n; v++) {
		if (v == gv->cur)
			continue;
		double ry = 2.0 * (gv->row[v] - gv->row[gv->cur]), rx = (double)(gv->col[v] - gv->col[gv->cur]);
		double along = ry * dy + rx * dx, across = ry * dx - rx * dy;
		if (across < 0)
			across = -across;
		if (along <= 0 || across > along * 1.8)
			continue;
		double d = along + 2 * across;
		if (best < 0 || d < best_d) {
			best = v;
			best_d = d;
		}
	}
	if (best >= 0)
		gv->cur = best;
}

static int vertex_at(const struct graph_view *gv, int y, int x)
{
	for (int v = 0; v < gv->n; v++)
		if (y == gv->gy + gv->row[v] && x >= gv->gx + gv->col[v] && x < gv->gx + gv->col[v] + gv->width)
			return v;
	return -1;
}

static enum view_result submit(struct graph_view *gv, const struct puzzle_state *s, struct view_out *out)
{
	uint64_t sel = cq_selection(s);
	int have = __builtin_popcountll(sel), goal = cq_goal(s);
	const char *set = cq_set_word(s);
	int a, b;
	if (!sel)
		return tell(out, false, "Pick vertices first: type a number, or Space on the cursor's vertex");
	if (cq_clash(s, &a, &b))
		return tell(out, true, "Not %s %s: %d and %d are %s", cq_independent(s) ? "an" : "a", set, a + 1, b + 1,
		            cq_independent(s) ? "joined" : "not joined");
	if (have == goal)
		return tell(out, false, "Yes: a largest %s, %d vertices", set, have);
	bool again = gv->asked && gv->asked_sel == sel && gv->asked_mode == cq_independent(s);
	gv->asked = true;
	gv->asked_sel = sel;
	gv->asked_mode = cq_independent(s);
	if (again)
		return tell(out, false, "The largest %s has %d vertices: %d more than yours", set, goal, goal - have);
	bool maximal = cq_can_join(s) == 0;
	return tell(out, false, "Not a largest %s: a larger one exists%s (Enter again: how much larger)", set,
	            maximal ? ", though none can join yours" : "");
}

static enum view_result gv_event(struct view *v, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	struct graph_view *gv = GV(v);
	if (ev->kind == TERM_MOUSE) {
		if (!ev->press || ev->button != 1)
			return VIEW_IGNORED;
		int at = vertex_at(gv, ev->row, ev->col);
		if (at < 0)
			return VIEW_IGNORED;
		gv->pending = 0;
		return toggle(gv, s, at, out);
	}
	if (ev->kind != TERM_KEY || ev->ctrl)
		return VIEW_IGNORED;
	bool typed = gv->typed;
	gv->typed = false;
	if (typed && ev->sym == KEY_SYM_SPACE)
		return VIEW_HANDLED;
	long ch = ev->ch;
	if (ch >= '0' && ch <= '9')
		return digit_key(gv, s, (int)(ch - '0'), out);
	if (gv->pending && (ev->sym == KEY_SYM_SPACE || ev->sym == KEY_SYM_ENTER)) {
		int num = gv->pending;
		gv->pending = 0;
		return toggle(gv, s, num - 1, out);
	}
	if (gv->pending) {
		/* Any other key lets the half-typed number go, and is itself. */
		gv->pending = 0;
		if (ev->sym == KEY_SYM_ESCAPE || ev->sym == KEY_SYM_BACKSPACE)
			return VIEW_HANDLED;
	}
	switch (ev->sym) {
	case KEY_SYM_SPACE:
		return toggle(gv, s, gv->cur, out);
	case KEY_SYM_ENTER:
		if (gv->held >= 0 && gv->held == gv->cur && !(cq_selection(s) >> gv->held & 1))
			return toggle(gv, s, gv->held, out);
		return submit(gv, s, out);
	case KEY_SYM_ESCAPE:
		if (gv->held < 0)
			return VIEW_IGNORED;
		gv->held = -1;
		return VIEW_HANDLED;
	default:
		break;
	}
	int dr, dc;
	if (key_step(key_action(CTX_PLAY, ev), &dr, &dc)) {
		move_cursor(gv, dr, dc);
		return VIEW_HANDLED;
	}
	char move[32];
	switch (ch) {
	case 'i':
		cq_move_switch(s, move, sizeof move);
		gv->held = -1;
		snprintf(out->say, sizeof out->say, "Now %s: no two picked vertices %s%s",
		         cq_independent(s) ? "cliques" : "independent sets", cq_independent(s) ? "unjoined" : "joined",
		         cq_selection(s) ? " (u brings back your set)" : "");
		return play(out, move);
	case 'd':
		gv->dim = !gv->dim;
		return tell(out, false, "Vertices that cannot join your set: %s", gv->dim ? "dimmed" : "shown as the rest");
	case 'x': {
		uint64_t sel = cq_selection(s);
		if (!sel)
			return tell(out, false, "Nothing picked to clear");
		struct strbuf b = { 0 };
		for (int u = 0; u < gv->n; u++)
			if (sel >> u & 1)
				strbuf_addf(&b, "%s-%d", b.len ? ";" : "", u + 1);
		strbuf_addf(&out->move, "%s", b.s);
		strbuf_free(&b);
		gv->held = -1;
		return VIEW_MOVE;
	}
	default:
		return VIEW_IGNORED;
	}
}

/* ---- the view's life ----------------------------------------------------------- */

static bool gv_serves(const struct puzzle *pz)
{
	return clique_puzzle_is(pz);
}

static void lay_out_graph(struct graph_view *gv, const struct puzzle_state *s)
{
	gv->n = cq_vertices(s);
	gv->width = digits(gv->n) + 2;
	struct graph *g = cq_graph(s);
	graph_layout(g, 1, gv->x, gv->y);
	graph_free(g);
	if (gv->cur >= gv->n)
		gv->cur = 0;
}

static struct view *gv_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct graph_view *gv = xcalloc(1, sizeof *gv);
	gv->base.ops = &graph_view_ops;
	gv->dim = true;
	gv->held = -1;
	gv->independent = cq_independent(s);
	lay_out_graph(gv, s);
	return &gv->base;
}

static void gv_free(struct view *v)
{
	free(v);
}

static void gv_size(const struct view *v, int *min_rows, int *min_cols, int *best_rows, int *best_cols)
{
	(void)v;
	*min_rows = MIN_ROWS;
	*min_cols = MIN_COLS;
	*best_rows = BEST_ROWS;
	*best_cols = BEST_COLS + 2 + PANEL_W;
}

static bool place_labels(struct graph_view *gv)
{
	return graph_layout_cells(gv->n, gv->x, gv->y, gv->gh, gv->gw, gv->width, gv->row, gv->col);
}

/* The graph on the left and the search's panel on its right when both
 * fit; else the panel under the graph; else the graph alone (the panel
 * then takes what is left). */
static bool gv_layout(struct view *v, int rows, int cols)
{
	struct graph_view *gv = GV(v);
	gv->gy = 0;
	gv->gx = 1;
	if (cols - PANEL_W - 3 >= MIN_COLS) {
		gv->gw = cols - PANEL_W - 3;
		gv->gh = rows;
		gv->panel_y = 0;
		gv->panel_x = gv->gx + gv->gw + 2;
		gv->panel_w = PANEL_W;
		gv->panel_h = rows;
		if (place_labels(gv))
			return true;
	}
	if (rows - PANEL_H - 1 >= MIN_ROWS) {
		gv->gw = cols - 1;
		gv->gh = rows - PANEL_H - 1;
		gv->panel_y = gv->gh + 1;
		gv->panel_x = 1;
		gv->panel_w = cols - 1;
		gv->panel_h = PANEL_H;
		if (place_labels(gv))
			return true;
	}
	gv->gw = cols - 1;
	gv->gh = rows;
	gv->panel_y = gv->panel_x = 0;
	gv->panel_h = rows;
	gv->panel_w = cols;
	return rows >= MIN_ROWS && cols >= MIN_COLS && place_labels(gv);
}

static void gv_panel(const struct view *v, int *y, int *x, int *rows, int *cols)
{
	const struct graph_view *gv = CGV(v);
	*y = gv->panel_y;
	*x = gv->panel_x;
	*rows = gv->panel_h;
	*cols = gv->panel_w;
}

static void gv_sync(struct view *v, const struct puzzle_state *s)
{
	struct graph_view *gv = GV(v);
	if (cq_vertices(s) != gv->n)
		lay_out_graph(gv, s);
	gv->held = -1;
	gv->pending = 0;
	gv->independent = cq_independent(s);
}

static void gv_drop(struct view *v)
{
	GV(v)->held = -1;
	GV(v)->pending = 0;
}

/* A hint's last tier, "+12": the cursor goes there, ready for Enter. */
static bool gv_hold(struct view *v, const struct puzzle_state *s, const char *move)
{
	struct graph_view *gv = GV(v);
	int num, used = 0;
	if (sscanf(move, "+%d%n", &num, &used) != 1 || move[used] != '\0' || num < 1 || num > gv->n)
		return false;
	if (cq_selection(s) >> (num - 1) & 1)
		return false;
	gv->cur = gv->held = num - 1;
	return true;
}

/* ---- drawing ----------------------------------------------------------------- */

/* The colour of class k of a hint's colouring: the pieces' colours. */
static attr_t class_look(int k)
{
	static const char *const names[] = { "Red", "Green", "Blue", "Yellow", "Magenta", "Cyan",
		                             "Orange", "Purple", "Pink", "LightGreen", "Gray", "White" };
	return style_piece(names[k % (int)(sizeof names / sizeof *names)], true, false);
}

/* Where the note names vertex v: -1 if not, else its colour class, or
 * -2 when named without one. */
static int marked(const struct note *marks, int v)
{
	if (!marks || !note_has_cell(marks, v))
		return -1;
	int k = note_class_of(marks, v);
	return k >= 0 ? k : -2;
}

static void edge_end(const struct graph_view *gv, int v, int *x, int *y)
{
	braille_centre(gv->row[v], gv->col[v], gv->width, x, y);
}

static void draw_edges(const struct graph_view *gv, struct canvas *cv, const struct puzzle_state *s,
                       const struct view_show *show)
{
	struct braille *b = braille_new(gv->gh, gv->gw);
	uint64_t sel = cq_selection(s);
	bool indep = cq_independent(s);
	for (int u = 0; u < gv->n; u++)
		for (int v = u + 1; v < gv->n; v++) {
			if (!(cq_drawn_neighbours(s, u) >> v & 1))
				continue;
			int x0, y0, x1, y1;
			edge_end(gv, u, &x0, &y0);
			edge_end(gv, v, &x1, &y1);
			bool both = (sel >> u & 1) && (sel >> v & 1);
			bool cursor = !show->searching && (u == gv->cur || v == gv->cur);
			if (both && indep)
				braille_thick_line(b, x0, y0, x1, y1, 2);   /* breaks the rule */
			else if (both)
				braille_thick_line(b, x0, y0, x1, y1, 1);
			else if (cursor)
				braille_line(b, x0, y0, x1, y1, 3);
			else
				braille_line(b, x0, y0, x1, y1, 0);
		}
	for (int v = 0; v < gv->n; v++)
		braille_mask(b, gv->row[v], gv->col[v], gv->width);
	/* Plain edges quiet, the picked ones bold, those that break the
	 * rule loud; the cursor's stand out so that its neighbours can be
	 * read however dense the graph. */
	const attr_t looks[BRAILLE_LAYERS] = { style(ST_DIM), style(ST_GOOD) | A_BOLD, style(ST_BAD) | A_BOLD,
		                               style(ST_NOTICE) | A_BOLD };
	braille_draw(b, cv, gv->gy, gv->gx, looks, style_unicode());
	braille_free(b);
}

static void draw_label(const struct graph_view *gv, struct canvas *cv, const struct puzzle_state *s, int v,
                       const struct view_show *show, uint64_t can_join)
{
	int mark = marked(show->marks, v);
	bool picked = cq_selection(s) >> v & 1;
	bool cursor = !show->searching && v == gv->cur;
	char open = '(', close = ')';
	attr_t look = style(ST_NORMAL) | A_BOLD;
	if (picked) {
		open = '[';
		close = ']';
		look = style(ST_GOOD) | A_BOLD | A_REVERSE;
	} else if ((gv->dim || show->searching) && cq_selection(s) && !(can_join >> v & 1)) {
		look = style(ST_DIM);
	}
	if (mark >= 0) {
		open = close = (char)('a' + mark % 26);
		look = class_look(mark) | (picked ? A_REVERSE : 0);
	} else if (mark == -2) {
		open = close = '*';
		look = style(ST_MARK);
	}
	if (cursor) {
		open = picked ? '{' : '<';
		close = picked ? '}' : '>';
		look |= A_UNDERLINE;
	}
	if (v == gv->held && !show->searching)
		look = style(ST_NOTICE) | A_BOLD;
	char text[8];
	snprintf(text, sizeof text, "%c%*d%c", open, gv->width - 2, v + 1, close);
	canvas_print(cv, gv->gy + gv->row[v], gv->gx + gv->col[v], look, text);
}

static void gv_draw(const struct view *v, struct canvas *cv, const struct puzzle_state *s,
                    const struct view_show *show)
{
	const struct graph_view *gv = CGV(v);
	draw_edges(gv, cv, s, show);
	uint64_t can_join = cq_can_join(s);
	for (int u = 0; u < gv->n; u++)
		draw_label(gv, cv, s, u, show, can_join);
}

/* ", joined to 3 4 13" for the cursor's vertex, as much as fits in room
 * (", ..." at the end if not all do). */
static void neighbours_of(const struct puzzle_state *s, int v, char *buf, size_t room)
{
	uint64_t nb = cq_drawn_neighbours(s, v);
	size_t at = (size_t)snprintf(buf, room, nb ? ", joined to" : ", joined to none");
	for (; nb && at < room; nb &= nb - 1) {
		char one[8];
		int w = snprintf(one, sizeof one, " %d", __builtin_ctzll(nb) + 1);
		if (at + (size_t)w + 5 > room - 1 && (nb & (nb - 1))) {
			snprintf(buf + at, room - at, " ...");
			return;
		}
		at += (size_t)snprintf(buf + at, room - at, "%s", one);
	}
}

static void gv_status(const struct view *v, const struct puzzle_state *s, char *buf, size_t size)
{
	const struct graph_view *gv = CGV(v);
	const char *dot = glyph(GL_DOT);
	const char *set = cq_set_word(s);
	if (gv->pending) {
		snprintf(buf, size, "vertex %d_ %s another digit, or Space", gv->pending, dot);
		return;
	}
	if (gv->held >= 0) {
		snprintf(buf, size, "%d from the hint %s Enter takes it", gv->held + 1, dot);
		return;
	}
	uint64_t sel = cq_selection(s);
	int have = __builtin_popcountll(sel), a, b;
	char what[96];
	if (!sel)
		snprintf(what, sizeof what, "pick a largest %s", set);
	else if (cq_clash(s, &a, &b))
		snprintf(what, sizeof what, "not %s %s: %d and %d are %s", cq_independent(s) ? "an" : "a", set, a + 1,
		         b + 1, cq_independent(s) ? "joined" : "not joined");
	else if (!cq_can_join(s))
		snprintf(what, sizeof what, "%s of %d, maximal: none can join", set, have);
	else
		snprintf(what, sizeof what, "%s of %d %s %d can join", set, have, dot,
		         __builtin_popcountll(cq_can_join(s)));
	/* The status line is 78 columns: the cursor's neighbours take what
	 * the rest leaves. */
	char near[80];
	int used = (int)strlen(what) + 14 + 3;
	neighbours_of(s, gv->cur, near, used < 70 ? (size_t)(78 - used) : 8);
	snprintf(buf, size, "%s %s cursor on %d%s", what, dot, gv->cur + 1, used < 70 ? near : "");
}

#define GV_KEYS(other)                                                                          \
	{ "1-9", "pick", true, "pick a vertex by its number, or put it back" },                      \
	{ "Space", "pick", false, "pick the cursor's vertex, or put it back" },                      \
	{ "Enter", "submit", true, "is your set a largest?  Again: how far from it" },               \
	{ "i", other, true, "switch between cliques and independent sets" },                         \
	{ "x", "clear", false, "put every picked vertex back" },                                     \
	{ "d", "dim", false, "on/off: dim the vertices that cannot join your set" },                 \
	{ NULL, NULL, false, NULL }

/* The key reminder names the mode i switches to. */
static const struct view_key gv_keys[] = { GV_KEYS("independent") };
static const struct view_key gv_keys_independent[] = { GV_KEYS("cliques") };

static const struct view_key *gv_keys_of(const struct view *v)
{
	return CGV(v)->independent ? gv_keys_independent : gv_keys;
}

static const char *const gv_mouse[] = {
	"click: on a vertex, pick it or put it back",
	NULL,
};

const struct view_ops graph_view_ops = {
	.serves = gv_serves,
	.new = gv_new,
	.free = gv_free,
	.size = gv_size,
	.layout = gv_layout,
	.panel = gv_panel,
	.event = gv_event,
	.sync = gv_sync,
	.drop = gv_drop,
	.hold = gv_hold,
	.draw = gv_draw,
	.status = gv_status,
	.keys = gv_keys,
	.keys_of = gv_keys_of,
	.help_title = "The graph",
	.keys_title = "On the graph",
	.mouse = gv_mouse,
	.help = "Each vertex is its number in brackets: (7).  Picked vertices are in square brackets and bold, [7], "
	        "and the edges among them are drawn thick.  The cursor is in angle brackets, <7> (in braces, {7}, "
	        "on a picked vertex), its edges stand out, and the status line lists its neighbours.  A vertex a hint, "
	        "a dead end or the search names has stars, *7*; when a hint colours the graph, each vertex of a "
	        "colour class carries the class's letter, a7a, in its colour.  Vertices that cannot join your set "
	        "are dimmed (d turns that off and on).\n"
	        "Keys: type a vertex's number to pick it or put it back (a number that could go on, like 1 of 12, "
	        "waits for the next digit, Space or Enter).  Arrows or h j k l jump to the nearest vertex that way; "
	        "Space picks the cursor's.  Enter asks whether your set is a largest one; Enter again on the same "
	        "set says how much larger the largest is.  i switches between cliques and independent sets (no two "
	        "picked vertices joined); x puts every vertex back.",
};
