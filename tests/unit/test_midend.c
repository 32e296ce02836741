/* The mid-end without a terminal: a whole game of Kanoodle through it,
 * with the real solver thread: the check, a hint's tiers, moves into a
 * dead end and the hint's way back, a count stopped and the check asked
 * again, a count to the end, a save and its resume, and the solve, noted
 * in the records with its save gone; then a level solved by the search
 * on screen.  Every wait for the solver is
 * bounded: a job that never answers fails the test instead of hanging it. */
#include "config.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "game/catalog.h"
#include "game/midend.h"
#include "puzzles/tiling_puzzle.h"
#include "tap.h"
#include "util/clock.h"

static const struct puzzle *const pz = &tiling_puzzle_kanoodle;

/* Moves on level 1-01: the first keeps a way to finish, the second walls
 * in a cell. */
#define GOOD_MOVE "Y@r4c4,r4c6,r5c4,r5c5,r5c6"
#define DEAD_MOVE "W@r4c10,r5c10,r5c11"

/* The solver thread's answers filed until one of kind want comes (a
 * count's: its final one); MIDEND_ANSWER_NONE after `seconds`. */
static enum midend_answer wait_answer(struct midend *m, enum midend_answer want, double seconds)
{
	double until = clock_seconds() + seconds;
	while (clock_seconds() < until) {
		struct pollfd pfd = { .fd = midend_fd(m), .events = POLLIN };
		poll(&pfd, 1, 50);
		struct worker_report r;
		if (!midend_poll(m, &r))
			continue;
		enum midend_answer got = midend_report(m, &r);
		bool final = r.final;
		worker_report_clear(&r);
		if (got == want && (want != MIDEND_ANSWER_COUNT || final))
			return got;
	}
	return MIDEND_ANSWER_NONE;
}

/* The position's check, answered. */
static bool checked(struct midend *m, int completions)
{
	return wait_answer(m, MIDEND_ANSWER_CHECK, 20) == MIDEND_ANSWER_CHECK && m->check_known &&
	       m->check.completions == completions;
}

/* H pressed, and the hint's first answer shown. */
static enum midend_hint first_hint(struct midend *m)
{
	if (midend_hint_request(m) != MIDEND_HINT_ASKED)
		return MIDEND_HINT_NONE;
	if (wait_answer(m, MIDEND_ANSWER_HINT, 20) != MIDEND_ANSWER_HINT)
		return MIDEND_HINT_NONE;
	return midend_hint_step(m);
}

static void test_start(struct midend *m, const char *level)
{
	char say[600];
	midend_open_files(m);
	ok(m->saves_dir[0] && m->records_path[0], "the saves and the records have a place: %s", m->notice);
	struct session *s = midend_open_game(m, pz, level, say, sizeof say);
	if (!s) {
		printf("Bail out! level 1-01 cannot be played: %s\n", m->notice);
		exit(1);
	}
	ok(!say[0] && !strcmp(s->name, "1-01") && s->grade == 1, "a new game of 1-01, grade 1 (%s)", say);
	midend_begin(m, s);
	ok(m->s == s && m->check_gen != 0, "the game on, its check asked");
	ok(checked(m, 1), "the check: exactly one way to finish");
}

static void test_hint_tiers(struct midend *m)
{
	enum midend_hint h = first_hint(m);
	ok(h == MIDEND_HINT_TIER && m->hint_tier == 1 && m->s->hints == 1, "H: the first tier, a hint taken");
	int tiers = m->hint.hint_tiers;
	ok(tiers >= 2 && midend_hint_note(m) && midend_hint_note(m)->text[0], "%d tiers, the first in words: %s", tiers,
	   midend_hint_note(m) ? midend_hint_note(m)->text : "");
	ok(!midend_hint_reveals(m), "the first tier is no reveal");
	for (int t = 2; t <= tiers; t++)
		ok(midend_hint_request(m) == MIDEND_HINT_TIER && m->hint_tier == t, "H again: tier %d", t);
	ok(midend_hint_reveals(m) && midend_hint_note(m)->move[0], "the last tier reveals a move: %s",
	   midend_hint_note(m)->move);
	ok(midend_hint_request(m) == MIDEND_HINT_ASKED && m->s->hints == tiers && m->random_wanted,
	   "H after the last: a way to finish at random asked for, no hint counted yet (%d)", m->s->hints);
}

