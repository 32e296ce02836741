/* Number Mind's descriptions, read and written (the format is in
 * numbermind_state.h). */
#ifndef LD_NUMBERMIND_DESC_H
#define LD_NUMBERMIND_DESC_H

#include <stdbool.h>

#include "util/diag.h"
#include "util/strbuf.h"

struct puzzle_state;

/* desc into *s; false with why and *bad_line its line (from 0), or -1 for
 * a fault of the whole (no guesses). */
bool numbermind_desc_read(struct puzzle_state *s, const char *desc, int *bad_line, struct diag *err);
/* s as a description that numbermind_desc_read reads back to s. */
void numbermind_desc_write(const struct puzzle_state *s, struct strbuf *out);

#endif
