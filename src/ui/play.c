#include "config.h"

#include "ui/play.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/keys.h"
#include "ui/play_screen.h"
#include "util/clock.h"
#include "util/xalloc.h"

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
		say(p, ST_GOOD, "Solved in %d:%02d, %d move%s, %d hint%s.  N: %s, q: leave", secs / 60, secs % 60,
		    moves, plural(moves), p->s->hints, plural(p->s->hints),
		    p->s->params[0] ? "another" : "the next level");
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
	char from[128] = "";
	bool more = p->m->hint_random && p->m->diagram && p->m->diagram->ways > 1;
	if (p->m->hint_random && p->m->diagram) {
		char ways[U128_DIGITS + 13];
		u128_grouped(p->m->diagram->ways, ways);
		if (p->m->diagram->ways == 1)
			snprintf(from, sizeof from, "In the one way to finish: ");
		else
			snprintf(from, sizeof from, "Drawn at random from the %s ways to finish: ", ways);
	}
	if (p->vo->hold(p->view, session_state(p->s), n->move)) {
		say(p, ST_NOTICE, "%s%s: Enter places it%s", from, n->text, more ? " (H: another)" : "");
		p->reveal_said = true;
	} else if (play_move(p, n->move)) {
		say(p, ST_NOTICE, "%s%s", from, n->text);
	}
}

/* A dead end: since which move, and how many to take back. */
static void say_take_back(struct play *p)
{
	const struct worker_report *h = &p->m->hint;
	char what[128];
	p->pz->describe_move(session_state(p->s), p->s->move[h->take_back_to], what, sizeof what, false);
	int n = p->s->cur - h->take_back_to;
	/* "since move 3 (shade row 2, column 6)": a family's words for a
	 * move are not always a clause that can follow "since" */
	say(p, ST_NOTICE, "Dead end since move %d (%s): take back %d move%s (Enter does it)", h->take_back_to + 1,
	    what, n, plural(n));
}

static void show_hint(struct play *p, enum midend_hint h)
{
	const struct worker_report *r = &p->m->hint;
	switch (h) {
	case MIDEND_HINT_ASKED:
		say(p, ST_DIM, "%s",
		    p->m->random_wanted ? "Mapping the ways to finish, to draw one at random..." : "Thinking...");
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
	case MIDEND_HINT_TOO_OPEN:
		say(p, ST_NOTICE, "Too open to draw a way to finish at random yet: play a few more moves first");
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
const struct view_key *play_view_keys(const struct play *p)
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
	p->help.view_keys = play_view_keys(p);
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

/* w: the map of the ways to finish, on or off. */
static void toggle_map(struct play *p)
{
	if (!p->vo->map || !p->pz->xc) {
		say(p, ST_DIM, "%s has no map of the ways to finish", p->pz->title);
		return;
	}
	p->map_on = !p->map_on;
	midend_map(p->m, p->map_on);
	if (!p->map_on)
		say(p, ST_DIM, "Map off");
	else
		say(p, ST_DIM, "The map of the ways to finish is on (w: off)");
}

/* The keys that ask the solver something. */
static bool solver_key(struct play *p, enum action act)
{
	switch (act) {
	case ACT_MAP:
		toggle_map(p);
		return true;
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
	char n[U128_DIGITS + 13], words[200];
	if (!r->final || r->cancelled)
		return;
	u128_grouped(r->solutions, n);
	/* A count cut short or past 128 bits is never said as exact. */
	if (p->vo->count_words)
		p->vo->count_words(p->view, session_state(p->s), n, r->solutions == 1, !r->exact, words, sizeof words);
	else
		snprintf(words, sizeof words, "%s%s %s from here", r->exact ? "" : "more than ", n,
		         r->solutions == 1 ? "way to finish" : "ways to finish");
	say(p, ST_GOOD, "%s (counted in %.1f s)", words, r->elapsed);
}

void play_report(struct play *p, struct worker_report *r)
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
	case MIDEND_ANSWER_DIAGRAM:
		if (p->m->random_refused)
			show_hint(p, MIDEND_HINT_TOO_OPEN);
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
