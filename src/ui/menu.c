#include "config.h"

#include "ui/menu.h"

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "game/catalog.h"
#include "game/midend.h"
#include "puzzles/puzzle.h"
#include "ui/help.h"
#include "ui/keys.h"
#include "ui/style.h"
#include "util/textfit.h"
#include "util/xalloc.h"

struct menu_level {
	char path[PATH_MAX];
	char id[CATALOG_ID_MAX];  /* the records' name: the file's base name */
	char label[CATALOG_ID_MAX]; /* what the grid shows */
	int grade;
	bool ok;
	char error[600];        /* why it cannot be played, or what was passed over in it */
};

enum menu_screen { SCR_MAIN, SCR_SAVES, SCR_LEVELS };
enum entry { E_CONTINUE, E_FAMILY, E_HELP, E_QUIT };

#define GRADE_ROWS 5 /* grades 1-4, then levels without a grade */

struct menu {
	struct midend *mid;    /* the files: the saves, the records; the notice */
	struct terminal *term;
	struct help help;
	enum menu_screen screen;
	int sel;               /* the entry chosen on the first screen */
	/* the unfinished games, the most recent first */
	struct saves_entry *saves;
	int n_saves;
	int save_sel, save_top;
	bool asking;           /* "abandon it?" */
	/* a family's levels, and for each grade row the levels in it */
	const struct puzzle *family;
	struct menu_level *levels;
	int n_levels;
	int *row_idx[GRADE_ROWS + 1];
	int row_n[GRADE_ROWS + 1];
	int label_w;           /* the widest label shown, in columns */
	int row, col;          /* row 0: free play; row g: grade g (0 in the last row: ungraded) */
	int first_col;         /* the grid scrolls sideways: the first column shown */
	int solved[16];        /* each family's levels solved, of those it has */
};

#define MENU_MIN_COLS 60
#define MENU_MIN_ROWS 14
/* Where the levels' grid starts, and the most columns a label takes. */
#define GRID_X 14
#define GRID_Y 5
#define LABEL_MAX_W 8

/* The first screen's entries, in order. */
static int entries(const struct menu *m, enum entry *e, int *family)
{
	int n = 0;
	if (m->n_saves)
		e[n] = E_CONTINUE, family[n++] = -1;
	for (int i = 0; puzzle_families[i] && n < 12; i++)
		e[n] = E_FAMILY, family[n++] = i;
	e[n] = E_HELP, family[n++] = -1;
	e[n] = E_QUIT, family[n++] = -1;
	return n;
}

/* Each family's solved levels, counting only the levels it has: the
 * records may name a level since deleted, or one of another folder of
 * levels (LINKDANCE_LEVELS). */
static void count_solved(struct menu *m)
{
	for (int f = 0; puzzle_families[f] && f < (int)(sizeof m->solved / sizeof *m->solved); f++)
		m->solved[f] = catalog_solved(&m->mid->records, puzzle_families[f]);
}

void menu_refresh(struct menu *m)
{
	struct midend *mid = m->mid;
	struct diag notice;
	bool had_continue = m->n_saves > 0;
	free(m->saves);
	m->saves = NULL;
	m->n_saves = 0;
	if (mid->saves_dir[0]) {
		m->n_saves = catalog_games(mid->saves_dir, &m->saves, &notice);
		if (notice.msg[0])
			snprintf(mid->notice, sizeof mid->notice, "%s", notice.msg);
	}
	/* Another copy of the game may have solved levels meanwhile. */
	midend_reload_records(mid);
	count_solved(m);
	if (m->save_sel >= m->n_saves)
		m->save_sel = m->n_saves ? m->n_saves - 1 : 0;
	if (m->screen == SCR_SAVES && !m->n_saves)
		m->screen = SCR_MAIN;
	/* Continue comes and goes at the top: the entry chosen stays chosen. */
	if (had_continue != (m->n_saves > 0))
		m->sel += had_continue ? -1 : 1;
	enum entry e[16];
	int f[16];
	int n = entries(m, e, f);
	if (m->sel >= n)
		m->sel = n - 1;
	if (m->sel < 0)
		m->sel = 0;
}

