/* Sudoku's fast search in process, for make bench: solve plus uniqueness
 * check (search to a second solution) of every puzzle of FILE, read once
 * and then searched over and over for at least SECONDS of CPU time, as
 * tdoku's benchmark program times its solvers; through the engine
 * interface (an engine made and freed per puzzle, as the game and the
 * batch commands use it) and by the lean counter (the generator's).
 *     sudoku_count FILE [SECONDS] */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/sudoku_engines.h"
#include "solver/sudoku/sudoku_fast.h"
#include "util/xalloc.h"

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t by_engine(const struct sudoku_grid *g, uint64_t *nodes)
{
	struct engine *e = sudoku_engine_fast_new(g);
	struct engine_ctl ctl = { .max_solutions = 2 };
	engine_run(e, &ctl);
	uint64_t n = (uint64_t)engine_stats(e)->solutions;
	*nodes += engine_stats(e)->nodes;
	engine_free(e);
	return n;
}

static uint64_t by_counter(const struct sudoku_grid *g, uint64_t *nodes)
{
	struct sudoku_fast_req req = { .limit = 2, .bar_cell = -1 };
	uint64_t n = sudoku_fast_count(g, &req);
	*nodes += req.nodes;
	return n;
}

static void measure(const char *what, uint64_t (*search)(const struct sudoku_grid *, uint64_t *),
                    const struct sudoku_grid *g, int n, double seconds)
{
	uint64_t done = 0, nodes = 0, unique = 0;
	double t0 = cpu_seconds(), t;
	do {
		for (int i = 0; i < n; i++)
			unique += search(&g[i], &nodes) == 1;
		done += (uint64_t)n;
		t = cpu_seconds() - t0;
	} while (t < seconds);
	printf("%s: %" PRIu64 " puzzles (%" PRIu64 " with one solution), %.3f s, %.0f per second, %.1f nodes a puzzle\n",
	       what, done, unique, t, t > 0 ? (double)done / t : 0.0, (double)nodes / (double)done);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: sudoku_count FILE [SECONDS]\n");
		return 2;
	}
	double seconds = argc > 2 ? strtod(argv[2], NULL) : 1.0;
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	struct sudoku_grid *g = NULL;
	int n = 0, cap = 0;
	char line[512];
	while (fgets(line, sizeof line, f)) {
		size_t len = strcspn(line, "\r\n");
		char why[128];
		int col;
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			g = xreallocarray(g, (size_t)cap, sizeof *g);
		}
		if (len && line[0] != '#' && sudoku_grid_parse_line(line, len, &g[n], why, sizeof why, &col))
			n++;
	}
	fclose(f);
	if (!n) {
		fprintf(stderr, "sudoku_count: no puzzle in %s\n", argv[1]);
		return 1;
	}
	measure("engine", by_engine, g, n, seconds);
	measure("counter", by_counter, g, n, seconds);
	free(g);
	return 0;
}
