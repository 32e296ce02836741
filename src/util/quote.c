#include "config.h"

#include "util/quote.h"

#include <string.h>

/* Bytes that may stand in a bare word: nothing a reader splits on or
 * reads as a quote, and nothing a terminal would act on. */
static bool plain(unsigned char c)
{
	return c > ' ' && c != '"' && c != '\\' && c != 0x7f;
}

void quote_add(struct strbuf *b, const char *s)
{
	bool bare = *s != '\0';
	for (const char *c = s; *c && bare; c++)
		bare = plain((unsigned char)*c);
	if (bare) {
		strbuf_addn(b, s, strlen(s));
		return;
	}
	strbuf_addn(b, "\"", 1);
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		switch (*c) {
		case '"': strbuf_addn(b, "\\\"", 2); break;
		case '\\': strbuf_addn(b, "\\\\", 2); break;
		case '\n': strbuf_addn(b, "\\n", 2); break;
		case '\r': strbuf_addn(b, "\\r", 2); break;
		case '\t': strbuf_addn(b, "\\t", 2); break;
		default:
			if (*c < ' ' || *c == 0x7f)
				strbuf_addf(b, "\\x%02x", *c);
			else
				strbuf_addn(b, (const char *)c, 1);
		}
	}
	strbuf_addn(b, "\"", 1);
}

static int hex(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

bool quote_read(const char **p, char *out, size_t size)
{
	const char *s = *p;
	size_t n = 0;
	while (*s == ' ' || *s == '\t')
		s++;
	if (!*s || !size)
		return false;
	if (*s != '"') {
		while (*s && *s != ' ' && *s != '\t') {
			if (n + 1 >= size)
				return false;
			out[n++] = *s++;
		}
		out[n] = '\0';
		*p = s;
		return true;
	}
	for (s++; *s != '"'; s++) {
		char c = *s;
		if (!c)
			return false;
		if (c == '\\') {
			switch (*++s) {
			case '"': c = '"'; break;
			case '\\': c = '\\'; break;
			case 'n': c = '\n'; break;
			case 'r': c = '\r'; break;
			case 't': c = '\t'; break;
			case 'x': {
				int hi = hex(s[1]), lo = hi >= 0 ? hex(s[2]) : -1;
				if (lo < 0 || (hi == 0 && lo == 0))
					return false;
				c = (char)(hi * 16 + lo);
				s += 2;
				break;
			}
			default: return false;
			}
		}
		if (n + 1 >= size)
			return false;
		out[n++] = c;
	}
	out[n] = '\0';
	*p = s + 1;
	return true;
}
