#include "config.h"

#include "game/save.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/files.h"
#include "util/quote.h"
#include "util/strbuf.h"
#include "util/textfit.h"
#include "util/xalloc.h"

/* Version 2 quotes the level's file and name (util/quote.h); version 1
 * wrote them bare, and is read as well. */
#define SAVE_VERSION 2

char *save_format(const struct session *s)
{
	struct strbuf t = { 0 };
	char *desc = xmalloc(PUZZLE_DESC_MAX);
	s->pz->describe(s->state[0], desc, PUZZLE_DESC_MAX);
	strbuf_addf(&t, "linkdance-save %d\n", SAVE_VERSION);
	strbuf_addf(&t, "family %s\n", s->pz->name);
	strbuf_addf(&t, "level ");
	quote_add(&t, s->level[0] ? s->level : "-");
	strbuf_addf(&t, "\nname ");
	quote_add(&t, s->name[0] ? s->name : "-");
	strbuf_addf(&t, "\ngrade %d\n", s->grade);
	strbuf_addf(&t, "played %.1f\n", s->played);
	strbuf_addf(&t, "hints %d\n", s->hints);
	/* Only when set: a save without it reads in the versions before. */
	if (s->assisted)
		strbuf_addf(&t, "assisted yes\n");
	strbuf_addf(&t, "start\n%s%send\n", desc, desc[0] && desc[strlen(desc) - 1] != '\n' ? "\n" : "");
	free(desc);
	for (int i = 0; i + 1 < s->n; i++)
		strbuf_addf(&t, "move %s\n", s->move[i]);
	strbuf_addf(&t, "cursor %d\n", s->cur);
	return strbuf_take(&t);
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

/* A count or an index: a number as number() takes it ("0x2" too, as
 * saves have always been read), with nothing after the point: a cursor of
 * 0.5 is no move of the list, and was taken for 0. */
static bool whole(const char *s, double lo, double hi, double *out)
{
	double v;
	if (!number(s, lo, hi, &v) || v != (double)(long)v)
		return false;
	*out = v;
	return true;
}

/* What was read, for a message: its first columns, its control bytes as
 * '?', for a save may hold a line of any length (a hand-edited one, or one
 * of another program) that would otherwise fill the message. */
static const char *shown(const char *text, char *buf, size_t size)
{
	textfit(text, 30, false, buf, size);
	return buf;
}

struct session *save_parse(const char *text, const char *where, struct diag *err)
{
	/* a line holds at most a quoted path: four bytes for each of its own */
	char line[4 * PATH_MAX + 64], desc[PUZZLE_DESC_MAX] = "";
	const struct puzzle *pz = NULL;
	struct session *s = NULL;
	char level[PATH_MAX] = "", name[LEVEL_ID_MAX] = "";
	double played = 0, hints = 0, grade = 0, cursor = -1;
	long n = 0, start_line = 0;
	bool too_long, in_start = false, have_start = false, assisted = false;
	size_t dlen = 0;
	char what[128];

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
			long v;
			if (!files_header(line, "linkdance-save", &v)) {
				diag_at(err, where, n, "not a linkdance saved game");
				return NULL;
			}
			if (v < 1 || v > SAVE_VERSION) {
				diag_at(err, where, n, "saved by another version (format %s, this one reads 1 to %d)",
				        shown(line + strlen("linkdance-save "), what, sizeof what), SAVE_VERSION);
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
			/* One only: the start and the moves are read as its. */
			if (pz) {
				diag_at(err, where, n, "two families");
				goto fail;
			}
			if (!(pz = puzzle_find(val))) {
				diag_at(err, where, n, "unknown family '%s'", shown(val, what, sizeof what));
				goto fail;
			}
		} else if (!strcmp(line, "level") || !strcmp(line, "name")) {
			bool is_level = line[0] == 'l';
			char *out = is_level ? level : name;
			size_t size = is_level ? sizeof level : sizeof name;
			/* Version 1 wrote the rest of the line as it was. */
			const char *q = val;
			if (*val == '"' ? !quote_read(&q, out, size) || *q : snprintf(out, size, "%s", val) >= (int)size) {
				diag_at(err, where, n, "bad %s", is_level ? "level file name" : "level name");
				goto fail;
			}
			if (!strcmp(out, "-"))
				out[0] = '\0';
		} else if (!strcmp(line, "grade")) {
			if (!whole(val, 0, 4, &grade)) {
				diag_at(err, where, n, "bad grade '%s'", shown(val, what, sizeof what));
				goto fail;
			}
		} else if (!strcmp(line, "played")) {
			if (!number(val, 0, SESSION_MAX_SECONDS, &played)) {
				diag_at(err, where, n, "bad time '%s'", shown(val, what, sizeof what));
				goto fail;
			}
		} else if (!strcmp(line, "hints")) {
			if (!whole(val, 0, SESSION_MAX_COUNT, &hints)) {
				diag_at(err, where, n, "bad hint count '%s'", shown(val, what, sizeof what));
				goto fail;
			}
		} else if (!strcmp(line, "assisted")) {
			if (strcmp(val, "yes") && strcmp(val, "no")) {
				diag_at(err, where, n, "assisted is yes or no, not '%s'",
				        shown(val, what, sizeof what));
				goto fail;
			}
			assisted = !strcmp(val, "yes");
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
			if (!s || !whole(val, 0, s->n - 1, &cursor)) {
				diag_at(err, where, n, "bad cursor '%s'", shown(val, what, sizeof what));
				goto fail;
			}
		} else if (line[0]) {
			diag_at(err, where, n, "unknown line '%s'", shown(line, what, sizeof what));
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
	s->assisted = assisted;
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
