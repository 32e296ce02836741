#include "config.h"

#include "ui/tiling_view.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/tiling_puzzle.h"
#include "ui/keys.h"
#include "ui/tiling_view_layout.h"
#include "ui/style.h"
#include "util/u128.h"
#include "util/xalloc.h"

struct tiling_view {
	struct view base;
	const struct puzzle *pz;
	const struct tiling *t;
	struct tiling_view_layout l;
	/* The piece in hand: it pivots about the cursor, which holds the cell
	 * of its first ball. */
	int held, orient;
	int cur_r, cur_c;
	int last_orient[TILING_MAX_PIECES];
	struct view_map map;     /* the map of the ways to finish, as the game screen last gave it */
};

#define TV(v) ((struct tiling_view *)(v))
#define CTV(v) ((const struct tiling_view *)(v))

static const struct tiling_pos *pos_of(const struct puzzle_state *s)
{
	return tiling_puzzle_pos(s);
}

static const char *piece_name(const struct tiling_view *tv, int q)
{
	return tv->t->def->pieces[q].name;
}

/* The pieces' colours, by their names, near those of the plastic pieces.
 * With eight colours, the pieces that share one are told apart by twin
 * (style.h): Pink, Red, White and LightGreen underlined, Magenta on black
 * too. */
static const struct style_colour piece_colours[] = {
	{ "Green", 34, COLOR_GREEN, 0 },   { "Cyan", 44, COLOR_CYAN, 0 },   { "Purple", 99, COLOR_MAGENTA, 0 },
	{ "Yellow", 220, COLOR_YELLOW, 0 }, { "Orange", 208, COLOR_RED, 0 }, { "Blue", 33, COLOR_BLUE, 0 },
	{ "Pink", 211, COLOR_MAGENTA, 1 }, { "Gray", 246, COLOR_WHITE, 0 }, { "Magenta", 163, COLOR_MAGENTA, 2 },
	{ "Red", 160, COLOR_RED, 1 },      { "White", 255, COLOR_WHITE, 1 }, { "LightGreen", 120, COLOR_GREEN, 1 },
	{ NULL, 0, 0, 0 },
};

/* A cell under two balls (IQ Fit's raised ones), and the mark beside
 * what is under a piece in hand that does not fit there. */
static const char *stacked_glyph(void)
{
	return style_unicode() ? "\u2022" : ":";
}

static const char *clash_glyph(void)
{
	return style_unicode() ? "\u00d7" : "!";
}

/* A piece's look: its colour, or without colours its letter alone; a
 * level's fixed pieces and the one the search is trying set apart. */
static attr_t piece_look(const struct tiling_view *tv, int q, bool fixed, bool tried)
{
	return style_colour_look(piece_colours, style_colour_find(piece_colours, piece_name(tv, q)), fixed, tried);
}

/* The orientation a piece shows in the tray: the flattest. */
static int tray_orient(const struct tiling *t, int piece)
{
	int best = t->orient_first[piece];
	for (int o = best; o < t->orient_first[piece + 1]; o++) {
		const struct tiling_orient *a = &t->orient[o], *b = &t->orient[best];
		if (a->h < b->h || (a->h == b->h && a->w < b->w))
			best = o;
	}
	return best;
}

static void tray_size(const struct tiling *t, int *w, int *h)
{
	*w = *h = 1;
	for (int p = 0; p < t->n_pieces; p++) {
		const struct tiling_orient *o = &t->orient[tray_orient(t, p)];
		if (o->w > *w)
			*w = o->w;
		if (o->h > *h)
			*h = o->h;
	}
}

/* ---- the hand ---------------------------------------------------------- */

static void ghost_at(const struct tiling_view *tv, int *top, int *left)
{
	const struct tiling_orient *o = &tv->t->orient[tv->orient];
	*top = tv->cur_r - o->cells[0][0];
	*left = tv->cur_c - o->cells[0][1];
}

/* The placement the hand would make: the hand is always on the board. */
static int ghost_placement(const struct tiling_view *tv)
{
	int top, left;
	ghost_at(tv, &top, &left);
	return tiling_placement_at(tv->t, tv->orient, top, left);
}

/* Put the piece in hand wholly on the board, as near as it can be to
 * where it is: a piece half off the board cannot be seen nor placed. */
static void keep_on_board(struct tiling_view *tv)
{
	const struct tiling_orient *o = &tv->t->orient[tv->orient];
	int top, left;
	ghost_at(tv, &top, &left);
	if (top > tv->t->rows - o->h)
		top = tv->t->rows - o->h;
	if (left > tv->t->cols - o->w)
		left = tv->t->cols - o->w;
	if (top < 0)
		top = 0;
	if (left < 0)
		left = 0;
	tv->cur_r = top + o->cells[0][0];
	tv->cur_c = left + o->cells[0][1];
}

