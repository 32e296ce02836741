#include "config.h"

#include "solver/zdd/zdd_memo.h"

#include <stdlib.h>
#include <string.h>


void zdd_memo_init(struct zdd_memo *m, struct zdd_core *c, int words)
{
	memset(m, 0, sizeof *m);
	m->c = c;
	m->words = words;
}

void zdd_memo_free(struct zdd_memo *m)
{
	zdd_core_release(m->c, m->cap_states * ((size_t)m->words * 8 + 4) + m->table_size * 4);
	m->cap_states = m->table_size = m->n_states = 0;
	free(m->keys);
	free(m->result);
	free(m->table);
	m->keys = NULL;
	m->result = m->table = NULL;
}

static bool grow_table(struct zdd_memo *m)
{
	size_t n = m->table_size ? 2 * m->table_size : 1024;
	uint32_t *t = zdd_core_new_table(m->c, n);
	if (!t)
		return false;
	size_t words = (size_t)m->words;
	for (size_t i = 0; i < m->n_states; i++) {
		size_t s = memo_hash(m->keys + i * words, m->words) & (n - 1);
		while (t[s])
			s = (s + 1) & (n - 1);
		t[s] = (uint32_t)(i + 1);
	}
	zdd_core_drop_table(m->c, &m->table, m->table_size);
	m->table = t;
	m->table_size = n;
	return true;
}

bool zdd_memo_store(struct zdd_memo *m, const uint64_t *key, uint32_t node)
{
	size_t words = (size_t)m->words;
	if (2 * (m->n_states + 1) > m->table_size && !grow_table(m))
		return false;
	if (m->n_states == m->cap_states) {
		size_t n = m->cap_states ? 2 * m->cap_states : 1024;
		if (n > (size_t)UINT32_MAX - 1) {
			m->c->end = ZDD_NO_ROOM;
			return false;
		}
		if (!zdd_core_resize(m->c, (void **)&m->keys, m->cap_states * words * 8, n * words * 8) ||
		    !zdd_core_resize(m->c, (void **)&m->result, m->cap_states * 4, n * 4))
			return false;
		m->cap_states = n;
	}
	size_t s = zdd_memo_slot(m, key, memo_hash(key, m->words));
	memcpy(m->keys + m->n_states * words, key, words * sizeof *key);
	m->result[m->n_states] = node;
	m->table[s] = (uint32_t)++m->n_states;
	return true;
}
