/* Number Mind as a family, through struct puzzle alone: descriptions and
 * their round trip, moves, the end, dead ends in a player's words, hints
 * that lead from the start to the secret, the duel, and bad input named
 * at its line. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"
#include "puzzles/puzzle.h"
#include "util/rng.h"
#include "tap.h"

static const struct puzzle *pz;

static const char example[] = "# the published example\n"
                              "90342 ;2 correct\n70794 ;0 correct\n39458 ;2 correct\n"
                              "34109 ;1 correct\n51545 ;2 correct\n12531 ;1 correct\n";

static struct puzzle_state *start(const char *desc, int *bad, struct diag *err)
{
	return pz->start(pz, desc, bad, err);
}

static struct puzzle_state *play(struct puzzle_state *s, const char *move)
{
	struct diag err;
	struct puzzle_state *t = pz->apply(s, move, &err);
	if (!t)
		tap_diag("%s: %s", move, err.msg);
	pz->free_state(s);
	return t;
}

static void test_descriptions(void)
{
	struct diag err;
	int bad;
	char buf[2048], again[2048];
	ok(pz == puzzle_find("numbermind"), "the family is registered as numbermind");
	struct puzzle_state *s = start(example, &bad, &err);
	ok(s && s->p.digits == 5 && s->p.n_guesses == 6 && !s->duel, "the example read: 6 guesses of 5 digits");
	pz->describe(s, buf, sizeof buf);
	is_str(buf,
	       "90342 ;2 correct\n70794 ;0 correct\n39458 ;2 correct\n34109 ;1 correct\n51545 ;2 correct\n12531 ;1 "
	       "correct\n",
	       "described as read, comments dropped");
	s = play(s, "1=3;4=4;2-7;2-0");
	pz->describe(s, buf, sizeof buf);
	ok(strstr(buf, "entries 3..4.\n") && strstr(buf, "crossed 2:07\n"), "entries and crosses described");
	struct puzzle_state *t = start(buf, &bad, &err);
	ok(t != NULL, "and read back");
	pz->describe(t, again, sizeof again);
	is_str(again, buf, "to the same state");
	pz->free_state(t);
	pz->free_state(s);
	s = start("90342 2\n70794 0\n", &bad, &err);
	ok(s && s->p.correct[0] == 2 && s->p.correct[1] == 0, "\"GUESS K\" is taken too");
	pz->free_state(s);
	s = start(NULL, &bad, &err);
	u128 n = 0;
	ok(s && s->p.digits == 8 && !s->duel && numbermind_count(s, 0, NULL, &n) && n == 1,
	   "free play: a puzzle of 8 digits with one secret");
	if (s)
		pz->free_state(s);
}

static void test_moves(void)
{
	struct diag err;
	int bad;
	struct puzzle_state *s = start(example, &bad, &err);
	ok(!pz->is_solved(s), "the start is not solved");
	s = play(s, "1=3;2=9;3=5;4=4;5=1");
	ok(s && !pz->is_solved(s), "every place filled with a wrong secret: not solved");
	s = play(s, "5=2");
	ok(s && pz->is_solved(s), "39542: solved");
	s = play(s, "3=.");
	ok(s && s->entry[2] == -1 && !pz->is_solved(s), "3=. clears place 3");
	s = play(s, "3-1;3-2;3+1");
	ok(s && s->crossed[2] == 1u << 2, "3-D crosses out, 3+D takes it back");
	struct puzzle_state *t = pz->apply(s, "6=1", &err);
	ok(!t && strstr(err.msg, "no place 6"), "a place beyond the secret: %s", err.msg);
	t = pz->apply(s, "1=x", &err);
	ok(!t && strstr(err.msg, "not a move"), "a move that is not one: %s", err.msg);
	t = pz->apply(s, "guess 12345", &err);
	ok(!t && strstr(err.msg, "duel"), "no guessing outside a duel: %s", err.msg);
	char words[80];
	pz->describe_move(s, "5=2", words, sizeof words, false);
	is_str(words, "2 at place 5", "a move in words");
	pz->free_state(s);
}

/* A solution of s as one move, by the first engine. */
static char *solution_of(const struct puzzle_state *s)
{
	struct engine *e = pz->engines[0]->new(pz, s);
	struct engine_ctl ctl = { .report_solutions = true };
	struct strbuf move = { 0 };
	strbuf_addn(&move, "", 0);
	if (engine_run(e, &ctl) == ENGINE_SOLUTION)
		e->ops->path_move(e, &move);
	engine_free(e);
	return strbuf_take(&move);
}

/* The hints, tier 3 played each time, lead from the start to the secret;
 * each tier's words fit a line and only the last plays a move. */
