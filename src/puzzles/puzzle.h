/* A puzzle family, as the game and the batch commands see it (after Simon
 * Tatham's collection): states that do not change once made, moves as
 * short strings (so that undo, saving and replaying are one thing), the
 * solver's engines on a state, hints and dead ends as data, a generator
 * and a grader.  Everything outside a family's module reaches it through
 * this table and the registry (puzzle_families); a family's view in
 * src/ui/ draws its states.
 *
 * Exact cover is an optional part (struct puzzle_xc): a family that has
 * it gets Dancing Links as an engine (xc_engine.h), memoized and threaded
 * counting, and the export of its problem in Knuth's format.  Counting is
 * asked of the family (puzzle_count), whichever way it counts.  A family
 * whose files are not its levels may bring batch commands of its own
 * (struct puzzle_command: clique's solve on DIMACS graphs of any size).
 *
 * The families now: kanoodle and iqfit (tiling_puzzle.c), sudoku
 * (sudoku_puzzle.c), clique (clique_puzzle.c), knapsack
 * (knapsack_puzzle.c), range (range_puzzle.c), numbermind
 * (numbermind_puzzle.c). */
#ifndef LD_PUZZLE_H
#define LD_PUZZLE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "puzzles/xcfile.h"
#include "solver/engine.h"
#include "solver/xc/count.h"
#include "solver/xc/dlx.h"
#include "solver/xc/xc.h"
#include "solver/xc/zdd.h"
#include "util/diag.h"
#include "util/note.h"
#include "util/strbuf.h"

struct puzzle_state;

/* The longest description a family gives (describe), NUL included: room
 * for a graph of 64 vertices with every edge, written in DIMACS. */
#define PUZZLE_DESC_MAX 32768


struct puzzle;

/* The exact-cover part of a family. */
struct puzzle_xc {
	/* The problem of finishing s, its items in the order that suits the
	 * rule; option tags are the family's own. */
	struct xc_problem *(*reduce)(const struct puzzle_state *s, enum dlx_rule rule);
	/* The move that makes option k of reduce(s). */
	void (*option_move)(const struct puzzle_state *s, const struct xc_problem *p, int k, char *buf, size_t size);
	/* Item k of reduce(s) in words ("the cell at row 2, column 7",
	 * "Green"), with its cells or piece marked. */
	void (*item_note)(const struct puzzle_state *s, const struct xc_problem *p, int item, struct note *out);
	/* Optional: a branch on item with n ways left, as a sentence with
	 * marks ("3 placements can cover the cell at row 1, column 10").  The
	 * search on screen says it at each choice and the hint's first tier
	 * is the search's first choice, so the two never tell it apart. */
	void (*choice_note)(const struct puzzle_state *s, const struct xc_problem *p, int item, int n,
	                    struct note *out);
	/* Optional, for families whose positions are many and small (a
	 * Sudoku a line): the problem of s's empty board, built once and
	 * shared, never freed; and the options of it that s has filled in,
	 * in options[] (room for whole(s)->n_options), their number returned.
	 * The engine then searches the whole problem with those options
	 * placed at the root, which spares it building a problem per
	 * position; option_move and item_note get the whole problem.  If two
	 * of the options clash (s breaks the rules) or placed returns -1, it
	 * falls back on reduce, which words the fault its own way. */
	const struct xc_problem *(*whole)(const struct puzzle_state *s);
	int (*placed)(const struct puzzle_state *s, int *options);
	/* Optional: s with the moves of options[0..n) of p made, as the
	 * family's batch line (puzzle_batch.as_line): a batch solve's answer
	 * without the moves written out and read back, which on easy Sudoku
	 * took a tenth of the time of the search. */
	void (*options_line)(const struct puzzle_state *s, const struct xc_problem *p, const int *options, int n,
	                     char *buf, size_t size);
};

/* ---- The searches the exact-cover part brings (xc_search.c): on the
 * problem of finishing a position (reduce), or on one read in Knuth's
 * format (xcfile.h: the xc command), by Dancing Links branching by rule.
 * The batch commands print what they find. */

/* What a search did, for --stats: its figures (st.profile freed with
 * stats_free) and the bytes of its structures. */
struct puzzle_xc_figures {
	struct search_stats st;
	size_t bytes;
};

/* Each solution of p in turn to found (the options, n of them) until it
 * returns true or there are no more. */
void puzzle_xc_solutions(const struct xc_problem *p, enum dlx_rule rule,
                         bool (*found)(void *ctx, const int *options, int n), void *ctx,
                         struct puzzle_xc_figures *figures);