/* The hand goes where the piece fits nearest the cursor, if it fits
 * anywhere in this orientation; else as near the cursor as the board lets
 * it. */
static void settle(struct tiling_view *tv, const struct tiling_pos *pos)
{
	const struct tiling *t = tv->t;
	const struct tiling_orient *o = &t->orient[tv->orient];
	int best = -1, best_d = 1 << 30;
	for (int top = 0; top + o->h <= t->rows; top++)
		for (int left = 0; left + o->w <= t->cols; left++) {
			int k = tiling_placement_at(t, tv->orient, top, left);
			if (k < 0 || !tiling_pos_fits(pos, k))
				continue;
			int dr = top + o->cells[0][0] - tv->cur_r, dc = left + o->cells[0][1] - tv->cur_c;
			int d = dr * dr + dc * dc;
			if (d < best_d) {
				best_d = d;
				best = top * t->cols + left;
			}
		}
	if (best >= 0) {
		tv->cur_r = best / t->cols + o->cells[0][0];
		tv->cur_c = best % t->cols + o->cells[0][1];
	}
	keep_on_board(tv);
}

static void take_in_hand(struct tiling_view *tv, const struct tiling_pos *pos, int piece, int orient)
{
	tv->held = piece;
	tv->orient = orient >= 0 ? orient : tv->last_orient[piece];
	settle(tv, pos);
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

/* Pick up piece q from the board (a move), keeping it where it lay. */
static enum view_result pick_up(struct tiling_view *tv, const struct tiling_pos *pos, int q, struct view_out *out)
{
	if (pos->fixed[q])
		return tell(out, true, "%s is part of the puzzle: it stays", piece_name(tv, q));
	const struct tiling_placement *pl = &tv->t->pl[pos->placed[q]];
	char move[16];
	tiling_move_remove(tv->t, q, move, sizeof move);
	strbuf_addf(&out->move, "%s", move);
	/* In hand from now on: sync keeps it there once the move is made. */
	tv->held = q;
	tv->orient = pl->orient;
	const struct tiling_orient *o = &tv->t->orient[pl->orient];
	tv->cur_r = pl->row + o->cells[0][0];
	tv->cur_c = pl->col + o->cells[0][1];
	return VIEW_MOVE;
}

static enum view_result place(struct tiling_view *tv, const struct tiling_pos *pos, struct view_out *out)
{
	if (tv->held < 0) {
		int v = pos->cell[tv->cur_r * tv->t->cols + tv->cur_c];
		if (v >= 0)
			return pick_up(tv, pos, v, out);
		return tell(out, false, "Take a piece first: its letter, Tab, or a click in the tray");
	}
	int k = ghost_placement(tv);
	if (k < 0 || !tiling_pos_fits(pos, k))
		return tell(out, true, "%s does not fit there", piece_name(tv, tv->held));
	char move[128];
	tiling_move_place(tv->t, k, move, sizeof move);
	strbuf_addf(&out->move, "%s", move);
	tv->last_orient[tv->held] = tv->orient;
	/* The hand empties when sync sees the piece on the board; a move the
	 * session refuses leaves it in hand. */
	return VIEW_MOVE;
}

static enum view_result cycle_piece(struct tiling_view *tv, const struct tiling_pos *pos, int dir,
                                    struct view_out *out)
{
	int n = tv->t->n_pieces, start = tv->held >= 0 ? tv->held : (dir > 0 ? n - 1 : 0);
	for (int i = 1; i <= n; i++) {
		int q = ((start + dir * i) % n + n) % n;
		if (pos->placed[q] < 0) {
			take_in_hand(tv, pos, q, -1);
			return VIEW_HANDLED;
		}
	}
	return tell(out, false, "Every piece is on the board");
}

static void move_cursor(struct tiling_view *tv, int dr, int dc)
{
	int r = tv->cur_r + dr, c = tv->cur_c + dc;
	if (tv->held >= 0) {
		/* The piece moves while it stays wholly on the board. */
		const struct tiling_orient *o = &tv->t->orient[tv->orient];
		int top = r - o->cells[0][0], left = c - o->cells[0][1];
		if (top < 0 || left < 0 || top + o->h > tv->t->rows || left + o->w > tv->t->cols)
			return;
	} else if (r < 0 || r >= tv->t->rows || c < 0 || c >= tv->t->cols) {
		return;
	}
	tv->cur_r = r;
	tv->cur_c = c;
}

/* ---- the view's interface ------------------------------------------------ */

static bool tv_serves(const struct puzzle *pz)
{
	return tiling_puzzle_is(pz);
}

static const struct view_key tv_keys[] = {
	{ "G T P Y ...", "piece", false, "pick up that piece (its letter)" },
	{ "Tab", "piece", true, "the next piece (Shift-Tab: the one before)" },
	{ "arrows", "move", true, "move the piece (h j k l too)" },
	{ "r f", "turn", true, "turn a quarter (r), turn over (f; IQ Fit: other faces)" },
	{ "Enter", "place", true, "place it (space too); on a placed piece, pick it up" },
	{ "Esc", "put back", false, "put the piece back in the tray; stop a count" },
	{ NULL, NULL, false, NULL },
};

static const char *const tv_mouse[] = {
	"click: in the tray, take that piece",
	"click: on the board, place it or pick a placed one up",
	"move: the piece in hand follows",
	NULL,
};

static struct view *tv_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)s;
	struct tiling_view *tv = xcalloc(1, sizeof *tv);
	tv->base.ops = &tiling_view_ops;
	tv->pz = pz;
	tv->t = tiling_puzzle_tiling(pz);
	tv->held = -1;
	for (int q = 0; q < tv->t->n_pieces; q++)
		tv->last_orient[q] = tray_orient(tv->t, q);
	return &tv->base;
}

