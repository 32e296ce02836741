#include "config.h"

#include "solver/xc/bitx.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "solver/search.h"
#include "util/xalloc.h"

struct bitx {
	enum dlx_rule rule;
	int n_items, n_primary, n_options;
	int W, PW;              /* words of a set of options, of primary items */
	uint64_t *item_opts;    /* n_items sets of options: each item's list */
	uint64_t *conflict;     /* n_options sets of options: sharing an item with it */
	uint64_t *prim;         /* n_options sets of primary items: those it covers */
	int *size;              /* items of each option */
	/* Options grouped by size, so that the nodes a set of options would
	 * hide, the sum of their sizes less one, is a few popcounts. */
	int n_cls;
	int *cls_size;
	uint64_t *cls_mask;     /* n_cls sets of options */

	/* The search (search.h): its phase, levels, degrees, counters. */
	struct search search;
	int depth;
	uint64_t *live;         /* depth sets of options: possible at each level */
	uint64_t *act;          /* depth sets of primary items: to cover at each level */
	int *best, *cur;        /* per level: the item branched on, the option in place */
	uint64_t *n_live, *w_live, *w_best; /* |S|, its hidden weight, and its best item's list's */
	bool solved;            /* the option placed last covered every primary item left */
	bool popcnt;            /* the CPU has the instruction (x86-64 beyond the baseline) */
};

bool bitx_suits(const struct xc_problem *p)
{
	return p->n_primary > 0 && p->n_options > 0 && p->n_options <= BITX_MAX_OPTIONS;
}

static inline void bit_set(uint64_t *s, int i)
{
	s[i >> 6] |= (uint64_t)1 << (i & 63);
}

struct bitx *bitx_new(const struct xc_problem *p, enum dlx_rule rule)
{
	struct bitx *b = xcalloc(1, sizeof *b);
	b->rule = rule;
	b->n_items = p->n_items;
	b->n_primary = p->n_primary;
	b->n_options = p->n_options;
	b->W = (p->n_options + 63) / 64;
	b->PW = (p->n_primary + 63) / 64;
	size_t W = (size_t)b->W, PW = (size_t)b->PW;
	b->item_opts = xcalloc((size_t)b->n_items * W + 1, sizeof *b->item_opts);
	b->conflict = xcalloc((size_t)b->n_options * W + 1, sizeof *b->conflict);
	b->prim = xcalloc((size_t)b->n_options * PW + 1, sizeof *b->prim);
	b->size = xmalloc(sizeof *b->size * (size_t)b->n_options);
	for (int o = 0; o < b->n_options; o++) {
		const int *items = xc_option_items(p, o);
		b->size[o] = xc_option_size(p, o);
		for (int j = 0; j < b->size[o]; j++) {
			bit_set(b->item_opts + (size_t)items[j] * W, o);
			if (items[j] < b->n_primary)
				bit_set(b->prim + (size_t)o * PW, items[j]);
		}
	}
	for (int o = 0; o < b->n_options; o++) {
		const int *items = xc_option_items(p, o);
		uint64_t *cf = b->conflict + (size_t)o * W;
		for (int j = 0; j < b->size[o]; j++) {
			const uint64_t *io = b->item_opts + (size_t)items[j] * W;
			for (size_t x = 0; x < W; x++)
				cf[x] |= io[x];
		}
	}
	b->cls_size = xmalloc(sizeof *b->cls_size * (size_t)b->n_options);
	for (int o = 0; o < b->n_options; o++) {
		int k = 0;
		while (k < b->n_cls && b->cls_size[k] != b->size[o])
			k++;
		if (k == b->n_cls)
			b->cls_size[b->n_cls++] = b->size[o];
	}
	b->cls_mask = xcalloc((size_t)b->n_cls * W + 1, sizeof *b->cls_mask);
	for (int o = 0; o < b->n_options; o++) {
		int k = 0;
		while (b->cls_size[k] != b->size[o])
			k++;
		bit_set(b->cls_mask + (size_t)k * W, o);
	}

	b->depth = b->n_primary + 2;
	size_t levels = (size_t)b->depth;
	b->live = xcalloc(levels * W, sizeof *b->live);
	b->act = xcalloc(levels * PW, sizeof *b->act);
	b->best = xcalloc(levels, sizeof *b->best);
	b->cur = xcalloc(levels, sizeof *b->cur);
	b->n_live = xcalloc(levels, sizeof *b->n_live);
	b->w_live = xcalloc(levels, sizeof *b->w_live);
	b->w_best = xcalloc(levels, sizeof *b->w_best);
	search_init(&b->search, b->depth, b->depth);
#if defined(__x86_64__) && defined(__GNUC__)
	__builtin_cpu_init();
	b->popcnt = __builtin_cpu_supports("popcnt");
#endif
	return b;
}

