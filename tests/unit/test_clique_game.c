/* The clique puzzle as a family and on the game screen: states from
 * DIMACS, moves, the largest sizes, dead ends, the engines' ways to
 * finish against a brute force, hints, grading and generation, level
 * files in DIMACS form, saves; then the view's keys, clicks and golden
 * screens (a selection, a hint's colouring, the search's panel, ASCII).
 *
 * LD_GOLDEN_WRITE=1 writes the golden files anew (check them by eye). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "game/save.h"
#include "game/session.h"
#include "game/worker.h"
#include "puzzles/clique_puzzle.h"
#include "tap.h"
#include "golden.h"
#include "play_input.h"
#include "ui/canvas.h"
#include "ui/graph_view.h"
#include "ui/play.h"
#include "ui/style.h"
#include "util/clock.h"
#include "util/rng.h"
#include "util/textfit.h"
#include "util/xalloc.h"

static const struct puzzle *const pz = &clique_puzzle;

/* The Petersen graph: no triangle (largest clique 2), largest independent
 * set 4.  Outer 5-cycle 1..5, spokes i -- i+5, inner pentagram 6..10. */
static const char *const PETERSEN =
	"c the Petersen graph\n"
	"p edge 10 15\n"
	"e 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n"
	"e 1 6\ne 2 7\ne 3 8\ne 4 9\ne 5 10\n"
	"e 6 8\ne 8 10\ne 10 7\ne 7 9\ne 9 6\n";

/* Two triangles 1-2-3 and 4-5-6 joined by 3-4, and 7 joined to 1 and 2
 * (so 1-2-3 and 1-2-7 are triangles too), then a K4 on 5, 6, 8, 9: the
 * largest clique is {5, 6, 8, 9}, alone. */
static const char *const SMALL =
	"p edge 9 14\n"
	"e 1 2\ne 1 3\ne 2 3\ne 4 5\ne 4 6\ne 5 6\ne 3 4\ne 1 7\ne 2 7\n"
	"e 5 8\ne 5 9\ne 6 8\ne 6 9\ne 8 9\n";

static struct puzzle_state *start(const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, desc, &bad, &err);
	if (!s)
		tap_diag("%s", err.msg);
	return s;
}

static struct puzzle_state *after(struct puzzle_state *s, const char *m)
{
	struct diag err;
	struct puzzle_state *t = pz->apply(s, m, &err);
	if (!t)
		tap_diag("%s: %s", m, err.msg);
	pz->free_state(s);
	return t;
}

/* ---- the family --------------------------------------------------------------- */

static void test_states(void)
{
	struct puzzle_state *s = start(PETERSEN);
	ok(s && clique_puzzle_vertices(s) == 10, "the Petersen graph: 10 vertices");
	if (!s)
		return;
	ok(clique_puzzle_goal(s) == 2, "its largest clique: 2");
	s = after(s, "mode independent");
	ok(clique_puzzle_independent(s) && clique_puzzle_goal(s) == 4, "its largest independent set: 4");
	s = after(s, "+1;+3");
	ok(clique_puzzle_selection(s) == 0x5, "+1;+3 picks two vertices in one move");
	char buf[PUZZLE_DESC_MAX];
	pz->describe(s, buf, sizeof buf);
	struct puzzle_state *t = start(buf);
	ok(t && clique_puzzle_independent(t) && clique_puzzle_selection(t) == 0x5 && clique_puzzle_goal(t) == 4,
	   "described and started again: the mode and the selection kept");
	/* A description written on Windows reads the same. */
	struct strbuf crlf = { 0 };
	for (const char *c = buf; *c; c++)
		strbuf_addf(&crlf, *c == '\n' ? "\r\n" : "%c", *c);
	struct puzzle_state *w = start(crlf.s);
	ok(w && clique_puzzle_independent(w) && clique_puzzle_selection(w) == 0x5, "with \\r\\n line ends too");
	if (w)
		pz->free_state(w);
	strbuf_free(&crlf);
	char buf2[PUZZLE_DESC_MAX];
	if (t)
		pz->describe(t, buf2, sizeof buf2);
	ok(t && !strcmp(buf, buf2), "and it describes itself the same");
	if (t)
		pz->free_state(t);
	s = after(s, "mode clique");
	ok(!clique_puzzle_independent(s) && clique_puzzle_selection(s) == 0, "back to cliques: the selection is emptied");

	struct diag err;
	const char *bad_moves[] = { "+0", "+11", "+1;+1", "-2", "+x", "7", "mode both", "+1;", NULL };
	int refused = 0;
	for (int i = 0; bad_moves[i]; i++) {
		struct puzzle_state *u = pz->apply(s, bad_moves[i], &err);
		refused += u == NULL;
		if (u)
			pz->free_state(u);
		else if (strlen(err.msg) > 80)
			tap_diag("too long: %s", err.msg);
	}
	ok(refused == 8, "bad moves refused: %d of 8", refused);
	struct puzzle_state *u = pz->apply(s, "+1;+1", &err);
	ok(!u && strstr(err.msg, "vertex 1 is already in your set"), "in words: %s", err.msg);
	pz->free_state(s);
}

static void test_descriptions(void)
{
	int bad;
	struct diag err;
	struct {
		const char *desc, *words;
		int line;
	} cases[] = {
		{ "p edge 3 1\ne 1 4\n", "out of range", 1 },
		{ "e 1 2\n", "before the 'p edge", 0 },
		{ "p edge 2 1\ne 1 2\nc mode both\n", "'clique' or 'independent'", 2 },
		{ "p edge 2 1\ne 1 2\nc selected 1 3\n", "numbers from 1 to 2", 2 },
		{ "p edge 65 0\n", "1 to 64", -1 },
		{ "", "no graph", -1 },
		{ "c only a comment\n", "no 'p edge N M' line", 0 },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct puzzle_state *s = pz->start(pz, cases[i].desc, &bad, &err);
		ok(!s && strstr(err.msg, cases[i].words) && bad == cases[i].line && strlen(err.msg) <= 80,
		   "refused at line %d of the description: %s", bad, err.msg);
		if (s)
			pz->free_state(s);
	}
}

