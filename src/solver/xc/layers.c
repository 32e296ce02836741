#include "config.h"

#include "solver/xc/layers.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "solver/xc/bitshape.h"
#include "solver/xc/bitx.h"
#include "solver/xc/memo.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Slots moved when a part grows between looks at the cancel flag: well
 * under a millisecond.  (A layer is taken in chunks of CHUNK_SLOTS slots,
 * with a look every four.) */
#define POLL_SLOTS (1u << 16)

/* Children queued before they are added, their slots on the way to the
 * cache meanwhile: the tables are far larger than the caches. */
#define BATCH 64

/* The budget for the chunk tables below, about a second-level cache:
 * IQ Fit's (884 KB with chunks of 8 items, 104 KB with chunks of 4)
 * count 16% faster with the larger, taking one OR in place of two. */
#define TOUCH_BYTES (1u << 20)

/* What a state's expansion needs beyond the bitshape. */
struct tables {
	const struct bitshape *b;
	uint64_t *all;         /* every option */
	int *oprim;            /* the primary items of each option */
	int longest;           /* the longest list of a primary item */
	/* A state's live options are those naming no covered item.  The
	 * items are cut into chunks of `chunk`; for each chunk and each
	 * subset of it, the options naming an item of the subset, so that
	 * the dead options are one OR a chunk rather than one an item. */
	int chunk, n_chunks;
	uint64_t *touch;       /* n_chunks * 2^chunk sets of options */
	/* the words where a chunk's sets can be nonzero (bitshape.h's span,
	 * for a chunk's items): a chain's items, an option each, touch one
	 * word a chunk, not W.  Used only if some chunk's span is at most half
	 * the words (narrow): where every chunk touches them all (Kanoodle, IQ
	 * Fit, tilings of a board), reading the bounds cost 3%. */
	struct bitshape_span *cspan;
	bool narrow;
};

static void tables_init(struct tables *t, const struct bitshape *b, const struct xc_problem *p)
{
	memset(t, 0, sizeof *t);
	t->b = b;
	size_t W = (size_t)b->W;
	t->all = xcalloc(W, sizeof *t->all);
	t->oprim = xcalloc((size_t)b->n_options, sizeof *t->oprim);
	for (int o = 0; o < b->n_options; o++) {
		bitshape_set(t->all, o);
		const int *items = xc_option_items(p, o);
		for (int j = 0; j < xc_option_size(p, o); j++)
			t->oprim[o] += items[j] < b->n_primary;
	}
	for (int i = 0; i < b->n_primary; i++) {
		int n = 0;
		for (size_t x = 0; x < W; x++)
			n += __builtin_popcountll(b->item_opts[(size_t)i * W + x]);
		if (n > t->longest)
			t->longest = n;
	}
	t->chunk = 8;
	while (t->chunk > 1 &&
	       (size_t)((b->n_items + t->chunk - 1) / t->chunk) * ((size_t)1 << t->chunk) * W * 8 > TOUCH_BYTES)
		t->chunk /= 2;
	t->n_chunks = (b->n_items + t->chunk - 1) / t->chunk;
	size_t per = (size_t)1 << t->chunk;
	t->touch = xcalloc((size_t)t->n_chunks * per * W, sizeof *t->touch);
	for (int c = 0; c < t->n_chunks; c++) {
		uint64_t *row = t->touch + (size_t)c * per * W;
		for (size_t v = 1; v < per; v++) {
			int i = c * t->chunk + __builtin_ctzll(v);
			const uint64_t *rest = row + (v & (v - 1)) * W;
			for (size_t x = 0; x < W; x++)
				row[v * W + x] = rest[x] | (i < b->n_items ? b->item_opts[(size_t)i * W + x] : 0);
		}
	}
	t->cspan = xcalloc((size_t)t->n_chunks, sizeof *t->cspan);
	for (int c = 0; c < t->n_chunks; c++) {
		t->cspan[c] = bitshape_span_of(t->touch + ((size_t)c * per + per - 1) * W, (int)W);
		t->narrow |= 2 * (size_t)t->cspan[c].n <= W;
	}
}

