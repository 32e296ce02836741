#include "config.h"

#include "toy_family.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "problems.h"
#include "puzzles/xc_engine.h"
#include "util/xalloc.h"

#define TOY_MAX_OPTIONS 1024

struct puzzle_state {
	char desc[16];
	struct xc_problem *whole;    /* every item and option of the puzzle */
	bool placed[TOY_MAX_OPTIONS];
};

/* The Sudoku and the queens are the test tree's own problems (problems.c). */
static struct xc_problem *build(const char *desc)
{
	int n;
	if (!strcmp(desc, "sudoku4"))
		return make_sudoku(2, 2, NULL);
	if (sscanf(desc, "queens%d", &n) == 1 && n >= 1 && n <= 16)
		return make_queens(n);
	if (!strcmp(desc, "k4")) {
		/* the vertices, covered by the edges */
		struct xc_problem *p = xc_new();
		char name[8];
		for (int v = 0; v < 4; v++) {
			snprintf(name, sizeof name, "v%d", v);
			xc_add_item(p, name, true);
		}
		for (int a = 0; a < 4; a++)
			for (int b = a + 1; b < 4; b++)
				xc_add_option(p, (int[]){ a, b }, 2, p->n_options, NULL);
		return p;
	}
	return NULL;
}

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	(void)pz;
	*bad_line = -1;
	struct xc_problem *p = desc ? build(desc) : NULL;
	if (!p) {
		diag_set(err, "no such toy: %s", desc ? desc : "(none)");
		return NULL;
	}
	struct puzzle_state *s = xcalloc(1, sizeof *s);
	snprintf(s->desc, sizeof s->desc, "%s", desc);
	s->whole = p;
	return s;
}

static void describe(const struct puzzle_state *s, char *buf, size_t size)
{
	snprintf(buf, size, "%s", s->desc);
}

static struct puzzle_state *copy(const struct puzzle_state *s)
{
	struct puzzle_state *c = xcalloc(1, sizeof *c);
	*c = *s;
	c->whole = build(s->desc);
	return c;
}

static void free_state(struct puzzle_state *s)
{
	if (!s)
		return;
	xc_free(s->whole);
	free(s);
}

/* The items covered by the options placed. */
static void covered(const struct puzzle_state *s, bool *cov)
{
	memset(cov, 0, sizeof *cov * (size_t)s->whole->n_items);
	for (int k = 0; k < s->whole->n_options; k++)
		if (s->placed[k])
			for (int i = 0; i < xc_option_size(s->whole, k); i++)
				cov[xc_option_items(s->whole, k)[i]] = true;
}

/* Moves are option numbers, "o12", joined by ';'. */
static struct puzzle_state *apply(const struct puzzle_state *s, const char *move, struct diag *err)
{
	struct puzzle_state *t = copy(s);
	bool *cov = xcalloc((size_t)s->whole->n_items, sizeof *cov);
	for (const char *m = move; *m;) {
		int k, used;
		if (sscanf(m, "o%d%n", &k, &used) != 1 || k < 0 || k >= t->whole->n_options) {
			diag_set(err, "not a move: %s", m);
			goto fail;
		}
		covered(t, cov);
		for (int i = 0; i < xc_option_size(t->whole, k); i++)
			if (cov[xc_option_items(t->whole, k)[i]]) {
				diag_set(err, "o%d clashes", k);
				goto fail;
			}
		t->placed[k] = true;
		m += used;
		if (*m == ';')
			m++;
	}
	free(cov);
	return t;
fail:
	free(cov);
	free_state(t);
	return NULL;
}

static bool is_solved(const struct puzzle_state *s)
{
	bool *cov = xcalloc((size_t)s->whole->n_items, sizeof *cov);
	covered(s, cov);
	bool all = true;
	for (int i = 0; i < s->whole->n_primary; i++)
		all &= cov[i];
	free(cov);
	return all;
}

/* The items left and the options that fit, tagged with their numbers in
 * the whole problem. */
static struct xc_problem *reduce(const struct puzzle_state *s, enum dlx_rule rule)
{
	(void)rule;
	const struct xc_problem *w = s->whole;
	bool *cov = xcalloc((size_t)w->n_items, sizeof *cov);
	int *id = xcalloc((size_t)w->n_items, sizeof *id), *it = xcalloc((size_t)w->n_items, sizeof *it);
	covered(s, cov);
	struct xc_problem *p = xc_new();
	for (int i = 0; i < w->n_items; i++)
		id[i] = cov[i] ? -1 : (xc_add_item(p, w->name[i], i < w->n_primary), p->n_items - 1);
	for (int k = 0; k < w->n_options; k++) {
		int n = 0;
		for (int i = 0; i < xc_option_size(w, k) && n >= 0; i++) {
			int x = xc_option_items(w, k)[i];
			if (id[x] < 0)
				n = -1;
			else
				it[n++] = id[x];
		}
		if (n > 0)
			xc_add_option(p, it, n, k, NULL);
	}
	free(cov);
	free(id);
	free(it);
	return p;
}

static void option_move(const struct puzzle_state *s, const struct xc_problem *p, int k, char *buf, size_t size)
{
	(void)s;
	snprintf(buf, size, "o%d", p->opt_tag[k]);
}

static void item_note(const struct puzzle_state *s, const struct xc_problem *p, int item, struct note *out)
{
	note_say(out, "part %s", p->name[item]);
	note_cell(out, xc_find_item(s->whole, p->name[item]));
}

static void describe_move(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief)
{
	(void)s;
	snprintf(buf, size, "%s%s", brief ? "" : "option ", move);
}

static const struct puzzle_xc toy_xc = { .reduce = reduce, .option_move = option_move, .item_note = item_note };
static const struct puzzle_engine *const toy_engines[] = { &xc_engine_dlx, NULL };

const struct puzzle toy_family = {
	.name = "toy",
	.title = "Toy problems",
	.start = start,
	.describe = describe,
	.copy = copy,
	.free_state = free_state,
	.apply = apply,
	.is_solved = is_solved,
	.describe_move = describe_move,
	.rules = "Place options so that every primary item is covered once.",
	.xc = &toy_xc,
	.engines = toy_engines,
	.count_noun = "solutions",
};
