#include "config.h"

#include "ui/braille.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Directions of lines, for the ASCII stand-ins. */
enum {
	DIR_ACROSS = 1, /* - */
	DIR_DOWN = 2,   /* | */
	DIR_RISE = 4,   /* / */
	DIR_FALL = 8,   /* \ */
};

struct braille {
	int rows, cols;
	uint8_t *dots;   /* per cell: its braille bits (U+2800 + dots) */
	int8_t *layer;   /* per cell: the highest layer drawn in it, -1 none */
	uint8_t *dirs;   /* per cell: the directions of the lines through it */
};

/* Braille's bit for the dot at (x, y) of a cell: the first six dots run
 * down the left column then the right, the bottom two came later. */
static const uint8_t dot_bit[4][2] = {
	{ 0x01, 0x08 },
	{ 0x02, 0x10 },
	{ 0x04, 0x20 },
	{ 0x40, 0x80 },
};

struct braille *braille_new(int rows, int cols)
{
	struct braille *b = xcalloc(1, sizeof *b);
	b->rows = rows > 0 ? rows : 0;
	b->cols = cols > 0 ? cols : 0;
	size_t cells = (size_t)b->rows * (size_t)b->cols + 1;
	b->dots = xmalloc(cells);
	b->layer = xmalloc(cells);
	b->dirs = xmalloc(cells);
	braille_clear(b);
	return b;
}

void braille_free(struct braille *b)
{
	if (!b)
		return;
	free(b->dots);
	free(b->layer);
	free(b->dirs);
	free(b);
}

void braille_clear(struct braille *b)
{
	size_t cells = (size_t)b->rows * (size_t)b->cols;
	memset(b->dots, 0, cells);
	memset(b->layer, -1, cells);
	memset(b->dirs, 0, cells);
}

static int clamp_layer(int layer)
{
	return layer < 0 ? 0 : layer >= BRAILLE_LAYERS ? BRAILLE_LAYERS - 1 : layer;
}

static void plot(struct braille *b, int x, int y, int layer, uint8_t dir)
{
	if (x < 0 || y < 0 || x >= 2 * b->cols || y >= 4 * b->rows)
		return;
	size_t k = (size_t)(y / 4) * (size_t)b->cols + (size_t)(x / 2);
	b->dots[k] |= dot_bit[y % 4][x % 2];
	b->dirs[k] |= dir;
	if (b->layer[k] < layer)
		b->layer[k] = (int8_t)layer;
}

void braille_dot(struct braille *b, int x, int y, int layer)
{
	plot(b, x, y, clamp_layer(layer), 0);
}

/* The ASCII stand-in a line takes: nearly level (within about 22 degrees;
 * dots are about as wide as tall) is -, nearly upright |, else a slant. */
static uint8_t direction(int dx, int dy)
{
	int ax = abs(dx), ay = abs(dy);
	if (ax == 0 && ay == 0)
		return 0;
	if (5 * ay <= 2 * ax)
		return DIR_ACROSS;
	if (5 * ax <= 2 * ay)
		return DIR_DOWN;
	/* y grows downwards: going right and up is a rise. */
	return (dx > 0) != (dy > 0) ? DIR_RISE : DIR_FALL;
}

/* Each dot of a line or a curve in order from its start, with the
 * direction of the straight piece it is on: to draw it, list it, or draw
 * a part of it. */
struct walk {
	struct braille *b;      /* draw on it, or */
	int *x, *y, room;       /* list the dots, */
	int count;              /* dots walked so far */
	int skip;               /* the first this many are left out */
	int layer;
};

static void walk_dot(struct walk *w, int x, int y, uint8_t dir)
{
	if (w->count++ < w->skip)
		return;
	if (w->b) {
		plot(w->b, x, y, w->layer, dir);
	} else if (w->count - 1 < w->room) {
		w->x[w->count - 1] = x;
		w->y[w->count - 1] = y;
	}
}

/* Bresenham's line, in integers, every octant. */
static void walk_line(struct walk *w, int x0, int y0, int x1, int y1)
{
	uint8_t dir = direction(x1 - x0, y1 - y0);
	int dx = abs(x1 - x0), dy = -abs(y1 - y0);
	int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1, err = dx + dy;
	for (;;) {
		walk_dot(w, x0, y0, dir);
		if (x0 == x1 && y0 == y1)
			return;
		int e2 = 2 * err;
		if (e2 >= dy) {
			err += dy;
			x0 += sx;
		}
		if (e2 <= dx) {
			err += dx;
			y0 += sy;
		}
	}
}

static void line(struct braille *b, int x0, int y0, int x1, int y1, int layer)
{
	struct walk w = { .b = b, .layer = layer };
	walk_line(&w, x0, y0, x1, y1);
}

void braille_line(struct braille *b, int x0, int y0, int x1, int y1, int layer)
{
	line(b, x0, y0, x1, y1, clamp_layer(layer));
}

/* The curve's point at t in [0, 1]: a quadratic Bezier curve whose
 * control point lies 2 * bend off the middle of the chord, square to it,
 * so that the curve's middle lies bend off it. */
