/* The knapsack family (knapsack_puzzle.h): its descriptions, moves, the
 * best bag it is played towards, dead ends, hints, generator and grader. */
#include "config.h"

#include "puzzles/knapsack_puzzle.h"
#include "puzzles/knapsack_state.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/knapsack_batch.h"
#include "puzzles/knapsack_engines.h"
#include "solver/knapsack/knapsack_kinds.h"
#include "util/rng.h"
#include "util/xalloc.h"

const char *knapsack_puzzle_number(int64_t v, char *buf)
{
	if (v < 0) {
		buf[0] = '-';
		u128_grouped((u128)-v, buf + 1);
	} else {
		u128_grouped((u128)v, buf);
	}
	return buf;
}
#define NUM(v) knapsack_puzzle_number((v), (char[U128_DIGITS + 16]){ 0 })

/* ---- descriptions ------------------------------------------------------ */

/* A whole number of digits at *p, at most max; *p moves past it. */
static bool read_number(const char **p, int64_t max, int64_t *out)
{
	const char *q = *p;
	int64_t v = 0;
	if (*q < '0' || *q > '9')
		return false;
	for (; *q >= '0' && *q <= '9'; q++) {
		if (v > (max - (*q - '0')) / 10)
			return false;
		v = v * 10 + (*q - '0');
	}
	*p = q;
	*out = v;
	return true;
}

static void state_free(struct puzzle_state *s)
{
	if (!s)
		return;
	free(s->k.items);
	free(s->in);
	free(s);
}

/* One item line: "WEIGHT VALUE" and perhaps " in"; false and why. */
static bool item_line(struct puzzle_state *s, const char *p, struct diag *err)
{
	int64_t w, v;
	if (!read_number(&p, KNAPSACK_PUZZLE_NUMBER_MAX, &w) || *p++ != ' ' ||
	    !read_number(&p, KNAPSACK_PUZZLE_NUMBER_MAX, &v)) {
		diag_set(err, "an item is its weight and its value, whole numbers up to %s, as \"12 40\"",
		         NUM(KNAPSACK_PUZZLE_NUMBER_MAX));
		return false;
	}
	bool in = !strcmp(p, " in");
	if (*p && !in) {
		diag_set(err, "after an item's weight and value only \"in\" may follow, not '%.20s'", p + (*p == ' '));
		return false;
	}
	if (w == 0) {
		diag_set(err, "an item weighs at least 1");
		return false;
	}
	if (s->k.n == KNAPSACK_PUZZLE_MAX_ITEMS) {
		diag_set(err, "more than %d items (solve knapsack takes any number)", KNAPSACK_PUZZLE_MAX_ITEMS);
		return false;
	}
	s->k.items[s->k.n] = (struct knapsack_item){ w, v };
	s->in[s->k.n++] = in;
	if (in) {
		s->weight += w;
		s->value += v;
	}
	return true;
}

static bool generate(const struct puzzle *pz, const char *params, int g, uint64_t seed, struct strbuf *desc,
                     const atomic_int *cancel, struct diag *err);

/* Free play: a bag of grade 2 from a seed of the clock, a new one each
 * time (N makes more, of any grade). */
