/* Number Mind's batch commands: solve, count, estimate and grade a level
 * of the game's, or a file of puzzles (each its guesses a line, "90342
 * ;2 correct"; puzzles apart by a blank line; '#' comment lines), or
 * standard input (-); generate writes a level, or --number N puzzles.  A
 * puzzle that cannot be read is named (FILE:LINE) and the rest are still
 * done. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"
#include "solver/numbermind/nm_search.h"
#include "util/clock.h"
#include "util/u128.h"
#include "util/xalloc.h"

enum {
	OPT_ENGINE,
	OPT_ALGO,
	OPT_STATS,
	OPT_LIMIT,
	OPT_PROBES,
	OPT_SEED,
	OPT_DIGITS,
	OPT_GRADE,
	OPT_NUMBER,
	OPT_DUEL,
	N_OPTS
};

static bool whole(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (!isdigit((unsigned char)*s) || *end || errno || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

static bool engine_known(const char *option, const char *const *values, struct diag *err)
{
	if (puzzle_engine_find(&numbermind_puzzle, values[0]))
		return true;
	char names[160] = "";
	size_t at = 0;
	for (int i = 0; numbermind_puzzle.engines[i] && at < sizeof names; i++)
		at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i ? ", " : "",
		                       numbermind_puzzle.engines[i]->name);
	diag_set(err, "--%s %.20s: Number Mind's engines are %s", option, values[0], names);
	return false;
}

static bool check_engine(const char *const *values, struct diag *err)
{
	return engine_known("engine", values, err);
}

static bool check_algo(const char *const *values, struct diag *err)
{
	return engine_known("algo", values, err);
}

static bool check_count(const char *const *values, struct diag *err)
{
	uint64_t v;
	if (whole(values[0], 1, UINT64_MAX / 2, &v))
		return true;
	diag_set(err, "'%.20s' is not a whole number of 1 or more", values[0]);
	return false;
}

static bool check_grade(const char *const *values, struct diag *err)
{
	uint64_t v;
	if (whole(values[0], 0, 4, &v))
		return true;
	diag_set(err, "--grade %.20s: grades are 1 to 4 (0: any)", values[0]);
	return false;
}

static bool check_digits(const char *const *values, struct diag *err)
{
	uint64_t v;
	if (whole(values[0], 1, NM_DIGITS_MAX, &v))
		return true;
	diag_set(err, "--digits %.20s: a secret has 1 to %d digits", values[0], NM_DIGITS_MAX);
	return false;
}

static const struct puzzle_option nm_options[N_OPTS] = {
	[OPT_ENGINE] = { "engine", 1, "NAME", 1, check_engine },
	[OPT_ALGO] = { "algo", 1, "NAME", 1, check_algo },
	[OPT_STATS] = { "stats", 0, "", 0, NULL },
	[OPT_LIMIT] = { "limit", 1, "N", 0, check_count },
	[OPT_PROBES] = { "probes", 1, "N", 0, check_count },
	[OPT_SEED] = { "seed", 1, "S", 0, check_count },
	[OPT_DIGITS] = { "digits", 1, "N", 0, check_digits },
	[OPT_GRADE] = { "grade", 1, "G", 0, check_grade },
	[OPT_NUMBER] = { "number", 1, "N", 0, check_count },
	[OPT_DUEL] = { "duel", 0, "", 0, NULL },
};

static uint64_t number_of(const struct puzzle_options *opts, int o, uint64_t dflt)
{
	uint64_t v = dflt;
	if (opts->given[o])
		whole(opts->values[o][0], 0, UINT64_MAX, &v);
	return v;
}

/* What a verb does with one puzzle. */
struct job {
	const char *verb;
	const struct puzzle_options *opts;
	FILE *out, *log;
	int done;               /* puzzles answered */
	int bad;                /* puzzles that could not be read or done */
};

static const char *engine_name(const struct job *j)
{
	const struct puzzle_options *o = j->opts;
	return o->given[OPT_ENGINE] ? o->values[OPT_ENGINE][0] : o->given[OPT_ALGO] ? o->values[OPT_ALGO][0] : NULL;
}

static struct engine *engine_of(const struct job *j, const struct puzzle_state *s)
{
	return puzzle_engine_find(&numbermind_puzzle, engine_name(j))->new(&numbermind_puzzle, s);
}

