/* A Number Mind puzzle from a file of lines "GUESS ;K correct" ('#'
 * begins a comment), every place open: for the tests and the bench, which
 * must not wait for the family's reader.  false, with a message on
 * stderr, if the file is missing or a line is not of that shape. */
#ifndef LD_TEST_NM_READ_H
#define LD_TEST_NM_READ_H

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "solver/numbermind/nm_problem.h"

static inline bool nm_read(const char *path, struct nm_problem *p)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "%s: cannot open\n", path);
		return false;
	}
	memset(p, 0, sizeof *p);
	char line[256], digits[64];
	int k, n = 0;
	bool fine = true;
	while (fine && fgets(line, sizeof line, f)) {
		n++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		int len = 0;
		fine = sscanf(line, "%63[0-9] ;%d correct", digits, &k) == 2 && p->n_guesses < NM_GUESSES_MAX &&
		       (len = (int)strlen(digits)) <= NM_DIGITS_MAX && (p->n_guesses == 0 || len == p->digits);
		if (!fine) {
			fprintf(stderr, "%s:%d: not a guess of the puzzle's length\n", path, n);
			break;
		}
		p->digits = len;
		for (int i = 0; i < len; i++)
			p->guess[p->n_guesses][i] = (uint8_t)(digits[i] - '0');
		p->correct[p->n_guesses++] = (uint8_t)k;
	}
	fclose(f);
	for (int i = 0; i < p->digits; i++)
		p->allowed[i] = NM_ALL_DIGITS;
	return fine && p->n_guesses > 0;
}

#endif