static struct puzzle_state *free_play(const struct puzzle *pz, int *bad_line, struct diag *err)
{
	struct strbuf d = { 0 };
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t seed = (uint64_t)ts.tv_sec * 1000003u + (uint64_t)ts.tv_nsec;
	struct puzzle_state *s = NULL;
	if (generate(pz, NULL, 2, seed, &d, NULL, err))
		s = pz->start(pz, d.s, bad_line, err);
	strbuf_free(&d);
	return s;
}

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	if (!desc)
		return free_play(pz, bad_line, err);
	struct puzzle_state *s = xcalloc(1, sizeof *s);
	s->k.items = xmalloc(sizeof *s->k.items * KNAPSACK_PUZZLE_MAX_ITEMS);
	s->in = xcalloc(KNAPSACK_PUZZLE_MAX_ITEMS, sizeof *s->in);
	*bad_line = -1;
	const char *p = desc;
	char line[128];
	int row = 0;
	for (; *p; row++) {
		size_t len = strcspn(p, "\n");
		snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
		const char *q = line + 9;
		bool ok = len < sizeof line - 1;
		if (ok && row == 0)
			ok = !strncmp(line, "capacity ", 9) && read_number(&q, KNAPSACK_PUZZLE_NUMBER_MAX * 1000, &s->k.capacity) && !*q;
		if (!ok)
			diag_set(err, row == 0 ? "the first line is the bag's capacity, as \"capacity 50\"" : "a line too long for an item");
		if (!ok || (row > 0 && !item_line(s, line, err))) {
			*bad_line = row;
			state_free(s);
			return NULL;
		}
		p += len + (p[len] == '\n');
	}
	if (row == 0 || s->weight > s->k.capacity) {
		*bad_line = 0;   /* the capacity line: the bag is too small or missing */
		diag_set(err, row == 0 ? "no capacity" : "the items marked \"in\" weigh %s, more than the capacity %s",
		         NUM(s->weight), NUM(s->k.capacity));
		state_free(s);
		return NULL;
	}
	bool *take = xmalloc(sizeof *take * (size_t)(s->k.n ? s->k.n : 1));
	s->best = knapsack_solve(&s->k, take, 0, NULL, NULL);
	free(take);
	return s;
}

static void describe(const struct puzzle_state *s, char *buf, size_t size)
{
	size_t at = (size_t)snprintf(buf, size, "capacity %" PRId64 "\n", s->k.capacity);
	for (int i = 0; i < s->k.n && at < size; i++)
		at += (size_t)snprintf(buf + at, size - at, "%" PRId64 " %" PRId64 "%s\n", s->k.items[i].weight,
		                       s->k.items[i].value, s->in[i] ? " in" : "");
}

static struct puzzle_state *copy(const struct puzzle_state *s)
{
	struct puzzle_state *c = xmemdup(s, sizeof *s);
	c->k.items = xmemdup(s->k.items, sizeof *s->k.items * KNAPSACK_PUZZLE_MAX_ITEMS);
	c->in = xmemdup(s->in, sizeof *s->in * KNAPSACK_PUZZLE_MAX_ITEMS);
	return c;
}

/* ---- moves ------------------------------------------------------------- */

/* One move "+N" or "-N" on s; false and why. */
static bool apply_one(struct puzzle_state *s, const char **m, struct diag *err)
{
	char sign = **m;
	const char *p = *m + 1;
	int64_t number;
	if ((sign != '+' && sign != '-') || !read_number(&p, KNAPSACK_PUZZLE_MAX_ITEMS, &number) || (*p && *p != ';')) {
		diag_set(err, "a move is +N (item N in) or -N (item N out), not '%.20s'", *m);
		return false;
	}
	*m = p + (*p == ';');
	if (number < 1 || number > s->k.n) {
		diag_set(err, "there is no item %" PRId64 ": the items are 1 to %d", number, s->k.n);
		return false;
	}
	int i = (int)number - 1;
	const struct knapsack_item *it = &s->k.items[i];
	if (s->in[i] == (sign == '+')) {
		diag_set(err, "item %d is %s the bag already", i + 1, s->in[i] ? "in" : "out of");
		return false;
	}
	if (sign == '+' && s->weight + it->weight > s->k.capacity) {
		diag_set(err, "item %d weighs %s: only %s room left", i + 1, NUM(it->weight),
		         NUM(s->k.capacity - s->weight));
		return false;
	}
	int64_t dir = sign == '+' ? 1 : -1;
	s->in[i] = sign == '+';
	s->weight += dir * it->weight;
	s->value += dir * it->value;
	return true;
}