static void tv_free(struct view *v)
{
	free(v);
}

static void tv_size(const struct view *v, int *min_rows, int *min_cols, int *best_rows, int *best_cols)
{
	const struct tiling *t = CTV(v)->t;
	struct tiling_view_layout l;
	int tw, th;
	tray_size(t, &tw, &th);
	/* In no room nothing fits, and the layout notes the least need. */
	tiling_view_layout_board(&l, 0, 0, t->rows, t->cols, t->n_pieces, tw, th);
	*min_rows = *best_rows = l.need_rows;
	*min_cols = *best_cols = l.need_cols;
}

static bool tv_layout(struct view *v, int rows, int cols)
{
	struct tiling_view *tv = TV(v);
	int tw, th;
	tray_size(tv->t, &tw, &th);
	tiling_view_layout_board(&tv->l, rows, cols, tv->t->rows, tv->t->cols, tv->t->n_pieces, tw, th);
	return !tv->l.too_small;
}

static void tv_panel(const struct view *v, int *y, int *x, int *rows, int *cols)
{
	const struct tiling_view_layout *l = &CTV(v)->l;
	*y = l->panel_y;
	*x = l->panel_x;
	*rows = l->panel_h;
	*cols = l->panel_w;
}

/* The tray packs the pieces not placed, in their order: a piece's slot is
 * its rank among them. */
static void slot_origin(const struct tiling_view_layout *l, const struct tiling_pos *pos, int piece, int *y, int *x)
{
	int slot = 0;
	for (int q = 0; q < piece; q++)
		slot += pos->placed[q] < 0;
	*y = l->panel_y + (slot / l->slot_cols) * l->slot_h;
	*x = l->panel_x + (slot % l->slot_cols) * l->slot_w;
}

static int tray_piece(const struct tiling_view_layout *l, const struct tiling *t, const struct tiling_pos *pos, int y, int x)
{
	for (int p = 0; p < t->n_pieces; p++) {
		if (pos->placed[p] >= 0)
			continue;
		int y0, x0;
		slot_origin(l, pos, p, &y0, &x0);
		if (y >= y0 && y < y0 + l->slot_h && x >= x0 && x < x0 + l->slot_w)
			return p;
	}
	return -1;
}

static bool board_cell(const struct tiling_view_layout *l, const struct tiling *t, int y, int x, int *row, int *col)
{
	if (y < l->board_y || x < l->board_x)
		return false;
	*row = (y - l->board_y) / l->ch;
	*col = (x - l->board_x) / l->cw;
	return *row < t->rows && *col < t->cols;
}

static enum view_result mouse(struct tiling_view *tv, const struct tiling_pos *pos, const struct term_event *ev,
                              struct view_out *out)
{
	int r, c;
	if (board_cell(&tv->l, tv->t, ev->row, ev->col, &r, &c)) {
		enum view_result res = VIEW_IGNORED;
		if (tv->held >= 0 && !ev->release) {
			tv->cur_r = r;
			tv->cur_c = c;
			keep_on_board(tv);
			res = VIEW_HANDLED;
		}
		if (ev->press && ev->button == 1) {
			if (tv->held >= 0)
				return place(tv, pos, out);
			tv->cur_r = r;
			tv->cur_c = c;
			int v = pos->cell[r * tv->t->cols + c];
			if (v >= 0)
				return pick_up(tv, pos, v, out);
			return VIEW_HANDLED;
		}
		return res;
	}
	if (ev->press && ev->button == 1) {
		int q = tray_piece(&tv->l, tv->t, pos, ev->row, ev->col);
		if (q >= 0) {
			take_in_hand(tv, pos, q, -1);
			return VIEW_HANDLED;
		}
	}
	return VIEW_IGNORED;
}

