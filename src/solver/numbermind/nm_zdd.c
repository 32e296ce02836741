#include "config.h"

#include "solver/numbermind/nm_zdd.h"

#include <stdlib.h>
#include <string.h>

#include "solver/zdd/zdd_memo.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* States between looks at the cancel flag: a state is at least a hash
 * probe and a pass over the guesses for each digit, so a look in 1,024
 * answers within a millisecond. */
#define NM_ZDD_CANCEL_EVERY 1024

#define NM_VARS_MAX (NM_DIGITS_MAX * 10)

struct nm_zdd {
	struct nm_problem p;
	enum nm_zdd_method method;
	int n_vars;
	int8_t var_place[NM_VARS_MAX], var_digit[NM_VARS_MAX];
	int first_var[NM_DIGITS_MAX + 1];      /* place i's variables: first_var[i] .. first_var[i+1]-1 */
	struct zdd_core core;
	uint32_t root;                         /* the family so far; ZDD_CORE_TOP before any step */
	uint32_t places;                       /* by AND: one digit in each place */
	int step, steps;
	int order[NM_GUESSES_MAX];             /* by AND: the guesses in the order intersected */
	bool finished;
	struct nm_zdd_stats st;
};

/* ---- By AND, the default.  Measured on Project Euler's 16-digit puzzle
 * (user seconds on one core of a shared machine, the largest family met,
 * the peak of the store):
 *
 *   guesses by most digits shared with those in (order_guesses), each
 *   S_k ANDed with the places' family before it meets the rest
 *                                          0.6 s, 274,706 nodes, 64 MB
 *   guesses by score, lowest first         1.8 s, 736,022 nodes, 128 MB
 *   the same, S_k alone (every variable not the guess's free: the
 *   intersection walks its runs of free nodes, 70 M steps against 40 M)
 *                                          2.1 s, 736,022 nodes
 *   guesses as given                       3.5 s, 1,191,820 nodes
 *   guesses by score, highest first        4.3 s, 1,366,735 nodes
 *   the places in reverse                  the same as in order
 *
 * and the seed's own figures, 4,665,450 nodes, 1 GB, 16 s.  The build by
 * states met 10,171,040 states in 16.9 s and 576 MB; with the bound per
 * guess alone (no room_for) it was stopped after 300 s.  A state is a
 * need for each guess, and the needs that the bounds let pass are far more
 * than those all the guesses can meet together, which the intersections
 * know: their largest family has 274,706 nodes. */

/* The guesses in the order intersected: each time the one with the most
 * digits at their places that guesses already in have too, the lowest
 * score first among equals (so the first is the lowest score: a guess
 * scored 0 rules its digits out, which shrinks every family after it).
 * A guess on the same variables as those in adds few new ways for the
 * counts of right digits to stand, and the family so far is, place by
 * place, those ways. */
static void order_guesses(struct nm_zdd *z)
{
	const struct nm_problem *p = &z->p;
	bool used[NM_DIGITS_MAX][10] = { { false } }, in[NM_GUESSES_MAX] = { false };
	for (int n = 0; n < p->n_guesses; n++) {
		int best = -1, best_shared = -1;
		for (int g = 0; g < p->n_guesses; g++) {
			if (in[g])
				continue;
			int shared = 0;
			for (int i = 0; i < p->digits; i++)
				shared += used[i][p->guess[g][i]];
			if (shared > best_shared || (shared == best_shared && p->correct[g] < p->correct[best])) {
				best = g;
				best_shared = shared;
			}
		}
		in[best] = true;
		z->order[n] = best;
		for (int i = 0; i < p->digits; i++)
			used[i][p->guess[best][i]] = true;
	}
}

/* Each place holds exactly one of its digits: the families intersected
 * from the last place to the first. */
