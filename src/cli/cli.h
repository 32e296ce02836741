/* The batch interface: linkdance VERB FAMILY [INPUT], and linkdance xc for
 * raw exact cover.  Results go to stdout, statistics and progress to
 * stderr.  Exit codes: 0 done, 1 failure (bad input, no solution),
 * 2 usage error. */
#ifndef LD_CLI_H
#define LD_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzles/puzzle.h"

struct puzzle;
struct puzzle_command;

enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* Is argv[1] one of the batch verbs? */
bool cli_is_verb(const char *arg);
/* Run a batch command (argv[1] is the verb); returns the exit code. */
int cli_main(int argc, char **argv);

enum cli_mode {
	CLI_FIRST,      /* print the first solution */
	CLI_ALL,        /* print every solution (up to limit) */
	CLI_COUNT,      /* print the number of solutions (up to limit) */
	CLI_ESTIMATE,   /* estimate the tree with probes */
	CLI_SAMPLE,     /* print solutions drawn uniformly at random (xc) */
	CLI_FREQUENCIES, /* print in how many solutions each option is (xc) */
};

struct cli_opts {
	enum cli_mode mode;
	uint64_t limit;         /* 0: none */
	uint64_t probes;
	uint64_t samples;       /* --sample K */
	uint64_t seed;
	int grade;              /* generate: 1..4, 0 if not given */
	uint64_t number;        /* generate -n: puzzles as lines, 0 if not given */
	bool symmetric;         /* generate --symmetric */
	const char *size;       /* generate --size N: the family's param size= */
	const char *box;        /* generate --box RxC: the family's param box= */
	bool stats;
	bool profile;
	bool unique;            /* solve over a file: prove each solution the only one */
	int threads;
	int shard, shards;
	enum dlx_rule rule;
	bool rule_given;
	enum count_memo memo;
	bool memo_given;
	size_t memo_bytes;
	int progress;           /* -1: when stderr is a terminal */
	const char *algo;       /* --algo: a family's engine by name, NULL: its first */
	const char *args[4];    /* the operands after the verb */
	int n_args;
};

/* Parse the options after the verb, starting in `mode`; which options the
 * verb takes is in `allowed`, a string of the option letters of
 * cli_opts.c.  Returns CLI_OK or CLI_USAGE (the message already printed). */
int cli_parse(struct cli_opts *o, int argc, char **argv, const char *verb, const char *allowed, int max_args,
              enum cli_mode mode);
/* A one-line usage error, "linkdance: ...", and CLI_USAGE; the pointer
 * to --help follows only when the line fits 80 columns with it.  What the
 * user typed goes in as '%.20s', so no word of the message is cut. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A usage error with a second line, "  LIST", for the choices a value
 * could have been: the two would not fit 80 columns on one line. */
int cli_usage_listed(const char *list, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The same, the list the families. */
int cli_family_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A one-line failure, "linkdance: ...", and CLI_FAIL. */
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Flush stdout: CLI_OK, or a failure that says why the output could not
 * be written (a full disk, a closed pipe). */
int cli_flush(void);

/* Run o->mode on p.  print_solution prints one solution (the options) to
 * stdout; `what` names the input in messages.  Returns the exit code. */
int cli_search(const struct xc_problem *p, const struct cli_opts *o, const char *what,
               void (*print_solution)(void *ctx, const struct xc_problem *p, const int *options, int n),
               void *ctx);

/* xc's --algo: dlx or zdd, and zdd only for what the diagram answers.
 * Returns CLI_OK or CLI_USAGE (the message already printed). */
int cli_xc_algo(const struct cli_opts *o);

/* Knuth's estimate of the tree of finishing s, by o's engine (--algo),
 * walks, seed and rule, printed in the one form (puzzle_estimate_print).
 * Returns the exit code. */
int cli_estimate(const struct puzzle *pz, const struct puzzle_state *s, const struct cli_opts *o);

/* Something to count: a counter fills r as co asks (a family's position,
 * by puzzle_count; a file's problem, by count_run); ctx is its own. */
typedef void cli_counter(void *ctx, const struct count_opts *co, struct count_result *r);
/* Count by counter with o's options; print the count, and --stats.
 * Returns the exit code. */
int cli_count(const struct cli_opts *o, cli_counter *counter, void *ctx);

/* solve, count or grade (verb) over a file of puzzles, for a family that
 * reads them so (pz->batch); o->args[1] is the file. */
int cli_batch(const struct puzzle *pz, const struct cli_opts *o, const char *verb);
/* A family's own command (struct puzzle_command) that argv (the verb in
 * argv[1]) names, or NULL (cli_command.c).  They are taken before a
 * family is looked up by name: "solve clique FILE" is the clique family's
 * own command, on DIMACS files, not its levels. */
const struct puzzle_command *cli_command_find(int argc, char **argv);
/* Run it; returns the exit code. */
int cli_command_main(const struct puzzle_command *cmd, int argc, char **argv);

/* The names of pz's engines for messages: "seq, mrv, dlx or sat". */
void cli_engine_names(const struct puzzle *pz, char *buf, size_t size);

#endif
