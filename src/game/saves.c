#include "config.h"

#include "game/saves.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/files.h"
#include "game/lock.h"
#include "game/save.h"
#include "util/xalloc.h"

#define SAVE_SUFFIX ".save"

bool saves_dir(char *buf, size_t size, struct diag *err)
{
	char state[PATH_MAX];
	if (!files_state_dir(state, sizeof state, err))
		return false;
	if (snprintf(buf, size, "%s/saves", state) >= (int)size) {
		diag_set(err, "%s: path too long", state);
		return false;
	}
	struct stat st;
	if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
		diag_at(err, buf, 0, "cannot make it: %s", strerror(errno));
		return false;
	}
	if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
		diag_at(err, buf, 0, "not a folder");
		return false;
	}
	return true;
}

static bool safe_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

/* More games of one level than a player keeps: a bound on the search
 * for a free file. */
#define MAX_COPIES 999

/* The file name of a game's saves without the suffix: "kanoodle.2-07". */
static bool game_base(const char *family, const char *name, char *buf, size_t size)
{
	/* Every byte but the safe ones escaped: the file name cannot clash
	 * with another game's, and holds no '/', '.', '~' or newline. */
	char enc[3 * LEVEL_ID_MAX + 1];
	size_t n = 0;
	for (const unsigned char *c = (const unsigned char *)name; *c && n + 4 < sizeof enc; c++)
		n += (size_t)(safe_byte(*c) ? snprintf(enc + n, 2, "%c", *c) : snprintf(enc + n, 4, "%%%02X", *c));
	enc[n] = '\0';
	int w = *name ? snprintf(buf, size, "%s.%s", family, enc) : snprintf(buf, size, "%s", family);
	return w > 0 && (size_t)w < size;
}

bool saves_path(const char *dir, const char *family, const char *name, int copy, char *buf, size_t size)
{
	char base[NAME_MAX + 1];
	if (!game_base(family, name, base, sizeof base))
		return false;
	int w = copy > 1 ? snprintf(buf, size, "%s/%s~%d" SAVE_SUFFIX, dir, base, copy)
	                 : snprintf(buf, size, "%s/%s" SAVE_SUFFIX, dir, base);
	return w > 0 && (size_t)w < size;
}

int saves_copy_of(const char *path)
{
	const char *file = strrchr(path, '/');
	file = file ? file + 1 : path;
	size_t n = strlen(file), k = strlen(SAVE_SUFFIX);
	if (n <= k)
		return 1;
	const char *tilde = NULL;
	for (const char *c = file; c < file + n - k; c++)
		if (*c == '~')
			tilde = c;
	if (!tilde || tilde[1] < '1' || tilde[1] > '9')
		return 1;
	int copy = 0;
	for (const char *c = tilde + 1; c < file + n - k; c++) {
		if (*c < '0' || *c > '9' || copy > MAX_COPIES)
			return 1;
		copy = 10 * copy + (*c - '0');
	}
	return copy;
}

void saves_copy_words(int copy, char *buf, size_t size)
{
	static const char *const nth[] = { "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth" };
	if (copy <= 1)
		snprintf(buf, size, "%s", "");
	else if (copy - 2 < (int)(sizeof nth / sizeof *nth))
		snprintf(buf, size, "(%s game)", nth[copy - 2]);
	else
		snprintf(buf, size, "(game %d)", copy);
}

/* A save's text, known again by this (FNV-1a): what a game read or wrote
 * is what the file still holds, unless another copy has written it. */
static uint64_t text_hash(const char *text, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)text[i]) * 0x100000001b3u;
	return h;
}

static bool missing(const char *path)
{
	struct stat st;
	return lstat(path, &st) != 0 && errno == ENOENT;
}

/* Does path still hold what a game read or wrote there (hash), or
 * nothing?  Under the lock of its folder. */
static bool still_ours(const char *path, uint64_t hash)
{
	if (missing(path))
		return true;
	char *text;
	size_t len;
	struct diag err;
	if (!files_read(path, SAVE_MAX_BYTES, NULL, &text, &len, &err))
		return false;
	bool same = text_hash(text, len) == hash;
	free(text);
	return same;
}