static void tables_free(struct tables *t)
{
	free(t->all);
	free(t->oprim);
	free(t->touch);
	free(t->cspan);
}

/* The live options of the state act.  Chunks never straddle a word: the
 * chunk is a power of two no larger than 8. */
static void live_of(const struct tables *t, const uint64_t *act, uint64_t *live)
{
	int W = t->b->W, b = t->chunk;
	uint64_t mask = ((uint64_t)1 << b) - 1;
	memset(live, 0, (size_t)W * sizeof *live);
	for (int c = 0; c < t->n_chunks; c++) {
		int first = c * b;
		uint64_t v = ~act[first >> 6] >> (first & 63) & mask;
		if (!v)
			continue;
		const uint64_t *row = t->touch + (((size_t)c << b) + v) * (size_t)W;
		int lo = t->narrow ? t->cspan[c].lo : 0, end = t->narrow ? lo + t->cspan[c].n : W;
		for (int x = lo; x < end; x++)
			live[x] |= row[x];
	}
	for (int x = 0; x < W; x++)
		live[x] = t->all[x] & ~live[x];
}

/* The words of live that are not zero, into words; how many. */
static int nonzero_words(const uint64_t *live, int W, int *words)
{
	int n = 0;
	for (int x = 0; x < W; x++) {
		words[n] = x;
		n += live[x] != 0;
	}
	return n;
}

/* ---- a layer: the states with k primary items uncovered --------------- */

/* A layer is cut into parts by the hash's top bits, each with its own
 * lock, so that threads add to it at once.  A slot is IW words of key
 * (all zero: empty; a state always has a primary item) and a word of
 * paths.  Any number of slots: the home slot is the hash scaled to the
 * part, so a part grows by half, not double. */
#define PART_BITS 6
#define N_PARTS (1 << PART_BITS)

struct part {
	pthread_mutex_t lock;
	/* Written under the lock; layer_prefetch reads them without it,
	 * so both are stored and loaded atomically. */
	uint64_t *slots;
	size_t n_slots;
	size_t used;
};

struct layer {
	struct part part[N_PARTS];
};

static inline struct part *part_of(struct layer *l, uint64_t hash)
{
	return &l->part[hash >> (64 - PART_BITS)];
}

/* From the bits below the part's. */
static inline size_t home(size_t n_slots, uint64_t hash)
{
	return (size_t)(((unsigned __int128)(hash << PART_BITS) * n_slots) >> 64);
}

/* A state is reached by one path at least: a slot of no paths is empty,
 * one word to look at rather than IW. */
static inline bool slot_empty(const uint64_t *slot, int IW)
{
	return slot[IW] == 0;
}

/* The slot holding key, or the empty one where it would go. */
BITSHAPE_HOT static uint64_t *probe(uint64_t *slots, size_t n_slots, const uint64_t *key, int IW, uint64_t hash)
{
	size_t sw = (size_t)IW + 1;
	for (size_t i = home(n_slots, hash);;) {
		uint64_t *slot = slots + i * sw;
		if (slot_empty(slot, IW))
			return slot;
		uint64_t diff = 0;
		for (int w = 0; w < IW; w++)
			diff |= slot[w] ^ key[w];
		if (!diff)
			return slot;
		if (++i == n_slots)
			i = 0;
	}
}

struct counter {
	const struct tables *t;
	const struct layers_opts *o;
	int threads;
	uint64_t most_made;      /* most_states, each thread's share */
	struct layer *layer;     /* by the primary items uncovered, 0 .. n_primary */
	atomic_size_t bytes, peak;
	atomic_int end;          /* LAYERS_DONE while going on; the first other end stays */
	/* the layer being taken: its parts' slots in chunks, claimed in turn */
	int k;
	size_t chunk_start[N_PARTS + 1];
	atomic_size_t next_chunk;
};

