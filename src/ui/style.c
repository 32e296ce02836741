#include "config.h"

#include "ui/style.h"

#include <string.h>

#include "util/textfit.h"

static bool colour, colour256, unicode;
/* Whether the terminal can show A_DIM: a look that carries meaning (a
 * pencil mark beside an entered digit) needs another sign where not. */
static bool dim = true;

/* Pairs 1.. for the roles, PALETTE_PAIRS.. for the views' colours, each
 * palette's pairs made when it is first drawn. */
#define PALETTE_PAIRS 32
#define MAX_PALETTES 8

static struct {
	const struct style_colour *colours;
	short first_pair;
} palettes[MAX_PALETTES];
static int n_palettes;
static short next_pair = PALETTE_PAIRS;

void style_init(const struct terminal *t)
{
	colour = term_colour(t);
	colour256 = term_colour256(t);
	unicode = term_unicode(t);
	dim = (termattrs() & A_DIM) != 0;
	if (!colour)
		return;
	init_pair(1, COLOR_BLACK, COLOR_CYAN);     /* title */
	init_pair(2, COLOR_GREEN, -1);             /* good */
	init_pair(3, COLOR_RED, -1);               /* bad */
	init_pair(4, COLOR_YELLOW, -1);            /* notice */
	init_pair(5, COLOR_BLACK, COLOR_WHITE);    /* cursor */
	init_pair(6, COLOR_WHITE, COLOR_RED);      /* mark */
	init_pair(7, COLOR_BLACK, COLOR_GREEN);    /* ghost fits */
	init_pair(8, COLOR_WHITE, COLOR_RED);      /* ghost does not */
	init_pair(9, COLOR_BLUE, -1);              /* border */
}

void style_init_plain(bool with_unicode)
{
	colour = colour256 = false;
	unicode = with_unicode;
}

bool style_unicode(void)
{
	return unicode;
}

bool style_dim(void)
{
	return dim;
}

bool style_colour(void)
{
	return colour;
}

attr_t style(enum style_role r)
{
	if (!colour) {
		switch (r) {
		case ST_TITLE: return A_REVERSE;
		case ST_DIM: return A_DIM;
		case ST_GOOD: return A_BOLD;
		case ST_BAD: return A_BOLD | A_REVERSE;
		case ST_NOTICE: return A_BOLD;
		case ST_CURSOR: return A_REVERSE;
		case ST_MARK: return A_REVERSE | A_UNDERLINE;
		case ST_GHOST_OK: return A_REVERSE;
		case ST_GHOST_BAD: return A_REVERSE | A_UNDERLINE | A_BOLD;
		default: return A_NORMAL;
		}
	}
	switch (r) {
	case ST_TITLE: return COLOR_PAIR(1) | A_BOLD;
	case ST_DIM: return A_DIM;
	case ST_GOOD: return COLOR_PAIR(2) | A_BOLD;
	case ST_BAD: return COLOR_PAIR(3) | A_BOLD;
	case ST_NOTICE: return COLOR_PAIR(4) | A_BOLD;
	case ST_CURSOR: return COLOR_PAIR(5);
	case ST_MARK: return COLOR_PAIR(6) | A_BOLD | A_UNDERLINE;
	/* With 8 colours a palette's colour is a background (style_colour):
	 * what is in hand is the colour on black (reverse), a look no piece
	 * has. */
	case ST_GHOST_OK: return COLOR_PAIR(7) | A_BOLD | (colour256 ? 0 : A_REVERSE);
	case ST_GHOST_BAD: return COLOR_PAIR(8) | A_BOLD | A_UNDERLINE | (colour256 ? 0 : A_REVERSE);
	case ST_BORDER: return COLOR_PAIR(9);
	default: return A_NORMAL;
	}
}

/* The first colour pair of a palette, made on its first use; 0 when the
 * terminal has no pairs left for it. */
static short palette_pairs(const struct style_colour *colours)
{
	for (int i = 0; i < n_palettes; i++)
		if (palettes[i].colours == colours)
			return palettes[i].first_pair;
	int count = 0;
	while (colours[count].name)
		count++;
	if (n_palettes == MAX_PALETTES || next_pair + count > COLOR_PAIRS)
		return 0;
	short first = next_pair;
	for (int i = 0; i < count; i++)
		init_pair((short)(first + i), COLOR_BLACK, colour256 ? colours[i].c256 : colours[i].c8);
	next_pair = (short)(next_pair + count);
	palettes[n_palettes].colours = colours;
	palettes[n_palettes++].first_pair = first;
	return first;
}

