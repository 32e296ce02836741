/* Number Mind's deductions, shared by the search (nm_search.h) and the
 * family's hints, marks and dead ends: a position (which digits each place
 * may still hold, and per guess how many of its digits are right already
 * and how many could still be) and the rules that narrow it:
 *
 *   a guess that has all its right digits rules its digit out of every
 *   open place;
 *   a guess that needs every place still open to it gets its digit there;
 *   a place with one digit left holds it;
 *   and, as a bound, the guesses together cannot need more right digits
 *   than the open places can give (each place gives one digit, right for
 *   the guesses that have that digit there).
 *
 * A rule that finds the position impossible says which guess or place it
 * is about (struct nm_fault), so that the player can be told in words. */
#ifndef LD_NM_PROP_H
#define LD_NM_PROP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "solver/numbermind/nm_problem.h"

/* Per place and digit: the guesses that have that digit there, a bit
 * each (NM_GUESSES_MAX is 64). */
struct nm_index {
	const struct nm_problem *p;
	uint64_t at[NM_DIGITS_MAX][10];
};

struct nm_node {
	uint16_t mask[NM_DIGITS_MAX];    /* the digits a place may still hold */
	int8_t val[NM_DIGITS_MAX];       /* its digit once placed, -1 while open */
	uint8_t hits[NM_GUESSES_MAX];    /* the guess's digits placed and right */
	uint8_t room[NM_GUESSES_MAX];    /* open places that may still take its digit */
	int open;                        /* places still open */
};

enum nm_fault_kind {
	NM_FAULT_NONE,
	NM_FAULT_PLACE,   /* no digit is left for place */
	NM_FAULT_OVER,    /* guess has more right digits than its score */
	NM_FAULT_SHORT,   /* guess can no longer reach its score */
	NM_FAULT_SUM,     /* the guesses need more right digits than the places give */
};

struct nm_fault {
	enum nm_fault_kind kind;
	int place, guess;        /* -1 where none */
	int need, most;          /* SUM: right digits needed, and the most the places give */
};

/* One deduction, for the hints: what a rule found and why. */
enum nm_step_kind {
	NM_STEP_NONE,
	NM_STEP_FULL,     /* guess has all its right digits: place cannot be digit */
	NM_STEP_NEEDS,    /* guess needs every open place it may still match: place is digit */
	NM_STEP_SINGLE,   /* place has digit left alone */
	NM_STEP_SUM,      /* digit at place would leave the guesses short (the bound) */
};

struct nm_step {
	enum nm_step_kind kind;
	int guess, place, digit;  /* guess -1 for SINGLE and SUM */
	/* SUM: the right digits the guesses need, the most the open places
	 * give, and the most they give with digit at place */
	int need, most, most_with;
};

void nm_index_init(struct nm_index *ix, const struct nm_problem *p);

/* The position of p's masks, nothing placed yet (places whose mask has
 * one digit stay open until propagation places them). */
void nm_node_init(struct nm_node *n, const struct nm_index *ix);

/* Place digit d (allowed there) at open place k. */
void nm_node_place(struct nm_node *n, const struct nm_index *ix, int k, int d);
/* Rule digit d out of open place k (if it was allowed). */
void nm_node_rule_out(struct nm_node *n, const struct nm_index *ix, int k, int d);

/* The rules to a fixed point; false and *fault (which may be NULL) if
 * the position is impossible.  mems, if not NULL, grows by the places and
 * guesses looked at. */
bool nm_node_propagate(struct nm_node *n, const struct nm_index *ix, struct nm_fault *fault, uint64_t *mems);

/* The first fault of the position as it stands, without deducing. */
bool nm_node_fault(const struct nm_node *n, const struct nm_index *ix, struct nm_fault *fault);

/* One deduction the rules make on n (not applied), about one place: a
 * place with one digit left, else a guess that has all its right digits
 * and still allows its digit at an open place, else a guess that needs
 * all its room, else a digit the bound rules out.  False if none applies
 * (n is at the rules' fixed point). */
bool nm_node_next_step(const struct nm_node *n, const struct nm_index *ix, struct nm_step *out);

/* The fault in a player's words, places and guesses from 1: "guess 2
 * can no longer reach its 3 right digits". */
void nm_fault_words(const struct nm_fault *f, const struct nm_problem *p, char *buf, size_t size);

/* Apply a step found by nm_node_next_step. */
void nm_node_apply_step(struct nm_node *n, const struct nm_index *ix, const struct nm_step *st);

#endif
