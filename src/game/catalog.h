/* What the menu lists and a game's title names, read for the screens: a
 * family's levels, the saved games, which game of its level a save is,
 * and the next level to play.  The screens read no level or save files
 * themselves (level.h, saves.h do). */
#ifndef LD_CATALOG_H
#define LD_CATALOG_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "game/records.h"
#include "game/saves_entry.h"
#include "puzzles/puzzle.h"
#include "util/diag.h"

#define CATALOG_ID_MAX 256 /* as LEVEL_ID_MAX */

struct catalog_level {
	char path[PATH_MAX];
	char id[CATALOG_ID_MAX];  /* the records' name: the file's base name */
	int grade;
	bool ok;
	char error[600];          /* why it cannot be played, or what was passed over in it */
};

/* The levels of pz, each read (not searched: a level made to be hard must
 * not hold the menu up; the game's checker finds a dead start); n of them
 * in *out, to be freed. */
int catalog_levels(const struct puzzle *pz, struct catalog_level **out);
/* pz's levels solved, counting only the levels it has: the records may
 * name a level since deleted, or one of another folder of levels. */
int catalog_solved(const struct records *rs, const struct puzzle *pz);
/* The level after level_path in pz's list (the first, after free play or
 * the last); false if pz has no levels (free play then). */
bool catalog_next_level(const struct puzzle *pz, const char *level_path, char *buf, size_t size);
/* A level named on the command line (a file, or a name of family's), as
 * a path, read once to see that it can be played; false and why if not. */
bool catalog_check_level(const struct puzzle *pz, const char *family, const char *arg, char *path, int size,
                         struct diag *err);

/* The saved games in dir, the most recent first (to be freed); a save that
 * cannot be read is set aside, and notice names it ("" if none). */
int catalog_games(const char *dir, struct saves_entry **out, struct diag *notice);
/* The player gives a saved game up: its file goes. */
bool catalog_abandon(const char *path, struct diag *err);
/* "(second game)" for copy 2, "" for the first: what the Continue list and
 * the title add to a level's name. */
void catalog_copy_words(int copy, char *buf, size_t size);
/* The same for the game saved in save_path ("" for none). */
void catalog_save_words(const char *save_path, char *buf, size_t size);

#endif