#define CHUNK_SLOTS ((size_t)1 << 12)

static size_t slot_bytes(const struct counter *c)
{
	return ((size_t)c->t->b->IW + 1) * sizeof(uint64_t);
}

static void finish(struct counter *c, enum layers_end end)
{
	int going = LAYERS_DONE;
	atomic_compare_exchange_strong(&c->end, &going, (int)end);
}

static bool going(struct counter *c)
{
	return atomic_load_explicit(&c->end, memory_order_relaxed) == LAYERS_DONE;
}

static bool cancelled(const struct counter *c)
{
	return c->o->cancel && atomic_load_explicit(c->o->cancel, memory_order_relaxed);
}

static void lock(struct counter *c, struct part *pt)
{
	if (c->threads > 1)
		pthread_mutex_lock(&pt->lock);
}

static void unlock(struct counter *c, struct part *pt)
{
	if (c->threads > 1)
		pthread_mutex_unlock(&pt->lock);
}

/* Make room in a part for more states, by half again (under its lock);
 * false (and the count ended) if the cap forbids or the count is
 * cancelled meanwhile. */
static bool part_grow(struct counter *c, struct part *pt)
{
	int IW = c->t->b->IW;
	size_t sw = (size_t)IW + 1;
	size_t n = pt->n_slots ? pt->n_slots + pt->n_slots / 2 : 256;
	size_t add = n * slot_bytes(c);
	uint64_t *slots = NULL;
	size_t now = atomic_fetch_add(&c->bytes, add) + add;
	if (now > c->o->cap_bytes || !(slots = calloc(n, slot_bytes(c)))) {
		atomic_fetch_sub(&c->bytes, add);
		finish(c, LAYERS_NO_ROOM);
		return false;
	}
	for (size_t i = 0; i < pt->n_slots; i++) {
		if ((i & (POLL_SLOTS - 1)) == 0 && cancelled(c)) {
			free(slots);
			atomic_fetch_sub(&c->bytes, add);
			finish(c, LAYERS_CANCELLED);
			return false;
		}
		const uint64_t *slot = pt->slots + i * sw;
		if (!slot_empty(slot, IW))
			memcpy(probe(slots, n, slot, IW, memo_hash(slot, IW)), slot, sw * sizeof *slot);
	}
	size_t peak = atomic_load(&c->peak);
	while (now > peak && !atomic_compare_exchange_weak(&c->peak, &peak, now))
		;
	uint64_t *old = pt->slots;
	atomic_fetch_sub(&c->bytes, pt->n_slots * slot_bytes(c));
	/* A prefetch that sees the new size sees the new slots (release,
	 * acquire); one that sees the old size may pair it with either, both
	 * at least that large, or touch the old slots once freed: a prefetch
	 * is a hint, which never faults. */
	__atomic_store_n(&pt->n_slots, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&pt->slots, slots, __ATOMIC_RELAXED);
	__atomic_store_n(&pt->n_slots, n, __ATOMIC_RELEASE);
	free(old);
	return true;
}

static size_t layer_used(const struct layer *l)
{
	size_t n = 0;
	for (int i = 0; i < N_PARTS; i++)
		n += l->part[i].used;
	return n;
}

static void layer_drop(struct counter *c, struct layer *l)
{
	for (int i = 0; i < N_PARTS; i++) {
		struct part *pt = &l->part[i];
		atomic_fetch_sub(&c->bytes, pt->n_slots * slot_bytes(c));
		free(pt->slots);
		pt->slots = NULL;
		pt->n_slots = pt->used = 0;
	}
}

static inline void layer_prefetch(struct layer *l, uint64_t hash, int IW)
{
	struct part *pt = part_of(l, hash);
	size_t n = __atomic_load_n(&pt->n_slots, __ATOMIC_ACQUIRE);
	uint64_t *slots = __atomic_load_n(&pt->slots, __ATOMIC_RELAXED);
	if (n && slots)
		__builtin_prefetch(slots + home(n, hash) * ((size_t)IW + 1), 1);
}