struct menu *menu_new(struct midend *mid, struct terminal *term)
{
	struct menu *m = xcalloc(1, sizeof *m);
	m->mid = mid;
	m->term = term;
	menu_refresh(m);
	/* A player with games left unfinished most likely comes back to one:
	 * the highlight starts on Continue. */
	m->sel = 0;
	return m;
}

static void close_family(struct menu *m)
{
	free(m->levels);
	for (int r = 0; r <= GRADE_ROWS; r++) {
		free(m->row_idx[r]);
		m->row_idx[r] = NULL;
		m->row_n[r] = 0;
	}
	m->levels = NULL;
	m->n_levels = 0;
	m->family = NULL;
	m->screen = SCR_MAIN;
}

void menu_free(struct menu *m)
{
	if (!m)
		return;
	close_family(m);
	free(m->saves);
	free(m);
}

/* Does the family have a duel (a parameter of its generator: Number
 * Mind's, where the game keeps a secret and scores the player's guesses)?
 * The levels' screen then offers one beside free play. */
static const struct puzzle_param *duel_param(const struct puzzle *pz)
{
	for (int i = 0; pz && i < pz->n_params; i++)
		if (!strcmp(pz->params[i].name, "duel"))
			return &pz->params[i];
	return NULL;
}

/* Where the duel's entry is on row 0, beside " Free play ". */
#define DUEL_X 15

/* A duel of a grade (Enter: the first). */
static struct screen_result new_duel(const struct menu *m, int grade)
{
	return (struct screen_result){ SCREEN_GENERATE, m->family, NULL, grade, "duel" };
}

static int row_grade(int row)
{
	return row == GRADE_ROWS ? 0 : row;
}

/* The most recent save of a level (the one Enter continues), if it has
 * one; *games: how many it has (two copies of the game keep two). */
static const struct saves_entry *level_save(const struct menu *m, const struct menu_level *lv, int *games)
{
	const struct saves_entry *newest = NULL;
	*games = 0;
	for (int i = 0; i < m->n_saves; i++)
		if (m->saves[i].pz == m->family && !strcmp(m->saves[i].name, lv->id)) {
			if (!newest)
				newest = &m->saves[i];
			++*games;
		}
	return newest;
}

static void open_family(struct menu *m, const struct puzzle *pz)
{
	struct catalog_level *read;
	int n = catalog_levels(pz, &read);
	m->family = pz;
	m->screen = SCR_LEVELS;
	m->levels = xcalloc((size_t)n + 1, sizeof *m->levels);
	m->n_levels = n;
	m->label_w = 2;
	for (int i = 0; i < n; i++) {
		struct menu_level *lv = &m->levels[i];
		snprintf(lv->path, sizeof lv->path, "%s", read[i].path);
		snprintf(lv->id, sizeof lv->id, "%s", read[i].id);
		snprintf(lv->error, sizeof lv->error, "%s", read[i].error);
		lv->ok = read[i].ok;
		lv->grade = read[i].grade;
		/* "3-07" shows as "07" in the row of grade 3 */
		const char *dash = strchr(lv->id, '-');
		textfit(dash && lv->grade && dash[1] ? dash + 1 : lv->id, LABEL_MAX_W, false, lv->label,
		        sizeof lv->label);
		int w = textfit_width(lv->label);
		if (w > m->label_w)
			m->label_w = w;
	}
	free(read);
	for (int r = 1; r <= GRADE_ROWS; r++) {
		m->row_idx[r] = xcalloc((size_t)n + 1, sizeof *m->row_idx[r]);
		for (int i = 0; i < n; i++)
			if (m->levels[i].grade == row_grade(r))
				m->row_idx[r][m->row_n[r]++] = i;
	}
	m->row = 0;
	m->col = 0;
	m->first_col = 0;
	/* Start on the first level not solved yet. */
	for (int r = 1; r <= GRADE_ROWS; r++)
		for (int c = 0; c < m->row_n[r]; c++) {
			const struct menu_level *lv = &m->levels[m->row_idx[r][c]];
			if (lv->ok && !records_find(&m->mid->records, pz->name, lv->id)) {
				m->row = r;
				m->col = c;
				return;
			}
		}
}