static enum view_result tv_event(struct view *v, const struct puzzle_state *s, const struct term_event *ev,
                                 struct view_out *out)
{
	struct tiling_view *tv = TV(v);
	const struct tiling_pos *pos = pos_of(s);
	if (ev->kind == TERM_MOUSE)
		return mouse(tv, pos, ev, out);
	enum action act = key_action(CTX_PLAY, ev);
	int dr, dc;
	if (key_step(act, &dr, &dc)) {
		move_cursor(tv, dr, dc);
		return VIEW_HANDLED;
	}
	switch (act) {
	case ACT_PIECE: {
		int q = tiling_piece_by_letter(tv->t, (char)ev->ch);
		if (q < 0)
			return tell(out, true, "There is no piece %c in %s", (char)ev->ch, tv->pz->title);
		if (pos->placed[q] >= 0)
			return pick_up(tv, pos, q, out);
		take_in_hand(tv, pos, q, -1);
		return VIEW_HANDLED;
	}
	case ACT_NEXT_PIECE:
		return cycle_piece(tv, pos, 1, out);
	case ACT_PREV_PIECE:
		return cycle_piece(tv, pos, -1, out);
	case ACT_ROTATE:
		if (tv->held < 0)
			return VIEW_HANDLED;
		tv->orient = tv->t->orient[tv->orient].rotated;
		keep_on_board(tv);
		return VIEW_HANDLED;
	case ACT_FLIP: {
		if (tv->held < 0)
			return VIEW_HANDLED;
		int o = tiling_orient_turn_over(tv->t, tv->orient);
		bool same = o == tv->orient;
		tv->orient = o;
		keep_on_board(tv);
		if (same)
			return tell(out, false, "%s looks the same turned over", piece_name(tv, tv->held));
		return VIEW_HANDLED;
	}
	case ACT_PLACE:
		return place(tv, pos, out);
	case ACT_DROP:
		if (tv->held < 0)
			return VIEW_IGNORED;
		tv->held = -1;
		return VIEW_HANDLED;
	default:
		return VIEW_IGNORED;
	}
}

static void tv_sync(struct view *v, const struct puzzle_state *s)
{
	struct tiling_view *tv = TV(v);
	if (tv->held >= 0 && pos_of(s)->placed[tv->held] >= 0)
		tv->held = -1;
}

static void tv_drop(struct view *v)
{
	TV(v)->held = -1;
}

/* The placement a move names ("G@r1c1,..."), or -1. */
static int move_placement(const struct tiling *t, const char *move)
{
	int piece = tiling_piece_by_letter(t, move[0]), cells[TILING_MAX_BALLS], n = 0, r, c, used;
	if (piece < 0 || move[1] != '@')
		return -1;
	for (const char *m = move + 2; *m && n < TILING_MAX_BALLS;) {
		if (sscanf(m, "r%dc%d%n", &r, &c, &used) != 2)
			break;
		cells[n++] = (r - 1) * t->cols + c - 1;
		m += used;
		if (*m == ',')
			m++;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && cells[j] < cells[j - 1]; j--) {
			int x = cells[j];
			cells[j] = cells[j - 1];
			cells[j - 1] = x;
		}
	return tiling_find_placement(t, piece, cells, n);
}

static bool tv_hold(struct view *v, const struct puzzle_state *s, const char *move)
{
	(void)s;
	struct tiling_view *tv = TV(v);
	int k = move_placement(tv->t, move);
	if (k < 0)
		return false;
	const struct tiling_placement *pl = &tv->t->pl[k];
	const struct tiling_orient *o = &tv->t->orient[pl->orient];
	tv->held = pl->piece;
	tv->orient = pl->orient;
	tv->cur_r = pl->row + o->cells[0][0];
	tv->cur_c = pl->col + o->cells[0][1];
	return true;
}

/* ---- the map of the ways to finish ------------------------------------------- */

/* The map's levels: in none of the ways, in under a tenth of them, a
 * quarter, a half, in under all, in every one (a piece of 5 cells on 40
 * empty ones covers a cell in an eighth of the ways, on average).  Each has a character as well as a colour,
 * so that the map reads without colours. */
enum { HEAT_LEVELS = 6 };
static const char *const heat_char[HEAT_LEVELS] = { NULL, "1", "2", "3", "4", "*" };
static const char *const heat_words[HEAT_LEVELS] = { "none", "<10%", "<25%", "<50%", "<100%", "all" };
static const struct style_colour heat_colours[] = {
	{ "heat1", 153, COLOR_BLUE, 0 },  { "heat2", 116, COLOR_CYAN, 0 }, { "heat3", 221, COLOR_YELLOW, 0 },
	{ "heat4", 209, COLOR_RED, 0 },   { "heat5", 196, COLOR_MAGENTA, 0 }, { NULL, 0, 0, 0 },
};

