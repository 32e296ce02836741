/* Maximum cliques (and, on the complement graph, maximum independent
 * sets), as resumable searches with the semantics of engine.h (on the
 * skeleton of search.h), and all
 * maximal cliques by Bron and Kerbosch's algorithm.
 *
 * The search keeps a clique C and its candidates P, the vertices adjacent
 * to every member of C; a node of the tree is one such pair, the root
 * (C empty, P all vertices) at level 0, a child one vertex more.  The
 * rules:
 *   CLIQUE_BNB        branch and bound in the line of Tomita's MCQ/MCS and
 *                     San Segundo's bitset BBMC: vertices renumbered in
 *                     degeneracy order (a vertex of least degree last),
 *                     P coloured greedily class by class at each node, the
 *                     vertices of the top colours branched on, highest
 *                     colour first, |C| + colour the bound (below density
 *                     0.78 only the k classes that cannot beat the best
 *                     are built: the vertices left are branched on, the
 *                     last first, the j-th bounded by |C| + k + j); on dense
 *                     graphs (density 0.85 and up, where it pays) a vertex
 *                     whose colour could not prune is re-coloured into a
 *                     lower class when it has one conflict there that can
 *                     move (MCS's Re-NUMBER); from density 0.78 the
 *                     classes that could beat the best are tested by
 *                     unit propagation over the lower ones (MaxSAT
 *                     reasoning as in Li and Quan's MaxCLQ and Li, Jiang
 *                     and Manya's MoMC: the units of classes already in
 *                     the class's conflicts forced first, failed literals
 *                     two levels deep from 0.85), and the part of a class
 *                     that meets a conflict each way needs no branch; the
 *                     classes of a conflict stay in use for later tests,
 *                     joined by a virtual vertex (MaxSAT resolution, as
 *                     in MoMC).  The children are the vertices whose
 *                     colour can still beat the best clique: the others
 *                     can never lead to a larger one.
 *   CLIQUE_BT         plain backtracking: the children are the
 *                     candidates larger than the last vertex added, in
 *                     increasing order, so every clique of the graph is a
 *                     node exactly once (no bound).
 *   CLIQUE_BT_COLOUR  the same with a bound: a node whose |C| plus
 *                     the colours of a greedy colouring of P (vertices
 *                     in increasing order) cannot beat the best is pruned
 *                     whole.
 *
 * Counters (stats.h): nodes are the nodes entered; a clique found is not a
 * node of its own (unlike an exact cover's solution), since every node is
 * a clique.  solutions counts improvements: a leaf (no candidates left)
 * whose clique is larger than every one before (in enumerate mode, each
 * clique of floor + 1 vertices).  updates count vertices
 * added.  mems are 64-bit words touched: 1 to enter a node, each word of
 * the candidate set read or written in colouring, listing and cutting it
 * to a neighbourhood, 1 to take a vertex back.
 *
 * Events, with vertices in the caller's numbers: CHOOSE (subject the
 * first vertex to try or -1, choices the children), TRY and UNDO (choice
 * the vertex, index which child), PRUNE (why "colour bound"; value the
 * bound, |C| plus the colour that failed; subject the first vertex cut,
 * or -1 when the whole node is), SOLUTION (a larger clique:
 * clique_best), DONE.  With a target, DONE comes as soon as a clique that
 * large is found. */
#ifndef LD_CLIQUE_H
#define LD_CLIQUE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"
#include "solver/graph/graph.h"
#include "solver/stats.h"
#include "util/rng.h"
#include "util/u128.h"

enum clique_rule {
	CLIQUE_BNB,
	CLIQUE_BT,
	CLIQUE_BT_COLOUR,
};

struct clique;

/* The search for a maximum clique of g (copied: g may go at once). */
struct clique *clique_new(const struct graph *g, enum clique_rule rule);
void clique_free(struct clique *c);
/* Back to the root, statistics and the best clique cleared (the floor
 * and target kept). */
void clique_restart(struct clique *c);
/* Look only for cliques of more than k vertices (k >= 0): "is there one
 * larger than the player's?".  Takes effect at the next restart. */
