/* Zero-suppressed decision diagrams (Knuth, TAOCP 7.1.4), the part every
 * diagram shares whatever it is the diagram of: a store of nodes, each
 * asking "variable v in the set?" and going hi (yes) or lo (no), every
 * path to the top sink a set of the family; a unique table, so that equal
 * nodes are one node; a budget of bytes and a cancel flag that stop a
 * build cleanly; the intersection of two families with a cache of the
 * pairs done; the symmetric families ("between least and most of these
 * variables, any of the others"); and, on a finished diagram, the count,
 * sets drawn uniformly at random and how many sets hold each variable.
 *
 * Node 0 is the empty family (bottom), node 1 the family of the empty set
 * (top); every other node's children are older than it, so a count is one
 * pass up the array and a walk from a root one pass down.  No node has an
 * empty hi (zero suppression) and no two nodes are equal (the unique
 * table), so a family has one diagram and equal families one node.
 *
 * What is built on it: the diagram of all solutions of an exact cover
 * (xc/zdd.h), by the search's states or by intersecting "one of" families;
 * Number Mind's secrets that fit the guesses (numbermind/nm_zdd.h). */
#ifndef LD_ZDD_CORE_H
#define LD_ZDD_CORE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/rng.h"
#include "util/u128.h"

#define ZDD_CORE_BOTTOM 0u          /* the empty family */
#define ZDD_CORE_TOP 1u             /* the family of the empty set */
#define ZDD_CORE_FAILED UINT32_MAX  /* the build stopped: see end */

/* How a build ended (every diagram's builder answers with these). */
enum zdd_end {
	ZDD_DONE,
	ZDD_CANCELLED,
	ZDD_NO_ROOM,      /* the budget of bytes (or the allocator) ran out */
};
const char *zdd_end_text(enum zdd_end end);

struct zdd_core_node {
	uint32_t var, lo, hi;
};

struct zdd_core {
	int n_vars;                 /* variables 0 .. n_vars-1, asked in that order */
	struct zdd_core_node *node;
	u128 *count;                /* the sets below each node (see zdd_core_close); NULL: uncounted */
	size_t n_nodes, cap_nodes;
	bool overflow;              /* some count passed 128 bits */
	/* while building */
	uint32_t *unique;           /* node ids by (var, lo, hi); 0: empty */
	size_t unique_size;
	uint32_t (*cache)[3];       /* intersections done: f, g, f & g */
	size_t cache_size;
	size_t bytes, peak, cap_bytes;
	const atomic_int *cancel;   /* looked at now and then; set: the build stops */
	unsigned ticks;
	enum zdd_end end;           /* why the last call answered ZDD_CORE_FAILED */
};

/* The two sinks alone, within cap_bytes (0: no budget but the
 * allocator's) of which bytes_before are already taken by the builder's
 * own tables; false (c->end) if there is no room even for that.  Free
 * with zdd_core_free either way. */
bool zdd_core_init(struct zdd_core *c, int n_vars, size_t cap_bytes, size_t bytes_before, const atomic_int *cancel);
void zdd_core_free(struct zdd_core *c);
/* No counts kept while building (4 bytes in 7 of a node, and their
 * sums), to be worked out by zdd_core_compact: call before any node. */
void zdd_core_uncounted(struct zdd_core *c);
/* The build's tables (unique, cache) freed, the nodes kept. */
void zdd_core_end_build(struct zdd_core *c);

/* The builder's own memory, counted in the budget: resize *ptr from old to
 * new bytes (false and c->end if there is no room, *ptr untouched); a
 * zeroed table of slots; its release; bytes taken or given back without
 * an allocation here. */
bool zdd_core_resize(struct zdd_core *c, void **ptr, size_t old, size_t new);
uint32_t *zdd_core_new_table(struct zdd_core *c, size_t slots);
void zdd_core_drop_table(struct zdd_core *c, uint32_t **t, size_t slots);
void zdd_core_charge(struct zdd_core *c, size_t bytes);
void zdd_core_release(struct zdd_core *c, size_t bytes);
/* True (c->end) if the cancel flag is up; looks at it once in every
 * calls (inline: builders call it at every state). */
static inline bool zdd_core_cancelled(struct zdd_core *c, unsigned every)
{
	if (c->cancel && ++c->ticks % every == 0 && atomic_load(c->cancel)) {
		c->end = ZDD_CANCELLED;
		return true;
	}
	return false;
}

/* The node (var, lo, hi), made or found; hi must not be the empty family,
 * lo and hi must ask of later variables than var. */
uint32_t zdd_core_node(struct zdd_core *c, uint32_t var, uint32_t lo, uint32_t hi);
/* The same, but lo itself if hi is the empty family (zero suppression). */
static inline uint32_t zdd_core_node_or_lo(struct zdd_core *c, uint32_t var, uint32_t lo, uint32_t hi)
{
	return hi == ZDD_CORE_BOTTOM ? lo : zdd_core_node(c, var, lo, hi);
}

/* The sets in both f and g. */
uint32_t zdd_core_intersect(struct zdd_core *c, uint32_t f, uint32_t g);
/* The family of all sets of variables that hold at least least and at
 * most most of those marked in member[] (n_vars of them), any of the
 * others: "exactly one of a column's options", "exactly k of a guess's
 * digits". */
uint32_t zdd_core_symmetric(struct zdd_core *c, const bool *member, int least, int most);

/* After a build: the nodes root reaches, their counts worked out afresh
 * (a build by intersection leaves families in the store whose counts pass
 * 128 bits and must not mark this one's as overflowed); how many. */
size_t zdd_core_close(struct zdd_core *c, uint32_t root);
/* The nodes root reaches alone kept, renumbered in their order, counts
 * worked out, the build's tables freed: *root is the new root.  No node
 * is to be made after. */
void zdd_core_compact(struct zdd_core *c, uint32_t *root);

/* How many nodes root reaches, its sinks left out. */
size_t zdd_core_size(const struct zdd_core *c, uint32_t root);
/* The number of sets of root's family; *overflow if it passes 128 bits. */
u128 zdd_core_count(const struct zdd_core *c, uint32_t root, bool *overflow);
/* One set drawn uniformly at random: its variables into vars (room for
 * n_vars), increasing; how many; -1 if the family is empty or its count
 * overflowed.  The draws depend on r alone. */
int zdd_core_sample(const struct zdd_core *c, uint32_t root, struct rng *r, int *vars);
/* freq[v] = how many sets of root's family hold v (n_vars of them);
 * false if some figure passes 128 bits. */
bool zdd_core_frequencies(const struct zdd_core *c, uint32_t root, u128 *freq);
/* The bytes the diagram holds: its nodes and their counts. */
size_t zdd_core_bytes(const struct zdd_core *c);

#endif
