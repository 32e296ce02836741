#include "config.h"

#include "ui/tiling_view_layout.h"

#include <string.h>

/* Cell sizes, largest first: columns by rows (a cell is about square). */
static const int cell_sizes[][2] = { { 8, 4 }, { 6, 3 }, { 4, 2 }, { 2, 1 } };
/* The search's panel needs at least this much. */
#define PANEL_MIN_W 30
#define PANEL_MIN_H 12

void tiling_view_layout_board(struct tiling_view_layout *l, int rows, int cols, int board_rows, int board_cols,
                              int n_pieces, int piece_w, int piece_h)
{
	memset(l, 0, sizeof *l);
	l->rows = rows;
	l->cols = cols;
	/* Tray pieces are drawn with cells two columns wide, one row high. */
	int slot_w = piece_w * 2 + 2, slot_h = piece_h + 1;
	l->need_rows = l->need_cols = 1 << 30;
	for (size_t i = 0; i < sizeof cell_sizes / sizeof *cell_sizes; i++) {
		int cw = cell_sizes[i][0], ch = cell_sizes[i][1];
		int bw = board_cols * cw + 2, bh = board_rows * ch + 2;
		for (int slot_cols = 1; slot_cols <= n_pieces; slot_cols++) {
			int slot_rows = (n_pieces + slot_cols - 1) / slot_cols;
			int pw = slot_cols * slot_w, ph = slot_rows * slot_h;
			if (pw < PANEL_MIN_W)
				pw = PANEL_MIN_W;
			if (ph < PANEL_MIN_H)
				ph = PANEL_MIN_H;
			int need_w = bw + 1 + pw, need_h = bh > ph ? bh : ph;
			/* Remember the smallest need, by area, for the message. */
			if ((long)need_w * need_h < (long)l->need_cols * l->need_rows)
				l->need_cols = need_w, l->need_rows = need_h;
			if (need_w > cols || need_h > rows)
				continue;
			l->cw = cw;
			l->ch = ch;
			/* The board and the tray level at the top, the taller of
			 * the two centred (a blank row under the title where there
			 * is room): a tray taller than the board no longer starts
			 * above its frame. */
			int body_h = rows, top = (body_h - need_h) / 2;
			if (top == 0 && body_h > need_h)
				top = 1;
			l->board_y = top + 1;
			l->board_x = 1 + 1;
			l->panel_x = bw + 2;
			l->panel_y = top;
			l->panel_w = cols - l->panel_x - 1;
			l->panel_h = body_h - 1;
			l->slot_w = slot_w;
			l->slot_h = slot_h;
			l->slot_cols = l->panel_w / slot_w;
			if (l->slot_cols < 1)
				l->slot_cols = 1;
			return;
		}
	}
	l->too_small = true;
}