void bitx_free(struct bitx *b)
{
	if (!b)
		return;
	free(b->item_opts);
	free(b->conflict);
	free(b->prim);
	free(b->size);
	free(b->cls_size);
	free(b->cls_mask);
	free(b->live);
	free(b->act);
	free(b->best);
	free(b->cur);
	free(b->n_live);
	free(b->w_live);
	free(b->w_best);
	search_free(&b->search);
	free(b);
}

/* ---- the search ----------------------------------------------------------
 * Written once, as inline functions, and compiled twice below: with the
 * popcount instruction where the CPU has it, and without (a library call
 * per word, the baseline of x86-64), the choice made at run time. */

#define ALWAYS_INLINE inline __attribute__((always_inline))

static ALWAYS_INLINE int count_and(const uint64_t *a, const uint64_t *c, int W)
{
	/* On sets of many words, four sums, so that the popcounts need not
	 * wait on one another (Kanoodle, 28 words: 10% faster); on a few,
	 * the plain loop (14 queens, 4 words: 5% faster). */
	int n0 = 0, n1 = 0, n2 = 0, n3 = 0, x = 0;
	if (W < 8) {
		/* unrolled, with no loop to count and test: Langford pairs
		 * of 13 (4 words), 7% faster */
		switch (W) {
		case 7: n3 += __builtin_popcountll(a[6] & c[6]); /* fall through */
		case 6: n2 += __builtin_popcountll(a[5] & c[5]); /* fall through */
		case 5: n1 += __builtin_popcountll(a[4] & c[4]); /* fall through */
		case 4: n3 += __builtin_popcountll(a[3] & c[3]); /* fall through */
		case 3: n2 += __builtin_popcountll(a[2] & c[2]); /* fall through */
		case 2: n1 += __builtin_popcountll(a[1] & c[1]); /* fall through */
		default: n0 += __builtin_popcountll(a[0] & c[0]);
		}
		return n0 + n1 + n2 + n3;
	}
	for (; x + 4 <= W; x += 4) {
		n0 += __builtin_popcountll(a[x] & c[x]);
		n1 += __builtin_popcountll(a[x + 1] & c[x + 1]);
		n2 += __builtin_popcountll(a[x + 2] & c[x + 2]);
		n3 += __builtin_popcountll(a[x + 3] & c[x + 3]);
	}
	for (; x < W; x++)
		n0 += __builtin_popcountll(a[x] & c[x]);
	return n0 + n1 + n2 + n3;
}

/* The words of a live set that are not 0, where and what, in idx and val:
 * their number.  Deep in the tree the live set thins out (at a choice, on
 * average: reduced Latin squares of 7, 2.3 words of 23; Kanoodle, 5.7 of
 * 28; pentominoes 6x10, 8.8 of 33), and the lengths of the
 * lists are popcounts of those words only. */
static ALWAYS_INLINE int nonzero_words(const uint64_t *live, int W, int *idx, uint64_t *val)
{
	int n = 0;
	for (int x = 0; x < W; x++) {
		idx[n] = x;
		val[n] = live[x];
		n += live[x] != 0;
	}
	return n;
}

/* |a & live| where live's nonzero words are idx and val. */
static ALWAYS_INLINE int count_at(const uint64_t *a, const int *idx, const uint64_t *val, int n)
{
	int n0 = 0, n1 = 0, k = 0;
	for (; k + 2 <= n; k += 2) {
		n0 += __builtin_popcountll(a[idx[k]] & val[k]);
		n1 += __builtin_popcountll(a[idx[k + 1]] & val[k + 1]);
	}
	if (k < n)
		n0 += __builtin_popcountll(a[idx[k]] & val[k]);
	return n0 + n1;
}

/* The nodes a cover of the options in s would hide: their sizes less one,
 * summed. */
static ALWAYS_INLINE uint64_t weight(const struct bitx *b, const uint64_t *s, uint64_t *count, const int W)
{
	if (b->n_cls == 1) {
		int n = count_and(s, s, W);
		*count = (uint64_t)n;
		return (uint64_t)n * (uint64_t)(b->cls_size[0] - 1);
	}
	uint64_t w = 0, total = 0;
	for (int k = 0; k < b->n_cls; k++) {
		uint64_t n = (uint64_t)count_and(s, b->cls_mask + (size_t)k * (size_t)W, W);
		total += n;
		w += n * (uint64_t)(b->cls_size[k] - 1);
	}
	*count = total;
	return w;
}

