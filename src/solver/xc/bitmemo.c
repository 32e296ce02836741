#include "config.h"

#include "solver/xc/bitmemo.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "solver/xc/bitshape.h"
#include "solver/xc/bitx.h"
#include "solver/xc/cutlevel.h"
#include "solver/xc/memo.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Nodes between looks at the cancel flag and the clock: well under a
 * millisecond. */
#define POLL_NODES (1u << 12)

/* Units wanted per thread when the tree is cut for several. */
#define UNITS_PER_THREAD 256

/* ---- one search, of the whole tree or of units ---------------------- */

struct walker {
	const struct bitshape *s;
	const struct bitmemo_opts *o;
	struct memo *memo;
	int min_level;           /* the cache is used at this level and below it */
	bool memo_on;
	uint64_t lookups, found; /* for the adaptive judgement */
	uint64_t *live;          /* depth sets of options: possible at each level */
	uint64_t *act;           /* depth sets of items: uncovered at each level */
	uint64_t *key;           /* depth signatures */
	bool *looked_up;         /* the parent looked this level's node up already */
	int *deg, *kth;          /* for Knuth's measure of progress */
	int *path;               /* the option placed at each level */
	struct search_stats st;
	unsigned tick;
	bool cancelled;
	const atomic_int *stop;  /* the threads' own stop, besides o->cancel */
	double next_report;
	int progress_level;      /* Knuth's measure from this level down (the units' level) */
};

static void walker_init(struct walker *w, const struct bitshape *s, const struct bitmemo_opts *o)
{
	memset(w, 0, sizeof *w);
	w->s = s;
	w->o = o;
	w->memo = o->memo;
	w->memo_on = o->memo != NULL;
	size_t levels = (size_t)s->depth;
	w->live = xcalloc(levels * (size_t)s->W, sizeof *w->live);
	w->act = xcalloc(levels * (size_t)s->IW, sizeof *w->act);
	w->key = xcalloc(levels * (size_t)s->IW, sizeof *w->key);
	w->looked_up = xcalloc(levels, sizeof *w->looked_up);
	w->deg = xcalloc(levels, sizeof *w->deg);
	w->kth = xcalloc(levels, sizeof *w->kth);
	w->path = xcalloc(levels, sizeof *w->path);
	stats_init(&w->st, s->depth);
}

static void walker_free(struct walker *w)
{
	free(w->live);
	free(w->act);
	free(w->key);
	free(w->looked_up);
	free(w->deg);
	free(w->kth);
	free(w->path);
	stats_free(&w->st);
}

static size_t walker_bytes(const struct bitshape *s)
{
	size_t levels = (size_t)s->depth;
	return levels * (sizeof(uint64_t) * ((size_t)s->W + 2 * (size_t)s->IW) + sizeof(bool) + 3 * sizeof(int));
}

/* The root: every option live, every item uncovered. */
static void walker_root(struct walker *w)
{
	const struct bitshape *s = w->s;
	memset(w->live, 0, sizeof *w->live * (size_t)s->W);
	for (int i = 0; i < s->n_options; i++)
		bitshape_set(w->live, i);
	memset(w->act, 0, sizeof *w->act * (size_t)s->IW);
	for (int i = 0; i < s->n_items; i++)
		bitshape_set(w->act, i);
}

/* Level+1's sets after option o is placed at level; false if no primary
 * item is left (o completes a solution). */
static inline bool place(struct walker *w, int level, int o)
{
	const struct bitshape *s = w->s;
	const uint64_t *act = w->act + (size_t)level * (size_t)s->IW, *oi = s->oitems + (size_t)o * (size_t)s->IW;
	uint64_t *na = w->act + (size_t)(level + 1) * (size_t)s->IW;
	uint64_t open = 0;
	for (int x = 0; x < s->IW; x++) {
		na[x] = act[x] & ~oi[x];
		open |= na[x] & s->primary[x];
	}
	return open != 0;
}

static inline void place_live(struct walker *w, int level, int o)
{
	const struct bitshape *s = w->s;
	const uint64_t *live = w->live + (size_t)level * (size_t)s->W, *cf = s->conflict + (size_t)o * (size_t)s->W;
	uint64_t *nl = w->live + (size_t)(level + 1) * (size_t)s->W;
	for (int x = 0; x < s->W; x++)
		nl[x] = live[x] & ~cf[x];
}

