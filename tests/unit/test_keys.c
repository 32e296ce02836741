/* The key table is the dispatcher: every key a line names does that
 * line's action, every key that does something is named by a line, the
 * key reminders take their keys from it, and the help shows a key's
 * words whole however long they are.  And what a view declares beside
 * its keys: its colours. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"
#include "puzzles/puzzle.h"
#include "puzzles/tiling_puzzle.h"
#include "tap.h"
#include "ui/canvas.h"
#include "ui/help.h"
#include "ui/keys.h"
#include "ui/style.h"
#include "ui/view.h"
#include "util/textfit.h"

static struct term_event key_ch(long ch, bool ctrl)
{
	return (struct term_event){ .kind = TERM_KEY, .ch = ch, .ctrl = ctrl };
}

static struct term_event key_sym(enum term_keysym sym)
{
	return (struct term_event){ .kind = TERM_KEY, .sym = sym };
}

/* Every event the game can see as a key, in turn. */
static bool next_event(struct term_event *ev, int *i)
{
	int n_ch = 300, per_ctrl = n_ch + KEY_SYM_PAGEDOWN;
	if (*i >= 2 * per_ctrl)
		return false;
	int j = *i % per_ctrl;
	*ev = j < n_ch ? key_ch(j, false) : key_sym((enum term_keysym)(j - n_ch + 1));
	ev->ctrl = *i >= per_ctrl;
	(*i)++;
	return true;
}

/* The events one key of a keys string names (every key of a range, the
 * four of "arrows"); returns how many, 0 for a word that names none. */
static int events_of(const char *word, struct term_event *out, int max)
{
	int n = 0;
	struct term_event ev;
	for (int i = 0; next_event(&ev, &i) && n < max;)
		if (key_names(word, &ev))
			out[n++] = ev;
	return n;
}

/* Another line of the context that names the character alone, as a
 * word of its own ("H" beside the range "A-Z"). */
static const struct key_binding *named_alone(const struct key_binding *k, long ch)
{
	for (const struct key_binding *o = key_table; o->keys; o++) {
		if (o == k || o->ctx != k->ctx)
			continue;
		char copy[128];
		snprintf(copy, sizeof copy, "%s", o->keys);
		char *rest;
		for (char *word = strtok_r(copy, " ,", &rest); word; word = strtok_r(NULL, " ,", &rest))
			if (strlen(word) == 1 && word[0] == ch)
				return o;
	}
	return NULL;
}

/* What a line does for ev: a move goes the key's way; a key in a range
 * that another line names alone does that line's action. */
static enum action expected(const struct key_binding *k, const struct term_event *ev)
{
	const struct key_binding *alone = ev->ch && !ev->ctrl ? named_alone(k, ev->ch) : NULL;
	if (alone && alone->action != k->action)
		return alone->action;
	int dr, dc;
	if (!key_step(k->action, &dr, &dc))
		return k->action;
	if (ev->sym)
		return ev->sym == KEY_SYM_UP ? ACT_UP : ev->sym == KEY_SYM_DOWN ? ACT_DOWN
		       : ev->sym == KEY_SYM_LEFT ? ACT_LEFT : ACT_RIGHT;
	return ev->ch == 'k' ? ACT_UP : ev->ch == 'j' ? ACT_DOWN : ev->ch == 'h' ? ACT_LEFT : ACT_RIGHT;
}

static void test_listed_keys_work(void)
{
	int keys = 0, wrong = 0, unknown = 0;
	for (const struct key_binding *k = key_table; k->keys; k++) {
		if (!strcmp(k->keys, "any other key"))
			continue;
		char copy[128];
		snprintf(copy, sizeof copy, "%s", k->keys);
		char *rest;
		for (char *word = strtok_r(copy, " ,", &rest); word; word = strtok_r(NULL, " ,", &rest)) {
			struct term_event evs[32];
			int n = events_of(word, evs, 32);
			unknown += n == 0;
			if (!n)
				tap_diag("a key that names none: '%s' in '%s'", word, k->keys);
			for (int i = 0; i < n; i++, keys++)
				if (key_action(k->ctx, &evs[i]) != expected(k, &evs[i])) {
					wrong++;
					tap_diag("%s: '%s' does not do its line's action", key_context_name(k->ctx), word);
				}
		}
	}
	ok(keys > 60 && !wrong && !unknown, "each of the %d keys the table names does its line's action", keys);
}

static void test_working_keys_listed(void)
{
	int acting = 0, unlisted = 0;
	for (enum key_context c = CTX_PLAY; c <= CTX_ASK; c++) {
		struct term_event ev;
		for (int i = 0; next_event(&ev, &i);) {
			if (key_action(c, &ev) == ACT_NONE)
				continue;
			acting++;
			bool listed = false;
			for (const struct key_binding *k = key_table; k->keys && !listed; k++)
				listed = k->ctx == c && key_names(k->keys, &ev);
			if (!listed) {
				unlisted++;
				tap_diag("%s: ch %ld sym %d ctrl %d acts, named by no line", key_context_name(c), ev.ch,
				         (int)ev.sym, ev.ctrl);
			}
		}
	}
	ok(acting > 100 && !unlisted, "every key that does something (%d in all contexts) is named in the table", acting);
}

