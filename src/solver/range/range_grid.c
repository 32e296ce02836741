#include "config.h"

#include "solver/range/range_grid.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* What looking at one number (or at the connectivity) found. */
enum look {
	LOOK_NOTHING,
	LOOK_FOUND,
	LOOK_BROKEN,
};

struct range_grid *range_grid_new(int w, int h, const int *clues)
{
	struct range_grid *g = xcalloc(1, sizeof *g);
	int n = w * h;
	g->w = w;
	g->h = h;
	g->n = n;
	g->clue = xcalloc((size_t)n, sizeof *g->clue);
	g->clue_cells = xcalloc((size_t)n + 1, sizeof *g->clue_cells);
	g->cell = xcalloc((size_t)n, 1);
	g->trail = xcalloc((size_t)n, sizeof *g->trail);
	int *scratch = xcalloc((size_t)(n + 1) * 7, sizeof *scratch);
	g->disc = scratch;
	g->low = scratch + n + 1;
	g->parent = scratch + 2 * (n + 1);
	g->next_dir = scratch + 3 * (n + 1);
	g->stack = scratch + 4 * (n + 1);
	g->whites_below = scratch + 5 * (n + 1);
	g->forced = scratch + 6 * (n + 1);
	g->unknown = n;
	g->next = xmalloc((size_t)n * 4 * sizeof *g->next);
	g->row_version = xcalloc((size_t)(w + h + n), sizeof *g->row_version);
	g->col_version = g->row_version + h;
	g->seen_version = g->col_version + w;
	/* Every number unseen: rows and columns at version 1, numbers at 0. */
	g->version = 1;
	for (int r = 0; r < h; r++)
		g->row_version[r] = 1;
	for (int c = 0; c < w; c++)
		g->col_version[c] = 1;
	for (int k = 0; k < n; k++) {
		int r = k / w, c = k % w;
		g->next[4 * k + 0] = r > 0 ? k - w : -1;
		g->next[4 * k + 1] = c + 1 < w ? k + 1 : -1;
		g->next[4 * k + 2] = r + 1 < h ? k + w : -1;
		g->next[4 * k + 3] = c > 0 ? k - 1 : -1;
	}
	for (int k = 0; k < n; k++) {
		g->clue[k] = clues ? clues[k] : 0;
		if (g->clue[k] > 0) {
			g->clue_cells[g->n_clues++] = k;
			g->cell[k] = RANGE_WHITE;
			g->unknown--;
		}
	}
	return g;
}

struct range_grid *range_grid_copy(const struct range_grid *g)
{
	struct range_grid *c = range_grid_new(g->w, g->h, g->clue);
	memcpy(c->cell, g->cell, (size_t)g->n);
	memcpy(c->trail, g->trail, (size_t)g->trail_len * sizeof *g->trail);
	c->trail_len = g->trail_len;
	c->unknown = g->unknown;
	return c;
}

void range_grid_free(struct range_grid *g)
{
	if (!g)
		return;
	free(g->clue);
	free(g->clue_cells);
	free(g->cell);
	free(g->trail);
	free(g->disc);
	free(g->next);
	free(g->row_version);
	free(g);
}

static inline void stamp(struct range_grid *g, int cell)
{
	g->row_version[cell / g->w] = g->col_version[cell % g->w] = ++g->version;
}

static void put(struct range_grid *g, int cell, enum range_cell value)
{
	stamp(g, cell);
	g->cell[cell] = (unsigned char)value;
	g->trail[g->trail_len++] = cell;
	g->unknown--;
	g->mems++;
}

bool range_grid_set(struct range_grid *g, int cell, enum range_cell value)
{
	if (g->cell[cell] == value)
		return true;
	if (g->cell[cell] != RANGE_UNKNOWN || (value == RANGE_BLACK && g->clue[cell]))
		return false;
	put(g, cell, value);
	if (value != RANGE_BLACK)
		return true;
	for (int dir = 0; dir < 4; dir++) {
		int nb = range_grid_step(g, cell, dir);
		if (nb < 0)
			continue;
		if (g->cell[nb] == RANGE_BLACK)
			return false;
		if (g->cell[nb] == RANGE_UNKNOWN)
			put(g, nb, RANGE_WHITE);
	}
	return true;
}

bool range_grid_mark(struct range_grid *g, int cell, enum range_cell value)
{
	if (g->cell[cell] == value)
		return true;
	if (g->cell[cell] != RANGE_UNKNOWN || (value == RANGE_BLACK && g->clue[cell]))
		return false;
	put(g, cell, value);
	return true;
}

void range_grid_undo_to(struct range_grid *g, int mark)
{
	while (g->trail_len > mark) {
		int cell = g->trail[--g->trail_len];
		g->cell[cell] = RANGE_UNKNOWN;
		g->unknown++;
		stamp(g, cell);
	}
}

