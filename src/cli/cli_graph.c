/* The batch verbs on graphs in DIMACS form:
 *     linkdance solve clique|independent-set FILE [--all-maximal] [--stats] [--threads N]
 *     linkdance generate graph --random N P [--seed S] | --hamming N D | --johnson N W D | --keller D
 * They read and write files, not a family's levels, so they work whether
 * or not a family of that name is registered: cli_main sends them here
 * before it looks the family up.
 *
 * Options take their values as separate words (--johnson 16 2 4), which
 * getopt cannot, so they are read here; "--threads=2" works too for the
 * options of one value. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "puzzles/dimacs.h"
#include "puzzles/graph_gen.h"
#include "solver/graph/clique.h"
#include "solver/graph/clique_avg.h"
#include "solver/graph/clique_par.h"
#include "solver/graph/clique_sym.h"
#include "util/clock.h"
#include "util/diag.h"
#include "util/u128.h"
#include "util/xalloc.h"

enum gopt { GO_ALL, GO_STATS, GO_THREADS, GO_RANDOM, GO_HAMMING, GO_JOHNSON, GO_KELLER, GO_SEED, GO_NONE };

/* verbs: 's' solve, 'g' generate graph. */
static const struct {
	const char *name;
	int values;
	char verb;
	const char *spelled;       /* its values, for messages */
} gopts[] = {
	[GO_ALL] = { "all-maximal", 0, 's', "" },
	[GO_STATS] = { "stats", 0, 's', "" },
	[GO_THREADS] = { "threads", 1, 's', "N" },
	[GO_RANDOM] = { "random", 2, 'g', "N P" },
	[GO_HAMMING] = { "hamming", 2, 'g', "N D" },
	[GO_JOHNSON] = { "johnson", 3, 'g', "N W D" },
	[GO_KELLER] = { "keller", 1, 'g', "D" },
	[GO_SEED] = { "seed", 1, 'g', "S" },
};

struct gargs {
	const char *verb;          /* "solve" or "generate" */
	const char *family;        /* clique, independent-set or graph */
	const char *file;          /* NULL: not given */
	bool all_maximal, stats;
	int threads;
	enum gopt gen;             /* which generator; GO_NONE: none */
	const char *gen_args[3];
	const char *seed;          /* NULL: not given */
};

/* "--name" or "--name=value" to its option (GO_NONE if unknown); *inline_value
 * the part after '=' or NULL. */
static enum gopt lookup(const char *arg, const char **inline_value)
{
	const char *name = arg + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	*inline_value = eq ? eq + 1 : NULL;
	for (int i = 0; i < GO_NONE; i++)
		if (strlen(gopts[i].name) == len && !strncmp(gopts[i].name, name, len))
			return (enum gopt)i;
	return GO_NONE;
}

static bool is_option(const char *arg)
{
	return arg[0] == '-' && arg[1] != '\0';
}

/* The first word after the verb that is neither an option nor an
 * option's value: the family. */
static const char *first_operand(int argc, char **argv)
{
	for (int i = 2; i < argc; i++) {
		if (!is_option(argv[i]))
			return argv[i];
		const char *value;
		enum gopt o = argv[i][1] == '-' ? lookup(argv[i], &value) : GO_NONE;
		if (o != GO_NONE && !value)
			i += gopts[o].values;
	}
	return NULL;
}

bool cli_graph_takes(int argc, char **argv)
{
	const char *family = first_operand(argc, argv);
	if (!family)
		return false;
	if (!strcmp(argv[1], "solve"))
		return !strcmp(family, "clique") || !strcmp(family, "independent-set");
	return !strcmp(argv[1], "generate") && !strcmp(family, "graph");
}

/* A usage error in one line of at most 80 columns: the pointer to --help
 * only when it fits. */
static int usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage(const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (strlen("linkdance: ") + strlen(msg) + strlen(" (see linkdance --help)") <= 80)
		return cli_usage_error("%s", msg);
	fprintf(stderr, "linkdance: %s\n", msg);
	return CLI_USAGE;
}

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

static long cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? n : 1;
}

