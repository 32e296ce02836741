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
	/* the solutions at each level's try (u128) first, for their alignment */
	u128 *sol_at_try = xcalloc(levels * sizeof(u128) + (6 * levels + 4 * items) * sizeof(int32_t), 1);
	int32_t *b = (int32_t *)(sol_at_try + levels);
	d->search_block = sol_at_try;
	struct search_levels arrays = { .sol_at_try = sol_at_try };
	arrays.degree = b, b += levels;
	arrays.kth = b, b += levels;
	d->choice = b, b += levels;
	d->best = b, b += levels;
	d->held_base = b, b += levels;
	d->held_n = b, b += levels;
	d->held = b, b += items;
	d->held_len = b, b += items;
	d->held_hidden = b, b += items;
	d->mark = (uint32_t *)b;
	search_init_fixed(&d->s, d->depth, &arrays, d->depth);
	d->active_primary = d->n_primary;
	d->low_primary = 1;
	d->fork_level = INT_MAX;
}

struct dlx *dlx_clone(const struct dlx *tpl)
{
	assert(tpl->s.phase == SEARCH_START && tpl->active_primary == tpl->n_primary);
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
	assert(d->s.phase == SEARCH_START && d->active_primary == d->n_primary);
	d->track_empty = track_empty;
	d->skip_own = skip_own;
}

bool dlx_preset(struct dlx *d, int option)
{
	assert(d->s.phase == SEARCH_START);
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
	uint64_t updates = d->s.st.updates, links = d->s.st.links, mems = d->s.st.mems;
	for (int nn = first; nn < end; nn++)
		dlx_cover(d, d->itm[nn]);
	d->s.st.updates = updates, d->s.st.links = links, d->s.st.mems = mems;
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
	search_free(&d->s);
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
		d->s.st.mems += (uint64_t)size + 1;
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
		d->s.st.updates += 1 + (uint64_t)hh[i];
		d->s.st.mems += 2 * (4 + 3 * (uint64_t)hl[i] + 6 * (uint64_t)hh[i]);
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
	d->s.st.mems += (uint64_t)size + 1; /* DLX1's walk along the option */
}

/* Unwind whatever the search has covered, back to the root. */
static void unwind(struct dlx *d)
{
	if (d->s.phase == SEARCH_START || d->s.phase == SEARCH_DONE)
		return;
	/* The item of the node at the search's level is covered once its
	 * first option is tried, and until the last is taken back (FORWARD
	 * and CHOSEN: not yet; LEAF: a solution, or a node the memo knew,
	 * covers nothing). */
	bool best_covered = d->s.phase == SEARCH_TRIED || d->s.phase == SEARCH_UNDONE;
	for (int l = d->s.level; l >= 0; l--) {
		if (l < d->s.level || best_covered) {
			uncover_held(d, l, 0);
			dlx_uncover(d, d->best[l]);
		}
	}
}

