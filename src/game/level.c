#include "config.h"

#include "game/level.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/files.h"
#include "game/level_order.h"
#include "util/xalloc.h"

#ifndef LD_PKGDATADIR
#define LD_PKGDATADIR "/usr/local/share/linkdance"
#endif

/* Next line of *text into line (without its newline); false at the end. */
static bool next_line(const char **text, char *line, size_t size, bool *too_long)
{
	const char *s = *text;
	if (!*s)
		return false;
	const char *e = strchr(s, '\n');
	size_t n = e ? (size_t)(e - s) : strlen(s);
	*too_long = n >= size;
	if (*too_long)
		n = size - 1;
	memcpy(line, s, n);
	line[n] = '\0';
	if (n && line[n - 1] == '\r')
		line[n - 1] = '\0';
	*text = e ? e + 1 : s + strlen(s);
	return true;
}

static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	char *e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

static void base_name(const char *where, char *out, size_t size)
{
	const char *b = strrchr(where, '/');
	b = b ? b + 1 : where;
	snprintf(out, size, "%s", b);
	char *dot = strrchr(out, '.');
	if (dot && dot != out)
		*dot = '\0';
}

/* What a message quotes from the file is cut to 20 bytes, so that the
 * message fits a line of the menu: how many to show (not splitting a
 * UTF-8 character), and the mark of the cut. */
#define QUOTE_MAX 20
static int quoted(const char *s)
{
	size_t n = strlen(s);
	if (n <= QUOTE_MAX)
		return (int)n;
	n = QUOTE_MAX;
	while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
		n--;
	return (int)n;
}

static const char *more(const char *s)
{
	return strlen(s) > QUOTE_MAX ? "..." : "";
}

/* A header key of a level: family, name, grade or seed (1); not one of
 * them (0); or one with a bad value, err set (-1). */
static int header_key(struct level *lv, const char *key, const char *val, const char *where, long n,
                      struct diag *err)
{
	if (!strcmp(key, "family")) {
		if (!(lv->pz = puzzle_find(val))) {
			diag_at(err, where, n, "unknown family '%.*s%s' (%s)", quoted(val), val, more(val),
			        puzzle_names());
			return -1;
		}
	} else if (!strcmp(key, "name")) {
		snprintf(lv->name, sizeof lv->name, "%s", val);
	} else if (!strcmp(key, "grade")) {
		/* A grade is a label the grader can measure again: one out of
		 * range costs the level nothing but the label, said once. */
		char *end;
		long g = strtol(val, &end, 10);
		lv->grade = 0;
		if (*end || end == val || g < 1 || g > 4) {
			struct diag w;
			diag_at(&w, where, n, "grade '%.*s%s' is not 1, 2, 3 or 4: the measured grade counts", quoted(val),
			        val, more(val));
			snprintf(lv->warning, sizeof lv->warning, "%s", w.msg);
		} else {
			lv->grade = (int)g;
		}
	} else if (!strcmp(key, "seed")) {
		char *end;
		errno = 0;
		unsigned long long v = strtoull(val, &end, 10);
		if (*end || end == val || errno || *val == '-') {
			diag_at(err, where, n, "seed must be a number, not '%.*s%s'", quoted(val), val, more(val));
			return -1;
		}
		lv->seed = v;
		lv->has_seed = true;
	} else {
		return 0;
	}
	return 1;
}

/* A level whose board is a DIMACS graph is a DIMACS file: its header
 * keys are comments, "c family clique", so that any DIMACS reader takes
 * it, and the whole file is the family's description. */
static bool is_comment_form(const char *text)
{
	while (*text == '\n' || *text == '\r' || *text == ' ' || *text == '\t')
		text++;
	return (text[0] == 'c' || text[0] == 'p') && (text[1] == ' ' || text[1] == '\t' || text[1] == '\n');
}

