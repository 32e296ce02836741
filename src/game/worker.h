/* The solver beside the player: one thread that runs one job at a time on
 * its own copies of the game's states.  The game never waits for it:
 * submitting a job cancels the one running (every job checks for that at
 * each node of its search, so it stops within milliseconds), and results
 * arrive as reports in a mailbox, announced by a byte on a pipe that the
 * game polls beside the terminal.
 *
 * Every job works through the family's table (puzzle.h): checks and counts
 * take the memoized exact-cover count when the family has an exact-cover
 * part, else its first engine; hints come from the family's hint(); the
 * search on screen runs any of the family's engines. */
#ifndef LD_WORKER_H
#define LD_WORKER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/diagram.h"
#include "puzzles/puzzle.h"
#include "solver/engine.h"
#include "util/diag.h"
#include "util/note.h"
#include "util/u128.h"

enum worker_kind {
	WORK_NONE,
	WORK_CHECK,     /* can the position be finished: completions up to 2 */
	WORK_HINT,      /* a check, then the hint's tiers (or the move to take back) */
	WORK_COUNT,     /* every way to finish, with progress */
	WORK_ANIMATE,   /* the search, step by step, for the screen */
	WORK_GENERATE,  /* a new puzzle of the family (worker_job_generate) */
	WORK_GRADE,     /* how hard the position is from here, by the family's grader */
	WORK_RACE,      /* every engine of the family on the position, side by side */
	WORK_SOLUTIONS, /* up to two solutions of the position, as moves */
	WORK_DIAGRAM,   /* the diagram of the ways to finish (diagram.h), handed over */
};

struct worker_job;

/* A job on these states (copied): the history of the game up to the
 * current state, which is the last; checks and counts need only that one.
 * pz is not copied: it must outlive the job, which ends after its final
 * report (the families are static tables). */
struct worker_job *worker_job_new(enum worker_kind kind, const struct puzzle *pz,
                                  const struct puzzle_state *const *states, int n);
/* The engine a WORK_ANIMATE job runs, by its name in the family's engines
 * ("dlx"); NULL or an unknown name: the family's first. */
void worker_job_engine(struct worker_job *j, const char *name);
/* A job that makes a new puzzle of pz (its generator, reproducible from
 * the seed): the report's desc is its description, for pz->start. */
struct worker_job *worker_job_generate(const struct puzzle *pz, int grade, uint64_t seed);
/* A WORK_HINT job's tiers told from this way to finish (one move of the
 * family, copied), not from the one the family's engine finds first: a
 * way drawn at random from the diagram. */
void worker_job_solution(struct worker_job *j, const char *move);
/* A WORK_DIAGRAM job's budget of bytes. */
#define WORKER_DIAGRAM_BYTES ((size_t)256 << 20)
/* The generator's parameters for that job ("duel,digits=5"; up to 63
 * bytes, checked by the family); NULL or "": none. */
void worker_job_params(struct worker_job *j, const char *params);

/* Tiers of a hint a report can carry. */
#define WORKER_HINT_TIERS 4

/* A frame of the search on screen.  path and solution are malloc'd and
 * belong to the report (worker_report_clear). */
struct worker_anim {
	char *path;                 /* the choices in place as one move of the family ("" at the root) */
	char *solution;             /* the latest solution found as one move, or NULL: none yet */
	struct note note;           /* the step in the player's words, with the cells and pieces to mark */
	enum engine_event_kind event;   /* the step's kind (ENGINE_EV_TRY, ...) */
	int level;
	uint64_t nodes;             /* the whole search so far */
	uint64_t backtracks;        /* choices taken back */
	uint64_t steps;             /* frames so far */
	u128 solutions;
	double estimate;            /* Knuth's estimate of the tree's nodes (0: the engine cannot probe) */
	double estimate_se;         /* its standard error */
	double fraction;            /* share of that tree searched, nodes / estimate: below 1 until done */
	bool at_solution;           /* stopped at the first solution found (paused) */
	bool done;                  /* the tree is searched */
};

