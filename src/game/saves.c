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

bool saves_path(const char *dir, const char *family, const char *name, char *buf, size_t size)
{
	/* Every byte but the safe ones escaped: the file name cannot clash
	 * with another game's, and holds no '/', '.' or newline. */
	char enc[3 * LEVEL_ID_MAX + 1];
	size_t n = 0;
	for (const unsigned char *c = (const unsigned char *)name; *c && n + 4 < sizeof enc; c++)
		n += (size_t)(safe_byte(*c) ? snprintf(enc + n, 2, "%c", *c) : snprintf(enc + n, 4, "%%%02X", *c));
	enc[n] = '\0';
	int w = *name ? snprintf(buf, size, "%s/%s.%s" SAVE_SUFFIX, dir, family, enc)
	              : snprintf(buf, size, "%s/%s" SAVE_SUFFIX, dir, family);
	return w > 0 && (size_t)w < size;
}

bool saves_put(const char *dir, const struct session *s, struct diag *err)
{
	char path[PATH_MAX];
	if (!saves_path(dir, s->pz->name, s->name, path, sizeof path)) {
		diag_set(err, "%s: path too long", dir);
		return false;
	}
	int lock = lock_take(dir, err);
	if (lock < 0)
		return false;
	bool ok = save_write(s, path, err);
	lock_release(lock);
	return ok;
}

bool saves_drop(const char *dir, const char *family, const char *name, struct diag *err)
{
	char path[PATH_MAX];
	if (!saves_path(dir, family, name, path, sizeof path)) {
		diag_set(err, "%s: path too long", dir);
		return false;
	}
	int lock = lock_take(dir, err);
	if (lock < 0)
		return false;
	bool ok = unlink(path) == 0 || errno == ENOENT;
	if (!ok)
		diag_at(err, path, 0, "cannot delete it: %s", strerror(errno));
	lock_release(lock);
	return ok;
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
	struct session *s = save_read(path, err);
	if (!s && access(path, F_OK) == 0)
		set_aside(path, err);
	return s;
}

struct session *saves_get(const char *dir, const char *family, const char *name, struct diag *err)
{
	char path[PATH_MAX];
	struct stat st;
	err->msg[0] = '\0';
	if (!saves_path(dir, family, name, path, sizeof path) || lstat(path, &st) != 0)
		return NULL;
	return saves_open(path, err);
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
		} else if (saves_path(dir, s->pz->name, s->name, path, sizeof path)) {
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
