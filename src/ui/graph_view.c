/* The clique puzzle's view: the graph drawn with its edges in braille
 * dots (ASCII lines without Unicode) and each vertex a label with its
 * number; the player picks vertices by typing their numbers, by moving
 * from vertex to vertex with the arrows (or the mouse) and pressing Space
 * or Enter, or by a click.
 *
 * A label shows what the vertex is, in its brackets as well as its look,
 * so that nothing rests on colour alone:
 *   (7)  a vertex          [7]  picked          <7>  the cursor ({7} if picked)
 *   *7*  named by a hint, a dead end or the search's step
 *   a7a  in group a of a hint's or a dead end's grouping (and its colour)
 * The cursor's neighbours are underlined (and coloured), whatever their
 * brackets.
 *
 * Which edges are drawn.  A graph of 36 vertices and 328 edges drawn
 * whole in 80 columns is a solid block of dots (78% of its braille cells
 * had six or more of their eight dots set): no one can tell from it
 * whether two vertices are joined.  So a graph whose whole drawing is not
 * clear is drawn focused: the cursor's edges only, bright (those to picked
 * vertices in the picked vertices' colour), the rest on demand (e).
 * Moving the cursor (arrows, or the pointer over a label) then answers
 * "are these two joined?" for any pair: the edge is drawn, and the label
 * underlined.  A sparse graph whose whole drawing is clear is drawn whole.
 * Edges that would run under a label not their own are bent around it. */
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
#include "util/clock.h"
#include "util/textfit.h"
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

/* A number typed is taken after this many seconds without a key. */
#define NUMBER_PAUSE 1.0
/* An Enter or Space this soon after a number was taken without one is
 * that number's end (the habit of numbers that wait for one), not a
 * second pick that would put the vertex back. */
#define NUMBER_GRACE 1.5

/* A whole drawing is clear when at most this share of its braille cells
 * have six or more of their eight dots set (the shipped grade 1 levels at
 * 80x24: 0.6% at most), and it has at most EDGES_PER_VERTEX edges a vertex
 * on average: more lines than that meet at every label and cross
 * everywhere, even where the dots stay apart. */
#define CLEAR_SOLID_SHARE 0.02
#define EDGES_PER_VERTEX 2.5

/* Where the labels go in a region of the view's room, and how the edges
 * between them go. */
struct placing {
	int gy, gx, gh, gw;          /* the graph's region */
	int row[CLIQUE_PUZZLE_MAX_VERTICES], col[CLIQUE_PUZZLE_MAX_VERTICES];  /* labels' top left in it */
	/* bend[u][v], u < v: how far, in dots, the edge between u and v
	 * bends away from its straight line (braille_curve) to pass no
	 * label but its ends'. */
	int8_t bend[CLIQUE_PUZZLE_MAX_VERTICES][CLIQUE_PUZZLE_MAX_VERTICES];
};

enum edges_shown {
	EDGES_CHOSEN_FOR_THE_GRAPH,  /* whole if that is clear, else focused */
	EDGES_ALL,
	EDGES_FOCUSED,               /* the cursor's */
};

