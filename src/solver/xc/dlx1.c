/* Knuth's DLX1, plainly (dlx1.h says what it is for).
 *
 * The data.  Items are numbered 1..N, the primary ones 1..N1 first.  Two
 * circular lists, through prev[] and next[], hold the items still to
 * cover: the primary ones headed by 0, the secondary ones by N + 1.  The
 * search is over when next[0] == 0.
 *
 * Nodes are numbered too.  Nodes 1..N are the item headers.  Then come
 * the options, one after another, each a run of nodes (one per item it
 * names) with a spacer node before the first option and after each.  For
 * an option's node x, top[x] is its item; for a spacer, top[x] <= 0,
 * up[x] is the first node of the option before it and down[x] the last
 * node of the option after it, so a walk along an option that meets a
 * spacer can jump back to the option's other end.
 *
 * Each item's options form a circular list through up[] and down[], headed
 * by the item's header node, in input order; len[i] is its length.
 *
 * What stays true.  Covering item i takes i out of its item list and
 * "hides" every option in i's list: unlinks each of its other nodes from
 * their items' lists (i's own list is left whole, so it can be walked
 * again).  An option that is not hidden has all its nodes in their lists.
 * An unlinked node keeps its own up and down links, so putting it back
 * (down[up[x]] = x, up[down[x]] = x) restores the list exactly, provided
 * the undoing happens in the reverse order of the doing: uncover(i) undoes
 * cover(i) once everything covered since has been uncovered.  len[] always
 * counts the nodes in each list; the lists of the items still to cover
 * hold exactly the options that can still be chosen.
 *
 * The counters are DLX1's: an update per item covered and per node
 * hidden; a mem per read or write of a node's or item's field, charged
 * where DLX1 charges it. */
#include "config.h"

#include "solver/xc/dlx1.h"

#include <limits.h>
#include <stdlib.h>

#include "util/xalloc.h"

struct dlx1 {
	int *prev, *next;   /* items 0..N+1: the lists of items to cover */
	int *len;           /* per item: the length of its list of options */
	int *up, *down;     /* per node: its neighbours in its item's list */
	int *top;           /* per node: its item, or <= 0 for a spacer */
	int *choice;        /* per level: the node of the option tried */
	struct search_stats *st;
};

/* Link head and the items first..last into one circular list, in order. */
static void link_items(struct dlx1 *x, int head, int first, int last)
{
	int before = head;
	for (int i = first; i <= last; i++) {
		x->prev[i] = before, x->next[before] = i;
		before = i;
	}
	x->prev[head] = before, x->next[before] = head;
}

static void build(struct dlx1 *x, const struct xc_problem *p)
{
	int n = p->n_items, n_nodes = n + 1 + xc_entries(p) + p->n_options + 1;
	x->prev = xcalloc((size_t)n + 2, sizeof *x->prev);
	x->next = xcalloc((size_t)n + 2, sizeof *x->next);
	x->len = xcalloc((size_t)n + 1, sizeof *x->len);
	x->up = xcalloc((size_t)n_nodes, sizeof *x->up);
	x->down = xcalloc((size_t)n_nodes, sizeof *x->down);
	x->top = xcalloc((size_t)n_nodes, sizeof *x->top);
	x->choice = xcalloc((size_t)p->n_primary + 1, sizeof *x->choice);
	link_items(x, 0, 1, p->n_primary);
	link_items(x, n + 1, p->n_primary + 1, n);
	for (int i = 1; i <= n; i++)
		x->up[i] = x->down[i] = i;
	int spacer = n + 1, last = n + 1; /* top[spacer] = 0: the first spacer */
	for (int k = 0; k < p->n_options; k++) {
		int first = last + 1;
		for (int j = 0; j < xc_option_size(p, k); j++) {
			int node = ++last, i = xc_option_items(p, k)[j] + 1;
			x->top[node] = i;
			x->len[i]++;
			x->up[node] = x->up[i], x->down[node] = i; /* at the bottom of i's list */
			x->down[x->up[i]] = node, x->up[i] = node;
		}
		x->down[spacer] = last;
		spacer = ++last;
		x->top[spacer] = -(k + 1), x->up[spacer] = first;
	}
}

