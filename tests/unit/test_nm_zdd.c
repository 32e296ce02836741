/* Number Mind's diagram (nm_zdd.h) and its engine (nm_zdd_engine.h):
 * counts, frequencies, samples and the unique secret of random small
 * puzzles against every secret, by AND and by states; the example of
 * five digits; Project Euler's puzzle of 16; a budget too small and a
 * cancel; the engine's secrets, events and cancel. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nm_read.h"
#include "solver/numbermind/nm_zdd.h"
#include "solver/numbermind/nm_zdd_engine.h"
#include "tap.h"
#include "cancel_later.h"

static struct nm_zdd *build(const struct nm_problem *p, enum nm_zdd_method method)
{
	struct nm_zdd_opts o = { .method = method };
	struct nm_zdd *z;
	nm_zdd_build(p, &o, &z);
	return z;
}

/* A puzzle of n places: a secret drawn at random, guesses scored against
 * it, and now and then a place the player filled (mostly right) or some
 * digits ruled out (mostly not the secret's), or a score miscounted, so
 * that some puzzles have no secret at all. */
static void random_puzzle(struct rng *r, int n, struct nm_problem *p)
{
	memset(p, 0, sizeof *p);
	p->digits = n;
	uint8_t secret[NM_DIGITS_MAX];
	for (int i = 0; i < n; i++) {
		secret[i] = (uint8_t)rng_below(r, 10);
		p->allowed[i] = NM_ALL_DIGITS;
		bool right = rng_below(r, 4) != 0;
		if (rng_below(r, 6) == 0)
			p->allowed[i] = (uint16_t)(1u << (right ? secret[i] : rng_below(r, 10)));
		else if (rng_below(r, 4) == 0)
			p->allowed[i] &= (uint16_t)(rng_next(r) | (right ? 1u << secret[i] : 0));
	}
	p->n_guesses = 1 + (int)rng_below(r, 8);
	for (int g = 0; g < p->n_guesses; g++) {
		for (int i = 0; i < n; i++)
			p->guess[g][i] = rng_below(r, 3) == 0 ? secret[i] : (uint8_t)rng_below(r, 10);
		p->correct[g] = (uint8_t)nm_score(p, g, secret);
	}
	if (rng_below(r, 8) == 0)
		p->correct[rng_below(r, (uint64_t)p->n_guesses)] = (uint8_t)rng_below(r, (uint64_t)n + 2);
}

/* Every secret of p's length, tried: how many fit, and per place and
 * digit in how many; *one the last that fits. */
static uint64_t count_all(const struct nm_problem *p, uint64_t (*freq)[10], uint8_t *one)
{
	uint64_t n = 0, total = 1;
	for (int i = 0; i < p->digits; i++)
		total *= 10;
	memset(freq, 0, sizeof *freq * (size_t)p->digits);
	uint8_t s[NM_DIGITS_MAX];
	for (uint64_t x = 0; x < total; x++) {
		uint64_t y = x;
		for (int i = p->digits - 1; i >= 0; i--, y /= 10)
			s[i] = (uint8_t)(y % 10);
		if (!nm_fits(p, s))
			continue;
		n++;
		memcpy(one, s, (size_t)p->digits);
		for (int i = 0; i < p->digits; i++)
			freq[i][s[i]]++;
	}
	return n;
}

static void test_random(void)
{
	struct rng r;
	rng_seed(&r, 2026);
	int rounds = 60, counts = 0, by_states = 0, freqs = 0, samples = 0, unique = 0, uniques = 0, empty = 0;
	for (int k = 0; k < rounds; k++) {
		struct nm_problem p;
		random_puzzle(&r, 4 + k % 3, &p);
		uint64_t want_freq[NM_DIGITS_MAX][10];
		uint8_t one[NM_DIGITS_MAX];
		uint64_t want = count_all(&p, want_freq, one);
		empty += want == 0;
		struct nm_zdd *z = build(&p, NM_ZDD_BY_AND), *zs = build(&p, NM_ZDD_BY_STATES);
		bool over;
		counts += nm_zdd_count(z, &over) == want;
		by_states += nm_zdd_count(zs, &over) == want;
		u128 freq[NM_DIGITS_MAX][10];
		bool same = nm_zdd_frequencies(z, freq);
		for (int i = 0; i < p.digits; i++)
			for (int d = 0; d < 10; d++)
				same &= freq[i][d] == want_freq[i][d];
		freqs += same;
		uint8_t s[NM_DIGITS_MAX];
		bool drawn = nm_zdd_sample(z, &r, s);
		samples += want ? drawn && nm_fits(&p, s) : !drawn;
		if (want == 1) {
			uniques++;
			unique += nm_zdd_unique(z, s) && !memcmp(s, one, (size_t)p.digits);
		} else {
			unique += !nm_zdd_unique(z, s);
		}
		nm_zdd_free(z);
		nm_zdd_free(zs);
	}
	ok(counts == rounds, "%d random puzzles of 4 to 6 places (%d with no secret): counts by AND as every secret "
	   "says: %d", rounds, empty, counts);
	ok(by_states == rounds, "by states, the same: %d", by_states);
	ok(freqs == rounds, "the digits per place and in how many secrets: %d right", freqs);
	ok(samples == rounds, "a secret drawn from each fits it: %d", samples);
	ok(unique == rounds && uniques > 0, "the unique secret when there is one (%d), none otherwise: %d", uniques,
	   unique);
}

