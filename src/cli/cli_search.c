#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* The report of --stats; without `work`, no updates or mems: the engine
 * did not count them. */
static void stats_print(FILE *f, const struct search_stats *st, double seconds, size_t bytes, bool profile,
                        bool work, bool levels)
{
	char n[U128_DIGITS];
	if (st->overflow)
		fprintf(f, "solutions: more than %s (overflowed)\n", u128_str(st->solutions, n));
	else
		fprintf(f, "solutions: %s\n", u128_str(st->solutions, n));
	fprintf(f, "nodes: %" PRIu64 "\n", st->nodes);
	if (work) {
		fprintf(f, "updates: %" PRIu64 "\n", st->updates);
		if (st->links)
			fprintf(f, "links made: %" PRIu64 "\n", st->links);
		fprintf(f, "mems: %" PRIu64 "\n", st->mems);
	}
	if (st->memo_hits || st->memo_stores)
		fprintf(f, "memo: %" PRIu64 " hits, %" PRIu64 " stored\n", st->memo_hits, st->memo_stores);
	if (levels)
		fprintf(f, "max level: %d\n", st->max_level);
	if (bytes)
		fprintf(f, "bytes: %zu\n", bytes);
	fprintf(f, "time: %.3f s\n", seconds);
	if (profile && levels) {
		fprintf(f, "profile:\n");
		for (int l = 0; l <= st->max_level && l < st->depth; l++)
			fprintf(f, "%3d: %" PRIu64 "\n", l, st->profile[l]);
	}
}

struct printer {
	const struct xc_problem *p;
	void (*print_solution)(void *, const struct xc_problem *, const int *, int);
	void *ctx;
	uint64_t printed, want; /* want 0: all */
};

static bool print_one(void *ctx, const int *options, int n)
{
	struct printer *pr = ctx;
	if (pr->printed)
		putchar('\n');
	pr->print_solution(pr->ctx, pr->p, options, n);
	return ++pr->printed == pr->want;
}

static int print_solutions(const struct xc_problem *p, const struct cli_opts *o, const char *what,
                           void (*print_solution)(void *, const struct xc_problem *, const int *, int), void *ctx)
{
	double t0 = clock_seconds();
	struct printer pr = { .p = p, .print_solution = print_solution, .ctx = ctx,
	                      .want = o->limit ? o->limit : o->mode == CLI_FIRST ? 1 : 0 };
	struct puzzle_xc_figures figures;
	puzzle_xc_solutions(p, o->rule, print_one, &pr, &figures);
	if (o->stats)
		stats_print(stderr, &figures.st, clock_seconds() - t0, figures.bytes, o->profile, true, true);
	stats_free(&figures.st);
	if (!pr.printed)
		return cli_fail("%s: no solution", what);
	return CLI_OK;
}

/* choose: no rule given, the count may choose one (count_opts). */
static int count(const struct cli_opts *o, cli_counter *counter, void *ctx, bool choose)
{
	struct count_opts co;
	struct progress_line pl = { 0 };
	count_opts_init(&co);
	co.rule = o->rule;
	co.choose_rule = choose && !o->rule_given;
	co.threads = o->threads;
	co.shard = o->shard;
	co.shards = o->shards;
	co.memo = o->memo;
	co.memo_bytes = o->memo_bytes;
	co.limit = o->limit;
	if (o->progress == 1 || (o->progress == -1 && isatty(STDERR_FILENO))) {
		co.progress = progress_show;
		co.progress_ctx = &pl;
		co.progress_interval = 0.25;
	}
	struct count_result r;
	counter(ctx, &co, &r);
	progress_clear(&pl);
	if (r.st.overflow) {
		count_result_free(&r);
		return cli_fail("the count does not fit in 128 bits");
	}
	char count[U128_DIGITS];
	/* A part says which it is, so that `linkdance sum` can tell a missing
	 * or repeated part from a complete set. */
	if (co.shards > 1)
		printf("%s (part %d/%d)\n", u128_str(r.st.solutions, count), co.shard, co.shards);
	else
		printf("%s\n", u128_str(r.st.solutions, count));
	if (o->stats) {
		/* by layers, a state has no one level: it is reached at many */
		bool by_layers = r.layered && r.layers_end == LAYERS_DONE;
		stats_print(stderr, &r.st, r.seconds, r.bytes, o->profile, !r.work_uncounted, !by_layers);
		char line[160];
		count_choice_text(&r, co.rule, o->rule_given, line, sizeof line);
		fprintf(stderr, "%s\n", line);
		if (r.layered && !by_layers && r.layers_end != LAYERS_CANCELLED)
			fprintf(stderr, "layers: given up (%s); counted depth first\n", layers_end_text(r.layers_end));
		if (by_layers)
			fprintf(stderr, "search: by layers of states, on bitsets (updates and mems not counted)\n");
		else if (r.work_uncounted)
			fprintf(stderr, "search: on bitsets, with the memo (updates and mems not counted)\n");
		else if (r.bitsets)
			fprintf(stderr, "search: on bitsets of the options (no links: updates are DLX1's count)\n");
		if (by_layers)
			fprintf(stderr, "layers: the widest held %zu states\n", r.memo_entries);
		else if (co.memo != COUNT_MEMO_OFF)
			fprintf(stderr, "memo cache: %s, %zu entries\n",
			        r.memo_used   ? "kept to the end"
			        : r.memo_full ? "too small to help (full within its first lookups): counted without it"
			                      : "dropped (too few hits): counted without it",
			        r.memo_entries);
		if (r.split_level)
			fprintf(stderr, "split: %" PRIu64 " units at level %d\n", r.units, r.split_level);
	}
	count_result_free(&r);
	return CLI_OK;
}