/* The item by the rule among the active ones of level, its list's length
 * in *t, and in *v the items DLX1 would visit to find it. */
static ALWAYS_INLINE int choose(const struct bitx *b, const uint64_t *live, const uint64_t *act, int *t, uint64_t *v,
                                const int W, const int PW)
{
	int best = -1, first = -1;
	int tt = 1 << 30;
	uint64_t visited = 0, active = 0;
	int idx[BITX_MAX_OPTIONS / 64], nz = W;
	uint64_t val[BITX_MAX_OPTIONS / 64];
	if (W >= 8 && b->rule == DLX_MRV)
		nz = nonzero_words(live, W, idx, val);
	bool sparse = nz < W;
	for (int w = 0; w < PW; w++) {
		for (uint64_t bits = act[w]; bits; bits &= bits - 1) {
			int c = w * 64 + __builtin_ctzll(bits);
			const uint64_t *io = b->item_opts + (size_t)c * (size_t)W;
			visited++;
			if (b->rule == DLX_MRV) {
				int l = sparse ? count_at(io, idx, val, nz) : count_and(io, live, W);
				if (l < tt) {
					tt = l, best = c;
					if (l == 0)
						goto found;
				}
			} else {
				bool empty = true;
				for (int x = 0; x < W && empty; x++)
					empty = !(io[x] & live[x]);
				if (empty) {
					tt = 0, best = c;
					goto found;
				}
				if (first < 0)
					first = c;
				active++;
			}
		}
	}
	if (b->rule != DLX_MRV) {
		best = first;
		tt = count_and(b->item_opts + (size_t)best * (size_t)W, live, W);
		visited = active;
	}
found:
	*t = tt;
	*v = visited;
	return best;
}

/* The option of the list of best at this level after `after` (-1: the
 * first), or -1. */
static ALWAYS_INLINE int next_option(const struct bitx *b, int level, int after, const int W)
{
	const uint64_t *io = b->item_opts + (size_t)b->best[level] * (size_t)W;
	const uint64_t *live = b->live + (size_t)level * (size_t)W;
	int from = after + 1, w = from >> 6;
	if (w >= W)
		return -1;
	uint64_t bits = io[w] & live[w] & (~(uint64_t)0 << (from & 63));
	while (!bits) {
		if (++w >= W)
			return -1;
		bits = io[w] & live[w];
	}
	return w * 64 + __builtin_ctzll(bits);
}

/* The root: every option possible, every primary item to cover. */
static ALWAYS_INLINE void start_root(struct bitx *b)
{
	memset(b->live, 0, sizeof *b->live * (size_t)b->W);
	for (int i = 0; i < b->n_options; i++)
		bit_set(b->live, i);
	memset(b->act, 0, sizeof *b->act * (size_t)b->PW);
	for (int i = 0; i < b->n_primary; i++)
		bit_set(b->act, i);
	b->w_live[0] = weight(b, b->live, &b->n_live[0], b->W);
}

/* Enter the node at level: choose its item, and charge what DLX1 does
 * there, the walk to choose and the cover of the item chosen, which
 * hides its options from their other lists.  The node is counted by the
 * search already. */
static ALWAYS_INLINE void enter_node(struct bitx *b, int level, const int W, const int PW)
{
	struct search_stats *st = &b->search.st;
	const uint64_t *live = b->live + (size_t)level * (size_t)W;
	int t;
	uint64_t v, n, wt;
	int best = choose(b, live, b->act + (size_t)level * (size_t)PW, &t, &v, W, PW);
	b->best[level] = best;
	b->search.degree[level] = t;
	b->cur[level] = -1;
	st->mems += 1 + 2 * v;
	if (b->n_cls == 1) {
		/* the list's options all of one size */
		wt = (uint64_t)t * (uint64_t)(b->cls_size[0] - 1);
	} else {
		uint64_t *tl = b->live + (size_t)(level + 1) * (size_t)W; /* scratch: the level above is not in use yet */
		const uint64_t *io = b->item_opts + (size_t)best * (size_t)W;
		for (int x = 0; x < W; x++)
			tl[x] = io[x] & live[x];
		wt = weight(b, tl, &n, W);
	}
	b->w_best[level] = wt;
	st->updates += 1 + wt;
	st->mems += 4 + 3 * (uint64_t)t + 6 * wt + 2;
}

