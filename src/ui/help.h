/* The help screen: the key table (keys.c), as the manual lists it. */
#ifndef LD_HELP_H
#define LD_HELP_H

#include "ui/keys.h"

/* Draw the keys, those of ctx first. */
void help_draw(int rows, int cols, enum key_context ctx);

#endif
