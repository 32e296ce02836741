/* Sudoku as a puzzle family: the state, its moves and descriptions, the
 * 324-item exact cover, dead ends in a player's words, and the reader of
 * files of puzzles for the batch commands.  The moves and the description
 * are specified in sudoku_puzzle.h. */
#include "config.h"

#include "puzzles/sudoku_puzzle.h"

#include <ctype.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/sudoku_engines.h"
#include "puzzles/sudoku_logic.h"
#include "puzzles/sudoku_teach.h"
#include "puzzles/xc_engine.h"
#include "util/textfit.h"
#include "util/xalloc.h"

struct puzzle_state {
	struct sudoku_grid givens;
	struct sudoku_grid grid;            /* the givens with the entries */
	sudoku_grid_mask marks[SUDOKU_MAX_CELLS];
	bool setup;
};

static const struct sudoku_grid_geom *geom(const struct sudoku_grid *g)
{
	return sudoku_grid_geom_of(g);
}

bool sudoku_puzzle_is(const struct puzzle *pz)
{
	return pz == &sudoku_puzzle;
}

const struct sudoku_grid *sudoku_state_givens(const struct puzzle_state *s)
{
	return &s->givens;
}

const struct sudoku_grid *sudoku_state_grid(const struct puzzle_state *s)
{
	return &s->grid;
}

sudoku_grid_mask sudoku_state_marks(const struct puzzle_state *s, int cell)
{
	return cell >= 0 && cell < s->grid.cells ? s->marks[cell] : 0;
}

bool sudoku_state_setup(const struct puzzle_state *s)
{
	return s->setup;
}

/* ---- moves ------------------------------------------------------------ */

void sudoku_cell_name(const struct sudoku_grid *g, int cell, char *buf, size_t size)
{
	snprintf(buf, size, "r%dc%d", sudoku_grid_row(g, cell) + 1, sudoku_grid_col(g, cell) + 1);
}

void sudoku_unit_name(int side, int unit, char *buf, size_t size)
{
	static const char *const kind[] = { "row", "column", "box" };
	snprintf(buf, size, "%s %d", kind[unit / side], unit % side + 1);
}

/* Moves are written by hand rather than by printf: a batch solve writes
 * one per cell of every puzzle, and printf took a fifth of its time.
 * Rows, columns and digits are numbers, one or two figures ("r12c3=14"). */
enum { CELL_MOVE_LEN = 9 };

static char *put_number(int n, char *p)
{
	if (n >= 10)
		*p++ = (char)('0' + n / 10);
	*p++ = (char)('0' + n % 10);
	return p;
}

static char *put_cell_move(const struct sudoku_grid *g, int cell, char op, int digit, char *p)
{
	*p++ = 'r';
	p = put_number(sudoku_grid_row(g, cell) + 1, p);
	*p++ = 'c';
	p = put_number(sudoku_grid_col(g, cell) + 1, p);
	*p++ = op;
	return put_number(digit, p);
}

static void cell_move(const struct sudoku_grid *g, int cell, char op, int digit, char *buf, size_t size)
{
	char m[CELL_MOVE_LEN];
	size_t len = (size_t)(put_cell_move(g, cell, op, digit, m) - m);
	size_t n = size - 1 < len ? size - 1 : len;
	memcpy(buf, m, n);
	buf[n] = '\0';
}

void sudoku_path_add(const struct sudoku_grid *g, const int *cells, const int *digits, int n, struct strbuf *out)
{
	char buf[SUDOKU_MAX_CELLS * (CELL_MOVE_LEN + 1)], *p = buf;
	for (int i = 0; i < n; i++) {
		if (i)
			*p++ = ';';
		p = put_cell_move(g, cells[i], '=', digits[i], p);
	}
	strbuf_addn(out, buf, (size_t)(p - buf)); /* "" rather than NULL for none */
}

void sudoku_answer_line(const struct sudoku_grid *g, char *buf, size_t size)
{
	if (size >= SUDOKU_MAX_LINE) {
		sudoku_grid_format(g, buf); /* a batch's room: no copy */
		return;
	}
	char line[SUDOKU_MAX_LINE];
	sudoku_grid_format(g, line);
	size_t n = strnlen(line, size ? size - 1 : 0);
	if (size) {
		memcpy(buf, line, n);
		buf[n] = '\0';
	}
}

void sudoku_path_line(const struct sudoku_grid *g, const int *cells, const int *digits, int n, char *buf,
                      size_t size)
{
	struct sudoku_grid done = *g;
	/* as the move's "=" puts them: never over a given */
	for (int i = 0; i < n; i++)
		if (!g->v[cells[i]])
			done.v[cells[i]] = (uint8_t)digits[i];
	sudoku_answer_line(&done, buf, size);
}

void sudoku_move_enter(const struct sudoku_grid *g, int cell, int digit, char *buf, size_t size)
{
	cell_move(g, cell, '=', digit, buf, size);
}

void sudoku_move_mark(const struct sudoku_grid *g, int cell, int digit, char op, char *buf, size_t size)
{
	cell_move(g, cell, op, digit, buf, size);
}

void sudoku_move_given(const struct sudoku_grid *g, int cell, int digit, char *buf, size_t size)
{
	cell_move(g, cell, ':', digit, buf, size);
}

/* "9x9": how a player names the size. */
static void size_name(const struct sudoku_grid *g, char *buf, size_t size)
{
	snprintf(buf, size, "%dx%d", g->side, g->side);
}

/* A number at *p, *p moved past its digits; a number too large for any
 * grid is kept as 99999, and *text, *len say how it was written. */
