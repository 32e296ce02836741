/* The exact solver, knapsack_solve (knapsack.h): dynamic programming on
 * an expanding core.
 *
 * The items (it[0 .. m-1]) are ranked densest first, but only as far as
 * the solver needs: a selection splits them around the break item (the
 * first, by density, that no longer fits after the denser ones) and
 * leaves the pieces it passed by unsorted, on a stack for each side, the
 * piece nearest the break on top.  So it[0 .. b-1] are the break solution,
 * the densest items that fit, and it[fsort .. lsort] around b are sorted.
 *
 * The core is it[s .. t] around b: items before s are in the bag, items
 * after t out, and each state is a (weight, value) of one choice of the
 * core's own.  The core grows by it[t+1] (the state with it added beside
 * the one without) and it[s-1] (the state with it taken out beside the one
 * with it in), in turn.  When it reaches the end of the sorted run, the
 * next piece comes off its stack: its items that cannot turn over in a
 * bag worth more than the best known (by the bound of Dembo and Hammer)
 * stay where the break solution has them; of the rest, a large piece is
 * split again, the part nearer the core sorted onto the run and the other
 * part put back.  On uncorrelated items nearly every item stays, so the
 * solver sorts a few dozen items where a full sort took n log n.
 *
 * The states are kept sorted by weight with values strictly rising: a
 * state heavier and no more valuable than another can never do better.
 * A state is dropped once its bound is no more than the best bag known
 * (z): under the capacity, it can at best fill the rest with it[t+1]'s
 * density (every item it may still add is less dense, and taking one out
 * only loses); over it, it must shed the excess at it[s-1]'s density at
 * least.  When no state is left, or the core holds every item, or z
 * reaches an upper bound, z is the optimum.  A state's history is a chain
 * of the items it turned over (nodes shared by the states that grew from
 * it), from which the best bag is read back.
 *
 * Two things settle most instances long before the states die out: each
 * item outside the core tried with the best state it fits (core_pair)
 * finds the best bag early, and the bounds from the number of items a bag
 * holds (knapsack_card.c) prove it best where the LP bound cannot. */
#include "config.h"

#include "solver/knapsack/knapsack.h"

#include <stdlib.h>
#include <string.h>

#include "solver/knapsack/knapsack_card.h"
#include "solver/knapsack/knapsack_core.h"
#include "util/xalloc.h"

typedef __int128 i128;

/* Pieces this small are sorted rather than split again. */
#define CORE_SMALL 16
/* History nodes a block (8 bytes each). */
#define CORE_HIST_BLOCK 4096
/* The most history nodes the core keeps. */
#define CORE_HISTORY_MAX ((size_t)1 << 30)
/* States at which the bounds from item counts are worth their LPs. */
#define CORE_CARD_STATES 2000
/* States at which pairing each item outside the core with a state is
 * first worth its binary searches; then states per item that may pair. */
#define CORE_PAIR_FIRST 16
#define CORE_PAIR_SHARE 3
#define CORE_PAIR_MISSES_MAX ((uint64_t)1 << 30)

typedef struct knapsack_core_item item;

struct core_span {
	int first, last;
};

/* Unsorted pieces of one side, the nearest the break on top. */
struct core_stack {
	struct core_span *span;
	int len, room;
};

struct core_state {
	int64_t weight, value;
	uint32_t hist;        /* its last turned-over item's node; 0: the break solution */
};

struct core_hist {
	int number;           /* the item turned over */
	uint32_t parent;
};

struct core {
	item *it;
	int m;
	int64_t c;
	struct core_stack left, right;
	int fsort, lsort;            /* it[fsort .. lsort] sorted */
	int b;                       /* the break item */
	int64_t break_weight, break_value;
	int s, t;                    /* the core */
	struct core_state *list, *next;
	size_t len, room;
	struct core_hist **hist;     /* in blocks of CORE_HIST_BLOCK nodes */
	size_t n_hist, hist_blocks;
	int64_t z;                   /* the best bag known */
	uint32_t z_hist;
	i128 gap;                    /* core_fixed's threshold, for z = gap_z (-1: none yet) */
	int64_t gap_z;
	int64_t upper;               /* no bag is worth more: stop when z reaches it */
	const struct knapsack_item *items;   /* the caller's, by number */
	int *pairs;                  /* the items core_pair still tries, NULL until it first does */
	uint64_t paired_at, pair_wait;   /* the states made at the last pairing, and to make before the next */
	uint64_t pair_misses;            /* 0, or 2^k after k pairings in a row found nothing */
	int n_pairs;
	bool *taken_in;              /* by number: the core has taken the item in */
	struct knapsack_figures fig;
};

