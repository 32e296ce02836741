/* The clique search for make bench-clique.
 *     clique_solve [--rule bnb|bt|btc] [--complement] [--floor K] FILE|-
 *         a maximum clique of the DIMACS graph in FILE (with --floor, one
 *         of more than K vertices, if any: the cost of the proof): the clique
 *         number, one maximum clique (1-based), CPU seconds of the search
 *         alone (reading excluded) and its nodes and mems;
 *     clique_solve --maximal FILE|-
 *         the count of maximal cliques (Bron-Kerbosch, Tomita's pivot);
 *     clique_solve --sym [--limit S] FILE|-
 *         a maximum clique by clique_sym_max (orbital branching), with
 *         the file's automorphism lines as the group (none: plain);
 *         cancelled after S seconds (wall clock),, the counters and
 *         nodes per level (on stderr) shown all the same;
 *     clique_solve --aut [--limit S] FILE|-
 *         the same with the automorphism group computed (clique_aut.h)
 *         in place of the lines, used whether it is worth it or not: its
 *         order, orbits and CPU seconds alone, then the search;
 *     clique_solve --aut-only FILE|-
 *         the group alone, its CPU seconds the mean of as many runs as
 *         make a tenth of a second;
 *     clique_solve gen [--sym] random N P SEED | hamming N D | johnson N W D | keller D
 *         a generated graph in DIMACS form on stdout; --sym adds the
 *         generators of its group (hamming and johnson) as automorphism
 *         lines. */
#include "config.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles/dimacs.h"
#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_aut.h"
#include "solver/graph/clique_sym.h"
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
	                "       clique_solve --sym|--aut [--limit S] FILE|-\n"
	                "       clique_solve --aut-only FILE|-\n"
	                "       clique_solve gen [--sym] random N P SEED | hamming N D | johnson N W D | keller D\n");
	return 2;
}

static int generate(int argc, char **argv)
{
	struct diag err = { { 0 } };
	struct graph *g = NULL;
	struct clique_sym_group *grp = NULL;
	char comment[200];
	bool sym = argc > 1 && !strcmp(argv[1], "--sym");
	if (sym) {
		argc--;
		argv++;
	}
	if (sym && argc == 4 && !strcmp(argv[1], "hamming")) {
		g = graph_gen_hamming_sym(atoi(argv[2]), atoi(argv[3]), &grp, &err);
		snprintf(comment, sizeof comment, "hamming%s-%s", argv[2], argv[3]);
	} else if (sym && argc == 5 && !strcmp(argv[1], "johnson")) {
		g = graph_gen_johnson_sym(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), &grp, &err);
		snprintf(comment, sizeof comment, "johnson%s-%s-%s", argv[2], argv[3], argv[4]);
	} else if (argc == 5 && !strcmp(argv[1], "random")) {
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
	dimacs_write_sym(stdout, g, comment, grp);
	clique_sym_group_free(grp);
	graph_free(g);
	return 0;
}

struct limit {
	atomic_int cancel;
	double seconds;
	pthread_mutex_t lock;
	pthread_cond_t done;
	bool finished;
};

static void *timer(void *arg)
{
	struct limit *l = arg;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	double whole = (double)(time_t)l->seconds;
	ts.tv_sec += (time_t)whole;
	ts.tv_nsec += (long)((l->seconds - whole) * 1e9);
	if (ts.tv_nsec >= 1000000000L) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&l->lock);
	while (!l->finished)
		if (pthread_cond_timedwait(&l->done, &l->lock, &ts))
			break;
	pthread_mutex_unlock(&l->lock);
	atomic_store(&l->cancel, 1);
	return NULL;
}

/* --sym: clique_sym_max with the file's group. */
static int solve_sym(const struct graph *g, const struct clique_sym_group *grp, double limit)
{
	struct search_stats st = { 0 };
	int *best = xmalloc(sizeof *best * (size_t)(g->n + 1));
	struct limit l = { .seconds = limit, .lock = PTHREAD_MUTEX_INITIALIZER, .done = PTHREAD_COND_INITIALIZER };
	atomic_init(&l.cancel, 0);
	pthread_t th;
	if (limit > 0)
		pthread_create(&th, NULL, timer, &l);
	double t0 = cpu_seconds();
	int k = clique_sym_max(g, grp, best, &l.cancel, &st);
	double t = cpu_seconds() - t0;
	if (limit > 0) {
		pthread_mutex_lock(&l.lock);
		l.finished = true;
		pthread_cond_signal(&l.done);
		pthread_mutex_unlock(&l.lock);
		pthread_join(th, NULL);
	}
	if (k == -1)
		printf("cancelled after %g seconds\n", limit);
	printf("generators: %d\nomega: %d\nclique:", grp ? grp->count : 0, k);
	for (int j = 0; j < k; j++)
		printf(" %d", best[j] + 1);
	printf("\nis a clique: %s\n", k >= 0 && graph_is_clique(g, best, k) ? "yes" : "NO");
	char buf[U128_DIGITS];
	printf("seconds: %.3f\nnodes: %" PRIu64 "\nmems: %" PRIu64 "\nimprovements: %s\n", t, st.nodes, st.mems,
	       u128_str(st.solutions, buf));
	for (int d = 0; d < st.depth && d <= st.max_level; d++)
		fprintf(stderr, "level %d: %" PRIu64 " nodes\n", d, st.profile[d]);
	stats_free(&st);
	free(best);
	return k >= 0 ? 0 : 1;
}

/* --aut: the group of g computed, and its CPU seconds; with repeat, as
 * often as makes a tenth of a second, and their mean. */
static struct clique_sym_group *computed_group(const struct graph *g, bool repeat)
{
	struct clique_aut_info info;
	struct clique_sym_group *grp = NULL;
	int runs = 0;
	double t0 = cpu_seconds(), t;
	do {
		clique_sym_group_free(grp);
		grp = clique_aut_group(g, 0, NULL, &info);
		runs++;
		t = cpu_seconds() - t0;
	} while (repeat && t < 0.1);
	char order[64];
	printf("group order: %s\norbits: %d\ngenerators: %d\nworth using: %s\ngroup seconds: %.5f\n",
	       clique_aut_order_str(&info, order, sizeof order), info.orbits, info.generators,
	       info.worth ? "yes" : "no", t / runs);
	return grp;
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
	bool complement = false, maximal = false, sym = false, aut = false, aut_only = false;
	double limit = 0;
	int floor = 0;
	int i = 1;
	for (; i < argc - 1; i++) {
		if (!strcmp(argv[i], "--complement"))
			complement = true;
		else if (!strcmp(argv[i], "--maximal"))
			maximal = true;
		else if (!strcmp(argv[i], "--sym"))
			sym = true;
		else if (!strcmp(argv[i], "--aut"))
			sym = aut = true;
		else if (!strcmp(argv[i], "--aut-only"))
			sym = aut = aut_only = true;
		else if (!strcmp(argv[i], "--limit") && i + 1 < argc - 1)
			limit = atof(argv[++i]);
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
	struct clique_sym_group *grp = NULL;
	struct graph *g = dimacs_read_sym(f, name, &info, &grp, &err);
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
	if (sym) {
		if (complement) {
			fprintf(stderr, "clique_solve: --sym and --complement: the group would need checking anew\n");
			return 2;
		}
		if (aut) {
			clique_sym_group_free(grp);
			grp = computed_group(g, aut_only);
		}
		int rc = aut_only ? 0 : solve_sym(g, grp, limit);
		clique_sym_group_free(grp);
		graph_free(g);
		return rc;
	}
	clique_sym_group_free(grp);
	grp = NULL;
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
