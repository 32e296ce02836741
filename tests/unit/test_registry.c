/* The one interface of the families: the registry's lists, the level
 * parser handing a family its own description, and the tilings' hints as
 * a player reads them, over every shipped level. */
#include "config.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "puzzles/puzzle.h"
#include "solver/xc/dlx.h"
#include "tap.h"

static void test_names(void)
{
	const char *names = puzzle_names();
	bool all = true;
	int n = 0;
	for (int i = 0; puzzle_families[i]; i++, n++) {
		all &= strstr(names, puzzle_families[i]->name) != NULL;
		all &= puzzle_find(puzzle_families[i]->name) == puzzle_families[i];
		all &= puzzle_families[i]->rules && puzzle_families[i]->rules[0];
	}
	ok(n >= 2 && all, "every family is in \"%s\", found by name, with its rules", names);
	ok(n < 2 || strstr(names, " or ") != NULL, "the last two joined by 'or'");
	ok(!puzzle_find("nosuch"), "no family nosuch");
}

/* A family that is nothing like a tiling: its description is one number a
 * line, and a line reading "bad" is refused (its line, from 0). */
static int fake_lines;
static struct puzzle_state *fake_start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	(void)pz;
	int line = 0;
	fake_lines = 0;
	for (const char *p = desc; p && *p; line++) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == 3 && !strncmp(p, "bad", 3)) {
			*bad_line = line;
			diag_set(err, "a line that says bad");
			return NULL;
		}
		fake_lines++;
		p = e ? e + 1 : p + len;
	}
	*bad_line = -1;
	return (struct puzzle_state *)&fake_lines;
}

static void test_level_description(void)
{
	struct level *lv = malloc(sizeof *lv);
	struct diag err;
	const struct puzzle *pz = puzzle_families[0];
	char text[256];
	snprintf(text, sizeof text, "# a comment\nfamily %s\nname x\ngrade 2\n\nboard\n53..7\n# kept\n\nbad\n", pz->name);
	ok(level_parse(lv, text, "f.txt", &err), "a level with any text after 'board' parses");
	is_str(lv->desc, "53..7\n# kept\n\nbad\n", "the description is the text after 'board', as it stands");
	is_u64((uint64_t)lv->desc_line, 7, "and starts on line 7");
	struct puzzle fake = { .name = "fake", .title = "Fake", .start = fake_start };
	lv->pz = &fake;
	ok(!level_state(lv, &err), "the family's start sees it and refuses it");
	is_str(err.msg, "f.txt:10: a line that says bad", "its line, 3 of the description, is line 10 of the file");
	snprintf(lv->desc, sizeof lv->desc, "1\n2\n");
	ok(level_state(lv, &err) && fake_lines == 2, "and takes a good one");
	snprintf(text, sizeof text, "family nosuch\nboard\n");
	ok(!level_parse(lv, text, "f.txt", &err) && strstr(err.msg, puzzle_names()),
	   "an unknown family: the registry's list (%s)", err.msg);
	free(lv);
}

/* Is there a solver's item name in text: the name of an item of the
 * family's problem from s that is not also the player's word for it (the
 * tilings' cell "r3c5" or piece "LtGreen"; Sudoku players do say r3c5)? */
static bool has_item_name(const struct puzzle *pz, const struct puzzle_state *s, const char *text)
{
	struct xc_problem *p = pz->xc->reduce(s, DLX_MRV);
	bool found = false;
	for (int i = 0; i < p->n_items && !found; i++) {
		struct note words;
		note_clear(&words);
		pz->xc->item_note(s, p, i, &words);
		if (!strcmp(words.text, p->name[i]))
			continue;
		size_t len = strlen(p->name[i]);
		for (const char *f = strstr(text, p->name[i]); f && !found; f = strstr(f + 1, p->name[i]))
			found = (f == text || !isalnum((unsigned char)f[-1])) && !isalnum((unsigned char)f[len]);
	}
	xc_free(p);
	return found;
}

/* "X covers X": a piece named as what covers itself. */
static bool covers_itself(const char *text)
{
	const char *c = strstr(text, " covers ");
	if (!c)
		return false;
	const char *w = c;
	while (w > text && w[-1] != ' ' && w[-1] != ',')
		w--;
	size_t len = (size_t)(c - w);
	return !strncmp(c + 8, w, len) && !isalpha((unsigned char)c[8 + len]);
}

