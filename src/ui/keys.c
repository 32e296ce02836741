#include "config.h"

#include "ui/keys.h"

#include <stddef.h>

const struct key_binding key_table[] = {
	{ CTX_PLAY, ACT_PIECE, "G T P Y ...", "pick up that piece (its letter)", true },
	{ CTX_PLAY, ACT_NEXT_PIECE, "Tab", "the next piece (Shift-Tab: the one before)", true },
	{ CTX_PLAY, ACT_UP, "arrows, h j k l", "move the cursor (or the piece in hand)", false },
	{ CTX_PLAY, ACT_ROTATE, "r", "turn the piece a quarter", true },
	{ CTX_PLAY, ACT_FLIP, "f", "turn it over (mirror it; IQ Fit: its other faces)", true },
	{ CTX_PLAY, ACT_PLACE, "Enter, space", "place it; on a placed piece, pick it up", true },
	{ CTX_PLAY, ACT_DROP, "Esc", "put the piece back in the tray; stop a count", true },
	{ CTX_PLAY, ACT_UNDO, "u", "undo", false },
	{ CTX_PLAY, ACT_REDO, "Ctrl-R", "redo", false },
	{ CTX_PLAY, ACT_RESTART, "R", "start the level again (asks first)", false },
	{ CTX_PLAY, ACT_NEW, "N", "the next level (asks first, unless this one is solved)", false },
	{ CTX_PLAY, ACT_HINT, "H", "a hint; again for more", false },
	{ CTX_PLAY, ACT_VALIDATE, "v", "the checker: dead ends only, everything, or off", false },
	{ CTX_PLAY, ACT_MISTAKES, "c", "mark what you placed that differs from the solution", false },
	{ CTX_PLAY, ACT_ANIMATE, "A", "watch the solver search from here", false },
	{ CTX_PLAY, ACT_COUNT, "C", "count the ways to finish", false },
	{ CTX_PLAY, ACT_GRADE, "E", "how hard it is from here: the grader's verdict", false },
	{ CTX_PLAY, ACT_RACE, "X", "the engines side by side from here; then watch one", false },
	{ CTX_PLAY, ACT_PAUSE, "p", "pause (hides the puzzle)", false },
	{ CTX_PLAY, ACT_HELP, "?", "this help", false },
	{ CTX_PLAY, ACT_QUIT, "q", "save and leave", false },
	{ CTX_SEARCH, ACT_ANIM_PAUSE, "space", "pause, go on", false },
	{ CTX_SEARCH, ACT_ANIM_STEP, ".", "one step", false },
	{ CTX_SEARCH, ACT_FASTER, "+", "faster", false },
	{ CTX_SEARCH, ACT_SLOWER, "-", "slower", false },
	{ CTX_SEARCH, ACT_ANIM_TAKE, "Enter", "take the solution found", false },
	{ CTX_SEARCH, ACT_ANIM_STOP, "Esc", "stop, back to your position", false },
	{ CTX_RACE, ACT_UP, "Up Down", "choose an engine", false },
	{ CTX_RACE, ACT_SELECT, "Enter, 1 2 3 ...", "watch that engine search alone", false },
	{ CTX_RACE, ACT_ANIM_PAUSE, "space", "pause, go on", false },
	{ CTX_RACE, ACT_FASTER, "+", "faster", false },
	{ CTX_RACE, ACT_SLOWER, "-", "slower", false },
	{ CTX_RACE, ACT_BACK, "Esc, X", "back to your position", false },
	{ CTX_MENU, ACT_UP, "arrows, h j k l", "choose", false },
	{ CTX_MENU, ACT_SELECT, "Enter", "open it", false },
	{ CTX_MENU, ACT_ABANDON, "d", "abandon the unfinished game chosen (asks first)", false },
	{ CTX_MENU, ACT_GENERATE, "1 2 3 4", "in a family's levels: a new puzzle of that grade", false },
	{ CTX_MENU, ACT_BACK, "Esc", "back", false },
	{ CTX_MENU, ACT_QUIT, "q", "quit; in a list of levels or games, back", false },
	{ 0, ACT_NONE, NULL, NULL, false },
};

const char *key_context_name(enum key_context ctx)
{
	switch (ctx) {
	case CTX_PLAY: return "On the board";
	case CTX_SEARCH: return "Watching the search";
	case CTX_RACE: return "The engines side by side";
	case CTX_MENU: return "In the menu";
	case CTX_ASK: return "Questions";
	}
	return "";
}

