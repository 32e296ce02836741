#include "config.h"

#include "util/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

static void reserve(struct strbuf *b, size_t more)
{
	if (b->s && b->len + more < b->cap)
		return;
	size_t cap = b->cap ? b->cap : 64;
	while (cap <= b->len + more)
		cap *= 2;
	b->s = xrealloc(b->s, cap);
	b->cap = cap;
	b->s[b->len] = '\0';
}

void strbuf_addf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void strbuf_addn(struct strbuf *b, const char *s, size_t n)
{
	reserve(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

char *strbuf_take(struct strbuf *b)
{
	char *s = b->s ? b->s : xstrdup("");
	memset(b, 0, sizeof *b);
	return s;
}

void strbuf_free(struct strbuf *b)
{
	free(b->s);
	memset(b, 0, sizeof *b);
}

