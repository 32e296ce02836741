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

void diag_at(struct diag *d, const char *where, long line, const char *fmt, ...)
{
	if (!d)
		return;
	int n = line > 0 ? snprintf(d->msg, sizeof d->msg, "%s:%ld: ", where, line)
	                 : snprintf(d->msg, sizeof d->msg, "%s: ", where);
	if (n < 0 || (size_t)n >= sizeof d->msg)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->msg + n, sizeof d->msg - (size_t)n, fmt, ap);
	va_end(ap);
}