/* ---- Ranking by density, no further than needed. */

static int by_density(const void *pa, const void *pb)
{
	const item *a = pa, *b = pb;
	return knapsack_core_denser(b, a) - knapsack_core_denser(a, b);
}

static void swap_items(item *a, item *b)
{
	item t = *a;
	*a = *b;
	*b = t;
}

/* a's value per weight against b's: >0, 0, <0 as a is denser. */
static inline int core_order(const item *a, const item *b)
{
	i128 d = (i128)a->value * b->weight - (i128)b->value * a->weight;
	return (d > 0) - (d < 0);
}

/* Splits it[f .. l] (two items or more) around the density of its middle
 * item: it[f .. j] are no less dense than it[j+1 .. l], neither part
 * empty; returns j, and *w_first weighs it[f .. j].  Items as dense as
 * the middle one may fall either side, which keeps a run of equals from
 * splitting lopsidedly. */
static int core_split(item *it, int f, int l, int64_t *w_first)
{
	item pivot = it[f + (l - f) / 2];
	int i = f - 1, j = l + 1;
	for (;;) {
		do
			i++;
		while (core_order(&it[i], &pivot) > 0);
		do
			j--;
		while (core_order(&it[j], &pivot) < 0);
		if (i >= j)
			break;
		swap_items(&it[i], &it[j]);
	}
	*w_first = 0;
	for (int k = f; k <= j; k++)
		*w_first += it[k].weight;
	return j;
}

/* Sorts it[f .. l], densest first: a quicksort that hands a piece to
 * qsort after depth splits, so that no run of bad pivots costs n^2. */
static void core_sort(item *it, int f, int l, int depth)
{
	while (l - f >= CORE_SMALL) {
		if (depth-- == 0) {
			qsort(it + f, (size_t)(l - f + 1), sizeof *it, by_density);
			return;
		}
		int64_t w;
		int j = core_split(it, f, l, &w);
		if (j - f < l - j) {
			core_sort(it, f, j, depth);
			f = j + 1;
		} else {
			core_sort(it, j + 1, l, depth);
			l = j;
		}
	}
	for (int i = f + 1; i <= l; i++)
		for (int j = i; j > f && core_order(&it[j], &it[j - 1]) > 0; j--)
			swap_items(&it[j], &it[j - 1]);
}

static void stack_push(struct core_stack *st, int first, int last)
{
	if (first > last)
		return;
	if (st->len == st->room) {
		st->room = st->room ? 2 * st->room : 32;
		st->span = xreallocarray(st->span, (size_t)st->room, sizeof *st->span);
	}
	st->span[st->len++] = (struct core_span){ first, last };
}

static int depth_for(int n)
{
	int d = 8;
	for (; n > 1; n >>= 1)
		d += 2;
	return d;
}

/* Finds the break item by selection, leaving the pieces passed by on the
 * stacks and the one that holds it sorted; then the break solution. */
static void core_partition(struct core *co)
{
	int f = 0, l = co->m - 1, depth = depth_for(co->m);
	int64_t room = co->c;     /* what the items before f leave */
	while (l - f >= CORE_SMALL && depth-- > 0) {
		int64_t w;
		int j = core_split(co->it, f, l, &w);
		if (w > room) {
			stack_push(&co->right, j + 1, l);
			l = j;
		} else {
			stack_push(&co->left, f, j);
			room -= w;
			f = j + 1;
		}
	}
	core_sort(co->it, f, l, depth_for(l - f + 1));
	co->fsort = f;
	co->lsort = l;
	int b = f;
	while (b <= l && co->it[b].weight <= room)
		room -= co->it[b++].weight;
	co->b = b;
	co->break_weight = co->c - room;
	co->break_value = 0;
	for (int i = 0; i < b; i++)
		co->break_value += co->it[i].value;
}

