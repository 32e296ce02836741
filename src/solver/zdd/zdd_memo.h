/* The memo of a diagram built top down by states: each subproblem met
 * (a state, a key of a fixed number of 64-bit words) and the node of its
 * family, so that a state met again costs a look-up.  Its tables are
 * counted in the budget of the diagram's store (zdd_core.h). */
#ifndef LD_ZDD_MEMO_H
#define LD_ZDD_MEMO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "solver/xc/memo.h"
#include "solver/zdd/zdd_core.h"

struct zdd_memo {
	struct zdd_core *c;       /* whose budget */
	int words;                /* of a key */
	uint64_t *keys;           /* the states, words apiece */
	uint32_t *result;         /* each state's node */
	size_t n_states, cap_states;
	uint32_t *table;          /* state index + 1 by hash; 0: empty */
	size_t table_size;
};

void zdd_memo_init(struct zdd_memo *m, struct zdd_core *c, int words);
/* Its tables freed, their bytes given back to the budget. */
void zdd_memo_free(struct zdd_memo *m);
/* The slot of key in the table: its index + 1, or the empty slot. */
static inline size_t zdd_memo_slot(const struct zdd_memo *m, const uint64_t *key, uint64_t hash)
{
	size_t mask = m->table_size - 1, words = (size_t)m->words;
	for (size_t s = hash & mask;; s = (s + 1) & mask) {
		uint32_t at = m->table[s];
		if (!at || !memcmp(m->keys + (at - 1) * words, key, words * sizeof *key))
			return s;
	}
}

/* The node stored for key, or ZDD_CORE_FAILED if there is none.  Inline,
 * as the builders look up every state they meet (out of line, Kanoodle's
 * build of 1.6 million states took 6% longer). */
static inline uint32_t zdd_memo_find(const struct zdd_memo *m, const uint64_t *key)
{
	if (!m->table_size)
		return ZDD_CORE_FAILED;
	uint32_t at = m->table[zdd_memo_slot(m, key, memo_hash(key, m->words))];
	return at ? m->result[at - 1] : ZDD_CORE_FAILED;
}
/* Remember that key's family is node; false (c->end) if there is no room. */
bool zdd_memo_store(struct zdd_memo *m, const uint64_t *key, uint32_t node);

#endif