/* ---- taking a layer ----------------------------------------------------- */

/* A child waiting to be added to its layer. */
struct pending {
	int k;
	uint64_t hash;
	uint64_t paths;
};

/* One thread's share: its queue, its count, its figures. */
struct expander {
	struct counter *c;
	uint64_t *live;
	int *words;              /* live's words not zero */
	uint64_t *keys;          /* the queued children's */
	struct pending *pend;
	int n;
	u128 solutions;
	bool overflow;
	uint64_t adds, merges;
	uint64_t made;           /* states made, for most_states */
	bool judged;
	struct search_stats st;  /* nodes only, and the memo's figures */
	pthread_t thread;
	bool started;
};

/* Add paths to the state key of layer l; false (and the count ended) if
 * it cannot be. */
BITSHAPE_HOT static bool layer_add(struct expander *e, struct layer *l, const uint64_t *key, uint64_t hash, uint64_t paths)
{
	struct counter *c = e->c;
	int IW = c->t->b->IW;
	struct part *pt = part_of(l, hash);
	lock(c, pt);
	/* at most four in five slots used: longer runs of probes beyond */
	if (5 * (pt->used + 1) > 4 * pt->n_slots && !part_grow(c, pt)) {
		unlock(c, pt);
		return false;
	}
	uint64_t *slot = probe(pt->slots, pt->n_slots, key, IW, hash);
	bool merged = !slot_empty(slot, IW), wide = false;
	if (merged)
		wide = __builtin_add_overflow(slot[IW], paths, &slot[IW]);
	else {
		memcpy(slot, key, (size_t)IW * sizeof *key);
		slot[IW] = paths;
		pt->used++;
	}
	unlock(c, pt);
	if (wide) {
		finish(c, LAYERS_TOO_WIDE);
		return false;
	}
	e->adds++;
	e->merges += merged;
	if (!merged && c->o->most_states && ++e->made > c->most_made) {
		finish(c, LAYERS_OVER_BUDGET);
		return false;
	}
	if (c->o->judge && !e->judged && e->adds == MEMO_TRIAL) {
		e->judged = true;
		if (e->merges * MEMO_MIN_RATE < e->adds) {
			finish(c, LAYERS_NO_REPEATS);
			return false;
		}
	}
	return true;
}

static bool flush(struct expander *e)
{
	int IW = e->c->t->b->IW;
	for (int i = 0; i < e->n; i++) {
		const struct pending *pd = &e->pend[i];
		if (!layer_add(e, &e->c->layer[pd->k], e->keys + (size_t)i * (size_t)IW, pd->hash, pd->paths))
			return false;
	}
	e->n = 0;
	return true;
}

/* Take the state act of layer k, reached by `paths` paths: its item by the
 * rule, and its children queued, their slots on the way to the cache; a
 * child with no primary item left is a solution for each path.  A dead
 * end has no children. */
static void expand(struct expander *e, const uint64_t *act, int k, uint64_t paths)
{
	const struct tables *t = e->c->t;
	const struct bitshape *b = t->b;
	int IW = b->IW, W = b->W;
	live_of(t, act, e->live);
	int n = nonzero_words(e->live, W, e->words);
	int deg, best = b->choose_words(b, e->live, e->words, n, act, &deg);
	if (e->n + deg > BATCH && !flush(e))
		return;
	const uint64_t *io = b->item_opts + (size_t)best * (size_t)W;
	for (int x = 0; x < W; x++) {
		for (uint64_t bits = io[x] & e->live[x]; bits; bits &= bits - 1) {
			int op = x * 64 + __builtin_ctzll(bits);
			const uint64_t *oi = b->oitems + (size_t)op * (size_t)IW;
			uint64_t *child = e->keys + (size_t)e->n * (size_t)IW;
			uint64_t open = 0;
			for (int w = 0; w < IW; w++) {
				child[w] = act[w] & ~oi[w];
				open |= child[w] & b->primary[w];
			}
			if (!open) {
				e->st.nodes++;
				e->solutions = u128_add(e->solutions, paths, &e->overflow);
				continue;
			}
			struct pending *pd = &e->pend[e->n++];
			pd->k = k - t->oprim[op];
			pd->hash = memo_hash(child, IW);
			pd->paths = paths;
			layer_prefetch(&e->c->layer[pd->k], pd->hash, IW);
		}
	}
}

