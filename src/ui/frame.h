/* The bytes that come from the terminal, cut into whole units before
 * libtermkey sees them: one character, or one complete escape sequence
 * (with an Esc in front for Alt).  libtermkey waits for the end of a
 * sequence for as long as its buffer lasts and then stops reading, so a
 * sequence that never ends (or is longer than that buffer) would stall the
 * input for good; and when it gives up on a sequence it hands its bytes on
 * as keys.  Here a sequence that is too long, or broken by a byte that
 * cannot belong to it, is thrown away whole, and so are control strings
 * (OSC, DCS, APC, PM, SOS), which the game never asks for.
 *
 * Pure: no curses, no libtermkey, no clock.  The caller says when the input
 * has gone quiet (frame_quiet), which is what tells a lone Esc from the
 * start of a sequence. */
#ifndef LD_FRAME_H
#define LD_FRAME_H

#include <stdbool.h>
#include <stddef.h>

/* The longest CSI or SS3 sequence taken: the longest a terminal sends for a
 * key or a mouse report is about 20 bytes. */
#define FRAME_SEQ_MAX 64
/* A unit: perhaps an Esc for Alt, and a sequence or a character. */
#define FRAME_UNIT_MAX (FRAME_SEQ_MAX + 1)

struct frame_unit {
	unsigned char bytes[FRAME_UNIT_MAX];
	size_t len; /* 0: no unit */
};

struct frame {
	bool utf8;             /* UTF-8 input, or one byte a character */
	int state;
	unsigned char buf[FRAME_UNIT_MAX]; /* the unit so far */
	size_t len;
	size_t alt;            /* 1 if buf starts with an Esc for Alt */
	int need;              /* bytes still to come: UTF-8, X10 mouse */
	unsigned char lo, hi;  /* the bounds of the next UTF-8 byte */
	bool intermediate;     /* CSI: an intermediate byte has come */
	size_t body;           /* control string: its length so far */
	unsigned long dropped; /* sequences and stray bytes thrown away */
};

void frame_init(struct frame *f, bool utf8);

/* Take bytes from in[0..n) until a unit is complete (then u->len > 0) or
 * the bytes run out; returns how many were taken.  Call again with the
 * rest. */
size_t frame_feed(struct frame *f, const unsigned char *in, size_t n, struct frame_unit *u);

/* Part of a unit is held, or a broken sequence is being skipped: if no
 * byte comes for the Esc wait time, call frame_quiet. */
bool frame_pending(const struct frame *f);

/* The input has gone quiet: a lone Esc is the Escape key, Esc and one more
 * byte an Alt key; anything else unfinished is dropped, and skipping ends.
 * Returns whether u holds a unit. */
bool frame_quiet(struct frame *f, struct frame_unit *u);

#endif
