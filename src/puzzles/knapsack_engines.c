/* The knapsack family's engines (knapsack_engines.h), all on the one
 * resumable search (search.h).  Each engine ranks the items left out of
 * the player's bag (densest first, or in their own order for bt and dp)
 * and decides rank d at level d of its tree: bnb and bt branch (in, then
 * out), greedy and lp follow one path, and dp fills a row of its table a
 * level, then reads the bag back at the bottom.  A bag that adds what the
 * best bag needs is a solution, so every engine counts best bags and the
 * race compares like with like. */
#include "config.h"

#include "puzzles/knapsack_engines.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/knapsack_puzzle.h"
#include "puzzles/knapsack_state.h"
#include "solver/search.h"
#include "util/xalloc.h"

enum ks_mode { KS_BNB, KS_DP, KS_BT, KS_GREEDY, KS_LP };

/* The most bits dp's table may take (32 MiB); more and dp declines. */
#define KS_DP_BITS ((uint64_t)1 << 28)

struct ks_engine {
	struct engine base;
	enum ks_mode mode;
	struct search s;
	int m;                    /* items left to decide */
	int *number;              /* number[rank]: the puzzle's item, from 0 */
	int64_t *w, *v;           /* by rank */
	int64_t *after;           /* after[d]: the values of ranks d .. m-1 summed */
	bool *in;                 /* by rank: in the bag on the path */
	int64_t room0, target;    /* the room left and the value a best bag adds */
	int64_t room, value;      /* along the path */
	int64_t cut;              /* what the last dead end could reach at most */
	int64_t *table;           /* dp: the best value within each capacity 0 .. room0 */
	uint64_t *took;           /* dp: bit (d, c): rank d went in at capacity c */
	size_t row;               /* dp: words a row of took */
	bool too_big;             /* dp: the table would not fit */
};

static struct ks_engine *of(const struct engine *e)
{
	return (struct ks_engine *)e;
}

/* The LP bound of ranks d .. m-1 in room (ranks densest first). */
static int64_t lp_rest(const struct ks_engine *x, int d, int64_t room)
{
	int64_t value = 0;
	for (; d < x->m; d++) {
		if (x->w[d] > room)
			return value + (int64_t)((__int128)room * x->v[d] / x->w[d]);
		room -= x->w[d];
		value += x->v[d];
	}
	return value;
}

SEARCH_HOOK void ks_begin(void *eng)
{
	struct ks_engine *x = eng;
	x->room = x->room0;
	x->value = 0;
	if (x->mode == KS_DP && !x->too_big) {
		memset(x->table, 0, sizeof *x->table * (size_t)(x->room0 + 1));
		memset(x->took, 0, sizeof *x->took * x->row * (size_t)(x->m ? x->m : 1));
	}
}

/* dp at the bottom: the bag read back from the table. */
static void dp_read_back(struct ks_engine *x)
{
	int64_t c = x->room0;
	for (int d = x->m - 1; d >= 0; d--)
		if (x->took[x->row * (size_t)d + (size_t)c / 64] >> (c % 64) & 1) {
			x->in[d] = true;
			c -= x->w[d];
			x->room -= x->w[d];
			x->value += x->v[d];
		}
}

SEARCH_HOOK enum search_node ks_enter(void *eng, int level)
{
	struct ks_engine *x = eng;
	int *degree = &x->s.degree[level];
	x->s.st.mems++;
	if (x->mode == KS_DP && x->too_big) {
		*degree = 0;
		x->cut = -1;
		return SEARCH_BRANCH;
	}
	if (level == x->m) {
		if (x->mode == KS_DP)
			dp_read_back(x);
		x->cut = x->value;
		*degree = 0;
		return x->value == x->target ? SEARCH_SOLUTION : SEARCH_BRANCH;
	}
	bool fits = x->w[level] <= x->room;
	switch (x->mode) {
	case KS_BNB:
	case KS_BT:
		x->cut = x->value + (x->mode == KS_BNB ? lp_rest(x, level, x->room) : x->after[level]);
		x->s.st.mems += (uint64_t)(x->mode == KS_BNB ? x->m - level : 1);
		*degree = x->cut < x->target ? 0 : fits ? 2 : 1;
		break;
	case KS_LP:
		x->cut = x->value + lp_rest(x, level, x->room);
		*degree = fits ? 1 : 0;
		break;
	case KS_GREEDY:
	case KS_DP:
		*degree = 1;
		break;
	}
	return SEARCH_BRANCH;
}

