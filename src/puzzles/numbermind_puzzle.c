#include "config.h"

#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/numbermind_desc.h"
#include "solver/numbermind/nm_search.h"
#include "solver/numbermind/nm_zdd_engine.h"
#include "util/xalloc.h"

static const char numbermind_rules[] =
	"Find the secret: a row of digits.  Each guess beside it is scored by how many of its digits are right "
	"and in the right place (digits right but elsewhere do not count).  Fill in a digit for every place so "
	"that each guess has exactly its score.  In a duel the game keeps a secret and scores your guesses; "
	"find it in as few guesses as you can.";

void numbermind_problem(const struct puzzle_state *s, struct nm_problem *p)
{
	*p = s->p;
	for (int k = 0; k < p->digits; k++)
		p->allowed[k] = !s->duel && s->entry[k] >= 0 ? (uint16_t)(1u << s->entry[k]) : NM_ALL_DIGITS;
}

bool numbermind_duel_won(const struct puzzle_state *s)
{
	return s->duel && s->p.n_guesses > 0 && s->p.correct[s->p.n_guesses - 1] == s->p.digits;
}

bool numbermind_count(const struct puzzle_state *s, uint64_t limit, const atomic_int *cancel, u128 *count)
{
	struct count_opts opts = { .threads = 1, .limit = limit, .cancel = cancel };
	struct count_result r;
	puzzle_count(&numbermind_puzzle, s, &opts, &r);
	*count = r.st.solutions;
	bool complete = r.complete;
	count_result_free(&r);
	return complete;
}

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	*bad_line = -1;
	if (!desc)
		return puzzle_free_play(pz, "digits=8", 2, err);   /* an 8-digit puzzle of grade 2 */
	struct puzzle_state *s = xmalloc(sizeof *s);
	if (!numbermind_desc_read(s, desc, bad_line, err)) {
		free(s);
		return NULL;
	}
	return s;
}

static void describe(const struct puzzle_state *s, char *buf, size_t size)
{
	struct strbuf out = { 0 };
	strbuf_addn(&out, "", 0);
	numbermind_desc_write(s, &out);
	snprintf(buf, size, "%s", out.s);
	strbuf_free(&out);
}

static struct puzzle_state *copy(const struct puzzle_state *s)
{
	struct puzzle_state *c = xmalloc(sizeof *c);
	*c = *s;
	return c;
}

static void free_state(struct puzzle_state *s)
{
	free(s);
}

/* A duel's guess of digits (n of them) made on t, scored by the secret. */
static bool make_guess(struct puzzle_state *t, const uint8_t *digits, int n, struct diag *err)
{
	struct nm_problem *p = &t->p;
	if (!t->duel) {
		diag_set(err, "guesses are a duel's; here you fill in the secret (P=D)");
		return false;
	}
	if (n != p->digits) {
		diag_set(err, "a guess of %d digit%s: the secret has %d", n, n == 1 ? "" : "s", p->digits);
		return false;
	}
	if (numbermind_duel_won(t)) {
		diag_set(err, "the duel is won already");
		return false;
	}
	if (p->n_guesses == NM_GUESSES_MAX) {
		diag_set(err, "no room for more than %d guesses", NM_GUESSES_MAX);
		return false;
	}
	for (int g = 0; g < p->n_guesses; g++)
		if (!memcmp(p->guess[g], digits, (size_t)n)) {
			diag_set(err, "you made that guess already: guess %d", g + 1);
			return false;
		}
	struct nm_problem one = { .digits = n, .n_guesses = 1 };
	memcpy(one.guess[0], t->secret, (size_t)n);
	memcpy(p->guess[p->n_guesses], digits, (size_t)n);
	p->correct[p->n_guesses++] = (uint8_t)nm_score(&one, 0, digits);
	return true;
}

