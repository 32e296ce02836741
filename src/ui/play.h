/* The game screen of any family: it maps the player's keys to the
 * mid-end's requests (moves, undo, redo, restart; hints, checks, counts,
 * grades, the search on screen, the engines' race) and draws what the
 * mid-end reports, with the status lines, the key reminder, the clock and
 * pause.  The family's view (view.h) draws the state and turns the
 * player's keys and clicks into moves.  What the screen cannot do itself
 * (leave, the next level) it returns to the app loop. */
#ifndef LD_PLAY_H
#define LD_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "game/midend.h"
#include "game/session.h"
#include "game/worker.h"
#include "ui/canvas.h"
#include "ui/screen.h"
#include "ui/term.h"

struct play;

/* A game screen for a session, which becomes m's game on (midend_begin);
 * NULL, and s left to the caller, if no view draws its family.  m may be
 * NULL (tests): the screen makes a mid-end of its own, with no solver
 * thread and no files. */
struct play *play_new(struct midend *m, struct session *s);
/* The same with a view of the caller's choosing (a family the views'
 * registry does not list: the tests' own). */
struct view_ops;
struct play *play_new_view(struct midend *m, struct session *s, const struct view_ops *vo);
/* The screen goes, and the mid-end's game with it (midend_end: save it
 * first). */
void play_free(struct play *p);
struct session *play_session(struct play *p);

/* The whole screen, on the terminal or on any canvas (the golden tests':
 * the help page is drawn on the terminal only). */
void play_draw(struct play *p);
void play_draw_on(struct play *p, struct canvas *c);
/* The number of the latest job asked of the solver (tests feed reports
 * with it when there is no worker). */
uint64_t play_last_job(const struct play *p);
/* A key or the mouse: what the app is to do (leave, the next level). */
struct screen_result play_event(struct play *p, const struct term_event *ev);
/* A report of the solver thread, filed with the mid-end and shown. */
void play_report(struct play *p, struct worker_report *r);
/* Has anything changed that is to be drawn again since last asked? */
bool play_redraw_due(struct play *p);
/* A word for the player, for a few seconds. */
void play_say(struct play *p, const char *text);
/* Show why the game is about to end badly (it could not be saved), until
 * the player presses a key: then it returns SCREEN_LEAVE. */
void play_hold(struct play *p, const char *text);
/* Time passes: now in seconds; returns the milliseconds until it next
 * needs to be called (-1: no hurry). */
int play_tick(struct play *p, double now);
/* Back from a suspend (Ctrl-Z): the clock goes on from now. */
void play_resume(struct play *p);

#endif