/* The race of a family's engines to a first solution, as it stands. */
#define WORKER_RACE_MAX 8

enum worker_race_state {
	RACE_WAITING,   /* not started (estimating the others) */
	RACE_RUNNING,
	RACE_SOLVED,    /* found a solution */
	RACE_NONE,      /* searched it all: there is none */
	RACE_GAVE_UP,   /* ran out of its time (WORKER_RACE_SECONDS) */
	RACE_SKIPPED,   /* the engine does not take this puzzle (too large for it) */
};

#define WORKER_RACE_SECONDS 60.0

struct worker_race_row {
	const char *name, *title;   /* the engine's, from the family's table */
	enum worker_race_state state;
	uint64_t nodes;             /* to its first solution, or so far */
	double seconds;             /* its own time, not the others' */
	double estimate;            /* Knuth's estimate of its whole tree's nodes; 0: it cannot probe */
	double estimate_se;         /* its standard error */
};

/* The engines race at the pace the game grants (worker_anim_grant: a
 * step takes each engine still running one node on), or at full pace
 * (worker_anim_free), as the search on screen does. */
struct worker_race {
	uint64_t steps;             /* reports so far */
	int n;
	struct worker_race_row row[WORKER_RACE_MAX];
};

struct worker_report {
	enum worker_kind kind;
	uint64_t gen;               /* of the job */
	bool final;                 /* the job is over */
	bool cancelled;
	/* WORK_CHECK and WORK_HINT */
	int completions;            /* 0, 1, or 2 for two or more */
	bool dead_explained;        /* a quick look found why (see dead) */
	struct note dead;           /* why it is a dead end, with marks */
	uint64_t nodes;             /* search nodes it took */
	double seconds;
	/* WORK_HINT: tiers 1 .. hint_tiers in hint[0 ..], each more telling;
	 * the last one's move is what a reveal plays.  At a dead end no tiers,
	 * and take_back_to says where to go back to. */
	struct note hint[WORKER_HINT_TIERS];
	int hint_tiers;
	int take_back_to;           /* dead end: the latest state still good, -1: none */
	/* WORK_COUNT */
	double fraction;            /* of the tree searched, or of_layers: of the layers taken */
	bool of_layers;             /* counted by layers (layers.h): no time left can be told */
	u128 solutions;             /* so far; the count once final */
	bool exact;                 /* final, complete, and solutions did not overflow 128 bits */
	double elapsed;
	/* WORK_ANIMATE */
	struct worker_anim anim;
	/* WORK_GENERATE: the puzzle's description (malloc'd, like the
	 * animation's strings), or NULL and why not */
	char *desc;
	char why[240];
	int grade;
	uint64_t seed;
	/* WORK_GRADE: the grader's verdict (its why in words); graded false
	 * when the family has no grader (why says so) */
	bool graded;
	struct puzzle_grade verdict;
	/* WORK_RACE */
	struct worker_race race;
	/* WORK_SOLUTIONS: completions says how many (0, 1, 2 for two or
	 * more), solution[] the first two as moves (malloc'd, as desc) */
	char *solution[2];
	/* WORK_DIAGRAM: the diagram, handed over with the report (freed by
	 * worker_report_clear unless taken: set to NULL), or NULL and why in
	 * diagram_end (cancelled, or no room: the position too open) */
	struct diagram *diagram;
	enum zdd_end diagram_end;
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
/* The latest report, if there is one not yet taken.  Its malloc'd strings
 * are handed over: the caller releases them with worker_report_clear. */
bool worker_take(struct worker *w, struct worker_report *out);
/* Free a report's strings (and set them to NULL); a zeroed report is fine. */
void worker_report_clear(struct worker_report *r);
/* Is a job running or waiting? */
bool worker_busy(struct worker *w);

/* The animation goes by steps the game grants it, or runs freely. */
void worker_anim_grant(struct worker *w, uint64_t steps);
void worker_anim_free(struct worker *w, bool free_run);
/* At a solution the animation holds, and grants and free running are
 * ignored until the player says go on: this. */
void worker_anim_resume(struct worker *w);

#endif
