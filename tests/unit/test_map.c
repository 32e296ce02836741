/* The map of the ways to finish, without a terminal.  The solver thread's
 * diagram of a Kanoodle position: each placement's figure is the number
 * of ways to finish once it is made, counted by search; a piece's
 * placements share out every way; ways drawn at random are ways to
 * finish.  A build of IQ Fit's empty board is cancelled.  Through the
 * mid-end: the map on builds it, a way at random is told as the hint's
 * last tier, a move drops the diagram and the next is built.  The game
 * screen with the map: golden screens at 80x24, with Unicode and in
 * plain ASCII, and the status line's figure checked against the diagram.
 * Sudoku: every shipped level's diagram within the game's budget, and
 * its map on the status line.
 *
 * LD_GOLDEN_WRITE=1 writes the golden files anew (check them by eye). */
#include "config.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/diagram.h"
#include "game/level.h"
#include "game/midend.h"
#include "game/session.h"
#include "puzzles/puzzle.h"
#include "puzzles/sudoku_puzzle.h"
#include "puzzles/tiling_puzzle.h"
#include "tap.h"
#include "job_wait.h"
#include "play_input.h"
#include "ui/style.h"
#include "util/clock.h"

static const struct puzzle *const pz = &tiling_puzzle_kanoodle;

/* Three pieces in the top left corner of an empty Kanoodle board: 745
 * ways to finish, by the count. */
static const char *const OPEN3 = "YYSGG......\n"
                                 "YSSSGGG....\n"
                                 "YYS........\n"
                                 "...........\n"
                                 "...........\n";
#define OPEN3_WAYS 745

static struct puzzle_state *start(const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *s = pz->start(pz, desc, &bad, &err);
	if (!s) {
		printf("Bail out! %s\n", err.msg);
		exit(1);
	}
	return s;
}

/* The ways to finish st, a position of family of, counted by search. */
static u128 ways_of(const struct puzzle *of, const struct puzzle_state *st)
{
	struct count_opts o;
	count_opts_init(&o);
	struct count_result r;
	puzzle_count(of, st, &o, &r);
	u128 n = r.st.solutions;
	count_result_free(&r);
	return n;
}

/* The ways to finish s, a tiling position. */
static u128 count(const struct puzzle_state *s)
{
	return ways_of(pz, s);
}

static struct diagram *built(struct worker *w, const struct puzzle_state *s)
{
	uint64_t gen = worker_submit(w, worker_job_new(WORK_DIAGRAM, pz, &s, 1));
	struct worker_report r;
	if (!job_wait_final(w, gen, &r, job_wait_bound()))
		return NULL;
	struct diagram *d = r.diagram;
	r.diagram = NULL;
	worker_report_clear(&r);
	return d;
}

static void test_figures(struct worker *w)
{
	struct puzzle_state *s = start(OPEN3);
	struct diagram *d = built(w, s);
	ok(d && d->ways == OPEN3_WAYS && d->ways == count(s), "the diagram of three pieces placed: %d ways, as counted",
	   OPEN3_WAYS);
	if (!d) {
		pz->free_state(s);
		return;
	}
	int same = 0, used = 0;
	for (int k = 0; k < d->n; k++) {
		struct diag err;
		struct puzzle_state *after = pz->apply(s, d->move[k], &err);
		u128 n = after ? count(after) : (u128)-1;
		if (n == d->freq[k])
			same++;
		else
			tap_diag("%s: %s in the diagram, counted otherwise", d->move[k], u128_str(d->freq[k], (char[48]){ 0 }));
		used += d->freq[k] > 0;
		if (after)
			pz->free_state(after);
	}
	ok(same == d->n && used > 0 && used < d->n,
	   "each of the %d placements: its ways in the diagram are the ways counted after it (%d in some way)", d->n,
	   used);
	/* Every way places each piece left once: its placements share them. */
	const struct tiling *t = tiling_puzzle_tiling(pz);
	int shared = 0, left = 0;
	for (int q = 0; q < t->n_pieces; q++) {
		if (tiling_puzzle_pos(s)->placed[q] >= 0)
			continue;
		left++;
		u128 sum = 0;
		for (int k = 0; k < d->n; k++)
			if (t->pl[d->p->opt_tag[k]].piece == q)
				sum += d->freq[k];
		shared += sum == d->ways;
	}
	ok(left == 9 && shared == left, "each of the %d pieces left takes part in every way, once", left);

	int finished = 0, first_differs = 0;
	struct strbuf first = { 0 };
	for (uint64_t seed = 1; seed <= 100; seed++) {
		struct strbuf move = { 0 };
		struct diag err;
		struct puzzle_state *end = diagram_sample(d, seed, &move) ? pz->apply(s, move.s, &err) : NULL;
		finished += end && pz->is_solved(end);
		if (seed == 1)
			strbuf_addf(&first, "%s", move.s);
		else
			first_differs += strcmp(first.s, move.s) != 0;
		if (end)
			pz->free_state(end);
		strbuf_free(&move);
	}
	struct strbuf again = { 0 };
	diagram_sample(d, 1, &again);
	ok(finished == 100 && first_differs > 50, "100 ways drawn at random finish the board; %d differ from the first",
	   first_differs);
	ok(!strcmp(again.s, first.s), "a seed draws the same way again");
	strbuf_free(&first);
	strbuf_free(&again);
	diagram_free(d);
	pz->free_state(s);
}

