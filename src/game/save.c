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

/* ---- reading ------------------------------------------------------------ */

/* A save being read: what its lines have said so far.  The session is
 * made at the start's "end", and the moves are played into it as they are
 * read; the rest is set on it once the whole file has been read. */
struct save_reader {
	const char *where;          /* the file, for messages */
	struct diag *err;
	long line;                  /* the number of the line being read */
	char shown[128];            /* a piece of it, for a message (shown()) */
	const struct puzzle *pz;
	struct session *s;
	char level[PATH_MAX], name[LEVEL_ID_MAX];
	double played, hints, grade, cursor;
	bool assisted;
	/* The start position: its lines, between "start" and "end". */
	bool in_start, have_start;
	long start_line;
	char desc[PUZZLE_DESC_MAX];
	size_t desc_len;
};

/* Say why the save is refused, at the line being read; false. */
static bool refuse(struct save_reader *r, const char *fmt, ...) LD_PRINTF(2, 3);
static bool refuse(struct save_reader *r, const char *fmt, ...)
{
	char msg[sizeof r->err->msg];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_at(r->err, r->where, r->line, "%s", msg);
	return false;
}

/* What was read, for a message: its first columns, its control bytes as
 * '?', for a save may hold a line of any length (a hand-edited one, or one
 * of another program) that would otherwise fill the message. */
static const char *shown(struct save_reader *r, const char *text)
{
	textfit(text, 30, false, r->shown, sizeof r->shown);
	return r->shown;
}

/* Control bytes other than line ends and tabs: not a save at all. */
static bool is_text(const char *text)
{
	for (const char *p = text; *p; p++)
		if ((unsigned char)*p < 32 && *p != '\n' && *p != '\t' && *p != '\r')
			return false;
	return true;
}

/* The first line: "linkdance-save N", N a version this one reads. */
static bool read_header(struct save_reader *r, const char *line)
{
	long version;
	if (!files_header(line, "linkdance-save", &version))
		return refuse(r, "not a linkdance saved game");
	if (version < 1 || version > SAVE_VERSION)
		return refuse(r, "saved by another version (format %s, this one reads 1 to %d)",
		              shown(r, line + strlen("linkdance-save ")), SAVE_VERSION);
	return true;
}

/* A line between "start" and "end": part of the start position, or its
 * end, where the session begins. */
static bool read_start_line(struct save_reader *r, const char *line, size_t len)
{
	if (strcmp(line, "end")) {
		if (r->desc_len + len + 2 >= sizeof r->desc)
			return refuse(r, "the start position is too big");
		memcpy(r->desc + r->desc_len, line, len);
		r->desc_len += len;
		r->desc[r->desc_len++] = '\n';
		r->desc[r->desc_len] = '\0';
		return true;
	}
	r->in_start = false;
	r->have_start = true;
	if (!r->pz)
		return refuse(r, "the start comes before the family");
	int bad = -1;
	struct diag why;
	struct puzzle_state *st = r->pz->start(r->pz, r->desc, &bad, &why);
	if (!st) {
		/* at the line of the start the family found wrong */
		diag_at(r->err, r->where, bad >= 0 ? r->start_line + 1 + bad : r->start_line, "%s", why.msg);
		return false;
	}
	r->s = session_new(r->pz, st);
	return true;
}

/* ---- the lines "key value" ---- */

static bool read_family(struct save_reader *r, const char *val)
{
	/* One only: the start and the moves are read as its. */
	if (r->pz)
		return refuse(r, "two families");
	if (!(r->pz = puzzle_find(val)))
		return refuse(r, "unknown family '%s'", shown(r, val));
	return true;
}

/* The level's file or name: quoted, or in version 1 the rest of the line
 * as it was; "-" for none. */
static bool read_quoted(struct save_reader *r, const char *val, char *out, size_t size, const char *what)
{
	const char *q = val;
	if (*val == '"' ? !quote_read(&q, out, size) || *q : snprintf(out, size, "%s", val) >= (int)size)
		return refuse(r, "bad %s", what);
	if (!strcmp(out, "-"))
		out[0] = '\0';
	return true;
}

static bool read_level(struct save_reader *r, const char *val)
{
	return read_quoted(r, val, r->level, sizeof r->level, "level file name");
}

static bool read_name(struct save_reader *r, const char *val)
{
	return read_quoted(r, val, r->name, sizeof r->name, "level name");
}

static bool read_grade(struct save_reader *r, const char *val)
{
	return whole(val, 0, 4, &r->grade) || refuse(r, "bad grade '%s'", shown(r, val));
}

