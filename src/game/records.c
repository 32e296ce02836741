#include "config.h"

#include "game/records.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "game/files.h"
#include "util/xalloc.h"

#define RECORDS_MAX_BYTES (4 << 20)

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

bool records_add(struct records *rs, const char *family, const char *level, double seconds, int moves, int hints)
{
	struct record *r = (struct record *)records_find(rs, family, level);
	if (r && r->seconds <= seconds)
		return false;
	if (!r) {
		r = append(rs);
		snprintf(r->family, sizeof r->family, "%s", family);
		snprintf(r->level, sizeof r->level, "%s", level);
	}
	r->seconds = seconds;
	r->moves = moves;
	r->hints = hints;
	return true;
}

bool records_load(struct records *rs, const char *path, struct diag *err)
{
	struct stat st;
	memset(rs, 0, sizeof *rs);
	if (stat(path, &st) != 0 && errno == ENOENT)
		return true;
	char *text;
	if (!files_read(path, RECORDS_MAX_BYTES, "records file", &text, NULL, err))
		return false;
	long n = 0;
	bool ok = true;
	for (char *line = text, *next; ok && line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		n++;
		struct record r = { 0 };
		char f[32], l[128];
		int v;
		if (n == 1) {
			if (sscanf(line, "linkdance-records %d", &v) != 1 || v != 1) {
				diag_at(err, path, n, "not a linkdance records file (version 1)");
				ok = false;
			}
		} else if (*line) {
			if (sscanf(line, "solved %31s %127s %lf %d %d", f, l, &r.seconds, &r.moves, &r.hints) != 5 ||
			    strlen(f) >= sizeof r.family || strlen(l) >= sizeof r.level || !(r.seconds >= 0) ||
			    r.moves < 0 || r.hints < 0) {
				diag_at(err, path, n, "cannot read this record");
				ok = false;
			} else {
				strcpy(r.family, f);
				strcpy(r.level, l);
				*append(rs) = r;
			}
		}
	}
	free(text);
	if (!ok)
		records_free(rs);
	return ok;
}

bool records_save(const struct records *rs, const char *path, struct diag *err)
{
	size_t cap = 64 + (size_t)rs->n * 256, len = 0;
	char *buf = xmalloc(cap);
	len += (size_t)snprintf(buf, cap, "linkdance-records 1\n");
	for (int i = 0; i < rs->n; i++)
		len += (size_t)snprintf(buf + len, cap - len, "solved %s %s %.1f %d %d\n", rs->r[i].family,
		                        rs->r[i].level, rs->r[i].seconds, rs->r[i].moves, rs->r[i].hints);
	bool ok = files_write_atomic(path, buf, len, err);
	free(buf);
	return ok;
}
