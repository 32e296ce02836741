/* The framer in front of libtermkey: whole keys and mouse reports come
 * through as one unit each, however the bytes are split between reads; a
 * sequence that is too long, broken or a control string is dropped whole and
 * never turns into keys; and no input, however random, makes it hold on to
 * more than a unit's worth or stop taking bytes. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "ui/frame.h"

/* Units written out: printable bytes as they are, others as \ooo, each
 * unit followed by '|'. */
static void show(char *out, size_t size, const struct frame_unit *u)
{
	size_t n = strlen(out);
	for (size_t i = 0; i < u->len && n + 6 < size; i++) {
		unsigned char b = u->bytes[i];
		if (b == 0x1b)
			n += (size_t)snprintf(out + n, size - n, "^[");
		else if (b >= 0x20 && b < 0x7f)
			out[n++] = (char)b, out[n] = '\0';
		else
			n += (size_t)snprintf(out + n, size - n, "\\%03o", b);
	}
	if (n + 1 < size)
		out[n++] = '|', out[n] = '\0';
}

/* Feed in[0..n) in pieces cut at the positions in cuts (ascending, ended
 * by 0), then say the input went quiet if quiet; the units as text. */
static const char *run_cut(bool utf8, const char *in, size_t n, const size_t *cuts, bool quiet)
{
	static char out[8192];
	struct frame f;
	struct frame_unit u;
	frame_init(&f, utf8);
	out[0] = '\0';
	size_t at = 0;
	for (int c = 0;; c++) {
		size_t end = cuts && cuts[c] ? cuts[c] : n;
		while (at < end) {
			at += frame_feed(&f, (const unsigned char *)in + at, end - at, &u);
			if (u.len)
				show(out, sizeof out, &u);
		}
		if (end == n)
			break;
	}
	if (quiet && frame_quiet(&f, &u))
		show(out, sizeof out, &u);
	return out;
}

static const char *run(bool utf8, const char *in, bool quiet)
{
	return run_cut(utf8, in, strlen(in), NULL, quiet);
}

#define U8 true
#define RAW false

static void keys_and_mouse(void)
{
	is_str(run(U8, "abc", false), "a|b|c|", "letters: one unit each");
	is_str(run(U8, "\r\t\177\001\022", false), "\\015|\\011|\\177|\\001|\\022|", "Enter, Tab, Backspace, Ctrl keys");
	is_str(run(U8, "\033[A\033[B\033OC\033OD", false), "^[[A|^[[B|^[OC|^[OD|", "arrows, CSI and SS3");
	is_str(run(U8, "\033[H\033[F\033[1~\033[4~\033[5~\033[6~", false), "^[[H|^[[F|^[[1~|^[[4~|^[[5~|^[[6~|",
	       "Home, End, PgUp, PgDn");
	is_str(run(U8, "\033[Z\033[1;5C\033Ok\033Om", false), "^[[Z|^[[1;5C|^[Ok|^[Om|",
	       "BackTab, Ctrl-Right, keypad + and -");
	is_str(run(U8, "\033[<0;12;5M\033[<32;13;5M\033[<0;13;5m\033[<35;80;24M", false),
	       "^[[<0;12;5M|^[[<32;13;5M|^[[<0;13;5m|^[[<35;80;24M|", "SGR mouse: press, drag, release, motion");
	is_str(run(U8, "\033[M !!\033[M#\377\377x", false), "^[[M !!|^[[M#\\377\\377|x|",
	       "X10 mouse: three raw bytes, any value");
	is_str(run(U8, "\033[[A", false), "^[[[A|", "the Linux console's F1");
	is_str(run(U8, "\033O5P", false), "^[O5P|", "SS3 with a modifier");
}