static void stats_line(const struct job *j, const struct engine *e, double t0)
{
	if (!j->opts->given[OPT_STATS])
		return;
	const struct search_stats *st = engine_stats(e);
	fprintf(j->log, "engine %s: %" PRIu64 " nodes, %" PRIu64 " mems, %.3f s\n", e->ops->name, st->nodes, st->mems,
	        clock_seconds() - t0);
}

/* The secret: the engine's solution played on s, its digits. */
static bool print_secret(struct job *j, const struct puzzle_state *s, const struct engine *e, const char *where)
{
	struct strbuf move = { 0 };
	strbuf_addn(&move, "", 0);
	e->ops->path_move(e, &move);
	char secret[NM_DIGITS_MAX + 1];
	bool played = numbermind_move_secret(s, move.s, secret, sizeof secret) && !strchr(secret, '.');
	strbuf_free(&move);
	if (!played) {
		/* The engine and the family's moves disagree: a bug, said. */
		fprintf(j->log, "linkdance: %s: a secret Number Mind cannot play\n", where);
		return false;
	}
	fprintf(j->out, "%s\n", secret);
	return true;
}

static bool solve_one(struct job *j, const struct puzzle_state *s, const char *where)
{
	double t0 = clock_seconds();
	struct engine *e = engine_of(j, s);
	struct engine_ctl ctl = { .report_solutions = true };
	bool found = engine_run(e, &ctl) == ENGINE_SOLUTION && print_secret(j, s, e, where);
	if (found) {
		struct engine_ctl more = { .max_solutions = 2 };
		if (engine_run(e, &more) == ENGINE_LIMIT)
			fprintf(j->log, "linkdance: %s: more than one secret fits; this is one\n", where);
	} else {
		fprintf(j->log, "linkdance: %s: no secret fits every guess\n", where);
	}
	stats_line(j, e, t0);
	engine_free(e);
	return found;
}

static bool count_one(struct job *j, const struct puzzle_state *s, const char *where)
{
	(void)where;
	double t0 = clock_seconds();
	struct engine *e = engine_of(j, s);
	struct engine_ctl ctl = { .max_solutions = number_of(j->opts, OPT_LIMIT, 0) };
	enum engine_status status = engine_run(e, &ctl);
	char n[U128_DIGITS];
	fprintf(j->out, "%s%s\n", u128_str(engine_stats(e)->solutions, n), status == ENGINE_LIMIT ? "+" : "");
	stats_line(j, e, t0);
	engine_free(e);
	return true;
}

static bool estimate_one(struct job *j, const struct puzzle_state *s, const char *where)
{
	struct puzzle_estimate_opts o = { .engine = engine_name(j), .walks = number_of(j->opts, OPT_PROBES, 10000),
		                          .seed = number_of(j->opts, OPT_SEED, 1) };
	struct puzzle_estimate e;
	struct diag err;
	double t0 = clock_seconds();
	if (!puzzle_estimate(&numbermind_puzzle, s, &o, &e, &err)) {
		fprintf(j->log, "linkdance: %s: %s\n", where, err.msg);
		return false;
	}
	if (j->done)
		fputc('\n', j->out);
	puzzle_estimate_print(j->out, &e);
	if (j->opts->given[OPT_STATS])
		fprintf(j->log, "time: %.3f s\n", clock_seconds() - t0);
	puzzle_estimate_free(&e);
	return true;
}

static bool grade_one(struct job *j, const struct puzzle_state *s, const char *where)
{
	struct puzzle_grade g;
	if (!numbermind_teach_grade(s, &g, NULL) || g.solutions != 1) {
		fprintf(j->log, "linkdance: %s: %s\n", where,
		        g.solutions ? "more than one secret fits: not a puzzle to grade" : "no secret fits every guess");
		return false;
	}
	fprintf(j->out, "grade %d: %s\n", g.grade, g.why);
	return true;
}

static void run_one(struct job *j, const struct puzzle_state *s, const char *where)
{
	bool ok = !strcmp(j->verb, "solve")   ? solve_one(j, s, where)
	          : !strcmp(j->verb, "count") ? count_one(j, s, where)
	          : !strcmp(j->verb, "grade") ? grade_one(j, s, where)
	                                      : estimate_one(j, s, where);
	j->done++;
	j->bad += !ok;
}

