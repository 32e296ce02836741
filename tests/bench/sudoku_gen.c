/* Sudoku's generator for make bench: N minimal puzzles (seeds 1 to N),
 * each graded by the ladder of techniques, as `linkdance generate` makes
 * and grades them; then the CPU time, the puzzles per CPU-second, the
 * median clues and how many of each grade.
 *     sudoku_gen N [ORDERS [FILE]]
 * ORDERS: the removal orders tried per puzzle (default 1, as the game's
 * generator); FILE: the puzzles, one a line. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "puzzles/sudoku_gen.h"
#include "puzzles/sudoku_logic.h"

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
	long orders = argc > 2 ? strtol(argv[2], NULL, 10) : 1;
	if (n < 1 || orders < 1 || orders > 100) {
		fprintf(stderr, "usage: sudoku_gen N [ORDERS [FILE]]\n");
		return 2;
	}
	FILE *out = argc > 3 ? fopen(argv[3], "w") : NULL;
	if (argc > 3 && !out) {
		perror(argv[3]);
		return 1;
	}
	struct sudoku_grid_geom geo;
	sudoku_grid_geom_init(&geo, 3);
	long clues[SUDOKU_MAX_CELLS + 1] = { 0 }, grades[5] = { 0 };
	double t0 = cpu_seconds();
	for (long k = 1; k <= n; k++) {
		struct sudoku_grid g;
		int grade, steps;
		enum sudoku_logic_technique hardest;
		if (!sudoku_gen_minimal_orders(3, false, (uint64_t)k, (int)orders, &g, NULL) ||
		    !sudoku_logic_grade_geo(&geo, &g, &grade, &hardest, &steps, NULL)) {
			fprintf(stderr, "sudoku_gen: seed %ld failed\n", k);
			return 1;
		}
		int c = 0;
		for (int i = 0; i < g.cells; i++)
			c += g.v[i] != 0;
		clues[c]++;
		grades[grade]++;
		if (out) {
			char line[SUDOKU_MAX_LINE];
			sudoku_grid_format(&g, line);
			fprintf(out, "%s\n", line);
		}
	}
	double t = cpu_seconds() - t0;
	int median = 0;
	for (long seen = 0; seen < (n + 1) / 2; median++)
		seen += clues[median];
	median--;
	printf("puzzles: %ld\n", n);
	printf("orders: %ld\n", orders);
	printf("seconds: %.3f\n", t);
	printf("per second: %.0f\n", t > 0 ? (double)n / t : 0.0);
	printf("median clues: %d\n", median);
	printf("grades: 1:%ld 2:%ld 3:%ld 4:%ld\n", grades[1], grades[2], grades[3], grades[4]);
	if (out && fclose(out)) {
		perror(argv[3]);
		return 1;
	}
	return 0;
}
