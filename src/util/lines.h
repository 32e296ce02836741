/* Text read line by line from a stream or a string, as the readers of
 * files that name faults by line (DIMACS graphs, Knuth's exact-cover
 * format) want it: a line without its newline or the carriage return
 * before it, an overlong line or a binary byte said rather than read,
 * and a failed read kept to say why.
 *
 * The text is read ahead in blocks (a string copied the same way, so
 * that both take one path), and a line is handed over where it lies in
 * the block: a graph's file is mostly short edge lines, and a character
 * at a time through the stream was most of the cost of reading it. */
#ifndef LD_LINES_H
#define LD_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct lines_source {
	FILE *f;          /* the stream, or NULL: */
	const char *s;    /* the string, read from pos */
	size_t pos;
	int error;        /* errno of a failed read of f, 0 if none */
	/* the text read ahead (lines_done frees it): bytes head .. tail-1
	 * are still to be handed over */
	char *blk;
	size_t cap, head, tail;
	bool ended;       /* nothing more to read into it */
};

enum {
	LINES_END = -1,     /* no line left */
	LINES_LONG = -2,    /* a line longer than the most allowed */
	LINES_BINARY = -3,  /* a control byte other than blanks, or NUL or DEL (in *bad) */
};

/* The next line, NUL-ended, in *line (the reader's own room, which the
 * caller may change in place, until the next call): its length, at most
 * max, or LINES_END, or LINES_LONG (with LINES_BINARY instead when a
 * binary byte comes first).  The bytes of a line of at most max are not
 * looked at: lines_binary does that, and a caller that took the line
 * apart itself, byte by byte, need not. */
long lines_next(struct lines_source *src, char **line, size_t max, int *bad);

/* The first control byte of line[0 .. len-1] other than blanks, or its
 * first NUL or DEL (a file that is not text); -1 if none. */
int lines_binary(const char *line, long len);

/* lines_next with lines_binary: the line is LINES_BINARY when it holds
 * such a byte (*bad says which). */
long lines_read(struct lines_source *src, char **line, size_t max, int *bad);

/* The room read ahead, freed; src may be read no more. */
void lines_done(struct lines_source *src);

/* The next blank-separated token of *p (its length in *len), *p moved
 * past it; NULL if only blanks are left. */
const char *lines_token(const char **p, int *len);

#endif