/* One option at argv[*i] (its values after it, or after '='). */
static int take_option(struct gargs *a, int argc, char **argv, int *i)
{
	const char *arg = argv[*i], *value;
	enum gopt o = arg[1] == '-' ? lookup(arg, &value) : GO_NONE;
	char verb = strcmp(a->verb, "solve") ? 'g' : 's';
	if (o == GO_NONE || gopts[o].verb != verb)
		return usage("%s %s: unknown option '%.20s'", a->verb, verb == 's' ? a->family ? a->family : "clique" : "graph",
		             arg);
	const char *vals[3] = { value };
	int have = value ? 1 : 0;
	if (value && gopts[o].values == 0)
		return usage("--%s takes no value", gopts[o].name);
	if (value && gopts[o].values != 1)
		return usage("--%s %s: the values go apart, not after '='", gopts[o].name, gopts[o].spelled);
	for (; have < gopts[o].values; have++) {
		if (*i + 1 >= argc)
			return usage("--%s %s: a value is missing", gopts[o].name, gopts[o].spelled);
		vals[have] = argv[++*i];
	}
	long v;
	switch (o) {
	case GO_ALL:
		a->all_maximal = true;
		break;
	case GO_STATS:
		a->stats = true;
		break;
	case GO_THREADS:
		if (!whole(vals[0], 0, 1024, &v))
			return usage("--threads is 0 (one per core) to 1024, not '%.20s'", vals[0]);
		a->threads = v ? (int)v : (int)cores();
		break;
	case GO_SEED:
		a->seed = vals[0];
		break;
	default:
		if (a->gen != GO_NONE)
			return usage("generate graph: one of --random, --hamming, --johnson, --keller");
		a->gen = o;
		memcpy(a->gen_args, vals, sizeof vals);
		break;
	}
	return CLI_OK;
}

static int parse(struct gargs *a, int argc, char **argv)
{
	*a = (struct gargs){ .verb = argv[1], .threads = 1, .gen = GO_NONE };
	for (int i = 2; i < argc; i++) {
		if (is_option(argv[i])) {
			int rc = take_option(a, argc, argv, &i);
			if (rc != CLI_OK)
				return rc;
		} else if (!a->family) {
			a->family = argv[i];
		} else if (!a->file && strcmp(a->verb, "generate")) {
			a->file = argv[i];
		} else {
			return usage("%s %s: too many arguments ('%.20s')", a->verb, a->family, argv[i]);
		}
	}
	return CLI_OK;
}

/* ---- solve --------------------------------------------------------------- */

/* The graph of a.file, read as a stream (a pipe, bash's <(...)); NULL on
 * a failure, said. */
static struct graph *read_graph(const struct gargs *a, struct dimacs_symmetry *sym)
{
	const char *name = strcmp(a->file, "-") ? a->file : "(stdin)";
	FILE *f = strcmp(a->file, "-") ? fopen(a->file, "r") : stdin;
	if (!f) {
		cli_fail("%s: %s", name, strerror(errno));
		return NULL;
	}
	struct diag err;
	struct dimacs_info info;
	struct graph *g = dimacs_read_symmetry(f, name, &info, sym, &err);
	if (f != stdin)
		fclose(f);
	if (!g) {
		cli_fail("%s", err.msg);
		return NULL;
	}
	if (info.duplicates) {
		diag_at(&err, name, info.first_duplicate, "warning: an edge given again (%" PRIu64 " repeat%s, each counted once)",
		        info.duplicates, info.duplicates == 1 ? "" : "s");
		fprintf(stderr, "linkdance: %s\n", err.msg);
	}
	return g;
}

static void print_vertices(const int *v, int k)
{
	for (int i = 0; i < k; i++)
		printf(i ? " %d" : "%d", v[i] + 1);
	putchar('\n');
}

static void stats_head(const struct graph *g, const struct search_stats *st)
{
	fprintf(stderr, "vertices: %d\nedges: %" PRIu64 "\n", g->n, graph_edges(g));
	fprintf(stderr, "nodes: %" PRIu64 "\nupdates: %" PRIu64 "\nmems: %" PRIu64 "\nmax level: %d\n", st->nodes,
	        st->updates, st->mems, st->max_level);
}

/* The one place a maximum clique is searched for.  A graph that carries
 * its symmetries (c automorphism lines, checked as they were read) is
 * searched with them, one branch for each orbit (hamming 9-4 needs it),
 * and with its block when it has one (the averaging bound: hamming 10-4
 * needs that); the others alone or split between threads. */