/* Place option o at level: the sets of the level below, and DLX1's
 * charges for covering o's other items and uncovering them on the way
 * back.  False if no primary item is left: a solution. */
static ALWAYS_INLINE bool place(struct bitx *b, int level, int o, const int W, const int PW)
{
	struct search_stats *st = &b->search.st;
	const uint64_t *live = b->live + (size_t)level * (size_t)W;
	uint64_t *nl = b->live + (size_t)(level + 1) * (size_t)W;
	const uint64_t *cf = b->conflict + (size_t)o * (size_t)W;
	for (int x = 0; x < W; x++)
		nl[x] = live[x] & ~cf[x];
	const uint64_t *act = b->act + (size_t)level * (size_t)PW;
	uint64_t *na = b->act + (size_t)(level + 1) * (size_t)PW;
	const uint64_t *pr = b->prim + (size_t)o * (size_t)PW;
	uint64_t any = 0;
	for (int x = 0; x < PW; x++)
		any |= na[x] = act[x] & ~pr[x];
	/* The options DLX1's covers of o's other items hide: those that
	 * conflict with o, but for the list of the item branched on, hidden
	 * already; each is in the list of one item covered.  The live set's
	 * size and weight at the level below are kept for its node. */
	uint64_t n_left, w_left = weight(b, nl, &n_left, W);
	b->n_live[level + 1] = n_left;
	b->w_live[level + 1] = w_left;
	uint64_t r = b->n_live[level] - n_left - (uint64_t)b->search.degree[level];
	uint64_t wr = b->w_live[level] - w_left - b->w_best[level];
	uint64_t items = (uint64_t)b->size[o] - 1;
	st->updates += items + wr;
	/* covered now and uncovered on the way back: charged at once; and
	 * DLX1's walks along the option, both ways */
	st->mems += 2 * (4 * items + 3 * r + 6 * wr) + 2 * ((uint64_t)b->size[o] + 1) + 1;
	return any != 0;
}

/* ---- the hooks of the search (search.h) ----------------------------------
 * As dlx.c's search without its events: X2 enter a node (X3 choose its
 * item, X4 cover it), X5 place the next option of its list, X7 and X8
 * when none is left.  Nothing is undone: each level has its sets. */

/* The root: every option possible, every primary item to cover. */
SEARCH_HOOK void bitx_begin(void *eng)
{
	start_root(eng);
}

/* A solution is the node below an option that covered every primary
 * item left, found by place(): DLX1 only looks at its items' list. */
static ALWAYS_INLINE enum search_node enter_hook(struct bitx *b, int level, const int W, const int PW)
{
	if (b->solved) {
		b->solved = false;
		b->search.st.mems += 2;
		return SEARCH_SOLUTION;
	}
	enter_node(b, level, W, PW);
	return SEARCH_BRANCH;
}

static ALWAYS_INLINE enum search_step try_next_hook(struct bitx *b, int level, const int W, const int PW)
{
	int o = next_option(b, level, b->cur[level], W);
	if (o < 0) {
		/* X7: every option tried, DLX1 uncovers the item; then, but
		 * at the base, X8 and X6 at the level above (after a solution
		 * only the 2 mems of enter_hook) */
		b->search.st.mems += 4 + 3 * (uint64_t)b->search.degree[level] + 6 * b->w_best[level];
		if (level != b->search.base)
			b->search.st.mems += 2 + 2;
		return SEARCH_NONE_LEFT;
	}
	b->cur[level] = o;
	b->search.kth[level]++;
	b->solved = !place(b, level, o, W, PW);
	return SEARCH_TRIED_ONE;
}

/* Nothing to take back: the level above has its own sets. */
SEARCH_HOOK void bitx_undo(void *eng, int level)
{
	(void)eng, (void)level;
}

/* A search of its own for each size of sets of options up to 4 words
 * (256 options) with the primary items in one, the sizes known when it is
 * compiled (the loops unrolled, fewer values kept on the stack): there a
 * node's work is a few words, and the loops' own counting was much of it.
 * Langford pairs of 13 (234 options) in 0.87 s of CPU rather than 1.13,
 * 14 queens (196) in 0.41 s rather than 0.53.  RUNNER(NAME, W, PW, ATTR)
 * defines NAME, a search_run on sets of W and PW words (b->W and b->PW:
 * any size), compiled with ATTR. */
