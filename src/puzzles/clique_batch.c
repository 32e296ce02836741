/* The clique family's own batch commands (clique_batch.h), on DIMACS
 * graphs of any size the solver holds rather than on the game's states:
 *     solve clique|independent-set FILE [--all-maximal] [--stats] [--threads N]
 *     generate graph --random N P [--seed S] | --hamming N D | --johnson N W D | --keller D
 * The batch commands read their options from the tables below and hand
 * them here (puzzle.h, struct puzzle_command). */
#include "config.h"

#include "puzzles/clique_batch.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "puzzles/dimacs.h"
#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_aut.h"
#include "solver/graph/clique_orb.h"
#include "solver/graph/clique_avg.h"
#include "solver/graph/clique_par.h"
#include "solver/graph/clique_sym.h"
#include "util/clock.h"
#include "util/u128.h"
#include "util/xalloc.h"

/* The options of solve, by their place in solve_options[]. */
enum { SOLVE_ALL_MAXIMAL, SOLVE_STATS, SOLVE_THREADS, SOLVE_OPTIONS };
/* The options of generate graph, by their place in generate_options[];
 * the four generators are one group: one of them at a time. */
enum { GEN_RANDOM, GEN_HAMMING, GEN_JOHNSON, GEN_KELLER, GEN_SEED, GEN_OPTIONS };
#define GENERATORS 1

