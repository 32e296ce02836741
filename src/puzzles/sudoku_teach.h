/* What the Sudoku family says beyond its rules: hints from the ladder of
 * techniques (sudoku_logic.h), the grade, and new puzzles of a grade.
 * The family's table (sudoku_puzzle.c) points at these. */
#ifndef LD_SUDOKU_TEACH_H
#define LD_SUDOKU_TEACH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "puzzles/puzzle.h"

/* As puzzle.h's hint, grade and generate. */
bool sudoku_hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out);
bool sudoku_grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel);
bool sudoku_mistakes(const struct puzzle_state *s, const char *solution, struct note *out);
void sudoku_differ(const struct puzzle_state *s, const char *a, const char *b, struct note *out);
bool sudoku_generate(const struct puzzle *pz, const char *params, int grade, uint64_t seed, struct strbuf *desc,
                     const atomic_int *cancel, struct diag *err);

#endif