/* The memo signature of the node at level: its uncovered items, but the
 * secondary ones no live option names (they constrain nothing), as
 * dlx.h's signature. */
static uint64_t signature(struct walker *w, int level)
{
	const struct bitshape *s = w->s;
	const uint64_t *act = w->act + (size_t)level * (size_t)s->IW;
	uint64_t *key = w->key + (size_t)level * (size_t)s->IW;
	memcpy(key, act, sizeof *key * (size_t)s->IW);
	if (s->secondary) {
		const uint64_t *live = w->live + (size_t)level * (size_t)s->W;
		for (int i = s->n_primary; i < s->n_items; i++)
			if ((key[i >> 6] >> (i & 63) & 1) && !bitshape_meets(s->item_opts + (size_t)i * (size_t)s->W, live, s->W))
				key[i >> 6] &= ~((uint64_t)1 << (i & 63));
	}
	return memo_hash(key, s->IW);
}

static void judge(struct walker *w)
{
	if (w->o->adaptive && w->lookups == MEMO_TRIAL && !memo_worth_keeping(w->memo, w->lookups, w->found))
		w->memo_on = false;
}

/* Knuth's measure of the tree below progress_level searched so far. */
static double walker_share(const struct walker *w, int level)
{
	double f = 0, weight = 1;
	for (int l = w->progress_level; l < level; l++) {
		if (w->deg[l] <= 0)
			break;
		weight /= w->deg[l];
		f += weight * w->kth[l];
	}
	return f;
}

static void poll(struct walker *w, int level, u128 found)
{
	const struct bitmemo_opts *o = w->o;
	if ((o->cancel && atomic_load_explicit(o->cancel, memory_order_relaxed)) ||
	    (w->stop && atomic_load_explicit(w->stop, memory_order_relaxed))) {
		w->cancelled = true;
		return;
	}
	if (o->progress && !w->stop && clock_seconds() >= w->next_report) {
		o->progress(o->progress_ctx, walker_share(w, level), found);
		w->next_report = clock_seconds() + o->progress_interval;
	}
}

/* A solution: a node of its own, one level below the last choice. */
static void solution_node(struct search_stats *st, int level)
{
	st->nodes++;
	st->profile[level]++;
	if (level > st->max_level)
		st->max_level = level;
}

/* The count of the node at level, whose sets are in place: the memo
 * tree of dlx.h on bitsets.  *found: the solutions found so far in all,
 * for progress reports. */