static uint32_t and_places(struct nm_zdd *z, bool *member)
{
	struct zdd_core *c = &z->core;
	uint32_t f = ZDD_CORE_TOP;
	for (int i = z->p.digits - 1; i >= 0 && f != ZDD_CORE_FAILED; i--) {
		for (int v = 0; v < z->n_vars; v++)
			member[v] = z->var_place[v] == i;
		uint32_t g = zdd_core_symmetric(c, member, 1, 1);
		f = g == ZDD_CORE_FAILED || i == z->p.digits - 1 ? g : zdd_core_intersect(c, f, g);
	}
	return f;
}

/* Exactly correct[g] of guess g's digits at their places: S_k ANDed
 * with the places' family first (a small family by a small one), so that
 * the family so far meets one with its own shape, a digit per place. */
static uint32_t and_guess(struct nm_zdd *z, bool *member, int g)
{
	const struct nm_problem *p = &z->p;
	for (int v = 0; v < z->n_vars; v++)
		member[v] = p->guess[g][z->var_place[v]] == z->var_digit[v];
	uint32_t s = zdd_core_symmetric(&z->core, member, p->correct[g], p->correct[g]);
	if (s != ZDD_CORE_FAILED)
		s = zdd_core_intersect(&z->core, z->places, s);
	return s == ZDD_CORE_FAILED ? s : zdd_core_intersect(&z->core, z->root, s);
}

/* ---- By states, kept for measurement (see above). */

struct states {
	struct nm_zdd *z;
	struct zdd_memo memo;
	int words;                                     /* of a state: its place, then each guess's need, a byte each */
	uint8_t left[NM_GUESSES_MAX][NM_DIGITS_MAX + 1]; /* left[g][i]: places from i on where guess g's digit is allowed */
	uint64_t *stack;                               /* a state per place, words apiece */
};

/* The places from state's on can make at most as many guesses right as
 * the most guesses that still need a digit agree on at each place,
 * added up: false if the needs add up to more. */
static bool room_for(const struct states *s, const uint8_t *state)
{
	const struct nm_problem *p = &s->z->p;
	int place = state[0], needed = 0, room = 0;
	for (int g = 0; g < p->n_guesses; g++)
		needed += state[g + 1];
	if (needed == 0)
		return true;
	for (int i = place; i < p->digits && room < needed; i++) {
		uint8_t agree[10] = { 0 }, most = 0;
		for (int g = 0; g < p->n_guesses; g++) {
			int d = p->guess[g][i];
			if (state[g + 1] && (p->allowed[i] >> d & 1) && ++agree[d] > most)
				most = agree[d];
		}
		room += most;
	}
	return room >= needed;
}

/* The family of the secrets' rest from state on: the chain of the
 * place's digits that leave needs the places after it can meet. */
static uint32_t solve_state(struct states *s, const uint64_t *state)
{
	struct nm_zdd *z = s->z;
	const struct nm_problem *p = &z->p;
	const uint8_t *at = (const uint8_t *)state;
	int place = at[0];
	if (place == p->digits)
		return ZDD_CORE_TOP;
	uint32_t known = zdd_memo_find(&s->memo, state);
	if (known != ZDD_CORE_FAILED)
		return known;
	if (zdd_core_cancelled(&z->core, NM_ZDD_CANCEL_EVERY))
		return ZDD_CORE_FAILED;
	uint64_t *child = s->stack + (size_t)(place + 1) * (size_t)s->words;
	uint8_t *next = (uint8_t *)child;
	uint32_t chain = ZDD_CORE_BOTTOM;
	for (int v = z->first_var[place + 1] - 1; v >= z->first_var[place]; v--) {
		int d = z->var_digit[v];
		bool fits = true;
		next[0] = (uint8_t)(place + 1);
		for (int g = 0; g < p->n_guesses && fits; g++) {
			int need = at[g + 1];
			if (p->guess[g][place] == d)
				fits = need-- > 0;
			else
				fits = need <= s->left[g][place + 1];
			next[g + 1] = (uint8_t)need;
		}
		if (!fits || !room_for(s, next))
			continue;
		uint32_t hi = solve_state(s, child);
		if (hi == ZDD_CORE_FAILED)
			return hi;
		chain = zdd_core_node_or_lo(&z->core, (uint32_t)v, chain, hi);
		if (chain == ZDD_CORE_FAILED)
			return chain;
	}
	if (!zdd_memo_store(&s->memo, state, chain))
		return ZDD_CORE_FAILED;
	return chain;
}

