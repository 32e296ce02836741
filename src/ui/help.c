#include "config.h"

#include "ui/help.h"

#include <curses.h>

#include <stdio.h>
#include <string.h>

#include "ui/style.h"
#include "ui/view.h"
#include "util/textfit.h"

/* The page as lines: a context's name (keys == NULL), a binding, or a
 * blank (what == NULL too).  The context asked for comes first. */
struct help_line {
	const char *keys, *what;
	bool plain;              /* a line of a paragraph, not a heading */
};

/* Room for the page: each of the two paragraphs takes at most a quarter,
 * the key table stops 16 short of the end, which leaves room for the
 * headings between its parts and the mouse's lines. */
enum { HELP_MAX_LINES = 160 };

/* A paragraph wrapped to the page, its lines in buf (overwritten by the
 * next call with the same buf); a '\n' in text begins a new line, as
 * the families' rules break theirs. */
static int paragraph(const char *title, const char *text, int width, char *buf, size_t size,
                     struct help_line *out)
{
	int n = 0;
	size_t used = 0;
	out[n++] = (struct help_line){ NULL, title, false };
	for (const char *part = text; part && *part && used + 1 < size;) {
		const char *end = strchr(part, '\n');
		size_t len = end ? (size_t)(end - part) : strlen(part);
		char piece[2048];
		snprintf(piece, sizeof piece, "%.*s", (int)len, part);
		char *lines_at = buf + used;
		int lines = textfit_lines(piece, width, 40, style_unicode(), lines_at, size - used);
		used += strlen(lines_at) + 1;
		char *line = lines_at;
		for (int i = 0; i < lines && line && n < HELP_MAX_LINES / 4; i++) {
			char *nl = strchr(line, '\n');
			if (nl)
				*nl = '\0';
			out[n++] = (struct help_line){ NULL, line, true };
			line = nl ? nl + 1 : NULL;
		}
		part = end ? end + 1 : NULL;
	}
	out[n++] = (struct help_line){ NULL, NULL, false };
	return n;
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

static int collect(const struct help *h, struct help_line *out)
{
	static char rules[4096], view_help[4096];
	enum key_context first = h->ctx;
	int n = 0, width = (h->cols > 20 ? h->cols : 80) - 6;
	if (h->rules)
		n += paragraph("The puzzle", h->rules, width, rules, sizeof rules, out + n);
	if (h->view_help)
		n += paragraph(h->view_title ? h->view_title : "The board", h->view_help, width, view_help, sizeof view_help,
		               out + n);
	enum key_context order[] = { first, CTX_PLAY, CTX_SEARCH, CTX_RACE, CTX_MENU };
	for (int i = 0; i < (int)(sizeof order / sizeof *order); i++) {
		enum key_context c = order[i];
		bool dup = false;
		for (int j = 0; j < i; j++)
			dup |= order[j] == c;
		if (dup)
			continue;
		if (n && out[n - 1].what)
			out[n++] = (struct help_line){ NULL, NULL, false };
		/* The board's keys begin with the view's own: they are what a
		 * player of this family presses most. */
		if (c == CTX_PLAY && h->view_keys) {
			out[n++] = (struct help_line){ NULL, h->keys_title ? h->keys_title : "On the board", false };
			for (const struct view_key *k = h->view_keys; k->keys && n < HELP_MAX_LINES - 16; k++)
				out[n++] = (struct help_line){ k->keys, k->explain ? k->explain : k->what, false };
			out[n++] = (struct help_line){ NULL, NULL, false };
		}
		out[n++] = (struct help_line){ NULL, key_context_name(c), false };
		/* Outside a game (the menu's help) a family's own keys are not
		 * known: the game's ? lists them, each family its own. */
		if (c == CTX_PLAY && !h->view_keys)
			out[n++] = (struct help_line){ "?", "in a game: its own keys (pieces, digits, vertices)", false };
		for (const struct key_binding *k = key_table; k->keys && n < HELP_MAX_LINES - 16; k++)
			if (k->ctx == c && !k->view_own && !(c == CTX_PLAY && view_words(h, k->keys)))
				out[n++] = (struct help_line){ k->keys, k->what, false };
	}
	out[n++] = (struct help_line){ NULL, NULL, false };
	out[n++] = (struct help_line){ NULL, "The mouse", false };
	for (const char *const *m = h->mouse; m && *m && n < HELP_MAX_LINES - 2; m++) {
		/* "click: on a cell, ..." -> "click" beside the rest */
		static char keys[8][16];
		int i = (int)(m - h->mouse) % 8;
		const char *colon = strchr(*m, ':');
		snprintf(keys[i], sizeof keys[i], "%.*s", colon ? (int)(colon - *m) : 0, *m);
		out[n++] = (struct help_line){ keys[i], colon ? colon + 2 : *m, false };
	}
	out[n++] = (struct help_line){ "click", "in a menu: open", false };
	return n;
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
	struct help_line lines[HELP_MAX_LINES];
	h->top = clamp_top(h->top + step, collect(h, lines), rows);
}

void help_draw(struct help *h, int rows, int cols)
{
	struct help_line lines[HELP_MAX_LINES];
	h->cols = cols;
	int n = collect(h, lines);
	h->top = clamp_top(h->top, n, rows);
	int shown = page_rows(rows);
	bool more = h->top + shown < n;

	attron(style(ST_TITLE));
	mvhline(0, 0, ' ', cols);
	mvaddnstr(0, 1, "linkdance: keys", cols - 2);
	attroff(style(ST_TITLE));
	for (int i = 0; i < shown && h->top + i < n; i++) {
		const struct help_line *l = &lines[h->top + i];
		int y = 2 + i;
		if (!l->what)
			continue;
		if (l->plain) {
			mvaddnstr(y, 4, l->what, cols - 4);
			continue;
		}
		if (!l->keys) {
			attron(A_BOLD);
			mvaddnstr(y, 2, l->what, cols - 4);
			attroff(A_BOLD);
			continue;
		}
		attron(style(ST_NOTICE));
		mvaddnstr(y, 4, l->keys, 18);
		attroff(style(ST_NOTICE));
		if (cols > 26)
			mvaddnstr(y, 24, l->what, cols - 26);
	}
	attron(style(ST_DIM));
	mvaddnstr(rows - 1, 1,
	          more          ? "more below: arrows or space scroll, any other key goes back"
	          : h->top > 0  ? "the end: arrows scroll back, any other key goes back"
	                        : "any key goes back",
	          cols - 2);
	attroff(style(ST_DIM));
}
