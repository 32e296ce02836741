#include "config.h"

#include "solver/xc/count.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solver/xc/bitmemo.h"
#include "solver/xc/bitx.h"
#include "solver/xc/cutlevel.h"
#include "solver/xc/item_order.h"
#include "solver/xc/layers.h"
#include "solver/xc/memo.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Mems between looks at the clock, the cancel flag and the limit: about a
 * millisecond of search. */
#define SLICE_MEMS (1u << 22)

/* Units wanted per shard: enough for a few dozen threads to share evenly. */
#define UNITS_PER_SHARD 1024

/* How many units a count in `shards` parts cuts its tree into: a figure
 * of the shards alone, so that every machine of a sharded count cuts
 * alike, whatever its threads. */
static uint64_t units_wanted(int shards)
{
	uint64_t want = (uint64_t)UNITS_PER_SHARD * (uint64_t)shards;
	return want < CUTLEVEL_MOST ? want : CUTLEVEL_MOST;
}

void count_opts_init(struct count_opts *o)
{
	memset(o, 0, sizeof *o);
	o->rule = DLX_MRV;
	o->threads = 1;
	o->shard = 1;
	o->shards = 1;
	o->memo = COUNT_MEMO_OFF;
	o->memo_bytes = (size_t)1 << 30;
	o->progress_interval = 0.5;
}

void count_result_free(struct count_result *r)
{
	stats_free(&r->st);
}

static struct memo *make_memo(const struct xc_problem *p, const struct count_opts *o, bool shared)
{
	if (o->memo == COUNT_MEMO_OFF)
		return NULL;
	return memo_new((p->n_items + 63) / 64, o->memo_bytes, shared);
}

static void report_as(const struct count_opts *o, double t0, double fraction, u128 solutions, bool layers)
{
	struct count_progress pr = { .fraction = fraction, .solutions = solutions,
	                             .elapsed = clock_seconds() - t0, .of_layers = layers };
	o->progress(o->progress_ctx, &pr);
}

static void report(const struct count_opts *o, double t0, double fraction, u128 solutions)
{
	report_as(o, t0, fraction, solutions, false);
}

/* ---- one thread, the whole tree -------------------------------------- */

static void count_whole(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	double t0 = clock_seconds(), next_report = t0 + o->progress_interval;
	struct dlx *d = dlx_new(p, o->rule);
	struct memo *m = make_memo(p, o, false);
	if (m)
		dlx_set_memo(d, m, 0, o->memo == COUNT_MEMO_AUTO);
	struct engine_ctl ctl = { .mems_budget = SLICE_MEMS, .max_solutions = o->limit, .cancel = o->cancel };
	enum engine_status s;
	while ((s = dlx_run(d, &ctl)) == ENGINE_BUDGET) {
		if (o->progress && clock_seconds() >= next_report) {
			report(o, t0, dlx_progress(d, 0), dlx_stats(d)->solutions);
			next_report = clock_seconds() + o->progress_interval;
		}
	}
	stats_init(&r->st, dlx_depth(d));
	stats_copy(&r->st, dlx_stats(d));
	r->complete = s != ENGINE_CANCELLED;
	r->memo_used = dlx_memo_in_use(d);
	r->memo_entries = m ? memo_entries(m) : 0;
	r->memo_full = m && memo_full(m);
	r->bytes = dlx_bytes(d) + (m ? memo_bytes(m) : 0);
	dlx_free(d);
	memo_free(m);
}

/* The same on bitsets (bitx.h), the same tree and counters: the plain
 * search of a problem small enough. */
