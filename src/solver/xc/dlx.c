#include "config.h"

#include "solver/xc/dlx.h"

#include <assert.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/xc/dlx_impl.h"
#include "solver/xc/memo.h"
#include "util/xalloc.h"

static void alloc_search(struct dlx *d);

/* An event with no subject, choice or index. */
static inline void set_event(struct dlx *d, enum engine_event_kind kind, int level)
{
	d->ev = (struct engine_event){ .kind = kind, .level = level, .subject = -1, .choice = -1, .index = -1 };
}

/* CHOOSE: the item of the node at level, with its options. */
static void set_choose_event(struct dlx *d, int level)
{
	set_event(d, ENGINE_EV_CHOOSE, level);
	d->ev.subject = d->best[level] - 1;
	d->ev.choices = d->degree[level];
}

/* TRY or UNDO of the option through node p, the index-th of the level's. */
static void set_try_event(struct dlx *d, enum engine_event_kind kind, int level, int p, int index)
{
	set_event(d, kind, level);
	d->ev.subject = d->best[level] - 1;
	d->ev.choices = d->degree[level];
	d->ev.choice = d->opt_of[p];
	d->ev.index = index;
}

struct dlx *dlx_new(const struct xc_problem *p, enum dlx_rule rule)
{
	struct dlx *d = xcalloc(1, sizeof *d);
	d->xc = p;
	d->rule = rule;
	d->n_items = p->n_items;
	d->n_primary = p->n_primary;
	d->first_node = p->n_items + 1;
	d->n_nodes = d->first_node + xc_entries(p);
	d->nd = xcalloc((size_t)d->n_nodes, sizeof *d->nd);
	d->itm = xcalloc((size_t)d->n_nodes, sizeof *d->itm);
	d->left = xcalloc((size_t)d->n_nodes, sizeof *d->left);
	d->size = xcalloc((size_t)d->n_nodes, sizeof *d->size);
	d->len = xcalloc((size_t)d->n_items + 1, sizeof *d->len);
	d->first = xcalloc((size_t)d->n_items + 1, sizeof *d->first);
	d->opt_of = xcalloc((size_t)d->n_nodes, sizeof *d->opt_of);

	for (int i = 1; i <= d->n_items; i++)
		d->nd[i].up = d->nd[i].down = i;
	int nn = d->first_node;
	for (int k = 0; k < p->n_options; k++) {
		int size = xc_option_size(p, k);
		const int *items = xc_option_items(p, k);
		for (int j = 0; j < size; j++, nn++) {
			int c = items[j] + 1;
			struct dlx_node *x = &d->nd[nn];
			d->itm[nn] = c;
			d->left[nn] = (uint16_t)j;
			d->size[nn] = (uint16_t)size;
			/* append to the bottom of item c's list */
			x->up = d->nd[c].up;
			x->down = c;
			d->nd[x->up].down = nn;
			d->nd[c].up = nn;
			d->len[c]++;
			d->opt_of[nn] = k;
		}
	}

	d->track_empty = d->n_primary >= DLX_TRACK_EMPTY_MIN;
	d->skip_own = p->n_options > 0 && xc_entries(p) <= DLX_SKIP_OWN_MAX * p->n_options;
	for (int i = 1; i <= d->n_primary; i++)
		d->empty_primary += d->len[i] == 0;
	alloc_search(d);
	return d;
}

/* What one search keeps per level and per item, besides the links. */
static void alloc_search(struct dlx *d)
{
	/* Each level covers a primary item, so there are at most n_primary
	 * levels of choices, and one more for the solution node.  The items
	 * held at all levels are distinct: n_items is room enough.  One
	 * block for all of it: a batch of small puzzles makes a search each. */
	d->depth = d->n_primary + 2;
	size_t levels = (size_t)d->depth, items = (size_t)d->n_items + 1;
	int32_t *b = xcalloc(6 * levels + 4 * items, sizeof *b);
	d->search_block = b;
	d->choice = b, b += levels;
	d->best = b, b += levels;
	d->degree = b, b += levels;
	d->kth = b, b += levels;
	d->held_base = b, b += levels;
	d->held_n = b, b += levels;
	d->held = b, b += items;
	d->held_len = b, b += items;
	d->held_hidden = b, b += items;
	d->mark = (uint32_t *)b;
	stats_init(&d->st, d->depth);
	d->active_primary = d->n_primary;
	d->low_primary = 1;
	d->fork_level = INT_MAX;
	d->phase = PH_START;
	set_event(d, ENGINE_EV_NONE, 0);
}

struct dlx *dlx_clone(const struct dlx *tpl)
{
	assert(tpl->phase == PH_START && tpl->active_primary == tpl->n_primary);
	struct dlx *d = xcalloc(1, sizeof *d);
	d->xc = tpl->xc;
	d->rule = tpl->rule;
	d->n_items = tpl->n_items;
	d->n_primary = tpl->n_primary;
	d->first_node = tpl->first_node;
	d->n_nodes = tpl->n_nodes;
	d->shared_layout = true;
	d->itm = tpl->itm;
	d->left = tpl->left;
	d->size = tpl->size;
	d->opt_of = tpl->opt_of;
	d->nd = xmemdup(tpl->nd, (size_t)d->n_nodes * sizeof *d->nd);
	d->len = xmemdup(tpl->len, ((size_t)d->n_items + 1) * sizeof *d->len);
	d->first = xcalloc((size_t)d->n_items + 1, sizeof *d->first);
	d->track_empty = tpl->track_empty;
	d->skip_own = tpl->skip_own;
	d->empty_primary = tpl->empty_primary;
	alloc_search(d);
	return d;
}