static void escape_and_alt(void)
{
	is_str(run(U8, "\033", false), "", "a lone Esc waits");
	is_str(run(U8, "\033", true), "^[|", "then, the input quiet, it is Escape");
	is_str(run(U8, "\033x", false), "^[x|", "Esc and a letter: Alt");
	is_str(run(U8, "\033\033", true), "^[^[|", "Esc Esc, then quiet: Alt-Escape");
	is_str(run(U8, "\033\033[A", false), "^[^[[A|", "Esc before a sequence: Alt-Up");
	is_str(run(U8, "\033\033\033", true), "^[^[|^[|", "three Escs");
	is_str(run(U8, "\033[", true), "^[[|", "Alt-[ typed");
	is_str(run(U8, "\033O", true), "^[O|", "Alt-O typed");
	is_str(run(U8, "\033]", true), "^[]|", "Alt-] typed");
	is_str(run(U8, "\033\303\251", false), "^[\\303\\251|", "Alt and a UTF-8 letter");
	is_str(run(U8, "\033\200x", false), "^[|x|", "Esc and a stray byte: Escape, and the byte dropped");
}

static void text(void)
{
	is_str(run(U8, "\303\251\342\202\254\360\237\230\200z", false), "\\303\\251|\\342\\202\\254|\\360\\237\\230\\200|z|",
	       "UTF-8: two, three and four bytes, one unit each");
	is_str(run(U8, "\303(", false), "(|", "a cut UTF-8 character is dropped, the next byte kept");
	is_str(run(U8, "\303", true), "", "a UTF-8 lead byte alone, then quiet: dropped");
	is_str(run(U8, "\355\240\200\300\257\370x", false), "x|", "surrogates, overlong forms, 0xF8: dropped");
	is_str(run(U8, "\233A", false), "A|", "UTF-8: a C1 byte is a stray byte");
	is_str(run(RAW, "\351\374a", false), "\\351|\\374|a|", "LANG=C: one byte a character");
	is_str(run(RAW, "\233A\217P", false), "^[[A|^[OP|", "LANG=C: 8-bit CSI and SS3");
	is_str(run(RAW, "\235title\234x\205y", false), "x|y|", "LANG=C: 8-bit OSC and ST; other C1 dropped");
}

static void garbage(void)
{
	char in[1024];
	int n = sprintf(in, "\033[");
	for (int i = 0; i < 300; i++)
		in[n++] = (char)('0' + i % 10);
	in[n] = '\0';
	is_str(run(U8, in, false), "", "Esc [ and 300 digits: nothing");
	is_str(run(U8, in, true), "", "and then quiet: nothing");
	strcpy(in + n, "q");
	is_str(run(U8, in, false), "", "a q at once after them is their final byte");
	struct frame f;
	struct frame_unit u;
	frame_init(&f, true);
	frame_feed(&f, (const unsigned char *)in, (size_t)n, &u);
	size_t more = 0;
	while (more < 1000 && frame_feed(&f, (const unsigned char *)in + 2, 1, &u) == 1 && !u.len)
		more++;
	ok(more == 1000 && frame_pending(&f), "digits go on being skipped for as long as they come");
	frame_quiet(&f, &u);
	frame_feed(&f, (const unsigned char *)"q", 1, &u);
	ok(u.len == 1 && u.bytes[0] == 'q', "a q after a quiet moment is a key");
	ok(f.dropped == 1, "one sequence dropped (%lu)", f.dropped);

	n = sprintf(in, "\033]");
	for (int i = 0; i < 300; i++)
		in[n++] = (char)('a' + i % 26);
	in[n] = '\0';
	is_str(run(U8, in, true), "", "Esc ] and 300 letters: nothing, not even when quiet");
	in[1] = 'P';
	is_str(run(U8, in, true), "", "Esc P and 300 letters: nothing");
	in[1] = '_';
	is_str(run(U8, in, true), "", "Esc _ and 300 letters: nothing");
	is_str(run(U8, "\033]0;a title\007x\033]2;t\033\\y\033Pq\033\\z", false), "x|y|z|",
	       "OSC, DCS ended by BEL or ST: dropped, what follows kept");
	is_str(run(U8, "\033]52;c;YWJj\033[A", false), "^[[A|", "a string cut short by a sequence");
	is_str(run(U8, "\033[12\033[B", false), "^[[B|", "a CSI cut short by another");
	is_str(run(U8, "\033[12\030x", false), "x|", "CAN cancels a sequence");
	is_str(run(U8, "\033[12\001;3Ax", false), "x|", "a broken CSI is skipped to its final byte");
	is_str(run(U8, "\033[1$2Ax", false), "x|", "a parameter after an intermediate breaks it");
	is_str(run(U8, "\033[123", true), "", "a CSI cut short by silence: its digits are no keys");
	is_str(run(U8, "\033]Trr", true), "", "an unterminated string's letters are no keys");
	is_str(run(U8, "\033[1;2", true), "", "half a mouse report: nothing");

	/* The longest sequence taken, and one byte more. */
	n = sprintf(in, "\033[");
	while (n < FRAME_SEQ_MAX - 1)
		in[n++] = '1';
	in[n++] = 'A';
	in[n] = '\0';
	ok(strlen(run(U8, in, false)) == (size_t)FRAME_SEQ_MAX + 2, "a CSI of %d bytes is taken", FRAME_SEQ_MAX);
	memmove(in + 3, in + 2, (size_t)n - 1);
	is_str(run(U8, in, false), "", "one of %d bytes is not", FRAME_SEQ_MAX + 1);
}

