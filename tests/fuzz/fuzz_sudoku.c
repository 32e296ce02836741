/* Fuzzing what Sudoku reads: the first byte of an input chooses, by its
 * value mod 3, and the rest is the text.
 *   0 ('0', '3')  a file of puzzles, line by line through the family's
 *                 batch reader, as `linkdance solve sudoku FILE` feeds it:
 *                 puzzle lines and grids of rows, comments, blank lines;
 *   1 ('1', '4')  a description for the family's start(), then, after the
 *                 first '|', one move a line for apply() from that start;
 *   2 ('2', '5')  a saved game (game/save.h), read as the game reads one.
 *
 * What must hold, besides not crashing:
 *   - a puzzle the reader gives is one start() takes, made of the very
 *     characters of its line or of its grid's rows, at a line it has
 *     read; a line it is asked for again is asked for once only;
 *   - a state start() or apply() makes is described so that start()
 *     makes it again, description for description, and keeps its givens
 *     under the entries and no marks on a given;
 *   - a save that is read is written and read back the same, byte for
 *     byte, and its states describe themselves as above;
 *   - every refusal says why, without control bytes, in at most 80
 *     columns (a save's also says where: "fuzz:LINE: why"). */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game/save.h"
#include "game/session.h"
#include "puzzles/sudoku_puzzle.h"
#include "util/note.h"
#include "util/strbuf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

char fuzz_verdict[FUZZ_VERDICT_MAX];

#define DESC_MAX 8192

static void fail(const char *what, const char *detail, const char *text, size_t len)
{
	fprintf(stderr, "fuzz_sudoku: %s\n%s\n--- input ---\n%.*s\n", what, detail ? detail : "", (int)len,
	        text ? text : "");
	abort();
}

/* Is s (n bytes) UTF-8: every lead byte followed by as many continuation
 * bytes as it says? */
static bool utf8(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		int more = u[i] < 0x80            ? 0
		           : (u[i] & 0xe0) == 0xc0 ? 1
		           : (u[i] & 0xf0) == 0xe0 ? 2
		           : (u[i] & 0xf8) == 0xf0 ? 3
		                                   : -1;
		if (more < 0 || (size_t)more >= n - i)
			return false;
		for (int k = 1; k <= more; k++)
			if ((u[i + (size_t)k] & 0xc0) != 0x80)
				return false;
		i += (size_t)more + 1;
	}
	return true;
}

/* A message as a player reads it: something, no control bytes, at most
 * width columns (a UTF-8 character is one column), and no character cut
 * in two when the input had none. */
static void check_message_in(const char *msg, int width, const char *text, size_t len)
{
	if (utf8(text, len) && !utf8(msg, strlen(msg)))
		fail("a message cuts a character in two", msg, text, len);
	int cols = 0;
	for (const unsigned char *p = (const unsigned char *)msg; *p; p++) {
		if (*p < 32 || *p == 127)
			fail("a message with a control byte", msg, text, len);
		cols += (*p & 0xc0) != 0x80;
	}
	if (!cols)
		fail("an empty message", NULL, text, len);
	if (cols > width)
		fail("a message wider than it may be", msg, text, len);
}

/* The family's own messages fit a line of 80 columns. */
static void check_message(const char *msg, const char *text, size_t len)
{
	check_message_in(msg, 80, text, len);
}

/* ---- states ----------------------------------------------------------- */