static u128 search(struct walker *w, int level, u128 *found, bool *overflow)
{
	const struct bitshape *s = w->s;
	struct search_stats *st = &w->st;
	st->nodes++;
	st->profile[level]++;
	if (level > st->max_level)
		st->max_level = level;
	if ((++w->tick & (POLL_NODES - 1)) == 0)
		poll(w, level, *found);
	if (w->cancelled)
		return 0;
	const uint64_t *live = w->live + (size_t)level * (size_t)s->W;
	int deg, best = s->choose(s, live, w->act + (size_t)level * (size_t)s->IW, &deg);
	bool memo = w->memo_on && level >= w->min_level;
	bool looked = w->looked_up[level];
	w->looked_up[level] = false;
	if (deg == 0) {
		/* a dead end is a count too, 0: the parent's look-ahead answers
		 * it the next time without placing the option */
		if (memo && level > w->min_level) {
			memo_put(w->memo, w->key + (size_t)level * (size_t)s->IW, signature(w, level), 0);
			st->memo_stores++;
		}
		return 0;
	}
	uint64_t hash = 0;
	if (memo) {
		hash = signature(w, level);
		if (!looked) {
			u128 c;
			w->lookups++;
			bool hit = memo_get(w->memo, w->key + (size_t)level * (size_t)s->IW, hash, &c);
			w->found += hit;
			judge(w);
			if (hit) {
				st->memo_hits++;
				*found = u128_add(*found, c, overflow);
				return c;
			}
		}
	}
	/* the children's signatures, when they are their uncovered items
	 * alone (no secondary items), on their way to the cache while the
	 * first are searched */
	bool ahead = memo && !s->secondary;
	const uint64_t *io = s->item_opts + (size_t)best * (size_t)s->W;
	uint64_t *ckey = w->key + (size_t)(level + 1) * (size_t)s->IW;
	if (ahead) {
		for (int x = 0; x < s->W; x++)
			for (uint64_t bits = io[x] & live[x]; bits; bits &= bits - 1)
				if (place(w, level, x * 64 + __builtin_ctzll(bits)))
					memo_prefetch(w->memo, memo_hash(w->act + (size_t)(level + 1) * (size_t)s->IW, s->IW));
	}
	u128 sum = 0;
	bool over = false;
	w->deg[level] = deg;
	w->kth[level] = 0;
	for (int x = 0; x < s->W; x++) {
		for (uint64_t bits = io[x] & live[x]; bits; bits &= bits - 1, w->kth[level]++) {
			int o = x * 64 + __builtin_ctzll(bits);
			w->path[level] = o;
			if (!place(w, level, o)) {
				solution_node(st, level + 1);
				sum = u128_add(sum, 1, &over);
				*found = u128_add(*found, 1, overflow);
				continue;
			}
			if (ahead) {
				u128 c;
				const uint64_t *na = w->act + (size_t)(level + 1) * (size_t)s->IW;
				memcpy(ckey, na, sizeof *ckey * (size_t)s->IW);
				w->lookups++;
				bool hit = memo_get(w->memo, ckey, memo_hash(ckey, s->IW), &c);
				w->found += hit;
				judge(w);
				if (hit) {
					st->memo_hits++;
					sum = u128_add(sum, c, &over);
					*found = u128_add(*found, c, overflow);
					continue;
				}
				w->looked_up[level + 1] = true;
			}
			place_live(w, level, o);
			sum = u128_add(sum, search(w, level + 1, found, overflow), &over);
			if (w->cancelled)
				return 0;
		}
	}
	if (over)
		*overflow = true;
	/* a saturated count is no count: never cached */
	else if (memo && w->memo_on) {
		memo_put(w->memo, w->key + (size_t)level * (size_t)s->IW, hash, sum);
		st->memo_stores++;
	}
	return sum;
}

/* ---- several threads: the tree cut into units -------------------------- */

struct units {
	int level;
	int n, cap;
	int *paths;         /* n paths of `level` options */
	double *weight;     /* each unit's share of the tree */
	uint64_t most;      /* more than this many: the walk stops (cutlevel.h) */
	bool full;
};

/* Walk the tree down to `level` without the cache, listing the nodes
 * there as units; the work above them (nodes, solutions, dead ends) goes
 * to w->st. */
static void collect(struct walker *w, int level, double weight, struct units *u, u128 *found, bool *overflow)
{
	const struct bitshape *s = w->s;
	if (level == u->level) {
		if ((uint64_t)u->n == u->most) {
			u->full = true;
			u->n++;
			return;
		}
		if (u->n == u->cap) {
			u->cap = u->cap ? 2 * u->cap : 256;
			u->paths = xreallocarray(u->paths, (size_t)u->cap, sizeof *u->paths * (size_t)u->level);
			u->weight = xreallocarray(u->weight, (size_t)u->cap, sizeof *u->weight);
		}
		memcpy(u->paths + (size_t)u->n * (size_t)u->level, w->path, sizeof *u->paths * (size_t)u->level);
		u->weight[u->n++] = weight;
		return;
	}
	struct search_stats *st = &w->st;
	st->nodes++;
	st->profile[level]++;
	if (level > st->max_level)
		st->max_level = level;
	if ((++w->tick & (POLL_NODES - 1)) == 0 && w->o->cancel && atomic_load(w->o->cancel))
		w->cancelled = true;
	if (w->cancelled)
		return;
	const uint64_t *live = w->live + (size_t)level * (size_t)s->W;
	int deg, best = s->choose(s, live, w->act + (size_t)level * (size_t)s->IW, &deg);
	const uint64_t *io = s->item_opts + (size_t)best * (size_t)s->W;
	for (int x = 0; x < s->W; x++) {
		for (uint64_t bits = io[x] & live[x]; bits; bits &= bits - 1) {
			int o = x * 64 + __builtin_ctzll(bits);
			w->path[level] = o;
			if (!place(w, level, o)) {
				solution_node(st, level + 1);
				*found = u128_add(*found, 1, overflow);
				continue;
			}
			place_live(w, level, o);
			collect(w, level + 1, weight / deg, u, found, overflow);
			if (u->full || w->cancelled)
				return;
		}
	}
}

