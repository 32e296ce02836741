#include "config.h"

#include "ui/frame.h"

#include <string.h>

/* The grammar is ECMA-48's, as terminals send it:
 *   CSI  Esc [ params (0x30-0x3F) intermediates (0x20-0x2F) final (0x40-0x7E)
 *   SS3  Esc O final (keypad, F1-F4; some send parameters before it)
 *   X10 mouse  Esc [ M and three raw bytes
 *   Linux console F1-F5  Esc [ [ and one letter
 *   strings  Esc ] (OSC), Esc P (DCS), Esc _ (APC), Esc ^ (PM), Esc X (SOS),
 *            ended by BEL or Esc \ (ST)
 *   Esc and any other byte: Alt and that key.
 * CAN and SUB cancel a sequence; an Esc in the middle of one starts the next
 * (the one before was cut short). */

enum {
	GROUND,
	ESC,        /* Esc (or Esc Esc) seen */
	CSI,
	SS3,
	X10,        /* Esc [ M: three bytes to come */
	LINUX_FN,   /* Esc [ [: one letter to come */
	STRING,     /* a control string: skipped to its end */
	STRING_ESC, /* an Esc in a string: ST, or the next sequence */
	UTF8,
	SKIP,       /* a broken CSI or SS3: skipped to its final byte */
};

#define BYTE_ESC 0x1b
#define BYTE_BEL 0x07
#define BYTE_CAN 0x18
#define BYTE_SUB 0x1a
#define BYTE_ST 0x9c /* 8-bit ST; only where bytes are not UTF-8 */

void frame_init(struct frame *f, bool utf8)
{
	memset(f, 0, sizeof *f);
	f->utf8 = utf8;
	f->state = GROUND;
}

static void reset(struct frame *f)
{
	bool utf8 = f->utf8;
	unsigned long dropped = f->dropped;
	frame_init(f, utf8);
	f->dropped = dropped;
}

static void drop(struct frame *f)
{
	f->dropped++;
	reset(f);
}

static void emit(struct frame *f, struct frame_unit *u)
{
	memcpy(u->bytes, f->buf, f->len);
	u->len = f->len;
	reset(f);
}

static void start(struct frame *f, int state, unsigned char a, unsigned char b)
{
	f->buf[f->len++] = a;
	if (b)
		f->buf[f->len++] = b;
	f->state = state;
}

/* A UTF-8 lead byte: how many bytes follow, and the range of the first of
 * them (which rules out overlong forms, surrogates and beyond U+10FFFF). */
static bool utf8_lead(struct frame *f, unsigned char b)
{
	f->lo = 0x80;
	f->hi = 0xbf;
	if (b >= 0xc2 && b <= 0xdf)
		f->need = 1;
	else if (b >= 0xe0 && b <= 0xef) {
		f->need = 2;
		if (b == 0xe0)
			f->lo = 0xa0;
		else if (b == 0xed)
			f->hi = 0x9f;
	} else if (b >= 0xf0 && b <= 0xf4) {
		f->need = 3;
		if (b == 0xf0)
			f->lo = 0x90;
		else if (b == 0xf4)
			f->hi = 0x8f;
	} else
		return false;
	return true;
}

/* A CSI or SS3 cut short by byte b: drop it; an Esc starts the next
 * sequence, CAN and SUB end it, anything else means skipping to the
 * sequence's final byte (or until the input goes quiet). */
static bool broken(struct frame *f, unsigned char b)
{
	drop(f);
	if (b == BYTE_ESC)
		return false;
	if (b != BYTE_CAN && b != BYTE_SUB)
		f->state = SKIP;
	return true;
}

/* The byte that ends a CSI, SS3 or console sequence completes its unit;
 * any other breaks it. */
static bool final_byte(struct frame *f, unsigned char b, struct frame_unit *u)
{
	if (b < 0x40 || b > 0x7e)
		return broken(f, b);
	f->buf[f->len++] = b;
	emit(f, u);
	return true;
}

/* A parameter or intermediate byte, leaving room for the final one. */
static bool add(struct frame *f, unsigned char b)
{
	if (f->len - f->alt + 1 >= FRAME_SEQ_MAX) {
		/* Longer than any key: noise.  Skip the rest of it. */
		drop(f);
		f->state = SKIP;
		return true;
	}
	f->buf[f->len++] = b;
	return true;
}

static bool ground(struct frame *f, unsigned char b, struct frame_unit *u)
{
	if (b == BYTE_ESC) {
		start(f, ESC, b, 0);
		return true;
	}
	if (b < 0x80) {
		u->bytes[0] = b;
		u->len = 1;
		return true;
	}
	if (f->utf8) {
		if (utf8_lead(f, b))
			start(f, UTF8, b, 0);
		else
			f->dropped++; /* a stray continuation byte, or never UTF-8 */
		return true;
	}
	/* One byte a character: 0x80-0x9F are the C1 controls, of which some
	 * open the same sequences as Esc and a letter. */
	switch (b) {
	case 0x9b: start(f, CSI, BYTE_ESC, '['); return true;
	case 0x8f: start(f, SS3, BYTE_ESC, 'O'); return true;
	case 0x90: case 0x98: case 0x9d: case 0x9e: case 0x9f:
		start(f, STRING, BYTE_ESC, (unsigned char)(b - 0x40));
		return true;
	default: break;
	}
	if (b < 0xa0) {
		f->dropped++;
		return true;
	}
	u->bytes[0] = b;
	u->len = 1;
	return true;
}

