/* Golden screens: a screen drawn in memory, compared with its copy under
 * tests/unit/golden/.  LD_GOLDEN_WRITE=1 writes the copies anew (check
 * them by eye).  After tap.h. */
#ifndef LD_TEST_GOLDEN_H
#define LD_TEST_GOLDEN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

static inline char *golden_slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n;
	char *buf = xmalloc(cap);
	n = fread(buf, 1, cap - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* Is the text of a screen (got, which is left as it is) golden/NAME.txt?
 * If not, it is shown in the test's log. */
static inline bool golden_same(const char *name, const char *got)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/tests/unit/golden/%s.txt", LD_SRCDIR, name);
	if (getenv("LD_GOLDEN_WRITE")) {
		FILE *f = fopen(path, "wb");
		if (f) {
			fputs(got, f);
			fclose(f);
		}
	}
	char *want = golden_slurp(path);
	bool same = want && !strcmp(got, want);
	free(want);
	if (!same) {
		tap_diag("got:");
		for (const char *line = got; *line;) {
			size_t len = strcspn(line, "\n");
			tap_diag("|%.*s", (int)len, line);
			line += len + (line[len] == '\n');
		}
	}
	return same;
}

#endif
