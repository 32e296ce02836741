#include "config.h"

#include "solver/xc/zdd.h"

#include <stdlib.h>
#include <string.h>

#include "solver/xc/item_order.h"
#include "solver/xc/zdd_live.h"
#include "solver/zdd/zdd_memo.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* How many states between looks at the cancel flag: a look is an atomic
 * load, a state at least a hash probe, so this costs nothing measurable
 * and answers a cancel within milliseconds. */
#define ZDD_CANCEL_EVERY 4096

/* The live counts (zdd_live.h) are kept for this many new states, then
 * kept on only if the items they found dead lay on average at least
 * ZDD_LIVE_FAR places after the first open item (judge_cuts). */
#define ZDD_LIVE_TRIAL 4096
#define ZDD_LIVE_FAR 8

/* The store (zdd_core.h) numbers its variables from 0; here they are p's
 * options in the order of their first primary item (order_options). */
struct zdd {
	const struct xc_problem *p;
	int *option_of;           /* variable -> p's option */
	struct zdd_core core;
	uint32_t root;
	struct zdd_stats st;
};

/* What a build holds besides the diagram. */
struct build {
	struct zdd *z;
	struct zdd_core *c;
	int words;                /* 64-bit words of a state (a set of items) */
	uint64_t *opt_bits;       /* each variable's items, words apiece */
	int *first_var;           /* primary item i's variables: first_var[i] .. first_var[i+1]-1 */
	uint64_t *primary_mask;
	struct zdd_memo memo;     /* the states met, and their nodes */
	struct zdd_live live;     /* the live options at the state the build stands in */
	bool keep_live;           /* still kept (judge_cuts) */
	size_t placed, cuts, cut_distance; /* for judge_cuts, while on trial */
	uint64_t *stack;          /* the child state at each depth */
	size_t bytes;             /* the above, before the store is made */
};

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

static uint32_t solve_state(struct build *b, const uint64_t *state, int item, int depth);

/* Whether the live counts are worth keeping, decided on the first states
 * met: they cut a state at once where the search would go on until the
 * dead item's turn, so they pay when that item lies far ahead of the
 * first open one.  On the shipped Sudoku levels it lay 50 to 70 items
 * ahead on average, and the states met fell from 12.6 million to 43,000;
 * on trominoes 9x12, 12 queens, Kanoodle, IQ Fit and pentominoes 6x10 it
 * lay one or two ahead, the search finds it in a step or two anyway, and
 * keeping the counts made the builds 16% to nearly 7 times slower. */
static void judge_cuts(struct build *b, int item, int dead)
{
	if (dead >= 0) {
		b->cuts++;
		b->cut_distance += (size_t)(dead - item);
	}
	if (++b->placed == ZDD_LIVE_TRIAL)
		b->keep_live = b->cut_distance >= ZDD_LIVE_FAR * b->cuts && b->cuts > 0;
}

/* The family of the state child, reached by placing variable v: from the
 * memo if it was met before; otherwise cut at once, and remembered as
 * dead, if the live counts show some item with no option left; otherwise
 * solved, the counts standing at child meanwhile. */
static uint32_t solve_child(struct build *b, int v, const uint64_t *child, int depth)
{
	int item = first_uncovered(b, child);
	if (item < 0)
		return ZDD_CORE_TOP;
	uint32_t known = zdd_memo_find(&b->memo, child);
	if (known != ZDD_CORE_FAILED)
		return known;
	if (!b->keep_live)
		return solve_state(b, child, item, depth);
	int dead = zdd_live_place(&b->live, v, child);
	judge_cuts(b, item, dead);
	uint32_t hi = ZDD_CORE_BOTTOM;
	if (dead < 0)
		hi = solve_state(b, child, item, depth);
	else if (!zdd_memo_store(&b->memo, child, ZDD_CORE_BOTTOM))
		hi = ZDD_CORE_FAILED;
	zdd_live_take_back(&b->live, v);
	return hi;
}

/* The diagram of the subproblem whose covered items are state, its first
 * open item item, not met before: the chain of that item's options that
 * lead somewhere, built from the last so that each node's lo is the rest
 * of the chain. */