/* Output that could not be written fails the command, whatever it
 * found. */
static int flushed(int rc)
{
	if (cli_flush() != CLI_OK)
		return CLI_FAIL;
	return rc;
}

static int estimate(const struct xc_problem *p, const struct cli_opts *o)
{
	double t0 = clock_seconds();
	struct puzzle_estimate e;
	puzzle_xc_estimate(p, o->rule, o->probes, o->seed, &e);
	puzzle_estimate_print(stdout, &e);
	if (o->stats)
		fprintf(stderr, "time: %.3f s\n", clock_seconds() - t0);
	puzzle_estimate_free(&e);
	return CLI_OK;
}

int cli_estimate(const struct puzzle *pz, const struct puzzle_state *s, const struct cli_opts *o)
{
	double t0 = clock_seconds();
	struct puzzle_estimate_opts eo = { .engine = o->algo, .rule = o->rule, .rule_given = o->rule_given,
		                           .walks = o->probes, .seed = o->seed };
	struct puzzle_estimate e;
	struct diag err;
	if (!puzzle_estimate(pz, s, &eo, &e, &err))
		return cli_usage_error("%s", err.msg);
	puzzle_estimate_print(stdout, &e);
	if (o->stats)
		fprintf(stderr, "time: %.3f s\n", clock_seconds() - t0);
	puzzle_estimate_free(&e);
	return flushed(CLI_OK);
}

/* A problem read from a file (the xc command) has no family to ask: it
 * is counted as it is. */
static void count_problem(void *problem, const struct count_opts *co, struct count_result *r)
{
	puzzle_xc_count(problem, co, r);
}

int cli_count(const struct cli_opts *o, cli_counter *counter, void *ctx)
{
	return flushed(count(o, counter, ctx, false));
}

/* ---- On the diagram of all solutions (--algo zdd, --sample,
 * --frequencies): built once, then each answer is a pass over it. */

static int zdd_build_for(const struct xc_problem *p, const struct cli_opts *o, struct zdd **z)
{
	enum zdd_end end = puzzle_xc_zdd(p, o->memo_bytes, NULL, z);
	if (end != ZDD_DONE)
		return cli_fail("the diagram of all solutions: %s%s", zdd_end_text(end),
		                end == ZDD_NO_ROOM ? " (--memo-mb gives it more)" : "");
	return CLI_OK;
}

static void zdd_stats_print(FILE *f, const struct zdd *z, double seconds)
{
	struct zdd_stats st;
	zdd_stats(z, &st);
	fprintf(f, "zdd nodes: %zu\n", st.nodes);
	fprintf(f, "states: %zu (subproblems met while building)\n", st.states);
	fprintf(f, "peak bytes: %zu (while building)\n", st.peak_bytes);
	fprintf(f, "bytes: %zu (the diagram kept)\n", st.bytes);
	fprintf(f, "build time: %.3f s\n", st.seconds);
	fprintf(f, "time: %.3f s\n", seconds);
}

