/* One saved game as the Continue list shows it (saves.h lists them). */
#ifndef LD_SAVES_ENTRY_H
#define LD_SAVES_ENTRY_H

#include <limits.h>
#include <time.h>

#include "puzzles/puzzle.h"

/* A level's name, as long as level.h's LEVEL_ID_MAX. */
#define SAVES_ENTRY_NAME_MAX 256

struct saves_entry {
	char path[PATH_MAX];      /* the save's file */
	const struct puzzle *pz;
	char name[SAVES_ENTRY_NAME_MAX]; /* the level's name; "" for free play */
	int copy;                 /* 1, or 2, 3 ... for a second, third game of it */
	int moves;                /* on the board */
	double played;            /* seconds */
	struct timespec saved;    /* when it was last written */
};

#endif
