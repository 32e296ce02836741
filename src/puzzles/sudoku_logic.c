/* The ladder of techniques (sudoku_logic.h), written from the rules of
 * each technique.  Every rung looks at the candidates as bitmasks and
 * stops at the first instance that rules something out, so a step always
 * changes the position and the ladder cannot loop.  The grader runs the
 * same ladder without words; the words are made only for a step that is
 * shown (sudoku_logic_explain). */
#include "config.h"

#include "puzzles/sudoku_logic.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* ---- steps ------------------------------------------------------------- */

static void step_reset(struct sudoku_logic_step *st, enum sudoku_logic_technique t)
{
	st->tech = t;
	st->cell = -1;
	st->digit = 0;
	st->n_reason = 0;
	st->n_elim = 0;
	st->why[0] = '\0';
	st->units[0] = st->units[1] = -1;
	st->digits = 0;
}

static void step_reason(struct sudoku_logic_step *st, int cell)
{
	for (int i = 0; i < st->n_reason; i++)
		if (st->reason[i] == cell)
			return;
	if (st->n_reason < (int)sizeof st->reason)
		st->reason[st->n_reason++] = (uint16_t)cell;
}

static void step_elim(struct sudoku_logic_step *st, int cell, sudoku_grid_mask digits)
{
	for (; digits; digits &= (sudoku_grid_mask)(digits - 1)) {
		if (st->n_elim >= SUDOKU_LOGIC_MAX_ELIM)
			return;
		st->elim[st->n_elim].cell = (uint16_t)cell;
		st->elim[st->n_elim].digit = (uint8_t)sudoku_grid_first_digit(digits);
		st->n_elim++;
	}
}

/* Units in the order a player scans them: boxes, then rows, then columns. */
static int unit_at(const struct sudoku_grid_geom *geo, int k)
{
	return (k + 2 * geo->side) % geo->units;
}

/* ---- the rungs ----------------------------------------------------------
 * Each returns 1 with the step in *st, 0 when it does not apply; the
 * singles return -1 when the position has no solution (a blank cell with
 * no candidate, a digit with no place left in a unit), where the ladder
 * stops. */

static int find_naked_single(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	for (int c = 0; c < L->geo->cells; c++) {
		if (L->g.v[c])
			continue;
		sudoku_grid_mask m = L->cand[c];
		if (!m)
			return -1;
		if (m & (m - 1))
			continue;
		step_reset(st, SUDOKU_LOGIC_NAKED_SINGLE);
		st->cell = c;
		st->digit = sudoku_grid_first_digit(m);
		st->digits = m;
		step_reason(st, c);
		return 1;
	}
	return 0;
}

static int find_hidden_single(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	for (int k = 0; k < geo->units; k++) {
		int u = unit_at(geo, k);
		sudoku_grid_mask once = 0, twice = 0, placed = 0;
		for (int i = 0; i < geo->side; i++) {
			int c = geo->unit_cell[u][i];
			twice |= once & L->cand[c];
			once |= L->cand[c];
			if (L->g.v[c])
				placed |= sudoku_grid_bit(L->g.v[c]);
		}
		if ((once | placed) != sudoku_grid_all(geo->side))
			return -1;
		sudoku_grid_mask single = (sudoku_grid_mask)(once & ~twice);
		if (!single)
			continue;
		int d = sudoku_grid_first_digit(single);
		for (int i = 0; i < geo->side; i++) {
			int c = geo->unit_cell[u][i];
			if (L->cand[c] & sudoku_grid_bit(d)) {
				step_reset(st, SUDOKU_LOGIC_HIDDEN_SINGLE);
				st->cell = c;
				st->digit = d;
				st->digits = sudoku_grid_bit(d);
				st->units[0] = u;
				step_reason(st, c);
				return 1;
			}
		}
	}
	return 0;
}

/* Digit d is locked in the cells where units `in` and `out` cross (all of
 * in's cells that can hold d are there): rule it out of out's other cells. */
static bool try_locked(const struct sudoku_logic *L, int in, int out, int d, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	step_reset(st, SUDOKU_LOGIC_LOCKED);
	for (int i = 0; i < geo->side; i++) {
		int c = geo->unit_cell[out][i];
		if (!(L->cand[c] & sudoku_grid_bit(d)))
			continue;
		if (sudoku_grid_in_unit(geo, c, in))
			step_reason(st, c);
		else
			step_elim(st, c, sudoku_grid_bit(d));
	}
	st->units[0] = in;
	st->units[1] = out;
	st->digits = sudoku_grid_bit(d);
	return st->n_elim > 0;
}

/* The candidates of line `line` (a row or column unit) by the box each
 * crossing holds: part[j] is the j-th crossing along the line. */
static int line_parts(const struct sudoku_logic *L, int line, sudoku_grid_mask *part, int *box_of)
{
	const struct sudoku_grid_geom *geo = L->geo;
	int width = line < geo->side ? geo->box_cols : geo->box_rows, n = geo->side / width;
	for (int j = 0; j < n; j++)
		part[j] = 0;
	for (int i = 0; i < geo->side; i++) {
		int c = geo->unit_cell[line][i];
		part[i / width] |= L->cand[c];
		box_of[i / width] = geo->cell_unit[c][2];
	}
	return n;
}

