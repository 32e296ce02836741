/* Text read line by line from a stream or a string, as the readers of
 * files that name faults by line (DIMACS graphs, Knuth's exact-cover
 * format) want it: a line without its newline or the carriage return
 * before it, an overlong line or a binary byte said rather than read,
 * and a failed read kept to say why. */
#ifndef LD_LINES_H
#define LD_LINES_H

#include <stddef.h>
#include <stdio.h>

struct lines_source {
	FILE *f;          /* the stream, or NULL: */
	const char *s;    /* the string, read from pos */
	size_t pos;
	int error;        /* errno of a failed read of f, 0 if none */
};

enum {
	LINES_END = -1,     /* no line left */
	LINES_LONG = -2,    /* a line longer than the most allowed */
	LINES_BINARY = -3,  /* a control byte other than blanks, or NUL or DEL (in *bad) */
};

/* The next line into *buf (grown as needed, *cap its room; NUL-ended):
 * its length, at most max, or one of the LINES_ codes. */
long lines_read(struct lines_source *src, char **buf, size_t *cap, size_t max, int *bad);

/* The next blank-separated token of *p (its length in *len), *p moved
 * past it; NULL if only blanks are left. */
const char *lines_token(const char **p, int *len);

#endif
