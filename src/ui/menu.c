#include "config.h"

#include "ui/menu.h"

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "game/files.h"
#include "game/level.h"
#include "game/save.h"
#include "puzzles/puzzle.h"
#include "ui/app.h"
#include "ui/help.h"
#include "ui/keys.h"
#include "ui/style.h"
#include "util/xalloc.h"

struct menu_level {
	char path[PATH_MAX];
	char id[64];           /* the records' name: the file's base name */
	char label[8];         /* what the grid shows */
	int grade;
	bool ok;
	char error[512];
};

enum entry { E_CONTINUE, E_FAMILY, E_HELP, E_QUIT };

struct menu {
	struct app *app;
	struct help help;
	/* the first screen */
	int sel;
	bool have_save;
	char save_desc[256];
	/* a family's levels */
	const struct puzzle *family;
	struct menu_level *levels;
	int n_levels;
	int row, col;          /* row 0: free play; row g: grade g (0 in the last row: ungraded) */
};

#define GRADE_ROWS 5 /* grades 1-4, then levels without a grade */
/* The levels' grid needs twelve columns of five beside its labels. */
#define MENU_MIN_COLS 76
#define MENU_MIN_ROWS 14

/* The first screen's entries, in order. */
static int entries(const struct menu *m, enum entry *e, int *family)
{
	int n = 0;
	if (m->have_save)
		e[n] = E_CONTINUE, family[n++] = -1;
	for (int i = 0; puzzle_families[i]; i++)
		e[n] = E_FAMILY, family[n++] = i;
	e[n] = E_HELP, family[n++] = -1;
	e[n] = E_QUIT, family[n++] = -1;
	return n;
}

void menu_refresh(struct menu *m)
{
	struct app *a = m->app;
	struct stat st;
	m->have_save = false;
	if (!a->save_path[0] || stat(a->save_path, &st) != 0)
		return;
	struct diag err;
	struct session *s = save_read(a->save_path, &err);
	if (!s) {
		char moved[PATH_MAX + 16];
		if (files_set_aside(a->save_path, moved, sizeof moved))
			snprintf(a->notice, sizeof a->notice, "The saved game could not be read (%s); it is kept as %.300s",
			         err.msg, moved);
		else
			snprintf(a->notice, sizeof a->notice, "The saved game could not be read: %s", err.msg);
		return;
	}
	int secs = (int)s->played;
	snprintf(m->save_desc, sizeof m->save_desc, "%s%s%s, %d move%s, %d:%02d", s->pz->title, s->name[0] ? " " : "",
	         s->name[0] ? s->name : " free play", session_moves(s), session_moves(s) == 1 ? "" : "s", secs / 60,
	         secs % 60);
	m->have_save = true;
	session_free(s);
}

struct menu *menu_new(struct app *a)
{
	struct menu *m = xcalloc(1, sizeof *m);
	m->app = a;
	menu_refresh(m);
	return m;
}

static void close_family(struct menu *m)
{
	free(m->levels);
	m->levels = NULL;
	m->n_levels = 0;
	m->family = NULL;
}

void menu_free(struct menu *m)
{
	if (!m)
		return;
	close_family(m);
	free(m);
}

static int row_grade(int row)
{
	return row == GRADE_ROWS ? 0 : row;
}

/* The levels of a grade row, in order: their indices. */
static int row_levels(const struct menu *m, int row, int *out)
{
	int n = 0, g = row_grade(row);
	for (int i = 0; i < m->n_levels; i++)
		if (m->levels[i].grade == g)
			out[n++] = i;
	return n;
}

static void open_family(struct menu *m, const struct puzzle *pz)
{
	char **paths;
	int n = level_list(pz, &paths);
	m->family = pz;
	m->levels = xcalloc((size_t)n + 1, sizeof *m->levels);
	m->n_levels = n;
	for (int i = 0; i < n; i++) {
		struct menu_level *lv = &m->levels[i];
		snprintf(lv->path, sizeof lv->path, "%s", paths[i]);
		app_level_id(paths[i], lv->id, sizeof lv->id);
		struct diag err;
		struct level parsed;
		struct puzzle_state *st = level_open(pz, paths[i], &parsed, &err);
		lv->ok = st != NULL;
		if (st)
			pz->free_state(st);
		lv->grade = lv->ok ? parsed.grade : 0;
		if (!lv->ok)
			snprintf(lv->error, sizeof lv->error, "%s", err.msg);
		/* "3-07" shows as "07" in the row of grade 3 */
		const char *dash = strchr(lv->id, '-');
		snprintf(lv->label, sizeof lv->label, "%.6s", dash && lv->grade && dash[1] ? dash + 1 : lv->id);
	}
	level_list_free(paths, n);
	m->row = 0;
	m->col = 0;
	/* Start on the first level not solved yet. */
	int idx[512];
	for (int r = 1; r <= GRADE_ROWS; r++) {
		int k = row_levels(m, r, idx);
		for (int c = 0; c < k; c++)
			if (m->levels[idx[c]].ok && !records_find(&m->app->records, pz->name, m->levels[idx[c]].id)) {
				m->row = r;
				m->col = c;
				return;
			}
	}
}

