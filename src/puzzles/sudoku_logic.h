/* How a person solves Sudoku: a ladder of techniques, each step returned
 * as data (what it places or rules out, the cells that show why, and the
 * reason in a player's words), never printed.  The hint gives a player
 * the next step of this ladder; the grader grades a puzzle by the hardest
 * rung it needs.
 *
 * Candidates are the ladder's own, worked out from the grid (the player's
 * pencil marks play no part): sudoku_logic_init starts them from the grid,
 * each step applied narrows them. */
#ifndef LD_SUDOKU_LOGIC_H
#define LD_SUDOKU_LOGIC_H

#include <stdatomic.h>
#include <stdbool.h>

#include "solver/sudoku/sudoku_grid.h"

/* The rungs, easiest first; the grade of a puzzle is that of its hardest
 * rung (sudoku_logic_technique_grade). */
enum sudoku_logic_technique {
	SUDOKU_LOGIC_NONE,
	SUDOKU_LOGIC_NAKED_SINGLE,    /* a cell with one candidate left */
	SUDOKU_LOGIC_HIDDEN_SINGLE,   /* a digit with one place left in a unit */
	SUDOKU_LOGIC_LOCKED,          /* pointing or claiming: a digit locked in a box-line intersection */
	SUDOKU_LOGIC_NAKED_PAIR,
	SUDOKU_LOGIC_HIDDEN_PAIR,
	SUDOKU_LOGIC_NAKED_TRIPLE,
	SUDOKU_LOGIC_HIDDEN_TRIPLE,
	SUDOKU_LOGIC_XWING,
	SUDOKU_LOGIC_COUNT
};

#define SUDOKU_LOGIC_MAX_ELIM (SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE)

/* One step of the ladder. */
struct sudoku_logic_step {
	enum sudoku_logic_technique tech;
	int cell, digit;                    /* the digit it places, or cell -1 */
	int n_reason;                       /* the cells that show why */
	uint16_t reason[SUDOKU_MAX_SIDE * 2];
	int n_elim;                         /* the candidates it rules out */
	struct { uint16_t cell; uint8_t digit; } elim[SUDOKU_LOGIC_MAX_ELIM];
	char why[240];                      /* "r3c5 can only be 7: every other digit is in its row, column or box" */
	/* What the step reasons about, for a view that marks more than cells:
	 * units[0] the unit it looks at (a single's or a subset's unit; for
	 * locked candidates the box or line the digit is locked in, units[1]
	 * the one it is ruled out of; for an X-wing the two lines it is locked
	 * in), numbered as in sudoku_grid.h, -1 if none; digits the digits
	 * (a naked subset's, a hidden subset's, the single digit otherwise). */
	int units[2];
	sudoku_grid_mask digits;
};

struct sudoku_logic {
	const struct sudoku_grid_geom *geo;   /* shared, as sudoku_grid_geom_get */
	bool broken;                           /* the grid breaks a rule */
	struct sudoku_grid g;                  /* with the steps' placements */
	sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
};

/* Start from g: false if g already breaks a rule or leaves a cell with no
 * candidate. */
bool sudoku_logic_init(struct sudoku_logic *L, const struct sudoku_grid *g);
/* The same with the geometry already worked out (the shape of g's), for
 * a caller that grades many grids of one size. */
bool sudoku_logic_init_geo(struct sudoku_logic *L, const struct sudoku_grid_geom *geo, const struct sudoku_grid *g);

/* The easiest step that applies, in *out (not yet applied), or false if
 * no rung applies (or the grid is full). */
bool sudoku_logic_find(const struct sudoku_logic *L, struct sudoku_logic_step *out);
void sudoku_logic_apply(struct sudoku_logic *L, const struct sudoku_logic_step *st);
/* Fill in st's why (and, for a single, its reason cells) from its other
 * fields and the position L it was found in: sudoku_logic_find does it;
 * for a caller or test that builds a step itself. */
void sudoku_logic_explain(const struct sudoku_logic *L, struct sudoku_logic_step *st);

/* The steps up to and including the next placement, for a hint: a hint
 * that rests on eliminations tells them first.  Returns how many steps
 * were written to steps (at most max), the last one the placement; 0 if
 * the ladder cannot reach one. */
int sudoku_logic_next_placement(const struct sudoku_grid *g, struct sudoku_logic_step *steps, int max);
/* (Only the eliminations the placement rests on are told, directly or
 * through other told steps; if more than max steps are needed, the
 * earliest are left out.) */

/* Why g has no solution, when the singles show it: the naked and hidden
 * singles, placed in turn, leave a blank cell no candidate or a unit no
 * place for a digit.  Only the singles that contradiction rests on are
 * told (traced back from it, as for a hint), in the order they are
 * placed; none when g shows it as it is.  False if the singles run out,
 * or fill the grid, first.  g holds no digit twice in a unit. */
struct sudoku_logic_contradiction {
	int cell;                  /* the blank cell left no candidate, or -1 */
	int unit, digit;           /* or the unit (numbered as in sudoku_grid.h) left no place for digit */
	int n_forced;
	struct { uint16_t cell; uint8_t digit; } forced[SUDOKU_MAX_CELLS];
};

bool sudoku_logic_find_contradiction(const struct sudoku_grid *g, struct sudoku_logic_contradiction *out);

/* Grade g by the ladder: 1 singles; 2 locked candidates and pairs; 3
 * triples and X-wing; 4 the ladder stalls (needs trial).  *hardest the
 * hardest rung used (or the rung where it stalled: SUDOKU_LOGIC_NONE), *steps
 * how many steps it took.  False if cancelled. */
bool sudoku_logic_grade(const struct sudoku_grid *g, int *grade, enum sudoku_logic_technique *hardest, int *steps,
                        const atomic_int *cancel);
/* The same with the geometry already worked out (the shape of g's).  A
 * grid that breaks a rule grades 4 (no step applies); a full grid 1. */
bool sudoku_logic_grade_geo(const struct sudoku_grid_geom *geo, const struct sudoku_grid *g, int *grade,
                            enum sudoku_logic_technique *hardest, int *steps, const atomic_int *cancel);

/* 1 for the singles, 2 locked candidates and pairs, 3 triples and X-wing,
 * 4 for SUDOKU_LOGIC_NONE (as a hardest rung: the ladder stalled). */
int sudoku_logic_technique_grade(enum sudoku_logic_technique t);
/* "hidden single", "X-wing": for the grader's words ("trial" for
 * SUDOKU_LOGIC_NONE). */
const char *sudoku_logic_technique_name(enum sudoku_logic_technique t);

#endif
