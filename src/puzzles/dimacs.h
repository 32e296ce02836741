/* Graphs in the DIMACS edge format (second DIMACS challenge):
 *     c any comment
 *     p edge N M        N vertices, M edges ("p col N M" too)
 *     e U V             an edge, vertices numbered 1 .. N
 * Blank lines are allowed; anything else is an error, reported as
 * "FILE:LINE: reason".  An edge given twice (U V again, or V U) is
 * accepted and counted; M may count either the e lines or the distinct
 * edges, since files of both kinds are in circulation.  Sizes are capped:
 * N by the bitset graph (GRAPH_MAX_VERTICES), M by DIMACS_MAX_EDGES. */
#ifndef LD_DIMACS_H
#define LD_DIMACS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "solver/graph.h"
#include "util/diag.h"

#define DIMACS_MAX_EDGES 10000000
/* Longest line accepted, in bytes. */
#define DIMACS_MAX_LINE 65536

struct dimacs_info {
	uint64_t edge_lines;      /* e lines read */
	uint64_t duplicates;      /* of them, edges already given */
	long first_duplicate;     /* the line of the first duplicate (0: none) */
};

/* Read a graph from f; name is used in messages.  NULL and err set on bad
 * input; info (may be NULL) gets the counts. */
struct graph *dimacs_read(FILE *f, const char *name, struct dimacs_info *info, struct diag *err);
/* The same, from a string. */
struct graph *dimacs_parse(const char *text, const char *name, struct dimacs_info *info, struct diag *err);
/* Write g, each edge once (smaller vertex first); comment (may be NULL,
 * may have several lines) goes first as c lines. */
void dimacs_write(FILE *f, const struct graph *g, const char *comment);

#endif
