/* The clique puzzle (clique_puzzle.h): states, moves, descriptions, the
 * checks and hints, the generator and the grader.  The engines are in
 * clique_engines.c. */
#include "config.h"

#include "puzzles/clique_puzzle.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/clique_batch.h"
#include "puzzles/clique_engines.h"
#include "puzzles/dimacs.h"
#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "util/rng.h"
#include "util/xalloc.h"

struct puzzle_state {
	int n;
	uint64_t adj[CLIQUE_PUZZLE_MAX_VERTICES];    /* the graph as drawn */
	uint64_t co[CLIQUE_PUZZLE_MAX_VERTICES];     /* its complement */
	int omega, alpha;                 /* its largest clique and independent set */
	bool independent;                 /* the puzzle is the independent set */
	uint64_t sel;
};

static uint64_t all_of(int n)
{
	return n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
}

static int popcount(uint64_t x)
{
	return __builtin_popcountll(x);
}

static int lowest(uint64_t x)
{
	return __builtin_ctzll(x);
}

bool clique_puzzle_is(const struct puzzle *pz)
{
	return pz == &clique_puzzle;
}

int clique_puzzle_vertices(const struct puzzle_state *s)
{
	return s->n;
}

uint64_t clique_puzzle_drawn_neighbours(const struct puzzle_state *s, int v)
{
	return s->adj[v];
}

uint64_t clique_puzzle_neighbours(const struct puzzle_state *s, int v)
{
	return s->independent ? s->co[v] : s->adj[v];
}

bool clique_puzzle_independent(const struct puzzle_state *s)
{
	return s->independent;
}

uint64_t clique_puzzle_selection(const struct puzzle_state *s)
{
	return s->sel;
}

int clique_puzzle_goal(const struct puzzle_state *s)
{
	return s->independent ? s->alpha : s->omega;
}

const char *clique_puzzle_set_word(const struct puzzle_state *s)
{
	return s->independent ? "independent set" : "clique";
}

struct graph *clique_puzzle_graph(const struct puzzle_state *s)
{
	struct graph *g = graph_new(s->n);
	for (int u = 0; u < s->n; u++)
		for (uint64_t m = s->adj[u] & ~all_of(u + 1); m; m &= m - 1)
			graph_add_edge(g, u, lowest(m));
	return g;
}

bool clique_puzzle_clash(const struct puzzle_state *s, int *a, int *b)
{
	for (uint64_t m = s->sel; m; m &= m - 1) {
		int u = lowest(m);
		uint64_t bad = s->sel & ~clique_puzzle_neighbours(s, u) & ~((uint64_t)1 << u);
		if (bad) {
			int v = lowest(bad);
			*a = u < v ? u : v;
			*b = u < v ? v : u;
			return true;
		}
	}
	return false;
}

uint64_t clique_puzzle_can_join(const struct puzzle_state *s)
{
	int a, b;
	if (clique_puzzle_clash(s, &a, &b))
		return 0;
	uint64_t join = all_of(s->n) & ~s->sel;
	for (uint64_t m = s->sel; m; m &= m - 1)
		join &= clique_puzzle_neighbours(s, lowest(m));
	return join;
}

int clique_puzzle_colour(const struct puzzle_state *s, uint64_t set, int *class_of)
{
	int classes = 0;
	while (set) {
		/* One class: vertices taken in order, each unjoined to those
		 * taken before it. */
		uint64_t open = set;
		while (open) {
			int v = lowest(open);
			class_of[v] = classes;
			set &= ~((uint64_t)1 << v);
			open &= ~((uint64_t)1 << v) & ~clique_puzzle_neighbours(s, v);
		}
		classes++;
	}
	return classes;
}

void clique_puzzle_move_toggle(const struct puzzle_state *s, int v, char *buf, size_t size)
{
	snprintf(buf, size, "%c%d", s->sel >> v & 1 ? '-' : '+', v + 1);
}

