#include "config.h"

#include "puzzles/sudoku_teach.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/sudoku_gen.h"
#include "puzzles/sudoku_logic.h"
#include "puzzles/sudoku_puzzle.h"
#include "util/u128.h"
#include "util/xalloc.h"

/* Steps of a hint's chain: the eliminations a placement rests on rarely
 * number more than a few. */
#define CHAIN_MAX 8

static void mark_step(const struct sudoku_logic_step *st, struct note *out)
{
	for (int i = 0; i < st->n_reason; i++)
		note_cell(out, st->reason[i]);
	if (st->cell >= 0)
		note_cell(out, st->cell);
}

/* The grid a solution makes from the givens: its entries laid on them. */
static void solution_grid(const struct puzzle_state *s, const char *solution, struct sudoku_grid *out)
{
	*out = *sudoku_state_givens(s);
	for (const char *m = solution; m && *m;) {
		int r, c, d, n = 0;
		if (sscanf(m, "r%dc%d=%d%n", &r, &c, &d, &n) == 3 && n > 0 && r >= 1 && r <= out->side && c >= 1 &&
		    c <= out->side && d >= 0 && d <= out->side)
			out->v[(r - 1) * out->side + c - 1] = (uint8_t)d;
		const char *e = strchr(m, ';');
		m = e ? e + 1 : NULL;
	}
}

/* When the ladder finds nothing: the blank cell with the fewest
 * candidates, which the solver's digit then fills. */
static int fewest_candidates(const struct sudoku_grid *g)
{
	sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
	sudoku_grid_candidates(g, sudoku_grid_geom_of(g), cand);
	int best = -1;
	for (int c = 0; c < g->cells; c++)
		if (!g->v[c] && (best < 0 || sudoku_grid_popcount(cand[c]) < sudoku_grid_popcount(cand[best])))
			best = c;
	return best;
}

/* A sentence begins with a capital, though a rung's words may not ("in
 * box 4 only ..."); a cell's name keeps its own ("r3c5 can only be 7"),
 * as players write it. */
static void sentence(char *text)
{
	if (text[0] < 'a' || text[0] > 'z')
		return;
	int r, c, n = 0;
	if (sscanf(text, "r%dc%d%n", &r, &c, &n) == 2 && n > 0)
		return;
	text[0] = (char)(text[0] - 'a' + 'A');
}

static void enter_tier(const struct sudoku_grid *g, int cell, int digit, struct note *out)
{
	char name[16];
	sudoku_cell_name(g, cell, name, sizeof name);
	note_say(out, "%s is %d", name, digit);
	note_cell(out, cell);
	sudoku_move_enter(g, cell, digit, out->move, sizeof out->move);
}

/* The first tier: where to look and what for, neither the cell's digit
 * nor the reason spelled out, so that the player may still find it. */
static void nudge(const struct sudoku_grid *g, const struct sudoku_logic_step *st, struct note *out)
{
	char unit[2][24] = { "", "" }, name[16];
	const struct sudoku_grid_geom *geo = sudoku_grid_geom_of(g);
	for (int i = 0; i < 2; i++)
		if (st->units[i] >= 0)
			sudoku_unit_name(g->side, st->units[i], unit[i], sizeof unit[i]);
	/* The cells to look at marked: the unit, the two units, or where
	 * a box and a line meet (a single's cell, below). */
	bool meet = st->tech == SUDOKU_LOGIC_LOCKED && st->units[1] >= 0;
	for (int i = 0; i < (meet ? 1 : 2) && st->tech != SUDOKU_LOGIC_NAKED_SINGLE; i++)
		for (int k = 0; st->units[i] >= 0 && k < g->side; k++) {
			int cell = geo->unit_cell[st->units[i]][k];
			if (!meet || sudoku_grid_in_unit(geo, cell, st->units[1]))
				note_cell(out, cell);
		}
	switch (st->tech) {
	case SUDOKU_LOGIC_NAKED_SINGLE:
		sudoku_cell_name(g, st->cell, name, sizeof name);
		note_say(out, "Look at %s: only one digit can go there", name);
		note_cell(out, st->cell);
		return;
	case SUDOKU_LOGIC_HIDDEN_SINGLE:
		note_say(out, "Look at %s: one digit has only one place left there", unit[0]);
		return;
	case SUDOKU_LOGIC_LOCKED:
		note_say(out, "Look where %s meets %s: a candidate locked there leads to the next digit", unit[0],
		         unit[1]);
		return;
	default: {
		const char *tech = sudoku_logic_technique_name(st->tech), *a = tech[0] == 'X' ? "an" : "a";
		if (unit[0][0] && unit[1][0])
			note_say(out, "Look for %s %s in %s and %s: it leads to the next digit", a, tech, unit[0], unit[1]);
		else
			note_say(out, "Look for %s %s in %s: it leads to the next digit", a, tech, unit[0][0] ? unit[0] : "the grid");
	}
	}
}

/* Tiers: where to look, then the elimination the next digit rests on (if
 * any), the reason for the digit, then the digit as a move.  When no rung
 * of the ladder applies, it says so, then offers the solver's digit.
 * chain has room for CHAIN_MAX steps. */
