#include "config.h"

#include "solver/xc/zdd.h"

#include <stdlib.h>
#include <string.h>

#include "solver/xc/memo.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Node 0 is the empty family (no solution), node 1 the family of the
 * empty set (done); every other node's children are older than it, so
 * counting is one pass up the array and the walk from the root one pass
 * down. */
#define ZDD_BOTTOM 0u
#define ZDD_TOP 1u
#define ZDD_FAILED UINT32_MAX

/* How many states between looks at the cancel flag: a look is an atomic
 * load, a state at least a hash probe, so this costs nothing measurable
 * and answers a cancel within milliseconds. */
#define ZDD_CANCEL_EVERY 4096

/* The order of branching is chosen on a matrix of which primary items
 * share options, and profiles that are quadratic in them: beyond this
 * many (16 MB of matrix), the given order is kept.  The boards and
 * pieces this is for have a few hundred. */
#define ZDD_MOST_ORDERED 4096

struct zdd_node {
	uint32_t var, lo, hi;
};

struct zdd {
	const struct xc_problem *p;
	int n_vars;
	int *option_of;           /* variable -> p's option */
	struct zdd_node *node;
	u128 *count;              /* solutions below each node */
	size_t n_nodes;
	uint32_t root;
	bool overflow;            /* some count passed 128 bits */
	struct zdd_stats st;
};

/* What a build holds besides the diagram. */
struct build {
	struct zdd *z;
	int words;                /* 64-bit words of a state (a set of items) */
	uint64_t *opt_bits;       /* each variable's items, words apiece */
	int *first_var;           /* primary item i's variables: first_var[i] .. first_var[i+1]-1 */
	uint64_t *primary_mask;
	size_t cap_nodes;
	uint32_t *unique;         /* node ids by (var, lo, hi); 0: empty */
	size_t unique_size;
	uint64_t *keys;           /* memoized states, words apiece */
	uint32_t *result;         /* each memoized state's node */
	size_t n_states, cap_states;
	uint32_t *memo;           /* state index + 1 by hash; 0: empty */
	size_t memo_size;
	uint64_t *stack;          /* the child state at each depth */
	size_t bytes, peak, cap_bytes;
	const atomic_int *cancel;
	unsigned ticks;
	enum zdd_end end;
	uint32_t (*cache)[3];     /* intersections done: f, g, f & g (by AND) */
	size_t cache_size;
};

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

/* Resize *ptr from old to new bytes within the budget; false (and
 * b->end) if the budget or the allocator says no, *ptr then untouched. */
static bool resize(struct build *b, void **ptr, size_t old, size_t new)
{
	if (b->cap_bytes && b->bytes - old + new > b->cap_bytes) {
		b->end = ZDD_NO_ROOM;
		return false;
	}
	void *q = realloc(*ptr, new);
	if (!q) {
		b->end = ZDD_NO_ROOM;
		return false;
	}
	*ptr = q;
	b->bytes = b->bytes - old + new;
	if (b->bytes > b->peak)
		b->peak = b->bytes;
	return true;
}

/* A zeroed table, replacing none: the unique table and the memo's. */
static uint32_t *new_table(struct build *b, size_t slots)
{
	size_t size = slots * sizeof(uint32_t);
	if (b->cap_bytes && b->bytes + size > b->cap_bytes) {
		b->end = ZDD_NO_ROOM;
		return NULL;
	}
	uint32_t *t = calloc(slots, sizeof *t);
	if (!t) {
		b->end = ZDD_NO_ROOM;
		return NULL;
	}
	b->bytes += size;
	if (b->bytes > b->peak)
		b->peak = b->bytes;
	return t;
}

static void drop_table(struct build *b, uint32_t **t, size_t slots)
{
	free(*t);
	*t = NULL;
	b->bytes -= slots * sizeof(uint32_t);
}

static inline uint64_t node_hash(uint32_t var, uint32_t lo, uint32_t hi)
{
	uint64_t h = ((uint64_t)var << 32 | lo) * 0x9e3779b97f4a7c15u ^ (uint64_t)hi * 0xbf58476d1ce4e5b9u;
	return h ^ h >> 29;
}

