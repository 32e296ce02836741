/* The games a player has left unfinished: one save for each game (a
 * family's level, or its free play), so that starting another game never
 * replaces one.  They live in $XDG_STATE_HOME/linkdance/saves/, a file a
 * game:
 *
 *     kanoodle.2-07.save      a level (bytes of its name other than
 *                             letters, digits, '-' and '_' as %XX)
 *     kanoodle.2-07~2.save    a second game of that level
 *     kanoodle.save           free play
 *
 * in the format of game/save.h.  Every change is made under the lock of
 * the folder (game/lock.h): another copy of the game may be playing too.
 * Two copies playing one level keep two games: a game is saved over its
 * own save only, the file it was read from or last wrote, while that
 * still holds what it read or wrote there; if another copy has written it
 * since, the game goes into a new file beside it (kanoodle.2-07~2.save),
 * and the Continue list shows both.  A save goes only when its own game is
 * solved or the player abandons it. */
#ifndef LD_SAVES_H
#define LD_SAVES_H

#include <limits.h>
#include <stdbool.h>
#include <time.h>

#include "game/level.h"
#include "game/saves_entry.h"
#include "game/session.h"
#include "util/diag.h"

/* The folder of the saves, made if missing: false and why if it cannot be. */
bool saves_dir(char *buf, size_t size, struct diag *err);
/* The file of a game's save: family, the level's name ("" for free play),
 * and which game of that level (1, the first; 2, 3 ...). */
bool saves_path(const char *dir, const char *family, const char *name, int copy, char *buf, size_t size);

/* Write the save of the session's game (see above for which file), and
 * remember it in the session.  *beside: it went beside another copy's
 * save of the same level (copy 2 or more), not into its own. */
bool saves_put(const char *dir, struct session *s, bool *beside, struct diag *err);
/* Delete the session's own save, its game solved: unless another copy's
 * game is in that file now.  No save is no error. */
bool saves_drop_own(const struct session *s, struct diag *err);
/* Delete a save (the player abandons it). */
bool saves_drop(const char *path, struct diag *err);
/* The most recent save of a game (any copy of it): NULL if there is none
 * (then err->msg is ""), or if it cannot be read (then it is kept as .bad
 * and err says so). */
struct session *saves_get(const char *dir, const char *family, const char *name, struct diag *err);
struct session *saves_open(const char *path, struct diag *err);

/* The saves, the most recent first (to be freed); a save that cannot be
 * read is set aside (.bad) and notice names it (notice->msg "" if none). */
int saves_list(const char *dir, struct saves_entry **out, struct diag *notice);

/* "(second game)" for copy 2, "(game 7)" for copy 7, "" for the first:
 * what the Continue list and the title add to a level's name. */
void saves_copy_words(int copy, char *buf, size_t size);
/* Which game of its level a save is (1, 2 ...), from its file's name. */
int saves_copy_of(const char *path);

/* Once, at start: clear the temporaries that a copy killed while writing
 * left, and bring the one save of older versions (state_dir/game.save)
 * into the folder.  False and what happened in notice. */
bool saves_tidy(const char *state_dir, const char *dir, struct diag *notice);

#endif
