/* Range in a player's words: the next deduction as a hint in three tiers
 * (the rule and where to look; the cell and why; the move), the marks
 * that break a rule said as soon as they do, and the grade by the rules
 * a person needs. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/range_puzzle.h"
#include "puzzles/range_state.h"
#include "solver/range/range_search.h"
#include "util/xalloc.h"

static const char *const dir_words[] = { "up", "to its right", "down", "to its left" };

static void words(const struct puzzle_state *s, int k, char *buf, size_t size)
{
	range_puzzle_cell_words(s, k, buf, size);
}

/* Mark number cell's row and column as far as it could see. */
static void mark_sight(const struct range_grid *g, int cell, struct note *out)
{
	note_cell(out, cell);
	for (int dir = 0; dir < 4; dir++)
		for (int k = range_grid_step(g, cell, dir); k >= 0 && g->cell[k] != RANGE_BLACK;
		     k = range_grid_step(g, k, dir))
			note_cell(out, k);
}

/* Tier 1: the rule, and where to look. */
static void say_where(const struct puzzle_state *s, const struct range_grid *g, const struct range_deduction *d,
                      struct note *out)
{
	char at[40];
	switch (d->rule) {
	case RANGE_RULE_NEIGHBOUR:
		words(s, d->clue, at, sizeof at);
		note_say(out, "A shaded cell's neighbours are unshaded: look around %s", at);
		note_cell(out, d->clue);
		break;
	case RANGE_RULE_REACH:
		words(s, d->clue, at, sizeof at);
		note_say(out, "The %d at %s cannot find all its cells in the other directions", g->clue[d->clue], at);
		mark_sight(g, d->clue, out);
		break;
	case RANGE_RULE_STOP:
		words(s, d->clue, at, sizeof at);
		note_say(out, "The %d at %s must stop seeing somewhere: where?", g->clue[d->clue], at);
		mark_sight(g, d->clue, out);
		break;
	case RANGE_RULE_CONNECT:
		note_say(out, "The unshaded cells must stay one region: one cell is their only link");
		break;
	default:
		words(s, d->cell, at, sizeof at);
		note_say(out, "Suppose the cell at %s were %s, and follow the rules from there", at,
		         d->value == RANGE_BLACK ? "unshaded" : "shaded");
		note_cell(out, d->cell);
		break;
	}
}

/* A trial's outcome in words: the cell given the other value, the rules
 * followed to where one breaks, and which (as a dead end says it). */
static void say_trial(const struct puzzle_state *s, const struct range_grid *g, const struct range_deduction *d,
                      const char *cell, struct note *out)
{
	struct range_grid *t = range_grid_copy(g);
	enum range_cell other = d->value == RANGE_BLACK ? RANGE_WHITE : RANGE_BLACK;
	if (range_grid_set(t, d->cell, other))
		range_grid_propagate(t, RANGE_RULE_CONNECT);
	struct puzzle_state *then = range_puzzle_new(s->w, s->h, s->clue);
	for (int k = 0; k < s->n; k++)
		then->mark[k] = t->cell[k];
	struct note broken;
	bool said = range_teach_dead_end(then, &broken);
	const char *was = other == RANGE_BLACK ? "shaded" : "unshaded", *is = other == RANGE_BLACK ? "unshaded" : "shaded";
	if (said && broken.text[0]) {
		broken.text[0] = (char)(broken.text[0] - 'A' + 'a');
		note_say(out, "Were the cell at %s %s, the rules would lead to this: %s.  So it is %s", cell, was,
		         broken.text, is);
		for (int i = 0; i < broken.n_cells; i++)
			note_cell(out, broken.cells[i]);
	} else {
		note_say(out, "The cell at %s %s breaks a rule a few steps on: it is %s", cell, was, is);
	}
	free(then);
	range_grid_free(t);
}

/* Tier 2 and 3: the cell, and why. */
static void say_why(const struct puzzle_state *s, const struct range_grid *g, const struct range_deduction *d,
                    struct note *out)
{
	char at[40], cell[40];
	words(s, d->cell, cell, sizeof cell);
	if (d->clue >= 0)
		words(s, d->clue, at, sizeof at);
	note_cell(out, d->cell);
	switch (d->rule) {
	case RANGE_RULE_NEIGHBOUR:
		note_say(out, "The cell at %s touches the shaded cell at %s: it is unshaded", cell, at);
		break;
	case RANGE_RULE_REACH:
		note_say(out, "The %d at %s must see further %s, so the cell at %s is unshaded", g->clue[d->clue], at,
		         dir_words[d->dir], cell);
		break;
	case RANGE_RULE_STOP:
		note_say(out, "Unshaded, the cell at %s would show the %d at %s too many cells: it is shaded", cell,
		         g->clue[d->clue], at);
		break;
	case RANGE_RULE_CONNECT:
		note_say(out, "Shading the cell at %s would cut the unshaded cells in two: it is unshaded", cell);
		break;
	default:
		say_trial(s, g, d, cell, out);
		break;
	}
}

