/* The shipped Sudoku levels, beyond what the batch commands check
 * (tests/cli/levels.sh): each is proper and minimal (no given can go and
 * leave one solution), graded as the ladder grades it, and its hints lead
 * it to the solution, tier by tier, in a player's words; they are listed
 * (the menu's rows, N's next level) by grade, the 9x9s first, then by size. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game/catalog.h"
#include "game/level.h"
#include "puzzles/puzzle.h"
#include "puzzles/sudoku_gen.h"
#include "puzzles/sudoku_logic.h"
#include "puzzles/sudoku_puzzle.h"
#include "tap.h"

/* One solution from s, as one move, by the family's first engine. */
static char *solve(const struct puzzle *pz, const struct puzzle_state *s)
{
	struct engine *e = puzzle_engine_find(pz, NULL)->new(pz, s);
	struct engine_ctl ctl = { .report_solutions = true };
	char *move = NULL;
	if (engine_run(e, &ctl) == ENGINE_SOLUTION) {
		struct strbuf b = { 0 };
		e->ops->path_move(e, &b);
		move = strbuf_take(&b);
	}
	engine_free(e);
	return move;
}

int main(void)
{
	const struct puzzle *pz = &sudoku_puzzle;
	char **paths;
	int n = level_list(pz, &paths);
	int minimal = 0, graded = 0, led = 0, tiers = 0, wide = 0, unmarked = 0;
	int big = 0, big_proper = 0, big_graded = 0;
	bool sizes[SUDOKU_MAX_SIDE + 1] = { false };
	char first_bad[256] = "";
	/* The order the menu and N follow: by grade, each grade's 9x9s
	 * first, then the other sizes from the smallest, the usual boxes of
	 * a size before others. */
	int prev_grade = 0, prev_key = 0, misplaced = 0;
	for (int i = 0; i < n; i++) {
		struct level *lv = malloc(sizeof *lv);
		struct diag err;
		struct puzzle_state *s = level_start(pz, paths[i], lv, &err);
		int want = s ? lv->grade : -1;
		free(lv);
		if (!s) {
			tap_diag("%s: %s", paths[i], err.msg);
			continue;
		}
		const struct sudoku_grid *g = sudoku_state_grid(s);
		/* within a size, its usual boxes first (a 6x6's are 2x3) */
		int key = g->side == 9 ? 0 : 2 * g->side + (g->box_rows * g->box_rows > g->side);
		if (want < prev_grade || (want == prev_grade && key < prev_key)) {
			if (!misplaced++)
				tap_diag("%s listed after %s", paths[i], paths[i - 1]);
		}
		prev_grade = want;
		prev_key = key;
		/* Past 12x12 the generator keeps a clue whose check would run too
		 * long: those levels are proper, not always minimal; and hints all
		 * the way (a search a move) would take minutes. */
		if (g->side > 12) {
			big++;
			big_proper += sudoku_count(g, 2, NULL) == 1;
			int grade, steps;
			enum sudoku_logic_technique hardest;
			big_graded += sudoku_logic_grade(g, &grade, &hardest, &steps, NULL) && grade == want;
			pz->free_state(s);
			continue;
		}
		sizes[g->side] = true;
		minimal += sudoku_is_minimal(g);
		int grade, steps;
		enum sudoku_logic_technique hardest;
		graded += sudoku_logic_grade(g, &grade, &hardest, &steps, NULL) && grade == want;
		/* Hints all the way: each position's last tier is played. */
		int moves = 0;
		while (s && !pz->is_solved(s) && moves < SUDOKU_MAX_CELLS) {
			char *sol = solve(pz, s);
			struct note note;
			char move[NOTE_MOVE_MAX] = "";
			for (int tier = 1; sol && pz->hint(s, sol, tier, &note); tier++) {
				tiers++;
				wide += strlen(note.text) > 78 * 2;
				unmarked += !note.n_cells;
				if (strlen(note.text) > 78 * 2 && !first_bad[0])
					snprintf(first_bad, sizeof first_bad, "%s", note.text);
				if (note.move[0])
					snprintf(move, sizeof move, "%s", note.move);
			}
			free(sol);
			struct puzzle_state *next = move[0] ? pz->apply(s, move, &err) : NULL;
			pz->free_state(s);
			s = next;
			moves++;
		}
		if (s) {
			led += pz->is_solved(s);
			pz->free_state(s);
		}
	}
	level_list_free(paths, n);
	ok(n > 100 && !misplaced, "the %d levels listed by grade, the 9x9s first, then by size and box", n);
	/* N's next level follows the same order. */
	char at[512], next[512];
	struct diag nerr;
	const char *after[][2] = { { "2-12", "2-13" }, { "2-25", "2-12x12-01" }, { "1-6x6-02", "1-3x2-01" },
		                   { "4-4x3-01", "4-16x16-01" } };
	int followed = 0;
	for (size_t i = 0; i < sizeof after / sizeof *after; i++) {
		char want[512];
		level_resolve("sudoku", after[i][1], want, sizeof want, &nerr);
		if (level_resolve("sudoku", after[i][0], at, sizeof at, &nerr) &&
		    catalog_next_level(pz, at, next, sizeof next) && !strcmp(next, want))
			followed++;
		else
			tap_diag("after %s: %s, not %s", after[i][0], next, after[i][1]);
	}
	ok(followed == 4, "N after 2-12 is 2-13, after 2-25 the 12x12s, after 6x6s their other boxes, then 16x16s");

	/* c: the entries that are not the solution's, marked. */
	struct level *lv = malloc(sizeof *lv);
	struct diag err;
	char path[512];
	level_resolve("sudoku", "1-01", path, sizeof path, &err);
	struct puzzle_state *s = level_start(pz, path, lv, &err);
	free(lv);
	char *sol = s ? solve(pz, s) : NULL;
	const struct sudoku_grid *g = s ? sudoku_state_grid(s) : NULL;
	int blank = 0;
	while (g && g->v[blank])
		blank++;
	struct puzzle_state *t = NULL, *u = NULL;
	if (sol) {
		struct puzzle_state *solved = pz->apply(s, sol, &err);
		int right = sudoku_state_grid(solved)->v[blank];
		pz->free_state(solved);
		char move[32];
		sudoku_move_enter(g, blank, right % 9 + 1, move, sizeof move);
		t = pz->apply(s, move, &err);
		sudoku_move_enter(g, blank, right, move, sizeof move);
		u = pz->apply(s, move, &err);
	}
	struct note note;
	ok(t && pz->mistakes(t, sol, &note) && note.n_cells == 1 && note.cells[0] == blank &&
	       strstr(note.text, " is not the solution's"),
	   "a wrong entry is named and marked: %s", t ? note.text : "");
	ok(u && !pz->mistakes(u, sol, &note), "a right one is not");
	free(sol);
	if (s)
		pz->free_state(s);
	if (t)
		pz->free_state(t);
	if (u)
		pz->free_state(u);

	/* Two solutions of a puzzle that is not proper: where they differ. */
	int bad;
	s = pz->start(pz, "12..............", &bad, &err);
	struct engine *e = puzzle_engine_find(pz, NULL)->new(pz, s);
	struct engine_ctl ctl = { .report_solutions = true };
	struct strbuf a = { 0 }, b = { 0 };
	if (engine_run(e, &ctl) == ENGINE_SOLUTION)
		e->ops->path_move(e, &a);
	if (engine_run(e, &ctl) == ENGINE_SOLUTION)
		e->ops->path_move(e, &b);
	engine_free(e);
	pz->differ(s, a.s, b.s, &note);
	ok(note.n_cells >= 2 && strstr(note.text, " or "), "two solutions: where they differ, marked: %s", note.text);
	strbuf_free(&a);
	strbuf_free(&b);
	pz->free_state(s);

	/* c on a puzzle typed in: its puzzle is the givens fixed, not the
	 * empty grid the game began with. */
	s = pz->start(pz, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\nsetup",
	              &bad, &err);
	t = s ? pz->apply(s, "fix;r1c3=4", &err) : NULL;
	u = t ? pz->puzzle_of(t) : NULL;
	ok(u && !sudoku_state_setup(u) && sudoku_state_grid(u)->v[2] == 0 &&
	       sudoku_count(sudoku_state_grid(u), 2, NULL) == 1,
	   "a puzzle typed in and fixed: c compares with its one solution");
	if (s)
		pz->free_state(s);
	if (t)
		pz->free_state(t);
	if (u)
		pz->free_state(u);

	/* A grid still being set up has no hint but how to go on. */
	s = pz->start(pz, NULL, &bad, &err);
	ok(s && pz->hint(s, NULL, 1, &note) && strstr(note.text, "F fixes them") && !pz->hint(s, NULL, 2, &note),
	   "while the givens are typed, a hint says how to go on: %s", note.text);
	if (s)
		pz->free_state(s);
	ok(n >= 100, "%d shipped Sudoku levels (100 or more)", n);
	ok(minimal == n - big, "%d of %d up to 12x12 proper and minimal", minimal, n - big);
	ok(graded == n - big, "%d of %d graded as the ladder grades them", graded, n - big);
	ok(led == n - big, "the hints alone lead %d of %d to the solution (%d tiers)", led, n - big, tiers);
	ok(sizes[6] && sizes[9] && sizes[12], "levels of 6x6, 9x9 and 12x12 among them");
	ok(big >= 4 && big_proper == big, "%d of %d levels of 16x16 and 25x25 have one solution", big_proper, big);
	ok(big_graded == big, "%d of %d of them graded as the ladder grades them", big_graded, big);
	ok(!wide, "every tier fits the two status lines%s%s", wide ? ": " : "", first_bad);
	ok(!unmarked, "every tier marks a cell");
	return tap_done();
}