/* Take chunks of layer c->k until none is left; the calling thread
 * (report) also polls the clock and reports. */
BITSHAPE_HOT static void take(struct expander *e, bool report, double *next_report, u128 before)
{
	struct counter *c = e->c;
	const struct layers_opts *o = c->o;
	int IW = c->t->b->IW, P = c->t->b->n_primary;
	size_t sw = (size_t)IW + 1, total = c->chunk_start[N_PARTS];
	struct layer *l = &c->layer[c->k];
	unsigned tick = 0;
	for (size_t ch; going(c) && (ch = atomic_fetch_add(&c->next_chunk, 1)) < total;) {
		int p = 0;
		while (c->chunk_start[p + 1] <= ch)
			p++;
		const struct part *pt = &l->part[p];
		size_t from = (ch - c->chunk_start[p]) * CHUNK_SLOTS;
		size_t to = from + CHUNK_SLOTS < pt->n_slots ? from + CHUNK_SLOTS : pt->n_slots;
		for (size_t i = from; i < to; i++) {
			const uint64_t *slot = pt->slots + i * sw;
			if (slot_empty(slot, IW))
				continue;
			e->st.nodes++;
			expand(e, slot, c->k, slot[IW]);
		}
		if ((++tick & 3) == 0 && cancelled(c))
			finish(c, LAYERS_CANCELLED);
		if (report && o->progress && clock_seconds() >= *next_report) {
			double f = (P - c->k + (double)ch / (double)total) / P;
			o->progress(o->progress_ctx, f, u128_add(before, e->solutions, &(bool){ false }));
			*next_report = clock_seconds() + o->progress_interval;
		}
	}
	if (going(c))
		flush(e);
}

static void *helper_run(void *arg)
{
	struct expander *e = arg;
	take(e, false, NULL, 0);
	return NULL;
}

static void expander_init(struct expander *e, struct counter *c, int depth)
{
	memset(e, 0, sizeof *e);
	e->c = c;
	const struct tables *t = c->t;
	e->live = xcalloc((size_t)t->b->W, sizeof *e->live);
	e->words = xcalloc((size_t)t->b->W, sizeof *e->words);
	/* a state's children all join the queue: room for the longest list */
	int room = BATCH + t->longest;
	e->keys = xcalloc((size_t)room * (size_t)t->b->IW, sizeof *e->keys);
	e->pend = xcalloc((size_t)room, sizeof *e->pend);
	stats_init(&e->st, depth);
}

static void expander_free(struct expander *e)
{
	free(e->live);
	free(e->words);
	free(e->keys);
	free(e->pend);
	stats_free(&e->st);
}

/* Take layer c->k on c->threads threads: the calling one and helpers
 * started for the layer (the search threads take no signals: those are
 * the caller's).  A helper that cannot start leaves its share to the
 * others. */
static void take_layer(struct counter *c, struct expander *e, double *next_report, u128 before)
{
	struct layer *l = &c->layer[c->k];
	c->chunk_start[0] = 0;
	for (int p = 0; p < N_PARTS; p++)
		c->chunk_start[p + 1] = c->chunk_start[p] + (l->part[p].n_slots + CHUNK_SLOTS - 1) / CHUNK_SLOTS;
	atomic_store(&c->next_chunk, 0);
	/* helpers only for a layer of two chunks or more: threads share a
	 * layer by its chunks, and a deep, narrow count (a chain of forced
	 * moves) would start them a layer at a time for nothing */
	int helpers = c->chunk_start[N_PARTS] > 1 ? c->threads : 1;
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (int i = 1; i < helpers; i++)
		e[i].started = pthread_create(&e[i].thread, NULL, helper_run, &e[i]) == 0;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	take(&e[0], true, next_report, before);
	for (int i = 1; i < helpers; i++)
		if (e[i].started) {
			pthread_join(e[i].thread, NULL);
			e[i].started = false;
		}
}