static void count_whole_bitx(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	double t0 = clock_seconds(), next_report = t0 + o->progress_interval;
	struct bitx *b = bitx_new(p, o->rule);
	enum engine_status s;
	struct engine_ctl ctl = { .mems_budget = SLICE_MEMS, .max_solutions = o->limit, .cancel = o->cancel };
	while ((s = bitx_run(b, &ctl)) == ENGINE_BUDGET) {
		if (o->progress && clock_seconds() >= next_report) {
			report(o, t0, bitx_progress(b), bitx_stats(b)->solutions);
			next_report = clock_seconds() + o->progress_interval;
		}
	}
	stats_init(&r->st, bitx_depth(b));
	stats_copy(&r->st, bitx_stats(b));
	r->complete = s != ENGINE_CANCELLED;
	r->bitsets = true;
	r->bytes = bitx_bytes(b);
	bitx_free(b);
}

/* With the memo, on bitsets (bitmemo.h), on one thread or several. */
struct memo_glue {
	const struct count_opts *o;
	double t0;
	bool layers;
};

static void memo_progress(void *ctx, double fraction, u128 solutions)
{
	struct memo_glue *g = ctx;
	report_as(g->o, g->t0, fraction, solutions, g->layers);
}

static void count_bitmemo(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	struct memo_glue g = { .o = o, .t0 = clock_seconds() };
	struct memo *m = make_memo(p, o, o->threads > 1);
	struct bitmemo_opts bo = {
		.rule = o->rule, .threads = o->threads, .memo = m, .adaptive = o->memo == COUNT_MEMO_AUTO,
		.shard = o->shard, .shards = o->shards, .units_wanted = o->shards > 1 ? units_wanted(o->shards) : 0,
		.cancel = o->cancel, .progress = o->progress ? memo_progress : NULL, .progress_ctx = &g,
		.progress_interval = o->progress_interval,
	};
	struct bitmemo_result br;
	bitmemo_count(p, &bo, &br);
	r->st = br.st;
	r->complete = br.complete;
	r->memo_used = br.memo_used;
	r->memo_entries = memo_entries(m);
	r->memo_full = memo_full(m);
	r->bytes = br.bytes + memo_bytes(m);
	r->split_level = br.split_level;
	r->units = br.units;
	r->bitsets = true;
	r->work_uncounted = true;
	memo_free(m);
}

/* By layers (layers.h) by `rule`, within cap bytes and most states (0:
 * no bound), into r if it counted (or was cancelled); else its work is
 * lost.  How it ended. */
static enum layers_end layers_into(const struct xc_problem *p, const struct count_opts *o, enum dlx_rule rule,
                                   size_t cap, uint64_t most, struct count_result *r)
{
	struct memo_glue g = { .o = o, .t0 = clock_seconds(), .layers = true };
	struct layers_opts lo = {
		.rule = rule, .threads = o->threads, .cap_bytes = cap, .judge = o->memo == COUNT_MEMO_AUTO,
		.most_states = most, .cancel = o->cancel, .progress = o->progress ? memo_progress : NULL,
		.progress_ctx = &g, .progress_interval = o->progress_interval,
	};
	struct layers_result lr;
	layers_count(p, &lo, &lr);
	if (lr.end != LAYERS_DONE && lr.end != LAYERS_CANCELLED) {
		stats_free(&lr.st);
		return lr.end;
	}
	r->st = lr.st;
	r->complete = lr.end == LAYERS_DONE;
	r->memo_used = true;
	r->memo_entries = lr.widest;
	r->bytes = lr.peak_bytes;
	r->bitsets = true;
	r->work_uncounted = true;
	return lr.end;
}

/* By layers, on one thread or several; false if it gave up, its work
 * lost, for the depth-first memo to count (r->layers_end says why). */
static bool count_layers(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	r->layered = true;
	r->layers_end = layers_into(p, o, o->rule, o->memo_bytes, 0, r);
	return r->layers_end == LAYERS_DONE || r->layers_end == LAYERS_CANCELLED;
}

/* ---- splitting ------------------------------------------------------- */

struct plan {
	int level;          /* the level of the units */
	uint64_t units;
	double *weight;     /* each unit's share of the tree, by Knuth's measure */
	size_t cap;
	/* For searches that start at a unit's node (bitx_start_at) rather
	 * than walk to it: each unit's path, the `level` options placed above
	 * it, and the work of the walk above the units, done once here. */
	bool want_paths;
	int *paths;
	int *path;          /* scratch for dlx_path */
	struct search_stats top;
	/* while walking: more than `most` units met, and the walk stops */
	uint64_t most;
	bool full;
	struct dlx *d;
	const atomic_int *cancel;
};