/* dp's row for rank d: each capacity's best with it or without it. */
static void dp_row(struct ks_engine *x, int d)
{
	uint64_t *bits = x->took + x->row * (size_t)d;
	for (int64_t c = x->room0; c >= x->w[d]; c--)
		if (x->table[c - x->w[d]] + x->v[d] > x->table[c]) {
			x->table[c] = x->table[c - x->w[d]] + x->v[d];
			bits[c / 64] |= 1ULL << (c % 64);
		}
	x->s.st.mems += (uint64_t)(x->room0 + 1);
}

SEARCH_HOOK enum search_step ks_try_next(void *eng, int level)
{
	struct ks_engine *x = eng;
	int k = ++x->s.kth[level];
	if (k >= x->s.degree[level])
		return SEARCH_NONE_LEFT;
	bool put = false;
	if (x->mode == KS_DP)
		dp_row(x, level);
	else
		put = x->w[level] <= x->room && (x->s.degree[level] == 1 ? x->mode != KS_BNB && x->mode != KS_BT : k == 0);
	x->in[level] = put;
	if (put) {
		x->room -= x->w[level];
		x->value += x->v[level];
		x->s.st.updates++;
	}
	return SEARCH_TRIED_ONE;
}

SEARCH_HOOK void ks_undo(void *eng, int level)
{
	struct ks_engine *x = eng;
	/* dp read the whole bag back at the bottom: each level gives its
	 * rank back on the way up. */
	for (int d = level; d < (x->mode == KS_DP ? x->m : level + 1); d++)
		if (x->in[d]) {
			x->in[d] = false;
			x->room += x->w[d];
			x->value -= x->v[d];
		}
}

SEARCH_HOOK void ks_describe(void *eng, struct engine_event *ev)
{
	struct ks_engine *x = eng;
	if (ev->level < x->m && (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)) {
		ev->subject = x->number[ev->level];
		ev->choice = x->in[ev->level];
	}
	if (ev->kind == ENGINE_EV_CHOOSE && ev->choices == 0) {
		ev->why = "bound";
		ev->value = (long)x->cut;
	}
}

static const struct search_hooks ks_hooks = {
	.begin = ks_begin, .enter = ks_enter, .try_next = ks_try_next, .undo = ks_undo, .describe = ks_describe,
};

static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	struct ks_engine *x = of(e);
	return search_run(&x->s, &ks_hooks, x, ctl);
}

static void ops_restart(struct engine *e)
{
	struct ks_engine *x = of(e);
	search_restart(&x->s);
	memset(x->in, 0, sizeof *x->in * (size_t)(x->m + 1));
	x->room = x->room0;
	x->value = 0;
}

static void ops_free(struct engine *e)
{
	struct ks_engine *x = of(e);
	search_free(&x->s);
	free(x->number);
	free(x->w);
	free(x->v);
	free(x->after);
	free(x->in);
	free(x->table);
	free(x->took);
	free(x);
}

static const struct engine_event *ops_event(const struct engine *e)
{
	return &of(e)->s.ev;
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	return &of(e)->s.st;
}

static double ops_progress(const struct engine *e)
{
	return search_progress(&of(e)->s, true);
}

static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	const struct ks_engine *x = of(e);
	const char *sep = "";
	for (int d = 0; d < x->m; d++)
		if (x->in[d]) {
			strbuf_addf(out, "%s+%d", sep, x->number[d] + 1);
			sep = ";";
		}
}

