#include "config.h"

#include "util/diag.h"

#include <stdio.h>
#include <string.h>

void diag_vset(struct diag *d, const char *fmt, va_list ap)
{
	if (d)
		vsnprintf(d->msg, sizeof d->msg, fmt, ap);
}

void diag_set(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vset(d, fmt, ap);
	va_end(ap);
}

/* The longest WHERE kept whole; a longer one (a path can be 4095 bytes)
 * keeps its end, which names the file, and leaves room for the message. */
#define WHERE_MAX 200

void diag_at(struct diag *d, const char *where, long line, const char *fmt, ...)
{
	if (!d)
		return;
	const char *cut = "";
	size_t len = strlen(where);
	if (len > WHERE_MAX) {
		where += len - (WHERE_MAX - 3);
		while (((unsigned char)*where & 0xC0) == 0x80) /* not inside a UTF-8 character */
			where++;
		cut = "...";
	}
	int n = line > 0 ? snprintf(d->msg, sizeof d->msg, "%s%s:%ld: ", cut, where, line)
	                 : snprintf(d->msg, sizeof d->msg, "%s%s: ", cut, where);
	if (n < 0 || (size_t)n >= sizeof d->msg)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->msg + n, sizeof d->msg - (size_t)n, fmt, ap);
	va_end(ap);
}
