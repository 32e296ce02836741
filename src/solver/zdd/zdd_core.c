#include "config.h"

#include "solver/zdd/zdd_core.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* The cache of intersections starts small (a small problem's build is
 * over before a big one is cleared: 150 small builds with 2^22 slots took
 * 30 s) and doubles, emptied, while the nodes outnumber its slots, up to
 * 2^ZDD_CORE_CACHE_BITS: a cache much smaller than the diagram forgets
 * the shared subproblems, and the intersection turns exponential. */
#define ZDD_CORE_CACHE_BITS 24
#define ZDD_CORE_CACHE_START 4096

/* Intersections between looks at the cancel flag: each is a cache probe
 * at least, so a look in 65,536 answers within milliseconds. */
#define ZDD_CORE_CANCEL_EVERY 65536

const char *zdd_end_text(enum zdd_end end)
{
	switch (end) {
	case ZDD_DONE:
		return "done";
	case ZDD_CANCELLED:
		return "cancelled";
	case ZDD_NO_ROOM:
		return "out of memory (the budget for the diagram ran out)";
	}
	return "?";
}

static void note_bytes(struct zdd_core *c, size_t bytes)
{
	c->bytes = bytes;
	if (c->bytes > c->peak)
		c->peak = c->bytes;
}

bool zdd_core_resize(struct zdd_core *c, void **ptr, size_t old, size_t new)
{
	if (c->cap_bytes && c->bytes - old + new > c->cap_bytes) {
		c->end = ZDD_NO_ROOM;
		return false;
	}
	void *q = realloc(*ptr, new);
	if (!q) {
		c->end = ZDD_NO_ROOM;
		return false;
	}
	*ptr = q;
	note_bytes(c, c->bytes - old + new);
	return true;
}

uint32_t *zdd_core_new_table(struct zdd_core *c, size_t slots)
{
	size_t size = slots * sizeof(uint32_t);
	if (c->cap_bytes && c->bytes + size > c->cap_bytes) {
		c->end = ZDD_NO_ROOM;
		return NULL;
	}
	uint32_t *t = calloc(slots, sizeof *t);
	if (!t) {
		c->end = ZDD_NO_ROOM;
		return NULL;
	}
	note_bytes(c, c->bytes + size);
	return t;
}

void zdd_core_drop_table(struct zdd_core *c, uint32_t **t, size_t slots)
{
	free(*t);
	*t = NULL;
	c->bytes -= slots * sizeof(uint32_t);
}

void zdd_core_charge(struct zdd_core *c, size_t bytes)
{
	note_bytes(c, c->bytes + bytes);
}

void zdd_core_release(struct zdd_core *c, size_t bytes)
{
	c->bytes -= bytes;
}

bool zdd_core_init(struct zdd_core *c, int n_vars, size_t cap_bytes, size_t bytes_before, const atomic_int *cancel)
{
	memset(c, 0, sizeof *c);
	c->n_vars = n_vars;
	c->cap_bytes = cap_bytes;
	c->cancel = cancel;
	c->bytes = c->peak = bytes_before;
	size_t cap = 1024;
	if (!zdd_core_resize(c, (void **)&c->node, 0, cap * sizeof *c->node) ||
	    !zdd_core_resize(c, (void **)&c->count, 0, cap * sizeof *c->count))
		return false;
	c->cap_nodes = cap;
	c->node[ZDD_CORE_BOTTOM] = (struct zdd_core_node){ (uint32_t)n_vars, 0, 0 };
	c->node[ZDD_CORE_TOP] = (struct zdd_core_node){ (uint32_t)n_vars, 1, 1 };
	c->count[ZDD_CORE_BOTTOM] = 0;
	c->count[ZDD_CORE_TOP] = 1;
	c->n_nodes = 2;
	return true;
}

void zdd_core_uncounted(struct zdd_core *c)
{
	free(c->count);
	c->count = NULL;
	c->bytes -= c->cap_nodes * sizeof *c->count;
}

void zdd_core_end_build(struct zdd_core *c)
{
	free(c->unique);
	free(c->cache);
	c->unique = NULL;
	c->cache = NULL;
	c->bytes -= c->unique_size * sizeof *c->unique + c->cache_size * sizeof *c->cache;
	c->unique_size = c->cache_size = 0;
}

