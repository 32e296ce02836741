#include "config.h"

#include "ui/play.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/catalog.h"
#include "ui/help.h"
#include "ui/keys.h"
#include "ui/race.h"
#include "ui/style.h"
#include "ui/view.h"
#include "util/clock.h"
#include "util/u128.h"
#include "util/xalloc.h"

/* Steps a second of the search on screen; the last is "as fast as it goes". */
static const double speeds[] = { 1, 2, 5, 10, 20, 50, 100, 300, 1000, 3000, 10000, INFINITY };
#define N_SPEEDS ((int)(sizeof speeds / sizeof *speeds))
#define DEFAULT_SPEED 3
/* The engines side by side start at 50 steps a second: a Sudoku's race
 * of a few hundred steps is watched in seconds. */
#define RACE_SPEED 5
/* Frames a second, at most. */
#define FPS 30.0
/* How long a message stays, and the celebration. */
#define MESSAGE_SECONDS 4.0
#define CELEBRATION_SECONDS 2.5
/* The title line, the status (two lines, so that every message is read
 * whole at 80 columns), and the key reminder. */
#define STATUS_LINES 2
#define CHROME (1 + STATUS_LINES + 1)

enum question { ASK_NONE, ASK_RESTART, ASK_NEW };

/* The screen keeps what it shows; the game and the solver's answers are
 * the mid-end's (p->m). */
struct play {
	int status_lines;            /* STATUS_LINES, or one more (play_draw_on) */
	struct midend *m;            /* the game: the session, the jobs, the files */
	bool own_midend;             /* made for this screen (the tests'): no solver, nothing saved */
	bool to_menu;                /* q goes back to the menu, else it ends the program */
	bool dirty;                  /* to be drawn again (play_redraw_due) */
	struct session *s;           /* the mid-end's game */
	const struct puzzle *pz;
	const struct view_ops *vo;
	struct view *view;

	int rows, cols;              /* the screen, as last drawn */
	bool too_small;
	int need_rows, need_cols;

	char msg[300];
	enum style_role msg_style;
	double msg_until;
	bool reveal_said;            /* the message says the hint's move is in hand */

	struct race_screen race;     /* the engines side by side (X) */
	bool sol_mistakes;           /* two solutions asked for c, else to say if the player's puzzle is proper */
	struct note sol_note;        /* what they showed, marked until the next move */
	bool sol_note_on;
	bool searching;              /* the search on screen (its frames: the mid-end's anim) */
	int speed;
	bool anim_paused;
	double anim_clock;           /* when the next step is due */

	bool paused;
	bool holding;                /* showing why the game cannot be kept: a key leaves */
	struct help help;
	enum question asking;
	double tick;                 /* the clock's last reading */
	double celebrate_until;
};

static void touch(struct play *p)
{
	p->dirty = true;
}

static void say(struct play *p, enum style_role st, const char *fmt, ...) LD_PRINTF(3, 4);

static void say(struct play *p, enum style_role st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	va_end(ap);
	p->msg_style = st;
	p->msg_until = clock_seconds() + MESSAGE_SECONDS;
	p->reveal_said = false;
	touch(p);
}

static const char *plural(long n)
{
	return n == 1 ? "" : "s";
}

/* ---- the position changed ------------------------------------------- */

/* The mid-end has taken a change in (midend_changed): the view follows,
 * and a solve is celebrated, or what kept it from being noted is said. */
static void changed(struct play *p)
{
	p->msg[0] = '\0';
	p->sol_note_on = false;
	p->vo->sync(p->view, session_state(p->s));
	touch(p);
	if (p->m->change == MIDEND_GOING)
		return;
	p->celebrate_until = clock_seconds() + CELEBRATION_SECONDS;
	int secs = (int)p->s->played, moves = session_moves(p->s);
	if (p->m->change == MIDEND_SOLVED)
		say(p, ST_GOOD, "Solved in %d:%02d, %d move%s, %d hint%s.  N: the next level, q: leave", secs / 60,
		    secs % 60, moves, plural(moves), p->s->hints, plural(p->s->hints));
	else
		say(p, ST_BAD, "%s", p->m->notice);
	p->msg_until = INFINITY;
}

/* What was known is asked again, the position the same (the check mode
 * changed, the search on screen or the race ended). */
static void check_again(struct play *p)
{
	midend_changed(p->m);
	changed(p);
}

static bool play_move(struct play *p, const char *move)
{
	struct diag err;
	if (!midend_move(p->m, move, &err)) {
		say(p, ST_BAD, "%s", err.msg);
		return false;
	}
	changed(p);
	return true;
}

/* ---- hints ----------------------------------------------------------- */

/* The hint's last tier: its move goes into the player's hand, if the view
 * can hold it, else it is played. */
static void reveal(struct play *p, const struct note *n)
{
	if (p->vo->hold(p->view, session_state(p->s), n->move)) {
		say(p, ST_NOTICE, "%s: Enter places it", n->text);
		p->reveal_said = true;
	} else if (play_move(p, n->move)) {
		say(p, ST_NOTICE, "%s", n->text);
	}
}

/* A dead end: since which move, and how many to take back. */
static void say_take_back(struct play *p)
{
	const struct worker_report *h = &p->m->hint;
	char what[128];
	p->pz->describe_move(session_state(p->s), p->s->move[h->take_back_to], what, sizeof what, false);
	int n = p->s->cur - h->take_back_to;
	say(p, ST_NOTICE, "Dead end since %s: take back %d move%s (Enter does it)", what, n, plural(n));
}

static void show_hint(struct play *p, enum midend_hint h)
{
	const struct worker_report *r = &p->m->hint;
	switch (h) {
	case MIDEND_HINT_ASKED:
		say(p, ST_DIM, "Thinking...");
		p->msg_until = INFINITY;
		return;
	case MIDEND_HINT_WAITING:
		return;
	case MIDEND_HINT_LAST_AGAIN:
		say(p, ST_NOTICE, "That was the last hint for this position: %s", r->hint[r->hint_tiers - 1].text);
		return;
	case MIDEND_HINT_NO_WAY_BACK:
		say(p, ST_BAD, "No way to finish, and none from any position before this one");
		return;
	case MIDEND_HINT_TAKE_BACK:
		say_take_back(p);
		return;
	case MIDEND_HINT_SOLVED:
		say(p, ST_GOOD, "It is solved");
		return;
	case MIDEND_HINT_NONE:
		say(p, ST_NOTICE, "No hint for this position");
		return;
	case MIDEND_HINT_TIER:
		break;
	}
	const struct note *n = midend_hint_note(p->m);
	if (midend_hint_reveals(p->m))
		reveal(p, n);
	else
		say(p, ST_NOTICE, "%s", n->text);
}