/* The state's description makes the state again, and its rules hold. */
static void check_state(const struct puzzle_state *s, const char *text, size_t len)
{
	const struct puzzle *pz = &sudoku_puzzle;
	const struct sudoku_grid *gv = sudoku_state_givens(s), *g = sudoku_state_grid(s);
	if (gv->box != g->box || (g->box != 2 && g->box != 3))
		fail("a state of no size", NULL, text, len);
	for (int c = 0; c < g->cells; c++) {
		if (g->v[c] > g->side)
			fail("a cell holds no digit of the grid", NULL, text, len);
		if (gv->v[c] && gv->v[c] != g->v[c])
			fail("an entry over a given", NULL, text, len);
		if (sudoku_state_marks(s, c) & ~sudoku_grid_all(g->side))
			fail("a mark beyond the grid's digits", NULL, text, len);
	}
	char *once = malloc(DESC_MAX), *twice = malloc(DESC_MAX);
	if (!once || !twice)
		abort();
	pz->describe(s, once, DESC_MAX);
	int bad;
	struct diag err;
	struct puzzle_state *back = pz->start(pz, once, &bad, &err);
	if (!back)
		fail("a state's description is refused", err.msg, once, strlen(once));
	pz->describe(back, twice, DESC_MAX);
	if (strcmp(once, twice)) {
		fprintf(stderr, "--- described ---\n%s--- started and described again ---\n%s", once, twice);
		fail("a description drifts", NULL, text, len);
	}
	if (pz->is_solved(s) != pz->is_solved(back) || sudoku_state_setup(s) != sudoku_state_setup(back))
		fail("a state started again is another", once, text, len);
	pz->free_state(back);
	free(once);
	free(twice);
}

/* givens/entries/marks: a digest of a state for the verdict. */
static void digest(const struct puzzle_state *s, char *buf, size_t size)
{
	const struct sudoku_grid *gv = sudoku_state_givens(s), *g = sudoku_state_grid(s);
	int givens = 0, entries = 0, marks = 0;
	for (int c = 0; c < g->cells; c++) {
		givens += gv->v[c] != 0;
		entries += g->v[c] && !gv->v[c];
		marks += sudoku_grid_popcount(sudoku_state_marks(s, c));
	}
	snprintf(buf, size, "%dx%d, %d givens, %d entries, %d marks%s%s", g->side, g->side, givens, entries, marks,
	         sudoku_state_setup(s) ? ", setup" : "", sudoku_puzzle.is_solved(s) ? ", solved" : "");
}

/* ---- 0: a file of puzzles --------------------------------------------- */

/* The line's text as the reader sees it: without the blanks around it. */
static void trimmed(const char **t, size_t *n)
{
	while (*n && ((*t)[*n - 1] == ' ' || (*t)[*n - 1] == '\t' || (*t)[*n - 1] == '\r'))
		(*n)--;
	while (*n && (**t == ' ' || **t == '\t'))
		(*t)++, (*n)--;
}

struct lines {
	const char **text;
	size_t *len;
	long n;
};

/* Is desc the puzzle at line `at` (1-based): that line, or the rows of a
 * grid from it on, comments passed over? */
static bool made_of(const struct lines *ls, long at, const char *desc, size_t dlen)
{
	size_t used = 0;
	for (long k = at; k <= ls->n && used < dlen; k++) {
		const char *t = ls->text[k - 1];
		size_t n = ls->len[k - 1];
		trimmed(&t, &n);
		if (k > at && n && t[0] == '#')
			continue;
		if (n > dlen - used || memcmp(desc + used, t, n))
			return false;
		used += n;
	}
	return used == dlen;
}

