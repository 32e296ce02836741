/* The game as a program: the terminal, the mid-end (the game, the solver
 * thread, the player's files), and the screen shown (the menu or a game).
 * One event loop; the screens return what is to be done (screen.h), and
 * only the loop does it. */
#ifndef LD_APP_H
#define LD_APP_H

#include <stdint.h>

/* A new game made by the family's generator with its parameters, as
 * `play numbermind --duel --seed 7` asks: params "duel" (NULL: none),
 * grade 0 for the family's default, seed 0 for one from the clock. */
struct app_new_game {
	const char *params;
	int grade;
	uint64_t seed;
};

/* Run the game: the menu, or straight into a game of family (with a level
 * file or name, NULL for free play, or a new game made as fresh says
 * when fresh is not NULL).  Returns the exit code. */
int app_run(const char *family, const char *level, const struct app_new_game *fresh);

#endif
