/* Number Mind's diagram as an engine (engine.h), for the race and the
 * animation.  Its run first builds the diagram of all the secrets that
 * fit (nm_zdd.h, by AND), cancellable; in step mode each family
 * intersected is one event, a PRUNE at level 0 whose subject is the guess
 * (-1 for the places' families, "one digit in each place"), whose value is
 * the nodes of the family so far and whose why is "intersected".  Then it
 * walks the diagram from its root to every secret, place by place: at the
 * node for place i (level i) a CHOOSE of the digits that stand there in
 * some fitting secret (subject the place, from 0), a TRY of each (choice
 * the digit), an UNDO; at level p->digits a SOLUTION.  There are no dead
 * ends on the walk: every path of the diagram ends in a secret that fits,
 * which is what showing it is for (a puzzle with no answer ends in one
 * dead end at the root).
 *
 * A build that runs out of room (the allocator's) ends the run with
 * ENGINE_BUDGET.  restart() goes back to the root of the walk and keeps
 * the diagram; stats() are the walk's, with solutions exact. */
#ifndef LD_NM_ZDD_ENGINE_H
#define LD_NM_ZDD_ENGINE_H

#include <stdint.h>

#include "solver/engine.h"
#include "solver/numbermind/nm_problem.h"
#include "solver/numbermind/nm_zdd.h"

struct engine *nm_zdd_engine_new(const struct nm_problem *p);
/* The digits placed on the walk's path, place by place; -1 where none
 * (all -1 while the diagram is being built). */
void nm_zdd_path(const struct engine *e, int8_t *digits);
/* The diagram once built, else NULL. */
const struct nm_zdd *nm_zdd_engine_diagram(const struct engine *e);

#endif
