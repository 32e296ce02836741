/* The clique family's engines (clique_engines.c), raced by the compare
 * screen and chosen for the search on screen:
 *   btc  plain backtracking with a greedy-colouring bound: the
 *        family's first, for checks, hints, counts and grades;
 *   bnb  branch and bound on bitsets, colour classes as the bound and the
 *        order (Tomita's MCQ/MCS line);
 *   bt   plain backtracking, every clique visited once.
 * Each finishes a position: its solutions are the largest cliques (or
 * independent sets) that hold the player's selection. */
#ifndef LD_CLIQUE_ENGINES_H
#define LD_CLIQUE_ENGINES_H

#include "puzzles/puzzle.h"

extern const struct puzzle_engine clique_engine_bnb;
extern const struct puzzle_engine clique_engine_btc;
extern const struct puzzle_engine clique_engine_bt;

#endif
