#include "config.h"

#include "game/files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/xalloc.h"

/* mkdir -p, directories private to the user. */
static bool make_dirs(const char *path, struct diag *err)
{
	char buf[PATH_MAX];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
		diag_set(err, "%s: path too long", path);
		return false;
	}
	for (char *p = buf + 1;; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;
			*p = '\0';
			if (mkdir(buf, 0700) != 0 && errno != EEXIST) {
				diag_set(err, "cannot make %s: %s", buf, strerror(errno));
				return false;
			}
			*p = c;
			if (!c)
				break;
		}
	}
	struct stat st;
	if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode)) {
		diag_set(err, "%s is not a directory", buf);
		return false;
	}
	return true;
}

static bool xdg_dir(const char *var, const char *fallback, char *buf, size_t size, struct diag *err)
{
	const char *base = getenv(var);
	int n;
	if (base && base[0] == '/') {
		n = snprintf(buf, size, "%s/linkdance", base);
	} else {
		const char *home = getenv("HOME");
		if (!home || !*home) {
			diag_set(err, "neither %s nor HOME is set", var);
			return false;
		}
		n = snprintf(buf, size, "%s/%s/linkdance", home, fallback);
	}
	if (n < 0 || (size_t)n >= size) {
		diag_set(err, "the path of %s is too long", var);
		return false;
	}
	return make_dirs(buf, err);
}

bool files_state_dir(char *buf, size_t size, struct diag *err)
{
	return xdg_dir("XDG_STATE_HOME", ".local/state", buf, size, err);
}

bool files_data_dir(char *buf, size_t size, struct diag *err)
{
	return xdg_dir("XDG_DATA_HOME", ".local/share", buf, size, err);
}

bool files_write_atomic(const char *path, const char *data, size_t len, struct diag *err)
{
	char tmp[PATH_MAX], dir[PATH_MAX];
	if (snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", path) >= (int)sizeof tmp) {
		diag_set(err, "%s: path too long", path);
		return false;
	}
	int fd = mkstemp(tmp);
	if (fd < 0) {
		diag_set(err, "cannot write %s: %s", path, strerror(errno));
		return false;
	}
	size_t done = 0;
	while (done < len) {
		ssize_t w = write(fd, data + done, len - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			diag_set(err, "cannot write %s: %s", path, w < 0 ? strerror(errno) : "disk full");
			close(fd);
			unlink(tmp);
			return false;
		}
		done += (size_t)w;
	}
	if (fsync(fd) != 0 || close(fd) != 0) {
		diag_set(err, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		return false;
	}
	if (rename(tmp, path) != 0) {
		diag_set(err, "cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		return false;
	}
	/* The rename itself must reach the disk: flush the directory. */
	files_dir_of(path, dir, sizeof dir);
	int dfd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dfd >= 0) {
		fsync(dfd);
		close(dfd);
	}
	return true;
}

/* What a file that is not a regular one is, in a player's words. */
static const char *kind_of(mode_t mode)
{
	if (S_ISDIR(mode))
		return "a directory";
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a device";
	if (S_ISBLK(mode))
		return "a disk";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a regular file";
}

/* Open path for reading if it is a regular file, or -1 and why not.  A
 * FIFO with no writer would block open() and read() for ever, before the
 * game's loop and with the terminal raw: O_NONBLOCK makes the open return
 * at once, and the fstat of what was opened (not of the name, which could
 * be swapped in between) refuses it. */
static int open_regular(const char *path, const char *what, struct stat *st, struct diag *err)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;
		/* A socket cannot be opened at all (ENXIO): name it rather
		 * than "No such device or address". */
		if (e == ENXIO && stat(path, st) == 0 && !S_ISREG(st->st_mode))
			diag_at(err, path, 0, "%s, not a %s", kind_of(st->st_mode), what ? what : "regular file");
		else
			diag_at(err, path, 0, "%s", strerror(e));
		return -1;
	}
	if (fstat(fd, st) != 0) {
		diag_at(err, path, 0, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		diag_at(err, path, 0, "%s, not a %s", kind_of(st->st_mode), what ? what : "regular file");
		close(fd);
		return -1;
	}
	/* Reads of a regular file do not block anyway; some network file
	 * systems would still answer EAGAIN with the flag on. */
	int fl = fcntl(fd, F_GETFL);
	if (fl != -1)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}

bool files_check(const char *path, const char *what, struct diag *err)
{
	struct stat st;
	int fd = open_regular(path, what, &st, err);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

bool files_read(const char *path, size_t max, const char *what, char **out, size_t *len, struct diag *err)
{
	struct stat st;
	int fd = open_regular(path, what, &st, err);
	if (fd < 0)
		return false;
	/* The size is checked again while reading: the file may grow. */
	if ((uintmax_t)st.st_size > max) {
		diag_at(err, path, 0, "larger than %zu bytes", max);
		close(fd);
		return false;
	}
	char *buf = xmalloc(max + 1);
	size_t n = 0;
	while (n < max + 1) {
		ssize_t r = read(fd, buf + n, max + 1 - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			diag_at(err, path, 0, "%s", strerror(errno));
			close(fd);
			free(buf);
			return false;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (n > max) {
		diag_at(err, path, 0, "larger than %zu bytes", max);
		free(buf);
		return false;
	}
	buf[n] = '\0';
	if (what && strlen(buf) != n) {
		diag_at(err, path, 0, "binary data (a NUL byte), not a %s", what);
		free(buf);
		return false;
	}
	*out = buf;
	if (len)
		*len = n;
	return true;
}

bool files_set_aside(const char *path, char *moved, size_t size)
{
	struct stat st;
	for (int i = 0; i < 100; i++) {
		if (i == 0)
			snprintf(moved, size, "%s.bad", path);
		else
			snprintf(moved, size, "%s.bad.%d", path, i);
		if (stat(moved, &st) != 0)
			return rename(path, moved) == 0;
	}
	return false;
}

/* The name files_write_atomic() gives its temporaries: NAME.tmp and six
 * characters from mkstemp. */
static bool is_temporary(const char *name)
{
	size_t n = strlen(name);
	if (n < 11 || strncmp(name + n - 10, ".tmp", 4))
		return false;
	for (const char *c = name + n - 6; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
			return false;
	return true;
}

void files_clean_temporaries(const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		char path[PATH_MAX];
		struct stat st;
		if (!is_temporary(e->d_name) || snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path)
			continue;
		if (lstat(path, &st) == 0 && S_ISREG(st.st_mode))
			unlink(path);
	}
	closedir(d);
}

void files_dir_of(const char *path, char *dir, size_t size)
{
	snprintf(dir, size, "%s", path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		snprintf(dir, size, ".");
}

bool files_header(const char *line, const char *magic, long *version)
{
	size_t n = strlen(magic);
	if (strncmp(line, magic, n) || line[n] != ' ')
		return false;
	const char *v = line + n + 1;
	char *end;
	errno = 0;
	long x = strtol(v, &end, 10);
	/* strtol, not sscanf's %d: a number too large for an int is no
	 * undefined behaviour here, just no version we know. */
	*version = (end == v || *end || errno || x < 0 || x > 1000000) ? -1 : x;
	return true;
}