void clique_puzzle_move_switch(const struct puzzle_state *s, char *buf, size_t size)
{
	snprintf(buf, size, "mode %s", s->independent ? "clique" : "independent");
}

/* ---- states ---------------------------------------------------------------- */

static struct puzzle_state *copy(const struct puzzle_state *s)
{
	return xmemdup(s, sizeof *s);
}

static void free_state(struct puzzle_state *s)
{
	free(s);
}

static struct puzzle_state *from_graph(const struct graph *g)
{
	struct puzzle_state *s = xcalloc(1, sizeof *s);
	s->n = g->n;
	for (int u = 0; u < g->n; u++) {
		s->adj[u] = graph_row(g, u)[0];
		s->co[u] = all_of(g->n) & ~s->adj[u] & ~((uint64_t)1 << u);
	}
	/* The independent sets are the complement's cliques. */
	struct graph *co = graph_complement(g);
	s->omega = clique_max(g, NULL, NULL, NULL);
	s->alpha = clique_max(co, NULL, NULL, NULL);
	graph_free(co);
	return s;
}

/* A vertex number of the description's: 1 .. n, as written. */
static bool vertex_number(const char **p, int n, int *v)
{
	while (**p == ' ' || **p == '\t')
		(*p)++;
	if (!isdigit((unsigned char)**p))
		return false;
	long x = 0;
	while (isdigit((unsigned char)**p)) {
		if (x < 1000)
			x = x * 10 + (**p - '0');
		(*p)++;
	}
	if (x < 1 || x > n)
		return false;
	*v = (int)x - 1;
	return true;
}

/* The family's own comment lines: "c mode ..." and "c selected ...". */
static bool own_lines(struct puzzle_state *s, const char *desc, int *bad_line, struct diag *err)
{
	int line = 0;
	for (const char *p = desc; *p; line++) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char buf[256];
		snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), p);
		p = e ? e + 1 : p + len;
		/* Written on Windows or by hand: no \r or blanks at the end. */
		size_t end = strlen(buf);
		while (end > 0 && isspace((unsigned char)buf[end - 1]))
			buf[--end] = '\0';
		if (!strncmp(buf, "c mode ", 7)) {
			if (!strcmp(buf + 7, "independent") || !strcmp(buf + 7, "clique")) {
				s->independent = buf[7] == 'i';
				continue;
			}
			*bad_line = line;
			diag_set(err, "the mode is 'clique' or 'independent'");
			return false;
		}
		if (!strncmp(buf, "c selected", 10) && (buf[10] == ' ' || buf[10] == '\t' || !buf[10])) {
			const char *q = buf + 10;
			int v;
			while (*q) {
				if (!vertex_number(&q, s->n, &v)) {
					*bad_line = line;
					diag_set(err, "the selected vertices are numbers from 1 to %d", s->n);
					return false;
				}
				s->sel |= (uint64_t)1 << v;
				while (*q == ' ' || *q == '\t')
					q++;
			}
		}
	}
	return true;
}

static bool generate(const struct puzzle *pz, const char *params, int g, uint64_t seed, struct strbuf *desc,
                     const atomic_int *cancel, struct diag *err);

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	*bad_line = -1;
	if (!desc)
		return puzzle_free_play(pz, NULL, 2, err);   /* a graph of grade 2 (N: more, any grade) */
	if (!*desc) {
		diag_set(err, "no graph: a DIMACS graph, 'p edge N M' and 'e U V' lines");
		return NULL;
	}
	/* The reader says "board:LINE: why"; the level's loader puts its
	 * own file and line in front, so only the line and the why are
	 * kept. */
	struct diag why;
	struct graph *g = dimacs_parse(desc, "board", NULL, &why);
	if (!g) {
		long line = 0;
		int used = 0;
		if (sscanf(why.msg, "board:%ld: %n", &line, &used) >= 1 && used > 0) {
			*bad_line = (int)line - 1;
			diag_set(err, "%s", why.msg + used);
		} else {
			diag_set(err, "%s", why.msg);
		}
		return NULL;
	}
	if (g->n > CLIQUE_PUZZLE_MAX_VERTICES || g->n < 1) {
		diag_set(err, "the graph has %d vertices: the game plays graphs of 1 to %d", g->n, CLIQUE_PUZZLE_MAX_VERTICES);
		graph_free(g);
		return NULL;
	}
	struct puzzle_state *s = from_graph(g);
	graph_free(g);
	if (!own_lines(s, desc, bad_line, err)) {
		free(s);
		return NULL;
	}
	return s;
}

