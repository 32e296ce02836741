/* The puzzle families the game and the batch commands know. */
#include "config.h"

#include <string.h>

#include "puzzles/puzzle.h"
#include "puzzles/tiling_puzzle.h"

const struct puzzle *const puzzle_families[] = { &tiling_puzzle_kanoodle, &tiling_puzzle_iqfit, NULL };

const struct puzzle *puzzle_find(const char *name)
{
	for (int i = 0; puzzle_families[i]; i++)
		if (!strcmp(puzzle_families[i]->name, name))
			return puzzle_families[i];
	return NULL;
}
