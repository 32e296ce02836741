/* Kanoodle and IQ Fit as puzzle families (see puzzle.h), and what their
 * view in src/ui/ needs to see of them. */
#ifndef LD_TILING_PUZZLE_H
#define LD_TILING_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>

#include "puzzles/puzzle.h"
#include "puzzles/tiling.h"

extern const struct puzzle tiling_puzzle_kanoodle;
extern const struct puzzle tiling_puzzle_iqfit;

/* Is this family a tiling, and its board and pieces (built once, shared,
 * never changed). */
bool tiling_puzzle_is(const struct puzzle *pz);
const struct tiling *tiling_puzzle_tiling(const struct puzzle *pz);
const struct tiling_pos *tiling_puzzle_pos(const struct puzzle_state *s);

/* The move that places placement k ("G@r1c1,r1c2,...") or takes piece p
 * off the board ("-G"). */
void tiling_move_place(const struct tiling *t, int k, char *buf, size_t size);
void tiling_move_remove(const struct tiling *t, int p, char *buf, size_t size);

#endif