/* A mark that the solution does not have: the hint is to take it back. */
static bool hint_mistake(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	if (!solution || !range_puzzle.mistakes(s, solution, out))
		return false;
	int first = out->cells[0];
	if (tier == 1) {
		note_clear(out);
		note_say(out, "A mark is not the solution's: check your shading and dots");
	} else {
		char at[40];
		words(s, first, at, sizeof at);
		note_clear(out);
		note_say(out, "The cell at %s is marked wrong", at);
		note_cell(out, first);
		if (tier >= 3)
			snprintf(out->move, sizeof out->move, "-%d,%d", first / s->w + 1, first % s->w + 1);
	}
	return true;
}

/* Past what the rules and one-step trials find (a puzzle of grade 4): the
 * first unmarked cell, as the solution has it. */
static bool hint_from_solution(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	int *cells = xmalloc((size_t)s->n * sizeof *cells), k = -1;
	unsigned char *values = xmalloc((size_t)s->n);
	struct diag err;
	int n = solution ? range_puzzle_parse_move(s, solution, cells, values, &err) : -1;
	/* A shaded cell tells more (its neighbours follow); else any. */
	unsigned char value = RANGE_BLACK;
	for (int pass = 0; pass < 2 && k < 0; pass++)
		for (int i = 0; i < n && k < 0; i++)
			if (s->mark[cells[i]] == RANGE_UNKNOWN && (pass || values[i] == RANGE_BLACK)) {
				k = cells[i];
				value = values[i];
			}
	if (k >= 0) {
		char at[40];
		words(s, k, at, sizeof at);
		if (tier == 1)
			note_say(out, "No single rule, nor one cell tried both ways, finds the next cell: a longer chain "
			              "does (H again: a cell of the solution)");
		else
			note_say(out, "In the solution the cell at %s is %s", at, value == RANGE_BLACK ? "shaded" : "unshaded");
		if (tier > 1)
			note_cell(out, k);
		if (tier == 3)
			snprintf(out->move, sizeof out->move, "%c%d,%d", value == RANGE_BLACK ? '#' : '.', k / s->w + 1,
			         k % s->w + 1);
	}
	free(cells);
	free(values);
	return k >= 0;
}

bool range_teach_hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	if (tier < 1 || tier > 3)
		return false;
	note_clear(out);
	if (hint_mistake(s, solution, tier, out))
		return true;
	struct range_grid *g = range_puzzle_grid(s);
	struct range_deduction d;
	bool broken, found = range_grid_deduce(g, RANGE_RULE_TRIAL, &d, &broken);
	if (!found && !broken) {
		range_grid_free(g);
		return hint_from_solution(s, solution, tier, out);
	}
	if (found) {
		if (tier == 1)
			say_where(s, g, &d, out);
		else
			say_why(s, g, &d, out);
		if (tier == 3)
			snprintf(out->move, sizeof out->move, "%c%d,%d", d.value == RANGE_BLACK ? '#' : '.',
			         d.cell / s->w + 1, d.cell % s->w + 1);
	}
	range_grid_free(g);
	return found;
}

/* Two shaded cells side by side. */
static bool touching(const struct puzzle_state *s, struct note *out)
{
	for (int k = 0; k < s->n; k++)
		for (int dir = 1; dir <= 2 && s->mark[k] == RANGE_BLACK; dir++) {
			int nb = dir == 1 ? (k % s->w + 1 < s->w ? k + 1 : -1) : (k + s->w < s->n ? k + s->w : -1);
			if (nb >= 0 && s->mark[nb] == RANGE_BLACK) {
				char a[40], b[40];
				words(s, k, a, sizeof a);
				words(s, nb, b, sizeof b);
				note_say(out, "Two shaded cells touch, at %s and %s", a, b);
				note_cell(out, k);
				note_cell(out, nb);
				return true;
			}
		}
	return false;
}

/* A number that sees too many already, or cannot see enough any more. */
static bool number_broken(const struct puzzle_state *s, const struct range_grid *g, struct note *out)
{
	for (int i = 0; i < g->n_clues; i++) {
		int c = g->clue_cells[i], least = 1, most = 1;
		for (int dir = 0; dir < 4; dir++) {
			int l, m;
			range_grid_sight(g, c, dir, &l, &m);
			least += l;
			most += m;
		}
		if (least <= g->clue[c] && most >= g->clue[c])
			continue;
		char at[40];
		words(s, c, at, sizeof at);
		if (least > g->clue[c])
			note_say(out, "The %d at %s already sees %d cells", g->clue[c], at, least);
		else
			note_say(out, "The %d at %s can see at most %d cell%s now", g->clue[c], at, most, most == 1 ? "" : "s");
		mark_sight(g, c, out);
		return true;
	}
	return false;
}

