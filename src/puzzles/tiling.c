#include "config.h"

#include "puzzles/tiling.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

/* The 24 rotations of space, as signed permutation matrices of determinant
 * +1: row i of a rotation takes coordinate perm[i] with sign sign[i]. */
struct rotation {
	int perm[3], sign[3];
};

static int rotations(struct rotation out[24])
{
	static const int perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 }, { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
	static const int parity[6] = { 1, -1, -1, 1, 1, -1 };
	int n = 0;
	for (int p = 0; p < 6; p++)
		for (int s = 0; s < 8; s++) {
			int sign[3] = { s & 1 ? -1 : 1, s & 2 ? -1 : 1, s & 4 ? -1 : 1 };
			if (parity[p] * sign[0] * sign[1] * sign[2] != 1)
				continue; /* a reflection: no real piece can do that */
			struct rotation *r = &out[n++];
			memcpy(r->perm, perms[p], sizeof r->perm);
			memcpy(r->sign, sign, sizeof r->sign);
		}
	return n;
}

static struct tiling_ball rotate(const struct rotation *r, struct tiling_ball b)
{
	int v[3] = { b.r, b.c, b.z }, w[3];
	for (int i = 0; i < 3; i++)
		w[i] = r->sign[i] * v[r->perm[i]];
	return (struct tiling_ball){ w[0], w[1], w[2] };
}

static int thickness(const struct tiling_ball *b, int n)
{
	int lo = 0, hi = 0;
	for (int i = 0; i < n; i++) {
		if (i == 0)
			lo = hi = b[i].z;
		if (b[i].z < lo)
			lo = b[i].z;
		if (b[i].z > hi)
			hi = b[i].z;
	}
	return hi - lo;
}

static int cmp_cell(const void *a, const void *b)
{
	const int *x = a, *y = b;
	return x[0] != y[0] ? x[0] - y[0] : x[1] - y[1];
}

static bool same_cells(const struct tiling_orient *a, const struct tiling_orient *b)
{
	return a->n_cells == b->n_cells && !memcmp(a->cells, b->cells, sizeof a->cells[0] * (size_t)a->n_cells);
}

/* Fill o from rotated balls: move to the origin, list the cells below. */
static void shape_from_balls(struct tiling_orient *o, const struct tiling_ball *b, int n)
{
	int mr = b[0].r, mc = b[0].c, mz = b[0].z;
	for (int i = 1; i < n; i++) {
		if (b[i].r < mr)
			mr = b[i].r;
		if (b[i].c < mc)
			mc = b[i].c;
		if (b[i].z < mz)
			mz = b[i].z;
	}
	o->n_balls = n;
	o->n_cells = 0;
	o->h = o->w = 0;
	for (int i = 0; i < n; i++) {
		o->balls[i] = (struct tiling_ball){ b[i].r - mr, b[i].c - mc, b[i].z - mz };
		int r = o->balls[i].r, c = o->balls[i].c;
		bool seen = false;
		for (int k = 0; k < o->n_cells; k++)
			seen |= o->cells[k][0] == r && o->cells[k][1] == c;
		if (!seen) {
			o->cells[o->n_cells][0] = r;
			o->cells[o->n_cells][1] = c;
			o->n_cells++;
		}
		if (r + 1 > o->h)
			o->h = r + 1;
		if (c + 1 > o->w)
			o->w = c + 1;
	}
	qsort(o->cells, (size_t)o->n_cells, sizeof o->cells[0], cmp_cell);
	for (int k = 0; k < o->n_cells; k++) {
		o->stacked[k] = 0;
		for (int i = 0; i < n; i++)
			o->stacked[k] += o->balls[i].r == o->cells[k][0] && o->balls[i].c == o->cells[k][1];
	}
}

/* The orientation of the same piece whose cells are o's turned a quarter
 * clockwise (row, col) -> (col, h - 1 - row). */