static bool parse_comment_form(struct level *lv, const char *text, const char *where, struct diag *err)
{
	char line[256];
	long n = 0;
	bool too_long;
	for (const char *p = text; next_line(&p, line, sizeof line, &too_long);) {
		n++;
		if (line[0] != 'c' || !isspace((unsigned char)line[1]))
			continue;
		char *key = trim(line + 1), *val = key;
		while (*val && !isspace((unsigned char)*val))
			val++;
		if (*val)
			*val++ = '\0';
		if (header_key(lv, key, trim(val), where, n, err) < 0)
			return false;
	}
	if (!lv->pz) {
		diag_at(err, where, 1, "no 'c family' line");
		return false;
	}
	size_t len = strlen(text);
	if (len >= sizeof lv->desc) {
		diag_at(err, where, 1, "the graph is longer than %zu bytes", sizeof lv->desc - 1);
		return false;
	}
	memcpy(lv->desc, text, len + 1);
	lv->desc_line = 1;
	return true;
}

/* The longest line of a level file, NUL included: room for a 25x25
 * Sudoku's line (625 characters and its box shape). */
#define LEVEL_LINE_MAX 1024

bool level_parse(struct level *lv, const char *text, const char *where, struct diag *err)
{
	char line[LEVEL_LINE_MAX];
	long n = 0;
	bool too_long;
	memset(lv, 0, sizeof *lv);
	snprintf(lv->where, sizeof lv->where, "%s", where);
	base_name(where, lv->name, sizeof lv->name);
	/* Editors on Windows start UTF-8 files with a byte-order mark; it
	 * is not part of the first key. */
	if (!strncmp(text, "\xEF\xBB\xBF", 3))
		text += 3;

	for (const char *p = text; *p; p++)
		if (*p != '\n' && *p != '\t' && *p != '\r' && (unsigned char)*p < 32) {
			long at = 1;
			for (const char *q = text; q < p; q++)
				at += *q == '\n';
			diag_at(err, where, at, "binary data (byte 0x%02x), not a level file", (unsigned char)*p);
			return false;
		}
	/* Every line, the description's too, within the line limit: a family
	 * need not guard against a line of megabytes. */
	n = 0;
	for (const char *p = text; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		n++;
		if (len >= sizeof line) {
			diag_at(err, where, n, "line longer than %zu characters", sizeof line - 1);
			return false;
		}
		p = e ? e + 1 : p + len;
	}

	if (is_comment_form(text))
		return parse_comment_form(lv, text, where, err);
	n = 0;
	while (next_line(&text, line, sizeof line, &too_long)) {
		n++;
		char *s = trim(line);
		if (!*s || *s == '#')
			continue;
		char *key = s, *val = s;
		while (*val && !isspace((unsigned char)*val))
			val++;
		if (*val)
			*val++ = '\0';
		val = trim(val);
		int known = header_key(lv, key, val, where, n, err);
		if (known < 0)
			return false;
		if (known) {
			continue;
		} else if (!strcmp(key, "board")) {
			if (!lv->pz) {
				diag_at(err, where, n, "'board' before 'family'");
				return false;
			}
			if (*val) {
				diag_at(err, where, n, "the board starts on the line after 'board'");
				return false;
			}
			/* The rest is the family's, as it stands. */
			size_t len = strlen(text);
			if (len >= sizeof lv->desc) {
				diag_at(err, where, n + 1, "the board is longer than %zu bytes", sizeof lv->desc - 1);
				return false;
			}
			memcpy(lv->desc, text, len + 1);
			lv->desc_line = (int)n + 1;
			return true;
		} else {
			diag_at(err, where, n, "unknown key '%.*s%s' (family, name, grade, seed, board)", quoted(key), key, more(key));
			return false;
		}
	}
	if (!lv->pz) {
		diag_at(err, where, n ? n : 1, "no 'family' line");
		return false;
	}
	diag_at(err, where, n ? n : 1, "no 'board' line");
	return false;
}

bool level_load(struct level *lv, const char *path, struct diag *err)
{
	char *buf;
	if (!files_read(path, LEVEL_MAX_BYTES, "level file", &buf, NULL, err))
		return false;
	bool ok = level_parse(lv, buf, path, err);
	free(buf);
	return ok;
}

struct puzzle_state *level_state(const struct level *lv, struct diag *err)
{
	int bad = -1;
	struct diag why;
	struct puzzle_state *s = lv->pz->start(lv->pz, lv->desc, &bad, &why);
	if (!s)
		/* A fault of the description as a whole is shown at "board". */
		diag_at(err, lv->where, bad >= 0 ? lv->desc_line + bad : lv->desc_line - 1, "%s", why.msg);
	return s;
}