/* Unshaded cells (dots and numbers) that the shading has cut apart. */
static bool region_cut(const struct puzzle_state *s, const struct range_grid *g, struct note *out)
{
	int *seen = xcalloc((size_t)s->n, sizeof *seen), *stack = xmalloc((size_t)s->n * sizeof *stack);
	int first = -1, other = -1;
	for (int k = 0; k < s->n && first < 0; k++)
		if (g->cell[k] == RANGE_WHITE)
			first = k;
	if (first >= 0) {
		int top = 0;
		stack[top++] = first;
		seen[first] = 1;
		while (top > 0) {
			int v = stack[--top];
			for (int dir = 0; dir < 4; dir++) {
				int u = range_grid_step(g, v, dir);
				if (u >= 0 && !seen[u] && g->cell[u] != RANGE_BLACK) {
					seen[u] = 1;
					stack[top++] = u;
				}
			}
		}
		for (int k = 0; k < s->n && other < 0; k++)
			if (g->cell[k] == RANGE_WHITE && !seen[k])
				other = k;
	}
	if (other >= 0) {
		char a[40], b[40];
		words(s, first, a, sizeof a);
		words(s, other, b, sizeof b);
		note_say(out, "The unshaded cells are cut in two: %s cannot reach %s", a, b);
		note_cell(out, first);
		note_cell(out, other);
	}
	free(seen);
	free(stack);
	return other >= 0;
}

/* A rule the marks break as they stand. */
static bool broken_now(const struct puzzle_state *s, struct note *out)
{
	note_clear(out);
	if (touching(s, out))
		return true;
	struct range_grid *g = range_puzzle_grid(s);
	bool dead = number_broken(s, g, out) || region_cut(s, g, out);
	range_grid_free(g);
	return dead;
}

/* The rules followed from the marks (a shaded cell's neighbours, the
 * numbers, the cut) to a rule broken: then no way to finish is left,
 * which is certain as soon as they show it. */
static bool broken_ahead(const struct puzzle_state *s, struct note *out)
{
	struct range_grid *g = range_puzzle_grid(s);
	bool ok = true;
	for (int k = 0; k < s->n && ok; k++)
		for (int dir = 0; dir < 4 && ok && g->cell[k] == RANGE_BLACK; dir++) {
			int nb = range_grid_step(g, k, dir);
			ok = nb < 0 || range_grid_set(g, nb, RANGE_WHITE);
		}
	ok = ok && range_grid_propagate(g, RANGE_RULE_CONNECT);
	if (!ok) {
		struct puzzle_state *then = range_puzzle_new(s->w, s->h, s->clue);
		for (int k = 0; k < s->n; k++)
			then->mark[k] = g->cell[k];
		struct note why;
		if (broken_now(then, &why) && why.text[0]) {
			why.text[0] = (char)(why.text[0] - 'A' + 'a');
			note_say(out, "No way to finish: the rules lead from your marks to this: %s", why.text);
			for (int i = 0; i < why.n_cells; i++)
				note_cell(out, why.cells[i]);
		} else {
			note_say(out, "No way to finish: the rules lead from your marks to a contradiction");
		}
		free(then);
	}
	range_grid_free(g);
	return !ok;
}

bool range_teach_dead_end(const struct puzzle_state *s, struct note *out)
{
	return broken_now(s, out) || broken_ahead(s, out);
}

int range_teach_logic_grade(struct range_grid *g, uint64_t *steps)
{
	*steps = 0;
	/* Propagation checks every number after its row or column last
	 * changed, and the cut pass checks the region at its end: a grid it
	 * fills without a contradiction is solved (the first rules alone
	 * leave the region to be checked). */
	if (!range_grid_propagate(g, RANGE_RULE_STOP))
		return 4;
	if (g->unknown == 0)
		return range_grid_connected(g) ? 1 : 4;
	if (!range_grid_propagate(g, RANGE_RULE_CONNECT))
		return 4;
	if (g->unknown == 0)
		return 2;
	int trials = range_grid_trials(g);
	*steps = trials > 0 ? (uint64_t)trials : 0;
	return trials >= 0 && g->unknown == 0 ? 3 : 4;
}

bool range_teach_grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel)
{
	struct puzzle_state *p = range_puzzle.puzzle_of(s);
	struct range_grid *g = range_puzzle_grid(p);
	uint64_t count, nodes, steps;
	bool done = range_search_count(g, 2, cancel, &count, &nodes);
	memset(out, 0, sizeof *out);
	if (done) {
		out->solutions = (int)count;
		out->effort = nodes;
		struct range_grid *work = range_grid_copy(g);
		out->grade = range_teach_logic_grade(work, &steps);
		range_grid_free(work);
		static const char *const needs[] = { "", "the numbers and the neighbours of shaded cells",
			                             "the numbers and keeping the unshaded cells joined",
			                             "trying a cell both ways", "a search beyond one-step trials" };
		snprintf(out->why, sizeof out->why, "needs %s", needs[out->grade]);
	}
	range_grid_free(g);
	range_puzzle.free_state(p);
	return done;
}
