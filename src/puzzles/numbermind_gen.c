/* Number Mind's generator: a secret drawn from the seed, then guesses
 * scored by it added until one secret alone fits them, then guesses taken
 * away in a random order while it stays the only one, so that none is
 * spare.  The puzzle is kept if the search's effort on it is of the
 * grade asked for.  A duel is its secret alone. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"
#include "puzzles/numbermind_desc.h"
#include "solver/numbermind/nm_search.h"
#include "util/rng.h"

/* Tries at a grade before giving up. */
#define GEN_TRIES 400

/* The secret's length for a grade when none is asked for. */
static const int default_digits[] = { 8, 5, 8, 12, 16 };

struct gen_params {
	int digits;     /* 0: by grade */
	bool duel;
};

static bool read_params(const char *params, struct gen_params *out, struct diag *err)
{
	*out = (struct gen_params){ 0 };
	for (const char *p = params ? params : ""; *p;) {
		size_t len = strcspn(p, ",");
		int v, used = 0;
		if (len == 4 && !strncmp(p, "duel", 4))
			out->duel = true;
		else if (sscanf(p, "digits=%d%n", &v, &used) == 1 && (size_t)used == len && v >= 1 && v <= NM_DIGITS_MAX)
			out->digits = v;
		else {
			diag_set(err, "'%.*s': Number Mind takes digits=N (1 to %d) and duel", (int)(len < 20 ? len : 20), p,
			         NM_DIGITS_MAX);
			return false;
		}
		p += len + (p[len] == ',');
	}
	return true;
}

/* A guess with right digits in right places of secret, the others
 * wrong, into guess. */
static void random_guess(const uint8_t *secret, int n, int right, struct rng *r, uint8_t *guess)
{
	int order[NM_DIGITS_MAX];
	for (int k = 0; k < n; k++)
		order[k] = k;
	for (int k = n - 1; k > 0; k--) {
		int j = (int)rng_below(r, (uint64_t)k + 1), t = order[k];
		order[k] = order[j];
		order[j] = t;
	}
	for (int i = 0; i < n; i++) {
		int k = order[i];
		guess[k] = i < right ? secret[k] : (uint8_t)((secret[k] + 1 + rng_below(r, 9)) % 10);
	}
}

static u128 secrets_up_to(const struct nm_problem *p, uint64_t limit, const atomic_int *cancel, bool *cancelled)
{
	u128 count = 0;
	*cancelled |= !nm_search_count(p, limit, cancel, &count, NULL);
	return count;
}

/* Guesses added until the secret alone fits them; false if cancelled or
 * there is no room. */
static bool add_guesses(struct nm_problem *p, const uint8_t *secret, struct rng *r, const atomic_int *cancel)
{
	int n = p->digits, most_right = n <= 6 ? 2 : 3;
	bool cancelled = false;
	while (p->n_guesses < NM_GUESSES_MAX) {
		uint8_t *g = p->guess[p->n_guesses];
		random_guess(secret, n, (int)rng_below(r, (uint64_t)most_right + 1), r, g);
		bool again = !memcmp(g, secret, (size_t)n);
		for (int h = 0; h < p->n_guesses && !again; h++)
			again = !memcmp(p->guess[h], g, (size_t)n);
		if (again)
			continue;
		int right = 0;
		for (int k = 0; k < n; k++)
			right += g[k] == secret[k];
		p->correct[p->n_guesses++] = (uint8_t)right;
		if (secrets_up_to(p, 2, cancel, &cancelled) == 1 || cancelled)
			return !cancelled;
	}
	return false;
}

/* Guess g taken out of p. */
static void drop_guess(struct nm_problem *p, int g)
{
	memmove(p->guess[g], p->guess[g + 1], (size_t)(p->n_guesses - g - 1) * sizeof p->guess[0]);
	memmove(p->correct + g, p->correct + g + 1, (size_t)(p->n_guesses - g - 1));
	p->n_guesses--;
}

/* Guesses taken away in a random order while one secret alone fits. */
static bool thin_out(struct nm_problem *p, struct rng *r, const atomic_int *cancel)
{
	bool cancelled = false;
	for (int tries = p->n_guesses; tries > 0 && !cancelled; tries--) {
		int g = (int)rng_below(r, (uint64_t)p->n_guesses);
		struct nm_problem without = *p;
		drop_guess(&without, g);
		if (secrets_up_to(&without, 2, cancel, &cancelled) == 1)
			*p = without;
	}
	return !cancelled;
}

static void write_puzzle(const struct nm_problem *p, const uint8_t *secret, bool duel, struct strbuf *desc)
{
	struct puzzle_state s = { .p = *p, .duel = duel };
	memset(s.entry, -1, sizeof s.entry);
	memcpy(s.secret, secret, sizeof s.secret);
	numbermind_desc_write(&s, desc);
}

bool numbermind_gen_generate(const struct puzzle *pz, const char *params, int grade, uint64_t seed,
                             struct strbuf *desc, const atomic_int *cancel, struct diag *err)
{
	(void)pz;
	struct gen_params gp;
	if (grade < 0 || grade > 4) {
		diag_set(err, "grade %d: grades are 1 to 4 (0: any)", grade);
		return false;
	}
	if (!read_params(params, &gp, err))
		return false;
	int n = gp.digits ? gp.digits : default_digits[grade];
	struct rng r;
	rng_seed(&r, seed);
	uint8_t secret[NM_DIGITS_MAX] = { 0 };
	struct nm_problem p = { .digits = n };
	for (int k = 0; k < n; k++) {
		secret[k] = (uint8_t)rng_below(&r, 10);
		p.allowed[k] = NM_ALL_DIGITS;
	}
	if (gp.duel) {
		write_puzzle(&p, secret, true, desc);
		return true;
	}
	for (int try = 0; try < GEN_TRIES; try++) {
		p.n_guesses = 0;
		if (!add_guesses(&p, secret, &r, cancel) || !thin_out(&p, &r, cancel))
			break;
		uint64_t nodes = 0;
		u128 count;
		if (!nm_search_count(&p, 0, cancel, &count, &nodes))
			break;
		if (grade == 0 || numbermind_teach_grade_of(nodes) == grade) {
			write_puzzle(&p, secret, false, desc);
			return true;
		}
		/* another secret for the next try */
		for (int k = 0; k < n; k++)
			secret[k] = (uint8_t)rng_below(&r, 10);
	}
	diag_set(err, "no %d-digit puzzle of grade %d in %d tries", n, grade, GEN_TRIES);
	return false;
}
