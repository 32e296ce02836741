#include "config.h"

#include "game/records.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "game/files.h"
#include "game/lock.h"
#include "util/quote.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

#define RECORDS_VERSION 3
/* The largest records file read: a record is at most some 1 KB written
 * (a level's name quoted), so this holds tens of thousands. */
#define RECORDS_MAX_BYTES (64 << 20)

void records_free(struct records *rs)
{
	free(rs->r);
	memset(rs, 0, sizeof *rs);
}

const struct record *records_find(const struct records *rs, const char *family, const char *level)
{
	for (int i = 0; i < rs->n; i++)
		if (!strcmp(rs->r[i].family, family) && !strcmp(rs->r[i].level, level))
			return &rs->r[i];
	return NULL;
}

static struct record *append(struct records *rs)
{
	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? 2 * rs->cap : 32;
		rs->r = xreallocarray(rs->r, (size_t)rs->cap, sizeof *rs->r);
	}
	return memset(&rs->r[rs->n++], 0, sizeof *rs->r);
}

bool records_add(struct records *rs, const char *family, const char *level, double seconds, int moves, int hints,
                 bool assisted)
{
	struct record *r = (struct record *)records_find(rs, family, level);
	/* An assisted solve only ticks a level not solved before; an own
	 * solve always beats an assisted one, whatever the times. */
	if (r && (assisted || (!r->assisted && r->seconds <= seconds)))
		return false;
	if (!r) {
		r = append(rs);
		snprintf(r->family, sizeof r->family, "%s", family);
		snprintf(r->level, sizeof r->level, "%s", level);
	}
	r->seconds = seconds;
	r->moves = moves;
	r->hints = hints;
	r->assisted = assisted;
	return !assisted;
}

/* A whole number in [0, SESSION_MAX_COUNT] at *p. */
static bool count_at(const char **p, int *out)
{
	char *end;
	errno = 0;
	long v = strtol(*p, &end, 10);
	if (end == *p || errno || v < 0 || v > SESSION_MAX_COUNT || (*end && *end != ' ' && *end != '\t'))
		return false;
	*out = (int)v;
	*p = end;
	return true;
}

/* One "solved" line into r; false and what is wrong in why. */
static bool parse_record(const char *line, struct record *r, const char **why)
{
	const char *p = line;
	char word[16];
	if (!quote_read(&p, word, sizeof word) || strcmp(word, "solved")) {
		*why = "not a record";
		return false;
	}
	if (!quote_read(&p, r->family, sizeof r->family) || !quote_read(&p, r->level, sizeof r->level)) {
		*why = "a name that cannot be read";
		return false;
	}
	char *end;
	errno = 0;
	r->seconds = strtod(p, &end);
	if (end == p || errno || !(r->seconds >= 0 && r->seconds <= SESSION_MAX_SECONDS)) {
		*why = "a time that cannot be right";
		return false;
	}
	p = end;
	if (!count_at(&p, &r->moves) || !count_at(&p, &r->hints)) {
		*why = "a count of moves or hints that cannot be right";
		return false;
	}
	while (*p == ' ' || *p == '\t')
		p++;
	r->assisted = !strncmp(p, "assisted", 8) && (!p[8] || p[8] == ' ' || p[8] == '\t');
	if (r->assisted)
		for (p += 8; *p == ' ' || *p == '\t'; p++)
			;
	if (*p) {
		*why = "more than a record on the line";
		return false;
	}
	return true;
}

bool records_parse(struct records *rs, char *text, const char *where, int *skipped, struct diag *why)
{
	long n = 0;
	memset(rs, 0, sizeof *rs);
	*skipped = 0;
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		n++;
		size_t len = strlen(line);
		if (len && line[len - 1] == '\r')
			line[len - 1] = '\0';
		if (n == 1) {
			long v;
			if (!files_header(line, "linkdance-records", &v) || v < 1 || v > RECORDS_VERSION) {
				diag_at(why, where, n, "not a linkdance records file (version 1 to %d)", RECORDS_VERSION);
				records_free(rs);
				return false;
			}
			continue;
		}
		struct record r = { 0 };
		const char *what;
		if (!line[strspn(line, " \t")])
			continue; /* blank */
		if (!parse_record(line, &r, &what)) {
			if (!(*skipped)++)
				diag_at(why, where, n, "%s", what);
			continue;
		}
		records_add(rs, r.family, r.level, r.seconds, r.moves, r.hints, r.assisted);
	}
	return true;
}

