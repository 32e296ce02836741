/* A search cancelled in flight, from another thread, as the game's worker
 * cancels one.  The flag goes up once the searching thread has spent
 * CANCEL_LATER_CPU_MS of processor time since the start: however loaded
 * the machine, the search is then truly under way, never still at its
 * first node.  A search that does not let go within CANCEL_LATER_BOUND
 * seconds of the flag fails the whole test ("Bail out!") instead of
 * hanging the suite: the problems cancelled this way do not end of
 * themselves.  How fast a search lets go is a figure for the reader (a
 * "#" line), never an assertion: that is make bench's.  After tap.h. */
#ifndef LD_TEST_CANCEL_LATER_H
#define LD_TEST_CANCEL_LATER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "util/clock.h"

#define CANCEL_LATER_CPU_MS 20
#define CANCEL_LATER_BOUND 60.0

struct cancel_later {
	atomic_int *flag;
	const char *what;           /* the search, for the message at the bound */
	clockid_t searcher_cpu;     /* the processor time of the searching thread */
	double cpu_at_start;
	double raised_at;           /* when the flag went up (0: it did not) */
	double ended_at;
	atomic_bool ended;          /* the search has returned */
	pthread_t thread;
};

static inline double cancel_later_cpu(const struct cancel_later *c)
{
	struct timespec ts;
	clock_gettime(c->searcher_cpu, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static inline void cancel_later_nap(void)
{
	struct timespec ms = { 0, 1000 * 1000 };
	nanosleep(&ms, NULL);
}

static inline void *cancel_later_thread(void *arg)
{
	struct cancel_later *c = arg;
	while (!atomic_load(&c->ended) && cancel_later_cpu(c) - c->cpu_at_start < CANCEL_LATER_CPU_MS / 1000.0)
		cancel_later_nap();
	if (atomic_load(&c->ended))
		return NULL; /* over before the flag: the caller's check fails */
	c->raised_at = clock_seconds();
	atomic_store(c->flag, 1);
	while (!atomic_load(&c->ended)) {
		if (clock_seconds() - c->raised_at > CANCEL_LATER_BOUND) {
			printf("Bail out! %s: still searching %.0f s after the cancel\n", c->what, CANCEL_LATER_BOUND);
			fflush(stdout);
			_exit(1);
		}
		cancel_later_nap();
	}
	return NULL;
}

/* Call just before the search, on the thread that runs it. */
static inline void cancel_later_start(struct cancel_later *c, atomic_int *flag, const char *what)
{
	c->flag = flag;
	c->what = what;
	c->raised_at = c->ended_at = 0;
	atomic_init(&c->ended, false);
	if (pthread_getcpuclockid(pthread_self(), &c->searcher_cpu) != 0)
		c->searcher_cpu = CLOCK_MONOTONIC; /* no such clock here: the wall clock's time */
	c->cpu_at_start = cancel_later_cpu(c);
	pthread_create(&c->thread, NULL, cancel_later_thread, c);
}

/* Call as soon as the search has returned: the milliseconds from the flag
 * to the return, and they are said on a "#" line. */
static inline double cancel_later_end(struct cancel_later *c)
{
	c->ended_at = clock_seconds();
	atomic_store(&c->ended, true);
	pthread_join(c->thread, NULL);
	double ms = c->raised_at > 0 ? (c->ended_at - c->raised_at) * 1000 : -1;
	if (c->raised_at > 0)
		tap_diag("%s: let go %.3f ms after the flag went up", c->what, ms);
	else
		tap_diag("%s: the search ended before the flag went up", c->what);
	return ms;
}

#endif