attr_t style_colour_look(const struct style_colour *colours, int i, bool fixed, bool tried)
{
	attr_t extra = (fixed ? A_BOLD : 0) | (tried ? A_UNDERLINE | A_BOLD : 0);
	if (!colour)
		return (tried ? A_REVERSE : 0) | extra;
	short first = i >= 0 ? palette_pairs(colours) : 0;
	if (!first)
		return A_REVERSE | extra;
	if (colour256)
		return COLOR_PAIR(first + i) | extra;
	int twin = colours[i].twin;
	attr_t variant = twin == 0 ? 0 : twin == 1 ? A_UNDERLINE : A_UNDERLINE | A_REVERSE;
	return COLOR_PAIR(first + i) | variant | extra;
}

int style_colour_find(const struct style_colour *colours, const char *name)
{
	for (int i = 0; colours[i].name; i++)
		if (!strcmp(colours[i].name, name))
			return i;
	return -1;
}

const char *glyph(enum glyph g)
{
	static const char *const utf8[GL_COUNT] = {
		[GL_EMPTY] = "\u00b7", [GL_TICK] = "\u2713", [GL_SAVED] = "\u25b8", [GL_DOT] = "\u00b7",
		[GL_LEFT] = "\u2190", [GL_RIGHT] = "\u2192", [GL_UP] = "\u2191", [GL_DOWN] = "\u2193",
		[GL_BAR_FULL] = "\u2588", [GL_BAR_EMPTY] = "\u2591", [GL_HLINE] = "\u2500", [GL_VLINE] = "\u2502",
		[GL_TL] = "\u250c", [GL_TR] = "\u2510", [GL_BL] = "\u2514", [GL_BR] = "\u2518",
		[GL_MICRO] = "\u00b5", [GL_PLUSMINUS] = "\u00b1",
	};
	static const char *const ascii[GL_COUNT] = {
		[GL_EMPTY] = ".", [GL_TICK] = "*", [GL_SAVED] = "~", [GL_DOT] = "-",
		[GL_LEFT] = "<", [GL_RIGHT] = ">", [GL_UP] = "^", [GL_DOWN] = "v",
		[GL_BAR_FULL] = "#", [GL_BAR_EMPTY] = "-", [GL_HLINE] = "-", [GL_VLINE] = "|",
		[GL_TL] = "+", [GL_TR] = "+", [GL_BL] = "+", [GL_BR] = "+",
		[GL_MICRO] = "u", [GL_PLUSMINUS] = "+-",
	};
	return unicode ? utf8[g] : ascii[g];
}

void style_text(int y, int x, int width, attr_t attr, const char *text)
{
	char fit[2048];
	if (width < 1)
		return;
	textfit(text, width, unicode, fit, sizeof fit);
	attron(attr);
	mvaddstr(y, x, fit);
	attroff(attr);
}

int style_text_lines(int y, int x, int width, int max_lines, attr_t attr, const char *text)
{
	char fit[4096];
	if (width < 1 || max_lines < 1)
		return 0;
	int n = textfit_lines(text, width, max_lines, unicode, fit, sizeof fit);
	attron(attr);
	char *line = fit;
	for (int i = 0; i < n && line; i++) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		mvaddstr(y + i, x, line);
		line = nl ? nl + 1 : NULL;
	}
	attroff(attr);
	return n;
}

void style_message(int rows, int cols, const char *text)
{
	char fit[4096];
	if (rows < 1 || cols < 1)
		return;
	int n = textfit_lines(text, cols, rows, unicode, fit, sizeof fit);
	int top = rows > n ? (rows - n) / 2 : 0;
	char *line = fit;
	for (int i = 0; i < n && line; i++) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		int w = textfit_width(line);
		mvaddstr(top + i, w < cols ? (cols - w) / 2 : 0, line);
		line = nl ? nl + 1 : NULL;
	}
}