static void test_dead_ends(void)
{
	struct puzzle_state *s = start(SMALL);
	if (!s)
		return;
	struct note n;
	note_clear(&n);
	ok(clique_puzzle_goal(s) == 4 && !pz->dead_end(s, &n), "the largest clique has 4; no dead end at the start");
	s = after(s, "+1;+5");
	note_clear(&n);
	ok(pz->dead_end(s, &n) && strstr(n.text, "1 and 5 are not joined") && note_has_cell(&n, 0)
	           && note_has_cell(&n, 4),
	   "two unjoined vertices: %s", n.text);
	s = after(s, "-5;+2");
	note_clear(&n);
	ok(pz->dead_end(s, &n) && !strcmp(n.text, "3 and 7 could join, but no two of them are joined: 1 more at most, 2 needed")
	           && n.n_cells == 2 && note_has_cell(&n, 2) && note_has_cell(&n, 6) && n.cell_class[0] == 0
	           && n.cell_class[1] == 0,
	   "1 and 2: 3 and 7 can join, unjoined, said with them and marked: %s", n.text);
	s = after(s, "-1;-2;+4;+5");
	note_clear(&n);
	ok(pz->dead_end(s, &n) && !strcmp(n.text, "only vertex 6 can join your clique: 2 more needed")
	           && n.n_cells == 1 && note_has_cell(&n, 5),
	   "4 and 5: the one vertex that can join, named and marked: %s", n.text);
	ok(!pz->is_solved(s), "not solved");
	s = after(s, "-4;+6;+8;+9");
	ok(pz->is_solved(s), "5, 6, 8, 9: solved");
	pz->free_state(s);
}

/* Every largest clique of the puzzle's graph that holds the selection,
 * by brute force over all subsets. */
static int brute_ways(const struct puzzle_state *s)
{
	int n = clique_puzzle_vertices(s), goal = clique_puzzle_goal(s), ways = 0;
	uint64_t sel = clique_puzzle_selection(s);
	for (uint64_t m = 0; m < (uint64_t)1 << n; m++) {
		if ((m & sel) != sel || __builtin_popcountll(m) != goal)
			continue;
		bool clique = true;
		for (int u = 0; u < n && clique; u++)
			if (m >> u & 1)
				clique = (m & ~clique_puzzle_neighbours(s, u) & ~((uint64_t)1 << u)) == 0;
		ways += clique;
	}
	return ways;
}

static char *random_graph(struct rng *r, int n, double p)
{
	struct strbuf b = { 0 };
	int m = 0;
	bool e[64][64] = { { false } }; /* n <= 64 */
	for (int u = 0; u < n; u++)
		for (int v = u + 1; v < n; v++)
			if (rng_unit(r) < p)
				e[u][v] = true, m++;
	strbuf_addf(&b, "p edge %d %d\n", n, m);
	for (int u = 0; u < n; u++)
		for (int v = u + 1; v < n; v++)
			if (e[u][v])
				strbuf_addf(&b, "e %d %d\n", u + 1, v + 1);
	return strbuf_take(&b);
}

/* Does text fit lines of 78 columns (an 80-column screen's status),
 * wrapped at blanks, in at most max_lines? */
static bool fits_lines(const char *text, int max_lines)
{
	char out[1024];
	return textfit_lines(text, 78, max_lines + 1, false, out, sizeof out) <= max_lines;
}

/* Words of the solver's that a player should not meet. */
static bool players_words(const char *text)
{
	return !strstr(text, "colour") && !strstr(text, "class") && !strstr(text, "node");
}

/* Every dead end said on the status line fits it whole: "Dead end: ",
 * the reason, "  (H: what to take back)" in the two status lines of an
 * 80-column screen, on graphs of 64 vertices, where the numbers have two
 * digits; and every hint fits them too.  Both in a player's words. */
static void test_dead_end_length(void)
{
	struct rng r;
	rng_seed(&r, 64);
	int seen = 0, fit = 0, longest = 0, hints = 0, hints_fit = 0, words = 0, said = 0;
	for (int t = 0; t < 60; t++) {
		char *desc = random_graph(&r, 64, 0.3 + 0.6 * rng_unit(&r));
		struct puzzle_state *s = start(desc);
		free(desc);
		if (!s)
			continue;
		if (t % 2)
			s = after(s, "mode independent");
		for (int k = 1 + (int)rng_below(&r, 3); k > 0; k--) {
			char m[16];
			int v = (int)rng_below(&r, 64);
			if (!(clique_puzzle_selection(s) >> v & 1)) {
				snprintf(m, sizeof m, "+%d", v + 1);
				s = after(s, m);
			}
		}
		struct note n;
		note_clear(&n);
		if (pz->dead_end(s, &n)) {
			char line[400];
			int len = snprintf(line, sizeof line, "Dead end: %s  (H: what to take back)", n.text);
			seen++;
			fit += fits_lines(line, 2);
			words += players_words(n.text);
			said++;
			if (len > longest)
				longest = len;
		}
		/* The hints' first two tiers speak of the position alone; the
		 * solution is needed only for the vertex they rule out. */
		for (int tier = 1; tier <= 2; tier++) {
			note_clear(&n);
			if (pz->hint(s, "+1", tier, &n)) {
				hints++;
				hints_fit += fits_lines(n.text, 2);
				words += players_words(n.text);
				said++;
			}
		}
		pz->free_state(s);
	}
	ok(seen > 10 && fit == seen,
	   "dead ends on 64 vertices fit the two status lines of 80 columns: %d of %d (longest %d columns)", fit, seen,
	   longest);
	ok(hints > 10 && hints_fit == hints, "hints on 64 vertices fit them too: %d of %d", hints_fit, hints);
	ok(words == said, "in a player's words (no colours, classes or nodes): %d of %d", words, said);
}

