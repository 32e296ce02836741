#include "config.h"

#include "solver/xc/memo.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define SHARD_BITS 6
#define N_SHARDS (1 << SHARD_BITS)
#define MIN_SLOTS 1024

/* A slot is key_words words of signature followed by one word of count; an
 * all-zero signature marks an empty slot.  That signature is never stored:
 * it would mean no item is active, and a solved state is never looked up. */
struct shard {
	pthread_mutex_t lock;
	/* Written under the lock; memo_prefetch reads them without it, so
	 * both are stored and loaded atomically (see grow). */
	uint64_t *slots;
	size_t n_slots;   /* a power of two, or 0 */
	size_t used;
	bool full;
};

struct memo {
	int words;        /* key words */
	int slot_words;   /* key words + 1 */
	bool shared;
	size_t cap_bytes;
	atomic_size_t bytes;
	struct shard shard[N_SHARDS];
};

struct memo *memo_new(int key_words, size_t cap_bytes, bool shared)
{
	struct memo *m = xcalloc(1, sizeof *m);
	m->words = key_words;
	m->slot_words = key_words + 1;
	m->shared = shared;
	m->cap_bytes = cap_bytes;
	atomic_init(&m->bytes, 0);
	for (int i = 0; i < N_SHARDS; i++)
		pthread_mutex_init(&m->shard[i].lock, NULL);
	return m;
}

void memo_free(struct memo *m)
{
	if (!m)
		return;
	for (int i = 0; i < N_SHARDS; i++) {
		free(m->shard[i].slots);
		pthread_mutex_destroy(&m->shard[i].lock);
	}
	free(m);
}

uint64_t memo_hash(const uint64_t *key, int words)
{
	uint64_t h = 0x9e3779b97f4a7c15u * (uint64_t)(words + 1);
	for (int i = 0; i < words; i++) {
		h ^= key[i];
		h *= 0xbf58476d1ce4e5b9u;
		h ^= h >> 31;
	}
	h *= 0x94d049bb133111ebu;
	h ^= h >> 29;
	return h;
}

static inline struct shard *shard_of(struct memo *m, uint64_t hash)
{
	return &m->shard[hash >> (64 - SHARD_BITS)];
}

static inline bool slot_empty(const uint64_t *slot, int words)
{
	for (int i = 0; i < words; i++)
		if (slot[i])
			return false;
	return true;
}

static inline void lock(struct memo *m, struct shard *s)
{
	if (m->shared)
		pthread_mutex_lock(&s->lock);
}

static inline void unlock(struct memo *m, struct shard *s)
{
	if (m->shared)
		pthread_mutex_unlock(&s->lock);
}

/* The slot holding key, or the empty slot where it would go: one pass
 * over each slot's words, for both questions (a library memcmp and then
 * a second loop cost a sixth of IQ Fit's count). */
static uint64_t *probe(const struct memo *m, const struct shard *s, const uint64_t *key, uint64_t hash)
{
	size_t mask = s->n_slots - 1;
	size_t sw = (size_t)m->slot_words;
	int words = m->words;
	for (size_t i = hash & mask;; i = (i + 1) & mask) {
		uint64_t *slot = s->slots + i * sw;
		uint64_t diff = 0, any = 0;
		for (int w = 0; w < words; w++) {
			diff |= slot[w] ^ key[w];
			any |= slot[w];
		}
		if (!diff || !any)
			return slot;
	}
}

void memo_prefetch(const struct memo *m, uint64_t hash)
{
	const struct shard *s = &m->shard[hash >> (64 - SHARD_BITS)];
	size_t n = __atomic_load_n(&s->n_slots, __ATOMIC_ACQUIRE);
	uint64_t *slots = __atomic_load_n(&s->slots, __ATOMIC_RELAXED);
	if (n && slots)
		__builtin_prefetch(slots + (hash & (n - 1)) * (size_t)m->slot_words);
}