/* Pointing: in a box, a digit whose places all lie in one row (column)
 * is ruled out of the rest of that row (column). */
static bool find_pointing(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	for (int b = 0; b < geo->side; b++) {
		int across = geo->side / geo->box_cols;
		int ubox = 2 * geo->side + b, r0 = b / across * geo->box_rows, c0 = b % across * geo->box_cols;
		for (int dir = 0; dir < 2; dir++) {
			/* dir 0: the box's rows, each box_cols long; 1: its columns */
			int lines = dir == 0 ? geo->box_rows : geo->box_cols, len = geo->side / lines;
			sudoku_grid_mask inter[SUDOKU_MAX_SIDE];
			for (int i = 0; i < lines; i++) {
				inter[i] = 0;
				for (int j = 0; j < len; j++) {
					int c = dir == 0 ? (r0 + i) * geo->side + c0 + j : (r0 + j) * geo->side + c0 + i;
					inter[i] |= L->cand[c];
				}
			}
			for (int i = 0; i < lines; i++) {
				sudoku_grid_mask others = 0;
				for (int j = 0; j < lines; j++)
					if (j != i)
						others |= inter[j];
				sudoku_grid_mask only = (sudoku_grid_mask)(inter[i] & ~others);
				int line = dir == 0 ? r0 + i : geo->side + c0 + i;
				for (; only; only &= (sudoku_grid_mask)(only - 1))
					if (try_locked(L, ubox, line, sudoku_grid_first_digit(only), st))
						return true;
			}
		}
	}
	return false;
}

/* Claiming: in a row (column), a digit whose places all lie in one box is
 * ruled out of the rest of that box. */
static bool find_claiming(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	for (int line = 0; line < 2 * geo->side; line++) {
		sudoku_grid_mask part[SUDOKU_MAX_SIDE];
		int box_of[SUDOKU_MAX_SIDE];
		int n = line_parts(L, line, part, box_of);
		for (int j = 0; j < n; j++) {
			sudoku_grid_mask others = 0;
			for (int k = 0; k < n; k++)
				if (k != j)
					others |= part[k];
			sudoku_grid_mask only = (sudoku_grid_mask)(part[j] & ~others);
			for (; only; only &= (sudoku_grid_mask)(only - 1))
				if (try_locked(L, line, box_of[j], sudoku_grid_first_digit(only), st))
					return true;
		}
	}
	return false;
}

/* Cells (positions in unit u) that between them can only hold the digits
 * of dm, as many as there are digits: no other cell of u can hold them. */
static bool try_naked(const struct sudoku_logic *L, int u, const int *pos, int k, sudoku_grid_mask dm,
                      struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	step_reset(st, k == 2 ? SUDOKU_LOGIC_NAKED_PAIR : SUDOKU_LOGIC_NAKED_TRIPLE);
	int in = 0;
	for (int j = 0; j < k; j++)
		in |= 1 << pos[j];
	for (int i = 0; i < geo->side; i++) {
		int c = geo->unit_cell[u][i];
		if (!(in & (1 << i)) && (L->cand[c] & dm))
			step_elim(st, c, L->cand[c] & dm);
	}
	if (!st->n_elim)
		return false;
	for (int j = 0; j < k; j++)
		step_reason(st, geo->unit_cell[u][pos[j]]);
	st->units[0] = u;
	st->digits = dm;
	return true;
}

static bool find_naked(const struct sudoku_logic *L, int k, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	for (int uk = 0; uk < geo->units; uk++) {
		int u = unit_at(geo, uk), idx[SUDOKU_MAX_SIDE], n = 0;
		sudoku_grid_mask m[SUDOKU_MAX_SIDE];
		for (int i = 0; i < geo->side; i++) {
			sudoku_grid_mask cm = L->cand[geo->unit_cell[u][i]];
			if (cm && sudoku_grid_popcount(cm) <= k)
				idx[n] = i, m[n++] = cm;
		}
		for (int a = 0; a < n; a++)
			for (int b = a + 1; b < n; b++) {
				sudoku_grid_mask ab = m[a] | m[b];
				if (k == 2) {
					int pos[2] = { idx[a], idx[b] };
					if (sudoku_grid_popcount(ab) == 2 && try_naked(L, u, pos, 2, ab, st))
						return true;
					continue;
				}
				if (sudoku_grid_popcount(ab) > 3)
					continue;
				for (int c = b + 1; c < n; c++) {
					int pos[3] = { idx[a], idx[b], idx[c] };
					sudoku_grid_mask abc = ab | m[c];
					if (sudoku_grid_popcount(abc) == 3 && try_naked(L, u, pos, 3, abc, st))
						return true;
				}
			}
	}
	return false;
}

/* Digits dm of unit u that fit only the cells at positions in, as many
 * cells as digits: those cells hold nothing else. */
