/* The help screen: the key table (keys.c) and the view's own keys, as
 * the manual lists them.  At 80x24 the table is taller than the screen,
 * so the page scrolls; a key's words wrap beside it. */
#ifndef LD_HELP_H
#define LD_HELP_H

#include <stdbool.h>
#include <stdio.h>

#include "ui/canvas.h"
#include "ui/keys.h"

struct help {
	bool open;
	int top;                 /* the first line shown */
	enum key_context ctx;    /* whose keys come first */
	/* Paragraphs before the keys, or NULL: the family's goal and rules,
	 * then its view's own words on its pieces (the game screen sets them). */
	const char *rules, *view_help;
	/* The view's titles, keys and mouse (view.h), or NULL. */
	const char *view_title, *keys_title;
	const struct view_key *view_keys;
	const char *const *mouse;
	int cols;                /* the width last drawn, to wrap them */
};

void help_open(struct help *h, enum key_context ctx);
/* A key while the help is open: the arrows, j k, the page keys and space
 * scroll; any other key closes it. */
void help_key(struct help *h, const struct term_event *ev, int rows);
/* The page on a canvas (the screen, or memory for tests), and on the
 * screen's top rows x cols. */
void help_draw_on(struct help *h, struct canvas *c);
void help_draw(struct help *h, int rows, int cols);

/* The key table and every view's keys, a heading for each part and a
 * tab before a key and before its words: `linkdance keys`, which the
 * test of the manual reads. */
void help_print_keys(FILE *out);

#endif
