/* The game as a program: the terminal, the solver thread, the player's
 * files, and the screen shown (the menu or a game).  One event loop. */
#ifndef LD_APP_H
#define LD_APP_H

#include <limits.h>
#include <stdbool.h>

#include "game/level.h"
#include "game/records.h"
#include "game/session.h"
#include "game/worker.h"
#include "ui/term.h"

struct menu;
struct play;

struct app {
	struct terminal *term;
	struct worker *worker;
	char save_path[PATH_MAX];     /* "" if there is nowhere to save */
	char records_path[PATH_MAX];
	struct records records;
	struct menu *menu;
	struct play *play;            /* the game, when one is on */
	bool quit;
	bool direct;                  /* started in a game (play): leaving it ends the program */
	bool dirty;                   /* redraw */
	char notice[1200];            /* for the menu's status line */
};

/* Run the game: the menu, or straight into a game of family (with a level
 * file or name, or NULL for free play).  Returns the exit code. */
int app_run(const char *family, const char *level);

/* Start a game of family pz from a level file (NULL: free play), in place
 * of the menu; false and the reason in a->notice if the level cannot be
 * played. */
bool app_start_game(struct app *a, const struct puzzle *pz, const char *level_path);
/* Continue the saved game. */
bool app_continue(struct app *a);
/* Back to the menu, saving the game if it is not finished. */
void app_leave_game(struct app *a);
/* Save the game in progress (or remove the save of a finished one). */
void app_save(struct app *a);
/* Note a solved level in the records. */
void app_record(struct app *a, const struct session *s);

/* The records' name for a level file: its base name without ".txt". */
void app_level_id(const char *path, char *buf, size_t size);

#endif
