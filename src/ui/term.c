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
#include <time.h>
#include <unistd.h>

#include "ui/frame.h"
#include "util/clock.h"
#include "util/xalloc.h"

#if defined(LD_SANITIZERS) || defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#include <sanitizer/common_interface_defs.h>
#define SANITIZED 1
#endif

volatile sig_atomic_t term_quit_signal;
volatile sig_atomic_t term_resized;
/* Ctrl-Z, or SIGTSTP from elsewhere: stop, once the screen is given back. */
static volatile sig_atomic_t suspend_wanted;

#define MOUSE_ON "\033[?1000h\033[?1002h\033[?1003h\033[?1006h"
#define MOUSE_OFF "\033[?1006l\033[?1003l\033[?1002l\033[?1000l"

/* What gives the terminal back when the program ends without term_close
 * (a fatal signal, exit() from anywhere, a sanitizer's report); made ready
 * in advance, since a signal handler may call nothing but write(2) and
 * tcsetattr(3). */
static char restore_bytes[512];
static size_t restore_len;
static struct termios restore_modes;
static volatile sig_atomic_t restore_armed;

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGQUIT, SIGTRAP, SIGSYS };
/* Kept blocked but while term_wait() sleeps; their handlers set flags. */
static const int wait_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP };

#define QUEUE_LEN 32

struct terminal {
	TermKey *tk;
	struct frame frame;
	bool unicode, colour, colour256, mouse_on, open;
	sigset_t wait_mask;        /* the signal mask while waiting */
	struct term_event queue[QUEUE_LEN];
	int n_queued, first;
	/* Bytes read and not yet framed: left here while the queue is full,
	 * so that a burst is taken in order and whole. */
	unsigned char in[4096];
	size_t in_at, in_len;
	double last_input;         /* when bytes last came */
	int susp_char;             /* the terminal's suspend key, or -1 */
	int fault;                 /* LINKDANCE_TEST_FAULT, see term_open */
};

static void restore_now(void)
{
	ssize_t n = write(STDOUT_FILENO, restore_bytes, restore_len);
	(void)n;
	tcsetattr(STDIN_FILENO, TCSANOW, &restore_modes);
	restore_armed = 0;
}

