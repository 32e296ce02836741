/* The memo cache for counting: a subproblem of exact cover is named by its
 * signature, the set of items still active (Nishino et al.'s DXZ, Knuth's
 * DLX6), and the number of its solutions is stored under that name, so a
 * subproblem reached again by another path is counted once.
 *
 * The table is split into shards by hash, each with its own lock, so the
 * threads of one count can share it.  It grows by doubling until its byte
 * cap; after that it keeps answering lookups but stores nothing new, which
 * costs time, never correctness. */
#ifndef LD_MEMO_H
#define LD_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/u128.h"

struct memo;

/* The rule of an adaptive count (COUNT_MEMO_AUTO): after MEMO_TRIAL
 * lookups the cache is judged (memo_worth_keeping), and dropped if fewer
 * than 1 in MEMO_MIN_RATE of them were hits, or if it is full already. */
#define MEMO_TRIAL (1u << 20)
#define MEMO_MIN_RATE 100

/* A table of signatures of key_words 64-bit words, using at most cap_bytes.
 * shared: lock each shard, for use by several threads at once. */
struct memo *memo_new(int key_words, size_t cap_bytes, bool shared);
void memo_free(struct memo *m);

uint64_t memo_hash(const uint64_t *key, int words);
/* Look a signature up; true and *count if it has been stored. */
bool memo_get(struct memo *m, const uint64_t *key, uint64_t hash, u128 *count);
/* Bring the slot where a signature with this hash would be looked for
 * towards the cache, without waiting: the table is far larger than the
 * caches, and the first touch of a slot is a trip to memory. */
void memo_prefetch(const struct memo *m, uint64_t hash);
/* Store a signature's count (no-op once the cap is reached).  A slot keeps
 * 64 bits of count, so a count beyond that is not stored: only subproblems
 * near the root have such counts, and there are few of them. */
void memo_put(struct memo *m, const uint64_t *key, uint64_t hash, u128 count);

/* The judgement of an adaptive count after its first MEMO_TRIAL lookups,
 * `found` of them hits: keep the cache?  Not if it is already full: it
 * would hold little more than the start of the search, and every node
 * would still pay for a lookup (Kanoodle's count with a cache of 1 MB:
 * 12 s, against 6 s without one); nor if hits are rarer than 1 in
 * MEMO_MIN_RATE. */
bool memo_worth_keeping(const struct memo *m, uint64_t lookups, uint64_t found);

int memo_key_words(const struct memo *m);
size_t memo_bytes(const struct memo *m);
size_t memo_entries(const struct memo *m);
bool memo_full(const struct memo *m);

#endif
