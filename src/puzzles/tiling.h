/* Tiling puzzles: a rectangular board (some cells may be holes) and a set
 * of pieces, each used once, to fill it.  (IQ Fit's pieces cover more cells
 * or fewer depending on how they lie, so the areas need not add up.)  One module serves Kanoodle, IQ
 * Fit and whatever board and piece set come next.
 *
 * A piece is given as balls in three dimensions, (row, col, z), as in the
 * seed document: flat pieces have z = 0 throughout; IQ Fit's pieces have a
 * flat layer and a few balls under it (z = -1).  A piece may lie on the
 * board in any orientation that a rotation in space gives it while it keeps
 * its thickness (flat pieces stay flat, two-layer pieces keep two layers:
 * they can be turned over, or stood on the edge that shows the other face),
 * and it covers the cells under its balls.  Orientations with the same
 * cells are one. */
#ifndef LD_TILING_H
#define LD_TILING_H

#include <stdbool.h>

#include "solver/xc/xc.h"

#define TILING_MAX_BALLS 16
#define TILING_MAX_PIECES 26
#define TILING_MAX_SIDE 32

struct tiling_ball {
	int r, c, z;
};

struct tiling_piece_def {
	const char *name;      /* "LightGreen" */
	const char *item;      /* its exact-cover item, at most 8 characters: "LtGreen" */
	char letter;           /* 'L': how boards and level files draw it */
	int n_balls;
	struct tiling_ball balls[TILING_MAX_BALLS];
};

struct tiling_family_def {
	const char *name;      /* "kanoodle": what commands and level files say */
	const char *title;     /* "Kanoodle" */
	int rows, cols;
	int n_pieces;
	const struct tiling_piece_def *pieces;
};

/* The families: Kanoodle and IQ Fit. */
extern const struct tiling_family_def tiling_kanoodle;
extern const struct tiling_family_def tiling_iqfit;
/* A family by name, or NULL; tiling_families lists them, NULL-terminated. */
const struct tiling_family_def *tiling_family_find(const char *name);
extern const struct tiling_family_def *const tiling_families[];

/* One way a piece can lie: its balls rotated and moved to row 0, col 0.
 * The orientations of a piece fall into faces: those that turn into each
 * other on the board's plane.  A flat piece has one face or two (itself and
 * its mirror image); an IQ Fit piece has up to four. */
struct tiling_orient {
	int piece;
	int n_balls;
	struct tiling_ball balls[TILING_MAX_BALLS];
	int n_cells;           /* distinct cells under the balls */
	int cells[TILING_MAX_BALLS][2];
	int stacked[TILING_MAX_BALLS]; /* balls over each cell: 2 where one sits on another */
	int h, w;              /* bounding box on the board */
	int face;              /* which face of the piece, from 0 */
	int turn;              /* quarter turns from the face's first orientation */
	int rotated;           /* the orientation a quarter turn clockwise */
};

/* One placement: an orientation at a position, on the full board. */
struct tiling_placement {
	int piece;
	int orient;
	int row, col;          /* where the orientation's (0, 0) lands */
	int n_cells;
	int cell[TILING_MAX_BALLS]; /* cell numbers (row * cols + col), ascending */
};

struct tiling {
	const struct tiling_family_def *def;
	int rows, cols, n_cells, n_pieces;
	int n_orients;
	struct tiling_orient *orient;
	int n_placements;
	struct tiling_placement *pl;
	int *piece_first;      /* placements of piece k: piece_first[k] .. piece_first[k+1]-1 */
	int *orient_first;     /* orientations of piece k: orient_first[k] .. orient_first[k+1]-1 */
	int *orient_placement; /* the first placement of each orientation */
};

struct tiling *tiling_new(const struct tiling_family_def *def);
/* The orientations of piece p: orient_first[p] .. orient_first[p+1]-1. */
int tiling_piece_faces(const struct tiling *t, int p);
/* Orientation o turned over: for a flat piece, its mirror image left to
 * right (the same orientation only if it is symmetric so); for a piece
 * standing on pegs (IQ Fit), the next face of it, as near as may be the
 * same quarter turn. */
int tiling_orient_turn_over(const struct tiling *t, int o);
/* The placement of orientation o with its (0, 0) at row, col; -1 if it
 * would leave the board. */
int tiling_placement_at(const struct tiling *t, int o, int row, int col);
void tiling_free(struct tiling *t);
/* The piece with this letter, or -1. */
int tiling_piece_by_letter(const struct tiling *t, char letter);

/* A position: what lies where. */
#define TILING_EMPTY (-1)
#define TILING_HOLE (-2)

struct tiling_pos {
	const struct tiling *t;
	signed char cell[TILING_MAX_SIDE * TILING_MAX_SIDE]; /* a piece, TILING_EMPTY or TILING_HOLE */
	int placed[TILING_MAX_PIECES];                 /* a placement, or -1 */
	bool fixed[TILING_MAX_PIECES];                 /* placed by the level: cannot be moved */
};

void tiling_pos_init(struct tiling_pos *pos, const struct tiling *t);
/* Does placement k fit on the empty cells, its piece not yet placed? */
bool tiling_pos_fits(const struct tiling_pos *pos, int k);
/* Place placement k (it must fit) or take piece p off the board. */
void tiling_pos_place(struct tiling_pos *pos, int k);
void tiling_pos_remove(struct tiling_pos *pos, int piece);
bool tiling_pos_solved(const struct tiling_pos *pos);
/* The placement of piece p that covers exactly these cells, or -1. */
int tiling_find_placement(const struct tiling *t, int piece, const int *cells, int n);

/* Read a board drawing, one string per row: '.' empty, '#' a hole, a
 * piece's letter where it lies.  On error returns false with the row
 * (from 0, or -1 for the whole drawing) and the reason. */
bool tiling_pos_parse(struct tiling_pos *pos, const struct tiling *t, const char *const *rows, int n_rows,
                      int *bad_row, char *why, int why_size);
/* Draw the board into buf: rows of cols characters, each ending in '\n'. */
void tiling_pos_draw(const struct tiling_pos *pos, char *buf, int size);

/* The order of items in the reduced problem. */
enum tiling_order {
	/* Pieces, then cells in reading order: the order of the seed document
	 * and of Knuth's programs' counts (DLX1's node counts refer to it). */
	TILING_PIECES_FIRST,
	/* Cells first, down the board's short side, then pieces: for the
	 * first-item rule, whose subproblems then share a narrow frontier,
	 * which is what makes memoized counting fast. */
	TILING_CELLS_FIRST,
};

/* The exact-cover problem of finishing pos: the pieces not placed and the
 * empty cells are the items, all primary (every piece is to be placed);
 * the placements of those pieces on empty cells are the options, tagged
 * with their placement numbers. */
struct xc_problem *tiling_reduce(const struct tiling_pos *pos, enum tiling_order order);

#endif
