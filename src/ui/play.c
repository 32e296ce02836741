#include "config.h"

#include "ui/play.h"

#include <curses.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "puzzles/tiling_puzzle.h"
#include "ui/app.h"
#include "ui/help.h"
#include "ui/keys.h"
#include "ui/layout.h"
#include "ui/style.h"
#include "ui/tiling_view.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Steps a second of the search on screen; the last is "as fast as it goes". */
static const double speeds[] = { 1, 2, 5, 10, 20, 50, 100, 300, 1000, 3000, 10000, INFINITY };
#define N_SPEEDS ((int)(sizeof speeds / sizeof *speeds))
#define DEFAULT_SPEED 3
/* Frames a second, at most. */
#define FPS 30.0
/* How long a message stays, and the celebration. */
#define MESSAGE_SECONDS 4.0
#define CELEBRATION_SECONDS 2.5

enum question { ASK_NONE, ASK_RESTART, ASK_NEW };

struct play {
	struct app *app;
	struct session *s;
	const struct puzzle *pz;
	const struct tiling *t;
	struct layout l;

	/* the piece in hand: it pivots about the cursor, which holds the cell
	 * of its first ball */
	int held, orient;
	int cur_r, cur_c;
	int last_orient[TILING_MAX_PIECES];

	char msg[300];
	enum style_role msg_style;
	double msg_until;

	bool checking;               /* validation on */
	uint64_t check_gen;          /* the job whose answer is awaited, 0: none */
	bool check_known;
	struct worker_report check;  /* the latest answer about this state */

	int hint_tier;               /* tiers shown for this state */
	int hint_wanted;             /* tiers asked for while the solver thinks */
	uint64_t hint_gen;
	bool hint_known;
	struct worker_report hint;

	uint64_t count_gen;
	bool counting;
	struct worker_report count;

	bool searching;              /* the search on screen */
	uint64_t anim_gen;
	struct worker_anim anim;
	bool anim_known;
	int speed;
	bool anim_paused;
	double anim_clock;           /* when the next step is due */

	bool paused;
	bool holding;                /* showing why the game cannot be kept: a key leaves */
	struct help help;
	enum question asking;
	double tick;                 /* the clock's last reading */
	double celebrate_until;
	bool was_solved;
};

