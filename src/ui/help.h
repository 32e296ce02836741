/* The help screen: the key table (keys.c), as the manual lists it.  At
 * 80x24 the table is taller than the screen, so the page scrolls. */
#ifndef LD_HELP_H
#define LD_HELP_H

#include <stdbool.h>

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
void help_draw(struct help *h, int rows, int cols);

#endif
