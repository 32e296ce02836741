/* Number Mind's search (nm_search.h) and rules (nm_prop.h): counts on
 * small random puzzles against every secret tried in turn, the published
 * example, Project Euler's 16-digit puzzle, the events in the player's
 * numbers, and the walks of Knuth's estimate. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "solver/estimate.h"
#include "solver/numbermind/nm_prop.h"
#include "solver/numbermind/nm_search.h"
#include "util/rng.h"
#include "tap.h"

/* A problem from lines "GUESS SCORE". */
static void problem_of(struct nm_problem *p, const char *const *lines, int n)
{
	memset(p, 0, sizeof *p);
	p->digits = (int)strcspn(lines[0], " ");
	for (int k = 0; k < p->digits; k++)
		p->allowed[k] = NM_ALL_DIGITS;
	for (int g = 0; g < n; g++) {
		for (int k = 0; k < p->digits; k++)
			p->guess[g][k] = (uint8_t)(lines[g][k] - '0');
		p->correct[g] = (uint8_t)atoi(lines[g] + p->digits + 1);
	}
	p->n_guesses = n;
}

/* Every secret of p's length tried: how many fit. */
static uint64_t brute_count(const struct nm_problem *p)
{
	uint64_t total = 1, count = 0;
	for (int k = 0; k < p->digits; k++)
		total *= 10;
	uint8_t secret[NM_DIGITS_MAX];
	for (uint64_t v = 0; v < total; v++) {
		uint64_t x = v;
		for (int k = p->digits - 1; k >= 0; k--, x /= 10)
			secret[k] = (uint8_t)(x % 10);
		count += nm_fits(p, secret);
	}
	return count;
}

static const char *const example[] = { "90342 2", "70794 0", "39458 2", "34109 1", "51545 2", "12531 1" };

static void test_example(void)
{
	struct nm_problem p;
	problem_of(&p, example, 6);
	struct engine *e = nm_search_new(&p);
	struct engine_ctl ctl = { .report_solutions = true };
	ok(engine_run(e, &ctl) == ENGINE_SOLUTION, "the example has a secret");
	int8_t digits[NM_DIGITS_MAX];
	nm_search_path(e, digits);
	char secret[8] = "";
	for (int k = 0; k < 5; k++)
		secret[k] = (char)('0' + digits[k]);
	is_str(secret, "39542", "the published secret (REFERENCE.md)");
	struct strbuf move = { 0 };
	strbuf_addn(&move, "", 0);
	e->ops->path_move(e, &move);
	is_str(move.s, "1=3;2=9;3=5;4=4;5=2", "as the family's move");
	strbuf_free(&move);
	struct engine_ctl rest = { 0 };
	ok(engine_run(e, &rest) == ENGINE_DONE, "and the search goes on to its end");
	is_u64((uint64_t)engine_stats(e)->solutions, 1, "one secret only");
	engine_free(e);
	u128 n;
	ok(nm_search_count(&p, 0, NULL, &n, NULL) && n == 1, "counted, one");
	is_u64(brute_count(&p), 1, "as every secret tried says");
}

/* Random puzzles of 4 and 5 digits, a few guesses each scored by a random
 * secret: counts as brute force has them, to the limit too. */
static void test_random_counts(void)
{
	struct rng r;
	rng_seed(&r, 185);
	int agree = 0, trials = 60, limited = 0;
	for (int t = 0; t < trials; t++) {
		struct nm_problem p = { .digits = 4 + t % 2, .n_guesses = 1 + (int)rng_below(&r, 7) };
		uint8_t secret[NM_DIGITS_MAX];
		for (int k = 0; k < p.digits; k++) {
			secret[k] = (uint8_t)rng_below(&r, 10);
			p.allowed[k] = NM_ALL_DIGITS;
		}
		/* a place or two narrowed, as a player's entries narrow them */
		if (t % 3 == 0)
			p.allowed[t % p.digits] = (uint16_t)(1u << secret[t % p.digits] | 1u << ((secret[t % p.digits] + 3) % 10));
		for (int g = 0; g < p.n_guesses; g++) {
			for (int k = 0; k < p.digits; k++)
				p.guess[g][k] = rng_below(&r, 3) == 0 ? secret[k] : (uint8_t)rng_below(&r, 10);
			p.correct[g] = (uint8_t)nm_score(&p, g, secret);
		}
		/* every third a score off by one: perhaps no secret at all */
		if (t % 3 == 1 && p.correct[0] < p.digits)
			p.correct[0]++;
		u128 n, m;
		uint64_t want = brute_count(&p);
		agree += nm_search_count(&p, 0, NULL, &n, NULL) && n == want;
		limited += nm_search_count(&p, 3, NULL, &m, NULL) && m == (want < 3 ? want : 3);
	}
	is_u64((uint64_t)agree, (uint64_t)trials, "the search counts as brute force on %d random puzzles", trials);
	is_u64((uint64_t)limited, (uint64_t)trials, "and stops at a limit of 3");
	struct nm_problem none = { .digits = 3, .n_guesses = 0 };
	for (int k = 0; k < 3; k++)
		none.allowed[k] = NM_ALL_DIGITS;
	u128 n;
	ok(nm_search_count(&none, 0, NULL, &n, NULL) && n == 1000, "no guesses: all 1000 secrets of 3 digits");
}

