/* Dancing Links in its plainest form, laid out and run as Knuth's DLX1
 * (TAOCP 7.2.2.1, Algorithm X): the one to read first.  It counts the
 * solutions of an exact-cover problem, branching on the primary item with
 * the fewest options (the first such on a tie), and reports Knuth's
 * counters: nodes, updates and mems as DLX1 counts them.
 *
 * It is the reference the tuned engines are tested against: dlx.c (with
 * no memo and no split, by the MRV rule) and bitx.c search the same tree
 * and report the same figures.  It has none of what they add: no stopping
 * and resuming, no events, no memo; it is not meant to be fast. */
#ifndef LD_DLX1_H
#define LD_DLX1_H

#include "solver/stats.h"
#include "solver/xc/xc.h"

/* Count p's solutions.  st is made here (stats_init) with its profile;
 * the caller frees it with stats_free. */
void dlx1_count(const struct xc_problem *p, struct search_stats *st);

#endif