/* IQ Fit's empty board takes seconds to build: a cancel ends it. */
static void test_cancel(struct worker *w)
{
	const struct puzzle *iq = &tiling_puzzle_iqfit;
	int bad;
	struct diag err;
	struct puzzle_state *s = iq->start(iq, NULL, &bad, &err);
	const struct puzzle_state *cs = s;
	uint64_t gen = worker_submit(w, worker_job_new(WORK_DIAGRAM, iq, &cs, 1));
	struct pollfd none = { .fd = -1 };
	poll(&none, 0, 200);
	double t0 = clock_seconds();
	worker_cancel(w);
	struct worker_report r;
	bool came = job_wait_final(w, gen, &r, job_wait_bound());
	tap_diag("the build ended %.3f s after the cancel", clock_seconds() - t0);
	ok(came && r.cancelled && !r.diagram, "the build of IQ Fit's empty board, cancelled: no diagram");
	if (came)
		worker_report_clear(&r);
	iq->free_state(s);
}

/* The solver thread's answers filed until one of kind want comes. */
static bool answered(struct midend *m, enum midend_answer want)
{
	for (double until = job_wait_bound(); clock_seconds() < until;) {
		struct pollfd pfd = { .fd = midend_fd(m), .events = POLLIN };
		poll(&pfd, 1, 50);
		struct worker_report r;
		if (!midend_poll(m, &r))
			continue;
		enum midend_answer got = midend_report(m, &r);
		worker_report_clear(&r);
		if (got == want)
			return true;
	}
	tap_diag("waited in vain for answer %d", want);
	return false;
}

static void test_midend(void)
{
	struct diag err;
	struct midend *m = midend_new(true, &err);
	struct session *s = session_new(pz, start(OPEN3));
	midend_begin(m, s);
	midend_map(m, true);
	ok(s->hints == 1, "the map on counts as a hint");
	ok(answered(m, MIDEND_ANSWER_DIAGRAM) && m->diagram && m->diagram->ways == OPEN3_WAYS,
	   "the map on: the position's diagram comes, %d ways", OPEN3_WAYS);
	ok(midend_random_way(m) == MIDEND_HINT_ASKED && m->hint_random, "a way at random: asked of the diagram kept");
	ok(answered(m, MIDEND_ANSWER_HINT) && midend_hint_step(m) == MIDEND_HINT_TIER && midend_hint_reveals(m),
	   "it comes as the hint's last tier, a move to reveal");
	const struct note *n = midend_hint_note(m);
	struct puzzle_state *after = n ? pz->apply(session_state(s), n->move, &err) : NULL;
	ok(after && count(after) > 0, "its move keeps a way to finish: %s", n ? n->move : "");
	ok(m->diagram && m->diagram->ways == OPEN3_WAYS, "the diagram is still kept");

	ok(midend_move(m, n->move, &err) && !m->diagram && m->diagram_gen == 0, "a move drops the diagram");
	u128 ways = count(after);
	ok(answered(m, MIDEND_ANSWER_CHECK) && m->diagram_gen != 0, "after the check, the next position's is built");
	ok(answered(m, MIDEND_ANSWER_DIAGRAM) && m->diagram && m->diagram->ways == ways,
	   "its diagram: %s ways, as counted", u128_str(ways, (char[48]){ 0 }));
	ok(midend_undo(m) && !m->diagram, "undo drops it too");
	midend_count(m);
	ok(m->diagram_gen == 0 && m->counting, "a count asked for at once takes the place of the build");
	ok(answered(m, MIDEND_ANSWER_DIAGRAM) && !m->counting && m->count.exact && m->count.solutions == OPEN3_WAYS &&
	       m->diagram && m->diagram->ways == OPEN3_WAYS,
	   "after the count (%d ways), the diagram is built", OPEN3_WAYS);
	midend_map(m, false);
	ok(midend_redo(m) && !m->diagram && m->diagram_gen == 0, "redo with the map off: dropped, none built");
	pz->free_state(after);
	midend_end(m);
	midend_free(m);
}

