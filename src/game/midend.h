/* The mid-end: the game behind the screens.  It owns the game on (its
 * session of moves), the solver thread and the numbers of the jobs asked
 * of it, the policy of when the position is checked again, the saves and
 * the records.  A screen asks it for things (a hint, a count, a grade,
 * the search on screen, the engines' race) and draws what it reports;
 * nothing here knows a terminal, so a test drives a whole game through it
 * (tests/unit/test_midend.c).
 *
 * Its fields are for reading: the screens draw from them, and change them
 * only through the calls below. */
#ifndef LD_MIDEND_H
#define LD_MIDEND_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/records.h"
#include "game/session.h"
#include "game/worker.h"
#include "util/diag.h"

/* What the checker says: the player chooses how much help it is. */
enum midend_check { MIDEND_CHECK_OFF, MIDEND_CHECK_DEAD_ENDS, MIDEND_CHECK_FULL };

/* What a change of the position brought about (midend_changed). */
enum midend_change {
	MIDEND_GOING,        /* the game goes on */
	MIDEND_SOLVED,       /* solved just now: in the records, its save removed */
	MIDEND_SOLVED_UNKEPT /* solved just now, but the records or the save could not be written (m->notice) */
};

struct midend {
	struct worker *worker;        /* NULL: none; jobs get numbers, and the tests answer them */
	struct session *s;            /* the game on, NULL: none */
	bool from_shell;              /* the game was started from the shell: leaving it ends the program */

	char saves_dir[PATH_MAX];     /* "" if there is nowhere to save, and why: */
	char no_saves[600];
	char records_path[PATH_MAX];  /* "" if there is nowhere to keep records */
	struct records records;
	char notice[1200];            /* what went wrong last, with the file and the reason */
	char exit_note[1200];         /* for a game from the shell: said there once the terminal is given back */

	uint64_t last_gen;            /* the latest job asked */
	enum midend_check check_mode;
	uint64_t check_gen;           /* the check whose answer is awaited, 0: none */
	bool check_known;
	struct worker_report check;   /* the latest answer about this state */

	uint64_t hint_gen;
	bool hint_known;
	struct worker_report hint;
	int hint_tier;                /* tiers shown for this state */
	int hint_wanted;              /* tiers asked for while the solver thinks */

	uint64_t count_gen;
	bool counting;
	struct worker_report count;   /* its progress, then its end */
	uint64_t grade_gen;           /* the grader's verdict awaited, 0: none */
	uint64_t sol_gen;             /* two solutions asked for, 0: none */
	uint64_t anim_gen;            /* the search on screen */
	const char *anim_engine;      /* the engine it runs (the family's name for it), NULL: the first */
	struct worker_anim anim;      /* its latest frame (the strings are the mid-end's) */
	bool anim_known;              /* a frame has come */
	struct puzzle_state *search_state; /* the search's position: the player's with its path in place; NULL: the player's */
	uint64_t race_gen;            /* the engines side by side */

	bool solved;                  /* the position on is solved, as last seen */
	enum midend_change change;    /* what the latest change brought */

	/* The diagram of the ways to finish the position (diagram.h), kept
	 * while the position stands: the map of where a piece can go, and
	 * ways drawn at random. */
	bool diagram_wanted;          /* the map is on: build it for every position */
	uint64_t diagram_gen;         /* its build awaited, 0: none */
	struct diagram *diagram;      /* the position's, or NULL: none yet */
	bool diagram_too_open;        /* its build ran out of room: too open to map yet */
	char *diagram_of;             /* the position it is of (the family's description) */
	bool random_wanted;           /* a way at random asked for: drawn when the diagram comes */
	bool random_refused;          /* the last diagram came too large to draw the way asked for */
	bool hint_random;             /* the hint asked or known tells a way drawn at random */
	uint64_t draws;               /* ways drawn so far: each draw's seed differs */

	uint64_t gen_job;             /* a new puzzle being made, 0: none */
	const struct puzzle *gen_family;
	char gen_params[64];          /* its generator's parameters ("duel"), "" for none */
};

/* A mid-end with a solver thread of its own (with_worker) or none (the
 * tests': every job gets a number, and nothing answers it).  NULL and why
 * if the thread cannot start. */
