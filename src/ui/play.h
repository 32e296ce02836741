/* The game screen of any family: the session (moves, undo, redo, restart,
 * the next level), the solver beside the player (the checker, hints,
 * counts, the search on screen), the status lines, the key reminder, the
 * clock and pause.  The family's view (view.h) draws the state and turns
 * the player's keys and clicks into moves. */
#ifndef LD_PLAY_H
#define LD_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "game/session.h"
#include "game/worker.h"
#include "ui/canvas.h"
#include "ui/term.h"

struct app;
struct play;

/* A game screen for a session, of which it takes charge; NULL if no view
 * draws its family.  a may be NULL (tests): no solver, nothing saved. */
struct play *play_new(struct app *a, struct session *s);
/* The same with a view of the caller's choosing (a family the views'
 * registry does not list: the tests' own). */
struct view_ops;
struct play *play_new_view(struct app *a, struct session *s, const struct view_ops *vo);
void play_free(struct play *p);
struct session *play_session(struct play *p);

/* The whole screen, on the terminal or on any canvas (the golden tests':
 * the help page is drawn on the terminal only). */
void play_draw(struct play *p);
void play_draw_on(struct play *p, struct canvas *c);
/* The number of the latest job asked of the solver (tests feed reports
 * with it when there is no worker). */
uint64_t play_last_job(const struct play *p);
/* A key or the mouse. */
void play_event(struct play *p, const struct term_event *ev);
/* A report of the solver thread. */
void play_report(struct play *p, const struct worker_report *r);
/* A word for the player, for a few seconds. */
void play_say(struct play *p, const char *text);
/* Show why the game is about to end badly (it could not be saved), until
 * the player presses a key: then it leaves (app_leave_game). */
void play_hold(struct play *p, const char *text);
/* Time passes: now in seconds; returns the milliseconds until it next
 * needs to be called (-1: no hurry). */
int play_tick(struct play *p, double now);
/* Back from a suspend (Ctrl-Z): the clock goes on from now. */
void play_resume(struct play *p);

#endif
