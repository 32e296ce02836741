/* Number Mind as a family, through struct puzzle alone: descriptions and
 * their round trip, moves, the end, dead ends in a player's words, hints
 * that lead from the start to the secret, the duel, and bad input named
 * at its line. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"
#include "puzzles/puzzle.h"
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

int main(void)
{
	pz = &numbermind_puzzle;
	test_descriptions();
	test_moves();
	return tap_done();
}