static bool plan_enter(void *ctx, uint64_t unit, struct dlx *d)
{
	struct plan *pl = ctx;
	(void)unit;
	if (pl->units == pl->most) {
		pl->full = true;
		pl->units++;
		return false;
	}
	if (pl->units == pl->cap) {
		pl->cap = pl->cap ? 2 * pl->cap : 1024;
		pl->weight = xreallocarray(pl->weight, pl->cap, sizeof *pl->weight);
		if (pl->want_paths)
			pl->paths = xreallocarray(pl->paths, pl->cap * (size_t)pl->level, sizeof *pl->paths);
	}
	if (pl->want_paths) {
		/* the first `level` options: the path down to the unit's node */
		dlx_path(d, pl->path);
		memcpy(pl->paths + pl->units * (uint64_t)pl->level, pl->path, sizeof *pl->paths * (size_t)pl->level);
	}
	pl->weight[pl->units++] = dlx_path_weight(d);
	return false;
}

static void plan_leave(void *ctx, uint64_t unit, struct dlx *d)
{
	(void)ctx, (void)unit, (void)d;
}

/* List the units at `level` and their weights in pl, up to `most` of
 * them (cutlevel.h).  Every unit passed by, the search's counters are the
 * work above them. */
static bool walk_units(void *ctx, int level, uint64_t most, uint64_t *units)
{
	struct plan *pl = ctx;
	struct dlx *d = pl->d;
	struct dlx_split sp = { .level = level, .enter = plan_enter, .leave = plan_leave, .ctx = pl };
	struct engine_ctl ctl = { .cancel = pl->cancel, .mems_budget = SLICE_MEMS };
	pl->units = 0;
	pl->level = level;
	pl->most = most;
	pl->full = false;
	/* the paths are as long as the level: room for them anew */
	pl->cap = 0;
	free(pl->weight);
	free(pl->paths);
	pl->weight = NULL;
	pl->paths = NULL;
	dlx_restart(d);
	dlx_set_split(d, &sp);
	enum engine_status s;
	while ((s = dlx_run(d, &ctl)) == ENGINE_BUDGET && !pl->full)
		;
	stats_copy(&pl->top, dlx_stats(d));
	*units = pl->units;
	return s != ENGINE_CANCELLED;
}

static void plan_free(struct plan *pl)
{
	free(pl->weight);
	free(pl->paths);
	free(pl->path);
	stats_free(&pl->top);
	memset(pl, 0, sizeof *pl);
}

/* The level to cut at (cutlevel.h) and its units; false if no level has
 * `least` (the tree is too small to be worth splitting).  With
 * want_paths, each unit's path too. */
static bool plan_split(const struct xc_problem *p, enum dlx_rule rule, uint64_t want, uint64_t least,
                       bool want_paths, const atomic_int *cancel, struct plan *pl)
{
	memset(pl, 0, sizeof *pl);
	pl->d = dlx_new(p, rule);
	pl->cancel = cancel;
	pl->want_paths = want_paths;
	pl->path = xmalloc(sizeof *pl->path * (size_t)dlx_depth(pl->d));
	stats_init(&pl->top, dlx_depth(pl->d));
	uint64_t units = 0;
	int level = cutlevel_find(dlx_depth(pl->d) - 2, want, walk_units, pl, &units);
	dlx_free(pl->d);
	pl->d = NULL;
	if (level <= 0 || units < least) {
		plan_free(pl);
		return false;
	}
	return true;
}

struct counter;

/* One search thread of a split count (not game/worker.c's solver
 * thread): it claims the shard's units one at a time and searches them. */
