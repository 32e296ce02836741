/* A puzzle family, as the game sees it (after Simon Tatham's collection):
 * states that do not change once made, moves as short strings (so that
 * undo, saving and replaying are one thing), and the reduction of a state
 * to the solver's problem.  A family's view in src/ui/ draws its states.
 *
 * The families now: kanoodle and iqfit (tiling_puzzle.c). */
#ifndef LD_PUZZLE_H
#define LD_PUZZLE_H

#include <stdbool.h>
#include <stddef.h>

#include "solver/dlx.h"
#include "solver/xc.h"
#include "util/diag.h"

struct puzzle_state;

/* What a quick look says about a position that cannot be finished. */
struct puzzle_dead_end {
	char why[160];     /* "no piece can cover the cell at row 3, column 5" */
	int cell;          /* a cell to show, or -1 */
	int piece;         /* a piece to show, or -1 */
	int region[64];    /* cells of a region to show (n_region of them) */
	int n_region;
};

struct puzzle {
	const char *name;   /* "kanoodle": in commands, level and save files */
	const char *title;  /* "Kanoodle" */

	/* The start of a game from a description (for the tilings, the board's
	 * rows, one per line; NULL for the empty board), or NULL and why not,
	 * with *bad_line the line of the description at fault (or -1). */
	struct puzzle_state *(*start)(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err);
	/* The description of a state, from which start() makes it again. */
	void (*describe)(const struct puzzle_state *s, char *buf, size_t size);
	struct puzzle_state *(*copy)(const struct puzzle_state *s);
	void (*free_state)(struct puzzle_state *s);
	/* The state after a move, or NULL and why not.  A move may be several
	 * moves joined by ';', made at once. */
	struct puzzle_state *(*apply)(const struct puzzle_state *s, const char *move, struct diag *err);
	bool (*is_solved)(const struct puzzle_state *s);
	/* The exact-cover problem of finishing s, its items in the order that
	 * suits the rule; option tags are the family's own. */
	struct xc_problem *(*reduce)(const struct puzzle_state *s, enum dlx_rule rule);
	/* The move that makes option k of reduce(s). */
	void (*option_move)(const struct puzzle_state *s, const struct xc_problem *p, int k, char *buf, size_t size);
	/* If a quick look shows s cannot be finished, say why (true). */
	bool (*quick_dead_end)(const struct puzzle_state *s, struct puzzle_dead_end *out);
	/* Words for an item of reduce(s): "the cell at row 2, column 7", "Green". */
	void (*describe_item)(const struct puzzle_state *s, const struct xc_problem *p, int item, char *buf,
	                      size_t size);
	/* Words for a move: "Green on rows 1-2, columns 3-5", or brief: "Green". */
	void (*describe_move)(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief);
};

/* A family by name, or NULL; puzzle_families is NULL-terminated. */
const struct puzzle *puzzle_find(const char *name);
extern const struct puzzle *const puzzle_families[];

#endif