void range_grid_sight(const struct range_grid *g, int cell, int dir, int *least, int *most)
{
	int k = cell, seen = 0;
	*least = -1;
	while ((k = range_grid_step(g, k, dir)) >= 0 && g->cell[k] != RANGE_BLACK) {
		if (*least < 0 && g->cell[k] != RANGE_WHITE)
			*least = seen;
		seen++;
	}
	if (*least < 0)
		*least = seen;
	*most = seen;
}

/* The cell at distance d from cell in direction dir (inside the grid). */
static int at_distance(const struct range_grid *g, int cell, int dir, int d)
{
	while (d-- > 0)
		cell = range_grid_step(g, cell, dir);
	return cell;
}

/* Number cell's first deduction by rule (REACH or STOP; CONNECT: either,
 * what propagation wants, for one look at its sight), into *d. */
static enum look look_at_number(struct range_grid *g, int cell, enum range_rule rule, struct range_deduction *d)
{
	int need = g->clue[cell] - 1, least[4], most[4], sum_least = 0, sum_most = 0;
	for (int dir = 0; dir < 4; dir++) {
		range_grid_sight(g, cell, dir, &least[dir], &most[dir]);
		sum_least += least[dir];
		sum_most += most[dir];
		g->mems += (uint64_t)most[dir] + 1;
	}
	if (sum_least > need || sum_most < need)
		return LOOK_BROKEN;
	for (int dir = 0; dir < 4; dir++) {
		if (least[dir] == most[dir])
			continue;
		int target = -1;
		enum range_cell value = RANGE_WHITE;
		bool reach = rule == RANGE_RULE_REACH || rule == RANGE_RULE_CONNECT;
		bool stop = rule == RANGE_RULE_STOP || rule == RANGE_RULE_CONNECT;
		if (reach && need - (sum_most - most[dir]) > least[dir]) {
			target = at_distance(g, cell, dir, least[dir] + 1);
			rule = RANGE_RULE_REACH;
		} else if (stop) {
			/* Unshaded, the next cell would join the run beyond it. */
			int next = at_distance(g, cell, dir, least[dir] + 1), run = least[dir] + 1, k = next;
			while ((k = range_grid_step(g, k, dir)) >= 0 && g->cell[k] == RANGE_WHITE)
				run++;
			if (sum_least - least[dir] + run > need) {
				target = next;
				value = RANGE_BLACK;
				rule = RANGE_RULE_STOP;
			}
		}
		if (target >= 0) {
			*d = (struct range_deduction){ rule, target, value, cell, dir };
			return LOOK_FOUND;
		}
	}
	return LOOK_NOTHING;
}

/* Close the depth-first search's node v: fold it into its parent, and
 * report the parent if it cuts v's unshaded cells from the start's. */
static void close_node(struct range_grid *g, int v, int *forced, int *n_forced)
{
	int p = g->parent[v];
	if (p < 0)
		return;
	if (g->low[v] < g->low[p])
		g->low[p] = g->low[v];
	g->whites_below[p] += g->whites_below[v];
	/* A cell may be reported once per child it cuts off: at most one
	 * entry per closed node, and setting it twice is harmless. */
	if (g->low[v] >= g->disc[p] && g->whites_below[v] > 0 && g->cell[p] == RANGE_UNKNOWN)
		forced[(*n_forced)++] = p;
}

/* Tarjan's articulation points over the cells not shaded, from the first
 * unshaded one: the unknown cells that separate unshaded cells go in
 * forced[]; BROKEN if the unshaded cells are in two regions already. */
static enum look look_at_region(struct range_grid *g, int *forced, int *n_forced)
{
	int start = -1, whites = 0, time = 0, top = 0;
	*n_forced = 0;
	for (int k = 0; k < g->n; k++) {
		g->disc[k] = -1;
		if (g->cell[k] == RANGE_WHITE && whites++ == 0)
			start = k;
	}
	g->mems += (uint64_t)g->n;
	if (start < 0)
		return LOOK_NOTHING;
	g->stack[top++] = start;
	g->disc[start] = g->low[start] = time++;
	g->parent[start] = -1;
	g->next_dir[start] = 0;
	g->whites_below[start] = 1;
	int reached = 1;
	while (top > 0) {
		int v = g->stack[top - 1];
		if (g->next_dir[v] >= 4) {
			top--;
			close_node(g, v, forced, n_forced);
			continue;
		}
		int u = range_grid_step(g, v, g->next_dir[v]++);
		g->mems++;
		if (u < 0 || g->cell[u] == RANGE_BLACK)
			continue;
		if (g->disc[u] < 0) {
			g->parent[u] = v;
			g->disc[u] = g->low[u] = time++;
			g->next_dir[u] = 0;
			g->whites_below[u] = g->cell[u] == RANGE_WHITE;
			reached += g->cell[u] == RANGE_WHITE;
			g->stack[top++] = u;
		} else if (u != g->parent[v] && g->disc[u] < g->low[v]) {
			g->low[v] = g->disc[u];
		}
	}
	if (reached < whites)
		return LOOK_BROKEN;
	return *n_forced ? LOOK_FOUND : LOOK_NOTHING;
}