/* A puzzle from its lines, the first at line first of name. */
static void run_desc(struct job *j, const char *desc, const char *name, long first)
{
	int bad_line;
	struct diag err;
	char where[1100];
	struct puzzle_state *s = numbermind_puzzle.start(&numbermind_puzzle, desc, &bad_line, &err);
	snprintf(where, sizeof where, "%s:%ld", name, first + (bad_line > 0 && !s ? bad_line : 0));
	if (!s) {
		fprintf(j->log, "linkdance: %s: %s\n", where, err.msg);
		j->bad++;
		return;
	}
	run_one(j, s, where);
	numbermind_puzzle.free_state(s);
}

/* Puzzles one after another, a blank line between two. */
static void run_lines(struct job *j, FILE *f, const char *name)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	struct strbuf desc = { 0 };
	long first = 0, number = 0;
	bool guesses = false;   /* the puzzle has lines that are not comments */
	strbuf_addn(&desc, "", 0);
	while ((len = getline(&line, &cap, f)) >= 0 || desc.len) {
		number++;
		const char *p = len >= 0 ? line + strspn(line, " \t\r\n") : "";
		if (!*p) {
			if (guesses)
				run_desc(j, desc.s, name, first);
			desc.len = 0;
			desc.s[0] = '\0';
			guesses = false;
			first = 0;
			if (len < 0)
				break;
			continue;
		}
		if (!first)
			first = number;
		guesses |= *p != '#';
		strbuf_addf(&desc, "%s", line);
	}
	free(line);
	strbuf_free(&desc);
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

static void run_level(struct job *j, const char *path)
{
	struct level lv;
	struct diag err;
	struct puzzle_state *s = NULL;
	if (!level_load(&lv, path, &err) || !(s = level_state(&lv, &err))) {
		fprintf(j->log, "linkdance: %s\n", err.msg);
		j->bad++;
		return;
	}
	if (lv.pz != &numbermind_puzzle) {
		fprintf(j->log, "linkdance: %s: a %s level, not numbermind\n", path, lv.pz->name);
		j->bad++;
	} else {
		run_one(j, s, path);
	}
	lv.pz->free_state(s);
}

static bool run_operand(struct job *j, const char *arg, struct diag *err)
{
	if (!strcmp(arg, "-")) {
		run_lines(j, stdin, "(standard input)");
		return true;
	}
	char path[1024];
	FILE *f;
	if (!level_resolve(numbermind_puzzle.name, arg, path, sizeof path, err))
		return false;
	if (!(f = fopen(path, "r"))) {
		diag_set(err, "%s: %s", path, strerror(errno));
		return false;
	}
	if (is_level(f)) {
		fclose(f);
		run_level(j, path);
		return true;
	}
	rewind(f);
	run_lines(j, f, path);
	fclose(f);
	return true;
}

static enum puzzle_outcome batch_run(const char *noun, const struct puzzle_options *opts, const char *file, int argc,
                                     char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)argc;
	struct job j = { .verb = argv[1], .opts = opts, .out = out, .log = log };
	if (!file) {
		diag_set(err, "%s %s needs a level, or a file of guesses (- for standard input)", j.verb, noun);
		return PUZZLE_MISUSED;
	}
	if (!run_operand(&j, file, err))
		return PUZZLE_FAILED;
	if (j.bad) {
		diag_set(err, "%d puzzle%s not done (said above)", j.bad, j.bad == 1 ? "" : "s");
		return PUZZLE_FAILED;
	}
	if (!j.done) {
		diag_set(err, "%s: no guesses in it", file);
		return PUZZLE_FAILED;
	}
	return PUZZLE_DONE;
}

/* ---- generate ----------------------------------------------------------- */

