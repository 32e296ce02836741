#include "config.h"

#include "game/diagram.h"

#include <stdlib.h>

#include "util/rng.h"
#include "util/xalloc.h"

/* The longest move of one option: a piece's letter and its cells. */
#define OPTION_MOVE_MAX 256

struct diagram *diagram_build(const struct puzzle *pz, const struct puzzle_state *s, size_t cap_bytes,
                              const atomic_int *cancel, enum zdd_end *end)
{
	*end = ZDD_DONE;
	if (!pz->xc)
		return NULL;
	struct diagram *d = xcalloc(1, sizeof *d);
	d->p = pz->xc->reduce(s, DLX_FIRST);
	*end = puzzle_xc_zdd(d->p, cap_bytes, cancel, &d->z);
	if (*end != ZDD_DONE) {
		diagram_free(d);
		return NULL;
	}
	bool over;
	d->ways = zdd_count(d->z, &over);
	d->n = d->p->n_options;
	d->freq = xcalloc((size_t)d->n + 1, sizeof *d->freq);
	if (over || !zdd_frequencies(d->z, d->freq)) {
		diagram_free(d);
		return NULL;
	}
	zdd_stats(d->z, &d->st);
	d->move = xcalloc((size_t)d->n + 1, sizeof *d->move);
	char buf[OPTION_MOVE_MAX];
	for (int k = 0; k < d->n; k++) {
		pz->xc->option_move(s, d->p, k, buf, sizeof buf);
		d->move[k] = xstrdup(buf);
	}
	return d;
}

void diagram_free(struct diagram *d)
{
	if (!d)
		return;
	zdd_free(d->z);
	xc_free(d->p);
	for (int k = 0; d->move && k < d->n; k++)
		free(d->move[k]);
	free(d->move);
	free(d->freq);
	free(d);
}

bool diagram_sample(const struct diagram *d, uint64_t seed, struct strbuf *move)
{
	struct rng r;
	rng_seed(&r, seed);
	int *opt = xcalloc((size_t)d->n + 1, sizeof *opt);
	int n = zdd_sample(d->z, &r, opt);
	for (int i = 0; i < n; i++)
		strbuf_addf(move, "%s%s", i ? ";" : "", d->move[opt[i]]);
	free(opt);
	return n >= 0;
}
