/* Range's batch commands: solve, count, estimate and grade a puzzle given
 * as a game ID of Simon Tatham's (on the command line), a level file of
 * the game's, or a file of game IDs one a line; generate writes game IDs
 * or a level file.  A puzzle that cannot be read is named (the character
 * of the ID, or FILE:LINE) and the rest are still done.  The verbs are
 * batch_verbs.c's, which Number Mind shares; Range brings its game IDs,
 * its files of them and its grid as printed. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/batch_verbs.h"
#include "puzzles/range_id.h"
#include "puzzles/range_puzzle.h"
#include "puzzles/range_state.h"
#include "util/clock.h"

enum { OPT_SIZE = BATCH_N_OPTS, N_OPTS };

static bool check_engine(const char *const *values, struct diag *err)
{
	return batch_engine_known(&range_puzzle, "engine", values, err);
}

static bool check_algo(const char *const *values, struct diag *err)
{
	return batch_engine_known(&range_puzzle, "algo", values, err);
}

static const struct puzzle_option range_options[N_OPTS] = {
	/* --algo as the other families' commands name it, --engine as
	 * Range's always has: the same option, one of them at most. */
	BATCH_OPTIONS(check_engine, check_algo),
	[OPT_SIZE] = { "size", 1, "WxH", 0, NULL },
};

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
static bool print_solution(struct batch_job *j, const struct puzzle_state *s, const struct engine *e,
                           const char *where)
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

/* "WxH:..." is a game ID; anything else names a file. */
static bool game_id(struct batch_job *j, const char *arg)
{
	int w, h, used = 0;
	if (sscanf(arg, "%dx%d:%n", &w, &h, &used) != 2 || used == 0)
		return false;
	batch_run_desc(j, arg, arg, 0);
	return true;
}

/* Game IDs one a line ('#' starts a comment line). */
static void read_lines(struct batch_job *j, FILE *f, const char *name)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	for (long number = 1; (len = getline(&line, &cap, f)) >= 0; number++) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		const char *p = line + strspn(line, " \t");
		if (*p && *p != '#')
			batch_run_desc(j, p, name, number);
	}
	free(line);
}

static const struct batch_family range_batch_family = {
	.pz = &range_puzzle,
	.none = "no solution",
	.several = "more than one solution",
	.operand = "a game ID (9x6:a4f2c...), a level, or a file of game IDs",
	.lacks = "game IDs",
	.grade_nodes = true,
	.print_solution = print_solution,
	.read_lines = read_lines,
	.operand_puzzle = game_id,
};

static enum puzzle_outcome batch_run(const char *noun, const struct puzzle_options *opts, const char *file, int argc,
                                     char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)argc;
	return batch_verbs_run(&range_batch_family, noun, opts, file, argv, out, log, err);
}

/* ---- generate ----------------------------------------------------------- */

static enum puzzle_outcome generate_run(const char *noun, const struct puzzle_options *opts, const char *file,
                                        int argc, char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)noun, (void)file, (void)argc, (void)argv;
	int grade = (int)batch_number(opts, BATCH_OPT_GRADE, 0);
	uint64_t seed = batch_number(opts, BATCH_OPT_SEED, 1), number = batch_number(opts, BATCH_OPT_NUMBER, 1);
	char params[64] = "";
	if (opts->given[OPT_SIZE])
		snprintf(params, sizeof params, "size=%.40s", opts->values[OPT_SIZE][0]);
	bool level = !opts->given[BATCH_OPT_NUMBER];
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
		if (opts->given[BATCH_OPT_STATS])
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
