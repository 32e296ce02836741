/* Messages that name files must fit the line they are shown on, whole:
 * the reason and the file's own name matter more than the folders on the
 * way to it.  So a long path is shortened in its middle, and only as much
 * as needed. */
#ifndef LD_TEXTFIT_H
#define LD_TEXTFIT_H

#include <stdbool.h>
#include <stddef.h>

/* Columns text takes (UTF-8: one a character). */
int textfit_width(const char *text);

/* text made to fit in width columns, in out (of size bytes): words that
 * hold a '/' are shortened in the middle, the longest first, with an
 * ellipsis ("…", or "..." when unicode is false), keeping their start and
 * end; if that is not enough, the end of the text is cut with an
 * ellipsis.  Control characters become '?'.  Returns true if the text
 * needed no change. */
bool textfit(const char *text, int width, bool unicode, char *out, size_t size);

/* text in at most max_lines lines of width columns, in out, the lines
 * separated by '\n': words wrap at blanks, long paths are shortened as in
 * textfit() only as far as needed, and the last line is cut with an
 * ellipsis if even that is not enough.  Returns the number of lines. */
int textfit_lines(const char *text, int width, int max_lines, bool unicode, char *out, size_t size);

#endif