static bool number_at(const char **p, const char *end, long *v, const char **text, int *len)
{
	const char *q = *p;
	long n = 0;
	while (q < end && isdigit((unsigned char)*q)) {
		n = n < 10000 ? n * 10 + (*q - '0') : 99999;
		q++;
	}
	if (q == *p)
		return false;
	*v = n;
	*text = *p;
	*len = (int)(q - *p > 12 ? 12 : q - *p);
	*p = q;
	return true;
}

/* "rRcC" at the start of *p: the cell, or false; *looked says whether it
 * was written as a cell at all (then err says what is wrong with it). */
static bool parse_cell(const struct sudoku_grid *g, const char **p, const char *end, int *cell, struct diag *err,
                       bool *looked)
{
	const char *q = *p, *rt, *ct;
	long r, c;
	int rn, cn;
	*looked = false;
	if (q >= end || *q != 'r')
		return false;
	q++;
	if (!number_at(&q, end, &r, &rt, &rn) || q >= end || *q != 'c')
		return false;
	q++;
	if (!number_at(&q, end, &c, &ct, &cn))
		return false;
	*looked = true;
	char sz[16];
	if (r < 1 || r > g->side) {
		size_name(g, sz, sizeof sz);
		diag_set(err, "no row %.*s in a %s grid", rn, rt, sz);
		return false;
	}
	if (c < 1 || c > g->side) {
		size_name(g, sz, sizeof sz);
		diag_set(err, "no column %.*s in a %s grid", cn, ct, sz);
		return false;
	}
	*cell = (int)(r - 1) * g->side + (int)(c - 1);
	*p = q;
	return true;
}

/* The first columns of what was read, for a message: a save or a level
 * file may hold a tab, a carriage return or a multibyte character, which
 * a cut by bytes would break and a terminal would act on. */
static void shown(const char *t, size_t len, int width, char *buf, size_t size)
{
	char piece[256];
	snprintf(piece, sizeof piece, "%.*s", (int)(len < sizeof piece ? len : sizeof piece - 1), t);
	textfit(piece, width, false, buf, size);
}

static void not_a_move(const char *m, size_t len, struct diag *err)
{
	char what[128];
	shown(m, len, 30, what, sizeof what);
	diag_set(err, "'%s' is not a move", what);
}

/* One move (no ';') applied to s in place. */
static bool apply_one(struct puzzle_state *s, const char *m, size_t len, struct diag *err)
{
	const char *end = m + len;
	char name[32], sz[16];
	if (len == 5 && !strncmp(m, "marks", 5)) {
		sudoku_grid_mask cand[SUDOKU_MAX_CELLS];
		sudoku_grid_candidates(&s->grid, geom(&s->grid), cand);
		for (int c = 0; c < s->grid.cells; c++)
			if (!s->grid.v[c])
				s->marks[c] = cand[c];
		return true;
	}
	if (len == 3 && !strncmp(m, "fix", 3)) {
		if (!s->setup) {
			diag_set(err, "the puzzle is already fixed");
			return false;
		}
		int a, b, u;
		if (sudoku_grid_first_clash(&s->givens, geom(&s->givens), &a, &b, &u)) {
			char na[32], nb[32];
			sudoku_cell_name(&s->grid, a, na, sizeof na);
			sudoku_cell_name(&s->grid, b, nb, sizeof nb);
			diag_set(err, "%s and %s both hold %d: no puzzle can start so", na, nb, s->givens.v[a]);
			return false;
		}
		s->setup = false;
		return true;
	}
	/* The move of every digit of a path, "r3c5=7", read at once (a batch
	 * solve applies some sixty a puzzle); anything else, or a fault, the
	 * long way, which says what is wrong. */
	if (len == 6 && m[0] == 'r' && m[2] == 'c' && m[4] == '=' && m[1] >= '1' && m[1] <= '9' && m[3] >= '1' &&
	    m[3] <= '9' && m[5] >= '0' && m[5] <= '9') {
		int r = m[1] - '1', c = m[3] - '1', d = m[5] - '0';
		if (r < s->grid.side && c < s->grid.side && d <= s->grid.side && !s->givens.v[r * s->grid.side + c]) {
			s->grid.v[r * s->grid.side + c] = (uint8_t)d;
			return true;
		}
	}
	const char *p = m;
	int cell;
	bool looked;
	if (!parse_cell(&s->grid, &p, end, &cell, err, &looked)) {
		if (!looked)
			not_a_move(m, len, err);
		return false;
	}
	long d;
	const char *dt;
	int dn;
	char op = p < end ? *p++ : '\0';
	if (!op || !strchr("=^+-:", op) || !number_at(&p, end, &d, &dt, &dn) || p != end) {
		not_a_move(m, len, err);
		return false;
	}
	/* (names are written only for a message: a batch solve applies a
	 * path of some sixty moves per puzzle) */
	bool blank_ok = op == '=' || op == ':';
	if (d > s->grid.side || (d == 0 && !blank_ok)) {
		size_name(&s->grid, sz, sizeof sz);
		if (blank_ok)
			diag_set(err, "a %s grid has the digits 1-%d, not %.*s", sz, s->grid.side, dn, dt);
		else
			diag_set(err, "a mark is a digit 1-%d, not %.*s", s->grid.side, dn, dt);
		return false;
	}
	if (op == ':') {
		if (!s->setup) {
			sudoku_cell_name(&s->grid, cell, name, sizeof name);
			diag_set(err, "the givens are fixed: %s can change only while a puzzle is set up", name);
			return false;
		}
		s->givens.v[cell] = (uint8_t)d;
		s->grid.v[cell] = (uint8_t)d;
		if (d)
			s->marks[cell] = 0;
		return true;
	}
	if (s->givens.v[cell]) {
		sudoku_cell_name(&s->grid, cell, name, sizeof name);
		diag_set(err, "%s is a given", name);
		return false;
	}
	switch (op) {
	case '=':
		s->grid.v[cell] = (uint8_t)d;
		break;
	case '^':
		s->marks[cell] ^= sudoku_grid_bit((int)d);
		break;
	case '+':
		s->marks[cell] |= sudoku_grid_bit((int)d);
		break;
	default:
		s->marks[cell] &= (sudoku_grid_mask)~sudoku_grid_bit((int)d);
		break;
	}
	return true;
}