/* ---- the screen ---------------------------------------------------------- */

static struct play *new_play(const char *desc)
{
	struct session *s = session_new(pz, start(desc));
	snprintf(s->name, sizeof s->name, "test");
	return play_new(NULL, s);
}

/* The screen's map asked for and answered with the diagram it asks. */
static struct play *mapped(void)
{
	struct play *p = new_play(OPEN3);
	key(p, 'w');
	struct worker_report r = job_answer(p, WORK_DIAGRAM);
	enum zdd_end end;
	r.diagram = diagram_build(pz, session_state(play_session(p)), 0, NULL, &end);
	play_report(p, &r);
	worker_report_clear(&r);
	key(p, 'T');
	return p;
}

static void test_screen(void)
{
	style_init_plain(true);
	struct play *p = new_play(OPEN3);
	key(p, 'w');
	key(p, 'T');
	char *text = screen_text(p, 24, 80);
	ok(strstr(text, "Cyan in hand; mapping the ways to finish...") != NULL, "while it is built, the status says so");
	free(text);
	play_free(p);

	p = mapped();
	/* Cyan settles where it fits nearest the top left corner, rows 3-5,
	 * columns 4-6; two steps right it lies on rows 3-5, columns 6-8. */
	enum zdd_end end;
	struct diagram *d = diagram_build(pz, session_state(play_session(p)), 0, NULL, &end);
	char want[2][120];
	const char *at[2] = { "T@r3c4,r3c5,r3c6,r4c6,r5c6", "T@r3c6,r3c7,r3c8,r4c8,r5c8" };
	for (int i = 0; i < 2; i++) {
		int k = 0;
		while (k < d->n && strcmp(d->move[k], at[i]))
			k++;
		if (k == d->n || d->freq[k] == 0)
			snprintf(want[i], sizeof want[i], "Cyan here: in none of the 745 ways to finish");
		else
			snprintf(want[i], sizeof want[i], "Cyan here: in %s of the 745 ways to finish",
			         u128_str(d->freq[k], (char[48]){ 0 }));
	}
	text = screen_text(p, 24, 80);
	ok(strstr(text, want[0]) != NULL && strstr(text, "Where Cyan lies in the 745 ways to finish:") != NULL,
	   "the status line, as the diagram says: %s", want[0]);
	free(text);
	sym(p, KEY_SYM_RIGHT);
	sym(p, KEY_SYM_RIGHT);
	text = screen_text(p, 24, 80);
	ok(strstr(text, want[1]) != NULL && !strstr(want[1], "none"), "two steps right: %s", want[1]);
	free(text);
	golden_screen(p, 24, 80, "tiling_map", "Cyan over the map at 80x24");
	diagram_free(d);
	style_init_plain(false);
	golden_screen(p, 24, 80, "tiling_map_ascii", "the same without Unicode or colours");
	key(p, 'w');
	text = screen_text(p, 24, 80);
	ok(strstr(text, "Cyan here") == NULL && strstr(text, "Where Cyan lies") == NULL, "w again: the map is off");
	free(text);
	play_free(p);
}

/* Sudoku's map: in how many ways to finish each digit goes in the
 * cursor's cell, each figure the count after entering it. */