static int max_clique(const struct graph *g, const struct dimacs_symmetry *sym, int threads, int *out,
                      struct search_stats *st, struct clique_par_info *info, struct clique_avg_info *avg)
{
	*avg = (struct clique_avg_info){ .outcome = CLIQUE_AVG_UNUSED };
	if (sym->group && sym->group->count > 0) {
		*info = (struct clique_par_info){ .threads = 1 };
		return clique_avg_max(g, sym->group, sym->block, sym->block_size, out, NULL, st, avg);
	}
	if (threads == 1) {
		*info = (struct clique_par_info){ .threads = 1 };
		return clique_max(g, out, NULL, st);
	}
	return clique_par_max(g, threads, out, NULL, st, info);
}

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/* What the averaging bound did, in words, for --stats. */
static void avg_stats(const struct graph *g, const struct dimacs_symmetry *sym, const struct clique_avg_info *avg)
{
	if (!sym->block)
		return;
	if (!avg->transitive) {
		fprintf(stderr, "averaging bound: not used (the automorphisms do not take vertex 1 to every vertex)\n");
		return;
	}
	int k = avg->block_size, w = avg->block_omega;
	if (g->n % k == 0)
		fprintf(stderr, "averaging bound over %d blocks: %d x %d = %d\n", g->n / k, g->n / k, w, avg->bound);
	else
		fprintf(stderr, "averaging bound: %d x %d / %d = %d%s\n", w, g->n, k, avg->bound,
		        avg->whole ? "" : " (rounded down)");
	fprintf(stderr, "block: %d vertices, largest clique %d (%" PRIu64 " nodes, %d generators of its symmetry)\n", k,
	        w, avg->block_nodes, avg->block_gens);
	if (avg->outcome == CLIQUE_AVG_REACHED) {
		fprintf(stderr, "bound reached: %" PRIu64 " largest clique%s of the block tried, the last extended to %d (%" PRIu64
		        " nodes)\n", avg->tried, avg->tried == 1 ? "" : "s", avg->bound, avg->extend_nodes);
		return;
	}
	if (avg->outcome == CLIQUE_AVG_SETTLED) {
		fprintf(stderr, "bound not reached, but every clique of %d or more is, up to symmetry, a largest clique of"
		        " the block extended: %" PRIu64 " tried, extended to %d at most (%" PRIu64 " nodes), so %d is the"
		        " largest\n", avg->settle, avg->tried, avg->extended, avg->extend_nodes, avg->extended);
		return;
	}
	if (avg->settle > avg->bound)
		fprintf(stderr, "bound not tried: a clique that large need not hold a largest clique of the block\n");
	else if (avg->spent)
		fprintf(stderr, "bound not settled: the block's largest cliques were too many to try (%" PRIu64
		        " tried, %" PRIu64 " nodes), the best extended to %d\n", avg->tried, avg->extend_nodes, avg->extended);
	else
		fprintf(stderr, "bound not reached: %" PRIu64 " largest clique%s of the block tried, extended to %d at most (%"
		        PRIu64 " nodes), so no clique has %d or more\n", avg->tried, avg->tried == 1 ? "" : "s",
		        avg->extended, avg->extend_nodes, avg->settle);
	fprintf(stderr, "whole graph searched, stopping at a clique of %d\n", avg->cap);
}

static int solve_max(const struct gargs *a, const struct graph *g, const struct dimacs_symmetry *sym)
{
	double t0 = clock_seconds();
	int *best = xmalloc(sizeof *best * (size_t)(g->n + 1));
	struct search_stats st;
	struct clique_par_info info;
	struct clique_avg_info avg;
	const struct clique_sym_group *group = sym->group;
	stats_init(&st, g->n + 2);
	int k = max_clique(g, sym, a->threads, best, &st, &info, &avg);
	/* Increasing, whichever search found it. */
	qsort(best, (size_t)k, sizeof *best, cmp_int);
	printf("%d\n", k);
	print_vertices(best, k);
	if (a->stats) {
		stats_head(g, &st);
		if (group && group->count > 0) {
			fprintf(stderr, "symmetries: %d generator%s (one branch for each orbit)\n", group->count,
			        group->count == 1 ? "" : "s");
			avg_stats(g, sym, &avg);
		} else {
			if (sym->block)
				fprintf(stderr, "averaging bound: not used (no automorphism lines)\n");
			if (info.threads > 1)
				fprintf(stderr, "threads: %d (%d subproblems, %d searched)\n", info.threads,
				        info.subproblems, info.searched);
		}
		fprintf(stderr, "time: %.3f s\n", clock_seconds() - t0);
	}
	stats_free(&st);
	free(best);
	return cli_flush();
}

/* One maximal clique a line, its vertices in increasing order; stops
 * when the output can no longer be written. */
static bool print_maximal(const int *vertices, int k, void *arg)
{
	int *sorted = arg;
	memcpy(sorted, vertices, sizeof *sorted * (size_t)k);
	qsort(sorted, (size_t)k, sizeof *sorted, cmp_int);
	print_vertices(sorted, k);
	return !ferror(stdout);
}

