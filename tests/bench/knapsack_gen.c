/* Instances of the five standard kinds in Pisinger's format, for make
 * bench and for anyone who wants to try the solver on them:
 *     knapsack_gen KIND N RANGE [SEED]
 * KIND is uncorrelated, weakly, strongly, inverse or subset-sum; weights
 * are drawn from 1 .. RANGE and the capacity is half their total. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solver/knapsack/knapsack_kinds.h"

int main(int argc, char **argv)
{
	enum knapsack_kind kind;
	if (argc < 4 || argc > 5 || !knapsack_kind_find(argv[1], &kind)) {
		fprintf(stderr, "usage: knapsack_gen uncorrelated|weakly|strongly|inverse|subset-sum N RANGE [SEED]\n");
		return 2;
	}
	long n = strtol(argv[2], NULL, 10);
	long long range = strtoll(argv[3], NULL, 10);
	unsigned long long seed = argc == 5 ? strtoull(argv[4], NULL, 10) : 1;
	if (n < 1 || n > KNAPSACK_ITEMS_MAX || range < 1 || range > 1000000000LL) {
		fprintf(stderr, "knapsack_gen: N is 1 to %d, RANGE 1 to 10^9\n", KNAPSACK_ITEMS_MAX);
		return 2;
	}
	struct knapsack k;
	knapsack_kind_make(&k, kind, (int)n, range, 1, 2, seed);
	printf("%s_%ld_%lld_%llu\nn %d\nc %" PRId64 "\n", argv[1], n, range, seed, k.n, k.capacity);
	for (int i = 0; i < k.n; i++)
		printf("%d,%" PRId64 ",%" PRId64 "\n", i + 1, k.items[i].value, k.items[i].weight);
	free(k.items);
	return 0;
}
