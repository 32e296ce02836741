#include "config.h"

#include "latin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/xc_engine.h"
#include "ui/style.h"
#include "util/xalloc.h"

#define LATIN_MAX 9

struct puzzle_state {
	int n;
	signed char digit[LATIN_MAX * LATIN_MAX]; /* 0: empty */
	bool given[LATIN_MAX * LATIN_MAX];
};

/* ---- the family ------------------------------------------------------ */

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	(void)pz;
	struct puzzle_state *s = xcalloc(1, sizeof *s);
	*bad_line = -1;
	int row = 0;
	for (const char *p = desc ? desc : "....\n....\n....\n....\n"; *p; row++) {
		size_t len = strcspn(p, "\n");
		if (row == 0)
			s->n = (int)len;
		if (s->n < 1 || s->n > LATIN_MAX || (int)len != s->n || row >= s->n) {
			*bad_line = row;
			diag_set(err, "row %d: a square of 1 to %d cells a side, as many rows as columns", row + 1,
			         LATIN_MAX);
			free(s);
			return NULL;
		}
		for (int c = 0; c < s->n; c++) {
			char ch = p[c];
			if (ch != '.' && (ch < '1' || ch > '0' + s->n)) {
				*bad_line = row;
				diag_set(err, "row %d: '%c' is neither '.' nor a digit 1-%d", row + 1, ch, s->n);
				free(s);
				return NULL;
			}
			s->digit[row * s->n + c] = (signed char)(ch == '.' ? 0 : ch - '0');
			s->given[row * s->n + c] = ch != '.';
		}
		p += len;
		if (*p == '\n')
			p++;
	}
	if (row != s->n) {
		*bad_line = row;
		diag_set(err, "%d rows for a square of side %d", row, s->n);
		free(s);
		return NULL;
	}
	return s;
}

static void describe(const struct puzzle_state *s, char *buf, size_t size)
{
	size_t k = 0;
	for (int r = 0; r < s->n; r++) {
		for (int c = 0; c < s->n && k + 2 < size; c++)
			buf[k++] = s->digit[r * s->n + c] ? (char)('0' + s->digit[r * s->n + c]) : '.';
		if (k + 1 < size)
			buf[k++] = '\n';
	}
	buf[k < size ? k : size - 1] = '\0';
}

static struct puzzle_state *copy(const struct puzzle_state *s)
{
	struct puzzle_state *c = xmalloc(sizeof *c);
	*c = *s;
	return c;
}

static void free_state(struct puzzle_state *s)
{
	free(s);
}

/* Can digit d go in cell k, as far as its row and column say? */
static bool allowed(const struct puzzle_state *s, int k, int d)
{
	int n = s->n, r = k / n, c = k % n;
	for (int i = 0; i < n; i++)
		if ((i != c && s->digit[r * n + i] == d) || (i != r && s->digit[i * n + c] == d))
			return false;
	return true;
}

static struct puzzle_state *apply(const struct puzzle_state *s, const char *move, struct diag *err)
{
	struct puzzle_state *t = copy(s);
	for (const char *m = move; *m;) {
		int r, c, d, used;
		if (sscanf(m, "r%dc%d=%d%n", &r, &c, &d, &used) != 3 || r < 1 || c < 1 || r > s->n || c > s->n ||
		    d < 0 || d > s->n) {
			diag_set(err, "'%.20s' is not a move", m);
			free(t);
			return NULL;
		}
		int k = (r - 1) * s->n + c - 1;
		if (t->given[k]) {
			diag_set(err, "row %d, column %d is part of the puzzle", r, c);
			free(t);
			return NULL;
		}
		if (d && !allowed(t, k, d)) {
			diag_set(err, "%d is already in row %d or column %d", d, r, c);
			free(t);
			return NULL;
		}
		t->digit[k] = (signed char)d;
		m += used;
		if (*m == ';')
			m++;
	}
	return t;
}

static bool is_solved(const struct puzzle_state *s)
{
	for (int k = 0; k < s->n * s->n; k++)
		if (!s->digit[k])
			return false;
	return true;
}

static void describe_move(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief)
{
	(void)s;
	int r, c, d;
	if (sscanf(move, "r%dc%d=%d", &r, &c, &d) != 3)
		snprintf(buf, size, "?");
	else if (brief)
		snprintf(buf, size, "%d", d);
	else
		snprintf(buf, size, "%d in row %d, column %d", d, r, c);
}

/* Items: the empty cells, then each row's and each column's missing
 * digits.  An option writes one digit in one cell; its tag is cell * 10 +
 * digit. */
