/* What the solver has to say to the player, as data: a hint, the reason a
 * position is a dead end, the step the search just took.  The words are a
 * player's sentence (cells, pieces, digits, vertices: never the solver's
 * item names); the marks are what the screen points at, in the family's
 * own numbers (a tiling's cells and pieces, a grid's cells, a graph's
 * vertices); the move is what a reveal plays. */
#ifndef LD_NOTE_H
#define LD_NOTE_H

#include <stdbool.h>

#include "util/diag.h"

#define NOTE_TEXT_MAX 240
#define NOTE_MAX_MARKS 128
#define NOTE_MOVE_MAX 1024

struct note {
	char text[NOTE_TEXT_MAX];
	int n_cells;                 /* cells (or vertices) to mark */
	int cells[NOTE_MAX_MARKS];
	/* The colour class of cells[i] when a note colours what it marks (a
	 * graph's vertices in the classes that bound a clique), else -1. */
	int cell_class[NOTE_MAX_MARKS];
	int n_pieces;                /* pieces (or digits) to mark */
	int pieces[NOTE_MAX_MARKS];
	char move[NOTE_MOVE_MAX];    /* the move a reveal makes, "" for none */
};

void note_clear(struct note *n);
/* Set the words (printf-style). */
void note_say(struct note *n, const char *fmt, ...) LD_PRINTF(2, 3);
/* Mark a cell or a piece (quietly ignored past NOTE_MAX_MARKS). */
void note_cell(struct note *n, int cell);
void note_piece(struct note *n, int piece);
/* Mark a cell as one of colour class k (k >= 0). */
void note_cell_class(struct note *n, int cell, int k);
/* The class a cell is marked with: -1 if none (or not marked). */
int note_class_of(const struct note *n, int cell);
bool note_has_cell(const struct note *n, int cell);
bool note_has_piece(const struct note *n, int piece);

#endif