void dlx_set_ways(struct dlx *d, bool track_empty, bool skip_own)
{
	assert(d->phase == PH_START && d->active_primary == d->n_primary);
	d->track_empty = track_empty;
	d->skip_own = skip_own;
}

bool dlx_preset(struct dlx *d, int option)
{
	assert(d->phase == PH_START);
	const struct xc_problem *p = d->xc;
	if (option < 0 || option >= p->n_options)
		return false;
	int first = d->first_node + p->opt_start[option], end = first + xc_option_size(p, option);
	for (int nn = first; nn < end; nn++)
		if (d->len[d->itm[nn]] >= DLX_COVERED)
			return false;
	/* Covering the first item hides the option from its other items'
	 * lists, as when a search places it; the rest are then covered.  The
	 * work is the setting up of the problem, not the search's. */
	uint64_t updates = d->st.updates, links = d->st.links, mems = d->st.mems;
	for (int nn = first; nn < end; nn++)
		dlx_cover(d, d->itm[nn]);
	d->st.updates = updates, d->st.links = links, d->st.mems = mems;
	return true;
}

void dlx_free(struct dlx *d)
{
	if (!d)
		return;
	if (!d->shared_layout) {
		free(d->itm);
		free(d->left);
		free(d->size);
		free(d->opt_of);
	}
	free(d->nd);
	free(d->len);
	free(d->first);
	free(d->search_block);
	free(d->keys);
	free(d->key_hash);
	free(d->child_key);
	free(d->entry_count);
	free(d->pending);
	free(d->looked_up);
	stats_free(&d->st);
	free(d);
}

/* Placing an option covers its items (all but the one branched on), and
 * taking it back uncovers them, as in DLX1; but the uncovering is put off
 * until the next option of the level is placed, and the items the two
 * share, as a prefix of the order in which they were covered, stay
 * covered.  Consecutive options in a list are mostly placements of the
 * same piece, whose item is the costliest to cover: DLX1 uncovers it and
 * covers it again, to the very same state.  The work saved is charged all
 * the same, from the length and hidden count recorded when the item was
 * covered: a cover's cost depends only on the state it starts from, and
 * the totals of covering a set of items do not depend on their order
 * (every option hidden is charged once, to whichever of its items is
 * covered first), so nodes, updates and mems stay DLX1's. */

static void uncover_held(struct dlx *d, int level, int keep)
{
	int32_t *held = d->held + d->held_base[level];
	for (int i = d->held_n[level] - 1; i >= keep; i--)
		dlx_uncover(d, held[i]);
	d->held_n[level] = keep;
}

static uint32_t next_mark(struct dlx *d)
{
	if (++d->mark_gen == 0) {
		memset(d->mark, 0, sizeof *d->mark * ((size_t)d->n_items + 1));
		d->mark_gen = 1;
	}
	return d->mark_gen;
}

/* Place the option through node p at this level: see above. */
static void place(struct dlx *d, int level, int p)
{
	int first = p - d->left[p], size = d->size[p];
	int base = d->held_base[level], n = d->held_n[level], keep = 0;
	int32_t *held = d->held + base, *hl = d->held_len + base, *hh = d->held_hidden + base;

	if (n == 0) {
		/* The first option of the level: nothing held to compare with
		 * (the common case where most choices are forced). */
		for (int nn = first; nn < first + size; nn++) {
			if (nn == p)
				continue;
			int c = d->itm[nn];
			dlx_cover(d, c);
			held[keep] = c;
			hl[keep] = d->last_len;
			hh[keep] = (int32_t)d->last_hidden;
			keep++;
		}
		d->held_n[level] = keep;
		d->st.mems += (uint64_t)size + 1;
		return;
	}
	uint32_t in_option = next_mark(d);
	for (int nn = first; nn < first + size; nn++)
		d->mark[d->itm[nn]] = in_option;
	while (keep < n && d->mark[held[keep]] == in_option)
		keep++;
	uncover_held(d, level, keep);

	uint32_t kept = next_mark(d);
	for (int i = 0; i < keep; i++) {
		/* DLX1 would uncover this item and cover it again */
		d->mark[held[i]] = kept;
		d->st.updates += 1 + (uint64_t)hh[i];
		d->st.mems += 2 * (4 + 3 * (uint64_t)hl[i] + 6 * (uint64_t)hh[i]);
	}
	for (int nn = first; nn < first + size; nn++) {
		int c = d->itm[nn];
		if (nn == p || d->mark[c] == kept)
			continue;
		dlx_cover(d, c);
		held[keep] = c;
		hl[keep] = d->last_len;
		hh[keep] = (int32_t)d->last_hidden;
		keep++;
	}
	d->held_n[level] = keep;
	d->st.mems += (uint64_t)size + 1; /* DLX1's walk along the option */
}

