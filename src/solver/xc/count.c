#include "config.h"

#include "solver/xc/count.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solver/xc/bitmemo.h"
#include "solver/xc/bitx.h"
#include "solver/xc/cutlevel.h"
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

/* By layers (layers.h), on one thread or several; false if it gave up,
 * its work lost, for the depth-first memo to count (r->layers_end says
 * why). */
static bool count_layers(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	struct memo_glue g = { .o = o, .t0 = clock_seconds(), .layers = true };
	struct layers_opts lo = {
		.rule = o->rule, .threads = o->threads, .cap_bytes = o->memo_bytes, .judge = o->memo == COUNT_MEMO_AUTO,
		.cancel = o->cancel, .progress = o->progress ? memo_progress : NULL, .progress_ctx = &g,
		.progress_interval = o->progress_interval,
	};
	struct layers_result lr;
	layers_count(p, &lo, &lr);
	r->layered = true;
	r->layers_end = lr.end;
	if (lr.end != LAYERS_DONE && lr.end != LAYERS_CANCELLED) {
		stats_free(&lr.st);
		return false;
	}
	r->st = lr.st;
	r->complete = lr.end == LAYERS_DONE;
	r->memo_used = true;
	r->memo_entries = lr.widest;
	r->bytes = lr.peak_bytes;
	r->bitsets = true;
	r->work_uncounted = true;
	return true;
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

struct worker {
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

struct counter {
	const struct xc_problem *p;
	const struct count_opts *o;
	struct plan plan;
	struct memo *memo;
	bool bitsets;                 /* the workers search on bitsets */
	atomic_uint_fast64_t next_claim;
	atomic_int stop;
	atomic_int running;
	struct worker *w;
};

static bool work_enter(void *ctx, uint64_t unit, struct dlx *d)
{
	struct worker *w = ctx;
	const struct count_opts *o = w->c->o;
	if (unit % (uint64_t)o->shards != (uint64_t)(o->shard - 1) || unit / (uint64_t)o->shards != w->claim)
		return false;
	stats_copy(&w->snap, dlx_stats(d));
	w->unit_weight = w->c->plan.weight[unit];
	return true;
}

static void work_leave(void *ctx, uint64_t unit, struct dlx *d)
{
	struct worker *w = ctx;
	(void)unit;
	stats_copy(&w->delta, dlx_stats(d));
	stats_sub(&w->delta, &w->snap);
	stats_add(&w->units, &w->delta);
	atomic_store(&w->done_weight, atomic_load(&w->done_weight) + w->unit_weight);
	atomic_store(&w->partial, 0.0);
	pthread_mutex_lock(&w->found_lock);
	w->found = w->units.solutions;
	pthread_mutex_unlock(&w->found_lock);
	w->unit_weight = 0;
	w->claim = atomic_fetch_add(&w->c->next_claim, 1);
}

static void work_links(struct worker *w)
{
	struct counter *c = w->c;
	int level = c->plan.level;
	struct engine_ctl ctl = { .mems_budget = SLICE_MEMS, .cancel = &c->stop };
	enum engine_status s;
	while ((s = dlx_run(w->d, &ctl)) == ENGINE_BUDGET) {
		if (w->unit_weight > 0) {
			const struct search_stats *st = dlx_stats(w->d);
			atomic_store(&w->partial, w->unit_weight * dlx_progress(w->d, level));
			pthread_mutex_lock(&w->found_lock);
			w->found = w->units.solutions + (st->solutions - w->snap.solutions);
			pthread_mutex_unlock(&w->found_lock);
		}
	}
	w->cancelled = s == ENGINE_CANCELLED;
}

/* On bitsets the thread goes straight to each unit it claims, by the
 * unit's path, without the walk above: the plan has done that once. */
static void work_bitsets(struct worker *w)
{
	struct counter *c = w->c;
	const struct count_opts *o = c->o;
	const struct plan *pl = &c->plan;
	for (;;) {
		uint64_t unit = w->claim * (uint64_t)o->shards + (uint64_t)(o->shard - 1);
		if (unit >= pl->units)
			return;
		w->unit_weight = pl->weight[unit];
		enum engine_status s = ENGINE_DONE;
		if (bitx_start_at(w->b, pl->paths + unit * (uint64_t)pl->level, pl->level)) {
			struct engine_ctl ctl = { .mems_budget = SLICE_MEMS, .cancel = &c->stop };
			while ((s = bitx_run(w->b, &ctl)) == ENGINE_BUDGET) {
				atomic_store(&w->partial, w->unit_weight * bitx_progress(w->b));
				pthread_mutex_lock(&w->found_lock);
				w->found = w->units.solutions + bitx_stats(w->b)->solutions;
				pthread_mutex_unlock(&w->found_lock);
			}
		}
		stats_add(&w->units, bitx_stats(w->b));
		pthread_mutex_lock(&w->found_lock);
		w->found = w->units.solutions;
		pthread_mutex_unlock(&w->found_lock);
		atomic_store(&w->partial, 0.0);
		if (s == ENGINE_CANCELLED) {
			w->cancelled = true;
			return;
		}
		atomic_store(&w->done_weight, atomic_load(&w->done_weight) + w->unit_weight);
		w->unit_weight = 0;
		w->claim = atomic_fetch_add(&c->next_claim, 1);
	}
}

static void *work(void *arg)
{
	struct worker *w = arg;
	if (w->c->bitsets)
		work_bitsets(w);
	else
		work_links(w);
	atomic_fetch_sub(&w->c->running, 1);
	return NULL;
}

/* The workers' searches, on links or bitsets, each with its stats. */
static void worker_init(struct worker *w, struct counter *c, int i)
{
	const struct count_opts *o = c->o;
	const struct plan *plan = &c->plan;
	int depth;
	w->c = c;
	w->claim = (uint64_t)i;
	if (c->bitsets) {
		w->b = bitx_new(c->p, o->rule);
		depth = bitx_depth(w->b);
	} else {
		w->d = dlx_new(c->p, o->rule);
		depth = dlx_depth(w->d);
		struct dlx_split sp = { .level = plan->level, .enter = work_enter, .leave = work_leave, .ctx = w };
		dlx_set_split(w->d, &sp);
		if (c->memo)
			dlx_set_memo(w->d, c->memo, plan->level, o->memo == COUNT_MEMO_AUTO);
	}
	stats_init(&w->units, depth);
	stats_init(&w->snap, depth);
	stats_init(&w->delta, depth);
	atomic_init(&w->done_weight, 0.0);
	atomic_init(&w->partial, 0.0);
	pthread_mutex_init(&w->found_lock, NULL);
	w->found = 0;
}

/* Add w's work to r and free it. */
static void worker_finish(struct worker *w, struct count_result *r)
{
	stats_add(&r->st, &w->units);
	if (w->cancelled)
		r->complete = false;
	if (w->b) {
		r->bytes += bitx_bytes(w->b);
		bitx_free(w->b);
	} else {
		if (dlx_stats(w->d)->max_level > r->st.max_level)
			r->st.max_level = dlx_stats(w->d)->max_level;
		r->memo_used &= dlx_memo_in_use(w->d);
		r->bytes += dlx_bytes(w->d);
		dlx_free(w->d);
	}
	stats_free(&w->units);
	stats_free(&w->snap);
	stats_free(&w->delta);
	pthread_mutex_destroy(&w->found_lock);
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
	c.w = xcalloc((size_t)n, sizeof *c.w);

	double shard_weight = 0;
	for (uint64_t u = (uint64_t)(o->shard - 1); u < plan->units; u += (uint64_t)o->shards)
		shard_weight += plan->weight[u];

	/* The search threads take no signals: those are the caller's. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < n; i++) {
		struct worker *w = &c.w[i];
		worker_init(w, &c, i);
		if (pthread_create(&w->thread, NULL, work, w) != 0) {
			/* cannot start it: run it here instead, after the others */
			w->thread = pthread_self();
		}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	double next_report = t0 + o->progress_interval;
	struct timespec nap = { 0, 10 * 1000 * 1000 };
	int started = 0;
	for (int i = 0; i < n; i++)
		started += !pthread_equal(c.w[i].thread, pthread_self());
	while (atomic_load(&c.running) > n - started) {
		nanosleep(&nap, NULL);
		u128 found = 0;
		bool over = false;
		double done = 0;
		for (int i = 0; i < n; i++) {
			pthread_mutex_lock(&c.w[i].found_lock);
			found = u128_add(found, c.w[i].found, &over);
			pthread_mutex_unlock(&c.w[i].found_lock);
			done += atomic_load(&c.w[i].done_weight) + atomic_load(&c.w[i].partial);
		}
		if ((o->cancel && atomic_load(o->cancel)) || (o->limit && found >= o->limit))
			atomic_store(&c.stop, 1);
		if (o->progress && clock_seconds() >= next_report) {
			report(o, t0, shard_weight > 0 ? done / shard_weight : 0, found);
			next_report = clock_seconds() + o->progress_interval;
		}
	}
	for (int i = 0; i < n; i++) {
		if (pthread_equal(c.w[i].thread, pthread_self()))
			work(&c.w[i]);
		else
			pthread_join(c.w[i].thread, NULL);
	}

	/* The work above the units is the same in every thread; charge it
	 * once, to shard 1.  On links every thread has walked it: thread 0's
	 * search less its units; on bitsets the plan has. */
	stats_init(&r->st, plan->top.depth);
	if (o->shard == 1) {
		if (bitsets) {
			stats_copy(&r->st, &plan->top);
		} else {
			stats_copy(&r->st, dlx_stats(c.w[0].d));
			stats_sub(&r->st, &c.w[0].units);
		}
	}
	r->complete = true;
	r->memo_used = c.memo != NULL;
	r->bitsets = bitsets;
	for (int i = 0; i < n; i++)
		worker_finish(&c.w[i], r);
	if (o->limit && r->st.solutions >= o->limit)
		r->complete = true; /* stopped because the limit was reached */
	r->memo_entries = c.memo ? memo_entries(c.memo) : 0;
	r->memo_full = c.memo && memo_full(c.memo);
	r->bytes += c.memo ? memo_bytes(c.memo) : 0;
	memo_free(c.memo);
	free(c.w);
}

void count_run(const struct xc_problem *p, const struct count_opts *o, struct count_result *r)
{
	double t0 = clock_seconds();
	memset(r, 0, sizeof *r);
	bool split = o->threads > 1 || o->shards > 1;
	bool bitsets = o->memo == COUNT_MEMO_OFF && !o->links && bitx_suits(p);
	struct plan plan = { 0 };
	if (o->memo != COUNT_MEMO_OFF && o->limit == 0 && !o->links && bitmemo_suits(p)) {
		/* layers take the whole tree, breadth first: no shards */
		if (o->shards > 1 || !count_layers(p, o, r))
			count_bitmemo(p, o, r);
		r->seconds = clock_seconds() - t0;
		return;
	}
	if (split) {
		/* a shard of a tree too narrow to split counts it all, or 0 */
		uint64_t least = o->shards > 1 ? 2 : 2 * (uint64_t)o->threads;
		split = plan_split(p, o->rule, units_wanted(o->shards), least, bitsets,
		                   o->cancel, &plan);
	}
	if (split) {
		r->split_level = plan.level;
		r->units = plan.units;
		count_split(p, o, r, &plan, bitsets);
		plan_free(&plan);
	} else if (o->shard == 1) {
		if (bitsets)
			count_whole_bitx(p, o, r);
		else
			count_whole(p, o, r);
	} else {
		/* too small to split: shard 1 counts it all, the others nothing */
		stats_init(&r->st, p->n_primary + 2);
		r->complete = true;
	}
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