static bool read_played(struct save_reader *r, const char *val)
{
	return number(val, 0, SESSION_MAX_SECONDS, &r->played) || refuse(r, "bad time '%s'", shown(r, val));
}

static bool read_hints(struct save_reader *r, const char *val)
{
	return whole(val, 0, SESSION_MAX_COUNT, &r->hints) || refuse(r, "bad hint count '%s'", shown(r, val));
}

static bool read_assisted(struct save_reader *r, const char *val)
{
	if (strcmp(val, "yes") && strcmp(val, "no"))
		return refuse(r, "assisted is yes or no, not '%s'", shown(r, val));
	r->assisted = !strcmp(val, "yes");
	return true;
}

static bool read_start(struct save_reader *r, const char *val)
{
	(void)val;
	if (r->have_start)
		return refuse(r, "two starts");
	r->in_start = true;
	r->start_line = r->line;
	return true;
}

/* A move, played on the moves before it (after the start). */
static bool read_move(struct save_reader *r, const char *val)
{
	struct diag why;
	if (!r->s)
		return refuse(r, "a move before the start");
	r->s->cur = r->s->n - 1;
	if (!session_play(r->s, val, &why))
		return refuse(r, "move %d cannot be made: %s", r->s->n, why.msg);
	return true;
}

/* The position the player was at: one of the moves read so far. */
static bool read_cursor(struct save_reader *r, const char *val)
{
	if (!r->s || !whole(val, 0, r->s->n - 1, &r->cursor))
		return refuse(r, "bad cursor '%s'", shown(r, val));
	return true;
}

static const struct {
	const char *key;
	bool (*read)(struct save_reader *r, const char *val);
} key_readers[] = {
	{ "family", read_family }, { "level", read_level },   { "name", read_name },
	{ "grade", read_grade },   { "played", read_played }, { "hints", read_hints },
	{ "assisted", read_assisted }, { "start", read_start }, { "move", read_move },
	{ "cursor", read_cursor },
};

/* A line "key value" (or a blank line, which says nothing). */
static bool read_key_line(struct save_reader *r, char *line, size_t len)
{
	char *val = strchr(line, ' ');
	if (val)
		*val++ = '\0';
	else
		val = line + len;
	for (size_t i = 0; i < sizeof key_readers / sizeof *key_readers; i++)
		if (!strcmp(line, key_readers[i].key))
			return key_readers[i].read(r, val);
	return !line[0] || refuse(r, "unknown line '%s'", shown(r, line));
}

/* The whole file read: the session, if it is complete, with what the
 * lines said. */
static struct session *complete_session(struct save_reader *r)
{
	if (r->in_start) {
		refuse(r, "the start has no end");
		return NULL;
	}
	if (!r->s || r->cursor < 0) {
		refuse(r, "incomplete: %s", !r->pz ? "no family" : !r->s ? "no start" : "no cursor");
		return NULL;
	}
	struct session *s = r->s;
	s->cur = (int)r->cursor;
	snprintf(s->level, sizeof s->level, "%s", r->level);
	snprintf(s->name, sizeof s->name, "%s", r->name);
	s->grade = (int)r->grade;
	s->played = r->played;
	s->hints = (int)r->hints;
	s->assisted = r->assisted;
	s->finished = false;
	for (int i = 0; i < s->n; i++)
		if (r->pz->is_solved(s->state[i]))
			s->finished = true;
	return s;
}

/* Each line in its turn: the header, the start position's, the others. */
static bool read_lines(struct save_reader *r, const char *text)
{
	/* a line holds at most a quoted path: four bytes for each of its own */
	char line[4 * PATH_MAX + 64];
	bool too_long;
	while (next_line(&text, line, sizeof line, &too_long)) {
		r->line++;
		if (too_long)
			return refuse(r, "line too long");
		size_t len = strlen(line);
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		bool fine = r->line == 1 ? read_header(r, line)
		            : r->in_start ? read_start_line(r, line, len)
		                          : read_key_line(r, line, len);
		if (!fine)
			return false;
	}
	return true;
}

struct session *save_parse(const char *text, const char *where, struct diag *err)
{
	if (!is_text(text)) {
		diag_at(err, where, 0, "binary data: not a saved game");
		return NULL;
	}
	struct save_reader r = { .where = where, .err = err, .cursor = -1 };
	struct session *s = read_lines(&r, text) ? complete_session(&r) : NULL;
	if (!s)
		session_free(r.s);
	return s;
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
