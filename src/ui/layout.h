/* Where everything goes on the screen: a pure function of the terminal's
 * size and the board's.  Fits, with the largest cells that fit; or says it
 * does not, and what it needs. */
#ifndef LD_LAYOUT_H
#define LD_LAYOUT_H

#include <stdbool.h>

struct layout {
	int rows, cols;           /* the screen */
	bool too_small;
	int need_rows, need_cols; /* the least that fits */
	int title_row, status_row, keys_row;
	int board_y, board_x;     /* the top left cell, inside the border */
	int cw, ch;               /* a cell's width and height */
	int panel_y, panel_x;     /* the tray, or the search's panel */
	int panel_w, panel_h;
	int slot_w, slot_h, slot_cols; /* the tray's slots for pieces */
};

/* A layout for a board of board_rows x board_cols cells and a tray of
 * n_pieces pieces, none wider than piece_w or taller than piece_h cells. */
void layout_board(struct layout *l, int rows, int cols, int board_rows, int board_cols, int n_pieces, int piece_w,
                  int piece_h);

#endif
