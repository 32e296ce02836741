/* The knapsack's methods (knapsack.h): greedy, the LP relaxation, dynamic
 * programming over capacities, and the exact expanding core. */
#include "config.h"

#include "solver/knapsack/knapsack.h"

#include <stdlib.h>
#include <string.h>

#include "solver/knapsack/knapsack_card.h"
#include "util/xalloc.h"

typedef __int128 i128;

int knapsack_denser(const struct knapsack_item *a, const struct knapsack_item *b)
{
	/* a.value / a.weight against b.value / b.weight, by cross products;
	 * a weight of 0 is the densest of all. */
	i128 l = (i128)a->value * b->weight, r = (i128)b->value * a->weight;
	if (a->weight == 0 || b->weight == 0)
		return (a->weight == 0) - (b->weight == 0);
	return (l > r) - (l < r);
}

struct ranked {
	struct knapsack_item it;
	int number;
};

static int by_density(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;
	int d = knapsack_denser(&a->it, &b->it);
	if (d)
		return -d;
	return (a->number > b->number) - (a->number < b->number);
}

void knapsack_order(const struct knapsack *k, int *order)
{
	struct ranked *r = xmalloc(sizeof *r * (size_t)(k->n ? k->n : 1));
	for (int i = 0; i < k->n; i++)
		r[i] = (struct ranked){ k->items[i], i };
	qsort(r, (size_t)k->n, sizeof *r, by_density);
	for (int i = 0; i < k->n; i++)
		order[i] = r[i].number;
	free(r);
}

int64_t knapsack_greedy(const struct knapsack *k, const int *order, bool *take)
{
	int64_t room = k->capacity, value = 0;
	for (int i = 0; i < k->n; i++) {
		const struct knapsack_item *it = &k->items[order[i]];
		take[order[i]] = it->weight <= room;
		if (take[order[i]]) {
			room -= it->weight;
			value += it->value;
		}
	}
	return value;
}

void knapsack_lp(const struct knapsack *k, const int *order, struct knapsack_lp *lp)
{
	*lp = (struct knapsack_lp){ .fractional = -1 };
	for (int i = 0; i < k->n; i++) {
		const struct knapsack_item *it = &k->items[order[i]];
		if (lp->whole_weight + it->weight > k->capacity) {
			lp->fractional = order[i];
			lp->share_weight = k->capacity - lp->whole_weight;
			lp->bound = lp->whole_value + (int64_t)((i128)lp->share_weight * it->value / it->weight);
			return;
		}
		lp->whole_weight += it->weight;
		lp->whole_value += it->value;
	}
	lp->bound = lp->whole_value;
}

int64_t knapsack_dp(const struct knapsack *k, uint64_t cells, bool *take)
{
	uint64_t width = (uint64_t)k->capacity + 1;
	if (k->capacity < 0 || (k->n && width > cells / (uint64_t)k->n))
		return -1;
	/* best[c]: the best value within capacity c of the items so far;
	 * bit (i, c) of took: item i went in at capacity c. */
	int64_t *best = xcalloc(width, sizeof *best);
	size_t row = (width + 63) / 64;
	uint64_t *took = xcalloc(row * (size_t)(k->n ? k->n : 1), sizeof *took);
	for (int i = 0; i < k->n; i++) {
		int64_t w = k->items[i].weight, v = k->items[i].value;
		uint64_t *bits = took + row * (size_t)i;
		for (int64_t c = k->capacity; c >= w; c--)
			if (best[c - w] + v > best[c]) {
				best[c] = best[c - w] + v;
				bits[c / 64] |= 1ULL << (c % 64);
			}
	}
	int64_t value = best[k->capacity], c = k->capacity;
	for (int i = k->n - 1; i >= 0; i--) {
		take[i] = took[row * (size_t)i + (size_t)c / 64] >> (c % 64) & 1;
		if (take[i])
			c -= k->items[i].weight;
	}
	free(best);
	free(took);
	return value;
}

bool knapsack_bag(const struct knapsack *k, const bool *take, int64_t *value, int64_t *weight)
{
	*value = *weight = 0;
	for (int i = 0; i < k->n; i++)
		if (take[i]) {
			*value += k->items[i].value;
			*weight += k->items[i].weight;
		}
	return *weight <= k->capacity;
}

