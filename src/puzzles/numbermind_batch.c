/* Number Mind's batch commands: solve, count, estimate and grade a level
 * of the game's, or a file of puzzles (each its guesses a line, "90342
 * ;2 correct"; puzzles apart by a blank line; '#' comment lines), or
 * standard input (-); generate writes a level, or --number N puzzles.  A
 * puzzle that cannot be read is named (FILE:LINE) and the rest are still
 * done.  The verbs are batch_verbs.c's, which Range shares. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/batch_verbs.h"
#include "puzzles/numbermind_puzzle.h"
#include "puzzles/numbermind_state.h"
#include "util/clock.h"

enum { OPT_DIGITS = BATCH_N_OPTS, OPT_DUEL, N_OPTS };

static bool check_engine(const char *const *values, struct diag *err)
{
	return batch_engine_known(&numbermind_puzzle, "engine", values, err);
}

static bool check_algo(const char *const *values, struct diag *err)
{
	return batch_engine_known(&numbermind_puzzle, "algo", values, err);
}

static bool check_digits(const char *const *values, struct diag *err)
{
	uint64_t v;
	if (batch_whole(values[0], 1, NM_DIGITS_MAX, &v))
		return true;
	diag_set(err, "--digits %.20s: a secret has 1 to %d digits", values[0], NM_DIGITS_MAX);
	return false;
}

static const struct puzzle_option nm_options[N_OPTS] = {
	BATCH_OPTIONS(check_engine, check_algo),
	[OPT_DIGITS] = { "digits", 1, "N", 0, check_digits },
	[OPT_DUEL] = { "duel", 0, "", 0, NULL },
};

/* The secret: the engine's solution played on s, its digits. */
static bool print_secret(struct batch_job *j, const struct puzzle_state *s, const struct engine *e,
                         const char *where)
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

/* Puzzles one after another, a blank line between two. */
static void read_lines(struct batch_job *j, FILE *f, const char *name)
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
				batch_run_desc(j, desc.s, name, first);
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

static const struct batch_family nm_batch_family = {
	.pz = &numbermind_puzzle,
	.none = "no secret fits every guess",
	.several = "more than one secret fits",
	.operand = "a level, or a file of guesses",
	.lacks = "guesses",
	.print_solution = print_secret,
	.read_lines = read_lines,
};

static enum puzzle_outcome batch_run(const char *noun, const struct puzzle_options *opts, const char *file, int argc,
                                     char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)argc;
	return batch_verbs_run(&nm_batch_family, noun, opts, file, argv, out, log, err);
}

/* ---- generate ----------------------------------------------------------- */

static enum puzzle_outcome generate_run(const char *noun, const struct puzzle_options *opts, const char *file,
                                        int argc, char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)noun, (void)file, (void)argc, (void)argv;
	int grade = (int)batch_number(opts, BATCH_OPT_GRADE, 0);
	uint64_t seed = batch_number(opts, BATCH_OPT_SEED, 1), number = batch_number(opts, BATCH_OPT_NUMBER, 1);
	bool duel = opts->given[OPT_DUEL], level = !opts->given[BATCH_OPT_NUMBER];
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
		if (opts->given[BATCH_OPT_STATS])
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
	NM_COMMAND("solve", "solve numbermind LEVEL|FILE|- [--engine E] [--stats]");
static const struct puzzle_command count_command =
	NM_COMMAND("count", "count numbermind LEVEL|FILE|- [--engine E] [--limit N]\n"
	            "                       [--stats]");
static const struct puzzle_command estimate_command =
	NM_COMMAND("estimate", "estimate numbermind LEVEL|FILE|- [--probes N] [--seed S]\n"
	                       "                       [--algo E] [--stats]");
static const struct puzzle_command grade_command = NM_COMMAND("grade", "grade numbermind LEVEL|FILE|-");
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