static struct puzzle_state *apply(const struct puzzle_state *s, const char *move, struct diag *err)
{
	struct puzzle_state *n = copy(s);
	for (const char *m = move; *m;)
		if (!apply_one(n, &m, err)) {
			state_free(n);
			return NULL;
		}
	return n;
}

static bool is_solved(const struct puzzle_state *s)
{
	return s->value == s->best;
}

static void describe_move(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief)
{
	int number = atoi(move + 1);
	if ((move[0] != '+' && move[0] != '-') || number < 1 || number > s->k.n || strchr(move, ';')) {
		snprintf(buf, size, "%s", move);
		return;
	}
	const struct knapsack_item *it = &s->k.items[number - 1];
	if (brief)
		snprintf(buf, size, "item %d %s", number, move[0] == '+' ? "in" : "out");
	else
		snprintf(buf, size, "item %d (weight %s, value %s) %s the bag", number, NUM(it->weight), NUM(it->value),
		         move[0] == '+' ? "into" : "out of");
}

/* ---- what is left ------------------------------------------------------ */

void knapsack_puzzle_rest(const struct puzzle_state *s, struct knapsack *rest, int *numbers)
{
	rest->items = xmalloc(sizeof *rest->items * (size_t)(s->k.n ? s->k.n : 1));
	rest->n = 0;
	rest->capacity = s->k.capacity - s->weight;
	for (int i = 0; i < s->k.n; i++)
		if (!s->in[i]) {
			numbers[rest->n] = i;
			rest->items[rest->n++] = s->k.items[i];
		}
}

/* The best that rest (less item skip of it, unless -1) can add. */
static int64_t rest_best_without(const struct knapsack *rest, int skip)
{
	struct knapsack k = *rest;
	struct knapsack_item keep = { 0, 0 };
	if (skip >= 0) {
		keep = k.items[skip];
		k.items[skip] = (struct knapsack_item){ k.capacity + 1, 0 };   /* too heavy to go in */
	}
	bool *take = xmalloc(sizeof *take * (size_t)(k.n ? k.n : 1));
	int64_t v = knapsack_solve(&k, take, 0, NULL, NULL);
	free(take);
	if (skip >= 0)
		k.items[skip] = keep;
	return v;
}

int64_t knapsack_puzzle_rest_best(const struct puzzle_state *s)
{
	struct knapsack rest;
	int *numbers = xmalloc(sizeof *numbers * (size_t)(s->k.n ? s->k.n : 1));
	knapsack_puzzle_rest(s, &rest, numbers);
	int64_t v = rest_best_without(&rest, -1);
	free(rest.items);
	free(numbers);
	return v;
}

/* An item left out that every best bag from s holds (its number, from
 * 0), or -1. */
static int item_in_every_best(const struct puzzle_state *s, int64_t need)
{
	struct knapsack rest;
	int *numbers = xmalloc(sizeof *numbers * (size_t)(s->k.n ? s->k.n : 1));
	knapsack_puzzle_rest(s, &rest, numbers);
	int found = -1;
	for (int i = 0; i < rest.n && found < 0; i++)
		if (rest.items[i].value > 0 && rest_best_without(&rest, i) < need)
			found = numbers[i];
	free(rest.items);
	free(numbers);
	return found;
}

/* The best bag of all that holds item i. */
static int64_t best_with(const struct puzzle_state *s, int i)
{
	struct knapsack k = { s->k.n, s->k.capacity - s->k.items[i].weight, xmemdup(s->k.items, sizeof *s->k.items * (size_t)s->k.n) };
	k.items[i].weight = k.capacity + 1;   /* in already: not again */
	int64_t v = rest_best_without(&k, -1) + s->k.items[i].value;
	free(k.items);
	return v;
}

