/* The levels a player has solved, with the best time, in
 * $XDG_DATA_HOME/linkdance/records:
 *
 *     linkdance-records 3
 *     solved kanoodle 2-07 123.4 15 0      (family, level, seconds, moves, hints)
 *     solved kanoodle "my level\n2" 61.0 12 3
 *     solved iqfit 1-03 40.0 6 2 assisted
 *
 * Names are tokens of util/quote.h: quoted when they hold blanks, quotes
 * or control bytes.  Version 1 wrote them bare; it is read as well.
 * "assisted" (version 3) marks a level solved only by taking the solver's
 * own solution: it counts as solved, but its time is no best time, and the
 * player's first own solve replaces it.  Versions 1 and 2 had no such
 * solves and are read as they are.
 * Another copy of the game may write the file at any time, so every change
 * is made under the lock of its directory (game/lock.h), on what the file
 * holds then. */
#ifndef LD_RECORDS_H
#define LD_RECORDS_H

#include <stdbool.h>

#include "game/level.h"
#include "game/session.h"
#include "util/diag.h"

struct record {
	char family[32];
	char level[LEVEL_ID_MAX];
	double seconds;   /* the best time */
	int moves, hints; /* of that best game */
	bool assisted;    /* solved only with the solver's solution: no best time */
};

struct records {
	struct record *r;
	int n, cap;
};

/* Read path into rs; a missing file is no records.  A line that cannot be
 * understood is skipped: *skipped counts them and why says where the first
 * is (FILE:LINE: what).  False, and why, only if the file cannot be used
 * at all (unreadable, or not a records file). */
bool records_load(struct records *rs, const char *path, int *skipped, struct diag *why);
/* The same from the text of such a file (which it cuts into lines); where
 * names it in messages. */
bool records_parse(struct records *rs, char *text, const char *where, int *skipped, struct diag *why);
bool records_save(const struct records *rs, const char *path, struct diag *err);
void records_free(struct records *rs);
const struct record *records_find(const struct records *rs, const char *family, const char *level);
/* Note a solve in rs alone; true if it is the player's first or best time
 * (never for an assisted solve). */
bool records_add(struct records *rs, const char *family, const char *level, double seconds, int moves,
                 int hints, bool assisted);

/* The records at start, under the lock.  What cannot be read is never
 * thrown away: a file with bad lines, or one that cannot be used at all,
 * is kept as path.bad (or .bad.N) and a clean file written from what could
 * be read.  True if all was well; false with what happened in notice (rs
 * then holds what could be read). */
bool records_open(struct records *rs, const char *path, struct diag *notice);
/* Note a solve under the lock: the file is read again (another copy may
 * have written to it), the better time kept, and the file written back;
 * rs becomes what the file now holds.  *best: the first or the best time.
 * False and why if the file could not be written, or had to be set aside
 * (as records_open()). */
bool records_note(struct records *rs, const char *path, const char *family, const char *level, double seconds,
                  int moves, int hints, bool assisted, bool *best, struct diag *err);

#endif