static void tv_map(struct view *v, const struct view_map *m)
{
	TV(v)->map = *m;
}

/* The map to draw: on, built, with a piece in hand. */
static const struct diagram *map_ready(const struct tiling_view *tv)
{
	return tv->map.state == VIEW_MAP_READY && tv->map.d ? tv->map.d : NULL;
}

/* The level of n ways of total, exactly. */
static int heat_level(u128 n, u128 total)
{
	if (n == 0)
		return 0;
	if (n >= total)
		return HEAT_LEVELS - 1;
	/* Far from 128 bits for any board; past 2^124 the shares are taken
	 * of a count cut by its last bits. */
	while (total >> 124) {
		n >>= 1;
		total >>= 1;
	}
	return n * 10 < total ? 1 : n * 4 < total ? 2 : n * 2 < total ? 3 : 4;
}

/* cell_ways[c]: the ways to finish in which the piece in hand covers cell
 * c; *places, *used: its placements that fit, and those in some way.  The
 * options of the tilings' problem are tagged with their placements. */
static void heat(const struct tiling_view *tv, const struct diagram *d, u128 *cell_ways, int *places, int *used)
{
	const struct tiling *t = tv->t;
	memset(cell_ways, 0, sizeof *cell_ways * (size_t)t->n_cells);
	*places = *used = 0;
	for (int k = 0; k < d->n; k++) {
		const struct tiling_placement *pl = &t->pl[d->p->opt_tag[k]];
		if (pl->piece != tv->held)
			continue;
		(*places)++;
		*used += d->freq[k] > 0;
		for (int i = 0; i < pl->n_cells; i++)
			cell_ways[pl->cell[i]] += d->freq[k];
	}
}

/* The ways in which placement k takes part; false if it is no option
 * (it does not fit). */
static bool placement_ways(const struct diagram *d, int k, u128 *ways)
{
	for (int o = 0; o < d->n; o++)
		if (d->p->opt_tag[o] == k) {
			*ways = d->freq[o];
			return true;
		}
	return false;
}

/* ---- drawing --------------------------------------------------------------- */

/* Fill a cell of the board with a look and a label in the middle. */
static void draw_cell(struct canvas *cv, const struct tiling_view_layout *l, int row, int col, attr_t look, const char *label,
                      const char *second)
{
	int y0 = l->board_y + row * l->ch, x0 = l->board_x + col * l->cw;
	canvas_fill(cv, y0, x0, l->ch, l->cw, look, " ");
	int y = y0 + (l->ch - 1) / 2, x = x0 + (l->cw - 1) / 2;
	canvas_print(cv, y, x, look, label);
	if (second)
		canvas_print(cv, y, x + 1, look, second);
}

static void draw_border(struct canvas *cv, const struct tiling_view_layout *l, const struct tiling *t)
{
	int top = l->board_y - 1, left = l->board_x - 1;
	int bottom = l->board_y + t->rows * l->ch, right = l->board_x + t->cols * l->cw;
	attr_t a = style(ST_BORDER);
	canvas_put(cv, top, left, a, glyph(GL_TL));
	canvas_put(cv, top, right, a, glyph(GL_TR));
	canvas_put(cv, bottom, left, a, glyph(GL_BL));
	canvas_put(cv, bottom, right, a, glyph(GL_BR));
	canvas_fill(cv, top, left + 1, 1, right - left - 1, a, glyph(GL_HLINE));
	canvas_fill(cv, bottom, left + 1, 1, right - left - 1, a, glyph(GL_HLINE));
	canvas_fill(cv, top + 1, left, bottom - top - 1, 1, a, glyph(GL_VLINE));
	canvas_fill(cv, top + 1, right, bottom - top - 1, 1, a, glyph(GL_VLINE));
}

/* Is cell c under two balls in placement k? */
static bool stacked(const struct tiling *t, int k, int c)
{
	const struct tiling_placement *pl = &t->pl[k];
	const struct tiling_orient *o = &t->orient[pl->orient];
	for (int i = 0; i < pl->n_cells; i++)
		if (pl->cell[i] == c)
			return o->stacked[i] > 1;
	return false;
}

static bool marked_piece(const struct view_show *show, int q)
{
	return show && show->marks && note_has_piece(show->marks, q);
}