/* Unwind whatever the search has covered, back to the root. */
static void unwind(struct dlx *d)
{
	if (d->phase == PH_START || d->phase == PH_DONE)
		return;
	/* At PH_FORWARD and PH_CHOSEN nothing is covered at this level yet. */
	bool best_covered = d->phase == PH_PLACED || d->phase == PH_SOLVED || d->phase == PH_REMOVED;
	for (int l = d->level; l >= 0; l--) {
		if (l < d->level || best_covered) {
			uncover_held(d, l, 0);
			dlx_uncover(d, d->best[l]);
		}
	}
}

void dlx_restart(struct dlx *d)
{
	unwind(d);
	d->phase = PH_START;
	d->level = 0;
	d->unit_seq = 0;
	d->fork_level = INT_MAX;
	d->memo_off = false;
	d->memo_lookups = d->memo_found = 0;
	if (d->pending) {
		memset(d->pending, 0, sizeof *d->pending * (size_t)d->depth);
		memset(d->looked_up, 0, sizeof *d->looked_up * (size_t)d->depth);
	}
	stats_clear(&d->st);
	set_event(d, ENGINE_EV_NONE, 0);
}

/* The scan for the shortest list runs over the lengths four at a time
 * (GCC's and Clang's vector types: SSE2 on any x86-64, NEON on arm64),
 * keeping in each lane its own smallest length and where it was first
 * met.  The first item with the overall minimum is then the lowest index
 * among the lanes that hold it: a lane keeps its first occurrence, and the
 * overall first is some lane's first.  A problem with a few hundred
 * primary items (Sudoku has 324) spends most of its time here otherwise. */
#if defined(__GNUC__) || defined(__clang__)
typedef int32_t v4i32 __attribute__((vector_size(16)));

static inline v4i32 load4(const int32_t *p)
{
	v4i32 v;
	memcpy(&v, p, sizeof v);
	return v;
}

static inline bool any4(v4i32 v)
{
	uint64_t w[2];
	memcpy(w, &v, sizeof w);
	return (w[0] | w[1]) != 0;
}

/* Two pairs of lanes' minima, so that two compare-and-blend chains
 * overlap: the scan is bound by their latency, not by the loads. */
static int shortest(const int32_t *len, int n, int32_t *min)
{
	const v4i32 eight = { 8, 8, 8, 8 };
	v4i32 min_a = { INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX }, min_b = min_a;
	v4i32 idx_a = { 0, 0, 0, 0 }, idx_b = idx_a;
	v4i32 at_a = { 1, 2, 3, 4 }, at_b = { 5, 6, 7, 8 };
	int i = 1;
	for (; i + 7 <= n; i += 8, at_a += eight, at_b += eight) {
		v4i32 a = load4(len + i), b = load4(len + i + 4);
		v4i32 less_a = a < min_a, less_b = b < min_b; /* all ones where smaller */
		min_a = (a & less_a) | (min_a & ~less_a);
		idx_a = (at_a & less_a) | (idx_a & ~less_a);
		min_b = (b & less_b) | (min_b & ~less_b);
		idx_b = (at_b & less_b) | (idx_b & ~less_b);
	}
	/* The lanes' minima as keys (length above, index below), so that the
	 * least key is the shortest list, first in order: a minimum without
	 * branches.  Comparing length then index branch by branch missed the
	 * branch predictor on ties, a fifth of 14 queens' mispredicts.  A lane
	 * never lowered keeps (INT32_MAX, 0), which any list beats. */
	uint64_t kmin = UINT64_MAX;
	for (int k = 0; k < 4; k++) {
		uint64_t ka = (uint64_t)(uint32_t)min_a[k] << 32 | (uint32_t)idx_a[k];
		uint64_t kb = (uint64_t)(uint32_t)min_b[k] << 32 | (uint32_t)idx_b[k];
		kmin = ka < kmin ? ka : kmin;
		kmin = kb < kmin ? kb : kmin;
	}
	int32_t t = (int32_t)(kmin >> 32);
	int best = (int)(uint32_t)kmin;
	for (; i <= n; i++)
		if (len[i] < t)
			t = len[i], best = i;
	*min = t;
	return best;
}

/* The first item whose length is at most floor, or 0: a plain search,
 * eight lengths at a time, cheaper than keeping minima. */
static int first_at_most(const int32_t *len, int n, int32_t floor)
{
	const v4i32 low = { floor, floor, floor, floor };
	int i = 1;
	for (; i + 7 <= n; i += 8)
		if (any4((load4(len + i) <= low) | (load4(len + i + 4) <= low)))
			break;
	for (; i <= n; i++)
		if (len[i] <= floor)
			return i;
	return 0;
}