static const struct menu_level *selected_level(const struct menu *m)
{
	if (m->row == 0 || m->col >= m->row_n[m->row])
		return NULL;
	return &m->levels[m->row_idx[m->row][m->col]];
}

/* Columns of the grid that fit on the screen, and the width of one. */
static int grid_cell_w(const struct menu *m)
{
	return m->label_w + 2; /* the mark, the label, a space */
}

static int grid_visible(const struct menu *m, int cols)
{
	int n = (cols - GRID_X - 2) / grid_cell_w(m);
	return n > 1 ? n : 1;
}

/* Scroll the grid so that the chosen level is on the screen. */
static void follow(struct menu *m, int cols)
{
	int vis = grid_visible(m, cols);
	if (m->col < m->first_col)
		m->first_col = m->col;
	if (m->col >= m->first_col + vis)
		m->first_col = m->col - vis + 1;
	if (m->first_col < 0)
		m->first_col = 0;
}

static void move_levels(struct menu *m, int dr, int dc)
{
	if (dc) {
		int k = m->row ? m->row_n[m->row] : 1 + (duel_param(m->family) != NULL);
		m->col = k ? (m->col + dc + k) % k : 0;
		return;
	}
	int r = m->row;
	do
		r = (r + dr + GRADE_ROWS + 1) % (GRADE_ROWS + 1);
	while (r != 0 && m->row_n[r] == 0 && r != m->row);
	m->row = r;
	int k = r ? m->row_n[r] : 1;
	if (m->col >= k)
		m->col = k ? k - 1 : 0;
}

static void move_sel(struct menu *m, int dr, int dc)
{
	switch (m->screen) {
	case SCR_MAIN: {
		enum entry e[16];
		int f[16], n = entries(m, e, f);
		m->sel = (m->sel + dr + dc + n) % n;
		break;
	}
	case SCR_SAVES:
		if (m->n_saves)
			m->save_sel = (m->save_sel + dr + m->n_saves) % m->n_saves;
		break;
	case SCR_LEVELS:
		move_levels(m, dr, dc);
		break;
	}
}

/* "Kanoodle 2-07, 5 moves, 1:23"; "Kanoodle 2-07 (second game), ..." */
static void describe_save(const struct saves_entry *s, char *buf, size_t size)
{
	int secs = (int)s->played;
	char copy[32];
	catalog_copy_words(s->copy, copy, sizeof copy);
	snprintf(buf, size, "%s %s%s%s, %d move%s, %d:%02d", s->pz->title, s->name[0] ? s->name : "free play",
	         copy[0] ? " " : "", copy, s->moves, s->moves == 1 ? "" : "s", secs / 60, secs % 60);
}

/* Enter on a level, or on free play: a game of it. */
static struct screen_result choose_level(struct menu *m)
{
	struct screen_result res = { SCREEN_START, m->family, NULL, 0, NULL };
	if (m->row == 0 && m->col == 1)
		return m->mid->gen_job ? screen_do(SCREEN_STAY) : new_duel(m, 1);
	if (m->row == 0)
		return res;
	const struct menu_level *lv = selected_level(m);
	if (!lv)
		return screen_do(SCREEN_STAY);
	if (!lv->ok) {
		snprintf(m->mid->notice, sizeof m->mid->notice, "%s", lv->error);
		return screen_do(SCREEN_STAY);
	}
	res.path = lv->path;
	return res;
}

static struct screen_result choose(struct menu *m)
{
	if (m->screen == SCR_LEVELS)
		return choose_level(m);
	if (m->screen == SCR_SAVES) {
		struct screen_result res = screen_do(SCREEN_STAY);
		if (m->save_sel < m->n_saves) {
			res.action = SCREEN_CONTINUE;
			res.path = m->saves[m->save_sel].path;
		}
		return res;
	}
	enum entry e[16];
	int f[16];
	entries(m, e, f);
	switch (e[m->sel]) {
	case E_CONTINUE:
		m->screen = SCR_SAVES;
		m->save_sel = m->save_top = 0;
		break;
	case E_FAMILY:
		open_family(m, puzzle_families[f[m->sel]]);
		break;
	case E_HELP:
		help_open(&m->help, CTX_MENU);
		break;
	case E_QUIT:
		return screen_do(SCREEN_QUIT);
	}
	return screen_do(SCREEN_STAY);
}