/* Every number's deductions by REACH and STOP, set at once. */
static enum look numbers_pass(struct range_grid *g)
{
	enum look seen = LOOK_NOTHING;
	for (int i = 0; i < g->n_clues; i++) {
		int cell = g->clue_cells[i];
		uint64_t at = g->seen_version[cell];
		if (g->row_version[cell / g->w] <= at && g->col_version[cell % g->w] <= at)
			continue;
		for (;;) {
			struct range_deduction d;
			enum look l = look_at_number(g, cell, RANGE_RULE_CONNECT, &d);
			if (l == LOOK_BROKEN || (l == LOOK_FOUND && !range_grid_set(g, d.cell, d.value)))
				return LOOK_BROKEN;
			if (l == LOOK_NOTHING)
				break;
			seen = LOOK_FOUND;
		}
		g->seen_version[cell] = g->version;
	}
	return seen;
}

bool range_grid_propagate(struct range_grid *g, enum range_rule max_rule)
{
	/* The cut pass finds every cell the region forces at once: unshaded
	 * cells added leave the shaded ones, and so the cut cells, as they
	 * were.  So once its cells are set, it need only run again if the
	 * numbers set something after them (a third fewer passes on 15x15). */
	bool region_current = false;
	for (;;) {
		enum look l = numbers_pass(g);
		if (l == LOOK_BROKEN)
			return false;
		if (l == LOOK_FOUND) {
			region_current = false;
			continue;
		}
		if (max_rule < RANGE_RULE_CONNECT || region_current)
			return true;
		int n_forced;
		l = look_at_region(g, g->forced, &n_forced);
		if (l == LOOK_BROKEN)
			return false;
		if (l == LOOK_NOTHING)
			return true;
		for (int i = 0; i < n_forced; i++)
			if (!range_grid_set(g, g->forced[i], RANGE_WHITE))
				return false;
		region_current = true;
	}
}

/* A shaded cell beside an unknown one (NEIGHBOUR), or beside another
 * shaded one (BROKEN), as a player's marks may leave them. */
static enum look look_at_shading(const struct range_grid *g, struct range_deduction *d)
{
	for (int k = 0; k < g->n; k++) {
		if (g->cell[k] != RANGE_BLACK)
			continue;
		for (int dir = 0; dir < 4; dir++) {
			int nb = range_grid_step(g, k, dir);
			if (nb >= 0 && g->cell[nb] == RANGE_BLACK)
				return LOOK_BROKEN;
			if (nb >= 0 && g->cell[nb] == RANGE_UNKNOWN) {
				*d = (struct range_deduction){ RANGE_RULE_NEIGHBOUR, nb, RANGE_WHITE, k, dir };
				return LOOK_FOUND;
			}
		}
	}
	return LOOK_NOTHING;
}

/* The first cell that one value of makes a contradiction by the rules
 * up to CONNECT: it has the other. */
static bool look_by_trial(struct range_grid *g, struct range_deduction *d)
{
	for (int k = 0; k < g->n; k++) {
		if (g->cell[k] != RANGE_UNKNOWN)
			continue;
		for (int v = RANGE_BLACK; v >= RANGE_WHITE; v--) {
			int mark = g->trail_len;
			bool ok = range_grid_set(g, k, (enum range_cell)v) && range_grid_propagate(g, RANGE_RULE_CONNECT);
			range_grid_undo_to(g, mark);
			if (!ok) {
				enum range_cell other = v == RANGE_BLACK ? RANGE_WHITE : RANGE_BLACK;
				*d = (struct range_deduction){ RANGE_RULE_TRIAL, k, other, -1, -1 };
				return true;
			}
		}
	}
	return false;
}

static enum look look_at_numbers(struct range_grid *g, enum range_rule rule, struct range_deduction *d)
{
	for (int i = 0; i < g->n_clues; i++) {
		enum look l = look_at_number(g, g->clue_cells[i], rule, d);
		if (l != LOOK_NOTHING)
			return l;
	}
	return LOOK_NOTHING;
}