static struct puzzle_state *copy(const struct puzzle_state *s)
{
	struct puzzle_state *c = xmalloc(sizeof *c);
	*c = *s;
	return c;
}

static void free_state(struct puzzle_state *s)
{
	free(s);
}

/* The givens alone: the puzzle, whether a level's or one typed in and
 * fixed; still being typed, the grid as it is. */
static struct puzzle_state *puzzle_of(const struct puzzle_state *s)
{
	struct puzzle_state *c = copy(s);
	if (!s->setup) {
		c->grid = c->givens;
		memset(c->marks, 0, sizeof c->marks);
	}
	return c;
}

static struct puzzle_state *apply(const struct puzzle_state *s, const char *move, struct diag *err)
{
	struct puzzle_state *n = copy(s);
	for (const char *m = move; *m;) {
		const char *e = strchr(m, ';');
		size_t len = e ? (size_t)(e - m) : strlen(m);
		if (!apply_one(n, m, len, err)) {
			free(n);
			return NULL;
		}
		m = e ? e + 1 : m + len;
	}
	return n;
}

static bool is_solved(const struct puzzle_state *s)
{
	return !s->setup && sudoku_grid_is_solved(&s->grid, geom(&s->grid));
}

/* ---- reading puzzles: one line, or a grid of rows ----------------------- */

/* A line's text without the blanks around it. */
static void trim(const char **text, size_t *len)
{
	const char *t = *text;
	size_t n = *len;
	while (n && (t[n - 1] == ' ' || t[n - 1] == '\t' || t[n - 1] == '\r'))
		n--;
	while (n && (*t == ' ' || *t == '\t'))
		t++, n--;
	*text = t;
	*len = n;
}

/* Is len the length of a puzzle line (a box shape "3x2:" before it
 * or not), or of a grid row?  Then the side, else 0. */
static int side_of_line(const char *t, size_t len)
{
	int r, c;
	if (len > 4 && t[1] == 'x' && t[3] == ':')
		len -= 4;
	for (int s = 4; s <= SUDOKU_MAX_SIDE; s++)
		if (len == (size_t)(s * s) && sudoku_grid_default_shape(s, &r, &c))
			return s;
	return 0;
}

static int side_of_row(size_t len)
{
	int r, c;
	return len <= SUDOKU_MAX_SIDE && sudoku_grid_default_shape((int)len, &r, &c) ? (int)len : 0;
}

/* Are the characters of one row of a grid of side `side` all a digit
 * (1-9, then A-P), '.' or '0'?  If not, why, in sudoku_grid_parse_line's
 * words. */
static bool row_chars(const char *t, size_t len, int side, char *why, size_t size)
{
	for (size_t i = 0; i < len; i++) {
		char ch = t[i];
		if (sudoku_grid_char_digit(ch, side) >= 0)
			continue;
		if ((unsigned char)ch < 32 || (unsigned char)ch >= 127)
			snprintf(why, size, "character %zu is not a digit, '.' or '0' (byte 0x%02x)", i + 1,
			         (unsigned char)ch);
		else if (side <= 9)
			snprintf(why, size, "character %zu is '%c', not a digit 1-%d, '.' or '0'", i + 1, ch, side);
		else
			snprintf(why, size, "character %zu is '%c', not a digit 1-9 or A-%c, '.' or '0'", i + 1, ch,
			         sudoku_grid_digit_char(side));
		return false;
	}
	return true;
}

struct puzzle_reader {
	int side;           /* of the grid being read; 0: between puzzles */
	int rows;           /* its rows so far */
	long first;         /* the line of its first row */
	int skip;           /* rows still to pass over after a bad row */
	int skip_side;      /* the length of those rows */
	char cells[SUDOKU_MAX_CELLS + 1];
	/* the grid of the last puzzle line read, which start takes rather
	 * than reading the line again (keep_grid: start's reader; a batch's
	 * reader only checks the line, which start then reads) */
	bool keep_grid;
	struct sudoku_grid line_grid;
	bool line_read;
};

static struct puzzle_reader *reader_new(void)
{
	return xcalloc(1, sizeof(struct puzzle_reader));
}

static void reader_free(struct puzzle_reader *r)
{
	free(r);
}

static enum puzzle_read grid_short(struct puzzle_reader *r, long *line, struct diag *err)
{
	int side = r->side;
	*line = r->first;
	diag_set(err, "a grid of %d row%s; a %dx%d grid has %d", r->rows, r->rows == 1 ? "" : "s", side, side, side);
	r->side = 0;
	return PUZZLE_READ_BAD;
}

/* A row of the grid being read. */
static enum puzzle_read grid_row(struct puzzle_reader *r, const char *text, size_t len, struct strbuf *desc,
                                 long *line, bool *again, struct diag *err)
{
	char why[160];
	int side = r->side;
	if (!len || (side_of_line(text, len) && len != (size_t)side)) {
		/* A blank line, or a puzzle line: the grid was cut short, and
		 * the puzzle line is read again on its own. */
		*again = len != 0;
		return grid_short(r, line, err);
	}
	if (len != (size_t)side || !row_chars(text, len, side, why, sizeof why)) {
		if (len != (size_t)side)
			snprintf(why, sizeof why, "%zu characters, not %d", len, side);
		diag_set(err, "row %d of the grid: %s", r->rows + 1, why);
		r->skip = side - r->rows - 1;
		r->skip_side = side;
		r->side = 0;
		return PUZZLE_READ_BAD;
	}
	memcpy(r->cells + r->rows * side, text, len);
	if (++r->rows < side)
		return PUZZLE_READ_MORE;
	r->cells[side * side] = '\0';
	*line = r->first;
	r->side = 0;
	strbuf_addn(desc, r->cells, (size_t)(side * side));
	return PUZZLE_READ_ONE;
}

