#include "config.h"

#include "ui/help.h"

#include <curses.h>

#include "ui/style.h"

static int draw_context(int y, int rows, int cols, enum key_context ctx)
{
	attron(A_BOLD);
	mvaddnstr(y++, 2, key_context_name(ctx), cols - 4);
	attroff(A_BOLD);
	for (const struct key_binding *k = key_table; k->keys && y < rows - 2; k++) {
		if (k->ctx != ctx)
			continue;
		attron(style(ST_NOTICE));
		mvaddnstr(y, 4, k->keys, 18);
		attroff(style(ST_NOTICE));
		mvaddnstr(y, 24, k->what, cols - 26 > 0 ? cols - 26 : 0);
		y++;
	}
	return y + 1;
}

void help_draw(int rows, int cols, enum key_context ctx)
{
	attron(style(ST_TITLE));
	mvhline(0, 0, ' ', cols);
	mvaddnstr(0, 1, "linkdance: keys (any key goes back)", cols - 2);
	attroff(style(ST_TITLE));
	int y = draw_context(2, rows, cols, ctx);
	for (int c = CTX_PLAY; c <= CTX_MENU; c++)
		if (c != (int)ctx)
			y = draw_context(y, rows, cols, (enum key_context)c);
	attron(style(ST_DIM));
	mvaddnstr(rows - 1, 1, "The mouse: click a piece in the tray to take it, move it over the board, click to place it.",
	          cols - 2);
	attroff(style(ST_DIM));
}
