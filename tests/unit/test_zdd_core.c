/* The diagrams' core (zdd_core.h): symmetric families counted against
 * binomials; intersections of random symmetric families, their counts,
 * frequencies and samples against every subset of a few variables; a
 * compacted diagram answering the same; a budget too small. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "solver/zdd/zdd_core.h"
#include "tap.h"

static u128 binomial(int n, int k)
{
	if (k < 0 || k > n)
		return 0;
	u128 b = 1;
	for (int i = 1; i <= k; i++)
		b = b * (u128)(n - k + i) / (u128)i;
	return b;
}

/* S_[least, most] of m members among n variables: the members' subsets
 * of a size in range, times any set of the others. */
static void test_symmetric(void)
{
	int fine = 0, tried = 0;
	for (int n = 1; n <= 40; n += 3)
		for (int m = 0; m <= n; m += 1 + n / 7)
			for (int least = 0; least <= m + 1; least += 1 + m / 4)
				for (int most = least; most <= m + 1; most += 1 + m / 3) {
					struct zdd_core c;
					zdd_core_init(&c, n, 0, 0, NULL);
					bool member[64] = { false };
					for (int v = 0; v < m; v++) /* spread over the variables */
						member[(v * 7) % n] = true;
					int members = 0;
					for (int v = 0; v < n; v++)
						members += member[v];
					uint32_t f = zdd_core_symmetric(&c, member, least, most);
					u128 want = 0;
					for (int k = least; k <= most; k++)
						want += binomial(members, k);
					want <<= n - members;
					bool over;
					fine += zdd_core_count(&c, f, &over) == want && !over;
					tried++;
					zdd_core_free(&c);
				}
	ok(fine == tried, "%d symmetric families counted as the binomials say: %d right", tried, fine);

	/* 120 variables, exactly 60 of them: C(120, 60), about 9.7e34 */
	struct zdd_core c;
	zdd_core_init(&c, 120, 0, 0, NULL);
	bool member[120];
	for (int v = 0; v < 120; v++)
		member[v] = true;
	uint32_t f = zdd_core_symmetric(&c, member, 60, 60);
	bool over;
	ok(zdd_core_count(&c, f, &over) == binomial(120, 60) && !over, "S_60 of 120: C(120, 60), past 64 bits");
	zdd_core_free(&c);
}

/* A random family: the sets holding between least and most of some
 * variables, remembered so that a subset can be tested. */
struct spec {
	bool member[16];
	int least, most;
};

static bool in_spec(const struct spec *s, int n, unsigned set)
{
	int k = 0;
	for (int v = 0; v < n; v++)
		k += s->member[v] && (set >> v & 1);
	return k >= s->least && k <= s->most;
}

static void random_spec(struct rng *r, int n, struct spec *s)
{
	int members = 0;
	for (int v = 0; v < n; v++)
		members += s->member[v] = rng_below(r, 3) == 0;
	s->least = (int)rng_below(r, (uint64_t)members + 1);
	s->most = s->least + (int)rng_below(r, 2);
}

static void test_intersect(void)
{
	struct rng r;
	rng_seed(&r, 185);
	int counts = 0, freqs = 0, samples = 0, compacts = 0, rounds = 200;
	for (int k = 0; k < rounds; k++) {
		int n = 3 + k % 10, parts = 2 + k % 3;
		struct spec s[4];
		struct zdd_core c;
		zdd_core_init(&c, n, 0, 0, NULL);
		uint32_t f = 0;
		for (int j = 0; j < parts; j++) {
			random_spec(&r, n, &s[j]);
			uint32_t g = zdd_core_symmetric(&c, s[j].member, s[j].least, s[j].most);
			f = j == 0 ? g : zdd_core_intersect(&c, f, g);
		}
		zdd_core_close(&c, f);
		u128 want = 0, want_freq[16] = { 0 };
		for (unsigned set = 0; set < 1u << n; set++) {
			bool in = true;
			for (int j = 0; j < parts; j++)
				in &= in_spec(&s[j], n, set);
			want += in;
			for (int v = 0; v < n; v++)
				want_freq[v] += in && (set >> v & 1);
		}
		bool over;
		counts += zdd_core_count(&c, f, &over) == want;
		u128 freq[16];
		zdd_core_frequencies(&c, f, freq);
		freqs += !memcmp(freq, want_freq, sizeof freq[0] * (size_t)n);
		int vars[16], m = zdd_core_sample(&c, f, &r, vars);
		unsigned set = 0;
		for (int i = 0; i < m; i++)
			set |= 1u << vars[i];
		bool in = m >= 0;
		for (int j = 0; j < parts && in; j++)
			in &= in_spec(&s[j], n, set);
		samples += want ? in : m == -1;
		zdd_core_compact(&c, &f);
		compacts += zdd_core_count(&c, f, &over) == want && zdd_core_size(&c, f) == c.n_nodes - 2;
		zdd_core_free(&c);
	}
	ok(counts == rounds, "%d intersections of 2 to 4 families counted as every subset says: %d", rounds, counts);
	ok(freqs == rounds, "their frequencies per variable: %d right", freqs);
	ok(samples == rounds, "a sample of each is in it (or none from an empty one): %d", samples);
	ok(compacts == rounds, "compacted, the same count and only the nodes the root reaches: %d", compacts);
}

static void test_budget(void)
{
	struct zdd_core c;
	bool fine = zdd_core_init(&c, 100, 64 << 10, 0, NULL);
	bool member[100];
	for (int v = 0; v < 100; v++)
		member[v] = v % 2;
	uint32_t f = zdd_core_symmetric(&c, member, 0, 40);
	ok(fine && f == ZDD_CORE_FAILED && c.end == ZDD_NO_ROOM && c.peak <= 64 << 10,
	   "S_[0,40] of 100 in 64 KB: no room, said so, and the budget kept (%zu bytes)", c.peak);
	zdd_core_free(&c);
	ok(!zdd_core_init(&c, 10, 1000, 0, NULL) && c.end == ZDD_NO_ROOM, "1000 bytes: not even the sinks");
	zdd_core_free(&c);
}

int main(void)
{
	test_symmetric();
	test_intersect();
	test_budget();
	return tap_done();
}
