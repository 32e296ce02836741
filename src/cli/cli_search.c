#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "solver/estimate.h"
#include "util/clock.h"
#include "util/xalloc.h"

static int print_solutions(const struct xc_problem *p, const struct cli_opts *o, const char *what,
                           void (*print_solution)(void *, const struct xc_problem *, const int *, int), void *ctx)
{
	double t0 = clock_seconds();
	struct dlx *d = dlx_new(p, o->rule);
	struct dlx_ctl ctl = { .report_solutions = true };
	int *path = xmalloc(sizeof *path * (size_t)dlx_depth(d));
	uint64_t printed = 0;
	uint64_t want = o->limit ? o->limit : o->mode == CLI_FIRST ? 1 : 0; /* 0: all */
	while (dlx_run(d, &ctl) == DLX_SOLUTION) {
		if (printed)
			putchar('\n');
		print_solution(ctx, p, path, dlx_path(d, path));
		if (++printed == want)
			break;
	}
	if (o->stats)
		stats_print(stderr, dlx_stats(d), clock_seconds() - t0, dlx_bytes(d), o->profile);
	free(path);
	dlx_free(d);
	if (!printed)
		return cli_fail("%s: no solution", what);
	return CLI_OK;
}

static int count(const struct xc_problem *p, const struct cli_opts *o)
{
	struct count_opts co;
	struct progress_line pl = { 0 };
	count_opts_init(&co);
	co.rule = o->rule;
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
	count_run(p, &co, &r);
	progress_clear(&pl);
	if (r.st.overflow) {
		count_result_free(&r);
		return cli_fail("the count does not fit in 64 bits");
	}
	printf("%" PRIu64 "\n", r.st.solutions);
	if (o->stats) {
		stats_print(stderr, &r.st, r.seconds, r.bytes, o->profile);
		if (co.memo != COUNT_MEMO_OFF)
			fprintf(stderr, "memo: %s, %zu entries\n", r.memo_used ? "used" : "dropped (too few hits)",
			        r.memo_entries);
		if (r.split_level)
			fprintf(stderr, "split: %" PRIu64 " units at level %d\n", r.units, r.split_level);
	}
	count_result_free(&r);
	return CLI_OK;
}

static int estimate(const struct xc_problem *p, const struct cli_opts *o)
{
	double t0 = clock_seconds();
	struct dlx *d = dlx_new(p, o->rule);
	struct estimate e;
	estimate_init(&e, dlx_depth(d), o->seed);
	estimate_probe(&e, d, o->probes, NULL);
	printf("probes: %" PRIu64 "\n", e.probes);
	printf("nodes: %.0f +- %.0f\n", estimate_nodes(&e), estimate_nodes_se(&e));
	printf("solutions: %.0f +- %.0f\n", estimate_solutions(&e), estimate_solutions_se(&e));
	for (int l = 0; l < e.depth; l++) {
		double v = estimate_level(&e, l);
		if (v > 0)
			printf("level %d: %.0f\n", l, v);
	}
	if (o->stats)
		fprintf(stderr, "time: %.3f s\n", clock_seconds() - t0);
	estimate_free(&e);
	dlx_free(d);
	return CLI_OK;
}

int cli_search(const struct xc_problem *p, const struct cli_opts *o, const char *what,
               void (*print_solution)(void *ctx, const struct xc_problem *p, const int *options, int n),
               void *ctx)
{
	int rc;
	switch (o->mode) {
	case CLI_COUNT:
		rc = count(p, o);
		break;
	case CLI_ESTIMATE:
		rc = estimate(p, o);
		break;
	default:
		rc = print_solutions(p, o, what, print_solution, ctx);
		break;
	}
	if (fflush(stdout) != 0 || ferror(stdout))
		return cli_fail("cannot write the output");
	return rc;
}
