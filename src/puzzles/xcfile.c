#include "config.h"

#include "puzzles/xcfile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util/lines.h"
#include "util/xalloc.h"

/* Longest item name accepted (DLX1 takes 8; there is no need to be as strict). */
#define MAX_NAME 255

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
	while ((t = lines_token(&text, &len))) {
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
	while ((t = lines_token(&text, &len))) {
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

static struct xc_problem *read_source(struct lines_source *src, const char *where, struct diag *err)
{
	struct xc_problem *p = xc_new();
	char *buf;
	int *items = NULL, items_cap = 0;
	long line = 0, got;
	int bad = 0;
	bool have_items = false, ok = true;

	/* XCFILE_MAX_LINE counts the line's NUL. */
	while ((got = lines_read(src, &buf, XCFILE_MAX_LINE - 1, &bad)) != LINES_END) {
		line++;
		if (got == LINES_LONG) {
			diag_at(err, where, line, "line longer than %d bytes", XCFILE_MAX_LINE);
			ok = false;
			break;
		}
		if (got == LINES_BINARY) {
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
	lines_done(src);
	free(items);
	if (!ok) {
		xc_free(p);
		return NULL;
	}
	return p;
}

struct xc_problem *xcfile_read(FILE *f, const char *name, struct diag *err)
{
	struct lines_source src = { .f = f };
	return read_source(&src, name, err);
}

struct xc_problem *xcfile_parse(const char *text, const char *name, struct diag *err)
{
	struct lines_source src = { .s = text };
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