static enum puzzle_outcome generate_run(const char *noun, const struct puzzle_options *opts, const char *file,
                                        int argc, char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)noun, (void)file, (void)argc, (void)argv;
	int grade = (int)number_of(opts, OPT_GRADE, 0);
	uint64_t seed = number_of(opts, OPT_SEED, 1), number = number_of(opts, OPT_NUMBER, 1);
	bool duel = opts->given[OPT_DUEL], level = !opts->given[OPT_NUMBER];
	char params[64] = "", args[96] = "";
	if (opts->given[OPT_DIGITS]) {
		snprintf(params, sizeof params, "digits=%s", opts->values[OPT_DIGITS][0]);
		snprintf(args, sizeof args, " --digits %s", opts->values[OPT_DIGITS][0]);
	}
	if (duel) {
		strcat(params, params[0] ? ",duel" : "duel");
		strcat(args, " --duel");
	}
	if (!params[0] && !grade) {
		diag_set(err, "generate numbermind needs --digits N or --grade G");
		return PUZZLE_MISUSED;
	}
	for (uint64_t k = 0; k < number; k++) {
		struct strbuf desc = { 0 };
		double t0 = clock_seconds();
		if (!numbermind_gen_generate(&numbermind_puzzle, params, grade, seed + k, &desc, NULL, err)) {
			strbuf_free(&desc);
			return PUZZLE_FAILED;
		}
		if (opts->given[OPT_STATS])
			fprintf(log, "seed %" PRIu64 ": %.3f s\n", seed + k, clock_seconds() - t0);
		int graded = grade;
		if (!graded && !duel) {
			int bad;
			struct puzzle_grade g;
			struct puzzle_state *s = numbermind_puzzle.start(&numbermind_puzzle, desc.s, &bad, err);
			graded = s && numbermind_teach_grade(s, &g, NULL) ? g.grade : 0;
			if (s)
				numbermind_puzzle.free_state(s);
		}
		if (level) {
			fprintf(out, "# linkdance generate numbermind%s", args);
			if (grade)
				fprintf(out, " --grade %d", grade);
			fprintf(out, " --seed %" PRIu64 "\nfamily numbermind\n", seed);
			if (duel)
				fprintf(out, "name duel-%02" PRIu64 "\n", seed);
			else
				fprintf(out, "name %d-%02" PRIu64 "\n", graded, seed);
			if (graded)
				fprintf(out, "grade %d\n", graded);
			fprintf(out, "seed %" PRIu64 "\nboard\n%s", seed, desc.s);
		} else {
			fprintf(out, "%s%s", k ? "\n" : "", desc.s);
		}
		strbuf_free(&desc);
	}
	return PUZZLE_DONE;
}

/* ---- the tables ------------------------------------------------------------ */

static const char *const nouns[] = { "numbermind", NULL };

#define NM_COMMAND(verb_, usage_)                                                                                  \
	{ .verb = verb_, .nouns = nouns, .usage = usage_, .options = nm_options, .n_options = N_OPTS,             \
	  .takes_file = true, .run = batch_run }

static const struct puzzle_command solve_command =
	NM_COMMAND("solve", "solve numbermind LEVEL|FILE [--engine E] [--stats]");
static const struct puzzle_command count_command =
	NM_COMMAND("count", "count numbermind LEVEL|FILE [--engine E] [--limit N] [--stats]");
static const struct puzzle_command estimate_command =
	NM_COMMAND("estimate", "estimate numbermind LEVEL|FILE [--probes N] [--seed S]\n"
	                       "                       [--algo E] [--stats]");
static const struct puzzle_command grade_command = NM_COMMAND("grade", "grade numbermind LEVEL|FILE");
static const struct puzzle_command generate_command = {
	.verb = "generate",
	.nouns = nouns,
	.usage = "generate numbermind --digits N [--grade G] [--seed S] [--stats]\n"
	         "                       | --grade G | [--digits N] --duel | ... --number N",
	.options = nm_options,
	.n_options = N_OPTS,
	.takes_file = false,
	.run = generate_run,
};

const struct puzzle_command *const numbermind_batch_commands[] = { &solve_command, &count_command,
	                                                           &estimate_command, &grade_command,
	                                                           &generate_command, NULL };

const char numbermind_batch_help[] =
	"solve, count, estimate and grade numbermind take a level, or a file of\n"
	"puzzles: a guess a line with its score (90342 ;2 correct), '#' comments,\n"
	"a blank line between puzzles (- reads standard input).  solve prints the\n"
	"secret, count the number of secrets that fit, grade the grade by the\n"
	"search's effort.  generate numbermind writes a level with one secret\n"
	"(--digits N, --grade G or both), --number N puzzles, or a duel (--duel).\n";