struct team;

struct member {
	struct team *t;
	pthread_t thread;
	struct walker w;
	u128 solutions;
	bool overflow;
	_Atomic double done;      /* weight of the units finished */
	pthread_mutex_t lock;     /* guards found, read by the reporting thread */
	u128 found;
};

struct team {
	const struct bitshape *s;
	const struct bitmemo_opts *o;
	struct units u;
	int shard, shards;  /* this run takes units shard-1, shard-1+shards, ... */
	int mine;           /* how many units that is */
	atomic_int next;    /* the next of them not yet claimed */
	atomic_int stop;
	atomic_int running;
	struct member *m;
};

static void *member_run(void *arg)
{
	struct member *m = arg;
	struct team *t = m->t;
	struct walker *w = &m->w;
	int L = t->u.level;
	for (int claim; !w->cancelled && (claim = atomic_fetch_add(&t->next, 1)) < t->mine;) {
		int k = claim * t->shards + t->shard - 1;
		walker_root(w);
		const int *path = t->u.paths + (size_t)k * (size_t)L;
		for (int l = 0; l < L; l++) {
			place(w, l, path[l]);
			place_live(w, l, path[l]);
		}
		u128 seen = m->solutions;
		u128 c = search(w, L, &seen, &m->overflow);
		if (w->cancelled)
			break;
		m->solutions = u128_add(m->solutions, c, &m->overflow);
		atomic_store(&m->done, atomic_load(&m->done) + t->u.weight[k]);
		pthread_mutex_lock(&m->lock);
		m->found = m->solutions;
		pthread_mutex_unlock(&m->lock);
	}
	atomic_fetch_sub(&t->running, 1);
	return NULL;
}

/* The tree above a level, walked for cutlevel.h. */
struct cutter {
	struct walker *top;
	struct units *u;
	u128 *found;
	bool *overflow;
};

static bool walk_to(void *ctx, int level, uint64_t most, uint64_t *n)
{
	struct cutter *c = ctx;
	struct units *u = c->u;
	/* a path is as long as the level: the list starts again */
	free(u->paths);
	free(u->weight);
	memset(u, 0, sizeof *u);
	u->level = level;
	u->most = most;
	stats_clear(&c->top->st);
	*c->found = 0;
	*c->overflow = false;
	walker_root(c->top);
	collect(c->top, 0, 1.0, u, c->found, c->overflow);
	*n = (uint64_t)u->n;
	return !c->top->cancelled;
}

/* Cut the tree at a level with about `want` units (cutlevel.h), listing
 * them; the work above them goes to top.  A tree too narrow to cut is
 * one unit, the root.  A tree with fewer units than threads or shards is
 * still counted right: a thread or a shard left without a unit stops at
 * once.  False if cancelled. */
static bool cut(struct walker *top, uint64_t want, struct units *u, u128 *found, bool *overflow)
{
	const struct bitshape *s = top->s;
	memset(u, 0, sizeof *u);
	struct cutter c = { .top = top, .u = u, .found = found, .overflow = overflow };
	uint64_t n;
	int level = cutlevel_find(s->depth - 2, want, walk_to, &c, &n);
	/* no split: the root is the one unit */
	return level > 0 || (level == 0 && walk_to(&c, 0, 1, &n));
}