bool range_grid_deduce(struct range_grid *g, enum range_rule max_rule, struct range_deduction *d,
                       bool *contradiction)
{
	enum look l = look_at_shading(g, d);
	if (l == LOOK_NOTHING && max_rule >= RANGE_RULE_REACH)
		l = look_at_numbers(g, RANGE_RULE_REACH, d);
	if (l == LOOK_NOTHING && max_rule >= RANGE_RULE_STOP)
		l = look_at_numbers(g, RANGE_RULE_STOP, d);
	if (l == LOOK_NOTHING && max_rule >= RANGE_RULE_CONNECT) {
		int n_forced;
		l = look_at_region(g, g->forced, &n_forced);
		if (l == LOOK_FOUND)
			*d = (struct range_deduction){ RANGE_RULE_CONNECT, g->forced[0], RANGE_WHITE, -1, -1 };
	}
	*contradiction = l == LOOK_BROKEN;
	if (l != LOOK_NOTHING)
		return l == LOOK_FOUND;
	return max_rule >= RANGE_RULE_TRIAL && look_by_trial(g, d);
}

bool range_grid_consistent(struct range_grid *g)
{
	struct range_deduction d;
	if (look_at_shading(g, &d) == LOOK_BROKEN)
		return false;
	for (int i = 0; i < g->n_clues; i++)
		if (look_at_number(g, g->clue_cells[i], RANGE_RULE_NONE, &d) == LOOK_BROKEN)
			return false;
	int n_forced;
	return look_at_region(g, g->forced, &n_forced) != LOOK_BROKEN;
}

bool range_grid_solved(struct range_grid *g)
{
	return g->unknown == 0 && range_grid_consistent(g);
}

int range_grid_trials(struct range_grid *g)
{
	int found = 0, before;
	do {
		before = found;
		for (int k = 0; k < g->n && g->unknown > 0; k++) {
			if (g->cell[k] != RANGE_UNKNOWN)
				continue;
			int mark = g->trail_len;
			bool black = range_grid_set(g, k, RANGE_BLACK) && range_grid_propagate(g, RANGE_RULE_CONNECT);
			range_grid_undo_to(g, mark);
			bool white = range_grid_set(g, k, RANGE_WHITE) && range_grid_propagate(g, RANGE_RULE_CONNECT);
			range_grid_undo_to(g, mark);
			if (!black && !white)
				return -1;
			if (black && white)
				continue;
			found++;
			if (!range_grid_set(g, k, black ? RANGE_BLACK : RANGE_WHITE) || !range_grid_propagate(g, RANGE_RULE_CONNECT))
				return -1;
		}
	} while (found > before && g->unknown > 0);
	return found;
}

void range_grid_reset(struct range_grid *g, const int *clues)
{
	g->n_clues = 0;
	g->trail_len = 0;
	g->unknown = g->n;
	/* Every row and column newer than any number's last look. */
	g->version++;
	for (int r = 0; r < g->h; r++)
		g->row_version[r] = g->version;
	for (int c = 0; c < g->w; c++)
		g->col_version[c] = g->version;
	for (int k = 0; k < g->n; k++) {
		g->clue[k] = clues ? clues[k] : 0;
		g->cell[k] = g->clue[k] ? RANGE_WHITE : RANGE_UNKNOWN;
		if (g->clue[k]) {
			g->clue_cells[g->n_clues++] = k;
			g->unknown--;
		}
	}
}

bool range_grid_connected(struct range_grid *g)
{
	int n_forced;
	return look_at_region(g, g->forced, &n_forced) != LOOK_BROKEN;
}

int range_grid_cut_cells(struct range_grid *g, int *cells)
{
	int n;
	return look_at_region(g, cells, &n) == LOOK_BROKEN ? -1 : n;
}

/* Does split (lengths seen in each direction) fit what number c sees? */
static bool split_fits(const struct range_grid *g, int c, const int *split, const int *most)
{
	for (int dir = 0; dir < 4; dir++) {
		if (split[dir] == most[dir])
			continue;
		int k = c;
		for (int d = 0; d <= split[dir]; d++)
			k = range_grid_step(g, k, dir);
		if (g->cell[k] == RANGE_WHITE)
			return false;
	}
	return true;
}

int range_grid_each_split(struct range_grid *g, int cell, void (*fn)(void *ctx, const int *split), void *ctx)
{
	int least[4], most[4], need = g->clue[cell] - 1, n = 0, s[4];
	for (int dir = 0; dir < 4; dir++)
		range_grid_sight(g, cell, dir, &least[dir], &most[dir]);
	for (s[0] = least[0]; s[0] <= most[0]; s[0]++)
		for (s[1] = least[1]; s[1] <= most[1]; s[1]++)
			for (s[2] = least[2]; s[2] <= most[2]; s[2]++) {
				s[3] = need - s[0] - s[1] - s[2];
				g->mems++;
				if (s[3] < least[3] || s[3] > most[3] || !split_fits(g, cell, s, most))
					continue;
				fn(ctx, s);
				n++;
			}
	return n;
}
