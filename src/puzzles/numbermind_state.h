/* Number Mind's state, for the family's own files and its views (every
 * family defines its own struct puzzle_state, so this stays out of
 * numbermind_puzzle.h, which the registry includes beside the others').
 *
 * Two modes share it:
 *
 *   a puzzle (duel false): guess[] and correct[] are the puzzle's guesses
 *   and their scores, entry[] the player's digits; it is solved when
 *   every place has a digit and the secret they spell fits every guess
 *   (numbermind_puzzle.h: numbermind_possible gives the digits each
 *   place may still hold by the rules, for the view's marks);
 *
 *   a duel (duel true): secret[] is the game's hidden secret, guess[] and
 *   correct[] the player's guesses so far, scored by the game, in the
 *   order made (guesses[n_guesses - 1] the last); entry[] is the guess
 *   being written, not yet made.  It is won when the last guess scores
 *   all its digits (numbermind_duel_won); numbermind_duel_count counts
 *   the secrets that still fit the guesses.  A view must not show
 *   secret[] before the duel is won.
 *
 * crossed[] are the player's own pencil marks in both modes: the digits
 * the player has crossed out of a place.  They are notes, never rules:
 * the engines, hints and dead ends do not read them (a hint passes over a
 * deduction the player has already crossed out).
 *
 * Moves (several joined by ';', places from 1):
 *   P=D        place P holds digit D      P=.   place P cleared
 *   P-D        cross digit D out of P     P+D   take the cross off
 *   guess DDD  (a duel) make the guess DDD, scored by the game
 *   guess      (a duel) make the guess written in entry[], and clear it
 *
 * For the views: a duel is started by the generator, pz->generate(pz,
 * "duel,digits=N", 0, seed, &desc, ...), then pz->start on desc (free
 * play, start with no description, is an 8-digit puzzle).  Guess g of
 * either mode is p.guess[g][0 .. p.digits-1] with its score
 * p.correct[g]; numbermind_puzzle.h has the marks (numbermind_possible),
 * the count of secrets that fit (numbermind_count: a search, for the
 * worker thread), and whether a duel is won.  A note's cells are places
 * and its pieces guesses, from 0; hints, dead ends and the search's
 * events speak of them so.
 *
 * Descriptions (start and describe): '#' starts a comment line; a guess
 * a line, "90342 ;2 correct" (or "90342 2"); then, if any, "entries
 * 3.54." (the player's digits, '.' for none) and "crossed 1:03 5:4" (the
 * digits crossed out of places 1 and 5).  A duel's description starts
 * with "duel", then "secret 39542", then its guesses, whose scores must
 * be the secret's. */
#ifndef LD_NUMBERMIND_STATE_H
#define LD_NUMBERMIND_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "solver/numbermind/nm_problem.h"

struct puzzle_state {
	/* digits, n_guesses, guess[], correct[]; allowed[] is all ten
	 * everywhere: the player's entries are in entry[], not here. */
	struct nm_problem p;
	int8_t entry[NM_DIGITS_MAX];     /* per place: the player's digit, -1 none */
	uint16_t crossed[NM_DIGITS_MAX]; /* per place: bit d, digit d crossed out */
	bool duel;
	uint8_t secret[NM_DIGITS_MAX];   /* a duel's secret; unused in a puzzle */
};

#endif