static void back(struct menu *m)
{
	if (m->screen == SCR_LEVELS)
		close_family(m);
	m->screen = SCR_MAIN;
}

/* The answer to "abandon it?" */
static void answer(struct menu *m, bool yes)
{
	struct midend *mid = m->mid;
	m->asking = false;
	if (!yes || m->save_sel >= m->n_saves)
		return;
	const struct saves_entry *s = &m->saves[m->save_sel];
	struct diag err;
	char what[CATALOG_ID_MAX + 64];
	describe_save(s, what, sizeof what);
	if (catalog_abandon(s->path, &err))
		snprintf(mid->notice, sizeof mid->notice, "Abandoned: %s", what);
	else
		snprintf(mid->notice, sizeof mid->notice, "%s", err.msg);
	menu_refresh(m);
}

static struct screen_result mouse(struct menu *m, const struct term_event *ev, int cols)
{
	struct screen_result res = screen_do(SCREEN_STAY);
	if (!ev->press || ev->button != 1)
		return res;
	/* The first screen and the list of games show an entry a line from
	 * row 3; the levels screen has free play on row 3 and a grade a line
	 * from row GRID_Y. */
	if (m->screen == SCR_MAIN) {
		enum entry e[16];
		int f[16], n = entries(m, e, f), i = ev->row - 3;
		if (i >= 0 && i < n) {
			m->sel = i;
			res = choose(m);
		}
	} else if (m->screen == SCR_SAVES) {
		int i = m->save_top + ev->row - 3;
		if (ev->row >= 3 && i < m->n_saves) {
			m->save_sel = i;
			res = choose(m);
		}
	} else if (ev->row == 3) {
		m->row = 0;
		m->col = ev->col >= DUEL_X && duel_param(m->family) ? 1 : 0;
		res = choose(m);
	} else if (ev->row >= GRID_Y && ev->row < GRID_Y + GRADE_ROWS && ev->col >= GRID_X) {
		int r = ev->row - GRID_Y + 1, c = m->first_col + (ev->col - GRID_X) / grid_cell_w(m);
		if ((ev->col - GRID_X) / grid_cell_w(m) < grid_visible(m, cols) && c < m->row_n[r]) {
			m->row = r;
			m->col = c;
			res = choose(m);
		}
	}
	return res;
}

/* A key of the menu's own screens. */
static struct screen_result menu_key(struct menu *m, const struct term_event *ev)
{
	enum action act = key_action(CTX_MENU, ev);
	struct screen_result res = screen_do(SCREEN_STAY);
	if (act != ACT_NONE)
		m->mid->notice[0] = '\0';
	int dr, dc;
	if (key_step(act, &dr, &dc)) {
		move_sel(m, dr, dc);
		return res;
	}
	switch (act) {
	case ACT_SELECT:
		return choose(m);
	case ACT_ABANDON:
		if (m->screen == SCR_SAVES && m->save_sel < m->n_saves)
			m->asking = true;
		break;
	case ACT_GENERATE:
		if (m->screen == SCR_LEVELS && !m->mid->gen_job && m->row == 0 && m->col == 1)
			res = new_duel(m, (int)(ev->ch - '0'));
		else if (m->screen == SCR_LEVELS && !m->mid->gen_job)
			res = (struct screen_result){ SCREEN_GENERATE, m->family, NULL, (int)(ev->ch - '0'), NULL };
		break;
	case ACT_BACK:
		if (m->mid->gen_job)
			return screen_do(SCREEN_STOP_GENERATING);
		back(m);
		break;
	case ACT_HELP:
		help_open(&m->help, CTX_MENU);
		break;
	case ACT_QUIT:
		if (m->screen == SCR_MAIN)
			return screen_do(SCREEN_QUIT);
		back(m);
		break;
	default:
		break;
	}
	return res;
}

