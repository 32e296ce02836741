/* Fuzzing Knuth's format reader and, on whatever it accepts, the engine:
 * a short search, a restart, a short count with the memo and the link
 * lists checked.  Built with -fsanitize=fuzzer it is a libFuzzer target;
 * otherwise replay.c runs it over a corpus (make check does). */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "puzzles/xcfile.h"
#include "solver/xc/dlx.h"
#include "solver/xc/memo.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

char fuzz_verdict[FUZZ_VERDICT_MAX];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	struct diag err;
	struct xc_problem *p = xcfile_parse(text, "fuzz", &err);
	free(text);
	if (!p) {
		if (strncmp(err.msg, "fuzz:", 5) != 0)
			abort(); /* every message names the input */
		fuzz_say("reject %s", err.msg);
		return 0;
	}
	fuzz_say("accept %d items (%d primary), %d options", p->n_items, p->n_primary, p->n_options);
	for (int rule = 0; rule < 2; rule++) {
		struct dlx *d = dlx_new(p, rule ? DLX_FIRST : DLX_MRV);
		struct engine_ctl ctl = { .mems_budget = 20000, .report_solutions = true };
		int opts[1024];
		if (dlx_run(d, &ctl) == ENGINE_SOLUTION && dlx_path(d, opts) > 1024)
			abort();
		dlx_restart(d);
		struct memo *m = memo_new((p->n_items + 63) / 64, 1 << 20, false);
		dlx_set_memo(d, m, 0, false);
		struct engine_ctl count = { .mems_budget = 50000 };
		dlx_run(d, &count);
		dlx_restart(d);
		if (!dlx_check(d, &err))
			abort();
		dlx_free(d);
		memo_free(m);
	}
	xc_free(p);
	return 0;
}
