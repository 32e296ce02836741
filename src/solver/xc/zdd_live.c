#include "config.h"

#include "solver/xc/zdd_live.h"

#include <stdlib.h>

#include "util/xalloc.h"

void zdd_live_init(struct zdd_live *l, const uint64_t *bits, int words, int n_vars, int n_items, int n_primary)
{
	l->n_primary = n_primary;
	l->var_start = xcalloc((size_t)n_vars + 1, sizeof *l->var_start);
	l->item_start = xcalloc((size_t)n_items + 1, sizeof *l->item_start);
	size_t total = 0;
	for (int v = 0; v < n_vars; v++)
		for (int w = 0; w < words; w++) {
			uint64_t x = bits[(size_t)v * (size_t)words + (size_t)w];
			for (; x; x &= x - 1) {
				l->item_start[w * 64 + __builtin_ctzll(x) + 1]++;
				total++;
			}
			l->var_start[v + 1] = (int)total;
		}
	for (int i = 0; i < n_items; i++)
		l->item_start[i + 1] += l->item_start[i];
	l->var_items = xmalloc(sizeof *l->var_items * (total + 1));
	l->item_vars = xmalloc(sizeof *l->item_vars * (total + 1));
	l->live = xcalloc((size_t)n_items + 1, sizeof *l->live);
	l->covered_in = xcalloc((size_t)n_vars + 1, sizeof *l->covered_in);
	size_t at = 0;
	for (int v = 0; v < n_vars; v++)
		for (int w = 0; w < words; w++)
			for (uint64_t x = bits[(size_t)v * (size_t)words + (size_t)w]; x; x &= x - 1) {
				int i = w * 64 + __builtin_ctzll(x);
				l->var_items[at++] = i;
				l->item_vars[l->item_start[i] + l->live[i]++] = v;
			}
	l->bytes = (2 * total + 2 * (size_t)n_vars + 2 * (size_t)n_items) * sizeof(int);
}

void zdd_live_free(struct zdd_live *l)
{
	free(l->var_start);
	free(l->var_items);
	free(l->item_start);
	free(l->item_vars);
	free(l->covered_in);
	free(l->live);
}

int zdd_live_place(struct zdd_live *l, int v, const uint64_t *child)
{
	int dead = -1;
	for (int a = l->var_start[v]; a < l->var_start[v + 1]; a++) {
		int j = l->var_items[a];
		for (int b = l->item_start[j]; b < l->item_start[j + 1]; b++) {
			int u = l->item_vars[b];
			if (l->covered_in[u]++)
				continue;
			for (int c = l->var_start[u]; c < l->var_start[u + 1]; c++) {
				int i = l->var_items[c];
				if (!--l->live[i] && i < l->n_primary && !(child[i / 64] >> (i % 64) & 1) &&
				    (dead < 0 || i < dead))
					dead = i;
			}
		}
	}
	return dead;
}

void zdd_live_take_back(struct zdd_live *l, int v)
{
	for (int a = l->var_start[v]; a < l->var_start[v + 1]; a++) {
		int j = l->var_items[a];
		for (int b = l->item_start[j]; b < l->item_start[j + 1]; b++) {
			int u = l->item_vars[b];
			if (--l->covered_in[u])
				continue;
			for (int c = l->var_start[u]; c < l->var_start[u + 1]; c++)
				l->live[l->var_items[c]]++;
		}
	}
}
