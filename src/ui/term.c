#include "config.h"

#include "ui/term.h"

#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <term.h>
#include <termios.h>
#include <termkey.h>
#include <unistd.h>

#include "util/xalloc.h"

volatile sig_atomic_t term_quit_signal;
volatile sig_atomic_t term_resized;

#define MOUSE_ON "\033[?1000h\033[?1002h\033[?1003h\033[?1006h"
#define MOUSE_OFF "\033[?1006l\033[?1003l\033[?1002l\033[?1000l"

/* What a fatal signal's handler writes to give the terminal back; made
 * ready in advance, since the handler may call nothing but write(2) and
 * tcsetattr(3). */
static char restore_bytes[512];
static size_t restore_len;
static struct termios restore_modes;
static volatile sig_atomic_t restore_armed;

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGQUIT, SIGTRAP, SIGSYS };
static const int quit_signals[] = { SIGINT, SIGTERM, SIGHUP };

struct terminal {
	TermKey *tk;
	bool unicode, colour, colour256, mouse_on, open;
	sigset_t wait_mask;        /* the signal mask while waiting */
	struct term_event queue[32];
	int n_queued, first;
	bool key_pending;          /* termkey holds a prefix (a lone Esc?) */
};

static void on_fatal(int sig)
{
	if (restore_armed) {
		ssize_t n = write(STDOUT_FILENO, restore_bytes, restore_len);
		(void)n;
		tcsetattr(STDIN_FILENO, TCSANOW, &restore_modes);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void on_quit(int sig)
{
	term_quit_signal = sig;
}

static void on_winch(int sig)
{
	(void)sig;
	term_resized = 1;
}

static void add_cap(const char *cap)
{
	char *s = tigetstr((char *)cap);
	if (s && s != (char *)-1) {
		size_t n = strlen(s);
		if (restore_len + n < sizeof restore_bytes) {
			memcpy(restore_bytes + restore_len, s, n);
			restore_len += n;
		}
	}
}

static void install(int sig, void (*handler)(int))
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

struct terminal *term_open(struct diag *err)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		diag_set(err, "the game needs a terminal (the batch commands do not: see linkdance --help)");
		return NULL;
	}
	struct terminal *t = xcalloc(1, sizeof *t);
	if (tcgetattr(STDIN_FILENO, &restore_modes) != 0) {
		diag_set(err, "cannot read the terminal's modes: %s", strerror(errno));
		free(t);
		return NULL;
	}
	const char *term_name = getenv("TERM");
	if (!newterm(NULL, stdout, stdin)) {
		diag_set(err, "cannot use the terminal type '%s'", term_name ? term_name : "(unset)");
		free(t);
		return NULL;
	}
	t->open = true;
	raw();
	noecho();
	nonl();
	keypad(stdscr, FALSE);
	curs_set(0);
	const char *codeset = nl_langinfo(CODESET);
	t->unicode = codeset && !strcmp(codeset, "UTF-8");
	const char *no_colour = getenv("NO_COLOR");
	t->colour = has_colors() && !(no_colour && *no_colour);
	if (t->colour) {
		start_color();
		use_default_colors();
		t->colour256 = COLORS >= 256 && COLOR_PAIRS >= 64;
	}

	restore_len = 0;
	memcpy(restore_bytes, MOUSE_OFF, sizeof MOUSE_OFF - 1);
	restore_len = sizeof MOUSE_OFF - 1;
	add_cap("sgr0");
	add_cap("cnorm");
	add_cap("rmkx");
	add_cap("rmcup");
	restore_armed = 1;

	t->tk = termkey_new(STDIN_FILENO, TERMKEY_FLAG_NOTERMIOS | TERMKEY_FLAG_CTRLC |
	                                      (t->unicode ? TERMKEY_FLAG_UTF8 : TERMKEY_FLAG_RAW));
	if (!t->tk) {
		term_close(t);
		diag_set(err, "cannot read keys from this terminal (libtermkey)");
		free(t);
		return NULL;
	}

	/* The signals that end the game, and resizes, are blocked but while
	 * waiting: their handlers then run between events, never in the middle
	 * of drawing. */
	sigset_t block;
	sigemptyset(&block);
	for (size_t i = 0; i < sizeof quit_signals / sizeof *quit_signals; i++)
		sigaddset(&block, quit_signals[i]);
	sigaddset(&block, SIGWINCH);
	pthread_sigmask(SIG_BLOCK, &block, &t->wait_mask);
	for (size_t i = 0; i < sizeof quit_signals / sizeof *quit_signals; i++)
		sigdelset(&t->wait_mask, quit_signals[i]);
	sigdelset(&t->wait_mask, SIGWINCH);
	for (size_t i = 0; i < sizeof quit_signals / sizeof *quit_signals; i++)
		install(quit_signals[i], on_quit);
	install(SIGWINCH, on_winch);
	for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
		install(fatal_signals[i], on_fatal);
	return t;
}