static uint32_t build_by_states(struct nm_zdd *z)
{
	const struct nm_problem *p = &z->p;
	struct states s = { .z = z, .words = (p->n_guesses + 1 + 7) / 8 };
	for (int g = 0; g < p->n_guesses; g++)
		for (int i = p->digits - 1; i >= 0; i--)
			s.left[g][i] = (uint8_t)(s.left[g][i + 1] + (p->allowed[i] >> p->guess[g][i] & 1));
	size_t stack_bytes = (size_t)(p->digits + 1) * (size_t)s.words * sizeof *s.stack;
	s.stack = xcalloc((size_t)(p->digits + 1) * (size_t)s.words, sizeof *s.stack);
	zdd_core_charge(&z->core, stack_bytes);
	zdd_memo_init(&s.memo, &z->core, s.words);
	uint8_t *start = (uint8_t *)s.stack;
	bool fits = true;
	for (int g = 0; g < p->n_guesses; g++) {
		start[g + 1] = p->correct[g];
		fits &= p->correct[g] <= s.left[g][0];
	}
	uint32_t root = fits ? solve_state(&s, s.stack) : ZDD_CORE_BOTTOM;
	z->st.states = s.memo.n_states;
	zdd_memo_free(&s.memo);
	free(s.stack);
	zdd_core_release(&z->core, stack_bytes);
	return root;
}

/* ---- The build. */

static void number_vars(struct nm_zdd *z)
{
	const struct nm_problem *p = &z->p;
	int n = 0;
	for (int i = 0; i < p->digits; i++) {
		z->first_var[i] = n;
		for (int d = 0; d < 10; d++)
			if (p->allowed[i] >> d & 1) {
				z->var_place[n] = (int8_t)i;
				z->var_digit[n] = (int8_t)d;
				n++;
			}
	}
	z->first_var[p->digits] = n;
	z->n_vars = n;
}

struct nm_zdd *nm_zdd_begin(const struct nm_problem *p, const struct nm_zdd_opts *o)
{
	struct nm_zdd *z = xcalloc(1, sizeof *z);
	z->p = *p;
	z->method = o ? o->method : NM_ZDD_BY_AND;
	number_vars(z);
	order_guesses(z);
	z->steps = z->method == NM_ZDD_BY_AND ? 1 + p->n_guesses : 1;
	z->root = ZDD_CORE_TOP;
	if (!zdd_core_init(&z->core, z->n_vars, o ? o->cap_bytes : 0, 0, o ? o->cancel : NULL))
		z->step = -1; /* no room even to start: every step says so */
	zdd_core_uncounted(&z->core);
	return z;
}

int nm_zdd_steps(const struct nm_zdd *z)
{
	return z->steps;
}

int nm_zdd_step_guess(const struct nm_zdd *z)
{
	return z->method == NM_ZDD_BY_AND && z->step > 0 && z->step < z->steps ? z->order[z->step - 1] : -1;
}

bool nm_zdd_done(const struct nm_zdd *z)
{
	return z->finished;
}

size_t nm_zdd_size(const struct nm_zdd *z)
{
	return zdd_core_size(&z->core, z->root);
}

/* All the families in: only the nodes of the diagram kept. */
static void finish(struct nm_zdd *z)
{
	struct zdd_core *c = &z->core;
	z->st.made = c->n_nodes - 2;
	z->st.peak_bytes = c->peak;
	zdd_core_compact(c, &z->root);
	z->st.nodes = c->n_nodes - 2;
	if (z->st.nodes > z->st.peak_nodes)
		z->st.peak_nodes = z->st.nodes;
	z->st.bytes = zdd_core_bytes(c);
	z->finished = true;
}