/* The reader's rules: a puzzle is one line (81 characters for 9x9; 16,
 * 36, 144, 256 or 625 for the other sizes), or a grid of rows on lines of
 * their own, one after another (9 rows of 9 characters).  A line of 16
 * characters is the first row of a 16x16 grid if it can be one and no
 * 4x4 puzzle line, else a 4x4 line.  Blank lines and lines starting with '#' may come between
 * puzzles; a blank line inside a grid ends it too soon.  After a bad row
 * of a grid, its other rows are passed over, so that one bad grid is one
 * complaint. */
static enum puzzle_read reader_read(struct puzzle_reader *r, const char *text, size_t len, long number,
                                    struct strbuf *desc, long *line, bool *again, struct diag *err)
{
	char why[160];
	*again = false;
	*line = number;
	r->line_read = false;
	if (!text)
		return r->side ? grid_short(r, line, err) : PUZZLE_READ_MORE;
	trim(&text, &len);
	if (len && text[0] == '#')
		return PUZZLE_READ_MORE;
	if (r->skip) {
		if (len == (size_t)r->skip_side) {
			r->skip--;
			return PUZZLE_READ_MORE;
		}
		r->skip = 0;
	}
	if (r->side)
		return grid_row(r, text, len, desc, line, again, err);
	if (!len)
		return PUZZLE_READ_MORE;
	int row_side = side_of_row(len);
	/* 16 characters: a 4x4 puzzle line, unless only a 16x16 row fits */
	if (row_side == 16 && (row_chars(text, len, 4, why, sizeof why) || !row_chars(text, len, 16, why, sizeof why)))
		row_side = 0;
	if (row_side) {
		if (!row_chars(text, len, row_side, why, sizeof why)) {
			diag_set(err, "row 1 of the grid: %s", why);
			r->skip = row_side - 1;
			r->skip_side = row_side;
			return PUZZLE_READ_BAD;
		}
		r->side = row_side;
		r->rows = 1;
		r->first = number;
		memcpy(r->cells, text, len);
		return PUZZLE_READ_MORE;
	}
	int col;
	if (!sudoku_grid_parse_line(text, len, r->keep_grid ? &r->line_grid : NULL, why, sizeof why, &col)) {
		diag_set(err, "%s", why);
		return PUZZLE_READ_BAD;
	}
	r->line_read = r->keep_grid;
	strbuf_addn(desc, text, len);
	return PUZZLE_READ_ONE;
}

static void as_line(const struct puzzle_state *s, char *buf, size_t size)
{
	sudoku_answer_line(&s->grid, buf, size);
}

/* ---- descriptions ----------------------------------------------------- */

/* The next line of a description: false at its end. */
static bool desc_line(const char **p, const char **text, size_t *len)
{
	if (!**p)
		return false;
	const char *e = strchr(*p, '\n');
	*text = *p;
	*len = e ? (size_t)(e - *p) : strlen(*p);
	*p = e ? e + 1 : *p + *len;
	return true;
}

/* "entries LINE": the entries, '.' where there is none, never on a given. */
static bool parse_entries(struct puzzle_state *s, const char *t, size_t len, struct diag *err)
{
	struct sudoku_grid e;
	char why[160];
	int col;
	trim(&t, &len);
	if (!sudoku_grid_parse_line(t, len, &e, why, sizeof why, &col)) {
		diag_set(err, "entries: %s", why);
		return false;
	}
	if (e.box_rows != s->givens.box_rows || e.box_cols != s->givens.box_cols) {
		diag_set(err, "entries for a %dx%d grid in a %dx%d one", e.side, e.side, s->givens.side,
		         s->givens.side);
		return false;
	}
	for (int c = 0; c < e.cells; c++) {
		if (!e.v[c])
			continue;
		if (s->givens.v[c]) {
			char name[32];
			sudoku_cell_name(&e, c, name, sizeof name);
			diag_set(err, "%s is a given and cannot hold an entry", name);
			return false;
		}
		s->grid.v[c] = e.v[c];
	}
	return true;
}

/* "marks M1,M2,...": each cell's marks in reading order, its digits (none
 * for a cell without marks). */
static bool parse_marks(struct puzzle_state *s, const char *t, size_t len, struct diag *err)
{
	const char *end = t + len;
	int cell = 0;
	for (const char *p = t;; p++) {
		if (p < end && *p == ',') {
			cell++;
			continue;
		}
		if (p == end)
			break;
		if (cell >= s->grid.cells) {
			diag_set(err, "marks for more than the %d cells", s->grid.cells);
			return false;
		}
		if (*p == '.')
			continue;
		int d = sudoku_grid_char_digit(*p, s->grid.side);
		if (d <= 0) {
			char last = sudoku_grid_digit_char(s->grid.side);
			if ((unsigned char)*p < 32 || (unsigned char)*p >= 127)
				diag_set(err, "marks: byte 0x%02x is not a digit 1-%c", (unsigned char)*p, last);
			else
				diag_set(err, "marks: '%c' is not a digit 1-%c", *p, last);
			return false;
		}
		s->marks[cell] |= sudoku_grid_bit(d);
	}
	if (cell + 1 != s->grid.cells) {
		diag_set(err, "marks for %d cell%s, not %d", cell + 1, cell ? "s" : "", s->grid.cells);
		return false;
	}
	for (int c = 0; c < s->grid.cells; c++)
		if (s->marks[c] && s->givens.v[c]) {
			char name[32];
			sudoku_cell_name(&s->grid, c, name, sizeof name);
			diag_set(err, "%s is a given and has no marks", name);
			return false;
		}
	return true;
}