struct count_thread {
	struct counter *c;
	pthread_t thread;
	struct dlx *d;                /* the search: on links, */
	struct bitx *b;               /* or on bitsets, starting at each unit */
	uint64_t claim;               /* the shard's unit this thread searches next */
	struct search_stats units;    /* work done inside units */
	struct search_stats snap;     /* stats when the current unit was entered */
	struct search_stats delta;    /* scratch */
	double unit_weight;           /* weight of the current unit, 0 if none */
	_Atomic double done_weight;   /* weight of the units finished */
	_Atomic double partial;       /* fraction of the current unit, times its weight */
	/* Solutions in units, finished or not: 128 bits, which no atomic
	 * type holds without a lock on every machine, so a lock of its own,
	 * taken once a slice. */
	pthread_mutex_t found_lock;
	u128 found;
	bool cancelled;
};

/* A split count: its plan, the cache its threads share, and the threads. */
struct counter {
	const struct xc_problem *p;
	const struct count_opts *o;
	struct plan plan;
	struct memo *memo;
	bool bitsets;                 /* the threads search on bitsets */
	atomic_uint_fast64_t next_claim;
	atomic_int stop;
	atomic_int running;
	struct count_thread *threads;
};

static bool work_enter(void *ctx, uint64_t unit, struct dlx *d)
{
	struct count_thread *th = ctx;
	const struct count_opts *o = th->c->o;
	if (unit % (uint64_t)o->shards != (uint64_t)(o->shard - 1) || unit / (uint64_t)o->shards != th->claim)
		return false;
	stats_copy(&th->snap, dlx_stats(d));
	th->unit_weight = th->c->plan.weight[unit];
	return true;
}

static void work_leave(void *ctx, uint64_t unit, struct dlx *d)
{
	struct count_thread *th = ctx;
	(void)unit;
	stats_copy(&th->delta, dlx_stats(d));
	stats_sub(&th->delta, &th->snap);
	stats_add(&th->units, &th->delta);
	atomic_store(&th->done_weight, atomic_load(&th->done_weight) + th->unit_weight);
	atomic_store(&th->partial, 0.0);
	pthread_mutex_lock(&th->found_lock);
	th->found = th->units.solutions;
	pthread_mutex_unlock(&th->found_lock);
	th->unit_weight = 0;
	th->claim = atomic_fetch_add(&th->c->next_claim, 1);
}

static void work_links(struct count_thread *th)
{
	struct counter *c = th->c;
	int level = c->plan.level;
	struct engine_ctl ctl = { .mems_budget = SLICE_MEMS, .cancel = &c->stop };
	enum engine_status s;
	while ((s = dlx_run(th->d, &ctl)) == ENGINE_BUDGET) {
		if (th->unit_weight > 0) {
			const struct search_stats *st = dlx_stats(th->d);
			atomic_store(&th->partial, th->unit_weight * dlx_progress(th->d, level));
			pthread_mutex_lock(&th->found_lock);
			th->found = th->units.solutions + (st->solutions - th->snap.solutions);
			pthread_mutex_unlock(&th->found_lock);
		}
	}
	th->cancelled = s == ENGINE_CANCELLED;
}

/* On bitsets the thread goes straight to each unit it claims, by the
 * unit's path, without the walk above: the plan has done that once. */
static void work_bitsets(struct count_thread *th)
{
	struct counter *c = th->c;
	const struct count_opts *o = c->o;
	const struct plan *pl = &c->plan;
	for (;;) {
		uint64_t unit = th->claim * (uint64_t)o->shards + (uint64_t)(o->shard - 1);
		if (unit >= pl->units)
			return;
		th->unit_weight = pl->weight[unit];
		enum engine_status s = ENGINE_DONE;
		if (bitx_start_at(th->b, pl->paths + unit * (uint64_t)pl->level, pl->level)) {
			struct engine_ctl ctl = { .mems_budget = SLICE_MEMS, .cancel = &c->stop };
			while ((s = bitx_run(th->b, &ctl)) == ENGINE_BUDGET) {
				atomic_store(&th->partial, th->unit_weight * bitx_progress(th->b));
				pthread_mutex_lock(&th->found_lock);
				th->found = th->units.solutions + bitx_stats(th->b)->solutions;
				pthread_mutex_unlock(&th->found_lock);
			}
		}
		stats_add(&th->units, bitx_stats(th->b));
		pthread_mutex_lock(&th->found_lock);
		th->found = th->units.solutions;
		pthread_mutex_unlock(&th->found_lock);
		atomic_store(&th->partial, 0.0);
		if (s == ENGINE_CANCELLED) {
			th->cancelled = true;
			return;
		}
		atomic_store(&th->done_weight, atomic_load(&th->done_weight) + th->unit_weight);
		th->unit_weight = 0;
		th->claim = atomic_fetch_add(&c->next_claim, 1);
	}
}

