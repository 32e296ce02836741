/* Drawing a graph: the layout (positions in the unit square, apart, few
 * crossings, the same for the same seed, fast enough for the UI thread),
 * its labels on a grid of cells (never overlapping or touching), and
 * braille lines (exact glyphs, layers, thick lines, curves bent around
 * labels, counts of dots, the ASCII stand-ins) on a memory canvas. */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solver/graph/graph.h"
#include "tap.h"
#include "ui/braille.h"
#include "ui/canvas.h"
#include "ui/graph_layout.h"
#include "util/clock.h"
#include "util/rng.h"

/* ---- graphs ----------------------------------------------------------------- */

static struct graph *cycle(int n)
{
	struct graph *g = graph_new(n);
	for (int i = 0; i < n; i++)
		graph_add_edge(g, i, (i + 1) % n);
	return g;
}

/* rows x cols lattice, vertex r * cols + c. */
static struct graph *grid(int rows, int cols)
{
	struct graph *g = graph_new(rows * cols);
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			if (c + 1 < cols)
				graph_add_edge(g, r * cols + c, r * cols + c + 1);
			if (r + 1 < rows)
				graph_add_edge(g, r * cols + c, (r + 1) * cols + c);
		}
	return g;
}

/* A hub (the last vertex) joined to every vertex of a k-cycle. */
static struct graph *wheel(int k)
{
	struct graph *g = graph_new(k + 1);
	for (int i = 0; i < k; i++) {
		graph_add_edge(g, i, (i + 1) % k);
		graph_add_edge(g, i, k);
	}
	return g;
}

/* A tree: vertex i hangs from (i - 1) / 3. */
static struct graph *tree(int n)
{
	struct graph *g = graph_new(n);
	for (int i = 1; i < n; i++)
		graph_add_edge(g, i, (i - 1) / 3);
	return g;
}

static struct graph *random_graph(int n, double p, uint64_t seed)
{
	struct rng r;
	rng_seed(&r, seed);
	struct graph *g = graph_new(n);
	for (int u = 0; u < n; u++)
		for (int v = u + 1; v < n; v++)
			if (rng_unit(&r) < p)
				graph_add_edge(g, u, v);
	return g;
}

/* ---- layout -------------------------------------------------------------------- */

static double min_apart(int n, const double *x, const double *y)
{
	double best = 2;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			best = fmin(best, hypot(x[i] - x[j], y[i] - y[j]));
	return best;
}

static bool in_square(int n, const double *x, const double *y)
{
	for (int i = 0; i < n; i++)
		if (!(x[i] >= 0 && x[i] <= 1 && y[i] >= 0 && y[i] <= 1))
			return false;
	return true;
}

/* Lay g out and check what every layout must be: in the square, apart by
 * at least `apart`, with at most `most` crossings. */
static void check_layout(const char *name, struct graph *g, int most, double apart)
{
	int n = g->n;
	double x[GRAPH_LAYOUT_MAX], y[GRAPH_LAYOUT_MAX];
	graph_layout(g, 1, x, y);
	int crossings = graph_layout_crossings(g, x, y);
	double d = min_apart(n, x, y);
	ok(in_square(n, x, y), "%s: every vertex in the unit square", name);
	ok(crossings <= most, "%s: at most %d crossings", name, most);
	ok(d >= apart, "%s: vertices at least %.2f apart", name, apart);
	tap_diag("%s: %d crossings, closest pair %.3f apart", name, crossings, d);
	graph_free(g);
}

static void layouts(void)
{
	char name[64];
	for (int n = 3; n <= 24; n += 3) {
		snprintf(name, sizeof name, "C_%d", n);
		/* n points on a circle: neighbours about 3/n apart. */
		check_layout(name, cycle(n), 0, 2.5 / n);
	}
	/* Bounds a little looser than measured (in the diagnostics). */
	check_layout("3x4 grid", grid(3, 4), 0, 0.25);
	check_layout("5x6 grid", grid(5, 6), 1, 0.15);
	check_layout("wheel of 8", wheel(8), 0, 0.3);
	check_layout("wheel of 16", wheel(16), 0, 0.15);
	check_layout("tree of 30", tree(30), 0, 0.08);
	check_layout("K_5", random_graph(5, 1.1, 1), 1, 0.3);
	check_layout("random 12 at 0.3", random_graph(12, 0.3, 7), 4, 0.12);
	check_layout("random 40 at 0.1", random_graph(40, 0.1, 9), 100, 0.03);
	check_layout("random 40 at 0.3", random_graph(40, 0.3, 11), 3000, 0.04);
	check_layout("64 at 0.5", random_graph(64, 0.5, 13), 100000, 0.03);

	struct graph *e = graph_new(7);
	check_layout("7 vertices, no edges", e, 0, 0.2);
	struct graph *two = graph_new(2);
	graph_add_edge(two, 0, 1);
	check_layout("one edge", two, 0, 0.9);
}