static enum action arrows(const struct term_event *ev)
{
	switch (ev->sym) {
	case KEY_SYM_UP: return ACT_UP;
	case KEY_SYM_DOWN: return ACT_DOWN;
	case KEY_SYM_LEFT: return ACT_LEFT;
	case KEY_SYM_RIGHT: return ACT_RIGHT;
	default: break;
	}
	if (ev->ctrl)
		return ACT_NONE;
	switch (ev->ch) {
	case 'k': return ACT_UP;
	case 'j': return ACT_DOWN;
	case 'h': return ACT_LEFT;
	case 'l': return ACT_RIGHT;
	default: return ACT_NONE;
	}
}

bool key_step(enum action act, int *drow, int *dcol)
{
	*drow = act == ACT_DOWN ? 1 : act == ACT_UP ? -1 : 0;
	*dcol = act == ACT_RIGHT ? 1 : act == ACT_LEFT ? -1 : 0;
	return *drow || *dcol;
}

enum action key_action(enum key_context ctx, const struct term_event *ev)
{
	if (ev->kind != TERM_KEY)
		return ACT_NONE;
	/* Ctrl-C: the terminal is raw, so it arrives as a key; it leaves. */
	if (ev->ctrl && ev->ch == 'c')
		return ACT_QUIT;
	switch (ctx) {
	case CTX_ASK:
		if (ev->ch == 'y' || ev->ch == 'Y' || ev->sym == KEY_SYM_ENTER)
			return ACT_YES;
		return ACT_NO;
	case CTX_MENU:
		if (ev->sym == KEY_SYM_ENTER || ev->sym == KEY_SYM_SPACE)
			return ACT_SELECT;
		if (ev->sym == KEY_SYM_ESCAPE || ev->sym == KEY_SYM_BACKSPACE)
			return ACT_BACK;
		if (ev->ch == 'q')
			return ACT_QUIT;
		if (ev->ch == '?')
			return ACT_HELP;
		if (ev->ch == 'd')
			return ACT_ABANDON;
		if (ev->ch >= '1' && ev->ch <= '4')
			return ACT_GENERATE;
		return arrows(ev);
	case CTX_RACE:
		if (ev->sym == KEY_SYM_SPACE)
			return ACT_ANIM_PAUSE;
		if (ev->sym == KEY_SYM_ENTER)
			return ACT_SELECT;
		if (ev->sym == KEY_SYM_ESCAPE || ev->ch == 'X')
			return ACT_BACK;
		if (ev->ch == '+' || ev->ch == '=')
			return ACT_FASTER;
		if (ev->ch == '-' || ev->ch == '_')
			return ACT_SLOWER;
		if (ev->ch == 'q')
			return ACT_QUIT;
		if (ev->ch == '?')
			return ACT_HELP;
		if (ev->sym == KEY_SYM_UP || ev->ch == 'k')
			return ACT_UP;
		if (ev->sym == KEY_SYM_DOWN || ev->ch == 'j')
			return ACT_DOWN;
		return ACT_NONE;
	case CTX_SEARCH:
		if (ev->sym == KEY_SYM_SPACE)
			return ACT_ANIM_PAUSE;
		if (ev->sym == KEY_SYM_ENTER)
			return ACT_ANIM_TAKE;
		if (ev->sym == KEY_SYM_ESCAPE)
			return ACT_ANIM_STOP;
		if (ev->ch == '.')
			return ACT_ANIM_STEP;
		if (ev->ch == '+' || ev->ch == '=')
			return ACT_FASTER;
		if (ev->ch == '-' || ev->ch == '_')
			return ACT_SLOWER;
		if (ev->ch == 'q')
			return ACT_QUIT;
		if (ev->ch == '?')
			return ACT_HELP;
		return ACT_NONE;
	case CTX_PLAY:
		break;
	}
	if (ev->ctrl)
		return ev->ch == 'r' ? ACT_REDO : ACT_NONE;
	switch (ev->sym) {
	case KEY_SYM_TAB: return ACT_NEXT_PIECE;
	case KEY_SYM_BACKTAB: return ACT_PREV_PIECE;
	case KEY_SYM_ENTER:
	case KEY_SYM_SPACE: return ACT_PLACE;
	case KEY_SYM_ESCAPE: return ACT_DROP;
	default: break;
	}
	switch (ev->ch) {
	case 'r': return ACT_ROTATE;
	case 'f': return ACT_FLIP;
	case 'u': return ACT_UNDO;
	case 'R': return ACT_RESTART;
	case 'N': return ACT_NEW;
	case 'H': return ACT_HINT;
	case 'v': return ACT_VALIDATE;
	case 'c': return ACT_MISTAKES;
	case 'A': return ACT_ANIMATE;
	case 'C': return ACT_COUNT;
	case 'E': return ACT_GRADE;
	case 'X': return ACT_RACE;
	case 'p': return ACT_PAUSE;
	case '?': return ACT_HELP;
	case 'q': return ACT_QUIT;
	default: break;
	}
	if (ev->ch >= 'A' && ev->ch <= 'Z')
		return ACT_PIECE;
	return arrows(ev);
}