/* The keys the old dispatcher took that its table did not show, and a
 * few it never took. */
static void test_keys_once_unlisted(void)
{
	struct term_event eq = key_ch('=', false), under = key_ch('_', false), ctrl_c = key_ch('c', true);
	struct term_event back = key_sym(KEY_SYM_BACKSPACE), space = key_sym(KEY_SYM_SPACE), k = key_ch('k', false);
	ok(key_action(CTX_SEARCH, &eq) == ACT_FASTER && key_action(CTX_RACE, &under) == ACT_SLOWER,
	   "= and _ are faster and slower");
	ok(key_action(CTX_PLAY, &ctrl_c) == ACT_QUIT && key_action(CTX_MENU, &ctrl_c) == ACT_QUIT, "Ctrl-C leaves");
	ok(key_action(CTX_MENU, &back) == ACT_BACK && key_action(CTX_MENU, &space) == ACT_SELECT,
	   "in the menu Backspace goes back and space opens");
	ok(key_action(CTX_RACE, &k) == ACT_UP, "k chooses the engine above in the race");
	struct term_event letter = key_ch('B', false), hint = key_ch('H', false), ctrl_u = key_ch('u', true);
	ok(key_action(CTX_PLAY, &letter) == ACT_PIECE && key_action(CTX_PLAY, &hint) == ACT_HINT,
	   "on the board a capital is a piece's letter, unless it is named alone (H: hint)");
	ok(key_action(CTX_PLAY, &ctrl_u) == ACT_NONE, "Ctrl and a key is not the key (Ctrl-U is not undo)");
	struct term_event digit = key_ch('3', false), q = key_ch('q', false);
	ok(key_action(CTX_RACE, &digit) == ACT_NONE, "the race's engine numbers are read by the race itself");
	ok(key_action(CTX_ASK, &q) == ACT_NO, "a question: any other key is no");
}

/* The help shows keys in 18 columns: each of the table and of every view
 * fits. */
static void test_keys_fit_their_column(void)
{
	int wide = 0;
	for (const struct key_binding *k = key_table; k->keys; k++)
		wide += textfit_width(k->keys) > 18;
	for (int v = 0; view_all[v]; v++)
		for (const struct view_key *k = view_all[v]->keys; k->keys; k++)
			wide += textfit_width(k->keys) > 18;
	ok(!wide, "every key as shown fits the help's 18 columns (%d do not)", wide);
}

static void test_reminders(void)
{
	char text[64];
	struct key_hint back = { .act = ACT_BACK, .word = "back", .also = ACT_QUIT };
	key_hint_text(CTX_MENU, &back, false, text, sizeof text);
	is_str(text, "Esc/q back", "a reminder's keys are the first of their lines, joined");
	struct key_hint speed = { .act = ACT_FASTER, .word = "speed", .also = ACT_SLOWER, .joint = ' ' };
	key_hint_text(CTX_SEARCH, &speed, false, text, sizeof text);
	is_str(text, "+ - speed", "or joined by the joint given");
	const struct key_hint menu[] = {
		{ .act = ACT_UP, .word = "choose", .brief = "" },
		{ .act = ACT_SELECT, .word = "open" },
		{ .act = ACT_QUIT, .word = "quit" },
		{ .act = ACT_NONE },
	};
	char line[128];
	key_hints_line(CTX_MENU, menu, false, line, sizeof line);
	is_str(line, "arrows choose  Enter open  q quit", "a line of reminders");
	key_hints_line(CTX_MENU, menu, true, line, sizeof line);
	is_str(line, "arrows  Enter open  q quit", "and its brief form");
}

/* The help of a view with a key whose words are far longer than the 54
 * columns beside the keys at 80: all of them are read, wrapped under each
 * other, and nothing is drawn past the margin. */
static const char long_words[] = "one two three four five six seven eight nine ten eleven twelve thirteen "
                                 "fourteen fifteen sixteen seventeen eighteen nineteen twenty";

static char *whole_help(struct help *h, int rows, int cols)
{
	size_t size = 1 << 16, used = 0;
	char *all = calloc(1, size);
	for (h->top = 0;; h->top += rows - 3) {
		struct canvas c = canvas_memory_new(rows, cols);
		help_draw_on(h, &c);
		for (int y = 2; y < rows - 1; y++)
			used += (size_t)snprintf(all + used, size - used, "%s\n", canvas_memory_row(&c, y));
		bool end = strstr(canvas_memory_row(&c, rows - 1), "more below") == NULL;
		canvas_memory_free(&c);
		if (end || used + 1 >= size)
			break;
	}
	return all;
}

