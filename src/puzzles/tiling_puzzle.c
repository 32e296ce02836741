#include "config.h"

#include "puzzles/tiling_puzzle.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/tiling_gen.h"
#include "puzzles/xc_engine.h"
#include "util/u128.h"
#include "util/xalloc.h"

struct puzzle_state {
	const struct puzzle *pz;
	const struct tiling *t;
	struct tiling_pos pos;
};

/* The board and pieces of each family, built on first use and never
 * changed after: shared by the game and the solver thread. */
static struct tiling *kanoodle_tiling, *iqfit_tiling;
static pthread_once_t kanoodle_once = PTHREAD_ONCE_INIT, iqfit_once = PTHREAD_ONCE_INIT;

static void build_kanoodle(void)
{
	kanoodle_tiling = tiling_new(&tiling_kanoodle);
}

static void build_iqfit(void)
{
	iqfit_tiling = tiling_new(&tiling_iqfit);
}

const struct tiling *tiling_puzzle_tiling(const struct puzzle *pz)
{
	if (pz == &tiling_puzzle_kanoodle) {
		pthread_once(&kanoodle_once, build_kanoodle);
		return kanoodle_tiling;
	}
	if (pz == &tiling_puzzle_iqfit) {
		pthread_once(&iqfit_once, build_iqfit);
		return iqfit_tiling;
	}
	return NULL;
}

bool tiling_puzzle_is(const struct puzzle *pz)
{
	return pz == &tiling_puzzle_kanoodle || pz == &tiling_puzzle_iqfit;
}

const struct tiling_pos *tiling_puzzle_pos(const struct puzzle_state *s)
{
	return &s->pos;
}

static struct puzzle_state *new_state(const struct puzzle *pz)
{
	struct puzzle_state *s = xmalloc(sizeof *s);
	s->pz = pz;
	s->t = tiling_puzzle_tiling(pz);
	tiling_pos_init(&s->pos, s->t);
	return s;
}

/* The rows of a board from a description: blanks around a row do not
 * count, and after the last row only blank lines and comments ('#' at the
 * start of a line: no board row of that length is all holes there) may
 * follow.  bad_line is the description's line at fault, from 0. */
static bool split_rows(const struct tiling *t, const char *desc, char rows[][TILING_MAX_SIDE + 2], int *n_rows,
                       int *bad_line, struct diag *err)
{
	int n = 0, line = 0;
	for (const char *p = desc; *p; line++) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		const char *b = p;
		p = e ? e + 1 : p + len;
		while (len && (b[len - 1] == '\r' || b[len - 1] == ' ' || b[len - 1] == '\t'))
			len--;
		while (len && (*b == ' ' || *b == '\t'))
			b++, len--;
		if (n == t->rows) {
			if (len && *b != '#') {
				*bad_line = line;
				diag_set(err, "text after the board (it has %d rows)", t->rows);
				return false;
			}
			continue;
		}
		if (!len) {
			*bad_line = line;
			diag_set(err, "the board has %d row%s, %s has %d", n, n == 1 ? "" : "s", t->def->title, t->rows);
			return false;
		}
		if (len > TILING_MAX_SIDE) {
			*bad_line = line;
			diag_set(err, "board row longer than %d cells", TILING_MAX_SIDE);
			return false;
		}
		memcpy(rows[n], b, len);
		rows[n][len] = '\0';
		n++;
	}
	if (n < t->rows) {
		*bad_line = line ? line - 1 : -1;
		diag_set(err, "the board has %d row%s, %s has %d", n, n == 1 ? "" : "s", t->def->title, t->rows);
		return false;
	}
	*n_rows = n;
	return true;
}

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	struct puzzle_state *s = new_state(pz);
	*bad_line = -1;
	if (!desc)
		return s;
	char rows[TILING_MAX_SIDE][TILING_MAX_SIDE + 2];
	const char *row_ptr[TILING_MAX_SIDE];
	int n = 0;
	/* No blank line may come before a row: row r is line r. */
	if (!split_rows(s->t, desc, rows, &n, bad_line, err)) {
		free(s);
		return NULL;
	}
	for (int r = 0; r < n; r++)
		row_ptr[r] = rows[r];
	char why[256];
	int bad_row;
	if (!tiling_pos_parse(&s->pos, s->t, row_ptr, n, &bad_row, why, sizeof why)) {
		*bad_line = bad_row;
		diag_set(err, "%s", why);
		free(s);
		return NULL;
	}
	*bad_line = -1;
	return s;
}