/* A dead end in the engine's words. */
static void dead_end_note(const struct ks_engine *x, const struct engine_event *ev, struct note *out)
{
	char a[U128_DIGITS + 16], b[U128_DIGITS + 16];
	knapsack_puzzle_number(x->cut, a);
	knapsack_puzzle_number(x->target, b);
	if (x->mode == KS_DP && x->too_big) {
		note_say(out, "dp: a table of %s capacities for %d items is too large to fill", a, x->m);
		return;
	}
	if (ev->level == x->m) {
		note_say(out, "%s: this bag adds %s, short of the best, %s", x->base.ops->name, a, b);
		return;
	}
	note_cell(out, x->number[ev->level]);
	if (x->mode == KS_LP)
		note_say(out, "lp: item %d fits only in part (%s of %s): the LP bound is %s, the best %s",
		         x->number[ev->level] + 1, knapsack_puzzle_number(x->room, (char[U128_DIGITS + 16]){ 0 }),
		         knapsack_puzzle_number(x->w[ev->level], (char[U128_DIGITS + 16]){ 0 }), a, b);
	else
		note_say(out, "%s: at most %s more from here, short of the best, %s", x->base.ops->name, a, b);
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct ks_engine *x = of(e);
	const struct engine_event *ev = &x->s.ev;
	char v[U128_DIGITS + 16], r[U128_DIGITS + 16];
	note_clear(out);
	knapsack_puzzle_number(x->value, v);
	knapsack_puzzle_number(x->room, r);
	int item = ev->subject + 1;
	if (ev->subject >= 0)
		note_cell(out, ev->subject);
	switch (ev->kind) {
	case ENGINE_EV_CHOOSE:
		if (ev->choices == 0)
			dead_end_note(x, ev, out);
		else if (x->mode == KS_DP)
			note_say(out, "dp: the row of item %d, for every capacity up to %s", item,
			         knapsack_puzzle_number(x->room0, (char[U128_DIGITS + 16]){ 0 }));
		else
			note_say(out, "%s: item %d next (%s added, %s room)", x->base.ops->name, item, v, r);
		break;
	case ENGINE_EV_TRY:
		note_say(out, "%s: item %d %s (%s added, %s room)", x->base.ops->name, item,
		         x->mode == KS_DP ? "tabulated" : ev->choice ? "in" : "left out", v, r);
		break;
	case ENGINE_EV_UNDO:
		note_say(out, "%s: back from item %d", x->base.ops->name, item);
		break;
	case ENGINE_EV_SOLUTION:
		note_say(out, "%s: a best bag, adding %s", x->base.ops->name, v);
		break;
	case ENGINE_EV_DONE:
		note_say(out, "%s: nothing left to search", x->base.ops->name);
		break;
	default:
		break;
	}
}

/* One random walk from the root, for Knuth's estimate. */
static void ops_probe(struct engine *e, struct rng *rg, int **degrees, int *cap, int *depth, bool *solution)
{
	struct ks_engine *x = of(e);
	ops_restart(e);
	ks_begin(x);
	*depth = 0;
	*solution = false;
	for (int d = 0;; d++) {
		if (ks_enter(x, d) == SEARCH_SOLUTION) {
			*solution = true;
			break;
		}
		if (*depth == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*degrees = xreallocarray(*degrees, (size_t)*cap, sizeof **degrees);
		}
		int degree = x->s.degree[d];
		(*degrees)[(*depth)++] = degree;
		if (!degree)
			break;
		x->s.kth[d] = (int)rng_below(rg, (uint64_t)degree) - 1;
		ks_try_next(x, d);
	}
	ops_restart(e);
}