/* "guess" or "guess 12345" (len characters at m). */
static bool guess_move(struct puzzle_state *t, const char *m, size_t len, struct diag *err)
{
	uint8_t digits[NM_DIGITS_MAX];
	int n = 0;
	size_t i = 5;
	while (i < len && m[i] == ' ')
		i++;
	if (i == len) {
		/* the guess written in the entries */
		for (int k = 0; k < t->p.digits; k++) {
			if (t->entry[k] < 0) {
				diag_set(err, "place %d is empty: the guess needs a digit at every place", k + 1);
				return false;
			}
			digits[n++] = (uint8_t)t->entry[k];
		}
		if (!make_guess(t, digits, n, err))
			return false;
		memset(t->entry, -1, sizeof t->entry);
		return true;
	}
	for (; i < len; i++) {
		if (!isdigit((unsigned char)m[i]) || n == NM_DIGITS_MAX) {
			diag_set(err, "'%.*s' is not a guess: its digits alone", (int)(len < 30 ? len : 30), m);
			return false;
		}
		digits[n++] = (uint8_t)(m[i] - '0');
	}
	return make_guess(t, digits, n, err);
}

/* "P=D", "P=.", "P-D" or "P+D" (len characters at m). */
static bool place_move(struct puzzle_state *t, const char *m, size_t len, struct diag *err)
{
	char *end;
	long place = isdigit((unsigned char)*m) ? strtol(m, &end, 10) : 0;
	if (place < 1 || end + 2 != m + len || !strchr("=-+", end[0]) || !end[0] ||
	    !(isdigit((unsigned char)end[1]) || (end[0] == '=' && end[1] == '.'))) {
		diag_set(err, "'%.*s' is not a move: P=D puts digit D at place P, P=. clears it", (int)(len < 20 ? len : 20),
		         m);
		return false;
	}
	if (place > t->p.digits) {
		diag_set(err, "there is no place %ld: the secret has %d", place, t->p.digits);
		return false;
	}
	int k = (int)place - 1, d = end[1] == '.' ? -1 : end[1] - '0';
	if (end[0] == '=')
		t->entry[k] = (int8_t)d;
	else if (end[0] == '-')
		t->crossed[k] |= (uint16_t)(1u << d);
	else
		t->crossed[k] &= (uint16_t)~(1u << d);
	return true;
}

static struct puzzle_state *apply(const struct puzzle_state *s, const char *move, struct diag *err)
{
	struct puzzle_state *t = copy(s);
	const char *m = move;
	do {
		size_t len = strcspn(m, ";");
		bool ok = !strncmp(m, "guess", 5) && (len == 5 || m[5] == ' ') ? guess_move(t, m, len, err)
		                                                                 : place_move(t, m, len, err);
		if (!ok) {
			free(t);
			return NULL;
		}
		m += len;
	} while (*m++ == ';');
	return t;
}

static bool is_solved(const struct puzzle_state *s)
{
	if (s->duel)
		return numbermind_duel_won(s);
	uint8_t secret[NM_DIGITS_MAX];
	for (int k = 0; k < s->p.digits; k++) {
		if (s->entry[k] < 0)
			return false;
		secret[k] = (uint8_t)s->entry[k];
	}
	return nm_fits(&s->p, secret);
}

static void describe_move(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief)
{
	(void)s;
	int place, used = 0;
	char op, d;
	if (!strncmp(move, "guess", 5)) {
		snprintf(buf, size, "%s", brief ? "guess" : move);
	} else if (strchr(move, ';')) {
		int n = 1;
		for (const char *p = move; (p = strchr(p, ';')); p++)
			n++;
		snprintf(buf, size, "%d places", n);
	} else if (sscanf(move, "%d%c%c%n", &place, &op, &d, &used) == 3 && !move[used]) {
		if (op == '=' && d == '.')
			snprintf(buf, size, brief ? "clear" : "clear place %d", place);
		else if (op == '=')
			snprintf(buf, size, brief ? "%c" : "%c at place %d", d, place);
		else
			snprintf(buf, size, brief ? "%s %c" : "%s %c at place %d", op == '-' ? "cross out" : "uncross", d, place);
	} else {
		snprintf(buf, size, "?");
	}
}

void numbermind_fill_move(const struct puzzle_state *s, const int8_t *digits, struct strbuf *out)
{
	for (int k = 0; k < s->p.digits; k++)
		if (digits[k] != s->entry[k]) {
			if (digits[k] >= 0)
				strbuf_addf(out, "%s%d=%d", out->len ? ";" : "", k + 1, digits[k]);
			else
				strbuf_addf(out, "%s%d=.", out->len ? ";" : "", k + 1);
		}
}