static void count_team(const struct bitshape *s, const struct bitmemo_opts *o, struct bitmemo_result *r)
{
	struct team t = { .s = s, .o = o, .shard = o->shards > 1 ? o->shard : 1, .shards = o->shards > 1 ? o->shards : 1 };
	struct walker top;
	walker_init(&top, s, o);
	u128 above = 0;
	bool over = false;
	bool cut_whole = cut(&top, o->units_wanted ? o->units_wanted : (uint64_t)UNITS_PER_THREAD * (uint64_t)o->threads,
	                     &t.u, &above, &over);
	if (t.shard != 1) {
		/* the walk above the units is the same in every shard: it is
		 * charged to the first */
		stats_clear(&top.st);
		above = 0;
		over = false;
	}
	t.mine = cut_whole && t.u.n >= t.shard ? (t.u.n - t.shard) / t.shards + 1 : 0;
	double mine_weight = 0;
	for (int k = t.shard - 1; k < t.u.n; k += t.shards)
		mine_weight += t.u.weight[k];
	int n = o->threads;
	atomic_init(&t.next, 0);
	atomic_init(&t.stop, 0);
	atomic_init(&t.running, n);
	t.m = xcalloc((size_t)n, sizeof *t.m);

	/* The search threads take no signals: those are the caller's. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 0; i < n; i++) {
		struct member *m = &t.m[i];
		m->t = &t;
		walker_init(&m->w, s, o);
		m->w.min_level = t.u.level;
		m->w.stop = &t.stop;
		atomic_init(&m->done, 0.0);
		pthread_mutex_init(&m->lock, NULL);
		if (pthread_create(&m->thread, NULL, member_run, m) != 0)
			m->thread = pthread_self(); /* run it here instead, after the others */
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	int started = 0;
	for (int i = 0; i < n; i++)
		started += !pthread_equal(t.m[i].thread, pthread_self());
	double next_report = clock_seconds() + o->progress_interval;
	struct timespec nap = { 0, 10 * 1000 * 1000 };
	while (atomic_load(&t.running) > n - started) {
		nanosleep(&nap, NULL);
		if (o->cancel && atomic_load(o->cancel))
			atomic_store(&t.stop, 1);
		if (o->progress && clock_seconds() >= next_report) {
			u128 f = above;
			bool ov = false;
			double done = 0;
			for (int i = 0; i < n; i++) {
				pthread_mutex_lock(&t.m[i].lock);
				f = u128_add(f, t.m[i].found, &ov);
				pthread_mutex_unlock(&t.m[i].lock);
				done += atomic_load(&t.m[i].done);
			}
			o->progress(o->progress_ctx, mine_weight > 0 ? done / mine_weight : 0, f);
			next_report = clock_seconds() + o->progress_interval;
		}
	}
	for (int i = 0; i < n; i++) {
		if (pthread_equal(t.m[i].thread, pthread_self()))
			member_run(&t.m[i]);
		else
			pthread_join(t.m[i].thread, NULL);
	}

	stats_init(&r->st, s->depth);
	stats_copy(&r->st, &top.st);
	r->st.solutions = above;
	r->st.overflow = over;
	r->complete = cut_whole;
	r->memo_used = o->memo != NULL;
	r->split_level = t.u.level;
	r->units = (uint64_t)t.u.n;
	r->bytes = bitshape_bytes(s) + (size_t)(n + 1) * walker_bytes(s) +
	           (size_t)t.u.cap * (sizeof *t.u.weight + sizeof *t.u.paths * (size_t)t.u.level);
	for (int i = 0; i < n; i++) {
		struct member *m = &t.m[i];
		stats_add(&r->st, &m->w.st);
		r->st.solutions = u128_add(r->st.solutions, m->solutions, &r->st.overflow);
		r->st.overflow |= m->overflow;
		r->complete &= !m->w.cancelled;
		r->memo_used &= m->w.memo_on;
		walker_free(&m->w);
		pthread_mutex_destroy(&m->lock);
	}
	walker_free(&top);
	free(t.u.paths);
	free(t.u.weight);
	free(t.m);
}

static void count_alone(const struct bitshape *s, const struct bitmemo_opts *o, struct bitmemo_result *r)
{
	struct walker w;
	walker_init(&w, s, o);
	w.next_report = clock_seconds() + o->progress_interval;
	walker_root(&w);
	u128 found = 0;
	bool over = false;
	u128 c = search(&w, 0, &found, &over);
	stats_init(&r->st, s->depth);
	stats_copy(&r->st, &w.st);
	r->st.solutions = c;
	r->st.overflow = over;
	r->complete = !w.cancelled;
	r->memo_used = w.memo_on;
	r->bytes = bitshape_bytes(s) + walker_bytes(s);
	walker_free(&w);
}

bool bitmemo_suits(const struct xc_problem *p)
{
	return bitx_suits(p);
}

void bitmemo_count(const struct xc_problem *p, const struct bitmemo_opts *o, struct bitmemo_result *r)
{
	memset(r, 0, sizeof *r);
	struct bitshape s;
	bitshape_init(&s, p, o->rule, true);
	if (o->threads > 1 || o->shards > 1)
		count_team(&s, o, r);
	else
		count_alone(&s, o, r);
	bitshape_free(&s);
}
