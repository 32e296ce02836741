/* How things look: colour pairs when the terminal has colours (and
 * NO_COLOR is not set), otherwise a monochrome scheme that keeps every
 * distinction with bold, reverse and underline; pieces always carry their
 * letters.  Glyphs drawn with Unicode have ASCII stand-ins for terminals
 * that are not UTF-8. */
#ifndef LD_STYLE_H
#define LD_STYLE_H

#include <curses.h>
#include <stdbool.h>

#include "ui/term.h"

enum style_role {
	ST_NORMAL,
	ST_TITLE,      /* the top line */
	ST_DIM,        /* quiet text: key hints, empty cells */
	ST_BORDER,
	ST_GOOD,       /* "can still be finished", solved */
	ST_BAD,        /* a dead end, an error */
	ST_NOTICE,     /* hints, questions */
	ST_CURSOR,     /* the cursor, the chosen menu entry */
	ST_MARK,       /* a cell a hint or a dead end points at */
	ST_GHOST_OK,   /* what is in hand (a piece, a digit) where it fits */
	ST_GHOST_BAD,  /* and where it does not */
	ST_COUNT
};

enum glyph {
	GL_EMPTY,      /* an empty cell */
	GL_TICK,       /* a solved level */
	GL_SAVED,      /* a level left unfinished, saved: "▸", to go on (not "…", read as text cut) */
	GL_DOT,        /* a separator */
	GL_LEFT, GL_RIGHT, GL_UP, GL_DOWN,
	GL_BAR_FULL, GL_BAR_EMPTY,
	GL_HLINE, GL_VLINE, GL_TL, GL_TR, GL_BL, GL_BR,
	GL_MICRO,      /* the prefix of microseconds */
	GL_PLUSMINUS,  /* an estimate's spread */
	GL_COUNT
};

void style_init(const struct terminal *t);
/* Monochrome, with or without Unicode glyphs, and no terminal: for screens
 * drawn on a memory canvas (tests). */
void style_init_plain(bool with_unicode);
bool style_colour(void);
/* Whether dim text shows as dim on this terminal. */
bool style_dim(void);
bool style_unicode(void);
attr_t style(enum style_role r);
/* A colour a view gives the things it draws (a tiling's pieces, a
 * graph's groups): its xterm-256 number, the nearest of the eight basic
 * ones, and for eight colours, which are fewer than the things, the look
 * that tells apart those sharing one: twin 0 plain, 1 underlined, 2
 * underlined and on black (reverse).  A view's palette is a list of them
 * ending with a NULL name (view.h). */
struct style_colour {
	const char *name;     /* "Green" */
	short c256, c8;
	int twin;
};

/* The look of colour i of a palette (i < 0: one of its own that no
 * colour names), or without colours the look alone; fixed things (a
 * level's pieces) and the one the search is trying are set apart. */
attr_t style_colour_look(const struct style_colour *colours, int i, bool fixed, bool tried);
/* The colour of that name in a palette, or -1. */
int style_colour_find(const struct style_colour *colours, const char *name);
const char *glyph(enum glyph g);
/* Text at (y, x), made to fit in width columns whole (util/textfit.h: long
 * paths shortened in the middle, control characters shown as '?'). */
void style_text(int y, int x, int width, attr_t attr, const char *text);
/* The same in up to max_lines lines from (y, x), words wrapped; returns
 * the lines used. */
int style_text_lines(int y, int x, int width, int max_lines, attr_t attr, const char *text);

/* A message, centred on a screen of rows x cols and wrapped
 * at spaces to fit it (a word wider than the screen is cut): "terminal too
 * small" must be read whole on the smallest screen. */
void style_message(int rows, int cols, const char *text);

#endif