/* Knuth's estimate of a search tree from random walks, as the estimate
 * commands give it (puzzle_estimate.c): of one of a family's engines on a
 * position, or of Dancing Links on an exact cover read from a file. */
struct puzzle_estimate {
	const char *engine, *title;      /* the engine walked: "dlx", "Dancing Links" */
	bool ahead;                      /* its walks look one level ahead (engine_walk) */
	uint64_t walks;
	uint64_t solution_walks;         /* the walks that met a solution */
	double nodes, nodes_se;          /* the tree's nodes, and the standard error */
	double solutions, solutions_se;
	int depth;
	double *level;                   /* nodes at each level 0 .. depth-1 (puzzle_estimate_free) */
};
struct puzzle_estimate_opts {
	const char *engine;              /* by name; NULL: Dancing Links if the family has an
	                                    exact-cover part (as solve and count on a level), else
	                                    its first engine that can walk */
	enum dlx_rule rule;              /* Dancing Links' branching */
	bool rule_given;                 /* asked for: refused for another engine */
	uint64_t walks, seed;
};
/* The estimate of the tree of finishing s, or false and why not (no such
 * engine, or one that makes no random walks). */
bool puzzle_estimate(const struct puzzle *pz, const struct puzzle_state *s, const struct puzzle_estimate_opts *o,
                     struct puzzle_estimate *out, struct diag *err);
void puzzle_xc_estimate(const struct xc_problem *p, enum dlx_rule rule, uint64_t walks, uint64_t seed,
                        struct puzzle_estimate *out);
void puzzle_estimate_free(struct puzzle_estimate *e);
/* The estimate in the one form every family's is printed in: what it is
 * (from how many walks, of which engine), nodes and solutions with their
 * standard errors, how many walks met a solution (none: said so, not 0),
 * then the nodes estimated at each level. */
void puzzle_estimate_print(FILE *f, const struct puzzle_estimate *e);

/* p's solutions counted with every means count_run has (count.h). */
void puzzle_xc_count(const struct xc_problem *p, const struct count_opts *opts, struct count_result *r);
/* The diagram of all p's solutions (zdd.h), in at most cap_bytes while
 * it is built: for counts, samples and frequencies. */
enum zdd_end puzzle_xc_zdd(const struct xc_problem *p, size_t cap_bytes, const atomic_int *cancel, struct zdd **out);

/* One of a family's engines. */
struct puzzle_engine {
	const char *name;    /* "dlx": as --algo and the compare screen name it */
	const char *title;   /* "Dancing Links" */
	/* The engine on the problem of finishing s (which it copies what it
	 * needs of: s may go before the engine does). */
	struct engine *(*new)(const struct puzzle *pz, const struct puzzle_state *s);
	/* Branch and bound: its tree shrinks as better answers are found,
	 * which random walks from the root do not foresee, so their estimate
	 * of its size is high (clique 4-01: about 2,650 for 279). */
	bool cuts_by_best;
};

/* What the grader says of a puzzle. */
struct puzzle_grade {
	int grade;           /* 1 (easy) .. 4 */
	uint64_t effort;     /* the measure it is graded by (search nodes) */
	int solutions;       /* 0, 1, or 2 for two or more */
	char why[160];       /* in words: "needs an X-wing", "4,312 nodes" */
};

/* Many puzzles in one file, as the batch commands read them (solve,
 * count and grade FAMILY FILE): a family whose puzzles come one a line,
 * or a few lines each, has a reader; the others take one level at a time.
 * The reader sees the input line by line, so that a malformed puzzle is
 * named at its line and the ones after it are still read. */
enum puzzle_read {
	PUZZLE_READ_MORE,    /* the line is taken; no puzzle complete yet */
	PUZZLE_READ_ONE,     /* a puzzle is complete: its description is in desc */
	PUZZLE_READ_BAD,     /* not a puzzle: err says why (without a place) */
};

struct puzzle_reader;

struct puzzle_batch {
	/* The input's form in a player's words, for --help and the manual. */
	const char *format;
	struct puzzle_reader *(*reader_new)(void);
	void (*reader_free)(struct puzzle_reader *r);
	/* The next line of the input (len bytes, its newline cut; text NULL
	 * at the end of the input), number its line from 1.  On ONE and BAD,
	 * *line is where the puzzle or the fault is; *again asks for this
	 * line to be given once more, as the start of what comes next (a grid
	 * cut short by the next puzzle). */
	enum puzzle_read (*read)(struct puzzle_reader *r, const char *text, size_t len, long number,
	                         struct strbuf *desc, long *line, bool *again, struct diag *err);
	/* A state as one line of the batch output (no newline): for Sudoku,
	 * its digits. */
	void (*as_line)(const struct puzzle_state *s, char *buf, size_t size);
};