static int quarter_turn(const struct tiling *t, int o)
{
	const struct tiling_orient *a = &t->orient[o];
	struct tiling_orient b = { .n_cells = a->n_cells };
	for (int k = 0; k < a->n_cells; k++) {
		b.cells[k][0] = a->cells[k][1];
		b.cells[k][1] = a->h - 1 - a->cells[k][0];
	}
	qsort(b.cells, (size_t)b.n_cells, sizeof b.cells[0], cmp_cell);
	for (int j = t->orient_first[a->piece]; j < t->orient_first[a->piece + 1]; j++)
		if (same_cells(&b, &t->orient[j]))
			return j;
	return o; /* cannot happen: a turn in the plane keeps the thickness */
}

/* Faces: the orbits of the quarter turn. */
static void find_faces(struct tiling *t)
{
	for (int p = 0; p < t->n_pieces; p++) {
		int faces = 0;
		for (int o = t->orient_first[p]; o < t->orient_first[p + 1]; o++)
			t->orient[o].face = -1;
		for (int o = t->orient_first[p]; o < t->orient_first[p + 1]; o++) {
			if (t->orient[o].face >= 0)
				continue;
			for (int x = o, turn = 0; t->orient[x].face < 0; x = quarter_turn(t, x), turn++) {
				t->orient[x].face = faces;
				t->orient[x].turn = turn;
			}
			faces++;
		}
		for (int o = t->orient_first[p]; o < t->orient_first[p + 1]; o++)
			t->orient[o].rotated = quarter_turn(t, o);
	}
}

int tiling_piece_faces(const struct tiling *t, int p)
{
	int faces = 0;
	for (int o = t->orient_first[p]; o < t->orient_first[p + 1]; o++)
		if (t->orient[o].face + 1 > faces)
			faces = t->orient[o].face + 1;
	return faces;
}

/* Is piece p flat: no ball over another in any of its orientations
 * (Kanoodle's pieces; IQ Fit's stand on their pegs)? */
static bool flat_piece(const struct tiling *t, int p)
{
	for (int j = t->orient_first[p]; j < t->orient_first[p + 1]; j++)
		if (t->orient[j].n_cells != t->orient[j].n_balls)
			return false;
	return true;
}

/* The orientation of o's piece whose cells are o's mirror image, left to
 * right; o itself if none (a piece the same both ways). */
static int mirrored(const struct tiling *t, int o)
{
	const struct tiling_orient *a = &t->orient[o];
	int cells[TILING_MAX_BALLS][2];
	for (int k = 0; k < a->n_cells; k++) {
		cells[k][0] = a->cells[k][0];
		cells[k][1] = a->w - 1 - a->cells[k][1];
	}
	qsort(cells, (size_t)a->n_cells, sizeof cells[0], cmp_cell);
	for (int j = t->orient_first[a->piece]; j < t->orient_first[a->piece + 1]; j++)
		if (t->orient[j].n_cells == a->n_cells && !memcmp(t->orient[j].cells, cells, sizeof cells[0] * (size_t)a->n_cells))
			return j;
	return o;
}

int tiling_orient_turn_over(const struct tiling *t, int o)
{
	const struct tiling_orient *a = &t->orient[o];
	/* A flat piece turned over lies as its mirror image, whichever of its
	 * faces that is: White's mirror is one of its own quarter turns, and
	 * the next face would have left it as it was. */
	if (flat_piece(t, a->piece))
		return mirrored(t, o);
	int p = a->piece, faces = tiling_piece_faces(t, p), want = (a->face + 1) % faces, best = o, best_turn = -1;
	for (int j = t->orient_first[p]; j < t->orient_first[p + 1]; j++) {
		const struct tiling_orient *b = &t->orient[j];
		/* the same quarter turn, or the nearest below it */
		if (b->face == want && b->turn <= a->turn && b->turn > best_turn)
			best = j, best_turn = b->turn;
	}
	return best;
}

int tiling_placement_at(const struct tiling *t, int o, int row, int col)
{
	const struct tiling_orient *a = &t->orient[o];
	if (row < 0 || col < 0 || row + a->h > t->rows || col + a->w > t->cols)
		return -1;
	/* placements of an orientation run over rows, then columns */
	return t->orient_placement[o] + row * (t->cols - a->w + 1) + col;
}