void zdd_core_free(struct zdd_core *c)
{
	zdd_core_end_build(c);
	free(c->node);
	free(c->count);
	c->node = NULL;
	c->count = NULL;
	c->n_nodes = c->cap_nodes = 0;
}

size_t zdd_core_bytes(const struct zdd_core *c)
{
	return c->n_nodes * (sizeof *c->node + sizeof *c->count);
}

static inline uint64_t node_hash(uint32_t var, uint32_t lo, uint32_t hi)
{
	uint64_t h = ((uint64_t)var << 32 | lo) * 0x9e3779b97f4a7c15u ^ (uint64_t)hi * 0xbf58476d1ce4e5b9u;
	return h ^ h >> 29;
}

static bool unique_grow(struct zdd_core *c)
{
	size_t n = c->unique_size ? 2 * c->unique_size : 1024;
	uint32_t *t = zdd_core_new_table(c, n);
	if (!t)
		return false;
	const struct zdd_core_node *node = c->node;
	for (size_t i = 0; i < c->unique_size; i++) {
		uint32_t id = c->unique[i];
		if (!id)
			continue;
		size_t s = node_hash(node[id].var, node[id].lo, node[id].hi) & (n - 1);
		while (t[s])
			s = (s + 1) & (n - 1);
		t[s] = id;
	}
	zdd_core_drop_table(c, &c->unique, c->unique_size);
	c->unique = t;
	c->unique_size = n;
	return true;
}

static bool nodes_grow(struct zdd_core *c)
{
	size_t n = 2 * c->cap_nodes;
	if (n > (size_t)UINT32_MAX - 1) {
		c->end = ZDD_NO_ROOM;
		return false;
	}
	if (!zdd_core_resize(c, (void **)&c->node, c->cap_nodes * sizeof *c->node, n * sizeof *c->node))
		return false;
	if (c->count && !zdd_core_resize(c, (void **)&c->count, c->cap_nodes * sizeof *c->count, n * sizeof *c->count))
		return false;
	c->cap_nodes = n;
	return true;
}

uint32_t zdd_core_node(struct zdd_core *c, uint32_t var, uint32_t lo, uint32_t hi)
{
	if (2 * (c->n_nodes + 1) > c->unique_size && !unique_grow(c))
		return ZDD_CORE_FAILED;
	size_t mask = c->unique_size - 1, s = node_hash(var, lo, hi) & mask;
	for (; c->unique[s]; s = (s + 1) & mask) {
		const struct zdd_core_node *n = &c->node[c->unique[s]];
		if (n->var == var && n->lo == lo && n->hi == hi)
			return c->unique[s];
	}
	if (c->n_nodes == c->cap_nodes && !nodes_grow(c))
		return ZDD_CORE_FAILED;
	uint32_t id = (uint32_t)c->n_nodes++;
	c->node[id] = (struct zdd_core_node){ var, lo, hi };
	if (c->count) {
		bool over = false;
		c->count[id] = u128_add(c->count[lo], c->count[hi], &over);
		c->overflow |= over;
	}
	c->unique[s] = id;
	return id;
}

static void cache_grow(struct zdd_core *c)
{
	size_t n = 2 * c->cache_size, size = n * sizeof *c->cache, old = c->cache_size * sizeof *c->cache;
	if (c->cap_bytes && c->bytes - old + size > c->cap_bytes)
		return; /* no room to grow: the small one still answers */
	void *t = calloc(n, sizeof *c->cache);
	if (!t)
		return;
	free(c->cache);
	c->cache = t;
	c->cache_size = n;
	note_bytes(c, c->bytes - old + size);
}

static bool cache_start(struct zdd_core *c)
{
	size_t size = ZDD_CORE_CACHE_START * sizeof *c->cache;
	if (c->cap_bytes && c->bytes + size > c->cap_bytes) {
		c->end = ZDD_NO_ROOM;
		return false;
	}
	c->cache = calloc(ZDD_CORE_CACHE_START, sizeof *c->cache);
	if (!c->cache) {
		c->end = ZDD_NO_ROOM;
		return false;
	}
	c->cache_size = ZDD_CORE_CACHE_START;
	c->bytes += size;
	return true;
}

/* A variable one of f and g asks about and the other skips is absent
 * from all the other's sets. */
