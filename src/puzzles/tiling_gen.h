/* Making tiling challenges: some pieces placed, exactly one way to finish,
 * graded by the effort it takes the solver to finish them and prove that
 * the way is the only one. */
#ifndef LD_TILING_GEN_H
#define LD_TILING_GEN_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "puzzles/tiling.h"

#define TILING_GRADES 4

/* The effort of a position: the nodes of DLX1's search (MRV, pieces
 * first) through every way of finishing it. */
uint64_t tiling_effort(const struct tiling_pos *pos);
/* The grade (1 easiest .. 4) of an effort; 0 if it is too easy to offer. */
int tiling_grade(uint64_t effort);
/* Ways to finish pos, up to limit. */
uint64_t tiling_completions(const struct tiling_pos *pos, uint64_t limit);

/* A challenge of this grade, the same for the same seed: false if none was
 * found in the attempts allowed (or cancelled). */
bool tiling_generate(const struct tiling *t, int grade, uint64_t seed, struct tiling_pos *out, uint64_t *effort,
                     const atomic_int *cancel);

#endif
