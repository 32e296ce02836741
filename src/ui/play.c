#include "config.h"

#include "ui/play.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "game/saves.h"
#include "ui/app.h"
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

/* What the checker says: the player chooses how much help it is. */
enum check_mode { CHECK_OFF, CHECK_DEAD_ENDS, CHECK_FULL };

struct play {
	int status_lines;            /* STATUS_LINES, or one more (play_draw_on) */
	struct app *app;             /* NULL in tests: no worker, no saving */
	struct session *s;
	const struct puzzle *pz;
	const struct view_ops *vo;
	struct view *view;

	int rows, cols;              /* the screen, as last drawn */
	bool too_small;
	int need_rows, need_cols;

	char msg[300];
	enum style_role msg_style;
	double msg_until;

	enum check_mode check_mode;
	uint64_t check_gen;          /* the job whose answer is awaited, 0: none */
	bool check_known;
	struct worker_report check;  /* the latest answer about this state */

	int hint_tier;               /* tiers shown for this state */
	bool reveal_said;            /* the message says the hint's move is in hand */
	int hint_wanted;             /* tiers asked for while the solver thinks */
	uint64_t hint_gen;
	bool hint_known;
	struct worker_report hint;

	uint64_t count_gen;
	uint64_t grade_gen;          /* the grader's verdict awaited, 0: none */
	bool counting;
	struct worker_report count;

	struct race_screen race;     /* the engines side by side (X) */
	uint64_t sol_gen;            /* two solutions asked for (c, or a puzzle of the player's own), 0: none */
	bool sol_mistakes;           /* for c, else to say if the player's puzzle is proper */
	struct note sol_note;        /* what they showed, marked until the next move */
	bool sol_note_on;
	const char *anim_engine;     /* the engine to watch (the family's), NULL: its first */
	bool searching;              /* the search on screen */
	uint64_t anim_gen;
	struct worker_anim anim;
	bool anim_known;
	struct puzzle_state *anim_state; /* the search's position, drawn instead of the player's */
	char anim_step[NOTE_TEXT_MAX];   /* what the search does now, in words */
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
	uint64_t last_gen;           /* without a worker (tests): the jobs' numbers */
};

