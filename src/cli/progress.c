#include "config.h"

#include "cli/progress.h"

#include <inttypes.h>
#include <stdio.h>

#include "puzzles/puzzle.h"

/* Counts quicker than this show nothing. */
#define QUIET_SECONDS 1.0

static void clock_text(char *buf, size_t size, double s)
{
	long t = (long)(s + 0.5);
	if (t >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

void progress_show(void *ctx, const struct count_progress *p)
{
	struct progress_line *pl = ctx;
	if (p->elapsed < QUIET_SECONDS)
		return;
	char left[32] = "?", spent[32];
	clock_text(spent, sizeof spent, p->elapsed);
	if (p->fraction > 0.001 && p->fraction < 1.0)
		clock_text(left, sizeof left, p->elapsed * (1.0 - p->fraction) / p->fraction);
	char found[U128_DIGITS];
	if (p->of_layers)
		fprintf(stderr, "\r\033[K%5.1f%% of the layers, %s solutions, %s spent", 100.0 * p->fraction,
		        u128_str(p->solutions, found), spent);
	else
		fprintf(stderr, "\r\033[K%5.1f%% of the tree, %s solutions, %s spent, about %s left",
		        100.0 * p->fraction, u128_str(p->solutions, found), spent, left);
	fflush(stderr);
	pl->shown = true;
}

void progress_clear(struct progress_line *pl)
{
	if (pl->shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		pl->shown = false;
	}
}