#define RUNNER(NAME, W_, PW_, ATTR) \
	SEARCH_HOOK enum search_node NAME##_enter(void *eng, int level) \
	{ \
		struct bitx *b = eng; \
		return enter_hook(b, level, W_, PW_); \
	} \
	SEARCH_HOOK enum search_step NAME##_try_next(void *eng, int level) \
	{ \
		struct bitx *b = eng; \
		return try_next_hook(b, level, W_, PW_); \
	} \
	static const struct search_hooks NAME##_hooks = { \
		.begin = bitx_begin, \
		.enter = NAME##_enter, \
		.try_next = NAME##_try_next, \
		.undo = bitx_undo, \
		.counts_only = true, \
	}; \
	ATTR static enum engine_status NAME(struct bitx *b, const struct engine_ctl *ctl) \
	{ \
		return search_run(&b->search, &NAME##_hooks, b, ctl); \
	}

RUNNER(run_plain, b->W, b->PW, )
#if defined(__x86_64__) && defined(__GNUC__)
#define POPCNT __attribute__((target("popcnt")))
RUNNER(run_popcnt, b->W, b->PW, POPCNT)
RUNNER(run_popcnt_w1, 1, 1, POPCNT)
RUNNER(run_popcnt_w2, 2, 1, POPCNT)
RUNNER(run_popcnt_w3, 3, 1, POPCNT)
RUNNER(run_popcnt_w4, 4, 1, POPCNT)
#endif

enum engine_status bitx_run(struct bitx *b, const struct engine_ctl *ctl)
{
	assert(!ctl->report_solutions && !ctl->step);
#if defined(__x86_64__) && defined(__GNUC__)
	if (b->popcnt && b->PW == 1) {
		switch (b->W) {
		case 1: return run_popcnt_w1(b, ctl);
		case 2: return run_popcnt_w2(b, ctl);
		case 3: return run_popcnt_w3(b, ctl);
		case 4: return run_popcnt_w4(b, ctl);
		}
	}
	if (b->popcnt)
		return run_popcnt(b, ctl);
#endif
	return run_plain(b, ctl);
}

bool bitx_start_at(struct bitx *b, const int *path, int n)
{
	size_t W = (size_t)b->W, PW = (size_t)b->PW;
	/* Whatever was searched before is given up, even if the path is bad. */
	search_restart(&b->search);
	b->search.phase = SEARCH_DONE;
	b->solved = false;
	if (n < 0 || n > b->n_primary)
		return false;
	uint64_t *live = b->live + (size_t)n * W, *act = b->act + (size_t)n * PW;
	memset(live, 0, sizeof *live * W);
	for (int i = 0; i < b->n_options; i++)
		bit_set(live, i);
	memset(act, 0, sizeof *act * PW);
	for (int i = 0; i < b->n_primary; i++)
		bit_set(act, i);
	for (int l = 0; l < n; l++) {
		int o = path[l];
		if (o < 0 || o >= b->n_options || !(live[o >> 6] >> (o & 63) & 1))
			return false;
		/* An option of no primary item is never branched on: the levels
		 * below would outrun the stack. */
		const uint64_t *cf = b->conflict + (size_t)o * W, *pr = b->prim + (size_t)o * PW;
		uint64_t covers = 0;
		for (size_t x = 0; x < W; x++)
			live[x] &= ~cf[x];
		for (size_t x = 0; x < PW; x++) {
			covers |= act[x] & pr[x];
			act[x] &= ~pr[x];
		}
		if (!covers)
			return false;
	}
	uint64_t left = 0;
	for (size_t x = 0; x < PW; x++)
		left |= act[x];
	if (!left)
		return false;
	b->w_live[n] = weight(b, live, &b->n_live[n], b->W);
	search_start_at(&b->search, n);
	return true;
}

const struct search_stats *bitx_stats(const struct bitx *b)
{
	return &b->search.st;
}

double bitx_progress(const struct bitx *b)
{
	return search_progress(&b->search, false);
}

int bitx_depth(const struct bitx *b)
{
	return b->depth;
}

size_t bitx_bytes(const struct bitx *b)
{
	size_t W = (size_t)b->W, PW = (size_t)b->PW, levels = (size_t)b->depth;
	return sizeof *b->item_opts * ((size_t)b->n_items * W + (size_t)b->n_options * W + (size_t)b->n_cls * W +
	                               levels * W) +
	       sizeof *b->prim * ((size_t)b->n_options * PW + levels * PW) +
	       sizeof(int) * ((size_t)b->n_options * 2 + levels * 4) + sizeof(uint64_t) * levels * 3 +
	       sizeof(u128) * levels;
}