/* Can x turn over (in: be added; else: taken out) in a bag worth more
 * than z?  Not if the bound of Dembo and Hammer says no: every bag is
 * worth at most e c + the sum of (p - e w) over its items, e the break
 * item's density, so turning x over from the break solution bounds the
 * bag by the break solution's value plus or minus x's value, and the room
 * left plus or minus its weight at density e. */
static bool core_fixed(struct core *co, const item *x, bool in)
{
	if (co->b >= co->m)
		return false;
	/* Scaled by e's weight: x's gain over density e, p e_w - w e_v
	 * (negated to take it out), against what a better bag needs past the
	 * break solution, (z + 1 - its value) e_w - (the room it leaves) e_v,
	 * which changes only with z. */
	const item *e = &co->it[co->b];
	if (co->gap_z != co->z) {
		co->gap = ((i128)co->z + 1 - co->break_value) * e->weight - ((i128)co->c - co->break_weight) * e->value;
		co->gap_z = co->z;
	}
	i128 gain = (i128)x->value * e->weight - (i128)x->weight * e->value;
	return (in ? gain : -gain) < co->gap;
}

/* Makes it[t+1] a sorted item if any item after t can still turn over in
 * a better bag: the next piece comes off the stack, and its items that
 * can are sorted onto the end of the sorted run; the others stay out for
 * good.  Returns it[t+1], or NULL. */
static const item *core_after(struct core *co)
{
	while (co->t + 1 > co->lsort && co->right.len) {
		struct core_span sp = co->right.span[--co->right.len];
		int f = co->lsort + 1, l = f, rounds = depth_for(sp.last - sp.first + 1);
		for (int i = sp.first; i <= sp.last; i++)
			if (!core_fixed(co, &co->it[i], true))
				swap_items(&co->it[i], &co->it[l++]);
		/* Only the densest few are needed next: a large piece is split,
		 * its less dense part back on the stack. */
		for (l--; l - f >= CORE_SMALL && rounds-- > 0;) {
			int64_t w;
			int j = core_split(co->it, f, l, &w);
			stack_push(&co->right, j + 1, l);
			l = j;
		}
		core_sort(co->it, f, l, depth_for(l - f + 1));
		co->lsort = l;
	}
	return co->t + 1 <= co->lsort ? &co->it[co->t + 1] : NULL;
}

/* The same for it[s-1], the pieces before the core. */
static const item *core_before(struct core *co)
{
	while (co->s - 1 < co->fsort && co->left.len) {
		struct core_span sp = co->left.span[--co->left.len];
		int l = co->fsort - 1, f = l, rounds = depth_for(sp.last - sp.first + 1);
		for (int i = sp.last; i >= sp.first; i--)
			if (!core_fixed(co, &co->it[i], false))
				swap_items(&co->it[i], &co->it[f--]);
		for (f++; l - f >= CORE_SMALL && rounds-- > 0;) {
			int64_t w;
			int j = core_split(co->it, f, l, &w);
			stack_push(&co->left, f, j);
			f = j + 1;
		}
		core_sort(co->it, f, l, depth_for(l - f + 1));
		co->fsort = f;
	}
	return co->s - 1 >= co->fsort ? &co->it[co->s - 1] : NULL;
}

/* ---- The states. */

/* The history grows by blocks, never moved: a copy on each doubling
 * would touch twice the memory, and fresh pages cost a fault each. */
static uint32_t hist_add(struct core *co, int number, uint32_t parent)
{
	size_t block = co->n_hist / CORE_HIST_BLOCK;
	if (co->n_hist % CORE_HIST_BLOCK == 0) {
		if (block == co->hist_blocks) {
			co->hist_blocks = co->hist_blocks ? 2 * co->hist_blocks : 16;
			co->hist = xreallocarray(co->hist, co->hist_blocks, sizeof *co->hist);
		}
		co->hist[block] = xmalloc(sizeof **co->hist * CORE_HIST_BLOCK);
	}
	co->hist[block][co->n_hist % CORE_HIST_BLOCK] = (struct core_hist){ number, parent };
	return (uint32_t)co->n_hist++;
}

static const struct core_hist *hist_at(const struct core *co, uint32_t h)
{
	return &co->hist[h / CORE_HIST_BLOCK][h % CORE_HIST_BLOCK];
}

/* The items next to the core, whose densities bound what a state can
 * still gain: after (it[t+1]) for states under the capacity, before
 * (it[s-1]) for those over it; NULL where none is left. */
