#include "config.h"

#include "ui/help.h"

#include <stdio.h>
#include <string.h>

#include "puzzles/puzzle.h"
#include "ui/style.h"
#include "ui/view.h"
#include "util/textfit.h"

/* The page as lines: a heading (keys == NULL), a key and its words (keys
 * "" on the lines its words wrap to), a line of a paragraph, or a blank
 * (what == NULL too).  The context asked for comes first. */
struct help_line {
	const char *keys, *what;
	bool plain;              /* a line of a paragraph, not a heading */
};

/* Room for the page, each of the two paragraphs at most a fifth of it,
 * and for the text its lines point into. */
enum { HELP_MAX_LINES = 200, HELP_TEXT = 24 * 1024 };

/* Where a key's words begin, and the margin right of them. */
enum { KEYS_X = 4, KEYS_W = 18, WORDS_X = 24, WORDS_MARGIN = 2 };

struct page {
	struct help_line lines[HELP_MAX_LINES];
	int n;
	char text[HELP_TEXT];    /* the wrapped lines */
	size_t used;
	int width;               /* of a paragraph */
	int words_width;         /* of a key's words */
};

static void add(struct page *pg, const char *keys, const char *what, bool plain)
{
	if (pg->n < HELP_MAX_LINES)
		pg->lines[pg->n++] = (struct help_line){ keys, what, plain };
}

static void blank(struct page *pg)
{
	if (pg->n && pg->lines[pg->n - 1].what)
		add(pg, NULL, NULL, false);
}

/* text wrapped to width in the page's store; returns its first line, the
 * others following it, each ended by '\0'; *lines says how many. */
static char *wrap(struct page *pg, const char *text, int width, int max_lines, int *lines)
{
	char *at = pg->text + pg->used;
	*lines = 0;
	if (pg->used + 1 >= sizeof pg->text)
		return NULL;
	*lines = textfit_lines(text, width, max_lines, style_unicode(), at, sizeof pg->text - pg->used);
	pg->used += strlen(at) + 1;
	for (char *nl = strchr(at, '\n'); nl; nl = strchr(nl + 1, '\n'))
		*nl = '\0';
	return at;
}

/* A key and its words, wrapped under each other beside it: read whole,
 * never cut (the last of four lines ends in an ellipsis if even they are
 * not enough). */
static void binding(struct page *pg, const char *keys, const char *what)
{
	int lines;
	char *line = wrap(pg, what, pg->words_width, 4, &lines);
	for (int i = 0; i < lines && line; i++) {
		add(pg, i == 0 ? keys : "", line, false);
		line += strlen(line) + 1;
	}
}

/* A paragraph under its title; a '\n' in text begins a new line, as the
 * families' rules break theirs. */
static void paragraph(struct page *pg, const char *title, const char *text)
{
	int last = pg->n + HELP_MAX_LINES / 5;
	add(pg, NULL, title, false);
	for (const char *part = text; part && *part;) {
		const char *end = strchr(part, '\n');
		size_t len = end ? (size_t)(end - part) : strlen(part);
		char piece[2048];
		snprintf(piece, sizeof piece, "%.*s", (int)len, part);
		int lines;
		char *line = wrap(pg, piece, pg->width, 40, &lines);
		for (int i = 0; i < lines && line && pg->n < last; i++) {
			add(pg, NULL, line, true);
			line += strlen(line) + 1;
		}
		part = end ? end + 1 : NULL;
	}
	add(pg, NULL, NULL, false);
}

/* Does the view list keys of its own words for this line of the table
 * ("c" of a graph marks vertices, not placed pieces)?  Its line is shown
 * instead, among the view's keys. */
static bool view_words(const struct help *h, const char *keys)
{
	for (const struct view_key *k = h->view_keys; k && k->keys; k++)
		if (!strcmp(k->keys, keys))
			return true;
	return false;
}

static const char *view_key_words(const struct view_key *k)
{
	return k->explain ? k->explain : k->what;
}

/* A context's part of the table; the board's begins with the view's own
 * keys: they are what a player of this family presses most. */
static void context_keys(struct page *pg, const struct help *h, enum key_context c)
{
	blank(pg);
	if (c == CTX_PLAY && h->view_keys) {
		add(pg, NULL, h->keys_title ? h->keys_title : "On the board", false);
		for (const struct view_key *k = h->view_keys; k->keys; k++)
			binding(pg, k->keys, view_key_words(k));
		add(pg, NULL, NULL, false);
	}
	add(pg, NULL, key_context_name(c), false);
	/* Outside a game (the menu's help) a family's own keys are not
	 * known: the game's ? lists them, each family its own. */
	if (c == CTX_PLAY && !h->view_keys)
		binding(pg, "?", "in a game: its own keys (pieces, digits, vertices)");
	for (const struct key_binding *k = key_table; k->keys; k++)
		if (k->ctx == c && !k->view_own && !(c == CTX_PLAY && view_words(h, k->keys)))
			binding(pg, k->keys, k->what);
}

/* "click: on a cell, ..." -> "click" beside the rest */
static void mouse_line(struct page *pg, const char *line)
{
	const char *colon = strchr(line, ':');
	if (!colon) {
		binding(pg, "", line);
		return;
	}
	char *keys = pg->text + pg->used;
	int len = snprintf(keys, sizeof pg->text - pg->used, "%.*s", (int)(colon - line), line);
	if (len < 0 || pg->used + (size_t)len + 1 >= sizeof pg->text)
		return;
	pg->used += (size_t)len + 1;
	binding(pg, keys, colon + 2);
}

