/* Free play as the families that make their puzzles offer it: a new
 * puzzle from the generator, on a seed of the clock, so that each start
 * (and N) gives another. */
#include "config.h"

#include <time.h>

#include "puzzles/puzzle.h"

struct puzzle_state *puzzle_free_play(const struct puzzle *pz, const char *params, int grade, struct diag *err)
{
	struct strbuf d = { 0 };
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t seed = (uint64_t)ts.tv_sec * 1000003u + (uint64_t)ts.tv_nsec;
	struct puzzle_state *s = NULL;
	int bad;
	if (pz->generate(pz, params, grade, seed, &d, NULL, err))
		s = pz->start(pz, d.s, &bad, err);
	strbuf_free(&d);
	return s;
}
