/* A small, seeded, reproducible random number generator (xoshiro256**,
 * seeded through splitmix64), so that estimates and generated puzzles are
 * the same for the same seed on every machine. */
#ifndef LD_RNG_H
#define LD_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n), n > 0, without modulo bias. */
uint64_t rng_below(struct rng *r, uint64_t n);
/* Uniform in [0, 1). */
double rng_unit(struct rng *r);

#endif
