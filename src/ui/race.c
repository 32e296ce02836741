#include "config.h"

#include "ui/race.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ui/style.h"
#include "util/u128.h"

void race_open(struct race_screen *rs, uint64_t gen)
{
	memset(rs, 0, sizeof *rs);
	rs->open = true;
	rs->gen = gen;
}

bool race_report(struct race_screen *rs, const struct worker_report *r)
{
	if (!rs->open || r->gen != rs->gen || r->kind != WORK_RACE)
		return false;
	rs->race = r->race;
	rs->known = true;
	rs->final = r->final;
	if (rs->sel >= rs->race.n)
		rs->sel = 0;
	return true;
}

void race_move(struct race_screen *rs, int delta)
{
	if (rs->race.n > 0)
		rs->sel = (rs->sel + delta + rs->race.n) % rs->race.n;
}

static const char *state_words(enum worker_race_state s)
{
	switch (s) {
	case RACE_WAITING: return "waiting";
	case RACE_RUNNING: return "searching";
	case RACE_SOLVED: return "solved";
	case RACE_NONE: return "no solution";
	case RACE_GAVE_UP: return "gave up";
	}
	return "";
}

/* An estimate as a whole number, grouped; from 10^9 in powers of ten (it
 * is an estimate: two figures say it). */
static void estimate_words(double x, char *buf, size_t size)
{
	char n[U128_DIGITS + 13];
	if (!(x > 0))
		snprintf(buf, size, "-");
	else if (x >= 1e9)
		snprintf(buf, size, "%.1e", x);
	else
		snprintf(buf, size, "%s", u128_grouped((u128)(x + 0.5), n));
}

void race_draw(const struct race_screen *rs, struct canvas *c)
{
	int w = c->cols;
	canvas_text(c, 0, 1, w - 2, A_BOLD, "The engines side by side, from your position");
	if (!rs->known) {
		canvas_text(c, 2, 1, w - 2, A_NORMAL, "starting...");
		return;
	}
	char line[256];
	snprintf(line, sizeof line, "   %-23s %-11s %15s %9s %12s", "engine", "", "nodes", "time", "tree, about");
	canvas_text(c, 2, 1, w - 2, style(ST_DIM), line);
	for (int k = 0; k < rs->race.n; k++) {
		const struct worker_race_row *row = &rs->race.row[k];
		char nodes[U128_DIGITS + 13], est[48], secs[32];
		u128_grouped(row->nodes, nodes);
		estimate_words(row->estimate, est, sizeof est);
		if (row->seconds < 1)
			snprintf(secs, sizeof secs, "%.1f ms", row->seconds * 1000);
		else
			snprintf(secs, sizeof secs, "%.2f s", row->seconds);
		snprintf(line, sizeof line, "%d  %-23.23s %-11s %15s %9s %12s", k + 1, row->title, state_words(row->state),
		         nodes, secs, est);
		attr_t look = k == rs->sel ? style(ST_CURSOR) : row->state == RACE_SOLVED ? style(ST_GOOD) : A_NORMAL;
		canvas_text(c, 3 + k, 1, w - 2, look, line);
	}
	int y = 4 + rs->race.n;
	canvas_text_lines(c, y, 1, w - 2, 2, style(ST_DIM),
	                  rs->final ? "Every engine has finished."
	                            : "Each runs in turn; time is its own. An engine gives up after a minute.");
	canvas_text_lines(c, y + 2, 1, w - 2, 2, A_NORMAL,
	                  "Enter or its number: watch that engine search.  Esc: back to your position.");
}