void clique_set_floor(struct clique *c, int k);
/* Enumerate mode (takes effect at the next restart, as the floor): the
 * size to beat stays the floor k, and every clique of exactly k + 1
 * vertices is a solution, reported once (ENGINE_SOLUTION with
 * report_solutions, counted in the stats' solutions, given by
 * clique_best and clique_path); the search goes no deeper than k + 1
 * vertices and prunes a node when |C| plus its colour bound is k or
 * less.  "How many maximum cliques extend the player's selection?" is
 * the floor omega - 1 on the common neighbours.  Every rule.  A target
 * still stops at the first clique of that size, max_solutions after
 * that many cliques. */
void clique_set_enumerate(struct clique *c, bool on);
/* At a solution (the search stopped there), enumerate from here on, with
 * the floor one below the clique just found: every other clique of its
 * size is then a solution, each once, and none larger is sought.  Sound
 * because every branch cut so far was cut against a smaller best, so
 * none held a clique that large.  A search that proves a largest clique
 * and then counts the others of its size, in one tree (the game's, whose
 * largest size is known).  Until the next restart. */
void clique_enumerate_from_here(struct clique *c);
/* Stop (ENGINE_DONE) once a clique of k vertices is found; 0: never. */
void clique_set_target(struct clique *c, int k);
/* Right after clique_new or clique_restart (no effect later, nor in
 * enumerate mode): a clique found greedily (vertices taken in the
 * search's order, each adjacent to all taken before) becomes the best so
 * far when it beats the floor, so that the bound prunes against it from
 * the root.  clique_best gives it until the search finds a larger one;
 * it is not a solution (no event, not counted), and the tree is smaller
 * than the search's from nothing (the game shows that one).  On a
 * complete graph the search is then one node: without it the first
 * descent lists every candidate at every level, n^2/2 children. */
void clique_seed_greedy(struct clique *c);

/* As engine_run (engine.h).  max_solutions counts improvements (or
 * cliques enumerated). */
enum engine_status clique_run(struct clique *c, const struct engine_ctl *ctl);
const struct engine_event *clique_event(const struct clique *c);
const struct search_stats *clique_stats(const struct clique *c);
/* Knuth's share of the tree finished, in [0, 1] (as sudoku_bt_progress). */
double clique_progress(const struct clique *c);
/* One random walk from the root, as engine_ops.probe, against the best
 * clique known now (a branch and bound's tree shrinks as it improves);
 * the search in progress is left as it was.  *solution: the walk ended
 * at a clique larger than the best. */
void clique_probe(struct clique *c, struct rng *r, int **degrees, int *cap, int *depth, bool *solution);

/* The clique in place now (out has room for the graph's n vertices);
 * returns its size. */
int clique_path(const struct clique *c, int *out);
/* The best clique found so far, in increasing order; returns its size
 * (0 when none above the floor has been found). */
int clique_best(const struct clique *c, int *out);

/* One call: a maximum clique of g into out (room for n, may be NULL),
 * the search seeded with clique_seed_greedy; returns its size, or -1 if
 * *cancel was set first.  st (may be NULL) gets the counters
 * (stats_init'ed by the caller or zeroed: it is replaced). */
int clique_max(const struct graph *g, int *out, const atomic_int *cancel, struct search_stats *st);

/* ---- all maximal cliques (Bron and Kerbosch, Tomita's pivot) ------------
 * At each node the pivot is the vertex of P or X with the most
 * neighbours in P, and only the candidates not adjacent to it are
 * branched on (Tomita, Tanaka and Takahashi 2006): every maximal clique
 * is reported once, and the tree is O(3^(n/3)). */

/* Called with each maximal clique (vertices in the order added); return
 * false to stop. */
typedef bool (*clique_each_fn)(const int *vertices, int k, void *arg);

struct clique_bk_result {
	u128 count;             /* maximal cliques reported */
	uint64_t nodes;         /* nodes of the tree entered */
	int largest;            /* the size of the largest */
	bool cancelled;         /* stopped by *cancel (checked at every node) */
	bool stopped;           /* stopped by the callback */
};

/* Every maximal clique of g to fn (may be NULL: count only).  Returns
 * true when all were reported. */
bool clique_bk_all(const struct graph *g, clique_each_fn fn, void *arg, const atomic_int *cancel,
                   struct clique_bk_result *res);

#endif