/* One solution from s, as one move, or NULL. */
static char *solve(const struct puzzle *pz, const struct puzzle_state *s)
{
	struct xc_problem *p = pz->xc->reduce(s, DLX_MRV);
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { .report_solutions = true };
	char *move = NULL;
	if (dlx_run(d, &ctl) == ENGINE_SOLUTION) {
		int path[1024], n = dlx_path(d, path); /* a 25x25 Sudoku has hundreds of blanks */
		move = calloc((size_t)n + 1, NOTE_MOVE_MAX);
		for (int i = 0; i < n; i++) {
			char one[NOTE_MOVE_MAX];
			pz->xc->option_move(s, p, path[i], one, sizeof one);
			if (i)
				strcat(move, ";");
			strcat(move, one);
		}
	}
	dlx_free(d);
	xc_free(p);
	return move;
}

static void test_hints(void)
{
	int positions = 0, named = 0, selfish = 0, unmarked = 0, unplayable = 0, tiers = 0;
	char first_bad[NOTE_TEXT_MAX] = "";
	for (int f = 0; puzzle_families[f]; f++) {
		const struct puzzle *pz = puzzle_families[f];
		if (!pz->hint || !pz->xc)
			continue;
		char **paths;
		int n = level_list(pz, &paths);
		for (int i = 0; i < n; i++) {
			struct level *lv = malloc(sizeof *lv);
			struct diag err;
			struct puzzle_state *s = level_start(pz, paths[i], lv, &err);
			free(lv);
			if (!s)
				continue;
			/* The level's start, then each position on the way to its
			 * solution, a hint's move played each time. */
			while (s && !pz->is_solved(s)) {
				char *sol = solve(pz, s);
				if (!sol)
					break;
				positions++;
				struct note note;
				char move[NOTE_MOVE_MAX] = "";
				for (int tier = 1; pz->hint(s, sol, tier, &note); tier++) {
					tiers++;
					bool item = has_item_name(pz, s, note.text);
					bool bad = item || covers_itself(note.text);
					named += item;
					selfish += covers_itself(note.text);
					unmarked += !note.n_cells && !note.n_pieces;
					if (bad && !first_bad[0])
						snprintf(first_bad, sizeof first_bad, "%s", note.text);
					if (note.move[0])
						snprintf(move, sizeof move, "%s", note.move);
				}
				free(sol);
				struct puzzle_state *next = move[0] ? pz->apply(s, move, &err) : NULL;
				unplayable += !next;
				pz->free_state(s);
				s = next;
			}
			if (s)
				pz->free_state(s);
		}
		level_list_free(paths, n);
	}
	ok(positions > 100, "hints on %d positions of the shipped levels (%d tiers)", positions, tiers);
	ok(!named, "no hint names a solver's item (r3c5, LtGreen)%s%s", named ? ": " : "", named ? first_bad : "");
	ok(!selfish, "no hint says a piece covers itself%s%s", selfish ? ": " : "", selfish ? first_bad : "");
	ok(!unmarked, "every tier marks a cell or a piece");
	ok(!unplayable, "every last tier is a move that can be played");
}

static void test_hint_words(void)
{
	const struct puzzle *pz = puzzle_find("kanoodle");
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, NULL, &bad, &err);
	char *sol = solve(pz, s);
	struct note n1, n2, n3;
	/* On the empty board a piece has the fewest places. */
	ok(pz->hint(s, sol, 1, &n1) && strstr(n1.text, " fits in ") && n1.n_pieces == 1 && !n1.n_cells,
	   "tier 1 on the empty board names a piece, marked: %s", n1.text);
	ok(pz->hint(s, sol, 2, &n2) && strstr(n2.text, "In a way to finish from here, ") && strstr(n2.text, " goes on ")
	       && n2.n_pieces == 1 && n2.n_cells > 0,
	   "tier 2 says where it goes: %s", n2.text);
	ok(pz->hint(s, sol, 3, &n3) && n3.move[0] && strstr(n3.text, "Place "), "tier 3 is the move: %s (%s)", n3.text,
	   n3.move);
	ok(!pz->hint(s, sol, 4, &n3) && !pz->hint(s, NULL, 2, &n3), "no tier 4, and no tier 2 without a solution");
	free(sol);
	struct note d;
	struct puzzle_state *w = pz->start(pz, ".W.........\nWW.........\n...........\n...........\n...........\n", &bad,
	                                   &err);
	ok(w && pz->dead_end(w, &d) && note_has_cell(&d, 0) && strstr(d.text, "row 1, column 1"),
	   "a dead end as a note, its cell marked: %s", w ? d.text : err.msg);
	ok(!pz->dead_end(s, &d), "the empty board is no dead end");
	if (w)
		pz->free_state(w);
	pz->free_state(s);
}

