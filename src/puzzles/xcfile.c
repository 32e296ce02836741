#include "config.h"

#include "puzzles/xcfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Longest item name accepted (DLX1 takes 8; there is no need to be as strict). */
#define MAX_NAME 255

/* Where the input comes from: a stream or a string. */
struct source {
	FILE *f;
	const char *s;
	size_t pos;
	int error;      /* errno of a failed read, to say why */
};

static int next_char(struct source *src)
{
	if (src->f) {
		errno = 0;
		int c = getc(src->f);
		if (c == EOF && ferror(src->f) && !src->error)
			src->error = errno ? errno : EIO;
		return c;
	}
	unsigned char c = (unsigned char)src->s[src->pos];
	if (!c)
		return EOF;
	src->pos++;
	return c;
}

/* Read one line into *buf (without its newline).  Returns the length, -1 at
 * the end of input, -2 for an overlong line, -3 for a binary byte (its value
 * in *bad). */
static long read_line(struct source *src, char **buf, size_t *cap, int *bad)
{
	size_t n = 0;
	int c;
	bool any = false;
	while ((c = next_char(src)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		if (c == 0 || (c < 32 && c != '\t' && c != '\r' && c != '\f' && c != '\v') || c == 127) {
			*bad = c;
			return -3;
		}
		if (n + 1 >= XCFILE_MAX_LINE)
			return -2;
		if (n + 2 > *cap) {
			*cap = *cap ? 2 * *cap : 256;
			*buf = xrealloc(*buf, *cap);
		}
		(*buf)[n++] = (char)c;
	}
	if (!any)
		return -1;
	if (n && (*buf)[n - 1] == '\r')
		n--;
	if (!*buf) {
		*cap = 16;
		*buf = xmalloc(*cap);
	}
	(*buf)[n] = '\0';
	return (long)n;
}

/* The next whitespace-separated token of *p, or NULL. */
static const char *token(const char **p, int *len)
{
	const char *s = *p;
	while (*s && isspace((unsigned char)*s))
		s++;
	if (!*s)
		return NULL;
	const char *t = s;
	while (*s && !isspace((unsigned char)*s))
		s++;
	*len = (int)(s - t);
	*p = s;
	return t;
}

static bool is_comment_or_blank(const char *line)
{
	while (*line && isspace((unsigned char)*line))
		line++;
	return *line == '\0' || *line == '|';
}

static bool check_name(const char *t, int len, const char *where, long line, struct diag *err)
{
	if (len > MAX_NAME) {
		diag_at(err, where, line, "item name '%.20s...' is longer than %d characters", t, MAX_NAME);
		return false;
	}
	for (int i = 0; i < len; i++) {
		if (t[i] == ':') {
			diag_at(err, where, line, "item '%.*s': colors (':') are not supported", len, t);
			return false;
		}
		if (t[i] == '|') {
			diag_at(err, where, line, "item name '%.*s' contains '|'", len, t);
			return false;
		}
	}
	return true;
}

static bool parse_items(struct xc_problem *p, const char *text, const char *where, long line,
                        struct diag *err)
{
	bool secondary = false;
	int len;
	const char *t;
	char name[MAX_NAME + 1];
	while ((t = token(&text, &len))) {
		if (len == 1 && t[0] == '|') {
			if (secondary) {
				diag_at(err, where, line, "the item line has '|' twice");
				return false;
			}
			secondary = true;
			continue;
		}
		if (!check_name(t, len, where, line, err))
			return false;
		memcpy(name, t, (size_t)len);
		name[len] = '\0';
		if (xc_add_item(p, name, !secondary) == XC_DUPLICATE_NAME) {
			diag_at(err, where, line, "item '%s' is named twice", name);
			return false;
		}
	}
	if (p->n_primary == 0) {
		diag_at(err, where, line, "no primary items (they come before '|')");
		return false;
	}
	return true;
}

static bool parse_option(struct xc_problem *p, const char *text, const char *where, long line,
                         int **items, int *cap, struct diag *err)
{
	int n = 0, len;
	const char *t;
	while ((t = token(&text, &len))) {
		if (len == 1 && t[0] == '|') {
			diag_at(err, where, line, "'|' inside an option");
			return false;
		}
		if (!check_name(t, len, where, line, err))
			return false;
		int id = xc_find_item_n(p, t, len);
		if (id < 0) {
			diag_at(err, where, line, "unknown item '%.*s'", len, t);
			return false;
		}
		if (n == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*items = xreallocarray(*items, (size_t)*cap, sizeof **items);
		}
		(*items)[n++] = id;
	}
	int bad = -1;
	switch (xc_add_option(p, *items, n, (int)line, &bad)) {
	case XC_OK:
	case XC_EMPTY_OPTION: /* cannot happen: blank lines are skipped */
		return true;
	case XC_REPEATED_ITEM:
		diag_at(err, where, line, "item '%s' appears twice in this option", p->name[bad]);
		return false;
	case XC_NO_PRIMARY:
		diag_at(err, where, line, "option has no primary item");
		return false;
	case XC_OPTION_TOO_LONG:
		diag_at(err, where, line, "option has more than %d items", XC_MAX_OPTION);
		return false;
	case XC_DUPLICATE_NAME:
		break;
	}
	return false;
}

static struct xc_problem *read_source(struct source *src, const char *where, struct diag *err)
{
	struct xc_problem *p = xc_new();
	char *buf = NULL;
	size_t cap = 0;
	int *items = NULL, items_cap = 0;
	long line = 0, got;
	int bad = 0;
	bool have_items = false, ok = true;

	while ((got = read_line(src, &buf, &cap, &bad)) != -1) {
		line++;
		if (got == -2) {
			diag_at(err, where, line, "line longer than %d bytes", XCFILE_MAX_LINE);
			ok = false;
			break;
		}
		if (got == -3) {
			diag_at(err, where, line, "binary data (byte 0x%02x), not a text file", bad);
			ok = false;
			break;
		}
		/* Editors on Windows start UTF-8 files with a byte-order
		 * mark; it is not part of the first item's name. */
		if (line == 1 && got >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3))
			memmove(buf, buf + 3, (size_t)got - 2);
		if (is_comment_or_blank(buf))
			continue;
		if (!have_items) {
			have_items = true;
			if (!(ok = parse_items(p, buf, where, line, err)))
				break;
		} else if (!(ok = parse_option(p, buf, where, line, &items, &items_cap, err))) {
			break;
		}
	}
	if (ok && src->f && ferror(src->f)) {
		diag_at(err, where, line, "%s", strerror(src->error ? src->error : EIO));
		ok = false;
	}
	if (ok && !have_items) {
		diag_at(err, where, line ? line : 1, "empty problem: no line naming the items");
		ok = false;
	}
	free(buf);
	free(items);
	if (!ok) {
		xc_free(p);
		return NULL;
	}
	return p;
}

