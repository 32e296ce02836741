/* The levels a player has solved, with the best time, in
 * $XDG_DATA_HOME/linkdance/records:
 *
 *     linkdance-records 1
 *     solved kanoodle 07 123.4 15 0      (family, level, seconds, moves, hints)
 */
#ifndef LD_RECORDS_H
#define LD_RECORDS_H

#include <stdbool.h>

#include "util/diag.h"

struct record {
	char family[16];
	char level[64];
	double seconds;   /* the best time */
	int moves, hints; /* of that best game */
};

struct records {
	struct record *r;
	int n, cap;
};

/* Read path; a missing file is no records.  False (and FILE:LINE: why) for
 * a file that cannot be read or understood. */
bool records_load(struct records *rs, const char *path, struct diag *err);
bool records_save(const struct records *rs, const char *path, struct diag *err);
void records_free(struct records *rs);
const struct record *records_find(const struct records *rs, const char *family, const char *level);
/* Note a solve; true if it is the first or the best time. */
bool records_add(struct records *rs, const char *family, const char *level, double seconds, int moves,
                 int hints);

#endif
