/* Every key of the game in one table: what it does, where.  The help
 * screen shows this table, and linkdance(6) lists the same (make check
 * compares them). */
#ifndef LD_KEYS_H
#define LD_KEYS_H

#include <stdbool.h>

#include "ui/term.h"

enum action {
	ACT_NONE,
	ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT,
	ACT_NEXT_PIECE, ACT_PREV_PIECE, ACT_PIECE,   /* ACT_PIECE: a piece's letter */
	ACT_ROTATE, ACT_FLIP, ACT_PLACE, ACT_DROP,
	ACT_UNDO, ACT_REDO, ACT_RESTART, ACT_NEW,
	ACT_HINT, ACT_VALIDATE, ACT_ANIMATE, ACT_COUNT, ACT_GRADE, ACT_RACE, ACT_MISTAKES,
	ACT_PAUSE, ACT_HELP, ACT_QUIT,
	/* the search on screen */
	ACT_ANIM_PAUSE, ACT_ANIM_STEP, ACT_FASTER, ACT_SLOWER, ACT_ANIM_TAKE, ACT_ANIM_STOP,
	/* menus and questions */
	ACT_SELECT, ACT_BACK, ACT_ABANDON, ACT_GENERATE, ACT_YES, ACT_NO,
};

enum key_context {
	CTX_PLAY,      /* on the board */
	CTX_SEARCH,    /* watching the search */
	CTX_RACE,      /* the engines side by side */
	CTX_MENU,      /* in the menu */
	CTX_ASK,       /* answering a question */
};

struct key_binding {
	enum key_context ctx;
	enum action action;
	const char *keys;     /* as shown: "r" */
	const char *what;     /* "rotate the piece" */
	/* A key a family's view gives its meaning (a piece's letter, turn,
	 * place): the help shows the view's own list (view.h) instead. */
	bool view_own;
};

extern const struct key_binding key_table[];

/* The action of an event in a context (ACT_PIECE for a capital letter on
 * the board: the letter is in ev->ch). */
enum action key_action(enum key_context ctx, const struct term_event *ev);
/* The step of a move action, as rows and columns (-1, 0 or 1); false
 * for an action that is not a move. */
bool key_step(enum action act, int *drow, int *dcol);
/* The name of a context, for the help screen and the manual. */
const char *key_context_name(enum key_context ctx);

#endif