struct screen_result menu_event(struct menu *m, const struct term_event *ev)
{
	int rows, cols;
	term_size(m->term, &rows, &cols);
	if (rows < MENU_MIN_ROWS || cols < MENU_MIN_COLS) {
		bool quit = ev->kind == TERM_KEY && key_action(CTX_MENU, ev) == ACT_QUIT;
		return screen_do(quit ? SCREEN_QUIT : SCREEN_STAY);
	}
	if (m->help.open) {
		help_key(&m->help, ev, rows);
		return screen_do(SCREEN_STAY);
	}
	if (m->asking) {
		if (ev->kind == TERM_KEY)
			answer(m, key_action(CTX_ASK, ev) == ACT_YES);
		return screen_do(SCREEN_STAY);
	}
	if (ev->kind == TERM_MOUSE)
		return mouse(m, ev, cols);
	return menu_key(m, ev);
}

static void draw_line(int y, int x, attr_t attr, const char *text, int cols)
{
	style_text(y, x, cols - x - 1, attr, text);
}

/* A notice takes the two lines above the keys: what went wrong, with the
 * file's name and the reason whole. */
static void draw_notice(const char *text, int rows, int cols)
{
	style_text_lines(rows - 3, 1, cols - 2, 2, style(ST_BAD), text);
}

static void draw_title(const char *text, int cols)
{
	attron(style(ST_TITLE));
	mvhline(0, 0, ' ', cols);
	attroff(style(ST_TITLE));
	draw_line(0, 0, style(ST_TITLE), text, cols);
}

/* The key reminder on the last row, its keys from the key table: the
 * long form where it fits whole, else the short one, so that no key (q
 * above all) is cut off. */
static void footer(int rows, int cols, const struct key_hint *hints)
{
	char text[256], brief[256];
	key_hints_line(CTX_MENU, hints, false, text, sizeof text);
	key_hints_line(CTX_MENU, hints, true, brief, sizeof brief);
	draw_line(rows - 1, 1, style(ST_DIM), (int)strlen(text) <= cols - 2 ? text : brief, cols);
}

