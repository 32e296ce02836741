/* The plain Dancing Links (dlx1.c) as the reference of the tuned engines.
 *
 * First the reference itself: on the problems of tests/cli/data/dlx1 it
 * must give the solutions, nodes, updates and search mems that Knuth's
 * DLX1 printed for the same files (figures.txt says how they were
 * obtained).  Then the tuned engines beside it, on those files and on
 * problems the tests build (Langford pairs, queens, pentominoes and other
 * polyominoes, Sudoku, random problems with secondary items): the same
 * solutions, nodes, nodes per level, updates and mems.
 *
 * They search the same tree only as DLX1 does: by the MRV rule (DLX_MRV;
 * DLX_FIRST branches elsewhere), with no memo cache (dlx_set_memo answers
 * whole subtrees without entering them) and no split (dlx_set_split
 * passes other threads' units by), on one thread.  Then dlx.c's two ways
 * of working (dlx_set_ways) change the links it makes, never the figures,
 * and bitx.c, which makes no links at all, reports DLX1's figures too. */
#include "config.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "problems.h"
#include "puzzles/xcfile.h"
#include "solver/xc/bitx.h"
#include "solver/xc/dlx.h"
#include "solver/xc/dlx1.h"
#include "tap.h"

static const char *const PENTOMINOES[12] = {
	"#####", "##/##/#.", "#./#./#./##", "##./.##/.#.", "##/#./##", "###/.#./.#.",
	"#../#../###", "#../##./.##", ".#./###/.#.", ".#/.#/##/#.", "..#./####", "##./.#./.##",
};
static const char *const TROMINOES[2] = { "###", "#./##" };

static bool same_figures(const struct search_stats *got, const struct search_stats *want)
{
	bool same = got->solutions == want->solutions && got->nodes == want->nodes &&
	            got->updates == want->updates && got->mems == want->mems && got->max_level == want->max_level;
	for (int l = 0; l < want->depth && l < got->depth && same; l++)
		same = got->profile[l] == want->profile[l];
	return same;
}

static void say_figures(const char *who, const struct search_stats *st)
{
	tap_diag("%s: %" PRIu64 " solutions, %" PRIu64 " nodes, %" PRIu64 " updates, %" PRIu64 " mems", who,
	         (uint64_t)st->solutions, st->nodes, st->updates, st->mems);
}

/* The links by MRV, to the end, in the given ways, in st. */
static void run_links(const struct xc_problem *p, bool track_empty, bool skip_own, struct search_stats *st)
{
	struct dlx *d = dlx_new(p, DLX_MRV);
	dlx_set_ways(d, track_empty, skip_own);
	struct engine_ctl ctl = { 0 };
	dlx_run(d, &ctl);
	stats_init(st, dlx_depth(d));
	stats_copy(st, dlx_stats(d));
	dlx_free(d);
}

/* dlx.c in each of its ways, and bitx.c where it applies, against the
 * reference on p. */
static void check_engines(const struct xc_problem *p, const char *what)
{
	struct search_stats want, got;
	dlx1_count(p, &want);
	bool same = true;
	for (int way = 0; way < 4; way++) {
		run_links(p, way & 1, way & 2, &got);
		if (!same_figures(&got, &want)) {
			same = false;
			say_figures("dlx.c", &got);
		}
		stats_free(&got);
	}
	ok(same, "%s: dlx.c (MRV, no memo, no split), in its four ways, as the reference", what);
	if (bitx_suits(p)) {
		struct bitx *b = bitx_new(p, DLX_MRV);
		struct engine_ctl ctl = { 0 };
		bitx_run(b, &ctl);
		ok(same_figures(bitx_stats(b), &want), "%s: bitx.c (MRV) as the reference", what);
		if (!same_figures(bitx_stats(b), &want))
			say_figures("bitx.c", bitx_stats(b));
		bitx_free(b);
	}
	if (!same)
		say_figures("dlx1.c", &want);
	stats_free(&want);
}

static struct xc_problem *read_problem(const char *dir, const char *file)
{
	char path[1024];
	int len = snprintf(path, sizeof path, "%s/%s", dir, file);
	FILE *f = len < (int)sizeof path ? fopen(path, "r") : NULL;
	struct diag err;
	struct xc_problem *p = f ? xcfile_read(f, file, &err) : NULL;
	if (f)
		fclose(f);
	return p;
}

/* The search mems DLX1 printed for file: M in the comment line
 * "#   FILE: Altogether ... N+M mems, ...", or 0. */
static uint64_t knuth_mems(FILE *figures, const char *file)
{
	char line[512], want[300];
	snprintf(want, sizeof want, "#   %s: Altogether", file);
	rewind(figures);
	while (fgets(line, sizeof line, figures)) {
		char *plus = strchr(line, '+');
		if (strncmp(line, want, strlen(want)) == 0 && plus)
			return strtoull(plus + 1, NULL, 10);
	}
	return 0;
}