/* The hint's first tier, the search on screen and the grader speak from
 * one source: the first step of the family's first engine is the hint's
 * first tier (its words and marks), and the grade's effort is the node
 * count that search reaches, stepped as the screen steps it. */
static void test_one_source(void)
{
	int levels = 0, words_levels = 0, same_words = 0, same_marks = 0, same_nodes = 0;
	char first_bad[2 * NOTE_TEXT_MAX] = "";
	for (int f = 0; puzzle_families[f]; f++) {
		const struct puzzle *pz = puzzle_families[f];
		/* A family that words its branches (choice_note) gives that
		 * first step as its hint's first tier; any grader counts the
		 * search's nodes. */
		bool first_step = pz->xc && pz->xc->choice_note && pz->hint;
		if (!pz->grade)
			continue;
		char **paths;
		int n = level_list(pz, &paths);
		for (int i = 0; i < n; i++) {
			struct level *lv = malloc(sizeof *lv);
			struct diag err;
			struct puzzle_state *s = level_start(pz, paths[i], lv, &err);
			free(lv);
			if (!s)
				continue;
			levels++;
			struct engine *e = puzzle_engine_find(pz, NULL)->new(pz, s);
			struct engine_ctl ctl = { .step = true };
			struct note step, hint;
			note_clear(&step);
			if (engine_run(e, &ctl) == ENGINE_STEP)
				e->ops->event_note(e, &step);
			while (engine_run(e, &ctl) == ENGINE_STEP)
				;
			char *sol = first_step ? solve(pz, s) : NULL;
			bool hinted = first_step && pz->hint(s, sol, 1, &hint);
			free(sol);
			words_levels += first_step;
			same_words += hinted && !strncmp(hint.text, step.text, strlen(step.text));
			same_marks += hinted && hint.n_cells == step.n_cells && hint.n_pieces == step.n_pieces
			              && !memcmp(hint.cells, step.cells, sizeof *step.cells * (size_t)step.n_cells)
			              && !memcmp(hint.pieces, step.pieces, sizeof *step.pieces * (size_t)step.n_pieces);
			if (hinted && strncmp(hint.text, step.text, strlen(step.text)) && !first_bad[0])
				snprintf(first_bad, sizeof first_bad, "'%.100s' against '%.100s'", hint.text, step.text);
			struct puzzle_grade g;
			same_nodes += pz->grade(s, &g, NULL) && g.effort == engine_stats(e)->nodes;
			engine_free(e);
			pz->free_state(s);
		}
		level_list_free(paths, n);
	}
	ok(levels > 50, "%d shipped levels", levels);
	ok(words_levels > 50 && same_words == words_levels,
	   "on %d of %d the hint's first tier says the search's first step%s%s", same_words, words_levels,
	   first_bad[0] ? ": " : "", first_bad);
	ok(same_marks == words_levels, "on %d of %d it marks what the search's first step marks", same_marks,
	   words_levels);
	ok(same_nodes == levels, "on %d of %d the grade's effort is the node count of the search on screen",
	   same_nodes, levels);
}

/* c on a tiling: a piece the player placed where the solution does not
 * have it is named and marked; the solution's own placement is not. */
