/* Range as a family, through struct puzzle alone: descriptions with the
 * player's marks, moves, dead ends of each kind, hints that lead a player
 * from the start to the solution, the grades of the shipped levels, and
 * the generator's puzzles. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "util/rng.h"
#include "puzzles/puzzle.h"
#include "tap.h"

static const char *const generated = "9x6:b4f12_10a11f7c8f13c12f7a5_5f6b";

static const struct puzzle *pz;

static struct puzzle_state *start(const char *desc, struct diag *err)
{
	int bad;
	return pz->start(pz, desc, &bad, err);
}

static struct puzzle_state *play(struct puzzle_state *s, const char *move)
{
	struct diag err;
	struct puzzle_state *t = pz->apply(s, move, &err);
	if (!t)
		tap_diag("%s: %s", move, err.msg);
	pz->free_state(s);
	return t;
}

/* A solution of s as one move, by the first engine. */
static char *solution_of(const struct puzzle_state *s)
{
	struct engine *e = pz->engines[0]->new(pz, s);
	struct engine_ctl ctl = { .report_solutions = true };
	struct strbuf move = { 0 };
	strbuf_addf(&move, "%s", "");
	if (engine_run(e, &ctl) == ENGINE_SOLUTION)
		e->ops->path_move(e, &move);
	engine_free(e);
	return strbuf_take(&move);
}

static void test_descriptions(void)
{
	struct diag err;
	char buf[512];
	struct puzzle_state *s = start(generated, &err);
	ok(s != NULL, "a game ID starts a game");
	pz->describe(s, buf, sizeof buf);
	is_str(buf, "9x6:b4f12_10a11f7c8f13c12f7a5_5f6b\n", "described, it is its game ID");
	s = play(s, "#1,1;.3,1");
	pz->describe(s, buf, sizeof buf);
	struct puzzle_state *t = start(buf, &err);
	char again[512];
	pz->describe(t, again, sizeof again);
	is_str(again, buf, "the player's marks come back from the description");
	ok(strstr(buf, "\n#--------\n---------\n.--------\n"), "a row a line: '#' shaded, '.' dotted, '-' unmarked");
	pz->free_state(t);
	ok(!pz->apply(s, "#1,3", &err) && strstr(err.msg, "holds the number 4"), "a number's cell is not shaded: %s",
	   err.msg);
	ok(!pz->apply(s, "#7,1", &err) && strstr(err.msg, "is not a move"), "a cell off the grid: %s", err.msg);
	ok(!pz->apply(s, "q", &err), "nor a move of another form");
	pz->free_state(s);
	ok(!start("3x1:c\n#x#\n", &err) && strstr(err.msg, "line 2, column 2"), "a bad mark at its line and column: %s",
	   err.msg);
	ok(!start("3x1:c\n#-\n", &err) && strstr(err.msg, "line 2"), "a short row of marks: %s", err.msg);
	ok(!start("3x1:1b\n#--\n", &err) && strstr(err.msg, "numbered cell"), "a shaded number: %s", err.msg);
}

static void dead_end(const char *desc, const char *moves, const char *says, const char *name)
{
	struct diag err;
	struct note n;
	struct puzzle_state *s = play(start(desc, &err), moves);
	bool dead = pz->dead_end(s, &n);
	ok(dead && strstr(n.text, says) && n.n_cells > 0, "%s: %s", name, dead ? n.text : "(not seen)");
	pz->free_state(s);
}

