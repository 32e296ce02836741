/* The solver thread: its answers, and that it lets go when told to.
 * Build with --enable-sanitizers=thread to run the cycles under
 * ThreadSanitizer. */
#include "config.h"

#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "game/worker.h"
#include "puzzles/tiling_puzzle.h"
#include "tap.h"
#include "util/clock.h"

static struct puzzle_state *board(const char *desc)
{
	int bad;
	struct diag err;
	return tiling_puzzle_kanoodle.start(&tiling_puzzle_kanoodle, desc, &bad, &err);
}

/* Wait for the final report of job gen (or give up after seconds). */
static bool wait_final(struct worker *w, uint64_t gen, struct worker_report *r, double seconds)
{
	double until = clock_seconds() + seconds;
	while (clock_seconds() < until) {
		struct pollfd pfd = { .fd = worker_fd(w), .events = POLLIN };
		poll(&pfd, 1, 50);
		if (worker_take(w, r) && r->gen == gen && r->final)
			return true;
	}
	return false;
}

static uint64_t submit(struct worker *w, enum worker_kind kind, const struct puzzle *pz,
                       const struct puzzle_state *s)
{
	const struct puzzle_state *states[1] = { s };
	return worker_submit(w, worker_job_new(kind, pz, states, 1));
}

static void test_answers(struct worker *w)
{
	const struct puzzle *pz = &tiling_puzzle_kanoodle;
	struct worker_report r;
	struct puzzle_state *level = board("GGPPPPK....\nDGGGSKK.MM.\nDD.SSSKMM..\nDD..S.KMO..\n......OOO..\n");
	struct puzzle_state *walled = board(".W.........\nWW.........\n...........\n...........\n...........\n");
	struct puzzle_state *empty = board(NULL);

	uint64_t g = submit(w, WORK_CHECK, pz, level);
	ok(wait_final(w, g, &r, 10) && r.completions == 1, "a level: exactly one way to finish");
	g = submit(w, WORK_CHECK, pz, empty);
	ok(wait_final(w, g, &r, 10) && r.completions == 2, "the empty board: more than one");
	g = submit(w, WORK_CHECK, pz, walled);
	ok(wait_final(w, g, &r, 10) && r.completions == 0 && r.dead_explained, "a walled-in cell: a dead end, explained");

	g = submit(w, WORK_HINT, pz, level);
	bool got = wait_final(w, g, &r, 10);
	ok(got && r.item_options > 0 && r.move[0], "a hint: %s, %d placements; %s", r.item, r.item_options, r.move);
	struct diag err;
	struct puzzle_state *next = pz->apply(level, r.move, &err);
	ok(next != NULL, "its move can be made");
	pz->free_state(next);

	/* A dead end two moves deep: the hint says how far back to go. */
	const struct puzzle_state *history[3] = { level, NULL, NULL };
	struct puzzle_state *good = pz->apply(level, "Y@r4c4,r4c6,r5c4,r5c5,r5c6", &err);
	struct puzzle_state *bad = good ? pz->apply(good, "W@r4c10,r5c10,r5c11", &err) : NULL;
	if (!ok(good && bad, "two moves, the second into a dead end"))
		return;
	history[1] = good;
	history[2] = bad;
	g = worker_submit(w, worker_job_new(WORK_HINT, pz, history, 3));
	got = wait_final(w, g, &r, 10);
	ok(got && r.completions == 0 && r.take_back_to == 1, "the hint takes back to after the first move (%d)",
	   r.take_back_to);
	pz->free_state(good);
	pz->free_state(bad);
	pz->free_state(level);
	pz->free_state(walled);
	pz->free_state(empty);
}

static void test_cancel(struct worker *w)
{
	const struct puzzle *pz = &tiling_puzzle_iqfit;
	int bad;
	struct diag err;
	struct puzzle_state *empty = pz->start(pz, NULL, &bad, &err);

	/* Start and cancel, 10 000 times, every kind of job. */
	static const enum worker_kind kinds[] = { WORK_COUNT, WORK_CHECK, WORK_ANIMATE, WORK_HINT };
	for (int i = 0; i < 10000; i++) {
		submit(w, kinds[i % 4], pz, empty);
		if (i % 3 == 0)
			worker_anim_grant(w, 5);
		worker_cancel(w);
	}
	double until = clock_seconds() + 5;
	while (worker_busy(w) && clock_seconds() < until) {
		struct pollfd pfd = { .fd = worker_fd(w), .events = POLLIN };
		poll(&pfd, 1, 10);
	}
	ok(!worker_busy(w), "10000 jobs started and cancelled: the worker is idle");

	/* Cancel the IQ Fit count in full flight: the worker lets go at once.
	 * The median of five tries, to be fair to a busy machine. */
	double lag[5];
	for (int k = 0; k < 5; k++) {
		struct worker_report r;
		uint64_t g = submit(w, WORK_COUNT, pz, empty);
		double t = clock_seconds() + 0.3;
		while (clock_seconds() < t)
			worker_take(w, &r);
		double t0 = clock_seconds();
		worker_cancel(w);
		while (worker_busy(w))
			;
		lag[k] = clock_seconds() - t0;
		(void)g;
	}
	for (int i = 1; i < 5; i++)
		for (int j = i; j > 0 && lag[j] < lag[j - 1]; j--) {
			double x = lag[j];
			lag[j] = lag[j - 1];
			lag[j - 1] = x;
		}
	ok(lag[2] < 0.050, "the IQ Fit count, cancelled, lets go in %.1f ms (median; at most %.1f ms)", lag[2] * 1000,
	   lag[4] * 1000);
	pz->free_state(empty);
}

int main(void)
{
	struct diag err;
	struct worker *w = worker_start(&err);
	if (!ok(w != NULL, "the worker starts"))
		return tap_done();
	test_answers(w);
	test_cancel(w);
	worker_stop(w);
	ok(true, "and stops");
	return tap_done();
}