static const struct menu_level *selected_level(const struct menu *m)
{
	int idx[512];
	if (m->row == 0)
		return NULL;
	int k = row_levels(m, m->row, idx);
	return m->col < k ? &m->levels[idx[m->col]] : NULL;
}

static void move_sel(struct menu *m, int dr, int dc)
{
	int idx[512];
	if (!m->family) {
		enum entry e[16];
		int f[16], n = entries(m, e, f);
		m->sel = (m->sel + dr + dc + n) % n;
		return;
	}
	if (dc) {
		int k = m->row ? row_levels(m, m->row, idx) : 1;
		m->col = k ? (m->col + dc + k) % k : 0;
		return;
	}
	int r = m->row;
	do
		r = (r + dr + GRADE_ROWS + 1) % (GRADE_ROWS + 1);
	while (r != 0 && row_levels(m, r, idx) == 0 && r != m->row);
	m->row = r;
	int k = r ? row_levels(m, r, idx) : 1;
	if (m->col >= k)
		m->col = k ? k - 1 : 0;
}

static void choose(struct menu *m)
{
	struct app *a = m->app;
	if (m->family) {
		if (m->row == 0) {
			app_start_game(a, m->family, NULL);
			return;
		}
		const struct menu_level *lv = selected_level(m);
		if (!lv)
			return;
		if (!lv->ok) {
			snprintf(a->notice, sizeof a->notice, "%s", lv->error);
			return;
		}
		app_start_game(a, m->family, lv->path);
		return;
	}
	enum entry e[16];
	int f[16];
	entries(m, e, f);
	switch (e[m->sel]) {
	case E_CONTINUE:
		app_continue(a);
		break;
	case E_FAMILY:
		open_family(m, puzzle_families[f[m->sel]]);
		break;
	case E_HELP:
		help_open(&m->help, CTX_MENU);
		break;
	case E_QUIT:
		a->quit = true;
		break;
	}
}

void menu_event(struct menu *m, const struct term_event *ev)
{
	struct app *a = m->app;
	int rows, cols;
	a->dirty = true;
	term_size(a->term, &rows, &cols);
	if (rows < MENU_MIN_ROWS || cols < MENU_MIN_COLS) {
		if (ev->kind == TERM_KEY && key_action(CTX_MENU, ev) == ACT_QUIT)
			a->quit = true;
		return;
	}
	if (m->help.open) {
		help_key(&m->help, ev, rows);
		return;
	}
	if (ev->kind == TERM_MOUSE) {
		if (!ev->press || ev->button != 1)
			return;
		/* The first screen lists an entry a line from row 3; the levels
		 * screen has free play on row 3 and a grade a line from row 5. */
		if (!m->family) {
			enum entry e[16];
			int f[16], n = entries(m, e, f), i = ev->row - 3;
			if (i >= 0 && i < n) {
				m->sel = i;
				choose(m);
			}
		} else if (ev->row == 3) {
			m->row = 0;
			choose(m);
		} else if (ev->row >= 5 && ev->row < 5 + GRADE_ROWS && ev->col >= 14) {
			int idx[512], r = ev->row - 4, k = row_levels(m, r, idx), c = (ev->col - 14) / 5;
			if (c < k) {
				m->row = r;
				m->col = c;
				choose(m);
			}
		}
		return;
	}
	switch (key_action(CTX_MENU, ev)) {
	case ACT_UP:
		move_sel(m, -1, 0);
		break;
	case ACT_DOWN:
		move_sel(m, 1, 0);
		break;
	case ACT_LEFT:
		move_sel(m, 0, -1);
		break;
	case ACT_RIGHT:
		move_sel(m, 0, 1);
		break;
	case ACT_SELECT:
		a->notice[0] = '\0';
		choose(m);
		break;
	case ACT_BACK:
		a->notice[0] = '\0';
		if (m->family)
			close_family(m);
		break;
	case ACT_HELP:
		help_open(&m->help, CTX_MENU);
		break;
	case ACT_QUIT:
		if (m->family)
			close_family(m);
		else
			a->quit = true;
		break;
	default:
		break;
	}
}