/* ---- The expanding core.
 *
 * The items that fit at all are ranked densest first; the break solution
 * takes ranks 0 .. b-1, the longest prefix that fits.  The core is the
 * ranks s .. t around b: ranks before s are in the bag, ranks after t
 * out, and the core's own ranks are decided either way, so each state is
 * a (weight, value) of one choice of them.  The core grows by rank t+1
 * (the state with it added beside the one without) and rank s-1 (the
 * state with it taken out beside the one with it in), in turn.
 *
 * The states are kept sorted by weight with values strictly rising: a
 * state heavier and no more valuable than another can never do better.
 * A state is dropped once its bound is no more than the best bag known
 * (z): under the capacity, it can at best fill the rest with rank t+1's
 * density (every item it may still add is less dense, and taking one out
 * only loses); over it, it must shed the excess at rank s-1's density at
 * least.  When no state is left, or the core holds every rank, z is the
 * optimum.  A state's history is a chain of the ranks it turned over
 * (nodes shared by the states that grew from it), from which the best bag
 * is read back. */

/* States at which the bounds from item counts are worth their LPs. */
#define KNAPSACK_CARD_STATES 2000
/* The most history nodes the core keeps (8 bytes each). */
#define KNAPSACK_HISTORY_MAX ((size_t)1 << 30)

struct core_state {
	int64_t weight, value;
	uint32_t hist;        /* its last turned-over rank's node; 0: the break solution */
};

struct hist_node {
	int rank;
	uint32_t parent;
};

struct core {
	const struct knapsack *k;
	int m;                       /* ranks that fit at all */
	int *item;                   /* item[rank] */
	int64_t c;                   /* capacity */
	int s, t;
	struct core_state *list, *next;
	size_t len, room;
	struct hist_node *hist;
	size_t n_hist, hist_room;
	int64_t z;                   /* the best bag known */
	uint32_t z_hist;
	int64_t upper;               /* no bag is worth more: stop when z reaches it */
	int64_t break_weight, break_value;   /* of ranks 0 .. b-1, the break solution */
	int break_rank;              /* b: the first rank that does not fit after them */
	uint64_t max_states;
	struct knapsack_figures fig;
};

static uint32_t hist_add(struct core *co, int rank, uint32_t parent)
{
	if (co->n_hist == co->hist_room) {
		co->hist_room *= 2;
		co->hist = xreallocarray(co->hist, co->hist_room, sizeof *co->hist);
	}
	co->hist[co->n_hist] = (struct hist_node){ rank, parent };
	return (uint32_t)co->n_hist++;
}

/* Can a state still beat z, with the core at s .. t? */
static bool core_hopeful(const struct core *co, int64_t w, int64_t v)
{
	if (w <= co->c) {
		if (co->t + 1 >= co->m)
			return v > co->z;
		const struct knapsack_item *it = &co->k->items[co->item[co->t + 1]];
		return (i128)(co->c - w) * it->value >= ((i128)co->z - v + 1) * it->weight;
	}
	if (co->s == 0)
		return false;
	const struct knapsack_item *it = &co->k->items[co->item[co->s - 1]];
	return (i128)(w - co->c) * it->value <= ((i128)v - co->z - 1) * it->weight;
}

/* One merged state: dropped if dominated or hopeless, else kept; fresh
 * (the one with rank turned over) gets its history node when it lives. */
static void core_keep(struct core *co, struct core_state st, bool fresh, int rank, int64_t *top, size_t *out)
{
	if (*out && co->next[*out - 1].weight == st.weight) {
		if (co->next[*out - 1].value >= st.value)
			return;
		(*out)--;          /* same weight, worth more: it takes the place */
	} else if (st.value <= *top) {
		return;
	}
	*top = st.value;
	bool better = st.weight <= co->c && st.value > co->z;
	bool keep = core_hopeful(co, st.weight, st.value);
	if (!better && !keep)
		return;
	if (fresh)
		st.hist = hist_add(co, rank, st.hist);
	if (better) {
		co->z = st.value;
		co->z_hist = st.hist;
	}
	if (keep)
		co->next[(*out)++] = st;
}

