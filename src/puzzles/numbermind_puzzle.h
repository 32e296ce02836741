/* Number Mind (Project Euler 185, seed 000) as a family of the game and
 * the batch commands: a puzzle of guesses and their scores whose secret
 * the player fills in place by place, and the duel, where the player
 * guesses the game's secret.  The state, its moves and its descriptions
 * are in numbermind_state.h.
 *
 * numbermind_puzzle.c: states, descriptions and moves; numbermind_teach.c:
 * the marks, dead ends, hints and grader; numbermind_gen.c: the generator
 * and the duel's secret; numbermind_batch.c: the batch commands. */
#ifndef LD_NUMBERMIND_PUZZLE_H
#define LD_NUMBERMIND_PUZZLE_H

#include <stdatomic.h>

#include "puzzles/puzzle.h"
#include "solver/numbermind/nm_problem.h"
#include "util/u128.h"

extern const struct puzzle numbermind_puzzle;

/* The problem of finishing s: a puzzle's guesses with its entries as
 * places fixed to their digit; a duel's guesses, every place open (the
 * guess being written is no deduction). */
void numbermind_problem(const struct puzzle_state *s, struct nm_problem *p);

/* The digits each place may still hold, by the rules alone (nm_prop.h)
 * from s's problem, into possible[] (room for NM_DIGITS_MAX; a place with
 * an entry has its digit alone); false if the rules find s a dead end
 * (possible[] is then as far as they got). */
bool numbermind_possible(const struct puzzle_state *s, uint16_t *possible);

/* A duel's state: won when its last guess scores all its digits. */
bool numbermind_duel_won(const struct puzzle_state *s);
/* The secrets that fit s's guesses (and, in a puzzle, its entries), up
 * to limit (0: all), by the family's count (puzzle_count: its first
 * engine); false if cancelled. */
bool numbermind_count(const struct puzzle_state *s, uint64_t limit, const atomic_int *cancel, u128 *count);

/* The secret a move from s leads to, as text ("39542", '.' where
 * a place stays empty): the state's entries with the move's made. */
bool numbermind_move_secret(const struct puzzle_state *s, const char *move, char *buf, size_t size);

/* "P=D;P=D..." for the places where digits[] (-1: none) differs from s's
 * entries, into out. */
void numbermind_fill_move(const struct puzzle_state *s, const int8_t *digits, struct strbuf *out);

/* numbermind_teach.c */
bool numbermind_teach_hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out);
bool numbermind_teach_dead_end(const struct puzzle_state *s, struct note *out);
bool numbermind_teach_grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel);
/* The grade of a search of nodes nodes, 1 .. 4. */
int numbermind_teach_grade_of(uint64_t nodes);

/* numbermind_gen.c: params "digits=N" (5 to 16, by grade if not given),
 * or "duel" with "digits=N" (a duel's secret drawn from the seed). */
bool numbermind_gen_generate(const struct puzzle *pz, const char *params, int grade, uint64_t seed,
                             struct strbuf *desc, const atomic_int *cancel, struct diag *err);

/* numbermind_batch.c */
extern const struct puzzle_command *const numbermind_batch_commands[];
extern const char numbermind_batch_help[];

#endif
