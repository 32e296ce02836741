/* A minimal TAP producer for the C tests (read by automake's tap-driver.sh).
 * Every check prints one "ok N - name" or "not ok N - name" line, with the
 * values compared on failure. */
#ifndef LD_TAP_H
#define LD_TAP_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static inline bool tap_ok(bool cond, const char *fmt, ...)
{
	va_list ap;
	printf("%s %d - ", cond ? "ok" : "not ok", ++tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	if (!cond)
		tap_failed++;
	return cond;
}

#define ok(cond, ...) tap_ok((cond), __VA_ARGS__)

#define is_u64(got, want, ...)                                                                  \
	do {                                                                                    \
		uint64_t g_ = (uint64_t)(got), w_ = (uint64_t)(want);                           \
		if (!tap_ok(g_ == w_, __VA_ARGS__))                                             \
			printf("#   got %" PRIu64 ", expected %" PRIu64 "\n", g_, w_);           \
	} while (0)

#define is_str(got, want, ...)                                                                  \
	do {                                                                                    \
		const char *g_ = (got), *w_ = (want);                                           \
		if (!tap_ok(g_ && w_ && strcmp(g_, w_) == 0, __VA_ARGS__))                      \
			printf("#   got '%s'\n#   expected '%s'\n", g_ ? g_ : "(null)", w_);      \
	} while (0)

static inline void tap_diag(const char *fmt, ...)
{
	va_list ap;
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