/* Turn rank over in every state (in: add it; out: take it out), merging
 * the two lists in order of weight. */
static void core_expand(struct core *co, int rank, bool add)
{
	const struct knapsack_item *it = &co->k->items[co->item[rank]];
	int64_t dw = add ? it->weight : -it->weight, dv = add ? it->value : -it->value;
	if (co->room < 2 * co->len) {
		co->room = 2 * co->len;
		co->next = xreallocarray(co->next, co->room, sizeof *co->next);
		co->list = xreallocarray(co->list, co->room, sizeof *co->list);
	}
	size_t i = 0, j = 0, out = 0;
	int64_t top = INT64_MIN;
	while (i < co->len || j < co->len) {
		struct core_state turned = { 0, 0, 0 };
		if (j < co->len)
			turned = (struct core_state){ co->list[j].weight + dw, co->list[j].value + dv, co->list[j].hist };
		bool take_old = j == co->len ||
		                (i < co->len && (co->list[i].weight < turned.weight ||
		                                 (co->list[i].weight == turned.weight && co->list[i].value >= turned.value)));
		if (take_old)
			core_keep(co, co->list[i++], false, rank, &top, &out);
		else
			core_keep(co, turned, true, rank, &top, &out), j++;
	}
	struct core_state *swap = co->list;
	co->list = co->next;
	co->next = swap;
	co->len = out;
	co->fig.states += out;
	if (out > co->fig.most_states)
		co->fig.most_states = out;
}

/* Can rank r turn over (in: added; else: taken out) in a bag worth more
 * than z?  Not if the bound of Dembo and Hammer says no: every bag is
 * worth at most e c + the sum of (p - e w) over its items, e the break
 * item's density, so turning r over from the break solution bounds the
 * bag by the break solution's value plus or minus r's value, and the room
 * left plus or minus its weight at density e.  Such a rank is passed by:
 * no better bag has it the other way, which spares the core its states
 * on weakly correlated items, whose densities are close. */
