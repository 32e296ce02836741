/* Where screens and views draw: a grid of cells, each one glyph (one
 * column) and a look (a curses attribute from style.h).  Two back ends:
 * the terminal (curses' stdscr), and memory, which keeps the grid so that
 * a test can compare a whole screen with a golden copy, character for
 * character, without a terminal.
 *
 * A canvas can be a window on another (canvas_window): drawing is clipped
 * to it, and its (0, 0) is its own top left, so a view draws in its own
 * coordinates and never past its edges. */
#ifndef LD_CANVAS_H
#define LD_CANVAS_H

#include <curses.h>
#include <stdbool.h>

struct canvas_backend;

struct canvas {
	struct canvas_backend *be;
	int y0, x0;          /* this canvas's top left on the back end */
	int rows, cols;      /* its size */
};

/* The terminal, as big as it is now (call again after a resize). */
struct canvas canvas_screen(void);
/* A canvas in memory of rows x cols blanks; free it with canvas_memory_free. */
struct canvas canvas_memory_new(int rows, int cols);
void canvas_memory_free(struct canvas *c);
/* Row y of a memory canvas as UTF-8, trailing blanks dropped (a static
 * buffer, overwritten by the next call). */
const char *canvas_memory_row(const struct canvas *c, int y);
/* The whole memory canvas, rows joined by '\n' (malloc'd). */
char *canvas_memory_text(const struct canvas *c);
/* The look drawn at (y, x) of a memory canvas. */
attr_t canvas_memory_look(const struct canvas *c, int y, int x);

/* The part of c at (y, x) of rows x cols, cut to c's edges. */
struct canvas canvas_window(const struct canvas *c, int y, int x, int rows, int cols);

/* Blank the whole canvas. */
void canvas_erase(struct canvas *c);
/* One glyph (one column: a character in UTF-8, "█", "•") at (y, x). */
void canvas_put(struct canvas *c, int y, int x, attr_t look, const char *glyph);
/* Fill rows x cols from (y, x) with a glyph. */
void canvas_fill(struct canvas *c, int y, int x, int rows, int cols, attr_t look, const char *glyph);
/* Text at (y, x), made to fit in width columns whole (textfit.h: long
 * paths shortened in the middle, control characters shown as '?');
 * returns the columns used. */
int canvas_text(struct canvas *c, int y, int x, int width, attr_t look, const char *text);
/* The same in up to max_lines lines, words wrapped; returns the lines used. */
int canvas_text_lines(struct canvas *c, int y, int x, int width, int max_lines, attr_t look, const char *text);
/* Text as it is (clipped at the canvas's edge, never wrapped); returns the
 * columns used. */
int canvas_print(struct canvas *c, int y, int x, attr_t look, const char *text);

#endif
