/* The puzzle families the game and the batch commands know. */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "puzzles/puzzle.h"
#include "puzzles/clique_puzzle.h"
#include "puzzles/knapsack_puzzle.h"
#include "puzzles/numbermind_puzzle.h"
#include "puzzles/range_puzzle.h"
#include "puzzles/sudoku_puzzle.h"
#include "puzzles/tiling_puzzle.h"
#include "puzzles/xc_engine.h"

const struct puzzle *const puzzle_families[] = { &tiling_puzzle_kanoodle, &tiling_puzzle_iqfit, &sudoku_puzzle,
                                                 &clique_puzzle,
                                                 &knapsack_puzzle,
                                                 &range_puzzle,
                                                 &numbermind_puzzle,
                                                 NULL };

const struct puzzle *puzzle_find(const char *name)
{
	for (int i = 0; puzzle_families[i]; i++)
		if (!strcmp(puzzle_families[i]->name, name))
			return puzzle_families[i];
	return NULL;
}

/* Built once from the table, so that a new family shows in every message
 * that lists them without anyone writing its name there. */
static char names[512];
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void build_names(void)
{
	size_t at = 0;
	int n = 0;
	while (puzzle_families[n])
		n++;
	for (int i = 0; i < n && at < sizeof names; i++) {
		const char *sep = i == 0 ? "" : i == n - 1 ? " or " : ", ";
		int w = snprintf(names + at, sizeof names - at, "%s%s", sep, puzzle_families[i]->name);
		if (w < 0)
			break;
		at += (size_t)w;
	}
}

const char *puzzle_names(void)
{
	pthread_once(&names_once, build_names);
	return names;
}

const struct puzzle_engine *puzzle_engine_find(const struct puzzle *pz, const char *name)
{
	for (int i = 0; pz->engines && pz->engines[i]; i++)
		if (!name || !strcmp(pz->engines[i]->name, name))
			return pz->engines[i];
	/* An exact cover that lists no engines is searched by Dancing Links. */
	if (pz->xc && (!pz->engines || !pz->engines[0]) && (!name || !strcmp(name, xc_engine_dlx.name)))
		return &xc_engine_dlx;
	return NULL;
}
