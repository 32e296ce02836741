/* The game screen's own parts, shared by its two files: play.c (keys to
 * the mid-end's requests, and its answers into words) and play_draw.c
 * (the screen drawn from what the mid-end and the screen keep).  Nothing
 * outside the screen includes this. */
#ifndef LD_PLAY_SCREEN_H
#define LD_PLAY_SCREEN_H

#include <math.h>
#include <stdbool.h>

#include "game/midend.h"
#include "ui/help.h"
#include "ui/race.h"
#include "ui/style.h"
#include "ui/view.h"

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

	bool map_on;                 /* the map of the ways to finish (w) */

	bool paused;
	bool holding;                /* showing why the game cannot be kept: a key leaves */
	struct help help;
	enum question asking;
	double tick;                 /* the clock's last reading */
	double celebrate_until;
};

/* The view's own keys, for the help and the key reminder. */
const struct view_key *play_view_keys(const struct play *p);

#endif