static bool keyword(const char *t, size_t len, const char *word, const char **rest, size_t *rest_len)
{
	size_t n = strlen(word);
	if (len < n || strncmp(t, word, n) || (len > n && t[n] != ' ' && t[n] != '\t'))
		return false;
	*rest = t + n;
	*rest_len = len - n;
	while (*rest_len && (**rest == ' ' || **rest == '\t'))
		(*rest)++, (*rest_len)--;
	return true;
}

/* The lines after the grid: entries, marks, setup, each at most once. */
static bool parse_extras(struct puzzle_state *s, const char **p, int *line, int *bad_line, struct diag *err)
{
	const char *t, *rest;
	size_t len, rest_len;
	bool seen_entries = false, seen_marks = false, seen_setup = false;
	for (; desc_line(p, &t, &len); (*line)++) {
		trim(&t, &len);
		*bad_line = *line;
		if (!len || t[0] == '#')
			continue;
		bool *seen = NULL;
		const char *what = NULL;
		bool ok = true;
		if (keyword(t, len, "entries", &rest, &rest_len)) {
			seen = &seen_entries, what = "entries";
			ok = !seen_entries && parse_entries(s, rest, rest_len, err);
		} else if (keyword(t, len, "marks", &rest, &rest_len)) {
			seen = &seen_marks, what = "marks";
			ok = !seen_marks && parse_marks(s, rest, rest_len, err);
		} else if (keyword(t, len, "setup", &rest, &rest_len) && !rest_len) {
			seen = &seen_setup, what = "setup";
			ok = !seen_setup;
			s->setup = true;
		} else {
			char start_of[96];
			shown(t, len, 20, start_of, sizeof start_of);
			diag_set(err, "'%s' is not part of a Sudoku (entries, marks or setup)", start_of);
			return false;
		}
		if (*seen) {
			diag_set(err, "a second '%s' line", what);
			return false;
		}
		if (!ok)
			return false;
		*seen = true;
	}
	return true;
}

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	(void)pz;
	struct puzzle_state *s = xcalloc(1, sizeof *s);
	*bad_line = -1;
	if (!desc) {
		/* No puzzle: the empty grid, to set one up. */
		sudoku_grid_init(&s->givens, 3);
		s->grid = s->givens;
		s->setup = true;
		return s;
	}
	/* One puzzle line and nothing more, as a batch gives it: read
	 * straight into the state, as the reader below would read it. */
	const char *t = desc;
	size_t len = strlen(desc);
	trim(&t, &len);
	if (len > SUDOKU_MAX_SIDE && t[0] != '#' && !memchr(t, '\n', len)) {
		char why[160];
		int col;
		*bad_line = 0;
		if (!sudoku_grid_parse_line(t, len, &s->givens, why, sizeof why, &col)) {
			diag_set(err, "%s", why);
			free(s);
			return NULL;
		}
		s->grid = s->givens;
		*bad_line = -1;
		return s;
	}
	/* The grid first (one line or its rows), read as a file of puzzles
	 * is; then the lines that say more. */
	struct puzzle_reader r = { .keep_grid = true };
	struct strbuf cells = { 0 };
	const char *p = desc;
	t = NULL;
	len = 0;
	int line = 0;
	long at;
	bool again, more = true;
	enum puzzle_read got = PUZZLE_READ_MORE;
	while (got == PUZZLE_READ_MORE && more) {
		more = desc_line(&p, &t, &len);
		got = reader_read(&r, more ? t : NULL, len, line, &cells, &at, &again, err);
		*bad_line = (int)at;
		if (more)
			line++;
	}
	if (got == PUZZLE_READ_MORE) {
		*bad_line = line ? line - 1 : -1;
		diag_set(err, "no grid: a Sudoku is a line of 81 characters, or 9 rows of 9");
		goto fail;
	}
	if (got == PUZZLE_READ_BAD)
		goto fail;
	char why[160];
	int col;
	if (r.line_read) {
		s->givens = r.line_grid;
	} else if (!sudoku_grid_parse_line(cells.s, cells.len, &s->givens, why, sizeof why, &col)) {
		diag_set(err, "%s", why); /* not reached: the reader checked it */
		goto fail;
	}
	strbuf_free(&cells);
	s->grid = s->givens;
	if (!parse_extras(s, &p, &line, bad_line, err)) {
		free(s);
		return NULL;
	}
	*bad_line = -1;
	return s;
fail:
	strbuf_free(&cells);
	free(s);
	return NULL;
}

static void describe(const struct puzzle_state *s, char *buf, size_t size)
{
	struct strbuf b = { 0 };
	char line[SUDOKU_MAX_LINE];
	sudoku_grid_format(&s->givens, line);
	strbuf_addf(&b, "%s\n", line);
	struct sudoku_grid e;
	bool any = false;
	sudoku_grid_init_shape(&e, s->grid.box_rows, s->grid.box_cols);
	for (int c = 0; c < s->grid.cells; c++)
		if (s->grid.v[c] && !s->givens.v[c])
			e.v[c] = s->grid.v[c], any = true;
	if (any) {
		sudoku_grid_format(&e, line);
		strbuf_addf(&b, "entries %s\n", line);
	}
	any = false;
	for (int c = 0; c < s->grid.cells; c++)
		any |= s->marks[c] != 0;
	if (any) {
		strbuf_addf(&b, "marks ");
		for (int c = 0; c < s->grid.cells; c++) {
			if (c)
				strbuf_addf(&b, ",");
			for (int d = 1; d <= s->grid.side; d++)
				if (s->marks[c] & sudoku_grid_bit(d))
					strbuf_addf(&b, "%c", sudoku_grid_digit_char(d));
		}
		strbuf_addf(&b, "\n");
	}
	if (s->setup)
		strbuf_addf(&b, "setup\n");
	snprintf(buf, size, "%s", b.s);
	strbuf_free(&b);
}