static bool dead_end(const struct puzzle_state *s, struct note *out)
{
	note_clear(out);
	int64_t more = knapsack_puzzle_rest_best(s), need = s->best - s->value;
	if (more >= need)
		return false;
	note_say(out, "What is left can add a value of %s at most; the best bag is worth %s more", NUM(more),
	         NUM(need));
	/* The picks no best bag holds: they are what to take out. */
	for (int i = 0; i < s->k.n; i++)
		if (s->in[i] && best_with(s, i) < s->best)
			note_cell(out, i);
	return true;
}

/* ---- hints ------------------------------------------------------------- */

static bool hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	note_clear(out);
	int64_t need = s->best - s->value;
	if (need <= 0 || tier > 3)
		return false;
	if (dead_end(s, out))
		return tier == 1;
	char room[U128_DIGITS + 16];
	knapsack_puzzle_number(s->k.capacity - s->weight, room);
	if (tier == 1) {
		note_say(out, "The best bag is worth %s more than yours, with %s room left", NUM(need), room);
		return true;
	}
	int every = item_in_every_best(s, need);
	if (tier == 2 && every >= 0) {
		note_say(out, "Item %d is in every best bag from here", every + 1);
		note_cell(out, every);
		return true;
	}
	if (tier == 2) {
		note_say(out, "No one item is in every best bag from here: there are several ways to the best");
		return true;
	}
	/* Reveal: the forced item, else the first pick of the solution. */
	int pick = every;
	if (pick < 0 && solution) {
		for (const char *m = solution; *m && pick < 0; m += strcspn(m, ";"), m += *m == ';')
			if (*m == '+')
				pick = atoi(m + 1) - 1;
	}
	if (pick < 0 || pick >= s->k.n || s->in[pick])
		return false;
	note_say(out, "Put item %d in the bag", pick + 1);
	note_cell(out, pick);
	snprintf(out->move, sizeof out->move, "+%d", pick + 1);
	return true;
}

/* ---- grading and generating -------------------------------------------- */

/* Search nodes of branch and bound past which a bag is graded 3 and 4
 * (greedy finding the best makes it 1, else it is 2 at least). */
#define GRADE_3_NODES 60
#define GRADE_4_NODES 160

static bool grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel)
{
	struct knapsack k = s->k;
	int *order = xmalloc(sizeof *order * (size_t)(k.n ? k.n : 1));
	bool *take = xmalloc(sizeof *take * (size_t)(k.n ? k.n : 1));
	knapsack_order(&k, order);
	int64_t greedy = knapsack_greedy(&k, order, take);
	free(order);
	free(take);
	struct puzzle_state *bare = copy(s);
	memset(bare->in, 0, sizeof *bare->in * (size_t)bare->k.n);
	bare->weight = bare->value = 0;
	struct engine *e = knapsack_engine_bnb.new(&knapsack_puzzle, bare);
	struct engine_ctl ctl = { .cancel = cancel, .max_solutions = 2 };
	enum engine_status st = engine_run(e, &ctl);
	const struct search_stats *ss = engine_stats(e);
	*out = (struct puzzle_grade){ .effort = ss->nodes, .solutions = ss->solutions < 2 ? (int)ss->solutions : 2 };
	out->grade = greedy == s->best ? 1 : ss->nodes < GRADE_3_NODES ? 2 : ss->nodes < GRADE_4_NODES ? 3 : 4;
	snprintf(out->why, sizeof out->why, "greedy %s the best; %" PRIu64 " branch-and-bound steps",
	         greedy == s->best ? "finds" : "misses", ss->nodes);
	engine_free(e);
	state_free(bare);
	return st == ENGINE_DONE || st == ENGINE_LIMIT;
}

/* The kind, items and weights that make bags of each grade likely. */
static const struct {
	enum knapsack_kind kind;
	int n_lo, n_hi;
	int64_t range;
} grade_shape[] = {
	{ KNAPSACK_UNCORRELATED, 6, 8, 60 },
	{ KNAPSACK_WEAKLY, 8, 10, 80 },
	{ KNAPSACK_STRONGLY, 10, 12, 100 },
	{ KNAPSACK_INVERSE, 12, 14, 200 },
};

