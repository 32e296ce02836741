/* Range puzzles written as Simon Tatham's game IDs, which are also the
 * family's descriptions: "WxH:" and then the cells in reading order, a
 * letter for a run of blank cells (a = 1 ... z = 26), a number for a
 * numbered cell, '_' between two numbers that follow each other:
 * "9x6:a4f2c13g9b9a10b5a7b9g9c6f7a". */
#ifndef LD_RANGE_ID_H
#define LD_RANGE_ID_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag.h"
#include "util/strbuf.h"

/* Parse id (up to its end, a newline, or a '#' that starts a seed):
 * *w, *h and the numbers, w * h of them in a new array (0 for a blank
 * cell; free() it); or false and why, naming the place in the ID (from 1)
 * at fault in *at (or 0). */
bool range_id_parse(const char *id, int *w, int *h, int **clues, int *at, struct diag *err);

/* The ID of a w x h puzzle with the numbers clues[], appended to out. */
void range_id_format(int w, int h, const int *clues, struct strbuf *out);

#endif