/* Each engine's ways to finish are the brute force's, and each is a
 * solution the family accepts. */
static void test_engines(void)
{
	struct rng r;
	rng_seed(&r, 20261123);
	int positions = 0, same[3] = { 0 }, played[3] = { 0 }, found[3] = { 0 };
	for (int t = 0; t < 120; t++) {
		int n = 4 + (int)rng_below(&r, 10);
		char *desc = random_graph(&r, n, 0.2 + 0.6 * rng_unit(&r));
		struct puzzle_state *s = start(desc);
		free(desc);
		if (!s)
			continue;
		if (t % 2)
			s = after(s, "mode independent");
		/* A selection of up to two random vertices, legal or not. */
		for (int k = (int)rng_below(&r, 3); k > 0; k--) {
			char m[16];
			int v = (int)rng_below(&r, (uint64_t)n);
			if (!(clique_puzzle_selection(s) >> v & 1)) {
				snprintf(m, sizeof m, "+%d", v + 1);
				s = after(s, m);
			}
		}
		int want = brute_ways(s);
		positions++;
		for (int k = 0; k < 3; k++) {
			struct engine *e = pz->engines[k]->new(pz, s);
			struct engine_ctl ctl = { .report_solutions = true };
			int ways = 0, good = 0;
			while (engine_run(e, &ctl) == ENGINE_SOLUTION) {
				struct strbuf b = { 0 };
				e->ops->path_move(e, &b);
				struct diag err;
				struct puzzle_state *done = b.len ? pz->apply(s, b.s, &err) : pz->copy(s);
				good += done && pz->is_solved(done);
				if (done)
					pz->free_state(done);
				strbuf_free(&b);
				ways++;
			}
			same[k] += ways == want && (int)engine_stats(e)->solutions == want;
			played[k] += good == ways;
			found[k] += ways > 0;
			engine_free(e);
		}
		pz->free_state(s);
	}
	for (int k = 0; k < 3; k++) {
		ok(same[k] == positions, "%s: the ways to finish are the brute force's on %d of %d positions",
		   pz->engines[k]->name, same[k], positions);
		ok(played[k] == positions && found[k] > positions / 3,
		   "%s: every way found is a largest set the family accepts (%d positions with one)",
		   pz->engines[k]->name, found[k]);
	}
}

/* Stepped as the screen steps it: larger cliques as the best so far,
 * cuts against it, one largest set as the solution, then the end. */
static void test_steps(void)
{
	struct puzzle_state *s = start(SMALL);
	if (!s)
		return;
	struct engine *e = pz->engines[0]->new(pz, s);
	struct engine_ctl ctl = { .step = true };
	int improved = 0, cuts = 0, solutions = 0, steps = 0;
	bool best_said = false, done_said = false;
	struct note n;
	enum engine_status st;
	while ((st = engine_run(e, &ctl)) == ENGINE_STEP && steps++ < 10000) {
		e->ops->event_note(e, &n);
		const struct engine_event *ev = engine_event(e);
		improved += strstr(n.text, "the best so far, to beat from here") != NULL;
		best_said |= strstr(n.text, "best so far") != NULL && ev->kind != ENGINE_EV_NONE;
		cuts += ev->kind == ENGINE_EV_PRUNE && strstr(n.text, "cut") != NULL;
		solutions += ev->kind == ENGINE_EV_SOLUTION && strstr(n.text, "a largest clique: 4 vertices") != NULL;
	}
	/* The end comes as ENGINE_DONE, its event the last. */
	e->ops->event_note(e, &n);
	done_said = st == ENGINE_DONE && !strcmp(n.text, "every branch searched: no clique has more than 4");
	if (!done_said)
		tap_diag("the end (%d): %s", (int)st, n.text);
	ok(improved >= 1 && best_said, "smaller cliques come first as the best so far (%d), and the steps say it",
	   improved);
	ok(cuts >= 1, "branches cut by the colours: %d", cuts);
	ok(solutions == 1 && (int)engine_stats(e)->solutions == 1, "one largest clique, one solution");
	ok(done_said, "the end says what was proved");
	engine_free(e);
	pz->free_state(s);
}

static void test_hints(void)
{
	struct puzzle_state *s = start(SMALL);
	if (!s)
		return;
	s = after(s, "+5");
	struct note n[4];
	int tiers = 0;
	for (int t = 1; t <= 4; t++) {
		note_clear(&n[t - 1]);
		if (!pz->hint(s, "+6;+8;+9", t, &n[t - 1]))
			break;
		tiers = t;
	}
	ok(tiers == 3, "three tiers from {5}: %d", tiers);
	ok(strstr(n[0].text, "cannot join your set: it is not joined to 5") != NULL, "tier 1 rules a vertex out: %s",
	   n[0].text);
	bool classes = n[1].n_cells > 0;
	for (int i = 0; i < n[1].n_cells; i++)
		classes &= n[1].cell_class[i] >= 0;
	ok(classes && !strcmp(n[1].text, "Your 1 can grow to 4 at most: 4, 6, 8 and 9 could join, in 3 groups (a-c), "
	                                  "no two joined within one"),
	   "tier 2 groups the vertices that can join, named and lettered: %s", n[1].text);
	ok(n[2].move[0] == '+' && strstr(n[2].text, "is in a largest set with yours"),
	   "tier 3 is a vertex to take: %s (%s)", n[2].text, n[2].move);
	s = after(s, n[2].move);
	ok(s && brute_ways(s) == 1, "and taking it leaves the way to finish open");
	pz->free_state(s);

	s = start(SMALL);
	note_clear(&n[0]);
	ok(pz->hint(s, "+5;+6;+8;+9", 1, &n[0]) &&
	       !strcmp(n[0].text, "No clique has more than 4: the vertices fall in 4 groups (a-d), no two joined within one"),
	   "with nothing picked the first tier is the bound, in groups: %s", n[0].text);
	pz->free_state(s);
}

