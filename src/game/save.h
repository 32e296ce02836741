/* Saved games, as versioned text:
 *
 *     linkdance-save 1
 *     family kanoodle
 *     level /usr/share/linkdance/levels/kanoodle/07.txt    (- for free play)
 *     name 07
 *     grade 2
 *     played 123.4
 *     hints 1
 *     assisted yes               (only if the solver's solution was taken)
 *     start
 *     GGS........                (the start position, as the family
 *     ...                         describes it, up to "end")
 *     end
 *     move G@r1c1,r1c2,r2c2,r2c3,r2c4
 *     move -G
 *     cursor 1
 *
 * The start is in the file, so a save does not depend on its level file
 * staying as it was.  Reading checks everything and replays every move
 * into a new session; nothing half-read ever reaches the game. */
#ifndef LD_SAVE_H
#define LD_SAVE_H

#include <stdbool.h>

#include "game/session.h"
#include "util/diag.h"

/* The largest save read.  Far beyond any game played (a move is a line of
 * some 30 bytes), so that a save the game writes is always read back. */
#define SAVE_MAX_BYTES (32 << 20)

/* The text of a save (to be freed). */
char *save_format(const struct session *s);
/* Write it, atomically. */
bool save_write(const struct session *s, const char *path, struct diag *err);
/* A session from a save's text; NULL and FILE:LINE: why. */
struct session *save_parse(const char *text, const char *where, struct diag *err);
struct session *save_read(const char *path, struct diag *err);

#endif
