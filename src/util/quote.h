/* Names in the text files the game writes (records, saves) may hold any
 * byte a file name can: spaces, newlines, quotes.  They are written as one
 * token that reads back whole: a bare word when that is safe, else in
 * double quotes with the escapes \\ \" \n \r \t and \xHH. */
#ifndef LD_QUOTE_H
#define LD_QUOTE_H

#include <stdbool.h>
#include <stddef.h>

#include "util/strbuf.h"

/* Add s to b as one token. */
void quote_add(struct strbuf *b, const char *s);

/* Read one token at *p (quoted, or a bare word up to a blank), skipping
 * the blanks before it; *p then points after it.  False if there is no
 * token, a quote is not closed, an escape is unknown or stands for a NUL,
 * or the text needs more than size bytes. */
bool quote_read(const char **p, char *out, size_t size);

#endif
