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
	char saves_dir[PATH_MAX];     /* "" if there is nowhere to save, and why: */
	char no_saves[600];
	char records_path[PATH_MAX];  /* "" if there is nowhere to keep records */
	struct records records;
	struct menu *menu;
	struct play *play;            /* the game, when one is on */
	bool quit;
	bool direct;                  /* started in a game (play): leaving it ends the program */
	bool leave_unsaved;           /* the player has seen that the game could not be saved */
	bool dirty;                   /* redraw */
	char notice[1200];            /* for the menu's status line */
	char exit_note[1200];         /* said on stderr once the terminal is given back */
	uint64_t gen_job;             /* a new puzzle being made, 0: none */
	const struct puzzle *gen_family;
};

/* Run the game: the menu, or straight into a game of family (with a level
 * file or name, or NULL for free play).  Returns the exit code. */
int app_run(const char *family, const char *level);

/* Start a game of family pz from a level file (NULL: free play), in place
 * of the menu or the game on (which is saved).  The game's save, if it has
 * one, is continued.  False and the reason in a->notice if the level
 * cannot be played. */
bool app_start_game(struct app *a, const struct puzzle *pz, const char *level_path);
/* Have the solver thread make a new puzzle of pz of this grade (the menu
 * says so meanwhile; Esc stops it), then start a game of it.  It is named
 * "new G-SEED": `linkdance generate FAMILY --grade G --seed SEED` makes it
 * again. */
void app_generate(struct app *a, const struct puzzle *pz, int grade);
/* Stop making it; false if nothing was being made. */
bool app_generate_stop(struct app *a);
/* Continue the saved game in the file path. */
bool app_continue(struct app *a, const char *path);
/* Back to the menu, saving the game if it is not finished.  In a game
 * started from the shell, a save that fails is shown first, and the
 * player leaves with the next key. */
void app_leave_game(struct app *a);
/* Save the game in progress (or remove the save of a finished one); false
 * with the reason in a->notice if that failed. */
bool app_save(struct app *a);
/* Note a solved level in the records; false with the reason in a->notice
 * if they could not be written. */
bool app_record(struct app *a, const struct session *s);

#endif