static bool try_hidden(const struct sudoku_logic *L, int u, int in, int k, sudoku_grid_mask dm,
                       struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	step_reset(st, k == 2 ? SUDOKU_LOGIC_HIDDEN_PAIR : SUDOKU_LOGIC_HIDDEN_TRIPLE);
	for (int i = 0; i < geo->side; i++) {
		if (!(in & (1 << i)))
			continue;
		int c = geo->unit_cell[u][i];
		step_reason(st, c);
		step_elim(st, c, (sudoku_grid_mask)(L->cand[c] & ~dm));
	}
	st->units[0] = u;
	st->digits = dm;
	return st->n_elim > 0;
}

static bool find_hidden(const struct sudoku_logic *L, int k, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	for (int uk = 0; uk < geo->units; uk++) {
		int u = unit_at(geo, uk), dig[SUDOKU_MAX_SIDE], where[SUDOKU_MAX_SIDE], n = 0;
		for (int d = 1; d <= geo->side; d++) {
			int w = 0;
			for (int i = 0; i < geo->side; i++)
				if (L->cand[geo->unit_cell[u][i]] & sudoku_grid_bit(d))
					w |= 1 << i;
			int p = sudoku_grid_popcount((sudoku_grid_mask)w);
			if (p >= 2 && p <= k)
				dig[n] = d, where[n++] = w;
		}
		for (int a = 0; a < n; a++)
			for (int b = a + 1; b < n; b++) {
				int ab = where[a] | where[b];
				sudoku_grid_mask dab = sudoku_grid_bit(dig[a]) | sudoku_grid_bit(dig[b]);
				if (k == 2) {
					if (sudoku_grid_popcount((sudoku_grid_mask)ab) == 2 &&
					    try_hidden(L, u, ab, 2, dab, st))
						return true;
					continue;
				}
				if (sudoku_grid_popcount((sudoku_grid_mask)ab) > 3)
					continue;
				for (int c = b + 1; c < n; c++) {
					int abc = ab | where[c];
					if (sudoku_grid_popcount((sudoku_grid_mask)abc) == 3 &&
					    try_hidden(L, u, abc, 3, (sudoku_grid_mask)(dab | sudoku_grid_bit(dig[c])),
					               st))
						return true;
				}
			}
	}
	return false;
}

/* Two rows (dir 0; columns, dir 1) whose places for d are the same two
 * columns (rows): d is in those crossings, so the rest of both columns
 * (rows) cannot hold it. */
static bool try_xwing(const struct sudoku_logic *L, int dir, int l1, int l2, int cover, int d,
                      struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	int side = geo->side;
	step_reset(st, SUDOKU_LOGIC_XWING);
	for (int i = 0; i < side; i++) {
		if (!(cover & (1 << i)))
			continue;
		int cu = (1 - dir) * side + i; /* the crossing line */
		for (int j = 0; j < side; j++) {
			int c = geo->unit_cell[cu][j];
			if (j != l1 && j != l2 && (L->cand[c] & sudoku_grid_bit(d)))
				step_elim(st, c, sudoku_grid_bit(d));
		}
	}
	if (!st->n_elim)
		return false;
	int lines[2] = { l1, l2 };
	for (int a = 0; a < 2; a++)
		for (int i = 0; i < side; i++)
			if (cover & (1 << i))
				step_reason(st, dir == 0 ? lines[a] * side + i : i * side + lines[a]);
	if (dir == 1) { /* keep the cells in reading order */
		uint16_t t = st->reason[1];
		st->reason[1] = st->reason[2];
		st->reason[2] = t;
	}
	st->units[0] = dir * side + l1;
	st->units[1] = dir * side + l2;
	st->digits = sudoku_grid_bit(d);
	return true;
}

static bool find_xwing(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	int side = geo->side;
	for (int d = 1; d <= side; d++)
		for (int dir = 0; dir < 2; dir++) {
			int where[SUDOKU_MAX_SIDE];
			for (int l = 0; l < side; l++) {
				where[l] = 0;
				for (int i = 0; i < side; i++)
					if (L->cand[geo->unit_cell[dir * side + l][i]] & sudoku_grid_bit(d))
						where[l] |= 1 << i;
			}
			for (int a = 0; a < side; a++) {
				if (sudoku_grid_popcount((sudoku_grid_mask)where[a]) != 2)
					continue;
				for (int b = a + 1; b < side; b++)
					if (where[b] == where[a] && try_xwing(L, dir, a, b, where[a], d, st))
						return true;
			}
		}
	return false;
}

/* The easiest step, without words. */
static bool find_core(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	int r = find_naked_single(L, st);
	if (r)
		return r > 0;
	r = find_hidden_single(L, st);
	if (r)
		return r > 0;
	return find_pointing(L, st) || find_claiming(L, st) || find_naked(L, 2, st) || find_hidden(L, 2, st) ||
	       find_naked(L, 3, st) || find_hidden(L, 3, st) || find_xwing(L, st);
}

/* ---- words -------------------------------------------------------------- */

#define NAME_SIZE 40