static void draw_board(const struct tiling_view *tv, struct canvas *cv, const struct tiling_pos *pos,
                       const struct view_show *show, int tried)
{
	const struct tiling_view_layout *l = &tv->l;
	const struct tiling *t = tv->t;
	bool cursor = !show->searching && tv->held < 0;
	const struct diagram *d = show->searching || tv->held < 0 ? NULL : map_ready(tv);
	u128 cell_ways[TILING_MAX_SIDE * TILING_MAX_SIDE];
	int places, used;
	if (d)
		heat(tv, d, cell_ways, &places, &used);
	draw_border(cv, l, t);
	for (int r = 0; r < t->rows; r++)
		for (int c = 0; c < t->cols; c++) {
			int cell = r * t->cols + c, v = pos->cell[cell];
			bool mark = show->marks && note_has_cell(show->marks, cell);
			bool here = cursor && r == tv->cur_r && c == tv->cur_c;
			if (v == TILING_HOLE) {
				draw_cell(cv, l, r, c, style(ST_DIM) | A_REVERSE, " ", NULL);
			} else if (v == TILING_EMPTY) {
				attr_t a = mark ? style(ST_MARK) : style(ST_DIM);
				int level = d ? heat_level(cell_ways[cell], d->ways) : 0;
				if (level)
					a = style_colour_look(heat_colours, level - 1, level == HEAT_LEVELS - 1, false);
				if (here)
					a = style(ST_CURSOR);
				draw_cell(cv, l, r, c, a, level ? heat_char[level] : glyph(GL_EMPTY), NULL);
			} else {
				char letter[2] = { t->def->pieces[v].letter, 0 };
				attr_t a = piece_look(tv, v, pos->fixed[v], v == tried);
				if (mark)
					a = style(ST_MARK);
				if (here)
					a |= A_REVERSE;
				bool two = l->cw > 1 && stacked(t, pos->placed[v], cell);
				draw_cell(cv, l, r, c, a, letter, two ? stacked_glyph() : NULL);
			}
		}
	if (show->searching || tv->held < 0)
		return;
	const struct tiling_orient *o = &t->orient[tv->orient];
	int top, left, k = ghost_placement(tv);
	ghost_at(tv, &top, &left);
	bool fits = k >= 0 && tiling_pos_fits(pos, k);
	char letter[2] = { t->def->pieces[o->piece].letter, 0 };
	for (int i = 0; i < o->n_cells; i++) {
		int r = top + o->cells[i][0], c = left + o->cells[i][1];
		if (r < 0 || c < 0 || r >= t->rows || c >= t->cols)
			continue;
		int under = pos->cell[r * t->cols + c];
		if (under == TILING_EMPTY) {
			bool two = l->cw > 1 && o->stacked[i] > 1;
			draw_cell(cv, l, r, c, style(fits ? ST_GHOST_OK : ST_GHOST_BAD), letter,
			          two ? stacked_glyph() : NULL);
		} else {
			/* A clash: the cell keeps what is under it, readable, and
			 * says it with a glyph as well as a look. */
			char below[2] = { under >= 0 ? t->def->pieces[under].letter : ' ', 0 };
			draw_cell(cv, l, r, c, style(ST_GHOST_BAD), below, clash_glyph());
		}
	}
}

static void draw_tray(const struct tiling_view *tv, struct canvas *cv, const struct tiling_pos *pos,
                      const struct view_show *show)
{
	const struct tiling_view_layout *l = &tv->l;
	const struct tiling *t = tv->t;
	for (int p = 0; p < t->n_pieces; p++) {
		if (pos->placed[p] >= 0)
			continue;
		const struct tiling_orient *o = &t->orient[tray_orient(t, p)];
		int y0, x0;
		slot_origin(l, pos, p, &y0, &x0);
		attr_t a = piece_look(tv, p, false, false);
		if (marked_piece(show, p))
			a = style(ST_MARK);
		if (p == tv->held)
			a = style(ST_DIM);
		char letter[2] = { t->def->pieces[p].letter, 0 };
		for (int i = 0; i < o->n_cells; i++) {
			canvas_print(cv, y0 + o->cells[i][0], x0 + 2 * o->cells[i][1], a, letter);
			canvas_print(cv, y0 + o->cells[i][0], x0 + 2 * o->cells[i][1] + 1, a,
			             o->stacked[i] > 1 ? stacked_glyph() : " ");
		}
	}
}

/* The piece in hand's faces side by side below the tray, the one up in
 * reverse, so that the player sees what f will turn to (IQ Fit's pieces
 * differ face to face).  Only where the tray leaves room. */
