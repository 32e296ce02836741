/* Waiting on the solver thread in a test: every wait has a bound, and a
 * wait that runs out says what it waited for (a "#" line before the
 * failing check), so that a job that never ends fails the test instead of
 * hanging the suite.  The bounds are generous (a sanitized build on a
 * loaded machine is slow): how fast the worker answers is measured by
 * tests/bench/latency.c, never asserted here.  After tap.h. */
#ifndef LD_TEST_JOB_WAIT_H
#define LD_TEST_JOB_WAIT_H

#include <inttypes.h>
#include <poll.h>
#include <stdbool.h>

#include "game/worker.h"
#include "util/clock.h"

/* The bound of a wait for one job's answer, in seconds. */
#define JOB_WAIT_SECONDS 60.0

/* When a wait that starts now gives up: the until of the calls below.  A
 * loop over many reports takes one for the whole loop, so that reports
 * that come and come without an end cannot keep it waiting either. */
static inline double job_wait_bound(void)
{
	return clock_seconds() + JOB_WAIT_SECONDS;
}

/* Sleep until the worker has news, or for ms milliseconds at most. */
static inline void job_wait_news(struct worker *w, int ms)
{
	struct pollfd pfd = { .fd = worker_fd(w), .events = POLLIN };
	poll(&pfd, 1, ms);
}

/* The next report of job gen (final or not) into *r; reports of other
 * jobs are dropped.  False if none came before until. */
static inline bool job_wait_report(struct worker *w, uint64_t gen, struct worker_report *r, double until)
{
	for (; clock_seconds() < until; job_wait_news(w, 100)) {
		if (!worker_take(w, r))
			continue;
		if (r->gen == gen)
			return true;
		worker_report_clear(r);
	}
	tap_diag("waited in vain for a report of job %" PRIu64, gen);
	return false;
}

/* The final report of job gen into *r; the others are dropped.  False if
 * it did not come before until. */
static inline bool job_wait_final(struct worker *w, uint64_t gen, struct worker_report *r, double until)
{
	for (; clock_seconds() < until; job_wait_news(w, 100)) {
		if (!worker_take(w, r))
			continue;
		if (r->gen == gen && r->final)
			return true;
		worker_report_clear(r);
	}
	tap_diag("waited in vain for the final report of job %" PRIu64, gen);
	return false;
}

/* Until the worker has no job running or waiting; false if it still has
 * one at until.  Reports are dropped. */
static inline bool job_wait_idle(struct worker *w, double until)
{
	for (; clock_seconds() < until; job_wait_news(w, 100)) {
		struct worker_report r;
		if (worker_take(w, &r))
			worker_report_clear(&r);
		if (!worker_busy(w))
			return true;
	}
	tap_diag("waited in vain for the worker to be idle");
	return false;
}

#endif