static void curve_point(int x0, int y0, int x1, int y1, int bend, double t, int *x, int *y)
{
	double dx = x1 - x0, dy = y1 - y0, len = sqrt(dx * dx + dy * dy);
	/* the left of the direction of travel, with y growing downwards */
	double nx = len > 0 ? dy / len : 0, ny = len > 0 ? -dx / len : 0;
	double cx = (x0 + x1) / 2.0 + 2 * bend * nx, cy = (y0 + y1) / 2.0 + 2 * bend * ny;
	double u = 1 - t;
	*x = (int)lround(u * u * x0 + 2 * u * t * cx + t * t * x1);
	*y = (int)lround(u * u * y0 + 2 * u * t * cy + t * t * y1);
}

/* A curve as straight pieces between its points a few dots apart. */
static void walk_curve(struct walk *w, int x0, int y0, int x1, int y1, int bend)
{
	if (!bend) {
		walk_line(w, x0, y0, x1, y1);
		return;
	}
	int pieces = (abs(x1 - x0) + abs(y1 - y0) + 2 * abs(bend)) / 3 + 2, px = x0, py = y0;
	for (int i = 1; i <= pieces; i++) {
		int qx, qy;
		curve_point(x0, y0, x1, y1, bend, (double)i / pieces, &qx, &qy);
		walk_line(w, px, py, qx, qy);
		px = qx;
		py = qy;
	}
}

void braille_curve(struct braille *b, int x0, int y0, int x1, int y1, int bend, int layer)
{
	braille_curve_part(b, x0, y0, x1, y1, bend, 0, layer);
}

void braille_curve_part(struct braille *b, int x0, int y0, int x1, int y1, int bend, int skip, int layer)
{
	struct walk w = { .b = b, .skip = skip, .layer = clamp_layer(layer) };
	walk_curve(&w, x0, y0, x1, y1, bend);
}

void braille_curve_dots(int x0, int y0, int x1, int y1, int bend, int *x, int *y, int room, int *count)
{
	struct walk w = { .x = x, .y = y, .room = room };
	walk_curve(&w, x0, y0, x1, y1, bend);
	*count = w.count < room ? w.count : room;
}

/* The partner of a dot coordinate in its cell's pair (0 with 1, 2 with 3):
 * the second line of a thick one stays in the cells of the first where it
 * can, instead of spilling a thin row of dots into the next cell. */
static int partner_offset(int v)
{
	return (v % 2 == 0) ? 1 : -1;
}

void braille_thick_line(struct braille *b, int x0, int y0, int x1, int y1, int layer)
{
	layer = clamp_layer(layer);
	line(b, x0, y0, x1, y1, layer);
	if (abs(x1 - x0) >= abs(y1 - y0)) {
		int off = partner_offset(y0 < 0 ? 0 : y0);
		line(b, x0, y0 + off, x1, y1 + off, layer);
	} else {
		int off = partner_offset(x0 < 0 ? 0 : x0);
		line(b, x0 + off, y0, x1 + off, y1, layer);
	}
}

void braille_mask(struct braille *b, int row, int col, int ncols)
{
	if (row < 0 || row >= b->rows)
		return;
	for (int c = col < 0 ? 0 : col; c < col + ncols && c < b->cols; c++) {
		size_t k = (size_t)row * (size_t)b->cols + (size_t)c;
		b->dots[k] = 0;
		b->dirs[k] = 0;
		b->layer[k] = -1;
	}
}

int braille_cell_dots(const struct braille *b, int x, int y)
{
	if (x < 0 || y < 0 || x >= 2 * b->cols || y >= 4 * b->rows)
		return 0;
	return __builtin_popcount(b->dots[(size_t)(y / 4) * (size_t)b->cols + (size_t)(x / 2)]);
}

void braille_count(const struct braille *b, int *drawn, int *solid)
{
	*drawn = *solid = 0;
	for (size_t k = 0; k < (size_t)b->rows * (size_t)b->cols; k++)
		if (b->dots[k]) {
			(*drawn)++;
			*solid += __builtin_popcount(b->dots[k]) >= 6;
		}
}

void braille_glyph(uint8_t dots, char *buf)
{
	unsigned cp = 0x2800u + dots;
	buf[0] = (char)(0xe0 | (cp >> 12));
	buf[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
	buf[2] = (char)(0x80 | (cp & 0x3f));
	buf[3] = '\0';
}

static const char *ascii_glyph(uint8_t dirs)
{
	switch (dirs) {
	case 0:
		return "."; /* dots set one by one, no line through */
	case DIR_ACROSS:
		return "-";
	case DIR_DOWN:
		return "|";
	case DIR_RISE:
		return "/";
	case DIR_FALL:
		return "\\";
	default:
		return "+"; /* lines of different directions meet */
	}
}

void braille_draw(const struct braille *b, struct canvas *c, int y, int x, const attr_t *layer_look, bool unicode)
{
	char glyph[4];
	for (int r = 0; r < b->rows; r++)
		for (int col = 0; col < b->cols; col++) {
			size_t k = (size_t)r * (size_t)b->cols + (size_t)col;
			if (!b->dots[k])
				continue;
			attr_t look = layer_look[b->layer[k] < 0 ? 0 : b->layer[k]];
			if (unicode) {
				braille_glyph(b->dots[k], glyph);
				canvas_put(c, y + r, x + col, look, glyph);
			} else {
				canvas_put(c, y + r, x + col, look, ascii_glyph(b->dirs[k]));
			}
		}
}