static uint32_t solve_state(struct build *b, const uint64_t *state, int item, int depth)
{
	if (zdd_core_cancelled(b->c, ZDD_CANCEL_EVERY))
		return ZDD_CORE_FAILED;
	size_t words = (size_t)b->words;
	uint64_t *child = b->stack + (size_t)depth * words;
	uint32_t chain = ZDD_CORE_BOTTOM;
	for (int v = b->first_var[item + 1] - 1; v >= b->first_var[item]; v--) {
		const uint64_t *bits = b->opt_bits + (size_t)v * words;
		uint64_t clash = 0;
		for (size_t w = 0; w < words; w++)
			clash |= bits[w] & state[w];
		if (clash)
			continue;
		for (size_t w = 0; w < words; w++)
			child[w] = bits[w] | state[w];
		uint32_t hi = solve_child(b, v, child, depth + 1);
		if (hi == ZDD_CORE_FAILED)
			return ZDD_CORE_FAILED;
		if (hi == ZDD_CORE_BOTTOM)
			continue;
		chain = zdd_core_node(b->c, (uint32_t)v, chain, hi);
		if (chain == ZDD_CORE_FAILED)
			return ZDD_CORE_FAILED;
	}
	if (!zdd_memo_store(&b->memo, state, chain))
		return ZDD_CORE_FAILED;
	return chain;
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

/* The family of item i's sets: exactly one of its options, or at most
 * one for a secondary item. */
static uint32_t one_of(struct build *b, bool *member, int item, bool exactly)
{
	size_t words = (size_t)b->words;
	for (int v = 0; v < b->c->n_vars; v++)
		member[v] = b->opt_bits[(size_t)v * words + (size_t)item / 64] >> (item % 64) & 1;
	return zdd_core_symmetric(b->c, member, exactly ? 1 : 0, 1);
}

/* Intersected from the last item in the order of branching to the first,
 * so that the families met are closed off from the bottom up. */
static uint32_t solve_by_and(struct build *b, const struct xc_problem *p)
{
	bool *member = xmalloc(sizeof *member * ((size_t)b->c->n_vars + 1));
	uint32_t f = ZDD_CORE_TOP; /* with no items, the empty cover alone */
	for (int i = p->n_items - 1; i >= 0 && f != ZDD_CORE_FAILED; i--) {
		uint32_t g = one_of(b, member, i, i < p->n_primary);
		f = g == ZDD_CORE_FAILED || i == p->n_items - 1 ? g : zdd_core_intersect(b->c, f, g);
	}
	free(member);
	return f;
}

/* The variables: p's options by their first primary item in the order of
 * branching, then as given; and their items as bitsets, by that order. */
static void order_options(struct build *b, const struct xc_problem *p)
{
	struct zdd *z = b->z;
	int np = p->n_primary;
	int *rank = item_order_rank(p, NULL);
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
}

/* The build's own tables, then the store within what is left of the
 * budget; false if there is no room for the store's start. */
static bool build_init(struct build *b, const struct xc_problem *p, const struct zdd_opts *o, struct zdd *z)
{
	memset(b, 0, sizeof *b);
	b->z = z;
	b->c = &z->core;
	b->words = (p->n_items + 63) / 64;
	if (!b->words)
		b->words = 1;
	z->p = p;
	z->option_of = xmalloc(sizeof *z->option_of * ((size_t)p->n_options + 1));
	b->primary_mask = xcalloc((size_t)b->words, sizeof *b->primary_mask);
	for (int i = 0; i < p->n_primary; i++)
		b->primary_mask[i / 64] |= 1ull << (i % 64);
	order_options(b, p);
	b->stack = xcalloc(((size_t)p->n_primary + 2) * (size_t)b->words, sizeof *b->stack);
	b->bytes += ((size_t)p->n_primary + 2) * (size_t)b->words * 8;
	zdd_live_init(&b->live, b->opt_bits, b->words, p->n_options, p->n_items, p->n_primary);
	b->keep_live = true;
	b->bytes += b->live.bytes;
	zdd_memo_init(&b->memo, b->c, b->words);
	return zdd_core_init(b->c, p->n_options, o ? o->cap_bytes : 0, b->bytes, o ? o->cancel : NULL);
}

static void build_free(struct build *b)
{
	free(b->opt_bits);
	free(b->first_var);
	free(b->primary_mask);
	zdd_memo_free(&b->memo);
	zdd_live_free(&b->live);
	free(b->stack);
	zdd_core_end_build(b->c);
}

enum zdd_end zdd_build(const struct xc_problem *p, const struct zdd_opts *o, struct zdd **out)
{
	double t0 = clock_seconds();
	struct zdd *z = xcalloc(1, sizeof *z);
	struct build b;
	bool ok = build_init(&b, p, o, z);
	if (ok) {
		uint64_t *start = xcalloc((size_t)b.words, sizeof *start);
		bool by_and = o && o->method == ZDD_BY_AND;
		int item = first_uncovered(&b, start);
		if (by_and)
			z->root = solve_by_and(&b, p);
		else
			z->root = item < 0 ? ZDD_CORE_TOP : solve_state(&b, start, item, 0);
		free(start);
		ok = z->root != ZDD_CORE_FAILED;
	}
	struct zdd_core *c = &z->core;
	z->st.nodes = ok ? zdd_core_close(c, z->root) : 0;
	z->st.made = c->n_nodes > 2 ? c->n_nodes - 2 : 0;
	z->st.states = b.memo.n_states;
	z->st.peak_bytes = c->peak;
	z->st.bytes = zdd_core_bytes(c) + (size_t)p->n_options * sizeof(int);
	z->st.seconds = clock_seconds() - t0;
	enum zdd_end end = ok ? ZDD_DONE : c->end;
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
	zdd_core_free(&z->core);
	free(z);
}

void zdd_stats(const struct zdd *z, struct zdd_stats *st)
{
	*st = z->st;
}

u128 zdd_count(const struct zdd *z, bool *overflow)
{
	return zdd_core_count(&z->core, z->root, overflow);
}

int zdd_sample(const struct zdd *z, struct rng *r, int *options)
{
	int n = zdd_core_sample(&z->core, z->root, r, options);
	for (int i = 0; i < n; i++)
		options[i] = z->option_of[options[i]];
	return n;
}

bool zdd_frequencies(const struct zdd *z, u128 *freq)
{
	int n = z->p->n_options;
	u128 *by_var = xmalloc(sizeof *by_var * ((size_t)n + 1));
	bool fine = zdd_core_frequencies(&z->core, z->root, by_var);
	for (int v = 0; v < n; v++)
		freq[z->option_of[v]] = by_var[v];
	free(by_var);
	return fine;
}