enum zdd_end nm_zdd_next(struct nm_zdd *z, const atomic_int *cancel)
{
	if (z->finished)
		return ZDD_DONE;
	if (z->step < 0)
		return ZDD_NO_ROOM;
	double t0 = clock_seconds();
	struct zdd_core *c = &z->core;
	c->cancel = cancel;
	uint32_t f;
	if (z->method == NM_ZDD_BY_STATES) {
		f = build_by_states(z);
	} else {
		bool member[NM_VARS_MAX];
		f = z->step == 0 ? and_places(z, member) : and_guess(z, member, z->order[z->step - 1]);
	}
	enum zdd_end end = ZDD_DONE;
	if (f == ZDD_CORE_FAILED) {
		end = c->end;
	} else {
		z->root = f;
		if (z->step++ == 0)
			z->places = f;
		if (z->method == NM_ZDD_BY_AND) {
			size_t size = zdd_core_size(c, f);
			if (size > z->st.peak_nodes)
				z->st.peak_nodes = size;
		}
	}
	if (z->step == z->steps)
		finish(z);
	z->st.seconds += clock_seconds() - t0;
	return end;
}

enum zdd_end nm_zdd_build(const struct nm_problem *p, const struct nm_zdd_opts *o, struct nm_zdd **out)
{
	struct nm_zdd *z = nm_zdd_begin(p, o);
	enum zdd_end end = ZDD_DONE;
	while (!z->finished && end == ZDD_DONE)
		end = nm_zdd_next(z, o ? o->cancel : NULL);
	if (end != ZDD_DONE) {
		nm_zdd_free(z);
		z = NULL;
	}
	*out = z;
	return end;
}

void nm_zdd_free(struct nm_zdd *z)
{
	if (!z)
		return;
	zdd_core_free(&z->core);
	free(z);
}

void nm_zdd_stats(const struct nm_zdd *z, struct nm_zdd_stats *st)
{
	*st = z->st;
	if (!z->finished) {
		st->made = z->core.n_nodes - 2;
		st->peak_bytes = z->core.peak;
	}
}

u128 nm_zdd_count(const struct nm_zdd *z, bool *overflow)
{
	return zdd_core_count(&z->core, z->root, overflow);
}

bool nm_zdd_sample(const struct nm_zdd *z, struct rng *r, uint8_t *secret)
{
	int vars[NM_VARS_MAX];
	int n = zdd_core_sample(&z->core, z->root, r, vars);
	for (int k = 0; k < n; k++)
		secret[z->var_place[vars[k]]] = (uint8_t)z->var_digit[vars[k]];
	return n >= 0;
}

bool nm_zdd_unique(const struct nm_zdd *z, uint8_t *secret)
{
	bool over;
	if (nm_zdd_count(z, &over) != 1 || over)
		return false;
	const struct zdd_core *c = &z->core;
	for (uint32_t at = z->root; at != ZDD_CORE_TOP;) {
		const struct zdd_core_node *n = &c->node[at];
		if (c->count[n->hi]) {
			secret[z->var_place[n->var]] = (uint8_t)z->var_digit[n->var];
			at = n->hi;
		} else {
			at = n->lo;
		}
	}
	return true;
}

bool nm_zdd_frequencies(const struct nm_zdd *z, u128 (*freq)[10])
{
	u128 by_var[NM_VARS_MAX];
	bool fine = zdd_core_frequencies(&z->core, z->root, by_var);
	for (int i = 0; i < z->p.digits; i++)
		memset(freq[i], 0, sizeof freq[i]);
	for (int v = 0; v < z->n_vars; v++)
		freq[z->var_place[v]][z->var_digit[v]] = by_var[v];
	return fine;
}

const struct zdd_core *nm_zdd_core(const struct nm_zdd *z)
{
	return &z->core;
}

uint32_t nm_zdd_root(const struct nm_zdd *z)
{
	return z->root;
}

int nm_zdd_place(const struct nm_zdd *z, uint32_t var)
{
	return z->var_place[var];
}

int nm_zdd_digit(const struct nm_zdd *z, uint32_t var)
{
	return z->var_digit[var];
}
