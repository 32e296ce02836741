/* The piece sets, as balls (row, col, z), after the seed document on
 * Kanoodle and IQ Fit.  Letters are how boards and level files draw the
 * pieces, and the keys that pick them in the game: they keep clear of the
 * game's capital-letter commands (A, C, H, N, R), so Cyan is T (teal),
 * Gray S (silver) and Red D.  Item names are at most 8 characters so that
 * Knuth's programs can read our exports. */
#include "config.h"

#include <string.h>

#include "puzzles/tiling.h"

#define B(r, c, z) { r, c, z }

static const struct tiling_piece_def kanoodle_pieces[] = {
	{ "Green", "Green", 'G', 5, { B(1, 1, 0), B(1, 2, 0), B(2, 2, 0), B(2, 3, 0), B(2, 4, 0) } },
	{ "Cyan", "Cyan", 'T', 5, { B(1, 1, 0), B(1, 2, 0), B(1, 3, 0), B(2, 3, 0), B(3, 3, 0) } },
	{ "Purple", "Purple", 'P', 4, { B(1, 1, 0), B(1, 2, 0), B(1, 3, 0), B(1, 4, 0) } },
	{ "Yellow", "Yellow", 'Y', 5, { B(1, 1, 0), B(1, 2, 0), B(2, 2, 0), B(3, 1, 0), B(3, 2, 0) } },
	{ "Orange", "Orange", 'O', 4, { B(1, 1, 0), B(2, 1, 0), B(2, 2, 0), B(2, 3, 0) } },
	{ "Blue", "Blue", 'B', 5, { B(1, 2, 0), B(2, 2, 0), B(3, 2, 0), B(4, 1, 0), B(4, 2, 0) } },
	{ "Pink", "Pink", 'K', 5, { B(1, 1, 0), B(1, 2, 0), B(1, 3, 0), B(1, 4, 0), B(2, 3, 0) } },
	{ "Gray", "Gray", 'S', 5, { B(1, 2, 0), B(2, 1, 0), B(2, 2, 0), B(2, 3, 0), B(3, 2, 0) } },
	{ "Magenta", "Magenta", 'M', 5, { B(1, 1, 0), B(1, 2, 0), B(2, 2, 0), B(2, 3, 0), B(3, 3, 0) } },
	{ "Red", "Red", 'D', 5, { B(1, 1, 0), B(1, 2, 0), B(2, 1, 0), B(2, 2, 0), B(2, 3, 0) } },
	{ "White", "White", 'W', 3, { B(1, 1, 0), B(2, 1, 0), B(2, 2, 0) } },
	{ "LightGreen", "LtGreen", 'L', 4, { B(1, 1, 0), B(1, 2, 0), B(2, 1, 0), B(2, 2, 0) } },
};

static const struct tiling_piece_def iqfit_pieces[] = {
	{ "Green", "Green", 'G', 6, { B(1, 1, 0), B(2, 1, 0), B(2, 2, 0), B(3, 1, 0), B(1, 1, -1), B(2, 1, -1) } },
	{ "Magenta", "Magenta", 'M', 6,
	  { B(1, 1, 0), B(1, 2, 0), B(1, 3, 0), B(2, 2, 0), B(2, 3, 0), B(1, 1, -1) } },
	{ "Cyan", "Cyan", 'T', 7,
	  { B(1, 1, 0), B(1, 2, 0), B(1, 3, 0), B(1, 4, 0), B(2, 2, 0), B(1, 2, -1), B(1, 3, -1) } },
	{ "LightGreen", "LtGreen", 'L', 6,
	  { B(1, 1, 0), B(1, 2, 0), B(2, 2, 0), B(3, 1, 0), B(3, 2, 0), B(3, 2, -1) } },
	{ "Blue", "Blue", 'B', 7,
	  { B(1, 4, 0), B(2, 1, 0), B(2, 2, 0), B(2, 3, 0), B(2, 4, 0), B(2, 2, -1), B(2, 4, -1) } },
	{ "Purple", "Purple", 'P', 6, { B(1, 1, 0), B(1, 2, 0), B(1, 3, 0), B(2, 2, 0), B(1, 1, -1), B(1, 3, -1) } },
	{ "Yellow", "Yellow", 'Y', 7,
	  { B(1, 1, 0), B(1, 2, 0), B(2, 1, 0), B(2, 2, 0), B(2, 3, 0), B(2, 4, 0), B(2, 4, -1) } },
	{ "Pink", "Pink", 'K', 7,
	  { B(1, 1, 0), B(1, 2, 0), B(1, 3, 0), B(1, 4, 0), B(2, 1, 0), B(2, 2, 0), B(1, 2, -1) } },
	{ "Orange", "Orange", 'O', 7,
	  { B(1, 3, 0), B(2, 1, 0), B(2, 2, 0), B(2, 3, 0), B(2, 4, 0), B(2, 1, -1), B(2, 3, -1) } },
	{ "Red", "Red", 'D', 7,
	  { B(1, 4, 0), B(2, 1, 0), B(2, 2, 0), B(2, 3, 0), B(2, 4, 0), B(2, 1, -1), B(2, 4, -1) } },
};

const struct tiling_family_def tiling_kanoodle = {
	"kanoodle", "Kanoodle", 5, 11, (int)(sizeof kanoodle_pieces / sizeof kanoodle_pieces[0]), kanoodle_pieces,
};

const struct tiling_family_def tiling_iqfit = {
	"iqfit", "IQ Fit", 5, 10, (int)(sizeof iqfit_pieces / sizeof iqfit_pieces[0]), iqfit_pieces,
};

const struct tiling_family_def *const tiling_families[] = { &tiling_kanoodle, &tiling_iqfit, NULL };

const struct tiling_family_def *tiling_family_find(const char *name)
{
	for (int i = 0; tiling_families[i]; i++)
		if (strcmp(tiling_families[i]->name, name) == 0)
			return tiling_families[i];
	return NULL;
}