static void touch(struct play *p)
{
	if (p->app)
		p->app->dirty = true;
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

/* ---- the solver beside the player ---------------------------------- */

static uint64_t submit(struct play *p, enum worker_kind kind, bool history)
{
	if (!p->app || !p->app->worker)
		return ++p->last_gen;
	const struct puzzle_state *const *states = (const struct puzzle_state *const *)p->s->state;
	int n = history ? p->s->cur + 1 : 1;
	if (!history)
		states += p->s->cur;
	struct worker_job *j = worker_job_new(kind, p->pz, states, n);
	if (kind == WORK_ANIMATE)
		worker_job_engine(j, p->anim_engine);
	return p->last_gen = worker_submit(p->app->worker, j);
}

static void cancel(struct play *p)
{
	if (p->app && p->app->worker)
		worker_cancel(p->app->worker);
}

/* A job that replaced the check (a count, a grade, two solutions) is over:
 * the check is asked again, unless the player has asked for another job
 * since, which a check would cancel. */
static void recheck(struct play *p, const struct worker_report *r)
{
	if (!p->check_known && p->check_mode != CHECK_OFF && r->gen == p->last_gen)
		p->check_gen = submit(p, WORK_CHECK, false);
}

/* The state changed: what was known about the old one is not about this. */
static void changed(struct play *p)
{
	p->msg[0] = '\0';
	p->sol_note_on = false;
	p->sol_gen = 0;
	p->check_known = p->hint_known = false;
	p->hint_tier = p->hint_wanted = 0;
	p->hint_gen = p->count_gen = 0;
	p->counting = false;
	p->check_gen = p->check_mode != CHECK_OFF ? submit(p, WORK_CHECK, false) : 0;
	if (p->check_mode == CHECK_OFF)
		cancel(p);
	p->vo->sync(p->view, session_state(p->s));
	touch(p);
	if (session_solved(p->s) && !p->was_solved) {
		p->was_solved = true;
		p->celebrate_until = clock_seconds() + CELEBRATION_SECONDS;
		int secs = (int)p->s->played, moves = session_moves(p->s);
		/* A record or a save that could not be written is said instead
		 * of the celebration: the player may still put it right. */
		if (!p->app || (app_record(p->app, p->s) && app_save(p->app)))
			say(p, ST_GOOD, "Solved in %d:%02d, %d move%s, %d hint%s.  N: the next level, q: leave", secs / 60,
			    secs % 60, moves, plural(moves), p->s->hints, plural(p->s->hints));
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

/* ---- hints ----------------------------------------------------------- */

/* The tier the player has reached, or NULL. */
static const struct note *hint_note(const struct play *p)
{
	if (!p->hint_known || p->hint.completions == 0 || p->hint_tier < 1 || p->hint_tier > p->hint.hint_tiers)
		return NULL;
	return &p->hint.hint[p->hint_tier - 1];
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
		say(p, ST_NOTICE, "Dead end since %s: take back %d move%s (Enter does it)", what, n, plural(n));
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
	const struct note *n = &h->hint[p->hint_tier - 1];
	/* The last tier is the reveal: its move goes into the player's hand,
	 * if the view can hold it, else it is played. */
	if (p->hint_tier == h->hint_tiers && n->move[0]) {
		if (p->vo->hold(p->view, session_state(p->s), n->move)) {
			say(p, ST_NOTICE, "%s: Enter places it", n->text);
			p->reveal_said = true;
		} else if (play_move(p, n->move)) {
			say(p, ST_NOTICE, "%s", n->text);
		}
		return;
	}
	say(p, ST_NOTICE, "%s", n->text);
}

static void hint(struct play *p)
{
	if (p->hint_known) {
		if (p->hint.completions > 0 && p->hint_tier >= p->hint.hint_tiers && p->hint_tier > 0)
			say(p, ST_NOTICE, "That was the last hint for this position: %s",
			    p->hint.hint[p->hint.hint_tiers - 1].text);
		else
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

static void clear_anim_state(struct play *p)
{
	if (p->anim_state)
		p->pz->free_state(p->anim_state);
	p->anim_state = NULL;
	p->anim_step[0] = '\0';
}

static void clear_anim(struct play *p)
{
	clear_anim_state(p);
	free(p->anim.path);
	free(p->anim.solution);
	memset(&p->anim, 0, sizeof p->anim);
}

/* A copy of a report to keep: its strings are the caller's, and only the
 * animation's are wanted (copied apart). */
static void keep(struct worker_report *dst, const struct worker_report *r)
{
	*dst = *r;
	dst->anim.path = dst->anim.solution = NULL;
	dst->desc = dst->solution[0] = dst->solution[1] = NULL;
}

/* The search on screen by engine (its name in the family's table; NULL:
 * the first). */
static void start_search(struct play *p, const char *engine)
{
	p->anim_engine = engine;
	p->vo->drop(p->view);
	p->searching = true;
	p->anim_known = false;
	p->anim_paused = false;
	clear_anim(p);
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
	clear_anim(p);
	cancel(p);
	changed(p);
}

static void set_speed(struct play *p, int speed)
{
	p->speed = speed < 0 ? 0 : speed >= N_SPEEDS ? N_SPEEDS - 1 : speed;
	/* A search waiting at its first solution waits for space, not speed. */
	bool waiting = p->anim_known && p->anim.at_solution;
	if (p->app && p->app->worker)
		worker_anim_free(p->app->worker, !p->anim_paused && !waiting && isinf(speeds[p->speed]));
	p->anim_clock = clock_seconds();
	touch(p);
}

/* The race's pace: granted a step at a time by tick(), or free. */
static void set_race_speed(struct play *p, int speed)
{
	p->race.speed = speed < 0 ? 0 : speed >= N_SPEEDS ? N_SPEEDS - 1 : speed;
	if (p->app && p->app->worker)
		worker_anim_free(p->app->worker, !p->race.paused && isinf(speeds[p->race.speed]));
	p->race.clock = clock_seconds();
	touch(p);
}

/* The player goes on from a solution, where the search holds. */
static void resume(struct play *p)
{
	if (p->app && p->app->worker)
		worker_anim_resume(p->app->worker);
}

static void grant(struct play *p, uint64_t steps)
{
	if (p->app && p->app->worker)
		worker_anim_grant(p->app->worker, steps);
}

static void leave(struct play *p)
{
	if (p->app)
		app_leave_game(p->app);
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
			resume(p);
			set_speed(p, p->speed);
			grant(p, 1);
			break;
		}
		p->anim_paused = !p->anim_paused;
		set_speed(p, p->speed);
		break;
	case ACT_ANIM_STEP:
		if (p->anim.at_solution) {
			p->anim.at_solution = false;
			resume(p);
		}
		p->anim_paused = true;
		set_speed(p, p->speed);
		grant(p, 1);
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
			clear_anim_state(p);
			cancel(p);
			/* Every piece the solver places counts as a hint taken, and
			 * the solve is the solver's, not the player's alone. */
			int placed = 1;
			for (const char *c = move; *c; c++)
				placed += *c == ';';
			p->s->hints += placed;
			bool was = p->s->assisted;
			p->s->assisted = true;
			if (!play_move(p, move)) {
				p->s->hints -= placed;
				p->s->assisted = was;
			}
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
		leave(p);
		break;
	case ACT_HELP:
		open_help(p, CTX_SEARCH);
		touch(p);
		break;
	default:
		break;
	}
}

/* The search's position: the player's with the search's path in place. */
static void update_anim_state(struct play *p)
{
	clear_anim_state(p);
	const struct worker_anim *a = &p->anim;
	struct diag err;
	if (a->path && a->path[0])
		p->anim_state = p->pz->apply(session_state(p->s), a->path, &err);
	snprintf(p->anim_step, sizeof p->anim_step, "%s", a->note.text);
}

/* ---- events ------------------------------------------------------------ */

/* Leave for the next level of the family (the first, from free play);
 * p is gone afterwards. */
static void next_level(struct play *p)
{
	if (!p->app)
		return;
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
	touch(p);
	if (!yes)
		return;
	if (q == ASK_RESTART) {
		p->vo->drop(p->view);
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

/* The view's answer to an event: a move to play, a word, a redraw. */
/* Two solutions of the level's start (c: the one to compare with) or of
 * the position (a puzzle the player has just made: is it proper?). */
static void ask_solutions(struct play *p, bool mistakes)
{
	p->sol_mistakes = mistakes;
	p->sol_note_on = false;
	/* Both ask of the puzzle itself: its givens, for a family that can say
	 * (a Sudoku typed in starts as an empty grid, and entries made before
	 * F are no part of the puzzle fixed). */
	struct puzzle_state *own = p->pz->puzzle_of ? p->pz->puzzle_of(session_state(p->s)) : NULL;
	const struct puzzle_state *from = own ? own : mistakes ? p->s->state[0] : session_state(p->s);
	if (p->app && p->app->worker)
		p->sol_gen = p->last_gen = worker_submit(p->app->worker, worker_job_new(WORK_SOLUTIONS, p->pz, &from, 1));
	else
		p->sol_gen = ++p->last_gen;
	if (own)
		p->pz->free_state(own);
	p->check_gen = 0;
	say(p, ST_DIM, "%s", mistakes ? "Comparing with the solution... (Esc stops)" : "Looking for solutions... (Esc stops)");
	p->msg_until = INFINITY;
}

/* What two solutions say: where the player's entries differ from the
 * puzzle's one solution (c), or whether the player's puzzle is proper. */
static void say_solutions(struct play *p, const struct worker_report *r)
{
	p->msg_until = 0;
	recheck(p, r);
	const struct puzzle_state *s = session_state(p->s);
	note_clear(&p->sol_note);
	if (r->cancelled) {
		p->msg[0] = '\0';
	} else if (p->sol_mistakes) {
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
	} else if (r->completions == 0) {
		say(p, ST_BAD, "Your puzzle has no solution (u takes the last step back)");
	} else if (r->completions == 1) {
		say(p, ST_GOOD, "Your puzzle has exactly one solution: a proper puzzle.  Play on");
	} else if (p->pz->differ) {
		p->pz->differ(s, r->solution[0], r->solution[1], &p->sol_note);
		p->sol_note_on = true;
		say(p, ST_NOTICE, "More than one solution: %s", p->sol_note.text);
	} else {
		say(p, ST_NOTICE, "Your puzzle has more than one solution");
	}
	if (!r->cancelled)
		p->msg_until = clock_seconds() + 3 * MESSAGE_SECONDS;
}

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
static enum view_result to_view(struct play *p, const struct term_event *ev, struct view_out *out)
{
	struct term_event e = *ev;
	if (e.kind == TERM_MOUSE)
		e.row -= 1;
	return p->vo->event(p->view, session_state(p->s), &e, out);
}

static const char *check_words(enum check_mode m)
{
	switch (m) {
	case CHECK_OFF: return "No checking: find the dead ends yourself (v: check for them)";
	case CHECK_DEAD_ENDS: return "Checking for dead ends (v: say more)";
	case CHECK_FULL: return "Checking for dead ends and the ways to finish (v: no checking)";
	}
	return "";
}

/* The worker runs one job: a count or a grade replaces a hint still being
 * worked out, which is asked again after it. */
static void forget_hint(struct play *p)
{
	if (p->hint_gen) {
		p->hint_gen = 0;
		p->hint_wanted = 0;
		p->msg[0] = '\0';
	}
}

/* Keys while the engines race: its pace, pick one to watch, or go back. */
static void race_event(struct play *p, const struct term_event *ev)
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
		cancel(p);
		start_search(p, name);
	} else if (act == ACT_BACK) {
		p->race.open = false;
		cancel(p);
		changed(p);
		say(p, ST_DIM, "Back to your position");
	} else if (act == ACT_QUIT) {
		p->race.open = false;
		cancel(p);
		leave(p);
	} else if (act == ACT_HELP) {
		open_help(p, CTX_PLAY);
	}
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

static void board_event(struct play *p, const struct term_event *ev)
{
	enum action act = key_action(CTX_PLAY, ev);
	/* Esc stops a count before it puts a piece back; Enter after a hint
	 * that found a dead end takes the moves back. */
	if (act == ACT_DROP && (p->counting || p->grade_gen || p->sol_gen)) {
		cancel(p);
		say(p, ST_DIM, "%s", p->counting ? "Count stopped" : "Stopped");
		p->counting = false;
		p->count_gen = p->grade_gen = p->sol_gen = 0;
		/* The check the job took the place of is asked again. */
		if (!p->check_known && p->check_mode != CHECK_OFF)
			p->check_gen = submit(p, WORK_CHECK, false);
		return;
	}
	if (act == ACT_PLACE && p->hint_known && p->hint.completions == 0 && p->hint_tier > 0 &&
	    session_back_to(p->s, p->hint.take_back_to)) {
		changed(p);
		say(p, ST_DIM, "Taken back (Ctrl-R brings the moves back)");
		return;
	}
	switch (act) {
	case ACT_UNDO:
		p->vo->drop(p->view);
		if (session_undo(p->s))
			changed(p);
		else
			say(p, ST_DIM, "Nothing to undo");
		return;
	case ACT_REDO:
		p->vo->drop(p->view);
		if (session_redo(p->s))
			changed(p);
		else
			say(p, ST_DIM, "Nothing to redo");
		return;
	case ACT_RESTART:
		ask(p, ASK_RESTART, "Start this level again? (y/n)");
		return;
	case ACT_NEW:
		if (!session_solved(p->s)) {
			ask(p, ASK_NEW, "On to the next level? This game is kept under Continue (y/n)");
			return;
		}
		next_level(p);
		return; /* p is gone */
	case ACT_HINT:
		hint(p);
		return;
	case ACT_VALIDATE:
		p->check_mode = (p->check_mode + 1) % 3;
		changed(p);
		say(p, ST_DIM, "%s", check_words(p->check_mode));
		return;
	case ACT_ANIMATE:
		if (session_solved(p->s))
			say(p, ST_DIM, "It is solved already");
		else
			start_search(p, NULL);
		return;
	case ACT_GRADE:
		if (!p->pz->grade) {
			say(p, ST_BAD, "%s has no grader", p->pz->title);
			return;
		}
		forget_hint(p);
		p->counting = false;
		p->count_gen = 0;
		p->grade_gen = submit(p, WORK_GRADE, false);
		p->check_gen = 0;
		say(p, ST_DIM, "Grading this position... (Esc stops)");
		p->msg_until = INFINITY;
		return;
	case ACT_MISTAKES:
		forget_hint(p);
		ask_solutions(p, true);
		return;
	case ACT_RACE:
		if (session_solved(p->s)) {
			say(p, ST_DIM, "It is solved already");
			return;
		}
		p->vo->drop(p->view);
		forget_hint(p);
		p->counting = false;
		p->count_gen = p->grade_gen = p->check_gen = 0;
		race_open(&p->race, submit(p, WORK_RACE, false), RACE_SPEED);
		p->race.clock = clock_seconds();
		set_race_speed(p, RACE_SPEED);
		p->msg[0] = '\0';
		touch(p);
		return;
	case ACT_COUNT:
		forget_hint(p);
		p->grade_gen = 0;
		p->count_gen = submit(p, WORK_COUNT, false);
		p->check_gen = 0;
		p->counting = true;
		memset(&p->count, 0, sizeof p->count);
		touch(p);
		return;
	case ACT_PAUSE:
		p->paused = true;
		touch(p);
		return;
	case ACT_HELP:
		open_help(p, CTX_PLAY);
		touch(p);
		return;
	case ACT_QUIT:
		leave(p);
		return;
	default:
		break;
	}
	/* The hint's move put back, or another taken in its place: the
	 * message that it is in hand and Enter places it is no longer so. */
	if (p->reveal_said && (act == ACT_DROP || act == ACT_PIECE || act == ACT_NEXT_PIECE || act == ACT_PREV_PIECE)) {
		p->reveal_said = false;
		p->msg[0] = '\0';
	}
	struct view_out out;
	view_out_init(&out);
	view_result(p, to_view(p, ev, &out), &out);
	view_out_free(&out);
}

void play_event(struct play *p, const struct term_event *ev)
{
	if (p->holding) {
		if (ev->kind == TERM_KEY)
			leave(p);
		return;
	}
	/* A screen too small shows nothing: the game waits, but for q. */
	if (p->too_small) {
		if (ev->kind == TERM_KEY && key_action(CTX_PLAY, ev) == ACT_QUIT)
			leave(p);
		return;
	}
	if (p->help.open) {
		help_key(&p->help, ev, p->rows);
		touch(p);
		return;
	}
	if (p->asking) {
		if (ev->kind == TERM_KEY)
			answer(p, key_action(CTX_ASK, ev) == ACT_YES);
		return;
	}
	if (ev->kind == TERM_MOUSE) {
		/* The board is hidden under the search's panel or the race. */
		if (p->paused || p->searching || p->race.open)
			return;
		struct view_out out;
		view_out_init(&out);
		view_result(p, to_view(p, ev, &out), &out);
		view_out_free(&out);
		return;
	}
	if (p->searching) {
		search_event(p, key_action(CTX_SEARCH, ev));
		return;
	}
	if (p->race.open) {
		race_event(p, ev);
		return;
	}
	enum action act = key_action(CTX_PLAY, ev);
	if (p->paused && act != ACT_QUIT && act != ACT_HELP) {
		if (act == ACT_PAUSE || act != ACT_NONE) {
			p->paused = false;
			p->tick = clock_seconds();
			touch(p);
		}
		return;
	}
	board_event(p, ev);
}

void play_report(struct play *p, const struct worker_report *r)
{
	if (r->gen == 0)
		return;
	if (r->gen == p->check_gen || (r->gen == p->hint_gen && r->final)) {
		if (r->final && !r->cancelled) {
			keep(&p->check, r);
			p->check_known = true;
		}
	}
	if (r->gen == p->hint_gen && r->final && !r->cancelled) {
		keep(&p->hint, r);
		p->hint_known = true;
		p->msg_until = 0;
		do
			show_hint(p);
		while (p->hint.completions > 0 && p->hint_tier < p->hint_wanted && p->hint_tier < p->hint.hint_tiers);
		p->hint_wanted = 0;
	}
	if (r->gen == p->count_gen) {
		keep(&p->count, r);
		if (r->final) {
			p->counting = false;
			recheck(p, r);
			char n[U128_DIGITS + 13];
			/* A count cut short or past 128 bits is never said as exact. */
			if (!r->cancelled)
				say(p, ST_GOOD, "%s%s %s from here (counted in %.1f s)", r->exact ? "" : "more than ",
				    u128_grouped(r->solutions, n), r->solutions == 1 ? "way to finish" : "ways to finish",
				    r->elapsed);
		}
	}
	race_report(&p->race, r);
	if (r->gen == p->sol_gen && r->final) {
		p->sol_gen = 0;
		say_solutions(p, r);
	}
	if (r->gen == p->grade_gen && r->final) {
		p->grade_gen = 0;
		p->msg_until = 0;
		recheck(p, r);
		if (r->cancelled)
			p->msg[0] = '\0';
		else
			say_grade(p, r);
	}
	if (r->gen == p->anim_gen && p->searching) {
		free(p->anim.path);
		free(p->anim.solution);
		p->anim = r->anim;
		p->anim.path = r->anim.path ? xstrdup(r->anim.path) : NULL;
		p->anim.solution = r->anim.solution ? xstrdup(r->anim.solution) : NULL;
		p->anim_known = true;
		update_anim_state(p);
		if (p->anim.at_solution)
			say(p, ST_GOOD, "A solution: Enter takes it, space searches on, Esc goes back");
		else if (p->anim.done && p->anim.solution) {
			char n[U128_DIGITS + 13];
			say(p, ST_GOOD, "Search done: %s solution%s.  Enter takes the last, Esc goes back",
			    u128_grouped(p->anim.solutions, n), p->anim.solutions == 1 ? "" : "s");
		}
		else if (p->anim.done)
			say(p, ST_BAD, "Search done: no solution from here.  Esc goes back");
		else if (p->msg_until == INFINITY || strstr(p->msg, "Estimating"))
			p->msg[0] = '\0', p->msg_until = 0;
		if (p->anim.at_solution || p->anim.done)
			p->msg_until = INFINITY;
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
		grant(p, due);
	int ms = (int)((*clock - now) * 1000) + 1;
	if (ms < *wait)
		*wait = ms;
}


int play_tick(struct play *p, double now)
{
	int wait = 1000;
	if (!p->paused && !p->help.open && !p->was_solved && p->tick > 0) {
		double before = p->s->played;
		p->s->played += now - p->tick;
		if ((int)before != (int)p->s->played)
			touch(p);
	}
	p->tick = now;
	if (p->msg[0] && now >= p->msg_until && p->msg_until != INFINITY) {
		p->msg[0] = '\0';
		touch(p);
	}
	if (p->vo->tick && !p->searching && !p->paused && !p->help.open && !p->race.open && !p->asking &&
	    !p->holding && !p->too_small) {
		struct view_out out;
		view_out_init(&out);
		enum view_result r = p->vo->tick(p->view, session_state(p->s), now, &wait, &out);
		if (r != VIEW_IGNORED)
			view_result(p, r, &out);
		view_out_free(&out);
	}
	if (p->celebrate_until > 0) {
		if (now >= p->celebrate_until)
			p->celebrate_until = 0;
		touch(p);
		wait = 100;
	}
	if (p->searching && p->anim_known && !p->anim_paused && !p->anim.at_solution && !p->anim.done &&
	    !isinf(speeds[p->speed]))
		pace(p, &p->anim_clock, speeds[p->speed], now, &wait);
	if (race_running(&p->race) && !isinf(speeds[p->race.speed]))
		pace(p, &p->race.clock, speeds[p->race.speed], now, &wait);
	return wait;
}

/* ---- drawing -------------------------------------------------------------- */

/* The title row; *free_from and *free_to get the columns left blank
 * between the level's name and the counts. */
static void draw_title(struct play *p, struct canvas *c, int *free_from, int *free_to)
{
	char left[LEVEL_ID_MAX + 96], right[96];
	int secs = (int)p->s->played;
	snprintf(left, sizeof left, " linkdance %s %s%s%s", glyph(GL_DOT), p->pz->title, p->s->name[0] ? " " : "",
	         p->s->name);
	if (p->s->grade)
		snprintf(left + strlen(left), sizeof left - strlen(left), " (grade %d)", p->s->grade);
	if (p->s->save_path[0] && saves_copy_of(p->s->save_path) > 1) {
		char copy[32];
		saves_copy_words(saves_copy_of(p->s->save_path), copy, sizeof copy);
		snprintf(left + strlen(left), sizeof left - strlen(left), " %s", copy);
	}
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
	if (p->check_mode == CHECK_OFF) {
		snprintf(text, size, "Not checking for dead ends (v turns it on)");
		return ST_DIM;
	}
	if (!p->check_known) {
		if (p->check_mode == CHECK_FULL)
			snprintf(text, size, "Checking...");
		return ST_DIM;
	}
	const struct worker_report *c = &p->check;
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
	if (p->check_mode != CHECK_FULL)
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
		canvas_text_lines(&st, 0, 1, w, STATUS, style(ST_DIM), p->anim_step);
		return;
	}
	if (p->counting) {
		/* What the player can use: that it counts, how far, and for a
		 * count that finds ways as it goes, how many and the time left
		 * (a count by layers finds them all at its last layer, and its
		 * work is in the middle ones: no time can be told). */
		char text[128];
		int left = p->count.fraction > 0.001 ? (int)(p->count.elapsed * (1 - p->count.fraction) / p->count.fraction)
		                                      : -1;
		const char *noun = p->pz->count_noun ? p->pz->count_noun : "ways to finish";
		if (p->count.of_layers || p->count.solutions == 0)
			snprintf(text, sizeof text, "Esc stops");
		else if (left >= 0)
			snprintf(text, sizeof text, "%s found, about %d:%02d left; Esc stops",
			         u128_grouped(p->count.solutions, (char[U128_DIGITS + 13]){ 0 }), left / 60, left % 60);
		else
			snprintf(text, sizeof text, "%s found; Esc stops",
			         u128_grouped(p->count.solutions, (char[U128_DIGITS + 13]){ 0 }));
		char head[64];
		snprintf(head, sizeof head, "Counting the %s ", noun);
		int x = 1 + canvas_text(&st, 0, 1, st.cols - 2, A_NORMAL, head);
		draw_bar(&st, 0, x, 20, p->count.fraction);
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
	const struct key_hint quit = { .act = ACT_QUIT, .word = p->app && !p->app->direct ? "menu" : "quit" };
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
	const struct worker_anim *a = &p->anim;
	int w = c->cols;
	char line[160];
	const struct puzzle_engine *pe = puzzle_engine_find(p->pz, p->anim_engine);
	char title[80];
	/* Which engine, when the family has more than one to watch. */
	if (pe && p->pz->engines && p->pz->engines[0] && p->pz->engines[1])
		snprintf(title, sizeof title, "The search: %s", pe->title);
	else
		snprintf(title, sizeof title, "The solver's search");
	canvas_text(c, 0, 0, w, A_BOLD, title);
	if (!p->anim_known) {
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
		return p->anim_known ? &p->anim.note : NULL;
	if (p->check_mode != CHECK_OFF && p->check_known && p->check.completions == 0 && p->check.dead_explained)
		return &p->check.dead;
	if (p->sol_note_on)
		return &p->sol_note;
	const struct note *h = hint_note(p);
	/* The reveal is in the player's hand: its marks would hide it. */
	if (h && !(p->hint_tier == p->hint.hint_tiers && h->move[0]))
		return h;
	return NULL;
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
	if (p->searching && p->anim_state)
		st = p->anim_state;
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

struct play *play_new(struct app *a, struct session *s)
{
	const struct view_ops *vo = view_find(s->pz);
	return vo ? play_new_view(a, s, vo) : NULL;
}

struct play *play_new_view(struct app *a, struct session *s, const struct view_ops *vo)
{
	struct play *p = xcalloc(1, sizeof *p);
	p->app = a;
	p->s = s;
	p->pz = s->pz;
	p->vo = vo;
	p->view = vo->new(s->pz, session_state(s));
	p->check_mode = CHECK_DEAD_ENDS;
	p->speed = DEFAULT_SPEED;
	p->tick = clock_seconds();
	p->was_solved = session_solved(s);
	changed(p);
	return p;
}

void play_free(struct play *p)
{
	if (!p)
		return;
	clear_anim(p);
	p->vo->free(p->view);
	session_free(p->s);
	free(p);
}

struct session *play_session(struct play *p)
{
	return p->s;
}

uint64_t play_last_job(const struct play *p)
{
	return p->last_gen;
}