struct names {
	char s[4][NAME_SIZE];
};

static const char *cell_name(const struct sudoku_grid_geom *geo, int c, char *buf)
{
	snprintf(buf, NAME_SIZE, "r%dc%d", c / geo->side + 1, c % geo->side + 1);
	return buf;
}

static const char *unit_name(const struct sudoku_grid_geom *geo, int u, char *buf)
{
	if (u < geo->side)
		snprintf(buf, NAME_SIZE, "row %d", u + 1);
	else if (u < 2 * geo->side)
		snprintf(buf, NAME_SIZE, "column %d", u - geo->side + 1);
	else
		snprintf(buf, NAME_SIZE, "box %d", u - 2 * geo->side + 1);
	return buf;
}

/* "2 or 6", "2, 6, 9": the digits of m joined by sep when there are two. */
static void digit_list(sudoku_grid_mask m, const char *two, char *buf, size_t size)
{
	size_t n = 0;
	int count = sudoku_grid_popcount(m), i = 0;
	buf[0] = '\0';
	for (; m && n < size; m &= (sudoku_grid_mask)(m - 1), i++) {
		const char *sep = i == 0 ? "" : count == 2 ? two : ", ";
		int w = snprintf(buf + n, size - n, "%s%d", sep, sudoku_grid_first_digit(m));
		if (w < 0)
			return;
		n += (size_t)w;
	}
}

/* A filled peer of cell c holding digit d, or -1. */
static int peer_holding(const struct sudoku_logic *L, int c, int d)
{
	for (int i = 0; i < L->geo->n_peers; i++) {
		int p = L->geo->peer[c][i];
		if (L->g.v[p] == d)
			return p;
	}
	return -1;
}

static void explain_naked_single(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	char a[NAME_SIZE];
	bool all_seen = true;
	st->n_reason = 0;
	step_reason(st, st->cell);
	for (int d = 1; d <= L->geo->side; d++) {
		if (d == st->digit)
			continue;
		int p = peer_holding(L, st->cell, d);
		if (p < 0)
			all_seen = false;
		else
			step_reason(st, p);
	}
	snprintf(st->why, sizeof st->why, "%s can only be %d: %s", cell_name(L->geo, st->cell, a), st->digit,
	         all_seen ? "every other digit is in its row, column or box" : "every other digit has been ruled out");
}

static void explain_hidden_single(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	char a[NAME_SIZE], b[NAME_SIZE];
	int u = st->units[0];
	st->n_reason = 0;
	step_reason(st, st->cell);
	for (int i = 0; i < geo->side; i++) {
		int c = geo->unit_cell[u][i];
		if (c == st->cell || L->g.v[c])
			continue;
		int p = peer_holding(L, c, st->digit);
		if (p >= 0)
			step_reason(st, p);
	}
	snprintf(st->why, sizeof st->why, "in %s only %s can hold %d", unit_name(geo, u, a), cell_name(geo, st->cell, b),
	         st->digit);
}

void sudoku_logic_explain(const struct sudoku_logic *L, struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	struct names n;
	char digits[32];
	int d = st->digits ? sudoku_grid_first_digit(st->digits) : 0;
	st->why[0] = '\0';
	switch (st->tech) {
	case SUDOKU_LOGIC_NAKED_SINGLE:
		explain_naked_single(L, st);
		break;
	case SUDOKU_LOGIC_HIDDEN_SINGLE:
		explain_hidden_single(L, st);
		break;
	case SUDOKU_LOGIC_LOCKED:
		unit_name(geo, st->units[0], n.s[0]);
		unit_name(geo, st->units[1], n.s[1]);
		snprintf(st->why, sizeof st->why, "%s can hold %d only in %s, so the rest of %s cannot hold %d", n.s[0], d,
		         n.s[1], n.s[1], d);
		break;
	case SUDOKU_LOGIC_NAKED_PAIR:
		digit_list(st->digits, " or ", digits, sizeof digits);
		snprintf(st->why, sizeof st->why, "%s and %s can only be %s, so the rest of %s cannot hold them",
		         cell_name(geo, st->reason[0], n.s[0]), cell_name(geo, st->reason[1], n.s[1]), digits,
		         unit_name(geo, st->units[0], n.s[2]));
		break;
	case SUDOKU_LOGIC_NAKED_TRIPLE:
		digit_list(st->digits, " or ", digits, sizeof digits);
		snprintf(st->why, sizeof st->why, "%s, %s, %s can only be %s, so the rest of %s cannot hold them",
		         cell_name(geo, st->reason[0], n.s[0]), cell_name(geo, st->reason[1], n.s[1]),
		         cell_name(geo, st->reason[2], n.s[2]), digits, unit_name(geo, st->units[0], n.s[3]));
		break;
	case SUDOKU_LOGIC_HIDDEN_PAIR:
		digit_list(st->digits, " and ", digits, sizeof digits);
		snprintf(st->why, sizeof st->why, "in %s only %s and %s can hold %s, so they hold nothing else",
		         unit_name(geo, st->units[0], n.s[0]), cell_name(geo, st->reason[0], n.s[1]),
		         cell_name(geo, st->reason[1], n.s[2]), digits);
		break;
	case SUDOKU_LOGIC_HIDDEN_TRIPLE:
		digit_list(st->digits, " and ", digits, sizeof digits);
		snprintf(st->why, sizeof st->why, "in %s only %s, %s, %s can hold %s, so they hold nothing else",
		         unit_name(geo, st->units[0], n.s[0]), cell_name(geo, st->reason[0], n.s[1]),
		         cell_name(geo, st->reason[1], n.s[2]), cell_name(geo, st->reason[2], n.s[3]), digits);
		break;
	case SUDOKU_LOGIC_XWING: {
		bool rows = st->units[0] < geo->side;
		int l1 = st->units[0] % geo->side + 1, l2 = st->units[1] % geo->side + 1;
		/* the crossing lines, from the first and last of its four cells */
		int x1 = rows ? st->reason[0] % geo->side + 1 : st->reason[0] / geo->side + 1;
		int x2 = rows ? st->reason[3] % geo->side + 1 : st->reason[3] / geo->side + 1;
		snprintf(st->why, sizeof st->why, "%s %d and %d can hold %d only in %s %d and %d: no other %d in those %s",
		         rows ? "rows" : "columns", l1, l2, d, rows ? "columns" : "rows", x1, x2, d,
		         rows ? "columns" : "rows");
		break;
	}
	default:
		break;
	}
}