static void on_fatal(int sig)
{
	if (restore_armed)
		restore_now();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The ways out that skip term_close: exit() from anywhere (a fatal error),
 * and the sanitizers' reports. */
static void restore_late(void)
{
	if (restore_armed)
		restore_now();
}

#ifdef SANITIZED
/* A sanitizer's report ends in _exit, without a signal or atexit, and it
 * would be written on the alternate screen, which leaving it wipes.  So the
 * terminal is given back as soon as an error is found, before the report is
 * printed: AddressSanitizer calls __asan_on_error, UndefinedBehaviorSanitizer
 * __ubsan_on_report (a hook of its runtime that no header declares), both
 * weak in the runtime and defined here.  Every report is fatal in our
 * sanitizer builds (-fno-sanitize-recover=all), so the game never goes on
 * drawing after it.  The death callback catches any other way a sanitizer
 * ends the program. */
void __asan_on_error(void);
void __ubsan_on_report(void);

void __asan_on_error(void)
{
	restore_late();
}

void __ubsan_on_report(void)
{
	restore_late();
}
#endif

static void on_quit(int sig)
{
	term_quit_signal = sig;
}

static void on_winch(int sig)
{
	(void)sig;
	term_resized = 1;
}

static void on_tstp(int sig)
{
	(void)sig;
	suspend_wanted = 1;
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

/* The game draws by moving the cursor: a terminal that cannot (TERM=dumb,
 * a printing terminal) would show a title and nothing else.  Asked before
 * curses takes the screen, so that a refusal leaves it untouched. */
static bool usable_type(struct diag *err)
{
	const char *name = getenv("TERM");
	int status = 0;
	if (!name || !*name) {
		diag_set(err, "TERM is not set: the game needs to know the terminal's type");
		return false;
	}
	if (setupterm((char *)name, STDOUT_FILENO, &status) != OK) {
		if (status == 0)
			diag_set(err, "unknown terminal type TERM=%.20s (no terminfo entry)", name);
		else
			diag_set(err, "cannot use TERM=%.20s", name);
		return false;
	}
	char *cup = tigetstr("cup");
	bool moves = cup && cup != (char *)-1;
	del_curterm(cur_term);
	if (!moves) {
		diag_set(err, "cannot play on TERM=%.20s: it cannot move the cursor", name);
		return false;
	}
	return true;
}

struct terminal *term_open(struct diag *err)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		diag_set(err, "the game needs a terminal (the batch commands do not: see linkdance --help)");
		return NULL;
	}
	if (tcgetattr(STDIN_FILENO, &restore_modes) != 0) {
		diag_set(err, "cannot read the terminal's modes: %s", strerror(errno));
		return NULL;
	}
	if (!usable_type(err))
		return NULL;
	struct terminal *t = xcalloc(1, sizeof *t);
	const char *term_name = getenv("TERM");
	if (!newterm(NULL, stdout, stdin)) {
		diag_set(err, "cannot use TERM=%.20s", term_name ? term_name : "");
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
	static bool hooked;
	if (!hooked) {
		hooked = true;
		atexit(restore_late);
#ifdef SANITIZED
		__sanitizer_set_death_callback(restore_late);
#endif
	}

	/* libtermkey is given the terminal only to send smkx and rmkx as it
	 * starts and stops (the keypad's mode, so that keys are what it
	 * expects); it never reads: term_wait reads, and hands it whole units
	 * (see frame.h). */
	t->tk = termkey_new(STDIN_FILENO, TERMKEY_FLAG_NOTERMIOS | TERMKEY_FLAG_CTRLC |
	                                      (t->unicode ? TERMKEY_FLAG_UTF8 : TERMKEY_FLAG_RAW));
	if (!t->tk) {
		term_close(t);
		diag_set(err, "cannot read keys from this terminal (libtermkey)");
		free(t);
		return NULL;
	}
	frame_init(&t->frame, t->unicode);
	/* The terminal is raw, so the suspend key arrives as a byte: do what
	 * the terminal would have done with it. */
	t->susp_char = restore_modes.c_cc[VSUSP] != _POSIX_VDISABLE ? restore_modes.c_cc[VSUSP] : -1;

	/* A test hook, for the exits the game should never take:
	 * LINKDANCE_TEST_FAULT=exit calls exit(1), =abort abort(), at the first
	 * key.  Used by tests/ui/hostile.sh to prove the terminal comes back. */
	const char *fault = getenv("LINKDANCE_TEST_FAULT");
	t->fault = !fault ? 0 : !strcmp(fault, "exit") ? 1 : !strcmp(fault, "abort") ? 2 : 0;

	/* The signals that end the game, resizes and suspends are blocked but
	 * while waiting: their handlers then run between events, never in the
	 * middle of drawing. */
	sigset_t block;
	sigemptyset(&block);
	for (size_t i = 0; i < sizeof wait_signals / sizeof *wait_signals; i++)
		sigaddset(&block, wait_signals[i]);
	pthread_sigmask(SIG_BLOCK, &block, &t->wait_mask);
	for (size_t i = 0; i < sizeof wait_signals / sizeof *wait_signals; i++)
		sigdelset(&t->wait_mask, wait_signals[i]);
	install(SIGINT, on_quit);
	install(SIGTERM, on_quit);
	install(SIGHUP, on_quit);
	install(SIGWINCH, on_winch);
	install(SIGTSTP, on_tstp);
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
	/* A terminal with no alternate screen (vt100) would keep the game's
	 * last screen under the shell's prompt, which then writes over its
	 * bottom line: leave it blank, as the alternate screen would. */
	char *rmcup = tigetstr("rmcup");
	if (!rmcup || rmcup == (char *)-1 || !*rmcup) {
		clear();
		refresh();
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
	if (t->n_queued < QUEUE_LEN)
		t->queue[(t->first + t->n_queued++) % QUEUE_LEN] = ev;
}

static struct term_event pop(struct terminal *t)
{
	struct term_event ev = t->queue[t->first];
	t->first = (t->first + 1) % QUEUE_LEN;
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
		/* The key Delete (Esc [3~), not the DEL byte Backspace sends. */
		case TERMKEY_SYM_DELETE: ev.sym = KEY_SYM_DELETE; break;
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

static size_t termkey_held(TermKey *tk)
{
	return termkey_get_buffer_size(tk) - termkey_get_buffer_remaining(tk);
}

/* One unit (see frame.h) is one key, or nothing: libtermkey decodes it, and
 * a unit it reads as more than one key (a sequence it does not know, taken
 * apart into Alt-[ and digits) is none. */
static void unit_event(struct terminal *t, const struct frame_unit *u)
{
	if (u->len == 1 && u->bytes[0] == t->susp_char) {
		suspend_wanted = 1;
		return;
	}
	if (termkey_push_bytes(t->tk, (const char *)u->bytes, u->len) != u->len)
		return; /* cannot happen: termkey is emptied after every unit */
	TermKeyKey k;
	TermKeyResult r = termkey_getkey(t->tk, &k);
	if (r == TERMKEY_RES_AGAIN) /* a lone Esc: the unit is complete */
		r = termkey_getkey_force(t->tk, &k);
	if (r == TERMKEY_RES_KEY && termkey_held(t->tk) == 0)
		translate(t, &k);
	for (int i = 0; termkey_held(t->tk) && i < FRAME_UNIT_MAX + 1; i++)
		termkey_getkey_force(t->tk, &k);
}

/* Frame the bytes read into units and units into events, while the queue
 * has room; the rest waits in t->in. */
static void decode(struct terminal *t)
{
	while (t->in_len && t->n_queued < QUEUE_LEN && !suspend_wanted) {
		struct frame_unit u;
		size_t used = frame_feed(&t->frame, t->in + t->in_at, t->in_len, &u);
		t->in_at += used;
		t->in_len -= used;
		if (u.len)
			unit_event(t, &u);
	}
	if (!t->in_len)
		t->in_at = 0;
}

/* Only after poll(2) said the terminal is readable: the read does not
 * block.  (O_NONBLOCK is not set on it: the flag belongs to the open file,
 * which the shell shares, and a crash would leave it set.) */
static void read_input(struct terminal *t)
{
	ssize_t n = read(STDIN_FILENO, t->in, sizeof t->in);
	if (n > 0) {
		t->in_at = 0;
		t->in_len = (size_t)n;
		t->last_input = clock_seconds();
	} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
		term_quit_signal = SIGHUP; /* the terminal has gone */
	}
}

/* ppoll() lets our signals in only when it is interrupted by one: when
 * input is ready at once it returns with them still pending and blocked,
 * and a steady stream of input would keep them out for good.  So after
 * every wake-up, let in any that is pending. */
static void serve_signals(const struct terminal *t)
{
	sigset_t pending, old;
	if (sigpending(&pending) != 0)
		return;
	for (size_t i = 0; i < sizeof wait_signals / sizeof *wait_signals; i++)
		if (sigismember(&pending, wait_signals[i])) {
			pthread_sigmask(SIG_SETMASK, &t->wait_mask, &old);
			pthread_sigmask(SIG_SETMASK, &old, NULL);
			return;
		}
}

static void check_size(void)
{
	struct winsize ws;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0)
		resizeterm(ws.ws_row, ws.ws_col);
}

/* Ctrl-Z: give the terminal back as on leaving (mouse reports off, the
 * keypad's mode, the shell's screen and modes), stop, and when continued
 * take it again. */
static void suspend(struct terminal *t)
{
	suspend_wanted = 0;
	bool mouse = t->mouse_on;
	term_mouse(t, false);
	termkey_stop(t->tk);
	endwin();
	fflush(stdout);

	/* Stop as SIGTSTP's default would; this thread carries on from here
	 * after SIGCONT (the solver thread is stopped and continued with the
	 * whole process). */
	struct sigaction ours, dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(SIGTSTP, &dfl, &ours);
	sigset_t tstp;
	sigemptyset(&tstp);
	sigaddset(&tstp, SIGTSTP);
	raise(SIGTSTP);
	pthread_sigmask(SIG_UNBLOCK, &tstp, NULL);
	pthread_sigmask(SIG_BLOCK, &tstp, NULL);
	sigaction(SIGTSTP, &ours, NULL);

	check_size();
	clearok(curscr, TRUE);
	refresh();
	termkey_start(t->tk);
	if (mouse)
		term_mouse(t, true);
	/* What was half read before belongs to a time gone. */
	frame_init(&t->frame, t->unicode);
	t->in_len = t->in_at = 0;
}

static struct term_event event_of(enum term_event_kind kind)
{
	return (struct term_event){ .kind = kind };
}

static struct timespec timespec_of(double s)
{
	if (s < 0)
		s = 0;
	struct timespec ts;
	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	return ts;
}

struct term_event term_wait(struct terminal *t, int timeout_ms, int extra_fd)
{
	double deadline = timeout_ms >= 0 ? clock_seconds() + timeout_ms / 1000.0 : 0;
	for (;;) {
		serve_signals(t);
		if (term_quit_signal)
			return event_of(TERM_QUIT);
		if (suspend_wanted) {
			suspend(t);
			return event_of(TERM_RESUME);
		}
		if (term_resized) {
			term_resized = 0;
			check_size();
			return event_of(TERM_RESIZE);
		}
		if (!t->n_queued)
			decode(t);
		if (t->n_queued) {
			struct term_event ev = pop(t);
			if (ev.kind == TERM_KEY && t->fault == 1)
				exit(1);
			if (ev.kind == TERM_KEY && t->fault == 2)
				abort();
			return ev;
		}
		if (suspend_wanted)
			continue;

		/* Nothing to hand out: sleep until input, a signal, the extra fd,
		 * the timeout, or the moment a half-read sequence is given up. */
		double now = clock_seconds(), wait = timeout_ms >= 0 ? deadline - now : -1;
		bool forever = timeout_ms < 0, pending = frame_pending(&t->frame);
		double quiet_at = t->last_input + termkey_get_waittime(t->tk) / 1000.0;
		if (pending && (forever || quiet_at - now < wait)) {
			wait = quiet_at - now;
			forever = false;
		}
		struct timespec ts = timespec_of(wait);
		struct pollfd pfd[2] = { { .fd = STDIN_FILENO, .events = POLLIN }, { .fd = extra_fd, .events = POLLIN } };
		int n = ppoll(pfd, extra_fd >= 0 ? 2 : 1, forever ? NULL : &ts, &t->wait_mask);
		if (n < 0) {
			if (errno == EINTR)
				continue; /* a signal: its flag is looked at above */
			return event_of(TERM_TIMEOUT);
		}
		if (n == 0) {
			now = clock_seconds();
			if (pending && now >= quiet_at) {
				struct frame_unit u;
				if (frame_quiet(&t->frame, &u))
					unit_event(t, &u);
				continue;
			}
			if (timeout_ms >= 0 && now >= deadline)
				return event_of(TERM_TIMEOUT);
			continue;
		}
		if (pfd[0].revents & POLLIN)
			read_input(t);
		else if (pfd[0].revents & (POLLHUP | POLLERR | POLLNVAL))
			term_quit_signal = SIGHUP;
		/* The solver's news before the keys just read (they wait in
		 * t->in), so that a stream of keys cannot keep it out. */
		if (extra_fd >= 0 && (pfd[1].revents & POLLIN))
			return event_of(TERM_WAKE);
	}
}
