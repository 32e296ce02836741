/* A family's face on the game screen: the only code that knows its pieces,
 * cells or vertices on screen.  It keeps its own transient state (the
 * cursor, a piece in hand), turns keys and clicks into the family's moves,
 * says how much room it needs, and draws a state on a canvas (the screen,
 * or memory for golden tests).  The game screen (play.c) keeps what every
 * family shares: the session, the checker, hints, counts, the search on
 * screen, the status line and the key reminder.
 *
 * A new family is one module in src/puzzles/ and one view here, listed in
 * views.c. */
#ifndef LD_VIEW_H
#define LD_VIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "game/diagram.h"
#include "puzzles/puzzle.h"
#include "ui/canvas.h"
#include "ui/style.h"
#include "ui/term.h"
#include "util/note.h"
#include "util/strbuf.h"

struct view;

enum view_result {
	VIEW_IGNORED,   /* not the view's: the game screen's keys take it */
	VIEW_HANDLED,   /* the view's own state changed: redraw */
	VIEW_MOVE,      /* a move to play: in out->move */
	VIEW_SAY,       /* nothing to play, but a word for the player: out->say */
};

struct view_out {
	struct strbuf move;  /* VIEW_MOVE */
	char say[240];       /* VIEW_SAY, or beside a move ("Cyan does not fit there") */
	bool say_bad;        /* say is a refusal, not news */
	bool new_puzzle;     /* the move makes the state a puzzle of the player's own: say if it is proper */
};

/* What the game screen asks the view to show on top of the state. */
struct view_show {
	const struct note *marks;    /* a hint, a dead end or the search's step: cells and pieces to mark, or NULL */
	bool searching;              /* the state is the search's: no cursor, no piece in hand */
};

/* The map of the ways to finish (the key w), as the game screen hands it
 * to a view that draws one: the diagram is the mid-end's, valid until the
 * next call. */
enum view_map_state {
	VIEW_MAP_OFF,
	VIEW_MAP_BUILDING,   /* the diagram of the position is being built */
	VIEW_MAP_READY,      /* d is it */
	VIEW_MAP_TOO_OPEN,   /* its build ran out of room: too open to map yet */
};
struct view_map {
	enum view_map_state state;
	const struct diagram *d;
};

/* A key of the view's own, for the help screen and the key reminder. */
struct view_key {
	const char *keys;            /* as shown: "r" */
	const char *what;            /* "turn the piece" */
	bool remind;                 /* worth a place in the reminder under the board */
	const char *explain;         /* for the help, when what is too short ("the next piece (Shift-Tab: ...)") */
};

struct view_ops {
	/* Does this view draw the family? */
	bool (*serves)(const struct puzzle *pz);
	struct view *(*new)(const struct puzzle *pz, const struct puzzle_state *s);
	void (*free)(struct view *v);
	/* The least room it needs, and what it would like best. */
	void (*size)(const struct view *v, int *min_rows, int *min_cols, int *best_rows, int *best_cols);
	/* The room it has: it lays itself out there, or says it does not fit
	 * (false).  A bool, not the minimum compared by the caller: a view may
	 * fit a room narrower than its minimum by area if it is taller. */
	bool (*layout)(struct view *v, int rows, int cols);
	/* The part of its room it leaves free while show->searching, for the
	 * game screen's panel on the search (the tray's place). */
	void (*panel)(const struct view *v, int *y, int *x, int *rows, int *cols);
	/* A key, or a click in the view's own coordinates (ev->row, ev->col
	 * relative to its top left). */
	enum view_result (*event)(struct view *v, const struct puzzle_state *s, const struct term_event *ev,
	                          struct view_out *out);
	/* The state on the board changed (a move, undo, a hint's move). */
	void (*sync)(struct view *v, const struct puzzle_state *s);
	/* Whatever the player holds goes back (undo, restart, the search
	 * starts): the game screen's moves make the hand stale. */
	void (*drop)(struct view *v);
	/* Put a move in the player's hand, ready to play with the view's own
	 * "place" key (a hint's last tier); false if the view cannot. */
	bool (*hold)(struct view *v, const struct puzzle_state *s, const char *move);
	void (*draw)(const struct view *v, struct canvas *c, const struct puzzle_state *s, const struct view_show *show);
	/* A line about the view's state for the status area ("Cyan in hand,
	 * face 2 of 3: fits"), "" for none: within cols columns where a
	 * shorter phrasing can say it (the screen wraps what is longer, on the
	 * lines it has free; no word is cut). */
	void (*status)(const struct view *v, const struct puzzle_state *s, int cols, char *buf, size_t size);
	/* Its keys, ending with a {NULL} entry; the paragraph on them for `?`. */
	const struct view_key *keys;
	/* Optional: the keys of this view when they depend on its puzzle (the
	 * digits of a 4x4 grid are 1-4); NULL: keys above. */
	const struct view_key *(*keys_of)(const struct view *v);
	const char *help;
	/* Optional: the colours it draws its things in (style.h), ending with
	 * a NULL name; NULL: the shared roles' alone. */
	const struct style_colour *colours;
	/* Optional: time passes (at every wake-up of the game's loop, while
	 * the board is shown): a number half typed is taken after a pause.
	 * Returns what happened, as event does (VIEW_IGNORED: nothing), and
	 * lowers *wait_ms to when the view next wants to be asked. */
	enum view_result (*tick)(struct view *v, const struct puzzle_state *s, double now, int *wait_ms,
	                         struct view_out *out);
	/* Optional: what the player is typing ("vertex 3_ ..."), shown in
	 * place of the key reminder until it is done; "" for nothing. */
	void (*prompt)(const struct view *v, const struct puzzle_state *s, char *buf, size_t size);
	/* The help's titles for that paragraph and for the view's keys ("The
	 * pieces", "On the board"), and what the mouse does, one line each
	 * as "click: in the tray, take that piece" (NULL: nothing). */
	const char *help_title, *keys_title;
	const char *const *mouse;
	/* Optional: the map of the ways to finish as it stands, given before
	 * every draw; the view draws it and says it in its status.  NULL: the
	 * family draws no map. */
	void (*map)(struct view *v, const struct view_map *m);
	/* The map is worth a place in the key reminder (not where it maps
	 * only nearly finished positions: Sudoku's). */
	bool map_reminded;
	/* Optional: a count of the ways to finish s in the family's words
	 * ("41 secrets still fit your guesses"), n its figure as shown, more
	 * true when the count stopped short and n is a floor.  NULL: "41 ways
	 * to finish from here". */
	void (*count_words)(const struct view *v, const struct puzzle_state *s, const char *n, bool one, bool more,
	                    char *buf, size_t size);
};

struct view {
	const struct view_ops *ops;
};

/* Every family's view, NULL-terminated (views.c). */
extern const struct view_ops *const view_all[];
/* The view for a family, or NULL. */
const struct view_ops *view_find(const struct puzzle *pz);

void view_out_init(struct view_out *out);
void view_out_free(struct view_out *out);

#endif
