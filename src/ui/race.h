/* The engines side by side: every engine of the family runs on the
 * player's position (a WORK_RACE job), a step each at a shared pace that
 * the player sets (space, + and -), so that the one that needs fewer
 * steps is seen to get there first; a table shows each one's progress
 * live: solved or not, its steps, its own time, and Knuth's estimate of
 * its whole tree.  The player then picks one to watch search alone (the
 * game screen starts it). */
#ifndef LD_RACE_H
#define LD_RACE_H

#include <stdbool.h>
#include <stdint.h>

#include "game/worker.h"
#include "ui/canvas.h"

struct race_screen {
	bool open;
	bool known;                  /* a report has come */
	struct worker_race race;
	int sel;                     /* the engine chosen to watch */
	bool final;
	int speed;                   /* steps a second, as an index of the game's speeds */
	bool paused;
	double clock;                /* when the next step is due */
};

/* Open, for the race the mid-end has just asked for (midend_race). */
void race_open(struct race_screen *rs, int speed);
/* Is a step of the race due now: opened, running, not paused? */
bool race_running(const struct race_screen *rs);
/* A report of the race (the mid-end's answer MIDEND_ANSWER_RACE): true
 * if the screen is open to show it. */
bool race_report(struct race_screen *rs, const struct worker_report *r);
void race_move(struct race_screen *rs, int delta);
/* An estimate's figures: x in three, "2,670", "19.5 million", "2.70
 * billion", beyond trillions "3.1e+15": its last digits would be noise. */
void race_round(double x, char *buf, size_t size);
/* The table, on a canvas of its own; pace: the pace in words ("20
 * steps a second"). */
void race_draw(const struct race_screen *rs, struct canvas *c, const char *pace);

#endif