/* Unlink the nodes of p's option but p from their lists. */
static void hide(struct dlx1 *x, int p)
{
	for (int q = p + 1; q != p;) {
		int i = x->top[q], u = x->up[q], d = x->down[q];
		x->st->mems += 2;
		if (i <= 0) {
			q = u; /* a spacer: on from the option's first node */
			continue;
		}
		x->down[u] = d, x->up[d] = u, x->len[i]--, q++;
		x->st->mems += 4, x->st->updates++;
	}
}

/* Put them back, the other way along the option. */
static void unhide(struct dlx1 *x, int p)
{
	for (int q = p - 1; q != p;) {
		int i = x->top[q], u = x->up[q], d = x->down[q];
		x->st->mems += 2;
		if (i <= 0) {
			q = d; /* a spacer: on from the option's last node */
			continue;
		}
		x->down[u] = q, x->up[d] = q, x->len[i]++, q--;
		x->st->mems += 4;
	}
}

static void cover(struct dlx1 *x, int i)
{
	int l = x->prev[i], r = x->next[i];
	x->next[l] = r, x->prev[r] = l;
	x->st->mems += 4, x->st->updates++;
	for (int p = x->down[i]; p != i; p = x->down[p], x->st->mems++)
		hide(x, p);
}

static void uncover(struct dlx1 *x, int i)
{
	x->st->mems += 4;
	for (int p = x->up[i]; p != i; p = x->up[p], x->st->mems++)
		unhide(x, p);
	int l = x->prev[i], r = x->next[i];
	x->next[l] = i, x->prev[r] = i;
}

/* Cover the items of p's option but p's own, going right from p. */
static void cover_others(struct dlx1 *x, int p)
{
	for (int q = p + 1; q != p; x->st->mems++)
		if (x->top[q] <= 0)
			q = x->up[q], x->st->mems++;
		else
			cover(x, x->top[q++]);
}

/* Uncover them, going left. */
static void uncover_others(struct dlx1 *x, int p)
{
	for (int q = p - 1; q != p; x->st->mems++)
		if (x->top[q] <= 0)
			q = x->down[q], x->st->mems++;
		else
			uncover(x, x->top[q--]);
}

/* The primary item with the shortest list, the first on a tie; the scan
 * stops at an empty list, as short as any. */
static int choose(struct dlx1 *x)
{
	int best = 0, shortest = INT_MAX;
	x->st->mems++;
	for (int i = x->next[0]; shortest > 0 && i != 0; i = x->next[i]) {
		x->st->mems += 2;
		if (x->len[i] < shortest)
			best = i, shortest = x->len[i];
	}
	return best;
}

/* A solution: a node of its own, one level below the last choice. */
static void count_solution(struct search_stats *st, int level)
{
	st->nodes++;
	st->profile[level]++;
	if (level > st->max_level)
		st->max_level = level;
	st->solutions = stats_add_count(st->solutions, 1, &st->overflow);
}

/* Algorithm X: try each option of the chosen item in turn, at each level
 * until every primary item is covered (a solution) or one has no option
 * left (a dead end), and back up. */
static void search(struct dlx1 *x)
{
	struct search_stats *st = x->st;
	int level = 0, best, p;
	if (x->next[0] == 0) {
		count_solution(st, 0); /* nothing to cover: the empty choice */
		return;
	}
forward:
	st->nodes++;
	st->profile[level]++;
	best = choose(x);
	cover(x, best);
	p = x->choice[level] = x->down[best];
	st->mems += 2;
advance:
	if (p == best)
		goto backup;
	cover_others(x, p);
	st->mems++;
	if (x->next[0] == 0) {
		count_solution(st, level + 1);
		goto recover;
	}
	if (++level > st->max_level)
		st->max_level = level;
	goto forward;
backup:
	uncover(x, best);
	if (level == 0)
		return;
	level--;
	p = x->choice[level], best = x->top[p];
	st->mems += 2;
recover:
	uncover_others(x, p);
	p = x->choice[level] = x->down[p];
	st->mems += 2;
	goto advance;
}

void dlx1_count(const struct xc_problem *p, struct search_stats *st)
{
	struct dlx1 x = { .st = st };
	stats_init(st, p->n_primary + 2);
	build(&x, p);
	search(&x);
	free(x.prev);
	free(x.next);
	free(x.len);
	free(x.up);
	free(x.down);
	free(x.top);
	free(x.choice);
}
