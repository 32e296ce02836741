/* Range (Kurodoko): the grid, its rules and the deductions a solver and a
 * player make on it.
 *
 * The rules: some cells are shaded; no two shaded cells touch by a side;
 * the unshaded cells form one region, connected by sides; a numbered cell
 * is unshaded, and its number counts the unshaded cells it sees along its
 * row and column, itself included, up to a shaded cell or the edge.
 *
 * A grid holds what is known of each cell (unknown, unshaded, shaded) and
 * a trail of the cells set, so that a search can take back everything set
 * since a mark.  Shading a cell sets its neighbours unshaded at once (the
 * first rule is never left to the propagation).
 *
 * The deductions, from the simplest (the order of enum range_rule):
 *   NEIGHBOUR  a shaded cell's neighbours are unshaded;
 *   REACH      a number that its other directions cannot satisfy must see
 *              at least so far in this one: those cells are unshaded;
 *   STOP       a cell next to what a number already sees, which would
 *              let it see too many if unshaded, is shaded;
 *   CONNECT    an unknown cell whose shading would cut the unshaded cells
 *              in two is unshaded (an articulation point of the unknown
 *              and unshaded cells with unshaded cells on both sides);
 *   TRIAL      a cell one value of which leads, by the rules above, to a
 *              contradiction, has the other.
 * propagate() applies NEIGHBOUR to CONNECT to a fixed point; deduce()
 * finds one deduction and says which, for hints and grading. */
#ifndef LD_RANGE_GRID_H
#define LD_RANGE_GRID_H

#include <stdbool.h>
#include <stdint.h>

/* The largest side: Tatham's game IDs of any size people play fit. */
#define RANGE_MAX_SIDE 64

enum range_cell {
	RANGE_UNKNOWN = 0,
	RANGE_WHITE = 1,  /* unshaded ("dotted" by the player) */
	RANGE_BLACK = 2,  /* shaded */
};

enum range_rule {
	RANGE_RULE_NONE,
	RANGE_RULE_NEIGHBOUR,
	RANGE_RULE_REACH,
	RANGE_RULE_STOP,
	RANGE_RULE_CONNECT,
	RANGE_RULE_TRIAL,
};

struct range_grid {
	int w, h, n;              /* columns, rows, cells */
	int *clue;                /* per cell: its number, 0 if none */
	int n_clues;
	int *clue_cells;          /* the numbered cells, in reading order */
	unsigned char *cell;      /* per cell: enum range_cell */
	int *trail;               /* the cells set, in order */
	int trail_len;
	int unknown;              /* cells still unknown */
	uint64_t mems;            /* cells looked at, in Knuth's spirit: the search's measure */
	int *next;                /* per cell and direction (cell * 4 + dir): the neighbour, or -1 */
	/* A number need be looked at again only once its row or column has
	 * changed: each change (set or taken back) stamps its row and column
	 * with a new version, and a number that yielded nothing is stamped
	 * with the version it was looked at. */
	uint64_t version;
	uint64_t *row_version, *col_version, *seen_version;
	/* Scratch for the connectivity pass (depth-first search). */
	int *disc, *low, *parent, *next_dir, *stack, *whites_below, *forced;
};

/* One deduction: cell gets value by rule; clue the number's cell it came
 * from (REACH, STOP), or the shaded cell (NEIGHBOUR), or -1; dir the
 * number's direction (0 up, 1 right, 2 down, 3 left) or -1. */
struct range_deduction {
	enum range_rule rule;
	int cell;
	enum range_cell value;
	int clue;
	int dir;
};

/* A grid of w x h cells with the numbers clues[] (0: none; w * h of them),
 * numbered cells unshaded, the rest unknown. */
struct range_grid *range_grid_new(int w, int h, const int *clues);
struct range_grid *range_grid_copy(const struct range_grid *g);
/* The grid again with the numbers clues[] (of the same size), nothing
 * else known, without allocating: for the generator's many checks. */
void range_grid_reset(struct range_grid *g, const int *clues);
void range_grid_free(struct range_grid *g);

/* Set cell to value (shading also sets its neighbours unshaded); false if
 * that breaks a rule at once (a numbered cell shaded, two shaded cells
 * touching, a cell set both ways), with what was set kept on the trail. */
bool range_grid_set(struct range_grid *g, int cell, enum range_cell value);
/* Set cell to value alone, as a player marks it (no neighbours set, no
 * rule checked but a number's cell never shaded); false if it cannot be. */
bool range_grid_mark(struct range_grid *g, int cell, enum range_cell value);
/* Take back everything set after the trail had mark entries. */
void range_grid_undo_to(struct range_grid *g, int mark);

/* What number k's cell sees in direction dir: at least *least cells
 * (unshaded in a row from it), at most *most (up to a shaded cell or the
 * edge). */
void range_grid_sight(const struct range_grid *g, int cell, int dir, int *least, int *most);
/* The neighbour of cell in direction dir, or -1 at the edge. */
static inline int range_grid_step(const struct range_grid *g, int cell, int dir)
{
	return g->next[cell * 4 + dir];
}

/* Each way the number at cell can see its count that fits the grid (its
 * split: how far it sees up, right, down and left, a shaded cell or the
 * edge beyond each) to fn; how many. */
int range_grid_each_split(struct range_grid *g, int cell, void (*fn)(void *ctx, const int *split), void *ctx);

/* Apply the rules NEIGHBOUR to max_rule (at most CONNECT) until nothing
 * changes; false on a contradiction. */
bool range_grid_propagate(struct range_grid *g, enum range_rule max_rule);

/* Is the position as it stands consistent, as far as the rules up to
 * CONNECT see without deducing anything? */
bool range_grid_consistent(struct range_grid *g);

/* The first deduction of the simplest rule up to max_rule that applies:
 * true and *d; false if none does.  *contradiction is set (and false
 * returned) when the position already breaks a rule. */
bool range_grid_deduce(struct range_grid *g, enum range_rule max_rule, struct range_deduction *d,
                       bool *contradiction);

/* Trials to a fixed point: each unknown cell tried both ways with the
 * rules up to CONNECT, and given the other value when one fails, sweep
 * after sweep until a sweep finds nothing.  The cells so set, or -1 on a
 * contradiction. */
int range_grid_trials(struct range_grid *g);

/* Are the unshaded cells one region, as far as it is known (they can
 * still be joined through unknown cells)? */
bool range_grid_connected(struct range_grid *g);

/* The rule CONNECT alone, without setting anything: the unknown cells
 * whose shading would cut the unshaded cells in two into cells (room for
 * g->n; a cell may come twice), and how many; -1 if they are in two
 * regions already. */
int range_grid_cut_cells(struct range_grid *g, int *cells);

/* Solved: every cell known and no rule broken. */
bool range_grid_solved(struct range_grid *g);

#endif