static void test_sudoku(void)
{
	const struct puzzle *sz = puzzle_find("sudoku");
	int bad;
	struct diag err;
	struct puzzle_state *st = sz->start(sz, "1...............", &bad, &err);
	struct session *s = session_new(sz, st);
	snprintf(s->name, sizeof s->name, "test");
	struct play *p = play_new(NULL, s);
	key(p, 'w');
	struct worker_report r = job_answer(p, WORK_DIAGRAM);
	enum zdd_end end;
	r.diagram = diagram_build(sz, st, 0, NULL, &end);
	u128 ways = r.diagram ? r.diagram->ways : 0;
	play_report(p, &r);
	worker_report_clear(&r);
	sym(p, KEY_SYM_RIGHT);
	char want[160], n[48];
	int at = snprintf(want, sizeof want, "r1c2, in the %s ways to finish:", u128_str(ways, n));
	u128 sum = 0;
	for (int d = 2; d <= 4; d++) {
		char move[16];
		snprintf(move, sizeof move, "r1c2=%d", d);
		struct puzzle_state *after = sz->apply(st, move, &err);
		u128 here = ways_of(sz, after);
		sum += here;
		at += snprintf(want + at, sizeof want - (size_t)at, "%s %d in %s", d > 2 ? "," : "", d, u128_str(here, n));
		sz->free_state(after);
	}
	char *text = screen_text(p, 24, 80);
	ok(ways == 72 && sum == ways && strstr(text, want) != NULL, "Sudoku, one given in a 4x4: %s", want);
	free(text);
	play_free(p);
}

/* A cell where many digits go in many ways: the status line still fits
 * 80 columns whole, the digits with the most ways first with their
 * figures, the others named after them, none left out. */
