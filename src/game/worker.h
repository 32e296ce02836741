/* The solver beside the player: one thread that runs one job at a time on
 * its own copies of the game's states.  The game never waits for it:
 * submitting a job cancels the one running (every job checks for that at
 * each node of its search, so it stops within milliseconds), and results
 * arrive as reports in a mailbox, announced by a byte on a pipe that the
 * game polls beside the terminal. */
#ifndef LD_WORKER_H
#define LD_WORKER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "puzzles/puzzle.h"
#include "util/diag.h"

enum worker_kind {
	WORK_NONE,
	WORK_CHECK,     /* can the position be finished: completions up to 2 */
	WORK_HINT,      /* a check, then the hint (or the move to take back) */
	WORK_COUNT,     /* every way to finish, with progress */
	WORK_ANIMATE,   /* the search, step by step, for the screen */
};

struct worker_job;

/* A job on these states (copied): the history of the game up to the
 * current state, which is the last; checks and counts need only that one. */
struct worker_job *worker_job_new(enum worker_kind kind, const struct puzzle *pz,
                                  const struct puzzle_state *const *states, int n);

#define WORKER_MAX_PATH 64

/* A frame of the search on the screen. */
struct worker_anim {
	int path[WORKER_MAX_PATH];  /* the options in place (their tags), from level 0 */
	int n_path;
	int tried;                  /* the option just placed or taken back (tag), -1 */
	bool removing;              /* tried was taken back */
	int level;
	uint64_t nodes, backtracks, solutions, steps;
	double estimate;            /* Knuth's estimate of the tree's nodes */
	double fraction;            /* of the tree behind the search */
	bool at_solution;           /* stopped at the first solution found */
	bool done;                  /* the tree is searched */
	bool have_solution;         /* move holds the latest solution found */
	char move[1024];            /* as one move */
};

struct worker_report {
	enum worker_kind kind;
	uint64_t gen;               /* of the job */
	bool final;                 /* the job is over */
	bool cancelled;
	/* WORK_CHECK and WORK_HINT */
	int completions;            /* 0, 1, or 2 for two or more */
	bool dead_explained;        /* a quick look found why (see dead) */
	struct puzzle_dead_end dead;
	uint64_t nodes;             /* search nodes it took */
	double seconds;
	/* WORK_HINT */
	char item[96];              /* the most constrained item, in words */
	char item_name[32];         /* and its name in the problem ("r3c5") */
	int item_options;           /* the options that cover it now */
	char piece[64];             /* what covers it in a solution from here */
	char move[256];             /* that option as a move */
	int take_back_to;           /* dead end: the latest state still good, -1: none */
	/* WORK_COUNT */
	double fraction;
	uint64_t solutions;
	double elapsed;
	/* WORK_ANIMATE */
	struct worker_anim anim;
};

struct worker;

struct worker *worker_start(struct diag *err);
/* Cancel everything and end the thread. */
void worker_stop(struct worker *w);
/* The file descriptor to poll: readable when a report is waiting. */
int worker_fd(const struct worker *w);
/* Run a job (the worker takes it), cancelling the one running; returns
 * its generation, which its reports carry. */
uint64_t worker_submit(struct worker *w, struct worker_job *job);
/* Cancel the job running, if any. */
void worker_cancel(struct worker *w);
/* The latest report, if there is one not yet taken. */
bool worker_take(struct worker *w, struct worker_report *out);
/* Is a job running or waiting? */
bool worker_busy(struct worker *w);

/* The animation goes by steps the game grants it, or runs freely. */
void worker_anim_grant(struct worker *w, uint64_t steps);
void worker_anim_free(struct worker *w, bool free_run);

#endif
