/* The order of items that suits branching on the first item (and the
 * diagram of all solutions, zdd.h, which branches so): see item_order.h. */
#include "config.h"

#include "solver/xc/item_order.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* The primary items that no option holds two of, found greedily among
 * those that share options with the most others: the pieces of a packing,
 * each sharing options with every cell it can reach.  Branched on first,
 * as exports list them, a piece goes anywhere and the covered sets met
 * are every mix of placed pieces (pentominoes on 6x10: out of 5.7 GB
 * after 103 s); branched on last, they are covered by then or nearly, and
 * the states are the cells' frontier.  Marks them in global[]; their
 * number, or 0 if fewer than two (nothing like pieces: queens' rows and
 * columns, a tiling's cells, share options with each other). */
static int find_pieces(int np, const bool *with, const int *degree, bool *global)
{
	int *order = xmalloc(sizeof *order * ((size_t)np + 1));
	for (int i = 0; i < np; i++)
		order[i] = i;
	for (int i = 1; i < np; i++) /* stable, by degree, highest first */
		for (int j = i; j > 0 && degree[order[j - 1]] < degree[order[j]]; j--) {
			int t = order[j];
			order[j] = order[j - 1];
			order[j - 1] = t;
		}
	int taken = 0;
	for (int i = 0; i < np; i++) {
		bool apart = true;
		for (int j = 0; j < taken && apart; j++)
			apart = !with[(size_t)order[i] * np + order[j]];
		if (!apart)
			break;
		taken++;
	}
	if (taken < 2 || 2 * taken > np)
		taken = 0;
	for (int i = 0; i < taken; i++)
		global[order[i]] = true;
	free(order);
	return taken;
}

/* The primary items that share an option, as a matrix, and how many each
 * shares with: what the order of branching is chosen by. */
static bool *sharing(const struct xc_problem *p, int *degree)
{
	int np = p->n_primary;
	bool *with = xcalloc((size_t)np * (size_t)np + 1, sizeof *with);
	for (int k = 0; k < p->n_options; k++) {
		const int *it = xc_option_items(p, k);
		int n = xc_option_size(p, k);
		for (int a = 0; a < n; a++)
			for (int c = 0; c < n; c++)
				if (a != c && it[a] < np && it[c] < np && !with[(size_t)it[a] * np + it[c]]) {
					with[(size_t)it[a] * np + it[c]] = true;
					degree[it[a]]++;
				}
	}
	return with;
}

/* The profile of an order of the n items in list (not pieces): for each
 * item, how long it waits in the frontier, from the first item it shares
 * an option with to its own turn.  The states met while building are sets
 * of covered items around the frontier, so a thinner profile means far
 * fewer of them (pentominoes on 6x10: by rows of 10, 125.6 M states; down
 * the short side, 3.3 M). */
static long profile(int np, const bool *with, const int *list, int n)
{
	long sum = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < j; i++)
			if (with[(size_t)list[i] * np + list[j]]) {
				sum += j - i;
				break;
			}
	return sum;
}

/* Breadth first from an item that shares options with the fewest (a
 * corner of a board), the items at one distance in the given order:
 * bands that sweep the board, often across its short side where the
 * given order runs along the long one. */
static void sweep(int np, const bool *with, const int *degree, const int *list, int n, int *out)
{
	bool *placed = xcalloc((size_t)np + 1, sizeof *placed);
	int start = 0;
	for (int j = 1; j < n; j++)
		if (degree[list[j]] < degree[list[start]])
			start = j;
	int head = 0, tail = 0;
	out[tail++] = list[start];
	placed[list[start]] = true;
	while (tail < n) {
		if (head == tail) { /* another part, not reached: its first item */
			int j = 0;
			while (placed[list[j]])
				j++;
			out[tail++] = list[j];
			placed[list[j]] = true;
		}
		int at = out[head++];
		for (int j = 0; j < n; j++)
			if (!placed[list[j]] && with[(size_t)at * np + list[j]]) {
				out[tail++] = list[j];
				placed[list[j]] = true;
			}
	}
	free(placed);
}

/* The given order cut into runs where two items in a row share no option
 * (a board's rows, when its cells are given row by row), taken across:
 * the first of every run, then the second of every run, and so on.  A
 * board given along its long side is then swept down its short side
 * (pentominoes on 6x10: 3.3 M states, against 125.6 M by rows). */
