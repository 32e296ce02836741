/* A game in progress: the states it has been through and the moves
 * between them.  Undo and redo move a cursor along that list; a new move
 * cuts off what lay ahead of the cursor.  States are never changed. */
#ifndef LD_SESSION_H
#define LD_SESSION_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "game/level.h"
#include "puzzles/puzzle.h"
#include "util/diag.h"

/* Beyond these a time or a count read from a file is not believed. */
#define SESSION_MAX_SECONDS 1e8   /* three years of play */
#define SESSION_MAX_COUNT 10000000 /* moves or hints */

struct session {
	const struct puzzle *pz;
	char level[PATH_MAX];   /* the level file, or "" for free play */
	char name[LEVEL_ID_MAX]; /* what the title shows: the level's name */
	int grade;              /* 0: none */
	char params[64];        /* the generator's parameters it was made with
	                           ("duel,digits=8"): N makes another so; "" if none */
	struct puzzle_state **state; /* state[0] is the start */
	char **move;            /* move[i] turns state[i] into state[i + 1] */
	int n;                  /* states kept */
	int cap;
	int cur;                /* the state on the board */
	double played;          /* seconds of play so far */
	int hints;              /* hints taken */
	bool finished;          /* it has been solved */
	bool assisted;          /* the solver's own solution was taken (A, then Enter) */
	/* The save this game was read from or last written to (saves.h), ""
	 * if none, and a hash of the text it held then: a save that another
	 * copy of the game has written since is that copy's game, and this
	 * one goes beside it rather than over it. */
	char save_path[PATH_MAX];
	uint64_t save_hash;
};

/* A session from a start state, of which it takes charge. */
struct session *session_new(const struct puzzle *pz, struct puzzle_state *start);
void session_free(struct session *s);

const struct puzzle_state *session_state(const struct session *s);
/* Make a move from the current state; false (and why) if it cannot be made. */
bool session_play(struct session *s, const char *move, struct diag *err);
bool session_undo(struct session *s);
bool session_redo(struct session *s);
/* Back to the start; redo brings the moves back. */
void session_restart(struct session *s);
/* Back to the state after the first `moves` moves (a hint's "take back to
 * here"); redo brings the others back.  False if there is no such state. */
bool session_back_to(struct session *s, int moves);
/* Moves on the board now (from the start to the cursor). */
int session_moves(const struct session *s);
bool session_solved(const struct session *s);

#endif