static void *work(void *arg)
{
	struct count_thread *th = arg;
	if (th->c->bitsets)
		work_bitsets(th);
	else
		work_links(th);
	atomic_fetch_sub(&th->c->running, 1);
	return NULL;
}

/* A thread's search, on links or bitsets, with its stats. */
static void thread_init(struct count_thread *th, struct counter *c, int i)
{
	const struct count_opts *o = c->o;
	const struct plan *plan = &c->plan;
	int depth;
	th->c = c;
	th->claim = (uint64_t)i;
	if (c->bitsets) {
		th->b = bitx_new(c->p, o->rule);
		depth = bitx_depth(th->b);
	} else {
		th->d = dlx_new(c->p, o->rule);
		depth = dlx_depth(th->d);
		struct dlx_split sp = { .level = plan->level, .enter = work_enter, .leave = work_leave, .ctx = th };
		dlx_set_split(th->d, &sp);
		if (c->memo)
			dlx_set_memo(th->d, c->memo, plan->level, o->memo == COUNT_MEMO_AUTO);
	}
	stats_init(&th->units, depth);
	stats_init(&th->snap, depth);
	stats_init(&th->delta, depth);
	atomic_init(&th->done_weight, 0.0);
	atomic_init(&th->partial, 0.0);
	pthread_mutex_init(&th->found_lock, NULL);
	th->found = 0;
}

/* Add th's work to r and free it. */
static void thread_finish(struct count_thread *th, struct count_result *r)
{
	stats_add(&r->st, &th->units);
	if (th->cancelled)
		r->complete = false;
	if (th->b) {
		r->bytes += bitx_bytes(th->b);
		bitx_free(th->b);
	} else {
		if (dlx_stats(th->d)->max_level > r->st.max_level)
			r->st.max_level = dlx_stats(th->d)->max_level;
		r->memo_used &= dlx_memo_in_use(th->d);
		r->bytes += dlx_bytes(th->d);
		dlx_free(th->d);
	}
	stats_free(&th->units);
	stats_free(&th->snap);
	stats_free(&th->delta);
	pthread_mutex_destroy(&th->found_lock);
}