static bool unique_grow(struct build *b)
{
	size_t n = b->unique_size ? 2 * b->unique_size : 1024;
	uint32_t *t = new_table(b, n);
	if (!t)
		return false;
	const struct zdd_node *node = b->z->node;
	for (size_t i = 0; i < b->unique_size; i++) {
		uint32_t id = b->unique[i];
		if (!id)
			continue;
		size_t s = node_hash(node[id].var, node[id].lo, node[id].hi) & (n - 1);
		while (t[s])
			s = (s + 1) & (n - 1);
		t[s] = id;
	}
	drop_table(b, &b->unique, b->unique_size);
	b->unique = t;
	b->unique_size = n;
	return true;
}

static bool nodes_grow(struct build *b)
{
	struct zdd *z = b->z;
	size_t n = 2 * b->cap_nodes;
	if (n > (size_t)UINT32_MAX - 1) {
		b->end = ZDD_NO_ROOM;
		return false;
	}
	if (!resize(b, (void **)&z->node, b->cap_nodes * sizeof *z->node, n * sizeof *z->node))
		return false;
	if (!resize(b, (void **)&z->count, b->cap_nodes * sizeof *z->count, n * sizeof *z->count))
		return false;
	b->cap_nodes = n;
	return true;
}

/* The node (var, lo, hi), made or found; hi is never the empty family
 * (the caller skips such options), so the diagram stays reduced. */
static uint32_t make_node(struct build *b, uint32_t var, uint32_t lo, uint32_t hi)
{
	struct zdd *z = b->z;
	if (2 * (z->n_nodes + 1) > b->unique_size && !unique_grow(b))
		return ZDD_FAILED;
	size_t mask = b->unique_size - 1, s = node_hash(var, lo, hi) & mask;
	for (; b->unique[s]; s = (s + 1) & mask) {
		const struct zdd_node *n = &z->node[b->unique[s]];
		if (n->var == var && n->lo == lo && n->hi == hi)
			return b->unique[s];
	}
	if (z->n_nodes == b->cap_nodes && !nodes_grow(b))
		return ZDD_FAILED;
	uint32_t id = (uint32_t)z->n_nodes++;
	z->node[id] = (struct zdd_node){ var, lo, hi };
	bool over = false;
	z->count[id] = u128_add(z->count[lo], z->count[hi], &over);
	z->overflow |= over;
	b->unique[s] = id;
	return id;
}

/* The slot of state key in the memo: its index + 1, or the empty slot. */
static size_t memo_slot(const struct build *b, const uint64_t *key, uint64_t hash)
{
	size_t mask = b->memo_size - 1, words = (size_t)b->words;
	for (size_t s = hash & mask;; s = (s + 1) & mask) {
		uint32_t at = b->memo[s];
		if (!at || !memcmp(b->keys + (at - 1) * words, key, words * sizeof *key))
			return s;
	}
}

static bool memo_grow(struct build *b)
{
	size_t n = b->memo_size ? 2 * b->memo_size : 1024;
	uint32_t *t = new_table(b, n);
	if (!t)
		return false;
	size_t words = (size_t)b->words;
	for (size_t i = 0; i < b->n_states; i++) {
		size_t s = memo_hash(b->keys + i * words, b->words) & (n - 1);
		while (t[s])
			s = (s + 1) & (n - 1);
		t[s] = (uint32_t)(i + 1);
	}
	drop_table(b, &b->memo, b->memo_size);
	b->memo = t;
	b->memo_size = n;
	return true;
}