static const struct engine_ops ks_ops[] = {
	[KS_BNB] = { "bnb", ops_free, ops_restart, ops_run, ops_event, ops_stats, ops_progress, ops_path_move, ops_event_note, ops_probe },
	[KS_DP] = { "dp", ops_free, ops_restart, ops_run, ops_event, ops_stats, ops_progress, ops_path_move, ops_event_note, NULL },
	[KS_BT] = { "bt", ops_free, ops_restart, ops_run, ops_event, ops_stats, ops_progress, ops_path_move, ops_event_note, ops_probe },
	[KS_GREEDY] = { "greedy", ops_free, ops_restart, ops_run, ops_event, ops_stats, ops_progress, ops_path_move, ops_event_note, ops_probe },
	[KS_LP] = { "lp", ops_free, ops_restart, ops_run, ops_event, ops_stats, ops_progress, ops_path_move, ops_event_note, ops_probe },
};


/* The items left out of s's bag, as ranks: densest first unless in_order. */
static void ks_ranks(struct ks_engine *x, const struct puzzle_state *s, bool in_order)
{
	struct knapsack rest;
	int *numbers = xmalloc(sizeof *numbers * (size_t)(s->k.n + 1));
	int *order = xmalloc(sizeof *order * (size_t)(s->k.n + 1));
	knapsack_puzzle_rest(s, &rest, numbers);
	if (in_order)
		for (int i = 0; i < rest.n; i++)
			order[i] = i;
	else
		knapsack_order(&rest, order);
	x->m = rest.n;
	x->number = xmalloc(sizeof *x->number * (size_t)(x->m + 1));
	x->w = xmalloc(sizeof *x->w * (size_t)(x->m + 1));
	x->v = xmalloc(sizeof *x->v * (size_t)(x->m + 1));
	x->after = xcalloc((size_t)x->m + 1, sizeof *x->after);
	x->in = xcalloc((size_t)x->m + 1, sizeof *x->in);
	for (int d = 0; d < x->m; d++) {
		x->number[d] = numbers[order[d]];
		x->w[d] = rest.items[order[d]].weight;
		x->v[d] = rest.items[order[d]].value;
	}
	for (int d = x->m - 1; d >= 0; d--)
		x->after[d] = x->after[d + 1] + x->v[d];
	x->room0 = rest.capacity;
	free(rest.items);
	free(numbers);
	free(order);
}

static struct engine *ks_new(const struct puzzle_state *s, enum ks_mode mode)
{
	struct ks_engine *x = xcalloc(1, sizeof *x);
	x->base.ops = &ks_ops[mode];
	x->mode = mode;
	ks_ranks(x, s, mode == KS_BT || mode == KS_DP);
	x->target = s->best - s->value;
	x->room = x->room0;
	if (mode == KS_DP) {
		x->row = (size_t)(x->room0 / 64 + 1);
		x->too_big = (uint64_t)x->row * 64 * (uint64_t)(x->m ? x->m : 1) > KS_DP_BITS;
		if (!x->too_big) {
			x->table = xmalloc(sizeof *x->table * (size_t)(x->room0 + 1));
			x->took = xmalloc(sizeof *x->took * x->row * (size_t)(x->m ? x->m : 1));
		}
	}
	search_init(&x->s, x->m + 2, x->m + 2);
	return &x->base;
}

static struct engine *new_bnb(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return ks_new(s, KS_BNB);
}
static struct engine *new_dp(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return ks_new(s, KS_DP);
}
static struct engine *new_bt(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return ks_new(s, KS_BT);
}
static struct engine *new_greedy(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return ks_new(s, KS_GREEDY);
}
static struct engine *new_lp(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return ks_new(s, KS_LP);
}

const struct puzzle_engine knapsack_engine_bnb = { "bnb", "Branch and bound", new_bnb, false };
const struct puzzle_engine knapsack_engine_dp = { "dp", "Dynamic programming", new_dp, false };
const struct puzzle_engine knapsack_engine_bt = { "bt", "Backtracking", new_bt, false };
const struct puzzle_engine knapsack_engine_greedy = { "greedy", "Greedy", new_greedy, false };
const struct puzzle_engine knapsack_engine_lp = { "lp", "LP relaxation", new_lp, false };