/* Uncovered items among 1..last. */
static int active_up_to(const int32_t *len, int last)
{
	const v4i32 covered = { DLX_COVERED, DLX_COVERED, DLX_COVERED, DLX_COVERED };
	v4i32 acc = { 0, 0, 0, 0 };
	int i = 1;
	for (; i + 3 <= last; i += 4)
		acc -= load4(len + i) < covered; /* a true lane is -1 */
	int n = acc[0] + acc[1] + acc[2] + acc[3];
	for (; i <= last; i++)
		n += len[i] < DLX_COVERED;
	return n;
}
#else
static int shortest(const int32_t *len, int n, int32_t *min)
{
	int32_t t = INT32_MAX;
	int best = 0;
	for (int i = 1; i <= n; i++)
		if (len[i] < t)
			t = len[i], best = i;
	*min = t;
	return best;
}

static int first_at_most(const int32_t *len, int n, int32_t floor)
{
	for (int i = 1; i <= n; i++)
		if (len[i] <= floor)
			return i;
	return 0;
}

static int active_up_to(const int32_t *len, int last)
{
	int n = 0;
	for (int i = 1; i <= last; i++)
		n += len[i] < DLX_COVERED;
	return n;
}
#endif

/* The item by the rule, and its length in *t.  When empty lists are
 * counted (track_empty), a short search often settles it: the first
 * empty list if there is one (both rules take it); else, for MRV, the
 * first list of one, as short as any then. */
static int choose_item(struct dlx *d, int32_t *t)
{
	/* Some primary item is in play: the first is at low_primary or after
	 * it.  The scans below see the items from there on, as 1.. of `len`. */
	int from = d->low_primary;
	while (d->len[from] >= DLX_COVERED)
		from++;
	d->low_primary = from;
	int off = from - 1, n = d->n_primary - off, best;
	const int32_t *len = d->len + off;
	if (d->track_empty && (d->empty_primary || d->rule == DLX_MRV)) {
		best = first_at_most(len, n, d->empty_primary ? 0 : 1);
		if (best) {
			*t = len[best];
			return off + best;
		}
	}
	if (d->rule == DLX_MRV)
		return off + shortest(len, n, t);
	if (d->track_empty) {
		/* no empty list: the first item in play */
		*t = len[1];
		return from;
	}
	/* the first item in play, unless some list is empty */
	for (int i = 1; i <= n; i++) {
		if (len[i] == 0) {
			*t = 0;
			return off + i;
		}
	}
	*t = len[1];
	return from;
}

int dlx_choose(struct dlx *d, int *deg)
{
	int32_t t;
	int best = choose_item(d, &t);
	/* DLX1 walks the list of active items until it meets an empty one:
	 * 1 + 2v mems for v items visited. */
	int off = d->low_primary - 1; /* no item in play before it */
	uint64_t visited = t == 0 ? (uint64_t)active_up_to(d->len + off, best - off) : (uint64_t)d->active_primary;
	d->st.mems += 1 + 2 * visited;
	*deg = t;
	return best;
}

/* ---- the memo's steps ------------------------------------------------
 * Counting with the memo, a node whose subproblem (its signature: the
 * items still in play) was met before takes its count from the cache
 * instead of being searched, and a node searched stores its count on the
 * way out.  The search calls these at four points: entering a node
 * (memo_enter), covering its item (the children's slots prefetched),
 * before placing each option (memo_skip_option) and leaving the node
 * (memo_leave). */

/* The memo signature: which items still matter.  An uncovered secondary
 * item with no options left constrains nothing, so it is left out. */
static uint64_t signature(const struct dlx *d, uint64_t *key)
{
	const int32_t *len = d->len;
	memset(key, 0, sizeof *key * (size_t)d->key_words);
	for (int i = 1; i <= d->n_items; i++) {
		int32_t l = len[i];
		bool on = i <= d->n_primary ? l < DLX_COVERED : (l > 0 && l < DLX_COVERED);
		if (on)
			key[(i - 1) >> 6] |= (uint64_t)1 << ((i - 1) & 63);
	}
	return memo_hash(key, d->key_words);
}

/* Room for the signatures grows with the deepest level that needs one:
 * a deep search whose memo works only near the top (or, forced, not at
 * all) holds no n-bit signature for each of its n levels. */
static inline uint64_t *level_key(struct dlx *d, int level)
{
	if (level >= d->key_levels) {
		int n = level < d->depth / 2 ? 2 * level + 1 : d->depth;
		d->keys = xreallocarray(d->keys, (size_t)n * (size_t)d->key_words, sizeof *d->keys);
		d->key_levels = n;
	}
	return d->keys + (size_t)level * (size_t)d->key_words;
}

/* The memo answers for the node at level: it has a cache, still in use,
 * and the node is below the first fork (see fork_level) and not above
 * memo_min_level. */
static inline bool memo_here(const struct dlx *d, int level)
{
	return d->memo && level >= d->memo_min_level && level > d->fork_level && !d->memo_off;
}

/* The options of the node at level will be looked up before they are
 * placed: its own count is to be stored, and its children are in the
 * memo's reach. */
static inline bool memo_ahead(const struct dlx *d, int level)
{
	return d->pending && d->pending[level] && memo_here(d, level + 1);
}