/* A whole number in [lo, hi], digits only. */
static bool whole(const char *s, long lo, long hi, long *out)
{
	if (!s || !*s || strspn(s, "0123456789") != strlen(s) || strlen(s) > 9)
		return false;
	long v = strtol(s, NULL, 10);
	if (v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool check_threads(const char *const *values, struct diag *err)
{
	long v;
	if (whole(values[0], 0, 1024, &v))
		return true;
	diag_set(err, "--threads is 0 (one per core) to 1024, not '%.20s'", values[0]);
	return false;
}

static const struct puzzle_option solve_options[SOLVE_OPTIONS] = {
	[SOLVE_ALL_MAXIMAL] = { "all-maximal", 0, "", 0, NULL },
	[SOLVE_STATS] = { "stats", 0, "", 0, NULL },
	[SOLVE_THREADS] = { "threads", 1, "N", 0, check_threads },
};

static const struct puzzle_option generate_options[GEN_OPTIONS] = {
	[GEN_RANDOM] = { "random", 2, "N P", GENERATORS, NULL },
	[GEN_HAMMING] = { "hamming", 2, "N D", GENERATORS, NULL },
	[GEN_JOHNSON] = { "johnson", 3, "N W D", GENERATORS, NULL },
	[GEN_KELLER] = { "keller", 1, "D", GENERATORS, NULL },
	[GEN_SEED] = { "seed", 1, "S", 0, NULL },
};

/* --threads N: 0 is one per core. */
static int threads_of(const struct puzzle_options *opts)
{
	long v;
	if (!opts->given[SOLVE_THREADS] || !whole(opts->values[SOLVE_THREADS][0], 0, 1024, &v))
		return 1;
	if (v)
		return (int)v;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	return cores > 0 ? (int)cores : 1;
}

/* ---- solve --------------------------------------------------------------- */

/* The graph of file, read as a stream (a pipe, bash's <(...)); NULL and
 * why on a failure.  A repeated edge is a warning on log. */
static struct graph *read_graph(const char *file, struct dimacs_symmetry *sym, FILE *log, struct diag *err)
{
	const char *name = strcmp(file, "-") ? file : "(stdin)";
	FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
	if (!f) {
		diag_set(err, "%s: %s", name, strerror(errno));
		return NULL;
	}
	struct dimacs_info info;
	struct graph *g = dimacs_read_symmetry(f, name, &info, sym, err);
	if (f != stdin)
		fclose(f);
	if (g && info.duplicates) {
		struct diag warning;
		diag_at(&warning, name, info.first_duplicate,
		        "warning: an edge given again (%" PRIu64 " repeat%s, each counted once)", info.duplicates,
		        info.duplicates == 1 ? "" : "s");
		fprintf(log, "linkdance: %s\n", warning.msg);
	}
	return g;
}

static void print_vertices(FILE *out, const int *v, int k)
{
	for (int i = 0; i < k; i++)
		fprintf(out, i ? " %d" : "%d", v[i] + 1);
	putc('\n', out);
}

static void stats_head(FILE *log, const struct graph *g, const struct search_stats *st)
{
	fprintf(log, "vertices: %d\nedges: %" PRIu64 "\n", g->n, graph_edges(g));
	fprintf(log, "nodes: %" PRIu64 "\nupdates: %" PRIu64 "\nmems: %" PRIu64 "\nmax level: %d\n", st->nodes,
	        st->updates, st->mems, st->max_level);
}

/* How long the automorphism group may take before the search goes on
 * without it: milliseconds on every graph measured (clique_aut.h), so a
 * graph that needs seconds is one whose group Traces finds hard, not one
 * the clique search would finish soon after. */
#define AUT_LIMIT 5.0

/* The symmetry the search uses: the file's c automorphism lines
 * (checked as they were read, and again by the search), else the group
 * computed here when it is worth it. */
struct symmetry {
	const struct clique_sym_group *group;  /* the search's; NULL: none */
	bool from_lines;
	struct clique_aut_info aut;            /* Traces' verdict, when not from_lines */
	struct clique_sym_group *owned;        /* the computed group */
};

static void symmetry_find(const struct graph *g, const struct dimacs_symmetry *sym, struct symmetry *use)
{
	*use = (struct symmetry){ 0 };
	if (sym->group && sym->group->count > 0) {
		use->group = sym->group;
		use->from_lines = true;
		return;
	}
	use->owned = clique_aut_group(g, AUT_LIMIT, NULL, &use->aut);
	if (use->aut.worth)
		use->group = use->owned;
}

/* The one place a maximum clique is searched for.  A graph with symmetry
 * worth using (use) is searched with it, one branch for each orbit
 * (hamming 9-4 needs it), and with its block when it has one (the
 * averaging bound: hamming 10-4 needs that); the others alone or split
 * between threads. */
static int max_clique(const struct graph *g, const struct dimacs_symmetry *sym, const struct symmetry *use,
                      int threads, int *best, struct search_stats *st, struct clique_par_info *info,
                      struct clique_avg_info *avg)
{
	*avg = (struct clique_avg_info){ .outcome = CLIQUE_AVG_UNUSED };
	if (use->group) {
		*info = (struct clique_par_info){ .threads = 1 };
		return clique_avg_max(g, use->group, sym->block, sym->block_size, best, NULL, st, avg);
	}
	if (threads == 1) {
		*info = (struct clique_par_info){ .threads = 1 };
		return clique_max(g, best, NULL, st);
	}
	return clique_par_max(g, threads, best, NULL, st, info);
}

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/* Why the averaging bound settled nothing, in words. */
static void avg_unsettled(FILE *log, const struct clique_avg_info *avg)
{
	if (avg->settle > avg->bound)
		fprintf(log, "bound not tried: a clique that large need not hold a largest clique of the block\n");
	else if (avg->spent)
		fprintf(log, "bound not settled: the block's largest cliques were too many to try (%" PRIu64
		        " tried, %" PRIu64 " nodes), the best extended to %d\n", avg->tried, avg->extend_nodes, avg->extended);
	else
		fprintf(log, "bound not reached: %" PRIu64 " largest clique%s of the block tried, extended to %d at most (%"
		        PRIu64 " nodes), so no clique has %d or more\n", avg->tried, avg->tried == 1 ? "" : "s",
		        avg->extended, avg->extend_nodes, avg->settle);
	fprintf(log, "whole graph searched, stopping at a clique of %d\n", avg->cap);
}

/* What the averaging bound did, in words, for --stats. */
static void avg_stats(FILE *log, const struct graph *g, const struct dimacs_symmetry *sym,
                      const struct clique_avg_info *avg)
{
	if (!sym->block)
		return;
	if (!avg->transitive) {
		fprintf(log, "averaging bound: not used (the automorphisms do not take vertex 1 to every vertex)\n");
		return;
	}
	int k = avg->block_size, w = avg->block_omega;
	if (g->n % k == 0)
		fprintf(log, "averaging bound over %d blocks: %d x %d = %d\n", g->n / k, g->n / k, w, avg->bound);
	else
		fprintf(log, "averaging bound: %d x %d / %d = %d%s\n", w, g->n, k, avg->bound,
		        avg->whole ? "" : " (rounded down)");
	fprintf(log, "block: %d vertices, largest clique %d (%" PRIu64 " nodes, %d generators of its symmetry)\n", k,
	        w, avg->block_nodes, avg->block_gens);
	if (avg->outcome == CLIQUE_AVG_REACHED)
		fprintf(log, "bound reached: %" PRIu64 " largest clique%s of the block tried, the last extended to %d (%" PRIu64
		        " nodes)\n", avg->tried, avg->tried == 1 ? "" : "s", avg->bound, avg->extend_nodes);
	else if (avg->outcome == CLIQUE_AVG_SETTLED)
		fprintf(log, "bound not reached, but every clique of %d or more is, up to symmetry, a largest clique of"
		        " the block extended: %" PRIu64 " tried, extended to %d at most (%" PRIu64 " nodes), so %d is the"
		        " largest\n", avg->settle, avg->tried, avg->extended, avg->extend_nodes, avg->extended);
	else
		avg_unsettled(log, avg);
}

/* What symmetry the search had, in words, for --stats (each line in 80
 * columns, whatever the figures). */
static void symmetry_stats(FILE *log, const struct graph *g, const struct dimacs_symmetry *sym,
                           const struct symmetry *use, const struct clique_avg_info *avg)
{
	const struct clique_aut_info *aut = &use->aut;
	if (use->from_lines) {
		fprintf(log, "symmetries: %d generator%s, from the file (one branch for each orbit)\n", use->group->count,
		        use->group->count == 1 ? "" : "s");
	} else if (aut->outcome != CLIQUE_AUT_FOUND) {
		fprintf(log, "symmetry: automorphism group not found in %.3f s (given up); none used\n", aut->seconds);
	} else {
		char order[64];
		fprintf(log, "symmetry: automorphism group of order %s found in %.3f s\n",
		        clique_aut_order_str(aut, order, sizeof order), aut->seconds);
		if (use->group && avg->orb_elements > 0)
			fprintf(log, "symmetry: used (all %d listed; %d orbit%s of %d vertices)\n", avg->orb_elements,
			        aut->orbits, aut->orbits == 1 ? "" : "s", g->n);
		else if (use->group)
			fprintf(log, "symmetry: used (%d generator%s; %d orbit%s of %d vertices, one branch each)\n",
			        aut->generators, aut->generators == 1 ? "" : "s", aut->orbits, aut->orbits == 1 ? "" : "s",
			        g->n);
		else
			fprintf(log, "symmetry: no symmetry worth using (%d orbits of %d vertices)\n", aut->orbits, g->n);
	}
	if (use->group && avg->orb_elements > 0)
		fprintf(log, "symmetry: the first %d vertices of a clique one per orbit, then %" PRIu64 " searches\n",
		        CLIQUE_ORB_DEPTH, avg->orb_searches);
	if (use->group)
		avg_stats(log, g, sym, avg);
	else if (sym->block)
		fprintf(log, "averaging bound: not used (no symmetry to average over)\n");
}

static void solve_max(const struct graph *g, const struct dimacs_symmetry *sym, int threads, bool stats, FILE *out,
                      FILE *log)
{
	double t0 = clock_seconds();
	int *best = xmalloc(sizeof *best * (size_t)(g->n + 1));
	struct search_stats st;
	struct clique_par_info info;
	struct clique_avg_info avg;
	struct symmetry use;
	symmetry_find(g, sym, &use);
	stats_init(&st, g->n + 2);
	int k = max_clique(g, sym, &use, threads, best, &st, &info, &avg);
	if (k == -2 && use.owned) {
		/* A computed generator that the search found to be no
		 * automorphism: Traces, or the graph handed to it, is wrong; the
		 * search goes on without. */
		fprintf(log, "linkdance: warning: a computed symmetry of the graph is not one: not used\n");
		use.group = NULL;
		k = max_clique(g, sym, &use, threads, best, &st, &info, &avg);
	}
	/* Increasing, whichever search found it. */
	qsort(best, (size_t)k, sizeof *best, cmp_int);
	fprintf(out, "%d\n", k);
	print_vertices(out, best, k);
	if (stats) {
		stats_head(log, g, &st);
		symmetry_stats(log, g, sym, &use, &avg);
		if (info.threads > 1)
			fprintf(log, "threads: %d (%d subproblems, %d searched)\n", info.threads, info.subproblems,
			        info.searched);
		fprintf(log, "time: %.3f s\n", clock_seconds() - t0);
	}
	clique_sym_group_free(use.owned);
	stats_free(&st);
	free(best);
}

struct maximal_printer {
	FILE *out;
	int *sorted;
};

/* One maximal clique a line, its vertices in increasing order; stops
 * when the output can no longer be written. */
static bool print_maximal(const int *vertices, int k, void *arg)
{
	struct maximal_printer *mp = arg;
	memcpy(mp->sorted, vertices, sizeof *mp->sorted * (size_t)k);
	qsort(mp->sorted, (size_t)k, sizeof *mp->sorted, cmp_int);
	print_vertices(mp->out, mp->sorted, k);
	return !ferror(mp->out);
}

/* noun: "clique", "independent set" */
static void solve_all(const struct graph *g, const char *file, const char *noun, bool stats, FILE *out, FILE *log)
{
	double t0 = clock_seconds();
	/* Its one maximal clique is empty: an empty line, which no one would
	 * see as an answer without a word. */
	if (g->n == 0)
		fprintf(log, "linkdance: %s: no vertices: the one maximal %s is empty (an empty line)\n",
		        !strcmp(file, "-") ? "(stdin)" : file, noun);
	struct maximal_printer mp = { .out = out, .sorted = xmalloc(sizeof *mp.sorted * (size_t)(g->n + 1)) };
	struct clique_bk_result r;
	clique_bk_all(g, print_maximal, &mp, NULL, &r);
	free(mp.sorted);
	if (stats) {
		char count[U128_DIGITS];
		fprintf(log, "vertices: %d\nedges: %" PRIu64 "\n", g->n, graph_edges(g));
		fprintf(log, "maximal %ss: %s\nlargest: %d\nnodes: %" PRIu64 "\ntime: %.3f s\n", noun,
		        u128_str(r.count, count), r.largest, r.nodes, clock_seconds() - t0);
	}
}

static enum puzzle_outcome solve_run(const char *noun, const struct puzzle_options *opts, const char *file,
                                     int argc, char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)argc, (void)argv;
	int threads = threads_of(opts);
	bool all_maximal = opts->given[SOLVE_ALL_MAXIMAL], stats = opts->given[SOLVE_STATS];
	if (!file) {
		diag_set(err, "solve %s needs a DIMACS file (- for standard input)", noun);
		return PUZZLE_MISUSED;
	}
	if (all_maximal && threads != 1) {
		diag_set(err, "--threads splits the maximum search, not --all-maximal");
		return PUZZLE_MISUSED;
	}
	struct dimacs_symmetry sym;
	struct graph *g = read_graph(file, &sym, log, err);
	if (!g)
		return PUZZLE_FAILED;
	bool independent = !strcmp(noun, "independent-set");
	if (independent) {
		/* The independent sets of g are the cliques of its complement,
		 * which has the same automorphisms (and the averaging bound
		 * holds for any block). */
		struct graph *h = graph_complement(g);
		graph_free(g);
		g = h;
	}
	if (all_maximal)
		solve_all(g, file, independent ? "independent set" : "clique", stats, out, log);
	else
		solve_max(g, &sym, threads, stats, out, log);
	dimacs_symmetry_free(&sym);
	graph_free(g);
	return PUZZLE_DONE;
}

/* ---- generate graph ---------------------------------------------------- */

/* What a generator makes besides its graph: what the graph is in words,
 * its group of automorphisms and its block; misused if the generator's
 * values were wrong (rather than the graph too large). */
struct generated {
	const char *const *values;   /* the generator's */
	char what[512];
	struct clique_sym_group *group;
	int block;
	bool misused;
};

/* A probability in [0, 1], written as a decimal ("0.5", ".5", "1"). */
static bool probability(const char *s, double *p)
{
	if (!s || !*s || strspn(s, "0123456789.") != strlen(s))
		return false;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (errno || *end || !(v >= 0.0 && v <= 1.0))
		return false;
	*p = v;
	return true;
}

static struct graph *misused(struct generated *gen, struct diag *err, const char *fmt, ...) LD_PRINTF(3, 4);
static struct graph *misused(struct generated *gen, struct diag *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vset(err, fmt, ap);
	va_end(ap);
	gen->misused = true;
	return NULL;
}

static struct graph *gen_random(struct generated *gen, const char *seed_value, struct diag *err)
{
	const char *const *v = gen->values;
	long n, seed = 1;
	double p;
	if (!whole(v[0], 0, GRAPH_MAX_VERTICES, &n))
		return misused(gen, err, "--random N P: N is 0 to %d vertices, not '%.20s'", GRAPH_MAX_VERTICES, v[0]);
	if (!probability(v[1], &p))
		return misused(gen, err, "--random N P: P is a probability, 0 to 1, not '%.20s'", v[1]);
	if (seed_value && !whole(seed_value, 0, 999999999, &seed))
		return misused(gen, err, "--seed is a number, 0 to 999999999, not '%.20s'", seed_value);
	snprintf(gen->what, sizeof gen->what,
	         "random %ld %s, seed %ld: %ld vertices, each pair joined with probability %s", n, v[1], seed, n, v[1]);
	return graph_gen_random((int)n, p, (uint64_t)seed, err);
}

static struct graph *gen_hamming(struct generated *gen, struct diag *err)
{
	const char *const *v = gen->values;
	long n, d;
	if (!whole(v[0], 1, 14, &n))
		return misused(gen, err, "--hamming N D: N is a word length, 1 to 14, not '%.20s'", v[0]);
	if (!whole(v[1], 1, n, &d))
		return misused(gen, err, "--hamming N D: D is a distance, 1 to N, not '%.20s'", v[1]);
	snprintf(gen->what, sizeof gen->what,
	         "hamming %ld %ld: binary words of length %ld, joined when they differ in at least %ld place%s", n, d, n,
	         d, d == 1 ? "" : "s");
	gen->block = graph_gen_hamming_block((int)n, (int)d);
	return graph_gen_hamming_sym((int)n, (int)d, &gen->group, err);
}

static struct graph *gen_johnson(struct generated *gen, struct diag *err)
{
	const char *const *v = gen->values;
	long n, w, d;
	if (!whole(v[0], 1, 63, &n))
		return misused(gen, err, "--johnson N W D: N is a word length, 1 to 63, not '%.20s'", v[0]);
	if (!whole(v[1], 0, n, &w))
		return misused(gen, err, "--johnson N W D: W is a number of ones, 0 to N, not '%.20s'", v[1]);
	if (!whole(v[2], 1, n, &d))
		return misused(gen, err, "--johnson N W D: D is a distance, 1 to N, not '%.20s'", v[2]);
	snprintf(gen->what, sizeof gen->what,
	         "johnson %ld %ld %ld: binary words of length %ld with %ld one%s, joined when they differ in at least %ld "
	         "place%s",
	         n, w, d, n, w, w == 1 ? "" : "s", d, d == 1 ? "" : "s");
	gen->block = graph_gen_johnson_block((int)n, (int)w, (int)d);
	return graph_gen_johnson_sym((int)n, (int)w, (int)d, &gen->group, err);
}

static struct graph *gen_keller(struct generated *gen, struct diag *err)
{
	long d;
	if (!whole(gen->values[0], 2, 7, &d))
		return misused(gen, err, "--keller D: D is a dimension, 2 to 7, not '%.20s'", gen->values[0]);
	snprintf(gen->what, sizeof gen->what,
	         "keller %ld: the DIMACS Keller graph, the words of %ld digits 0-3 next to 00...0 in Keller's graph\n"
	         "(two words joined when they differ in two places or more, by 2 in one at least)",
	         d, d);
	return graph_gen_keller((int)d, err);
}

/* The generator given (one of the group), or GEN_OPTIONS: none. */
static int generator_of(const struct puzzle_options *opts)
{
	for (int o = GEN_RANDOM; o <= GEN_KELLER; o++)
		if (opts->given[o])
			return o;
	return GEN_OPTIONS;
}

/* The graph written with its group and block (a block of every vertex,
 * or none, bounds nothing), after what it is and the command that makes
 * it again. */
static void write_graph(FILE *out, const struct graph *g, struct generated *gen, int argc, char **argv)
{
	size_t len = strlen(gen->what);
	len += (size_t)snprintf(gen->what + len, sizeof gen->what - len, "\nlinkdance");
	for (int i = 1; i < argc && len < sizeof gen->what; i++)
		len += (size_t)snprintf(gen->what + len, sizeof gen->what - len, " %s", argv[i]);
	struct dimacs_symmetry sym = { .group = gen->group };
	gen->group = NULL;
	if (gen->block > 0 && gen->block < g->n) {
		sym.block = xmalloc(sizeof *sym.block * (size_t)gen->block);
		sym.block_size = gen->block;
		for (int i = 0; i < gen->block; i++)
			sym.block[i] = i;
	}
	dimacs_write_symmetry(out, g, gen->what, &sym);
	dimacs_symmetry_free(&sym);
}

static enum puzzle_outcome generate_run(const char *noun, const struct puzzle_options *opts, const char *file,
                                        int argc, char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)noun, (void)file, (void)log;
	int which = generator_of(opts);
	if (which == GEN_OPTIONS) {
		diag_set(err, "generate graph needs --random, --hamming, --johnson or --keller");
		return PUZZLE_MISUSED;
	}
	if (opts->given[GEN_SEED] && which != GEN_RANDOM) {
		diag_set(err, "--seed goes with --random only");
		return PUZZLE_MISUSED;
	}
	/* Hamming and Johnson graphs come with their groups, written as
	 * c automorphism lines that solve breaks the symmetry with, and the
	 * words with a 0 in the last place as a c block line, for the
	 * averaging bound. */
	struct generated gen = { .values = opts->values[which] };
	const char *seed = opts->given[GEN_SEED] ? opts->values[GEN_SEED][0] : NULL;
	struct graph *g = which == GEN_RANDOM    ? gen_random(&gen, seed, err)
	                  : which == GEN_HAMMING ? gen_hamming(&gen, err)
	                  : which == GEN_JOHNSON ? gen_johnson(&gen, err)
	                                         : gen_keller(&gen, err);
	const struct puzzle_option *o = &generate_options[which];
	if (!g && !gen.misused) {
		/* Too large a graph: the generator's reason, after the option. */
		const char *why = strstr(err->msg, ": ");
		char reason[sizeof err->msg];
		snprintf(reason, sizeof reason, "%s", why ? why + 2 : err->msg);
		diag_set(err, "--%s %s: %s", o->name, o->spelled, reason);
	} else if (g && graph_edges(g) > DIMACS_MAX_EDGES) {
		/* What solve could not read back is not written. */
		diag_set(err, "--%s %s: %" PRIu64 " edges, more than solve reads (%d)", o->name, o->spelled,
		         graph_edges(g), DIMACS_MAX_EDGES);
		graph_free(g);
		g = NULL;
	}
	if (!g) {
		clique_sym_group_free(gen.group);
		return PUZZLE_MISUSED;
	}
	write_graph(out, g, &gen, argc, argv);
	graph_free(g);
	return PUZZLE_DONE;
}