static void test_dead_ends(void)
{
	struct diag err;
	struct note n;
	struct puzzle_state *s = play(start("3x3:i", &err), "#1,1");
	ok(!pz->dead_end(s, &n), "one shaded cell is no dead end");
	pz->free_state(s);
	dead_end("3x3:i", "#1,1;#1,2", "Two shaded cells touch, at row 1, column 1 and row 1, column 2",
	         "two shaded cells side by side");
	dead_end("4x1:3c", "#1,2", "The 3 at row 1, column 1 can see at most 1 cell now", "a number walled in");
	dead_end("4x1:1c", ".1,2", "The 1 at row 1, column 1 already sees 2 cells", "a number that sees too many");
	dead_end("3x3:i", "#1,2;#2,1;.1,1;.3,3", "The unshaded cells are cut in two", "a dotted corner walled off");
	/* Row 1, column 1 is unshaded in the solution: shaded, the rules soon
	 * show a number that sees too many. */
	dead_end(generated, "#1,1",
	         "No way to finish: the rules lead from your marks to this: the 4 at row 1, column 3 already sees 5 cells",
	         "a wrong shading the rules refute a few steps on");
	s = play(start(generated, &err), "#1,2;#3,5");
	ok(!pz->dead_end(s, &n), "shadings of the solution are no dead end");
	pz->free_state(s);
}

/* Hints from the start to the end: each last tier's move is played; the
 * puzzle must be solved, by its one solution, in at most one hint a cell. */
static void hints_solve(const char *desc, const char *name)
{
	struct diag err;
	struct puzzle_state *s = start(desc, &err);
	char *solution = solution_of(s);
	int hints = 0, trials = 0, revealed = 0;
	struct note n;
	ok(pz->hint(s, solution, 1, &n) && n.move[0] == '\0' && n.text[0], "%s: tier 1 says where to look: %s", name,
	   n.text);
	ok(pz->hint(s, solution, 2, &n) && n.move[0] == '\0' && n.n_cells > 0, "%s: tier 2 names the cell: %s", name,
	   n.text);
	while (!pz->is_solved(s) && hints < 400) {
		if (pz->hint(s, solution, 2, &n)) {
			trials += strstr(n.text, "Were the cell") != NULL;
			revealed += strstr(n.text, "In the solution") != NULL;
		}
		if (!pz->hint(s, solution, 3, &n) || !n.move[0])
			break;
		s = play(s, n.move);
		hints++;
		if (!s || pz->mistakes(s, solution, &n))
			break;
	}
	ok(s && pz->is_solved(s), "%s: %d hints solve it (%d by a trial, %d from the solution)", name, hints, trials,
	   revealed);
	ok(s && !pz->mistakes(s, solution, &n), "%s: with no mark the solution lacks", name);
	if (s)
		pz->free_state(s);
	free(solution);
}

static void test_hints_lead_to_the_solution(void)
{
	hints_solve(generated, "Tatham's 9x6");
	/* levels/range/4-01.txt (15x15): past the rules and one-step trials. */
	hints_solve("15x15:c2f4k7l16d20b15f8b15c9d6zg12b9a13h12f9c7_11x9e20c16_16t7_7o5c8c7h4c5e5a", "a level of grade 4");
}

static void test_wrong_mark(void)
{
	struct diag err;
	struct puzzle_state *s = start(generated, &err);
	char *solution = solution_of(s);
	/* Row 1, column 1 is unshaded in the solution. */
	s = play(s, "#1,1");
	struct note n;
	ok(pz->hint(s, solution, 2, &n) && strstr(n.text, "row 1, column 1 is marked wrong"), "a wrong mark first: %s",
	   n.text);
	ok(pz->hint(s, solution, 3, &n) && !strcmp(n.move, "-1,1"), "and the move clears it (%s)", n.move);
	pz->free_state(s);
	free(solution);
}

/* The shipped levels: one solution each, of the grade their file says. */
static void test_levels(void)
{
	int right = 0, total = 0;
	for (int grade = 1; grade <= 4; grade++)
		for (int k = 1; k <= 10; k++) {
			char path[1024];
			snprintf(path, sizeof path, "%s/levels/range/%d-%02d.txt", LD_SRCDIR, grade, k);
			struct level lv;
			struct diag err;
			struct puzzle_state *s = level_load(&lv, path, &err) ? level_state(&lv, &err) : NULL;
			struct puzzle_grade g = { 0 };
			total++;
			if (s && pz->grade(s, &g, NULL) && g.solutions == 1 && g.grade == grade && lv.grade == grade)
				right++;
			else
				tap_diag("%s: %s", path, s ? g.why : err.msg);
			if (s)
				pz->free_state(s);
		}
	is_u64(right, total, "every shipped level has one solution and the grade its file says");
}