static struct xc_problem *reduce(const struct puzzle_state *s, enum dlx_rule rule)
{
	(void)rule;
	int n = s->n;
	struct xc_problem *p = xc_new();
	char name[32];
	for (int k = 0; k < n * n; k++)
		if (!s->digit[k]) {
			snprintf(name, sizeof name, "c%d", k);
			xc_add_item(p, name, true);
		}
	for (int i = 0; i < n; i++)
		for (int d = 1; d <= n; d++) {
			bool in_row = false, in_col = false;
			for (int j = 0; j < n; j++) {
				in_row |= s->digit[i * n + j] == d;
				in_col |= s->digit[j * n + i] == d;
			}
			if (!in_row) {
				snprintf(name, sizeof name, "r%dd%d", i, d);
				xc_add_item(p, name, true);
			}
			if (!in_col) {
				snprintf(name, sizeof name, "k%dd%d", i, d);
				xc_add_item(p, name, true);
			}
		}
	for (int k = 0; k < n * n; k++)
		for (int d = 1; d <= n && !s->digit[k]; d++) {
			if (!allowed(s, k, d))
				continue;
			int items[3];
			snprintf(name, sizeof name, "c%d", k);
			items[0] = xc_find_item(p, name);
			snprintf(name, sizeof name, "r%dd%d", k / n, d);
			items[1] = xc_find_item(p, name);
			snprintf(name, sizeof name, "k%dd%d", k % n, d);
			items[2] = xc_find_item(p, name);
			xc_add_option(p, items, 3, k * 10 + d, NULL);
		}
	return p;
}

static void option_move(const struct puzzle_state *s, const struct xc_problem *p, int k, char *buf, size_t size)
{
	int cell = p->opt_tag[k] / 10, d = p->opt_tag[k] % 10;
	snprintf(buf, size, "r%dc%d=%d", cell / s->n + 1, cell % s->n + 1, d);
}

static void item_note(const struct puzzle_state *s, const struct xc_problem *p, int item, struct note *out)
{
	int k, i, d, n = s->n;
	const char *name = p->name[item];
	if (sscanf(name, "c%d", &k) == 1) {
		note_say(out, "row %d, column %d", k / n + 1, k % n + 1);
		note_cell(out, k);
	} else if (sscanf(name, "r%dd%d", &i, &d) == 2) {
		note_say(out, "the %d of row %d", d, i + 1);
		for (int j = 0; j < n; j++)
			note_cell(out, i * n + j);
	} else if (sscanf(name, "k%dd%d", &i, &d) == 2) {
		note_say(out, "the %d of column %d", d, i + 1);
		for (int j = 0; j < n; j++)
			note_cell(out, j * n + i);
	}
}

static int candidates(const struct puzzle_state *s, int k)
{
	int count = 0;
	for (int d = 1; d <= s->n; d++)
		count += allowed(s, k, d);
	return count;
}

/* The empty cell with the fewest digits left, the first of those. */
static int tightest(const struct puzzle_state *s)
{
	int best = -1;
	for (int k = 0; k < s->n * s->n; k++)
		if (!s->digit[k] && (best < 0 || candidates(s, k) < candidates(s, best)))
			best = k;
	return best;
}

static bool hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	int k = tightest(s), n = s->n;
	if (k < 0 || tier > 2)
		return false;
	note_clear(out);
	note_cell(out, k);
	int left = candidates(s, k);
	if (tier == 1) {
		note_say(out, "Row %d, column %d can hold only %d digit%s", k / n + 1, k % n + 1, left, left == 1 ? "" : "s");
		return true;
	}
	/* The digit the solution writes there. */
	for (const char *m = solution ? solution : ""; *m;) {
		int r, c, d, used;
		if (sscanf(m, "r%dc%d=%d%n", &r, &c, &d, &used) != 3)
			break;
		if ((r - 1) * n + c - 1 == k) {
			note_say(out, "Row %d, column %d holds %d in a way to finish", r, c, d);
			snprintf(out->move, sizeof out->move, "r%dc%d=%d", r, c, d);
			return true;
		}
		m += used;
		if (*m == ';')
			m++;
	}
	return false;
}

static bool dead_end(const struct puzzle_state *s, struct note *out)
{
	note_clear(out);
	for (int k = 0; k < s->n * s->n; k++)
		if (!s->digit[k] && !candidates(s, k)) {
			note_say(out, "row %d, column %d has no digit left", k / s->n + 1, k % s->n + 1);
			note_cell(out, k);
			return true;
		}
	return false;
}

static const struct puzzle_xc latin_xc = { .reduce = reduce, .option_move = option_move, .item_note = item_note };
static const struct puzzle_engine *const latin_engines[] = { &xc_engine_dlx, NULL };

const struct puzzle latin_family = {
	.name = "latin",
	.title = "Latin square",
	.start = start,
	.describe = describe,
	.copy = copy,
	.free_state = free_state,
	.apply = apply,
	.is_solved = is_solved,
	.describe_move = describe_move,
	.rules = "Fill the square with the digits 1 to n, each once in every row and every column.",
	.xc = &latin_xc,
	.engines = latin_engines,
	.hint = hint,
	.dead_end = dead_end,
	.count_noun = "ways to finish",
};

/* ---- the view: the grid, a cursor, digits typed ----------------------- */

