#include "config.h"

#include "solver/layers.h"

#include <stdlib.h>
#include <string.h>

#include "solver/bitshape.h"
#include "solver/bitx.h"
#include "solver/memo.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* States taken, and slots moved when a table grows, between looks at the
 * cancel flag and the clock: well under a millisecond. */
#define POLL_STATES (1u << 12)
#define POLL_SLOTS (1u << 16)

/* Children queued before they are added, their slots on the way to the
 * cache meanwhile: the tables are far larger than the caches. */
#define BATCH 64

/* The tables' budget for the chunks below: within the second-level cache. */
#define TOUCH_BYTES (320u << 10)

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
}

static void tables_free(struct tables *t)
{
	free(t->all);
	free(t->oprim);
	free(t->touch);
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
		for (int x = 0; x < W; x++)
			live[x] |= row[x];
	}
	for (int x = 0; x < W; x++)
		live[x] = t->all[x] & ~live[x];
}

/* ---- a layer: the states with k primary items uncovered --------------- */

/* A slot is IW words of key (all zero: empty; a state always has a
 * primary item) and a word of paths.  Any number of slots: the home slot
 * is the hash scaled to the table, so a table grows by half, not double. */
struct layer {
	uint64_t *slots;
	size_t n_slots, used;
};

static uint64_t key_hash(const uint64_t *key, int words)
{
	return memo_hash(key, words);
}

static inline size_t home(const struct layer *l, uint64_t hash)
{
	return (size_t)(((unsigned __int128)hash * l->n_slots) >> 64);
}

static inline bool slot_empty(const uint64_t *slot, int IW)
{
	uint64_t any = 0;
	for (int w = 0; w < IW; w++)
		any |= slot[w];
	return !any;
}

/* The slot holding key, or the empty one where it would go. */
static uint64_t *probe(const struct layer *l, const uint64_t *key, int IW, uint64_t hash)
{
	size_t sw = (size_t)IW + 1;
	for (size_t i = home(l, hash);;) {
		uint64_t *slot = l->slots + i * sw;
		uint64_t diff = 0, any = 0;
		for (int w = 0; w < IW; w++) {
			diff |= slot[w] ^ key[w];
			any |= slot[w];
		}
		if (!diff || !any)
			return slot;
		if (++i == l->n_slots)
			i = 0;
	}
}

struct counter {
	const struct tables *t;
	const struct layers_opts *o;
	struct layer *layer;     /* by the primary items uncovered, 0 .. n_primary */
	size_t bytes, peak;
	uint64_t adds, merges;
	bool judged;
	enum layers_end end;     /* LAYERS_DONE while going on */
};

static size_t slot_bytes(const struct counter *c)
{
	return ((size_t)c->t->b->IW + 1) * sizeof(uint64_t);
}

static bool cancelled(const struct counter *c)
{
	return c->o->cancel && atomic_load_explicit(c->o->cancel, memory_order_relaxed);
}

/* Make room in l for more states, by half again; false (and c->end set)
 * if the cap forbids or the count is cancelled meanwhile. */
static bool layer_grow(struct counter *c, struct layer *l)
{
	int IW = c->t->b->IW;
	size_t sw = (size_t)IW + 1;
	size_t n = l->n_slots ? l->n_slots + l->n_slots / 2 : 1024;
	size_t add = n * slot_bytes(c);
	uint64_t *slots = NULL;
	if (c->bytes + add > c->o->cap_bytes || !(slots = calloc(n, slot_bytes(c)))) {
		c->end = LAYERS_NO_ROOM;
		return false;
	}
	struct layer nl = { .slots = slots, .n_slots = n, .used = l->used };
	for (size_t i = 0; i < l->n_slots; i++) {
		if ((i & (POLL_SLOTS - 1)) == 0 && cancelled(c)) {
			free(slots);
			c->end = LAYERS_CANCELLED;
			return false;
		}
		const uint64_t *slot = l->slots + i * sw;
		if (!slot_empty(slot, IW))
			memcpy(probe(&nl, slot, IW, key_hash(slot, IW)), slot, sw * sizeof *slot);
	}
	c->bytes += add;
	if (c->bytes > c->peak)
		c->peak = c->bytes;
	c->bytes -= l->n_slots * slot_bytes(c);
	free(l->slots);
	*l = nl;
	return true;
}

static void layer_drop(struct counter *c, struct layer *l)
{
	c->bytes -= l->n_slots * slot_bytes(c);
	free(l->slots);
	memset(l, 0, sizeof *l);
}

static inline void layer_prefetch(const struct layer *l, uint64_t hash, int IW)
{
	if (l->n_slots)
		__builtin_prefetch(l->slots + home(l, hash) * ((size_t)IW + 1), 1);
}

