/* Number Mind in a player's words: the digits each place may still hold,
 * the entries that break a guess said as soon as they do, hints in three
 * tiers (the deduction and where to look; what it finds; a digit of the
 * secret, played), and the grade by the search's effort.
 *
 * Marks of a note: cells are places (from 0), pieces are guesses (from
 * 0). */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"
#include "solver/numbermind/nm_prop.h"
#include "util/xalloc.h"

/* s's problem and the rules' position on it, nothing deduced yet (in
 * place: ix points at p). */
struct position {
	struct nm_problem p;
	struct nm_index ix;
	struct nm_node n;
};

static void position_of(const struct puzzle_state *s, struct position *at)
{
	numbermind_problem(s, &at->p);
	nm_index_init(&at->ix, &at->p);
	nm_node_init(&at->n, &at->ix);
}

bool numbermind_possible(const struct puzzle_state *s, uint16_t *possible)
{
	struct position at;
	position_of(s, &at);
	bool ok = nm_node_propagate(&at.n, &at.ix, NULL, NULL);
	memset(possible, 0, NM_DIGITS_MAX * sizeof *possible);
	memcpy(possible, at.n.mask, (size_t)at.p.digits * sizeof *possible);
	return ok;
}

static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

/* ---- dead ends --------------------------------------------------------- */

/* A guess whose digits the entries match at more places than its score,
 * or that the entries leave too few places to reach it. */
static bool guess_broken(const struct puzzle_state *s, struct note *out)
{
	const struct nm_problem *p = &s->p;
	for (int g = 0; g < p->n_guesses; g++) {
		int right = 0, open = 0, last = -1, score = p->correct[g];
		for (int k = 0; k < p->digits; k++) {
			if (s->entry[k] < 0)
				open++;
			else if (s->entry[k] == p->guess[g][k]) {
				right++;
				last = k;
			}
		}
		if (right > score) {
			if (score == 0)
				note_say(out, "Guess %d has no right digit: place %d cannot be %d", g + 1, last + 1,
				         p->guess[g][last]);
			else
				note_say(out, "Guess %d already has its %d right digit%s: place %d cannot be %d", g + 1,
				         score, plural(score), last + 1, p->guess[g][last]);
			for (int k = 0; k < p->digits; k++)
				if (s->entry[k] == p->guess[g][k])
					note_cell(out, k);
		} else if (right + open < score) {
			note_say(out, "Guess %d can no longer reach its %d right digit%s", g + 1, score, plural(score));
			for (int k = 0; k < p->digits; k++)
				if (s->entry[k] >= 0 && s->entry[k] != p->guess[g][k])
					note_cell(out, k);
		} else {
			continue;
		}
		note_piece(out, g);
		return true;
	}
	return false;
}

bool numbermind_teach_dead_end(const struct puzzle_state *s, struct note *out)
{
	note_clear(out);
	if (s->duel)
		return false;
	if (guess_broken(s, out))
		return true;
	struct position at;
	struct nm_fault f;
	position_of(s, &at);
	if (nm_node_propagate(&at.n, &at.ix, &f, NULL))
		return false;
	char words[160];
	nm_fault_words(&f, &at.p, words, sizeof words);
	/* the screen says "Dead end: " before it */
	note_say(out, "%s", words);
	if (f.place >= 0)
		note_cell(out, f.place);
	if (f.guess >= 0)
		note_piece(out, f.guess);
	return true;
}

/* ---- hints ------------------------------------------------------------- */

/* The secret a solution (a move from s, as the worker finds it: the
 * places s leaves open) spells, into digits; false if there is none. */
static bool secret_of(const struct puzzle_state *s, const char *solution, int8_t *digits)
{
	if (!solution)
		return false;
	struct diag err;
	struct puzzle_state *t = numbermind_puzzle.apply(s, solution, &err);
	if (!t)
		return false;
	memcpy(digits, t->entry, sizeof t->entry);
	bool whole = true;
	for (int k = 0; k < s->p.digits; k++)
		whole &= digits[k] >= 0;
	numbermind_puzzle.free_state(t);
	return whole;
}

/* The last tier: place k's digit, played. */
static void reveal(const int8_t *secret, int k, struct note *out)
{
	note_clear(out);
	note_say(out, "Place %d is %d", k + 1, secret[k]);
	note_cell(out, k);
	snprintf(out->move, sizeof out->move, "%d=%d", k + 1, secret[k]);
}

/* Does the player have step already (the digit placed, or crossed out)? */
static bool known(const struct puzzle_state *s, const struct nm_step *st)
{
	if (st->kind == NM_STEP_FULL || st->kind == NM_STEP_SUM)
		return s->crossed[st->place] >> st->digit & 1;
	return s->entry[st->place] == st->digit;
}

