/* Range's batch commands: solve, count, estimate and grade a puzzle given
 * as a game ID of Simon Tatham's (on the command line), a level file of
 * the game's, or a file of game IDs one a line; generate writes game IDs
 * or a level file.  A puzzle that cannot be read is named (the character
 * of the ID, or FILE:LINE) and the rest are still done. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "puzzles/range_id.h"
#include "puzzles/range_puzzle.h"
#include "puzzles/range_state.h"
#include "solver/range/range_search.h"
#include "util/clock.h"
#include "util/u128.h"
#include "util/xalloc.h"

enum { OPT_ENGINE, OPT_ALGO, OPT_STATS, OPT_LIMIT, OPT_PROBES, OPT_SEED, OPT_SIZE, OPT_GRADE, OPT_NUMBER, N_OPTS };

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
	if (puzzle_engine_find(&range_puzzle, values[0]))
		return true;
	diag_set(err, "--%s %.20s: Range's engines are cells, views and clauses", option, values[0]);
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

static const struct puzzle_option range_options[N_OPTS] = {
	/* --algo as the other families' commands name it, --engine as
	 * Range's always has: the same option, one of them at most. */
	[OPT_ENGINE] = { "engine", 1, "NAME", 1, check_engine },
	[OPT_ALGO] = { "algo", 1, "NAME", 1, check_algo },
	[OPT_STATS] = { "stats", 0, "", 0, NULL },
	[OPT_LIMIT] = { "limit", 1, "N", 0, check_count },
	[OPT_PROBES] = { "probes", 1, "N", 0, check_count },
	[OPT_SEED] = { "seed", 1, "S", 0, check_count },
	[OPT_SIZE] = { "size", 1, "WxH", 0, NULL },
	[OPT_GRADE] = { "grade", 1, "G", 0, check_grade },
	[OPT_NUMBER] = { "number", 1, "N", 0, check_count },
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

/* The engine asked for (--engine or --algo), NULL: the first. */
static const char *engine_name(const struct job *j)
{
	const struct puzzle_options *o = j->opts;
	return o->given[OPT_ENGINE] ? o->values[OPT_ENGINE][0] : o->given[OPT_ALGO] ? o->values[OPT_ALGO][0] : NULL;
}

static struct engine *engine_of(const struct job *j, const struct puzzle_state *s)
{
	return puzzle_engine_find(&range_puzzle, engine_name(j))->new(&range_puzzle, s);
}

static void stats_line(const struct job *j, const struct engine *e, double t0)
{
	if (!j->opts->given[OPT_STATS])
		return;
	const struct search_stats *st = engine_stats(e);
	fprintf(j->log, "engine %s: %" PRIu64 " nodes, %" PRIu64 " mems, %.3f s\n", e->ops->name, st->nodes, st->mems,
	        clock_seconds() - t0);
}

/* The solution: a row a line, '#' shaded, '.' unshaded, numbers as
 * themselves. */
static void print_grid(FILE *out, const struct puzzle_state *s)
{
	for (int k = 0; k < s->n; k++) {
		if (s->clue[k])
			fprintf(out, "%d", s->clue[k]);
		else
			fputc(s->mark[k] == RANGE_BLACK ? '#' : '.', out);
		fputc(k % s->w == s->w - 1 ? '\n' : ' ', out);
	}
}

/* The engine's solution, played on s as the family's move. */
static bool print_solution(struct job *j, const struct puzzle_state *s, const struct engine *e, const char *where)
{
	struct strbuf move = { 0 };
	struct diag err;
	strbuf_addf(&move, "%s", "");
	e->ops->path_move(e, &move);
	struct puzzle_state *done = range_puzzle.apply(s, move.s, &err);
	strbuf_free(&move);
	if (!done) {
		/* The engine and the family's moves disagree: a bug, said. */
		fprintf(j->log, "linkdance: %s: a solution Range cannot play: %s\n", where, err.msg);
		return false;
	}
	if (j->done)
		fputc('\n', j->out);
	print_grid(j->out, done);
	range_puzzle.free_state(done);
	return true;
}

