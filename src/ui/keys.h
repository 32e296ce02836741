/* Every key of the game in one table: what it does, where.  The table
 * dispatches (key_action), the help screen shows it, the key reminders
 * take their keys from it, and linkdance(6) lists the same (make check
 * compares them).  A family's own keys are its view's (view.h). */
#ifndef LD_KEYS_H
#define LD_KEYS_H

#include <stdbool.h>
#include <stddef.h>

#include "ui/term.h"

enum action {
	ACT_NONE,
	ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT,
	ACT_NEXT_PIECE, ACT_PREV_PIECE, ACT_PIECE,   /* ACT_PIECE: a piece's letter */
	ACT_ROTATE, ACT_FLIP, ACT_PLACE, ACT_DROP,
	ACT_UNDO, ACT_REDO, ACT_RESTART, ACT_NEW,
	ACT_HINT, ACT_MAP, ACT_VALIDATE, ACT_ANIMATE, ACT_COUNT, ACT_GRADE, ACT_RACE, ACT_MISTAKES,
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

/* One line of the table: the keys that do it, in a context.  The keys
 * string is both what the help shows and what key_action() reads, so the
 * two cannot disagree.  Its keys are separated by spaces (a comma after
 * one is punctuation): a character ("r", "+", "."), a range of them
 * ("1-4", "A-Z"), a named key ("Enter", "Esc", "space", "Tab",
 * "Shift-Tab", "Backspace", "Delete", "Up", "Down", "Left", "Right", or "arrows" for
 * all four), "Ctrl-R" (a character with Ctrl: only Ctrl- names a key with
 * Ctrl held), or the whole string "any other key". */
struct key_binding {
	enum key_context ctx;
	/* ACT_NONE: the screen reads the key itself (the race's engine
	 * numbers).  A move (ACT_UP standing for all four) goes the way of
	 * the key pressed: the arrows, and h j k l as in vi. */
	enum action action;
	const char *keys;     /* "Esc, X" */
	const char *what;     /* "back to your position"; NULL for a view's key */
	/* A key a family's view gives its meaning (a piece's letter, turn,
	 * place): bound here so that the game screen knows the action, but
	 * the help and the manual show the view's own list (view.h). */
	bool view_own;
};

extern const struct key_binding key_table[];

/* The action of an event in a context: the table's line that names the
 * key, a key named alone before a range that holds it ("H" is the hint,
 * not a piece's letter), and "any other key" last.  ACT_PIECE for a
 * capital letter on the board: the letter is in ev->ch. */
enum action key_action(enum key_context ctx, const struct term_event *ev);
/* Does the keys string (as in the table) name the key of ev? */
bool key_names(const char *keys, const struct term_event *ev);
/* The step of a move action, as rows and columns (-1, 0 or 1); false
 * for an action that is not a move. */
bool key_step(enum action act, int *drow, int *dcol);
/* The name of a context, for the help screen and the manual. */
const char *key_context_name(enum key_context ctx);

/* A key reminder's item ("u undo", "Esc/q back", "+ - speed"): the first
 * key of the table's line for act in the context, and of also's after a
 * joint ('/' unless given), then the screen's word for it. */
struct key_hint {
	enum action act;
	const char *word;       /* "undo" */
	const char *brief;      /* the word when room is short ("" for none); NULL: word */
	enum action also;       /* ACT_NONE: act alone */
	char joint;
};

/* One item, in buf; "" if the context has no line for act. */
void key_hint_text(enum key_context ctx, const struct key_hint *h, bool brief, char *buf, size_t size);
/* The items of hints (ending with an ACT_NONE) two spaces apart. */
void key_hints_line(enum key_context ctx, const struct key_hint *hints, bool brief, char *buf, size_t size);

#endif