static void draw_faces(const struct tiling_view *tv, struct canvas *cv, const struct tiling_pos *pos)
{
	const struct tiling_view_layout *l = &tv->l;
	const struct tiling *t = tv->t;
	int faces = tv->held >= 0 ? tiling_piece_faces(t, tv->held) : 0;
	if (faces < 2)
		return;
	int left = 0;
	for (int q = 0; q < t->n_pieces; q++)
		left += pos->placed[q] < 0;
	int tray_h = (left + l->slot_cols - 1) / l->slot_cols * l->slot_h;
	const struct tiling_orient *now = &t->orient[tv->orient];
	/* Each face at its flattest turn, one column between faces: the four
	 * faces of IQ Fit's widest pieces fit beside the board at 80x24. */
	int fo[8], h = 0, w = -1, n = 0;
	for (int f = 0; f < faces && n < 8; f++) {
		fo[n] = -1;
		for (int o = t->orient_first[tv->held]; o < t->orient_first[tv->held + 1]; o++) {
			const struct tiling_orient *a = &t->orient[o];
			if (a->face == f && (fo[n] < 0 || a->h < t->orient[fo[n]].h ||
			                     (a->h == t->orient[fo[n]].h && a->w < t->orient[fo[n]].w)))
				fo[n] = o;
		}
		if (fo[n] < 0)
			continue;
		if (t->orient[fo[n]].h > h)
			h = t->orient[fo[n]].h;
		w += 2 * t->orient[fo[n]].w + 1;
		n++;
	}
	w--; /* the last ball needs no blank after it */
	int y = l->panel_y + tray_h;
	if (y + 1 + h > l->panel_y + l->panel_h || w > l->panel_w)
		return;
	char label[96];
	snprintf(label, sizeof label, "%s, face %d of %d:", piece_name(tv, tv->held), now->face + 1, faces);
	canvas_text(cv, y, l->panel_x, l->panel_w, A_BOLD, label);
	char letter[2] = { t->def->pieces[tv->held].letter, 0 };
	int x = l->panel_x;
	for (int i = 0; i < n; i++) {
		const struct tiling_orient *o = &t->orient[fo[i]];
		attr_t a = piece_look(tv, tv->held, false, false);
		if (o->face == now->face)
			a |= A_REVERSE;
		for (int k = 0; k < o->n_cells; k++) {
			canvas_print(cv, y + 1 + o->cells[k][0], x + 2 * o->cells[k][1], a, letter);
			canvas_print(cv, y + 1 + o->cells[k][0], x + 2 * o->cells[k][1] + 1, a,
			             o->stacked[k] > 1 ? stacked_glyph() : " ");
		}
		x += 2 * o->w + 1;
	}
}

/* Under the board, where the layout leaves rows: what the map shows,
 * each level's character in its look. */
static void draw_legend(const struct tiling_view *tv, struct canvas *cv)
{
	const struct tiling_view_layout *l = &tv->l;
	int y = l->board_y + tv->t->rows * l->ch + 1, x = l->board_x - 1, w = tv->t->cols * l->cw + 2;
	if (tv->map.state == VIEW_MAP_OFF || y + 2 > l->rows)
		return;
	const struct diagram *d = map_ready(tv);
	char text[160], n[U128_DIGITS + 13];
	if (tv->map.state == VIEW_MAP_BUILDING)
		snprintf(text, sizeof text, "Mapping the ways to finish...");
	else if (!d)
		snprintf(text, sizeof text, "Too open to map from here yet: place a few more pieces");
	else if (d->ways == 0)
		snprintf(text, sizeof text, "No way to finish from here: nothing to map");
	else if (tv->held < 0 && d->ways == 1)
		snprintf(text, sizeof text, "The map of the one way to finish: take a piece to see where it goes");
	else if (tv->held < 0)
		snprintf(text, sizeof text, "The map of the %s ways to finish: take a piece to see where it can go",
		         u128_grouped(d->ways, n));
	else if (d->ways == 1)
		snprintf(text, sizeof text, "Where %s lies in the one way to finish:", piece_name(tv, tv->held));
	else
		snprintf(text, sizeof text, "Where %s lies in the %s ways to finish:", piece_name(tv, tv->held),
		         u128_grouped(d->ways, n));
	int lines = canvas_text_lines(cv, y, x, w, 2, A_BOLD, text);
	if (!d || d->ways == 0 || tv->held < 0 || y + lines + 1 > l->rows)
		return;
	y += lines;
	/* The levels side by side, on a second line where the board is
	 * narrower than they are (IQ Fit's, beside the piece's faces). */
	for (int i = 0, at = x; i < HEAT_LEVELS; i++) {
		int item = 2 + (int)strlen(heat_words[i]);
		if (at > x && at + item > x + w) {
			y++;
			at = x;
		}
		attr_t a = i ? style_colour_look(heat_colours, i - 1, i == HEAT_LEVELS - 1, false) : style(ST_DIM);
		canvas_print(cv, y, at, a, i ? heat_char[i] : glyph(GL_EMPTY));
		canvas_print(cv, y, at + 2, A_NORMAL, heat_words[i]);
		at += item + 2;
	}
	if (y + 2 > l->rows)
		return;
	u128 cell_ways[TILING_MAX_SIDE * TILING_MAX_SIDE];
	int places, used;
	heat(tv, d, cell_ways, &places, &used);
	snprintf(text, sizeof text, "%s fits in %d place%s; %d lead%s to a finish", piece_name(tv, tv->held), places,
	         places == 1 ? "" : "s", used, used == 1 ? "s" : "");
	canvas_text_lines(cv, y + 1, x, w, l->rows - y - 1, A_NORMAL, text);
}