struct tiling *tiling_new(const struct tiling_family_def *def)
{
	struct tiling *t = xcalloc(1, sizeof *t);
	struct rotation rot[24];
	int n_rot = rotations(rot);
	t->def = def;
	t->rows = def->rows;
	t->cols = def->cols;
	t->n_cells = def->rows * def->cols;
	t->n_pieces = def->n_pieces;
	t->orient = xcalloc((size_t)def->n_pieces * 24, sizeof *t->orient);
	t->piece_first = xcalloc((size_t)def->n_pieces + 1, sizeof *t->piece_first);
	t->orient_first = xcalloc((size_t)def->n_pieces + 1, sizeof *t->orient_first);

	for (int p = 0; p < def->n_pieces; p++) {
		const struct tiling_piece_def *pd = &def->pieces[p];
		int first = t->n_orients, th = thickness(pd->balls, pd->n_balls);
		t->orient_first[p] = first;
		for (int k = 0; k < n_rot; k++) {
			struct tiling_ball b[TILING_MAX_BALLS];
			for (int i = 0; i < pd->n_balls; i++)
				b[i] = rotate(&rot[k], pd->balls[i]);
			if (thickness(b, pd->n_balls) != th)
				continue;
			struct tiling_orient *o = &t->orient[t->n_orients];
			o->piece = p;
			shape_from_balls(o, b, pd->n_balls);
			bool dup = false;
			for (int j = first; j < t->n_orients && !dup; j++)
				dup = same_cells(o, &t->orient[j]);
			if (!dup)
				t->n_orients++;
		}
	}
	t->orient_first[def->n_pieces] = t->n_orients;
	find_faces(t);

	/* Placements, piece by piece, each orientation at every position. */
	int cap = 0;
	for (int i = 0; i < t->n_orients; i++) {
		const struct tiling_orient *o = &t->orient[i];
		if (o->h <= t->rows && o->w <= t->cols)
			cap += (t->rows - o->h + 1) * (t->cols - o->w + 1);
	}
	t->pl = xcalloc((size_t)cap + 1, sizeof *t->pl);
	t->orient_placement = xcalloc((size_t)t->n_orients + 1, sizeof *t->orient_placement);
	for (int i = 0, p = -1; i < t->n_orients; i++) {
		const struct tiling_orient *o = &t->orient[i];
		while (p < o->piece)
			t->piece_first[++p] = t->n_placements;
		t->orient_placement[i] = t->n_placements;
		for (int r = 0; r + o->h <= t->rows; r++)
			for (int c = 0; c + o->w <= t->cols; c++) {
				struct tiling_placement *pl = &t->pl[t->n_placements++];
				pl->piece = o->piece;
				pl->orient = i;
				pl->row = r;
				pl->col = c;
				pl->n_cells = o->n_cells;
				for (int k = 0; k < o->n_cells; k++)
					pl->cell[k] = (r + o->cells[k][0]) * t->cols + c + o->cells[k][1];
			}
	}
	for (int p = t->n_orients ? t->orient[t->n_orients - 1].piece + 1 : 0; p <= t->n_pieces; p++)
		t->piece_first[p] = t->n_placements;
	return t;
}

void tiling_free(struct tiling *t)
{
	if (!t)
		return;
	free(t->orient);
	free(t->pl);
	free(t->piece_first);
	free(t->orient_first);
	free(t->orient_placement);
	free(t);
}

int tiling_piece_by_letter(const struct tiling *t, char letter)
{
	for (int p = 0; p < t->n_pieces; p++)
		if (t->def->pieces[p].letter == letter)
			return p;
	return -1;
}

void tiling_pos_init(struct tiling_pos *pos, const struct tiling *t)
{
	memset(pos, 0, sizeof *pos);
	pos->t = t;
	for (int i = 0; i < t->n_cells; i++)
		pos->cell[i] = TILING_EMPTY;
	for (int p = 0; p < TILING_MAX_PIECES; p++)
		pos->placed[p] = -1;
}

bool tiling_pos_fits(const struct tiling_pos *pos, int k)
{
	const struct tiling_placement *pl = &pos->t->pl[k];
	if (pos->placed[pl->piece] >= 0)
		return false;
	for (int i = 0; i < pl->n_cells; i++)
		if (pos->cell[pl->cell[i]] != TILING_EMPTY)
			return false;
	return true;
}