/* noun: "clique", "independent set" */
static int solve_all(const struct gargs *a, const struct graph *g, const char *noun)
{
	double t0 = clock_seconds();
	/* Its one maximal clique is empty: an empty line, which no one would
	 * see as an answer without a word. */
	if (g->n == 0)
		fprintf(stderr, "linkdance: %s: no vertices: the one maximal %s is empty (an empty line)\n",
		        !strcmp(a->file, "-") ? "(stdin)" : a->file, noun);
	int *sorted = xmalloc(sizeof *sorted * (size_t)(g->n + 1));
	struct clique_bk_result r;
	clique_bk_all(g, print_maximal, sorted, NULL, &r);
	free(sorted);
	if (a->stats) {
		char count[U128_DIGITS];
		fprintf(stderr, "vertices: %d\nedges: %" PRIu64 "\n", g->n, graph_edges(g));
		fprintf(stderr, "maximal %ss: %s\nlargest: %d\nnodes: %" PRIu64 "\ntime: %.3f s\n", noun,
		        u128_str(r.count, count), r.largest, r.nodes, clock_seconds() - t0);
	}
	return cli_flush();
}

static int cmd_solve(const struct gargs *a)
{
	if (!a->file)
		return usage("solve %s needs a DIMACS file (- for standard input)", a->family);
	if (a->all_maximal && a->threads != 1)
		return usage("--threads splits the maximum search, not --all-maximal");
	struct dimacs_symmetry sym;
	struct graph *g = read_graph(a, &sym);
	if (!g)
		return CLI_FAIL;
	bool independent = !strcmp(a->family, "independent-set");
	if (independent) {
		/* The independent sets of g are the cliques of its complement,
		 * which has the same automorphisms (and the averaging bound
		 * holds for any block). */
		struct graph *h = graph_complement(g);
		graph_free(g);
		g = h;
	}
	int rc = a->all_maximal ? solve_all(a, g, independent ? "independent set" : "clique") : solve_max(a, g, &sym);
	dimacs_symmetry_free(&sym);
	graph_free(g);
	return rc;
}

/* ---- generate graph ---------------------------------------------------- */

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

static struct graph *gen_random(const struct gargs *a, char *what, size_t size, struct diag *err, int *rc)
{
	long n, seed = 1;
	double p;
	if (!whole(a->gen_args[0], 0, GRAPH_MAX_VERTICES, &n)) {
		*rc = usage("--random N P: N is 0 to %d vertices, not '%.20s'", GRAPH_MAX_VERTICES, a->gen_args[0]);
		return NULL;
	}
	if (!probability(a->gen_args[1], &p)) {
		*rc = usage("--random N P: P is a probability, 0 to 1, not '%.20s'", a->gen_args[1]);
		return NULL;
	}
	if (a->seed && !whole(a->seed, 0, 999999999, &seed)) {
		*rc = usage("--seed is a number, 0 to 999999999, not '%.20s'", a->seed);
		return NULL;
	}
	snprintf(what, size, "random %ld %s, seed %ld: %ld vertices, each pair joined with probability %s", n,
	         a->gen_args[1], seed, n, a->gen_args[1]);
	return graph_gen_random((int)n, p, (uint64_t)seed, err);
}

static struct graph *gen_hamming(const struct gargs *a, char *what, size_t size, struct clique_sym_group **group,
                                 int *block, struct diag *err, int *rc)
{
	long n, d;
	if (!whole(a->gen_args[0], 1, 14, &n)) {
		*rc = usage("--hamming N D: N is a word length, 1 to 14, not '%.20s'", a->gen_args[0]);
		return NULL;
	}
	if (!whole(a->gen_args[1], 1, n, &d)) {
		*rc = usage("--hamming N D: D is a distance, 1 to N, not '%.20s'", a->gen_args[1]);
		return NULL;
	}
	snprintf(what, size, "hamming %ld %ld: binary words of length %ld, joined when they differ in at least %ld place%s",
	         n, d, n, d, d == 1 ? "" : "s");
	*block = graph_gen_hamming_block((int)n, (int)d);
	return graph_gen_hamming_sym((int)n, (int)d, group, err);
}