struct core_next {
	const item *after, *before;
};

/* What a state must reach to be worth keeping, scaled so that a test is
 * two products: under the capacity, v a_w - w a_p >= under, a the item
 * after the core (it can at best fill the room at a's density); over it,
 * v b_w - w b_p >= over, b the item before the core (it must shed the
 * excess at b's density at least).  Both follow z. */
struct core_cut {
	int64_t aw, ap, bw, bp;
	bool after, before;
	i128 under, over;
};

static void core_cut_set(struct core_cut *cut, const struct core *co)
{
	cut->under = ((i128)co->z + 1) * cut->aw - (i128)co->c * cut->ap;
	cut->over = ((i128)co->z + 1) * cut->bw - (i128)co->c * cut->bp;
}

static void core_cut_start(struct core_cut *cut, const struct core *co, const struct core_next *nx)
{
	*cut = (struct core_cut){ .after = nx->after != NULL, .before = nx->before != NULL };
	if (nx->after)
		cut->aw = nx->after->weight, cut->ap = nx->after->value;
	if (nx->before)
		cut->bw = nx->before->weight, cut->bp = nx->before->value;
	core_cut_set(cut, co);
}

/* Can a state still beat z? */
static inline bool core_hopeful(const struct core *co, const struct core_cut *cut, int64_t w, int64_t v)
{
	if (w <= co->c)
		return cut->after ? (i128)v * cut->aw - (i128)w * cut->ap >= cut->under : v > co->z;
	return cut->before && (i128)v * cut->bw - (i128)w * cut->bp >= cut->over;
}

/* Turn x over in every state (in: add it; out: take it out), merging the
 * two lists in order of weight.  A merged state is dropped if dominated
 * (no lighter than one worth as much: of equal weights the more valuable
 * comes first) or hopeless, else kept; one with x turned over gets its
 * history node only when it lives. */
static void core_expand(struct core *co, const item *x, bool add, const struct core_next *nx)
{
	int64_t dw = add ? x->weight : -x->weight, dv = add ? x->value : -x->value;
	if (co->room < 2 * co->len) {
		/* next's old states are spent: no copy of them */
		co->room = 2 * co->len;
		free(co->next);
		co->next = xmalloc(sizeof *co->next * co->room);
		co->list = xreallocarray(co->list, co->room, sizeof *co->list);
	}
	struct core_cut cut;
	core_cut_start(&cut, co, nx);
	size_t i = 0, j = 0, out = 0, len = co->len;
	int64_t top = INT64_MIN;
	const struct core_state *list = co->list;
	struct core_state *next = co->next;
	while (i < len || j < len) {
		struct core_state st;
		bool fresh = j < len && (i == len || list[i].weight > list[j].weight + dw ||
		                         (list[i].weight == list[j].weight + dw && list[i].value < list[j].value + dv));
		if (fresh)
			st = (struct core_state){ list[j].weight + dw, list[j].value + dv, list[j].hist }, j++;
		else
			st = list[i++];
		if (st.value <= top)
			continue;
		top = st.value;
		bool better = st.weight <= co->c && st.value > co->z;
		if (!better && !core_hopeful(co, &cut, st.weight, st.value))
			continue;
		if (fresh)
			st.hist = hist_add(co, x->number, st.hist);
		if (better) {
			co->z = st.value;
			co->z_hist = st.hist;
			core_cut_set(&cut, co);
			if (!core_hopeful(co, &cut, st.weight, st.value))
				continue;
		}
		next[out++] = st;
	}
	co->next = co->list;
	co->list = next;
	co->len = out;
	co->fig.states += out;
	if (out > co->fig.most_states)
		co->fig.most_states = out;
}

/* The last state no heavier than weight, or -1 (the list is sorted). */
static long core_last_within(const struct core *co, int64_t weight)
{
	long lo = 0, hi = (long)co->len - 1, found = -1;
	while (lo <= hi) {
		long mid = lo + (hi - lo) / 2;
		if (co->list[mid].weight <= weight)
			found = mid, lo = mid + 1;
		else
			hi = mid - 1;
	}
	return found;
}

/* The best state to pair with x: the last no heavier than the room x
 * needs (values rise with weight), if that beats z. */