/* Remember that state key's diagram is node. */
static bool memo_store(struct build *b, const uint64_t *key, uint32_t node)
{
	size_t words = (size_t)b->words;
	if (2 * (b->n_states + 1) > b->memo_size && !memo_grow(b))
		return false;
	if (b->n_states == b->cap_states) {
		size_t n = b->cap_states ? 2 * b->cap_states : 1024;
		if (n > (size_t)UINT32_MAX - 1) {
			b->end = ZDD_NO_ROOM;
			return false;
		}
		if (!resize(b, (void **)&b->keys, b->cap_states * words * 8, n * words * 8) ||
		    !resize(b, (void **)&b->result, b->cap_states * 4, n * 4))
			return false;
		b->cap_states = n;
	}
	size_t s = memo_slot(b, key, memo_hash(key, b->words));
	memcpy(b->keys + b->n_states * words, key, words * sizeof *key);
	b->result[b->n_states] = node;
	b->memo[s] = (uint32_t)++b->n_states;
	return true;
}

/* The first primary item not in state, or -1 if all are covered. */
static int first_uncovered(const struct build *b, const uint64_t *state)
{
	for (int w = 0; w < b->words; w++) {
		uint64_t open = ~state[w] & b->primary_mask[w];
		if (open)
			return w * 64 + __builtin_ctzll(open);
	}
	return -1;
}

/* The diagram of the subproblem whose covered items are state: the chain
 * of its first open item's options that lead somewhere, built from the
 * last so that each node's lo is the rest of the chain. */
static uint32_t solve_state(struct build *b, const uint64_t *state, int depth)
{
	int item = first_uncovered(b, state);
	if (item < 0)
		return ZDD_TOP;
	if (b->memo_size) {
		size_t s = memo_slot(b, state, memo_hash(state, b->words));
		if (b->memo[s])
			return b->result[b->memo[s] - 1];
	}
	if (b->cancel && ++b->ticks % ZDD_CANCEL_EVERY == 0 && atomic_load(b->cancel)) {
		b->end = ZDD_CANCELLED;
		return ZDD_FAILED;
	}
	size_t words = (size_t)b->words;
	uint64_t *child = b->stack + (size_t)depth * words;
	uint32_t chain = ZDD_BOTTOM;
	for (int v = b->first_var[item + 1] - 1; v >= b->first_var[item]; v--) {
		const uint64_t *bits = b->opt_bits + (size_t)v * words;
		uint64_t clash = 0;
		for (size_t w = 0; w < words; w++)
			clash |= bits[w] & state[w];
		if (clash)
			continue;
		for (size_t w = 0; w < words; w++)
			child[w] = bits[w] | state[w];
		uint32_t hi = solve_state(b, child, depth + 1);
		if (hi == ZDD_FAILED)
			return ZDD_FAILED;
		if (hi == ZDD_BOTTOM)
			continue;
		chain = make_node(b, (uint32_t)v, chain, hi);
		if (chain == ZDD_FAILED)
			return ZDD_FAILED;
	}
	if (!memo_store(b, state, chain))
		return ZDD_FAILED;
	return chain;
}

/* The primary items that no option holds two of, found greedily among
 * those that share options with the most others: the pieces of a packing,
 * each sharing options with every cell it can reach.  Branched on first,
 * as exports list them, a piece goes anywhere and the covered sets met
 * are every mix of placed pieces (pentominoes on 6x10: out of 5.7 GB
 * after 103 s); branched on last, they are covered by then or nearly, and
 * the states are the cells' frontier.  Marks them in global[]; their
 * number, or 0 if fewer than two (nothing like pieces: queens' rows and
 * columns, a tiling's cells, share options with each other). */