/* ---- the ladder --------------------------------------------------------- */

bool sudoku_logic_init_geo(struct sudoku_logic *L, const struct sudoku_grid_geom *geo, const struct sudoku_grid *g)
{
	if (!geo || geo->box_rows != g->box_rows || geo->box_cols != g->box_cols) {
		L->geo = NULL;
		L->broken = true;
		return false;
	}
	L->geo = geo;
	L->g = *g;
	/* a grid that breaks a rule: sudoku_logic_find finds nothing in it */
	L->broken = !sudoku_grid_candidates(g, L->geo, L->cand);
	return !L->broken;
}

bool sudoku_logic_init(struct sudoku_logic *L, const struct sudoku_grid *g)
{
	return sudoku_logic_init_geo(L, sudoku_grid_geom_of(g), g);
}

bool sudoku_logic_find(const struct sudoku_logic *L, struct sudoku_logic_step *out)
{
	if (L->broken || !find_core(L, out))
		return false;
	sudoku_logic_explain(L, out);
	return true;
}

void sudoku_logic_apply(struct sudoku_logic *L, const struct sudoku_logic_step *st)
{
	const struct sudoku_grid_geom *geo = L->geo;
	if (st->cell >= 0 && st->cell < geo->cells && st->digit >= 1 && st->digit <= geo->side) {
		L->g.v[st->cell] = (uint8_t)st->digit;
		L->cand[st->cell] = 0;
		for (int i = 0; i < geo->n_peers; i++)
			L->cand[geo->peer[st->cell][i]] &= (sudoku_grid_mask)~sudoku_grid_bit(st->digit);
	}
	for (int i = 0; i < st->n_elim; i++)
		if (st->elim[i].cell < geo->cells && st->elim[i].digit >= 1 && st->elim[i].digit <= geo->side)
			L->cand[st->elim[i].cell] &= (sudoku_grid_mask)~sudoku_grid_bit(st->elim[i].digit);
}

int sudoku_logic_technique_grade(enum sudoku_logic_technique t)
{
	switch (t) {
	case SUDOKU_LOGIC_NAKED_SINGLE:
	case SUDOKU_LOGIC_HIDDEN_SINGLE:
		return 1;
	case SUDOKU_LOGIC_LOCKED:
	case SUDOKU_LOGIC_NAKED_PAIR:
	case SUDOKU_LOGIC_HIDDEN_PAIR:
		return 2;
	case SUDOKU_LOGIC_NAKED_TRIPLE:
	case SUDOKU_LOGIC_HIDDEN_TRIPLE:
	case SUDOKU_LOGIC_XWING:
		return 3;
	default:
		return 4;
	}
}

const char *sudoku_logic_technique_name(enum sudoku_logic_technique t)
{
	static const char *const names[SUDOKU_LOGIC_COUNT] = {
		[SUDOKU_LOGIC_NONE] = "trial",
		[SUDOKU_LOGIC_NAKED_SINGLE] = "naked single",
		[SUDOKU_LOGIC_HIDDEN_SINGLE] = "hidden single",
		[SUDOKU_LOGIC_LOCKED] = "locked candidates",
		[SUDOKU_LOGIC_NAKED_PAIR] = "naked pair",
		[SUDOKU_LOGIC_HIDDEN_PAIR] = "hidden pair",
		[SUDOKU_LOGIC_NAKED_TRIPLE] = "naked triple",
		[SUDOKU_LOGIC_HIDDEN_TRIPLE] = "hidden triple",
		[SUDOKU_LOGIC_XWING] = "X-wing",
	};
	return (unsigned)t < SUDOKU_LOGIC_COUNT ? names[t] : "trial";
}