static void say_step(const struct puzzle_state *s, const struct nm_step *st, int tier, struct note *out)
{
	int g = st->guess, score = g >= 0 ? s->p.correct[g] : 0;
	note_cell(out, st->place);
	if (g >= 0)
		note_piece(out, g);
	if (tier == 1 && st->kind == NM_STEP_SINGLE)
		note_say(out, "Place %d has one digit left", st->place + 1);
	else if (tier == 1 && st->kind == NM_STEP_SUM)
		note_say(out, "Weigh the right digits the guesses still need: look at place %d", st->place + 1);
	else if (st->kind == NM_STEP_SUM)
		note_say(out, "The guesses need %d more right digits; %d at place %d leaves %d at most", st->need,
		         st->digit, st->place + 1, st->most_with);
	else if (tier == 1 && st->kind == NM_STEP_FULL && score == 0)
		note_say(out, "Guess %d has no right digit: look at place %d", g + 1, st->place + 1);
	else if (tier == 1 && st->kind == NM_STEP_FULL)
		note_say(out, "Guess %d has all its %d right digit%s: look at place %d", g + 1, score, plural(score),
		         st->place + 1);
	else if (tier == 1)
		note_say(out, "Guess %d needs every place still open to it: look at place %d", g + 1, st->place + 1);
	else if (st->kind == NM_STEP_FULL)
		note_say(out, "Guess %d has %s right digits, so place %d cannot be %d", g + 1, score ? "all its" : "no",
		         st->place + 1, st->digit);
	else if (st->kind == NM_STEP_NEEDS)
		note_say(out, "Guess %d needs all its open places, so place %d is %d", g + 1, st->place + 1, st->digit);
	else
		note_say(out, "Place %d can only be %d", st->place + 1, st->digit);
}

/* The first deduction new to the player, from s's entries; false if the
 * rules find none.  With placing, only a deduction that places a digit:
 * the steps that only rule a digit out are taken on the way and not told,
 * for the marks under each place already show every one of them (a duel
 * shows none, and tells them). */
static bool next_deduction(const struct puzzle_state *s, bool placing, struct nm_step *out)
{
	struct position at;
	position_of(s, &at);
	/* The deductions are finitely many: each places or rules out a digit. */
	while (nm_node_next_step(&at.n, &at.ix, out)) {
		bool places = out->kind == NM_STEP_SINGLE || out->kind == NM_STEP_NEEDS;
		if ((places || !placing) && !known(s, out))
			return true;
		nm_node_apply_step(&at.n, &at.ix, out);
	}
	return false;
}

/* What supposing each digit a place's marks allow tells, as a player
 * does it: placed, a digit may leave some guess unable to meet its score.
 * The best found: a place where every digit but one fails (the digit
 * left is its), else one digit that fails, to cross out; the place with
 * the fewest marks first. */
struct supposition {
	int place, digit;        /* the digit that fails (first met), at place */
	int left;                /* the place's one digit left, or -1: cross out the failing */
	uint16_t failing;        /* the digits that fail, not yet crossed out */
	struct nm_fault fault;   /* why digit fails */
};

/* The digits of place k that survive being supposed; the first that
 * fails, with why, in *sp. */
static uint16_t survivors(const struct position *at, const struct puzzle_state *s, int k, struct supposition *sp)
{
	uint16_t alive = 0;
	sp->digit = -1;
	for (int d = 0; d <= 9; d++) {
		if (!(at->n.mask[k] >> d & 1))
			continue;
		struct nm_node t = at->n;
		struct nm_fault f;
		nm_node_place(&t, &at->ix, k, d);
		if (nm_node_propagate(&t, &at->ix, &f, NULL))
			alive |= (uint16_t)(1u << d);
		else if (!(s->crossed[k] >> d & 1)) {
			sp->failing |= (uint16_t)(1u << d);
			if (sp->digit < 0)
				sp->digit = d, sp->fault = f;
		}
	}
	return alive;
}

static bool next_supposition(const struct puzzle_state *s, struct supposition *out)
{
	struct position at;
	position_of(s, &at);
	if (!nm_node_propagate(&at.n, &at.ix, NULL, NULL))
		return false;
	bool have = false;
	for (int marks = 2; marks <= 10; marks++)
		for (int k = 0; k < at.p.digits; k++) {
			if (at.n.val[k] >= 0 || __builtin_popcount(at.n.mask[k]) != marks)
				continue;
			struct supposition sp = { .place = k, .left = -1 };
			uint16_t alive = survivors(&at, s, k, &sp);
			if (sp.digit < 0)
				continue;
			if (__builtin_popcount(alive) == 1) {
				sp.left = __builtin_ctz(alive);
				*out = sp;
				return true;
			}
			if (!have || __builtin_popcount(sp.failing) > __builtin_popcount(out->failing))
				*out = sp, have = true;
		}
	return have;
}

/* Tiers of a supposition: where to look; why a digit cannot stand there;
 * the digit left played, or the one that fails crossed out. */