static bool generate(const struct puzzle *pz, const char *params, int g, uint64_t seed, struct strbuf *desc,
                     const atomic_int *cancel, struct diag *err)
{
	(void)pz;
	(void)params;
	if (g < 0 || g > 4) {
		diag_set(err, "grade %d: grades are 1 to 4 (0: any)", g);
		return false;
	}
	struct rng r;
	rng_seed(&r, seed);
	/* Bags are drawn until one has the grade asked for and one best bag. */
	for (int tries = 0; tries < 5000; tries++) {
		if (cancel && atomic_load(cancel)) {
			diag_set(err, "cancelled");
			return false;
		}
		int gi = g ? g - 1 : (int)rng_below(&r, 4);
		int n = grade_shape[gi].n_lo + (int)rng_below(&r, (uint64_t)(grade_shape[gi].n_hi - grade_shape[gi].n_lo + 1));
		struct knapsack k;
		knapsack_kind_make(&k, grade_shape[gi].kind, n, grade_shape[gi].range, 2 + (int)rng_below(&r, 3), 8,
		                   rng_next(&r));
		struct strbuf text = { 0 };
		strbuf_addf(&text, "capacity %" PRId64 "\n", k.capacity);
		for (int i = 0; i < k.n; i++)
			strbuf_addf(&text, "%" PRId64 " %" PRId64 "\n", k.items[i].weight, k.items[i].value);
		free(k.items);
		int bad;
		struct diag why;
		struct puzzle_state *s = start(&knapsack_puzzle, text.s, &bad, &why);
		struct puzzle_grade pg;
		bool ok = s && grade(s, &pg, cancel) && pg.solutions == 1 && (g == 0 || pg.grade == g);
		if (ok)
			strbuf_addf(desc, "%s", text.s);
		strbuf_free(&text);
		state_free(s);
		if (ok)
			return true;
	}
	diag_set(err, "no bag of grade %d found from seed %" PRIu64 ": try another seed", g, seed);
	return false;
}

/* ---- the family -------------------------------------------------------- */

static void free_state(struct puzzle_state *s)
{
	state_free(s);
}

static const char knapsack_rules[] =
	"Fill the bag with items worth as much as any bag can be: each item has a "
	"weight and a value, and the items in the bag may weigh no more than its "
	"capacity.  Greedy (the most value per weight first) is a start, not "
	"always the best.  The game says as soon as the items left can no longer "
	"make up the best bag.";

/* Branch and bound first: it answers checks, hints and counts, and its
 * nodes grade a bag; the others race it on the same bag. */
static const struct puzzle_engine *const knapsack_engines[] = {
	&knapsack_engine_bnb, &knapsack_engine_dp, &knapsack_engine_bt, &knapsack_engine_greedy, &knapsack_engine_lp,
	NULL,
};

static const struct puzzle_param knapsack_params[] = {
	{ "grade", "1 (greedy finds the best) to 4", NULL },
};

const struct puzzle knapsack_puzzle = {
	.name = "knapsack",
	.title = "Knapsack",
	.start = start,
	.describe = describe,
	.copy = copy,
	.free_state = free_state,
	.apply = apply,
	.is_solved = is_solved,
	.describe_move = describe_move,
	.rules = knapsack_rules,
	.engines = knapsack_engines,
	.params = knapsack_params,
	.n_params = (int)(sizeof knapsack_params / sizeof *knapsack_params),
	.hint = hint,
	.dead_end = dead_end,
	.generate = generate,
	.grade = grade,
	.count_noun = "best bags",
	.free_play = "A random bag of items: fill it with the most value (N: another)",
	.batch = &knapsack_batch_reader,
	.commands = knapsack_batch_commands,
	.commands_help = knapsack_batch_help,
};