static void describe(const struct puzzle_state *s, char *buf, size_t size)
{
	struct strbuf b = { 0 };
	uint64_t m = 0;
	for (int u = 0; u < s->n; u++)
		m += (uint64_t)popcount(s->adj[u] & ~all_of(u + 1));
	strbuf_addf(&b, "p edge %d %" PRIu64 "\n", s->n, m);
	for (int u = 0; u < s->n; u++)
		for (uint64_t r = s->adj[u] & ~all_of(u + 1); r; r &= r - 1)
			strbuf_addf(&b, "e %d %d\n", u + 1, lowest(r) + 1);
	if (s->independent)
		strbuf_addf(&b, "c mode independent\n");
	if (s->sel) {
		strbuf_addf(&b, "c selected");
		for (uint64_t r = s->sel; r; r &= r - 1)
			strbuf_addf(&b, " %d", lowest(r) + 1);
		strbuf_addf(&b, "\n");
	}
	snprintf(buf, size, "%s", b.len ? b.s : "");
	strbuf_free(&b);
}

/* ---- moves ----------------------------------------------------------------- */

static bool apply_one(struct puzzle_state *s, const char *m, size_t len, struct diag *err)
{
	char buf[64];
	if (len >= sizeof buf) {
		diag_set(err, "not a move: '%.20s...'", m);
		return false;
	}
	memcpy(buf, m, len);
	buf[len] = '\0';
	if (!strcmp(buf, "mode independent") || !strcmp(buf, "mode clique")) {
		s->independent = buf[5] == 'i';
		s->sel = 0;
		return true;
	}
	const char *q = buf + 1;
	int v;
	if ((buf[0] != '+' && buf[0] != '-') || !vertex_number(&q, s->n, &v) || *q) {
		diag_set(err, "not a move: '%s' (+V or -V for a vertex V from 1 to %d)", buf, s->n);
		return false;
	}
	uint64_t bit = (uint64_t)1 << v;
	bool in = s->sel & bit;
	if (buf[0] == '+' && in) {
		diag_set(err, "vertex %d is already in your set", v + 1);
		return false;
	}
	if (buf[0] == '-' && !in) {
		diag_set(err, "vertex %d is not in your set", v + 1);
		return false;
	}
	s->sel ^= bit;
	return true;
}

static struct puzzle_state *apply(const struct puzzle_state *s, const char *move, struct diag *err)
{
	struct puzzle_state *t = copy(s);
	for (const char *p = move;;) {
		const char *e = strchr(p, ';');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (!apply_one(t, p, len, err)) {
			free(t);
			return NULL;
		}
		if (!e)
			break;
		p = e + 1;
	}
	return t;
}

static bool is_solved(const struct puzzle_state *s)
{
	int a, b;
	return popcount(s->sel) == clique_puzzle_goal(s) && !clique_puzzle_clash(s, &a, &b);
}

static void describe_move(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief)
{
	(void)s;
	if (!strncmp(move, "mode ", 5)) {
		snprintf(buf, size, "%s", move[5] == 'i' ? "independent sets" : "cliques");
		return;
	}
	/* Several vertices at once (a hint's or the search's): listed. */
	struct strbuf b = { 0 };
	int count = 0;
	char op = *move;
	for (const char *p = move; *p;) {
		const char *e = strchr(p, ';');
		strbuf_addf(&b, "%s%d", count++ ? ", " : "", atoi(p + 1));
		p = e ? e + 1 : p + strlen(p);
	}
	snprintf(buf, size, "%s%s %s%s", brief ? "" : count == 1 ? "vertex " : "vertices ", b.len ? b.s : "",
	         op == '-' ? "out" : "in", "");
	strbuf_free(&b);
}