static void test_tiling_mistakes(void)
{
	const struct puzzle *pz = puzzle_find("kanoodle");
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, NULL, &bad, &err);
	char *sol = solve(pz, s);
	/* The solution's first placement, and the same piece one cell over
	 * where it fits too: found by trying the moves a shift gives. */
	const char *semi = strchr(sol, ';');
	char first[NOTE_MOVE_MAX];
	snprintf(first, sizeof first, "%.*s", (int)(semi - sol), sol);
	struct puzzle_state *right = pz->apply(s, first, &err);
	struct note note;
	ok(right && !pz->mistakes(right, sol, &note), "a piece where the solution has it: nothing to mark");
	struct puzzle_state *wrong = NULL;
	for (int dc = 1; dc <= 6 && !wrong; dc++) {
		char moved[NOTE_MOVE_MAX], *w = moved;
		for (const char *c = first; *c; c++) {
			if (*c == 'c' && c[-1] >= '0' && c[-1] <= '9') {
				int col = atoi(c + 1);
				w += sprintf(w, "c%d", col + dc);
				while (c[1] >= '0' && c[1] <= '9')
					c++;
			} else {
				*w++ = *c;
			}
		}
		*w = '\0';
		wrong = pz->apply(s, moved, &err);
	}
	ok(wrong && pz->mistakes(wrong, sol, &note) && strstr(note.text, " is not where the solution has it") &&
	       note.n_pieces == 1 && note.n_cells > 0,
	   "a piece elsewhere is named and marked: %s", wrong ? note.text : "");
	if (right)
		pz->free_state(right);
	if (wrong)
		pz->free_state(wrong);
	free(sol);
	pz->free_state(s);
}

/* Counting is asked of the family (puzzle_count): on the exact-cover part
 * with the memo for a tiling, by the first engine for the clique puzzle,
 * which has no exact-cover part; and a limit is a limit either way. */
static u128 count_of(const struct puzzle *pz, const char *desc, uint64_t limit, bool *complete)
{
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, desc, &bad, &err);
	if (!s)
		return 0;
	struct count_opts o;
	count_opts_init(&o);
	o.rule = DLX_FIRST;
	o.memo = COUNT_MEMO_ON;
	o.memo_bytes = (size_t)64 << 20;
	o.limit = limit;
	struct count_result r;
	puzzle_count(pz, s, &o, &r);
	u128 n = r.st.solutions;
	*complete = r.complete;
	count_result_free(&r);
	pz->free_state(s);
	return n;
}

static void test_count(void)
{
	const struct puzzle *kanoodle = puzzle_find("kanoodle"), *clique = puzzle_find("clique");
	bool complete = false;
	if (kanoodle) {
		is_u64((uint64_t)count_of(kanoodle, NULL, 0, &complete), 371020, "Kanoodle's empty board: 371020 ways");
		ok(complete, "  the count is complete");
		is_u64((uint64_t)count_of(kanoodle, NULL, 7, &complete), 7, "  7 with a limit of 7");
	}
	if (clique) {
		const char *c5 = "p edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n";
		is_u64((uint64_t)count_of(clique, c5, 0, &complete), 5, "a 5-cycle's largest cliques, by the engine: 5");
		ok(complete, "  the count is complete");
		is_u64((uint64_t)count_of(clique, c5, 3, &complete), 3, "  3 with a limit of 3");
	}
	for (int i = 0; puzzle_families[i]; i++) {
		const struct puzzle *pz = puzzle_families[i];
		int bad;
		struct diag err;
		struct puzzle_state *s = pz->start(pz, NULL, &bad, &err);
		ok(s && puzzle_can_finish(pz, s), "%s: free play can be finished", pz->name);
		if (s)
			pz->free_state(s);
	}
}

/* A family's own commands fit the tables the batch commands read them
 * into. */
static void test_commands(void)
{
	int commands = 0;
	bool fit = true;
	for (int i = 0; puzzle_families[i]; i++)
		for (int c = 0; puzzle_families[i]->commands && puzzle_families[i]->commands[c]; c++, commands++) {
			const struct puzzle_command *cmd = puzzle_families[i]->commands[c];
			fit &= cmd->verb && cmd->nouns && cmd->nouns[0] && cmd->usage && cmd->run;
			fit &= cmd->n_options >= 0 && cmd->n_options <= PUZZLE_OPTIONS_MAX;
			for (int o = 0; o < cmd->n_options; o++)
				fit &= cmd->options[o].values >= 0 && cmd->options[o].values <= PUZZLE_OPTION_VALUES;
		}
	ok(fit, "the families' %d own commands fit the option tables", commands);
}

int main(void)
{
	test_tiling_mistakes();
	test_one_source();
	test_names();
	test_level_description();
	test_hint_words();
	test_hints();
	test_count();
	test_commands();
	return tap_done();
}
