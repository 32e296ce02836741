/* Where the game keeps its files, and how it writes them: whole or not
 * at all. */
#ifndef LD_FILES_H
#define LD_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"

/* $XDG_STATE_HOME/linkdance (default ~/.local/state/linkdance) and
 * $XDG_DATA_HOME/linkdance (default ~/.local/share/linkdance), made if
 * missing.  False (and why) if there is no home or it cannot be made. */
bool files_state_dir(char *buf, size_t size, struct diag *err);
bool files_data_dir(char *buf, size_t size, struct diag *err);

/* Write data to path so that the file is either the old one or the new
 * one, whatever happens: a temporary file in the same directory, flushed
 * to disk, renamed over path, and the directory flushed too. */
bool files_write_atomic(const char *path, const char *data, size_t len, struct diag *err);

/* Read a whole file of at most max bytes (NUL-terminated, in *out, to be
 * freed).  False and why if it cannot be read (the system's reason), is
 * not a regular file ("PATH: a FIFO, not a level file": a FIFO, directory
 * or device is refused at once, never waited on) or is too big, or, for a
 * text file (what names its kind: "level file"), if it holds a NUL byte,
 * which would cut the text short unseen.  what NULL: any bytes. */
bool files_read(const char *path, size_t max, const char *what, char **out, size_t *len, struct diag *err);

/* Can path be read as a regular file?  False with the same messages as
 * files_read; nothing is read. */
bool files_check(const char *path, const char *what, struct diag *err);

/* The first line of one of our text files, "MAGIC VERSION": false if it
 * is not that; else the version in *version (-1 if it is no number a
 * version could be). */
bool files_header(const char *line, const char *magic, long *version);

/* Move a file that could not be used out of the way, to path.bad (or
 * path.bad.N); its new name in moved. */
bool files_set_aside(const char *path, char *moved, size_t size);

/* The directory a file is in ("." for a bare name). */
void files_dir_of(const char *path, char *dir, size_t size);

/* Remove the temporary files that files_write_atomic() leaves when the
 * program is killed between making one and renaming it.  Only safe while
 * holding the directory's lock (game/lock.h), under which every write is
 * made, so that no copy of the game is still writing one. */
void files_clean_temporaries(const char *dir);

#endif