static void collect(const struct help *h, struct page *pg)
{
	int cols = h->cols > 20 ? h->cols : 80;
	pg->n = 0;
	pg->used = 0;
	pg->width = cols - 6;
	pg->words_width = cols - WORDS_X - WORDS_MARGIN;
	if (h->rules)
		paragraph(pg, "The puzzle", h->rules);
	if (h->view_help)
		paragraph(pg, h->view_title ? h->view_title : "The board", h->view_help);
	enum key_context order[] = { h->ctx, CTX_PLAY, CTX_SEARCH, CTX_RACE, CTX_MENU, CTX_ASK };
	for (int i = 0; i < (int)(sizeof order / sizeof *order); i++) {
		bool dup = false;
		for (int j = 0; j < i; j++)
			dup |= order[j] == order[i];
		if (!dup)
			context_keys(pg, h, order[i]);
	}
	add(pg, NULL, NULL, false);
	add(pg, NULL, "The mouse", false);
	for (const char *const *m = h->mouse; m && *m; m++)
		mouse_line(pg, *m);
	binding(pg, "click", "in a menu: open");
}

/* Lines 2 .. rows-2 show the page; the title and the bottom line stay. */
static int page_rows(int rows)
{
	return rows - 3 > 1 ? rows - 3 : 1;
}

static int clamp_top(int top, int lines, int rows)
{
	int last = lines - page_rows(rows);
	if (top > last)
		top = last;
	return top < 0 ? 0 : top;
}

void help_open(struct help *h, enum key_context ctx)
{
	h->open = true;
	h->top = 0;
	h->ctx = ctx;
}

void help_key(struct help *h, const struct term_event *ev, int rows)
{
	if (ev->kind != TERM_KEY)
		return;
	int step;
	switch (ev->sym) {
	case KEY_SYM_UP: step = -1; break;
	case KEY_SYM_DOWN: step = 1; break;
	case KEY_SYM_PAGEUP: step = -page_rows(rows); break;
	case KEY_SYM_PAGEDOWN:
	case KEY_SYM_SPACE: step = page_rows(rows); break;
	default:
		step = ev->ch == 'k' ? -1 : ev->ch == 'j' ? 1 : 0;
	}
	if (!step) {
		h->open = false;
		return;
	}
	static struct page pg;
	collect(h, &pg);
	h->top = clamp_top(h->top + step, pg.n, rows);
}

/* Text at (y, x), cut at width columns. */
static void put(struct canvas *c, int y, int x, int width, attr_t look, const char *text)
{
	if (width < 1)
		return;
	struct canvas room = canvas_window(c, y, x, 1, width);
	canvas_print(&room, 0, 0, look, text);
}

static void draw_line(struct canvas *c, int y, const struct help_line *l)
{
	int cols = c->cols;
	if (!l->what)
		return;
	if (l->plain) {
		put(c, y, KEYS_X, cols - KEYS_X, A_NORMAL, l->what);
	} else if (!l->keys) {
		put(c, y, 2, cols - 4, A_BOLD, l->what);
	} else {
		put(c, y, KEYS_X, KEYS_W, style(ST_NOTICE), l->keys);
		if (cols > WORDS_X + WORDS_MARGIN)
			put(c, y, WORDS_X, cols - WORDS_X - WORDS_MARGIN, A_NORMAL, l->what);
	}
}

void help_draw_on(struct help *h, struct canvas *c)
{
	int rows = c->rows, cols = c->cols;
	static struct page pg;
	h->cols = cols;
	collect(h, &pg);
	h->top = clamp_top(h->top, pg.n, rows);
	int shown = page_rows(rows);
	bool more = h->top + shown < pg.n;

	canvas_fill(c, 0, 0, 1, cols, style(ST_TITLE), " ");
	put(c, 0, 1, cols - 2, style(ST_TITLE), "linkdance: keys");
	for (int i = 0; i < shown && h->top + i < pg.n; i++)
		draw_line(c, 2 + i, &pg.lines[h->top + i]);
	/* in fewer words where the line is short, never cut */
	bool wide = cols - 2 >= 60;
	put(c, rows - 1, 1, cols - 2, style(ST_DIM),
	    more && wide ? "more below: arrows or space scroll, any other key goes back"
	    : more       ? "more below: arrows, space; other keys: back"
	    : h->top > 0 ? (wide ? "the end: arrows scroll back, any other key goes back" : "the end; other keys: back")
	                 : "any key goes back");
}

void help_draw(struct help *h, int rows, int cols)
{
	struct canvas c = canvas_screen();
	c.rows = rows;
	c.cols = cols;
	help_draw_on(h, &c);
}

/* A view's keys under its title and the families it draws:
 * "The pieces (Kanoodle, IQ Fit)". */
static void print_view_keys(FILE *out, const struct view_ops *vo)
{
	fprintf(out, "%s (", vo->help_title ? vo->help_title : "The board");
	const char *sep = "";
	for (int i = 0; puzzle_families[i]; i++)
		if (view_find(puzzle_families[i]) == vo) {
			fprintf(out, "%s%s", sep, puzzle_families[i]->title);
			sep = ", ";
		}
	fprintf(out, ")\n");
	for (const struct view_key *k = vo->keys; k->keys; k++)
		fprintf(out, "\t%s\t%s\n", k->keys, view_key_words(k));
}

void help_print_keys(FILE *out)
{
	for (int c = CTX_PLAY; c <= CTX_ASK; c++) {
		fprintf(out, "%s\n", key_context_name((enum key_context)c));
		for (const struct key_binding *k = key_table; k->keys; k++)
			if (k->ctx == (enum key_context)c && !k->view_own)
				fprintf(out, "\t%s\t%s\n", k->keys, k->what);
	}
	for (int i = 0; view_all[i]; i++)
		print_view_keys(out, view_all[i]);
}
