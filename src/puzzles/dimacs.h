/* Graphs in the DIMACS edge format (second DIMACS challenge):
 *     c any comment
 *     p edge N M        N vertices, M edges ("p col N M" too)
 *     e U V             an edge, vertices numbered 1 .. N
 *     c automorphism I1 I2 ... IN
 *                       a symmetry of the graph: the permutation that maps
 *                       vertex v to Iv, given as the images of 1 .. N in
 *                       order (each of 1 .. N exactly once)
 * Blank lines are allowed; anything else is an error, reported as
 * "FILE:LINE: reason".  An edge given twice (U V again, or V U) is
 * accepted and counted; M may count either the e lines or the distinct
 * edges, since files of both kinds are in circulation.  Sizes are capped:
 * N by the bitset graph (GRAPH_MAX_VERTICES), M by DIMACS_MAX_EDGES.
 *
 * Automorphism lines are comments to other readers, so a file with them
 * is still plain DIMACS.  Here a c line whose second word is exactly
 * "automorphism" is one, wherever it stands after the p line; its
 * generators together stand for the group they generate, which the
 * clique search (solver/graph/clique_sym.h) uses to skip symmetric branches.
 * Since a permutation that is not a symmetry would make that search
 * answer wrongly, such a line is an error, never ignored: one that is not
 * a permutation of 1 .. N, and one that maps some edge to a non-edge,
 * both reported at the line's FILE:LINE.  A graph may carry at most
 * DIMACS_MAX_AUTOMORPHISMS of them.
 *
 *     c block I1 I2 ... IK
 *                       a block for the averaging bound (solver/graph/clique_avg.h):
 *                       K distinct vertices, at least one, at most one
 *                       such line in a file, after the p line
 * When the automorphisms generate a group that moves vertex 1 to every
 * vertex, the clique search bounds the clique number by the block's:
 * omega(G) <= floor(omega(G[block]) N / K).  That holds for any vertex
 * set, so the vertices are only checked to be a set of 1 .. N (a number
 * out of range, a repeat, no vertex at all: an error at FILE:LINE); a
 * block chosen badly costs time, never the answer.  Any other c line is a
 * comment. */
#ifndef LD_DIMACS_H
#define LD_DIMACS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "solver/graph/graph.h"
#include "util/diag.h"

#define DIMACS_MAX_EDGES 10000000
/* Longest line accepted, in bytes. */
#define DIMACS_MAX_LINE 131072
/* Automorphism lines accepted in one file: each costs N ints and a pass
 * over every edge to check it, and a group needs few generators. */
#define DIMACS_MAX_AUTOMORPHISMS 256

struct dimacs_info {
	uint64_t edge_lines;      /* e lines read */
	uint64_t duplicates;      /* of them, edges already given */
	long first_duplicate;     /* the line of the first duplicate (0: none) */
	int automorphisms;        /* automorphism lines read (each checked) */
	int block_size;           /* the block line's vertices (0: no block line) */
	long block_line;          /* its line */
};

/* What a file says of its symmetry, 0-based: group NULL when there are
 * no automorphism lines, block NULL (block_size 0) when there is no
 * block line. */
struct dimacs_symmetry {
	struct clique_sym_group *group;
	int *block;
	int block_size;
};
/* Frees what sym holds and empties it (sym may be NULL). */
void dimacs_symmetry_free(struct dimacs_symmetry *sym);

struct clique_sym_group;

/* Read a graph from f; name is used in messages.  NULL and err set on bad
 * input; info (may be NULL) gets the counts. */
struct graph *dimacs_read(FILE *f, const char *name, struct dimacs_info *info, struct diag *err);
/* The same, from a string. */
struct graph *dimacs_parse(const char *text, const char *name, struct dimacs_info *info, struct diag *err);
/* The same, also handing over the automorphisms: *group (group may be
 * NULL: checked, then dropped) gets a new group with the generators in
 * file order, 0-based, or NULL when the file has none.  The caller frees
 * it with clique_sym_group_free. */
struct graph *dimacs_read_sym(FILE *f, const char *name, struct dimacs_info *info, struct clique_sym_group **group,
                              struct diag *err);
struct graph *dimacs_parse_sym(const char *text, const char *name, struct dimacs_info *info,
                               struct clique_sym_group **group, struct diag *err);
/* The same with the block too: *sym (may be NULL: checked, then
 * dropped) gets the group and the block, freed with
 * dimacs_symmetry_free; empty on an error. */
struct graph *dimacs_read_symmetry(FILE *f, const char *name, struct dimacs_info *info, struct dimacs_symmetry *sym,
                                   struct diag *err);
struct graph *dimacs_parse_symmetry(const char *text, const char *name, struct dimacs_info *info,
                                    struct dimacs_symmetry *sym, struct diag *err);
/* Write g, each edge once (smaller vertex first); comment (may be NULL,
 * may have several lines) goes first as c lines. */
void dimacs_write(FILE *f, const struct graph *g, const char *comment);
/* The same with group's generators (group may be NULL; its degree must
 * be g's vertex count) as automorphism lines after the p line. */
void dimacs_write_sym(FILE *f, const struct graph *g, const char *comment, const struct clique_sym_group *group);
/* The same with sym's group (as above) and block (a c block line after
 * them; none when it is empty); sym may be NULL. */
void dimacs_write_symmetry(FILE *f, const struct graph *g, const char *comment, const struct dimacs_symmetry *sym);

#endif