/* ---- checks and hints ------------------------------------------------------ */

static const char *joined_word(const struct puzzle_state *s)
{
	return s->independent ? "joined" : "not joined";
}

/* Vertices named in a sentence: "vertex 7", "3, 7 and 9" for up to
 * LIST_MOST of them, else "the 12 marked vertices" (the screen marks
 * them): a message fits the two status lines of an 80-column screen
 * whole, and one number alone is never read as a count. */
#define LIST_MOST 5

static void vertex_words(uint64_t set, char *buf, size_t size)
{
	int count = popcount(set);
	if (count > LIST_MOST) {
		snprintf(buf, size, "the %d marked vertices", count);
		return;
	}
	if (count == 1) {
		snprintf(buf, size, "vertex %d", lowest(set) + 1);
		return;
	}
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; set && at < size; set &= set - 1, i++)
		at += (size_t)snprintf(buf + at, size - at, "%s%d", i == 0 ? "" : (set & (set - 1)) ? ", " : " and ",
		                       lowest(set) + 1);
}

/* The letters of k groups as the screen marks them: "a", "a, b", "a-d"
 * (past z the letters start again at a). */
static void group_letters(int k, char *buf, size_t size)
{
	if (k <= 1)
		snprintf(buf, size, "a");
	else if (k == 2)
		snprintf(buf, size, "a, b");
	else if (k <= 26)
		snprintf(buf, size, "a-%c", 'a' + k - 1);
	else
		snprintf(buf, size, "a-z, again and again");
}

/* What is true within each group of the colouring (clique_puzzle_colour): for
 * cliques no two of its vertices are joined, so a clique takes at most
 * one of each; for independent sets every two are. */
static const char *within_word(const struct puzzle_state *s)
{
	return s->independent ? "every two joined within one" : "no two joined within one";
}

/* Dead ends are said after "Dead end: " and before "  (H: what to take
 * back)", in the status's two lines: with the vertices they speak of
 * marked, and short enough that the common ones fit 60 columns too. */
static bool dead_end(const struct puzzle_state *s, struct note *out)
{
	int a, b;
	if (clique_puzzle_clash(s, &a, &b)) {
		note_cell(out, a);
		note_cell(out, b);
		note_say(out, "%d and %d are %s: not %s %s", a + 1, b + 1, joined_word(s),
		         s->independent ? "an" : "a", clique_puzzle_set_word(s));
		return true;
	}
	uint64_t join = clique_puzzle_can_join(s);
	int have = popcount(s->sel), need = clique_puzzle_goal(s) - have;
	char who[64];
	vertex_words(join, who, sizeof who);
	if (need > 0 && join == 0) {
		for (uint64_t m = s->sel; m; m &= m - 1)
			note_cell(out, lowest(m));
		note_say(out, "none can join your %s, and a larger one exists", clique_puzzle_set_word(s));
		return true;
	}
	if (need > 0 && popcount(join) < need) {
		for (uint64_t m = join; m; m &= m - 1)
			note_cell(out, lowest(m));
		note_say(out, "only %s can join your %s: %d more needed", who, clique_puzzle_set_word(s), need);
		return true;
	}
	int class_of[CLIQUE_PUZZLE_MAX_VERTICES];
	int classes = need > 0 ? clique_puzzle_colour(s, join, class_of) : need;
	if (need > 0 && classes < need) {
		for (uint64_t m = join; m; m &= m - 1)
			note_cell_class(out, lowest(m), class_of[lowest(m)]);
		if (classes == 1) {
			note_say(out, "%s could join, but %s of them are joined: 1 more at most, %d needed", who,
			         s->independent ? "every two" : "no two", need);
		} else {
			char letters[32];
			group_letters(classes, letters, sizeof letters);
			note_say(out, "%s could join, in %d groups (%s), %s: %d more at most, %d needed", who, classes,
			         letters, within_word(s), classes, need);
		}
		return true;
	}
	return false;
}

