#include "config.h"

#include "solver/numbermind/nm_prop.h"

#include <stdio.h>
#include <string.h>

void nm_index_init(struct nm_index *ix, const struct nm_problem *p)
{
	memset(ix, 0, sizeof *ix);
	ix->p = p;
	for (int g = 0; g < p->n_guesses; g++)
		for (int k = 0; k < p->digits; k++)
			ix->at[k][p->guess[g][k]] |= (uint64_t)1 << g;
}

void nm_node_init(struct nm_node *n, const struct nm_index *ix)
{
	const struct nm_problem *p = ix->p;
	memset(n, 0, sizeof *n);
	n->open = p->digits;
	for (int k = 0; k < p->digits; k++) {
		n->mask[k] = p->allowed[k] & NM_ALL_DIGITS;
		n->val[k] = -1;
	}
	for (int g = 0; g < p->n_guesses; g++)
		for (int k = 0; k < p->digits; k++)
			n->room[g] += n->mask[k] >> p->guess[g][k] & 1;
}

static void lose_room(struct nm_node *n, uint64_t guesses)
{
	for (; guesses; guesses &= guesses - 1)
		n->room[__builtin_ctzll(guesses)]--;
}

void nm_node_place(struct nm_node *n, const struct nm_index *ix, int k, int d)
{
	for (unsigned m = n->mask[k]; m; m &= m - 1)
		lose_room(n, ix->at[k][__builtin_ctz(m)]);
	for (uint64_t g = ix->at[k][d]; g; g &= g - 1)
		n->hits[__builtin_ctzll(g)]++;
	n->mask[k] = (uint16_t)(1u << d);
	n->val[k] = (int8_t)d;
	n->open--;
}

void nm_node_rule_out(struct nm_node *n, const struct nm_index *ix, int k, int d)
{
	if (!(n->mask[k] >> d & 1))
		return;
	n->mask[k] &= (uint16_t)~(1u << d);
	lose_room(n, ix->at[k][d]);
}

static void set_fault(struct nm_fault *f, enum nm_fault_kind kind, int place, int guess)
{
	if (f)
		*f = (struct nm_fault){ .kind = kind, .place = place, .guess = guess };
}

/* The guesses' own bounds: over their score, or short of it. */
static bool guesses_fault(const struct nm_node *n, const struct nm_problem *p, struct nm_fault *f)
{
	for (int g = 0; g < p->n_guesses; g++) {
		int need = p->correct[g] - n->hits[g];
		if (need < 0 || n->room[g] < need) {
			set_fault(f, need < 0 ? NM_FAULT_OVER : NM_FAULT_SHORT, -1, g);
			return true;
		}
	}
	return false;
}

/* The bound of all guesses at once: each open place gives one digit, and
 * so at most one right digit to each guess that has that digit there. */
struct sums {
	int need;                         /* right digits the guesses still need */
	int most;                         /* the most the open places give */
	int best[NM_DIGITS_MAX];          /* the most an open place gives */
	uint8_t gives[NM_DIGITS_MAX][10]; /* what a digit there gives */
};

/* False if no guess needs anything. */
static bool sums_of(const struct nm_node *n, const struct nm_index *ix, struct sums *out, uint64_t *mems)
{
	const struct nm_problem *p = ix->p;
	uint64_t needy = 0;
	out->need = out->most = 0;
	for (int g = 0; g < p->n_guesses; g++)
		if (p->correct[g] > n->hits[g]) {
			needy |= (uint64_t)1 << g;
			out->need += p->correct[g] - n->hits[g];
		}
	if (!out->need)
		return false;
	for (int k = 0; k < p->digits; k++) {
		out->best[k] = 0;
		if (n->val[k] >= 0)
			continue;
		for (unsigned m = n->mask[k]; m; m &= m - 1) {
			int d = __builtin_ctz(m), c = __builtin_popcountll(ix->at[k][d] & needy);
			out->gives[k][d] = (uint8_t)c;
			out->best[k] = c > out->best[k] ? c : out->best[k];
		}
		out->most += out->best[k];
	}
	if (mems)
		*mems += (uint64_t)p->digits;
	return true;
}

static bool sum_broken(const struct sums *sm, struct nm_fault *f)
{
	if (sm->need <= sm->most)
		return false;
	if (f)
		*f = (struct nm_fault){ .kind = NM_FAULT_SUM, .place = -1, .guess = -1, .need = sm->need, .most = sm->most };
	return true;
}

/* Digit d at open place k leaves the other places most - best[k] to
 * give: too little? */
static bool sum_rules_out(const struct sums *sm, int k, int d)
{
	return sm->best[k] - sm->gives[k][d] > sm->most - sm->need;
}

/* The bound, and the digits it rules out (*changed set); true if the
 * bound is broken. */
static bool sum_rule(struct nm_node *n, const struct nm_index *ix, bool *changed, struct nm_fault *f,
                     uint64_t *mems)
{
	struct sums sm;
	if (!sums_of(n, ix, &sm, mems))
		return false;
	if (sum_broken(&sm, f))
		return true;
	for (int k = 0; k < ix->p->digits; k++) {
		if (n->val[k] >= 0 || sm.best[k] <= sm.most - sm.need)
			continue;
		for (unsigned m = n->mask[k]; m; m &= m - 1)
			if (sum_rules_out(&sm, k, __builtin_ctz(m))) {
				nm_node_rule_out(n, ix, k, __builtin_ctz(m));
				*changed = true;
			}
	}
	return false;
}

