/* Range's state, for the family's own files and its view: every
 * family defines its own struct puzzle_state, so this stays out of
 * range_puzzle.h, which the registry includes beside the other families'. */
#ifndef LD_RANGE_STATE_H
#define LD_RANGE_STATE_H

struct puzzle_state {
	int w, h, n;
	int *clue;            /* per cell: its number, 0 if none */
	unsigned char *mark;  /* per cell: the player's mark (enum range_cell) */
};

#endif