static uint32_t intersect(struct zdd_core *c, uint32_t f, uint32_t g)
{
	if (f == g || f == ZDD_CORE_BOTTOM)
		return f;
	if (g == ZDD_CORE_BOTTOM)
		return g;
	if (f > g) {
		uint32_t t = f;
		f = g;
		g = t;
	}
	const struct zdd_core_node *node = c->node;
	if (f == ZDD_CORE_TOP) { /* {empty set} & g: is the empty set in g? */
		while (g > ZDD_CORE_TOP)
			g = node[g].lo;
		return g;
	}
	uint32_t vf = node[f].var, vg = node[g].var;
	if (vf != vg)
		return vf < vg ? intersect(c, node[f].lo, g) : intersect(c, f, node[g].lo);
	if (c->n_nodes > c->cache_size && c->cache_size < ((size_t)1 << ZDD_CORE_CACHE_BITS))
		cache_grow(c);
	size_t slot = node_hash(f, g, 0x5bd1e995u) & (c->cache_size - 1);
	if (c->cache[slot][0] == f && c->cache[slot][1] == g)
		return c->cache[slot][2];
	if (zdd_core_cancelled(c, ZDD_CORE_CANCEL_EVERY))
		return ZDD_CORE_FAILED;
	uint32_t lo = intersect(c, c->node[f].lo, c->node[g].lo);
	if (lo == ZDD_CORE_FAILED)
		return lo;
	uint32_t hi = intersect(c, c->node[f].hi, c->node[g].hi);
	if (hi == ZDD_CORE_FAILED)
		return hi;
	uint32_t r = zdd_core_node_or_lo(c, vf, lo, hi);
	if (r != ZDD_CORE_FAILED) {
		c->cache[slot][0] = f;
		c->cache[slot][1] = g;
		c->cache[slot][2] = r;
	}
	return r;
}

uint32_t zdd_core_intersect(struct zdd_core *c, uint32_t f, uint32_t g)
{
	if (!c->cache && !cache_start(c))
		return ZDD_CORE_FAILED;
	return intersect(c, f, g);
}

/* Built from the last variable up: taken[t] is the family of the sets of
 * the variables below that complete a set with t members so far; a member
 * goes from t to t + 1, any other variable leaves t as it is. */
uint32_t zdd_core_symmetric(struct zdd_core *c, const bool *member, int least, int most)
{
	uint32_t *taken = xmalloc(sizeof *taken * ((size_t)most + 2));
	for (int t = 0; t <= most; t++)
		taken[t] = t >= least ? ZDD_CORE_TOP : ZDD_CORE_BOTTOM;
	taken[most + 1] = ZDD_CORE_BOTTOM;
	uint32_t root = ZDD_CORE_FAILED;
	for (int v = c->n_vars - 1; v >= 0; v--)
		for (int t = 0; t <= most; t++) {
			uint32_t hi = member[v] ? taken[t + 1] : taken[t];
			taken[t] = zdd_core_node_or_lo(c, (uint32_t)v, taken[t], hi);
			if (taken[t] == ZDD_CORE_FAILED)
				goto out;
		}
	root = taken[0];
out:
	free(taken);
	return root;
}

size_t zdd_core_close(struct zdd_core *c, uint32_t root)
{
	c->overflow = false;
	if (root <= ZDD_CORE_TOP)
		return 0;
	bool *seen = xcalloc(c->n_nodes, sizeof *seen);
	seen[root] = true;
	size_t n = 0;
	for (size_t i = root; i >= 2; i--) {
		if (!seen[i])
			continue;
		n++;
		seen[c->node[i].lo] = seen[c->node[i].hi] = true;
	}
	for (size_t i = 2; i <= root; i++)
		if (seen[i])
			c->count[i] = u128_add(c->count[c->node[i].lo], c->count[c->node[i].hi], &c->overflow);
	free(seen);
	return n;
}

size_t zdd_core_size(const struct zdd_core *c, uint32_t root)
{
	if (root <= ZDD_CORE_TOP)
		return 0;
	uint64_t *seen = xcalloc((root >> 6) + 1, sizeof *seen);
	seen[root >> 6] |= 1ull << (root & 63);
	size_t n = 0;
	for (size_t i = root; i >= 2; i--) {
		if (!(seen[i >> 6] >> (i & 63) & 1))
			continue;
		n++;
		uint32_t lo = c->node[i].lo, hi = c->node[i].hi;
		seen[lo >> 6] |= 1ull << (lo & 63);
		seen[hi >> 6] |= 1ull << (hi & 63);
	}
	free(seen);
	return n;
}

