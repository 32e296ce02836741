/* The clique search for make bench-clique.
 *     clique_solve [--rule bnb|bt|btc] [--complement] [--floor K] FILE|-
 *         a maximum clique of the DIMACS graph in FILE (with --floor, one
 *         of more than K vertices, if any: the cost of the proof): the clique
 *         number, one maximum clique (1-based), CPU seconds of the search
 *         alone (reading excluded) and its nodes and mems;
 *     clique_solve --maximal FILE|-
 *         the count of maximal cliques (Bron-Kerbosch, Tomita's pivot);
 *     clique_solve gen random N P SEED | hamming N D | johnson N W D | keller D
 *         a generated graph in DIMACS form on stdout. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/dimacs.h"
#include "puzzles/graph_gen.h"
#include "solver/clique.h"
#include "util/xalloc.h"

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int usage(void)
{
	fprintf(stderr, "usage: clique_solve [--rule bnb|bt|btc] [--complement] [--floor K] FILE|-\n"
	                "       clique_solve --maximal FILE|-\n"
	                "       clique_solve gen random N P SEED | hamming N D | johnson N W D | keller D\n");
	return 2;
}

static int generate(int argc, char **argv)
{
	struct diag err = { { 0 } };
	struct graph *g = NULL;
	char comment[200];
	if (argc == 5 && !strcmp(argv[1], "random")) {
		g = graph_gen_random(atoi(argv[2]), atof(argv[3]), strtoull(argv[4], NULL, 10), &err);
		snprintf(comment, sizeof comment, "G(%s, %s), seed %s", argv[2], argv[3], argv[4]);
	} else if (argc == 4 && !strcmp(argv[1], "hamming")) {
		g = graph_gen_hamming(atoi(argv[2]), atoi(argv[3]), &err);
		snprintf(comment, sizeof comment, "hamming%s-%s", argv[2], argv[3]);
	} else if (argc == 5 && !strcmp(argv[1], "johnson")) {
		g = graph_gen_johnson(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), &err);
		snprintf(comment, sizeof comment, "johnson%s-%s-%s", argv[2], argv[3], argv[4]);
	} else if (argc == 3 && !strcmp(argv[1], "keller")) {
		g = graph_gen_keller(atoi(argv[2]), &err);
		snprintf(comment, sizeof comment, "keller%s", argv[2]);
	} else {
		return usage();
	}
	if (!g) {
		fprintf(stderr, "clique_solve: %s\n", err.msg);
		return 1;
	}
	dimacs_write(stdout, g, comment);
	graph_free(g);
	return 0;
}

static bool count_only(const int *v, int k, void *arg)
{
	(void)v, (void)k, (void)arg;
	return true;
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "gen"))
		return generate(argc - 1, argv + 1);
	enum clique_rule rule = CLIQUE_BNB;
	bool complement = false, maximal = false;
	int floor = 0;
	int i = 1;
	for (; i < argc - 1; i++) {
		if (!strcmp(argv[i], "--complement"))
			complement = true;
		else if (!strcmp(argv[i], "--maximal"))
			maximal = true;
		else if (!strcmp(argv[i], "--floor") && i + 1 < argc - 1)
			floor = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--rule") && i + 1 < argc - 1) {
			const char *r = argv[++i];
			if (!strcmp(r, "bnb"))
				rule = CLIQUE_BNB;
			else if (!strcmp(r, "bt"))
				rule = CLIQUE_BT;
			else if (!strcmp(r, "btc"))
				rule = CLIQUE_BT_COLOUR;
			else
				return usage();
		} else
			return usage();
	}
	if (i != argc - 1)
		return usage();
	const char *name = argv[i];
	FILE *f = strcmp(name, "-") ? fopen(name, "r") : stdin;
	if (!f) {
		perror(name);
		return 1;
	}
	struct diag err = { { 0 } };
	struct dimacs_info info;
	struct graph *g = dimacs_read(f, name, &info, &err);
	if (f != stdin)
		fclose(f);
	if (!g) {
		fprintf(stderr, "clique_solve: %s\n", err.msg);
		return 1;
	}
	if (info.duplicates)
		fprintf(stderr, "clique_solve: %s:%ld: warning: %" PRIu64 " edges given twice\n", name,
		        info.first_duplicate, info.duplicates);
	if (complement) {
		struct graph *c = graph_complement(g);
		graph_free(g);
		g = c;
	}
	printf("vertices: %d\nedges: %" PRIu64 "\n", g->n, graph_edges(g));
	if (maximal) {
		struct clique_bk_result res;
		double t0 = cpu_seconds();
		clique_bk_all(g, count_only, NULL, NULL, &res);
		double t = cpu_seconds() - t0;
		char buf[U128_DIGITS];
		printf("maximal cliques: %s\nlargest: %d\nseconds: %.3f\nnodes: %" PRIu64 "\n", u128_str(res.count, buf),
		       res.largest, t, res.nodes);
		graph_free(g);
		return 0;
	}
	double t0 = cpu_seconds();
	struct clique *c = clique_new(g, rule);
	if (floor > 0) {
		clique_set_floor(c, floor);
		clique_restart(c);
	}
	struct engine_ctl ctl = { 0 };
	clique_run(c, &ctl);
	double t = cpu_seconds() - t0;
	int *best = xmalloc(sizeof *best * (size_t)(g->n + 1));
	int k = clique_best(c, best);
	const struct search_stats *st = clique_stats(c);
	printf("omega: %d\nclique:", k);
	for (int j = 0; j < k; j++)
		printf(" %d", best[j] + 1);
	printf("\nis a clique: %s\n", graph_is_clique(g, best, k) ? "yes" : "NO");
	char buf[U128_DIGITS];
	printf("seconds: %.3f\nnodes: %" PRIu64 "\nmems: %" PRIu64 "\nimprovements: %s\n", t, st->nodes, st->mems,
	       u128_str(st->solutions, buf));
	free(best);
	clique_free(c);
	graph_free(g);
	return 0;
}