static void fuzz_batch(const char *text, size_t size)
{
	const struct puzzle_batch *b = sudoku_puzzle.batch;
	struct lines ls = { 0 };
	for (size_t i = 0; i < size;) {
		const char *e = memchr(text + i, '\n', size - i);
		size_t n = e ? (size_t)(e - (text + i)) : size - i;
		ls.text = realloc(ls.text, sizeof *ls.text * (size_t)(ls.n + 1));
		ls.len = realloc(ls.len, sizeof *ls.len * (size_t)(ls.n + 1));
		if (!ls.text || !ls.len)
			abort();
		ls.text[ls.n] = text + i;
		ls.len[ls.n++] = n;
		i += n + 1;
	}
	struct puzzle_reader *r = b->reader_new();
	int puzzles = 0, bad = 0;
	char first_bad[200] = "", lines_read[120] = "";
	for (long k = 1; k <= ls.n + 1; k++) {
		const char *t = k <= ls.n ? ls.text[k - 1] : NULL;
		size_t n = k <= ls.n ? ls.len[k - 1] : 0;
		int asked = 0;
		bool again;
		do {
			struct strbuf desc = { 0 };
			struct diag err;
			long line = -1;
			strbuf_addn(&desc, "", 0);
			enum puzzle_read got = b->read(r, t, n, k, &desc, &line, &again, &err);
			if (again && ++asked > 1)
				fail("the reader asks for a line again and again", NULL, text, size);
			if (got != PUZZLE_READ_MORE && (line < 1 || line > k))
				fail("the reader names a line it has not read", NULL, text, size);
			if (got == PUZZLE_READ_ONE) {
				int bl;
				struct puzzle_state *s = sudoku_puzzle.start(&sudoku_puzzle, desc.s, &bl, &err);
				if (!s)
					fail("start() refuses a puzzle the reader gives", err.msg, text, size);
				if (!made_of(&ls, line, desc.s, desc.len))
					fail("the reader gives a puzzle that is not at its line", desc.s, text, size);
				check_state(s, desc.s, desc.len);
				sudoku_puzzle.free_state(s);
				if (puzzles++ < 12) {
					size_t u = strlen(lines_read);
					snprintf(lines_read + u, sizeof lines_read - u, "%s%ld", u ? "," : "", line);
				}
			} else if (got == PUZZLE_READ_BAD) {
				check_message(err.msg, text, size);
				if (!bad++)
					snprintf(first_bad, sizeof first_bad, ", first at %ld: %.160s", line, err.msg);
			} else if (again) {
				fail("the reader asks for a line again without a verdict", NULL, text, size);
			}
			strbuf_free(&desc);
		} while (again);
	}
	b->reader_free(r);
	free(ls.text);
	free(ls.len);
	fuzz_say("batch %d puzzles (lines %s%s), %d bad%s", puzzles, lines_read, puzzles > 12 ? ",..." : "", bad,
	         first_bad);
}

/* ---- 1: a description and moves -------------------------------------- */

/* What a move may change: the givens only while the puzzle is set up,
 * and it is fixed only with no digit twice in a unit. */
static void check_move(const struct puzzle_state *before, const struct puzzle_state *after, const char *text,
                       size_t len)
{
	const struct sudoku_grid *a = sudoku_state_givens(before), *b = sudoku_state_givens(after);
	if (!sudoku_state_setup(before) && (sudoku_state_setup(after) || memcmp(a->v, b->v, sizeof a->v)))
		fail("a move changes a fixed puzzle's givens", NULL, text, len);
	if (sudoku_state_setup(before) && !sudoku_state_setup(after)) {
		struct sudoku_grid_geom geo;
		int x, y, u;
		sudoku_grid_geom_init(&geo, b->box);
		if (sudoku_grid_first_clash(b, &geo, &x, &y, &u))
			fail("a puzzle is fixed with a digit twice in a unit", NULL, text, len);
	}
}