static bool core_fixed(const struct core *co, int r, bool in)
{
	if (co->break_rank >= co->m)
		return false;
	const struct knapsack_item *it = &co->k->items[co->item[r]];
	const struct knapsack_item *e = &co->k->items[co->item[co->break_rank]];
	int64_t dv = in ? it->value : -it->value, dw = in ? it->weight : -it->weight;
	i128 scaled = ((i128)co->break_value + dv) * e->weight + ((i128)co->c - co->break_weight - dw) * e->value;
	return scaled < ((i128)co->z + 1) * e->weight;
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

/* Each item outside the core tried in (or out) with the best state it
 * fits: a better z at the cost of a binary search an item, which on
 * strongly correlated items finds the bag that fills the capacity
 * exactly long before the core grows to it.  (The state with the most
 * value no heavier than a weight is the last one: values rise with
 * weight.) */
static void core_pair(struct core *co)
{
	for (int r = co->t + 1; r < co->m; r++) {
		const struct knapsack_item *it = &co->k->items[co->item[r]];
		long i = core_last_within(co, co->c - it->weight);
		if (i >= 0 && co->list[i].value + it->value > co->z) {
			co->z = co->list[i].value + it->value;
			co->z_hist = hist_add(co, r, co->list[i].hist);
		}
	}
	for (int r = 0; r < co->s; r++) {
		const struct knapsack_item *it = &co->k->items[co->item[r]];
		long i = core_last_within(co, co->c + it->weight);
		if (i >= 0 && co->list[i].weight > co->c && co->list[i].value - it->value > co->z) {
			co->z = co->list[i].value - it->value;
			co->z_hist = hist_add(co, r, co->list[i].hist);
		}
	}
}

/* Sets co->upper from the number of items a bag holds (knapsack_card.h). */
static void core_count_bounds(struct core *co)
{
	struct knapsack_core_item *it = xmalloc(sizeof *it * (size_t)(co->m ? co->m : 1));
	for (int r = 0; r < co->m; r++)
		it[r] = (struct knapsack_core_item){ co->k->items[co->item[r]].weight, co->k->items[co->item[r]].value, r };
	int64_t u = knapsack_card_bound(it, co->m, co->c, co->break_rank, co->z);
	if (u < co->upper)
		co->upper = u;
	free(it);
}

/* The ranks that fit at all, the break rank, and the first state. */
static int core_start(struct core *co, const struct knapsack *k)
{
	co->k = k;
	co->c = k->capacity;
	co->item = xmalloc(sizeof *co->item * (size_t)(k->n ? k->n : 1));
	knapsack_order(k, co->item);
	co->m = 0;
	for (int r = 0; r < k->n; r++)
		if (k->items[co->item[r]].weight <= k->capacity)
			co->item[co->m++] = co->item[r];
	int64_t w = 0, v = 0;
	int b = 0;
	while (b < co->m && w + k->items[co->item[b]].weight <= co->c) {
		w += k->items[co->item[b]].weight;
		v += k->items[co->item[b]].value;
		b++;
	}
	co->s = b;
	co->t = b - 1;
	co->break_rank = b;
	co->break_weight = w;
	co->break_value = v;
	co->room = 16;
	co->list = xmalloc(sizeof *co->list * co->room);
	co->next = xmalloc(sizeof *co->next * co->room);
	co->list[0] = (struct core_state){ w, v, 0 };
	co->len = 1;
	co->hist_room = 1024;
	co->hist = xmalloc(sizeof *co->hist * co->hist_room);
	co->n_hist = 1;   /* node 0 stands for "nothing turned over" */
	co->z = v;
	co->z_hist = 0;
	co->upper = b < co->m ? v + (int64_t)((i128)(co->c - w) * k->items[co->item[b]].value / k->items[co->item[b]].weight) : v;
	/* Greedy past the break item: a better first z cuts more states. */
	for (int r = b + 1; r < co->m; r++)
		if (w + k->items[co->item[r]].weight <= co->c) {
			w += k->items[co->item[r]].weight;
			co->z += k->items[co->item[r]].value;
			co->z_hist = hist_add(co, r, co->z_hist);
		}
	return b;
}

int64_t knapsack_solve(const struct knapsack *k, bool *take, uint64_t max_states, const atomic_int *cancel,
                       struct knapsack_figures *fig)
{
	struct core co = { 0 };
	int b = core_start(&co, k);
	int64_t result = -1;
	bool add = true;
	bool counted = false;
	while (co.len && (co.s > 0 || co.t + 1 < co.m) && co.z < co.upper) {
		if (cancel && atomic_load_explicit(cancel, memory_order_relaxed))
			goto out;
		/* The bounds from item counts cost a few dozen selections over the
		 * items: only for instances the core does not settle at once. */
		if (!counted && co.len > KNAPSACK_CARD_STATES) {
			core_count_bounds(&co);
			counted = true;
			continue;
		}
		/* The history is numbered in 32 bits: a step adds at most two
		 * nodes a state, so stopping at 2^30 keeps it from wrapping. */
		if ((max_states && co.len > max_states) || co.n_hist > KNAPSACK_HISTORY_MAX)
			goto out;
		/* in turn, a rank after the core and one before it, while there are */
		bool grow_up = add ? co.t + 1 < co.m : co.s == 0;
		int r = grow_up ? ++co.t : --co.s;
		if (!core_fixed(&co, r, grow_up))
			core_expand(&co, r, grow_up);
		add = !grow_up;
		/* Once the states outnumber the items, pairing them costs less
		 * than the next step of the core. */
		if (co.len > (size_t)co.m)
			core_pair(&co);
	}
	memset(take, 0, sizeof *take * (size_t)k->n);
	for (int r = 0; r < b; r++)
		take[co.item[r]] = true;
	for (uint32_t h = co.z_hist; h; h = co.hist[h].parent)
		take[co.item[co.hist[h].rank]] = !take[co.item[co.hist[h].rank]];
	result = co.z;
out:
	co.fig.core = co.t - co.s + 1;
	co.fig.upper = co.upper;
	if (fig)
		*fig = co.fig;
	free(co.item);
	free(co.list);
	free(co.next);
	free(co.hist);
	return result;
}
