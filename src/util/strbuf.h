/* A string that grows as text is added to it: for files written whole,
 * whose size is not known in advance, so no write can run past an end. */
#ifndef LD_STRBUF_H
#define LD_STRBUF_H

#include <stddef.h>

#include "util/diag.h"

struct strbuf {
	char *s;          /* NUL-terminated once anything is added; NULL before */
	size_t len, cap;
};

void strbuf_addf(struct strbuf *b, const char *fmt, ...) LD_PRINTF(2, 3);
void strbuf_addn(struct strbuf *b, const char *s, size_t n);
/* The text, handed over (never NULL); b is empty afterwards. */
char *strbuf_take(struct strbuf *b);
void strbuf_free(struct strbuf *b);

#endif
