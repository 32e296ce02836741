/* Knuth's text format for exact cover (the input of DLX1 and its kin):
 * the first line names the primary items, then `|`, then the secondary
 * items; every further line is one option, the items it contains; lines
 * whose first non-blank character is `|` are comments. */
#ifndef LD_XCFILE_H
#define LD_XCFILE_H

#include <stdbool.h>
#include <stdio.h>

#include "solver/xc/xc.h"
#include "util/diag.h"

/* Longest line accepted, in bytes. */
#define XCFILE_MAX_LINE (1 << 20)

/* Read a problem from f; `name` is used in messages ("FILE:LINE: what").
 * Each option's tag is its line number.  NULL and err set on bad input. */
struct xc_problem *xcfile_read(FILE *f, const char *name, struct diag *err);
/* The same, from a string. */
struct xc_problem *xcfile_parse(const char *text, const char *name, struct diag *err);
/* Write p; comment (may be NULL, may have several lines) goes first as `|` lines. */
void xcfile_write(FILE *f, const struct xc_problem *p, const char *comment);
/* Write one option as the items it contains, in its own order. */
void xcfile_write_option(FILE *f, const struct xc_problem *p, int option);

#endif
