#include "config.h"

#include "puzzles/range_id.h"

#include <ctype.h>
#include <stdlib.h>

#include "solver/range/range_grid.h"
#include "util/xalloc.h"

/* A whole number of at most 4 digits at *p (moved past it), or -1. */
static int small_number(const char **p)
{
	int v = 0, digits = 0;
	while (isdigit((unsigned char)**p)) {
		if (++digits > 4)
			return -1;
		v = v * 10 + (*(*p)++ - '0');
	}
	return digits ? v : -1;
}

static bool at_end(char c)
{
	return c == '\0' || c == '\n' || c == '\r' || c == '#';
}

/* The cells after "WxH:", from body (at its place in the ID). */
static bool parse_cells(const char *id, const char *body, int w, int h, int *clues, int *at, struct diag *err)
{
	int n = w * h, k = 0;
	bool after_number = false;
	const char *p = body;
	while (!at_end(*p)) {
		*at = (int)(p - id) + 1;
		if (*p >= 'a' && *p <= 'z') {
			k += *p++ - 'a' + 1;
			after_number = false;
		} else if (*p == '_' && after_number) {
			p++;
			after_number = false;
		} else if (isdigit((unsigned char)*p) && !after_number) {
			int v = small_number(&p);
			if (v < 1 || v > w + h - 1) {
				diag_set(err, "character %d: a number %s; a %dx%d grid's are 1 to %d", *at,
				         v < 1 ? "is 1 or more" : "sees too far", w, h, w + h - 1);
				return false;
			}
			if (k < n)
				clues[k] = v;
			k++;
			after_number = true;
		} else {
			diag_set(err, "character %d: '%c' is %s", *at, *p,
			         isdigit((unsigned char)*p) ? "a number straight after a number (put '_' between them)"
			                                    : "neither a letter a-z, a number nor '_' between two numbers");
			return false;
		}
		if (k > n) {
			diag_set(err, "character %d: more cells than the %dx%d grid has", *at, w, h);
			return false;
		}
	}
	*at = (int)(p - id) + 1;
	if (k < n) {
		diag_set(err, "character %d: the cells stop at %d of the %dx%d grid's %d", *at, k, w, h, n);
		return false;
	}
	return true;
}

bool range_id_parse(const char *id, int *w, int *h, int **clues, int *at, struct diag *err)
{
	const char *p = id;
	*clues = NULL;
	*at = 1;
	*w = small_number(&p);
	if (*p == 'x')
		p++;
	else
		*w = -1;
	*h = *w < 0 ? -1 : small_number(&p);
	if ((*w == 0 || *h == 0) && *p == ':') {
		diag_set(err, "character 1: %dx%d: a side is 1 or more", *w, *h);
		return false;
	}
	if (*w < 1 || *h < 1 || *p != ':') {
		*at = (int)(p - id) + 1;
		diag_set(err, "character %d: a Range game ID starts with its size and a colon, as 9x6:", *at);
		return false;
	}
	if (*w > RANGE_MAX_SIDE || *h > RANGE_MAX_SIDE) {
		diag_set(err, "character 1: %dx%d is larger than %dx%d", *w, *h, RANGE_MAX_SIDE, RANGE_MAX_SIDE);
		return false;
	}
	*clues = xcalloc((size_t)(*w * *h), sizeof **clues);
	if (!parse_cells(id, p + 1, *w, *h, *clues, at, err)) {
		free(*clues);
		*clues = NULL;
		return false;
	}
	*at = 0;
	return true;
}

/* A run of blank cells as letters, 26 at most each. */
static void add_run(struct strbuf *out, int run)
{
	for (; run > 0; run -= run > 26 ? 26 : run)
		strbuf_addf(out, "%c", 'a' + (run > 26 ? 26 : run) - 1);
}

void range_id_format(int w, int h, const int *clues, struct strbuf *out)
{
	strbuf_addf(out, "%dx%d:", w, h);
	int run = 0;
	for (int k = 0; k < w * h; k++) {
		if (!clues[k]) {
			run++;
			continue;
		}
		add_run(out, run);
		/* Two numbers in a row need '_' between them. */
		strbuf_addf(out, "%s%d", !run && k > 0 && clues[k - 1] ? "_" : "", clues[k]);
		run = 0;
	}
	add_run(out, run);
}