static void test_dead_end(struct midend *m)
{
	struct diag err;
	ok(midend_move(m, GOOD_MOVE, &err) && m->change == MIDEND_GOING, "a move: %s", GOOD_MOVE);
	ok(m->hint_tier == 0 && !m->hint_known, "what was known of the old position is forgotten");
	ok(checked(m, 1), "checked again: still one way to finish");
	ok(midend_move(m, DEAD_MOVE, &err), "a move into a dead end: %s", DEAD_MOVE);
	ok(checked(m, 0), "the check finds the dead end");
	enum midend_hint h = first_hint(m);
	ok(h == MIDEND_HINT_TAKE_BACK && m->hint.take_back_to == 1, "H: a dead end, back to after the first move (%d)",
	   m->hint.take_back_to);
	ok(midend_take_back(m) && session_moves(m->s) == 1, "Enter takes the second move back");
	ok(!midend_take_back(m), "and nothing more");
	ok(checked(m, 1), "checked again: one way to finish");
}

/* Undo and redo: the same position, its check asked again and not yet
 * answered. */
static bool unknown_again(struct midend *m)
{
	int moves = session_moves(m->s);
	return midend_undo(m) && session_moves(m->s) == moves - 1 && midend_redo(m) && session_moves(m->s) == moves &&
	       !m->check_known && m->check_gen != 0;
}

static void test_counts(struct midend *m)
{
	ok(unknown_again(m), "undo, redo: the check asked again");
	midend_count(m);
	ok(m->counting && m->count_gen != 0 && m->check_gen == 0, "C: a count in place of the check");
	ok(midend_stop_job(m) && !m->counting && m->count_gen == 0, "Esc stops it");
	ok(m->check_gen != 0 && m->check_gen == m->last_gen, "the check it took the place of is asked again");
	ok(checked(m, 1), "and answered");
	ok(!midend_stop_job(m), "Esc with nothing running stops nothing");

	ok(unknown_again(m), "undo, redo again");
	midend_count(m);
	ok(wait_answer(m, MIDEND_ANSWER_COUNT, 30) == MIDEND_ANSWER_COUNT && !m->counting, "a count to its end");
	ok(m->count.exact && m->count.solutions == 1, "exactly one way to finish");
	ok(m->check_gen != 0 && m->check_gen == m->last_gen && checked(m, 1), "after it, the check is asked again");

	midend_count(m);
	ok(wait_answer(m, MIDEND_ANSWER_COUNT, 30) == MIDEND_ANSWER_COUNT, "a count of a position checked already");
	ok(m->check_gen == 0 && m->check_known, "after it, the check known is not asked again");
}

static void test_save_resume(struct midend *m, const char *level)
{
	int hints = m->s->hints, moves = session_moves(m->s);
	ok(midend_save(m) && m->s->save_path[0], "saved: %s", m->s->save_path);
	struct saves_entry *games;
	struct diag notice;
	int n = catalog_games(m->saves_dir, &games, &notice);
	ok(n == 1 && games[0].pz == pz && !strcmp(games[0].name, "1-01") && games[0].moves == moves,
	   "the Continue list has it, at %d move%s", moves, moves == 1 ? "" : "s");
	free(games);
	midend_end(m);
	ok(m->s == NULL, "the game put away");

	char say[600];
	struct session *s = midend_open_game(m, pz, level, say, sizeof say);
	ok(s && strstr(say, "as you left it"), "the level again: the game continued (%s)", say);
	if (!s)
		return;
	ok(session_moves(s) == moves && s->hints == hints, "with its moves and hints (%d, %d)", moves, hints);
	midend_begin(m, s);
	ok(checked(m, 1), "checked on resuming");
}