struct latin_view {
	struct view base;
	int n, cur;
};

static bool serves(const struct puzzle *pz)
{
	return pz == &latin_family;
}

static struct view *view_new(const struct puzzle *pz, const struct puzzle_state *s)
{
	(void)pz;
	struct latin_view *v = xcalloc(1, sizeof *v);
	v->base.ops = &latin_view;
	v->n = s->n;
	return &v->base;
}

static void view_free(struct view *v)
{
	free(v);
}

/* A cell is " d " and a bar: 4 columns; a row of cells and a rule: 2 rows. */
static void size(const struct view *v, int *min_rows, int *min_cols, int *best_rows, int *best_cols)
{
	const struct latin_view *lv = (const struct latin_view *)v;
	*min_rows = *best_rows = 2 * lv->n + 1;
	*min_cols = *best_cols = 4 * lv->n + 1;
}

static bool layout(struct view *v, int rows, int cols)
{
	const struct latin_view *lv = (const struct latin_view *)v;
	return rows >= 2 * lv->n + 1 && cols >= 4 * lv->n + 1;
}

static void panel(const struct view *v, int *y, int *x, int *rows, int *cols)
{
	const struct latin_view *lv = (const struct latin_view *)v;
	*y = 0;
	*x = 4 * lv->n + 3;
	*rows = 2 * lv->n + 1;
	*cols = 40;
}

static enum view_result event(struct view *v, const struct puzzle_state *s, const struct term_event *ev,
                              struct view_out *out)
{
	struct latin_view *lv = (struct latin_view *)v;
	int n = lv->n, r = lv->cur / n, c = lv->cur % n;
	if (ev->kind != TERM_KEY)
		return VIEW_IGNORED;
	switch (ev->sym) {
	case KEY_SYM_UP: r = (r + n - 1) % n; break;
	case KEY_SYM_DOWN: r = (r + 1) % n; break;
	case KEY_SYM_LEFT: c = (c + n - 1) % n; break;
	case KEY_SYM_RIGHT: c = (c + 1) % n; break;
	default:
		if (ev->ch >= '0' && ev->ch <= '0' + n) {
			if (s->given[lv->cur]) {
				snprintf(out->say, sizeof out->say, "That digit is part of the puzzle");
				out->say_bad = true;
				return VIEW_SAY;
			}
			strbuf_addf(&out->move, "r%dc%d=%d", r + 1, c + 1, (int)(ev->ch - '0'));
			return VIEW_MOVE;
		}
		return VIEW_IGNORED;
	}
	lv->cur = r * n + c;
	return VIEW_HANDLED;
}

static void view_sync(struct view *v, const struct puzzle_state *s)
{
	(void)v;
	(void)s;
}

static void drop(struct view *v)
{
	(void)v;
}

static bool hold(struct view *v, const struct puzzle_state *s, const char *move)
{
	(void)v;
	(void)s;
	(void)move;
	return false;
}

static void draw(const struct view *v, struct canvas *cv, const struct puzzle_state *s, const struct view_show *show)
{
	const struct latin_view *lv = (const struct latin_view *)v;
	int n = lv->n;
	for (int r = 0; r <= n; r++)
		for (int x = 0; x <= 4 * n; x++)
			canvas_put(cv, 2 * r, x, style(ST_BORDER), x % 4 ? "-" : "+");
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int k = r * n + c;
			attr_t look = style(ST_NORMAL);
			if (show->marks && note_has_cell(show->marks, k))
				look = style(ST_MARK);
			else if (!show->searching && k == lv->cur)
				look = style(ST_CURSOR);
			char cell[4] = { ' ', s->digit[k] ? (char)('0' + s->digit[k]) : '.', s->given[k] ? '*' : ' ', 0 };
			canvas_put(cv, 2 * r + 1, 4 * c, style(ST_BORDER), "|");
			canvas_print(cv, 2 * r + 1, 4 * c + 1, look, cell);
			canvas_put(cv, 2 * r + 1, 4 * n, style(ST_BORDER), "|");
		}
}

static void status(const struct view *v, const struct puzzle_state *s, int cols, char *buf, size_t size)
{
	const struct latin_view *lv = (const struct latin_view *)v;
	(void)s;
	(void)cols;
	snprintf(buf, size, "Row %d, column %d", lv->cur / lv->n + 1, lv->cur % lv->n + 1);
}

static const struct view_key latin_keys[] = {
	{ "arrows", "move the cursor", true, NULL },
	{ "1-9", "write a digit", true, NULL },
	{ "0", "clear the cell", false, NULL },
	{ NULL, NULL, false, NULL },
};

const struct view_ops latin_view = {
	.serves = serves,
	.new = view_new,
	.free = view_free,
	.size = size,
	.layout = layout,
	.panel = panel,
	.event = event,
	.sync = view_sync,
	.drop = drop,
	.hold = hold,
	.draw = draw,
	.status = status,
	.keys = latin_keys,
	.help = "Digits marked * are given.",
};