void tiling_pos_place(struct tiling_pos *pos, int k)
{
	const struct tiling_placement *pl = &pos->t->pl[k];
	for (int i = 0; i < pl->n_cells; i++)
		pos->cell[pl->cell[i]] = (signed char)pl->piece;
	pos->placed[pl->piece] = k;
}

void tiling_pos_remove(struct tiling_pos *pos, int piece)
{
	int k = pos->placed[piece];
	if (k < 0)
		return;
	const struct tiling_placement *pl = &pos->t->pl[k];
	for (int i = 0; i < pl->n_cells; i++)
		pos->cell[pl->cell[i]] = TILING_EMPTY;
	pos->placed[piece] = -1;
	pos->fixed[piece] = false;
}

bool tiling_pos_solved(const struct tiling_pos *pos)
{
	for (int i = 0; i < pos->t->n_cells; i++)
		if (pos->cell[i] == TILING_EMPTY)
			return false;
	return true;
}

int tiling_find_placement(const struct tiling *t, int piece, const int *cells, int n)
{
	for (int k = t->piece_first[piece]; k < t->piece_first[piece + 1]; k++) {
		const struct tiling_placement *pl = &t->pl[k];
		if (pl->n_cells == n && !memcmp(pl->cell, cells, sizeof *cells * (size_t)n))
			return k;
	}
	return -1;
}

/* The character at s for a message: a UTF-8 character whole, in quotes,
 * or a byte that is not one in hex. */
static void show_char(const char *s, char *out, size_t size)
{
	const unsigned char *u = (const unsigned char *)s;
	int n = u[0] >= 0xC2 && u[0] <= 0xDF ? 2 : u[0] >= 0xE0 && u[0] <= 0xEF ? 3 : u[0] >= 0xF0 && u[0] <= 0xF4 ? 4 : 0;
	for (int i = 1; i < n; i++)
		if ((u[i] & 0xC0) != 0x80)
			n = 0;
	if (n)
		snprintf(out, size, "'%.*s'", n, s);
	else
		snprintf(out, size, "byte 0x%02x", u[0]);
}

bool tiling_pos_parse(struct tiling_pos *pos, const struct tiling *t, const char *const *rows, int n_rows,
                      int *bad_row, char *why, int why_size)
{
	const struct tiling_family_def *def = t->def;
	int cells[TILING_MAX_PIECES][TILING_MAX_SIDE * TILING_MAX_SIDE];
	int n_cells[TILING_MAX_PIECES] = { 0 }, first_row[TILING_MAX_PIECES];

	tiling_pos_init(pos, t);
	*bad_row = -1;
	if (n_rows != t->rows) {
		snprintf(why, (size_t)why_size, "the board has %d row%s, %s has %d", n_rows, n_rows == 1 ? "" : "s", def->title, t->rows);
		return false;
	}
	char letters[TILING_MAX_PIECES + 1];
	for (int k = 0; k < t->n_pieces; k++)
		letters[k] = def->pieces[k].letter;
	letters[t->n_pieces] = '\0';
	for (int r = 0; r < t->rows; r++) {
		int len = (int)strlen(rows[r]);
		*bad_row = r;
		/* Before the length: an 'é' is two bytes, and "12 cells" would
		 * puzzle someone who sees 11. */
		for (int c = 0; c < len; c++)
			if ((unsigned char)rows[r][c] >= 0x80 || !isprint((unsigned char)rows[r][c])) {
				char shown[16];
				show_char(rows[r] + c, shown, sizeof shown);
				snprintf(why, (size_t)why_size, "%s in row %d: the pieces are %s, . is empty, # a hole", shown,
				         r + 1, letters);
				return false;
			}
		if (len != t->cols) {
			snprintf(why, (size_t)why_size, "row %d has %d cells, %s has %d", r + 1, len, def->title, t->cols);
			return false;
		}
		for (int c = 0; c < t->cols; c++) {
			char ch = rows[r][c];
			int cell = r * t->cols + c;
			if (ch == '.')
				continue;
			if (ch == '#') {
				pos->cell[cell] = TILING_HOLE;
				continue;
			}
			int p = tiling_piece_by_letter(t, ch);
			if (p < 0) {
				snprintf(why, (size_t)why_size, "'%c' in row %d: the pieces are %s, . is empty, # a hole", ch,
				         r + 1, letters);
				return false;
			}
			if (n_cells[p] == 0)
				first_row[p] = r;
			cells[p][n_cells[p]++] = cell;
		}
	}
	for (int p = 0; p < t->n_pieces; p++) {
		if (!n_cells[p])
			continue;
		const struct tiling_piece_def *pd = &def->pieces[p];
		int k = tiling_find_placement(t, p, cells[p], n_cells[p]);
		*bad_row = first_row[p];
		if (k < 0) {
			/* Count the letter's separate groups to say what went wrong. */
			int want = t->pl[t->piece_first[p]].n_cells;
			if (n_cells[p] > want)
				snprintf(why, (size_t)why_size, "piece %c (%s) is drawn more than once: %d cells, it has %d", pd->letter,
				         pd->name, n_cells[p], want);
			else
				snprintf(why, (size_t)why_size, "the %d cells marked %c are not the %s piece in any orientation",
				         n_cells[p], pd->letter, pd->name);
			return false;
		}
		tiling_pos_place(pos, k);
		pos->fixed[p] = true;
	}
	*bad_row = -1;
	return true;
}