static int zdd_count_mode(const struct xc_problem *p, const struct cli_opts *o)
{
	double t0 = clock_seconds();
	struct zdd *z;
	int rc = zdd_build_for(p, o, &z);
	if (rc != CLI_OK)
		return rc;
	bool overflow;
	u128 n = zdd_count(z, &overflow);
	if (overflow) {
		zdd_free(z);
		return cli_fail("the count does not fit in 128 bits");
	}
	char buf[U128_DIGITS];
	printf("%s\n", u128_str(n, buf));
	if (o->stats) {
		fprintf(stderr, "solutions: %s\n", buf);
		zdd_stats_print(stderr, z, clock_seconds() - t0);
	}
	zdd_free(z);
	return CLI_OK;
}

/* K solutions, each drawn alone: the same one may come twice, as it
 * should from a uniform draw. */
static int zdd_sample_mode(const struct xc_problem *p, const struct cli_opts *o, const char *what,
                           void (*print_solution)(void *, const struct xc_problem *, const int *, int), void *ctx)
{
	double t0 = clock_seconds();
	struct zdd *z;
	int rc = zdd_build_for(p, o, &z);
	if (rc != CLI_OK)
		return rc;
	int *options = xmalloc(sizeof *options * ((size_t)p->n_options + 1));
	struct rng r;
	rng_seed(&r, o->seed);
	for (uint64_t i = 0; i < o->samples && rc == CLI_OK; i++) {
		int n = zdd_sample(z, &r, options);
		if (n < 0) {
			bool overflow;
			zdd_count(z, &overflow);
			rc = overflow ? cli_fail("%s: the count does not fit in 128 bits", what)
			              : cli_fail("%s: no solution", what);
			break;
		}
		if (i)
			putchar('\n');
		print_solution(ctx, p, options, n);
	}
	if (o->stats)
		zdd_stats_print(stderr, z, clock_seconds() - t0);
	free(options);
	zdd_free(z);
	return rc;
}

/* One line an option, in the file's order: the solutions it is in, then
 * the option as the file gives it. */
static int zdd_frequencies_mode(const struct xc_problem *p, const struct cli_opts *o)
{
	double t0 = clock_seconds();
	struct zdd *z;
	int rc = zdd_build_for(p, o, &z);
	if (rc != CLI_OK)
		return rc;
	u128 *freq = xmalloc(sizeof *freq * ((size_t)p->n_options + 1));
	if (!zdd_frequencies(z, freq)) {
		rc = cli_fail("the frequencies do not fit in 128 bits");
	} else {
		char buf[U128_DIGITS];
		for (int k = 0; k < p->n_options; k++) {
			printf("%s ", u128_str(freq[k], buf));
			xcfile_write_option(stdout, p, k);
		}
	}
	if (o->stats)
		zdd_stats_print(stderr, z, clock_seconds() - t0);
	free(freq);
	zdd_free(z);
	return rc;
}

/* --algo for a problem read from a file: Dancing Links (the default) or
 * the diagram, which only counts, samples and gives frequencies. */
int cli_xc_algo(const struct cli_opts *o)
{
	bool zdd = o->mode == CLI_SAMPLE || o->mode == CLI_FREQUENCIES;
	if (!o->algo || !strcmp(o->algo, "dlx")) {
		if (o->algo && zdd)
			return cli_usage_error("xc: --sample and --frequencies are the diagram's: --algo zdd");
		return CLI_OK;
	}
	if (strcmp(o->algo, "zdd"))
		return cli_usage_error("xc: --algo is dlx or zdd, not '%.20s'", o->algo);
	if (o->mode != CLI_COUNT && !zdd)
		return cli_usage_error("xc: --algo zdd goes with --count, --sample or --frequencies");
	if (o->limit || o->threads != 1 || o->shards != 1)
		return cli_usage_error("xc: --algo zdd builds the whole diagram on one thread: no --limit, "
		                       "--threads or --shard");
	return CLI_OK;
}

int cli_search(const struct xc_problem *p, const struct cli_opts *o, const char *what,
               void (*print_solution)(void *ctx, const struct xc_problem *p, const int *options, int n),
               void *ctx)
{
	bool zdd = o->algo && !strcmp(o->algo, "zdd");
	int rc;
	switch (o->mode) {
	case CLI_COUNT:
		rc = zdd ? zdd_count_mode(p, o) : count(o, count_problem, (void *)p, true);
		break;
	case CLI_SAMPLE:
		rc = zdd_sample_mode(p, o, what, print_solution, ctx);
		break;
	case CLI_FREQUENCIES:
		rc = zdd_frequencies_mode(p, o);
		break;
	case CLI_ESTIMATE:
		rc = estimate(p, o);
		break;
	default:
		rc = print_solutions(p, o, what, print_solution, ctx);
		break;
	}
	return flushed(rc);
}