/* The vertices of a move "+a;+b;..." as a set. */
static uint64_t move_set(const struct puzzle_state *s, const char *move)
{
	uint64_t set = 0;
	for (const char *p = move; p && *p;) {
		int v = atoi(p + 1) - 1;
		if (*p == '+' && v >= 0 && v < s->n)
			set |= (uint64_t)1 << v;
		p = strchr(p, ';');
		if (p)
			p++;
	}
	return set;
}

/* The most tempting vertex that cannot join: joined to the most of the
 * selection (all but one, at best), then with the most neighbours in the
 * puzzle's sense; a selected vertex it clashes with in *with. */
static int excluded(const struct puzzle_state *s, uint64_t outside, int *with)
{
	int best = -1, best_near = -1, best_deg = -1;
	for (uint64_t m = outside; m; m &= m - 1) {
		int v = lowest(m);
		uint64_t clash = s->sel & ~clique_puzzle_neighbours(s, v);
		int near = popcount(s->sel & clique_puzzle_neighbours(s, v)), deg = popcount(clique_puzzle_neighbours(s, v));
		if (clash && (near > best_near || (near == best_near && deg > best_deg))) {
			best = v;
			best_near = near;
			best_deg = deg;
			*with = lowest(clash);
		}
	}
	return best;
}

static bool hint_exclude(const struct puzzle_state *s, uint64_t sol, struct note *out)
{
	int with = -1;
	int v = excluded(s, all_of(s->n) & ~s->sel & ~sol, &with);
	if (v < 0)
		return false;
	note_cell(out, v);
	note_cell(out, with);
	note_say(out, "%d cannot join your set: it is %s to %d", v + 1, s->independent ? "joined" : "not joined",
	         with + 1);
	return true;
}

/* The bound the groups prove, said with the vertices it speaks of marked
 * by their groups' letters. */
static bool hint_colours(const struct puzzle_state *s, struct note *out)
{
	uint64_t join = clique_puzzle_can_join(s);
	int class_of[CLIQUE_PUZZLE_MAX_VERTICES];
	int classes = clique_puzzle_colour(s, join, class_of);
	if (classes == 0)
		return false;
	for (uint64_t m = join; m; m &= m - 1)
		note_cell_class(out, lowest(m), class_of[lowest(m)]);
	int have = popcount(s->sel);
	char letters[32];
	group_letters(classes, letters, sizeof letters);
	if (have == 0) {
		note_say(out, "No %s has more than %d: the vertices fall in %d group%s (%s), %s", clique_puzzle_set_word(s),
		         classes, classes, classes == 1 ? "" : "s", letters, within_word(s));
	} else {
		char who[64];
		vertex_words(join, who, sizeof who);
		note_say(out, "Your %d can grow to %d at most: %s could join, in %d group%s (%s), %s", have,
		         have + classes, who, classes, classes == 1 ? "" : "s", letters, within_word(s));
	}
	return true;
}

static bool hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	if (!solution)
		return false;
	uint64_t sol = move_set(s, solution);
	if (!sol)
		return false;
	/* A nudge that rules a vertex out, when there is one to rule out;
	 * then the bound the colours prove; then a vertex that leads on. */
	int with;
	bool excl = s->sel && excluded(s, all_of(s->n) & ~s->sel & ~sol, &with) >= 0;
	int last = excl ? 3 : 2;
	if (tier > last)
		return false;
	if (excl && tier == 1)
		return hint_exclude(s, sol, out);
	if (tier < last)
		return hint_colours(s, out);
	/* The vertex of the solution with the most neighbours in it. */
	int v = lowest(sol);
	note_cell(out, v);
	snprintf(out->move, sizeof out->move, "+%d", v + 1);
	note_say(out, "%d is in a largest set%s", v + 1, s->sel ? " with yours" : "");
	return true;
}