/* A family's parameters, for free play and the generator: "size 9",
 * "density 0.5", "independent".  name=value pairs, comma separated; the
 * family says which it knows and checks them in start/generate. */
struct puzzle_param {
	const char *name;    /* "grade" */
	const char *help;    /* "1 (easy) to 4" */
	const char *dflt;    /* "2", or NULL: none */
};

/* A batch command of a family's own, on files in the family's own form
 * that are not its levels: solve clique FILE reads DIMACS graphs of
 * thousands of vertices, where the game plays 64, and generate graph
 * writes them.  The batch commands find it by its verb and its noun (the
 * first word after the verb that is neither an option nor an option's
 * value) before they look a family up, and read its options from its
 * table: each --name takes its values as separate words (--johnson 16 2
 * 4), or its one value after '=' (--threads=2). */
#define PUZZLE_OPTION_VALUES 3
#define PUZZLE_OPTIONS_MAX 16

struct puzzle_option {
	const char *name;      /* "hamming", as --hamming */
	int values;            /* words after it, 0 to PUZZLE_OPTION_VALUES */
	const char *spelled;   /* "N D": its values, for messages */
	int group;             /* not 0: one option of the group at most */
	/* Optional: the values, checked as they are read; false and why. */
	bool (*check)(const char *const *values, struct diag *err);
};

/* The options given, by their place in the command's table. */
struct puzzle_options {
	bool given[PUZZLE_OPTIONS_MAX];
	const char *values[PUZZLE_OPTIONS_MAX][PUZZLE_OPTION_VALUES];
};

enum puzzle_outcome {
	PUZZLE_DONE,
	PUZZLE_FAILED,       /* bad input, no answer: err says why */
	PUZZLE_MISUSED,      /* the command is wrongly given: err says why */
};

struct puzzle_command {
	const char *verb;                   /* "solve" */
	const char *const *nouns;           /* the words after it: "clique", "independent-set", NULL */
	const char *usage;                  /* for --help, after "linkdance " (lines may follow) */
	const struct puzzle_option *options;
	int n_options;
	bool takes_file;                    /* an operand after the noun (the command says if it needs one) */
	/* Run it: noun as given, file NULL if none, argv the whole command
	 * line (argv[1] the verb), for a file that says how it was made.
	 * Results go to out, warnings and statistics to log. */
	enum puzzle_outcome (*run)(const char *noun, const struct puzzle_options *opts, const char *file, int argc,
	                           char **argv, FILE *out, FILE *log, struct diag *err);
};

struct puzzle {
	const char *name;   /* "kanoodle": in commands, level and save files */
	const char *title;  /* "Kanoodle" */

	/* The start of a game from a description (for the tilings, the board's
	 * rows, one per line; NULL for the empty board), or NULL and why not,
	 * with *bad_line the line of the description at fault (or -1). */
	struct puzzle_state *(*start)(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err);
	/* The description of a state, from which start() makes it again. */
	void (*describe)(const struct puzzle_state *s, char *buf, size_t size);
	struct puzzle_state *(*copy)(const struct puzzle_state *s);
	void (*free_state)(struct puzzle_state *s);
	/* The state after a move, or NULL and why not.  A move may be several
	 * moves joined by ';', made at once. */
	struct puzzle_state *(*apply)(const struct puzzle_state *s, const char *move, struct diag *err);
	bool (*is_solved)(const struct puzzle_state *s);
	/* Words for a move: "Green on rows 1-2, columns 3-5", or brief: "Green". */
	void (*describe_move)(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief);

