/* The clique puzzle as a family (see puzzle.h): pick the vertices of a
 * largest clique of a drawn graph (every two of them joined), or, after
 * the switch, of a largest independent set (no two joined), which is a
 * clique of the complement.
 *
 * Graphs here have at most CLIQUE_PUZZLE_MAX_VERTICES vertices, so that a set of
 * vertices is one 64-bit word; the family's own batch commands (clique_batch.c) take
 * DIMACS graphs of any size the solver can hold.
 *
 * Vertices are numbered from 1 in moves, words and descriptions, as in
 * DIMACS files.  Moves, joined by ';' to make several at once:
 *   +7                  vertex 7 joins the selection
 *   -7                  vertex 7 leaves it
 *   mode independent    the puzzle becomes the independent set (and the
 *   mode clique         selection is emptied); or back to cliques
 * A description (for start and describe) is a DIMACS graph ("p edge N M",
 * "e U V" lines, "c" comments), with two optional comment lines of the
 * family's own: "c mode independent" and "c selected 1 4 7". */
#ifndef LD_CLIQUE_PUZZLE_H
#define LD_CLIQUE_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzles/puzzle.h"
#include "solver/graph/graph.h"

#define CLIQUE_PUZZLE_MAX_VERTICES 64

extern const struct puzzle clique_puzzle;

bool clique_puzzle_is(const struct puzzle *pz);

/* What the view needs of a state.  Sets of vertices are bit masks, bit v
 * for vertex v + 1. */
int clique_puzzle_vertices(const struct puzzle_state *s);
/* The graph as drawn: the neighbours of v (0-based). */
uint64_t clique_puzzle_drawn_neighbours(const struct puzzle_state *s, int v);
/* The neighbours of v in the graph the puzzle is about: the drawn one for
 * cliques, its complement for independent sets. */
uint64_t clique_puzzle_neighbours(const struct puzzle_state *s, int v);
bool clique_puzzle_independent(const struct puzzle_state *s);
uint64_t clique_puzzle_selection(const struct puzzle_state *s);
/* The size of the largest clique (independent set) of the puzzle. */
int clique_puzzle_goal(const struct puzzle_state *s);
/* The graph as drawn, for layout (to be freed with graph_free). */
struct graph *clique_puzzle_graph(const struct puzzle_state *s);

/* The vertices that could join the selection: joined (in the puzzle's
 * sense) to every selected vertex.  0 if the selection is not a clique. */
uint64_t clique_puzzle_can_join(const struct puzzle_state *s);
/* Two selected vertices that break the rule (not joined for a clique,
 * joined for an independent set), 0-based; false if there are none. */
bool clique_puzzle_clash(const struct puzzle_state *s, int *a, int *b);

/* "clique" or "independent set"; and the plural. */
const char *clique_puzzle_set_word(const struct puzzle_state *s);

/* Moves, for the view. */
void clique_puzzle_move_toggle(const struct puzzle_state *s, int v, char *buf, size_t size);
void clique_puzzle_move_switch(const struct puzzle_state *s, char *buf, size_t size);

/* Colour classes of the vertices in set under the puzzle's rule (greedy,
 * in increasing order): for cliques, classes of pairwise unjoined
 * vertices, each of which a clique meets at most once.  class_of[v] for
 * v in set; returns the number of classes. */
int clique_puzzle_colour(const struct puzzle_state *s, uint64_t set, int *class_of);

#endif