void zdd_core_compact(struct zdd_core *c, uint32_t *root)
{
	zdd_core_end_build(c);
	uint32_t *renum = xcalloc(c->n_nodes, sizeof *renum);
	renum[*root] = 1; /* marks, until the nodes are numbered */
	for (size_t i = *root; i >= 2; i--)
		if (renum[i])
			renum[c->node[i].lo] = renum[c->node[i].hi] = 1;
	renum[ZDD_CORE_BOTTOM] = ZDD_CORE_BOTTOM;
	renum[ZDD_CORE_TOP] = ZDD_CORE_TOP;
	size_t n = 2;
	for (size_t i = 2; i <= *root; i++) {
		if (!renum[i])
			continue;
		struct zdd_core_node node = c->node[i];
		renum[i] = (uint32_t)n;
		c->node[n++] = (struct zdd_core_node){ node.var, renum[node.lo], renum[node.hi] };
	}
	*root = renum[*root];
	free(renum);
	c->bytes -= c->cap_nodes * (sizeof *c->node + (c->count ? sizeof *c->count : 0));
	c->n_nodes = c->cap_nodes = n;
	c->node = xreallocarray(c->node, n, sizeof *c->node);
	c->count = xreallocarray(c->count, n, sizeof *c->count);
	c->bytes += n * (sizeof *c->node + sizeof *c->count);
	c->count[ZDD_CORE_BOTTOM] = 0;
	c->count[ZDD_CORE_TOP] = 1;
	c->overflow = false;
	for (size_t i = 2; i < n; i++)
		c->count[i] = u128_add(c->count[c->node[i].lo], c->count[c->node[i].hi], &c->overflow);
}

u128 zdd_core_count(const struct zdd_core *c, uint32_t root, bool *overflow)
{
	*overflow = c->overflow;
	return c->count[root];
}

/* Uniform in [0, n), n > 0, for counts past 64 bits too: by rejection
 * below the next power of two, so no value is favoured. */
static u128 below(struct rng *r, u128 n)
{
	if (n <= UINT64_MAX)
		return rng_below(r, (uint64_t)n);
	u128 mask = n - 1;
	for (int s = 1; s < 128; s *= 2)
		mask |= mask >> s;
	for (;;) {
		u128 x = ((u128)rng_next(r) << 64 | rng_next(r)) & mask;
		if (x < n)
			return x;
	}
}

/* Each node passes its sets on in proportion to its children's counts,
 * so every path to the top is taken with the same chance. */
int zdd_core_sample(const struct zdd_core *c, uint32_t root, struct rng *r, int *vars)
{
	if (c->overflow || root == ZDD_CORE_BOTTOM)
		return -1;
	int n = 0;
	for (uint32_t at = root; at != ZDD_CORE_TOP;) {
		const struct zdd_core_node *node = &c->node[at];
		if (below(r, c->count[at]) < c->count[node->hi]) {
			vars[n++] = (int)node->var;
			at = node->hi;
		} else {
			at = node->lo;
		}
	}
	return n;
}

/* paths[n], the ways down from the root to n, times count[hi], is how
 * many sets pass through n's yes: the root is the newest node and every
 * node's parents are newer than it, so one pass down the array finishes
 * each node's paths before they are passed on. */
bool zdd_core_frequencies(const struct zdd_core *c, uint32_t root, u128 *freq)
{
	memset(freq, 0, sizeof *freq * (size_t)c->n_vars);
	u128 *paths = xcalloc(c->n_nodes, sizeof *paths);
	bool over = c->overflow;
	paths[root] = 1;
	for (size_t i = root; i >= 2; i--) {
		if (!paths[i])
			continue;
		const struct zdd_core_node *node = &c->node[i];
		paths[node->lo] = u128_add(paths[node->lo], paths[i], &over);
		paths[node->hi] = u128_add(paths[node->hi], paths[i], &over);
		u128 through;
		if (__builtin_mul_overflow(paths[i], c->count[node->hi], &through)) {
			over = true;
			through = U128_MAX;
		}
		freq[node->var] = u128_add(freq[node->var], through, &over);
	}
	free(paths);
	return !over;
}
