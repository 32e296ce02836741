/* Errors are values: a function that can fail on input returns false (or
 * NULL) and leaves its explanation here, already in "FILE:LINE: what"
 * form where a place is known.  Only main() turns it into an exit code. */
#ifndef LD_DIAG_H
#define LD_DIAG_H

#include <stdarg.h>

struct diag {
	char msg[512];
};

#if defined(__GNUC__)
#define LD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define LD_PRINTF(f, a)
#endif

/* Replace the message. */
void diag_set(struct diag *d, const char *fmt, ...) LD_PRINTF(2, 3);
void diag_vset(struct diag *d, const char *fmt, va_list ap);
/* Set "WHERE:LINE: message" (LINE omitted when 0); a WHERE of more than
 * 200 bytes is shown by its end, "...dir/file.txt". */
void diag_at(struct diag *d, const char *where, long line, const char *fmt, ...) LD_PRINTF(4, 5);

#endif
