/* The line reader (util/lines.h), which reads ahead in blocks: every
 * line, overlong line and binary byte must come out as reading one
 * character at a time would give them, wherever the block boundaries
 * fall, from a stream and from a string alike. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/lines.h"
#include "util/rng.h"

/* What reading a character at a time gives for the next line of
 * text[*pos .. len-1]: its bytes into out (NUL-ended), and its length or
 * a LINES_ code, as lines.h defines them. */
static long by_char(const char *text, size_t len, size_t *pos, size_t max, char *out, int *bad)
{
	size_t n = 0;
	if (*pos >= len)
		return LINES_END;
	while (*pos < len) {
		unsigned char c = (unsigned char)text[(*pos)++];
		if (c == '\n')
			break;
		if (c == 0 || c == 127 || (c < 32 && (c < 9 || c > 13))) {
			*bad = c;
			return LINES_BINARY;
		}
		if (n >= max)
			return LINES_LONG;
		out[n++] = (char)c;
	}
	if (n && out[n - 1] == '\r')
		n--;
	out[n] = '\0';
	return (long)n;
}

/* Reads text both ways from src; true when they agree throughout.  what
 * names the case in a failure. */
static bool agree(struct lines_source *src, const char *text, size_t len, size_t max, const char *what)
{
	char *want = malloc(max + 2);
	size_t pos = 0;
	long line = 0;
	bool same = true;
	for (;;) {
		char *got_line = NULL;
		int got_bad = -1, want_bad = -1;
		long got = lines_read(src, &got_line, max, &got_bad);
		long exp = by_char(text, len, &pos, max, want, &want_bad);
		line++;
		if (got != exp || (got >= 0 && memcmp(got_line, want, (size_t)got + 1)) ||
		    (got == LINES_BINARY && got_bad != want_bad)) {
			tap_diag("%s: line %ld: got %ld, expected %ld", what, line, got, exp);
			same = false;
			break;
		}
		if (got < 0)
			break;
	}
	lines_done(src);
	free(want);
	return same;
}

static bool agree_string(const char *text, size_t max, const char *what)
{
	struct lines_source src = { .s = text };
	return agree(&src, text, strlen(text), max, what);
}

static bool agree_stream(const char *text, size_t len, size_t max, const char *what)
{
	FILE *f = tmpfile();
	if (!f || fwrite(text, 1, len, f) != len || fseek(f, 0, SEEK_SET)) {
		tap_diag("%s: no temporary file", what);
		if (f)
			fclose(f);
		return false;
	}
	struct lines_source src = { .f = f };
	bool same = agree(&src, text, len, max, what);
	fclose(f);
	return same;
}

/* Text of lines whose lengths run across the reader's 64 KiB blocks:
 * short edge-like lines, empty ones, carriage returns, and now and then
 * one of up to max bytes; then a last line one byte longer.  *cut is
 * where that line starts. */
static char *lines_text(struct rng *r, size_t size, size_t max, size_t *len, size_t *cut)
{
	char *t = malloc(size + 3 * max + 8);
	size_t n = 0;
	while (n < size) {
		uint64_t kind = rng_below(r, 100);
		size_t k = kind < 80 ? rng_below(r, 12) : kind < 98 ? rng_below(r, 300) : max - rng_below(r, 4);
		for (size_t i = 0; i < k; i++)
			t[n++] = (char)('0' + rng_below(r, 10));
		if (k < 300 && rng_below(r, 10) == 0)
			t[n++] = '\r';
		t[n++] = '\n';
	}
	*cut = n;
	memset(t + n, 'x', max + 1);
	n += max + 1;
	t[n++] = '\n';
	t[n] = '\0';
	*len = n;
	return t;
}

static void test_blocks(void)
{
	struct rng r;
	rng_seed(&r, 25);
	/* a line as long as the most allowed, then one byte longer */
	const size_t maxes[] = { 1000, 70000, 131072 };
	for (size_t m = 0; m < sizeof maxes / sizeof *maxes; m++) {
		size_t len, cut, max = maxes[m];
		char *t = lines_text(&r, 300000, max, &len, &cut);
		char what[80];
		snprintf(what, sizeof what, "max %zu, %zu bytes", max, cut);
		char keep = t[cut];
		t[cut] = '\0';
		ok(agree_string(t, max, what) && agree_stream(t, cut, max, what),
		   "lines across 64 KiB blocks, at most %zu bytes: %zu bytes read alike from a string and a stream", max, cut);
		t[cut] = keep;
		snprintf(what, sizeof what, "max %zu, overlong", max);
		ok(agree_string(t, max, what) && agree_stream(t, len, max, what),
		   "and on to a line over %zu bytes: refused alike", max);
		free(t);
	}
}

static void test_edges(void)
{
	struct {
		const char *text;
		size_t len, max;
		const char *what;
	} cases[] = {
		{ "", 0, 10, "no text: no line" },
		{ "abc", 3, 10, "a last line with no newline" },
		{ "abc\r\n\r\n\n", 8, 10, "carriage returns before newlines, blank lines" },
		{ "0123456789\n", 11, 10, "a line of exactly the most" },
		{ "0123456789\r\n", 12, 10, "the most and a carriage return: overlong" },
		{ "01234567890\n", 12, 10, "one byte over the most" },
		{ "0123456789\001\n", 12, 10, "a binary byte just past the most: binary, as by character" },
		{ "01234567890\001\n", 13, 10, "a binary byte two past the most: overlong" },
		{ "ab\000cd\n", 6, 10, "a NUL within a line" },
		{ "ab\177\n", 4, 10, "a DEL" },
		{ "a\tb\vc\fd\n", 8, 10, "blanks are no binary bytes" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		ok(agree_stream(cases[i].text, cases[i].len, cases[i].max, cases[i].what) &&
		       (memchr(cases[i].text, 0, cases[i].len) || agree_string(cases[i].text, cases[i].max, cases[i].what)),
		   "%s", cases[i].what);
	struct lines_source src = { .s = "ab\000cd\n" };
	char *line;
	int bad;
	long got = lines_read(&src, &line, 10, &bad);
	ok(got == 2 && !strcmp(line, "ab") && lines_read(&src, &line, 10, &bad) == LINES_END,
	   "a string ends at its NUL");
	lines_done(&src);
}

int main(void)
{
	test_edges();
	test_blocks();
	return tap_done();
}
