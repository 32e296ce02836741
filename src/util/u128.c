#include "config.h"

#include "util/u128.h"

#include <string.h>

char *u128_str(u128 v, char *buf)
{
	char tmp[U128_DIGITS];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v);
	for (int i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n] = '\0';
	return buf;
}

char *u128_grouped(u128 v, char *buf)
{
	char plain[U128_DIGITS];
	u128_str(v, plain);
	int n = (int)strlen(plain), k = 0;
	for (int i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = plain[i];
	}
	buf[k] = '\0';
	return buf;
}

bool u128_parse(const char *s, u128 *v)
{
	u128 r = 0;
	if (!*s)
		return false;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return false;
		u128 d = (u128)(*s - '0');
		if (r > (U128_MAX - d) / 10)
			return false;
		r = r * 10 + d;
	}
	*v = r;
	return true;
}