static struct graph *gen_johnson(const struct gargs *a, char *what, size_t size, struct clique_sym_group **group,
                                 int *block, struct diag *err, int *rc)
{
	long n, w, d;
	if (!whole(a->gen_args[0], 1, 63, &n)) {
		*rc = usage("--johnson N W D: N is a word length, 1 to 63, not '%.20s'", a->gen_args[0]);
		return NULL;
	}
	if (!whole(a->gen_args[1], 0, n, &w)) {
		*rc = usage("--johnson N W D: W is a number of ones, 0 to N, not '%.20s'", a->gen_args[1]);
		return NULL;
	}
	if (!whole(a->gen_args[2], 1, n, &d)) {
		*rc = usage("--johnson N W D: D is a distance, 1 to N, not '%.20s'", a->gen_args[2]);
		return NULL;
	}
	snprintf(what, size,
	         "johnson %ld %ld %ld: binary words of length %ld with %ld one%s, joined when they differ in at least %ld "
	         "place%s",
	         n, w, d, n, w, w == 1 ? "" : "s", d, d == 1 ? "" : "s");
	*block = graph_gen_johnson_block((int)n, (int)w, (int)d);
	return graph_gen_johnson_sym((int)n, (int)w, (int)d, group, err);
}

static struct graph *gen_keller(const struct gargs *a, char *what, size_t size, struct diag *err, int *rc)
{
	long d;
	if (!whole(a->gen_args[0], 2, 7, &d)) {
		*rc = usage("--keller D: D is a dimension, 2 to 7, not '%.20s'", a->gen_args[0]);
		return NULL;
	}
	snprintf(what, size,
	         "keller %ld: the DIMACS Keller graph, the words of %ld digits 0-3 next to 00...0 in Keller's graph\n"
	         "(two words joined when they differ in two places or more, by 2 in one at least)",
	         d, d);
	return graph_gen_keller((int)d, err);
}

static int cmd_generate(const struct gargs *a, int argc, char **argv)
{
	if (a->file)
		return usage("generate graph: too many arguments");
	if (a->gen == GO_NONE)
		return usage("generate graph needs --random, --hamming, --johnson or --keller");
	if (a->seed && a->gen != GO_RANDOM)
		return usage("--seed goes with --random only");
	char what[512];
	struct diag err;
	int rc = CLI_OK;
	/* Hamming and Johnson graphs come with their groups, written as
	 * c automorphism lines that solve breaks the symmetry with, and the
	 * words with a 0 in the last place as a c block line, for the
	 * averaging bound. */
	struct clique_sym_group *group = NULL;
	int block = 0;
	struct graph *g = a->gen == GO_RANDOM    ? gen_random(a, what, sizeof what, &err, &rc)
	                  : a->gen == GO_HAMMING ? gen_hamming(a, what, sizeof what, &group, &block, &err, &rc)
	                  : a->gen == GO_JOHNSON ? gen_johnson(a, what, sizeof what, &group, &block, &err, &rc)
	                                         : gen_keller(a, what, sizeof what, &err, &rc);
	if (rc != CLI_OK || !g)
		clique_sym_group_free(group);
	if (rc != CLI_OK)
		return rc;
	if (!g) {
		/* Too large a graph: the generator's reason, after the option. */
		const char *why = strstr(err.msg, ": ");
		return usage("--%s %s: %s", gopts[a->gen].name, gopts[a->gen].spelled, why ? why + 2 : err.msg);
	}
	/* What solve could not read back is not written. */
	if (graph_edges(g) > DIMACS_MAX_EDGES) {
		uint64_t m = graph_edges(g);
		graph_free(g);
		clique_sym_group_free(group);
		return usage("--%s %s: %" PRIu64 " edges, more than solve reads (%d)", gopts[a->gen].name,
		             gopts[a->gen].spelled, m, DIMACS_MAX_EDGES);
	}
	/* The command that makes it again, after what it is. */
	size_t len = strlen(what);
	len += (size_t)snprintf(what + len, sizeof what - len, "\nlinkdance");
	for (int i = 1; i < argc && len < sizeof what; i++)
		len += (size_t)snprintf(what + len, sizeof what - len, " %s", argv[i]);
	/* a block of every vertex (or none) bounds nothing */
	struct dimacs_symmetry sym = { .group = group };
	if (block > 0 && block < g->n) {
		sym.block = xmalloc(sizeof *sym.block * (size_t)block);
		sym.block_size = block;
		for (int i = 0; i < block; i++)
			sym.block[i] = i;
	}
	dimacs_write_symmetry(stdout, g, what, &sym);
	graph_free(g);
	dimacs_symmetry_free(&sym);
	return cli_flush();
}

int cli_graph_main(int argc, char **argv)
{
	struct gargs a;
	int rc = parse(&a, argc, argv);
	if (rc != CLI_OK)
		return rc;
	return strcmp(a.verb, "solve") ? cmd_generate(&a, argc, argv) : cmd_solve(&a);
}
