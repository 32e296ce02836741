/* What a screen's handler returns: the screens never call up into the
 * app, and are never freed under their own handlers; the app loop acts on
 * what they return (after htop's Panel handlers). */
#ifndef LD_SCREEN_H
#define LD_SCREEN_H

#include "puzzles/puzzle.h"

enum screen_action {
	SCREEN_STAY,             /* handled, or nothing to do: the screen stays */
	SCREEN_LEAVE,            /* out of the game: it is saved, and the menu (or the shell) comes back */
	SCREEN_NEXT_LEVEL,       /* the next level of the game's family */
	SCREEN_START,            /* a game of pz: the level in path, or free play (path NULL) */
	SCREEN_CONTINUE,         /* the saved game in path */
	SCREEN_GENERATE,         /* a new puzzle of pz of grade */
	SCREEN_STOP_GENERATING,  /* Esc while it is made */
	SCREEN_QUIT,             /* the program ends */
};

struct screen_result {
	enum screen_action action;
	const struct puzzle *pz;
	const char *path;        /* the screen's, valid until its next event */
	int grade;
	const char *params;      /* SCREEN_GENERATE: the generator's parameters ("duel"), NULL: none */
};

static inline struct screen_result screen_do(enum screen_action action)
{
	return (struct screen_result){ .action = action };
}

#endif