static void say_supposition(const struct puzzle_state *s, const struct supposition *sp, int tier, struct note *out)
{
	int k = sp->place, d = sp->digit;
	note_cell(out, k);
	if (sp->fault.guess >= 0)
		note_piece(out, sp->fault.guess);
	char why[120];
	nm_fault_words(&sp->fault, &s->p, why, sizeof why);
	if (tier == 1 && sp->left >= 0)
		note_say(out, "Suppose each digit of place %d in turn, and follow the guesses", k + 1);
	else if (tier == 1)
		note_say(out, "Suppose each digit of place %d in turn: some fail", k + 1);
	else if (tier == 2)
		note_say(out, "Place %d as %d: %s", k + 1, d, why);
	else if (sp->left >= 0) {
		note_say(out, "Every digit of place %d but %d fails so: it is %d", k + 1, sp->left, sp->left);
		snprintf(out->move, sizeof out->move, "%d=%d", k + 1, sp->left);
	} else {
		char list[40] = "";
		size_t at = 0, n = 0;
		for (int x = 0; x <= 9; x++)
			if (sp->failing >> x & 1) {
				at += (size_t)snprintf(out->move + at, sizeof out->move - at, "%s%d-%d", n ? ";" : "", k + 1, x);
				snprintf(list + strlen(list), sizeof list - strlen(list), "%s%d",
				         !n ? "" : n + 1 == (size_t)__builtin_popcount(sp->failing) ? " or " : ", ", x);
				n++;
			}
		note_say(out, "Place %d cannot be %s: cross %s out", k + 1, list, n == 1 ? "it" : "them");
	}
}

/* The open place with the fewest digits left by the rules. */
static int tightest_place(const struct puzzle_state *s)
{
	uint16_t possible[NM_DIGITS_MAX];
	numbermind_possible(s, possible);
	int best = -1;
	for (int k = 0; k < s->p.digits; k++)
		if (s->entry[k] < 0 &&
		    (best < 0 || __builtin_popcount(possible[k]) < __builtin_popcount(possible[best])))
			best = k;
	return best;
}

/* s can be finished (the game takes a dead end back before it hints),
 * so its entries are the secret's. */
static bool hint_puzzle(const struct puzzle_state *s, const int8_t *secret, int tier, struct note *out)
{
	struct nm_step st;
	if (next_deduction(s, true, &st)) {
		if (tier < 3) {
			say_step(s, &st, tier, out);
			return true;
		}
		reveal(secret, st.place, out);
		return true;
	}
	struct supposition sp;
	if (next_supposition(s, &sp)) {
		say_supposition(s, &sp, tier, out);
		return true;
	}
	int k = tightest_place(s);
	if (k < 0)
		return false;
	if (tier == 1) {
		note_say(out, "No guess decides a place now: a digit must be tried (H again to see one)");
		note_cell(out, k);
	}
	else if (tier == 2) {
		note_say(out, "Try place %d: it has the fewest digits left", k + 1);
		note_cell(out, k);
	} else
		reveal(secret, k, out);
	return true;
}

/* A duel: what the guesses so far tell, then a secret that fits them all
 * (the solution the engine found), then that secret as the next guess. */
static bool hint_duel(const struct puzzle_state *s, const int8_t *fits, int tier, struct note *out)
{
	char secret[NM_DIGITS_MAX + 1];
	for (int k = 0; k < s->p.digits; k++)
		secret[k] = (char)('0' + fits[k]);
	secret[s->p.digits] = '\0';
	struct puzzle_state blank = *s;
	memset(blank.entry, -1, sizeof blank.entry);
	struct nm_step st;
	if (tier == 1 && s->p.n_guesses && next_deduction(&blank, false, &st))
		say_step(&blank, &st, 2, out);
	else if (tier == 1)
		note_say(out, "Guess a secret that fits every score so far");
	else if (tier == 2)
		note_say(out, "%s fits every guess so far", secret);
	else {
		note_say(out, "Guess %s", secret);
		snprintf(out->move, sizeof out->move, "guess %s", secret);
	}
	return true;
}

bool numbermind_teach_hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	if (tier < 1 || tier > 3)
		return false;
	note_clear(out);
	int8_t secret[NM_DIGITS_MAX];
	if (!secret_of(s, solution, secret))
		return false;
	return s->duel ? hint_duel(s, secret, tier, out) : hint_puzzle(s, secret, tier, out);
}

/* ---- grades ------------------------------------------------------------ */

/* By the search's positions, a power of ten a grade.  Twenty puzzles of
 * each length from the generator looked at (median, most): 5 digits 4,
 * 25; 8 digits 15, 73; 10 digits 150, 638; 12 digits 440, 4,624; 16
 * digits 6,900, 41,434.  A puzzle of grade 1 is one the rules alone all
 * but finish. */
int numbermind_teach_grade_of(uint64_t nodes)
{
	return nodes <= 10 ? 1 : nodes <= 100 ? 2 : nodes <= 1000 ? 3 : 4;
}

bool numbermind_teach_grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel)
{
	memset(out, 0, sizeof *out);
	struct puzzle_state *start = numbermind_puzzle.puzzle_of(s);
	u128 count = 0;
	bool done = numbermind_count(start, 2, cancel, &count) &&
	            puzzle_search_nodes(&numbermind_puzzle, start, &out->effort, cancel);
	numbermind_puzzle.free_state(start);
	if (!done)
		return false;
	out->solutions = (int)count;
	out->grade = numbermind_teach_grade_of(out->effort);
	snprintf(out->why, sizeof out->why, "the search looks at %" PRIu64 " position%s", out->effort,
	         out->effort == 1 ? "" : "s");
	return true;
}