bool sudoku_logic_grade_geo(const struct sudoku_grid_geom *geo, const struct sudoku_grid *g, int *grade,
                            enum sudoku_logic_technique *hardest, int *steps, const atomic_int *cancel)
{
	struct sudoku_logic L;
	struct sudoku_logic_step st;
	*grade = 4;
	*hardest = SUDOKU_LOGIC_NONE;
	*steps = 0;
	if (!sudoku_logic_init_geo(&L, geo, g))
		return true;
	int blanks = 0, n = 0;
	enum sudoku_logic_technique used = SUDOKU_LOGIC_NONE;
	for (int c = 0; c < geo->cells; c++)
		blanks += !g->v[c];
	while (blanks > 0) {
		if (cancel && atomic_load_explicit(cancel, memory_order_relaxed))
			return false;
		if (!find_core(&L, &st)) {
			*steps = n;
			return true;
		}
		if (st.tech > used)
			used = st.tech;
		blanks -= st.cell >= 0;
		sudoku_logic_apply(&L, &st);
		n++;
	}
	*grade = used == SUDOKU_LOGIC_NONE ? 1 : sudoku_logic_technique_grade(used);
	*hardest = used;
	*steps = n;
	return true;
}

bool sudoku_logic_grade(const struct sudoku_grid *g, int *grade, enum sudoku_logic_technique *hardest, int *steps,
                        const atomic_int *cancel)
{
	if (!sudoku_grid_geom_of(g)) {
		*grade = 4;
		*hardest = SUDOKU_LOGIC_NONE;
		*steps = 0;
		return true;
	}
	return sudoku_logic_grade_geo(sudoku_grid_geom_of(g), g, grade, hardest, steps, cancel);
}

/* ---- the next placement --------------------------------------------------
 * The ladder may rule out candidates that the placement it reaches does
 * not need.  To tell only what matters, each step's premises (the
 * candidates whose absence it relies on) are traced back to the steps
 * that removed them, from the placement backwards. */

/* A step without its words and eliminations: enough to name its premises. */
struct core {
	uint8_t tech, n_reason;
	uint16_t reason[4];
	int8_t digit;
	int16_t cell;
	int8_t units[2];
	sudoku_grid_mask digits;
};

static void core_of(const struct sudoku_logic_step *st, struct core *k)
{
	k->tech = (uint8_t)st->tech;
	k->cell = (int16_t)st->cell;
	k->digit = (int8_t)st->digit;
	k->units[0] = (int8_t)st->units[0];
	k->units[1] = (int8_t)st->units[1];
	k->digits = st->digits;
	k->n_reason = (uint8_t)(st->n_reason < 4 ? st->n_reason : 4);
	memcpy(k->reason, st->reason, k->n_reason * sizeof k->reason[0]);
}

struct trace {
	const struct sudoku_grid_geom *geo;
	const struct sudoku_grid *g;
	int16_t remover[SUDOKU_MAX_CELLS][SUDOKU_MAX_SIDE]; /* the step that ruled a candidate out, or -1 */
	bool *needed;
};

/* The premise "cell c holds none of m": the steps that made it so are needed. */
static void need(struct trace *t, int c, sudoku_grid_mask m)
{
	if (t->g->v[c])
		return;
	for (; m; m &= (sudoku_grid_mask)(m - 1)) {
		int r = t->remover[c][sudoku_grid_first_digit(m) - 1];
		if (r >= 0)
			t->needed[r] = true;
	}
}

static bool core_has(const struct core *k, int c)
{
	for (int i = 0; i < k->n_reason; i++)
		if (k->reason[i] == c)
			return true;
	return false;
}

static void need_premises(struct trace *t, const struct core *k)
{
	const struct sudoku_grid_geom *geo = t->geo;
	sudoku_grid_mask all = sudoku_grid_all(geo->side);
	switch (k->tech) {
	case SUDOKU_LOGIC_NAKED_SINGLE:
		need(t, k->cell, (sudoku_grid_mask)(all & ~sudoku_grid_bit(k->digit)));
		break;
	case SUDOKU_LOGIC_HIDDEN_SINGLE:
	case SUDOKU_LOGIC_HIDDEN_PAIR:
	case SUDOKU_LOGIC_HIDDEN_TRIPLE:
		/* the digits fit no other cell of the unit */
		for (int i = 0; i < geo->side; i++) {
			int c = geo->unit_cell[k->units[0]][i];
			if (c != k->cell && !core_has(k, c))
				need(t, c, k->digits);
		}
		break;
	case SUDOKU_LOGIC_LOCKED:
		/* the digit fits no cell of units[0] outside units[1] */
		for (int i = 0; i < geo->side; i++) {
			int c = geo->unit_cell[k->units[0]][i];
			if (!sudoku_grid_in_unit(geo, c, k->units[1]))
				need(t, c, k->digits);
		}
		break;
	case SUDOKU_LOGIC_NAKED_PAIR:
	case SUDOKU_LOGIC_NAKED_TRIPLE:
		for (int i = 0; i < k->n_reason; i++)
			need(t, k->reason[i], (sudoku_grid_mask)(all & ~k->digits));
		break;
	case SUDOKU_LOGIC_XWING: {
		/* the digit fits neither line outside the two crossing lines */
		int across = k->units[0] < geo->side ? 1 : 0;
		for (int a = 0; a < 2; a++)
			for (int i = 0; i < geo->side; i++) {
				int c = geo->unit_cell[k->units[a]][i];
				bool crossing = false;
				for (int j = 0; j < k->n_reason; j++)
					crossing |= geo->cell_unit[k->reason[j]][across] == geo->cell_unit[c][across];
				if (!crossing)
					need(t, c, k->digits);
			}
		break;
	}
	default:
		break;
	}
}