/* A count, a grade or two solutions take the hint's place: its "Thinking"
 * goes. */
static void forget_hint(struct play *p)
{
	if (p->m->hint_gen)
		p->msg[0] = '\0';
}

/* ---- the search on screen ------------------------------------------- */

/* The search on screen by engine (its name in the family's table; NULL:
 * the first). */
static void start_search(struct play *p, const char *engine)
{
	p->vo->drop(p->view);
	p->searching = true;
	p->anim_paused = false;
	midend_search(p->m, engine);
	p->anim_clock = clock_seconds();
	say(p, ST_DIM, "Estimating the size of the search...");
}

static void stop_search(struct play *p)
{
	p->searching = false;
	midend_search_stop(p->m);
	check_again(p);
}

static void set_speed(struct play *p, int speed)
{
	p->speed = speed < 0 ? 0 : speed >= N_SPEEDS ? N_SPEEDS - 1 : speed;
	/* A search waiting at its first solution waits for space, not speed. */
	bool waiting = p->m->anim_known && p->m->anim.at_solution;
	midend_free_run(p->m, !p->anim_paused && !waiting && isinf(speeds[p->speed]));
	p->anim_clock = clock_seconds();
	touch(p);
}

/* The race's pace: granted a step at a time by tick(), or free. */
static void set_race_speed(struct play *p, int speed)
{
	p->race.speed = speed < 0 ? 0 : speed >= N_SPEEDS ? N_SPEEDS - 1 : speed;
	midend_free_run(p->m, !p->race.paused && isinf(speeds[p->race.speed]));
	p->race.clock = clock_seconds();
	touch(p);
}

/* `?`: the family's goal and rules first, then its pieces, then the keys. */
static const struct view_key *view_keys(const struct play *p)
{
	return p->vo->keys_of ? p->vo->keys_of(p->view) : p->vo->keys;
}

static void open_help(struct play *p, enum key_context ctx)
{
	help_open(&p->help, ctx);
	p->help.rules = p->pz->rules;
	p->help.view_help = p->vo->help;
	p->help.view_title = p->vo->help_title;
	p->help.keys_title = p->vo->keys_title;
	p->help.view_keys = view_keys(p);
	p->help.mouse = p->vo->mouse;
	touch(p);
}

/* The search's solution taken: the player's position becomes it. */
static void take_solution(struct play *p)
{
	struct diag err;
	p->searching = false;
	if (midend_take_search(p->m, &err))
		changed(p);
	else
		say(p, ST_BAD, "%s", err.msg);
}

/* Space: pause, go on, or search on from a solution. */
static void search_pause(struct play *p)
{
	const struct midend *m = p->m;
	if (m->anim_known && m->anim.done)
		return;
	if (m->anim.at_solution) {
		p->anim_paused = false;
		p->msg[0] = '\0';
		midend_search_resume(p->m);
		set_speed(p, p->speed);
		midend_grant(p->m, 1);
		return;
	}
	p->anim_paused = !p->anim_paused;
	set_speed(p, p->speed);
}

static struct screen_result search_event(struct play *p, enum action act)
{
	switch (act) {
	case ACT_ANIM_PAUSE:
		search_pause(p);
		break;
	case ACT_ANIM_STEP:
		if (p->m->anim.at_solution)
			midend_search_resume(p->m);
		p->anim_paused = true;
		set_speed(p, p->speed);
		midend_grant(p->m, 1);
		break;
	case ACT_FASTER:
		set_speed(p, p->speed + 1);
		break;
	case ACT_SLOWER:
		set_speed(p, p->speed - 1);
		break;
	case ACT_ANIM_TAKE:
		if (p->m->anim_known && p->m->anim.solution)
			take_solution(p);
		else if (p->m->anim_known && p->m->anim.done)
			stop_search(p);
		break;
	case ACT_ANIM_STOP:
		stop_search(p);
		say(p, ST_DIM, "Back to your position");
		break;
	case ACT_QUIT:
		stop_search(p);
		return screen_do(SCREEN_LEAVE);
	case ACT_HELP:
		open_help(p, CTX_SEARCH);
		break;
	default:
		break;
	}
	return screen_do(SCREEN_STAY);
}

/* ---- events ------------------------------------------------------------ */

static struct screen_result answer(struct play *p, bool yes)
{
	enum question q = p->asking;
	p->asking = ASK_NONE;
	p->msg[0] = '\0';
	touch(p);
	if (yes && q == ASK_RESTART) {
		p->vo->drop(p->view);
		midend_restart(p->m);
		changed(p);
		say(p, ST_DIM, "Back to the start (Ctrl-R brings your moves back)");
	} else if (yes && q == ASK_NEW) {
		return screen_do(SCREEN_NEXT_LEVEL);
	}
	return screen_do(SCREEN_STAY);
}

