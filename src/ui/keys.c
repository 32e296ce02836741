#include "config.h"

#include "ui/keys.h"

#include <stdio.h>
#include <string.h>

const struct key_binding key_table[] = {
	/* The board's view gives these their meaning and its words: a
	 * tiling's pieces are picked by letter, turned and placed. */
	{ CTX_PLAY, ACT_PIECE, "A-Z", NULL, true },
	{ CTX_PLAY, ACT_NEXT_PIECE, "Tab", NULL, true },
	{ CTX_PLAY, ACT_PREV_PIECE, "Shift-Tab", NULL, true },
	{ CTX_PLAY, ACT_ROTATE, "r", NULL, true },
	{ CTX_PLAY, ACT_FLIP, "f", NULL, true },
	{ CTX_PLAY, ACT_PLACE, "Enter, space", NULL, true },
	{ CTX_PLAY, ACT_DROP, "Esc", NULL, true },
	{ CTX_PLAY, ACT_UP, "arrows, h j k l", "move the cursor", false },
	{ CTX_PLAY, ACT_UNDO, "u", "undo", false },
	{ CTX_PLAY, ACT_REDO, "Ctrl-R", "redo", false },
	{ CTX_PLAY, ACT_RESTART, "R", "start the level again (asks first)", false },
	{ CTX_PLAY, ACT_NEW, "N", "the next level (asks first, unless this one is solved)", false },
	{ CTX_PLAY, ACT_HINT, "H", "a hint; again for more, then ways to finish drawn at random", false },
	{ CTX_PLAY, ACT_MAP, "w", "the map: where a piece or digit goes, in how many ways to finish", false },
	{ CTX_PLAY, ACT_VALIDATE, "v", "the checker: dead ends only, everything, or off", false },
	{ CTX_PLAY, ACT_MISTAKES, "c", "mark what you placed that differs from the solution", false },
	{ CTX_PLAY, ACT_ANIMATE, "A", "watch the solver search from here", false },
	{ CTX_PLAY, ACT_COUNT, "C", "count the ways to finish", false },
	{ CTX_PLAY, ACT_GRADE, "E", "how hard it is from here: the grader's verdict", false },
	{ CTX_PLAY, ACT_RACE, "X", "the engines side by side from here; then watch one", false },
	{ CTX_PLAY, ACT_PAUSE, "p", "pause (hides the puzzle)", false },
	{ CTX_PLAY, ACT_HELP, "?", "this help", false },
	/* The terminal is raw, so Ctrl-C arrives as a key: it leaves. */
	{ CTX_PLAY, ACT_QUIT, "q, Ctrl-C", "save and leave", false },
	{ CTX_SEARCH, ACT_ANIM_PAUSE, "space", "pause, go on", false },
	{ CTX_SEARCH, ACT_ANIM_STEP, ".", "one step", false },
	/* = and _ are + and - without Shift */
	{ CTX_SEARCH, ACT_FASTER, "+, =", "faster", false },
	{ CTX_SEARCH, ACT_SLOWER, "-, _", "slower", false },
	{ CTX_SEARCH, ACT_ANIM_TAKE, "Enter", "take the solution found", false },
	{ CTX_SEARCH, ACT_ANIM_STOP, "Esc", "stop, back to your position", false },
	{ CTX_SEARCH, ACT_HELP, "?", "this help", false },
	{ CTX_SEARCH, ACT_QUIT, "q, Ctrl-C", "save and leave", false },
	{ CTX_RACE, ACT_UP, "Up Down, k j", "choose an engine", false },
	{ CTX_RACE, ACT_SELECT, "Enter", "watch the chosen engine search alone", false },
	{ CTX_RACE, ACT_NONE, "1-9", "watch that engine (its number) search alone", false },
	{ CTX_RACE, ACT_ANIM_PAUSE, "space", "pause, go on", false },
	{ CTX_RACE, ACT_FASTER, "+, =", "faster", false },
	{ CTX_RACE, ACT_SLOWER, "-, _", "slower", false },
	{ CTX_RACE, ACT_BACK, "Esc, X", "back to your position", false },
	{ CTX_RACE, ACT_HELP, "?", "this help", false },
	{ CTX_RACE, ACT_QUIT, "q, Ctrl-C", "save and leave", false },
	{ CTX_MENU, ACT_UP, "arrows, h j k l", "choose", false },
	{ CTX_MENU, ACT_SELECT, "Enter, space", "open it", false },
	{ CTX_MENU, ACT_ABANDON, "d", "abandon the unfinished game chosen (asks first)", false },
	{ CTX_MENU, ACT_GENERATE, "1-4", "in a family's levels: a new puzzle of that grade", false },
	{ CTX_MENU, ACT_BACK, "Esc, Backspace", "back", false },
	{ CTX_MENU, ACT_HELP, "?", "this help", false },
	{ CTX_MENU, ACT_QUIT, "q, Ctrl-C", "quit; in a list of levels or games, back", false },
	{ CTX_ASK, ACT_YES, "y, Y, Enter", "yes", false },
	{ CTX_ASK, ACT_NO, "any other key", "no", false },
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

/* How well a keys string names a key: a key named alone wins over a
 * range that holds it, and a range over "any other key". */
enum key_fit { FIT_NONE, FIT_ANY, FIT_RANGE, FIT_NAMED };

static const struct {
	const char *name;
	enum term_keysym sym;
} key_names_table[] = {
	{ "Up", KEY_SYM_UP },       { "Down", KEY_SYM_DOWN },           { "Left", KEY_SYM_LEFT },
	{ "Right", KEY_SYM_RIGHT }, { "Enter", KEY_SYM_ENTER },         { "Esc", KEY_SYM_ESCAPE },
	{ "Tab", KEY_SYM_TAB },     { "Shift-Tab", KEY_SYM_BACKTAB },   { "space", KEY_SYM_SPACE },
	{ "Backspace", KEY_SYM_BACKSPACE }, { "Home", KEY_SYM_HOME },    { "End", KEY_SYM_END },
	{ "PgUp", KEY_SYM_PAGEUP },         { "PgDn", KEY_SYM_PAGEDOWN },       { "Delete", KEY_SYM_DELETE },
};

static bool is_arrow(enum term_keysym sym)
{
	return sym == KEY_SYM_UP || sym == KEY_SYM_DOWN || sym == KEY_SYM_LEFT || sym == KEY_SYM_RIGHT;
}

/* One key of a keys string (len bytes at word) against the event. */
static enum key_fit word_fit(const char *word, size_t len, const struct term_event *ev)
{
	static const char ctrl[] = "Ctrl-";
	size_t ctrl_len = sizeof ctrl - 1;
	if (len == ctrl_len + 1 && !strncmp(word, ctrl, ctrl_len))
		return ev->ctrl && ev->ch == word[ctrl_len] - 'A' + 'a' ? FIT_NAMED : FIT_NONE;
	if (ev->ctrl)
		return FIT_NONE;
	if (len == 1)
		return ev->ch == (unsigned char)word[0] ? FIT_NAMED : FIT_NONE;
	if (len == 3 && word[1] == '-')
		return ev->ch >= (unsigned char)word[0] && ev->ch <= (unsigned char)word[2] ? FIT_RANGE : FIT_NONE;
	if (len == strlen("arrows") && !strncmp(word, "arrows", len))
		return is_arrow(ev->sym) ? FIT_NAMED : FIT_NONE;
	for (size_t i = 0; i < sizeof key_names_table / sizeof *key_names_table; i++)
		if (strlen(key_names_table[i].name) == len && !strncmp(word, key_names_table[i].name, len))
			return ev->sym == key_names_table[i].sym ||
			               (key_names_table[i].sym == KEY_SYM_SPACE && !ev->sym && ev->ch == ' ')
			       ? FIT_NAMED
			       : FIT_NONE;
	return FIT_NONE;
}

/* The best fit of any key in the string. */
static enum key_fit keys_fit(const char *keys, const struct term_event *ev)
{
	if (!strcmp(keys, "any other key"))
		return FIT_ANY;
	enum key_fit best = FIT_NONE;
	for (const char *at = keys; *at;) {
		size_t len = strcspn(at, " ");
		size_t word_len = len > 1 && at[len - 1] == ',' ? len - 1 : len;
		enum key_fit fit = word_fit(at, word_len, ev);
		if (fit > best)
			best = fit;
		at += len;
		at += strspn(at, " ");
	}
	return best;
}

bool key_names(const char *keys, const struct term_event *ev)
{
	return ev->kind == TERM_KEY && keys_fit(keys, ev) != FIT_NONE;
}

/* The way a move key goes: the arrows, and h j k l as in vi. */
static enum action direction(const struct term_event *ev)
{
	switch (ev->sym) {
	case KEY_SYM_UP: return ACT_UP;
	case KEY_SYM_DOWN: return ACT_DOWN;
	case KEY_SYM_LEFT: return ACT_LEFT;
	case KEY_SYM_RIGHT: return ACT_RIGHT;
	default: break;
	}
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

static const struct key_binding *binding_of(enum key_context ctx, const struct term_event *ev)
{
	const struct key_binding *best = NULL;
	enum key_fit best_fit = FIT_NONE;
	for (const struct key_binding *k = key_table; k->keys; k++) {
		if (k->ctx != ctx)
			continue;
		enum key_fit fit = keys_fit(k->keys, ev);
		if (fit > best_fit) {
			best = k;
			best_fit = fit;
		}
	}
	return best;
}

enum action key_action(enum key_context ctx, const struct term_event *ev)
{
	if (ev->kind != TERM_KEY)
		return ACT_NONE;
	const struct key_binding *k = binding_of(ctx, ev);
	if (!k)
		return ACT_NONE;
	int drow, dcol;
	return key_step(k->action, &drow, &dcol) ? direction(ev) : k->action;
}

static const struct key_binding *binding_for(enum key_context ctx, enum action act)
{
	for (const struct key_binding *k = key_table; k->keys; k++)
		if (k->ctx == ctx && k->action == act)
			return k;
	return NULL;
}

/* The first key of act's line: "Esc" of "Esc, X". */
static int first_key(enum key_context ctx, enum action act, const char **at)
{
	const struct key_binding *k = binding_for(ctx, act);
	*at = k ? k->keys : "";
	size_t len = strcspn(*at, " ,");
	return (int)len;
}

void key_hint_text(enum key_context ctx, const struct key_hint *h, bool brief, char *buf, size_t size)
{
	const char *key, *also = "";
	int len = first_key(ctx, h->act, &key), also_len = 0;
	if (!len) {
		snprintf(buf, size, "%s", "");
		return;
	}
	if (h->also != ACT_NONE)
		also_len = first_key(ctx, h->also, &also);
	const char *word = brief && h->brief ? h->brief : h->word;
	char joint[2] = { also_len ? (h->joint ? h->joint : '/') : '\0', '\0' };
	snprintf(buf, size, "%.*s%s%.*s%s%s", len, key, joint, also_len, also, *word ? " " : "", word);
}

void key_hints_line(enum key_context ctx, const struct key_hint *hints, bool brief, char *buf, size_t size)
{
	size_t used = 0;
	buf[0] = '\0';
	for (const struct key_hint *h = hints; h->act != ACT_NONE && used < size; h++) {
		char item[64];
		key_hint_text(ctx, h, brief, item, sizeof item);
		if (item[0])
			used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? "  " : "", item);
	}
}