static bool hint_from(const struct puzzle_state *s, const char *solution, int tier, struct note *out,
                      struct sudoku_logic_step *chain)
{
	const struct sudoku_grid *g = sudoku_state_grid(s);
	int n = sudoku_logic_next_placement(g, chain, CHAIN_MAX);
	if (n == 0) {
		struct sudoku_grid sol;
		solution_grid(s, solution, &sol);
		int cell = fewest_candidates(g), digit = cell >= 0 ? sol.v[cell] : 0;
		if (cell < 0 || !digit)
			return false;
		if (tier == 1) {
			note_say(out, "No technique I know finds the next digit here: it takes trial and error");
			note_cell(out, cell);
			return true;
		}
		if (tier > 2)
			return false;
		enter_tier(g, cell, digit, out);
		return true;
	}
	const struct sudoku_logic_step *place = &chain[n - 1];
	int tiers = n > 1 ? 4 : 3;
	if (tier > tiers)
		return false;
	if (tier == tiers) {
		enter_tier(g, place->cell, place->digit, out);
		return true;
	}
	if (tier == 1) {
		nudge(g, n > 1 ? &chain[n - 2] : place, out);
		return true;
	}
	if (tier == 2 && n > 1) {
		/* The last elimination is the one the digit rests on directly;
		 * earlier ones are counted, not recited. */
		const struct sudoku_logic_step *el = &chain[n - 2];
		if (n > 2)
			note_say(out, "%s (the last of %d steps that rule candidates out)", el->why, n - 1);
		else
			note_say(out, "%s", el->why);
		sentence(out->text);
		mark_step(el, out);
		return true;
	}
	note_say(out, "%s", place->why);
	sentence(out->text);
	mark_step(place, out);
	return true;
}

bool sudoku_hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	note_clear(out);
	if (tier < 1)
		return false;
	if (sudoku_state_setup(s)) {
		/* Givens still being typed are no puzzle yet to hint at. */
		if (tier > 1)
			return false;
		note_say(out, "Type your givens first; F fixes them, and then hints can help");
		return true;
	}
	/* On the heap, for the hint alone: a step has room for a 25x25's
	 * eliminations (60 KB), and as static thread-local storage the chain
	 * was half a megabyte zeroed at the start of every thread and of
	 * every run of the program. */
	struct sudoku_logic_step *chain = xcalloc(CHAIN_MAX, sizeof *chain);
	bool told = hint_from(s, solution, tier, out, chain);
	free(chain);
	return told;
}

/* Up to this many cells named in a sentence; the rest are counted. */
#define NAMED_MAX 6

bool sudoku_mistakes(const struct puzzle_state *s, const char *solution, struct note *out)
{
	note_clear(out);
	const struct sudoku_grid *g = sudoku_state_grid(s), *givens = sudoku_state_givens(s);
	struct sudoku_grid sol;
	solution_grid(s, solution, &sol);
	char names[NAMED_MAX * 8] = "";
	int n = 0;
	for (int c = 0; c < g->cells; c++) {
		if (givens->v[c] || !g->v[c] || g->v[c] == sol.v[c])
			continue;
		if (n < NAMED_MAX) {
			char name[16];
			sudoku_cell_name(g, c, name, sizeof name);
			snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", n ? ", " : "", name);
		}
		n++;
		note_cell(out, c);
	}
	if (!n)
		return false;
	if (n == 1)
		note_say(out, "The digit in %s is not the solution's", names);
	else if (n <= NAMED_MAX)
		note_say(out, "%d entries are not the solution's: %s", n, names);
	else
		note_say(out, "%d entries are not the solution's: %s and %d more", n, names, n - NAMED_MAX);
	return true;
}

void sudoku_differ(const struct puzzle_state *s, const char *a, const char *b, struct note *out)
{
	note_clear(out);
	struct sudoku_grid ga, gb;
	solution_grid(s, a, &ga);
	solution_grid(s, b, &gb);
	char words[NAMED_MAX * 24] = "";
	int n = 0;
	for (int c = 0; c < ga.cells; c++) {
		if (ga.v[c] == gb.v[c])
			continue;
		if (n < 3) {
			char name[16];
			sudoku_cell_name(&ga, c, name, sizeof name);
			snprintf(words + strlen(words), sizeof words - strlen(words), "%s%s is %d or %d", n ? ", " : "", name,
			         ga.v[c], gb.v[c]);
		}
		n++;
		note_cell(out, c);
	}
	if (n > 3)
		note_say(out, "%s, and %d more cell%s differ%s", words, n - 3, n - 3 == 1 ? "" : "s", n - 3 == 1 ? "s" : "");
	else
		note_say(out, "%s", words);
}