static void describe(const struct puzzle_state *s, char *buf, size_t size)
{
	tiling_pos_draw(&s->pos, buf, (int)size);
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

void tiling_move_place(const struct tiling *t, int k, char *buf, size_t size)
{
	const struct tiling_placement *pl = &t->pl[k];
	int n = snprintf(buf, size, "%c@", t->def->pieces[pl->piece].letter);
	for (int i = 0; i < pl->n_cells && n >= 0 && (size_t)n < size; i++)
		n += snprintf(buf + n, size - (size_t)n, "%sr%dc%d", i ? "," : "", pl->cell[i] / t->cols + 1,
		              pl->cell[i] % t->cols + 1);
}

void tiling_move_remove(const struct tiling *t, int p, char *buf, size_t size)
{
	snprintf(buf, size, "-%c", t->def->pieces[p].letter);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

/* One move (no ';') applied to pos in place. */
static bool apply_one(const struct tiling *t, struct tiling_pos *pos, const char *m, size_t len, struct diag *err)
{
	if (len == 2 && m[0] == '-') {
		int p = tiling_piece_by_letter(t, m[1]);
		if (p < 0) {
			diag_set(err, "no piece %c", m[1]);
			return false;
		}
		if (pos->placed[p] < 0) {
			diag_set(err, "%s is not on the board", t->def->pieces[p].name);
			return false;
		}
		if (pos->fixed[p]) {
			diag_set(err, "%s is part of the puzzle and stays", t->def->pieces[p].name);
			return false;
		}
		tiling_pos_remove(pos, p);
		return true;
	}
	if (len < 3 || m[1] != '@') {
		diag_set(err, "'%.*s' is not a move", (int)(len > 40 ? 40 : len), m);
		return false;
	}
	int p = tiling_piece_by_letter(t, m[0]);
	if (p < 0) {
		diag_set(err, "no piece %c", m[0]);
		return false;
	}
	int cells[TILING_MAX_BALLS], n = 0;
	for (size_t i = 2; i < len;) {
		int r, c, used;
		if (n == TILING_MAX_BALLS || sscanf(m + i, "r%dc%d%n", &r, &c, &used) != 2 || r < 1 || c < 1 ||
		    r > t->rows || c > t->cols || i + (size_t)used > len) {
			diag_set(err, "'%.*s' is not a move", (int)(len > 40 ? 40 : len), m);
			return false;
		}
		cells[n++] = (r - 1) * t->cols + c - 1;
		i += (size_t)used;
		if (i < len && m[i] == ',')
			i++;
	}
	qsort(cells, (size_t)n, sizeof *cells, cmp_int);
	int k = tiling_find_placement(t, p, cells, n);
	if (k < 0) {
		diag_set(err, "those cells are not the %s piece", t->def->pieces[p].name);
		return false;
	}
	if (!tiling_pos_fits(pos, k)) {
		diag_set(err, pos->placed[p] >= 0 ? "%s is already on the board" : "%s does not fit there",
		         t->def->pieces[p].name);
		return false;
	}
	tiling_pos_place(pos, k);
	return true;
}

static struct puzzle_state *apply(const struct puzzle_state *s, const char *move, struct diag *err)
{
	struct puzzle_state *n = copy(s);
	for (const char *m = move; *m;) {
		const char *e = strchr(m, ';');
		size_t len = e ? (size_t)(e - m) : strlen(m);
		if (!apply_one(s->t, &n->pos, m, len, err)) {
			free(n);
			return NULL;
		}
		m = e ? e + 1 : m + len;
	}
	return n;
}

static bool is_solved(const struct puzzle_state *s)
{
	for (int p = 0; p < s->t->n_pieces; p++)
		if (s->pos.placed[p] < 0)
			return false;
	return tiling_pos_solved(&s->pos);
}

static struct xc_problem *reduce(const struct puzzle_state *s, enum dlx_rule rule)
{
	return tiling_reduce(&s->pos, rule == DLX_FIRST ? TILING_CELLS_FIRST : TILING_PIECES_FIRST);
}

static void option_move(const struct puzzle_state *s, const struct xc_problem *p, int k, char *buf, size_t size)
{
	tiling_move_place(s->t, p->opt_tag[k], buf, size);
}

/* The sizes piece p can cover, as bits of a mask (IQ Fit pieces cover more
 * or fewer cells depending on how they lie). */
static unsigned long long piece_sizes(const struct tiling *t, int p)
{
	unsigned long long m = 0;
	for (int o = t->orient_first[p]; o < t->orient_first[p + 1]; o++)
		m |= 1ull << t->orient[o].n_cells;
	return m;
}

/* Can some of the pieces not placed, each lying some way, fill exactly n
 * cells?  A subset sum over the sizes each can take. */
static bool fillable(const struct tiling_pos *pos, int n)
{
	const struct tiling *t = pos->t;
	enum { WORDS = TILING_MAX_SIDE * TILING_MAX_SIDE / 64 + 1 };
	unsigned long long reach[WORDS] = { 1 }; /* sums reachable: bit i of word i/64 */
	for (int p = 0; p < t->n_pieces; p++) {
		if (pos->placed[p] >= 0)
			continue;
		unsigned long long sizes = piece_sizes(t, p), next[WORDS];
		memcpy(next, reach, sizeof next);
		for (int sz = 1; sz < 64; sz++) {
			if (!(sizes >> sz & 1))
				continue;
			for (int w = WORDS - 1; w >= 0; w--) {
				/* next |= reach << sz */
				unsigned long long v = 0;
				int from = w - sz / 64, bit = sz % 64;
				if (from >= 0)
					v |= reach[from] << bit;
				if (bit && from - 1 >= 0)
					v |= reach[from - 1] >> (64 - bit);
				next[w] |= v;
			}
		}
		memcpy(reach, next, sizeof reach);
	}
	return n < WORDS * 64 && (reach[n / 64] >> (n % 64) & 1);
}

/* Why s cannot be finished, at a glance: a cell no piece can cover, a
 * region no set of the pieces left can fill, a piece that fits nowhere. */
static bool dead_end(const struct puzzle_state *s, struct note *out)
{
	const struct tiling *t = s->t;
	const struct tiling_pos *pos = &s->pos;
	bool covered[TILING_MAX_SIDE * TILING_MAX_SIDE] = { false };
	bool piece_fits[TILING_MAX_PIECES] = { false };
	note_clear(out);
	for (int k = 0; k < t->n_placements; k++) {
		if (!tiling_pos_fits(pos, k))
			continue;
		piece_fits[t->pl[k].piece] = true;
		for (int i = 0; i < t->pl[k].n_cells; i++)
			covered[t->pl[k].cell[i]] = true;
	}
	for (int c = 0; c < t->n_cells; c++)
		if (pos->cell[c] == TILING_EMPTY && !covered[c]) {
			note_say(out, "no piece left can cover the cell at row %d, column %d",
			         c / t->cols + 1, c % t->cols + 1);
			note_cell(out, c);
			return true;
		}

	/* Regions of empty cells, each a flood fill. */
	int region[TILING_MAX_SIDE * TILING_MAX_SIDE], stack[TILING_MAX_SIDE * TILING_MAX_SIDE];
	for (int c = 0; c < t->n_cells; c++)
		region[c] = -1;
	for (int c0 = 0, r = 0; c0 < t->n_cells; c0++) {
		if (pos->cell[c0] != TILING_EMPTY || region[c0] >= 0)
			continue;
		int n = 0, top = 0;
		stack[top++] = c0;
		region[c0] = r;
		while (top) {
			int c = stack[--top], row = c / t->cols, col = c % t->cols;
			n++;
			int nb[4] = { row > 0 ? c - t->cols : -1, row + 1 < t->rows ? c + t->cols : -1,
			              col > 0 ? c - 1 : -1, col + 1 < t->cols ? c + 1 : -1 };
			for (int i = 0; i < 4; i++)
				if (nb[i] >= 0 && pos->cell[nb[i]] == TILING_EMPTY && region[nb[i]] < 0) {
					region[nb[i]] = r;
					stack[top++] = nb[i];
				}
		}
		if (!fillable(pos, n)) {
			note_say(out, "no set of the pieces left fills the region of %d cells at row %d, column %d",
			         n, c0 / t->cols + 1, c0 % t->cols + 1);
			for (int c = 0; c < t->n_cells; c++)
				if (region[c] == r)
					note_cell(out, c);
			note_cell(out, c0);
			return true;
		}
		r++;
	}
	for (int p = 0; p < t->n_pieces; p++)
		if (pos->placed[p] < 0 && !piece_fits[p]) {
			note_say(out, "%s fits nowhere", t->def->pieces[p].name);
			note_piece(out, p);
			return true;
		}
	return false;
}

static void describe_move(const struct puzzle_state *s, const char *move, char *buf, size_t size, bool brief)
{
	const struct tiling *t = s->t;
	int p = tiling_piece_by_letter(t, move[0] == '-' ? move[1] : move[0]);
	const char *name = p >= 0 ? t->def->pieces[p].name : "?";
	if (brief) {
		snprintf(buf, size, "%s", name);
		return;
	}
	if (move[0] == '-') {
		snprintf(buf, size, "%s taken off", name);
		return;
	}
	int r0 = 99, r1 = 0, c0 = 99, c1 = 0, r, c, used;
	for (const char *m = strchr(move, '@'); m && *m && *m != ';';) {
		m++;
		if (sscanf(m, "r%dc%d%n", &r, &c, &used) != 2)
			break;
		r0 = r < r0 ? r : r0, r1 = r > r1 ? r : r1;
		c0 = c < c0 ? c : c0, c1 = c > c1 ? c : c1;
		m += used;
	}
	if (r0 == r1)
		snprintf(buf, size, "%s on row %d, columns %d-%d", name, r0, c0, c1);
	else
		snprintf(buf, size, "%s on rows %d-%d, columns %d-%d", name, r0, r1, c0, c1);
}

/* ---- the one interface ------------------------------------------------ */

/* An item of reduce(s) as a cell (>= 0) or, in *piece, a piece. */
static int item_cell(const struct puzzle_state *s, const struct xc_problem *p, int item, int *piece)
{
	int r, c;
	*piece = -1;
	if (sscanf(p->name[item], "r%dc%d", &r, &c) == 2)
		return (r - 1) * s->t->cols + c - 1;
	for (int k = 0; k < s->t->n_pieces; k++)
		if (!strcmp(s->t->def->pieces[k].item, p->name[item]))
			*piece = k;
	return -1;
}

static void say_cell(const struct tiling *t, int cell, char *buf, size_t size)
{
	snprintf(buf, size, "the cell at row %d, column %d", cell / t->cols + 1, cell % t->cols + 1);
}

static void item_note(const struct puzzle_state *s, const struct xc_problem *p, int item, struct note *out)
{
	int piece, cell = item_cell(s, p, item, &piece);
	note_clear(out);
	if (cell >= 0) {
		say_cell(s->t, cell, out->text, sizeof out->text);
		note_cell(out, cell);
	} else if (piece >= 0) {
		note_say(out, "%s", s->t->def->pieces[piece].name);
		note_piece(out, piece);
	}
}

/* The words of a branch, for the search on screen and the hint's first
 * tier alike. */
static void choice_note(const struct puzzle_state *s, const struct xc_problem *p, int item, int n, struct note *out)
{
	int piece, cell = item_cell(s, p, item, &piece);
	note_clear(out);
	if (cell >= 0) {
		char where[64];
		say_cell(s->t, cell, where, sizeof where);
		if (n == 0)
			note_say(out, "Nothing can cover %s", where);
		else if (n == 1)
			note_say(out, "Only one placement can cover %s", where);
		else
			note_say(out, "%d placements can cover %s", n, where);
		note_cell(out, cell);
	} else if (piece >= 0) {
		const char *name = s->t->def->pieces[piece].name;
		if (n == 0)
			note_say(out, "%s fits nowhere", name);
		else if (n == 1)
			note_say(out, "%s fits in only one place", name);
		else
			note_say(out, "%s fits in %d places", name, n);
		note_piece(out, piece);
	}
}

static const struct puzzle_xc tiling_xc = {
	.reduce = reduce, .option_move = option_move, .item_note = item_note, .choice_note = choice_note,
};

/* The placement that one move of a solution ("G@r1c1,...") makes, or -1. */
static int move_placement(const struct tiling *t, const char *m, size_t len)
{
	struct tiling_pos pos;
	tiling_pos_init(&pos, t);
	struct diag err;
	if (!apply_one(t, &pos, m, len, &err))
		return -1;
	for (int p = 0; p < t->n_pieces; p++)
		if (pos.placed[p] >= 0)
			return pos.placed[p];
	return -1;
}

/* The placement of a solution from s that covers cell, or places piece. */
static int solution_placement(const struct puzzle_state *s, const char *solution, int cell, int piece)
{
	for (const char *m = solution; m && *m;) {
		const char *e = strchr(m, ';');
		size_t len = e ? (size_t)(e - m) : strlen(m);
		int k = move_placement(s->t, m, len);
		if (k >= 0) {
			const struct tiling_placement *pl = &s->t->pl[k];
			if (pl->piece == piece)
				return k;
			for (int i = 0; i < pl->n_cells; i++)
				if (pl->cell[i] == cell)
					return k;
		}
		m = e ? e + 1 : m + len;
	}
	return -1;
}

/* "rows 2-3, columns 4-5": where placement k lies. */
static void say_where(const struct tiling *t, int k, char *buf, size_t size)
{
	const struct tiling_placement *pl = &t->pl[k];
	int r0 = t->rows, r1 = 0, c0 = t->cols, c1 = 0;
	for (int i = 0; i < pl->n_cells; i++) {
		int r = pl->cell[i] / t->cols + 1, c = pl->cell[i] % t->cols + 1;
		r0 = r < r0 ? r : r0, r1 = r > r1 ? r : r1;
		c0 = c < c0 ? c : c0, c1 = c > c1 ? c : c1;
	}
	char rows[32], cols[32];
	if (r0 == r1)
		snprintf(rows, sizeof rows, "row %d", r0);
	else
		snprintf(rows, sizeof rows, "rows %d-%d", r0, r1);
	if (c0 == c1)
		snprintf(cols, sizeof cols, "column %d", c0);
	else
		snprintf(cols, sizeof cols, "columns %d-%d", c0, c1);
	snprintf(buf, size, "%s, %s", rows, cols);
}

static void mark_placement(const struct tiling *t, int k, struct note *out)
{
	for (int i = 0; i < t->pl[k].n_cells; i++)
		note_cell(out, t->pl[k].cell[i]);
	note_piece(out, t->pl[k].piece);
}

/* Tier 1 is the first choice of the search the player can watch (the
 * family's first engine, branching where the fewest ways are left): the
 * same words and marks as its first step.  Tier 2 says what goes there in
 * the solution given, tier 3 plays it.  Each tier asks again: it depends
 * on s alone. */
static bool hint(const struct puzzle_state *s, const char *solution, int tier, struct note *out)
{
	const struct tiling *t = s->t;
	note_clear(out);
	if (tier < 1 || tier > 3 || is_solved(s))
		return false;
	const struct puzzle_engine *pe = puzzle_engine_find(s->pz, NULL);
	struct engine *e = pe ? pe->new(s->pz, s) : NULL;
	if (!e)
		return false;
	struct engine_ctl ctl = { .step = true };
	bool chose = engine_run(e, &ctl) == ENGINE_STEP && engine_event(e)->kind == ENGINE_EV_CHOOSE;
	struct note first;
	note_clear(&first);
	if (chose)
		e->ops->event_note(e, &first);
	int n = chose ? engine_event(e)->choices : 0;
	engine_free(e);
	if (!chose)
		return false;
	int cell = first.n_cells == 1 ? first.cells[0] : -1;
	int piece = cell < 0 && first.n_pieces == 1 ? first.pieces[0] : -1;
	if (tier == 1) {
		*out = first;
		if (n >= 2)
			note_say(out, "%s; start there", first.text);
		return true;
	}
	int k = solution_placement(s, solution, cell, piece);
	if (k < 0)
		return false;
	const char *name = t->def->pieces[t->pl[k].piece].name;
	char where[80];
	say_where(t, k, where, sizeof where);
	if (tier == 2) {
		if (cell >= 0) {
			char what[64];
			say_cell(t, cell, what, sizeof what);
			note_say(out, "In a way to finish from here, %s covers %s", name, what);
			note_cell(out, cell);
			note_piece(out, t->pl[k].piece);
		} else {
			note_say(out, "In a way to finish from here, %s goes on %s", name, where);
			mark_placement(t, k, out);
		}
		return true;
	}
	tiling_move_place(t, k, out->move, sizeof out->move);
	note_say(out, "Place %s on %s", name, where);
	mark_placement(t, k, out);
	return true;
}

/* The pieces the player placed that the solution puts elsewhere. */
static bool mistakes(const struct puzzle_state *s, const char *solution, struct note *out)
{
	const struct tiling *t = s->t;
	note_clear(out);
	int want[TILING_MAX_PIECES];
	for (int p = 0; p < t->n_pieces; p++)
		want[p] = -1;
	for (const char *m = solution; m && *m;) {
		const char *e = strchr(m, ';');
		size_t len = e ? (size_t)(e - m) : strlen(m);
		int k = move_placement(t, m, len);
		if (k >= 0)
			want[t->pl[k].piece] = k;
		m = e ? e + 1 : m + len;
	}
	char names[256] = "";
	int n = 0, wrong[TILING_MAX_PIECES];
	for (int p = 0; p < t->n_pieces; p++) {
		int k = s->pos.placed[p];
		if (k < 0 || s->pos.fixed[p] || k == want[p])
			continue;
		wrong[n++] = p;
		mark_placement(t, k, out);
	}
	for (int i = 0; i < n; i++)
		snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i == 0 ? "" : i == n - 1 ? " and " : ", ",
		         t->def->pieces[wrong[i]].name);
	if (n == 1)
		note_say(out, "%s is not where the solution has it", names);
	else if (n > 1)
		note_say(out, "%s are not where the solution has them", names);
	return n > 0;
}

/* "grade=N" may come as a parameter too; anything else is refused. */
static const struct puzzle_param tiling_params[] = {
	{ "grade", "1 (easy) to 4: how much search the solver needs", "2" },
};

static bool generate(const struct puzzle *pz, const char *params, int grade, uint64_t seed, struct strbuf *desc,
                     const atomic_int *cancel, struct diag *err)
{
	for (const char *p = params; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char *end;
		if (len > 6 && !strncmp(p, "grade=", 6)) {
			long g = strtol(p + 6, &end, 10);
			if (end == p + len && g >= 1 && g <= TILING_GRADES) {
				grade = (int)g;
				p = e ? e + 1 : p + len;
				continue;
			}
		}
		diag_set(err, "%s knows only grade=1 to grade=%d, not '%.*s'", pz->title, TILING_GRADES,
		         (int)(len > 20 ? 20 : len), p);
		return false;
	}
	if (grade < 1 || grade > TILING_GRADES) {
		diag_set(err, "the grade of a %s puzzle is 1 (easy) to %d", pz->title, TILING_GRADES);
		return false;
	}
	const struct tiling *t = tiling_puzzle_tiling(pz);
	struct tiling_pos pos;
	uint64_t effort;
	if (!tiling_generate(t, grade, seed, &pos, &effort, cancel)) {
		if (cancel && atomic_load(cancel))
			diag_set(err, "stopped");
		else
			diag_set(err, "no %s puzzle of grade %d from seed %llu; try another seed", pz->title, grade,
			         (unsigned long long)seed);
		return false;
	}
	char board[TILING_MAX_SIDE * (TILING_MAX_SIDE + 1) + 1];
	tiling_pos_draw(&pos, board, sizeof board);
	strbuf_addf(desc, "%s", board);
	return true;
}

static bool grade(const struct puzzle_state *s, struct puzzle_grade *out, const atomic_int *cancel)
{
	if (cancel && atomic_load(cancel))
		return false;
	memset(out, 0, sizeof *out);
	uint64_t ways = tiling_completions(&s->pos, 2);
	out->solutions = (int)ways;
	/* The search the player can watch, so that its node count when done
	 * is the figure given here (tiling_effort, for the generator, counts
	 * the same tree without an engine's words). */
	if (!puzzle_search_nodes(s->pz, s, &out->effort, cancel))
		return false;
	out->grade = tiling_grade(out->effort);
	char n[U128_DIGITS + 13];
	u128_grouped(out->effort, n);
	if (ways == 1)
		snprintf(out->why, sizeof out->why, "%s search steps to finish it and prove the way unique", n);
	else if (ways == 0)
		snprintf(out->why, sizeof out->why, "%s search steps to show there is none", n);
	else
		snprintf(out->why, sizeof out->why, "%s search steps to find every way", n);
	return !(cancel && atomic_load(cancel));
}

static const char kanoodle_rules[] =
	"Fill the board of 5 rows and 11 columns with the twelve pieces, each used "
	"once; some may be placed already, and those stay.  A piece may be turned "
	"and turned over, and covers the cells under its balls; pieces may not "
	"overlap.\n"
	"A level has exactly one way to finish.";

static const char iqfit_rules[] =
	"Fill the board of 5 rows and 10 columns with the ten pieces, each used "
	"once; some may be placed already, and those stay.  Pieces may not overlap.\n"
	"Each piece has a second layer of raised balls, drawn \u2022, on one face.  "
	"Lying flat, a piece covers the cells of its flat layer, the raised balls "
	"on top; stood on an edge, its raised balls reach down to the board and "
	"cover cells of their own.  So the face a piece shows decides which cells "
	"it covers.";

static const struct puzzle_engine *const tiling_engines[] = { &xc_engine_dlx, NULL };
#define TILING_ENGINES tiling_engines

#define TILING_PUZZLE(var, nm, ttl, rls)                                                                     \
	const struct puzzle var = {                                                                     \
		.name = nm, .title = ttl, .start = start, .describe = describe, .copy = copy,           \
		.free_state = free_state, .apply = apply, .is_solved = is_solved,                       \
		.describe_move = describe_move, .rules = rls,          \
		.xc = &tiling_xc, .engines = TILING_ENGINES, .params = tiling_params,                   \
		.n_params = (int)(sizeof tiling_params / sizeof *tiling_params), .hint = hint,          \
		.dead_end = dead_end, .generate = generate, .grade = grade, .mistakes = mistakes,       \
		.count_noun = "ways to finish",                                                         \
		.free_play = "The whole board is yours: place every piece",                             \
	}

TILING_PUZZLE(tiling_puzzle_kanoodle, "kanoodle", "Kanoodle", kanoodle_rules);
TILING_PUZZLE(tiling_puzzle_iqfit, "iqfit", "IQ Fit", iqfit_rules);