/* ---- words for moves -------------------------------------------------- */

/* One move in words; "" if it is none. */
static void say_one(const struct sudoku_grid *g, const char *m, size_t len, char *buf, size_t size, bool brief)
{
	const char *p = m, *end = m + len;
	int cell;
	bool looked;
	struct diag err;
	buf[0] = '\0';
	if (len == 5 && !strncmp(m, "marks", 5)) {
		snprintf(buf, size, brief ? "marks filled in" : "every blank cell marked with its candidates");
		return;
	}
	if (len == 3 && !strncmp(m, "fix", 3)) {
		snprintf(buf, size, brief ? "givens fixed" : "the givens fixed: the puzzle begins");
		return;
	}
	if (!parse_cell(g, &p, end, &cell, &err, &looked) || p + 2 > end) {
		snprintf(buf, size, "%.*s", (int)len, m);
		return;
	}
	char name[32];
	sudoku_cell_name(g, cell, name, sizeof name);
	int d = atoi(p + 1);
	switch (*p) {
	case '=':
		if (d)
			snprintf(buf, size, brief ? "%d in %s" : "%d entered in %s", d, name);
		else
			snprintf(buf, size, "%s cleared", name);
		break;
	case ':':
		if (d)
			snprintf(buf, size, "given %d in %s", d, name);
		else
			snprintf(buf, size, "given of %s taken away", name);
		break;
	case '^':
		snprintf(buf, size, "mark %d of %s switched", d, name);
		break;
	case '+':
		snprintf(buf, size, "mark %d put in %s", d, name);
		break;
	case '-':
		snprintf(buf, size, "mark %d taken from %s", d, name);
		break;
	default:
		snprintf(buf, size, "%.*s", (int)len, m);
	}
}

static void describe_move(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief)
{
	int parts = 0, entries = 0, marks = 0;
	const char *entry = NULL;
	size_t entry_len = 0;
	for (const char *m = move; *m;) {
		const char *e = strchr(m, ';');
		size_t len = e ? (size_t)(e - m) : strlen(m);
		const char *op = strpbrk(m, "=^+-:;");
		if (op && op < m + len) {
			entries += *op == '=', marks += *op == '^' || *op == '+' || *op == '-';
			if (*op == '=')
				entry = m, entry_len = len;
		}
		parts++;
		m = e ? e + 1 : m + len;
	}
	if (parts <= 1) {
		say_one(&s->grid, move, strlen(move), buf, size, brief);
		return;
	}
	/* A digit entered with the marks it took from its peers is, to the
	 * player, the digit entered. */
	if (entries == 1 && entries + marks == parts) {
		say_one(&s->grid, entry, entry_len, buf, size, brief);
		return;
	}
	if (entries == parts)
		snprintf(buf, size, "%d digits entered", parts);
	else if (marks == parts)
		snprintf(buf, size, "%d marks changed", parts);
	else
		snprintf(buf, size, "%d changes", parts);
}

/* ---- dead ends -------------------------------------------------------- */


static void mark_unit(const struct sudoku_grid_geom *geo, int u, struct note *out)
{
	for (int i = 0; i < geo->side; i++)
		note_cell(out, geo->unit_cell[u][i]);
}

static bool dead_end(const struct puzzle_state *s, struct note *out)
{
	const struct sudoku_grid *g = &s->grid;
	const struct sudoku_grid_geom *geo = geom(g);
	char a_name[32], b_name[32], unit[32];
	int a, b, u;
	note_clear(out);
	if (sudoku_grid_first_clash(g, geo, &a, &b, &u)) {
		sudoku_cell_name(g, a, a_name, sizeof a_name);
		sudoku_cell_name(g, b, b_name, sizeof b_name);
		note_say(out, "%s and %s both hold %d", a_name, b_name, g->v[a]);
		note_cell(out, a);
		note_cell(out, b);
		note_piece(out, g->v[a]);
		return true;
	}
	/* Then where the singles lead, if to a contradiction: the cell or
	 * the digit it ends in, and the digits the singles force on the way.
	 * Those are not on the grid: the words name the first three, and
	 * every one's cell is marked. */
	struct sudoku_logic_contradiction why;
	if (!sudoku_logic_find_contradiction(g, &why))
		return false;
	char end[96], forced[128] = "";
	if (why.cell >= 0) {
		sudoku_cell_name(g, why.cell, a_name, sizeof a_name);
		snprintf(end, sizeof end, why.n_forced ? "%s has no candidate left"
		                                       : "%s has no candidate left: every digit is in its row, column or box",
		         a_name);
		note_cell(out, why.cell);
	} else {
		sudoku_unit_name(geo->side, why.unit, unit, sizeof unit);
		snprintf(end, sizeof end, "no cell of %s can hold %d", unit, why.digit);
		mark_unit(geo, why.unit, out);
		note_piece(out, why.digit);
	}
	size_t len = 0;
	int told = why.n_forced > 3 ? 3 : why.n_forced;
	for (int i = 0; i < why.n_forced; i++) {
		note_cell(out, why.forced[i].cell);
		if (i >= told)
			continue;
		sudoku_cell_name(g, why.forced[i].cell, b_name, sizeof b_name);
		const char *sep = i == 0 ? "" : i + 1 == why.n_forced ? " and " : ", ";
		len += (size_t)snprintf(forced + len, sizeof forced - len, "%s%s%s %d", sep, b_name, i == 0 ? " must be" : "",
		                        why.forced[i].digit);
	}
	if (why.n_forced > told)
		snprintf(forced + len, sizeof forced - len, " and %d more (marked)", why.n_forced - told);
	if (why.n_forced)
		note_say(out, "%s, and then %s", forced, end);
	else
		note_say(out, "%s", end);
	return true;
}

