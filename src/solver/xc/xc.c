#include "config.h"

#include "solver/xc/xc.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

struct xc_problem *xc_new(void)
{
	struct xc_problem *p = xcalloc(1, sizeof *p);
	p->cap_options = 64;
	p->opt_start = xmalloc(sizeof *p->opt_start * (size_t)(p->cap_options + 1));
	p->opt_tag = xmalloc(sizeof *p->opt_tag * (size_t)p->cap_options);
	p->opt_start[0] = 0;
	p->cap_entries = 256;
	p->opt_item = xmalloc(sizeof *p->opt_item * (size_t)p->cap_entries);
	return p;
}

void xc_free(struct xc_problem *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->n_items; i++)
		free(p->name[i]);
	free(p->name);
	free(p->opt_start);
	free(p->opt_item);
	free(p->opt_tag);
	free(p->hash);
	free(p->seen);
	free(p);
}

static uint32_t name_hash(const char *s, int len)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (int i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static void hash_insert(struct xc_problem *p, int id)
{
	uint32_t mask = (uint32_t)p->hash_size - 1;
	const char *nm = p->name[id];
	uint32_t h = name_hash(nm, (int)strlen(nm)) & mask;
	while (p->hash[h])
		h = (h + 1) & mask;
	p->hash[h] = id + 1;
}

static void hash_grow(struct xc_problem *p)
{
	free(p->hash);
	p->hash_size = p->hash_size ? p->hash_size * 2 : 64;
	p->hash = xcalloc((size_t)p->hash_size, sizeof *p->hash);
	for (int i = 0; i < p->n_items; i++)
		hash_insert(p, i);
}

int xc_find_item_n(const struct xc_problem *p, const char *name, int len)
{
	if (!p->hash_size)
		return -1;
	uint32_t mask = (uint32_t)p->hash_size - 1;
	for (uint32_t h = name_hash(name, len) & mask; p->hash[h]; h = (h + 1) & mask) {
		const char *nm = p->name[p->hash[h] - 1];
		if (strncmp(nm, name, (size_t)len) == 0 && nm[len] == '\0')
			return p->hash[h] - 1;
	}
	return -1;
}

int xc_find_item(const struct xc_problem *p, const char *name)
{
	return xc_find_item_n(p, name, (int)strlen(name));
}

enum xc_status xc_add_item(struct xc_problem *p, const char *name, bool primary)
{
	/* The engines rely on primary items having the low ids. */
	assert(!primary || p->n_primary == p->n_items);
	if (xc_find_item(p, name) >= 0)
		return XC_DUPLICATE_NAME;
	if (p->n_items == p->cap_items) {
		p->cap_items = p->cap_items ? 2 * p->cap_items : 32;
		p->name = xreallocarray(p->name, (size_t)p->cap_items, sizeof *p->name);
	}
	p->name[p->n_items++] = xstrdup(name);
	if (primary)
		p->n_primary++;
	if (2 * p->n_items > p->hash_size)
		hash_grow(p);
	else
		hash_insert(p, p->n_items - 1);
	return XC_OK;
}

enum xc_status xc_add_option(struct xc_problem *p, const int *items, int n, int tag, int *bad)
{
	if (n == 0)
		return XC_EMPTY_OPTION;
	if (n > XC_MAX_OPTION)
		return XC_OPTION_TOO_LONG;
	/* Comparing each item with those before it took seconds for an
	 * option of 65,535 items; a stamp per item takes one pass.  A fresh
	 * stamp for every call, so an option refused halfway leaves nothing
	 * behind. */
	if (p->seen_size < p->n_items) {
		p->seen = xreallocarray(p->seen, (size_t)p->cap_items, sizeof *p->seen);
		memset(p->seen + p->seen_size, 0, sizeof *p->seen * (size_t)(p->cap_items - p->seen_size));
		p->seen_size = p->cap_items;
	}
	if (++p->stamp == 0) {
		memset(p->seen, 0, sizeof *p->seen * (size_t)p->seen_size);
		p->stamp = 1;
	}
	bool has_primary = false;
	for (int i = 0; i < n; i++) {
		assert(items[i] >= 0 && items[i] < p->n_items);
		if (p->seen[items[i]] == p->stamp) {
			if (bad)
				*bad = items[i];
			return XC_REPEATED_ITEM;
		}
		p->seen[items[i]] = p->stamp;
		if (items[i] < p->n_primary)
			has_primary = true;
	}
	if (!has_primary)
		return XC_NO_PRIMARY;
	if (p->n_options == p->cap_options) {
		p->cap_options *= 2;
		p->opt_start = xreallocarray(p->opt_start, (size_t)p->cap_options + 1, sizeof *p->opt_start);
		p->opt_tag = xreallocarray(p->opt_tag, (size_t)p->cap_options, sizeof *p->opt_tag);
	}
	int at = p->opt_start[p->n_options];
	while (at + n > p->cap_entries) {
		p->cap_entries *= 2;
		p->opt_item = xreallocarray(p->opt_item, (size_t)p->cap_entries, sizeof *p->opt_item);
	}
	memcpy(p->opt_item + at, items, sizeof *items * (size_t)n);
	p->opt_tag[p->n_options] = tag;
	p->opt_start[++p->n_options] = at + n;
	return XC_OK;
}