bool numbermind_move_secret(const struct puzzle_state *s, const char *move, char *buf, size_t size)
{
	struct diag err;
	struct puzzle_state *t = apply(s, move, &err);
	if (!t)
		return false;
	size_t at = 0;
	for (int k = 0; k < t->p.digits && at + 1 < size; k++)
		buf[at++] = t->entry[k] >= 0 ? (char)('0' + t->entry[k]) : '.';
	buf[at] = '\0';
	free(t);
	return true;
}

/* A puzzle's guesses alone; a duel's secret and guesses. */
static struct puzzle_state *puzzle_of(const struct puzzle_state *s)
{
	struct puzzle_state *c = copy(s);
	memset(c->entry, -1, sizeof c->entry);
	memset(c->crossed, 0, sizeof c->crossed);
	return c;
}

/* The secret a solution (a move from s's puzzle) spells; false if it
 * is not one. */
static bool solution_digits(const struct puzzle_state *s, const char *solution, int8_t *digits)
{
	struct puzzle_state *start = puzzle_of(s);
	struct diag err;
	struct puzzle_state *t = apply(start, solution, &err);
	free(start);
	if (!t)
		return false;
	memcpy(digits, t->entry, sizeof t->entry);
	free(t);
	return true;
}

static bool mistakes(const struct puzzle_state *s, const char *solution, struct note *out)
{
	int8_t digits[NM_DIGITS_MAX];
	if (s->duel || !solution_digits(s, solution, digits))
		return false;
	note_clear(out);
	int wrong = 0;
	for (int k = 0; k < s->p.digits; k++)
		if (s->entry[k] >= 0 && s->entry[k] != digits[k]) {
			note_cell(out, k);
			wrong++;
		}
	if (wrong)
		note_say(out, "%d place%s a digit the secret does not: shown", wrong, wrong == 1 ? " holds" : "s hold");
	return wrong > 0;
}

static void differ(const struct puzzle_state *s, const char *a, const char *b, struct note *out)
{
	int8_t da[NM_DIGITS_MAX], db[NM_DIGITS_MAX];
	note_clear(out);
	if (!solution_digits(s, a, da) || !solution_digits(s, b, db))
		return;
	for (int k = 0; k < s->p.digits; k++)
		if (da[k] != db[k]) {
			note_say(out, "Place %d may be %d or %d: two secrets fit", k + 1, da[k], db[k]);
			note_cell(out, k);
			return;
		}
}

/* ---- engines ----------------------------------------------------------- */

static struct engine *new_search(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct nm_problem p;
	numbermind_problem(s, &p);
	return nm_search_new(&p);
}

static struct engine *new_diagram(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct nm_problem p;
	numbermind_problem(s, &p);
	return nm_zdd_engine_new(&p);
}

/* The search answers checks and hints (its dead ends teach); the diagram
 * counts, which it does at once however many secrets fit (a duel's first
 * guesses leave billions), and races it on screen. */
static const struct puzzle_engine engine_search = { "search", "Scores as bounds", new_search, false };
static const struct puzzle_engine engine_diagram = { "zdd", "Diagram of all secrets", new_diagram, false };
static const struct puzzle_engine *const numbermind_engines[] = { &engine_search, &engine_diagram, NULL };

static const struct puzzle_param numbermind_params[] = {
	{ "digits", "the secret's length, 5 to 16 (default: by grade)", NULL },
	{ "duel", "a duel: guess the game's secret", NULL },
};

const struct puzzle numbermind_puzzle = {
	.name = "numbermind",
	.title = "Number Mind",
	.start = start,
	.describe = describe,
	.copy = copy,
	.free_state = free_state,
	.apply = apply,
	.is_solved = is_solved,
	.describe_move = describe_move,
	.rules = numbermind_rules,
	.engines = numbermind_engines,
	.count_engine = "zdd",
	.params = numbermind_params,
	.n_params = (int)(sizeof numbermind_params / sizeof *numbermind_params),
	.hint = numbermind_teach_hint,
	.dead_end = numbermind_teach_dead_end,
	.generate = numbermind_gen_generate,
	.grade = numbermind_teach_grade,
	.puzzle_of = puzzle_of,
	.mistakes = mistakes,
	.differ = differ,
	.count_noun = "secrets",
	.free_play = "A new 8-digit puzzle (N: another)",
	.commands = numbermind_batch_commands,
	.commands_help = numbermind_batch_help,
};
