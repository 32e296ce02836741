#include "config.h"

#include "puzzles/range_puzzle.h"
#include "puzzles/range_state.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/range_id.h"
#include "solver/range/range_clauses.h"
#include "solver/range/range_search.h"
#include "util/xalloc.h"

struct puzzle_state *range_puzzle_new(int w, int h, const int *clues)
{
	int n = w * h;
	struct puzzle_state *s = xcalloc(1, sizeof *s + (size_t)n * (sizeof *s->clue + 1));
	s->w = w;
	s->h = h;
	s->n = n;
	s->clue = (int *)(s + 1);
	s->mark = (unsigned char *)(s->clue + n);
	memcpy(s->clue, clues, (size_t)n * sizeof *clues);
	return s;
}

struct range_grid *range_puzzle_grid(const struct puzzle_state *s)
{
	struct range_grid *g = range_grid_new(s->w, s->h, s->clue);
	for (int k = 0; k < s->n; k++)
		if (s->mark[k] != RANGE_UNKNOWN && !s->clue[k])
			range_grid_mark(g, k, (enum range_cell)s->mark[k]);
	return g;
}

void range_puzzle_cell_words(const struct puzzle_state *s, int k, char *buf, size_t size)
{
	snprintf(buf, size, "row %d, column %d", k / s->w + 1, k % s->w + 1);
}

static const char range_rules[] =
	"Shade some cells.  No two shaded cells touch by a side; the unshaded cells form one region, "
	"joined by sides; a numbered cell is unshaded, and its number counts the unshaded cells it sees "
	"along its row and its column, itself included, up to a shaded cell or the edge.";

