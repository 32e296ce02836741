/* The solver beside the player: how long a check (can it be finished?) and
 * a hint take, through the worker as the game uses it, on every shipped
 * level, at its start and one right move in; and how soon a count of
 * every way to fill the empty board (C in the game: the memo count by
 * layers, on every core) stops when cancelled part way.  Median and
 * worst, per family. */
#include "config.h"

#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "game/worker.h"
#include "puzzles/tiling_puzzle.h"
#include "util/clock.h"

static double run(struct worker *w, enum worker_kind kind, const struct puzzle *pz,
                  const struct puzzle_state *const *states, int n)
{
	double t0 = clock_seconds();
	uint64_t gen = worker_submit(w, worker_job_new(kind, pz, states, n));
	struct worker_report r;
	for (;;) {
		struct pollfd pfd = { .fd = worker_fd(w), .events = POLLIN };
		poll(&pfd, 1, 100);
		if (!worker_take(w, &r))
			continue;
		bool done = r.gen == gen && r.final;
		worker_report_clear(&r);
		if (done)
			return clock_seconds() - t0;
	}
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static void report(const char *family, const char *what, double *t, int n)
{
	qsort(t, (size_t)n, sizeof *t, cmp);
	printf("%-10s %-24s %6d %12.2f %12.2f\n", family, what, n, n ? t[n / 2] * 1000 : 0, n ? t[n - 1] * 1000 : 0);
}

/* Submit a count of the empty board, cancel it after `after` seconds,
 * and time from the cancel to the job's last report; < 0 if it was done
 * before. */
static double cancel_count(struct worker *w, const struct puzzle *pz, const struct puzzle_state *s, double after)
{
	const struct puzzle_state *at[1] = { s };
	uint64_t gen = worker_submit(w, worker_job_new(WORK_COUNT, pz, at, 1));
	double t0 = clock_seconds(), t_cancel = -1;
	struct worker_report r;
	for (;;) {
		if (t_cancel < 0 && clock_seconds() - t0 >= after) {
			t_cancel = clock_seconds();
			worker_cancel(w);
		}
		struct pollfd pfd = { .fd = worker_fd(w), .events = POLLIN };
		poll(&pfd, 1, 1);
		if (!worker_take(w, &r))
			continue;
		bool done = r.gen == gen && r.final;
		worker_report_clear(&r);
		if (done)
			return t_cancel < 0 ? -1 : clock_seconds() - t_cancel;
	}
}

static void cancel_counts(struct worker *w)
{
	for (int f = 0; puzzle_families[f]; f++) {
		const struct puzzle *pz = puzzle_families[f];
		if (strcmp(pz->name, "kanoodle") && strcmp(pz->name, "iqfit"))
			continue;
		struct diag err;
		int bad;
		struct puzzle_state *s = pz->start(pz, NULL, &bad, &err);
		if (!s)
			continue;
		double t[40];
		int n = 0;
		for (int i = 0; i < 40; i++) {
			double d = cancel_count(w, pz, s, 0.01 + 0.02 * i);
			if (d >= 0)
				t[n++] = d;
		}
		report(pz->name, "count, cancelled", t, n);
		pz->free_state(s);
	}
}

int main(void)
{
	struct diag err;
	struct worker *w = worker_start(&err);
	if (!w) {
		fprintf(stderr, "%s\n", err.msg);
		return 1;
	}
	printf("%-10s %-24s %6s %12s %12s\n", "family", "job", "runs", "median ms", "worst ms");
	for (int f = 0; puzzle_families[f]; f++) {
		const struct puzzle *pz = puzzle_families[f];
		char **paths;
		int n = level_list(pz, &paths), k = 0;
		double *check = calloc((size_t)n * 2 + 1, sizeof *check), *hint = calloc((size_t)n * 2 + 1, sizeof *hint);
		for (int i = 0; i < n; i++) {
			struct level lv;
			struct puzzle_state *s = level_open(pz, paths[i], &lv, &err);
			if (!s) {
				fprintf(stderr, "%s\n", err.msg);
				continue;
			}
			/* The start, and the start with the first placement of the
			 * solution the hint gives. */
			const struct puzzle_state *at[2] = { s, NULL };
			check[k] = run(w, WORK_CHECK, pz, at, 1);
			double t0 = clock_seconds();
			uint64_t gen = worker_submit(w, worker_job_new(WORK_HINT, pz, at, 1));
			struct worker_report r;
			for (;;) {
				struct pollfd pfd = { .fd = worker_fd(w), .events = POLLIN };
				poll(&pfd, 1, 100);
				if (!worker_take(w, &r))
					continue;
				if (r.gen == gen && r.final)
					break;
				worker_report_clear(&r);
			}
			hint[k++] = clock_seconds() - t0;
			/* The hint's last tier plays the move. */
			const char *move = r.hint_tiers > 0 ? r.hint[r.hint_tiers - 1].move : "";
			struct puzzle_state *next = move[0] ? pz->apply(s, move, &err) : NULL;
			worker_report_clear(&r);
			if (next) {
				const struct puzzle_state *hist[2] = { s, next };
				check[k] = run(w, WORK_CHECK, pz, hist + 1, 1);
				hint[k++] = run(w, WORK_HINT, pz, hist, 2);
				pz->free_state(next);
			}
			pz->free_state(s);
		}
		report(pz->name, "check (count to 2)", check, k);
		report(pz->name, "hint", hint, k);
		free(check);
		free(hint);
		level_list_free(paths, n);
	}
	cancel_counts(w);
	worker_stop(w);
	return 0;
}