/* The signature of the child that placing the option through node p
 * makes at this level, in d->child_key; false if it has no primary item
 * left (the option completes a solution). */
static bool child_signature(struct dlx *d, int level, int p)
{
	uint64_t *key = d->child_key;
	memcpy(key, level_key(d, level), sizeof *key * (size_t)d->key_words);
	int first = p - d->left[p];
	for (int nn = first; nn < first + d->size[p]; nn++) {
		int i = d->itm[nn] - 1;
		key[i >> 6] &= ~((uint64_t)1 << (i & 63));
	}
	bool open = false;
	for (int w = 0; w < (d->n_primary + 63) / 64 && !open; w++) {
		uint64_t mask = w < d->n_primary / 64 ? ~(uint64_t)0 : ((uint64_t)1 << (d->n_primary % 64)) - 1;
		open = (key[w] & mask) != 0;
	}
	return open;
}

/* The slots of the children's signatures on their way to the cache
 * while the first ones are searched: most are looked up once, far apart
 * in a table much larger than the caches (IQ Fit's count: a sixth of
 * its time was spent waiting on them). */
static void memo_prefetch_children(struct dlx *d, int level, int best)
{
	for (int p = d->first[best]; p != best; p = d->nd[p].down)
		if (child_signature(d, level, p))
			memo_prefetch(d->memo, memo_hash(d->child_key, d->key_words));
}

/* Before placing the option through node p at this level, look up the
 * subproblem it leads to: the level's signature without the option's
 * items.  A hit saves placing the option, entering the child and taking
 * the option back.  Returns true (and the count) on a hit. */
static bool memo_look_ahead(struct dlx *d, int level, int p, u128 *count)
{
	if (!child_signature(d, level, p))
		return false;
	uint64_t *key = d->child_key;
	d->memo_lookups++;
	bool hit = memo_get(d->memo, key, memo_hash(key, d->key_words), count);
	if (hit)
		d->memo_found++;
	/* The child's own signature leaves out secondary items with no options,
	 * which this one cannot see; without secondary items they agree, and
	 * the child need not look again. */
	else if (d->n_items == d->n_primary)
		d->looked_up[level + 1] = true;
	return hit;
}

/* After MEMO_TRIAL lookups an adaptive search judges whether the cache
 * answers often enough to keep. */
static void memo_judge(struct dlx *d)
{
	if (d->memo_adaptive && d->memo_lookups == MEMO_TRIAL &&
	    !memo_worth_keeping(d->memo, d->memo_lookups, d->memo_found))
		d->memo_off = true;
}

/* Add a count found in the cache to the solutions. */
static void memo_add_count(struct dlx *d, u128 count)
{
	d->st.memo_hits++;
	d->st.solutions = stats_add_count(d->st.solutions, count, &d->st.overflow);
}

/* Entering the node at level, its item chosen.  A dead end is a count
 * too, 0: stored, the parent's look-ahead answers it the next time
 * without placing the option (in IQ Fit's count, 84% of the nodes are
 * dead ends and two thirds of them repeat one already met).  Otherwise
 * the node is looked up, unless its parent did so already: true on a hit,
 * its count taken, and the node is done; else its count is to be stored
 * when it is left. */
static bool memo_enter(struct dlx *d, int level)
{
	if (!memo_here(d, level))
		return false;
	uint64_t *key = level_key(d, level);
	if (d->degree[level] == 0) {
		memo_put(d->memo, key, signature(d, key), 0);
		d->st.memo_stores++;
		d->looked_up[level] = false;
		return false;
	}
	d->key_hash[level] = signature(d, key);
	if (!d->looked_up[level]) {
		u128 count;
		d->memo_lookups++;
		bool hit = memo_get(d->memo, key, d->key_hash[level], &count);
		if (hit) {
			d->memo_found++;
			memo_add_count(d, count);
		}
		memo_judge(d);
		if (hit)
			return true;
	}
	d->looked_up[level] = false;
	d->pending[level] = true;
	d->entry_count[level] = d->st.solutions;
	return false;
}

/* Before placing the option through node p: true if the cache knows the
 * count of what it leads to, which is then taken. */
static bool memo_skip_option(struct dlx *d, int level, int p)
{
	u128 count;
	bool hit = memo_look_ahead(d, level, p, &count);
	if (hit)
		memo_add_count(d, count);
	memo_judge(d);
	return hit;
}

/* Leaving a node whose count is to be stored: the solutions found since
 * it was entered.  A saturated count is no count: never cached. */
static void memo_leave(struct dlx *d, int level)
{
	d->pending[level] = false;
	if (!d->memo_off && !d->st.overflow) {
		memo_put(d->memo, level_key(d, level), d->key_hash[level], d->st.solutions - d->entry_count[level]);
		d->st.memo_stores++;
	}
}

#ifdef LD_DEBUG_LINKS
static void debug_check(const struct dlx *d)
{
	struct diag err;
	if (!dlx_check(d, &err)) {
		fprintf(stderr, "linkdance: dancing links corrupted at level %d: %s\n", d->level, err.msg);
		abort();
	}
}
#else
#define debug_check(d) ((void)0)
#endif

