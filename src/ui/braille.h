/* Lines drawn in braille dots: a region of rows x cols cells, each cell
 * 2 dots wide and 4 tall (one braille character, U+2800..U+28FF, one
 * column wide), so that the edges of a graph can be drawn at eight times
 * the resolution of the cells.
 *
 * Each line is drawn on a layer, a small priority: a cell takes the look
 * of the highest layer that has dots in it, so that a highlighted edge
 * stays highlighted where it crosses a plain one.  Without Unicode a cell
 * becomes one of - | / \ after the direction of the lines through it, or
 * + where lines of different directions meet. */
#ifndef LD_BRAILLE_H
#define LD_BRAILLE_H

#include <stdbool.h>
#include <stdint.h>

#include "ui/canvas.h"

/* Layers 0 .. BRAILLE_LAYERS-1; others are taken as the nearest. */
#define BRAILLE_LAYERS 4

struct braille;

struct braille *braille_new(int rows, int cols);
void braille_free(struct braille *b);
/* No dots anywhere. */
void braille_clear(struct braille *b);

/* Set the dot at (x, y), in dots from the region's top left (x < 2 * cols,
 * y < 4 * rows; others are ignored), on a layer. */
void braille_dot(struct braille *b, int x, int y, int layer);
/* A straight line of dots from (x0, y0) to (x1, y1), both ends included;
 * parts outside the region are left out. */
void braille_line(struct braille *b, int x0, int y0, int x1, int y1, int layer);
/* The same line two dots thick (a second one beside it, one dot across):
 * an edge that stands out by its shape as well as its colour. */
void braille_thick_line(struct braille *b, int x0, int y0, int x1, int y1, int layer);
/* A curve from (x0, y0) to (x1, y1) whose middle lies bend dots to the
 * left of the straight line (seen from the start; negative: to the
 * right), a parabola's arc: an edge drawn around a label that lies on its
 * straight line.  bend 0 is braille_line. */
void braille_curve(struct braille *b, int x0, int y0, int x1, int y1, int bend, int layer);
/* The same curve without its first skip dots (as braille_curve_dots
 * counts them): an edge that begins only where it can be told apart from
 * the others leaving the same vertex. */
void braille_curve_part(struct braille *b, int x0, int y0, int x1, int y1, int bend, int skip, int layer);
/* The dots of that curve in order, from the start: *count of them into
 * x[] and y[] (room for room; the rest are left out).  What the curve
 * will cover, for choosing a bend before drawing. */
void braille_curve_dots(int x0, int y0, int x1, int y1, int bend, int *x, int *y, int room, int *count);
/* No dots in ncols cells of row from col: under a label, say. */
void braille_mask(struct braille *b, int row, int col, int ncols);

/* The dot at the middle of the run of width cells at (row, col): where
 * edges meet a label drawn there. */
static inline void braille_centre(int row, int col, int width, int *x, int *y)
{
	*x = 2 * col + width;
	*y = 4 * row + 1;
}

/* Every cell with dots, onto c with its top left at (y, x), in the look
 * layer_look[its top layer] (BRAILLE_LAYERS looks).  unicode is the
 * terminal's (style_unicode()): braille if true, else ASCII lines. */
void braille_draw(const struct braille *b, struct canvas *c, int y, int x, const attr_t *layer_look, bool unicode);

/* How many dots are set in the cell that holds the dot (x, y) (0 outside
 * the region): how crowded a place is before a line goes through it. */
int braille_cell_dots(const struct braille *b, int x, int y);

/* Cells with any dots (*drawn) and with six or more of their eight
 * (*solid): a share of solid cells says how far the drawing has become a
 * block that no line can be followed through. */
void braille_count(const struct braille *b, int *drawn, int *solid);

/* The braille character for the dot bits (UTF-8, into buf of 4 bytes or
 * more); for tests and for anything else that builds its own dots. */
void braille_glyph(uint8_t dots, char *buf);

#endif