static void draw_line(int y, int x, attr_t attr, const char *text, int cols)
{
	attron(attr);
	mvaddnstr(y, x, text, cols - x - 1 > 0 ? cols - x - 1 : 0);
	attroff(attr);
}

static void draw_levels(struct menu *m, int rows, int cols)
{
	struct app *a = m->app;
	char text[300];
	snprintf(text, sizeof text, " linkdance %s %s: choose a level", glyph(GL_DOT), m->family->title);
	attron(style(ST_TITLE));
	mvhline(0, 0, ' ', cols);
	attroff(style(ST_TITLE));
	draw_line(0, 0, style(ST_TITLE), text, cols);
	draw_line(3, 2, m->row == 0 ? style(ST_CURSOR) : A_NORMAL, " Free play: the empty board ", cols);
	int idx[512];
	for (int r = 1; r <= GRADE_ROWS; r++) {
		int k = row_levels(m, r, idx), y = 4 + r;
		if (!k)
			continue;
		if (r == GRADE_ROWS)
			snprintf(text, sizeof text, "Others");
		else
			snprintf(text, sizeof text, "Grade %d", r);
		draw_line(y, 2, A_BOLD, text, cols);
		for (int c = 0; c < k; c++) {
			const struct menu_level *lv = &m->levels[idx[c]];
			bool solved = records_find(&a->records, m->family->name, lv->id) != NULL;
			int x = 14 + 5 * c;
			if (x + 4 >= cols)
				break;
			attr_t at = !lv->ok ? style(ST_BAD) : solved ? style(ST_GOOD) : A_NORMAL;
			if (r == m->row && c == m->col)
				at = style(ST_CURSOR);
			attron(at);
			mvaddstr(y, x, !lv->ok ? "!" : solved ? glyph(GL_TICK) : " ");
			addnstr(lv->label, 3);
			attroff(at);
		}
	}
	const struct menu_level *lv = selected_level(m);
	int y = rows - 2;
	if (a->notice[0]) {
		draw_line(y, 1, style(ST_BAD), a->notice, cols);
	} else if (lv && !lv->ok) {
		draw_line(y, 1, style(ST_BAD), lv->error, cols);
	} else if (lv) {
		const struct record *rec = records_find(&a->records, m->family->name, lv->id);
		if (rec)
			snprintf(text, sizeof text, "%s %s: solved, best %d:%02d (%d moves, %d hints)", m->family->title, lv->id,
			         (int)rec->seconds / 60, (int)rec->seconds % 60, rec->moves, rec->hints);
		else
			snprintf(text, sizeof text, "%s %s: not solved yet", m->family->title, lv->id);
		draw_line(y, 1, A_NORMAL, text, cols);
	}
	draw_line(rows - 1, 1, style(ST_DIM), "arrows choose  Enter play  Esc back  ? help  q quit", cols);
}

void menu_draw(struct menu *m)
{
	struct app *a = m->app;
	int rows, cols;
	term_size(a->term, &rows, &cols);
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
	if (m->family) {
		draw_levels(m, rows, cols);
		return;
	}
	attron(style(ST_TITLE));
	mvhline(0, 0, ' ', cols);
	mvaddnstr(0, 1, "linkdance: puzzles, and the dancing links that solve them", cols - 2);
	attroff(style(ST_TITLE));
	enum entry e[16];
	int f[16], n = entries(m, e, f);
	for (int i = 0; i < n; i++) {
		char text[400];
		switch (e[i]) {
		case E_CONTINUE:
			snprintf(text, sizeof text, " Continue: %s ", m->save_desc);
			break;
		case E_FAMILY: {
			const struct puzzle *pz = puzzle_families[f[i]];
			int solved = 0;
			for (int k = 0; k < a->records.n; k++)
				solved += !strcmp(a->records.r[k].family, pz->name);
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
	if (a->notice[0])
		draw_line(rows - 2, 1, style(ST_BAD), a->notice, cols);
	draw_line(rows - 1, 1, style(ST_DIM), "arrows choose  Enter open  ? help  q quit", cols);
}