static void count_split(const struct xc_problem *p, const struct count_opts *o, struct count_result *r,
                        const struct plan *plan, bool bitsets)
{
	double t0 = clock_seconds();
	int n = o->threads;
	struct counter c = { .p = p, .o = o, .plan = *plan, .bitsets = bitsets };
	c.memo = make_memo(p, o, n > 1);
	atomic_init(&c.next_claim, (uint64_t)n);
	atomic_init(&c.stop, 0);
	atomic_init(&c.running, n);
	c.threads = xcalloc((size_t)n, sizeof *c.threads);

	double shard_weight = 0;
	for (uint64_t u = (uint64_t)(o->shard - 1); u < plan->units; u += (uint64_t)o->shards)
		shard_weight += plan->weight[u];

	/* The search threads take no signals: those are the caller's. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < n; i++) {
		struct count_thread *th = &c.threads[i];
		thread_init(th, &c, i);
		if (pthread_create(&th->thread, NULL, work, th) != 0) {
			/* cannot start it: run it here instead, after the others */
			th->thread = pthread_self();
		}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	double next_report = t0 + o->progress_interval;
	struct timespec nap = { 0, 10 * 1000 * 1000 };
	int started = 0;
	for (int i = 0; i < n; i++)
		started += !pthread_equal(c.threads[i].thread, pthread_self());
	while (atomic_load(&c.running) > n - started) {
		nanosleep(&nap, NULL);
		u128 found = 0;
		bool over = false;
		double done = 0;
		for (int i = 0; i < n; i++) {
			pthread_mutex_lock(&c.threads[i].found_lock);
			found = u128_add(found, c.threads[i].found, &over);
			pthread_mutex_unlock(&c.threads[i].found_lock);
			done += atomic_load(&c.threads[i].done_weight) + atomic_load(&c.threads[i].partial);
		}
		if ((o->cancel && atomic_load(o->cancel)) || (o->limit && found >= o->limit))
			atomic_store(&c.stop, 1);
		if (o->progress && clock_seconds() >= next_report) {
			report(o, t0, shard_weight > 0 ? done / shard_weight : 0, found);
			next_report = clock_seconds() + o->progress_interval;
		}
	}
	for (int i = 0; i < n; i++) {
		if (pthread_equal(c.threads[i].thread, pthread_self()))
			work(&c.threads[i]);
		else
			pthread_join(c.threads[i].thread, NULL);
	}

	/* The work above the units is the same in every thread; charge it
	 * once, to shard 1.  On links every thread has walked it: thread 0's
	 * search less its units; on bitsets the plan has. */
	stats_init(&r->st, plan->top.depth);
	if (o->shard == 1) {
		if (bitsets) {
			stats_copy(&r->st, &plan->top);
		} else {
			stats_copy(&r->st, dlx_stats(c.threads[0].d));
			stats_sub(&r->st, &c.threads[0].units);
		}
	}
	r->complete = true;
	r->memo_used = c.memo != NULL;
	r->bitsets = bitsets;
	for (int i = 0; i < n; i++)
		thread_finish(&c.threads[i], r);
	if (o->limit && r->st.solutions >= o->limit)
		r->complete = true; /* stopped because the limit was reached */
	r->memo_entries = c.memo ? memo_entries(c.memo) : 0;
	r->memo_full = c.memo && memo_full(c.memo);
	r->bytes += c.memo ? memo_bytes(c.memo) : 0;
	memo_free(c.memo);
	free(c.threads);
}

/* ---- the choice of a back end ---------------------------------------
 * count_run tries the back ends of this table in order and the first that
 * suits the problem and the options counts; one that gives up (false)
 * leaves the count to the next that suits.  What decided the order:
 *
 * - With no rule asked for, the first item is tried first, on the items
 *   reordered, by layers within a budget (see TRY_STATES below): on a
 *   board its states merge far more than the shortest item's.
 * - With the memo, the states are what counts, and bitsets hold them
 *   best: on links a node of IQ Fit's count makes about 1,300 link
 *   updates; on bitsets, placing an option is an AND NOT of 54 words
 *   (bitmemo.h).  Breadth first (layers) holds only the layers in hand:
 *   trominoes on a 12 x 9 board reach 520 million states, beyond the
 *   depth-first memo's room, while the widest layer holds 60 million
 *   (layers.h).  So layers first, bitmemo if they give up or for a shard
 *   (layers take the whole tree).  Neither stops at a limit: with a
 *   limit the memo counts on links.
 * - Threads or shards split the tree at a level (count.h); a tree too
 *   narrow to split is counted whole.
 * - Whole, without the memo, bitsets search the very same tree as links,
 *   two to four times faster up to BITX_MAX_OPTIONS options (bitx.h:
 *   14 queens, pentominoes, Langford pairs).
 * - A shard other than the first of a tree too small to split has
 *   nothing to count: shard 1 counts it all. */

static bool memo_on_bitsets(const struct xc_problem *p, const struct count_opts *o)
{
	return o->memo != COUNT_MEMO_OFF && o->limit == 0 && !o->links && bitmemo_suits(p);
}