void dlx_restart(struct dlx *d)
{
	unwind(d);
	search_restart(&d->s);
	d->unit_seq = 0;
	d->fork_level = INT_MAX;
	d->memo_off = false;
	d->memo_lookups = d->memo_found = 0;
	if (d->pending) {
		memset(d->pending, 0, sizeof *d->pending * (size_t)d->depth);
		memset(d->looked_up, 0, sizeof *d->looked_up * (size_t)d->depth);
	}
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
 * overlap: the scan is bound by their latency, not by the loads.  No
 * list is shorter than floor (the caller knows): the first eight that
 * hold one of that length end the scan, the first of them being the
 * answer.  Sudoku's choices without a forced item mostly have one of
 * two, met a fraction of the way along: 3% faster on the hardest set.
 * Without a floor (stop false) the test is left out of the copy, which
 * cost Langford pairs and queens 1%. */
static DLX_ALWAYS_INLINE int shortest_as(const int32_t *len, int n, int32_t floor, int32_t *min, const bool stop)
{
	const v4i32 eight = { 8, 8, 8, 8 }, at_floor = { floor, floor, floor, floor };
	v4i32 min_a = { INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX }, min_b = min_a;
	v4i32 idx_a = { 0, 0, 0, 0 }, idx_b = idx_a;
	v4i32 at_a = { 1, 2, 3, 4 }, at_b = { 5, 6, 7, 8 };
	int i = 1;
	bool floor_met = false;
	for (; i + 7 <= n && !floor_met; i += 8, at_a += eight, at_b += eight) {
		v4i32 a = load4(len + i), b = load4(len + i + 4);
		v4i32 less_a = a < min_a, less_b = b < min_b; /* all ones where smaller */
		min_a = (a & less_a) | (min_a & ~less_a);
		idx_a = (at_a & less_a) | (idx_a & ~less_a);
		min_b = (b & less_b) | (min_b & ~less_b);
		idx_b = (at_b & less_b) | (idx_b & ~less_b);
		floor_met = stop && any4((a <= at_floor) | (b <= at_floor));
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
	for (; i <= n && !floor_met; i++)
		if (len[i] < t)
			t = len[i], best = i;
	*min = t;
	return best;
}

/* The first shortest list; none is shorter than floor (0: none known). */
static int shortest(const int32_t *len, int n, int32_t floor, int32_t *min)
{
	return floor > 0 ? shortest_as(len, n, floor, min, true) : shortest_as(len, n, 0, min, false);
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
static int shortest(const int32_t *len, int n, int32_t floor, int32_t *min)
{
	(void)floor;
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
	int32_t floor = 0;
	if (d->track_empty && (d->empty_primary || d->rule == DLX_MRV)) {
		best = first_at_most(len, n, d->empty_primary ? 0 : 1);
		if (best) {
			*t = len[best];
			return off + best;
		}
		floor = 2; /* no list is empty (counted), none of one (looked) */
	}
	if (d->rule == DLX_MRV)
		return off + shortest(len, n, floor, t);
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
	d->s.st.mems += 1 + 2 * visited;
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
	d->s.st.memo_hits++;
	d->s.st.solutions = stats_add_count(d->s.st.solutions, count, &d->s.st.overflow);
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
	if (d->s.degree[level] == 0) {
		memo_put(d->memo, key, signature(d, key), 0);
		d->s.st.memo_stores++;
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
	d->entry_count[level] = d->s.st.solutions;
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
	if (!d->memo_off && !d->s.st.overflow) {
		memo_put(d->memo, level_key(d, level), d->key_hash[level], d->s.st.solutions - d->entry_count[level]);
		d->s.st.memo_stores++;
	}
}

#ifdef LD_DEBUG_LINKS
static void debug_check(const struct dlx *d)
{
	struct diag err;
	if (!dlx_check(d, &err)) {
		fprintf(stderr, "linkdance: dancing links corrupted at level %d: %s\n", d->s.level, err.msg);
		abort();
	}
}
#else
#define debug_check(d) ((void)0)
#endif

/* ---- the search ----------------------------------------------------
 * Knuth's Algorithm X as DLX1 runs it, its steps named as his: X2 enter
 * a level (or a solution), X3 choose an item, X4 cover it, X5 try an
 * option, X6 try the next one, X7 uncover the item, X8 leave the level.
 * The loop, with stopping anywhere and resuming, the budget, the cancel
 * and the events, is the skeleton's (search.h); the steps are the hooks
 * below.  dlx1.c is the same search in its plainest form.  What this one
 * adds: the memo (a node answered without searching it, an option passed
 * by when the cache knows where it leads) and the split (nodes at the
 * split's level that another thread searches, passed by uncounted). */

/* X8's bookkeeping on leaving the node at level, searched or answered by
 * the memo; and the way back up to its parent, charged as DLX1 charges
 * it. */
static inline void leave_node(struct dlx *d, int level)
{
	if (d->pending && d->pending[level])
		memo_leave(d, level);
	if (d->has_split && level == d->split.level)
		d->split.leave(d->split.ctx, d->unit, d);
	if (level == d->fork_level)
		d->fork_level = INT_MAX; /* the nodes above it have one choice each */
	if (level > 0)
		d->s.st.mems += 2;
}

/* At the top of a node at the split's level: the next unit, unless the
 * node is a solution (the split counts the nodes with choices).  Passed
 * by if the unit is someone else's; the way back up is then charged as
 * X8 charges it, so that the work above the units is the same in every
 * thread. */
SEARCH_HOOK bool dlx_pass_by(void *eng, int level)
{
	struct dlx *d = eng;
	if (!d->has_split || level != d->split.level || d->active_primary == 0)
		return false;
	/* the callback may read the path (dlx_path, dlx_path_weight) */
	d->s.phase = SEARCH_FORWARD;
	d->s.level = level;
	d->unit = d->unit_seq++;
	if (d->split.enter(d->split.ctx, d->unit, d))
		return false;
	d->s.st.mems += 2;
	return true;
}

/* X2 and X3: a solution when the option above covered the last primary
 * item; else the item to branch on.  A node the memo knows is done. */
SEARCH_HOOK enum search_node dlx_enter(void *eng, int level)
{
	struct dlx *d = eng;
	if (d->active_primary == 0)
		return SEARCH_SOLUTION;
	debug_check(d);
	int deg;
	int best = dlx_choose(d, &deg);
	d->best[level] = best;
	d->s.degree[level] = deg;
	if (deg > 1 && level < d->fork_level)
		d->fork_level = level;
	d->held_base[level] = level ? d->held_base[level - 1] + d->held_n[level - 1] : 0;
	d->held_n[level] = 0;
	if (d->memo && memo_enter(d, level)) {
		leave_node(d, level);
		return SEARCH_KNOWN;
	}
	return SEARCH_BRANCH;
}

/* X4 at the first call (the item covered), X5 and X6 after: the next
 * option placed, unless the memo knows where it leads; X7 and X8 when
 * none is left. */
SEARCH_HOOK enum search_step dlx_try_next(void *eng, int level)
{
	struct dlx *d = eng;
	int best = d->best[level], cur;
	if (d->s.kth[level] < 0) {
		dlx_cover(d, best);
		cur = d->first[best];
		d->s.st.mems += 2;
		if (memo_ahead(d, level))
			memo_prefetch_children(d, level, best);
	} else {
		cur = d->nd[d->choice[level]].down;
	}
	d->s.kth[level]++;
	while (cur != best) {
		if (memo_ahead(d, level) && memo_skip_option(d, level, cur)) {
			cur = d->nd[cur].down;
			d->s.kth[level]++;
			continue;
		}
		d->choice[level] = cur;
		place(d, level, cur);
		d->s.st.mems++; /* X2's test for a solution */
		return SEARCH_TRIED_ONE;
	}
	uncover_held(d, level, 0);
	dlx_uncover(d, best);
	leave_node(d, level);
	return SEARCH_NONE_LEFT;
}

/* X6's taking back of the option at level.  DLX1 uncovers its items here;
 * they wait for place() or X7, but the walk along the option is charged
 * now. */
SEARCH_HOOK void dlx_undo(void *eng, int level)
{
	struct dlx *d = eng;
	d->s.st.mems += (uint64_t)d->size[d->choice[level]] + 1 + 2;
}

SEARCH_HOOK bool dlx_solution_stops(void *eng)
{
	struct dlx *d = eng;
	return d->on_solution && d->on_solution(d->on_solution_ctx, d);
}

/* Events: the subject is the item branched on, a choice an option (both
 * problem ids, from 0). */
SEARCH_HOOK void dlx_describe(void *eng, struct engine_event *ev)
{
	struct dlx *d = eng;
	int level = ev->level;
	if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->subject = d->best[level] - 1;
	if (ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->choice = d->opt_of[d->choice[level]];
}

static const struct search_hooks dlx_hooks = {
	.pass_by = dlx_pass_by,
	.enter = dlx_enter,
	.try_next = dlx_try_next,
	.undo = dlx_undo,
	.on_solution = dlx_solution_stops,
	.describe = dlx_describe,
};

enum engine_status dlx_run(struct dlx *d, const struct engine_ctl *ctl)
{
	assert(!(d->memo && (ctl->report_solutions || ctl->step || d->on_solution)));
	return search_run(&d->s, &dlx_hooks, d, ctl);
}

const struct xc_problem *dlx_problem(const struct dlx *d)
{
	return d->xc;
}

const struct search_stats *dlx_stats(const struct dlx *d)
{
	return &d->s.st;
}

const struct engine_event *dlx_event(const struct dlx *d)
{
	return &d->s.ev;
}

void dlx_set_on_solution(struct dlx *d, dlx_solution_fn *fn, void *ctx)
{
	d->on_solution = fn;
	d->on_solution_ctx = ctx;
}

int dlx_path(const struct dlx *d, int *options)
{
	int n = search_path_len(&d->s);
	for (int l = 0; l < n; l++)
		options[l] = d->opt_of[d->choice[l]];
	return n;
}

double dlx_progress(const struct dlx *d, int from_level)
{
	return search_progress_from(&d->s, from_level, false);
}

double dlx_path_weight(const struct dlx *d)
{
	double w = 1.0;
	for (int l = 0; l < d->s.level; l++)
		if (d->s.degree[l] > 0)
			w /= d->s.degree[l];
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
	       (size_t)d->depth * (6 * sizeof(int32_t) + sizeof(u128)) +
	       (size_t)(d->n_items + 1) * 4 * sizeof(int32_t);
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
