#include "config.h"

#include "solver/xc/bitshape.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/* |a & b| over words lo .. lo + n - 1. */
static ALWAYS_INLINE int count_span(const uint64_t *a, const uint64_t *b, int lo, int n)
{
	int c = 0;
	for (int x = lo; x < lo + n; x++)
		c += __builtin_popcountll(a[x] & b[x]);
	return c;
}

/* |a & b| over the words listed. */
static ALWAYS_INLINE int count_listed(const uint64_t *a, const uint64_t *b, const int *words, int n)
{
	int c = 0;
	for (int j = 0; j < n; j++)
		c += __builtin_popcountll(a[words[j]] & b[words[j]]);
	return c;
}

static ALWAYS_INLINE bool meets_span(const uint64_t *a, const uint64_t *b, int lo, int n)
{
	return bitshape_meets(a + lo, b + lo, n);
}

static ALWAYS_INLINE bool meets_listed(const uint64_t *a, const uint64_t *b, const int *words, int n)
{
	for (int j = 0; j < n; j++)
		if (a[words[j]] & b[words[j]])
			return true;
	return false;
}

/* Item c's list against live: over its own words (its span) or over
 * live's words that are not 0 (words, n of them; NULL: every word),
 * whichever are fewer: a chain's items have one word each, a placed
 * piece kills options in blocks. */
static ALWAYS_INLINE int length(const struct bitshape *s, int c, const uint64_t *live, const int *words, int n)
{
	const uint64_t *io = s->item_opts + (size_t)c * (size_t)s->W;
	const struct bitshape_span sp = s->span[c];
	return !words || sp.n <= n ? count_span(io, live, sp.lo, sp.n) : count_listed(io, live, words, n);
}

static ALWAYS_INLINE bool alive(const struct bitshape *s, int c, const uint64_t *live, const int *words, int n)
{
	const uint64_t *io = s->item_opts + (size_t)c * (size_t)s->W;
	const struct bitshape_span sp = s->span[c];
	return !words || sp.n <= n ? meets_span(io, live, sp.lo, sp.n) : meets_listed(io, live, words, n);
}

static ALWAYS_INLINE int choose_body(const struct bitshape *s, const uint64_t *live, const int *words, int n,
                                     const uint64_t *act, int *deg)
{
	int best = -1, t = 1 << 30;
	for (int w = 0; w * 64 < s->n_primary; w++) {
		for (uint64_t bits = act[w] & s->primary[w]; bits; bits &= bits - 1) {
			int c = w * 64 + __builtin_ctzll(bits);
			if (s->rule == DLX_MRV) {
				int l = length(s, c, live, words, n);
				if (l < t) {
					t = l, best = c;
					if (l == 0)
						goto found;
				}
			} else if (!alive(s, c, live, words, n)) {
				t = 0, best = c;
				goto found;
			} else if (best < 0) {
				best = c;
			}
		}
	}
	if (s->rule != DLX_MRV)
		t = length(s, best, live, words, n);
found:
	*deg = t;
	return best;
}

#if defined(__x86_64__) && defined(__GNUC__)
__attribute__((target("popcnt"))) BITSHAPE_HOT static int choose_popcnt(const struct bitshape *s, const uint64_t *live,
                                                           const uint64_t *act, int *deg)
{
	return choose_body(s, live, NULL, 0, act, deg);
}

__attribute__((target("popcnt"))) BITSHAPE_HOT static int choose_words_popcnt(const struct bitshape *s, const uint64_t *live,
                                                                 const int *words, int n, const uint64_t *act,
                                                                 int *deg)
{
	return choose_body(s, live, words, n, act, deg);
}
#endif

BITSHAPE_HOT static int choose_plain(const struct bitshape *s, const uint64_t *live, const uint64_t *act, int *deg)
{
	return choose_body(s, live, NULL, 0, act, deg);
}

BITSHAPE_HOT static int choose_words_plain(const struct bitshape *s, const uint64_t *live, const int *words, int n,
                              const uint64_t *act, int *deg)
{
	return choose_body(s, live, words, n, act, deg);
}

struct bitshape_span bitshape_span_of(const uint64_t *set, int W)
{
	int lo = 0, hi = W - 1;
	while (lo < hi && !set[lo])
		lo++;
	while (hi > lo && !set[hi])
		hi--;
	return (struct bitshape_span){ lo, hi - lo + 1 };
}

void bitshape_init(struct bitshape *s, const struct xc_problem *p, enum dlx_rule rule, bool conflicts)
{
	memset(s, 0, sizeof *s);
	s->rule = rule;
	s->n_items = p->n_items;
	s->n_primary = p->n_primary;
	s->n_options = p->n_options;
	s->W = (p->n_options + 63) / 64;
	s->IW = (p->n_items + 63) / 64;
	s->depth = p->n_primary + 2;
	s->secondary = p->n_items > p->n_primary;
	size_t W = (size_t)s->W, IW = (size_t)s->IW;
	s->item_opts = xcalloc((size_t)s->n_items * W, sizeof *s->item_opts);
	s->oitems = xcalloc((size_t)s->n_options * IW, sizeof *s->oitems);
	s->primary = xcalloc(IW, sizeof *s->primary);
	for (int i = 0; i < s->n_primary; i++)
		bitshape_set(s->primary, i);
	for (int o = 0; o < s->n_options; o++) {
		const int *items = xc_option_items(p, o);
		for (int j = 0; j < xc_option_size(p, o); j++) {
			bitshape_set(s->item_opts + (size_t)items[j] * W, o);
			bitshape_set(s->oitems + (size_t)o * IW, items[j]);
		}
	}
	s->span = xcalloc((size_t)s->n_items, sizeof *s->span);
	for (int i = 0; i < s->n_items; i++)
		s->span[i] = bitshape_span_of(s->item_opts + (size_t)i * W, (int)W);
	if (conflicts)
		s->conflict = xcalloc((size_t)s->n_options * W, sizeof *s->conflict);
	for (int o = 0; conflicts && o < s->n_options; o++) {
		const int *items = xc_option_items(p, o);
		uint64_t *cf = s->conflict + (size_t)o * W;
		for (int j = 0; j < xc_option_size(p, o); j++) {
			const uint64_t *io = s->item_opts + (size_t)items[j] * W;
			for (size_t x = 0; x < W; x++)
				cf[x] |= io[x];
		}
	}
	s->choose = choose_plain;
	s->choose_words = choose_words_plain;
#if defined(__x86_64__) && defined(__GNUC__)
	__builtin_cpu_init();
	if (__builtin_cpu_supports("popcnt")) {
		s->choose = choose_popcnt;
		s->choose_words = choose_words_popcnt;
	}
#endif
}

void bitshape_free(struct bitshape *s)
{
	free(s->item_opts);
	free(s->span);
	free(s->conflict);
	free(s->oitems);
	free(s->primary);
}

size_t bitshape_bytes(const struct bitshape *s)
{
	size_t conflicts = s->conflict ? (size_t)s->n_options * (size_t)s->W : 0;
	return sizeof(uint64_t) * ((size_t)s->n_items * (size_t)s->W + conflicts + (size_t)s->n_options * (size_t)s->IW +
	                           (size_t)s->IW) +
	       sizeof *s->span * (size_t)s->n_items;
}