static void test_generate_and_grade(void)
{
	for (int g = 1; g <= 4; g++) {
		struct strbuf a = { 0 }, b = { 0 };
		struct diag err;
		bool made = pz->generate(pz, NULL, g, 7, &a, NULL, &err) && pz->generate(pz, NULL, g, 7, &b, NULL, &err);
		ok(made && !strcmp(a.s, b.s), "grade %d from seed 7, the same twice", g);
		struct puzzle_state *s = made ? start(a.s) : NULL;
		struct puzzle_grade pg;
		ok(s && pz->grade(s, &pg, NULL) && pg.grade == g && pg.solutions == 1
		           && (clique_puzzle_vertices(s) > 20 || brute_ways(s) == 1),
		   "graded %d with one largest clique (%s)", g, s ? pg.why : "");
		if (s)
			pz->free_state(s);
		strbuf_free(&a);
		strbuf_free(&b);
	}
	struct strbuf d = { 0 };
	struct diag err;
	ok(pz->generate(pz, "vertices=12,density=0.3,independent", 0, 3, &d, NULL, &err)
	           && strstr(d.s, "p edge 12 ") && strstr(d.s, "c mode independent"),
	   "free play's parameters: 12 vertices, independent sets");
	strbuf_free(&d);
	ok(!pz->generate(pz, "vertices=90", 0, 3, &d, NULL, &err) && strstr(err.msg, "2 to 40"),
	   "too many vertices refused: %s", err.msg);
	strbuf_free(&d);
}

/* Level files are DIMACS files whose header keys are comments. */
static void test_levels(void)
{
	struct level *lv = xmalloc(sizeof *lv);
	struct diag err;
	const char *text = "c a level\nc family clique\nc name t-1\nc grade 2\np edge 3 2\ne 1 2\ne 2 3\n";
	ok(level_parse(lv, text, "t.txt", &err) && lv->pz == pz && lv->grade == 2 && !strcmp(lv->name, "t-1"),
	   "a DIMACS level: its family, name and grade from comments");
	struct puzzle_state *s = level_state(lv, &err);
	ok(s && clique_puzzle_goal(s) == 2, "and its graph");
	if (s)
		pz->free_state(s);
	ok(level_parse(lv, "c family clique\np edge 3 1\ne 1 5\n", "t.txt", &err) && !level_state(lv, &err)
	           && strstr(err.msg, "t.txt:3: vertex 5 out of range"),
	   "a fault of the graph at its line of the file: %s", err.msg);
	ok(!level_parse(lv, "c no family\np edge 2 0\n", "t.txt", &err) && strstr(err.msg, "no 'c family' line"),
	   "no family: %s", err.msg);
	ok(level_parse(lv, "c family clique\nc grade 9\np edge 2 0\n", "t.txt", &err) && lv->grade == 0 &&
	       strstr(lv->warning, "t.txt:2: grade '9' is not 1, 2, 3 or 4"),
	   "bad_grade_out_of_range: said at its line, and the level read ungraded: %s", lv->warning);
	free(lv);
}

static void test_save(void)
{
	struct puzzle_state *st = start(SMALL);
	if (!st)
		return;
	struct session *s = session_new(pz, st);
	struct diag err;
	ok(session_play(s, "+5", &err) && session_play(s, "mode independent", &err) && session_play(s, "+1;+4", &err),
	   "three moves");
	char *text = save_format(s);
	struct session *back = save_parse(text, "save", &err);
	char *again = back ? save_format(back) : NULL;
	ok(back && again && !strcmp(text, again), "a save reads back and writes the same");
	ok(back && clique_puzzle_selection(session_state(back)) == 0x9 && clique_puzzle_independent(session_state(back)),
	   "the position replayed: independent sets, 1 and 4");
	free(text);
	free(again);
	if (back)
		session_free(back);
	session_free(s);
}

/* ---- the view ------------------------------------------------------------------ */

static struct play *new_play(const char *desc)
{
	struct puzzle_state *st = start(desc);
	if (!st)
		return NULL;
	struct session *s = session_new(pz, st);
	snprintf(s->name, sizeof s->name, "test");
	return play_new(NULL, s);
}

static void golden_at(struct play *p, const char *name, const char *what, int rows, int cols)
{
	char *got = screen_text(p, rows, cols);
	ok(golden_same(name, got), "%s: the screen is as golden/%s.txt", what, name);
	free(got);
}

static void golden(struct play *p, const char *name, const char *what)
{
	golden_at(p, name, what, 24, 80);
}

static uint64_t selection(struct play *p)
{
	return clique_puzzle_selection(session_state(play_session(p)));
}

/* Where the label of vertex v is on an 80x24 screen: row, column of its
 * opening bracket; false if not found. */