void term_close(struct terminal *t)
{
	if (!t || !t->open)
		return;
	term_mouse(t, false);
	if (t->tk) {
		termkey_destroy(t->tk);
		t->tk = NULL;
	}
	endwin();
	fflush(stdout);
	restore_armed = 0;
	for (size_t i = 0; i < sizeof fatal_signals / sizeof *fatal_signals; i++)
		install(fatal_signals[i], SIG_DFL);
	t->open = false;
}

bool term_unicode(const struct terminal *t)
{
	return t->unicode;
}

bool term_colour(const struct terminal *t)
{
	return t->colour;
}

bool term_colour256(const struct terminal *t)
{
	return t->colour256;
}

static void raw_write(const char *s)
{
	fflush(stdout);
	size_t n = strlen(s);
	while (n) {
		ssize_t w = write(STDOUT_FILENO, s, n);
		if (w <= 0 && errno != EINTR)
			return;
		if (w > 0)
			s += w, n -= (size_t)w;
	}
}

void term_mouse(struct terminal *t, bool on)
{
	if (t->mouse_on == on)
		return;
	raw_write(on ? MOUSE_ON : MOUSE_OFF);
	t->mouse_on = on;
}

void term_size(const struct terminal *t, int *rows, int *cols)
{
	(void)t;
	getmaxyx(stdscr, *rows, *cols);
}

static void push(struct terminal *t, struct term_event ev)
{
	if (t->n_queued < (int)(sizeof t->queue / sizeof *t->queue))
		t->queue[(t->first + t->n_queued++) % (int)(sizeof t->queue / sizeof *t->queue)] = ev;
}

static struct term_event pop(struct terminal *t)
{
	struct term_event ev = t->queue[t->first];
	t->first = (t->first + 1) % (int)(sizeof t->queue / sizeof *t->queue);
	t->n_queued--;
	return ev;
}

static void translate(struct terminal *t, const TermKeyKey *k)
{
	struct term_event ev = { .kind = TERM_KEY };
	ev.ctrl = (k->modifiers & TERMKEY_KEYMOD_CTRL) != 0;
	switch (k->type) {
	case TERMKEY_TYPE_UNICODE:
		ev.ch = k->code.codepoint;
		if (ev.ch == ' ') {
			ev.ch = 0;
			ev.sym = KEY_SYM_SPACE;
		}
		break;
	case TERMKEY_TYPE_KEYSYM:
		switch (k->code.sym) {
		case TERMKEY_SYM_UP: ev.sym = KEY_SYM_UP; break;
		case TERMKEY_SYM_DOWN: ev.sym = KEY_SYM_DOWN; break;
		case TERMKEY_SYM_LEFT: ev.sym = KEY_SYM_LEFT; break;
		case TERMKEY_SYM_RIGHT: ev.sym = KEY_SYM_RIGHT; break;
		case TERMKEY_SYM_ENTER:
		case TERMKEY_SYM_KPENTER: ev.sym = KEY_SYM_ENTER; break;
		case TERMKEY_SYM_ESCAPE: ev.sym = KEY_SYM_ESCAPE; break;
		case TERMKEY_SYM_TAB:
			ev.sym = (k->modifiers & TERMKEY_KEYMOD_SHIFT) ? KEY_SYM_BACKTAB : KEY_SYM_TAB;
			break;
		case TERMKEY_SYM_SPACE: ev.sym = KEY_SYM_SPACE; break;
		case TERMKEY_SYM_BACKSPACE:
		case TERMKEY_SYM_DEL: ev.sym = KEY_SYM_BACKSPACE; break;
		case TERMKEY_SYM_HOME: ev.sym = KEY_SYM_HOME; break;
		case TERMKEY_SYM_END: ev.sym = KEY_SYM_END; break;
		case TERMKEY_SYM_PAGEUP: ev.sym = KEY_SYM_PAGEUP; break;
		case TERMKEY_SYM_PAGEDOWN: ev.sym = KEY_SYM_PAGEDOWN; break;
		case TERMKEY_SYM_KPPLUS: ev.ch = '+'; break;
		case TERMKEY_SYM_KPMINUS: ev.ch = '-'; break;
		default: return;
		}
		break;
	case TERMKEY_TYPE_MOUSE: {
		TermKeyMouseEvent mev;
		int button, line, col;
		if (termkey_interpret_mouse(t->tk, k, &mev, &button, &line, &col) != TERMKEY_RES_KEY)
			return;
		ev.kind = TERM_MOUSE;
		/* termkey counts from 1, curses from 0: convert here, once. */
		ev.row = line - 1;
		ev.col = col - 1;
		ev.button = button;
		ev.press = mev == TERMKEY_MOUSE_PRESS;
		ev.drag = mev == TERMKEY_MOUSE_DRAG;
		/* A motion report with no button held (SGR code 35) comes out of
		 * libtermkey as a release of button 0; a real release names its
		 * button.  Make it what it is: the pointer moving. */
		ev.release = mev == TERMKEY_MOUSE_RELEASE && button != 0;
		break;
	}
	default:
		return;
	}
	push(t, ev);
}

