/* Number Mind (Project Euler 185, seed 000): a secret string of digits,
 * and guesses each scored by how many of its digits are right and in the
 * right place ("90342 ;2 correct").  A problem is the guesses with their
 * scores and, per place of the secret, the digits still allowed there: a
 * player's entries fix a place to one digit, the puzzle's start allows all
 * ten.  Both engines (nm_search.h, a backtracking search with the scores
 * as bounds; nm_zdd.h, the diagram of all the secrets that fit, built as
 * the seed builds it) solve this one struct.
 *
 * Places and guesses are numbered from 0 here; the player reads them from
 * 1 ("place 5", "guess 3"). */
#ifndef LD_NM_PROBLEM_H
#define LD_NM_PROBLEM_H

#include <stdbool.h>
#include <stdint.h>

#include "util/strbuf.h"

#define NM_DIGITS_MAX 20     /* places in a secret */
#define NM_GUESSES_MAX 64
#define NM_ALL_DIGITS 0x3ff  /* the allowed mask of a place nothing rules out */

struct nm_problem {
	int digits;                                   /* places, 1 .. NM_DIGITS_MAX */
	int n_guesses;
	uint8_t guess[NM_GUESSES_MAX][NM_DIGITS_MAX]; /* each a digit 0 .. 9 */
	uint8_t correct[NM_GUESSES_MAX];              /* its score */
	uint16_t allowed[NM_DIGITS_MAX];              /* bit d: digit d may stand there */
};

/* How many places of secret agree with guess g. */
static inline int nm_score(const struct nm_problem *p, int g, const uint8_t *secret)
{
	int n = 0;
	for (int i = 0; i < p->digits; i++)
		n += p->guess[g][i] == secret[i];
	return n;
}

/* True if secret fits every guess's score and every place's mask. */
static inline bool nm_fits(const struct nm_problem *p, const uint8_t *secret)
{
	for (int i = 0; i < p->digits; i++)
		if (secret[i] > 9 || !(p->allowed[i] >> secret[i] & 1))
			return false;
	for (int g = 0; g < p->n_guesses; g++)
		if (nm_score(p, g, secret) != p->correct[g])
			return false;
	return true;
}

/* The digits an engine placed, as the family's move ("3=4;7=0"): the
 * places digits[] fills (-1: none) that p leaves open; a place p fixes to
 * one digit is the player's, not the engine's to play. */
static inline void nm_path_move(const struct nm_problem *p, const int8_t *digits, struct strbuf *out)
{
	for (int k = 0; k < p->digits; k++) {
		uint16_t a = p->allowed[k] & NM_ALL_DIGITS;
		if (digits[k] >= 0 && (a & (a - 1)))
			strbuf_addf(out, "%s%d=%d", out->len ? ";" : "", k + 1, digits[k]);
	}
}

#endif