/* ---- the search --------------------------------------------------------
 * Knuth's Algorithm X as DLX1 runs it, its steps named as his: X2 enter
 * a level (or a solution), X3 choose an item, X4 cover it, X5 try an
 * option, X6 try the next one, X7 uncover the item, X8 leave the level.
 * dlx1.c is the same search in its plainest form; dlx_run adds what the
 * engines need (stopping anywhere and resuming, events, the memo, the
 * split), each a step of its own called from the loop. */

/* Stop the run at level, to resume at phase. */
static inline enum engine_status pause_at(struct dlx *d, int level, enum dlx_phase phase, enum engine_status status)
{
	d->phase = phase;
	d->level = level;
	d->st.level = level;
	return status;
}

/* The whole tree searched. */
static enum engine_status finish(struct dlx *d)
{
	d->phase = PH_DONE;
	d->level = 0;
	set_event(d, ENGINE_EV_DONE, d->ev.level);
	return ENGINE_DONE;
}

/* A problem with no primary item has one solution, the empty choice, at
 * the root, which is its only node.  The same stops apply as at any other
 * solution (a finished board printed by `solve` goes through on_solution). */
static enum engine_status root_solution(struct dlx *d, const struct engine_ctl *ctl)
{
	d->st.nodes++;
	d->st.profile[0]++;
	d->st.solutions = stats_add_count(d->st.solutions, 1, &d->st.overflow);
	set_event(d, ENGINE_EV_SOLUTION, 0);
	d->phase = PH_DONE;
	d->level = 0;
	if (d->on_solution && d->on_solution(d->on_solution_ctx, d))
		return ENGINE_SOLUTION;
	if (ctl->step || ctl->report_solutions || ctl->max_solutions == 1)
		return ctl->step ? ENGINE_STEP : ctl->report_solutions ? ENGINE_SOLUTION : ENGINE_LIMIT;
	set_event(d, ENGINE_EV_DONE, 0);
	return ENGINE_DONE;
}

/* X2 and X3: enter the node at level and choose the item to branch on. */
static inline int enter_node(struct dlx *d, int level)
{
	int deg;
	d->st.nodes++;
	d->st.profile[level]++;
	debug_check(d);
	int best = dlx_choose(d, &deg);
	d->best[level] = best;
	d->degree[level] = deg;
	if (deg > 1 && level < d->fork_level)
		d->fork_level = level;
	d->kth[level] = 0;
	d->held_base[level] = level ? d->held_base[level - 1] + d->held_n[level - 1] : 0;
	d->held_n[level] = 0;
	return best;
}

/* X2 at a solution: the option placed at level covered the last primary
 * item.  The solution is a node of its own, one level below.  True if the
 * run stops here (*status says why). */
static inline bool solution_stops(struct dlx *d, const struct engine_ctl *ctl, int level, enum engine_status *status)
{
	struct search_stats *st = &d->st;
	st->nodes++;
	st->profile[level + 1]++;
	if (level + 1 > st->max_level)
		st->max_level = level + 1;
	st->solutions = stats_add_count(st->solutions, 1, &st->overflow);
	set_event(d, ENGINE_EV_SOLUTION, level);
	d->phase = PH_SOLVED;
	d->level = level;
	if (d->on_solution && d->on_solution(d->on_solution_ctx, d)) {
		*status = ENGINE_SOLUTION;
		return true;
	}
	if (ctl->step || ctl->report_solutions || (ctl->max_solutions && st->solutions >= ctl->max_solutions)) {
		*status = ctl->step ? ENGINE_STEP : ctl->report_solutions ? ENGINE_SOLUTION : ENGINE_LIMIT;
		return true;
	}
	return false;
}

/* X6: the option after the one through node p, which is taken back.
 * DLX1 uncovers the option's items here; they wait for place() or
 * backup, but the walk along the option is charged now. */
static inline int try_again(struct dlx *d, int level, int p)
{
	d->st.mems += (uint64_t)d->size[p] + 1 + 2;
	d->kth[level]++;
	return d->choice[level] = d->nd[p].down;
}

/* At the top of a node at the split's level: the next unit.  False if it
 * is someone else's, to be passed by uncounted; the way back up is then
 * charged as X8 charges it, so that the work above the units is the same
 * in every thread. */
static inline bool split_enter(struct dlx *d)
{
	d->unit = d->unit_seq++;
	return d->split.enter(d->split.ctx, d->unit, d);
}

/* X8's bookkeeping on leaving the node at level, searched or answered by
 * the memo. */
static inline void leave_node(struct dlx *d, int level)
{
	if (d->pending && d->pending[level])
		memo_leave(d, level);
	if (d->has_split && level == d->split.level)
		d->split.leave(d->split.ctx, d->unit, d);
	if (level == d->fork_level)
		d->fork_level = INT_MAX; /* the nodes above it have one choice each */
}

enum engine_status dlx_run(struct dlx *d, const struct engine_ctl *ctl)
{
	struct search_stats *st = &d->st;
	int level = d->level, cur = 0, best = 0, removed;
	uint64_t mems_limit = ctl->mems_budget ? st->mems + ctl->mems_budget : UINT64_MAX;
	enum engine_status status;

