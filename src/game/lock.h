/* Two copies of the game may run at once, and both write the records and
 * the saves.  Each change is a read, a merge and an atomic write done
 * while holding an exclusive lock on a file beside the data, so neither
 * copy overwrites what the other wrote since it last read. */
#ifndef LD_LOCK_H
#define LD_LOCK_H

#include <stdbool.h>

#include "util/diag.h"

/* Take the lock of directory dir (the file dir/lock, made if missing),
 * waiting up to a few seconds for another copy to let it go.  The lock is
 * a file descriptor, >= 0; -1 and why if it cannot be had. */
int lock_take(const char *dir, struct diag *err);
void lock_release(int lock);

#endif