/* The player's marks, a row a line after the ID: '#', '.' or '-'. */
static bool read_marks(struct puzzle_state *s, const char *p, int *bad_line, struct diag *err)
{
	for (int r = 0; r < s->h; r++) {
		size_t len = strcspn(p, "\n");
		if ((int)len != s->w) {
			*bad_line = r + 1;
			diag_set(err, "line %d: the marks of row %d are %d characters, one per column (%d)", r + 2, r + 1,
			         (int)len, s->w);
			return false;
		}
		for (int c = 0; c < s->w; c++) {
			int k = r * s->w + c;
			const char *at = strchr("-.#", p[c]);
			if (!at || !p[c] || (p[c] == '#' && s->clue[k])) {
				*bad_line = r + 1;
				diag_set(err, "line %d, column %d: '%c' is not a mark ('#' shaded, '.' unshaded, '-' none)%s",
				         r + 2, c + 1, p[c], at && p[c] ? " for a numbered cell" : "");
				return false;
			}
			s->mark[k] = (unsigned char)(at - "-.#");
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	if (*p) {
		*bad_line = s->h + 1;
		diag_set(err, "line %d: more lines than the grid's %d rows of marks", s->h + 2, s->h);
		return false;
	}
	return true;
}

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	*bad_line = -1;
	if (!desc)
		return puzzle_free_play(pz, "9x6", 2, err);   /* a 9x6 puzzle of grade 2 */
	int w, h, *clues, at;
	struct diag why;
	if (!range_id_parse(desc, &w, &h, &clues, &at, &why)) {
		*bad_line = 0;
		diag_set(err, "game ID %s", why.msg);
		return NULL;
	}
	struct puzzle_state *s = range_puzzle_new(w, h, clues);
	free(clues);
	const char *rest = desc + strcspn(desc, "\n");
	if (*rest == '\n' && rest[1] && !read_marks(s, rest + 1, bad_line, err)) {
		free(s);
		return NULL;
	}
	return s;
}

static void describe(const struct puzzle_state *s, char *buf, size_t size)
{
	struct strbuf out = { 0 };
	range_id_format(s->w, s->h, s->clue, &out);
	bool marked = false;
	for (int k = 0; k < s->n; k++)
		marked |= s->mark[k] != RANGE_UNKNOWN;
	for (int k = 0; marked && k < s->n; k++)
		strbuf_addf(&out, "%s%c", k % s->w ? "" : "\n", "-.#"[s->mark[k]]);
	snprintf(buf, size, "%s\n", out.s);
	strbuf_free(&out);
}

static struct puzzle_state *copy(const struct puzzle_state *s)
{
	struct puzzle_state *c = range_puzzle_new(s->w, s->h, s->clue);
	memcpy(c->mark, s->mark, (size_t)s->n);
	return c;
}

static void free_state(struct puzzle_state *s)
{
	free(s);
}

int range_puzzle_parse_move(const struct puzzle_state *s, const char *move, int *cells, unsigned char *values,
                            struct diag *err)
{
	int n = 0;
	for (const char *m = move; *m;) {
		int r, c, used = 0;
		const char *kind = strchr("-.#", *m);
		if (!*m || !kind || sscanf(m + 1, "%d,%d%n", &r, &c, &used) != 2 || r < 1 || c < 1 || r > s->h ||
		    c > s->w) {
			diag_set(err, "'%.20s' is not a move: #R,C shades, .R,C marks unshaded, -R,C clears (%dx%d)", m,
			         s->w, s->h);
			return -1;
		}
		int k = (r - 1) * s->w + c - 1;
		if (s->clue[k] && *m != '.') {
			diag_set(err, "row %d, column %d holds the number %d: it is unshaded", r, c, s->clue[k]);
			return -1;
		}
		if (n >= s->n) {
			diag_set(err, "a move of more than the grid's %d cells", s->n);
			return -1;
		}
		cells[n] = k;
		values[n++] = (unsigned char)(kind - "-.#");
		m += 1 + used;
		if (*m == ';')
			m++;
	}
	return n;
}

static struct puzzle_state *apply(const struct puzzle_state *s, const char *move, struct diag *err)
{
	int *cells = xmalloc((size_t)s->n * sizeof *cells);
	unsigned char *values = xmalloc((size_t)s->n);
	int n = range_puzzle_parse_move(s, move, cells, values, err);
	struct puzzle_state *t = NULL;
	if (n >= 0) {
		t = copy(s);
		for (int i = 0; i < n; i++)
			if (!s->clue[cells[i]])
				t->mark[cells[i]] = values[i];
	}
	free(cells);
	free(values);
	return t;
}

/* Solved when the shaded cells keep every rule, the rest taken as
 * unshaded (marking them is the player's help, not a duty). */
static bool is_solved(const struct puzzle_state *s)
{
	struct range_grid *g = range_grid_new(s->w, s->h, s->clue);
	for (int k = 0; k < s->n; k++)
		if (!s->clue[k])
			range_grid_mark(g, k, s->mark[k] == RANGE_BLACK ? RANGE_BLACK : RANGE_WHITE);
	bool solved = range_grid_solved(g);
	range_grid_free(g);
	return solved;
}

static void describe_move(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief)
{
	int r, c;
	if (sscanf(move + (*move ? 1 : 0), "%d,%d", &r, &c) != 2 || !strchr("-.#", *move) || !*move) {
		snprintf(buf, size, "?");
		return;
	}
	int cells = 1;
	for (const char *p = move; (p = strchr(p, ';')); p++)
		cells++;
	const char *what = *move == '#' ? "shade" : *move == '.' ? "unshaded" : "clear";
	if (cells > 1)
		snprintf(buf, size, "%d cells", cells);
	else if (brief)
		snprintf(buf, size, "%s", what);
	else
		snprintf(buf, size, "%s row %d, column %d", *move == '#' ? "shade" : *move == '.' ? "dot" : "clear", r, c);
	(void)s;
}

static struct puzzle_state *puzzle_of(const struct puzzle_state *s)
{
	return range_puzzle_new(s->w, s->h, s->clue);
}

/* The cells a solution (a move from s's puzzle) shades, as a mask. */
static unsigned char *solution_cells(const struct puzzle_state *s, const char *solution)
{
	int *cells = xmalloc((size_t)s->n * sizeof *cells);
	unsigned char *values = xmalloc((size_t)s->n), *shaded = xcalloc((size_t)s->n, 1);
	struct diag err;
	int n = range_puzzle_parse_move(s, solution, cells, values, &err);
	for (int i = 0; i < n; i++)
		shaded[cells[i]] = values[i] == RANGE_BLACK;
	free(cells);
	free(values);
	return n < 0 ? (free(shaded), NULL) : shaded;
}

static bool mistakes(const struct puzzle_state *s, const char *solution, struct note *out)
{
	unsigned char *shaded = solution_cells(s, solution);
	if (!shaded)
		return false;
	note_clear(out);
	int wrong = 0;
	for (int k = 0; k < s->n; k++)
		if ((s->mark[k] == RANGE_BLACK && !shaded[k]) || (s->mark[k] == RANGE_WHITE && shaded[k])) {
			note_cell(out, k);
			wrong++;
		}
	if (wrong)
		note_say(out, "%d cell%s marked otherwise than the solution: shown", wrong, wrong == 1 ? " is" : "s are");
	free(shaded);
	return wrong > 0;
}

static void differ(const struct puzzle_state *s, const char *a, const char *b, struct note *out)
{
	unsigned char *sa = solution_cells(s, a), *sb = solution_cells(s, b);
	note_clear(out);
	for (int k = 0; sa && sb && k < s->n; k++)
		if (sa[k] != sb[k]) {
			char where[40];
			range_puzzle_cell_words(s, k, where, sizeof where);
			note_say(out, "The cell at %s may be shaded or not: two solutions", where);
			note_cell(out, k);
			break;
		}
	free(sa);
	free(sb);
}

/* ---- engines ----------------------------------------------------------- */

static struct engine *new_engine(const struct puzzle_state *s, enum range_branch branch)
{
	struct range_grid *g = range_puzzle_grid(s);
	struct engine *e = range_search_new(g, branch);
	range_grid_free(g);
	return e;
}

static struct engine *new_cells(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return new_engine(s, RANGE_BRANCH_CELLS);
}

static struct engine *new_views(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	return new_engine(s, RANGE_BRANCH_VIEWS);
}

static struct engine *new_clauses(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct range_grid *g = range_puzzle_grid(s);
	struct engine *e = range_clauses_new(g);
	range_grid_free(g);
	return e;
}

static const struct puzzle_engine engine_cells = { "cells", "Cell by cell", new_cells, false };
static const struct puzzle_engine engine_views = { "views", "Number by number", new_views, false };
static const struct puzzle_engine engine_clauses = { "clauses", "Clause solver", new_clauses, false };
static const struct puzzle_engine *const range_engines[] = { &engine_cells, &engine_views, &engine_clauses, NULL };

/* ---- files of game IDs, one a line ------------------------------------- */

struct puzzle_reader {
	int unused;
};

static struct puzzle_reader *reader_new(void)
{
	return xcalloc(1, sizeof(struct puzzle_reader));
}

static void reader_free(struct puzzle_reader *r)
{
	free(r);
}

static enum puzzle_read reader_read(struct puzzle_reader *r, const char *text, size_t len, long number,
                                    struct strbuf *desc, long *line, bool *again, struct diag *err)
{
	(void)r;
	*again = false;
	*line = number;
	if (!text || len == 0 || text[0] == '#')
		return PUZZLE_READ_MORE;
	int w, h, *clues, at;
	char id[PUZZLE_DESC_MAX];
	snprintf(id, sizeof id, "%.*s", (int)(len < sizeof id ? len : sizeof id - 1), text);
	if (!range_id_parse(id, &w, &h, &clues, &at, err))
		return PUZZLE_READ_BAD;
	free(clues);
	strbuf_addf(desc, "%s", id);
	return PUZZLE_READ_ONE;
}

static void as_line(const struct puzzle_state *s, char *buf, size_t size)
{
	struct strbuf out = { 0 };
	range_id_format(s->w, s->h, s->clue, &out);
	snprintf(buf, size, "%s", out.s);
	strbuf_free(&out);
}

static const struct puzzle_batch range_batch = {
	.format = "Range game IDs as Simon Tatham's puzzles write them (9x6:a4f2c13...), one a line",
	.reader_new = reader_new,
	.reader_free = reader_free,
	.read = reader_read,
	.as_line = as_line,
};

static const struct puzzle_param range_params[] = {
	{ "size", "the grid, WxH (default: by grade, 7x7 to 15x15)", NULL },
};

const struct puzzle range_puzzle = {
	.name = "range",
	.title = "Range",
	.start = start,
	.describe = describe,
	.copy = copy,
	.free_state = free_state,
	.apply = apply,
	.is_solved = is_solved,
	.describe_move = describe_move,
	.rules = range_rules,
	.engines = range_engines,
	.params = range_params,
	.n_params = (int)(sizeof range_params / sizeof *range_params),
	.hint = range_teach_hint,
	.dead_end = range_teach_dead_end,
	.generate = range_gen_generate,
	.grade = range_teach_grade,
	.puzzle_of = puzzle_of,
	.mistakes = mistakes,
	.differ = differ,
	.count_noun = "solutions",
	.free_play = "A new 9x6 puzzle (N: another)",
	.batch = &range_batch,
	.commands = range_batch_commands,
	.commands_help = range_batch_help,
};