/* The hint's reveals played until the game is solved. */
static void test_solve(struct midend *m)
{
	struct diag err;
	for (int i = 0; i < 12 && !m->solved; i++) {
		if (first_hint(m) != MIDEND_HINT_TIER)
			break;
		while (!midend_hint_reveals(m) && midend_hint_request(m) == MIDEND_HINT_TIER)
			;
		if (!midend_hint_reveals(m) || !midend_move(m, midend_hint_note(m)->move, &err))
			break;
		if (!m->solved && !checked(m, 1))
			break;
	}
	ok(m->solved && m->change == MIDEND_SOLVED, "solved by the hints' moves: %s", m->notice);
	ok(records_find(&m->records, "kanoodle", "1-01") != NULL, "noted in the records");
	struct saves_entry *games;
	struct diag notice;
	int n = catalog_games(m->saves_dir, &games, &notice);
	ok(n == 0, "its save is gone (%d left)", n);
	free(games);
}

/* Another level solved by the search on screen, run freely: it holds at
 * its first solution, which the player takes. */
static void test_search(struct midend *m, const char *level)
{
	char say[600];
	struct diag err;
	struct session *s = midend_open_game(m, pz, level, say, sizeof say);
	if (!ok(s != NULL, "a game of 1-02: %s", m->notice))
		return;
	midend_begin(m, s);
	midend_search(m, NULL);
	ok(m->anim_gen != 0 && m->check_gen == 0 && !m->anim_known, "A: the search on screen in place of the check");
	midend_free_run(m, true);
	double until = clock_seconds() + 20;
	while (!(m->anim_known && m->anim.at_solution) && clock_seconds() < until)
		wait_answer(m, MIDEND_ANSWER_SEARCH, until - clock_seconds());
	ok(m->anim_known && m->anim.at_solution && m->anim.solution, "it holds at a solution after %llu steps",
	   (unsigned long long)m->anim.nodes);
	ok(midend_take_search(m, &err) && m->solved && m->change == MIDEND_SOLVED, "Enter takes it: solved (%s)",
	   m->notice);
	ok(s->assisted && s->hints > 0, "with the solver's help: %d hints counted", s->hints);
	const struct record *rec = records_find(&m->records, "kanoodle", "1-02");
	ok(rec && rec->assisted, "the records say so");
	midend_end(m);
}

int main(void)
{
	char home[] = "/tmp/ld-midend-XXXXXX";
	if (!mkdtemp(home)) {
		printf("Bail out! no folder for the saves\n");
		return 1;
	}
	char state[64], data[64], level[PATH_MAX], level2[PATH_MAX];
	snprintf(state, sizeof state, "%s/state", home);
	snprintf(data, sizeof data, "%s/data", home);
	setenv("XDG_STATE_HOME", state, 1);
	setenv("XDG_DATA_HOME", data, 1);
	snprintf(level, sizeof level, "%s/levels/kanoodle/1-01.txt", LD_SRCDIR);
	snprintf(level2, sizeof level2, "%s/levels/kanoodle/1-02.txt", LD_SRCDIR);

	struct diag err;
	struct midend *m = midend_new(true, &err);
	if (!m) {
		printf("Bail out! no solver thread: %s\n", err.msg);
		return 1;
	}
	test_start(m, level);
	test_hint_tiers(m);
	test_dead_end(m);
	test_counts(m);
	test_save_resume(m, level);
	test_solve(m);
	midend_end(m);
	test_search(m, level2);
	midend_free(m);

	char cmd[128];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
	if (system(cmd) != 0)
		tap_diag("could not remove %s", home);
	return tap_done();
}