static bool find_label(struct play *p, int v, int *row, int *col)
{
	char *text = screen_text(p, 24, 80);
	char want[4][8];
	int w = clique_puzzle_vertices(session_state(play_session(p))) >= 10 ? 2 : 1;
	snprintf(want[0], sizeof want[0], "(%*d)", w, v);
	snprintf(want[1], sizeof want[1], "[%*d]", w, v);
	snprintf(want[2], sizeof want[2], "<%*d>", w, v);
	snprintf(want[3], sizeof want[3], "{%*d}", w, v);
	bool found = false;
	int y = 0;
	for (char *line = text; *line && !found; y++) {
		size_t len = strcspn(line, "\n");
		line[len] = '\0';
		for (int k = 0; k < 4 && !found; k++) {
			char *at = strstr(line, want[k]);
			if (at) {
				/* Columns, not bytes: braille dots are three bytes each. */
				int c = 0;
				for (char *q = line; q < at; q++)
					c += ((unsigned char)*q & 0xC0) != 0x80;
				*row = y;
				*col = c;
				found = true;
			}
		}
		line += len + 1;
	}
	free(text);
	return found;
}

/* The status lines and the key line of an 80x24 screen. */
static bool on_screen(struct play *p, const char *words)
{
	char *text = screen_text(p, 24, 80);
	bool found = strstr(text, words) != NULL;
	free(text);
	return found;
}

static int moves(struct play *p)
{
	return session_moves(play_session(p));
}

/* A cycle of n vertices, 1-2-...-n-1. */
static char *cycle_graph(int n)
{
	struct strbuf b = { 0 };
	strbuf_addf(&b, "p edge %d %d\n", n, n);
	for (int v = 1; v <= n; v++)
		strbuf_addf(&b, "e %d %d\n", v, v % n + 1);
	return strbuf_take(&b);
}

static void test_view_keys(void)
{
	struct play *p = new_play(PETERSEN);
	if (!p)
		return;
	key(p, '1');
	ok(selection(p) == 0, "1 of 10 waits for another digit");
	ok(on_screen(p, "vertex 1_ \xc2\xb7 a 0 more makes 10 \xc2\xb7 Enter or a pause picks 1 \xc2\xb7 Esc cancels"),
	   "and the bottom line says so: what it waits for, and what ends it");
	key(p, '0');
	ok(selection(p) == 1u << 9, "1 then 0: vertex 10, at once (no vertex 100)");
	ok(!on_screen(p, "vertex 1") && on_screen(p, "s largest?"), "the key reminder is back");
	key(p, '1');
	sym(p, KEY_SYM_SPACE);
	ok(selection(p) == (1u << 9 | 1u), "1 then Space: vertex 1");
	key(p, '3');
	ok(selection(p) == (1u << 9 | 1u | 4u), "3 at once (no vertex 30)");
	ok(on_screen(p, "not a clique: 1 and 3 are not joined"), "the status names the two unjoined");
	key(p, 'u');
	key(p, 'u');
	ok(selection(p) == 1u << 9, "undone twice: 10 alone");
	key(p, 's');
	ok(on_screen(p, "Not a largest clique: a larger one exists"), "s: not a largest");
	key(p, 's');
	ok(on_screen(p, "The largest clique has 2 vertices: 1 more than yours"), "s again: by how much");
	int row = -1, col = -1;
	ok(find_label(p, 5, &row, &col), "vertex 5 is on the screen at row %d, column %d", row, col);
	struct term_event click = { .kind = TERM_MOUSE, .button = 1, .press = true, .row = row, .col = col + 1 };
	play_event(p, &click);
	ok(selection(p) == (1u << 9 | 1u << 4), "a click on it picks it: 5 and 10, a largest clique");
	ok(play_session(p) && session_solved(play_session(p)), "solved");
	play_free(p);

	/* A pause ends a number; an Enter just after it is its end, not a
	 * second pick. */
	p = new_play(PETERSEN);
	key(p, '1');
	play_tick(p, clock_seconds() + 0.5);
	ok(selection(p) == 0, "half a second after 1: still waiting");
	play_tick(p, clock_seconds() + 1.5);
	ok(selection(p) == 1u && !on_screen(p, "vertex 1_"), "a second and a half after: vertex 1 picked, the prompt gone");
	sym(p, KEY_SYM_ENTER);
	ok(selection(p) == 1u && moves(p) == 1, "an Enter right after ends that number, and puts nothing back");
	sym(p, KEY_SYM_ENTER);
	ok(selection(p) == 0, "a second Enter picks the cursor's vertex again: 1 put back");
	key(p, '1');
	sym(p, KEY_SYM_ESCAPE);
	play_tick(p, clock_seconds() + 5);
	ok(selection(p) == 0 && !on_screen(p, "vertex 1_"), "Esc lets a number go: nothing picked, even after a pause");
	key(p, '1');
	sym(p, KEY_SYM_BACKSPACE);
	play_tick(p, clock_seconds() + 5);
	ok(selection(p) == 0, "Backspace takes its digit back");
	play_free(p);

	/* 12 vertices: 1 then 4 is vertex 1, then vertex 4 (there is no 14),
	 * two moves. */
	char *ring = cycle_graph(12);
	p = new_play(ring);
	free(ring);
	key(p, '1');
	key(p, '4');
	ok(selection(p) == 1u, "1 then 4 of 12: 1 picked at once");
	play_tick(p, clock_seconds());
	ok(selection(p) == (1u | 8u) && moves(p) == 2, "and 4 at the next tick, a move of its own");
	key(p, '1');
	key(p, '2');
	ok(selection(p) == (1u | 8u | 1u << 11), "1 then 2: vertex 12");
	play_free(p);

	/* The cursor: arrows move it, Enter and Space pick its vertex, the
	 * pointer over a label moves it there. */
	p = new_play(PETERSEN);
	ok(on_screen(p, "cursor on 1, joined to 2 5 6"), "the status lists the cursor's neighbours");
	sym(p, KEY_SYM_ENTER);
	ok(selection(p) == 1u, "Enter picks the cursor's vertex");
	sym(p, KEY_SYM_SPACE);
	ok(selection(p) == 0 && moves(p) == 2, "Space puts it back");
	ok(find_label(p, 8, &row, &col), "vertex 8 at row %d, column %d", row, col);
	struct term_event point = { .kind = TERM_MOUSE, .row = row, .col = col + 1 };
	play_event(p, &point);
	ok(on_screen(p, "cursor on 8, joined to 3 6 10") && selection(p) == 0,
	   "pointing at 8 puts the cursor there, and picks nothing");
	sym(p, KEY_SYM_LEFT);
	sym(p, KEY_SYM_UP);
	ok(!on_screen(p, "cursor on 8,"), "the arrows move it on");
	play_free(p);

	p = new_play(PETERSEN);
	key(p, 'i');
	ok(on_screen(p, "pick a largest independent set"), "i: independent sets");
	key(p, '2');
	ok(selection(p) == 2, "2 at once: no vertex 20 to wait for");
	sym(p, KEY_SYM_SPACE);
	ok(selection(p) == 2, "a Space right after it does not put it back");
	sym(p, KEY_SYM_SPACE);
	ok(selection(p) == 0, "a second Space does");
	key(p, '0');
	ok(on_screen(p, "No vertex 0: the vertices are 1 to 10"), "0: no such vertex, said");
	play_free(p);
}

