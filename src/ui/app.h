/* The game as a program: the terminal, the mid-end (the game, the solver
 * thread, the player's files), and the screen shown (the menu or a game).
 * One event loop; the screens return what is to be done (screen.h), and
 * only the loop does it. */
#ifndef LD_APP_H
#define LD_APP_H

/* Run the game: the menu, or straight into a game of family (with a level
 * file or name, or NULL for free play).  Returns the exit code. */
int app_run(const char *family, const char *level);

#endif
