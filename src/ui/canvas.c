#include "config.h"

#include "ui/canvas.h"

#include <stdlib.h>
#include <string.h>

#include "ui/style.h"
#include "util/textfit.h"
#include "util/xalloc.h"

/* A glyph is one UTF-8 character: at most 4 bytes and a NUL. */
#define GLYPH_BYTES 5

struct cell {
	char glyph[GLYPH_BYTES];
	attr_t look;
};

struct canvas_backend {
	bool memory;
	int rows, cols;
	struct cell *cell;   /* memory: rows x cols */
	char *row_text;      /* memory: canvas_memory_row's buffer */
};

static struct canvas_backend screen_backend;

struct canvas canvas_screen(void)
{
	int rows, cols;
	getmaxyx(stdscr, rows, cols);
	screen_backend.memory = false;
	screen_backend.rows = rows;
	screen_backend.cols = cols;
	return (struct canvas){ &screen_backend, 0, 0, rows, cols };
}

struct canvas canvas_memory_new(int rows, int cols)
{
	struct canvas_backend *be = xcalloc(1, sizeof *be);
	be->memory = true;
	be->rows = rows;
	be->cols = cols;
	be->cell = xcalloc((size_t)rows * (size_t)cols, sizeof *be->cell);
	be->row_text = xmalloc((size_t)cols * GLYPH_BYTES + 1);
	struct canvas c = { be, 0, 0, rows, cols };
	canvas_erase(&c);
	return c;
}

void canvas_memory_free(struct canvas *c)
{
	if (!c->be || !c->be->memory)
		return;
	free(c->be->cell);
	free(c->be->row_text);
	free(c->be);
	c->be = NULL;
}

const char *canvas_memory_row(const struct canvas *c, int y)
{
	struct canvas_backend *be = c->be;
	size_t n = 0, keep = 0;
	be->row_text[0] = '\0';
	if (y < 0 || y >= c->rows)
		return be->row_text;
	for (int x = 0; x < c->cols; x++) {
		const struct cell *k = &be->cell[(size_t)(c->y0 + y) * (size_t)be->cols + (size_t)(c->x0 + x)];
		size_t len = strlen(k->glyph);
		memcpy(be->row_text + n, k->glyph, len);
		n += len;
		if (strcmp(k->glyph, " "))
			keep = n;
	}
	be->row_text[keep] = '\0';
	return be->row_text;
}

char *canvas_memory_text(const struct canvas *c)
{
	size_t cap = (size_t)c->rows * ((size_t)c->cols * GLYPH_BYTES + 1) + 1, n = 0;
	char *out = xmalloc(cap);
	for (int y = 0; y < c->rows; y++) {
		const char *row = canvas_memory_row(c, y);
		size_t len = strlen(row);
		memcpy(out + n, row, len);
		n += len;
		out[n++] = '\n';
	}
	out[n] = '\0';
	return out;
}

attr_t canvas_memory_look(const struct canvas *c, int y, int x)
{
	if (y < 0 || y >= c->rows || x < 0 || x >= c->cols)
		return 0;
	return c->be->cell[(size_t)(c->y0 + y) * (size_t)c->be->cols + (size_t)(c->x0 + x)].look;
}

struct canvas canvas_window(const struct canvas *c, int y, int x, int rows, int cols)
{
	if (y < 0) {
		rows += y;
		y = 0;
	}
	if (x < 0) {
		cols += x;
		x = 0;
	}
	if (y > c->rows)
		y = c->rows;
	if (x > c->cols)
		x = c->cols;
	if (rows > c->rows - y)
		rows = c->rows - y;
	if (cols > c->cols - x)
		cols = c->cols - x;
	if (rows < 0)
		rows = 0;
	if (cols < 0)
		cols = 0;
	return (struct canvas){ c->be, c->y0 + y, c->x0 + x, rows, cols };
}

static void put_raw(struct canvas *c, int y, int x, attr_t look, const char *glyph, size_t len)
{
	if (y < 0 || y >= c->rows || x < 0 || x >= c->cols || !c->be)
		return;
	struct canvas_backend *be = c->be;
	if (be->memory) {
		struct cell *k = &be->cell[(size_t)(c->y0 + y) * (size_t)be->cols + (size_t)(c->x0 + x)];
		if (len >= GLYPH_BYTES)
			len = 1;
		memcpy(k->glyph, glyph, len);
		k->glyph[len] = '\0';
		k->look = look;
		return;
	}
	char g[GLYPH_BYTES];
	if (len >= GLYPH_BYTES)
		len = 1;
	memcpy(g, glyph, len);
	g[len] = '\0';
	attrset(look);
	mvaddstr(c->y0 + y, c->x0 + x, g);
	attrset(A_NORMAL);
}

/* Bytes of the UTF-8 character at s (1 for a stray byte). */
static size_t char_len(const char *s)
{
	unsigned char b = (unsigned char)*s;
	size_t n = b < 0x80 ? 1 : b >> 5 == 6 ? 2 : b >> 4 == 14 ? 3 : b >> 3 == 30 ? 4 : 1;
	for (size_t i = 1; i < n; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			return 1;
	return n;
}

void canvas_put(struct canvas *c, int y, int x, attr_t look, const char *glyph)
{
	put_raw(c, y, x, look, glyph, char_len(glyph));
}

void canvas_erase(struct canvas *c)
{
	canvas_fill(c, 0, 0, c->rows, c->cols, A_NORMAL, " ");
}

void canvas_fill(struct canvas *c, int y, int x, int rows, int cols, attr_t look, const char *glyph)
{
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			canvas_put(c, y + i, x + j, look, glyph);
}

int canvas_print(struct canvas *c, int y, int x, attr_t look, const char *text)
{
	int used = 0;
	for (const char *s = text; *s;) {
		size_t n = char_len(s);
		put_raw(c, y, x + used, look, s, n);
		used++;
		s += n;
	}
	return used;
}

int canvas_text(struct canvas *c, int y, int x, int width, attr_t look, const char *text)
{
	char fit[2048];
	if (width < 1)
		return 0;
	textfit(text, width, style_unicode(), fit, sizeof fit);
	return canvas_print(c, y, x, look, fit);
}

int canvas_text_lines(struct canvas *c, int y, int x, int width, int max_lines, attr_t look, const char *text)
{
	char fit[4096];
	if (width < 1 || max_lines < 1)
		return 0;
	int n = textfit_lines(text, width, max_lines, style_unicode(), fit, sizeof fit);
	char *line = fit;
	for (int i = 0; i < n && line; i++) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		canvas_print(c, y + i, x, look, line);
		line = nl ? nl + 1 : NULL;
	}
	return n;
}