/* After an Esc: a second Esc (Alt), the letter that opens a sequence or
 * a string, or Alt and a key. */
static bool after_esc(struct frame *f, unsigned char b, struct frame_unit *u)
{
	if (b == BYTE_ESC) {
		if (f->alt) { /* Esc Esc Esc: Alt-Esc, then another */
			emit(f, u);
			return false;
		}
		f->alt = 1;
		f->buf[f->len++] = b;
		return true;
	}
	switch (b) {
	case '[': start(f, CSI, b, 0); return true;
	case 'O': start(f, SS3, b, 0); return true;
	case ']': case 'P': case '_': case '^': case 'X':
		start(f, STRING, b, 0);
		return true;
	default: break;
	}
	if (b < 0x80 || (!f->utf8 && b >= 0xa0)) { /* Alt and a key */
		f->buf[f->len++] = b;
		emit(f, u);
		return true;
	}
	if (f->utf8 && utf8_lead(f, b)) {
		start(f, UTF8, b, 0);
		return true;
	}
	emit(f, u); /* Escape; the byte is looked at on its own */
	return false;
}

/* In a CSI: right after Esc [ an M (X10 mouse) or a [ (console F-key),
 * then parameters, intermediates and the final byte. */
static bool in_csi(struct frame *f, unsigned char b, struct frame_unit *u)
{
	if (f->len - f->alt == 2) {
		if (b == 'M') {
			f->need = 3;
			start(f, X10, b, 0);
			return true;
		}
		if (b == '[') {
			start(f, LINUX_FN, b, 0);
			return true;
		}
	}
	if (b >= 0x30 && b <= 0x3f && !f->intermediate)
		return add(f, b);
	if (b >= 0x20 && b <= 0x2f) {
		f->intermediate = true;
		return add(f, b);
	}
	return final_byte(f, b, u);
}

/* In a control string: skipped to its end (BEL, ST), or cut short. */
static bool in_string(struct frame *f, unsigned char b)
{
	if (b == BYTE_BEL || b == BYTE_CAN || b == BYTE_SUB || (!f->utf8 && b == BYTE_ST)) {
		drop(f); /* whole, but of no use to the game */
		return true;
	}
	if (b == BYTE_ESC)
		f->state = STRING_ESC;
	else
		f->body++;
	return true;
}

/* An Esc in a control string: Esc \ is its end; anything else starts the
 * next sequence. */
static bool string_esc(struct frame *f, unsigned char b)
{
	drop(f);
	if (b == '\\')
		return true;
	/* Cut short by the next sequence, whose Esc has been taken. */
	start(f, ESC, BYTE_ESC, 0);
	return false;
}

/* A continuation byte of a UTF-8 character, in the range utf8_lead set. */
static bool in_utf8(struct frame *f, unsigned char b, struct frame_unit *u)
{
	if (b < f->lo || b > f->hi) {
		drop(f);
		return false;
	}
	f->buf[f->len++] = b;
	f->lo = 0x80;
	f->hi = 0xbf;
	if (--f->need == 0)
		emit(f, u);
	return true;
}

/* Skipping a broken sequence to its final byte; an Esc starts the next. */
static bool skipping(struct frame *f, unsigned char b)
{
	if (b == BYTE_ESC) {
		reset(f);
		return false;
	}
	if ((b >= 0x40 && b <= 0x7e) || b == BYTE_CAN || b == BYTE_SUB)
		reset(f);
	return true;
}

/* One byte; false if it was not taken (it ended the unit before it, and
 * goes again from the ground state). */
static bool step(struct frame *f, unsigned char b, struct frame_unit *u)
{
	switch (f->state) {
	case GROUND: return ground(f, b, u);
	case ESC: return after_esc(f, b, u);
	case CSI: return in_csi(f, b, u);
	case SS3:
		if (b >= 0x30 && b <= 0x3f)
			return add(f, b);
		return final_byte(f, b, u);
	case X10: /* any byte: they are numbers plus 32 */
		f->buf[f->len++] = b;
		if (--f->need == 0)
			emit(f, u);
		return true;
	case LINUX_FN: return final_byte(f, b, u);
	case STRING: return in_string(f, b);
	case STRING_ESC: return string_esc(f, b);
	case UTF8: return in_utf8(f, b, u);
	case SKIP: return skipping(f, b);
	}
	reset(f);
	return false;
}

size_t frame_feed(struct frame *f, const unsigned char *in, size_t n, struct frame_unit *u)
{
	size_t i = 0;
	u->len = 0;
	while (i < n && !u->len)
		if (step(f, in[i], u))
			i++;
	return i;
}

bool frame_pending(const struct frame *f)
{
	return f->state != GROUND;
}

bool frame_quiet(struct frame *f, struct frame_unit *u)
{
	u->len = 0;
	switch (f->state) {
	case GROUND:
		return false;
	case ESC: /* Escape, or Alt-Escape */
		emit(f, u);
		return true;
	case CSI:
	case SS3:
	case STRING:
		/* Esc and the letter that would open a sequence, and then
		 * nothing: that was typed, Alt-[ or Alt-O. */
		if (f->len - f->alt == 2 && f->body == 0) {
			emit(f, u);
			return true;
		}
		drop(f);
		return false;
	case SKIP:
		reset(f);
		return false;
	default:
		drop(f);
		return false;
	}
}