bool saves_put(const char *dir, struct session *s, bool *beside, struct diag *err)
{
	*beside = false;
	int lock = lock_take(dir, err);
	if (lock < 0)
		return false;
	char path[PATH_MAX] = "";
	if (s->save_path[0] && still_ours(s->save_path, s->save_hash)) {
		snprintf(path, sizeof path, "%s", s->save_path);
	} else {
		/* The first file of the level that is free: its own save was
		 * taken over by another copy, or it never had one. */
		for (int copy = 1; copy <= MAX_COPIES && !path[0]; copy++) {
			if (!saves_path(dir, s->pz->name, s->name, copy, path, sizeof path)) {
				lock_release(lock);
				diag_set(err, "%s: path too long", dir);
				return false;
			}
			if (!missing(path))
				path[0] = '\0';
		}
	}
	if (!path[0]) {
		lock_release(lock);
		diag_set(err, "%d games of %s are saved already: abandon one (d in Continue)", MAX_COPIES,
		         s->name[0] ? s->name : "free play");
		return false;
	}
	char *text = save_format(s);
	size_t len = strlen(text);
	bool ok = files_write_atomic(path, text, len, err);
	lock_release(lock);
	if (ok) {
		*beside = strcmp(path, s->save_path) && saves_copy_of(path) > 1;
		snprintf(s->save_path, sizeof s->save_path, "%s", path);
		s->save_hash = text_hash(text, len);
	}
	free(text);
	return ok;
}

/* Delete path, under the lock of its folder: any save (s NULL), or only
 * the game s's own. */
static bool drop(const char *path, const struct session *s, struct diag *err)
{
	char dir[PATH_MAX];
	files_dir_of(path, dir, sizeof dir);
	int lock = lock_take(dir, err);
	if (lock < 0)
		return false;
	bool ok = true;
	if (!s || still_ours(path, s->save_hash)) {
		ok = unlink(path) == 0 || errno == ENOENT;
		if (!ok)
			diag_at(err, path, 0, "cannot delete it: %s", strerror(errno));
	}
	lock_release(lock);
	return ok;
}

bool saves_drop_own(const struct session *s, struct diag *err)
{
	return !s->save_path[0] || drop(s->save_path, s, err);
}

bool saves_drop(const char *path, struct diag *err)
{
	return drop(path, NULL, err);
}

/* A save that cannot be read goes out of the way, never away: under the
 * lock of its folder. */
static void set_aside(const char *path, struct diag *err)
{
	char moved[PATH_MAX + 16], dir[PATH_MAX];
	struct diag why = *err;
	files_dir_of(path, dir, sizeof dir);
	int lock = lock_take(dir, err);
	if (lock < 0) {
		diag_set(err, "A saved game could not be read: %s", why.msg);
		return;
	}
	bool moved_ok = files_set_aside(path, moved, sizeof moved);
	lock_release(lock);
	if (moved_ok)
		diag_set(err, "A saved game could not be read (%s); it is kept as %s", why.msg, moved);
	else
		diag_set(err, "A saved game could not be read: %s", why.msg);
}

struct session *saves_open(const char *path, struct diag *err)
{
	char *text;
	size_t len;
	struct session *s = NULL;
	if (files_read(path, SAVE_MAX_BYTES, "saved game", &text, &len, err)) {
		if ((s = save_parse(text, path, err))) {
			snprintf(s->save_path, sizeof s->save_path, "%s", path);
			s->save_hash = text_hash(text, len);
		}
		free(text);
	}
	if (!s && access(path, F_OK) == 0)
		set_aside(path, err);
	return s;
}