static bool mistakes(const struct puzzle_state *s, const char *solution, struct note *out)
{
	uint64_t wrong = s->sel & ~move_set(s, solution);
	if (!wrong)
		return false;
	for (uint64_t m = wrong; m; m &= m - 1)
		note_cell(out, lowest(m));
	note_say(out, "%d of your vertices %s in no largest %s with the rest", popcount(wrong),
	         popcount(wrong) == 1 ? "is" : "are", clique_puzzle_set_word(s));
	return true;
}

static void differ(const struct puzzle_state *s, const char *a, const char *b, struct note *out)
{
	uint64_t x = move_set(s, a), y = move_set(s, b);
	for (uint64_t m = x ^ y; m; m &= m - 1)
		note_cell(out, lowest(m));
	note_say(out, "Two largest %ss: one takes %d, the other %d", clique_puzzle_set_word(s), lowest(x & ~y) + 1,
	         lowest(y & ~x) + 1);
}

/* ---- generator and grader -------------------------------------------------- */

/* Effort (search nodes of the first engine from the start) that parts
 * the grades: 1 below the first, 4 from the last on. */
static const uint64_t grade_nodes[] = { 35, 75, 150 };

static int grade_of(uint64_t nodes)
{
	int g = 1;
	while (g < 4 && nodes >= grade_nodes[g - 1])
		g++;
	return g;
}

static bool grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel)
{
	memset(out, 0, sizeof *out);
	struct puzzle_state *bare = copy(s);
	struct engine *e = clique_puzzle.engines[0]->new(&clique_puzzle, bare);
	struct engine_ctl ctl = { .cancel = cancel };
	enum engine_status st = engine_run(e, &ctl);
	const struct search_stats *ss = engine_stats(e);
	out->effort = ss->nodes;
	out->solutions = ss->solutions < 2 ? (int)ss->solutions : 2;
	out->grade = grade_of(ss->nodes);
	snprintf(out->why, sizeof out->why, "%" PRIu64 " search steps to find the largest and prove it", ss->nodes);
	engine_free(e);
	free(bare);
	return st == ENGINE_DONE;
}

/* Vertices and edge density that make graphs of each grade likely. */
static const struct {
	int n_lo, n_hi;
	double p;
} grade_shape[] = {
	{ 8, 12, 0.4 },
	{ 14, 20, 0.45 },
	{ 22, 30, 0.45 },
	{ 32, 40, 0.5 },
};

static bool param_number(const char *params, const char *name, double *v)
{
	if (!params)
		return false;
	size_t len = strlen(name);
	for (const char *p = params; p && *p;) {
		while (*p == ' ' || *p == ',')
			p++;
		if (!strncmp(p, name, len) && p[len] == '=') {
			char *end;
			*v = strtod(p + len + 1, &end);
			return end != p + len + 1;
		}
		p = strchr(p, ',');
	}
	return false;
}

