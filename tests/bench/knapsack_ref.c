/* A driver for the reference solvers make bench sets beside ours:
 * Pisinger's combo and minknap, built from their own sources, which are
 * not part of linkdance (tests/bench/knapsack.sh says where it finds
 * them).  It reads the first instance of a file in Pisinger's format and
 * prints the optimum and the seconds the solver took:
 *     knapsack_combo FILE      (built with -DREF_COMBO and combo.c)
 *     knapsack_minknap FILE    (built with minknap.c) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef REF_COMBO
#include "combo.h"
#else
long minknap(int n, int *p, int *w, int *x, int c);
#endif

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	FILE *f = argc == 2 ? fopen(argv[1], "r") : NULL;
	if (!f) {
		fprintf(stderr, "usage: %s FILE (Pisinger's format)\n", argv[0]);
		return 2;
	}
	char line[256];
	long n = -1, c = -1, got = 0;
	long *p = NULL, *w = NULL;
	while (fgets(line, sizeof line, f) && (n < 0 || got < n)) {
		long i, pi, wi;
		if (sscanf(line, "n %ld", &n) == 1) {
			p = calloc((size_t)n, sizeof *p);
			w = calloc((size_t)n, sizeof *w);
		} else if (sscanf(line, "c %ld", &c) == 1) {
		} else if (n > 0 && sscanf(line, "%ld,%ld,%ld", &i, &pi, &wi) == 3) {
			p[got] = pi;
			w[got++] = wi;
		}
	}
	if (n < 0 || c < 0 || got != n) {
		fprintf(stderr, "%s: not an instance in Pisinger's format\n", argv[1]);
		return 1;
	}
	double t0 = now();
	long z;
#ifdef REF_COMBO
	item *items = calloc((size_t)n, sizeof *items);
	for (long k = 0; k < n; k++) {
		items[k].p = p[k];
		items[k].w = w[k];
		items[k].num = k;
	}
	z = n ? combo(items, items + n - 1, c, 0, 0, 1, 0) : 0;
#else
	if (c > 2147483647L) {
		fprintf(stderr, "%s: minknap takes a capacity of an int only\n", argv[1]);
		return 1;
	}
	int *ip = calloc((size_t)n, sizeof *ip), *iw = calloc((size_t)n, sizeof *iw), *x = calloc((size_t)n, sizeof *x);
	for (long k = 0; k < n; k++) {
		ip[k] = (int)p[k];
		iw[k] = (int)w[k];
	}
	z = minknap((int)n, ip, iw, x, (int)c);
#endif
	printf("%ld %.4f\n", z, now() - t0);
	return 0;
}