int sudoku_logic_next_placement(const struct sudoku_grid *g, struct sudoku_logic_step *steps, int max)
{
	/* each step rules out one candidate at least */
	static const int cap = SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE;
	struct sudoku_logic L;
	struct sudoku_logic_step st;
	struct core cores[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE + 1];
	bool needed[SUDOKU_MAX_CELLS * SUDOKU_MAX_SIDE + 1];
	struct trace t;

	if (max <= 0 || !sudoku_logic_init(&L, g))
		return 0;
	t.geo = L.geo;
	t.g = g;
	t.needed = needed;
	memset(t.remover, 0xff, sizeof t.remover);
	int n = 0;
	for (;;) {
		if (n > cap || !find_core(&L, &st))
			return 0;
		core_of(&st, &cores[n]);
		needed[n] = false;
		if (st.cell >= 0)
			break;
		for (int i = 0; i < st.n_elim; i++)
			t.remover[st.elim[i].cell][st.elim[i].digit - 1] = (int16_t)n;
		sudoku_logic_apply(&L, &st);
		n++;
	}
	/* Backwards: a step's premises were made by earlier steps only. */
	need_premises(&t, &cores[n]);
	int told = 1;
	for (int i = n - 1; i >= 0; i--)
		if (needed[i]) {
			need_premises(&t, &cores[i]);
			told++;
		}
	int skip = told > max ? told - max : 0, out = 0;
	needed[n] = true;
	/* Again, with words for the steps told. */
	sudoku_logic_init(&L, g);
	for (int i = 0; i <= n; i++) {
		find_core(&L, &st);
		if (needed[i] && skip-- <= 0) {
			sudoku_logic_explain(&L, &st);
			steps[out++] = st;
		}
		sudoku_logic_apply(&L, &st);
	}
	return out;
}

/* ---- dead ends -------------------------------------------------------------
 * The singles are forced: if placing them in turn leaves a blank cell no
 * candidate, or a unit no place for a digit, the position has no
 * solution, and the player can follow why.  A single's placement takes
 * its digit out of its peers and every candidate out of its own cell:
 * those are the premises traced back. */

/* A contradiction: blank cell `cell` has no candidate (unit -1), or unit
 * `unit` has no place for `digit` (cell -1). */
struct contradiction {
	int cell, unit, digit;
};

/* Every contradiction of L's position, in the order a player scans:
 * cells in reading order, then boxes, rows, columns. */
static int contradictions(const struct sudoku_logic *L, struct contradiction *out)
{
	const struct sudoku_grid_geom *geo = L->geo;
	int n = 0;
	for (int c = 0; c < geo->cells; c++)
		if (!L->g.v[c] && !L->cand[c])
			out[n++] = (struct contradiction){ c, -1, 0 };
	for (int k = 0; k < geo->units; k++) {
		int u = unit_at(geo, k);
		sudoku_grid_mask have = 0;
		for (int i = 0; i < geo->side; i++) {
			int c = geo->unit_cell[u][i];
			have |= L->g.v[c] ? sudoku_grid_bit(L->g.v[c]) : L->cand[c];
		}
		sudoku_grid_mask missing = (sudoku_grid_mask)(sudoku_grid_all(geo->side) & ~have);
		for (; missing; missing &= (sudoku_grid_mask)(missing - 1))
			out[n++] = (struct contradiction){ -1, u, sudoku_grid_first_digit(missing) };
	}
	return n;
}

/* The steps (of the n in cores) that contradiction x rests on, marked in
 * t->needed; returns how many. */
static int support(struct trace *t, const struct core *cores, int n, const struct contradiction *x)
{
	memset(t->needed, 0, sizeof(bool) * (size_t)n);
	if (x->cell >= 0) {
		need(t, x->cell, sudoku_grid_all(t->geo->side));
	} else {
		for (int i = 0; i < t->geo->side; i++)
			need(t, t->geo->unit_cell[x->unit][i], sudoku_grid_bit(x->digit));
	}
	int count = 0;
	for (int i = n - 1; i >= 0; i--)
		if (t->needed[i]) {
			need_premises(t, &cores[i]);
			count++;
		}
	return count;
}

/* A single: digit in cell, naked (unit -1: the cell's only candidate) or
 * hidden (the digit's only place in unit), as the trace wants it. */