static void hints_to_the_end(const char *desc, const char *what)
{
	struct diag err;
	int bad, hints = 0, quiet = 0, long_words = 0, steps = 0, dead_ends = 0;
	struct puzzle_state *s = start(desc, &bad, &err);
	while (s && !pz->is_solved(s) && hints < 40) {
		/* a solution from s, as the game's worker finds it */
		char *from_here = solution_of(s);
		struct note n1, n2, n3;
		bool all = pz->hint(s, from_here, 1, &n1) && pz->hint(s, from_here, 2, &n2) &&
		           pz->hint(s, from_here, 3, &n3);
		free(from_here);
		if (!all)
			break;
		quiet += n1.move[0] || n2.move[0] || !n3.move[0];
		bool long_one = strlen(n1.text) > 78 || strlen(n2.text) > 78 || strlen(n3.text) > 78 || !n1.text[0] ||
		                !n2.text[0];
		if (long_one)
			tap_diag("too long or empty: '%s' / '%s' / '%s'", n1.text, n2.text, n3.text);
		long_words += long_one;
		struct note dead;
		dead_ends += pz->dead_end(s, &dead);
		steps += n1.n_cells > 0;
		s = play(s, n3.move);
		hints++;
	}
	ok(s && pz->is_solved(s), "%s: the hints lead to the secret (%d hints)", what, hints);
	is_u64((uint64_t)quiet, 0, "%s: only the last tier plays a move", what);
	is_u64((uint64_t)long_words, 0, "%s: every tier says something, in a line", what);
	is_u64((uint64_t)dead_ends, 0, "%s: no dead end on the way", what);
	is_u64((uint64_t)steps, (uint64_t)hints, "%s: each first tier points at a place", what);
	if (s)
		pz->free_state(s);
}

static void test_hints(void)
{
	hints_to_the_end(example, "the example");
	/* a shipped level of each grade */
	static const char *const levels[] = { "1-01", "2-06", "3-09", "4-04" };
	for (int i = 0; i < 4; i++) {
		struct level *lv = malloc(sizeof *lv);
		char path[512];
		struct diag err;
		snprintf(path, sizeof path, "%s/levels/numbermind/%s.txt", LD_SRCDIR, levels[i]);
		ok(level_load(lv, path, &err), "level %s", levels[i]);
		hints_to_the_end(lv->desc, levels[i]);
		free(lv);
	}
	struct diag err;
	int bad;
	/* no rule decides anything: a digit to try, then one revealed */
	struct puzzle_state *t = start("12 ;1 correct\n", &bad, &err);
	char *any = solution_of(t);
	struct note m1, m2, m3;
	ok(pz->hint(t, any, 1, &m1) && strstr(m1.text, "must be tried") && !m1.move[0], "stuck: %s", m1.text);
	ok(pz->hint(t, any, 2, &m2) && strstr(m2.text, "Try place") && m2.n_cells == 1, "then where: %s", m2.text);
	ok(pz->hint(t, any, 3, &m3) && m3.move[0] && (t = play(t, m3.move)) && !pz->dead_end(t, &m1),
	   "then a digit of a secret that fits, played: %s", m3.move);
	free(any);
	pz->free_state(t);
	/* a duel: what the scores tell, a secret that fits them, then that
	 * secret guessed */
	struct puzzle_state *s = start("duel\nsecret 39542\n90342 ;2 correct\n70794 ;0 correct\n", &bad, &err);
	char *sol = solution_of(s);
	struct note n1, n2, n3;
	ok(pz->hint(s, sol, 1, &n1) && pz->hint(s, sol, 2, &n2) && pz->hint(s, sol, 3, &n3), "a duel has hints");
	ok(strstr(n1.text, "Guess 2 has no right digits, so place 1 cannot be 7"), "first what a guess tells: %s", n1.text);
	ok(strstr(n2.text, "fits every guess so far") && !n2.move[0], "then a secret that fits: %s", n2.text);
	ok(!strncmp(n3.move, "guess ", 6), "then that secret guessed: %s", n3.move);
	s = play(s, n3.move);
	ok(s && s->p.n_guesses == 3, "the guess made");
	pz->free_state(s);
	free(sol);
}

/* Dead ends said at once, in a player's words, with the guess and the
 * places marked. */
