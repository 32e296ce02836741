#include "config.h"

#include "ui/race.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "ui/style.h"
#include "util/textfit.h"
#include "util/u128.h"

void race_open(struct race_screen *rs, int speed)
{
	memset(rs, 0, sizeof *rs);
	rs->open = true;
	rs->speed = speed;
}

bool race_running(const struct race_screen *rs)
{
	if (!rs->open || !rs->known || rs->final || rs->paused)
		return false;
	for (int k = 0; k < rs->race.n; k++)
		if (rs->race.row[k].state == RACE_RUNNING)
			return true;
	return false;
}

bool race_report(struct race_screen *rs, const struct worker_report *r)
{
	if (!rs->open || r->kind != WORK_RACE)
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
	case RACE_RUNNING: return "running";
	case RACE_SOLVED: return "solved";
	case RACE_NONE: return "none";
	case RACE_GAVE_UP: return "gave up";
	case RACE_SKIPPED: return "skipped";
	}
	return "";
}

/* A time in the unit that tells engines apart: "88 us" (as "µs" where
 * the terminal can show it), "1.24 ms", "2.50 s". */
static void time_words(double seconds, char *buf, size_t size)
{
	const char *micro = glyph(GL_MICRO);
	if (seconds < 1e-3)
		snprintf(buf, size, "%.0f %ss", seconds * 1e6, micro);
	else if (seconds < 1)
		snprintf(buf, size, "%.*f ms", seconds < 1e-2 ? 2 : seconds < 1e-1 ? 1 : 0, seconds * 1e3);
	else
		snprintf(buf, size, "%.*f s", seconds < 10 ? 2 : seconds < 100 ? 1 : 0, seconds);
}

/* An estimate in two or three figures, with its spread: it is a guess,
 * and its last digits would be noise ("about 2,700 +-20%"). */
static void estimate_words(double x, double se, char *buf, size_t size)
{
	char n[32];
	if (!(x > 0)) {
		snprintf(buf, size, "-");
		return;
	}
	race_round(x, n, sizeof n);
	int spread = (int)(100 * se / x + 0.5);
	if (spread >= 1)
		snprintf(buf, size, "%s %s%d%%", n, glyph(GL_PLUSMINUS), spread);
	else
		snprintf(buf, size, "%s", n);
}

void race_round(double x, char *buf, size_t size)
{
	static const struct {
		double unit;
		const char *name;
	} big[] = { { 1e12, "trillion" }, { 1e9, "billion" }, { 1e6, "million" } };
	if (x >= 1e15) {
		snprintf(buf, size, "%.1e", x);
		return;
	}
	for (int i = 0; i < 3; i++)
		if (x >= big[i].unit) {
			double v = x / big[i].unit;
			snprintf(buf, size, "%.*f %s", v < 10 ? 2 : v < 100 ? 1 : 0, v, big[i].name);
			return;
		}
	/* three figures: 2,670; 88; 345,000 */
	double scale = 1;
	while (x / scale >= 1000)
		scale *= 10;
	char g[U128_DIGITS + 13];
	snprintf(buf, size, "%s", u128_grouped((u128)((long long)(x / scale + 0.5) * (long long)scale), g));
}

/* Text in a column of width columns, by what the terminal shows (a "µ"
 * is two bytes and one column), cut if longer; right: aligned right. */
static void cell(char *line, size_t size, const char *text, int width, bool right)
{
	char fit[128];
	textfit(text, width, true, fit, sizeof fit);
	int pad = width - textfit_width(fit);
	size_t len = strlen(line);
	snprintf(line + len, size - len, "%*s%s%*s", right ? pad : 0, "", fit, right ? 0 : pad, "");
}

void race_draw(const struct race_screen *rs, struct canvas *c, const char *pace)
{
	int w = c->cols - 2;
	canvas_text(c, 0, 1, w, A_BOLD, "The engines side by side, from your position");
	if (!rs->known) {
		canvas_text(c, 2, 1, w, A_NORMAL, "starting...");
		return;
	}
	/* The table's cells, then its columns as wide as their widest: the
	 * number, the engine's name, its state, its steps, its own time, its
	 * whole tree; the tree only where it fits whole, the name cut only
	 * when nothing else is left. */
	enum { NUM, TITLE, STATE, STEPS, TIME, TREE, COLS };
	static const char *const head[COLS] = { "", "engine", "", "steps", "own time", "whole tree, about" };
	static const bool right[COLS] = { false, false, false, true, true, true };
	char text[WORKER_RACE_MAX][COLS][U128_DIGITS + 32];
	int width[COLS];
	for (int j = 0; j < COLS; j++)
		width[j] = textfit_width(head[j]);
	for (int k = 0; k < rs->race.n; k++) {
		const struct worker_race_row *row = &rs->race.row[k];
		char nodes[U128_DIGITS + 13];
		u128_grouped(row->nodes, nodes);
		snprintf(text[k][NUM], sizeof text[k][NUM], "%d", k + 1);
		snprintf(text[k][TITLE], sizeof text[k][TITLE], "%s", row->title);
		snprintf(text[k][STATE], sizeof text[k][STATE], "%s", state_words(row->state));
		snprintf(text[k][STEPS], sizeof text[k][STEPS], "%s", nodes);
		time_words(row->seconds, text[k][TIME], sizeof text[k][TIME]);
		/* past its estimate, the whole tree is at least what it has
		 * searched: the estimate was low */
		if (row->estimate > 0 && (double)row->nodes > row->estimate)
			snprintf(text[k][TREE], sizeof text[k][TREE], "over %s", nodes);
		else
			estimate_words(row->estimate, row->estimate_se, text[k][TREE], sizeof text[k][TREE]);
		for (int j = 0; j < COLS; j++)
			if (textfit_width(text[k][j]) > width[j])
				width[j] = textfit_width(text[k][j]);
	}
	int gap = 2, total = 0;
	for (int j = 0; j < COLS; j++)
		total += width[j] + (j ? gap : 0);
	bool tree = total <= w;
	if (!tree)
		total -= width[TREE] + gap;
	if (total > w)
		width[TITLE] -= total - w < width[TITLE] - 6 ? total - w : width[TITLE] - 6;
	int cols = tree ? COLS : TREE;
	char line[512];
	for (int k = -1; k < rs->race.n; k++) {
		line[0] = '\0';
		for (int j = 0; j < cols; j++) {
			if (j)
				cell(line, sizeof line, "", gap, false);
			cell(line, sizeof line, k < 0 ? head[j] : text[k][j], width[j], right[j]);
		}
		attr_t look = k < 0              ? style(ST_DIM)
		              : k == rs->sel     ? style(ST_CURSOR)
		              : rs->race.row[k].state == RACE_SOLVED ? style(ST_GOOD)
		                                                     : A_NORMAL;
		canvas_text(c, 3 + k, 1, w, look, line);
	}
	int y = 4 + rs->race.n;
	char about[320];
	snprintf(about, sizeof about,
	         "%s.  A step is a place where an engine chooses; each counts its own, up to its first answer "
	         "(E counts the search to the end), and gives up after a minute of its own time.%s",
	         rs->final    ? "Every engine has finished"
	         : rs->paused ? "Paused (space goes on)"
	                      : pace,
	         tree ? "  Whole tree: about how many steps its search would take to the end." : "");
	y += canvas_text_lines(c, y, 1, w, 4, style(ST_DIM), about) + 1;
	canvas_text_lines(c, y, 1, w, 2, A_NORMAL, "Enter or its number: watch that engine search alone.  Esc: back.");
}