static void across(int np, const bool *with, const int *list, int n, int *out)
{
	int *run_start = xmalloc(sizeof *run_start * ((size_t)n + 1));
	int runs = 0, longest = 0;
	for (int j = 0; j < n; j++) {
		if (j == 0 || !with[(size_t)list[j - 1] * np + list[j]]) {
			if (runs && j - run_start[runs - 1] > longest)
				longest = j - run_start[runs - 1];
			run_start[runs++] = j;
		}
	}
	run_start[runs] = n;
	if (n - run_start[runs - 1] > longest)
		longest = n - run_start[runs - 1];
	int at = 0;
	for (int c = 0; c < longest; c++)
		for (int r = 0; r < runs; r++)
			if (run_start[r] + c < run_start[r + 1])
				out[at++] = list[run_start[r] + c];
	free(run_start);
}

/* Each item's place in the order of branching: the primary items as
 * given, taken across, or swept breadth first, whichever has the thinnest
 * profile, the pieces among them last; the secondary items after. */
int *item_order_rank(const struct xc_problem *p, struct item_order_info *info)
{
	int np = p->n_primary;
	struct item_order_info ignored;
	if (!info)
		info = &ignored;
	memset(info, 0, sizeof *info);
	info->how = ITEM_ORDER_GIVEN;
	if (np > ITEM_ORDER_MOST) {
		int *rank = xmalloc(sizeof *rank * ((size_t)p->n_items + 1));
		for (int i = 0; i < p->n_items; i++)
			rank[i] = i;
		return rank;
	}
	int *degree = xcalloc((size_t)np + 1, sizeof *degree);
	bool *with = sharing(p, degree);
	bool *global = xcalloc((size_t)np + 1, sizeof *global);
	info->pieces = find_pieces(np, with, degree, global);
	int *list = xmalloc(sizeof *list * ((size_t)np + 1));
	int *swept = xmalloc(sizeof *swept * ((size_t)np + 1));
	int *crossed = xmalloc(sizeof *crossed * ((size_t)np + 1));
	int n = 0;
	for (int i = 0; i < np; i++)
		if (!global[i])
			list[n++] = i;
	if (n > 0) {
		sweep(np, with, degree, list, n, swept);
		across(np, with, list, n, crossed);
		long given = profile(np, with, list, n), by_sweep = profile(np, with, swept, n),
		     by_runs = profile(np, with, crossed, n);
		long best = given < by_sweep ? given : by_sweep;
		if (by_runs < best)
			best = by_runs;
		info->profile = best;
		info->cells = n;
		if (by_runs < given && by_runs <= by_sweep) {
			memcpy(list, crossed, sizeof *list * (size_t)n);
			info->how = ITEM_ORDER_ACROSS;
		} else if (by_sweep < given) {
			memcpy(list, swept, sizeof *list * (size_t)n);
			info->how = ITEM_ORDER_SWEPT;
		}
	}
	for (int i = 0; i < np; i++)
		if (global[i])
			list[n++] = i;
	int *rank = xmalloc(sizeof *rank * ((size_t)p->n_items + 1));
	for (int j = 0; j < np; j++)
		rank[list[j]] = j;
	for (int i = np; i < p->n_items; i++)
		rank[i] = i;
	free(crossed);
	free(swept);
	free(list);
	free(global);
	free(with);
	free(degree);
	return rank;
}

struct xc_problem *item_order_apply(const struct xc_problem *p, const int *rank)
{
	struct xc_problem *q = xc_new();
	int *item_at = xmalloc(sizeof *item_at * ((size_t)p->n_items + 1));
	for (int i = 0; i < p->n_items; i++)
		item_at[rank[i]] = i;
	for (int j = 0; j < p->n_items; j++)
		xc_add_item(q, p->name[item_at[j]], j < p->n_primary);
	int *items = xmalloc(sizeof *items * ((size_t)p->n_items + 1));
	for (int k = 0; k < p->n_options; k++) {
		const int *it = xc_option_items(p, k);
		int n = xc_option_size(p, k);
		for (int j = 0; j < n; j++)
			items[j] = rank[it[j]];
		xc_add_option(q, items, n, p->opt_tag[k], NULL);
	}
	free(items);
	free(item_at);
	return q;
}

const char *item_order_text(const struct item_order_info *info)
{
	switch (info->how) {
	case ITEM_ORDER_ACROSS:
		return info->pieces ? "cells taken across the rows, pieces last" : "cells taken across the rows";
	case ITEM_ORDER_SWEPT:
		return info->pieces ? "cells swept from a corner, pieces last" : "cells swept from a corner";
	case ITEM_ORDER_GIVEN:
		break;
	}
	return info->pieces ? "cells in the file's order, pieces last" : "in the file's order";
}
