#include "config.h"

#include "util/textfit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* A path keeps at least this many columns: its first and last few. */
#define MIN_PATH_WIDTH 16

static bool continuation(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

static int width_of(const char *s, size_t n)
{
	int w = 0;
	for (size_t i = 0; i < n; i++)
		w += !continuation(s[i]);
	return w;
}

int textfit_width(const char *text)
{
	return width_of(text, strlen(text));
}

/* The byte offset of column col of s (n bytes). */
static size_t byte_at(const char *s, size_t n, int col)
{
	size_t i = 0;
	for (int c = 0; i < n; i++) {
		if (!continuation(s[i]) && c++ == col)
			return i;
	}
	return n;
}

/* A copy of text with its control characters made '?': a name from
 * outside (a file's) may hold a newline or an escape, which on the screen
 * would move the cursor, or worse. */
static char *printable(const char *text, bool *changed)
{
	char *buf = xstrdup(text);
	for (char *c = buf; *c; c++)
		if ((unsigned char)*c < ' ' || *c == 0x7f)
			*c = '?', *changed = true;
	return buf;
}

/* Shorten the paths of *buf in their middle, the longest first, until it
 * takes at most target columns or they are as short as they go. */
static void shorten_paths(char **buf, int target, bool unicode, bool *changed)
{
	const char *dots = unicode ? "\u2026" : "...";
	int dots_w = unicode ? 1 : 3;
	for (int w = textfit_width(*buf); w > target; w = textfit_width(*buf)) {
		size_t best_at = 0, best_len = 0;
		int best_w = 0;
		for (size_t i = 0; (*buf)[i];) {
			while ((*buf)[i] == ' ')
				i++;
			size_t j = i;
			while ((*buf)[j] && (*buf)[j] != ' ')
				j++;
			int ww = width_of(*buf + i, j - i);
			if (j > i && memchr(*buf + i, '/', j - i) && ww > MIN_PATH_WIDTH && ww > best_w)
				best_at = i, best_len = j - i, best_w = ww;
			i = j;
		}
		if (!best_w)
			return;
		int keep = best_w - (w - target) - dots_w;
		if (keep < MIN_PATH_WIDTH - dots_w)
			keep = MIN_PATH_WIDTH - dots_w;
		if (keep >= best_w - dots_w)
			return;
		/* A third from the start, the rest from the end: the file's own
		 * name is there. */
		int head = keep / 3, tail = keep - head;
		const char *word = *buf + best_at;
		size_t head_b = byte_at(word, best_len, head), tail_b = byte_at(word, best_len, best_w - tail);
		size_t n = strlen(*buf);
		char *next = xmalloc(n - (tail_b - head_b) + strlen(dots) + 1);
		memcpy(next, *buf, best_at + head_b);
		memcpy(next + best_at + head_b, dots, strlen(dots));
		strcpy(next + best_at + head_b + strlen(dots), word + tail_b);
		free(*buf);
		*buf = next;
		*changed = true;
	}
}

/* The first width columns of s, with an ellipsis if it is longer. */
static void cut(const char *s, int width, bool unicode, char *out, size_t size, bool *changed)
{
	const char *dots = unicode ? "\u2026" : "...";
	int dots_w = unicode ? 1 : 3;
	if (textfit_width(s) <= width) {
		snprintf(out, size, "%s", s);
		return;
	}
	int keep = width > dots_w ? width - dots_w : width;
	size_t at = byte_at(s, strlen(s), keep);
	snprintf(out, size, "%.*s%s", (int)at, s, width > dots_w ? dots : "");
	*changed = true;
}

bool textfit(const char *text, int width, bool unicode, char *out, size_t size)
{
	bool changed = false;
	if (width < 1)
		width = 1;
	char *buf = printable(text, &changed);
	shorten_paths(&buf, width, unicode, &changed);
	cut(buf, width, unicode, out, size, &changed);
	free(buf);
	return !changed;
}

/* Break s into lines of at most width columns, at blanks where it can;
 * the lines go into out, each ended by '\n'.  Returns how many. */
static int wrap(const char *s, int width, char *out, size_t size)
{
	int lines = 0;
	size_t o = 0;
	while (*s) {
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		/* The longest run of whole words that fits; a word wider than a
		 * line is broken. */
		size_t n = strlen(s), end = byte_at(s, n, width), brk = end;
		if (end < n) {
			while (brk > 0 && s[brk] != ' ')
				brk--;
			if (brk == 0)
				brk = end;
		}
		size_t len = brk;
		while (len > 0 && s[len - 1] == ' ')
			len--;
		int w = snprintf(out + o, o < size ? size - o : 0, "%.*s\n", (int)len, s);
		if (w > 0)
			o += (size_t)w;
		lines++;
		s += brk;
	}
	if (o >= size && size)
		out[size - 1] = '\0';
	return lines;
}

int textfit_lines(const char *text, int width, int max_lines, bool unicode, char *out, size_t size)
{
	bool changed = false;
	if (width < 1)
		width = 1;
	if (max_lines < 1)
		max_lines = 1;
	char *buf = printable(text, &changed);
	/* Shorten the paths a little more at each try, until the words wrap
	 * into the lines there are. */
	int lines;
	for (int target = width * max_lines;; target -= 4) {
		shorten_paths(&buf, target, unicode, &changed);
		lines = wrap(buf, width, out, size);
		if (lines <= max_lines || target < width)
			break;
	}
	if (lines > max_lines) {
		/* Still too long: the last line is cut, and says so. */
		char *p = out;
		for (int i = 0; i < max_lines - 1; i++) {
			char *nl = strchr(p, '\n');
			if (!nl)
				break;
			p = nl + 1;
		}
		char *rest = xstrdup(p);
		for (char *c = rest; *c; c++)
			if (*c == '\n')
				*c = ' ';
		cut(rest, width, unicode, p, size - (size_t)(p - out), &changed);
		free(rest);
		lines = max_lines;
	} else if (lines > 0) {
		out[strlen(out) - 1] = '\0'; /* no '\n' after the last */
	}
	free(buf);
	return lines;
}
