/* solve, count, estimate and grade as a family's own batch commands
 * (puzzle.h, struct puzzle_command) run them, written once for the
 * families whose puzzles come in a form of their own (Range's game IDs,
 * Number Mind's guesses): an operand that is a level, a file of puzzles
 * in the family's form, or standard input (-); each puzzle answered in
 * turn, one that cannot be read or done named (FILE:LINE) and the rest
 * still done.  The family says how its files are read and how its
 * solutions are printed. */
#ifndef LD_BATCH_VERBS_H
#define LD_BATCH_VERBS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "puzzles/puzzle.h"

/* The options the verbs share, first in a family's table (its own
 * follow, from BATCH_N_OPTS). */
enum batch_opt {
	BATCH_OPT_ENGINE,    /* --engine NAME */
	BATCH_OPT_ALGO,      /* --algo NAME, the same (one of them at most) */
	BATCH_OPT_STATS,
	BATCH_OPT_LIMIT,     /* count: stop at N */
	BATCH_OPT_PROBES,    /* estimate's walks */
	BATCH_OPT_SEED,
	BATCH_OPT_GRADE,     /* generate */
	BATCH_OPT_NUMBER,    /* generate */
	BATCH_N_OPTS
};

/* The shared options' entries of a table, the engine checks the
 * family's own (they name its engines). */
#define BATCH_OPTIONS(check_engine, check_algo)                                                                    \
	[BATCH_OPT_ENGINE] = { "engine", 1, "NAME", 1, check_engine },                                            \
	[BATCH_OPT_ALGO] = { "algo", 1, "NAME", 1, check_algo },                                                  \
	[BATCH_OPT_STATS] = { "stats", 0, "", 0, NULL },                                                          \
	[BATCH_OPT_LIMIT] = { "limit", 1, "N", 0, batch_check_count },                                            \
	[BATCH_OPT_PROBES] = { "probes", 1, "N", 0, batch_check_count },                                          \
	[BATCH_OPT_SEED] = { "seed", 1, "S", 0, batch_check_count },                                              \
	[BATCH_OPT_GRADE] = { "grade", 1, "G", 0, batch_check_grade },                                            \
	[BATCH_OPT_NUMBER] = { "number", 1, "N", 0, batch_check_count }

/* A whole number of s in lo .. hi, into *out. */
bool batch_whole(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);
bool batch_check_count(const char *const *values, struct diag *err);
bool batch_check_grade(const char *const *values, struct diag *err);
/* Is values[0] one of pz's engines?  If not, why, naming them. */
bool batch_engine_known(const struct puzzle *pz, const char *option, const char *const *values, struct diag *err);
/* Option o's number, or dflt if not given. */
uint64_t batch_number(const struct puzzle_options *opts, int o, uint64_t dflt);

struct batch_job;

struct batch_family {
	const struct puzzle *pz;
	/* What solve and grade say of a puzzle with none, or more than one. */
	const char *none, *several;
	/* What the operand is, for the message when it is missing, and
	 * what a file without puzzles lacks: "guesses". */
	const char *operand, *lacks;
	/* grade's line: with the search nodes after (Range), or not. */
	bool grade_nodes;
	/* solve: the solution e stopped at, played on s, printed to j's out;
	 * false if it cannot be played (a bug, said on j's log). */
	bool (*print_solution)(struct batch_job *j, const struct puzzle_state *s, const struct engine *e,
	                       const char *where);
	/* The puzzles of a file that is not a level, each to batch_run_desc. */
	void (*read_lines)(struct batch_job *j, FILE *f, const char *name);
	/* Optional: an operand that is a puzzle itself (a game ID): run it
	 * and true; false if it is not one. */
	bool (*operand_puzzle)(struct batch_job *j, const char *arg);
};

struct batch_job {
	const struct batch_family *fam;
	const char *verb;
	const struct puzzle_options *opts;
	FILE *out, *log;
	int done;               /* puzzles answered */
	int bad;                /* puzzles that could not be read or done */
};

/* The engine the options ask for (--engine or --algo), NULL: the first. */
const char *batch_engine_name(const struct batch_job *j);

/* The puzzle desc, from line first of name (0: name is the puzzle itself,
 * said as it is), answered; its fault named at its line. */
void batch_run_desc(struct batch_job *j, const char *desc, const char *name, long first);

/* The command's run (struct puzzle_command) for solve, count, estimate
 * and grade. */
enum puzzle_outcome batch_verbs_run(const struct batch_family *fam, const char *noun,
                                    const struct puzzle_options *opts, const char *file, char **argv, FILE *out,
                                    FILE *log, struct diag *err);

#endif