static void test_example(void)
{
	static const char *const guesses[] = { "90342", "70794", "39458", "34109", "51545", "12531" };
	static const int scores[] = { 2, 0, 2, 1, 2, 1 };
	struct nm_problem p = { .digits = 5, .n_guesses = 6 };
	for (int g = 0; g < 6; g++) {
		for (int i = 0; i < 5; i++)
			p.guess[g][i] = (uint8_t)(guesses[g][i] - '0');
		p.correct[g] = (uint8_t)scores[g];
	}
	for (int i = 0; i < 5; i++)
		p.allowed[i] = NM_ALL_DIGITS;
	for (int m = 0; m < 2; m++) {
		struct nm_zdd *z = build(&p, m ? NM_ZDD_BY_STATES : NM_ZDD_BY_AND);
		uint8_t s[5];
		bool over;
		bool one = nm_zdd_count(z, &over) == 1 && nm_zdd_unique(z, s);
		char got[6] = "";
		for (int i = 0; one && i < 5; i++)
			got[i] = (char)('0' + s[i]);
		is_str(got, "39542", "the example of five places, %s: one secret, 39542", m ? "by states" : "by AND");
		nm_zdd_free(z);
	}
	/* the player puts a 1 in place 1: nothing fits any more */
	p.allowed[0] = 1 << 1;
	struct nm_zdd *z = build(&p, NM_ZDD_BY_AND);
	bool over;
	uint8_t s[5];
	struct rng r;
	rng_seed(&r, 1);
	ok(nm_zdd_count(z, &over) == 0 && !nm_zdd_sample(z, &r, s), "with a 1 in place 1: no secret, no sample");
	nm_zdd_free(z);
}

static bool read_16(struct nm_problem *p)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/tests/cli/data/numbermind/pe185.txt", LD_SRCDIR);
	return nm_read(path, p);
}

static void test_sixteen(void)
{
	struct nm_problem p;
	if (!read_16(&p)) {
		ok(false, "Project Euler's 16-place puzzle read");
		return;
	}
	struct nm_zdd *z = build(&p, NM_ZDD_BY_AND);
	bool over;
	uint8_t s[NM_DIGITS_MAX];
	char got[NM_DIGITS_MAX + 1] = "";
	bool one = z && nm_zdd_count(z, &over) == 1 && nm_zdd_unique(z, s);
	for (int i = 0; one && i < 16; i++)
		got[i] = (char)('0' + s[i]);
	is_str(got, "4640261571849533", "Project Euler's 16 places, 22 guesses: one secret");
	struct nm_zdd_stats st;
	nm_zdd_stats(z, &st);
	ok(st.nodes == 16 && st.peak_nodes > st.nodes && st.made >= st.peak_nodes && st.peak_bytes > st.bytes,
	   "its diagram: 16 nodes, a larger family met on the way (%zu), the peak bytes above the kept",
	   st.peak_nodes);
	tap_diag("built in %.3f s, %zu nodes made, %zu bytes at the peak", st.seconds, st.made, st.peak_bytes);
	nm_zdd_free(z);

	struct nm_zdd_opts o = { .cap_bytes = 1 << 20 };
	enum zdd_end end = nm_zdd_build(&p, &o, &z);
	ok(end == ZDD_NO_ROOM && !z, "in 1 MB: no room, said so (%s)", zdd_end_text(end));

	atomic_int flag = 0;
	struct cancel_later c;
	o = (struct nm_zdd_opts){ .cancel = &flag };
	cancel_later_start(&c, &flag, "the 16-place diagram's build");
	end = nm_zdd_build(&p, &o, &z);
	cancel_later_end(&c);
	ok(end == ZDD_CANCELLED && !z, "cancelled: ended, nothing kept");
}

/* ---- The engine. */

/* Run to the end; in step mode, *dead the dead ends met and *bad the
 * events not about a place (and a digit). */