static bool generate(const struct puzzle *pz, const char *params, int g, uint64_t seed, struct strbuf *desc,
                     const atomic_int *cancel, struct diag *err)
{
	(void)pz;
	if (g < 0 || g > 4) {
		diag_set(err, "grade %d: grades are 1 to 4 (0: any)", g);
		return false;
	}
	double vertices = 0, density = 0;
	bool fixed_n = param_number(params, "vertices", &vertices);
	bool fixed_p = param_number(params, "density", &density);
	if (fixed_n && (vertices < 2 || vertices > 40)) {
		diag_set(err, "vertices=%g: free play draws graphs of 2 to 40 vertices", vertices);
		return false;
	}
	if (fixed_p && (density <= 0 || density >= 1)) {
		diag_set(err, "density=%g: a density is between 0 and 1", density);
		return false;
	}
	bool independent = params && strstr(params, "independent");
	struct rng r;
	rng_seed(&r, seed);
	/* Graphs are drawn until one has a single largest clique (a puzzle
	 * with one answer) and the grade asked for. */
	for (int tries = 0; tries < 20000; tries++) {
		if (cancel && atomic_load(cancel)) {
			diag_set(err, "cancelled");
			return false;
		}
		int gi = g ? g - 1 : (int)rng_below(&r, 4);
		int n = fixed_n ? (int)vertices
		                : grade_shape[gi].n_lo + (int)rng_below(&r, (uint64_t)(grade_shape[gi].n_hi - grade_shape[gi].n_lo + 1));
		double p = fixed_p ? density : grade_shape[gi].p;
		struct diag why;
		struct graph *gr = graph_gen_random(n, p, rng_next(&r), &why);
		if (!gr) {
			diag_set(err, "%s", why.msg);
			return false;
		}
		struct puzzle_state *s = from_graph(gr);
		graph_free(gr);
		s->independent = independent;
		struct puzzle_grade pg;
		bool ok = grade(s, &pg, cancel) && pg.solutions == 1 && (g == 0 || pg.grade == g);
		if (ok) {
			char *buf = xmalloc(PUZZLE_DESC_MAX);
			describe(s, buf, PUZZLE_DESC_MAX);
			strbuf_addf(desc, "%s", buf);
			free(buf);
		}
		free(s);
		if (ok)
			return true;
	}
	diag_set(err, "no graph of grade %d found from seed %" PRIu64 ": try another seed", g, seed);
	return false;
}

/* ---- the family ------------------------------------------------------------ */

static const char clique_rules[] =
	"Pick the vertices of a largest clique: a set of vertices every two of "
	"which are joined by an edge.  i switches to the independent set: no two "
	"of the vertices picked joined.  Vertices are numbered; type a number "
	"(Enter or a pause ends it), or move the cursor to a vertex and press "
	"Space or Enter, to pick it or put it back.  The cursor's edges are drawn "
	"and the vertices joined to it underlined.  s asks whether your set is a "
	"largest one.";

/* Backtracking with its colour bound first: it answers checks,
 * hints and counts, A shows it, and its nodes grade a graph.  Its tree
 * (vertices in increasing order, a branch cut when its colours cannot
 * reach the largest size) is the one a player can follow; the MCS-style
 * branch and bound and the plain backtracking race it on X. */
static const struct puzzle_engine *const clique_engines[] = {
	&clique_engine_btc, &clique_engine_bnb, &clique_engine_bt, NULL,
};

static const struct puzzle_param clique_params[] = {
	{ "grade", "1 (8 to 12 vertices) to 4 (32 to 40); 0: any", NULL },
	{ "vertices", "how many vertices, 2 to 40 (default: by grade)", NULL },
	{ "density", "the share of pairs joined, between 0 and 1 (default: by grade)", NULL },
	{ "independent", "look for an independent set instead", NULL },
};

const struct puzzle clique_puzzle = {
	.name = "clique",
	.title = "Clique",
	.start = start,
	.describe = describe,
	.copy = copy,
	.free_state = free_state,
	.apply = apply,
	.is_solved = is_solved,
	.describe_move = describe_move,
	.rules = clique_rules,
	.engines = clique_engines,
	.params = clique_params,
	.n_params = (int)(sizeof clique_params / sizeof *clique_params),
	.hint = hint,
	.dead_end = dead_end,
	.generate = generate,
	.grade = grade,
	.mistakes = mistakes,
	.differ = differ,
	.count_noun = "largest sets",
	.level_comment = "c ",
	.free_play = "A random graph: find its largest clique (N: another)",
	.commands = clique_batch_commands,
	.commands_help = clique_batch_help,
};