static void circle_crossings(void)
{
	/* A square's diagonals cross once; its sides do not. */
	struct graph *g = graph_new(4);
	graph_add_edge(g, 0, 2);
	graph_add_edge(g, 1, 3);
	double x[4] = { 0, 1, 1, 0 }, y[4] = { 0, 0, 1, 1 };
	is_u64(graph_layout_crossings(g, x, y), 1, "crossings: a square's diagonals cross");
	graph_add_edge(g, 0, 1);
	graph_add_edge(g, 2, 3);
	is_u64(graph_layout_crossings(g, x, y), 1, "crossings: edges with a common end never count");
	/* An end on another edge counts: the drawing is as ambiguous. */
	double tx[4] = { 0, 0.5, 1, 0.5 }, ty[4] = { 0, 0, 0, 1 };
	struct graph *t = graph_new(4);
	graph_add_edge(t, 0, 2);
	graph_add_edge(t, 1, 3);
	is_u64(graph_layout_crossings(t, tx, ty), 1, "crossings: an end on another edge counts");
	graph_free(t);
	graph_free(g);
}

static void deterministic(void)
{
	struct graph *g = random_graph(30, 0.2, 5);
	double x1[30], y1[30], x2[30], y2[30], x3[30], y3[30];
	graph_layout(g, 42, x1, y1);
	graph_layout(g, 42, x2, y2);
	ok(!memcmp(x1, x2, sizeof x1) && !memcmp(y1, y2, sizeof y1), "layout: same graph and seed, same positions");
	graph_layout(g, 43, x3, y3);
	ok(in_square(30, x3, y3), "layout: another seed is laid out too");
	graph_free(g);
}

static void timing(void)
{
	struct graph *g = random_graph(40, 0.3, 3);
	double x[40], y[40];
	int runs = 10;
	/* Processor time as well as the clock's: other builds on the machine
	 * stretch the second. */
	double t0 = clock_seconds();
	clock_t c0 = clock();
	for (int i = 0; i < runs; i++)
		graph_layout(g, (uint64_t)i, x, y);
	double ms = (clock_seconds() - t0) * 1000 / runs, cpu = (double)(clock() - c0) * 1000 / CLOCKS_PER_SEC / runs;
	tap_diag("layout of 40 vertices at density 0.3 (%d edges): %.2f ms (%.2f ms processor), %d crossings",
	         (int)graph_edges(g), ms, cpu, graph_layout_crossings(g, x, y));
	ok(in_square(40, x, y), "layout of 40 vertices at density 0.3");
	graph_free(g);

	g = random_graph(64, 0.5, 3);
	double x64[64], y64[64];
	t0 = clock_seconds();
	c0 = clock();
	graph_layout(g, 1, x64, y64);
	tap_diag("layout of 64 vertices at density 0.5 (%d edges): %.2f ms (%.2f ms processor)", (int)graph_edges(g),
	         (clock_seconds() - t0) * 1000, (double)(clock() - c0) * 1000 / CLOCKS_PER_SEC);
	ok(in_square(64, x64, y64), "layout of 64 vertices at density 0.5");
	graph_free(g);
}

/* ---- labels on cells -------------------------------------------------------------- */

/* All labels inside the grid, none overlapping or touching another on its
 * row. */
static bool labels_apart(int n, const int *row, const int *col, int rows, int cols, int width)
{
	for (int i = 0; i < n; i++) {
		if (row[i] < 0 || row[i] >= rows || col[i] < 0 || col[i] + width > cols)
			return false;
		for (int j = i + 1; j < n; j++)
			if (row[i] == row[j] && abs(col[i] - col[j]) <= width)
				return false;
	}
	return true;
}

static void cells(void)
{
	bool all = true;
	for (int n = 8; n <= 40; n++) {
		struct graph *g = random_graph(n, 0.3, (uint64_t)n);
		double x[40], y[40];
		int row[40], col[40];
		graph_layout(g, 1, x, y);
		bool fits = graph_layout_cells(n, x, y, 18, 60, 2, row, col);
		if (!fits || !labels_apart(n, row, col, 18, 60, 2)) {
			tap_diag("n = %d: %s", n, fits ? "labels overlap" : "refused");
			all = false;
		}
		graph_free(g);
	}
	ok(all, "cells: 8 to 40 labels of 2 at 60x18, all apart");

	/* Every vertex on one point: they still get places, nearest first. */
	double same[12], row_col_ok = true;
	int row[12], col[12];
	for (int i = 0; i < 12; i++)
		same[i] = 0.5;
	row_col_ok = graph_layout_cells(12, same, same, 5, 20, 2, row, col) && labels_apart(12, row, col, 5, 20, 2);
	ok(row_col_ok, "cells: twelve vertices on one point spread out");

	/* 3 rows of 10 hold 3 labels of 2 each (2 + 1 + 2 + 1 + 2). */
	double x[40], y[40];
	for (int i = 0; i < 40; i++)
		x[i] = y[i] = (double)i / 39;
	int r40[40], c40[40];
	ok(graph_layout_cells(9, x, y, 3, 10, 2, r40, c40) && labels_apart(9, r40, c40, 3, 10, 2),
	   "cells: nine labels fill 3 rows of 10");
	ok(!graph_layout_cells(10, x, y, 3, 10, 2, r40, c40), "cells: a tenth does not fit");
	ok(!graph_layout_cells(40, x, y, 5, 10, 2, r40, c40), "cells: 40 labels refused in 10x5");
	ok(!graph_layout_cells(1, x, y, 4, 1, 2, r40, c40), "cells: a label wider than the grid refused");
}

