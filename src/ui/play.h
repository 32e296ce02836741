/* The game screen of a tiling: the board, the tray, the piece in hand, and
 * the solver beside the player (the checker, hints, counts, the search on
 * screen). */
#ifndef LD_PLAY_H
#define LD_PLAY_H

#include <stdbool.h>

#include "game/session.h"
#include "game/worker.h"
#include "ui/term.h"

struct app;
struct play;

/* A game screen for a session, of which it takes charge. */
struct play *play_new(struct app *a, struct session *s);
void play_free(struct play *p);
struct session *play_session(struct play *p);

void play_draw(struct play *p);
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