static void fuzz_moves(const char *text, size_t size)
{
	const struct puzzle *pz = &sudoku_puzzle;
	char *copy = malloc(size + 1);
	if (!copy)
		abort();
	memcpy(copy, text, size + 1);
	char *moves = strchr(copy, '|');
	if (moves)
		*moves++ = '\0';
	int bad, lines = 1;
	struct diag err;
	for (const char *p = copy; *p; p++)
		lines += *p == '\n';
	struct puzzle_state *s = pz->start(pz, copy, &bad, &err);
	if (!s) {
		check_message(err.msg, text, size);
		if (bad < -1 || bad >= lines)
			fail("start() names a line the description does not have", err.msg, text, size);
		fuzz_say("desc reject at %d: %s", bad, err.msg);
		free(copy);
		return;
	}
	check_state(s, text, size);
	char what[120], said[200], first_bad[240] = "";
	digest(s, what, sizeof what);
	int made = 0, refused = 0;
	for (char *m = moves; m && *m;) {
		char *e = strchr(m, '\n');
		if (e)
			*e = '\0';
		pz->describe_move(s, m, said, sizeof said, false);
		pz->describe_move(s, m, said, sizeof said, true);
		struct puzzle_state *next = pz->apply(s, m, &err);
		if (next) {
			check_state(next, text, size);
			check_move(s, next, text, size);
			pz->free_state(s);
			s = next;
			made++;
		} else {
			check_message(err.msg, text, size);
			if (!refused++)
				snprintf(first_bad, sizeof first_bad, ", first refused: %.200s", err.msg);
		}
		m = e ? e + 1 : m + strlen(m);
	}
	struct note note;
	pz->dead_end(s, &note);
	char now[120];
	digest(s, now, sizeof now);
	if (moves)
		fuzz_say("desc accept %s; %d moves made (%s), %d refused%s", what, made, now, refused, first_bad);
	else
		fuzz_say("desc accept %s", what);
	pz->free_state(s);
	free(copy);
}

/* ---- 2: a saved game -------------------------------------------------- */

/* Does a line of the save name a family other than Sudoku?  Those are
 * fuzz_store's. */
static bool other_family(const char *text)
{
	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, "family ", 7))
			continue;
		size_t n = strcspn(p + 7, "\r\n");
		if (n != 6 || strncmp(p + 7, "sudoku", 6))
			return true;
	}
	return false;
}

static void fuzz_save(const char *text, size_t size)
{
	struct diag err;
	if (other_family(text)) {
		fuzz_say("save of another family: not read");
		return;
	}
	struct session *s = save_parse(text, "fuzz", &err);
	if (!s) {
		if (strncmp(err.msg, "fuzz:", 5) != 0)
			fail("a message that does not say where", err.msg, text, size);
		/* The save's words about a line, which may hold the family's
		 * ("move 12 cannot be made: " and 80 columns). */
		long at = strtol(err.msg + 5, NULL, 10), lines = 1;
		for (const char *p = text; *p; p++)
			lines += *p == '\n' && p[1];
		if (at < 0 || at > lines)
			fail("a save's message names a line it does not have", err.msg, text, size);
		const char *why = strchr(err.msg + 5, ' ');
		check_message_in(why ? why + 1 : err.msg + 5, 120, text, size);
		fuzz_say("save reject %s", err.msg);
		return;
	}
	char what[120];
	digest(s->state[s->cur], what, sizeof what);
	fuzz_say("save accept %s, %d moves, at %d: %s%s", s->pz->name, s->n - 1, s->cur, what,
	         s->finished ? ", finished" : "");
	if (s->pz == &sudoku_puzzle)
		for (int i = 0; i < s->n; i++)
			check_state(s->state[i], text, size);
	char *once = save_format(s);
	struct session *back = save_parse(once, "again", &err);
	if (!back)
		fail("a save as written cannot be read back", err.msg, once, strlen(once));
	char *twice = save_format(back);
	if (strcmp(once, twice) != 0) {
		fprintf(stderr, "--- written ---\n%s--- read and written again ---\n%s", once, twice);
		fail("a save drifts when read back and written again", NULL, text, size);
	}
	if (back->n != s->n || back->cur != s->cur || back->finished != s->finished)
		fail("a save read back has other moves, cursor or end", NULL, once, strlen(once));
	free(twice);
	free(once);
	session_free(back);
	session_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_say("empty");
	if (size < 1)
		return 0;
	char *text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	switch (data[0] % 3) {
	case 0:
		fuzz_batch(text, size - 1);
		break;
	case 1:
		fuzz_moves(text, strlen(text));
		break;
	default:
		fuzz_save(text, size - 1);
	}
	free(text);
	return 0;
}
