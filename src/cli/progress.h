/* The progress line of long counts, on stderr when it is a terminal:
 * how much of the tree is done, the solutions so far, the time left. */
#ifndef LD_PROGRESS_H
#define LD_PROGRESS_H

#include <stdbool.h>

struct count_progress;

struct progress_line {
	bool shown;      /* something is on the line */
};

/* A count_opts progress callback; ctx is a struct progress_line. */
void progress_show(void *ctx, const struct count_progress *p);
/* Erase the line, if anything was shown. */
void progress_clear(struct progress_line *pl);

#endif