static void core_pair_one(struct core *co, const item *x, bool add)
{
	long i = core_last_within(co, add ? co->c - x->weight : co->c + x->weight);
	if (i < 0 || (!add && co->list[i].weight <= co->c))
		return;
	int64_t v = add ? co->list[i].value + x->value : co->list[i].value - x->value;
	if (v > co->z) {
		co->z = v;
		co->z_hist = hist_add(co, x->number, co->list[i].hist);
	}
}

/* May x still pair (in: be added; else: taken out)?  Not once the core
 * has taken it in, nor if the Dembo-Hammer bound fixes it. */
static bool core_pair_live(struct core *co, const item *x, bool in)
{
	return !co->taken_in[x->number] && !core_fixed(co, x, in);
}

/* After a pairing: how many states the core makes before the next.  None
 * if it found a better bag; else a share of what the next will cost (a
 * binary search for each item on the list), an eighth, a quarter, ...,
 * doubling with each pairing in a row that found nothing. */
static void core_pair_wait(struct core *co, int64_t z_before)
{
	if (co->z > z_before)
		co->pair_misses = 0;
	else if (co->pair_misses < CORE_PAIR_MISSES_MAX)
		co->pair_misses = co->pair_misses ? 2 * co->pair_misses : 1;
	uint64_t bits = 1;
	for (size_t l = co->len; l > 1; l >>= 1)
		bits++;
	co->paired_at = co->fig.states;
	co->pair_wait = (uint64_t)co->n_pairs * bits * co->pair_misses / 8;
}

/* Each item outside the core tried in (or out) with the best state it
 * fits: a better z at the cost of a binary search an item, which on
 * strongly correlated items finds the bag that fills the capacity
 * exactly long before the core grows to it.  The first time from it[],
 * noting the items that may pair in a list of their own (number, or
 * ~number for an item to take out); then from the list, which on weakly
 * correlated items shrinks to a few dozen of thousands, so that pairing
 * them at every step costs next to nothing. */
static void core_pair(struct core *co)
{
	co->fig.pairings++;
	int64_t z_before = co->z;
	if (!co->pairs) {
		co->pairs = xmalloc(sizeof *co->pairs * (size_t)(co->m ? co->m : 1));
		for (int r = co->t + 1; r < co->m; r++)
			if (core_pair_live(co, &co->it[r], true)) {
				core_pair_one(co, &co->it[r], true);
				co->pairs[co->n_pairs++] = co->it[r].number;
			}
		for (int r = 0; r < co->s; r++)
			if (core_pair_live(co, &co->it[r], false)) {
				core_pair_one(co, &co->it[r], false);
				co->pairs[co->n_pairs++] = ~co->it[r].number;
			}
		core_pair_wait(co, z_before);
		return;
	}
	int kept = 0;
	for (int i = 0; i < co->n_pairs; i++) {
		int code = co->pairs[i], number = code >= 0 ? code : ~code;
		item x = { co->items[number].weight, co->items[number].value, number };
		if (core_pair_live(co, &x, code >= 0)) {
			core_pair_one(co, &x, code >= 0);
			co->pairs[kept++] = code;
		}
	}
	co->n_pairs = kept;
	core_pair_wait(co, z_before);
}

/* Is it time to pair?  At the first chance; then once the states number
 * a third of the items that may still pair (pairing then costs a few
 * steps' worth, and finds bags the core would take many steps to reach),
 * as often as core_pair_wait allows: at every step while pairing finds
 * better bags, ever more seldom while it finds none. */
static bool core_pair_due(const struct core *co)
{
	if (!co->pairs)
		return true;
	return co->len * CORE_PAIR_SHARE > (size_t)co->n_pairs && co->fig.states - co->paired_at >= co->pair_wait;
}

/* ---- The solve. */