bool records_load(struct records *rs, const char *path, int *skipped, struct diag *why)
{
	struct stat st;
	memset(rs, 0, sizeof *rs);
	*skipped = 0;
	if (lstat(path, &st) != 0 && errno == ENOENT)
		return true;
	char *text;
	if (!files_read(path, RECORDS_MAX_BYTES, "records file", &text, NULL, why))
		return false;
	bool ok = records_parse(rs, text, path, skipped, why);
	free(text);
	return ok;
}

bool records_save(const struct records *rs, const char *path, struct diag *err)
{
	struct strbuf b = { 0 };
	/* Version 3 only adds the word "assisted": a file without one stays
	 * version 2, which older copies of the game still read. */
	bool assisted = false;
	for (int i = 0; i < rs->n; i++)
		assisted |= rs->r[i].assisted;
	strbuf_addf(&b, "linkdance-records %d\n", assisted ? RECORDS_VERSION : 2);
	for (int i = 0; i < rs->n; i++) {
		strbuf_addf(&b, "solved ");
		quote_add(&b, rs->r[i].family);
		strbuf_addf(&b, " ");
		quote_add(&b, rs->r[i].level);
		strbuf_addf(&b, " %.1f %d %d%s\n", rs->r[i].seconds, rs->r[i].moves, rs->r[i].hints,
		            rs->r[i].assisted ? " assisted" : "");
	}
	bool ok = files_write_atomic(path, b.s, b.len, err);
	strbuf_free(&b);
	return ok;
}

/* Read the file, holding the lock; if anything in it could not be read,
 * keep it as .bad and write what could.  False with notice if so. */
static bool reload(struct records *rs, const char *path, struct diag *notice)
{
	int skipped;
	struct diag why;
	bool usable = records_load(rs, path, &skipped, &why);
	if (usable && !skipped)
		return true;
	char moved[PATH_MAX + 16];
	if (!files_set_aside(path, moved, sizeof moved)) {
		/* Cannot keep a copy: leave the file as it is rather than lose
		 * the lines that could not be read. */
		diag_set(notice, "The records could not all be read (%s); they were left as they are", why.msg);
		return false;
	}
	struct diag err;
	if (!records_save(rs, path, &err))
		diag_set(notice, "The records could not be written again (%s): %s", err.msg, why.msg);
	else if (!usable)
		diag_set(notice, "The records could not be read (%s); they are kept as %s", why.msg, moved);
	else
		diag_set(notice, "%d record%s could not be read (%s); the file is kept as %s", skipped,
		         skipped == 1 ? "" : "s", why.msg, moved);
	return false;
}

bool records_open(struct records *rs, const char *path, struct diag *notice)
{
	char dir[PATH_MAX];
	files_dir_of(path, dir, sizeof dir);
	int lock = lock_take(dir, notice);
	if (lock < 0) {
		int skipped;
		struct diag why;
		/* Without the lock, read what is there but change nothing. */
		if (!records_load(rs, path, &skipped, &why))
			memset(rs, 0, sizeof *rs);
		return false;
	}
	bool ok = reload(rs, path, notice);
	lock_release(lock);
	return ok;
}

bool records_note(struct records *rs, const char *path, const char *family, const char *level, double seconds,
                  int moves, int hints, bool assisted, bool *best, struct diag *err)
{
	char dir[PATH_MAX];
	files_dir_of(path, dir, sizeof dir);
	*best = false;
	int lock = lock_take(dir, err);
	if (lock < 0)
		return false;
	struct records now;
	bool ok = reload(&now, path, err);
	/* An assisted solve changes the file only if the level was not solved. */
	bool was = records_find(&now, family, level) != NULL;
	*best = records_add(&now, family, level, seconds, moves, hints, assisted);
	bool changed = *best || (!was && assisted);
	if (changed && !records_save(&now, path, err))
		ok = false;
	lock_release(lock);
	records_free(rs);
	*rs = now;
	return ok;
}