	assert(!(d->memo && (ctl->report_solutions || ctl->step || d->on_solution)));
	if (d->phase == PH_DONE)
		return finish(d);
	if (d->phase == PH_START && d->active_primary == 0)
		return root_solution(d, ctl);
	if (d->phase != PH_START && d->phase != PH_FORWARD) {
		best = d->best[level];
		cur = d->choice[level];
	}
	switch (d->phase) {
	case PH_START: level = 0; goto forward;
	case PH_FORWARD: goto forward;
	case PH_CHOSEN: goto chosen;
	case PH_PLACED: goto placed;
	case PH_SOLVED: goto recover;
	case PH_REMOVED: goto advance;
	case PH_DONE: break;
	}

forward: /* X2 and X3 */
	if (ctl->cancel && atomic_load_explicit(ctl->cancel, memory_order_relaxed))
		return pause_at(d, level, PH_FORWARD, ENGINE_CANCELLED);
	if (st->mems >= mems_limit)
		return pause_at(d, level, PH_FORWARD, ENGINE_BUDGET);
	d->level = level;
	if (d->has_split && level == d->split.level && !split_enter(d))
		goto up;
	best = enter_node(d, level);
	if (d->memo && memo_enter(d, level))
		goto leave;
	if (ctl->step) {
		set_choose_event(d, level);
		return pause_at(d, level, PH_CHOSEN, ENGINE_STEP);
	}
chosen: /* X4 */
	dlx_cover(d, best);
	cur = d->choice[level] = d->first[best];
	st->mems += 2;
	if (memo_ahead(d, level))
		memo_prefetch_children(d, level, best);
advance: /* X5 */
	if (cur == best)
		goto backup;
	if (memo_ahead(d, level) && memo_skip_option(d, level, cur)) {
		cur = d->choice[level] = d->nd[cur].down;
		d->kth[level]++;
		goto advance;
	}
	place(d, level, cur);
	if (ctl->step) {
		set_try_event(d, ENGINE_EV_TRY, level, cur, d->kth[level]);
		return pause_at(d, level, PH_PLACED, ENGINE_STEP);
	}
placed:
	st->mems++;
	if (d->active_primary == 0) {
		if (solution_stops(d, ctl, level, &status))
			return pause_at(d, level, PH_SOLVED, status);
		goto recover;
	}
	if (++level > st->max_level)
		st->max_level = level;
	goto forward;

backup: /* X7 */
	uncover_held(d, level, 0);
	dlx_uncover(d, best);
leave: /* X8 */
	leave_node(d, level);
	if (level == 0)
		return finish(d);
up:
	level--;
	cur = d->choice[level];
	best = d->best[level];
	st->mems += 2;
recover: /* X6 */
	removed = cur;
	cur = try_again(d, level, cur);
	if (ctl->step) {
		set_try_event(d, ENGINE_EV_UNDO, level, removed, d->kth[level] - 1);
		return pause_at(d, level, PH_REMOVED, ENGINE_STEP);
	}
	goto advance;
}

const struct xc_problem *dlx_problem(const struct dlx *d)
{
	return d->xc;
}

const struct search_stats *dlx_stats(const struct dlx *d)
{
	return &d->st;
}

const struct engine_event *dlx_event(const struct dlx *d)
{
	return &d->ev;
}

void dlx_set_on_solution(struct dlx *d, dlx_solution_fn *fn, void *ctx)
{
	d->on_solution = fn;
	d->on_solution_ctx = ctx;
}

int dlx_path(const struct dlx *d, int *options)
{
	int n = d->level;
	/* At these phases the option at the current level is in place too. */
	if (d->phase == PH_PLACED || d->phase == PH_SOLVED)
		n++;
	for (int l = 0; l < n; l++)
		options[l] = d->opt_of[d->choice[l]];
	return n;
}

double dlx_progress(const struct dlx *d, int from_level)
{
	if (d->phase == PH_DONE)
		return 1.0;
	if (d->phase == PH_START)
		return 0.0;
	double f = 0.0, w = 1.0;
	for (int l = from_level; l < d->level; l++) {
		if (d->degree[l] <= 0)
			break;
		w /= d->degree[l];
		f += w * d->kth[l];
	}
	return f;
}

double dlx_path_weight(const struct dlx *d)
{
	double w = 1.0;
	for (int l = 0; l < d->level; l++)
		if (d->degree[l] > 0)
			w /= d->degree[l];
	return w;
}

int dlx_depth(const struct dlx *d)
{
	return d->depth;
}

size_t dlx_bytes(const struct dlx *d)
{
	return (size_t)d->n_nodes * (sizeof *d->nd + sizeof *d->itm + sizeof *d->left + sizeof *d->size +
	                             sizeof *d->opt_of) +
	       (size_t)(d->n_items + 1) * (sizeof *d->len + sizeof *d->first) +
	       (size_t)d->depth * (4 * sizeof(int32_t) + sizeof(uint64_t));
}

