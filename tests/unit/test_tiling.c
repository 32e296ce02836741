/* The tiling model: orientations, faces, placements, positions, and the
 * reduction to exact cover. */
#include "config.h"

#include "puzzles/tiling.h"
#include "tap.h"

static void test_counts(const struct tiling_family_def *def, const int *want_orients, int want_placements,
                        int want_items)
{
	struct tiling *t = tiling_new(def);
	bool all = true;
	for (int p = 0; p < t->n_pieces; p++) {
		int n = t->orient_first[p + 1] - t->orient_first[p];
		if (n != want_orients[p]) {
			tap_diag("%s: %d orientations, expected %d", def->pieces[p].name, n, want_orients[p]);
			all = false;
		}
	}
	ok(all, "%s: orientations of every piece", def->title);
	is_u64(t->n_placements, want_placements, "%s: %d placements", def->title, want_placements);
	struct tiling_pos pos;
	tiling_pos_init(&pos, t);
	struct xc_problem *p = tiling_reduce(&pos, TILING_PIECES_FIRST);
	is_u64(p->n_items, want_items, "%s: %d items", def->title, want_items);
	is_u64(p->n_primary, want_items, "%s: all of them primary", def->title);
	is_u64(p->n_options, want_placements, "%s: an option per placement", def->title);
	xc_free(p);

	/* Quarter turns come round in four; faces partition the orientations;
	 * turning over visits every face and comes back. */
	bool turns = true, faces = true, placements = true;
	for (int o = 0; o < t->n_orients; o++) {
		int x = o;
		for (int k = 0; k < 4; k++)
			x = t->orient[x].rotated;
		turns &= x == o && t->orient[t->orient[o].rotated].face == t->orient[o].face;
	}
	bool mirrors = true;
	for (int k = 0; k < t->n_pieces; k++) {
		int n = tiling_piece_faces(t, k), o = t->orient_first[k];
		bool flat = true;
		for (int j = t->orient_first[k]; j < t->orient_first[k + 1]; j++)
			flat &= t->orient[j].n_cells == t->orient[j].n_balls;
		if (flat) {
			/* a flat piece turns over into its mirror image, and back */
			for (int j = t->orient_first[k]; j < t->orient_first[k + 1]; j++) {
				int m = tiling_orient_turn_over(t, j);
				const struct tiling_orient *a = &t->orient[j], *b = &t->orient[m];
				bool mirror = a->n_cells == b->n_cells && a->w == b->w && a->h == b->h;
				for (int c = 0; mirror && c < a->n_cells; c++) {
					bool found = false;
					for (int d = 0; d < b->n_cells; d++)
						found |= b->cells[d][0] == a->cells[c][0] && b->cells[d][1] == a->w - 1 - a->cells[c][1];
					mirror = found;
				}
				mirrors &= mirror && tiling_orient_turn_over(t, m) == j && (n == 1 || b->face != a->face);
			}
			continue;
		}
		int seen = 0;
		for (int f = 0; f < n; f++, o = tiling_orient_turn_over(t, o))
			seen |= 1 << t->orient[o].face;
		faces &= seen == (1 << n) - 1 && o == t->orient_first[k];
	}
	for (int k = 0; k < t->n_placements; k++) {
		const struct tiling_placement *pl = &t->pl[k];
		placements &= tiling_placement_at(t, pl->orient, pl->row, pl->col) == k;
	}
	ok(turns, "%s: four quarter turns come back; a turn keeps the face", def->title);
	ok(faces, "%s: turning over a piece on pegs goes through every face and back", def->title);
	ok(mirrors, "%s: bad_flip_white: turning over a flat piece gives its mirror image, the other face if it "
	   "has two, and back", def->title);
	ok(placements, "%s: every placement found from its orientation and place", def->title);
	ok(tiling_placement_at(t, 0, t->rows, 0) == -1, "%s: off the board is no placement", def->title);
	tiling_free(t);
}

static void test_positions(void)
{
	struct tiling *t = tiling_new(&tiling_kanoodle);
	struct tiling_pos pos;
	const char *rows[5] = { "YYS....LL..", "YSSS...LL..", "YYS........", "...........", "PPPP......." };
	int bad;
	char why[200];
	ok(tiling_pos_parse(&pos, t, rows, 5, &bad, why, sizeof why), "a drawn position parses");
	struct xc_problem *p = tiling_reduce(&pos, TILING_CELLS_FIRST);
	is_u64(p->n_items, 8 + 55 - 18, "its problem: 8 pieces and 37 cells");
	is_str(p->name[0], "r4c1", "cells first, down the columns: the first empty cell");
	is_str(p->name[1], "r4c2", "then the next one, down the next column");
	bool fits = true;
	for (int k = 0; k < p->n_options; k++)
		fits &= tiling_pos_fits(&pos, p->opt_tag[k]);
	ok(fits, "every option is a placement that fits");
	xc_free(p);
	int green = tiling_piece_by_letter(t, 'G');
	ok(green >= 0 && pos.placed[green] < 0, "G is not placed");
	int yellow = tiling_piece_by_letter(t, 'Y');
	ok(pos.fixed[yellow], "pieces of the drawing are fixed");
	tiling_pos_remove(&pos, yellow);
	ok(pos.placed[yellow] < 0 && pos.cell[0] == TILING_EMPTY, "a piece taken off leaves its cells empty");
	char buf[200];
	tiling_pos_draw(&pos, buf, sizeof buf);
	is_str(buf, "..S....LL..\n.SSS...LL..\n..S........\n...........\nPPPP.......\n", "drawn back");
	tiling_free(t);
}

int main(void)
{
	static const int kanoodle[12] = { 8, 4, 2, 4, 8, 8, 8, 1, 4, 8, 4, 1 };
	static const int iqfit[10] = { 12, 16, 12, 12, 16, 8, 16, 16, 16, 12 };
	test_counts(&tiling_kanoodle, kanoodle, 1789, 67);
	test_counts(&tiling_iqfit, iqfit, 3440, 60);
	test_positions();
	return tap_done();
}