static void read_keys(struct terminal *t, bool force)
{
	TermKeyKey k;
	TermKeyResult r;
	for (;;) {
		r = force ? termkey_getkey_force(t->tk, &k) : termkey_getkey(t->tk, &k);
		if (r == TERMKEY_RES_KEY) {
			translate(t, &k);
			continue;
		}
		t->key_pending = r == TERMKEY_RES_AGAIN;
		if (r == TERMKEY_RES_EOF)
			term_quit_signal = SIGHUP; /* the terminal has gone */
		return;
	}
}

struct term_event term_wait(struct terminal *t, int timeout_ms, int extra_fd)
{
	for (;;) {
		if (t->n_queued)
			return pop(t);
		if (term_quit_signal)
			return (struct term_event){ .kind = TERM_QUIT };
		if (term_resized) {
			term_resized = 0;
			struct winsize ws;
			if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
				resizeterm(ws.ws_row, ws.ws_col);
			return (struct term_event){ .kind = TERM_RESIZE };
		}
		struct pollfd pfd[2] = { { .fd = STDIN_FILENO, .events = POLLIN }, { .fd = extra_fd, .events = POLLIN } };
		int wait = timeout_ms;
		if (t->key_pending) {
			int esc = termkey_get_waittime(t->tk);
			if (wait < 0 || esc < wait)
				wait = esc;
		}
		struct timespec ts = { wait / 1000, (long)(wait % 1000) * 1000000L };
		int n = ppoll(pfd, extra_fd >= 0 ? 2 : 1, wait >= 0 ? &ts : NULL, &t->wait_mask);
		if (n < 0) {
			if (errno == EINTR)
				continue; /* a signal: its flag is looked at above */
			return (struct term_event){ .kind = TERM_TIMEOUT };
		}
		if (n == 0) {
			if (t->key_pending) {
				read_keys(t, true);
				if (t->n_queued)
					continue;
			}
			if (wait == timeout_ms || timeout_ms < 0)
				return (struct term_event){ .kind = TERM_TIMEOUT };
			continue;
		}
		if (pfd[0].revents & (POLLIN | POLLHUP | POLLERR)) {
			if (termkey_advisereadable(t->tk) == TERMKEY_RES_AGAIN || (pfd[0].revents & POLLIN))
				read_keys(t, false);
			if (pfd[0].revents & (POLLHUP | POLLERR))
				term_quit_signal = SIGHUP;
		}
		if (extra_fd >= 0 && (pfd[1].revents & POLLIN)) {
			if (t->n_queued)
				continue;
			return (struct term_event){ .kind = TERM_WAKE };
		}
	}
}