static void test_knuths_figures(void)
{
	const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : ".";
	char dir[900], path[1024], line[512];
	snprintf(dir, sizeof dir, "%s/tests/cli/data/dlx1", top);
	snprintf(path, sizeof path, "%s/figures.txt", dir);
	FILE *figures = fopen(path, "r");
	ok(figures != NULL, "figures.txt opens");
	if (!figures)
		return;
	int files = 0;
	long at = 0;
	while (fseek(figures, at, SEEK_SET) == 0 && fgets(line, sizeof line, figures)) {
		at = ftell(figures);
		char file[256];
		uint64_t sols, nodes, updates;
		if (line[0] == '#' || sscanf(line, "%255s %" SCNu64 " %" SCNu64 " %" SCNu64, file, &sols, &nodes, &updates) != 4)
			continue;
		files++;
		struct xc_problem *p = read_problem(dir, file);
		ok(p != NULL, "%s reads", file);
		if (!p)
			continue;
		struct search_stats st;
		dlx1_count(p, &st);
		uint64_t mems = knuth_mems(figures, file);
		ok(st.solutions == sols && st.nodes == nodes && st.updates == updates && st.mems == mems,
		   "%s: the reference counts as DLX1: %" PRIu64 " solutions, %" PRIu64 " nodes, %" PRIu64
		   " updates, %" PRIu64 " mems", file, sols, nodes, updates, mems);
		if (!(st.solutions == sols && st.nodes == nodes && st.updates == updates && st.mems == mems))
			say_figures("dlx1.c", &st);
		stats_free(&st);
		check_engines(p, file);
		xc_free(p);
	}
	fclose(figures);
	is_u64(files, 6, "six files of figures.txt read");
}

static void test_built_problems(void)
{
	char what[80];
	for (int n = 2; n <= 9; n++) {
		struct xc_problem *p = make_langford(n);
		snprintf(what, sizeof what, "Langford pairs of %d", n);
		check_engines(p, what);
		xc_free(p);
	}
	for (int n = 1; n <= 9; n++) {
		struct xc_problem *p = make_queens(n);
		snprintf(what, sizeof what, "%d queens (diagonals secondary)", n);
		check_engines(p, what);
		xc_free(p);
	}
	struct xc_problem *p = make_packing(3, 20, PENTOMINOES, 12);
	check_engines(p, "pentominoes 3x20, each once");
	xc_free(p);
	p = make_packing(5, 6, PENTOMINOES, 6);
	check_engines(p, "six pentominoes on 5x6, each once");
	xc_free(p);
	p = make_tiling(6, 6, TROMINOES, 2);
	check_engines(p, "trominoes 6x6, any number");
	xc_free(p);
	p = make_sudoku(2, 2, NULL);
	check_engines(p, "4x4 Sudoku, empty");
	xc_free(p);
	p = make_sudoku(3, 3, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
	check_engines(p, "a 9x9 Sudoku");
	xc_free(p);
}

/* Random problems with solutions planted and secondary items. */
static void test_random_problems(void)
{
	uint64_t seed = 21;
	int links_same = 0, bitsets_same = 0, problems = 40;
	for (int k = 0; k < problems; k++) {
		int np = 6 + k % 14, n = np + 1 + k % 9;
		struct xc_problem *p = make_planted(&seed, n, np, 10 + 3 * k);
		struct search_stats want, got;
		dlx1_count(p, &want);
		run_links(p, k & 1, k & 2, &got);
		links_same += same_figures(&got, &want);
		struct bitx *b = bitx_new(p, DLX_MRV);
		struct engine_ctl ctl = { 0 };
		bitx_run(b, &ctl);
		bitsets_same += same_figures(bitx_stats(b), &want);
		bitx_free(b);
		stats_free(&want);
		stats_free(&got);
		xc_free(p);
	}
	is_u64(links_same, problems, "%d random problems with secondary items: dlx.c as the reference", problems);
	is_u64(bitsets_same, problems, "and bitx.c");
}

static void test_no_primary_item(void)
{
	struct xc_problem *p = xc_new();
	xc_add_item(p, "s", false);
	struct search_stats st;
	dlx1_count(p, &st);
	ok(st.solutions == 1 && st.nodes == 1, "no primary item: one solution, the root, one node");
	stats_free(&st);
	check_engines(p, "no primary item");
	xc_free(p);
}

int main(void)
{
	test_knuths_figures();
	test_built_problems();
	test_random_problems();
	test_no_primary_item();
	return tap_done();
}