/* ---- the exact cover -------------------------------------------------- */

/* Items: each blank cell ("r3c5": it is filled), then for each unit the
 * digits it lacks ("r3#7", "c5#7", "b5#7": row 3, column 5, box 5 has a
 * 7).  An option is a digit in a blank cell that none of its peers holds;
 * its tag is cell * 32 + digit.  Every other item of the full 324 (9x9) is
 * covered by a filled cell and left out.  A full grid that keeps the rules
 * leaves no item at all: one solution, the empty choice.  Two equal digits in a unit are no such grid: the
 * problem is then one item that no option covers, the second of the two
 * cells. */
static const char unit_letter[] = "rcb";

static void add_item(struct xc_problem *p, const char *fmt, int a, int b)
{
	char name[32];
	snprintf(name, sizeof name, fmt, a, b);
	xc_add_item(p, name, true);
}

static struct xc_problem *reduce(const struct puzzle_state *s, enum dlx_rule rule)
{
	/* One order serves both rules: cells in reading order first, so that
	 * DLX_FIRST fills the grid as a person reads it. */
	(void)rule;
	const struct sudoku_grid *g = &s->grid;
	const struct sudoku_grid_geom *geo = geom(g);
	struct xc_problem *p = xc_new();
	int a, b, u;
	if (sudoku_grid_first_clash(g, geo, &a, &b, &u)) {
		add_item(p, "r%dc%d", sudoku_grid_row(g, b) + 1, sudoku_grid_col(g, b) + 1);
		return p;
	}
	sudoku_grid_mask placed[SUDOKU_MAX_UNITS] = { 0 };
	for (int c = 0; c < g->cells; c++)
		if (g->v[c])
			for (int k = 0; k < 3; k++)
				placed[geo->cell_unit[c][k]] |= sudoku_grid_bit(g->v[c]);
	int cell_item[SUDOKU_MAX_CELLS], unit_item[SUDOKU_MAX_UNITS][SUDOKU_MAX_SIDE + 1];
	for (int c = 0; c < g->cells; c++)
		if (!g->v[c]) {
			cell_item[c] = p->n_items;
			add_item(p, "r%dc%d", sudoku_grid_row(g, c) + 1, sudoku_grid_col(g, c) + 1);
		}
	for (u = 0; u < geo->units; u++)
		for (int d = 1; d <= g->side; d++)
			if (!(placed[u] & sudoku_grid_bit(d))) {
				unit_item[u][d] = p->n_items;
				static const char *const fmt[] = { "r%d#%d", "c%d#%d", "b%d#%d" };
				add_item(p, fmt[u / g->side], u % g->side + 1, d);
			}
	for (int c = 0; c < g->cells; c++) {
		if (g->v[c])
			continue;
		const uint16_t *cu = geo->cell_unit[c];
		sudoku_grid_mask taken = placed[cu[0]] | placed[cu[1]] | placed[cu[2]];
		for (int d = 1; d <= g->side; d++) {
			if (taken & sudoku_grid_bit(d))
				continue;
			int items[4] = { cell_item[c], unit_item[cu[0]][d], unit_item[cu[1]][d], unit_item[cu[2]][d] };
			xc_add_option(p, items, 4, c * SUDOKU_OPTION_TAG_CELL + d, NULL);
		}
	}
	return p;
}

/* The whole problem of each size: reduce's items and options for an empty
 * grid, in the same order, so that a search of it with a grid's digits
 * preset meets the same lists as a search of reduce's problem and makes
 * the same choices.  Option cell * side + digit - 1 puts digit in cell.
 * Made once, with the geometries, and only read after. */
static _Atomic(struct xc_problem *) whole_of[SUDOKU_MAX_SIDE + 1][2];
static pthread_mutex_t whole_lock = PTHREAD_MUTEX_INITIALIZER;

static const struct xc_problem *whole(const struct puzzle_state *s)
{
	/* one per shape: by side, and whether the boxes are wider than high */
	_Atomic(struct xc_problem *) *slot = &whole_of[s->grid.side][s->grid.box_rows < s->grid.box_cols];
	struct xc_problem *p = atomic_load_explicit(slot, memory_order_acquire);
	if (p)
		return p;
	pthread_mutex_lock(&whole_lock);
	p = atomic_load_explicit(slot, memory_order_relaxed);
	if (!p) {
		struct puzzle_state *empty = xcalloc(1, sizeof *empty);
		sudoku_grid_init_shape(&empty->grid, s->grid.box_rows, s->grid.box_cols);
		p = reduce(empty, DLX_MRV);
		free(empty);
		atomic_store_explicit(slot, p, memory_order_release);
	}
	pthread_mutex_unlock(&whole_lock);
	return p;
}

static int placed(const struct puzzle_state *s, int *options)
{
	const struct sudoku_grid *g = &s->grid;
	int n = 0;
	for (int c = 0; c < g->cells; c++)
		if (g->v[c])
			options[n++] = c * g->side + g->v[c] - 1;
	return n;
}

