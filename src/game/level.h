/* Level files: a few "key value" lines (family, name, grade, seed), then
 * a line "board" and after it the puzzle in its family's own words, which
 * only the family reads (its start()); for the tilings, the board as drawn
 * rows ('.' empty, '#' a hole, a piece's letter where it is placed in
 * advance).  Lines starting with '#' before "board" are comments.  For
 * example:
 *
 *     # Kanoodle, grade 2
 *     family kanoodle
 *     name 12
 *     grade 2
 *     seed 20261121
 *     board
 *     GGAAA.....W
 *     ...
 *
 * The format is documented in linkdance(6), FILES. */
#ifndef LD_LEVEL_H
#define LD_LEVEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "puzzles/puzzle.h"
#include "util/diag.h"

/* The longest name a level goes by (a file name's, with room to spare). */
#define LEVEL_ID_MAX 256

/* Largest level file read, in bytes. */
#define LEVEL_MAX_BYTES 65536

/* Largest description (the text after "board"), in bytes. */
#define LEVEL_DESC_MAX PUZZLE_DESC_MAX

struct level {
	char where[512];        /* the file, for messages */
	const struct puzzle *pz;
	char name[64];          /* from the file, or the file's base name */
	int grade;              /* 1..4, 0 if not given */
	uint64_t seed;
	bool has_seed;
	char desc[LEVEL_DESC_MAX]; /* the family's description, as in the file */
	int desc_line;          /* the file's line of the description's first */
	/* FILE:LINE: what was passed over (a grade out of range, taken as no
	 * grade), for the reader to say; "" if nothing. */
	char warning[600];
};

/* Parse a level from text; `where` names it in messages.  The description
 * is not read here: level_start() hands it to the family. */
bool level_parse(struct level *lv, const char *text, const char *where, struct diag *err);
/* Read and parse a level file. */
bool level_load(struct level *lv, const char *path, struct diag *err);
/* The state a parsed level starts from, or NULL and FILE:LINE: why not
 * (the family's complaint, at its line of the file). */
struct puzzle_state *level_state(const struct level *lv, struct diag *err);

/* The name that records and saves know a level file by: its base name
 * without ".txt", blanks made '_'. */
void level_id(const char *path, char *buf, size_t size);

/* The directory holding the shipped levels: $LINKDANCE_LEVELS, the source
 * tree's levels/ when this program runs from its build tree, or the
 * installed copy. */
const char *level_dir(void);
/* A level argument as a path: an existing file, or a name looked up as
 * LEVEL_DIR/FAMILY/NAME.txt.  False with a message if there is none, or
 * if it is not a regular file that can be read (files_check). */
bool level_resolve(const char *family, const char *arg, char *path, int size, struct diag *err);

/* The level files of a family in the levels directory, sorted (free them
 * with level_list_free). */
int level_list(const struct puzzle *pz, char ***paths);
void level_list_free(char **paths, int n);
/* Load a level of pz: its start state, or NULL and FILE:LINE: why not. */
struct puzzle_state *level_start(const struct puzzle *pz, const char *path, struct level *lv, struct diag *err);
/* False, with FILE:LINE: why, if the level lv that s starts cannot be
 * finished (a search, for a family with an exact-cover part; the others
 * are taken as finishable, their engines saying otherwise in the game). */
bool level_can_finish(const struct level *lv, const struct puzzle_state *s, struct diag *err);
/* The same, and check it can be finished: a search, which may be long on
 * a level made to be hard; the game leaves that to its solver thread. */
struct puzzle_state *level_open(const struct puzzle *pz, const char *path, struct level *lv, struct diag *err);

#endif
