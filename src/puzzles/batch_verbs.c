#include "config.h"

#include "puzzles/batch_verbs.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "util/clock.h"
#include "util/u128.h"

bool batch_whole(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (!isdigit((unsigned char)*s) || *end || errno || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

bool batch_check_count(const char *const *values, struct diag *err)
{
	uint64_t v;
	if (batch_whole(values[0], 1, UINT64_MAX / 2, &v))
		return true;
	diag_set(err, "'%.20s' is not a whole number of 1 or more", values[0]);
	return false;
}

bool batch_check_grade(const char *const *values, struct diag *err)
{
	uint64_t v;
	if (batch_whole(values[0], 0, 4, &v))
		return true;
	diag_set(err, "--grade %.20s: grades are 1 to 4 (0: any)", values[0]);
	return false;
}

bool batch_engine_known(const struct puzzle *pz, const char *option, const char *const *values, struct diag *err)
{
	if (puzzle_engine_find(pz, values[0]))
		return true;
	char names[160] = "";
	size_t at = 0;
	int n = 0;
	while (pz->engines[n])
		n++;
	for (int i = 0; i < n && at < sizeof names; i++)
		at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ",
		                       pz->engines[i]->name);
	diag_set(err, "--%s %.20s: %s's engine%s %s", option, values[0], pz->title, n == 1 ? " is" : "s are", names);
	return false;
}

uint64_t batch_number(const struct puzzle_options *opts, int o, uint64_t dflt)
{
	uint64_t v = dflt;
	if (opts->given[o])
		batch_whole(opts->values[o][0], 0, UINT64_MAX, &v);
	return v;
}

const char *batch_engine_name(const struct batch_job *j)
{
	const struct puzzle_options *o = j->opts;
	return o->given[BATCH_OPT_ENGINE] ? o->values[BATCH_OPT_ENGINE][0]
	       : o->given[BATCH_OPT_ALGO] ? o->values[BATCH_OPT_ALGO][0]
	                                  : NULL;
}

static struct engine *engine_of(const struct batch_job *j, const struct puzzle_state *s)
{
	const struct puzzle *pz = j->fam->pz;
	return puzzle_engine_find(pz, batch_engine_name(j))->new(pz, s);
}

static void stats_line(const struct batch_job *j, const struct engine *e, double t0)
{
	if (!j->opts->given[BATCH_OPT_STATS])
		return;
	const struct search_stats *st = engine_stats(e);
	fprintf(j->log, "engine %s: %" PRIu64 " nodes, %" PRIu64 " mems, %.3f s\n", e->ops->name, st->nodes, st->mems,
	        clock_seconds() - t0);
}

static bool solve_one(struct batch_job *j, const struct puzzle_state *s, const char *where)
{
	double t0 = clock_seconds();
	struct engine *e = engine_of(j, s);
	struct engine_ctl ctl = { .report_solutions = true };
	bool found = engine_run(e, &ctl) == ENGINE_SOLUTION && j->fam->print_solution(j, s, e, where);
	if (found) {
		struct engine_ctl more = { .max_solutions = 2 };
		if (engine_run(e, &more) == ENGINE_LIMIT)
			fprintf(j->log, "linkdance: %s: %s; this is one\n", where, j->fam->several);
	} else {
		fprintf(j->log, "linkdance: %s: %s\n", where, j->fam->none);
	}
	stats_line(j, e, t0);
	engine_free(e);
	return found;
}

static bool count_one(struct batch_job *j, const struct puzzle_state *s)
{
	double t0 = clock_seconds();
	struct engine *e = engine_of(j, s);
	struct engine_ctl ctl = { .max_solutions = batch_number(j->opts, BATCH_OPT_LIMIT, 0) };
	enum engine_status status = engine_run(e, &ctl);
	char n[U128_DIGITS];
	fprintf(j->out, "%s%s\n", u128_str(engine_stats(e)->solutions, n), status == ENGINE_LIMIT ? "+" : "");
	stats_line(j, e, t0);
	engine_free(e);
	return true;
}

/* In the form every family's estimate has (puzzle_estimate_print), a
 * blank line between puzzles. */
static bool estimate_one(struct batch_job *j, const struct puzzle_state *s, const char *where)
{
	struct puzzle_estimate_opts o = { .engine = batch_engine_name(j),
		                          .walks = batch_number(j->opts, BATCH_OPT_PROBES, 10000),
		                          .seed = batch_number(j->opts, BATCH_OPT_SEED, 1) };
	struct puzzle_estimate e;
	struct diag err;
	double t0 = clock_seconds();
	if (!puzzle_estimate(j->fam->pz, s, &o, &e, &err)) {
		fprintf(j->log, "linkdance: %s: %s\n", where, err.msg);
		return false;
	}
	if (j->done)
		fputc('\n', j->out);
	puzzle_estimate_print(j->out, &e);
	if (j->opts->given[BATCH_OPT_STATS])
		fprintf(j->log, "time: %.3f s\n", clock_seconds() - t0);
	puzzle_estimate_free(&e);
	return true;
}

static bool grade_one(struct batch_job *j, const struct puzzle_state *s, const char *where)
{
	struct puzzle_grade g;
	if (!j->fam->pz->grade(s, &g, NULL) || g.solutions != 1) {
		fprintf(j->log, "linkdance: %s: %s\n", where, g.solutions ? j->fam->several : j->fam->none);
		return false;
	}
	fprintf(j->out, "grade %d: %s", g.grade, g.why);
	if (j->fam->grade_nodes)
		fprintf(j->out, "; %" PRIu64 " nodes", g.effort);
	fputc('\n', j->out);
	return true;
}

static void run_one(struct batch_job *j, const struct puzzle_state *s, const char *where)
{
	bool ok = !strcmp(j->verb, "solve")   ? solve_one(j, s, where)
	          : !strcmp(j->verb, "count") ? count_one(j, s)
	          : !strcmp(j->verb, "grade") ? grade_one(j, s, where)
	                                      : estimate_one(j, s, where);
	j->done++;
	j->bad += !ok;
}

void batch_run_desc(struct batch_job *j, const char *desc, const char *name, long first)
{
	const struct puzzle *pz = j->fam->pz;
	int bad_line;
	struct diag err;
	char where[1100];
	struct puzzle_state *s = pz->start(pz, desc, &bad_line, &err);
	if (first > 0)
		snprintf(where, sizeof where, "%s:%ld", name, first + (!s && bad_line > 0 ? bad_line : 0));
	else
		snprintf(where, sizeof where, "%s", name);
	if (!s) {
		fprintf(j->log, "linkdance: %s: %s\n", where, err.msg);
		j->bad++;
		return;
	}
	run_one(j, s, where);
	pz->free_state(s);
}

static bool is_level(FILE *f)
{
	char line[256];
	while (fgets(line, sizeof line, f)) {
		const char *p = line + strspn(line, " \t\r\n");
		if (*p && *p != '#')
			return !strncmp(p, "family", 6) && isspace((unsigned char)p[6]);
	}
	return false;
}

static void run_level(struct batch_job *j, const char *path)
{
	struct level lv;
	struct diag err;
	struct puzzle_state *s = NULL;
	if (!level_load(&lv, path, &err) || !(s = level_state(&lv, &err))) {
		fprintf(j->log, "linkdance: %s\n", err.msg);
		j->bad++;
		return;
	}
	if (lv.pz != j->fam->pz) {
		fprintf(j->log, "linkdance: %s: a %s level, not %s\n", path, lv.pz->name, j->fam->pz->name);
		j->bad++;
	} else {
		run_one(j, s, path);
	}
	lv.pz->free_state(s);
}

static bool run_operand(struct batch_job *j, const char *arg, struct diag *err)
{
	if (j->fam->operand_puzzle && j->fam->operand_puzzle(j, arg))
		return true;
	if (!strcmp(arg, "-")) {
		j->fam->read_lines(j, stdin, "(standard input)");
		return true;
	}
	char path[1024];
	FILE *f;
	if (!level_resolve(j->fam->pz->name, arg, path, sizeof path, err))
		return false;
	if (!(f = fopen(path, "r"))) {
		diag_set(err, "%s: %s", path, strerror(errno));
		return false;
	}
	bool level = is_level(f);
	if (level) {
		fclose(f);
		run_level(j, path);
		return true;
	}
	rewind(f);
	j->fam->read_lines(j, f, path);
	fclose(f);
	return true;
}

enum puzzle_outcome batch_verbs_run(const struct batch_family *fam, const char *noun,
                                    const struct puzzle_options *opts, const char *file, char **argv, FILE *out,
                                    FILE *log, struct diag *err)
{
	struct batch_job j = { .fam = fam, .verb = argv[1], .opts = opts, .out = out, .log = log };
	if (!file) {
		diag_set(err, "%s %s needs %s (- for standard input)", j.verb, noun, fam->operand);
		return PUZZLE_MISUSED;
	}
	if (!run_operand(&j, file, err))
		return PUZZLE_FAILED;
	if (j.bad) {
		diag_set(err, "%d puzzle%s not done (said above)", j.bad, j.bad == 1 ? "" : "s");
		return PUZZLE_FAILED;
	}
	if (!j.done) {
		diag_set(err, "%s: no %s in it", file, fam->lacks);
		return PUZZLE_FAILED;
	}
	return PUZZLE_DONE;
}