static bool by_layers_suits(const struct xc_problem *p, const struct count_opts *o)
{
	return memo_on_bitsets(p, o) && o->shards == 1;
}

/* The try of the first item (count_opts.choose_rule).  The states of a
 * count by the first item on a well-ordered board merge far more than by
 * the shortest (trominoes on an 18 x 9 board: under a second, against
 * more than two minutes; Kanoodle 0.5 s against 2.6), but with nothing
 * like a board (queens, Langford pairs) they merge less, and the shortest
 * item wins (Langford pairs 13: 3.5 s against 1.5).  So the first item
 * is tried only where item_order.h finds a board (pieces, or an order
 * better than the given one, or a narrow frontier: cells waiting no more
 * than twice the side of a square board of as many), and within
 * TRY_STATES states and TRY_SHARE of the memo's memory, so that a try
 * that fails costs a fraction of the count. */
#define TRY_STATES ((uint64_t)6 << 20)
#define TRY_SHARE 8

static bool board_like(const struct item_order_info *info)
{
	if (info->pieces > 0 || info->how != ITEM_ORDER_GIVEN)
		return true;
	/* the mean wait, profile / cells, at most 2 sqrt(cells) */
	double n = info->cells;
	return n > 0 && (double)info->profile * (double)info->profile <= 4 * n * n * n;
}

static bool try_suits(const struct xc_problem *p, const struct count_opts *o)
{
	return o->choose_rule && by_layers_suits(p, o);
}

static bool counted_by_try(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	double t0 = clock_seconds();
	int *rank = item_order_rank(p, &r->order);
	if (!board_like(&r->order)) {
		free(rank);
		r->choice = COUNT_RULE_NO_BOARD;
		return false;
	}
	struct xc_problem *q = item_order_apply(p, rank);
	free(rank);
	enum layers_end end = layers_into(q, o, DLX_FIRST, o->memo_bytes / TRY_SHARE, TRY_STATES, r);
	bool counted = end == LAYERS_DONE || end == LAYERS_CANCELLED;
	if (end == LAYERS_TOO_WIDE) {
		/* the states merged, but more paths reach one than 64 bits
		 * hold: depth first, where a state's count is 128 bits */
		struct count_opts deep = *o;
		deep.rule = DLX_FIRST;
		count_bitmemo(q, &deep, r);
		counted = true;
	}
	xc_free(q);
	if (counted) {
		r->layered = true;
		r->layers_end = end;
	}
	r->try_seconds = clock_seconds() - t0;
	r->choice = !counted ? COUNT_RULE_TRIED : end == LAYERS_TOO_WIDE ? COUNT_RULE_FIRST_DEEP : COUNT_RULE_FIRST;
	r->try_end = end;
	return counted;
}


static bool counted_by_bitmemo(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	count_bitmemo(p, o, r);
	return true;
}

static bool split_suits(const struct xc_problem *p, const struct count_opts *o)
{
	(void)p;
	return o->threads > 1 || o->shards > 1;
}

/* Without the memo, the searches run on bitsets where they can. */
static bool plain_on_bitsets(const struct xc_problem *p, const struct count_opts *o)
{
	return o->memo == COUNT_MEMO_OFF && !o->links && bitx_suits(p);
}

/* False if the tree is too narrow to split into units enough. */
static bool counted_split(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	/* a shard of a tree too narrow to split counts it all, or 0 */
	uint64_t least = o->shards > 1 ? 2 : 2 * (uint64_t)o->threads;
	bool bitsets = plain_on_bitsets(p, o);
	struct plan plan;
	if (!plan_split(p, o->rule, units_wanted(o->shards), least, bitsets, o->cancel, &plan))
		return false;
	r->split_level = plan.level;
	r->units = plan.units;
	count_split(p, o, r, &plan, bitsets);
	plan_free(&plan);
	return true;
}