bool memo_get(struct memo *m, const uint64_t *key, uint64_t hash, u128 *count)
{
	struct shard *s = shard_of(m, hash);
	bool found = false;
	lock(m, s);
	if (s->n_slots) {
		const uint64_t *slot = probe(m, s, key, hash);
		if (!slot_empty(slot, m->words)) {
			*count = slot[m->words];
			found = true;
		}
	}
	unlock(m, s);
	return found;
}

/* Double the shard (or give it its first slots); false if the cap forbids. */
static bool grow(struct memo *m, struct shard *s)
{
	size_t n = s->n_slots ? 2 * s->n_slots : MIN_SLOTS;
	size_t sw = (size_t)m->slot_words;
	size_t new_bytes = n * sw * sizeof(uint64_t);
	size_t old_bytes = s->n_slots * sw * sizeof(uint64_t);
	/* Old and new tables live side by side while rehashing. */
	size_t total = atomic_fetch_add(&m->bytes, new_bytes) + new_bytes;
	if (total > m->cap_bytes) {
		atomic_fetch_sub(&m->bytes, new_bytes);
		return false;
	}
	uint64_t *old = s->slots;
	size_t old_n = s->n_slots;
	uint64_t *slots = calloc(n, sw * sizeof(uint64_t));
	if (!slots) {
		/* Out of memory is not fatal here: the count goes on unmemoized. */
		atomic_fetch_sub(&m->bytes, new_bytes);
		return false;
	}
	/* A prefetch that sees the new size sees the new table (release,
	 * acquire); one that sees the old size may pair it with either table,
	 * both at least that large.  At worst it touches the old table once
	 * freed: a prefetch is a hint, which never faults. */
	__atomic_store_n(&s->n_slots, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&s->slots, slots, __ATOMIC_RELAXED);
	__atomic_store_n(&s->n_slots, n, __ATOMIC_RELEASE);
	for (size_t i = 0; i < old_n; i++) {
		const uint64_t *slot = old + i * sw;
		if (!slot_empty(slot, m->words)) {
			uint64_t *dst = probe(m, s, slot, memo_hash(slot, m->words));
			memcpy(dst, slot, sw * sizeof(uint64_t));
		}
	}
	free(old);
	atomic_fetch_sub(&m->bytes, old_bytes);
	return true;
}

void memo_put(struct memo *m, const uint64_t *key, uint64_t hash, u128 count)
{
	if (count > UINT64_MAX)
		return;
	struct shard *s = shard_of(m, hash);
	lock(m, s);
	if (!s->full && 2 * (s->used + 1) > s->n_slots && !grow(m, s))
		s->full = true;
	/* A full shard still takes updates of keys it holds, and new keys up to
	 * three quarters load, beyond which probes grow long. */
	if (s->n_slots) {
		uint64_t *slot = probe(m, s, key, hash);
		if (!slot_empty(slot, m->words)) {
			slot[m->words] = (uint64_t)count;
		} else if (!s->full || 4 * (s->used + 1) <= 3 * s->n_slots) {
			memcpy(slot, key, sizeof *key * (size_t)m->words);
			slot[m->words] = (uint64_t)count;
			s->used++;
		}
	}
	unlock(m, s);
}

int memo_key_words(const struct memo *m)
{
	return m->words;
}

size_t memo_bytes(const struct memo *m)
{
	return atomic_load(&((struct memo *)m)->bytes);
}

size_t memo_entries(const struct memo *m)
{
	size_t n = 0;
	for (int i = 0; i < N_SHARDS; i++)
		n += m->shard[i].used;
	return n;
}

bool memo_full(const struct memo *m)
{
	for (int i = 0; i < N_SHARDS; i++)
		if (m->shard[i].full)
			return true;
	return false;
}

bool memo_worth_keeping(const struct memo *m, uint64_t lookups, uint64_t found)
{
	return !memo_full(m) && found * MEMO_MIN_RATE >= lookups;
}