static void say(struct play *p, enum style_role st, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void say(struct play *p, enum style_role st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	va_end(ap);
	p->msg_style = st;
	p->msg_until = clock_seconds() + MESSAGE_SECONDS;
	p->app->dirty = true;
}

static const struct tiling_pos *position(const struct play *p)
{
	return tiling_puzzle_pos(session_state(p->s));
}

/* ---- the solver beside the player ---------------------------------- */

static uint64_t submit(struct play *p, enum worker_kind kind, bool history)
{
	const struct puzzle_state *const *states = (const struct puzzle_state *const *)p->s->state;
	int n = history ? p->s->cur + 1 : 1;
	if (!history)
		states += p->s->cur;
	return worker_submit(p->app->worker, worker_job_new(kind, p->pz, states, n));
}

/* The state changed: what was known about the old one is not about this. */
static void changed(struct play *p)
{
	p->msg[0] = '\0';
	p->check_known = p->hint_known = false;
	p->hint_tier = p->hint_wanted = 0;
	p->hint_gen = p->count_gen = 0;
	p->counting = false;
	p->check_gen = p->checking ? submit(p, WORK_CHECK, false) : 0;
	if (!p->checking)
		worker_cancel(p->app->worker);
	p->app->dirty = true;
	if (session_solved(p->s) && !p->was_solved) {
		p->was_solved = true;
		p->celebrate_until = clock_seconds() + CELEBRATION_SECONDS;
		int secs = (int)p->s->played;
		/* A record or a save that could not be written is said instead
		 * of the celebration: the player may still put it right. */
		if (app_record(p->app, p->s) && app_save(p->app))
			say(p, ST_GOOD, "Solved in %d:%02d, %d moves, %d hint%s.  N: the next level, q: leave", secs / 60,
			    secs % 60, session_moves(p->s), p->s->hints, p->s->hints == 1 ? "" : "s");
		else
			say(p, ST_BAD, "%s", p->app->notice);
		p->msg_until = INFINITY;
	} else if (!session_solved(p->s)) {
		p->was_solved = false;
	}
}

static bool play_move(struct play *p, const char *move)
{
	struct diag err;
	if (!session_play(p->s, move, &err)) {
		say(p, ST_BAD, "%s", err.msg);
		return false;
	}
	changed(p);
	return true;
}

/* ---- the hand ------------------------------------------------------ */

static void ghost_at(const struct play *p, int *top, int *left)
{
	const struct tiling_orient *o = &p->t->orient[p->orient];
	*top = p->cur_r - o->cells[0][0];
	*left = p->cur_c - o->cells[0][1];
}

/* The placement the hand would make, or -1 off the board. */
static int ghost_placement(const struct play *p)
{
	int top, left;
	ghost_at(p, &top, &left);
	return tiling_placement_at(p->t, p->orient, top, left);
}

static void take_in_hand(struct play *p, int piece, int orient)
{
	p->held = piece;
	p->orient = orient >= 0 ? orient : p->last_orient[piece];
	p->app->dirty = true;
}

/* Pick up piece q from the board (a move), keeping it where it lay. */
static void pick_up(struct play *p, int q)
{
	const struct tiling_pos *pos = position(p);
	if (pos->fixed[q]) {
		say(p, ST_BAD, "%s is part of the puzzle: it stays", p->t->def->pieces[q].name);
		return;
	}
	const struct tiling_placement *pl = &p->t->pl[pos->placed[q]];
	char move[16];
	tiling_move_remove(p->t, q, move, sizeof move);
	if (!play_move(p, move))
		return;
	take_in_hand(p, q, pl->orient);
	const struct tiling_orient *o = &p->t->orient[pl->orient];
	p->cur_r = pl->row + o->cells[0][0];
	p->cur_c = pl->col + o->cells[0][1];
}

static void place(struct play *p)
{
	const struct tiling_pos *pos = position(p);
	if (p->held < 0) {
		int v = pos->cell[p->cur_r * p->t->cols + p->cur_c];
		if (v >= 0)
			pick_up(p, v);
		else
			say(p, ST_NOTICE, "Take a piece first: its letter, Tab, or a click in the tray");
		return;
	}
	int k = ghost_placement(p);
	if (k < 0 || !tiling_pos_fits(pos, k)) {
		say(p, ST_BAD, "%s does not fit there", p->t->def->pieces[p->held].name);
		return;
	}
	char move[128];
	tiling_move_place(p->t, k, move, sizeof move);
	int piece = p->held;
	p->last_orient[piece] = p->orient;
	p->held = -1;
	if (!play_move(p, move))
		p->held = piece;
}

static void choose_piece(struct play *p, int piece)
{
	const struct tiling_pos *pos = position(p);
	if (pos->placed[piece] >= 0)
		pick_up(p, piece);
	else
		take_in_hand(p, piece, -1);
}

static void cycle_piece(struct play *p, int dir)
{
	const struct tiling_pos *pos = position(p);
	int n = p->t->n_pieces, start = p->held >= 0 ? p->held : (dir > 0 ? n - 1 : 0);
	for (int i = 1; i <= n; i++) {
		int q = ((start + dir * i) % n + n) % n;
		if (pos->placed[q] < 0) {
			take_in_hand(p, q, -1);
			return;
		}
	}
	say(p, ST_NOTICE, "Every piece is on the board");
}

static void move_cursor(struct play *p, int dr, int dc)
{
	int r = p->cur_r + dr, c = p->cur_c + dc;
	if (r >= 0 && r < p->t->rows && c >= 0 && c < p->t->cols) {
		p->cur_r = r;
		p->cur_c = c;
	}
	p->app->dirty = true;
}

/* ---- hints ----------------------------------------------------------- */

/* The placement a move names ("G@r1c1,..."), or -1. */
static int move_placement(const struct tiling *t, const char *move)
{
	int piece = tiling_piece_by_letter(t, move[0]), cells[TILING_MAX_BALLS], n = 0, r, c, used;
	if (piece < 0 || move[1] != '@')
		return -1;
	for (const char *m = move + 2; *m && n < TILING_MAX_BALLS;) {
		if (sscanf(m, "r%dc%d%n", &r, &c, &used) != 2)
			break;
		cells[n++] = (r - 1) * t->cols + c - 1;
		m += used;
		if (*m == ',')
			m++;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && cells[j] < cells[j - 1]; j--) {
			int x = cells[j];
			cells[j] = cells[j - 1];
			cells[j - 1] = x;
		}
	return tiling_find_placement(t, piece, cells, n);
}

static void show_hint(struct play *p)
{
	const struct worker_report *h = &p->hint;
	if (h->completions == 0) {
		if (h->take_back_to < 0) {
			say(p, ST_BAD, "No way to finish, and none from any position before this one");
			return;
		}
		char what[128];
		p->pz->describe_move(session_state(p->s), p->s->move[h->take_back_to], what, sizeof what, false);
		int n = p->s->cur - h->take_back_to;
		say(p, ST_NOTICE, "Dead end since %s: take back %d move%s (Enter does it)", what, n, n == 1 ? "" : "s");
		p->hint_tier = 1;
		return;
	}
	if (session_solved(p->s)) {
		say(p, ST_GOOD, "It is solved");
		return;
	}
	if (h->hint_tiers == 0) {
		say(p, ST_NOTICE, "No hint for this position");
		return;
	}
	p->hint_tier++;
	p->s->hints++;
	if (p->hint_tier < h->hint_tiers && p->hint_tier < 3) {
		say(p, ST_NOTICE, "%s", h->hint[p->hint_tier - 1].text);
	} else {
		int k = move_placement(p->t, h->hint[h->hint_tiers - 1].move);
		if (k >= 0) {
			const struct tiling_placement *pl = &p->t->pl[k];
			const struct tiling_orient *o = &p->t->orient[pl->orient];
			take_in_hand(p, pl->piece, pl->orient);
			p->cur_r = pl->row + o->cells[0][0];
			p->cur_c = pl->col + o->cells[0][1];
		}
		say(p, ST_NOTICE, "%s: Enter places it", h->hint[h->hint_tiers - 1].text);
		p->hint_tier = 3;
	}
}

static void hint(struct play *p)
{
	if (p->hint_known) {
		if (p->hint.completions == 0 && p->hint_tier > 0) {
			show_hint(p);
			return;
		}
		if (p->hint_tier >= 3) {
			say(p, ST_NOTICE, "That was the last hint for this position: %s",
			    p->hint.hint_tiers ? p->hint.hint[p->hint.hint_tiers - 1].text : "none");
			return;
		}
		show_hint(p);
		return;
	}
	/* Presses while the solver thinks count: each asks for one more tier. */
	p->hint_wanted++;
	if (p->hint_gen)
		return;
	p->hint_gen = submit(p, WORK_HINT, true);
	p->check_gen = 0;
	say(p, ST_DIM, "Thinking...");
	p->msg_until = INFINITY;
}

/* ---- the search on screen ------------------------------------------- */

static void start_search(struct play *p)
{
	p->held = -1;
	p->searching = true;
	p->anim_known = false;
	p->anim_paused = false;
	p->check_gen = p->hint_gen = p->count_gen = 0;
	p->counting = false;
	p->anim_gen = submit(p, WORK_ANIMATE, false);
	p->anim_clock = clock_seconds();
	say(p, ST_DIM, "Estimating the size of the search...");
}

static void stop_search(struct play *p)
{
	p->searching = false;
	p->anim_gen = 0;
	worker_cancel(p->app->worker);
	changed(p);
}

static void set_speed(struct play *p, int speed)
{
	p->speed = speed < 0 ? 0 : speed >= N_SPEEDS ? N_SPEEDS - 1 : speed;
	/* A search waiting at its first solution waits for space, not speed. */
	bool waiting = p->anim_known && p->anim.at_solution;
	worker_anim_free(p->app->worker, !p->anim_paused && !waiting && isinf(speeds[p->speed]));
	p->anim_clock = clock_seconds();
	p->app->dirty = true;
}

static void search_event(struct play *p, enum action act)
{
	switch (act) {
	case ACT_ANIM_PAUSE:
		if (p->anim_known && p->anim.done)
			break;
		if (p->anim.at_solution) {
			/* search on from the solution */
			p->anim.at_solution = false;
			p->anim_paused = false;
			p->msg[0] = '\0';
			set_speed(p, p->speed);
			worker_anim_grant(p->app->worker, 1);
			break;
		}
		p->anim_paused = !p->anim_paused;
		set_speed(p, p->speed);
		break;
	case ACT_ANIM_STEP:
		p->anim_paused = true;
		set_speed(p, p->speed);
		worker_anim_grant(p->app->worker, 1);
		break;
	case ACT_FASTER:
		set_speed(p, p->speed + 1);
		break;
	case ACT_SLOWER:
		set_speed(p, p->speed - 1);
		break;
	case ACT_ANIM_TAKE:
		if (p->anim_known && p->anim.solution) {
			char *move = xstrdup(p->anim.solution);
			p->searching = false;
			worker_cancel(p->app->worker);
			/* Every piece the solver places counts as a hint taken. */
			int placed = 1;
			for (const char *c = move; *c; c++)
				placed += *c == ';';
			p->s->hints += placed;
			if (!play_move(p, move))
				p->s->hints -= placed;
			free(move);
		} else if (p->anim_known && p->anim.done) {
			stop_search(p);
		}
		break;
	case ACT_ANIM_STOP:
		stop_search(p);
		say(p, ST_DIM, "Back to your position");
		break;
	case ACT_QUIT:
		stop_search(p);
		app_leave_game(p->app);
		break;
	case ACT_HELP:
		help_open(&p->help, CTX_SEARCH);
		p->app->dirty = true;
		break;
	default:
		break;
	}
}

/* ---- events ------------------------------------------------------------ */

/* Leave for the next level of the family (the first, from free play);
 * p is gone afterwards. */
static void next_level(struct play *p)
{
	struct app *a = p->app;
	const struct puzzle *pz = p->pz;
	char **paths;
	int n = level_list(pz, &paths), next = 0;
	for (int i = 0; i < n; i++)
		if (!strcmp(paths[i], p->s->level))
			next = i + 1;
	char path[PATH_MAX] = "";
	if (n)
		snprintf(path, sizeof path, "%s", paths[next % n]);
	level_list_free(paths, n);
	app_start_game(a, pz, n ? path : NULL);
}

static void answer(struct play *p, bool yes)
{
	enum question q = p->asking;
	p->asking = ASK_NONE;
	p->msg[0] = '\0';
	p->app->dirty = true;
	if (!yes)
		return;
	if (q == ASK_RESTART) {
		p->held = -1;
		session_restart(p->s);
		changed(p);
		say(p, ST_DIM, "Back to the start (Ctrl-R brings your moves back)");
	} else if (q == ASK_NEW) {
		next_level(p);
	}
}

static void ask(struct play *p, enum question q, const char *text)
{
	p->asking = q;
	snprintf(p->msg, sizeof p->msg, "%s", text);
	p->msg_style = ST_NOTICE;
	p->msg_until = INFINITY;
	p->app->dirty = true;
}

static void mouse(struct play *p, const struct term_event *ev)
{
	const struct tiling_pos *pos = position(p);
	int r, c;
	if (p->paused || p->searching)
		return;
	if (tv_board_cell(&p->l, p->t, ev->row, ev->col, &r, &c)) {
		if (p->held >= 0 && !ev->release) {
			p->cur_r = r;
			p->cur_c = c;
			p->app->dirty = true;
		}
		if (ev->press && ev->button == 1) {
			if (p->held >= 0) {
				place(p);
			} else {
				p->cur_r = r;
				p->cur_c = c;
				int v = pos->cell[r * p->t->cols + c];
				if (v >= 0)
					pick_up(p, v);
			}
		}
		return;
	}
	if (ev->press && ev->button == 1) {
		int q = tv_tray_piece(&p->l, p->t, pos, ev->row, ev->col);
		if (q >= 0)
			take_in_hand(p, q, -1);
	}
}

void play_say(struct play *p, const char *text)
{
	say(p, ST_NOTICE, "%s", text);
	p->msg_until = clock_seconds() + 2 * MESSAGE_SECONDS;
}

void play_hold(struct play *p, const char *text)
{
	p->holding = true;
	p->searching = false;
	p->asking = ASK_NONE;
	p->help.open = false;
	say(p, ST_BAD, "%s", text);
	p->msg_until = INFINITY;
}

void play_event(struct play *p, const struct term_event *ev)
{
	if (p->holding) {
		if (ev->kind == TERM_KEY)
			app_leave_game(p->app);
		return;
	}
	/* A screen too small shows nothing: the game waits, but for q. */
	if (p->l.too_small) {
		if (ev->kind == TERM_KEY && key_action(CTX_PLAY, ev) == ACT_QUIT)
			app_leave_game(p->app);
		return;
	}
	if (p->help.open) {
		int rows, cols;
		term_size(p->app->term, &rows, &cols);
		help_key(&p->help, ev, rows);
		p->app->dirty = true;
		return;
	}
	if (p->asking) {
		if (ev->kind == TERM_KEY)
			answer(p, key_action(CTX_ASK, ev) == ACT_YES);
		return;
	}
	if (ev->kind == TERM_MOUSE) {
		mouse(p, ev);
		return;
	}
	if (p->searching) {
		search_event(p, key_action(CTX_SEARCH, ev));
		return;
	}
	enum action act = key_action(CTX_PLAY, ev);
	if (p->paused && act != ACT_QUIT && act != ACT_HELP) {
		if (act == ACT_PAUSE || act != ACT_NONE) {
			p->paused = false;
			p->tick = clock_seconds();
			p->app->dirty = true;
		}
		return;
	}
	switch (act) {
	case ACT_PIECE: {
		int q = tiling_piece_by_letter(p->t, (char)ev->ch);
		if (q >= 0)
			choose_piece(p, q);
		else
			say(p, ST_BAD, "There is no piece %c in %s", (char)ev->ch, p->pz->title);
		break;
	}
	case ACT_NEXT_PIECE:
		cycle_piece(p, 1);
		break;
	case ACT_PREV_PIECE:
		cycle_piece(p, -1);
		break;
	case ACT_UP:
		move_cursor(p, -1, 0);
		break;
	case ACT_DOWN:
		move_cursor(p, 1, 0);
		break;
	case ACT_LEFT:
		move_cursor(p, 0, -1);
		break;
	case ACT_RIGHT:
		move_cursor(p, 0, 1);
		break;
	case ACT_ROTATE:
		if (p->held >= 0) {
			p->orient = p->t->orient[p->orient].rotated;
			p->app->dirty = true;
		}
		break;
	case ACT_FLIP:
		if (p->held >= 0) {
			int o = tiling_orient_turn_over(p->t, p->orient);
			if (o == p->orient)
				say(p, ST_DIM, "%s looks the same turned over", p->t->def->pieces[p->held].name);
			p->orient = o;
			p->app->dirty = true;
		}
		break;
	case ACT_PLACE:
		if (p->hint_known && p->hint.completions == 0 && p->hint_tier > 0 &&
		    session_back_to(p->s, p->hint.take_back_to)) {
			changed(p);
			say(p, ST_DIM, "Taken back (Ctrl-R brings the moves back)");
			break;
		}
		place(p);
		break;
	case ACT_DROP:
		if (p->counting) {
			worker_cancel(p->app->worker);
			p->counting = false;
			p->count_gen = 0;
			say(p, ST_DIM, "Count stopped");
		} else if (p->held >= 0) {
			p->held = -1;
			p->app->dirty = true;
		}
		break;
	case ACT_UNDO:
		p->held = -1;
		if (session_undo(p->s))
			changed(p);
		else
			say(p, ST_DIM, "Nothing to undo");
		break;
	case ACT_REDO:
		p->held = -1;
		if (session_redo(p->s))
			changed(p);
		else
			say(p, ST_DIM, "Nothing to redo");
		break;
	case ACT_RESTART:
		ask(p, ASK_RESTART, "Start this level again? (y/n)");
		break;
	case ACT_NEW:
		if (session_moves(p->s) > 0 && !session_solved(p->s)) {
			ask(p, ASK_NEW, "On to the next level? This game is kept under Continue (y/n)");
			break;
		}
		next_level(p);
		return; /* p is gone */
	case ACT_HINT:
		hint(p);
		break;
	case ACT_VALIDATE:
		p->checking = !p->checking;
		changed(p);
		say(p, ST_DIM, p->checking ? "Checking for dead ends" : "No checking: find the dead ends yourself");
		break;
	case ACT_ANIMATE:
		if (session_solved(p->s))
			say(p, ST_DIM, "It is solved already");
		else
			start_search(p);
		break;
	case ACT_COUNT:
		p->count_gen = submit(p, WORK_COUNT, false);
		p->check_gen = 0;
		p->counting = true;
		memset(&p->count, 0, sizeof p->count);
		p->app->dirty = true;
		break;
	case ACT_PAUSE:
		p->paused = true;
		p->app->dirty = true;
		break;
	case ACT_HELP:
		help_open(&p->help, CTX_PLAY);
		p->app->dirty = true;
		break;
	case ACT_QUIT:
		app_leave_game(p->app);
		return;
	default:
		break;
	}
}

void play_report(struct play *p, const struct worker_report *r)
{
	if (r->gen == 0)
		return;
	if (r->gen == p->check_gen || (r->gen == p->hint_gen && r->final)) {
		if (r->final && !r->cancelled) {
			p->check = *r;
			p->check_known = true;
		}
	}
	if (r->gen == p->hint_gen && r->final && !r->cancelled) {
		p->hint = *r;
		p->hint_known = true;
		p->msg_until = 0;
		do
			show_hint(p);
		while (p->hint.completions > 0 && p->hint_tier < p->hint_wanted && p->hint_tier < 3);
		p->hint_wanted = 0;
	}
	if (r->gen == p->count_gen) {
		p->count = *r;
		if (r->final) {
			p->counting = false;
			if (!r->cancelled)
			{
				char n[U128_DIGITS];
				say(p, ST_GOOD, "%s%s way%s to finish from here (counted in %.1f s)", r->exact ? "" : "more than ",
				    u128_str(r->solutions, n), r->solutions == 1 ? "" : "s", r->elapsed);
			}
		}
	}
	if (r->gen == p->anim_gen && p->searching) {
		/* The report's strings are the caller's: keep copies. */
		free(p->anim.path);
		free(p->anim.solution);
		p->anim = r->anim;
		p->anim.path = r->anim.path ? xstrdup(r->anim.path) : NULL;
		p->anim.solution = r->anim.solution ? xstrdup(r->anim.solution) : NULL;
		p->anim_known = true;
		if (p->anim.at_solution)
			say(p, ST_GOOD, "A solution: Enter takes it, space searches on, Esc goes back");
		else if (p->anim.done && p->anim.solution) {
			char n[U128_DIGITS];
			say(p, ST_GOOD, "Search done: %s solution%s.  Enter takes the last, Esc goes back",
			    u128_str(p->anim.solutions, n), p->anim.solutions == 1 ? "" : "s");
		}
		else if (p->anim.done)
			say(p, ST_BAD, "Search done: no solution from here.  Esc goes back");
		else if (p->msg_until == INFINITY || strstr(p->msg, "Estimating"))
			p->msg[0] = '\0', p->msg_until = 0;
		if (p->anim.at_solution || p->anim.done)
			p->msg_until = INFINITY;
	}
	p->app->dirty = true;
}

void play_resume(struct play *p)
{
	p->tick = clock_seconds();
}

int play_tick(struct play *p, double now)
{
	int wait = 1000;
	if (!p->paused && !p->help.open && !p->was_solved && p->tick > 0) {
		double before = p->s->played;
		p->s->played += now - p->tick;
		if ((int)before != (int)p->s->played)
			p->app->dirty = true;
	}
	p->tick = now;
	if (p->msg[0] && now >= p->msg_until && p->msg_until != INFINITY) {
		p->msg[0] = '\0';
		p->app->dirty = true;
	}
	if (p->celebrate_until > 0) {
		if (now >= p->celebrate_until)
			p->celebrate_until = 0;
		p->app->dirty = true;
		wait = 100;
	}
	if (p->searching && p->anim_known && !p->anim_paused && !p->anim.at_solution && !p->anim.done &&
	    !isinf(speeds[p->speed])) {
		/* Grant the steps due since the last time; at most a frame's worth
		 * at once, so that a slow terminal never queues a backlog. */
		double per = 1.0 / speeds[p->speed];
		uint64_t due = 0;
		while (p->anim_clock <= now && due < (uint64_t)(speeds[p->speed] / FPS) + 1) {
			p->anim_clock += per;
			due++;
		}
		if (p->anim_clock < now)
			p->anim_clock = now;
		if (due)
			worker_anim_grant(p->app->worker, due);
		int ms = (int)((p->anim_clock - now) * 1000) + 1;
		if (ms < wait)
			wait = ms;
	}
	return wait;
}

/* ---- drawing -------------------------------------------------------------- */

static void draw_title(struct play *p)
{
	char left[LEVEL_ID_MAX + 96], right[96];
	int secs = (int)p->s->played;
	snprintf(left, sizeof left, " linkdance %s %s%s%s", glyph(GL_DOT), p->pz->title, p->s->name[0] ? " " : "",
	         p->s->name);
	if (p->s->grade)
		snprintf(left + strlen(left), sizeof left - strlen(left), " (grade %d)", p->s->grade);
	snprintf(right, sizeof right, "moves %d  hints %d  %d:%02d ", session_moves(p->s), p->s->hints, secs / 60,
	         secs % 60);
	/* The counts and the clock come first; a long level name gives way. */
	int room = p->l.cols - (int)strlen(right) - 1;
	attron(style(ST_TITLE));
	mvhline(p->l.title_row, 0, ' ', p->l.cols);
	attroff(style(ST_TITLE));
	style_text(p->l.title_row, 0, room > 10 ? room : p->l.cols, style(ST_TITLE), left);
	attron(style(ST_TITLE));
	if (room > 10)
		mvaddstr(p->l.title_row, p->l.cols - (int)strlen(right), right);
	attroff(style(ST_TITLE));
}

static void draw_bar(int y, int x, int w, double fraction)
{
	int full = (int)(fraction * w + 0.5);
	for (int i = 0; i < w; i++)
		mvaddstr(y, x + i, glyph(i < full ? GL_BAR_FULL : GL_BAR_EMPTY));
}

static void draw_status(struct play *p)
{
	int y = p->l.status_row;
	move(y, 0);
	clrtoeol();
	if (p->msg[0]) {
		style_text(y, 1, p->l.cols - 2, style(p->msg_style), p->msg);
		return;
	}
	if (p->searching) {
		char text[NOTE_TEXT_MAX] = "";
		const struct worker_anim *a = &p->anim;
		if (p->anim_known)
			snprintf(text, sizeof text, "%s", a->note.text);
		attron(style(ST_DIM));
		mvaddnstr(y, 1, text, p->l.cols - 2);
		attroff(style(ST_DIM));
		return;
	}
	if (p->counting) {
		char text[128];
		int left = p->count.fraction > 0.001 ? (int)(p->count.elapsed * (1 - p->count.fraction) / p->count.fraction)
		                                      : -1;
		if (left >= 0)
		{
			char n[U128_DIGITS];
			snprintf(text, sizeof text, " %3.0f%%  %s so far, ~%d:%02d left, Esc stops",
			         100 * p->count.fraction, u128_str(p->count.solutions, n), left / 60, left % 60);
		}
		else
			snprintf(text, sizeof text, " counting..., Esc stops");
		mvaddstr(y, 1, "Counting ");
		draw_bar(y, 10, 20, p->count.fraction);
		mvaddnstr(y, 30, text, p->l.cols - 31);
		return;
	}
	if (!p->checking) {
		attron(style(ST_DIM));
		mvaddstr(y, 1, "Not checking for dead ends (v turns it on)");
		attroff(style(ST_DIM));
		return;
	}
	if (!p->check_known) {
		attron(style(ST_DIM));
		mvaddstr(y, 1, "Checking...");
		attroff(style(ST_DIM));
		return;
	}
	const struct worker_report *c = &p->check;
	if (session_solved(p->s)) {
		attron(style(ST_GOOD));
		mvaddstr(y, 1, "Solved");
		attroff(style(ST_GOOD));
	} else if (c->completions >= 2) {
		attron(style(ST_GOOD));
		mvaddstr(y, 1, "Can still be finished");
		attroff(style(ST_GOOD));
	} else if (c->completions == 1) {
		attron(style(ST_GOOD));
		mvaddstr(y, 1, "Exactly one way to finish");
		attroff(style(ST_GOOD));
	} else {
		char text[NOTE_TEXT_MAX + 64];
		if (c->dead_explained)
			snprintf(text, sizeof text, "Dead end: %s  (H: what to take back)", c->dead.text);
		else
			snprintf(text, sizeof text, "Dead end: no way to finish from here  (H: what to take back)");
		attron(style(ST_BAD));
		mvaddnstr(y, 1, text, p->l.cols - 2);
		attroff(style(ST_BAD));
	}
}

/* The key reminder: as many of the hints as fit, the help key always (it
 * lists the rest).  The lists are in order of what a player needs first. */
static void draw_keys(struct play *p)
{
	/* q ends the program in a game started from the shell, else it goes
	 * back to the menu: the reminder says which. */
	const char *q = p->app->direct ? "q quit" : "q menu";
	const char *const board[] = { "Tab piece", "arrows move", "r f turn", "Enter place", "u undo",
		                      "H hint", q, "A search", "C count", "p pause", NULL };
	static const char *const search[] = { "space pause", ". step", "+ - speed", "Enter take", "Esc back", NULL };
	static const char *const paused[] = { "p or any key: go on", "q: save and leave", NULL };
	static const char *const holding[] = { "any key: leave", NULL };
	const char *const *list = p->holding ? holding : p->searching ? search : p->paused ? paused : board;
	const char *last = p->paused || p->holding ? "" : "? help";
	int room = p->l.cols - 2 - (int)strlen(last);
	char line[256] = "";
	size_t len = 0;
	for (int i = 0; list[i]; i++) {
		size_t w = strlen(list[i]);
		if ((int)(len + w + 2) > room || len + w + 3 >= sizeof line)
			break;
		len += (size_t)snprintf(line + len, sizeof line - len, "%s  ", list[i]);
	}
	snprintf(line + len, sizeof line - len, "%s", last);
	attron(style(ST_DIM));
	move(p->l.keys_row, 0);
	clrtoeol();
	mvaddnstr(p->l.keys_row, 1, line, p->l.cols - 2);
	attroff(style(ST_DIM));
}

static void draw_search_panel(struct play *p)
{
	int y = p->l.panel_y, x = p->l.panel_x, w = p->l.panel_w;
	const struct worker_anim *a = &p->anim;
	char line[128];
	attron(A_BOLD);
	mvaddnstr(y, x, "The solver's search", w);
	attroff(A_BOLD);
	if (!p->anim_known) {
		mvaddnstr(y + 2, x, "estimating...", w);
		return;
	}
	struct {
		const char *label;
		char value[48];
	} rows[8];
	int n = 0;
#define ROW(lbl, ...) (rows[n].label = lbl, snprintf(rows[n].value, sizeof rows[n].value, __VA_ARGS__), n++)
	ROW("level", "%d", a->level);
	ROW("nodes", "%" PRIu64, a->nodes);
	ROW("backtracks", "%" PRIu64, a->backtracks);
	ROW("solutions", "%s", u128_str(a->solutions, (char[U128_DIGITS]){ 0 }));
	ROW("tree, estimated", "%.3g nodes", a->estimate);
	ROW("searched", "%.2f%%", 100 * a->fraction);
	ROW("left, estimated", "%.3g nodes", a->estimate * (1 - a->fraction));
	if (isinf(speeds[p->speed]))
		ROW("speed", "%s", p->anim_paused ? "paused, full" : "full speed");
	else
		ROW("speed", "%s%g/s", p->anim_paused ? "paused, " : "", speeds[p->speed]);
#undef ROW
	for (int i = 0; i < n; i++) {
		snprintf(line, sizeof line, "%-16s %s", rows[i].label, rows[i].value);
		mvaddnstr(y + 2 + i, x, line, w);
	}
	draw_bar(y + 3 + n, x, w < 30 ? w : 30, a->fraction);
}

void play_draw(struct play *p)
{
	int rows, cols, tw, th;
	term_size(p->app->term, &rows, &cols);
	tv_tray_size(p->t, &tw, &th);
	layout_board(&p->l, rows, cols, p->t->rows, p->t->cols, p->t->n_pieces, tw, th);
	erase();
	if (p->l.too_small) {
		char text[80];
		snprintf(text, sizeof text, "terminal too small: need %d x %d", p->l.need_cols, p->l.need_rows);
		style_message(rows, cols, text);
		return;
	}
	if (p->help.open) {
		help_draw(&p->help, rows, cols);
		return;
	}
	draw_title(p);
	if (p->paused) {
		const char *text = "Paused: p or any key goes on";
		mvaddstr(rows / 2, (cols - (int)strlen(text)) / 2, text);
		draw_keys(p);
		return;
	}
	struct tv_marks m;
	tv_marks_clear(&m);
	const struct tiling_pos *pos = position(p);
	struct tiling_pos shown;
	if (p->searching && p->anim_known) {
		/* The position with the search's options in place. */
		shown = *pos;
		if (p->anim.path && p->anim.path[0]) {
			struct diag err;
			struct puzzle_state *st = p->pz->apply(session_state(p->s), p->anim.path, &err);
			if (st) {
				shown = *tiling_puzzle_pos(st);
				p->pz->free_state(st);
			}
		}
		if ((p->anim.event == ENGINE_EV_TRY || p->anim.event == ENGINE_EV_UNDO) && p->anim.note.n_pieces) {
			m.tried_piece = p->anim.note.pieces[0];
			m.removing = p->anim.event == ENGINE_EV_UNDO;
		}
		pos = &shown;
	} else if (p->held >= 0) {
		int top, left;
		ghost_at(p, &top, &left);
		m.ghost = true;
		m.ghost_orient = p->orient;
		m.ghost_row = top;
		m.ghost_col = left;
		m.ghost_placement = ghost_placement(p);
		m.ghost_fits = m.ghost_placement >= 0 && tiling_pos_fits(pos, m.ghost_placement);
		m.selected_piece = p->held;
	} else {
		m.cursor = true;
		m.cursor_row = p->cur_r;
		m.cursor_col = p->cur_c;
	}
	if (!p->searching && p->check_known && p->check.completions == 0 && p->check.dead_explained) {
		const struct note *d = &p->check.dead;
		for (int i = 0; i < d->n_cells; i++)
			m.mark[d->cells[i]] = true;
		if (d->n_pieces)
			m.marked_piece = d->pieces[0];
	}
	if (!p->searching && p->hint_known && p->hint_tier >= 1 && p->hint_tier < 3 && p->hint.completions > 0) {
		const struct note *h = &p->hint.hint[p->hint_tier - 1];
		for (int i = 0; i < h->n_cells; i++)
			m.mark[h->cells[i]] = true;
		if (h->n_pieces)
			m.marked_piece = h->pieces[0];
	}
	tv_draw_board(&p->l, p->t, pos, &m);
	if (p->searching)
		draw_search_panel(p);
	else
		tv_draw_tray(&p->l, p->t, pos, &m);
	if (p->celebrate_until > 0) {
		/* A few bright frames around the board. */
		int phase = (int)(clock_seconds() * 8) % 2;
		attron(phase ? style(ST_GOOD) | A_REVERSE : style(ST_NOTICE));
		mvaddstr(p->l.board_y - 1, p->l.board_x, " SOLVED ");
		attroff(phase ? style(ST_GOOD) | A_REVERSE : style(ST_NOTICE));
	}
	draw_status(p);
	draw_keys(p);
}

/* ---- life and death --------------------------------------------------------- */

struct play *play_new(struct app *a, struct session *s)
{
	struct play *p = xcalloc(1, sizeof *p);
	p->app = a;
	p->s = s;
	p->pz = s->pz;
	p->t = tiling_puzzle_tiling(s->pz);
	p->held = -1;
	p->checking = true;
	p->speed = DEFAULT_SPEED;
	p->tick = clock_seconds();
	for (int q = 0; q < p->t->n_pieces; q++)
		p->last_orient[q] = tv_tray_orient(p->t, q);
	p->was_solved = session_solved(s);
	changed(p);
	return p;
}

void play_free(struct play *p)
{
	if (!p)
		return;
	session_free(p->s);
	free(p->anim.path);
	free(p->anim.solution);
	free(p);
}

struct session *play_session(struct play *p)
{
	return p->s;
}