/* ---- the tables ------------------------------------------------------------ */

static const char *const solve_nouns[] = { "clique", "independent-set", NULL };
static const char *const generate_nouns[] = { "graph", NULL };

static const struct puzzle_command solve_command = {
	.verb = "solve",
	.nouns = solve_nouns,
	.usage = "solve clique|independent-set FILE|- [--all-maximal]\n"
	         "                       [--stats] [--threads N]",
	.options = solve_options,
	.n_options = SOLVE_OPTIONS,
	.takes_file = true,
	.run = solve_run,
};

static const struct puzzle_command generate_command = {
	.verb = "generate",
	.nouns = generate_nouns,
	.usage = "generate graph --random N P [--seed S] | --hamming N D\n"
	         "                       | --johnson N W D | --keller D",
	.options = generate_options,
	.n_options = GEN_OPTIONS,
	.takes_file = false,
	.run = generate_run,
};

const struct puzzle_command *const clique_batch_commands[] = { &solve_command, &generate_command, NULL };

const char clique_batch_help[] =
	"solve clique reads a graph in DIMACS form (p edge N M, e U V) and prints\n"
	"the clique number, then the vertices of one largest clique;\n"
	"independent-set the same for sets of vertices no two joined.\n"
	"--all-maximal prints every maximal one instead, one a line.  generate\n"
	"graph writes a random graph or a DIMACS benchmark family in that form.\n";