/* The help shows a key's words in 54 columns at 80 (help.c): each of the
 * graph's fits whole, and the arrows and c are the graph's own. */
static void test_view_key_words(void)
{
	int fit = 0, count = 0;
	bool arrows = false, mistakes = false;
	for (const struct view_key *k = graph_view_ops.keys; k->keys; k++, count++) {
		const char *words = k->explain ? k->explain : k->what;
		fit += strlen(words) <= 54;
		if (strlen(words) > 54)
			tap_diag("too long for the help: %s", words);
		arrows |= !strcmp(k->keys, "arrows, h j k l") && strstr(words, "vertex") && !strstr(words, "piece");
		mistakes |= !strcmp(k->keys, "c") && strstr(words, "vertices") && !strstr(words, "placed");
	}
	ok(fit == count, "every key's words fit the help at 80 columns (%d of %d)", fit, count);
	ok(arrows && mistakes, "the arrows move to a vertex, c marks vertices: no pieces, nothing placed");
}

/* The label of v, as drawn at 80x24: its look at its first digit. */
static attr_t label_look(struct play *p, int v)
{
	int row, col;
	if (!find_label(p, v, &row, &col))
		return (attr_t)-1;
	struct canvas c = canvas_memory_new(24, 80);
	play_draw_on(p, &c);
	attr_t look = canvas_memory_look(&c, row, col + 1);
	canvas_memory_free(&c);
	return look;
}

/* The cursor's neighbours are underlined, the rest not; without colours
 * too (the tests draw without them). */
static void test_view_looks(void)
{
	struct play *p = new_play(PETERSEN);
	if (!p)
		return;
	int joined = 0, apart = 0;
	for (int v = 2; v <= 10; v++) {
		bool neighbour = v == 2 || v == 5 || v == 6;
		attr_t look = label_look(p, v);
		joined += neighbour && (look & A_UNDERLINE);
		apart += !neighbour && !(look & A_UNDERLINE);
	}
	ok(joined == 3 && apart == 6, "cursor on 1: its 3 neighbours underlined, the other 6 not (%d, %d)", joined, apart);
	play_free(p);

	/* The neighbours are listed whole where they fit, else counted: never
	 * cut, on the widest screens either. */
	for (int n = 20; n <= 50; n += 30) {
		struct strbuf d = { 0 };
		strbuf_addf(&d, "p edge %d %d\n", n, n * (n - 1) / 2);
		for (int u = 1; u <= n; u++)
			for (int v = u + 1; v <= n; v++)
				strbuf_addf(&d, "e %d %d\n", u, v);
		p = new_play(d.s);
		strbuf_free(&d);
		char *text = p ? screen_text(p, 24, 300) : NULL;
		const char *status = text ? strstr(text, "cursor on ") : NULL;
		char want[64];
		snprintf(want, sizeof want, n == 20 ? "17 18 19 20\n" : "joined to %d vertices (underlined)\n", n - 1);
		ok(status && strstr(status, want) && !strstr(status, "..."), "K_%d at 300 columns: the neighbours %s", n,
		   n == 20 ? "listed whole" : "counted, not cut");
		free(text);
		play_free(p);
	}
	p = new_play(PETERSEN);
	key(p, 'e');
	ok(on_screen(p, "Only the cursor's edges drawn (e: every edge)") ||
	       on_screen(p, "Every edge drawn, the cursor's bright (e: the cursor's alone)"),
	   "e switches the edges drawn, and says so");
	play_free(p);
}

static void test_goldens(void)
{
	struct play *p = new_play(SMALL);
	if (!p)
		return;
	key(p, '5');
	key(p, '6');
	golden(p, "clique-play", "a small graph, two vertices picked");

	/* A hint's colouring, as the family words it. */
	key(p, 'H');
	struct worker_report r = job_answer(p, WORK_HINT);
	r.completions = 1;
	const struct puzzle_state *s = session_state(play_session(p));
	for (int t = 1; t <= 3 && pz->hint(s, "+8;+9", t, &r.hint[t - 1]); t++)
		r.hint_tiers = t;
	play_report(p, &r);
	golden(p, "clique-hint", "a hint's first tier, its vertices marked");
	key(p, 'H');
	golden(p, "clique-hint-colours", "a hint's colour classes on the graph");

	/* The search on screen: its clique picked, the step's vertex
	 * starred, the panel beside the graph. */
	sym(p, KEY_SYM_ESCAPE);
	key(p, 'A');
	memset(&r, 0, sizeof r);
	r.kind = WORK_ANIMATE;
	r.gen = play_last_job(p);
	r.anim.path = "+8";
	r.anim.event = ENGINE_EV_TRY;
	r.anim.level = 1;
	r.anim.nodes = 2;
	r.anim.steps = 2;
	r.anim.estimate = 6;
	r.anim.fraction = 0.3;
	note_say(&r.anim.note, "adds 8: a clique of 3");
	note_cell(&r.anim.note, 7);
	play_report(p, &r);
	golden(p, "clique-search", "the search's panel beside the graph");
	style_init_plain(false);
	golden(p, "clique-ascii", "without Unicode (LANG=C)");
	style_init_plain(true);
	play_free(p);
}