void level_id(const char *path, char *buf, size_t size)
{
	const char *b = strrchr(path, '/');
	snprintf(buf, size, "%s", b ? b + 1 : path);
	char *dot = strrchr(buf, '.');
	if (dot && !strcmp(dot, ".txt"))
		*dot = '\0';
	for (char *s = buf; *s; s++)
		if (*s == ' ' || *s == '\t')
			*s = '_';
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *level_dir(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("LINKDANCE_LEVELS");
	if (env && *env)
		return env;
#if defined(LD_BUILDDIR) && defined(LD_SRCDIR)
	/* Running the program in its build tree: use the source tree's levels. */
	char exe[PATH_MAX], build[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0 && realpath(LD_BUILDDIR, build)) {
		exe[n] = '\0';
		size_t bl = strlen(build);
		char src[PATH_MAX];
		snprintf(src, sizeof src, "%s/levels", LD_SRCDIR);
		if (!strncmp(exe, build, bl) && exe[bl] == '/' && realpath(src, dir) && is_dir(dir))
			return dir;
	}
#endif
	snprintf(dir, sizeof dir, "%s/levels", LD_PKGDATADIR);
	return dir;
}

bool level_resolve(const char *family, const char *arg, char *path, int size, struct diag *err)
{
	/* The file is opened here, once, so that a FIFO, a directory or an
	 * unreadable file is refused before the game takes the terminal. */
	struct stat st;
	if (strchr(arg, '/') || stat(arg, &st) == 0) {
		if (snprintf(path, (size_t)size, "%s", arg) >= size) {
			diag_at(err, arg, 0, "%s", strerror(ENAMETOOLONG));
			return false;
		}
		return files_check(path, "level file", err);
	}
	if (!*arg) {
		diag_set(err, "the level is an empty string, not a file or a level's name");
		return false;
	}
	if (snprintf(path, (size_t)size, "%s/%s/%s.txt", level_dir(), family, arg) < size) {
		if (stat(path, &st) == 0)
			return files_check(path, "level file", err);
		/* Not "no such level" when the folder is a file, a symlink
		 * loop or closed to us: say which. */
		if (errno != ENOENT) {
			diag_at(err, path, 0, "%s", strerror(errno));
			return false;
		}
	}
	diag_set(err, "%s: no such level file, and no level '%s' in %s/%s", arg, arg, level_dir(), family);
	return false;
}

static int cmp_level(const void *a, const void *b)
{
	return level_order_cmp(*(char *const *)a, *(char *const *)b);
}

int level_list(const struct puzzle *pz, char ***paths)
{
	*paths = xcalloc(64, sizeof **paths);
	char dir[PATH_MAX];
	if (snprintf(dir, sizeof dir, "%s/%s", level_dir(), pz->name) >= (int)sizeof dir)
		return 0;
	int n = 0, cap = 64;
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len < 5 || strcmp(e->d_name + len - 4, ".txt") || e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap *= 2;
			*paths = xreallocarray(*paths, (size_t)cap, sizeof **paths);
		}
		char path[PATH_MAX + 256];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		(*paths)[n++] = xstrdup(path);
	}
	closedir(d);
	qsort(*paths, (size_t)n, sizeof **paths, cmp_level);
	return n;
}

void level_list_free(char **paths, int n)
{
	for (int i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

/* The family's quick count tells (puzzle_can_finish); without an
 * exact-cover part there is none, and the game leaves it to the family's
 * engine on the solver thread. */
bool level_can_finish(const struct level *lv, const struct puzzle_state *s, struct diag *err)
{
	if (puzzle_can_finish(lv->pz, s))
		return true;
	diag_at(err, lv->where, lv->desc_line, "this level cannot be finished");
	return false;
}

struct puzzle_state *level_start(const struct puzzle *pz, const char *path, struct level *lv, struct diag *err)
{
	if (!level_load(lv, path, err))
		return NULL;
	if (lv->pz != pz) {
		diag_at(err, path, 0, "a %s level, not %s", lv->pz->name, pz->name);
		return NULL;
	}
	return level_state(lv, err);
}

struct puzzle_state *level_open(const struct puzzle *pz, const char *path, struct level *lv, struct diag *err)
{
	struct puzzle_state *s = level_start(pz, path, lv, err);
	if (s && !level_can_finish(lv, s, err)) {
		pz->free_state(s);
		return NULL;
	}
	return s;
}