static void draw_levels(struct menu *m, int rows, int cols)
{
	const struct midend *mid = m->mid;
	char text[CATALOG_ID_MAX + 300];
	snprintf(text, sizeof text, " linkdance %s %s: choose a level", glyph(GL_DOT), m->family->title);
	draw_title(text, cols);
	const struct puzzle_param *duel = duel_param(m->family);
	draw_line(3, 2, m->row == 0 && m->col == 0 ? style(ST_CURSOR) : A_NORMAL, " Free play ", cols);
	if (duel)
		draw_line(3, DUEL_X, m->row == 0 && m->col == 1 ? style(ST_CURSOR) : A_NORMAL, " A duel ", cols);
	follow(m, cols);
	int vis = grid_visible(m, cols), cw = grid_cell_w(m);
	for (int r = 1; r <= GRADE_ROWS; r++) {
		int k = m->row_n[r], y = GRID_Y - 1 + r;
		if (!k)
			continue;
		if (r == GRADE_ROWS)
			snprintf(text, sizeof text, "Others");
		else
			snprintf(text, sizeof text, "Grade %d", r);
		draw_line(y, 2, A_BOLD, text, cols);
		if (m->first_col > 0 && m->first_col < k)
			mvaddstr(y, GRID_X - 2, glyph(GL_LEFT));
		for (int c = m->first_col; c < k && c < m->first_col + vis; c++) {
			const struct menu_level *lv = &m->levels[m->row_idx[r][c]];
			const struct record *rec = records_find(&mid->records, m->family->name, lv->id);
			bool solved = rec != NULL;
			int x = GRID_X + cw * (c - m->first_col);
			/* Solved with the solver's solution: ticked, but dim, not
			 * in the colour of the player's own solves. */
			attr_t at = !lv->ok ? style(ST_BAD)
			            : !solved ? A_NORMAL
			            : rec->assisted ? style(ST_DIM)
			                            : style(ST_GOOD);
			if (r == m->row && c == m->col)
				at = style(ST_CURSOR);
			int games;
			attron(at);
			mvaddstr(y, x, !lv->ok                        ? "!"
			               : level_save(m, lv, &games) ? glyph(GL_SAVED)
			               : solved                    ? glyph(GL_TICK)
			                                           : " ");
			printw("%-*s", m->label_w, lv->label);
			attroff(at);
		}
		if (k > m->first_col + vis)
			mvaddstr(y, GRID_X + cw * vis, glyph(GL_RIGHT));
	}
	const struct menu_level *lv = selected_level(m);
	int y = rows - 2;
	if (mid->notice[0]) {
		draw_notice(mid->notice, rows, cols);
	} else if (lv && lv->error[0]) {
		draw_notice(lv->error, rows, cols);
	} else if (lv) {
		const struct record *rec = records_find(&mid->records, m->family->name, lv->id);
		int games;
		const struct saves_entry *sv = level_save(m, lv, &games);
		int n = snprintf(text, sizeof text, "%s %s: ", m->family->title, lv->id);
		if (rec && rec->assisted)
			snprintf(text + n, sizeof text - (size_t)n, "solved with the solver's solution, no time of yours yet");
		else if (rec)
			snprintf(text + n, sizeof text - (size_t)n, "solved, best %d:%02d (%d moves, %d hints)",
			         (int)rec->seconds / 60, (int)rec->seconds % 60, rec->moves, rec->hints);
		else
			snprintf(text + n, sizeof text - (size_t)n, "not solved yet");
		if (sv && games > 1)
			snprintf(text + strlen(text), sizeof text - strlen(text), "; %d games saved, the last at %d move%s",
			         games, sv->moves, sv->moves == 1 ? "" : "s");
		else if (sv)
			snprintf(text + strlen(text), sizeof text - strlen(text), "; a game saved at %d move%s", sv->moves,
			         sv->moves == 1 ? "" : "s");
		draw_line(y, 1, A_NORMAL, text, cols);
	} else if (m->row == 0 && m->col == 1 && duel) {
		/* "a duel: guess the game's secret", as a sentence */
		snprintf(text, sizeof text, "%s (1-4: by grade, a longer secret each)", duel->help);
		text[0] = (char)(text[0] >= 'a' && text[0] <= 'z' ? text[0] - 'a' + 'A' : text[0]);
		draw_line(y, 1, A_NORMAL, text, cols);
	} else if (m->row == 0) {
		draw_line(y, 1, A_NORMAL, m->family->free_play ? m->family->free_play : "Free play", cols);
	}
	static const struct key_hint hints[] = {
		{ .act = ACT_UP, .word = "choose", .brief = "" },
		{ .act = ACT_SELECT, .word = "play" },
		{ .act = ACT_GENERATE, .word = "a new puzzle", .brief = "new puzzle" },
		{ .act = ACT_BACK, .word = "back", .also = ACT_QUIT },
		{ .act = ACT_HELP, .word = "help" },
		{ .act = ACT_NONE },
	};
	footer(rows, cols, hints);
}

/* "3 min ago": when a game was left. */
static void ago(time_t then, char *buf, size_t size)
{
	double s = difftime(time(NULL), then);
	if (s < 60)
		snprintf(buf, size, "just now");
	else if (s < 3600)
		snprintf(buf, size, "%d min ago", (int)(s / 60));
	else if (s < 86400)
		snprintf(buf, size, "%d h ago", (int)(s / 3600));
	else
		snprintf(buf, size, "%d days ago", (int)(s / 86400));
}