/* The break solution, the first state, the first z and the LP bound. */
static void core_start(struct core *co)
{
	core_partition(co);
	co->s = co->b;
	co->t = co->b - 1;
	/* Room for as many states as most solves ever hold, so that the lists
	 * seldom move: pages are touched only as the states fill them. */
	co->room = 2 * (size_t)co->m + 1024;
	co->list = xmalloc(sizeof *co->list * co->room);
	co->next = xmalloc(sizeof *co->next * co->room);
	co->list[0] = (struct core_state){ co->break_weight, co->break_value, 0 };
	co->len = 1;
	hist_add(co, -1, 0);   /* node 0 stands for "nothing turned over" */
	co->z = co->break_value;
	co->z_hist = 0;
	co->upper = co->break_value;
	if (co->b < co->m) {
		const item *e = &co->it[co->b];
		co->upper += (int64_t)((i128)(co->c - co->break_weight) * e->value / e->weight);
	}
	/* Greedy past the break item, in the order the selection left: a
	 * better first z cuts more states. */
	int64_t w = co->break_weight;
	for (int r = co->b + 1; r < co->m; r++)
		if (w + co->it[r].weight <= co->c) {
			w += co->it[r].weight;
			co->z += co->it[r].value;
			co->z_hist = hist_add(co, co->it[r].number, co->z_hist);
		}
}

/* Grows the core until z is proven best: true, or false if cancelled or
 * past the limits. */
static bool core_run(struct core *co, uint64_t max_states, const atomic_int *cancel)
{
	bool add = true, counted = false;
	while (co->len && co->z < co->upper) {
		if (cancel && atomic_load_explicit(cancel, memory_order_relaxed))
			return false;
		/* The history is numbered in 32 bits: a step adds at most two
		 * nodes a state, so stopping at 2^30 keeps it from wrapping. */
		if ((max_states && co->len > max_states) || co->n_hist > CORE_HISTORY_MAX)
			return false;
		if (!counted && co->len > CORE_CARD_STATES) {
			int64_t u = knapsack_card_bound(co->it, co->m, co->c, co->b, co->z);
			if (u < co->upper)
				co->upper = u;
			counted = true;
			continue;
		}
		if (co->len > CORE_PAIR_FIRST && core_pair_due(co))
			core_pair(co);
		struct core_next nx = { core_after(co), core_before(co) };
		if (!nx.after && !nx.before)
			break;
		/* in turn, an item after the core and one before it, while there are */
		bool grow_up = add ? nx.after != NULL : nx.before == NULL;
		item x;
		if (grow_up) {
			x = *nx.after;
			co->taken_in[x.number] = true;
			co->t++;
			nx.after = core_after(co);
		} else {
			x = *nx.before;
			co->taken_in[x.number] = true;
			co->s--;
			nx.before = core_before(co);
		}
		if (!core_fixed(co, &x, grow_up))
			core_expand(co, &x, grow_up, &nx);
		add = !grow_up;
	}
	return true;
}

int64_t knapsack_solve(const struct knapsack *k, bool *take, uint64_t max_states, const atomic_int *cancel,
                       struct knapsack_figures *fig)
{
	struct core co = { .c = k->capacity, .items = k->items, .gap_z = -1 };
	co.it = xmalloc(sizeof *co.it * (size_t)(k->n ? k->n : 1));
	memset(take, 0, sizeof *take * (size_t)k->n);
	/* Items worth nothing never go in, and items that weigh nothing
	 * always do: neither is the solver's business. */
	int64_t free_value = 0;
	for (int i = 0; i < k->n; i++) {
		const struct knapsack_item *x = &k->items[i];
		if (x->value <= 0 || x->weight > k->capacity)
			continue;
		if (x->weight == 0) {
			take[i] = true;
			free_value += x->value;
		} else {
			co.it[co.m++] = (item){ x->weight, x->value, i };
		}
	}
	co.taken_in = xcalloc((size_t)(k->n ? k->n : 1), sizeof *co.taken_in);
	core_start(&co);
	int64_t result = -1;
	if (core_run(&co, max_states, cancel)) {
		for (int r = 0; r < co.b; r++)
			take[co.it[r].number] = true;
		for (uint32_t h = co.z_hist; h; h = hist_at(&co, h)->parent)
			take[hist_at(&co, h)->number] = !take[hist_at(&co, h)->number];
		result = free_value + co.z;
	}
	co.fig.core = co.t - co.s + 1;
	co.fig.upper = co.upper < INT64_MAX ? free_value + co.upper : INT64_MAX;
	if (fig)
		*fig = co.fig;
	free(co.it);
	free(co.left.span);
	free(co.right.span);
	free(co.list);
	free(co.next);
	for (size_t b = 0; b * CORE_HIST_BLOCK < co.n_hist; b++)
		free(co.hist[b]);
	free(co.hist);
	free(co.pairs);
	free(co.taken_in);
	return result;
}
