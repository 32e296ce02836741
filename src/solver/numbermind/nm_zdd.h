/* Number Mind's diagram: the zero-suppressed decision diagram
 * (zdd_core.h) of all the secrets that fit a problem (nm_problem.h), from
 * which the count, the secret when it is the only one, a secret drawn
 * uniformly at random and, for each place, the digits that stand there
 * in some fitting secret and in how many, are each a pass over its nodes.
 *
 * Its variables are "place i holds digit d" for the digits each place
 * allows, place after place, the digits of a place in increasing order.
 * A secret is a set of them, one per place.  Two ways to build it:
 *
 *   by AND    as the seed of the idea builds it: the family "exactly one
 *             of the place's digits" for each place, and "exactly k of the
 *             guess's digits, each at its place" for each guess scored k,
 *             all intersected (zdd_core_intersect), the places first, then
 *             the guesses, each next the one sharing the most digits at
 *             their places with those in.  The default: Project Euler's
 *             16-digit puzzle (22 guesses) in 0.6 s, its largest family
 *             274,706 nodes (nm_zdd.c has the figures);
 *   by states top down, place by place, the state being how many right
 *             digits each guess still needs; a state whose needs the places
 *             left cannot meet (a guess's alone, or all of them added up)
 *             is cut at once, and each state met is built once (a memo).
 *             Kept for measurement: the 16-digit puzzle takes 17 s.
 *
 * A build by AND can be taken a family at a time (nm_zdd_next), to be
 * shown. */
#ifndef LD_NM_ZDD_H
#define LD_NM_ZDD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/numbermind/nm_problem.h"
#include "solver/zdd/zdd_core.h"
#include "util/rng.h"
#include "util/u128.h"

struct nm_zdd;

enum nm_zdd_method {
	NM_ZDD_BY_AND,
	NM_ZDD_BY_STATES,
};

struct nm_zdd_opts {
	enum nm_zdd_method method;   /* 0: by AND */
	size_t cap_bytes;             /* budget for the build; 0: none but the allocator's */
	const atomic_int *cancel;     /* set to stop the build (it stops within milliseconds) */
};

struct nm_zdd_stats {
	size_t nodes;          /* the diagram's nodes, its two sinks left out */
	size_t peak_nodes;     /* by AND: the largest family met (intersections in between); by states, nodes */
	size_t made;           /* nodes made while building */
	size_t states;         /* by states: the states met and remembered */
	size_t peak_bytes;     /* the store, its tables and the memo at their largest */
	size_t bytes;          /* the diagram kept after the build */
	double seconds;        /* to build it */
};

/* Build the diagram of the secrets that fit p.  On ZDD_DONE *out is the
 * diagram; otherwise *out is NULL and nothing is left allocated. */
enum zdd_end nm_zdd_build(const struct nm_problem *p, const struct nm_zdd_opts *o, struct nm_zdd **out);
void nm_zdd_free(struct nm_zdd *z);
void nm_zdd_stats(const struct nm_zdd *z, struct nm_zdd_stats *st);

/* A build a family at a time, to be shown (by AND: the places' families
 * as one step, then each guess's; by states: one step).  nm_zdd_begin
 * makes it, nm_zdd_steps says how many there are, nm_zdd_next takes the
 * next (ZDD_DONE when it is in; after a cancel or no room the diagram is
 * as before the step, and the step can be taken again), nm_zdd_done says
 * whether all are in.  nm_zdd_build is these in a loop. */
struct nm_zdd *nm_zdd_begin(const struct nm_problem *p, const struct nm_zdd_opts *o);
int nm_zdd_steps(const struct nm_zdd *z);
/* The guess the next step intersects, -1 for the places' families (and
 * for the build by states). */
int nm_zdd_step_guess(const struct nm_zdd *z);
enum zdd_end nm_zdd_next(struct nm_zdd *z, const atomic_int *cancel);
bool nm_zdd_done(const struct nm_zdd *z);
/* The nodes of the family built so far. */
size_t nm_zdd_size(const struct nm_zdd *z);

/* The rest need a finished diagram. */
/* The number of secrets that fit; *overflow if it passes 128 bits. */
u128 nm_zdd_count(const struct nm_zdd *z, bool *overflow);
/* The secret, true, if exactly one fits. */
bool nm_zdd_unique(const struct nm_zdd *z, uint8_t *secret);
/* A secret drawn uniformly at random from those that fit; false if none
 * does.  The draws depend on r alone. */
bool nm_zdd_sample(const struct nm_zdd *z, struct rng *r, uint8_t *secret);
/* freq[i][d]: how many fitting secrets hold digit d at place i (places
 * beyond p->digits left alone); false if a figure passes 128 bits. */
bool nm_zdd_frequencies(const struct nm_zdd *z, u128 (*freq)[10]);

/* The diagram itself, for a walk over it (the engine, nm_zdd_engine.h):
 * its store, its root, and each variable's place and digit. */
const struct zdd_core *nm_zdd_core(const struct nm_zdd *z);
uint32_t nm_zdd_root(const struct nm_zdd *z);
int nm_zdd_place(const struct nm_zdd *z, uint32_t var);
int nm_zdd_digit(const struct nm_zdd *z, uint32_t var);

#endif