struct midend *midend_new(bool with_worker, struct diag *err);
/* Stops the solver thread; the game on, if any, is freed unsaved. */
void midend_free(struct midend *m);

/* ---- the player's files -------------------------------------------------- */

/* Where the saves and the records go, and what they hold now; what is
 * amiss in m->notice. */
void midend_open_files(struct midend *m);
/* Read the records again: another copy of the game may have added some. */
void midend_reload_records(struct midend *m);
/* The notice, set; for a game from the shell, kept to be said there too. */
void midend_note(struct midend *m, const char *fmt, ...) LD_PRINTF(2, 3);

/* ---- games ------------------------------------------------------------- */

/* A session of pz from a level file (NULL: free play): its save, if it has
 * one, continued.  *say gets a word for its screen ("" if none).  NULL,
 * and why in m->notice, if the level cannot be played. */
struct session *midend_open_game(struct midend *m, const struct puzzle *pz, const char *level_path, char *say,
                                 size_t say_size);
/* The saved game in the file path; NULL and why in m->notice. */
struct session *midend_open_save(struct midend *m, const char *path);

/* Take charge of s as the game on, and ask the first check. */
void midend_begin(struct midend *m, struct session *s);
/* The game is put away: its jobs cancelled, its session freed (save it
 * first: midend_save). */
void midend_end(struct midend *m);

/* Save the game on (or remove the save of one solved or without a move);
 * false with the reason in m->notice. */
bool midend_save(struct midend *m);
/* Note the game on, solved, in the records; false with the reason in
 * m->notice. */
bool midend_record(struct midend *m);

/* Have the solver thread make a new puzzle of pz of this grade; it comes
 * back through midend_poll.  False and why in m->notice if pz has no
 * generator. */
bool midend_generate(struct midend *m, const struct puzzle *pz, int grade);
/* The same with the generator's parameters ("duel,digits=5"; NULL: none)
 * and a seed (0: one from the clock). */
bool midend_generate_with(struct midend *m, const struct puzzle *pz, int grade, const char *params, uint64_t seed);
/* Stop making it; false if nothing was being made. */
bool midend_generate_stop(struct midend *m);

/* ---- moves --------------------------------------------------------------- */


/* A move of the player's; false and why if it cannot be made.  Each of
 * these that changes the position calls midend_changed. */
bool midend_move(struct midend *m, const char *move, struct diag *err);
bool midend_undo(struct midend *m);
bool midend_redo(struct midend *m);
void midend_restart(struct midend *m);
/* What was known of the position is forgotten (it changed, or the check
 * mode did, or a search on screen ended), and the check is asked again as
 * the check mode says; what the change brought is also kept in m->change. */
enum midend_change midend_changed(struct midend *m);
/* Time played passes: seconds more on the game's clock, unless it is
 * solved; true when its whole seconds changed (the title shows them). */
bool midend_play_time(struct midend *m, double seconds);
/* The checker's next mode (off, dead ends, full), and a check by it. */
enum midend_check midend_next_check_mode(struct midend *m);

/* ---- jobs for the solver thread --------------------------------------------- */

/* What a press of H brings. */
enum midend_hint {
	MIDEND_HINT_ASKED,        /* the solver thinks: the answer comes with midend_report */
	MIDEND_HINT_WAITING,      /* asked already: one more tier is wanted when it comes */
	MIDEND_HINT_TIER,         /* the next tier, m->hint_tier, is shown */
	MIDEND_HINT_LAST_AGAIN,   /* every tier was shown already */
	MIDEND_HINT_TAKE_BACK,    /* a dead end: m->hint.take_back_to is the latest good state */
	MIDEND_HINT_NO_WAY_BACK,  /* a dead end from the start */
	MIDEND_HINT_SOLVED,
	MIDEND_HINT_NONE,         /* the family has no hint for this position */
	MIDEND_HINT_TOO_OPEN,     /* a way at random asked for: too open to build the diagram */
};