static void test_help_wraps(void)
{
	const struct view_key keys[] = {
		{ "w", "wrap", false, long_words },
		{ NULL, NULL, false, NULL },
	};
	struct help h = { 0 };
	help_open(&h, CTX_PLAY);
	h.view_keys = keys;
	char *all = whole_help(&h, 24, 80);
	int past = 0;
	for (char *line = strtok(all, "\n"); line; line = strtok(NULL, "\n"))
		past += textfit_width(line) > 78;
	ok(!past, "no line of the help reaches past column 78 at 80 columns (%d do)", past);
	free(all);
	all = whole_help(&h, 24, 80);
	char *at = strstr(all, "    w");
	ok(at && strstr(at, "twelve") && strstr(at, "twenty"), "the long words are there to their end");
	bool under = false;
	for (char *nl = at ? strchr(at, '\n') : NULL; nl && !under; nl = NULL)
		under = !strncmp(nl + 1, "                        ", 24) && nl[25] != ' ';
	ok(under, "their second line begins under the first, beside no key");
	free(all);
}

/* With eight colours, no two colours of a view's palette look the same;
 * and every piece of every tiling has its colour. */
static void test_palettes(void)
{
	int same = 0, colours = 0;
	for (int v = 0; view_all[v]; v++)
		for (const struct style_colour *a = view_all[v]->colours; a && a->name; a++, colours++)
			for (const struct style_colour *b = view_all[v]->colours; b != a; b++)
				same += a->c8 == b->c8 && a->twin == b->twin;
	ok(colours >= 24 && !same, "the views' %d colours are told apart on eight colours too", colours);
	int pieces = 0, without = 0;
	for (int f = 0; puzzle_families[f]; f++) {
		const struct puzzle *pz = puzzle_families[f];
		if (!tiling_puzzle_is(pz))
			continue;
		const struct tiling *t = tiling_puzzle_tiling(pz);
		for (int p = 0; p < t->n_pieces; p++, pieces++)
			if (style_colour_find(view_find(pz)->colours, t->def->pieces[p].name) < 0) {
				without++;
				tap_diag("%s: %s has no colour", pz->name, t->def->pieces[p].name);
			}
	}
	ok(pieces > 20 && !without, "each of the tilings' %d pieces has its colour in the view", pieces);
}

/* A view's keys: each key a view acts on, on its family's first level,
 * is named by its own list or by the board's lines of the table (the
 * tiling's letters, Tab, r, f ...): the help cannot miss one. */
static bool view_names(const struct view_ops *vo, const struct view *v, const struct term_event *ev)
{
	const struct view_key *keys = vo->keys_of ? vo->keys_of(v) : vo->keys;
	for (const struct view_key *k = keys; k && k->keys; k++)
		if (key_names(k->keys, ev))
			return true;
	for (const struct key_binding *k = key_table; k->keys; k++)
		if (k->ctx == CTX_PLAY && key_names(k->keys, ev))
			return true;
	return false;
}

static void test_view_keys_listed(void)
{
	for (int f = 0; puzzle_families[f]; f++) {
		const struct puzzle *pz = puzzle_families[f];
		const struct view_ops *vo = view_find(pz);
		char path[512];
		snprintf(path, sizeof path, "%s/levels/%s/1-01.txt", LD_SRCDIR, pz->name);
		struct level lv;
		struct diag err;
		struct puzzle_state *s = level_start(pz, path, &lv, &err);
		if (!s || !vo) {
			ok(false, "%s: its first level and its view (%s)", pz->name, s ? "no view" : err.msg);
			continue;
		}
		struct view *v = vo->new(pz, s);
		vo->layout(v, 40, 120);
		int acting = 0, unlisted = 0;
		struct term_event ev;
		for (int i = 0; next_event(&ev, &i);) {
			struct view_out out;
			view_out_init(&out);
			enum view_result r = vo->event(v, s, &ev, &out);
			view_out_free(&out);
			if (r == VIEW_IGNORED)
				continue;
			acting++;
			if (!view_names(vo, v, &ev)) {
				unlisted++;
				tap_diag("%s: ch %ld sym %d ctrl %d acts, named by no key of the view", pz->name, ev.ch,
				         (int)ev.sym, ev.ctrl);
			}
			if (vo->drop)
				vo->drop(v);
		}
		ok(acting > 0 && !unlisted, "%s: every key its view acts on (%d) is named in the help", pz->name, acting);
		vo->free(v);
		pz->free_state(s);
	}
}

int main(void)
{
	style_init_plain(true);
	test_listed_keys_work();
	test_working_keys_listed();
	test_keys_once_unlisted();
	test_keys_fit_their_column();
	test_reminders();
	test_help_wraps();
	test_palettes();
	test_view_keys_listed();
	return tap_done();
}
