#include "config.h"

#include "puzzles/tiling_puzzle.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static struct puzzle_state *start(const struct puzzle *pz, const char *desc, int *bad_line, struct diag *err)
{
	struct puzzle_state *s = new_state(pz);
	*bad_line = -1;
	if (!desc)
		return s;
	char rows[TILING_MAX_SIDE + 1][TILING_MAX_SIDE + 2];
	const char *row_ptr[TILING_MAX_SIDE + 1];
	int n = 0;
	for (const char *p = desc; *p && n <= TILING_MAX_SIDE;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len > TILING_MAX_SIDE)
			len = TILING_MAX_SIDE + 1; /* too long: the parser says so */
		memcpy(rows[n], p, len);
		rows[n][len] = '\0';
		row_ptr[n] = rows[n];
		n++;
		p = e ? e + 1 : p + strlen(p);
	}
	char why[256];
	if (!tiling_pos_parse(&s->pos, s->t, row_ptr, n, bad_line, why, sizeof why)) {
		diag_set(err, "%s", why);
		free(s);
		return NULL;
	}
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

static bool quick_dead_end(const struct puzzle_state *s, struct puzzle_dead_end *out)
{
	const struct tiling *t = s->t;
	const struct tiling_pos *pos = &s->pos;
	bool covered[TILING_MAX_SIDE * TILING_MAX_SIDE] = { false };
	bool piece_fits[TILING_MAX_PIECES] = { false };
	memset(out, 0, sizeof *out);
	out->cell = out->piece = -1;
	for (int k = 0; k < t->n_placements; k++) {
		if (!tiling_pos_fits(pos, k))
			continue;
		piece_fits[t->pl[k].piece] = true;
		for (int i = 0; i < t->pl[k].n_cells; i++)
			covered[t->pl[k].cell[i]] = true;
	}
	for (int c = 0; c < t->n_cells; c++)
		if (pos->cell[c] == TILING_EMPTY && !covered[c]) {
			snprintf(out->why, sizeof out->why, "no piece left can cover the cell at row %d, column %d",
			         c / t->cols + 1, c % t->cols + 1);
			out->cell = c;
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
			snprintf(out->why, sizeof out->why, "no set of the pieces left fills the region of %d cells at row %d, column %d",
			         n, c0 / t->cols + 1, c0 % t->cols + 1);
			for (int c = 0; c < t->n_cells && out->n_region < (int)(sizeof out->region / sizeof *out->region); c++)
				if (region[c] == r)
					out->region[out->n_region++] = c;
			out->cell = c0;
			return true;
		}
		r++;
	}
	for (int p = 0; p < t->n_pieces; p++)
		if (pos->placed[p] < 0 && !piece_fits[p]) {
			snprintf(out->why, sizeof out->why, "%s fits nowhere", t->def->pieces[p].name);
			out->piece = p;
			return true;
		}
	return false;
}

static void describe_item(const struct puzzle_state *s, const struct xc_problem *p, int item, char *buf,
                          size_t size)
{
	const char *name = p->name[item];
	int r, c;
	if (sscanf(name, "r%dc%d", &r, &c) == 2) {
		snprintf(buf, size, "the cell at row %d, column %d", r, c);
		return;
	}
	for (int k = 0; k < s->t->n_pieces; k++)
		if (!strcmp(s->t->def->pieces[k].item, name)) {
			snprintf(buf, size, "%s", s->t->def->pieces[k].name);
			return;
		}
	snprintf(buf, size, "%s", name);
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

#define TILING_PUZZLE(var, nm, ttl)                                                                     \
	const struct puzzle var = {                                                                     \
		.name = nm, .title = ttl, .start = start, .describe = describe, .copy = copy,           \
		.free_state = free_state, .apply = apply, .is_solved = is_solved, .reduce = reduce,     \
		.option_move = option_move, .quick_dead_end = quick_dead_end,                           \
		.describe_item = describe_item, .describe_move = describe_move,                         \
	}

TILING_PUZZLE(tiling_puzzle_kanoodle, "kanoodle", "Kanoodle");
TILING_PUZZLE(tiling_puzzle_iqfit, "iqfit", "IQ Fit");