static void ask(struct play *p, enum question q, const char *text)
{
	p->asking = q;
	snprintf(p->msg, sizeof p->msg, "%s", text);
	p->msg_style = ST_NOTICE;
	p->msg_until = INFINITY;
	p->reveal_said = false;
	touch(p);
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

/* Two solutions of the level's start (c: the one to compare with) or of
 * the position (a puzzle the player has just made: is it proper?). */
static void ask_solutions(struct play *p, bool mistakes)
{
	p->sol_mistakes = mistakes;
	p->sol_note_on = false;
	if (mistakes)
		midend_solutions(p->m);
	else
		midend_own_puzzle_solutions(p->m);
	say(p, ST_DIM, "%s", mistakes ? "Comparing with the solution... (Esc stops)" : "Looking for solutions... (Esc stops)");
	p->msg_until = INFINITY;
}

/* Where the player's entries differ from the puzzle's one solution (c). */
static void say_mistakes(struct play *p, const struct worker_report *r)
{
	const struct puzzle_state *s = session_state(p->s);
	if (r->completions == 0)
		say(p, ST_BAD, "The puzzle has no solution to compare with");
	else if (r->completions > 1)
		say(p, ST_DIM, "The puzzle has more than one solution: there is none to compare with");
	else if (!p->pz->mistakes)
		say(p, ST_DIM, "%s cannot compare a position with its solution", p->pz->title);
	else if (p->pz->mistakes(s, r->solution[0], &p->sol_note)) {
		p->sol_note_on = true;
		say(p, ST_BAD, "%s", p->sol_note.text);
	} else {
		say(p, ST_GOOD, "Nothing differs from the solution");
	}
}

/* What two solutions say: where the player's entries differ from the
 * puzzle's one solution (c), or whether the player's puzzle is proper. */
static void say_solutions(struct play *p, const struct worker_report *r)
{
	p->msg_until = 0;
	note_clear(&p->sol_note);
	if (r->cancelled)
		p->msg[0] = '\0';
	else if (p->sol_mistakes)
		say_mistakes(p, r);
	else if (r->completions == 0)
		say(p, ST_BAD, "Your puzzle has no solution (u takes the last step back)");
	else if (r->completions == 1)
		say(p, ST_GOOD, "Your puzzle has exactly one solution: a proper puzzle.  Play on");
	else if (p->pz->differ) {
		p->pz->differ(session_state(p->s), r->solution[0], r->solution[1], &p->sol_note);
		p->sol_note_on = true;
		say(p, ST_NOTICE, "More than one solution: %s", p->sol_note.text);
	} else {
		say(p, ST_NOTICE, "Your puzzle has more than one solution");
	}
	if (!r->cancelled)
		p->msg_until = clock_seconds() + 3 * MESSAGE_SECONDS;
}

/* The view's answer to an event: a move to play, a word, a redraw. */
static void view_result(struct play *p, enum view_result r, struct view_out *out)
{
	switch (r) {
	case VIEW_MOVE:
		if (!play_move(p, out->move.s ? out->move.s : ""))
			break;
		if (out->say[0])
			say(p, out->say_bad ? ST_BAD : ST_NOTICE, "%s", out->say);
		if (out->new_puzzle)
			ask_solutions(p, false);
		break;
	case VIEW_SAY:
		say(p, out->say_bad ? ST_BAD : out->say[0] ? ST_NOTICE : ST_DIM, "%s", out->say);
		break;
	case VIEW_HANDLED:
	case VIEW_IGNORED:
		touch(p);
		break;
	}
}

/* Events reach the view in its own coordinates: its room starts below the
 * title line. */
static void to_view(struct play *p, const struct term_event *ev)
{
	struct term_event e = *ev;
	struct view_out out;
	if (e.kind == TERM_MOUSE)
		e.row -= 1;
	view_out_init(&out);
	view_result(p, p->vo->event(p->view, session_state(p->s), &e, &out), &out);
	view_out_free(&out);
}

static const char *check_words(enum midend_check m)
{
	switch (m) {
	case MIDEND_CHECK_OFF: return "No checking: find the dead ends yourself (v: check for them)";
	case MIDEND_CHECK_DEAD_ENDS: return "Checking for dead ends (v: say more)";
	case MIDEND_CHECK_FULL: return "Checking for dead ends and the ways to finish (v: no checking)";
	}
	return "";
}

/* Keys while the engines race: its pace, pick one to watch, or go back. */
static struct screen_result race_event(struct play *p, const struct term_event *ev)
{
	enum action act = key_action(CTX_RACE, ev);
	int pick = -1;
	if (ev->kind == TERM_KEY && ev->ch >= '1' && ev->ch <= '9' && ev->ch - '1' < p->race.race.n)
		pick = ev->ch - '1';
	else if (act == ACT_SELECT && p->race.known)
		pick = p->race.sel;
	if (act == ACT_UP || act == ACT_DOWN) {
		race_move(&p->race, act == ACT_UP ? -1 : 1);
		touch(p);
	} else if (act == ACT_ANIM_PAUSE || act == ACT_FASTER || act == ACT_SLOWER) {
		if (act == ACT_ANIM_PAUSE)
			p->race.paused = !p->race.paused;
		set_race_speed(p, p->race.speed + (act == ACT_FASTER) - (act == ACT_SLOWER));
	} else if (pick >= 0 && p->race.race.n > 0) {
		const char *name = p->race.race.row[pick].name;
		p->race.open = false;
		midend_cancel(p->m);
		start_search(p, name);
	} else if (act == ACT_BACK) {
		p->race.open = false;
		midend_cancel(p->m);
		check_again(p);
		say(p, ST_DIM, "Back to your position");
	} else if (act == ACT_QUIT) {
		p->race.open = false;
		midend_cancel(p->m);
		return screen_do(SCREEN_LEAVE);
	} else if (act == ACT_HELP) {
		open_help(p, CTX_PLAY);
	}
	return screen_do(SCREEN_STAY);
}

/* The grader's verdict on the position, in words. */
static void say_grade(struct play *p, const struct worker_report *r)
{
	const struct puzzle_grade *g = &r->verdict;
	if (!r->graded)
		say(p, ST_BAD, "%s", r->why[0] ? r->why : "No grade for this position");
	else if (g->solutions == 0)
		say(p, ST_BAD, "No way to finish from here: %s", g->why);
	else if (g->solutions > 1)
		say(p, ST_DIM, "No grade: more than one way to finish from here (%s)", g->why);
	else if (g->grade < 1)
		say(p, ST_GOOD, "Easier than grade 1 from here: %s", g->why);
	else
		say(p, ST_GOOD, "Grade %d of 4 from here: %s", g->grade, g->why);
}

/* X: the engines side by side. */
static void open_race(struct play *p)
{
	if (session_solved(p->s)) {
		say(p, ST_DIM, "It is solved already");
		return;
	}
	p->vo->drop(p->view);
	forget_hint(p);
	midend_race(p->m);
	race_open(&p->race, RACE_SPEED);
	p->race.clock = clock_seconds();
	set_race_speed(p, RACE_SPEED);
	p->msg[0] = '\0';
	touch(p);
}

static void grade(struct play *p)
{
	if (!p->pz->grade) {
		say(p, ST_BAD, "%s has no grader", p->pz->title);
		return;
	}
	forget_hint(p);
	midend_grade(p->m);
	say(p, ST_DIM, "Grading this position... (Esc stops)");
	p->msg_until = INFINITY;
}

/* The keys that ask the solver something. */
static bool solver_key(struct play *p, enum action act)
{
	switch (act) {
	case ACT_HINT:
		show_hint(p, midend_hint_request(p->m));
		return true;
	case ACT_VALIDATE:
		midend_next_check_mode(p->m);
		changed(p);
		say(p, ST_DIM, "%s", check_words(p->m->check_mode));
		return true;
	case ACT_ANIMATE:
		if (session_solved(p->s))
			say(p, ST_DIM, "It is solved already");
		else
			start_search(p, NULL);
		return true;
	case ACT_GRADE:
		grade(p);
		return true;
	case ACT_MISTAKES:
		forget_hint(p);
		ask_solutions(p, true);
		return true;
	case ACT_RACE:
		open_race(p);
		return true;
	case ACT_COUNT:
		forget_hint(p);
		midend_count(p->m);
		touch(p);
		return true;
	default:
		return false;
	}
}

/* Undo, redo, the questions, pause, help and leave: the keys of the game
 * that the view does not see. */
static bool game_key(struct play *p, enum action act, struct screen_result *res)
{
	switch (act) {
	case ACT_UNDO:
	case ACT_REDO:
		p->vo->drop(p->view);
		if (act == ACT_UNDO ? midend_undo(p->m) : midend_redo(p->m))
			changed(p);
		else
			say(p, ST_DIM, "%s", act == ACT_UNDO ? "Nothing to undo" : "Nothing to redo");
		return true;
	case ACT_RESTART:
		ask(p, ASK_RESTART, "Start this level again? (y/n)");
		return true;
	case ACT_NEW:
		if (!session_solved(p->s))
			ask(p, ASK_NEW, "On to the next level? This game is kept under Continue (y/n)");
		else
			*res = screen_do(SCREEN_NEXT_LEVEL);
		return true;
	case ACT_PAUSE:
		p->paused = true;
		touch(p);
		return true;
	case ACT_HELP:
		open_help(p, CTX_PLAY);
		return true;
	case ACT_QUIT:
		*res = screen_do(SCREEN_LEAVE);
		return true;
	default:
		return false;
	}
}

static struct screen_result board_event(struct play *p, const struct term_event *ev)
{
	struct screen_result res = screen_do(SCREEN_STAY);
	enum action act = key_action(CTX_PLAY, ev);
	/* Esc stops a count before it puts a piece back; Enter after a hint
	 * that found a dead end takes the moves back. */
	if (act == ACT_DROP && (p->m->counting || p->m->grade_gen || p->m->sol_gen)) {
		say(p, ST_DIM, "%s", p->m->counting ? "Count stopped" : "Stopped");
		midend_stop_job(p->m);
		return res;
	}
	if (act == ACT_PLACE && midend_take_back(p->m)) {
		changed(p);
		say(p, ST_DIM, "Taken back (Ctrl-R brings the moves back)");
		return res;
	}
	if (game_key(p, act, &res) || solver_key(p, act))
		return res;
	/* The hint's move put back, or another taken in its place: the
	 * message that it is in hand and Enter places it is no longer so. */
	if (p->reveal_said && (act == ACT_DROP || act == ACT_PIECE || act == ACT_NEXT_PIECE || act == ACT_PREV_PIECE)) {
		p->reveal_said = false;
		p->msg[0] = '\0';
	}
	to_view(p, ev);
	return res;
}

struct screen_result play_event(struct play *p, const struct term_event *ev)
{
	touch(p);
	if (p->holding)
		return screen_do(ev->kind == TERM_KEY ? SCREEN_LEAVE : SCREEN_STAY);
	/* A screen too small shows nothing: the game waits, but for q. */
	if (p->too_small) {
		bool quit = ev->kind == TERM_KEY && key_action(CTX_PLAY, ev) == ACT_QUIT;
		return screen_do(quit ? SCREEN_LEAVE : SCREEN_STAY);
	}
	if (p->help.open) {
		help_key(&p->help, ev, p->rows);
		return screen_do(SCREEN_STAY);
	}
	if (p->asking)
		return ev->kind == TERM_KEY ? answer(p, key_action(CTX_ASK, ev) == ACT_YES) : screen_do(SCREEN_STAY);
	if (ev->kind == TERM_MOUSE) {
		/* The board is hidden under the search's panel or the race. */
		if (!p->paused && !p->searching && !p->race.open)
			to_view(p, ev);
		return screen_do(SCREEN_STAY);
	}
	if (p->searching)
		return search_event(p, key_action(CTX_SEARCH, ev));
	if (p->race.open)
		return race_event(p, ev);
	enum action act = key_action(CTX_PLAY, ev);
	if (p->paused && act != ACT_QUIT && act != ACT_HELP) {
		if (act == ACT_PAUSE || act != ACT_NONE) {
			p->paused = false;
			p->tick = clock_seconds();
		}
		return screen_do(SCREEN_STAY);
	}
	return board_event(p, ev);
}

/* ---- the solver's answers --------------------------------------------- */

/* A frame of the search on screen (the mid-end keeps it): what it says. */
static void search_report(struct play *p)
{
	const struct worker_anim *a = &p->m->anim;
	if (a->at_solution)
		say(p, ST_GOOD, "A solution: Enter takes it, space searches on, Esc goes back");
	else if (a->done && a->solution) {
		char n[U128_DIGITS + 13];
		say(p, ST_GOOD, "Search done: %s solution%s.  Enter takes the last, Esc goes back",
		    u128_grouped(a->solutions, n), a->solutions == 1 ? "" : "s");
	}
	else if (a->done)
		say(p, ST_BAD, "Search done: no solution from here.  Esc goes back");
	else if (p->msg_until == INFINITY || strstr(p->msg, "Estimating"))
		p->msg[0] = '\0', p->msg_until = 0;
	if (a->at_solution || a->done)
		p->msg_until = INFINITY;
}

static void say_count(struct play *p, const struct worker_report *r)
{
	char n[U128_DIGITS + 13];
	/* A count cut short or past 128 bits is never said as exact. */
	if (r->final && !r->cancelled)
		say(p, ST_GOOD, "%s%s %s from here (counted in %.1f s)", r->exact ? "" : "more than ",
		    u128_grouped(r->solutions, n), r->solutions == 1 ? "way to finish" : "ways to finish", r->elapsed);
}

void play_report(struct play *p, const struct worker_report *r)
{
	if (r->gen == 0)
		return;
	switch (midend_report(p->m, r)) {
	case MIDEND_ANSWER_HINT:
		p->msg_until = 0;
		do
			show_hint(p, midend_hint_step(p->m));
		while (midend_hint_more(p->m));
		break;
	case MIDEND_ANSWER_COUNT:
		say_count(p, r);
		break;
	case MIDEND_ANSWER_SOLUTIONS:
		say_solutions(p, r);
		break;
	case MIDEND_ANSWER_GRADE:
		p->msg_until = 0;
		if (r->cancelled)
			p->msg[0] = '\0';
		else
			say_grade(p, r);
		break;
	case MIDEND_ANSWER_SEARCH:
		if (p->searching)
			search_report(p);
		break;
	case MIDEND_ANSWER_RACE:
		race_report(&p->race, r);
		break;
	default:
		break;
	}
	touch(p);
}

void play_resume(struct play *p)
{
	p->tick = clock_seconds();
}

/* Grant the steps due at `speed` a second since *clock (the search on
 * screen's, or the race's); at most a frame's worth at once, so that a
 * slow terminal never queues a backlog.  *wait: milliseconds until the
 * next is due, if sooner. */
static void pace(struct play *p, double *clock, double speed, double now, int *wait)
{
	double per = 1.0 / speed;
	uint64_t due = 0;
	while (*clock <= now && due < (uint64_t)(speed / FPS) + 1) {
		*clock += per;
		due++;
	}
	if (*clock < now)
		*clock = now;
	if (due)
		midend_grant(p->m, due);
	int ms = (int)((*clock - now) * 1000) + 1;
	if (ms < *wait)
		*wait = ms;
}

/* The view's own time (a blink, a timed entry), when nothing covers it. */
static void view_tick(struct play *p, double now, int *wait)
{
	if (!p->vo->tick || p->searching || p->paused || p->help.open || p->race.open || p->asking || p->holding ||
	    p->too_small)
		return;
	struct view_out out;
	view_out_init(&out);
	enum view_result r = p->vo->tick(p->view, session_state(p->s), now, wait, &out);
	if (r != VIEW_IGNORED)
		view_result(p, r, &out);
	view_out_free(&out);
}

int play_tick(struct play *p, double now)
{
	int wait = 1000;
	if (!p->paused && !p->help.open && p->tick > 0 && midend_play_time(p->m, now - p->tick))
		touch(p);
	p->tick = now;
	if (p->msg[0] && now >= p->msg_until && p->msg_until != INFINITY) {
		p->msg[0] = '\0';
		touch(p);
	}
	view_tick(p, now, &wait);
	if (p->celebrate_until > 0) {
		if (now >= p->celebrate_until)
			p->celebrate_until = 0;
		touch(p);
		wait = 100;
	}
	if (p->searching && p->m->anim_known && !p->anim_paused && !p->m->anim.at_solution && !p->m->anim.done &&
	    !isinf(speeds[p->speed]))
		pace(p, &p->anim_clock, speeds[p->speed], now, &wait);
	if (race_running(&p->race) && !isinf(speeds[p->race.speed]))
		pace(p, &p->race.clock, speeds[p->race.speed], now, &wait);
	return wait;
}

bool play_redraw_due(struct play *p)
{
	bool due = p->dirty;
	p->dirty = false;
	return due;
}

/* ---- drawing -------------------------------------------------------------- */

/* The title row; *free_from and *free_to get the columns left blank
 * between the level's name and the counts. */
static void draw_title(struct play *p, struct canvas *c, int *free_from, int *free_to)
{
	char left[sizeof p->s->name + 96], right[96];
	int secs = (int)p->s->played;
	snprintf(left, sizeof left, " linkdance %s %s%s%s", glyph(GL_DOT), p->pz->title, p->s->name[0] ? " " : "",
	         p->s->name);
	if (p->s->grade)
		snprintf(left + strlen(left), sizeof left - strlen(left), " (grade %d)", p->s->grade);
	char copy[32];
	catalog_save_words(p->s->save_path, copy, sizeof copy);
	if (copy[0])
		snprintf(left + strlen(left), sizeof left - strlen(left), " %s", copy);
	snprintf(right, sizeof right, "moves %d  hints %d  %d:%02d ", session_moves(p->s), p->s->hints, secs / 60,
	         secs % 60);
	/* The counts and the clock come first; a long level name gives way. */
	int room = c->cols - (int)strlen(right) - 1;
	canvas_fill(c, 0, 0, 1, c->cols, style(ST_TITLE), " ");
	*free_from = canvas_text(c, 0, 0, room > 10 ? room : c->cols, style(ST_TITLE), left);
	*free_to = c->cols;
	if (room > 10) {
		*free_to = c->cols - (int)strlen(right);
		canvas_print(c, 0, *free_to, style(ST_TITLE), right);
	}
}

static void draw_bar(struct canvas *c, int y, int x, int w, double fraction)
{
	int full = (int)(fraction * w + 0.5);
	for (int i = 0; i < w; i++)
		canvas_put(c, y, x + i, A_NORMAL, glyph(i < full ? GL_BAR_FULL : GL_BAR_EMPTY));
}

/* The checker's line, or "" when it has nothing to say. */
static enum style_role check_line(const struct play *p, char *text, size_t size)
{
	text[0] = '\0';
	const struct midend *m = p->m;
	if (m->check_mode == MIDEND_CHECK_OFF) {
		snprintf(text, size, "Not checking for dead ends (v turns it on)");
		return ST_DIM;
	}
	if (!m->check_known) {
		if (m->check_mode == MIDEND_CHECK_FULL)
			snprintf(text, size, "Checking...");
		return ST_DIM;
	}
	const struct worker_report *c = &m->check;
	if (c->completions == 0) {
		if (c->dead_explained)
			snprintf(text, size, "Dead end: %s  (H: what to take back)", c->dead.text);
		else if (c->nodes)
			/* Found by the count, which said how far it had to look. */
			snprintf(text, size, "Dead end: no way to finish from here, for a reason that lies deeper (the solver "
			                     "needed %s tr%s); H shows what to take back",
			         u128_grouped(c->nodes, (char[U128_DIGITS + 13]){ 0 }), c->nodes == 1 ? "y" : "ies");
		else
			snprintf(text, size, "Dead end: no way to finish from here; H shows what to take back");
		return ST_BAD;
	}
	if (m->check_mode != MIDEND_CHECK_FULL)
		return ST_DIM;
	if (session_solved(p->s))
		snprintf(text, size, "Solved");
	else if (c->completions >= 2)
		snprintf(text, size, "Can still be finished");
	else
		snprintf(text, size, "Exactly one way to finish");
	return ST_GOOD;
}

static void draw_status(struct play *p, struct canvas *c)
{
	const int STATUS = p->status_lines;
	struct canvas st = canvas_window(c, c->rows - 1 - STATUS, 0, STATUS, c->cols);
	int w = st.cols - 2;
	if (p->msg[0]) {
		int used = canvas_text_lines(&st, 0, 1, w, STATUS, style(p->msg_style), p->msg);
		/* A message of one line leaves the view's line where it was (the
		 * cursor's cell, the piece in hand); the message that put a
		 * hint's move in hand says what that line would. */
		if (used < STATUS && !p->searching && !p->race.open && !p->reveal_said) {
			char hand[160];
			p->vo->status(p->view, session_state(p->s), hand, sizeof hand);
			canvas_text(&st, used > 1 ? used : 1, 1, w, A_NORMAL, hand);
		}
		return;
	}
	if (p->searching) {
		canvas_text_lines(&st, 0, 1, w, STATUS, style(ST_DIM), p->m->anim.note.text);
		return;
	}
	if (p->m->counting) {
		/* What the player can use: that it counts, how far, and for a
		 * count that finds ways as it goes, how many and the time left
		 * (a count by layers finds them all at its last layer, and its
		 * work is in the middle ones: no time can be told). */
		char text[128];
		int left = p->m->count.fraction > 0.001 ? (int)(p->m->count.elapsed * (1 - p->m->count.fraction) / p->m->count.fraction)
		                                      : -1;
		const char *noun = p->pz->count_noun ? p->pz->count_noun : "ways to finish";
		if (p->m->count.of_layers || p->m->count.solutions == 0)
			snprintf(text, sizeof text, "Esc stops");
		else if (left >= 0)
			snprintf(text, sizeof text, "%s found, about %d:%02d left; Esc stops",
			         u128_grouped(p->m->count.solutions, (char[U128_DIGITS + 13]){ 0 }), left / 60, left % 60);
		else
			snprintf(text, sizeof text, "%s found; Esc stops",
			         u128_grouped(p->m->count.solutions, (char[U128_DIGITS + 13]){ 0 }));
		char head[64];
		snprintf(head, sizeof head, "Counting the %s ", noun);
		int x = 1 + canvas_text(&st, 0, 1, st.cols - 2, A_NORMAL, head);
		draw_bar(&st, 0, x, 20, p->m->count.fraction);
		canvas_text(&st, 0, x + 21, st.cols - x - 22, A_NORMAL, text);
		char hand[160];
		p->vo->status(p->view, session_state(p->s), hand, sizeof hand);
		canvas_text(&st, 1, 1, w, A_NORMAL, hand);
		return;
	}
	/* The checker's line takes the second line too when the view has
	 * nothing to say there: a dead end's reason is read whole. */
	char text[400], hand[160];
	enum style_role role = check_line(p, text, sizeof text);
	p->vo->status(p->view, session_state(p->s), hand, sizeof hand);
	/* A dead end's reason comes before what is in hand. */
	int room = !hand[0] || role == ST_BAD ? STATUS : STATUS - 1;
	int used = canvas_text_lines(&st, 0, 1, w, room, style(role), text);
	if (used < STATUS)
		canvas_text(&st, used > 1 ? used : 1, 1, w, A_NORMAL, hand);
}

/* The key reminders of the board, the search and the race: their keys
 * come from the key table, the words are the reminder's. */
static const struct key_hint board_hints[] = {
	{ .act = ACT_UNDO, .word = "undo" },
	{ .act = ACT_HINT, .word = "hint" },
	{ .act = ACT_ANIMATE, .word = "search" },
	{ .act = ACT_COUNT, .word = "count" },
	{ .act = ACT_PAUSE, .word = "pause" },
	{ .act = ACT_NONE },
};
static const struct key_hint search_hints[] = {
	{ .act = ACT_ANIM_PAUSE, .word = "pause" },
	{ .act = ACT_ANIM_STEP, .word = "step" },
	{ .act = ACT_FASTER, .word = "speed", .also = ACT_SLOWER, .joint = ' ' },
	{ .act = ACT_ANIM_TAKE, .word = "take" },
	{ .act = ACT_ANIM_STOP, .word = "back" },
	{ .act = ACT_NONE },
};
static const struct key_hint race_hints[] = {
	{ .act = ACT_ANIM_PAUSE, .word = "pause" },
	{ .act = ACT_FASTER, .word = "speed", .also = ACT_SLOWER, .joint = ' ' },
	{ .act = ACT_SELECT, .word = "watch it" },
	{ .act = ACT_BACK, .word = "back" },
	{ .act = ACT_NONE },
};

/* The key reminder: the view's keys worth a reminder, then the screen's,
 * as many as fit, the help key always (it lists the rest).  Both lists are
 * in the order of what a player needs first. */
static void draw_keys(struct play *p, struct canvas *c)
{
	/* q ends the program in a game started from the shell, else it goes
	 * back to the menu: the reminder says which. */
	const struct key_hint quit = { .act = ACT_QUIT, .word = p->to_menu ? "menu" : "quit" };
	const struct key_hint help = { .act = ACT_HELP, .word = "help" };
	static const char *const paused[] = { "p or any key: go on", "q: save and leave", NULL };
	static const char *const holding[] = { "any key: leave", NULL };
	bool on_board = !p->holding && !p->searching && !p->paused && !p->race.open;
	enum key_context ctx = p->searching ? CTX_SEARCH : p->race.open ? CTX_RACE : CTX_PLAY;
	const struct key_hint *hints = p->holding || p->paused ? NULL
	                               : p->searching          ? search_hints
	                               : p->race.open          ? race_hints
	                                                       : board_hints;
	const char *const *list = p->holding ? holding : p->paused ? paused : NULL;
	/* What the player is typing takes the line until it is done. */
	char prompt[160] = "";
	if (on_board && p->vo->prompt)
		p->vo->prompt(p->view, session_state(p->s), prompt, sizeof prompt);
	if (prompt[0]) {
		canvas_text(c, c->rows - 1, 1, c->cols - 2, style(ST_NOTICE), prompt);
		return;
	}
	/* q and ? come always, at the end: a narrow terminal drops the
	 * others first (at 60 columns it dropped q) */
	char quit_item[32], help_item[32], board_last[80];
	key_hint_text(CTX_PLAY, &quit, false, quit_item, sizeof quit_item);
	key_hint_text(ctx, &help, false, help_item, sizeof help_item);
	snprintf(board_last, sizeof board_last, "%s  %s", quit_item, help_item);
	const char *last = p->paused || p->holding ? "" : on_board ? board_last : help_item;
	int room = c->cols - 2 - (int)strlen(last);
	char line[512] = "";
	size_t len = 0;
	const char *items[32];
	int n = 0;
	char view_items[16][64], screen_items[8][64];
	int nv = 0;
	for (const struct view_key *vk = on_board ? view_keys(p) : NULL; vk && vk->keys && nv < 16; vk++)
		if (vk->remind) {
			snprintf(view_items[nv], sizeof view_items[nv], "%s %s", vk->keys, vk->what);
			items[n++] = view_items[nv++];
		}
	for (int i = 0; list && list[i] && n < 32; i++)
		items[n++] = list[i];
	for (int i = 0; hints && hints[i].act != ACT_NONE && i < 8; i++) {
		key_hint_text(ctx, &hints[i], false, screen_items[i], sizeof screen_items[i]);
		items[n++] = screen_items[i];
	}
	for (int i = 0; i < n; i++) {
		size_t w = strlen(items[i]);
		if ((int)(len + w + 2) > room || len + w + 3 >= sizeof line)
			break;
		len += (size_t)snprintf(line + len, sizeof line - len, "%s  ", items[i]);
	}
	snprintf(line + len, sizeof line - len, "%s", last);
	canvas_text(c, c->rows - 1, 1, c->cols - 2, style(ST_DIM), line);
}

/* The search's figures beside the board: what it has done, exact; what
 * lies ahead, estimated and said so ("about", give or take its spread).
 * The estimate is Knuth's, from a thousand random walks made before the
 * search starts; what is searched is the steps taken over it. */
static void draw_search_panel(struct play *p, struct canvas *c)
{
	const struct worker_anim *a = &p->m->anim;
	int w = c->cols;
	char line[160];
	const struct puzzle_engine *pe = puzzle_engine_find(p->pz, p->m->anim_engine);
	char title[80];
	/* Which engine, when the family has more than one to watch. */
	if (pe && p->pz->engines && p->pz->engines[0] && p->pz->engines[1])
		snprintf(title, sizeof title, "The search: %s", pe->title);
	else
		snprintf(title, sizeof title, "The solver's search");
	canvas_text(c, 0, 0, w, A_BOLD, title);
	if (!p->m->anim_known) {
		canvas_text(c, 2, 0, w, A_NORMAL, "estimating its size...");
		return;
	}
	struct {
		const char *label;
		char value[64];
	} rows[10];
	int n = 0;
	char fig[48];
#define ROW(lbl, ...) (rows[n].label = lbl, snprintf(rows[n].value, sizeof rows[n].value, __VA_ARGS__), n++)
	ROW("steps", "%s", u128_grouped(a->nodes, (char[U128_DIGITS + 13]){ 0 }));
	ROW("choices now", "%d", a->level);
	ROW("taken back", "%s", u128_grouped(a->backtracks, (char[U128_DIGITS + 13]){ 0 }));
	ROW("solutions", "%s", u128_grouped(a->solutions, (char[U128_DIGITS + 13]){ 0 }));
	if (a->estimate > 0) {
		race_round(a->estimate, fig, sizeof fig);
		ROW("whole tree", "about %s", fig);
		int spread = (int)(100 * a->estimate_se / a->estimate + 0.5);
		if (spread >= 1)
			ROW("", "give or take %d%%", spread);
		double f = a->fraction;
		if (a->done)
			ROW("searched", "all of it");
		else if ((double)a->nodes > a->estimate)
			ROW("searched", "more than estimated");
		else if (f < 0.001)
			ROW("searched", "under 0.1%%");
		else
			ROW("searched", "about %.*f%%", f < 0.1 ? 1 : 0, 100 * f);
		if (!a->done && a->estimate - (double)a->nodes >= 1) {
			race_round(a->estimate - (double)a->nodes, fig, sizeof fig);
			ROW("left", "about %s", fig);
		}
	}
	if (isinf(speeds[p->speed]))
		ROW("speed", "%s", p->anim_paused ? "paused, full" : "full speed");
	else
		ROW("speed", p->anim_paused ? "paused (%g/s)" : "%g steps/s", speeds[p->speed]);
#undef ROW
	for (int i = 0; i < n; i++) {
		snprintf(line, sizeof line, "%-11s %s", rows[i].label, rows[i].value);
		canvas_text(c, 2 + i, 0, w, A_NORMAL, line);
	}
	if (a->estimate > 0)
		draw_bar(c, 3 + n, 0, w < 30 ? w : 30, a->fraction);
	canvas_text_lines(c, 5 + n, 0, w, 2, style(ST_DIM), "A step: a place where the search chooses.");
}

/* What the view marks: the search's step, a dead end, or the hint's tier. */
static const struct note *board_marks(const struct play *p)
{
	if (p->searching)
		return p->m->anim_known ? &p->m->anim.note : NULL;
	const struct midend *m = p->m;
	if (m->check_mode != MIDEND_CHECK_OFF && m->check_known && m->check.completions == 0 && m->check.dead_explained)
		return &m->check.dead;
	if (p->sol_note_on)
		return &p->sol_note;
	/* The reveal is in the player's hand: its marks would hide it. */
	if (midend_hint_reveals(m))
		return NULL;
	return midend_hint_note(m);
}

static void too_small(struct play *p, struct canvas *c)
{
	char text[80];
	snprintf(text, sizeof text, "terminal too small: need %d x %d", p->need_cols, p->need_rows);
	canvas_text_lines(c, c->rows / 2 - 1 > 0 ? c->rows / 2 - 1 : 0, 0, c->cols, c->rows, A_BOLD, text);
}

void play_draw_on(struct play *p, struct canvas *c)
{
	p->rows = c->rows;
	p->cols = c->cols;
	canvas_erase(c);
	int min_rows, min_cols, best_rows, best_cols;
	p->vo->size(p->view, &min_rows, &min_cols, &best_rows, &best_cols);
	p->need_rows = min_rows + CHROME;
	p->need_cols = min_cols;
	/* Narrower than 80 columns a message wraps to two lines more often,
	 * and would push the view's line (the piece in hand) away: a third
	 * status line where the view has a row to spare beyond its best
	 * (taking one it could use would cost it its larger form: Sudoku's
	 * marks as digits). */
	p->status_lines = STATUS_LINES;
	if (c->cols < 80 && c->rows - CHROME - 1 >= best_rows && p->vo->layout(p->view, c->rows - CHROME - 1, c->cols))
		p->status_lines = STATUS_LINES + 1;
	int chrome = CHROME + p->status_lines - STATUS_LINES;
	p->too_small = c->rows < chrome + 1 || !p->vo->layout(p->view, c->rows - chrome, c->cols);
	if (p->too_small) {
		too_small(p, c);
		return;
	}
	int title_free, title_end;
	draw_title(p, c, &title_free, &title_end);
	if (p->paused) {
		const char *text = "Paused: p or any key goes on";
		canvas_print(c, c->rows / 2, (c->cols - (int)strlen(text)) / 2, A_NORMAL, text);
		draw_keys(p, c);
		return;
	}
	struct canvas body = canvas_window(c, 1, 0, c->rows - chrome, c->cols);
	struct view_show show = { 0 };
	show.marks = board_marks(p);
	show.searching = p->searching;
	const struct puzzle_state *st = session_state(p->s);
	if (p->searching && p->m->search_state)
		st = p->m->search_state;
	if (p->race.open) {
		char pace_words[64];
		if (isinf(speeds[p->race.speed]))
			snprintf(pace_words, sizeof pace_words, "Side by side at full speed");
		else
			snprintf(pace_words, sizeof pace_words, "Side by side, %g steps a second each", speeds[p->race.speed]);
		race_draw(&p->race, &body, pace_words);
		draw_status(p, c);
		draw_keys(p, c);
		return;
	}
	p->vo->draw(p->view, &body, st, &show);
	if (p->searching) {
		int y, x, h, w;
		p->vo->panel(p->view, &y, &x, &h, &w);
		struct canvas panel = canvas_window(&body, y, x, h, w);
		draw_search_panel(p, &panel);
	}
	if (p->celebrate_until > 0) {
		/* A few bright frames in the title row, where they hide
		 * nothing (a graph's labels reach the board's top row); in
		 * the board's top row only when the title leaves no room. */
		int phase = (int)(clock_seconds() * 8) % 2;
		attr_t look = phase ? style(ST_GOOD) | A_REVERSE : style(ST_NOTICE);
		const char *banner = " SOLVED ";
		int x = title_free + 2, w = (int)strlen(banner);
		if (x + w <= title_end - 2)
			canvas_print(c, 0, x, look, banner);
		else
			canvas_print(&body, 0, 2, look, banner);
	}
	draw_status(p, c);
	draw_keys(p, c);
}

void play_draw(struct play *p)
{
	struct canvas c = canvas_screen();
	if (p->help.open && !p->too_small) {
		erase();
		help_draw(&p->help, c.rows, c.cols);
		p->rows = c.rows;
		p->cols = c.cols;
		return;
	}
	play_draw_on(p, &c);
}

/* ---- life and death --------------------------------------------------------- */

struct play *play_new(struct midend *m, struct session *s)
{
	const struct view_ops *vo = view_find(s->pz);
	return vo ? play_new_view(m, s, vo) : NULL;
}

struct play *play_new_view(struct midend *m, struct session *s, const struct view_ops *vo)
{
	struct play *p = xcalloc(1, sizeof *p);
	p->own_midend = !m;
	p->m = m ? m : midend_new(false, NULL);
	p->to_menu = !p->own_midend && !p->m->from_shell;
	p->s = s;
	p->pz = s->pz;
	p->vo = vo;
	p->view = vo->new(s->pz, session_state(s));
	p->speed = DEFAULT_SPEED;
	p->tick = clock_seconds();
	midend_begin(p->m, s);
	changed(p);
	return p;
}

void play_free(struct play *p)
{
	if (!p)
		return;
	p->vo->free(p->view);
	midend_end(p->m);
	if (p->own_midend)
		midend_free(p->m);
	free(p);
}

struct session *play_session(struct play *p)
{
	return p->s;
}

uint64_t play_last_job(const struct play *p)
{
	return p->m->last_gen;
}