struct session *saves_get(const char *dir, const char *family, const char *name, struct diag *err)
{
	char base[NAME_MAX + 1], newest[PATH_MAX] = "";
	struct timespec when = { 0, 0 };
	err->msg[0] = '\0';
	DIR *d = game_base(family, name, base, sizeof base) ? opendir(dir) : NULL;
	if (!d)
		return NULL;
	size_t bl = strlen(base);
	struct dirent *e;
	while ((e = readdir(d))) {
		/* base.save, or base~N.save */
		char path[PATH_MAX];
		struct stat st;
		const char *rest = e->d_name + bl;
		if (strncmp(e->d_name, base, bl) || (*rest != '~' && strcmp(rest, SAVE_SUFFIX)) ||
		    snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path || lstat(path, &st) != 0)
			continue;
		if (*rest == '~') {
			char want[PATH_MAX];
			if (!saves_path(dir, family, name, saves_copy_of(path), want, sizeof want) || strcmp(want, path))
				continue;
		}
		if (!newest[0] || st.st_mtim.tv_sec > when.tv_sec ||
		    (st.st_mtim.tv_sec == when.tv_sec && st.st_mtim.tv_nsec > when.tv_nsec)) {
			snprintf(newest, sizeof newest, "%s", path);
			when = st.st_mtim;
		}
	}
	closedir(d);
	return newest[0] ? saves_open(newest, err) : NULL;
}

static int newest_first(const void *a, const void *b)
{
	const struct saves_entry *x = a, *y = b;
	if (x->saved.tv_sec != y->saved.tv_sec)
		return x->saved.tv_sec < y->saved.tv_sec ? 1 : -1;
	if (x->saved.tv_nsec != y->saved.tv_nsec)
		return x->saved.tv_nsec < y->saved.tv_nsec ? 1 : -1;
	return strcmp(x->path, y->path);
}

static bool is_save(const char *name)
{
	size_t n = strlen(name), k = strlen(SAVE_SUFFIX);
	return name[0] != '.' && n > k && !strcmp(name + n - k, SAVE_SUFFIX);
}

int saves_list(const char *dir, struct saves_entry **out, struct diag *notice)
{
	int n = 0, cap = 8;
	*out = xcalloc((size_t)cap, sizeof **out);
	notice->msg[0] = '\0';
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		struct saves_entry en;
		struct stat st;
		memset(&en, 0, sizeof en);
		if (!is_save(e->d_name) || snprintf(en.path, sizeof en.path, "%s/%s", dir, e->d_name) >= (int)sizeof en.path)
			continue;
		if (lstat(en.path, &st) != 0)
			continue;
		struct diag err;
		struct session *s = saves_open(en.path, &err);
		if (!s) {
			if (!notice->msg[0])
				*notice = err;
			continue;
		}
		en.pz = s->pz;
		snprintf(en.name, sizeof en.name, "%s", s->name);
		en.copy = saves_copy_of(en.path);
		en.moves = session_moves(s);
		en.played = s->played;
		en.saved = st.st_mtim;
		session_free(s);
		if (n == cap) {
			cap *= 2;
			*out = xreallocarray(*out, (size_t)cap, sizeof **out);
		}
		(*out)[n++] = en;
	}
	closedir(d);
	qsort(*out, (size_t)n, sizeof **out, newest_first);
	return n;
}

bool saves_tidy(const char *state_dir, const char *dir, struct diag *notice)
{
	notice->msg[0] = '\0';
	int lock = lock_take(dir, notice);
	if (lock < 0)
		return false;
	files_clean_temporaries(dir);
	/* Older versions wrote their one save, and its temporaries, here. */
	files_clean_temporaries(state_dir);
	char old[PATH_MAX];
	struct stat st;
	bool ok = true;
	if (snprintf(old, sizeof old, "%s/game.save", state_dir) < (int)sizeof old && lstat(old, &st) == 0) {
		struct diag err;
		struct session *s = save_read(old, &err);
		char path[PATH_MAX];
		if (!s) {
			set_aside(old, &err);
			*notice = err;
			ok = false;
		} else if (saves_path(dir, s->pz->name, s->name, 1, path, sizeof path)) {
			/* A newer save of the same game wins. */
			if (lstat(path, &st) == 0 || save_write(s, path, &err))
				unlink(old);
			else
				*notice = err, ok = false;
		}
		session_free(s);
	}
	lock_release(lock);
	return ok;
}