void tiling_pos_draw(const struct tiling_pos *pos, char *buf, int size)
{
	const struct tiling *t = pos->t;
	int at = 0;
	for (int r = 0; r < t->rows; r++) {
		for (int c = 0; c < t->cols && at < size - 1; c++) {
			int v = pos->cell[r * t->cols + c];
			buf[at++] = v == TILING_EMPTY ? '.' : v == TILING_HOLE ? '#' : t->def->pieces[v].letter;
		}
		if (at < size - 1)
			buf[at++] = '\n';
	}
	buf[at < size ? at : size - 1] = '\0';
}

static void add_pieces(struct xc_problem *p, const struct tiling_pos *pos, int *item_of_piece)
{
	const struct tiling *t = pos->t;
	for (int k = 0; k < t->n_pieces; k++) {
		item_of_piece[k] = -1;
		if (pos->placed[k] >= 0)
			continue;
		item_of_piece[k] = p->n_items;
		xc_add_item(p, t->def->pieces[k].item, true);
	}
}

struct xc_problem *tiling_reduce(const struct tiling_pos *pos, enum tiling_order order)
{
	const struct tiling *t = pos->t;
	struct xc_problem *p = xc_new();
	int item_of_piece[TILING_MAX_PIECES], item_of_cell[TILING_MAX_SIDE * TILING_MAX_SIDE];
	char name[32];

	/* Cells in reading order; for the first-item rule the short side is
	 * read first, down the columns of a wide board. */
	int cell_order[TILING_MAX_SIDE * TILING_MAX_SIDE], n = 0;
	bool by_column = order == TILING_CELLS_FIRST && t->rows < t->cols;
	for (int a = 0; a < (by_column ? t->cols : t->rows); a++)
		for (int b = 0; b < (by_column ? t->rows : t->cols); b++)
			cell_order[n++] = by_column ? b * t->cols + a : a * t->cols + b;

	if (order == TILING_PIECES_FIRST)
		add_pieces(p, pos, item_of_piece);
	for (int i = 0; i < n; i++) {
		int cell = cell_order[i];
		item_of_cell[cell] = -1;
		if (pos->cell[cell] != TILING_EMPTY)
			continue;
		snprintf(name, sizeof name, "r%dc%d", cell / t->cols + 1, cell % t->cols + 1);
		item_of_cell[cell] = p->n_items;
		xc_add_item(p, name, true);
	}
	if (order == TILING_CELLS_FIRST)
		add_pieces(p, pos, item_of_piece);

	for (int k = 0; k < t->n_placements; k++) {
		if (!tiling_pos_fits(pos, k))
			continue;
		const struct tiling_placement *pl = &t->pl[k];
		int items[TILING_MAX_BALLS + 1], m = 0;
		items[m++] = item_of_piece[pl->piece];
		for (int i = 0; i < pl->n_cells; i++)
			items[m++] = item_of_cell[pl->cell[i]];
		xc_add_option(p, items, m, k, NULL);
	}
	return p;
}