static bool solve_one(struct job *j, const struct puzzle_state *s, const char *where)
{
	double t0 = clock_seconds();
	struct engine *e = engine_of(j, s);
	struct engine_ctl ctl = { .report_solutions = true };
	bool found = engine_run(e, &ctl) == ENGINE_SOLUTION && print_solution(j, s, e, where);
	if (found) {
		struct engine_ctl more = { .max_solutions = 2 };
		if (engine_run(e, &more) == ENGINE_LIMIT)
			fprintf(j->log, "linkdance: %s: more than one solution; this is one\n", where);
	} else {
		fprintf(j->log, "linkdance: %s: no solution\n", where);
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

/* In the form every family's estimate has (puzzle_estimate_print), a
 * blank line between puzzles. */
static bool estimate_one(struct job *j, const struct puzzle_state *s, const char *where)
{
	struct puzzle_estimate_opts o = { .engine = engine_name(j), .walks = number_of(j->opts, OPT_PROBES, 10000),
		                          .seed = number_of(j->opts, OPT_SEED, 1) };
	struct puzzle_estimate e;
	struct diag err;
	double t0 = clock_seconds();
	if (!puzzle_estimate(&range_puzzle, s, &o, &e, &err)) {
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
	if (!range_teach_grade(s, &g, NULL) || g.solutions != 1) {
		fprintf(j->log, "linkdance: %s: %s solution\n", where, g.solutions ? "more than one" : "no");
		return false;
	}
	fprintf(j->out, "grade %d: %s; %" PRIu64 " nodes\n", g.grade, g.why, g.effort);
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

/* A puzzle from a description, said where it is if it cannot be read. */
static void run_desc(struct job *j, const char *desc, const char *where)
{
	int bad_line;
	struct diag err;
	struct puzzle_state *s = range_puzzle.start(&range_puzzle, desc, &bad_line, &err);
	if (!s) {
		fprintf(j->log, "linkdance: %s: %s\n", where, err.msg);
		j->bad++;
		return;
	}
	run_one(j, s, where);
	range_puzzle.free_state(s);
}

/* "WxH:..." is a game ID; anything else names a file. */
static bool is_game_id(const char *arg)
{
	int w, h, used = 0;
	return sscanf(arg, "%dx%d:%n", &w, &h, &used) == 2 && used > 0;
}

/* A level file of the game's (it starts with its keys) or game IDs one a
 * line ('#' starts a comment line). */
static void run_lines(struct job *j, FILE *f, const char *name)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	for (long number = 1; (len = getline(&line, &cap, f)) >= 0; number++) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		const char *p = line + strspn(line, " \t");
		if (!*p || *p == '#')
			continue;
		char where[1100];
		snprintf(where, sizeof where, "%s:%ld", name, number);
		run_desc(j, p, where);
	}
	free(line);
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
	if (lv.pz != &range_puzzle) {
		fprintf(j->log, "linkdance: %s: a %s level, not range\n", path, lv.pz->name);
		j->bad++;
	} else {
		run_one(j, s, path);
	}
	lv.pz->free_state(s);
}

static bool run_operand(struct job *j, const char *arg, struct diag *err)
{
	if (is_game_id(arg)) {
		run_desc(j, arg, arg);
		return true;
	}
	if (!strcmp(arg, "-")) {
		run_lines(j, stdin, "(standard input)");
		return true;
	}
	char path[1024];
	FILE *f;
	if (!level_resolve(range_puzzle.name, arg, path, sizeof path, err))
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
		diag_set(err, "%s %s needs a game ID (9x6:a4f2c...), a level, or a file of game IDs (- for standard input)",
		         j.verb, noun);
		return PUZZLE_MISUSED;
	}
	if (!run_operand(&j, file, err))
		return PUZZLE_FAILED;
	if (j.bad) {
		diag_set(err, "%d puzzle%s not done (said above)", j.bad, j.bad == 1 ? "" : "s");
		return PUZZLE_FAILED;
	}
	if (!j.done) {
		diag_set(err, "%s: no game IDs in it", file);
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
	char params[64] = "";
	if (opts->given[OPT_SIZE])
		snprintf(params, sizeof params, "size=%.40s", opts->values[OPT_SIZE][0]);
	bool level = !opts->given[OPT_NUMBER];
	if (level && !grade) {
		diag_set(err, "generate range needs --grade 1, 2, 3 or 4 for a level (or --number N for game IDs)");
		return PUZZLE_MISUSED;
	}
	for (uint64_t k = 0; k < number; k++) {
		struct strbuf desc = { 0 };
		double t0 = clock_seconds();
		if (!range_gen_generate(&range_puzzle, params, grade, seed + k, &desc, NULL, err)) {
			strbuf_free(&desc);
			return opts->given[OPT_SIZE] && strstr(err->msg, "a size is") ? PUZZLE_MISUSED : PUZZLE_FAILED;
		}
		if (opts->given[OPT_STATS])
			fprintf(log, "seed %" PRIu64 ": %.3f s\n", seed + k, clock_seconds() - t0);
		if (level)
			fprintf(out, "# linkdance generate range --grade %d --seed %" PRIu64 "%s%s\nfamily range\n"
			             "name %d-%02" PRIu64 "\ngrade %d\nseed %" PRIu64 "\nboard\n%s\n",
			        grade, seed, params[0] ? " --size " : "", params[0] ? params + 5 : "", grade, seed, grade, seed,
			        desc.s);
		else
			fprintf(out, "%s\n", desc.s);
		strbuf_free(&desc);
	}
	return PUZZLE_DONE;
}

/* ---- the tables ------------------------------------------------------------ */

static const char *const nouns[] = { "range", NULL };

#define RANGE_COMMAND(verb_, usage_)                                                                               \
	{ .verb = verb_, .nouns = nouns, .usage = usage_, .options = range_options, .n_options = N_OPTS,          \
	  .takes_file = true, .run = batch_run }

static const struct puzzle_command solve_command =
	RANGE_COMMAND("solve", "solve range ID|LEVEL|FILE [--engine E] [--stats]");
static const struct puzzle_command count_command =
	RANGE_COMMAND("count", "count range ID|LEVEL|FILE [--engine E] [--limit N]\n"
	                       "                       [--stats]");
static const struct puzzle_command estimate_command =
	RANGE_COMMAND("estimate", "estimate range ID|LEVEL|FILE [--probes N] [--seed S]\n"
	                          "                       [--algo E] [--stats]");
static const struct puzzle_command grade_command = RANGE_COMMAND("grade", "grade range ID|LEVEL|FILE");
static const struct puzzle_command generate_command = {
	.verb = "generate",
	.nouns = nouns,
	.usage = "generate range --grade G [--size WxH] [--seed S] [--stats]\n"
	         "                       | [--grade G] --number N [--size WxH] [--seed S]",
	.options = range_options,
	.n_options = N_OPTS,
	.takes_file = false,
	.run = generate_run,
};

const struct puzzle_command *const range_batch_commands[] = { &solve_command, &count_command, &estimate_command,
	                                                      &grade_command, &generate_command, NULL };

const char range_batch_help[] =
	"solve, count, estimate and grade range take a game ID as Simon Tatham's\n"
	"Range writes it (9x6:a4f2c13g9b9a10b5a7b9g9c6f7a), a level, or a file of\n"
	"game IDs one a line.  solve prints the solution a row a line, '#' shaded,\n"
	"'.' unshaded, numbers as given; count the number of solutions; estimate\n"
	"Knuth's estimate, as for every family.  --algo (or --engine) picks the\n"
	"engine.  generate range writes a level (--grade G), or --number N game\n"
	"IDs one a line.\n";
