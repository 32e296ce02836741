/* How much search a position needs, measured by the engine the player
 * watches, so that a grade's "142 search nodes" is the figure the search
 * on screen reaches when it is done. */
#include "config.h"

#include "puzzles/puzzle.h"

bool puzzle_search_nodes(const struct puzzle *pz, const struct puzzle_state *s, uint64_t *nodes,
                         const atomic_int *cancel)
{
	const struct puzzle_engine *pe = puzzle_engine_find(pz, NULL);
	struct engine *e = pe ? pe->new(pz, s) : NULL;
	if (!e)
		return false;
	/* The engine looks at cancel at every node. */
	struct engine_ctl ctl = { .cancel = cancel };
	enum engine_status st = engine_run(e, &ctl);
	*nodes = engine_stats(e)->nodes;
	engine_free(e);
	return st == ENGINE_DONE;
}
