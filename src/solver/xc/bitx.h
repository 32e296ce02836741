/* Exact cover on bitsets of options: Knuth's Algorithm X as Dancing Links
 * runs it, with the state of a node held as two bitsets, the options
 * still possible and the primary items still to cover, instead of lists.
 *
 * A node's lists are implicit: an item's options are its bitset of
 * options ANDed with the live set, so the length of a list is a popcount,
 * and placing an option is one AND NOT of the live set with the option's
 * conflicts (every option that shares an item with it, itself included),
 * precomputed.  Nothing is undone on the way back: each level has its own
 * copy of the two sets.  On problems of a few hundred or thousand options
 * this is two to four times faster than following links (14 queens,
 * pentominoes, Langford pairs), and it searches the very same tree: the
 * item by the rule of dlx.h (MRV: the shortest list, the first in order on
 * a tie, stopping at an empty one; FIRST: the first item, or an empty
 * one), its options in input order, which is the order of DLX1's lists.
 *
 * The counters are those dlx.h reports for the same search: nodes (a
 * solution a node of its own), and updates and mems as Knuth's DLX1 would
 * make them, worked out from the sizes of the options a cover would hide;
 * links, the removals actually made, stay 0: there are none.
 *
 * For batch counting (count.h); the game's engines and the printing of
 * solutions follow links, which can be stepped and shown. */
#ifndef LD_BITX_H
#define LD_BITX_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "solver/engine.h"
#include "solver/xc/dlx.h"
#include "solver/stats.h"
#include "solver/xc/xc.h"

/* Options beyond which the bitsets cost more than the lists they replace
 * (a popcount of every item's set per node). */
#define BITX_MAX_OPTIONS 4096

struct bitx;

/* Can p be searched this way: at least one primary item, and at most
 * BITX_MAX_OPTIONS options? */
bool bitx_suits(const struct xc_problem *p);
struct bitx *bitx_new(const struct xc_problem *p, enum dlx_rule rule);
void bitx_free(struct bitx *b);

/* Search on, in engine.h's terms: until the end (ENGINE_DONE), the mems
 * budget (ENGINE_BUDGET: call again), max_solutions (ENGINE_LIMIT) or a
 * cancel request (ENGINE_CANCELLED), checked at the top of every node.
 * A count only: report_solutions and step must be false. */
enum engine_status bitx_run(struct bitx *b, const struct engine_ctl *ctl);
/* Search only the subtree of the node reached by placing path[0..n-1] in
 * turn (for count.h's units: a thread takes one without walking the tree
 * above it), its counters from 0: the node itself and all below it, and
 * none of the work of reaching it, which the caller charges once.  False,
 * with the search unchanged, if an option clashes with one before it or
 * covers no primary item left, or if nothing is left to cover (a
 * solution, not a node to branch at); then there is nothing to search.
 * Whatever was searched before is given up either way. */
bool bitx_start_at(struct bitx *b, const int *path, int n);
const struct search_stats *bitx_stats(const struct bitx *b);
/* The share of the tree searched so far, by Knuth's measure (of the
 * subtree, after bitx_start_at). */
double bitx_progress(const struct bitx *b);
int bitx_depth(const struct bitx *b);
size_t bitx_bytes(const struct bitx *b);

#endif
