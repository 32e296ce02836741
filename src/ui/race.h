/* The engines side by side: every engine of the family runs on the
 * player's position in turns (a WORK_RACE job), and a table shows each one's
 * progress live, after seed 004's table: solved or not, nodes, time, and
 * Knuth's estimate of its tree.  The player then picks one to watch search
 * (the game screen starts it). */
#ifndef LD_RACE_H
#define LD_RACE_H

#include <stdbool.h>
#include <stdint.h>

#include "game/worker.h"
#include "ui/canvas.h"

struct race_screen {
	bool open;
	uint64_t gen;                /* the job whose reports fill it */
	bool known;                  /* a report has come */
	struct worker_race race;
	int sel;                     /* the engine chosen to watch */
	bool final;
};

void race_open(struct race_screen *rs, uint64_t gen);
/* A report of the job: true if it was this screen's. */
bool race_report(struct race_screen *rs, const struct worker_report *r);
void race_move(struct race_screen *rs, int delta);
/* The table, on a canvas of its own. */
void race_draw(const struct race_screen *rs, struct canvas *c);

#endif