	/* The goal and rules in a player's words: the first thing `?` shows,
	 * and the family's paragraph in --help and the manual. */
	const char *rules;
	/* The exact-cover part, or NULL. */
	const struct puzzle_xc *xc;
	/* The engines, NULL-terminated; the first answers checks, hints and
	 * counts. */
	const struct puzzle_engine *const *engines;
	/* Optional: the engine that counts for a family without an
	 * exact-cover part, by name, when not the first (Number Mind counts
	 * on its diagram, where the search would meet the secrets one by one). */
	const char *count_engine;
	const struct puzzle_param *params;   /* n_params of them */
	int n_params;
	/* Tier 1, 2, ... of a hint for s, given one solution from s as one
	 * move (NULL if none is known): words, marks, and at the last tier the
	 * move a reveal plays.  False if there is no such tier.  Runs on the
	 * solver thread. */
	bool (*hint)(const struct puzzle_state *s, const char *solution, int tier, struct note *out);
	/* If a quick look shows s cannot be finished: why, with marks (true). */
	bool (*dead_end)(const struct puzzle_state *s, struct note *out);
	/* A new puzzle: its description (for start), or false and why not.
	 * params as above; reproducible from the seed. */
	bool (*generate)(const struct puzzle *pz, const char *params, int grade, uint64_t seed, struct strbuf *desc,
	                 const atomic_int *cancel, struct diag *err);
	/* Grade s (how hard from the start); false if cancelled. */
	bool (*grade)(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel);
	/* Optional: the puzzle s is a position of, as a state of its own (a
	 * Sudoku's givens alone, whether a level's or the player's own after
	 * F); NULL: the game's first state is (a tiling's level). */
	struct puzzle_state *(*puzzle_of)(const struct puzzle_state *s);
	/* Optional: where s differs from a solution (one move from s's
	 * puzzle, as engines give it): its wrong entries or pieces in words,
	 * marked; false if nothing differs.  For `c`, on request only. */
	bool (*mistakes)(const struct puzzle_state *s, const char *solution, struct note *out);
	/* Optional: where two solutions from s differ, in words, marked ("r1c3
	 * is 4 or 7"): why a puzzle is not proper. */
	void (*differ)(const struct puzzle_state *s, const char *a, const char *b, struct note *out);
	/* What free play (start with no description) is, for the menu. */
	const char *free_play;
	/* The words for a count of n ways: "ways to finish", "grids". */
	const char *count_noun;
	/* Optional: the comment mark of the family's descriptions ("c " in
	 * DIMACS).  Its level files are then descriptions with the level's
	 * keys as comments ("c family clique", "c grade 2"), files that other
	 * programs read as they are; NULL: keys, then "board" (level.h). */
	const char *level_comment;
	/* Files of many puzzles for the batch commands, or NULL. */
	const struct puzzle_batch *batch;
	/* Batch commands of the family's own, NULL-terminated, or NULL; and
	 * what they do in words, a paragraph of --help. */
	const struct puzzle_command *const *commands;
	const char *commands_help;
};

/* The nodes of the search from s by pz's first engine, to the end: the
 * measure of effort a grader and the search on screen share.  False if
 * cancelled or the family has no engine (effort.c). */
bool puzzle_search_nodes(const struct puzzle *pz, const struct puzzle_state *s, uint64_t *nodes,
                         const atomic_int *cancel);

/* Free play for a family with a generator (free_play.c): a puzzle of
 * pz->generate(params, grade) on a seed of the clock, started; or NULL
 * and why not. */
struct puzzle_state *puzzle_free_play(const struct puzzle *pz, const char *params, int grade, struct diag *err);

/* Counting is the family's (puzzle_count.c): the ways to finish s, up to
 * opts->limit, counted on the exact-cover part with every means count_run
 * has (the memo, threads, shards; the family's reduce orders its items
 * by opts->rule), or by the first engine for a family without one (one
 * thread, no memo).  r is freed with count_result_free; r->complete is
 * false if cancelled. */
void puzzle_count(const struct puzzle *pz, const struct puzzle_state *s, const struct count_opts *opts,
                  struct count_result *r);
/* The branching rule a count of the family's exact cover goes by: the
 * first item for the tilings (their memo merges), the shortest for a
 * family with an engine of its own first (Sudoku). */
enum dlx_rule puzzle_count_rule(const struct puzzle *pz);
/* False if a quick count (the exact-cover part's, to one) finds no way to
 * finish s; a family without one is left to its engine, and true. */
bool puzzle_can_finish(const struct puzzle *pz, const struct puzzle_state *s);

/* A family by name, or NULL; puzzle_families is NULL-terminated. */
const struct puzzle *puzzle_find(const char *name);
extern const struct puzzle *const puzzle_families[];
/* The families' names for messages: "kanoodle or iqfit", "a, b or c". */
const char *puzzle_names(void);
/* The engine of pz called name (NULL: its first), or NULL; a family with
 * an exact-cover part and no engines listed has Dancing Links. */
const struct puzzle_engine *puzzle_engine_find(const struct puzzle *pz, const char *name);

#endif
