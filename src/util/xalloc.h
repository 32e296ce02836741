/* Allocation that cannot fail: running out of memory ends the program with a
 * message, so callers never carry error paths for it (see DESIGN.md). */
#ifndef LD_XALLOC_H
#define LD_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
/* realloc for arrays, with the multiplication checked for overflow. */
void *xreallocarray(void *ptr, size_t count, size_t size);
/* A copy of size bytes at p. */
void *xmemdup(const void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