static void test_generator(void)
{
	struct strbuf a = { 0 }, b = { 0 };
	struct diag err;
	ok(pz->generate(pz, NULL, 3, 99, &a, NULL, &err) && pz->generate(pz, NULL, 3, 99, &b, NULL, &err),
	   "two puzzles of grade 3 from seed 99");
	is_str(a.s, b.s, "the same seed makes the same puzzle");
	struct puzzle_state *s = start(a.s, &err);
	struct puzzle_grade g;
	ok(s && pz->grade(s, &g, NULL) && g.grade == 3 && g.solutions == 1, "of grade 3, with one solution");
	pz->free_state(s);
	strbuf_free(&a);
	strbuf_free(&b);
	/* Grade 4 at its own size, the shipped levels': 15x15. */
	ok(pz->generate(pz, NULL, 4, 7, &a, NULL, &err) && pz->generate(pz, NULL, 4, 7, &b, NULL, &err),
	   "two puzzles of grade 4 from seed 7");
	is_str(a.s, b.s, "the same seed makes the same puzzle");
	ok(!strncmp(a.s, "15x15:", 6), "15x15: %s", a.s);
	s = start(a.s, &err);
	ok(s && pz->grade(s, &g, NULL) && g.grade == 4 && g.solutions == 1, "of grade 4, with one solution");
	pz->free_state(s);
	strbuf_free(&a);
	strbuf_free(&b);
	bool made = pz->generate(pz, "size=6x4", 0, 5, &a, NULL, &err);
	ok(made && !strncmp(a.s, "6x4:", 4), "size=6x4: %s", made ? a.s : err.msg);
	ok(!pz->generate(pz, "size=1x99", 0, 5, &b, NULL, &err), "size=1x99 is refused: %s", err.msg);
	strbuf_free(&a);
	strbuf_free(&b);
}

/* Game IDs and marks mangled at random (a fixed seed): each is a game or
 * refused with a message that says where, and the games play a move and
 * count without harm. */
static void test_mangled(void)
{
	static const char alphabet[] = "abcyz0123456789_x:#.-\n ";
	struct rng r;
	rng_seed(&r, 22);
	int games = 0, refused = 0, placed = 0;
	for (int i = 0; i < 3000; i++) {
		char desc[96];
		snprintf(desc, sizeof desc, "%s", i % 2 ? generated : "3x2:a2b1a\n#.-\n---");
		size_t len = strlen(desc);
		for (int m = 0; m < 1 + (int)rng_below(&r, 4); m++) {
			size_t at = (size_t)rng_below(&r, len);
			switch (rng_below(&r, 3)) {
			case 0: desc[at] = alphabet[rng_below(&r, sizeof alphabet - 1)]; break;
			case 1: memmove(desc + at, desc + at + 1, len - at), len--; break;
			default:
				if (len + 1 < sizeof desc) {
					memmove(desc + at + 1, desc + at, len - at + 1);
					desc[at] = alphabet[rng_below(&r, sizeof alphabet - 1)];
					len++;
				}
			}
		}
		struct diag err;
		err.msg[0] = '\0';
		struct puzzle_state *s = start(desc, &err);
		if (!s) {
			refused += strstr(err.msg, "character ") || strstr(err.msg, "line ");
			continue;
		}
		games++;
		struct note n;
		pz->dead_end(s, &n);
		struct puzzle_state *t = pz->apply(s, "#1,1", &err);
		placed += t != NULL;
		if (t)
			pz->free_state(t);
		pz->free_state(s);
	}
	ok(games + refused == 3000, "3000 mangled descriptions: %d games, %d refused saying where", games, refused);
	ok(games > 0 && refused > 0, "some of each");
}

int main(void)
{
	pz = puzzle_find("range");
	if (!ok(pz != NULL, "the registry has range"))
		return tap_done();
	test_descriptions();
	test_dead_ends();
	test_hints_lead_to_the_solution();
	test_wrong_mark();
	test_levels();
	test_generator();
	test_mangled();
	return tap_done();
}