/* Project Euler's 16-digit puzzle: one secret, which fits. */
static void test_pe185(void)
{
	FILE *f = fopen(LD_SRCDIR "/tests/cli/data/numbermind/pe185.txt", "r");
	ok(f != NULL, "the 16-digit puzzle's file");
	if (!f)
		return;
	char line[64], lines[NM_GUESSES_MAX][64];
	const char *ptr[NM_GUESSES_MAX];
	int n = 0;
	while (fgets(line, sizeof line, f) && n < NM_GUESSES_MAX)
		if (line[0] != '#') {
			/* "GUESS ;K correct" as "GUESS K" */
			char *semi = strchr(line, ';');
			snprintf(lines[n], sizeof lines[n], "%.16s %c", line, semi ? semi[1] : '?');
			ptr[n] = lines[n];
			n++;
		}
	fclose(f);
	struct nm_problem p;
	problem_of(&p, ptr, n);
	is_u64((uint64_t)p.n_guesses, 22, "22 guesses of 16 digits");
	struct engine *e = nm_search_new(&p);
	struct engine_ctl ctl = { .report_solutions = true };
	ok(engine_run(e, &ctl) == ENGINE_SOLUTION, "a secret found");
	int8_t digits[NM_DIGITS_MAX];
	uint8_t secret[NM_DIGITS_MAX];
	nm_search_path(e, digits);
	for (int k = 0; k < 16; k++)
		secret[k] = (uint8_t)digits[k];
	ok(nm_fits(&p, secret), "it fits every guess");
	struct engine_ctl rest = { 0 };
	engine_run(e, &rest);
	is_u64((uint64_t)engine_stats(e)->solutions, 1, "and it is the only one");
	tap_diag("%llu nodes", (unsigned long long)engine_stats(e)->nodes);
	engine_free(e);
}

/* Step mode: the events speak of places and digits.  The example's
 * first guesses, two to five of them, and a 6-digit puzzle of six with
 * 16 secrets and a few dead ends. */
static void test_events(void)
{
	static const char *const six[] = { "051106 1", "639913 2", "090673 2", "800755 1", "719570 2", "899863 3" };
	int tries = 0, undos = 0, chooses = 0, prunes = 0, bad = 0, wrong_count = 0, ended = 0, known = 0;
	for (int n = 2; n <= 6; n++) {
		struct nm_problem p;
		if (n < 6)
			problem_of(&p, example, n);
		else
			problem_of(&p, six, 6);
		struct engine *e = nm_search_new(&p);
		struct engine_ctl step = { .step = true };
		uint64_t solutions = 0;
		enum engine_status st;
		while ((st = engine_run(e, &step)) == ENGINE_STEP || st == ENGINE_SOLUTION) {
			const struct engine_event *ev = engine_event(e);
			struct note note;
			e->ops->event_note(e, &note);
			bad += ev->kind != ENGINE_EV_DONE && !note.text[0];
			if (ev->kind == ENGINE_EV_TRY)
				bad += ev->subject < 0 || ev->subject >= p.digits || ev->choice < 0 || ev->choice > 9;
			tries += ev->kind == ENGINE_EV_TRY;
			undos += ev->kind == ENGINE_EV_UNDO;
			chooses += ev->kind == ENGINE_EV_CHOOSE;
			prunes += ev->kind == ENGINE_EV_PRUNE;
			bad += ev->kind == ENGINE_EV_PRUNE && !ev->why;
			solutions += ev->kind == ENGINE_EV_SOLUTION;
			known += ev->kind == ENGINE_EV_MEMO_HIT;
		}
		ended += st == ENGINE_DONE;
		/* stepping (the search on screen, the race), every secret is met
		 * one by one, so that the screen can stop at it */
		wrong_count += engine_stats(e)->solutions != brute_count(&p) || solutions != brute_count(&p);
		engine_free(e);
	}
	is_u64((uint64_t)ended, 5, "each stepped to the end");
	ok(tries > 0 && tries == undos, "each try taken back (%d)", tries);
	ok(chooses > 0 && prunes > 0, "nodes chosen (%d) and dead ends cut with a reason (%d)", chooses, prunes);
	is_u64((uint64_t)wrong_count, 0, "the solutions stepped through, as many as brute force finds");
	is_u64((uint64_t)known, 0, "stepping, no secrets counted at once: each is shown");
	is_u64((uint64_t)bad, 0, "every event in places and digits, with words");
}

