/* The shipped Sudoku levels, beyond what the batch commands check
 * (tests/cli/levels.sh): each is proper and minimal (no given can go and
 * leave one solution), graded as the ladder grades it, and its hints lead
 * it to the solution, tier by tier, in a player's words. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

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
	char first_bad[256] = "";
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
		const struct sdk_grid *g = sudoku_state_grid(s);
		minimal += sudoku_is_minimal(g);
		int grade, steps;
		enum sdk_technique hardest;
		graded += sdk_logic_grade(g, &grade, &hardest, &steps, NULL) && grade == want;
		/* Hints all the way: each position's last tier is played. */
		int moves = 0;
		while (s && !pz->is_solved(s) && moves < SDK_MAX_CELLS) {
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
	ok(n >= 100, "%d shipped Sudoku levels (100 or more)", n);
	ok(minimal == n, "%d of %d proper and minimal", minimal, n);
	ok(graded == n, "%d of %d graded as the ladder grades them", graded, n);
	ok(led == n, "the hints alone lead %d of %d to the solution (%d tiers)", led, n, tiers);
	ok(!wide, "every tier fits the two status lines%s%s", wide ? ": " : "", first_bad);
	ok(!unmarked, "every tier marks a cell");
	return tap_done();
}