static int find_pieces(int np, const bool *with, const int *degree, bool *global)
{
	int *order = xmalloc(sizeof *order * ((size_t)np + 1));
	for (int i = 0; i < np; i++)
		order[i] = i;
	for (int i = 1; i < np; i++) /* stable, by degree, highest first */
		for (int j = i; j > 0 && degree[order[j - 1]] < degree[order[j]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	int taken = 0;
	for (int i = 0; i < np; i++) {
		bool apart = true;
		for (int j = 0; j < taken && apart; j++)
			apart = !with[(size_t)order[i] * np + order[j]];
		if (!apart)
			break;
		taken++;
	}
	if (taken < 2 || 2 * taken > np)
		taken = 0;
	for (int i = 0; i < taken; i++)
		global[order[i]] = true;
	free(order);
	return taken;
}

/* The primary items that share an option, as a matrix, and how many each
 * shares with: what the order of branching is chosen by. */
static bool *sharing(const struct xc_problem *p, int *degree)
{
	int np = p->n_primary;
	bool *with = xcalloc((size_t)np * (size_t)np + 1, sizeof *with);
	for (int k = 0; k < p->n_options; k++) {
		const int *it = xc_option_items(p, k);
		int n = xc_option_size(p, k);
		for (int a = 0; a < n; a++)
			for (int c = 0; c < n; c++)
				if (a != c && it[a] < np && it[c] < np && !with[(size_t)it[a] * np + it[c]]) {
					with[(size_t)it[a] * np + it[c]] = true;
					degree[it[a]]++;
				}
	}
	return with;
}

/* The profile of an order of the n items in list (not pieces): for each
 * item, how long it waits in the frontier, from the first item it shares
 * an option with to its own turn.  The states met while building are sets
 * of covered items around the frontier, so a thinner profile means far
 * fewer of them (pentominoes on 6x10: by rows of 10, 125.6 M states; down
 * the short side, 3.3 M). */
static long profile(int np, const bool *with, const int *list, int n)
{
	long sum = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < j; i++)
			if (with[(size_t)list[i] * np + list[j]]) {
				sum += j - i;
				break;
			}
	return sum;
}

/* Breadth first from an item that shares options with the fewest (a
 * corner of a board), the items at one distance in the given order:
 * bands that sweep the board, often across its short side where the
 * given order runs along the long one. */
static void sweep(int np, const bool *with, const int *degree, const int *list, int n, int *out)
{
	bool *placed = xcalloc((size_t)np + 1, sizeof *placed);
	int start = 0;
	for (int j = 1; j < n; j++)
		if (degree[list[j]] < degree[list[start]])
			start = j;
	int head = 0, tail = 0;
	out[tail++] = list[start];
	placed[list[start]] = true;
	while (tail < n) {
		if (head == tail) { /* another part, not reached: its first item */
			int j = 0;
			while (placed[list[j]])
				j++;
			out[tail++] = list[j];
			placed[list[j]] = true;
		}
		int at = out[head++];
		for (int j = 0; j < n; j++)
			if (!placed[list[j]] && with[(size_t)at * np + list[j]]) {
				out[tail++] = list[j];
				placed[list[j]] = true;
			}
	}
	free(placed);
}

/* The given order cut into runs where two items in a row share no option
 * (a board's rows, when its cells are given row by row), taken across:
 * the first of every run, then the second of every run, and so on.  A
 * board given along its long side is then swept down its short side
 * (pentominoes on 6x10: 3.3 M states, against 125.6 M by rows). */
static void across(int np, const bool *with, const int *list, int n, int *out)
{
	int *run_start = xmalloc(sizeof *run_start * ((size_t)n + 1));
	int runs = 0, longest = 0;
	for (int j = 0; j < n; j++) {
		if (j == 0 || !with[(size_t)list[j - 1] * np + list[j]]) {
			if (runs && j - run_start[runs - 1] > longest)
				longest = j - run_start[runs - 1];
			run_start[runs++] = j;
		}
	}
	run_start[runs] = n;
	if (n - run_start[runs - 1] > longest)
		longest = n - run_start[runs - 1];
	int at = 0;
	for (int c = 0; c < longest; c++)
		for (int r = 0; r < runs; r++)
			if (run_start[r] + c < run_start[r + 1])
				out[at++] = list[run_start[r] + c];
	free(run_start);
}

/* Each item's place in the order of branching: the primary items as
 * given, taken across, or swept breadth first, whichever has the thinnest
 * profile, the
 * pieces among them last; the secondary items after. */
static int *branch_order(const struct xc_problem *p)
{
	int np = p->n_primary;
	if (np > ZDD_MOST_ORDERED) {
		int *rank = xmalloc(sizeof *rank * ((size_t)p->n_items + 1));
		for (int i = 0; i < p->n_items; i++)
			rank[i] = i;
		return rank;
	}
	int *degree = xcalloc((size_t)np + 1, sizeof *degree);
	bool *with = sharing(p, degree);
	bool *global = xcalloc((size_t)np + 1, sizeof *global);
	find_pieces(np, with, degree, global);
	int *list = xmalloc(sizeof *list * ((size_t)np + 1));
	int *swept = xmalloc(sizeof *swept * ((size_t)np + 1));
	int *crossed = xmalloc(sizeof *crossed * ((size_t)np + 1));
	int n = 0;
	for (int i = 0; i < np; i++)
		if (!global[i])
			list[n++] = i;
	if (n > 0) {
		sweep(np, with, degree, list, n, swept);
		across(np, with, list, n, crossed);
		long given = profile(np, with, list, n), by_sweep = profile(np, with, swept, n),
		     by_runs = profile(np, with, crossed, n);
		if (by_runs < given && by_runs <= by_sweep)
			memcpy(list, crossed, sizeof *list * (size_t)n);
		else if (by_sweep < given)
			memcpy(list, swept, sizeof *list * (size_t)n);
	}
	for (int i = 0; i < np; i++)
		if (global[i])
			list[n++] = i;
	int *rank = xmalloc(sizeof *rank * ((size_t)p->n_items + 1));
	for (int j = 0; j < np; j++)
		rank[list[j]] = j;
	for (int i = np; i < p->n_items; i++)
		rank[i] = i;
	free(crossed);
	free(swept);
	free(list);
	free(global);
	free(with);
	free(degree);
	return rank;
}

/* ---- By AND: the family of sets holding exactly one (or, for a
 * secondary item, at most one) of the options of each item, intersected
 * item after item.  Every option not holding the item is free in that
 * family, a node whose two children are the same: so each family is as
 * long as the options, and the intersections in between hold every
 * partial cover of the items done so far.  Measured against the build by
 * states, on the same order of variables: trominoes on 9x12 in 4.0 s and
 * 384 MB (by states 0.66 s, 67 MB), Kanoodle and pentominoes on 6x10 out
 * of 6 GB after 80 s (1.6 s and 2.1 s), 12 queens and IQ Fit not done in
 * 90 s (0.4 s, 6.2 s).  So it is not the default. */

/* The cache of intersections starts small (a small problem's build is
 * over before a big one is cleared: 150 small builds with 2^22 slots took
 * 30 s) and doubles, emptied, while the nodes outnumber its slots, up to
 * 2^ZDD_CACHE_BITS: a cache much smaller than the diagram forgets the
 * shared subproblems, and the intersection turns exponential. */
#define ZDD_CACHE_BITS 24

static void cache_grow(struct build *b)
{
	size_t n = 2 * b->cache_size, size = n * sizeof *b->cache, old = b->cache_size * sizeof *b->cache;
	if (b->cap_bytes && b->bytes - old + size > b->cap_bytes)
		return; /* no room to grow: the small one still answers */
	void *c = calloc(n, sizeof *b->cache);
	if (!c)
		return;
	free(b->cache);
	b->cache = c;
	b->cache_size = n;
	b->bytes = b->bytes - old + size;
	if (b->bytes > b->peak)
		b->peak = b->bytes;
}

/* (var, lo, hi), with the zero-suppressing rule: no node has hi empty. */
static uint32_t node_or_lo(struct build *b, uint32_t var, uint32_t lo, uint32_t hi)
{
	return hi == ZDD_BOTTOM ? lo : make_node(b, var, lo, hi);
}

static inline uint32_t var_of(const struct build *b, uint32_t f)
{
	return b->z->node[f].var;
}

/* The sets in both f and g.  A variable one of them asks about and the
 * other skips is absent from all the other's sets. */
static uint32_t intersect(struct build *b, uint32_t f, uint32_t g)
{
	if (f == g || f == ZDD_BOTTOM)
		return f;
	if (g == ZDD_BOTTOM)
		return g;
	if (f > g) {
		uint32_t t = f;
		f = g;
		g = t;
	}
	uint32_t vf = var_of(b, f), vg = var_of(b, g);
	if (f == ZDD_TOP) { /* {empty set} & g: is the empty set in g? */
		while (g > ZDD_TOP)
			g = b->z->node[g].lo;
		return g;
	}
	if (vf != vg)
		return vf < vg ? intersect(b, b->z->node[f].lo, g) : intersect(b, f, b->z->node[g].lo);
	if (b->z->n_nodes > b->cache_size && b->cache_size < ((size_t)1 << ZDD_CACHE_BITS))
		cache_grow(b);
	size_t slot = node_hash(f, g, 0x5bd1e995u) & (b->cache_size - 1);
	if (b->cache[slot][0] == f && b->cache[slot][1] == g)
		return b->cache[slot][2];
	if (b->cancel && ++b->ticks % (ZDD_CANCEL_EVERY * 16) == 0 && atomic_load(b->cancel)) {
		b->end = ZDD_CANCELLED;
		return ZDD_FAILED;
	}
	uint32_t lo = intersect(b, b->z->node[f].lo, b->z->node[g].lo);
	if (lo == ZDD_FAILED)
		return lo;
	uint32_t hi = intersect(b, b->z->node[f].hi, b->z->node[g].hi);
	if (hi == ZDD_FAILED)
		return hi;
	uint32_t r = node_or_lo(b, vf, lo, hi);
	if (r != ZDD_FAILED) {
		b->cache[slot][0] = f;
		b->cache[slot][1] = g;
		b->cache[slot][2] = r;
	}
	return r;
}

/* The family of item i's sets: built from the last variable up, zero
 * holding none of its options so far and one holding exactly one (or at
 * most one: then the empty set is in it from the start). */
static uint32_t one_of(struct build *b, int item, bool exactly)
{
	size_t words = (size_t)b->words;
	uint32_t zero = ZDD_TOP, one = exactly ? ZDD_BOTTOM : ZDD_TOP;
	for (int v = b->z->n_vars - 1; v >= 0; v--) {
		bool holds = b->opt_bits[(size_t)v * words + (size_t)item / 64] >> (item % 64) & 1;
		if (holds) {
			one = node_or_lo(b, (uint32_t)v, one, zero);
		} else {
			one = node_or_lo(b, (uint32_t)v, one, one);
			zero = node_or_lo(b, (uint32_t)v, zero, zero);
		}
		if (one == ZDD_FAILED || zero == ZDD_FAILED)
			return ZDD_FAILED;
	}
	return one;
}

/* Intersected from the last item in the order of branching to the first,
 * so that the families met are closed off from the bottom up. */
static uint32_t solve_by_and(struct build *b, const struct xc_problem *p)
{
	b->cache_size = 4096;
	if (b->cap_bytes && b->bytes + b->cache_size * sizeof *b->cache > b->cap_bytes) {
		b->end = ZDD_NO_ROOM;
		return ZDD_FAILED;
	}
	b->cache = calloc(b->cache_size, sizeof *b->cache);
	if (!b->cache) {
		b->end = ZDD_NO_ROOM;
		return ZDD_FAILED;
	}
	b->bytes += b->cache_size * sizeof *b->cache;
	uint32_t f = ZDD_FAILED;
	for (int i = p->n_items - 1; i >= 0; i--) {
		uint32_t g = one_of(b, i, i < p->n_primary);
		if (g == ZDD_FAILED)
			return g;
		f = f == ZDD_FAILED ? g : intersect(b, f, g);
		if (f == ZDD_FAILED)
			return f;
	}
	return f == ZDD_FAILED ? ZDD_TOP : f;
}

/* The variables: p's options by their first primary item in the order of
 * branching, then as given; and their items as bitsets, by that order. */
static bool order_options(struct build *b, const struct xc_problem *p)
{
	struct zdd *z = b->z;
	int np = p->n_primary;
	int *rank = branch_order(p);
	b->first_var = xcalloc((size_t)np + 2, sizeof *b->first_var);
	int *first_item = xmalloc(sizeof *first_item * ((size_t)p->n_options + 1));
	for (int k = 0; k < p->n_options; k++) {
		const int *it = xc_option_items(p, k);
		int lowest = np;
		for (int j = 0; j < xc_option_size(p, k); j++)
			if (rank[it[j]] < lowest)
				lowest = rank[it[j]];
		first_item[k] = lowest;
		b->first_var[lowest + 1]++;
	}
	for (int i = 0; i <= np; i++)
		b->first_var[i + 1] += b->first_var[i];
	int *next = xmalloc(sizeof *next * ((size_t)np + 1));
	memcpy(next, b->first_var, sizeof *next * ((size_t)np + 1));
	size_t words = (size_t)b->words;
	b->opt_bits = xcalloc((size_t)p->n_options * words + 1, sizeof *b->opt_bits);
	for (int k = 0; k < p->n_options; k++) {
		int v = next[first_item[k]]++;
		z->option_of[v] = k;
		const int *it = xc_option_items(p, k);
		for (int j = 0; j < xc_option_size(p, k); j++)
			b->opt_bits[(size_t)v * words + (size_t)rank[it[j]] / 64] |= 1ull << (rank[it[j]] % 64);
	}
	free(rank);
	free(next);
	free(first_item);
	b->bytes += (size_t)p->n_options * words * 8;
	return true;
}

static void build_init(struct build *b, const struct xc_problem *p, const struct zdd_opts *o, struct zdd *z)
{
	memset(b, 0, sizeof *b);
	b->z = z;
	b->cap_bytes = o ? o->cap_bytes : 0;
	b->cancel = o ? o->cancel : NULL;
	b->words = (p->n_items + 63) / 64;
	if (!b->words)
		b->words = 1;
	z->p = p;
	z->n_vars = p->n_options;
	z->option_of = xmalloc(sizeof *z->option_of * ((size_t)p->n_options + 1));
	b->primary_mask = xcalloc((size_t)b->words, sizeof *b->primary_mask);
	for (int i = 0; i < p->n_primary; i++)
		b->primary_mask[i / 64] |= 1ull << (i % 64);
	order_options(b, p);
	b->stack = xcalloc(((size_t)p->n_primary + 2) * (size_t)b->words, sizeof *b->stack);
	b->bytes += ((size_t)p->n_primary + 2) * (size_t)b->words * 8;
	b->peak = b->bytes;
}

static void build_free(struct build *b)
{
	free(b->opt_bits);
	free(b->first_var);
	free(b->primary_mask);
	free(b->unique);
	free(b->keys);
	free(b->result);
	free(b->memo);
	free(b->stack);
	free(b->cache);
}

/* The nodes the root reaches, and whether their counts overflow: by AND
 * the intersections in between are left in the arrays, and only these
 * make the diagram (the free options' families count up to 2^options,
 * far past 128 bits, and must not mark the count overflowed). */
static size_t reachable(struct zdd *z)
{
	z->overflow = false;
	if (z->root <= ZDD_TOP)
		return 0;
	bool *seen = xcalloc(z->n_nodes, sizeof *seen);
	seen[z->root] = true;
	size_t n = 0;
	for (size_t i = z->root; i >= 2; i--) {
		if (!seen[i])
			continue;
		n++;
		seen[z->node[i].lo] = seen[z->node[i].hi] = true;
	}
	for (size_t i = 2; i <= z->root; i++)
		if (seen[i])
			z->count[i] = u128_add(z->count[z->node[i].lo], z->count[z->node[i].hi], &z->overflow);
	free(seen);
	return n;
}

enum zdd_end zdd_build(const struct xc_problem *p, const struct zdd_opts *o, struct zdd **out)
{
	double t0 = clock_seconds();
	struct zdd *z = xcalloc(1, sizeof *z);
	struct build b;
	build_init(&b, p, o, z);
	b.cap_nodes = 1024;
	z->node = NULL;
	z->count = NULL;
	size_t cap = b.cap_nodes;
	b.cap_nodes = 0;
	bool ok = resize(&b, (void **)&z->node, 0, cap * sizeof *z->node) &&
	          resize(&b, (void **)&z->count, 0, cap * sizeof *z->count);
	if (ok) {
		b.cap_nodes = cap;
		z->node[ZDD_BOTTOM] = (struct zdd_node){ (uint32_t)z->n_vars, 0, 0 };
		z->node[ZDD_TOP] = (struct zdd_node){ (uint32_t)z->n_vars, 1, 1 };
		z->count[ZDD_BOTTOM] = 0;
		z->count[ZDD_TOP] = 1;
		z->n_nodes = 2;
		uint64_t *start = xcalloc((size_t)b.words, sizeof *start);
		bool by_and = o && o->method == ZDD_BY_AND;
		z->root = by_and ? solve_by_and(&b, p) : solve_state(&b, start, 0);
		free(start);
		ok = z->root != ZDD_FAILED;
	}
	z->st.nodes = ok ? reachable(z) : 0;
	z->st.made = z->n_nodes - 2;
	z->st.states = b.n_states;
	z->st.peak_bytes = b.peak;
	z->st.bytes = z->n_nodes * (sizeof *z->node + sizeof *z->count) + (size_t)z->n_vars * sizeof(int);
	z->st.seconds = clock_seconds() - t0;
	enum zdd_end end = ok ? ZDD_DONE : b.end;
	build_free(&b);
	if (!ok) {
		zdd_free(z);
		z = NULL;
	}
	*out = z;
	return end;
}

void zdd_free(struct zdd *z)
{
	if (!z)
		return;
	free(z->option_of);
	free(z->node);
	free(z->count);
	free(z);
}

void zdd_stats(const struct zdd *z, struct zdd_stats *st)
{
	*st = z->st;
}

u128 zdd_count(const struct zdd *z, bool *overflow)
{
	*overflow = z->overflow;
	return z->count[z->root];
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

/* Each node passes its solutions on in proportion to its children's
 * counts, so every path to the top is taken with the same chance. */
int zdd_sample(const struct zdd *z, struct rng *r, int *options)
{
	if (z->overflow || z->root == ZDD_BOTTOM)
		return -1;
	int n = 0;
	for (uint32_t at = z->root; at != ZDD_TOP;) {
		const struct zdd_node *node = &z->node[at];
		if (below(r, z->count[at]) < z->count[node->hi]) {
			options[n++] = z->option_of[node->var];
			at = node->hi;
		} else {
			at = node->lo;
		}
	}
	return n;
}

/* paths[n], the ways down from the root to n, times count[hi], is how
 * many solutions pass through n's yes: the root is the newest node and
 * every node's parents are newer than it, so one pass down the array
 * finishes each node's paths before they are passed on. */
bool zdd_frequencies(const struct zdd *z, u128 *freq)
{
	const struct xc_problem *p = z->p;
	memset(freq, 0, sizeof *freq * (size_t)p->n_options);
	u128 *paths = xcalloc(z->n_nodes, sizeof *paths);
	bool over = z->overflow;
	paths[z->root] = 1;
	for (size_t i = z->root; i >= 2; i--) {
		if (!paths[i])
			continue;
		const struct zdd_node *node = &z->node[i];
		paths[node->lo] = u128_add(paths[node->lo], paths[i], &over);
		paths[node->hi] = u128_add(paths[node->hi], paths[i], &over);
		u128 through;
		if (__builtin_mul_overflow(paths[i], z->count[node->hi], &through)) {
			over = true;
			through = U128_MAX;
		}
		int k = z->option_of[node->var];
		freq[k] = u128_add(freq[k], through, &over);
	}
	free(paths);
	return !over;
}
