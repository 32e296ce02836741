#include "config.h"

#include "game/lock.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

/* Long enough for another copy to finish a write, short enough that a
 * copy stuck while holding it (stopped with Ctrl-Z) is reported, not
 * waited for without end. */
#define LOCK_WAIT_MS 3000
#define LOCK_POLL_MS 10

int lock_take(const char *dir, struct diag *err)
{
	char path[PATH_MAX];
	if (snprintf(path, sizeof path, "%s/lock", dir) >= (int)sizeof path) {
		diag_set(err, "%s: path too long", dir);
		return -1;
	}
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0600);
	if (fd < 0) {
		diag_at(err, path, 0, "cannot lock: %s", strerror(errno));
		return -1;
	}
	for (int waited = 0;; waited += LOCK_POLL_MS) {
		if (flock(fd, LOCK_EX | LOCK_NB) == 0)
			return fd;
		if (errno != EWOULDBLOCK && errno != EINTR) {
			diag_at(err, path, 0, "cannot lock: %s", strerror(errno));
			break;
		}
		if (waited >= LOCK_WAIT_MS) {
			diag_at(err, path, 0, "another copy of linkdance holds the lock");
			break;
		}
		struct timespec ts = { 0, LOCK_POLL_MS * 1000000L };
		nanosleep(&ts, NULL);
	}
	close(fd);
	return -1;
}

void lock_release(int lock)
{
	if (lock >= 0)
		close(lock); /* closing lets the lock go */
}