static void test_dead_ends(void)
{
	struct diag err;
	int bad;
	struct note n;
	struct puzzle_state *s = start(example, &bad, &err);
	ok(!pz->dead_end(s, &n), "the start is no dead end");
	s = play(s, "4=4;5=2");
	ok(!pz->dead_end(s, &n), "nor the secret's digits");
	s = play(s, "1=9");
	ok(pz->dead_end(s, &n), "90342 at places 1, 4 and 5 for a guess of 2");
	is_str(n.text, "Guess 1 already has its 2 right digits: place 5 cannot be 2", "said so");
	ok(n.n_pieces == 1 && n.pieces[0] == 0 && n.n_cells == 3, "the guess and its three places marked");
	s = play(s, "1=.;4=.;5=.;1=1;2=2;3=5");
	ok(pz->dead_end(s, &n) && strstr(n.text, "Guess 6 already has its 1 right digit"), "%s", n.text);
	s = play(s, "1=3;2=9;3=6;4=1;5=8");
	ok(pz->dead_end(s, &n) && strstr(n.text, "can no longer reach"), "%s", n.text);
	pz->free_state(s);
	s = start(example, &bad, &err);
	s = play(s, "1=5");
	ok(pz->dead_end(s, &n) && !strncmp(n.text, "the guesses need", 16), "a dead end the rules find: %s", n.text);
	uint16_t possible[NM_DIGITS_MAX];
	ok(!numbermind_possible(s, possible), "and the marks say so");
	pz->free_state(s);
	s = start(example, &bad, &err);
	ok(numbermind_possible(s, possible), "the start's marks");
	is_u64(possible[0] | possible[1] << 10, 1u << 3 | 1u << (10 + 9), "the rules alone find 3 and 9 at places 1 and 2");
	pz->free_state(s);
}

/* The duel: made from a seed, guesses scored by the secret, resumed from
 * its description, counted, won. */
static void test_duel(void)
{
	struct strbuf d = { 0 };
	struct diag err;
	int bad;
	ok(pz->generate(pz, "duel,digits=5", 0, 7, &d, NULL, &err), "a duel of 5 digits from seed 7");
	ok(d.s && !strncmp(d.s, "duel\nsecret ", 12) && strlen(d.s) == 18, "its description: duel, then the secret");
	struct strbuf again = { 0 };
	pz->generate(pz, "duel,digits=5", 0, 7, &again, NULL, &err);
	is_str(again.s, d.s, "the same seed, the same secret");
	struct puzzle_state *s = start(d.s, &bad, &err);
	ok(s && s->duel && s->p.n_guesses == 0 && !pz->is_solved(s), "a duel starts with no guesses");
	u128 n = 0;
	ok(numbermind_count(s, 0, NULL, &n) && n == 100000, "all 100000 secrets fit no guesses");
	char secret[8];
	for (int k = 0; k < 5; k++)
		secret[k] = (char)('0' + s->secret[k]);
	secret[5] = '\0';
	char wrong[8];
	for (int k = 0; k < 5; k++)
		wrong[k] = (char)('0' + (s->secret[k] + (k < 2 ? 0 : 1)) % 10);
	wrong[5] = '\0';
	char move[32];
	snprintf(move, sizeof move, "guess %s", wrong);
	s = play(s, move);
	ok(s && s->p.n_guesses == 1 && s->p.correct[0] == 2, "a guess with 2 digits right scores 2");
	ok(numbermind_count(s, 0, NULL, &n) && n > 1 && n < 100000, "fewer secrets fit now");
	struct puzzle_state *t = pz->apply(s, move, &err);
	ok(!t && strstr(err.msg, "already"), "the same guess twice: %s", err.msg);
	t = pz->apply(s, "guess 123", &err);
	ok(!t && strstr(err.msg, "3 digits"), "a guess of the wrong length: %s", err.msg);
	char buf[512];
	pz->describe(s, buf, sizeof buf);
	t = start(buf, &bad, &err);
	ok(t && t->duel && t->p.n_guesses == 1 && !memcmp(t->secret, s->secret, 5), "a save resumes the duel");
	pz->free_state(t);
	/* write the secret in the entries, then guess it */
	char fill[64] = "";
	for (int k = 0; k < 5; k++)
		snprintf(fill + strlen(fill), sizeof fill - strlen(fill), "%s%d=%c", k ? ";" : "", k + 1, secret[k]);
	s = play(s, fill);
	ok(s && !pz->is_solved(s), "writing a guess does not make it");
	s = play(s, "guess");
	ok(s && numbermind_duel_won(s) && pz->is_solved(s) && s->entry[0] == -1, "'guess' makes the one written: won");
	t = pz->apply(s, "guess 00000", &err);
	ok(!t && strstr(err.msg, "won"), "no guess after the duel is won: %s", err.msg);
	pz->free_state(s);
	/* a description whose scores are not the secret's */
	t = start("duel\nsecret 12345\n12399 ;3 correct\n12000 ;2 correct\n", &bad, &err);
	ok(t && t->p.n_guesses == 2, "a duel's guesses read back");
	pz->free_state(t);
	t = start("duel\nsecret 12345\n12399 ;2 correct\n", &bad, &err);
	ok(!t && bad == 2 && strstr(err.msg, "scores 3"), "a score that is not the secret's, line 3: %s", err.msg);
	strbuf_free(&d);
	strbuf_free(&again);
}

