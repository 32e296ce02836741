/* Drawing a tiling: the board, the floating piece, the tray, and finding
 * what the mouse points at. */
#ifndef LD_TILING_VIEW_H
#define LD_TILING_VIEW_H

#include <stdbool.h>

#include "puzzles/tiling.h"
#include "ui/layout.h"

/* What to show on top of the position. */
struct tv_marks {
	bool ghost;                 /* a piece floats over the board */
	int ghost_placement;        /* where, if on the board; else -1 */
	int ghost_orient, ghost_row, ghost_col; /* its orientation and top left */
	bool ghost_fits;
	bool cursor;                /* show the cursor cell (no piece in hand) */
	int cursor_row, cursor_col;
	bool mark[TILING_MAX_SIDE * TILING_MAX_SIDE]; /* cells a hint or a dead end points at */
	int tried_piece;            /* the piece the search is trying, or -1 */
	bool removing;              /* and it is taking it back */
	int marked_piece;           /* a piece in the tray to point at, or -1 */
	int selected_piece;         /* the piece in hand, or -1 */
};

void tv_marks_clear(struct tv_marks *m);
/* The orientation a piece shows in the tray: the flattest. */
int tv_tray_orient(const struct tiling *t, int piece);
/* The largest tray shape, for the layout. */
void tv_tray_size(const struct tiling *t, int *w, int *h);

void tv_draw_board(const struct layout *l, const struct tiling *t, const struct tiling_pos *pos,
                   const struct tv_marks *m);
void tv_draw_tray(const struct layout *l, const struct tiling *t, const struct tiling_pos *pos,
                  const struct tv_marks *m);
/* The board cell at a screen position (false if none). */
bool tv_board_cell(const struct layout *l, const struct tiling *t, int y, int x, int *row, int *col);
/* The unplaced piece whose tray slot holds a screen position, or -1. */
int tv_tray_piece(const struct layout *l, const struct tiling *t, const struct tiling_pos *pos, int y, int x);

#endif
