/* The terminal: curses owns its modes (raw, no echo, no newline
 * translation, the alternate screen); we read the bytes that come in, cut
 * them into whole keys and mouse reports (frame.h, which throws away what is
 * not), and libtermkey decodes those; we switch mouse reporting on and off
 * ourselves.  Whatever way the program ends, the terminal is given back as
 * it was: term_close() on the way out; precomputed bytes and the saved modes
 * written on a fatal signal (before it is raised again), on exit() from
 * anywhere, and from a sanitizer's death callback.  Ctrl-Z gives it back
 * for as long as the game is stopped. */
#ifndef LD_TERM_H
#define LD_TERM_H

#include <signal.h>
#include <stdbool.h>

#include "util/diag.h"

struct terminal;

/* Signals that end the game cleanly (SIGINT, SIGTERM, SIGHUP), SIGWINCH and
 * SIGTSTP are kept blocked except while term_wait() sleeps; their handlers
 * only set flags. */
extern volatile sig_atomic_t term_quit_signal;
extern volatile sig_atomic_t term_resized;

struct terminal *term_open(struct diag *err);
/* Give the terminal back; safe to call twice. */
void term_close(struct terminal *t);

bool term_unicode(const struct terminal *t);   /* UTF-8: draw with Unicode */
bool term_colour(const struct terminal *t);    /* colours, and not NO_COLOR */
bool term_colour256(const struct terminal *t);

/* Mouse reporting: off, or buttons and every motion (SGR 1006). */
void term_mouse(struct terminal *t, bool on);

enum term_event_kind {
	TERM_NONE,
	TERM_KEY,        /* key: a character (ch) or a named key */
	TERM_MOUSE,      /* button press, drag or motion at (row, col), 0-based */
	TERM_RESIZE,
	TERM_QUIT,       /* a signal asked us to end */
	TERM_WAKE,       /* the extra file descriptor is readable */
	TERM_TIMEOUT,
	TERM_RESUME,     /* back from Ctrl-Z: redraw all; the time away was not play */
};

enum term_keysym {
	KEY_SYM_NONE,
	KEY_SYM_UP, KEY_SYM_DOWN, KEY_SYM_LEFT, KEY_SYM_RIGHT,
	KEY_SYM_ENTER, KEY_SYM_ESCAPE, KEY_SYM_TAB, KEY_SYM_BACKTAB, KEY_SYM_SPACE, KEY_SYM_BACKSPACE,
	KEY_SYM_HOME, KEY_SYM_END, KEY_SYM_PAGEUP, KEY_SYM_PAGEDOWN, KEY_SYM_DELETE,
};

struct term_event {
	enum term_event_kind kind;
	long ch;                /* TERM_KEY: the character (0 for a named key) */
	enum term_keysym sym;   /* TERM_KEY: the named key */
	bool ctrl;
	int button;             /* TERM_MOUSE: 1 left, 2 middle, 3 right, 0 none */
	bool press, release, drag; /* none of them: the pointer moved */
	int row, col;
};

/* Wait up to timeout_ms (-1: no limit) for input, a signal, or extra_fd
 * (-1: none) to be readable, and return the first event.  A suspend
 * (Ctrl-Z, SIGTSTP) happens in here: it returns TERM_RESUME. */
struct term_event term_wait(struct terminal *t, int timeout_ms, int extra_fd);
/* The size of the screen. */
void term_size(const struct terminal *t, int *rows, int *cols);

#endif