bool layers_suits(const struct xc_problem *p)
{
	return bitx_suits(p);
}

void layers_count(const struct xc_problem *p, const struct layers_opts *o, struct layers_result *r)
{
	memset(r, 0, sizeof *r);
	struct bitshape b;
	bitshape_init(&b, p, o->rule, false);
	struct tables t;
	tables_init(&t, &b, p);
	int P = b.n_primary, IW = b.IW;
	struct counter c = { .t = &t, .o = o, .threads = o->threads > 1 ? o->threads : 1 };
	c.most_made = o->most_states / (uint64_t)c.threads + 1;
	atomic_init(&c.bytes, 0);
	atomic_init(&c.peak, 0);
	atomic_init(&c.end, LAYERS_DONE);
	atomic_init(&c.next_chunk, 0);
	c.layer = xcalloc((size_t)P + 1, sizeof *c.layer);
	for (int k = 0; k <= P; k++)
		for (int i = 0; i < N_PARTS; i++)
			pthread_mutex_init(&c.layer[k].part[i].lock, NULL);
	struct expander *e = xcalloc((size_t)c.threads, sizeof *e);
	for (int i = 0; i < c.threads; i++)
		expander_init(&e[i], &c, b.depth);

	uint64_t *root = e[0].keys;
	for (int i = 0; i < b.n_items; i++)
		bitshape_set(root, i);
	layer_add(&e[0], &c.layer[P], root, memo_hash(root, IW), 1);
	double next_report = clock_seconds() + o->progress_interval;
	u128 solutions = 0;
	bool overflow = false;
	for (c.k = P; c.k > 0 && going(&c); c.k--) {
		if (cancelled(&c))
			finish(&c, LAYERS_CANCELLED);
		else
			take_layer(&c, e, &next_report, solutions);
		size_t used = layer_used(&c.layer[c.k]);
		if (used > r->widest)
			r->widest = used;
		layer_drop(&c, &c.layer[c.k]);
		solutions = 0;
		for (int i = 0; i < c.threads; i++)
			solutions = u128_add(solutions, e[i].solutions, &overflow);
	}
	stats_init(&r->st, b.depth);
	for (int i = 0; i < c.threads; i++) {
		stats_add(&r->st, &e[i].st);
		r->st.memo_hits += e[i].merges;
		r->st.memo_stores += e[i].adds - e[i].merges;
		overflow |= e[i].overflow;
		expander_free(&e[i]);
	}
	r->st.solutions = solutions;
	r->st.overflow = overflow;
	r->end = (enum layers_end)atomic_load(&c.end);
	r->peak_bytes = atomic_load(&c.peak);
	for (int k = 0; k <= P; k++) {
		layer_drop(&c, &c.layer[k]);
		for (int i = 0; i < N_PARTS; i++)
			pthread_mutex_destroy(&c.layer[k].part[i].lock);
	}
	free(c.layer);
	free(e);
	tables_free(&t);
	bitshape_free(&b);
}

const char *layers_end_text(enum layers_end end)
{
	switch (end) {
	case LAYERS_DONE:
		return "counted";
	case LAYERS_CANCELLED:
		return "cancelled";
	case LAYERS_NO_ROOM:
		return "a layer outgrew the memo's memory (--memo-mb)";
	case LAYERS_TOO_WIDE:
		return "a count of paths outgrew 64 bits";
	case LAYERS_NO_REPEATS:
		return "the states seldom repeat";
	case LAYERS_OVER_BUDGET:
		return "more states than it was allowed";
	}
	return "?";
}
