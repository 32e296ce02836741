/* The diagram of the ways to finish a position (a ZDD, zdd.h, of the
 * family's exact cover of finishing it), kept while the position stands:
 * once built it says at once how many ways there are, in how many of them
 * each placement (each option of the problem) takes part, and gives a way
 * drawn uniformly at random.  The solver thread builds it; the mid-end
 * keeps it and drops it when the position changes. */
#ifndef LD_DIAGRAM_H
#define LD_DIAGRAM_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzles/puzzle.h"
#include "util/strbuf.h"
#include "util/u128.h"

struct diagram {
	struct xc_problem *p;   /* reduce(s), which the ZDD refers to */
	struct zdd *z;
	u128 ways;              /* the ways to finish */
	int n;                  /* the options of p */
	u128 *freq;             /* freq[k]: the ways in which option k takes part */
	char **move;            /* move[k]: the family's move that makes option k */
	struct zdd_stats st;
};

/* The diagram of finishing s, built in at most cap_bytes; NULL, with why
 * in *end, when it could not be: ZDD_CANCELLED, or ZDD_NO_ROOM (the
 * position too open to build it in that room).  NULL with ZDD_DONE too if
 * pz has no exact-cover part or its figures pass 128 bits. */
struct diagram *diagram_build(const struct puzzle *pz, const struct puzzle_state *s, size_t cap_bytes,
                              const atomic_int *cancel, enum zdd_end *end);
void diagram_free(struct diagram *d);
/* One way to finish drawn uniformly at random, reproducibly from seed, as
 * one move of the family (its placements joined by ';'; "" if s is
 * finished); false if there is none. */
bool diagram_sample(const struct diagram *d, uint64_t seed, struct strbuf *move);

#endif