/* Bad descriptions: what is wrong, at its line (from 0). */
static void test_bad_input(void)
{
	static const struct {
		const char *desc;
		int line;
		const char *says;
	} cases[] = {
		{ "90342 ;2 correct\n7079 ;0 correct\n", 1, "4 digits, the secret 5" },
		{ "# c\n90342 ;2 correct\n90x42 ;1 correct\n", 2, "'x' at place 3" },
		{ "90342 ;6 correct\n", 0, "0 to 5" },
		{ "90342 ;2 correct\n\n90342 ;1 correct\n", 2, "given twice" },
		{ "90342\n", 0, "needs its score" },
		{ "90342 ;2 wrong\n", 0, "after the score" },
		{ "hello\n", 0, "not a guess" },
		{ "# nothing\n", -1, "no guesses" },
		{ "90342 2\nentries 12\n", 1, "entries are 2 characters" },
		{ "90342 2\nentries 1234x\n", 1, "place 5 is 'x'" },
		{ "90342 2\ncrossed 9:1\n", 1, "not crossed digits" },
		{ "duel\n90342 2\n", 1, "secret" },
		{ "123456789012345678901 ;1 correct\n", 0, "longer than 20" },
	};
	int n = (int)(sizeof cases / sizeof *cases);
	for (int i = 0; i < n; i++) {
		struct diag err;
		int bad = -2;
		struct puzzle_state *s = start(cases[i].desc, &bad, &err);
		ok(!s && bad == cases[i].line && strstr(err.msg, cases[i].says) && strlen(err.msg) < 70,
		   "refused at line %d: %s", bad, s ? "(taken)" : err.msg);
		if (s)
			pz->free_state(s);
	}
}

/* Descriptions and moves mangled at random (a character changed, put in
 * or taken out): each is taken or refused with a message that fits a
 * line; each state taken describes itself so that start() makes it
 * again. */
static void test_mangled(void)
{
	static const char *const sources[] = {
		example,
		"duel\nsecret 39542\n90342 ;2 correct\nentries 3.5..\ncrossed 1:07 4:9\n",
		"90342 2\n70794 0\nentries 39...\n",
	};
	static const char alphabet[] = "0123456789 ;\n#.:=+-correctduelsecretentriesguessx\t";
	struct rng r;
	rng_seed(&r, 23);
	int taken = 0, refused = 0, long_msg = 0, no_round_trip = 0, moves_ok = 0;
	for (int t = 0; t < 3000; t++) {
		char buf[512], desc[512], again[512];
		snprintf(buf, sizeof buf, "%s", sources[t % 3]);
		for (int edits = 1 + (int)rng_below(&r, 3); edits > 0; edits--) {
			size_t len = strlen(buf), at = (size_t)rng_below(&r, len + 1);
			char c = alphabet[rng_below(&r, sizeof alphabet - 1)];
			int kind = (int)rng_below(&r, 3);
			if (kind == 0 && at < len)
				buf[at] = c;
			else if (kind == 1 && len + 1 < sizeof buf) {
				memmove(buf + at + 1, buf + at, len - at + 1);
				buf[at] = c;
			} else if (at < len)
				memmove(buf + at, buf + at + 1, len - at);
		}
		struct diag err;
		int bad;
		struct puzzle_state *s = start(buf, &bad, &err);
		if (!s) {
			refused++;
			if (strlen(err.msg) > 68 || !err.msg[0]) {
				if (!long_msg)
					tap_diag("too long: %s", err.msg);
				long_msg++;
			}
			continue;
		}
		taken++;
		pz->describe(s, desc, sizeof desc);
		struct puzzle_state *u = start(desc, &bad, &err);
		if (u)
			pz->describe(u, again, sizeof again);
		no_round_trip += !u || strcmp(desc, again);
		/* a mangled move on it */
		char move[32];
		snprintf(move, sizeof move, "%c%c%c", alphabet[rng_below(&r, 10)], "=-+g"[rng_below(&r, 4)],
		         alphabet[rng_below(&r, 12)]);
		struct puzzle_state *v = pz->apply(s, move, &err);
		moves_ok += v != NULL || (strlen(err.msg) <= 68 && err.msg[0]);
		if (v)
			pz->free_state(v);
		if (u)
			pz->free_state(u);
		pz->free_state(s);
	}
	ok(taken > 100 && refused > 100, "3000 mangled descriptions: %d taken, %d refused", taken, refused);
	is_u64((uint64_t)long_msg, 0, "every refusal says why, in a line with FILE:LINE before it");
	is_u64((uint64_t)no_round_trip, 0, "every state taken describes itself and is made again");
	is_u64((uint64_t)moves_ok, (uint64_t)taken, "every move on them played or refused in a line");
}

int main(void)
{
	pz = &numbermind_puzzle;
	test_descriptions();
	test_moves();
	test_hints();
	test_dead_ends();
	test_duel();
	test_bad_input();
	test_mangled();
	return tap_done();
}
