/* The tilings' face (Kanoodle, IQ Fit): the board, the tray, and the piece
 * in the player's hand. */
#ifndef LD_TILING_VIEW_H
#define LD_TILING_VIEW_H

#include "ui/view.h"

extern const struct view_ops tiling_view_ops;

#endif