enum midend_hint midend_hint_request(struct midend *m);
/* H once every tier is shown, for a family with an exact-cover part: a
 * way to finish drawn uniformly at random from the diagram (built first
 * if need be), told as the hint's last tier; each press draws anew.
 * MIDEND_HINT_ASKED while it comes, MIDEND_HINT_TOO_OPEN if the diagram
 * cannot be kept, MIDEND_HINT_LAST_AGAIN if the family cannot draw. */
enum midend_hint midend_random_way(struct midend *m);
/* The hint known: the next thing it shows (a tier, a dead end ...). */
enum midend_hint midend_hint_step(struct midend *m);
/* After MIDEND_ANSWER_HINT: is another tier due, pressed for while the
 * solver thought?  Show it with midend_hint_step. */
bool midend_hint_more(struct midend *m);
/* The tier the player has reached, or NULL. */
const struct note *midend_hint_note(const struct midend *m);
/* Is the tier shown the last, a move to reveal? */
bool midend_hint_reveals(const struct midend *m);
/* A dead end told by the hint: back to where it was good; false if not. */
bool midend_take_back(struct midend *m);

void midend_count(struct midend *m);
void midend_grade(struct midend *m);
/* Two solutions, of the level's start (mistakes: the one to compare with)
 * or of the position (a puzzle the player made: is it proper?). */
void midend_solutions(struct midend *m);
void midend_own_puzzle_solutions(struct midend *m);
/* Esc: stop a count, a grade or a look for solutions, and check again;
 * false if none was running. */
bool midend_stop_job(struct midend *m);

/* The search on screen by engine (its name in the family's table; NULL:
 * the first), and the engines side by side. */
void midend_search(struct midend *m, const char *engine);
void midend_race(struct midend *m);
/* Either ends: the job cancelled. */
void midend_search_stop(struct midend *m);
/* The search's latest solution taken (m->anim.solution): the search ends,
 * every piece it places counts as a hint, and the game as solved with the
 * solver's help.  False and why if the move cannot be made. */
bool midend_take_search(struct midend *m, struct diag *err);
/* Steps granted to the search or the race, a free run, and going on from
 * a solution where the search holds. */
void midend_grant(struct midend *m, uint64_t steps);
void midend_free_run(struct midend *m, bool free_run);
void midend_search_resume(struct midend *m);
/* Cancel whatever job runs. */
void midend_cancel(struct midend *m);

/* The map of the ways to finish on or off (on counts as a hint): on, the
 * diagram of each position is built once nothing the player asked for is running (a
 * check it takes the place of is asked again after it). */
void midend_map(struct midend *m, bool on);
/* Is the diagram of the position being built? */
bool midend_map_building(const struct midend *m);

/* ---- the solver thread's answers -------------------------------------------- */

/* The file descriptor that is readable when an answer waits (-1: none). */
int midend_fd(const struct midend *m);

enum midend_answer {
	MIDEND_ANSWER_NONE,       /* no job of the game's (an old one, or nothing) */
	MIDEND_ANSWER_CHECK,
	MIDEND_ANSWER_HINT,       /* the hint came: midend_hint_answer says what to show */
	MIDEND_ANSWER_COUNT,      /* progress, or the end (r->final) */
	MIDEND_ANSWER_GRADE,
	MIDEND_ANSWER_SOLUTIONS,
	MIDEND_ANSWER_SEARCH,
	MIDEND_ANSWER_RACE,
	MIDEND_ANSWER_DIAGRAM,    /* the diagram came, or could not be kept (m->diagram_too_open) */
};

/* The next answer of the solver thread, if one waits (clear it with
 * worker_report_clear): a new puzzle's (r->kind WORK_GENERATE, for
 * midend_generated), or the game's (for midend_report). */
bool midend_poll(struct midend *m, struct worker_report *r);
/* File an answer about the game (from midend_poll, or a test's own):
 * what it answers.  A diagram it hands over is taken (r->diagram NULL).  A count, a grade or a look for solutions that is over
 * has the check asked again, unless the player asked for another job
 * since (which a check would cancel). */
enum midend_answer midend_report(struct midend *m, struct worker_report *r);
/* A new puzzle's report: its session, or NULL (not the one awaited, or
 * cancelled, or why in m->notice); *say: where it came from, for its
 * screen. */
struct session *midend_generated(struct midend *m, const struct worker_report *r, char *say, size_t say_size);

#endif