/* A shipped level's game, or NULL. */
static struct play *level_play(const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/levels/clique/%s.txt", LD_SRCDIR, name);
	char *text = golden_slurp(path);
	struct play *p = text ? new_play(text) : NULL;
	free(text);
	return p;
}

/* The checker's answer that the position is a dead end, for why. */
static void report_dead_end(struct play *p)
{
	struct worker_report r = job_answer(p, WORK_CHECK);
	r.completions = 0;
	r.take_back_to = -1;
	r.dead_explained = pz->dead_end(session_state(play_session(p)), &r.dead);
	play_report(p, &r);
}

/* The fixes a grade 4 graph shows: its cursor's edges alone, bent around
 * the labels between their ends, the neighbours listed or counted; every
 * edge on demand; a number being typed; a dead end said with vertices. */
static void test_dense_goldens(void)
{
	struct play *p = level_play("4-01");
	if (!p) {
		ok(false, "level 4-01 read");
		return;
	}
	/* The cursor on 14, 8 and 22 picked. */
	keys(p, "8");
	keys(p, "22");
	keys(p, "14");
	key(p, 'u');
	golden(p, "clique-focused", "grade 4 at 80x24: the cursor's edges alone, 8 and 22 picked");
	golden_at(p, "clique-focused-120x40", "and at 120x40, every neighbour listed", 40, 120);
	golden_at(p, "clique-focused-60x20", "and at 60x20", 20, 60);
	keys(p, "3");
	golden(p, "clique-prompt", "3 of 36 typed: the number waits on the bottom line");
	sym(p, KEY_SYM_ESCAPE);
	key(p, 'e');
	golden(p, "clique-every-edge", "e: every edge, a solid block at grade 4");
	key(p, 'e');
	play_free(p);

	/* A dead end of groups: the first two picked vertices that leave
	 * one, with its words and letters. */
	p = level_play("4-01");
	const struct puzzle_state *s = session_state(play_session(p));
	char found[32] = "";
	for (int u = 1; u <= 36 && !found[0]; u++)
		for (int v = u + 1; v <= 36 && !found[0]; v++) {
			if (!(clique_puzzle_drawn_neighbours(s, u - 1) >> (v - 1) & 1))
				continue;
			char move[32];
			snprintf(move, sizeof move, "+%d;+%d", u, v);
			struct diag err;
			struct puzzle_state *t = pz->apply(s, move, &err);
			struct note n;
			note_clear(&n);
			if (t && pz->dead_end(t, &n) && strstr(n.text, "could join, in"))
				snprintf(found, sizeof found, "%d %d", u, v);
			if (t)
				pz->free_state(t);
		}
	int u = 0, v = 0;
	ok(sscanf(found, "%d %d", &u, &v) == 2, "4-01: %s picked leave a dead end of groups", found);
	char typed[16];
	snprintf(typed, sizeof typed, "%d", u);
	keys(p, typed);
	sym(p, KEY_SYM_ENTER);
	snprintf(typed, sizeof typed, "%d", v);
	keys(p, typed);
	sym(p, KEY_SYM_ENTER);
	report_dead_end(p);
	golden(p, "clique-dead-end", "a dead end in vertices, its groups lettered on the graph");
	play_free(p);
}

/* ---- the drawing measured ------------------------------------------------------ */

/* Braille cells on a screen's text with any dots (*drawn) and with six or
 * more of their eight (*solid): a drawing where lines can no longer be
 * followed is a block of nearly solid cells. */
static void braille_cells(const char *text, int *drawn, int *solid)
{
	*drawn = *solid = 0;
	for (const unsigned char *q = (const unsigned char *)text; *q; q++)
		if (q[0] == 0xe2 && q[1] >= 0xa0 && q[1] <= 0xa3 && q[2]) {
			int dots = __builtin_popcount((unsigned)((q[1] & 3) << 6 | (q[2] & 0x3f)));
			*drawn += dots > 0;
			*solid += dots >= 6;
			q += 2;
		}
}

/* Is every vertex's label on the graph's rows (1 .. rows-4: under the
 * title, over the status and the keys) once and whole, in any of its
 * brackets? */
static bool labels_whole(const char *text, int n, int rows)
{
	int seen[CLIQUE_PUZZLE_MAX_VERTICES + 1] = { 0 }, y = 0, width = n >= 10 ? 2 : 1;
	for (const char *line = text; *line; y++) {
		size_t len = strcspn(line, "\n");
		for (size_t i = 0; y >= 1 && y <= rows - 4 && i + (size_t)width + 2 <= len; i++) {
			if (!strchr("([<{*", line[i]) || !strchr(")]>}*", line[i + (size_t)width + 1]))
				continue;
			int v = 0;
			bool number = true;
			for (int k = 1; k <= width; k++) {
				char c = line[i + (size_t)k];
				number &= (c >= '0' && c <= '9') || (c == ' ' && k < width);
				v = v * 10 + (c == ' ' ? 0 : c - '0');
			}
			if (number && v >= 1 && v <= n)
				seen[v]++;
		}
		line += len + (line[len] == '\n');
	}
	for (int v = 1; v <= n; v++)
		if (seen[v] != 1)
			return false;
	return true;
}