static void draw_saves(struct menu *m, int rows, int cols)
{
	const struct midend *mid = m->mid;
	char text[CATALOG_ID_MAX + 300];
	snprintf(text, sizeof text, " linkdance %s unfinished games, the most recent first", glyph(GL_DOT));
	draw_title(text, cols);
	int room = rows - 7; /* between the title and the three lines at the bottom */
	if (m->save_sel < m->save_top)
		m->save_top = m->save_sel;
	if (m->save_sel >= m->save_top + room)
		m->save_top = m->save_sel - room + 1;
	for (int i = m->save_top; i < m->n_saves && i < m->save_top + room; i++) {
		char what[CATALOG_ID_MAX + 64], when[32];
		describe_save(&m->saves[i], what, sizeof what);
		ago(m->saves[i].saved.tv_sec, when, sizeof when);
		snprintf(text, sizeof text, " %s  (left %s) ", what, when);
		draw_line(3 + i - m->save_top, 2, i == m->save_sel ? style(ST_CURSOR) : A_NORMAL, text, cols);
	}
	if (m->save_top + room < m->n_saves)
		draw_line(3 + room, 2, style(ST_DIM), "more below", cols);
	if (m->asking && m->save_sel < m->n_saves) {
		char what[CATALOG_ID_MAX + 64];
		describe_save(&m->saves[m->save_sel], what, sizeof what);
		snprintf(text, sizeof text, "Abandon %s? Its save is deleted (y/n)", what);
		draw_line(rows - 2, 1, style(ST_NOTICE), text, cols);
	} else if (mid->notice[0]) {
		draw_notice(mid->notice, rows, cols);
	}
	static const struct key_hint hints[] = {
		{ .act = ACT_UP, .word = "choose", .brief = "" },
		{ .act = ACT_SELECT, .word = "continue" },
		{ .act = ACT_ABANDON, .word = "abandon" },
		{ .act = ACT_BACK, .word = "back", .also = ACT_QUIT },
		{ .act = ACT_HELP, .word = "help" },
		{ .act = ACT_NONE },
	};
	footer(rows, cols, hints);
}

void menu_draw(struct menu *m)
{
	const struct midend *mid = m->mid;
	int rows, cols;
	term_size(m->term, &rows, &cols);
	erase();
	if (rows < MENU_MIN_ROWS || cols < MENU_MIN_COLS) {
		char text[64];
		snprintf(text, sizeof text, "terminal too small: need %d x %d", MENU_MIN_COLS, MENU_MIN_ROWS);
		style_message(rows, cols, text);
		return;
	}
	if (m->help.open) {
		help_draw(&m->help, rows, cols);
		return;
	}
	if (m->screen == SCR_LEVELS) {
		draw_levels(m, rows, cols);
		return;
	}
	if (m->screen == SCR_SAVES) {
		draw_saves(m, rows, cols);
		return;
	}
	char text[CATALOG_ID_MAX + 300];
	snprintf(text, sizeof text, " linkdance: puzzles, and the dancing links that solve them");
	draw_title(text, cols);
	enum entry e[16];
	int f[16], n = entries(m, e, f);
	for (int i = 0; i < n; i++) {
		switch (e[i]) {
		case E_CONTINUE: {
			char what[CATALOG_ID_MAX + 64];
			describe_save(&m->saves[0], what, sizeof what);
			int k = snprintf(text, sizeof text, " Continue: %s ", what);
			if (m->n_saves > 1 && k > 0 && (size_t)k < sizeof text)
				snprintf(text + k, sizeof text - (size_t)k, "(and %d more) ", m->n_saves - 1);
			break;
		}
		case E_FAMILY: {
			const struct puzzle *pz = puzzle_families[f[i]];
			int solved = m->solved[f[i]];
			snprintf(text, sizeof text, " %s  (%d level%s solved) ", pz->title, solved, solved == 1 ? "" : "s");
			break;
		}
		case E_HELP:
			snprintf(text, sizeof text, " Help: the keys ");
			break;
		case E_QUIT:
			snprintf(text, sizeof text, " Quit ");
			break;
		}
		draw_line(3 + i, 2, i == m->sel ? style(ST_CURSOR) : A_NORMAL, text, cols);
	}
	if (mid->notice[0])
		draw_notice(mid->notice, rows, cols);
	static const struct key_hint hints[] = {
		{ .act = ACT_UP, .word = "choose", .brief = "" },
		{ .act = ACT_SELECT, .word = "open" },
		{ .act = ACT_HELP, .word = "help" },
		{ .act = ACT_QUIT, .word = "quit" },
		{ .act = ACT_NONE },
	};
	footer(rows, cols, hints);
}
