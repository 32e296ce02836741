/* Number Mind's diagram (nm_zdd.h) on a puzzle file, by states and by
 * AND, beside the figures of the seed of the idea (16-digit puzzle: a
 * largest intermediate diagram of 4,665,450 nodes, about 1 GB, 16 s):
 *
 *   numbermind_zdd [--repeat N] [--only states|and] FILE
 *
 * prints, for each way, the count, the diagram's nodes, the largest
 * family met, the nodes made, the states, the peak and kept bytes, and
 * the build's seconds, by the clock and of the processor (the best of N
 * runs by the processor's, default 3: the machine may be shared).  The
 * build by states is left out unless asked for (--only states): on the
 * 16-digit puzzle it takes about 17 s.  Not part of make check: make bench-numbermind. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../unit/nm_read.h"
#include "solver/numbermind/nm_zdd.h"

static int run(const struct nm_problem *p, enum nm_zdd_method method, int repeat)
{
	struct nm_zdd_stats best = { 0 };
	double best_cpu = 0;
	u128 n = 0;
	bool over = false;
	for (int r = 0; r < repeat; r++) {
		struct nm_zdd_opts o = { .method = method };
		struct nm_zdd *z;
		struct timespec t0, t1;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
		enum zdd_end end = nm_zdd_build(p, &o, &z);
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
		double cpu = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
		if (end != ZDD_DONE) {
			printf("%-10s %s\n", method == NM_ZDD_BY_AND ? "by AND" : "by states", zdd_end_text(end));
			return 1;
		}
		struct nm_zdd_stats st;
		nm_zdd_stats(z, &st);
		if (r == 0 || cpu < best_cpu) {
			best = st;
			best_cpu = cpu;
		}
		n = nm_zdd_count(z, &over);
		nm_zdd_free(z);
	}
	char buf[U128_DIGITS];
	printf("%-10s %9s %7zu %11zu %11zu %10zu %9.1f %9.1f %8.3f %8.3f\n",
	       method == NM_ZDD_BY_AND ? "by AND" : "by states", over ? "overflow" : u128_str(n, buf), best.nodes,
	       best.peak_nodes, best.made, best.states, best.peak_bytes / 1048576.0, best.bytes / 1048576.0,
	       best.seconds, best_cpu);
	return 0;
}

int main(int argc, char **argv)
{
	int repeat = 3, a = 1;
	bool states = false, and = true;
	for (; a + 1 < argc && argv[a][0] == '-'; a += 2) {
		if (!strcmp(argv[a], "--repeat"))
			repeat = atoi(argv[a + 1]);
		else if (!strcmp(argv[a], "--only"))
			states = !(and = !strcmp(argv[a + 1], "and"));
		else
			break;
	}
	if (a != argc - 1 || repeat < 1) {
		fprintf(stderr, "usage: numbermind_zdd [--repeat N] [--only states|and] FILE\n");
		return 2;
	}
	struct nm_problem p;
	if (!nm_read(argv[a], &p))
		return 1;
	printf("%s: %d places, %d guesses\n", argv[a], p.digits, p.n_guesses);
	printf("%-10s %9s %7s %11s %11s %10s %9s %9s %8s %8s\n", "build", "secrets", "nodes", "largest", "made",
	       "states", "peak MB", "kept MB", "seconds", "cpu s");
	setvbuf(stdout, NULL, _IONBF, 0);
	int rc = (states ? run(&p, NM_ZDD_BY_STATES, repeat) : 0) | (and ? run(&p, NM_ZDD_BY_AND, repeat) : 0);
	printf("%-10s %9s %7s %11s %11s %10s %9s %9s %8s %8s\n", "seed", "1", "", "4665450", "", "", "~1000", "", "16",
	       "16");
	return rc;
}