void dlx_set_memo(struct dlx *d, struct memo *m, int min_level, bool adaptive)
{
	d->memo = m;
	d->memo_min_level = min_level;
	d->memo_adaptive = adaptive;
	d->memo_off = false;
	if (m && !d->key_hash) {
		d->key_words = (d->n_items + 63) / 64;
		assert(memo_key_words(m) == d->key_words);
		d->key_hash = xcalloc((size_t)d->depth, sizeof *d->key_hash);
		d->child_key = xcalloc((size_t)d->key_words, sizeof *d->child_key);
		d->entry_count = xcalloc((size_t)d->depth, sizeof *d->entry_count);
		d->pending = xcalloc((size_t)d->depth, sizeof *d->pending);
		d->looked_up = xcalloc((size_t)d->depth, sizeof *d->looked_up);
	}
}

bool dlx_memo_in_use(const struct dlx *d)
{
	return d->memo && !d->memo_off;
}

void dlx_set_split(struct dlx *d, const struct dlx_split *s)
{
	d->has_split = s != NULL;
	if (s)
		d->split = *s;
}

static const char *item_name(const struct dlx *d, int c)
{
	return d->xc->name[c - 1];
}

/* A covered item's list is empty, what it held a chain from first[c]
 * through nodes of c, ending at c; or, when options are unlinked as DLX1
 * does (skip_own), its list is whole and as long as its length says. */
static bool check_covered(const struct dlx *d, int c, struct diag *err)
{
	if (d->skip_own) {
		int k = 0;
		for (int q = c, p = d->nd[c].down; p != c; q = p, p = d->nd[p].down) {
			if (p < d->first_node || p >= d->n_nodes || d->itm[p] != c || d->nd[p].up != q ||
			    ++k > d->len[c] - DLX_COVERED) {
				diag_set(err, "covered item %s: its list is broken at node %d", item_name(d, c), p);
				return false;
			}
		}
		if (k != d->len[c] - DLX_COVERED) {
			diag_set(err, "covered item %s: list has %d nodes, length says %d", item_name(d, c), k,
			         d->len[c] - DLX_COVERED);
			return false;
		}
		return true;
	}
	if (d->nd[c].down != c || d->nd[c].up != c) {
		diag_set(err, "covered item %s still has a list", item_name(d, c));
		return false;
	}
	int steps = 0;
	for (int p = d->first[c]; p != c; p = d->nd[p].down) {
		if (p < d->first_node || p >= d->n_nodes || d->itm[p] != c || ++steps > d->n_nodes) {
			diag_set(err, "covered item %s: its options cannot be walked (node %d)", item_name(d, c), p);
			return false;
		}
	}
	return true;
}

static bool check_active(const struct dlx *d, int c, int32_t len, struct diag *err)
{
	int k = 0;
	for (int q = c, p = d->nd[c].down;; q = p, p = d->nd[p].down) {
		if (p < 1 || p >= d->n_nodes) {
			diag_set(err, "item %s: link to node %d out of range", item_name(d, c), p);
			return false;
		}
		if (d->nd[p].up != q) {
			diag_set(err, "item %s: node %d has up %d, expected %d", item_name(d, c), p, d->nd[p].up, q);
			return false;
		}
		if (p == c)
			break;
		if (d->itm[p] != c) {
			diag_set(err, "item %s: node %d belongs to item %d", item_name(d, c), p, d->itm[p]);
			return false;
		}
		/* An option in play is whole: none of its items is covered. */
		int first = p - d->left[p];
		for (int x = first; x < first + d->size[p]; x++)
			if (d->len[d->itm[x]] >= DLX_COVERED) {
				diag_set(err, "item %s: an option in play contains covered item %s", item_name(d, c),
				         item_name(d, d->itm[x]));
				return false;
			}
		if (++k > len) {
			diag_set(err, "item %s: list longer than its length %d", item_name(d, c), len);
			return false;
		}
	}
	if (k != len) {
		diag_set(err, "item %s: list has %d nodes, length says %d", item_name(d, c), k, len);
		return false;
	}
	return true;
}

bool dlx_check(const struct dlx *d, struct diag *err)
{
	int active = 0;
	for (int c = 1; c <= d->n_items; c++) {
		int32_t l = d->len[c];
		if (l >= DLX_COVERED) {
			/* a covered item's options have all left its list */
			if (!d->skip_own && l != DLX_COVERED) {
				diag_set(err, "covered item %s has length %d", item_name(d, c), l - DLX_COVERED);
				return false;
			}
			if (!check_covered(d, c, err))
				return false;
			continue;
		}
		if (c <= d->n_primary)
			active++;
		if (!check_active(d, c, l, err))
			return false;
	}
	int empty = 0;
	for (int c = 1; c <= d->n_primary; c++)
		empty += d->len[c] == 0;
	if (d->track_empty && empty != d->empty_primary) {
		diag_set(err, "%d primary items have no option left, counter says %d", empty, d->empty_primary);
		return false;
	}
	if (active != d->active_primary) {
		diag_set(err, "%d primary items uncovered, counter says %d", active, d->active_primary);
		return false;
	}
	return true;
}