static u128 run_all(struct engine *e, bool step, int *dead, int *bad)
{
	struct engine_ctl ctl = { .step = step };
	*dead = *bad = 0;
	for (;;) {
		enum engine_status st = engine_run(e, &ctl);
		if (st != ENGINE_STEP)
			break;
		const struct engine_event *ev = engine_event(e);
		if (ev->kind == ENGINE_EV_CHOOSE) {
			*bad += ev->subject != ev->level;
			*dead += ev->choices == 0;
		}
		if (ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
			*bad += ev->subject != ev->level || ev->choice < 0 || ev->choice > 9;
	}
	return engine_stats(e)->solutions;
}

static void test_engine(void)
{
	struct rng r;
	rng_seed(&r, 77);
	int rounds = 30, same = 0, stepped = 0, fine = 0;
	for (int k = 0; k < rounds; k++) {
		struct nm_problem p;
		random_puzzle(&r, 4 + k % 3, &p);
		struct nm_zdd *z = build(&p, NM_ZDD_BY_AND);
		bool over;
		u128 want = nm_zdd_count(z, &over);
		nm_zdd_free(z);
		struct engine *e = nm_zdd_engine_new(&p);
		int dead, bad;
		same += run_all(e, false, &dead, &bad) == want;
		e->ops->restart(e);
		u128 n = run_all(e, true, &dead, &bad);
		stepped += n == want;
		fine += bad == 0 && dead == (want == 0); /* no secret: one dead end, at the start */
		engine_free(e);
	}
	ok(same == rounds, "%d random puzzles: the engine meets as many secrets as the diagram counts: %d", rounds,
	   same);
	ok(stepped == rounds && fine == rounds, "step by step, the same, each event about a place and a digit, and no "
	   "dead end but where no secret fits: %d, %d", stepped, fine);

	/* the example without its last guess: many secrets; stop at 2 */
	struct nm_problem few = { .digits = 5, .n_guesses = 1, .guess = { { 9, 0, 3, 4, 2 } }, .correct = { 2 } };
	for (int i = 0; i < 5; i++)
		few.allowed[i] = NM_ALL_DIGITS;
	struct engine *e = nm_zdd_engine_new(&few);
	struct engine_ctl ctl = { .max_solutions = 2 };
	enum engine_status st = engine_run(e, &ctl);
	double part = e->ops->progress(e);
	ok(st == ENGINE_LIMIT && engine_stats(e)->solutions == 2 && part > 0 && part < 1,
	   "a guess of 5 scored 2, at most 2 secrets: stops at 2, part of the way (%.4f)", part);
	ctl.max_solutions = 0;
	st = engine_run(e, &ctl);
	ok(st == ENGINE_DONE && engine_stats(e)->solutions == 10 * 729, "then all of them, C(5, 2) x 9^3: %llu",
	   (unsigned long long)engine_stats(e)->solutions);
	engine_free(e);

	/* 16 places: the build shown family by family, then the walk */
	struct nm_problem p = { 0 };
	read_16(&p);
	e = nm_zdd_engine_new(&p);
	ctl = (struct engine_ctl){ .step = true };
	int prunes = 0, dead = 0, solutions = 0;
	int8_t path[NM_DIGITS_MAX], found[NM_DIGITS_MAX];
	while (engine_run(e, &ctl) == ENGINE_STEP) {
		const struct engine_event *ev = engine_event(e);
		prunes += ev->kind == ENGINE_EV_PRUNE;
		dead += ev->kind == ENGINE_EV_CHOOSE && ev->choices == 0;
		if (ev->kind == ENGINE_EV_SOLUTION) {
			solutions++;
			nm_zdd_path(e, found);
		}
	}
	nm_zdd_path(e, path);
	char got[NM_DIGITS_MAX + 1] = "";
	for (int i = 0; i < 16; i++)
		got[i] = (char)('0' + found[i]);
	ok(prunes == 23 && dead == 0 && solutions == 1, "16 places step by step: 23 families intersected, then one "
	   "secret and no dead end (%d, %d, %d)", prunes, solutions, dead);
	is_str(got, "4640261571849533", "the path at the secret");
	ok(path[0] == -1 && path[15] == -1, "at the end, no digit placed");
	engine_free(e);

	/* cancelled in its build, and asked to stop at the first secret */
	atomic_int flag = 0;
	struct cancel_later c;
	e = nm_zdd_engine_new(&p);
	ctl = (struct engine_ctl){ .cancel = &flag };
	cancel_later_start(&c, &flag, "the engine's build of 16 places");
	st = engine_run(e, &ctl);
	cancel_later_end(&c);
	ok(st == ENGINE_CANCELLED && !nm_zdd_engine_diagram(e), "cancelled in its build: said so, no diagram");
	ctl = (struct engine_ctl){ .report_solutions = true };
	st = engine_run(e, &ctl);
	ok(st == ENGINE_SOLUTION && engine_stats(e)->solutions == 1, "run again: built, stops at the secret");
	st = engine_run(e, &ctl);
	ok(st == ENGINE_DONE && e->ops->progress(e) == 1.0, "and then done");
	engine_free(e);
}

int main(void)
{
	test_random();
	test_example();
	test_sixteen();
	test_engine();
	return tap_done();
}