bool nm_node_fault(const struct nm_node *n, const struct nm_index *ix, struct nm_fault *fault)
{
	const struct nm_problem *p = ix->p;
	for (int k = 0; k < p->digits; k++)
		if (!n->mask[k]) {
			set_fault(fault, NM_FAULT_PLACE, k, -1);
			return true;
		}
	struct sums sm;
	return guesses_fault(n, p, fault) || (sums_of(n, ix, &sm, NULL) && sum_broken(&sm, fault));
}

/* Guess g's rule, if it has one: all its right digits found (its digit
 * ruled out of its open places), or none to spare (its digit placed at
 * them).  True if it changed n. */
static bool guess_rule(struct nm_node *n, const struct nm_index *ix, int g)
{
	const struct nm_problem *p = ix->p;
	int need = p->correct[g] - n->hits[g];
	if (n->room[g] == 0 || (need != 0 && need != n->room[g]))
		return false;
	for (int k = 0; k < p->digits; k++) {
		int d = p->guess[g][k];
		if (n->val[k] >= 0 || !(n->mask[k] >> d & 1))
			continue;
		if (need == 0)
			nm_node_rule_out(n, ix, k, d);
		else
			nm_node_place(n, ix, k, d);
	}
	return true;
}

bool nm_node_propagate(struct nm_node *n, const struct nm_index *ix, struct nm_fault *fault, uint64_t *mems)
{
	const struct nm_problem *p = ix->p;
	uint64_t looked = 0;
	bool changed = true, ok = true;
	while (changed && ok) {
		changed = false;
		if (guesses_fault(n, p, fault)) {
			ok = false;
			break;
		}
		for (int g = 0; g < p->n_guesses; g++)
			changed |= guess_rule(n, ix, g);
		for (int k = 0; k < p->digits && ok; k++) {
			if (!n->mask[k]) {
				set_fault(fault, NM_FAULT_PLACE, k, -1);
				ok = false;
			} else if (n->val[k] < 0 && !(n->mask[k] & (n->mask[k] - 1))) {
				nm_node_place(n, ix, k, __builtin_ctz(n->mask[k]));
				changed = true;
			}
		}
		looked += (uint64_t)(p->n_guesses + p->digits);
		if (!changed && ok)
			ok = !sum_rule(n, ix, &changed, fault, &looked);
	}
	if (mems)
		*mems += looked;
	return ok;
}

bool nm_node_next_step(const struct nm_node *n, const struct nm_index *ix, struct nm_step *out)
{
	const struct nm_problem *p = ix->p;
	for (int k = 0; k < p->digits; k++)
		if (n->val[k] < 0 && n->mask[k] && !(n->mask[k] & (n->mask[k] - 1))) {
			*out = (struct nm_step){ NM_STEP_SINGLE, -1, k, __builtin_ctz(n->mask[k]), 0, 0, 0 };
			return true;
		}
	for (int pass = 0; pass < 2; pass++)
		for (int g = 0; g < p->n_guesses; g++) {
			int need = p->correct[g] - n->hits[g];
			if (n->room[g] == 0 || need != (pass == 0 ? 0 : n->room[g]))
				continue;
			for (int k = 0; k < p->digits; k++) {
				int d = p->guess[g][k];
				if (n->val[k] < 0 && n->mask[k] >> d & 1) {
					*out = (struct nm_step){ pass == 0 ? NM_STEP_FULL : NM_STEP_NEEDS, g, k, d, 0, 0, 0 };
					return true;
				}
			}
		}
	struct sums sm;
	if (!sums_of(n, ix, &sm, NULL) || sm.need > sm.most)
		return false;
	for (int k = 0; k < p->digits; k++)
		for (unsigned m = n->val[k] < 0 ? n->mask[k] : 0; m; m &= m - 1)
			if (sum_rules_out(&sm, k, __builtin_ctz(m))) {
				int d = __builtin_ctz(m);
				*out = (struct nm_step){ NM_STEP_SUM, -1, k, d, sm.need, sm.most, sm.most - sm.best[k] + sm.gives[k][d] };
				return true;
			}
	return false;
}

void nm_node_apply_step(struct nm_node *n, const struct nm_index *ix, const struct nm_step *st)
{
	if (st->kind == NM_STEP_FULL || st->kind == NM_STEP_SUM)
		nm_node_rule_out(n, ix, st->place, st->digit);
	else if (st->kind != NM_STEP_NONE)
		nm_node_place(n, ix, st->place, st->digit);
}

void nm_fault_words(const struct nm_fault *f, const struct nm_problem *p, char *buf, size_t size)
{
	int g = f->guess, score = g >= 0 ? p->correct[g] : 0;
	const char *s = score == 1 ? "" : "s";
	switch (f->kind) {
	case NM_FAULT_PLACE:
		snprintf(buf, size, "place %d has no digit left", f->place + 1);
		break;
	case NM_FAULT_OVER:
		snprintf(buf, size, "guess %d would have more than its %d right digit%s", g + 1, score, s);
		break;
	case NM_FAULT_SHORT:
		snprintf(buf, size, "guess %d can no longer reach its %d right digit%s", g + 1, score, s);
		break;
	case NM_FAULT_SUM:
		snprintf(buf, size, "the guesses need %d more right digits; only %d can still come",
		         f->need, f->most);
		break;
	default:
		snprintf(buf, size, "no rule is broken");
	}
}