/* Add paths to the state key in l; false (and c->end set) if it cannot be. */
static bool layer_add(struct counter *c, struct layer *l, const uint64_t *key, uint64_t hash, uint64_t paths)
{
	int IW = c->t->b->IW;
	/* at most four in five slots used: longer runs of probes beyond */
	if (5 * (l->used + 1) > 4 * l->n_slots && !layer_grow(c, l))
		return false;
	uint64_t *slot = probe(l, key, IW, hash);
	c->adds++;
	if (!slot_empty(slot, IW)) {
		c->merges++;
		if (__builtin_add_overflow(slot[IW], paths, &slot[IW])) {
			c->end = LAYERS_TOO_WIDE;
			return false;
		}
	} else {
		memcpy(slot, key, (size_t)IW * sizeof *key);
		slot[IW] = paths;
		l->used++;
	}
	if (c->o->judge && !c->judged && c->adds == MEMO_TRIAL) {
		c->judged = true;
		if (c->merges * MEMO_MIN_RATE < c->adds) {
			c->end = LAYERS_NO_REPEATS;
			return false;
		}
	}
	return true;
}

/* ---- taking a layer ----------------------------------------------------- */

/* A child waiting to be added to its layer. */
struct pending {
	int k;
	uint64_t hash;
	uint64_t paths;
};

struct expander {
	struct counter *c;
	uint64_t *live;
	uint64_t *keys;          /* the queued children's */
	struct pending *pend;
	int n;
	u128 solutions;
	bool overflow;
	struct search_stats *st;
};

static bool flush(struct expander *e)
{
	int IW = e->c->t->b->IW;
	for (int i = 0; i < e->n; i++) {
		const struct pending *pd = &e->pend[i];
		if (!layer_add(e->c, &e->c->layer[pd->k], e->keys + (size_t)i * (size_t)IW, pd->hash, pd->paths))
			return false;
	}
	e->n = 0;
	return true;
}

/* Take the state act of layer k, reached by `paths` paths: its item by the
 * rule, and its children queued; a child with no primary item left is a
 * solution for each path.  A dead end has no children. */
static bool expand(struct expander *e, const uint64_t *act, int k, uint64_t paths)
{
	const struct tables *t = e->c->t;
	const struct bitshape *b = t->b;
	int IW = b->IW, W = b->W;
	live_of(t, act, e->live);
	int deg, best = b->choose(b, e->live, act, &deg);
	if (e->n + deg > BATCH && !flush(e))
		return false;
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
				e->st->nodes++;
				e->solutions = u128_add(e->solutions, paths, &e->overflow);
				continue;
			}
			struct pending *pd = &e->pend[e->n++];
			pd->k = k - t->oprim[op];
			pd->hash = key_hash(child, IW);
			pd->paths = paths;
			layer_prefetch(&e->c->layer[pd->k], pd->hash, IW);
		}
	}
	return true;
}

bool layers_suits(const struct xc_problem *p)
{
	return bitx_suits(p);
}

void layers_count(const struct xc_problem *p, const struct layers_opts *o, struct layers_result *r)
{
	memset(r, 0, sizeof *r);
	struct bitshape b;
	bitshape_init(&b, p, o->rule);
	struct tables t;
	tables_init(&t, &b, p);
	int P = b.n_primary, IW = b.IW;
	struct counter c = { .t = &t, .o = o, .end = LAYERS_DONE };
	c.layer = xcalloc((size_t)P + 1, sizeof *c.layer);
	stats_init(&r->st, b.depth);
	struct expander e = { .c = &c, .st = &r->st };
	e.live = xcalloc((size_t)b.W, sizeof *e.live);
	/* a state's children all join the queue: room for the longest list */
	int room = BATCH + t.longest;
	e.keys = xcalloc((size_t)room * (size_t)IW, sizeof *e.keys);
	e.pend = xcalloc((size_t)room, sizeof *e.pend);

	uint64_t *root = e.keys;
	for (int i = 0; i < b.n_items; i++)
		bitshape_set(root, i);
	layer_add(&c, &c.layer[P], root, key_hash(root, IW), 1);
	unsigned tick = 0;
	double next_report = clock_seconds() + o->progress_interval;
	for (int k = P; k > 0 && c.end == LAYERS_DONE; k--) {
		struct layer *l = &c.layer[k];
		size_t sw = (size_t)IW + 1;
		if (cancelled(&c)) {
			c.end = LAYERS_CANCELLED;
			break;
		}
		for (size_t i = 0; i < l->n_slots && c.end == LAYERS_DONE; i++) {
			const uint64_t *slot = l->slots + i * sw;
			if (slot_empty(slot, IW))
				continue;
			r->st.nodes++;
			if ((++tick & (POLL_STATES - 1)) == 0) {
				if (cancelled(&c)) {
					c.end = LAYERS_CANCELLED;
					break;
				}
				if (o->progress && clock_seconds() >= next_report) {
					o->progress(o->progress_ctx, (P - k + (double)i / (double)l->n_slots) / P, e.solutions);
					next_report = clock_seconds() + o->progress_interval;
				}
			}
			expand(&e, slot, k, slot[IW]);
		}
		if (c.end == LAYERS_DONE)
			flush(&e);
		if (l->used > r->widest)
			r->widest = l->used;
		layer_drop(&c, l);
	}
	r->st.solutions = e.solutions;
	r->st.overflow = e.overflow;
	r->st.memo_hits = c.merges;
	r->st.memo_stores = c.adds - c.merges;
	r->end = c.end;
	r->peak_bytes = c.peak;
	for (int k = 0; k <= P; k++)
		layer_drop(&c, &c.layer[k]);
	free(c.layer);
	free(e.live);
	free(e.keys);
	free(e.pend);
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
	}
	return "?";
}