struct xc_problem *xcfile_read(FILE *f, const char *name, struct diag *err)
{
	struct source src = { .f = f };
	return read_source(&src, name, err);
}

struct xc_problem *xcfile_parse(const char *text, const char *name, struct diag *err)
{
	struct source src = { .s = text };
	return read_source(&src, name, err);
}

void xcfile_write_option(FILE *f, const struct xc_problem *p, int option)
{
	const int *items = xc_option_items(p, option);
	int n = xc_option_size(p, option);
	for (int j = 0; j < n; j++)
		fprintf(f, "%s%s", j ? " " : "", p->name[items[j]]);
	fputc('\n', f);
}

void xcfile_write(FILE *f, const struct xc_problem *p, const char *comment)
{
	if (comment) {
		for (const char *s = comment; *s;) {
			const char *e = strchr(s, '\n');
			int n = e ? (int)(e - s) : (int)strlen(s);
			fprintf(f, "| %.*s\n", n, s);
			s += n + (e != NULL);
		}
	}
	for (int i = 0; i < p->n_items; i++) {
		if (i == p->n_primary)
			fputs(" |", f);
		fprintf(f, "%s%s", i ? " " : "", p->name[i]);
	}
	fputc('\n', f);
	for (int k = 0; k < p->n_options; k++)
		xcfile_write_option(f, p, k);
}
