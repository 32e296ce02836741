/* Where a tiling's board and tray go in the room the game screen gives
 * its view: a pure function of that room's size and the board's.  Fits,
 * with the largest cells that fit; or says it does not, and what it
 * needs.  Coordinates are the view's own (0, 0 its top left). */
#ifndef LD_TILING_VIEW_LAYOUT_H
#define LD_TILING_VIEW_LAYOUT_H

#include <stdbool.h>

struct tiling_view_layout {
	int rows, cols;           /* the room */
	bool too_small;
	int need_rows, need_cols; /* the least that fits */
	int board_y, board_x;     /* the top left cell, inside the border */
	int cw, ch;               /* a cell's width and height */
	int panel_y, panel_x;     /* the tray, or the search's panel */
	int panel_w, panel_h;
	int slot_w, slot_h, slot_cols; /* the tray's slots for pieces */
};

/* A layout for a board of board_rows x board_cols cells and a tray of
 * n_pieces pieces, none wider than piece_w or taller than piece_h cells,
 * in a room of rows x cols. */
void tiling_view_layout_board(struct tiling_view_layout *l, int rows, int cols, int board_rows, int board_cols,
                              int n_pieces, int piece_w, int piece_h);

#endif