/* The share of nearly solid cells in percent, and whether every label
 * is whole, at rows x cols. */
static double solid_share(struct play *p, int rows, int cols, bool *whole)
{
	char *text = screen_text(p, rows, cols);
	int drawn, solid;
	braille_cells(text, &drawn, &solid);
	*whole = labels_whole(text, clique_puzzle_vertices(session_state(play_session(p))), rows);
	free(text);
	return drawn ? 100.0 * solid / drawn : 0;
}

static void type_vertex(struct play *p, int v)
{
	char digits[16];
	snprintf(digits, sizeof digits, "%d", v);
	keys(p, digits);
	sym(p, KEY_SYM_ENTER);
}

struct measured {
	int levels, whole;
	double start_sum, start_most, cursor_most, solved_most;
};

/* A game's screens at rows x cols: at the start, with the cursor on each
 * vertex in turn, and with a largest clique picked. */
static void measure(struct play *p, int rows, int cols, bool every_cursor, struct measured *m)
{
	bool whole;
	double start = solid_share(p, rows, cols, &whole);
	bool all_whole = whole;
	m->levels++;
	m->start_sum += start;
	m->start_most = start > m->start_most ? start : m->start_most;
	int n = clique_puzzle_vertices(session_state(play_session(p)));
	for (int v = 1; every_cursor && v <= n; v++) {
		type_vertex(p, v);
		key(p, 'u');
		double at = solid_share(p, rows, cols, &whole);
		all_whole &= whole;
		m->cursor_most = at > m->cursor_most ? at : m->cursor_most;
	}
	if (every_cursor) {
		struct engine *e = pz->engines[0]->new(pz, session_state(play_session(p)));
		struct engine_ctl ctl = { .report_solutions = true };
		engine_run(e, &ctl);
		struct strbuf path = { 0 };
		e->ops->path_move(e, &path);
		engine_free(e);
		for (const char *q = path.s; q && *q; q = strchr(q, ';') ? strchr(q, ';') + 1 : NULL)
			type_vertex(p, atoi(q + 1));
		strbuf_free(&path);
		double solved = solid_share(p, rows, cols, &whole);
		all_whole &= whole && session_solved(play_session(p));
		m->solved_most = solved > m->solved_most ? solved : m->solved_most;
	}
	m->whole += all_whole;
}

/* On every shipped level and on generated ones of every grade, at 80x24:
 * at most 10% of the braille cells drawn have six or more of their eight
 * dots set (whole drawings of grade 4 had 78%), at the start, with the
 * cursor on any vertex, and with the largest clique picked; and every
 * label is drawn, whole, once.  At 120x40 and 60x20 the starts are
 * measured too. */
static void test_drawing_measured(void)
{
	static const int sizes[3][2] = { { 24, 80 }, { 40, 120 }, { 20, 60 } };
	for (int z = 0; z < 3; z++) {
		int rows = sizes[z][0], cols = sizes[z][1];
		for (int g = 1; g <= 4; g++) {
			struct measured shipped = { 0 }, made = { 0 };
			for (int k = 1; k <= 10; k++) {
				char name[16];
				snprintf(name, sizeof name, "%d-%02d", g, k);
				struct play *p = level_play(name);
				if (p)
					measure(p, rows, cols, z == 0, &shipped);
				play_free(p);
				/* Generated ones, of seeds the shipped levels do not use. */
				struct strbuf d = { 0 };
				struct diag err;
				if (pz->generate(pz, NULL, g, 1000 + (uint64_t)k, &d, NULL, &err)) {
					p = new_play(d.s);
					if (p)
						measure(p, rows, cols, z == 0, &made);
					play_free(p);
				}
				strbuf_free(&d);
			}
			for (int which = 0; which < 2; which++) {
				const struct measured *m = which ? &made : &shipped;
				char more[96] = "";
				if (z == 0)
					snprintf(more, sizeof more, "; with the cursor anywhere %.1f%%; solved %.1f%%",
					         m->cursor_most, m->solved_most);
				tap_diag("%dx%d grade %d: %s: start %.1f%% on average, %.1f%% at most%s", cols, rows, g,
				         which ? "generated" : "shipped", m->start_sum / (m->levels ? m->levels : 1),
				         m->start_most, more);
			}
			if (z == 2)
				continue;
			ok(shipped.levels == 10 && made.levels == 10, "%dx%d grade %d: 10 shipped levels and 10 generated", cols,
			   rows, g);
			ok(shipped.start_most <= 10 && made.start_most <= 10,
			   "%dx%d grade %d: at most 10%% of the braille cells nearly solid at the start (%.1f%%, %.1f%%)", cols,
			   rows, g, shipped.start_most, made.start_most);
			if (z == 0)
				ok(shipped.cursor_most <= 10 && made.cursor_most <= 10 && shipped.solved_most <= 10 &&
				           made.solved_most <= 10,
				   "%dx%d grade %d: and with the cursor on any vertex, and solved (%.1f%%, %.1f%%, %.1f%%, %.1f%%)",
				   cols, rows, g, shipped.cursor_most, made.cursor_most, shipped.solved_most, made.solved_most);
			ok(shipped.whole == shipped.levels && made.whole == made.levels,
			   "%dx%d grade %d: every label drawn once and whole", cols, rows, g);
		}
	}
}

int main(void)
{
	style_init_plain(true);
	test_states();
	test_descriptions();
	test_dead_ends();
	test_dead_end_length();
	test_engines();
	test_steps();
	test_hints();
	test_generate_and_grade();
	test_levels();
	test_save();
	test_view_keys();
	test_view_looks();
	test_view_key_words();
	test_goldens();
	test_dense_goldens();
	test_drawing_measured();
	return tap_done();
}
