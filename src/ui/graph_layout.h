/* Where to draw the vertices of a small graph (the clique game's, up to
 * GRAPH_LAYOUT_MAX vertices): positions in the unit square chosen so that
 * edges cross little and vertices stand apart, then snapped to the
 * character cells of a terminal region with room for each vertex's label.
 *
 * Small graphs go on a circle, in an order that crosses few chords;
 * larger ones get a stress layout (graph distances kept as drawn
 * distances) from several seeded starts; whichever crosses fewer edges is
 * kept.  Only +, -, *, / and sqrt are used, so the same graph and seed
 * give the same positions wherever IEEE doubles are computed the same way
 * (the compiler must not fuse multiply-adds differently: x86-64's default
 * code does not fuse at all). */
#ifndef LD_GRAPH_LAYOUT_H
#define LD_GRAPH_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "solver/graph/graph.h"

/* Larger graphs are laid out too, but slowly (the work grows as n^2 per
 * step and as the square of the edges per crossing count) and unreadably. */
#define GRAPH_LAYOUT_MAX 64

/* Positions x[v], y[v] in [0, 1] for every vertex of g (y grows downwards,
 * as rows do).  The layout fills the square, wider than tall where it is
 * not round.  Same graph and seed: same positions. */
void graph_layout(const struct graph *g, uint64_t seed, double *x, double *y);

/* Pairs of edges without a common end that cross (or touch) when drawn as
 * straight segments between the positions. */
int graph_layout_crossings(const struct graph *g, const double *x, const double *y);

/* The positions of n vertices placed on a grid of rows x cols cells, each
 * vertex's label label_width cells wide starting at (row[v], col[v]):
 * every label lies inside the grid, and two labels on one row keep at
 * least one blank cell between them.  A vertex whose own cell is taken
 * moves to the nearest free place, near measured as drawn (a cell is
 * about twice as tall as wide).  False, with row and col unspecified,
 * when the labels do not fit. */
bool graph_layout_cells(int n, const double *x, const double *y, int rows, int cols, int label_width, int *row,
                        int *col);

#endif
