#include "config.h"

#include "util/lines.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* Read ahead at a time: a few dozen reads for the largest benchmark
 * graphs, and a block the lines of most files sit whole in. */
#define LINES_BLOCK 65536

/* More text after the unread rest, which moves to the front of the room
 * (grown when the rest fills half of it: a line longer than a block);
 * false when nothing more came, at the end or on a failed read. */
static bool read_more(struct lines_source *src)
{
	if (src->ended)
		return false;
	size_t rest = src->tail - src->head;
	if (src->head) {
		memmove(src->blk, src->blk + src->head, rest);
		src->head = 0;
		src->tail = rest;
	}
	if (src->cap - src->tail <= LINES_BLOCK / 2) {
		src->cap = src->cap ? 2 * src->cap : LINES_BLOCK;
		src->blk = xrealloc(src->blk, src->cap);
	}
	/* a byte kept back for the NUL after a last line with no newline */
	size_t room = src->cap - src->tail - 1, got;
	if (src->f) {
		errno = 0;
		got = fread(src->blk + src->tail, 1, room, src->f);
		if (got < room) {
			src->ended = true;
			if (ferror(src->f) && !src->error)
				src->error = errno ? errno : EIO;
		}
	} else {
		got = strnlen(src->s + src->pos, room);
		memcpy(src->blk + src->tail, src->s + src->pos, got);
		src->pos += got;
		src->ended = got < room;
	}
	src->tail += got;
	return got > 0;
}

int lines_binary(const char *line, long len)
{
	for (long i = 0; i < len; i++) {
		unsigned char c = (unsigned char)line[i];
		/* the blanks \t \n \v \f \r are 9 .. 13 */
		if (c == 0 || c == 127 || (c < 32 && (c < 9 || c > 13)))
			return c;
	}
	return -1;
}

long lines_next(struct lines_source *src, char **line, size_t max, int *bad)
{
	size_t seen = 0; /* bytes after head known to hold no newline */
	char *nl;
	for (;;) {
		size_t avail = src->tail - src->head, look = avail < max + 1 ? avail : max + 1;
		nl = look > seen ? memchr(src->blk + src->head + seen, '\n', look - seen) : NULL;
		if (nl || avail > max || !read_more(src))
			break;
		seen = look;
	}
	size_t avail = src->tail - src->head, len;
	if (!nl && avail == 0)
		return LINES_END;
	char *start = src->blk + src->head;
	if (nl) {
		len = (size_t)(nl - start);
		src->head += len + 1;
	} else if (avail > max) {
		/* a binary byte within the first max + 1 is said first, as
		 * reading up to the one past the most would meet it */
		int b = lines_binary(start, (long)max + 1);
		if (b >= 0) {
			*bad = b;
			return LINES_BINARY;
		}
		return LINES_LONG;
	} else {
		len = avail; /* the last line, with no newline */
		src->head = src->tail;
	}
	start[len] = '\0';
	if (len && start[len - 1] == '\r')
		start[--len] = '\0';
	*line = start;
	return (long)len;
}

long lines_read(struct lines_source *src, char **line, size_t max, int *bad)
{
	long got = lines_next(src, line, max, bad);
	int b = got >= 0 ? lines_binary(*line, got) : -1;
	if (b >= 0) {
		*bad = b;
		return LINES_BINARY;
	}
	return got;
}

void lines_done(struct lines_source *src)
{
	free(src->blk);
	src->blk = NULL;
	src->cap = src->head = src->tail = 0;
	src->ended = true;
}

/* isspace of the C locale, inline: the library's call per byte was a
 * third of reading a graph's edge lines. */
static inline bool blank(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

const char *lines_token(const char **p, int *len)
{
	const char *s = *p;
	while (blank(*s))
		s++;
	if (!*s)
		return NULL;
	const char *t = s;
	while (*s && !blank(*s))
		s++;
	*len = (int)(s - t);
	*p = s;
	return t;
}