static bool whole_on_bitsets_suits(const struct xc_problem *p, const struct count_opts *o)
{
	return o->shard == 1 && plain_on_bitsets(p, o);
}

static bool counted_whole_on_bitsets(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	count_whole_bitx(p, o, r);
	return true;
}

static bool whole_suits(const struct xc_problem *p, const struct count_opts *o)
{
	(void)p;
	return o->shard == 1;
}

static bool counted_whole(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	count_whole(p, o, r);
	return true;
}

static bool any_suits(const struct xc_problem *p, const struct count_opts *o)
{
	(void)p, (void)o;
	return true;
}

static bool counted_nothing(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	(void)o;
	stats_init(&r->st, p->n_primary + 2);
	r->complete = true;
	return true;
}

static const struct count_backend {
	const char *name;   /* for the reader and the debugger */
	bool (*suits)(const struct xc_problem *p, const struct count_opts *o);
	/* false: it gave up, its work lost */
	bool (*count)(const struct xc_problem *p, const struct count_opts *o, struct count_result *r);
} count_backends[] = {
	{ "first item, tried", try_suits, counted_by_try },
	{ "memo by layers", by_layers_suits, count_layers },
	{ "memo on bitsets", memo_on_bitsets, counted_by_bitmemo },
	{ "split", split_suits, counted_split },
	{ "whole on bitsets", whole_on_bitsets_suits, counted_whole_on_bitsets },
	{ "whole on links", whole_suits, counted_whole },
	{ "another shard's", any_suits, counted_nothing },
};

void count_run(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	double t0 = clock_seconds();
	memset(r, 0, sizeof *r);
	r->choice = o->choose_rule ? COUNT_RULE_NOT_TRIED : COUNT_RULE_ASKED;
	const struct count_backend *b = count_backends;
	while (!(b->suits(p, o) && b->count(p, o, r)))
		b++; /* the last suits always and never gives up */
	if (o->limit && r->st.solutions > o->limit)
		r->st.solutions = o->limit;
	r->seconds = clock_seconds() - t0;
}

uint64_t count_solutions(const struct xc_problem *p, enum dlx_rule rule, uint64_t limit, const atomic_int *cancel)
{
	struct count_opts o;
	count_opts_init(&o);
	o.rule = rule;
	o.memo = COUNT_MEMO_ON;
	o.memo_bytes = (size_t)64 << 20;
	o.limit = limit;
	o.cancel = cancel;
	struct count_result r;
	count_run(p, &o, &r);
	uint64_t n = !r.complete ? 0 : r.st.solutions > UINT64_MAX ? UINT64_MAX : (uint64_t)r.st.solutions;
	count_result_free(&r);
	return n;
}

void count_choice_text(const struct count_result *r, enum dlx_rule rule, bool asked, char *buf, size_t size)
{
	const char *name = rule == DLX_FIRST ? "first item" : "shortest item";
	switch (r->choice) {
	case COUNT_RULE_ASKED:
		snprintf(buf, size, "branching: %s (%s)", name, asked ? "as asked" : "the family's order for it");
		return;
	case COUNT_RULE_FIRST:
	case COUNT_RULE_FIRST_DEEP:
		snprintf(buf, size, "branching: first item, %s (states merged)", item_order_text(&r->order));
		return;
	case COUNT_RULE_NO_BOARD:
		snprintf(buf, size, "branching: %s (first item not tried: nothing like a board)", name);
		return;
	case COUNT_RULE_NOT_TRIED:
		snprintf(buf, size, "branching: %s (default: the first item is tried only by layers)", name);
		return;
	case COUNT_RULE_TRIED:
		snprintf(buf, size, "branching: %s (first item tried, %.2f s: %s)", name, r->try_seconds,
		         r->try_end == LAYERS_NO_REPEATS    ? "states did not repeat"
		         : r->try_end == LAYERS_NO_ROOM     ? "out of its memory"
		         : r->try_end == LAYERS_OVER_BUDGET ? "too many states"
		                                            : layers_end_text(r->try_end));
		return;
	}
}