/* The rules: a guess with its count rules its digits out; one that needs
 * its room places them; a fault says which guess. */
static void test_rules(void)
{
	struct nm_problem p;
	static const char *const two[] = { "1234 0", "5678 4" };
	problem_of(&p, two, 1);
	struct nm_index ix;
	struct nm_node n;
	nm_index_init(&ix, &p);
	nm_node_init(&n, &ix);
	ok(nm_node_propagate(&n, &ix, NULL, NULL), "a guess of 0 breaks nothing");
	ok(!(n.mask[0] >> 1 & 1) && !(n.mask[3] >> 4 & 1) && n.mask[0] >> 2 & 1, "its digits are ruled out, no other");
	problem_of(&p, two, 2);
	nm_index_init(&ix, &p);
	nm_node_init(&n, &ix);
	ok(nm_node_propagate(&n, &ix, NULL, NULL) && n.open == 0 && n.val[2] == 7, "a guess of 4 of 4 places its digits");
	static const char *const clash[] = { "1234 3", "1299 0" };
	problem_of(&p, clash, 2);
	nm_index_init(&ix, &p);
	nm_node_init(&n, &ix);
	struct nm_fault f;
	ok(!nm_node_propagate(&n, &ix, &f, NULL), "1234 scoring 3 with 1299 scoring 0: no secret");
	char words[160];
	nm_fault_words(&f, &p, words, sizeof words);
	is_str(words, "guess 1 can no longer reach its 3 right digits", "said of the guess");
}

/* Knuth's estimate from the walks of one level ahead, against the tree
 * the search makes, on the 6-digit puzzle and on Project Euler's. */
static void test_estimate(void)
{
	static const char *const six[] = { "051106 1", "639913 2", "090673 2", "800755 1", "719570 2", "899863 3" };
	struct nm_problem p;
	problem_of(&p, six, 6);
	struct engine *e = nm_search_new(&p);
	/* the tree searched with no shortcut, each secret a leaf, as walked */
	struct engine_ctl ctl = { .report_solutions = true };
	while (engine_run(e, &ctl) == ENGINE_SOLUTION)
		;
	double nodes = (double)engine_stats(e)->nodes, solutions = (double)engine_stats(e)->solutions;
	e->ops->restart(e);
	struct estimate est;
	estimate_init(&est, 1, 7);
	ok(estimate_engine(&est, e, 4000, NULL), "4000 walks");
	double n = estimate_nodes(&est), se = estimate_nodes_se(&est);
	ok(n > nodes - 4 * se - 1 && n < nodes + 4 * se + 1, "nodes %.0f +- %.1f, the tree has %.0f", n, se, nodes);
	double sn = estimate_solutions(&est), sse = estimate_solutions_se(&est);
	ok(sn > solutions - 4 * sse - 0.5 && sn < solutions + 4 * sse + 0.5, "secrets %.1f +- %.1f, there are %.0f", sn,
	   sse, solutions);
	estimate_free(&est);
	struct engine_ctl again = { .report_solutions = true };
	ok(engine_run(e, &again) == ENGINE_SOLUTION, "the walks leave the search at its start");
	engine_free(e);
}

int main(void)
{
	test_example();
	test_random_counts();
	test_pe185();
	test_events();
	test_rules();
	test_estimate();
	return tap_done();
}