static void tv_draw(const struct view *v, struct canvas *cv, const struct puzzle_state *s,
                    const struct view_show *show)
{
	const struct tiling_view *tv = CTV(v);
	const struct tiling_pos *pos = pos_of(s);
	int tried = -1;
	if (show->searching && show->marks)
		tried = show->marks->n_pieces > 0 ? show->marks->pieces[0] : -1;
	draw_board(tv, cv, pos, show, tried);
	if (!show->searching) {
		draw_tray(tv, cv, pos, show);
		draw_faces(tv, cv, pos);
		draw_legend(tv, cv);
	}
}

/* The map's word on the placement under the cursor: "Cyan here: in 62
 * of the 140 ways to finish". */
static void map_status(const struct tiling_view *tv, const struct puzzle_state *s, const char *who, int cols,
                       char *buf, size_t size)
{
	const struct diagram *d = map_ready(tv);
	int k = ghost_placement(tv);
	u128 f;
	char n[U128_DIGITS + 13], of[U128_DIGITS + 13];
	if (tv->map.state == VIEW_MAP_BUILDING)
		snprintf(buf, size, "%s in hand; mapping the ways to finish...", who);
	else if (!d)
		snprintf(buf, size, "%s in hand; too open to map from here yet", who);
	else if (d->ways == 0)
		snprintf(buf, size, "%s in hand; no way to finish from here", who);
	else if (k < 0 || !tiling_pos_fits(pos_of(s), k) || !placement_ways(d, k, &f))
		snprintf(buf, size, "%s here: does not fit", who);
	else if (d->ways == 1)
		snprintf(buf, size, "%s here: %s the one way to finish", who, f ? "in" : "not in");
	else if (f == 0)
		snprintf(buf, size, "%s here: in none of the %s ways to finish", who, u128_grouped(d->ways, of));
	else if (snprintf(buf, size, "%s here: in %s of the %s ways to finish", who, u128_grouped(f, n),
	                  u128_grouped(d->ways, of)) > cols)
		snprintf(buf, size, "%s here: in %s of %s ways", who, n, of);
}

static void tv_status(const struct view *v, const struct puzzle_state *s, int cols, char *buf, size_t size)
{
	const struct tiling_view *tv = CTV(v);
	buf[0] = '\0';
	if (tv->held < 0)
		return;
	if (tv->map.state != VIEW_MAP_OFF) {
		map_status(tv, s, piece_name(tv, tv->held), cols, buf, size);
		return;
	}
	int faces = tiling_piece_faces(tv->t, tv->held);
	if (faces > 1)
		snprintf(buf, size, "%s in hand, face %d of %d", piece_name(tv, tv->held),
		         tv->t->orient[tv->orient].face + 1, faces);
	else
		snprintf(buf, size, "%s in hand", piece_name(tv, tv->held));
}

const struct view_ops tiling_view_ops = {
	.serves = tv_serves,
	.new = tv_new,
	.free = tv_free,
	.size = tv_size,
	.layout = tv_layout,
	.panel = tv_panel,
	.event = tv_event,
	.sync = tv_sync,
	.drop = tv_drop,
	.hold = tv_hold,
	.draw = tv_draw,
	.status = tv_status,
	.keys = tv_keys,
	.colours = piece_colours,
	.help_title = "The pieces",
	.keys_title = "On the board",
	.mouse = tv_mouse,
	.map = tv_map,
	.map_reminded = true,
	.help = "Take a piece with its letter, Tab or a click in the tray; it floats over the board where it "
	        "fits nearest the cursor.  Arrows move it, r turns it a quarter, f turns it over (IQ Fit: to its "
	        "other face), Enter or a click places it.  A cell it cannot take shows what is under it and a "
	        "cross.  IQ Fit's pieces have raised balls: a cell marked \u2022 (: without Unicode) holds a "
	        "ball raised above the others, and which of them show says which face of the piece is up; the "
	        "faces are drawn side by side below the tray.  With the map on (w), each empty cell shows in what share of "
	        "the ways to finish the piece in hand covers it (1: under a tenth, 2: a quarter, 3: a half, 4: under all, "
	        "*: in all of them), and the status line says in how many the placement in hand takes part.",
};
