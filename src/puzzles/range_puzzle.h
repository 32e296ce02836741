/* Range (Kurodoko) as a family of the game and the batch commands.  Its
 * descriptions are Simon Tatham's game IDs (range_id.h), with the
 * player's marks, if any, on the lines after: a row a line, '#' shaded,
 * '.' marked unshaded, '-' not marked.  Moves: "#R,C" shades the cell at
 * row R, column C (from 1), ".R,C" marks it unshaded, "-R,C" clears it;
 * several joined by ';'.
 *
 * range_puzzle.c: states and moves; range_teach.c: hints, dead ends and
 * the grader; range_gen.c: the generator; range_batch.c: the batch
 * commands on game IDs and level files. */
#ifndef LD_RANGE_PUZZLE_H
#define LD_RANGE_PUZZLE_H

#include "puzzles/puzzle.h"
#include "solver/range/range_grid.h"


extern const struct puzzle range_puzzle;

/* A puzzle's start: its numbers, no marks. */
struct puzzle_state *range_puzzle_new(int w, int h, const int *clues);
/* The grid of s: its numbers and the player's marks as known cells. */
struct range_grid *range_puzzle_grid(const struct puzzle_state *s);
/* "row 3, column 4" for cell k. */
void range_puzzle_cell_words(const struct puzzle_state *s, int k, char *buf, size_t size);
/* The cells a move sets and their marks, into cells[] and values[] (room
 * for s->n each), how many;
 * -1 and why if it is not a move of s. */
int range_puzzle_parse_move(const struct puzzle_state *s, const char *move, int *cells, unsigned char *values,
                            struct diag *err);

/* range_teach.c */
bool range_teach_hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out);
bool range_teach_dead_end(const struct puzzle_state *s, struct note *out);
bool range_teach_grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel);
/* The grade of the puzzle in g by the rules alone: 1 (neighbours and
 * numbers), 2 (and the cut), 3 (and one-step trials), or 4 if they do not
 * finish it (or it has no solution); g is left as far as they got. */
int range_teach_logic_grade(struct range_grid *g, uint64_t *steps);

/* range_gen.c */
bool range_gen_generate(const struct puzzle *pz, const char *params, int grade, uint64_t seed, struct strbuf *desc,
                        const atomic_int *cancel, struct diag *err);

/* range_batch.c */
extern const struct puzzle_command *const range_batch_commands[];
extern const char range_batch_help[];

#endif
