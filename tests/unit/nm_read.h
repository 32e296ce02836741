/* A Number Mind puzzle read from a file by the family's own reader (its
 * description: lines "GUESS ;K correct", '#' comments), as its problem:
 * for the diagram's tests and bench.  false, with the reader's message on
 * stderr, if the file cannot be read or is not a puzzle. */
#ifndef LD_TEST_NM_READ_H
#define LD_TEST_NM_READ_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "game/files.h"
#include "puzzles/numbermind_puzzle.h"
#include "puzzles/puzzle.h"
#include "solver/numbermind/nm_problem.h"

static inline bool nm_read(const char *path, struct nm_problem *p)
{
	char *text;
	size_t len;
	struct diag err;
	if (!files_read(path, 1 << 20, "puzzle file", &text, &len, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return false;
	}
	const struct puzzle *pz = puzzle_find("numbermind");
	int bad;
	struct puzzle_state *s = pz->start(pz, text, &bad, &err);
	free(text);
	if (!s) {
		fprintf(stderr, "%s:%d: %s\n", path, bad + 1, err.msg);
		return false;
	}
	numbermind_problem(s, p);
	pz->free_state(s);
	return true;
}

#endif
