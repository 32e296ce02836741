#include "config.h"

#include "ui/tiling_view.h"

#include <curses.h>
#include <string.h>

#include "ui/style.h"

void tv_marks_clear(struct tv_marks *m)
{
	memset(m, 0, sizeof *m);
	m->ghost_placement = -1;
	m->tried_piece = m->marked_piece = m->selected_piece = -1;
}

int tv_tray_orient(const struct tiling *t, int piece)
{
	int best = t->orient_first[piece];
	for (int o = best; o < t->orient_first[piece + 1]; o++) {
		const struct tiling_orient *a = &t->orient[o], *b = &t->orient[best];
		if (a->h < b->h || (a->h == b->h && a->w < b->w))
			best = o;
	}
	return best;
}

void tv_tray_size(const struct tiling *t, int *w, int *h)
{
	*w = *h = 1;
	for (int p = 0; p < t->n_pieces; p++) {
		const struct tiling_orient *o = &t->orient[tv_tray_orient(t, p)];
		if (o->w > *w)
			*w = o->w;
		if (o->h > *h)
			*h = o->h;
	}
}

/* Fill a cell of the board with attributes and a label in the middle. */
static void draw_cell(const struct layout *l, int row, int col, attr_t attr, const char *label,
                      const char *second)
{
	int y0 = l->board_y + row * l->ch, x0 = l->board_x + col * l->cw;
	attron(attr);
	for (int dy = 0; dy < l->ch; dy++)
		mvhline(y0 + dy, x0, ' ', l->cw);
	int y = y0 + (l->ch - 1) / 2, x = x0 + (l->cw - 1) / 2;
	mvaddstr(y, x, label);
	if (second)
		mvaddstr(y, x + 1, second);
	attroff(attr);
}

static void draw_border(const struct layout *l, const struct tiling *t)
{
	int top = l->board_y - 1, left = l->board_x - 1;
	int bottom = l->board_y + t->rows * l->ch, right = l->board_x + t->cols * l->cw;
	attron(style(ST_BORDER));
	mvaddstr(top, left, glyph(GL_TL));
	mvaddstr(top, right, glyph(GL_TR));
	mvaddstr(bottom, left, glyph(GL_BL));
	mvaddstr(bottom, right, glyph(GL_BR));
	for (int x = left + 1; x < right; x++) {
		mvaddstr(top, x, glyph(GL_HLINE));
		mvaddstr(bottom, x, glyph(GL_HLINE));
	}
	for (int y = top + 1; y < bottom; y++) {
		mvaddstr(y, left, glyph(GL_VLINE));
		mvaddstr(y, right, glyph(GL_VLINE));
	}
	attroff(style(ST_BORDER));
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

void tv_draw_board(const struct layout *l, const struct tiling *t, const struct tiling_pos *pos,
                   const struct tv_marks *m)
{
	draw_border(l, t);
	for (int r = 0; r < t->rows; r++)
		for (int c = 0; c < t->cols; c++) {
			int cell = r * t->cols + c, v = pos->cell[cell];
			char letter[2] = { 0, 0 };
			if (v == TILING_HOLE) {
				draw_cell(l, r, c, style(ST_DIM) | A_REVERSE, " ", NULL);
			} else if (v == TILING_EMPTY) {
				attr_t a = m->mark[cell] ? style(ST_MARK) : style(ST_DIM);
				if (m->cursor && r == m->cursor_row && c == m->cursor_col)
					a = style(ST_CURSOR);
				draw_cell(l, r, c, a, glyph(GL_EMPTY), NULL);
			} else {
				letter[0] = t->def->pieces[v].letter;
				attr_t a = style_piece(t->def->pieces[v].name, pos->fixed[v], v == m->tried_piece);
				if (m->mark[cell])
					a = style(ST_MARK);
				if (v == m->tried_piece && m->removing)
					a |= A_DIM;
				if (m->cursor && r == m->cursor_row && c == m->cursor_col)
					a |= A_REVERSE;
				bool two = l->cw > 1 && stacked(t, pos->placed[v], cell);
				draw_cell(l, r, c, a, letter, two ? glyph(GL_STACKED) : NULL);
			}
		}
	if (m->ghost) {
		const struct tiling_orient *o = &t->orient[m->ghost_orient];
		char letter[2] = { t->def->pieces[o->piece].letter, 0 };
		attr_t a = style(m->ghost_fits ? ST_GHOST_OK : ST_GHOST_BAD);
		for (int i = 0; i < o->n_cells; i++) {
			int r = m->ghost_row + o->cells[i][0], c = m->ghost_col + o->cells[i][1];
			if (r < 0 || c < 0 || r >= t->rows || c >= t->cols)
				continue;
			bool two = l->cw > 1 && o->stacked[i] > 1;
			draw_cell(l, r, c, a, letter, two ? glyph(GL_STACKED) : NULL);
		}
	}
}

/* The tray packs the pieces not placed, in their order: a piece's slot is
 * its rank among them. */
static void slot_origin(const struct layout *l, const struct tiling_pos *pos, int piece, int *y, int *x)
{
	int slot = 0;
	for (int q = 0; q < piece; q++)
		slot += pos->placed[q] < 0;
	*y = l->panel_y + (slot / l->slot_cols) * l->slot_h;
	*x = l->panel_x + (slot % l->slot_cols) * l->slot_w;
}

void tv_draw_tray(const struct layout *l, const struct tiling *t, const struct tiling_pos *pos,
                  const struct tv_marks *m)
{
	for (int p = 0; p < t->n_pieces; p++) {
		if (pos->placed[p] >= 0)
			continue;
		const struct tiling_orient *o = &t->orient[tv_tray_orient(t, p)];
		int y0, x0;
		slot_origin(l, pos, p, &y0, &x0);
		attr_t a = style_piece(t->def->pieces[p].name, false, false);
		if (p == m->marked_piece)
			a = style(ST_MARK);
		if (p == m->selected_piece)
			a = style(ST_DIM);
		char letter[2] = { t->def->pieces[p].letter, 0 };
		attron(a);
		for (int i = 0; i < o->n_cells; i++) {
			mvaddstr(y0 + o->cells[i][0], x0 + 2 * o->cells[i][1], letter);
			addstr(o->stacked[i] > 1 ? glyph(GL_STACKED) : " ");
		}
		attroff(a);
	}
}

bool tv_board_cell(const struct layout *l, const struct tiling *t, int y, int x, int *row, int *col)
{
	if (y < l->board_y || x < l->board_x)
		return false;
	*row = (y - l->board_y) / l->ch;
	*col = (x - l->board_x) / l->cw;
	return *row < t->rows && *col < t->cols;
}

int tv_tray_piece(const struct layout *l, const struct tiling *t, const struct tiling_pos *pos, int y, int x)
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