struct graph_view {
	struct view base;
	int n;
	uint64_t adj[CLIQUE_PUZZLE_MAX_VERTICES];   /* the graph as drawn */
	int width;                   /* a label's cells: its digits and two brackets */
	double x[CLIQUE_PUZZLE_MAX_VERTICES], y[CLIQUE_PUZZLE_MAX_VERTICES];   /* in the unit square */
	struct placing board;        /* the whole room: while the player plays */
	struct placing beside;       /* beside the search's panel, while it runs */
	bool whole_is_clear;         /* at the room's size (board) */
	enum edges_shown edges;
	int cur;                     /* the cursor's vertex */
	bool dim;                    /* vertices that cannot join are dimmed */
	int held;                    /* a hint's vertex, ready for Enter; -1: none */
	/* A vertex number being typed: its digits so far (0: none), when the
	 * last came, and whether it is complete (no longer number has it as
	 * its start) and waits only for the next tick. */
	int number;
	double number_at;
	bool number_ready;
	/* When a number was last taken without an Enter or Space (0: not
	 * lately), for NUMBER_GRACE. */
	double taken_at;
	/* The move the view itself just asked for: the sync that follows it
	 * keeps a number already begun. */
	bool own_move;
	bool independent;            /* the mode at the last sync, for the keys' words */
	/* s once says whether the set is a largest; s again on the same set
	 * says by how much it falls short. */
	uint64_t asked_sel;
	bool asked, asked_mode;
	int panel_y, panel_x, panel_h, panel_w;
	/* The room the layout was made for (0: none yet): the screen is
	 * drawn again on every key, the room changes only on a resize. */
	int laid_rows, laid_cols;
	bool laid_fits;
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

static enum view_result play(struct graph_view *gv, struct view_out *out, const char *move)
{
	strbuf_addf(&out->move, "%s", move);
	gv->own_move = true;
	return VIEW_MOVE;
}

static enum view_result toggle(struct graph_view *gv, const struct puzzle_state *s, int v, struct view_out *out)
{
	char move[32];
	gv->cur = v;
	gv->held = -1;
	clique_puzzle_move_toggle(s, v, move, sizeof move);
	return play(gv, out, move);
}

/* Is the whole drawing the one to show? */
static bool showing_all(const struct graph_view *gv)
{
	return gv->edges == EDGES_ALL || (gv->edges == EDGES_CHOSEN_FOR_THE_GRAPH && gv->whole_is_clear);
}

/* ---- typing a vertex's number ----------------------------------------------- */

/* The number typed so far is picked (or put back); a Space or Enter soon
 * after ends it rather than undoing it unless the player pressed one. */
static enum view_result take_number(struct graph_view *gv, const struct puzzle_state *s, double now, bool by_key,
                                    struct view_out *out)
{
	int num = gv->number;
	gv->number = 0;
	gv->number_ready = false;
	gv->taken_at = by_key ? 0 : now;
	return toggle(gv, s, num - 1, out);
}

/* A digit: it goes on the number being typed.  A number that no longer
 * one starts with (4 of 36) is complete and taken at once; a digit that
 * would make a number past the last vertex (1 then 4 of 11) takes the
 * number before it and begins the next. */
static enum view_result digit_key(struct graph_view *gv, const struct puzzle_state *s, int d, double now,
                                  struct view_out *out)
{
	int num = gv->number * 10 + d;
	if (gv->number && num > gv->n) {
		enum view_result r = take_number(gv, s, now, false, out);
		gv->number = d;
		gv->number_at = now;
		/* The next tick takes it, if it is complete: one move at a time. */
		gv->number_ready = d * 10 > gv->n;
		return r;
	}
	if (num == 0 || num > gv->n) {
		gv->number = 0;
		return tell(out, true, "No vertex %d: the vertices are 1 to %d", num, gv->n);
	}
	gv->number = num;
	gv->number_at = now;
	if (num * 10 > gv->n)
		return take_number(gv, s, now, false, out);
	return VIEW_HANDLED;
}

static enum view_result gv_tick(struct view *v, const struct puzzle_state *s, double now, int *wait_ms,
                                struct view_out *out)
{
	struct graph_view *gv = GV(v);
	if (!gv->number)
		return VIEW_IGNORED;
	double due = gv->number_ready ? gv->number_at : gv->number_at + NUMBER_PAUSE;
	if (now >= due) {
		gv->own_move = false;
		return take_number(gv, s, now, false, out);
	}
	int ms = (int)((due - now) * 1000) + 1;
	if (ms < *wait_ms)
		*wait_ms = ms;
	return VIEW_IGNORED;
}

static void gv_prompt(const struct view *v, const struct puzzle_state *s, char *buf, size_t size)
{
	const struct graph_view *gv = CGV(v);
	const char *dot = glyph(GL_DOT);
	int num = gv->number;
	buf[0] = '\0';
	if (!num)
		return;
	char more[48] = "";
	int lo = num * 10, hi = num * 10 + 9 < gv->n ? num * 10 + 9 : gv->n;
	if (lo < hi && !gv->number_ready)
		snprintf(more, sizeof more, " %s a digit more makes %d-%d", dot, lo, hi);
	else if (lo == hi && !gv->number_ready)
		snprintf(more, sizeof more, " %s a 0 more makes %d", dot, lo);
	bool back = clique_puzzle_selection(s) >> (num - 1) & 1;
	snprintf(buf, size, "vertex %d_%s %s Enter or a pause %s %d%s %s Esc cancels", num, more, dot,
	         back ? "puts" : "picks", num, back ? " back" : "", dot);
}

/* ---- keys ------------------------------------------------------------------ */

/* The nearest vertex from the cursor in a direction, as drawn: within 60
 * degrees either side of it, the nearest by distance with the sideways
 * part counted double, so that the arrow goes where the eye expects. */
static void move_cursor(struct graph_view *gv, int dy, int dx)
{
	const struct placing *pl = &gv->board;
	int best = -1;
	double best_d = 0;
	for (int v = 0; v < gv->n; v++) {
		if (v == gv->cur)
			continue;
		double ry = 2.0 * (pl->row[v] - pl->row[gv->cur]), rx = (double)(pl->col[v] - pl->col[gv->cur]);
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
	if (best >= 0) {
		gv->cur = best;
		gv->held = -1;
	}
}

static int vertex_at(const struct graph_view *gv, int y, int x)
{
	const struct placing *pl = &gv->board;
	for (int v = 0; v < gv->n; v++)
		if (y == pl->gy + pl->row[v] && x >= pl->gx + pl->col[v] && x < pl->gx + pl->col[v] + gv->width)
			return v;
	return -1;
}

static enum view_result submit(struct graph_view *gv, const struct puzzle_state *s, struct view_out *out)
{
	uint64_t sel = clique_puzzle_selection(s);
	int have = __builtin_popcountll(sel), goal = clique_puzzle_goal(s);
	const char *set = clique_puzzle_set_word(s);
	int a, b;
	if (!sel)
		return tell(out, false, "Pick vertices first: type a number, or Space on the cursor's vertex");
	if (clique_puzzle_clash(s, &a, &b))
		return tell(out, true, "Not %s %s: %d and %d are %s", clique_puzzle_independent(s) ? "an" : "a", set, a + 1, b + 1,
		            clique_puzzle_independent(s) ? "joined" : "not joined");
	if (have == goal)
		return tell(out, false, "Yes: a largest %s, %d vertices", set, have);
	bool again = gv->asked && gv->asked_sel == sel && gv->asked_mode == clique_puzzle_independent(s);
	gv->asked = true;
	gv->asked_sel = sel;
	gv->asked_mode = clique_puzzle_independent(s);
	if (again)
		return tell(out, false, "The largest %s has %d vertices: %d more than yours", set, goal, goal - have);
	bool maximal = clique_puzzle_can_join(s) == 0;
	return tell(out, false, "Not a largest %s: a larger one exists%s (s again: how much larger)", set,
	            maximal ? ", though none can join yours" : "");
}

static enum view_result mouse(struct graph_view *gv, const struct puzzle_state *s, const struct term_event *ev,
                              struct view_out *out)
{
	int at = vertex_at(gv, ev->row, ev->col);
	if (at < 0)
		return VIEW_IGNORED;
	/* The pointer over a label shows that vertex's edges, as the
	 * cursor; a click picks it. */
	if (!ev->press && !ev->release && !ev->drag) {
		if (at == gv->cur)
			return VIEW_IGNORED;
		gv->cur = at;
		gv->held = -1;
		return VIEW_HANDLED;
	}
	if (!ev->press || ev->button != 1)
		return VIEW_IGNORED;
	gv->number = 0;
	gv->taken_at = 0;
	return toggle(gv, s, at, out);
}

static enum view_result gv_event(struct view *v, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	struct graph_view *gv = GV(v);
	gv->own_move = false;
	if (ev->kind == TERM_MOUSE)
		return mouse(gv, s, ev, out);
	if (ev->kind != TERM_KEY || ev->ctrl)
		return VIEW_IGNORED;
	double now = clock_seconds();
	bool ends = ev->sym == KEY_SYM_SPACE || ev->sym == KEY_SYM_ENTER;
	bool grace = gv->taken_at > 0 && now - gv->taken_at < NUMBER_GRACE;
	gv->taken_at = 0;
	if (grace && ends)
		return VIEW_HANDLED;
	long ch = ev->ch;
	if (ch >= '0' && ch <= '9')
		return digit_key(gv, s, (int)(ch - '0'), now, out);
	if (gv->number) {
		if (ends)
			return take_number(gv, s, now, true, out);
		if (ev->sym == KEY_SYM_BACKSPACE) {
			gv->number /= 10;
			gv->number_at = now;
			gv->number_ready = false;
			return VIEW_HANDLED;
		}
		/* Any other key lets the half-typed number go, and is itself. */
		gv->number = 0;
		gv->number_ready = false;
		if (ev->sym == KEY_SYM_ESCAPE)
			return VIEW_HANDLED;
	}
	switch (ev->sym) {
	case KEY_SYM_SPACE:
	case KEY_SYM_ENTER:
		return toggle(gv, s, gv->cur, out);
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
	case 's':
		return submit(gv, s, out);
	case 'e':
		gv->edges = showing_all(gv) ? EDGES_FOCUSED : EDGES_ALL;
		return tell(out, false, "%s",
		            showing_all(gv) ? "Every edge drawn, the cursor's bright (e: the cursor's alone)"
		                            : "Only the cursor's edges drawn (e: every edge)");
	case 'i':
		clique_puzzle_move_switch(s, move, sizeof move);
		gv->held = -1;
		snprintf(out->say, sizeof out->say, "Now %s: no two picked vertices %s%s",
		         clique_puzzle_independent(s) ? "cliques" : "independent sets",
		         clique_puzzle_independent(s) ? "unjoined" : "joined",
		         clique_puzzle_selection(s) ? " (u brings back your set)" : "");
		return play(gv, out, move);
	case 'd':
		gv->dim = !gv->dim;
		return tell(out, false, "Vertices that cannot join your set: %s", gv->dim ? "dimmed" : "shown as the rest");
	case 'x': {
		uint64_t sel = clique_puzzle_selection(s);
		if (!sel)
			return tell(out, false, "Nothing picked to clear");
		struct strbuf b = { 0 };
		for (int u = 0; u < gv->n; u++)
			if (sel >> u & 1)
				strbuf_addf(&b, "%s-%d", b.len ? ";" : "", u + 1);
		play(gv, out, b.s);
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
	gv->n = clique_puzzle_vertices(s);
	gv->width = digits(gv->n) + 2;
	for (int v = 0; v < gv->n; v++)
		gv->adj[v] = clique_puzzle_drawn_neighbours(s, v);
	struct graph *g = clique_puzzle_graph(s);
	graph_layout(g, 1, gv->x, gv->y);
	graph_free(g);
	gv->laid_rows = gv->laid_cols = 0;
	if (gv->cur >= gv->n)
		gv->cur = 0;
}

/* The vertex drawn nearest the middle: where the cursor starts, its edges
 * spread to every side (from a corner they crowd one). */
static int middle_vertex(const struct graph_view *gv)
{
	int best = 0;
	double best_d = 0;
	for (int v = 0; v < gv->n; v++) {
		/* the square is drawn about twice as wide as tall */
		double dx = 2 * (gv->x[v] - 0.5), dy = gv->y[v] - 0.5, d = dx * dx + dy * dy;
		if (v == 0 || d < best_d) {
			best = v;
			best_d = d;
		}
	}
	return best;
}

static struct view *gv_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct graph_view *gv = xcalloc(1, sizeof *gv);
	gv->base.ops = &graph_view_ops;
	gv->dim = true;
	gv->held = -1;
	gv->independent = clique_puzzle_independent(s);
	lay_out_graph(gv, s);
	gv->cur = middle_vertex(gv);
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

static void route_edges(const struct graph_view *gv, struct placing *pl);

static bool place_labels(const struct graph_view *gv, struct placing *pl, int y, int x, int rows, int cols)
{
	pl->gy = y;
	pl->gx = x;
	pl->gh = rows;
	pl->gw = cols;
	if (!graph_layout_cells(gv->n, gv->x, gv->y, rows, cols, gv->width, pl->row, pl->col))
		return false;
	route_edges(gv, pl);
	return true;
}

/* ---- edges as dots ------------------------------------------------------------- */

static void edge_end(const struct graph_view *gv, const struct placing *pl, int v, int *x, int *y)
{
	braille_centre(pl->row[v], pl->col[v], gv->width, x, y);
}

/* Plain edges quiet, the picked ones bold, those that break the rule
 * loud, the cursor's bright. */
enum { LAYER_PLAIN, LAYER_PICKED, LAYER_BREAKS, LAYER_CURSOR };

/* Which label lies at each dot of the region (with a dot either side of
 * it: a line that grazes a bracket reads as ending there), -1 none. */
static int8_t *label_map(const struct graph_view *gv, const struct placing *pl)
{
	int w = 2 * pl->gw, h = 4 * pl->gh;
	int8_t *owner = xmalloc((size_t)w * (size_t)h + 1);
	memset(owner, -1, (size_t)w * (size_t)h);
	for (int v = 0; v < gv->n; v++)
		for (int y = 4 * pl->row[v]; y < 4 * pl->row[v] + 4; y++)
			for (int x = 2 * pl->col[v] - 1; x <= 2 * (pl->col[v] + gv->width); x++)
				if (x >= 0 && x < w && y >= 0 && y < h)
					owner[(size_t)y * (size_t)w + (size_t)x] = (int8_t)v;
	return owner;
}

/* Bends tried: BEND_MOST steps of BEND_STEP dots to either side (nine
 * rows at most: a row is four dots); an arc farther out wanders from
 * where the eye looks for the edge. */
#define BEND_STEP 3
#define BEND_MOST 12
#define ROUTE_DOTS 4096
/* A dot on a label costs as much as this many in crowded cells. */
#define LABEL_COST 64
/* A cell this full is crowded: two lines already cross or run in it. */
#define CROWDED_DOTS 4
/* Near the cursor's label, where its edges meet, a cell that this many of
 * them cross is left blank: they cannot be told apart there, and the block
 * of dots they make says nothing.  Within HUB_COLS columns and HUB_ROWS
 * rows of the label, so that every edge still begins near the cursor.  A
 * grade 4 vertex with 27 neighbours, all on one side of it in a corner,
 * made a solid band there.  On 60 generated grade 4 graphs (seeds 1001 to
 * 1060) at 80x24, with the cursor on each vertex in turn, the worst share
 * of nearly solid cells was 12.8% with no cell left blank, 11.5% within 2
 * columns and a row, 9.5% within 6 columns and 2 rows. */
#define HUB_COVER 3
#define HUB_COLS 6
#define HUB_ROWS 2

struct router {
	const struct graph_view *gv;
	const struct placing *pl;
	int8_t *owner;
	int xs[ROUTE_DOTS], ys[ROUTE_DOTS];
};

static struct router *router_new(const struct graph_view *gv, const struct placing *pl)
{
	struct router *r = xmalloc(sizeof *r);
	r->gv = gv;
	r->pl = pl;
	r->owner = label_map(gv, pl);
	return r;
}

static void router_free(struct router *r)
{
	free(r->owner);
	free(r);
}

/* The cost of drawing the edge u-v with a bend: the dots it would put on
 * a label but its ends' (or off the region), and, with a drawing b so
 * far, those it would put in crowded cells. */
static int route_cost(struct router *r, const struct braille *b, int u, int v, int bend)
{
	const struct placing *pl = r->pl;
	int x0, y0, x1, y1, count, cost = 0, w = 2 * pl->gw, h = 4 * pl->gh;
	edge_end(r->gv, pl, u, &x0, &y0);
	edge_end(r->gv, pl, v, &x1, &y1);
	braille_curve_dots(x0, y0, x1, y1, bend, r->xs, r->ys, ROUTE_DOTS, &count);
	for (int i = 0; i < count; i++) {
		int x = r->xs[i], y = r->ys[i];
		if (x < 0 || y < 0 || x >= w || y >= h) {
			cost += LABEL_COST;
			continue;
		}
		int o = r->owner[(size_t)y * (size_t)w + (size_t)x];
		if (o >= 0 && o != u && o != v)
			cost += LABEL_COST;
		else if (b && braille_cell_dots(b, x, y) >= CROWDED_DOTS)
			cost++;
	}
	return cost;
}

/* The bend of least cost for u-v: straight if that costs nothing, else
 * the smallest of the cheapest. */
static int route_one(struct router *r, const struct braille *b, int u, int v)
{
	int bend = 0, best = route_cost(r, b, u, v, 0);
	for (int k = 1; k <= BEND_MOST && best > 0; k++)
		for (int sign = 1; sign >= -1 && best > 0; sign -= 2) {
			int cost = route_cost(r, b, u, v, sign * k * BEND_STEP);
			if (cost < best) {
				best = cost;
				bend = sign * k * BEND_STEP;
			}
		}
	return bend;
}

/* Each edge straight if no label lies on its way, else bent as little as
 * takes it clear of them (or, failing that, past the fewest dots of
 * them): the bends of the whole drawing, made once for the room.
 * Without this, in a graph of 40 vertices on 20 rows, an edge to a vertex
 * on the cursor's own row ran under the labels between them, as if it
 * ended at each. */
static void route_edges(const struct graph_view *gv, struct placing *pl)
{
	struct router *r = router_new(gv, pl);
	for (int u = 0; u < gv->n; u++)
		for (int v = u + 1; v < gv->n; v++)
			pl->bend[u][v] = (int8_t)(gv->adj[u] >> v & 1 ? route_one(r, NULL, u, v) : 0);
	router_free(r);
}

/* Edges in the order they are routed: shorter first (they have less room
 * to bend). */
struct edge_job {
	int u, v, layer, length;
	int to, bend;                /* its end that is not the cursor; its bend seen from the cursor */
};

static int by_length(const void *a, const void *b)
{
	const struct edge_job *x = a, *y = b;
	if (x->length != y->length)
		return (x->length > y->length) - (x->length < y->length);
	return x->u != y->u ? x->u - y->u : x->v - y->v;
}

/* Is the cell (cy, cx) within HUB_COLS columns and HUB_ROWS rows of
 * v's label? */
static bool near_label(const struct graph_view *gv, const struct placing *pl, int v, int cy, int cx)
{
	int dc = cx < pl->col[v] ? pl->col[v] - cx : cx - (pl->col[v] + gv->width - 1);
	return dc <= HUB_COLS && abs(cy - pl->row[v]) <= HUB_ROWS;
}

/* The cursor's edges (jobs[0 .. count-1]): routed from the cursor out,
 * shortest first, each around the labels and away from the cells the ones
 * before it crowd, so that they fan out instead of running as one band;
 * then drawn, each without its first dots where they cross cells near the
 * cursor that HUB_COVER or more of them cross (never past the edge's
 * middle). */
static void draw_fan(const struct graph_view *gv, const struct placing *pl, struct braille *b,
                     struct edge_job *jobs, int count, int cursor)
{
	if (count == 0 || cursor < 0)
		return;
	qsort(jobs, (size_t)count, sizeof *jobs, by_length);
	struct router *r = router_new(gv, pl);
	struct braille *probe = braille_new(pl->gh, pl->gw);
	int x0, y0;
	edge_end(gv, pl, cursor, &x0, &y0);
	for (int i = 0; i < count; i++) {
		int x1, y1;
		jobs[i].to = jobs[i].u == cursor ? jobs[i].v : jobs[i].u;
		edge_end(gv, pl, jobs[i].to, &x1, &y1);
		jobs[i].bend = route_one(r, probe, cursor, jobs[i].to);
		braille_curve(probe, x0, y0, x1, y1, jobs[i].bend, jobs[i].layer);
	}
	braille_free(probe);
	size_t cells = (size_t)pl->gh * (size_t)pl->gw;
	int *cover = xcalloc(cells + 1, sizeof *cover), *seen = xcalloc(cells + 1, sizeof *seen);
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < count; i++) {
			int x1, y1, dots, skip = 0;
			edge_end(gv, pl, jobs[i].to, &x1, &y1);
			braille_curve_dots(x0, y0, x1, y1, jobs[i].bend, r->xs, r->ys, ROUTE_DOTS, &dots);
			for (int k = 0; k < dots; k++) {
				int cx = r->xs[k] / 2, cy = r->ys[k] / 4;
				if (cx < 0 || cy < 0 || cx >= pl->gw || cy >= pl->gh)
					continue;
				size_t cell = (size_t)cy * (size_t)pl->gw + (size_t)cx;
				if (pass == 0 && seen[cell] != i + 1) {
					seen[cell] = i + 1;
					cover[cell]++;
				} else if (pass == 1 && k < dots / 2 && cover[cell] >= HUB_COVER &&
				           near_label(gv, pl, cursor, cy, cx)) {
					skip = k + 1;
				}
			}
			if (pass == 1)
				braille_curve_part(b, x0, y0, x1, y1, jobs[i].bend, skip, jobs[i].layer);
		}
	free(cover);
	free(seen);
	router_free(r);
}

/* The edges to draw, as dots on the region of pl.
 *
 * All: every edge, each bent as the room's routing says; the cursor's
 * bright, those among the picked vertices in their colour.
 *
 * Focused: the cursor's edges, those to picked vertices in the picked
 * vertices' colour, routed as they are drawn (draw_fan).  The edges among
 * the picked vertices are left out: a clique of 10 has 45, which crossed
 * into solid blocks (13% of the cells of a solved grade 4 graph had six
 * dots or more), and they say nothing the labels and the status do not
 * (every two picked vertices of a clique are joined; a pair that is not is
 * named and starred).  With no cursor (cursor -1: the search's position
 * is shown) the picked vertices' edges are the search's clique, and drawn.
 *
 * An edge between picked vertices of an independent set breaks its rule
 * and is always drawn, thick. */
static struct braille *edge_dots(const struct graph_view *gv, const struct placing *pl, uint64_t picked,
                                 bool independent, int cursor, bool all)
{
	struct braille *b = braille_new(pl->gh, pl->gw);
	struct edge_job *jobs = xmalloc(sizeof *jobs * (size_t)(gv->n + 1));
	int count = 0;
	for (int u = 0; u < gv->n; u++)
		for (uint64_t m = gv->adj[u] & ~(((uint64_t)2 << u) - 1); m; m &= m - 1) {
			int v = __builtin_ctzll(m), x0, y0, x1, y1;
			edge_end(gv, pl, u, &x0, &y0);
			edge_end(gv, pl, v, &x1, &y1);
			bool both = (picked >> u & 1) && (picked >> v & 1);
			bool at_cursor = u == cursor || v == cursor;
			int to_picked = at_cursor && (picked >> (u == cursor ? v : u) & 1);
			int layer = both && independent ? LAYER_BREAKS
			            : both || to_picked ? LAYER_PICKED
			            : at_cursor ? LAYER_CURSOR
			                        : LAYER_PLAIN;
			if (layer == LAYER_BREAKS)
				braille_thick_line(b, x0, y0, x1, y1, layer);
			else if (all || (cursor < 0 && both))
				braille_curve(b, x0, y0, x1, y1, pl->bend[u][v], layer);
			else if (at_cursor)
				jobs[count++] = (struct edge_job){ u, v, layer, abs(x1 - x0) + abs(y1 - y0), 0, 0 };
		}
	draw_fan(gv, pl, b, jobs, count, cursor);
	free(jobs);
	for (int v = 0; v < gv->n; v++)
		braille_mask(b, pl->row[v], pl->col[v], gv->width);
	return b;
}

/* Is the whole drawing clear at the board's size?  Drawn into memory and
 * its cells counted, as the tests count a screen's. */
static bool whole_is_clear(const struct graph_view *gv)
{
	int edges = 0;
	for (int v = 0; v < gv->n; v++)
		edges += __builtin_popcountll(gv->adj[v]);
	edges /= 2;
	if (edges > EDGES_PER_VERTEX * gv->n)
		return false;
	struct braille *b = edge_dots(gv, &gv->board, 0, false, -1, true);
	int drawn, solid;
	braille_count(b, &drawn, &solid);
	braille_free(b);
	return solid <= CLEAR_SOLID_SHARE * drawn;
}

/* The graph on the whole room while the player plays.  While the search
 * runs, on the left with the search's panel on its right when both fit;
 * else the panel under the graph; else the graph as on the board, the
 * panel over it. */
static bool gv_layout(struct view *v, int rows, int cols)
{
	struct graph_view *gv = GV(v);
	if (rows == gv->laid_rows && cols == gv->laid_cols)
		return gv->laid_fits;
	gv->laid_rows = rows;
	gv->laid_cols = cols;
	gv->laid_fits = false;
	if (rows < MIN_ROWS || cols < MIN_COLS || !place_labels(gv, &gv->board, 0, 1, rows, cols - 2))
		return false;
	gv->whole_is_clear = whole_is_clear(gv);
	gv->laid_fits = true;
	if (cols - PANEL_W - 3 >= MIN_COLS && place_labels(gv, &gv->beside, 0, 1, rows, cols - PANEL_W - 3)) {
		gv->panel_y = 0;
		gv->panel_x = gv->beside.gx + gv->beside.gw + 2;
		gv->panel_w = PANEL_W;
		gv->panel_h = rows;
		return true;
	}
	if (rows - PANEL_H - 1 >= MIN_ROWS && place_labels(gv, &gv->beside, 0, 1, rows - PANEL_H - 1, cols - 2)) {
		gv->panel_y = gv->beside.gh + 1;
		gv->panel_x = 1;
		gv->panel_w = cols - 1;
		gv->panel_h = PANEL_H;
		return true;
	}
	/* No room for the figures beside the graph or under it: the graph
	 * alone (written over it, they hid a dozen vertices); the status
	 * line still says each step. */
	gv->beside = gv->board;
	gv->panel_y = gv->panel_x = 0;
	gv->panel_h = gv->panel_w = 0;
	return true;
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
	if (clique_puzzle_vertices(s) != gv->n)
		lay_out_graph(gv, s);
	gv->held = -1;
	/* A move of the view's own (a number taken as the next is begun)
	 * keeps the next; any other change of the position lets it go. */
	if (!gv->own_move) {
		gv->number = 0;
		gv->number_ready = false;
	}
	gv->own_move = false;
	gv->independent = clique_puzzle_independent(s);
}

static void gv_drop(struct view *v)
{
	GV(v)->held = -1;
	GV(v)->number = 0;
	GV(v)->number_ready = false;
}

/* A hint's last tier, "+12": the cursor goes there, ready for Enter. */
static bool gv_hold(struct view *v, const struct puzzle_state *s, const char *move)
{
	struct graph_view *gv = GV(v);
	int num, used = 0;
	if (sscanf(move, "+%d%n", &num, &used) != 1 || move[used] != '\0' || num < 1 || num > gv->n)
		return false;
	if (clique_puzzle_selection(s) >> (num - 1) & 1)
		return false;
	gv->cur = gv->held = num - 1;
	gv->number = 0;
	return true;
}

/* ---- drawing ----------------------------------------------------------------- */

/* The colours of a hint's or a dead end's groups, in turn.  With eight
 * colours, groups that share one are told apart by twin (style.h). */
static const struct style_colour group_colours[] = {
	{ "Red", 160, COLOR_RED, 1 },       { "Green", 34, COLOR_GREEN, 0 },     { "Blue", 33, COLOR_BLUE, 0 },
	{ "Yellow", 220, COLOR_YELLOW, 0 }, { "Magenta", 163, COLOR_MAGENTA, 2 }, { "Cyan", 44, COLOR_CYAN, 0 },
	{ "Orange", 208, COLOR_RED, 0 },    { "Purple", 99, COLOR_MAGENTA, 0 },  { "Pink", 211, COLOR_MAGENTA, 1 },
	{ "LightGreen", 120, COLOR_GREEN, 1 }, { "Gray", 246, COLOR_WHITE, 0 }, { "White", 255, COLOR_WHITE, 1 },
	{ NULL, 0, 0, 0 },
};

/* The colour of group k, bold as a level's fixed pieces are. */
static attr_t class_look(int k)
{
	int n = (int)(sizeof group_colours / sizeof *group_colours) - 1;
	return style_colour_look(group_colours, k % n, true, false);
}

/* Where the note names vertex v: -1 if not, else its group, or -2 when
 * named without one. */
static int marked(const struct note *marks, int v)
{
	if (!marks || !note_has_cell(marks, v))
		return -1;
	int k = note_class_of(marks, v);
	return k >= 0 ? k : -2;
}

static void draw_edges(const struct graph_view *gv, const struct placing *pl, struct canvas *cv,
                       const struct puzzle_state *s, const struct view_show *show)
{
	int cursor = show->searching ? -1 : gv->cur;
	struct braille *b = edge_dots(gv, pl, clique_puzzle_selection(s), clique_puzzle_independent(s), cursor,
	                              showing_all(gv));
	const attr_t looks[BRAILLE_LAYERS] = {
		[LAYER_PLAIN] = style(ST_DIM),
		[LAYER_PICKED] = style(ST_GOOD) | A_BOLD,
		[LAYER_BREAKS] = style(ST_BAD) | A_BOLD,
		[LAYER_CURSOR] = style(ST_NOTICE) | A_BOLD,
	};
	braille_draw(b, cv, pl->gy, pl->gx, looks, style_unicode());
	braille_free(b);
}

static void draw_label(const struct graph_view *gv, const struct placing *pl, struct canvas *cv,
                       const struct puzzle_state *s, int v, const struct view_show *show, uint64_t can_join)
{
	int mark = marked(show->marks, v);
	bool picked = clique_puzzle_selection(s) >> v & 1;
	bool cursor = !show->searching && v == gv->cur;
	bool joined = !show->searching && (gv->adj[gv->cur] >> v & 1);
	bool dimmed = (gv->dim || show->searching) && clique_puzzle_selection(s) && !(can_join >> v & 1);
	char open = '(', close = ')';
	attr_t look = style(ST_NORMAL) | A_BOLD;
	if (picked) {
		open = '[';
		close = ']';
		look = style(ST_GOOD) | A_BOLD | A_REVERSE;
	} else if (dimmed) {
		look = style(ST_DIM);
	}
	if (mark >= 0) {
		open = close = (char)('a' + mark % 26);
		look = class_look(mark) | (picked ? A_REVERSE : 0);
	} else if (mark == -2) {
		open = close = '*';
		look = style(ST_MARK);
	}
	/* The cursor's neighbours: underlined, and in the cursor's edges'
	 * colour where nothing else colours them. */
	if (joined && !picked && mark == -1 && !dimmed)
		look = style(ST_NOTICE) | A_BOLD;
	if (joined)
		look |= A_UNDERLINE;
	if (cursor) {
		open = picked ? '{' : '<';
		close = picked ? '}' : '>';
		look = (picked || mark != -1 ? look : style(ST_CURSOR) | A_BOLD) | A_UNDERLINE;
	}
	if (v == gv->held && !show->searching)
		look = style(ST_NOTICE) | A_BOLD | A_REVERSE;
	char text[8];
	snprintf(text, sizeof text, "%c%*d%c", open, gv->width - 2, v + 1, close);
	canvas_print(cv, pl->gy + pl->row[v], pl->gx + pl->col[v], look, text);
}

static void gv_draw(const struct view *v, struct canvas *cv, const struct puzzle_state *s,
                    const struct view_show *show)
{
	const struct graph_view *gv = CGV(v);
	const struct placing *pl = show->searching ? &gv->beside : &gv->board;
	draw_edges(gv, pl, cv, s, show);
	uint64_t can_join = clique_puzzle_can_join(s);
	for (int u = 0; u < gv->n; u++)
		draw_label(gv, pl, cv, s, u, show, can_join);
}

/* "cursor on 6, joined to 4 5 8 9" in room columns (and size bytes):
 * every neighbour if they fit, else how many (the drawing underlines
 * them), in as many words as fit. */
static void cursor_words(const struct graph_view *gv, char *buf, size_t size, int room)
{
	uint64_t nb = gv->adj[gv->cur];
	int count = __builtin_popcountll(nb), v = gv->cur + 1;
	int len = snprintf(buf, size, "cursor on %d, joined to", v);
	for (uint64_t m = nb; m; m &= m - 1)
		len += 1 + digits(__builtin_ctzll(m) + 1);
	if (!nb) {
		snprintf(buf, size, "cursor on %d, joined to none", v);
	} else if (len <= room && (size_t)len < size) {
		int at = snprintf(buf, size, "cursor on %d, joined to", v);
		for (uint64_t m = nb; m; m &= m - 1)
			at += snprintf(buf + at, size - (size_t)at, " %d", __builtin_ctzll(m) + 1);
	} else if (snprintf(buf, size, "cursor on %d, joined to %d vertices (underlined)", v, count) > room &&
	           snprintf(buf, size, "cursor on %d, joined to %d vertices", v, count) > room) {
		snprintf(buf, size, "cursor on %d: %d joined", v, count);
	}
}

static void gv_status(const struct view *v, const struct puzzle_state *s, int cols, char *buf, size_t size)
{
	const struct graph_view *gv = CGV(v);
	const char *dot = glyph(GL_DOT);
	const char *set = clique_puzzle_set_word(s);
	if (gv->held >= 0) {
		snprintf(buf, size, "%d from the hint %s Enter takes it", gv->held + 1, dot);
		return;
	}
	uint64_t sel = clique_puzzle_selection(s);
	int have = __builtin_popcountll(sel), a, b;
	char what[96];
	if (!sel)
		snprintf(what, sizeof what, "pick a largest %s", set);
	else if (clique_puzzle_clash(s, &a, &b))
		snprintf(what, sizeof what, "not %s %s: %d and %d are %s", clique_puzzle_independent(s) ? "an" : "a", set, a + 1,
		         b + 1, clique_puzzle_independent(s) ? "joined" : "not joined");
	else if (!clique_puzzle_can_join(s))
		snprintf(what, sizeof what, "%s of %d, maximal: none can join", set, have);
	else
		snprintf(what, sizeof what, "%s of %d %s %d can join", set, have, dot,
		         __builtin_popcountll(clique_puzzle_can_join(s)));
	/* The cursor's words take what the rest leaves of the line (and of
	 * buf: the list is never cut, it gives way to its count). */
	int room = cols - textfit_width(what) - 3;
	int bytes = (int)size - 1 - (int)strlen(what) - (int)strlen(dot) - 2;
	char near[200];
	cursor_words(gv, near, sizeof near, room < bytes ? room : bytes);
	snprintf(buf, size, "%s %s %s", what, dot, near);
}

/* Each key's words fit one line of the help at 80 columns (54; longer ones wrap). */
#define GV_KEYS(other)                                                                          \
	{ "0-9", "pick", true, "a vertex's number: pick it or put it back" },                      \
	{ "Enter, space", "pick", false, "pick the cursor's vertex, or put it back" },              \
	{ "arrows, h j k l", "move", false, "move the cursor to the nearest vertex that way" },      \
	{ "s", "largest?", true, "is your set a largest?  Again: how far from it" },                \
	{ "e", "edges", true, "every edge, or the cursor's alone" },                                \
	{ "i", other, true, "switch between cliques and independent sets" },                        \
	{ "x", "clear", false, "put every picked vertex back" },                                    \
	{ "d", "dim", false, "on/off: dim the vertices that cannot join your set" },                \
	{ "Esc", "cancel", false, "let a number being typed go; stop a count" },                    \
	{ "c", "mistakes", false, "mark your vertices in no largest set with the rest" },           \
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
	"point: at a vertex, the cursor goes there",
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
	.tick = gv_tick,
	.prompt = gv_prompt,
	.keys = gv_keys,
	.keys_of = gv_keys_of,
	.colours = group_colours,
	.help_title = "The graph",
	.keys_title = "On the graph",
	.mouse = gv_mouse,
	.help = "Each vertex is its number in brackets: (7); picked, in square brackets, [7].  The cursor is in "
	        "angle brackets, <7> (in braces, {7}, on a picked vertex): its edges are drawn bright (those to your "
	        "picked vertices in their colour) and the vertices joined to it are underlined, so moving the cursor "
	        "(arrows, or pointing with the mouse) shows whether two vertices are joined.  A graph too dense to "
	        "read whole is drawn with the cursor's edges alone; e draws every edge, or the cursor's alone again.  "
	        "A vertex a hint, a dead end or the search names has stars, *7*; when a hint or a dead end sorts "
	        "vertices into groups, each carries its group's letter, a7a, in its colour.  Vertices that cannot "
	        "join your set are dimmed (d turns that off and on).\n"
	        "Keys: type a vertex's number to pick it or put it back; the digits gather on the bottom line until "
	        "Enter or a pause of a second (at once when no larger vertex number starts with them; Esc lets them "
	        "go).  Space or Enter picks the cursor's vertex.  s asks whether your set is a largest one; s again "
	        "on the same set says how much larger the largest is.  i switches between cliques and independent "
	        "sets (no two picked vertices joined); x puts every vertex back.",
};