/* Every split of a mixed input into two reads gives the same units. */
static void splits(void)
{
	static const char in[] = "ab\033[A\303\251\033[<0;12;5M\033Ok\033x\033]0;t\007\033[M !!"
	                         "\342\202\254\033[5~q\033\033[B\033[1;5C\033[12\001Az";
	size_t n = sizeof in - 1;
	char whole[8192];
	snprintf(whole, sizeof whole, "%s", run_cut(U8, in, n, NULL, true));
	is_str(whole,
	       "a|b|^[[A|\\303\\251|^[[<0;12;5M|^[Ok|^[x|^[[M !!|\\342\\202\\254|^[[5~|q|^[^[[B|^[[1;5C|z|",
	       "a mixed input, in one read");
	int bad = 0;
	for (size_t i = 1; i < n; i++) {
		size_t cuts[] = { i, 0 };
		if (strcmp(run_cut(U8, in, n, cuts, true), whole) != 0)
			bad++;
	}
	ok(bad == 0, "the same split in two at each of %zu places (%d differ)", n - 1, bad);
	size_t every[sizeof in];
	for (size_t i = 0; i + 1 < n; i++)
		every[i] = i + 1;
	every[n - 1] = 0;
	is_str(run_cut(U8, in, n, every, true), whole, "the same a byte at a time");
}

/* Random bytes: every byte is taken, and what comes out has the shape of a
 * unit: one character, or Esc and a sequence no longer than the limit. */
static void random_bytes(void)
{
	unsigned long seed = 12345;
	int bad_shape = 0, stuck = 0;
	size_t units = 0;
	for (int round = 0; round < 200; round++) {
		struct frame f;
		struct frame_unit u;
		frame_init(&f, round % 2 == 0);
		unsigned char in[2048];
		for (size_t i = 0; i < sizeof in; i++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			unsigned r = (unsigned)(seed >> 33);
			/* Plenty of Escs and sequence bytes, not just noise. */
			in[i] = r % 4 == 0 ? 0x1b : r % 4 == 1 ? (unsigned char)("[O]P\\;0123456789AMm~<"[r / 4 % 21])
			                                     : (unsigned char)(r >> 8);
		}
		size_t at = 0;
		while (at < sizeof in) {
			size_t took = frame_feed(&f, in + at, sizeof in - at, &u);
			if (!took && !u.len) {
				stuck++;
				break;
			}
			at += took;
			if (u.len) {
				units++;
				if (u.len > FRAME_UNIT_MAX || (u.len > 4 && u.bytes[0] != 0x1b))
					bad_shape++;
			}
			if (at % 97 == 0 && frame_quiet(&f, &u))
				units++;
		}
		frame_quiet(&f, &u);
		if (frame_pending(&f))
			stuck++;
	}
	ok(stuck == 0, "random bytes: every byte taken, nothing held after quiet");
	ok(bad_shape == 0, "random bytes: %zu units, each one character or one sequence", units);
}

int main(void)
{
	keys_and_mouse();
	escape_and_alt();
	text();
	garbage();
	splits();
	random_bytes();
	return tap_done();
}