bool sudoku_grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel)
{
	memset(out, 0, sizeof *out);
	const struct sudoku_grid *g = sudoku_state_grid(s);
	uint64_t ways = sudoku_count(g, 2, cancel);
	if (cancel && atomic_load(cancel))
		return false;
	out->solutions = ways >= 2 ? 2 : (int)ways;
	/* Several ways to finish: the search to the end would visit them all
	 * (an empty grid has 6.67e21), so no nodes are counted. */
	if (ways >= 2) {
		snprintf(out->why, sizeof out->why, "C counts them");
		return true;
	}
	int steps;
	enum sudoku_logic_technique hardest;
	if (!sudoku_logic_grade(g, &out->grade, &hardest, &steps, cancel))
		return false;
	/* The nodes of the search the player can watch from here (A), as the
	 * tilings count theirs. */
	if (!puzzle_search_nodes(&sudoku_puzzle, s, &out->effort, cancel))
		return false;
	char n[U128_DIGITS + 32];
	u128_grouped(out->effort, n);
	/* "1 search step" (the fast engine often needs no more), "83 search steps" */
	strcat(n, out->effort == 1 ? " search step" : " search steps");
	static const char proof[] = "to solve it and prove it unique";
	if (ways == 0)
		snprintf(out->why, sizeof out->why, "%s to show it", n);
	else if (out->grade >= 4)
		snprintf(out->why, sizeof out->why, "it takes trial and error; %s %s", n, proof);
	else if (hardest == SUDOKU_LOGIC_NAKED_SINGLE || hardest == SUDOKU_LOGIC_HIDDEN_SINGLE)
		snprintf(out->why, sizeof out->why, "singles only, %d of them; %s %s", steps, n, proof);
	else
		snprintf(out->why, sizeof out->why, "needs a %s; %s %s", sudoku_logic_technique_name(hardest), n,
		         proof);
	return true;
}

/* Attempts at a puzzle of the grade asked, each a new minimal puzzle:
 * grade 3 comes about once in 500. */
#define GEN_ATTEMPTS 20000

bool sudoku_generate(const struct puzzle *pz, const char *params, int grade, uint64_t seed, struct strbuf *desc,
                     const atomic_int *cancel, struct diag *err)
{
	bool symmetric = false;
	int side = 9, box_rows = 0, box_cols = 0;
	for (const char *p = params; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char *end;
		if (len == 9 && !strncmp(p, "symmetric", 9)) {
			symmetric = true;
		} else if (len > 6 && !strncmp(p, "grade=", 6) && strtol(p + 6, &end, 10) >= 1 &&
		           strtol(p + 6, NULL, 10) <= 4 && end == p + len) {
			grade = (int)strtol(p + 6, NULL, 10);
		} else if (len > 5 && !strncmp(p, "size=", 5) && strtol(p + 5, &end, 10) > 0 && end == p + len &&
		           sudoku_grid_default_shape((int)strtol(p + 5, NULL, 10), &box_rows, &box_cols)) {
			side = (int)strtol(p + 5, NULL, 10);
			box_rows = box_cols = 0;
		} else if (len == 7 && !strncmp(p, "box=", 4) && p[5] == 'x' && p[4] >= '2' && p[4] <= '5' &&
		           p[6] >= '2' && p[6] <= '5' && sudoku_grid_shape_ok(p[4] - '0', p[6] - '0')) {
			box_rows = p[4] - '0';
			box_cols = p[6] - '0';
		} else {
			diag_set(err, "%s knows grade=1 to grade=4, symmetric, size=4, 6, 9, 12, 16 or 25 and box=RxC, "
			         "not '%.*s'", pz->title, (int)(len > 20 ? 20 : len), p);
			return false;
		}
		p = e ? e + 1 : p + len;
	}
	if (grade < 0 || grade > 4) {
		diag_set(err, "the grade of a %s puzzle is 1 (easy) to 4", pz->title);
		return false;
	}
	if (!box_rows) {
		sudoku_grid_default_shape(side, &box_rows, &box_cols);
	} else if (box_rows * box_cols != side) {
		diag_set(err, "boxes of %dx%d make a %dx%d grid, not %dx%d", box_rows, box_cols, box_rows * box_cols,
		         box_rows * box_cols, side, side);
		return false;
	}
	const struct sudoku_grid_geom *geo = sudoku_grid_geom_get(box_rows, box_cols);
	for (uint64_t a = 0; a < GEN_ATTEMPTS; a++) {
		struct sudoku_grid g;
		if (!sudoku_gen_minimal_shape(box_rows, box_cols, symmetric, seed * GEN_ATTEMPTS + a, 1, &g, cancel))
			break;
		int got = 0, steps;
		enum sudoku_logic_technique hardest;
		if (!sudoku_logic_grade_geo(geo, &g, &got, &hardest, &steps, cancel))
			break;
		if (grade && got != grade)
			continue;
		char line[SUDOKU_MAX_LINE];
		sudoku_grid_format(&g, line);
		strbuf_addf(desc, "%s\n", line);
		return true;
	}
	if (cancel && atomic_load(cancel))
		diag_set(err, "stopped");
	else
		diag_set(err, "no %s puzzle of grade %d from seed %llu; try another seed", pz->title, grade,
		         (unsigned long long)seed);
	return false;
}