static struct core single(int cell, int digit, int unit)
{
	struct core k = { .tech = unit < 0 ? SUDOKU_LOGIC_NAKED_SINGLE : SUDOKU_LOGIC_HIDDEN_SINGLE,
		          .n_reason = 1,
		          .reason = { (uint16_t)cell },
		          .digit = (int8_t)digit,
		          .cell = (int16_t)cell,
		          .units = { (int8_t)unit, -1 },
		          .digits = sudoku_grid_bit(digit) };
	return k;
}

/* Every single of L's position, naked ones first; returns how many. */
static int all_singles(const struct sudoku_logic *L, struct core *singles)
{
	const struct sudoku_grid_geom *geo = L->geo;
	int n = 0;
	for (int c = 0; c < geo->cells; c++) {
		sudoku_grid_mask m = L->cand[c];
		if (!L->g.v[c] && m && !(m & (m - 1)))
			singles[n++] = single(c, sudoku_grid_first_digit(m), -1);
	}
	for (int k = 0; k < geo->units; k++) {
		int u = unit_at(geo, k);
		for (int d = 1; d <= geo->side; d++) {
			int place = -1, places = 0;
			for (int i = 0; i < geo->side; i++) {
				int c = geo->unit_cell[u][i];
				if (L->cand[c] & sudoku_grid_bit(d))
					place = c, places++;
			}
			if (places == 1 && sudoku_grid_popcount(L->cand[place]) > 1)
				singles[n++] = single(place, d, u);
		}
	}
	return n;
}

/* The singles are placed round by round (each round all those of the
 * position it starts from), to the end, not to the first contradiction:
 * one that shows later may rest on fewer of them, and the fewest make the
 * shortest reason.  A contradiction stays once it shows, and what it
 * rests on was fixed when it showed, so looking at the end finds them all.
 * Placing singles past a contradiction is sound: each follows from the
 * ones before, so any contradiction reached proves there is no solution.
 * On the wrong digits of the shipped levels, a third fewer reasons need 13
 * singles or more than when the first contradiction of one single at a
 * time is told. */
bool sudoku_logic_find_contradiction(const struct sudoku_grid *g, struct sudoku_logic_contradiction *out)
{
	struct core round[SUDOKU_MAX_CELLS + SUDOKU_MAX_UNITS * SUDOKU_MAX_SIDE];
	struct core cores[SUDOKU_MAX_CELLS];
	struct contradiction found[SUDOKU_MAX_CELLS + SUDOKU_MAX_UNITS * SUDOKU_MAX_SIDE];
	bool needed[SUDOKU_MAX_CELLS];
	struct sudoku_logic L;
	struct trace t;

	out->cell = out->unit = -1;
	out->digit = 0;
	out->n_forced = 0;
	L.geo = sudoku_grid_geom_of(g);
	L.broken = false;
	if (!L.geo)
		return false;
	L.g = *g;
	sudoku_grid_candidates(g, L.geo, L.cand);
	t.geo = L.geo;
	t.g = g;
	t.needed = needed;
	memset(t.remover, 0xff, sizeof t.remover);
	/* Each single fills a blank cell: at most cells of them. */
	int n = 0, k;
	while (n < L.geo->cells && (k = all_singles(&L, round)) > 0) {
		int before = n;
		for (int j = 0; j < k && n < L.geo->cells; j++) {
			int c = round[j].cell, d = round[j].digit;
			/* An earlier single of the round may have filled the
			 * cell, or taken the digit. */
			if (L.g.v[c] || !(L.cand[c] & sudoku_grid_bit(d)))
				continue;
			cores[n] = round[j];
			for (sudoku_grid_mask m = L.cand[c]; m; m &= (sudoku_grid_mask)(m - 1))
				t.remover[c][sudoku_grid_first_digit(m) - 1] = (int16_t)n;
			for (int i = 0; i < L.geo->n_peers; i++) {
				int p = L.geo->peer[c][i];
				if (L.cand[p] & sudoku_grid_bit(d)) {
					t.remover[p][d - 1] = (int16_t)n;
					L.cand[p] &= (sudoku_grid_mask)~sudoku_grid_bit(d);
				}
			}
			L.g.v[c] = (uint8_t)d;
			L.cand[c] = 0;
			n++;
		}
		if (n == before)
			break;
	}
	int nx = contradictions(&L, found), best = -1, fewest = 0;
	for (int i = 0; i < nx; i++) {
		int count = support(&t, cores, n, &found[i]);
		if (best < 0 || count < fewest)
			best = i, fewest = count;
	}
	if (best < 0)
		return false;
	out->cell = found[best].cell;
	out->unit = found[best].unit;
	out->digit = found[best].digit;
	support(&t, cores, n, &found[best]);
	for (int i = 0; i < n; i++)
		if (needed[i]) {
			out->forced[out->n_forced].cell = (uint16_t)cores[i].cell;
			out->forced[out->n_forced].digit = (uint8_t)cores[i].digit;
			out->n_forced++;
		}
	return true;
}