/* ---- braille -------------------------------------------------------------------- */

static const attr_t LOOKS[BRAILLE_LAYERS] = { A_NORMAL, A_BOLD, A_REVERSE, A_UNDERLINE };

/* b drawn on a fresh canvas of its size; the text (static). */
static const char *drawn(struct braille *b, int rows, int cols, bool unicode, struct canvas *keep)
{
	static char text[4096];
	struct canvas c = canvas_memory_new(rows, cols);
	braille_draw(b, &c, 0, 0, LOOKS, unicode);
	char *t = canvas_memory_text(&c);
	snprintf(text, sizeof text, "%s", t);
	free(t);
	if (keep)
		*keep = c;
	else
		canvas_memory_free(&c);
	return text;
}

static void braille_glyphs(void)
{
	struct braille *b = braille_new(2, 4);
	braille_line(b, 0, 0, 7, 0, 0);
	is_str(drawn(b, 2, 4, true, NULL), "⠉⠉⠉⠉\n\n", "braille: a level line of 8 dots is 4 cells of U+2809");
	braille_clear(b);
	braille_line(b, 0, 0, 0, 7, 0);
	is_str(drawn(b, 2, 4, true, NULL), "⡇\n⡇\n", "braille: an upright line of 8 dots is 2 cells of U+2847");
	braille_clear(b);
	braille_line(b, 3, 3, 0, 0, 0);
	is_str(drawn(b, 2, 4, true, NULL), "⠑⢄\n\n", "braille: a diagonal of 4 dots, drawn from either end");
	braille_clear(b);
	braille_line(b, 0, 1, 7, 5, 0);
	is_str(drawn(b, 2, 4, true, NULL), "⠢⢄⡀\n  ⠈⠑\n", "braille: a gentle slope");
	braille_clear(b);
	braille_thick_line(b, 0, 0, 7, 0, 1);
	is_str(drawn(b, 2, 4, true, NULL), "⠛⠛⠛⠛\n\n", "braille: a thick level line fills two dot rows");
	braille_clear(b);
	braille_thick_line(b, 1, 0, 1, 7, 1);
	is_str(drawn(b, 2, 4, true, NULL), "⣿\n⣿\n", "braille: a thick upright line fills both dot columns");
	braille_clear(b);
	braille_line(b, -5, 2, 20, 2, 0);
	braille_dot(b, 100, 100, 0);
	is_str(drawn(b, 2, 4, true, NULL), "⠤⠤⠤⠤\n\n", "braille: what lies outside is left out");
	braille_mask(b, 0, 1, 2);
	is_str(drawn(b, 2, 4, true, NULL), "⠤  ⠤\n\n", "braille: a mask clears the cells under a label");
	braille_free(b);

	char buf[4];
	braille_glyph(0xff, buf);
	is_str(buf, "⣿", "braille: all eight dots are U+28FF");
}

static void layers(void)
{
	struct braille *b = braille_new(2, 4);
	struct canvas c;
	braille_line(b, 0, 1, 7, 1, 0);
	braille_line(b, 4, 0, 4, 7, 1);
	braille_line(b, 0, 2, 7, 2, 0); /* drawn after, but lower */
	is_str(drawn(b, 2, 4, true, &c), "⠶⠶⡷⠶\n  ⡇\n", "layers: the dots of both lines");
	ok(canvas_memory_look(&c, 0, 0) == A_NORMAL && canvas_memory_look(&c, 0, 1) == A_NORMAL,
	   "layers: cells of the plain line alone are plain");
	ok(canvas_memory_look(&c, 0, 2) == A_BOLD, "layers: the crossing takes the highlighted line's look");
	ok(canvas_memory_look(&c, 1, 2) == A_BOLD, "layers: the highlighted line's own cells are highlighted");
	canvas_memory_free(&c);
	braille_line(b, 0, 3, 1, 3, 9);
	drawn(b, 2, 4, true, &c);
	ok(canvas_memory_look(&c, 0, 0) == A_UNDERLINE, "layers: a layer past the last is the last");
	canvas_memory_free(&c);
	braille_free(b);
}

