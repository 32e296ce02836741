#include "config.h"

#include "game/save.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/files.h"
#include "util/xalloc.h"

#define SAVE_VERSION 1

/* A growing string. */
struct text {
	char *s;
	size_t len, cap;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(struct text *t, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		size_t room = t->cap - t->len;
		va_start(ap, fmt);
		int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? room : 0, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if (t->s && (size_t)n < room) {
			t->len += (size_t)n;
			return;
		}
		t->cap = (t->cap + (size_t)n + 1) * 2;
		t->s = xrealloc(t->s, t->cap);
	}
}

char *save_format(const struct session *s)
{
	struct text t = { 0 };
	char desc[8192];
	s->pz->describe(s->state[0], desc, sizeof desc);
	add(&t, "linkdance-save %d\n", SAVE_VERSION);
	add(&t, "family %s\n", s->pz->name);
	add(&t, "level %s\n", s->level[0] ? s->level : "-");
	add(&t, "name %s\n", s->name[0] ? s->name : "-");
	add(&t, "grade %d\n", s->grade);
	add(&t, "played %.1f\n", s->played);
	add(&t, "hints %d\n", s->hints);
	add(&t, "start\n%s%send\n", desc, desc[0] && desc[strlen(desc) - 1] != '\n' ? "\n" : "");
	for (int i = 0; i + 1 < s->n; i++)
		add(&t, "move %s\n", s->move[i]);
	add(&t, "cursor %d\n", s->cur);
	return t.s;
}

bool save_write(const struct session *s, const char *path, struct diag *err)
{
	char *text = save_format(s);
	bool ok = files_write_atomic(path, text, strlen(text), err);
	free(text);
	return ok;
}

/* The next line of *p, without its newline, in buf; false at the end. */
static bool next_line(const char **p, char *buf, size_t size, bool *too_long)
{
	if (!**p)
		return false;
	const char *e = strchr(*p, '\n');
	size_t n = e ? (size_t)(e - *p) : strlen(*p);
	*too_long = n >= size;
	if (n >= size)
		n = size - 1;
	memcpy(buf, *p, n);
	buf[n] = '\0';
	*p = e ? e + 1 : *p + strlen(*p);
	return true;
}

static bool number(const char *s, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || *end || errno || !(v >= lo && v <= hi))
		return false;
	*out = v;
	return true;
}

struct session *save_parse(const char *text, const char *where, struct diag *err)
{
	char line[1024], desc[8192] = "";
	const struct puzzle *pz = NULL;
	struct session *s = NULL;
	char level[512] = "", name[64] = "";
	double played = 0, hints = 0, grade = 0, cursor = -1;
	long n = 0, start_line = 0;
	bool too_long, in_start = false, have_start = false;
	size_t dlen = 0;

	for (const char *p = text; *p; p++)
		if ((unsigned char)*p < 32 && *p != '\n' && *p != '\t' && *p != '\r') {
			diag_at(err, where, 0, "binary data: not a saved game");
			return NULL;
		}
	while (next_line(&text, line, sizeof line, &too_long)) {
		n++;
		if (too_long) {
			diag_at(err, where, n, "line too long");
			goto fail;
		}
		size_t ll = strlen(line);
		if (ll && line[ll - 1] == '\r')
			line[--ll] = '\0';
		if (n == 1) {
			int v;
			if (sscanf(line, "linkdance-save %d", &v) != 1) {
				diag_at(err, where, n, "not a linkdance saved game");
				return NULL;
			}
			if (v != SAVE_VERSION) {
				diag_at(err, where, n, "saved by another version (format %d, this one reads %d)", v,
				        SAVE_VERSION);
				return NULL;
			}
			continue;
		}
		if (in_start) {
			if (!strcmp(line, "end")) {
				in_start = false;
				have_start = true;
				int bad = -1;
				struct diag why;
				if (!pz) {
					diag_at(err, where, n, "the start comes before the family");
					goto fail;
				}
				struct puzzle_state *st = pz->start(pz, desc, &bad, &why);
				if (!st) {
					diag_at(err, where, bad >= 0 ? start_line + 1 + bad : start_line, "%s", why.msg);
					goto fail;
				}
				s = session_new(pz, st);
				continue;
			}
			if (dlen + ll + 2 >= sizeof desc) {
				diag_at(err, where, n, "the start position is too big");
				goto fail;
			}
			memcpy(desc + dlen, line, ll);
			dlen += ll;
			desc[dlen++] = '\n';
			desc[dlen] = '\0';
			continue;
		}
		char *val = strchr(line, ' ');
		if (val)
			*val++ = '\0';
		else
			val = line + ll;
		if (!strcmp(line, "family")) {
			if (!(pz = puzzle_find(val))) {
				diag_at(err, where, n, "unknown family '%s'", val);
				goto fail;
			}
		} else if (!strcmp(line, "level")) {
			snprintf(level, sizeof level, "%s", strcmp(val, "-") ? val : "");
		} else if (!strcmp(line, "name")) {
			snprintf(name, sizeof name, "%s", strcmp(val, "-") ? val : "");
		} else if (!strcmp(line, "grade")) {
			if (!number(val, 0, 4, &grade)) {
				diag_at(err, where, n, "bad grade '%s'", val);
				goto fail;
			}
		} else if (!strcmp(line, "played")) {
			if (!number(val, 0, 1e9, &played)) {
				diag_at(err, where, n, "bad time '%s'", val);
				goto fail;
			}
		} else if (!strcmp(line, "hints")) {
			if (!number(val, 0, 1e9, &hints)) {
				diag_at(err, where, n, "bad hint count '%s'", val);
				goto fail;
			}
		} else if (!strcmp(line, "start")) {
			if (have_start) {
				diag_at(err, where, n, "two starts");
				goto fail;
			}
			in_start = true;
			start_line = n;
		} else if (!strcmp(line, "move")) {
			struct diag why;
			if (!s) {
				diag_at(err, where, n, "a move before the start");
				goto fail;
			}
			s->cur = s->n - 1;
			if (!session_play(s, val, &why)) {
				diag_at(err, where, n, "move %d cannot be made: %s", s->n, why.msg);
				goto fail;
			}
		} else if (!strcmp(line, "cursor")) {
			if (!s || !number(val, 0, s->n - 1, &cursor)) {
				diag_at(err, where, n, "bad cursor '%s'", val);
				goto fail;
			}
		} else if (line[0]) {
			diag_at(err, where, n, "unknown line '%s'", line);
			goto fail;
		}
	}
	if (in_start) {
		diag_at(err, where, n, "the start has no end");
		goto fail;
	}
	if (!s || cursor < 0) {
		diag_at(err, where, n, "incomplete: %s", !pz ? "no family" : !s ? "no start" : "no cursor");
		goto fail;
	}
	s->cur = (int)cursor;
	snprintf(s->level, sizeof s->level, "%s", level);
	snprintf(s->name, sizeof s->name, "%s", name);
	s->grade = (int)grade;
	s->played = played;
	s->hints = (int)hints;
	s->finished = false;
	for (int i = 0; i < s->n; i++)
		if (pz->is_solved(s->state[i]))
			s->finished = true;
	return s;
fail:
	session_free(s);
	return NULL;
}

struct session *save_read(const char *path, struct diag *err)
{
	char *text;
	if (!files_read(path, SAVE_MAX_BYTES, "saved game", &text, NULL, err))
		return NULL;
	struct session *s = save_parse(text, path, err);
	free(text);
	return s;
}