static void test_sudoku_long_status(void)
{
	const struct puzzle *sz = puzzle_find("sudoku");
	int bad;
	struct diag err;
	/* the first 17-clue puzzle of tests/bench/data with its first given
	 * taken away: 17,204 ways to finish */
	struct puzzle_state *st = sz->start(
		sz, ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7...", &bad, &err);
	if (!st) {
		ok(0, "the 16-clue puzzle: %s", err.msg);
		return;
	}
	struct session *s = session_new(sz, st);
	snprintf(s->name, sizeof s->name, "test");
	struct play *p = play_new(NULL, s);
	key(p, 'w');
	struct worker_report r = job_answer(p, WORK_DIAGRAM);
	enum zdd_end end;
	r.diagram = diagram_build(sz, st, WORKER_DIAGRAM_BYTES, NULL, &end);
	const struct diagram *d = r.diagram;
	/* the cell where the most digits go */
	int per_cell[81] = { 0 }, cell = 0;
	for (int k = 0; d && k < d->n; k++)
		if (d->freq[k] > 0)
			per_cell[d->p->opt_tag[k] / SUDOKU_OPTION_TAG_CELL]++;
	for (int c = 1; c < 81; c++)
		cell = per_cell[c] > per_cell[cell] ? c : cell;
	int digits = per_cell[cell];
	u128 best = 0;
	for (int k = 0; d && k < d->n; k++)
		if (d->p->opt_tag[k] / SUDOKU_OPTION_TAG_CELL == cell && d->freq[k] > best)
			best = d->freq[k];
	play_report(p, &r);
	worker_report_clear(&r);
	for (int i = 0; i < cell / 9; i++)
		sym(p, KEY_SYM_DOWN);
	for (int i = 0; i < cell % 9; i++)
		sym(p, KEY_SYM_RIGHT);
	char head[32];
	snprintf(head, sizeof head, "r%dc%d, in the ", cell / 9 + 1, cell % 9 + 1);
	char *text = screen_text(p, 24, 80), *line = strstr(text, head);
	size_t len = line ? strcspn(line, "\n") : 0;
	while (len && line[len - 1] == ' ')
		len--;
	char shown[100] = "", n[48];
	snprintf(shown, sizeof shown, "%.*s", (int)(len < 99 ? len : 99), line ? line : "");
	int named = 0;
	for (int x = 1; x <= 9; x++) {
		char one[8];
		snprintf(one, sizeof one, " %d", x);
		named += strstr(strchr(shown, ':') ? strchr(shown, ':') : "", one) != NULL;
	}
	char first[64];
	snprintf(first, sizeof first, " in %s", u128_grouped(best, n));
	ok(d && d->ways == 17204 && digits >= 5, "a cell of 17,204 ways with %d digits", digits);
	ok(len > 0 && len <= 78 && strstr(shown, "in fewer:") && strstr(shown, first) && named >= digits,
	   "its status fits a line, the most ways first, every digit named: '%s'", shown);
	free(text);
	play_free(p);
}

/* Every shipped Sudoku level: its diagram within the game's budget (the
 * build once met 12.6 million states and 738 MB on 1-01, so the game said
 * every level was too open to map), with as many ways as the search
 * counts. */
static void test_sudoku_levels(void)
{
	const struct puzzle *sz = puzzle_find("sudoku");
	char **paths;
	int n = level_list(sz, &paths), built = 0;
	char first_bad[600] = "";
	for (int i = 0; i < n; i++) {
		struct level lv;
		struct diag err;
		struct puzzle_state *st = level_start(sz, paths[i], &lv, &err);
		enum zdd_end end = ZDD_DONE;
		struct diagram *d = st ? diagram_build(sz, st, WORKER_DIAGRAM_BYTES, NULL, &end) : NULL;
		/* past 9x9 a level may be too open for the budget: then the
		 * game says so, and the test asks only that it says so */
		bool big = st && sudoku_state_grid(st)->side > 9;
		if (d ? d->ways == ways_of(sz, st) : big && end == ZDD_NO_ROOM)
			built++;
		else if (!first_bad[0])
			snprintf(first_bad, sizeof first_bad, " (not %s: %s)", paths[i], zdd_end_text(end));
		diagram_free(d);
		if (st)
			sz->free_state(st);
	}
	level_list_free(paths, n);
	ok(n >= 4 && built == n, "%d of the %d shipped Sudoku levels mapped in 256 MB, ways as counted (past 9x9: or "
	   "too open)%s", built, n,
	   first_bad);
}

/* Sudoku 1-01 in the game with the map on: its first cell's one digit,
 * the one that leaves a way to finish. */
static void test_sudoku_level_map(void)
{
	const struct puzzle *sz = puzzle_find("sudoku");
	char path[4096];
	snprintf(path, sizeof path, "%s/levels/sudoku/1-01.txt", LD_SRCDIR);
	struct level lv;
	struct diag err;
	struct puzzle_state *st = level_start(sz, path, &lv, &err);
	if (!st) {
		ok(0, "Sudoku 1-01: %s", err.msg);
		return;
	}
	int digit = 0;
	for (int d = 1; d <= 9 && !digit; d++) {
		char move[16];
		snprintf(move, sizeof move, "r1c1=%d", d);
		struct puzzle_state *after = sz->apply(st, move, &err);
		if (after && ways_of(sz, after) == 1)
			digit = d;
		if (after)
			sz->free_state(after);
	}
	struct session *s = session_new(sz, st);
	snprintf(s->name, sizeof s->name, "1-01");
	struct play *p = play_new(NULL, s);
	key(p, 'w');
	struct worker_report r = job_answer(p, WORK_DIAGRAM);
	r.diagram = diagram_build(sz, st, WORKER_DIAGRAM_BYTES, NULL, &r.diagram_end);
	play_report(p, &r);
	worker_report_clear(&r);
	char want[80];
	snprintf(want, sizeof want, "r1c1, in the one way to finish: %d", digit);
	char *text = screen_text(p, 24, 80);
	ok(digit && strstr(text, want) != NULL, "Sudoku 1-01 mapped in the game: %s", want);
	free(text);
	play_free(p);
}

int main(void)
{
	struct diag err;
	struct worker *w = worker_start(&err);
	if (!w) {
		printf("Bail out! %s\n", err.msg);
		return 1;
	}
	test_figures(w);
	test_cancel(w);
	worker_stop(w);
	test_midend();
	test_screen();
	test_sudoku();
	test_sudoku_long_status();
	test_sudoku_levels();
	test_sudoku_level_map();
	return tap_done();
}