/* Curves: an edge bent around a label on its straight way. */
static void curves(void)
{
	struct braille *b = braille_new(3, 16), *s = braille_new(3, 16);
	braille_curve(b, 0, 9, 31, 3, 0, 0);
	braille_line(s, 0, 9, 31, 3, 0);
	char straight[4096];
	snprintf(straight, sizeof straight, "%s", drawn(s, 3, 16, true, NULL));
	is_str(drawn(b, 3, 16, true, NULL), straight, "curve: bend 0 is the straight line");
	braille_free(s);

	/* Level, rightwards, bent 6 dots: its middle is 6 dots up (the left
	 * of the way it goes, y growing down), its ends where they were. */
	int x[512], y[512], count;
	braille_curve_dots(0, 10, 30, 10, 6, x, y, 512, &count);
	int top = 99, at_middle = 99;
	for (int i = 0; i < count; i++) {
		top = y[i] < top ? y[i] : top;
		if (x[i] == 15 && y[i] < at_middle)
			at_middle = y[i];
	}
	ok(count > 30 && x[0] == 0 && y[0] == 10 && x[count - 1] == 30 && y[count - 1] == 10,
	   "curve: from its start to its end (%d dots)", count);
	ok(top == 4 && at_middle == 4, "curve: its middle 6 dots off the straight line (highest dot at y = %d)", top);
	braille_curve_dots(30, 10, 0, 10, -6, x, y, 512, &count);
	top = 99;
	for (int i = 0; i < count; i++)
		top = y[i] < top ? y[i] : top;
	ok(top == 4, "curve: drawn from the other end with the bend negated, the same arc");

	/* What braille_curve_dots lists is what braille_curve draws. */
	braille_clear(b);
	braille_curve(b, 2, 1, 29, 9, -5, 0);
	braille_curve_dots(2, 1, 29, 9, -5, x, y, 512, &count);
	bool all_set = true;
	for (int i = 0; i < count; i++)
		all_set &= braille_cell_dots(b, x[i], y[i]) > 0;
	int drawn_cells, solid;
	braille_count(b, &drawn_cells, &solid);
	ok(all_set && drawn_cells > 10, "curve: every dot listed is drawn (%d cells)", drawn_cells);

	/* A part leaves out the first dots. */
	braille_clear(b);
	braille_curve_part(b, 0, 10, 30, 10, 6, 8, 0);
	braille_curve_dots(0, 10, 30, 10, 6, x, y, 512, &count);
	ok(braille_cell_dots(b, 0, 10) == 0 && braille_cell_dots(b, x[count - 1], y[count - 1]) > 0,
	   "curve: a part without its first 8 dots starts away from the start");
	braille_free(b);
}

static void counts(void)
{
	struct braille *b = braille_new(2, 4);
	int drawn_cells, solid;
	braille_count(b, &drawn_cells, &solid);
	ok(drawn_cells == 0 && solid == 0, "count: nothing drawn");
	braille_thick_line(b, 1, 0, 1, 7, 0);  /* two cells of all 8 dots */
	braille_line(b, 4, 0, 7, 0, 0);        /* two cells of 2 dots */
	braille_count(b, &drawn_cells, &solid);
	ok(drawn_cells == 4 && solid == 2, "count: 4 cells with dots, 2 of them solid (%d, %d)", drawn_cells, solid);
	ok(braille_cell_dots(b, 0, 0) == 8 && braille_cell_dots(b, 5, 0) == 2 && braille_cell_dots(b, 99, 0) == 0,
	   "cell dots: 8, 2, and 0 outside");
	braille_free(b);
}

static void ascii(void)
{
	struct braille *b = braille_new(4, 8);
	braille_line(b, 0, 5, 15, 5, 0);
	braille_line(b, 7, 0, 7, 15, 0);
	is_str(drawn(b, 4, 8, false, NULL), "   |\n---+----\n   |\n   |\n", "ascii: - and | and + where they cross");
	braille_clear(b);
	braille_line(b, 0, 15, 7, 0, 0);
	braille_line(b, 8, 0, 15, 15, 0);
	is_str(drawn(b, 4, 8, false, NULL), "   /\\\n  /  \\\n /    \\\n/      \\\n", "ascii: / and \\ for slants");
	braille_clear(b);
	braille_dot(b, 0, 0, 0);
	is_str(drawn(b, 4, 8, false, NULL), ".\n\n\n\n", "ascii: a lone dot is .");
	braille_free(b);
}

int main(void)
{
	layouts();
	circle_crossings();
	deterministic();
	timing();
	cells();
	braille_glyphs();
	layers();
	curves();
	counts();
	ascii();
	return tap_done();
}