static void option_move(const struct puzzle_state *s, const struct xc_problem *p, int k, char *buf, size_t size)
{
	int tag = p->opt_tag[k];
	sudoku_move_enter(&s->grid, tag / SUDOKU_OPTION_TAG_CELL, tag % SUDOKU_OPTION_TAG_CELL, buf, size);
}

static void options_line(const struct puzzle_state *s, const struct xc_problem *p, const int *options, int n,
                         char *buf, size_t size)
{
	int cells[SUDOKU_MAX_CELLS], digits[SUDOKU_MAX_CELLS];
	if (n > SUDOKU_MAX_CELLS)
		n = SUDOKU_MAX_CELLS; /* not reached: an option fills a cell */
	for (int i = 0; i < n; i++) {
		int tag = p->opt_tag[options[i]];
		cells[i] = tag / SUDOKU_OPTION_TAG_CELL;
		digits[i] = tag % SUDOKU_OPTION_TAG_CELL;
	}
	sudoku_path_line(&s->grid, cells, digits, n, buf, size);
}

static void item_note(const struct puzzle_state *s, const struct xc_problem *p, int item, struct note *out)
{
	const struct sudoku_grid *g = &s->grid;
	const struct sudoku_grid_geom *geo = geom(g);
	const char *name = p->name[item];
	char kind;
	int a, b;
	note_clear(out);
	if (!strcmp(name, "full")) {
		note_say(out, "the full grid");
		return;
	}
	if (sscanf(name, "r%dc%d", &a, &b) == 2 && a >= 1 && a <= g->side && b >= 1 && b <= g->side) {
		int cell = (a - 1) * g->side + b - 1;
		sudoku_cell_name(g, cell, out->text, sizeof out->text);
		note_cell(out, cell);
		return;
	}
	if (sscanf(name, "%c%d#%d", &kind, &a, &b) == 3 && kind && strchr(unit_letter, kind) && a >= 1 && a <= g->side) {
		int u = (int)(strchr(unit_letter, kind) - unit_letter) * g->side + a - 1;
		char unit[32];
		sudoku_unit_name(geo->side, u, unit, sizeof unit);
		note_say(out, "a %d in %s", b, unit);
		mark_unit(geo, u, out);
		note_piece(out, b);
	}
}

static const struct puzzle_xc sudoku_xc = {
	.reduce = reduce,
	.option_move = option_move,
	.item_note = item_note,
	.whole = whole,
	.placed = placed,
	.options_line = options_line,
};

static const struct puzzle_batch sudoku_batch = {
	.format = "one puzzle a line: 81 characters (16 for 4x4, 36 for 6x6, 144 for "
	          "12x12, 256 for 16x16, 625 for 25x25), a digit for a given (1-9, "
	          "then A-P past 9) and '.' or '0' for a blank; 6x6 has boxes of 2x3 "
	          "and 12x12 of 3x4 unless the line starts with the box shape, as "
	          "3x2: (rows x columns); a 16x16 line may be written 0-F with '.' for "
	          "a blank instead.  Or a grid of 9 lines of 9 characters (4 of 4, and "
	          "so on).  Blank lines and lines starting with '#' may come between "
	          "puzzles.  Past 9x9 fast is Dancing Links, mrv goes up to 12x12 and "
	          "seq up to 9x9.",
	.reader_new = reader_new,
	.reader_free = reader_free,
	.read = reader_read,
	.as_line = as_line,
};

static const char sudoku_rules[] =
	"Fill the grid so that every row, every column and every 3x3 box holds "
	"each of the digits 1 to 9 once (on a 4x4 grid, every 2x2 box the digits "
	"1 to 4; on 6x6, 12x12, 16x16 and 25x25 grids, every box the digits 1 "
	"to 6, 12, 16 or 25: typed and shown as numbers, 1 then 2 for 12).  The "
	"digits given at the start stay.  "
	"Cells are named by row and column: r3c5 is row 3, column 5.\n"
	"A puzzle has exactly one solution.  With no puzzle, the grid is empty: "
	"enter your own givens, then fix them and play.";

/* The fastest first (the singles placed at every node): it answers
 * checks, hints and counts, and is the search A shows; X races all five. */
static const struct puzzle_engine *const sudoku_engines[] = {
	&sudoku_engine_fast, &sudoku_engine_mrv, &sudoku_engine_seq, &xc_engine_dlx, &sudoku_engine_sat, NULL,
};

static const struct puzzle_param sudoku_params[] = {
	{ "grade", "1 (singles) to 4 (needs trial); 0: any", NULL },
	{ "symmetric", "clues in pairs, half a turn about the centre", NULL },
	{ "size", "9, or 4, 6, 12, 16 or 25 for a grid of that side", "9" },
	{ "box", "the box shape, rows x columns: 2x3 or 3x2 for size 6, 3x4 or 4x3 for 12", NULL },
};

const struct puzzle sudoku_puzzle = {
	.name = "sudoku",
	.title = "Sudoku",
	.start = start,
	.describe = describe,
	.copy = copy,
	.free_state = free_state,
	.apply = apply,
	.is_solved = is_solved,
	.describe_move = describe_move,
	.rules = sudoku_rules,
	.xc = &sudoku_xc,
	.engines = sudoku_engines,
	.params = sudoku_params,
	.n_params = (int)(sizeof sudoku_params / sizeof *sudoku_params),
	.hint = sudoku_hint,
	.dead_end = dead_end,
	.generate = sudoku_generate,
	.grade = sudoku_grade,
	.puzzle_of = puzzle_of,
	.mistakes = sudoku_mistakes,
	.differ = sudoku_differ,
	.count_noun = "solutions",
	.free_play = "An empty grid: type your own givens, F fixes them, then play",
	.batch = &sudoku_batch,
};
