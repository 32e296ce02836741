#include "config.h"

#include "util/lines.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>

#include "util/xalloc.h"

/* A character at a time, so unlocked: one stream has one reader here,
 * and the lock per character was a fifth of reading a large graph.
 * errno is cleared once a line (lines_read), which is enough to tell a
 * failed read's errno from a stale one. */
static int next_char(struct lines_source *src)
{
	if (src->f) {
		int c = getc_unlocked(src->f);
		if (c == EOF && ferror(src->f) && !src->error)
			src->error = errno ? errno : EIO;
		return c;
	}
	unsigned char c = (unsigned char)src->s[src->pos];
	if (!c)
		return EOF;
	src->pos++;
	return c;
}

long lines_read(struct lines_source *src, char **buf, size_t *cap, size_t max, int *bad)
{
	size_t n = 0;
	int c;
	bool any = false;
	errno = 0;
	while ((c = next_char(src)) != EOF) {
		any = true;
		if (c == '\n')
			break;
		if (c == 0 || (c < 32 && !isspace(c)) || c == 127) {
			*bad = c;
			return LINES_BINARY;
		}
		if (n >= max)
			return LINES_LONG;
		if (n + 2 > *cap) {
			*cap = *cap ? 2 * *cap : 256;
			*buf = xrealloc(*buf, *cap);
		}
		(*buf)[n++] = (char)c;
	}
	if (!any)
		return LINES_END;
	if (n && (*buf)[n - 1] == '\r')
		n--;
	if (!*buf) {
		*cap = 16;
		*buf = xmalloc(*cap);
	}
	(*buf)[n] = '\0';
	return (long)n;
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
