/* Range's generator: a random shading that keeps the rules, every
 * unshaded cell numbered, then numbers taken away in a random order as
 * long as the rules of its grade (grades 1 to 3; any grade: up to 2, the
 * fastest, which makes puzzles of grades 1 and 2) still solve it; for
 * grade 4, then on while it keeps one solution.  A puzzle is kept if the
 * grade it ends at is the one asked for.
 *
 * The shading is the puzzle's one solution all along, which makes most
 * checks cheap: a number the puzzle cannot lose usually leaves a second
 * solution close to the first, found by a search of a few cells.  The
 * shortcuts only ever answer as the full check would, so a seed makes the
 * same puzzle with them as without. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/range_id.h"
#include "puzzles/range_puzzle.h"
#include "solver/range/range_search.h"
#include "util/rng.h"
#include "util/xalloc.h"

/* Tries at a grade before giving up: on the default sizes a grade takes
 * 1 to 1.7 tries on average (grade 2 the most), but smaller grids reach
 * grade 4 seldom (9x9: one try in fifteen). */
#define GEN_TRIES 200

static void shuffle(int *a, int n, struct rng *r)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint64_t)i + 1), t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* A shading of w x h that keeps the rules, about a fifth of the cells
 * (Tatham's puzzles shade about that many), into shaded[]. */
static void random_shading(int w, int h, struct rng *r, unsigned char *shaded)
{
	struct range_grid *g = range_grid_new(w, h, NULL);
	int n = w * h, *order = xmalloc((size_t)n * sizeof *order), count = 0;
	for (int k = 0; k < n; k++)
		order[k] = k;
	shuffle(order, n, r);
	for (int i = 0; i < n && count < n / 5; i++) {
		int k = order[i], mark = g->trail_len;
		if (g->cell[k] != RANGE_UNKNOWN)
			continue;
		if (range_grid_set(g, k, RANGE_BLACK) && range_grid_connected(g))
			count++;
		else
			range_grid_undo_to(g, mark);
	}
	for (int k = 0; k < n; k++)
		shaded[k] = g->cell[k] == RANGE_BLACK;
	free(order);
	range_grid_free(g);
}

/* Every unshaded cell's number. */
static void all_numbers(int w, int h, const unsigned char *shaded, int *clues)
{
	static const int dr[] = { -1, 0, 1, 0 }, dc[] = { 0, 1, 0, -1 };
	for (int k = 0; k < w * h; k++) {
		clues[k] = 0;
		if (shaded[k])
			continue;
		clues[k] = 1;
		for (int dir = 0; dir < 4; dir++)
			for (int r = k / w + dr[dir], c = k % w + dc[dir]; r >= 0 && r < h && c >= 0 && c < w && !shaded[r * w + c];
			     r += dr[dir], c += dc[dir])
				clues[k]++;
	}
}

/* One shading being thinned out: its numbers as they stand, the shading
 * itself (their one solution as long as they keep one), and the grid
 * every check is made on. */
struct thinning {
	int w, h, n;
	int *clues;
	const unsigned char *shaded;
	struct range_grid *g;
	const atomic_int *cancel;
	bool cancelled;
};

/* Solutions from the grid as it stands, up to limit.  By the views
 * engine, which branches on a number's splits: twenty 15x15 puzzles of
 * grade 4 took 0.41 s each with the cells engine, 0.17 s with this. */
static uint64_t solutions_up_to(struct thinning *t, uint64_t limit)
{
	struct engine *e = range_search_new(t->g, RANGE_BRANCH_VIEWS);
	struct engine_ctl ctl = { .max_solutions = limit, .cancel = t->cancel };
	t->cancelled |= engine_run(e, &ctl) == ENGINE_CANCELLED;
	uint64_t count = (uint64_t)engine_stats(e)->solutions;
	engine_free(e);
	return count;
}

/* Half-sides of the squares around a number taken away in which a second
 * solution is looked for first.  On twenty 15x15 puzzles of grade 4, of
 * the 708 numbers the search found needed, 467 left a second solution
 * within 2 cells of them, 111 more within 4 and 60 within 7, each found
 * in tens of microseconds; the other 70 took the full search, tens of
 * milliseconds each. */
static const int near_radii[] = { 2, 4, 7 };

/* Without the number at k, has the puzzle a solution other than the
 * shading that differs from it only near k (the cells further away fixed
 * as the shading has them)?  Such a solution is one of the whole puzzle
 * too, so true proves the number needed; false proves nothing. */
static bool second_solution_near(struct thinning *t, int k)
{
	for (size_t i = 0; i < sizeof near_radii / sizeof *near_radii && !t->cancelled; i++) {
		range_grid_reset(t->g, t->clues);
		int fixed = 0;
		bool ok = true;
		for (int c = 0; c < t->n && ok; c++)
			if (abs(c / t->w - k / t->w) > near_radii[i] || abs(c % t->w - k % t->w) > near_radii[i]) {
				ok = range_grid_set(t->g, c, t->shaded[c] ? RANGE_BLACK : RANGE_WHITE);
				fixed++;
			}
		/* A square over the whole grid is the full check: left to it. */
		if (fixed == 0)
			break;
		if (ok && solutions_up_to(t, 2) > 1)
			return true;
	}
	return false;
}

/* Is the puzzle still one of the grade (0: any) with the number at k
 * taken away? */
static bool still_good(struct thinning *t, int k, int grade)
{
	if (grade >= 3) {
		/* The first rules are cheap, and finish most puzzles while many
		 * numbers are left: such a puzzle is of grade 2 at most. */
		range_grid_reset(t->g, t->clues);
		if (range_grid_propagate(t->g, RANGE_RULE_CONNECT) && t->g->unknown == 0)
			return true;
		/* The rules finish only a puzzle of one solution, so a second
		 * solution found nearby answers for trials and search alike, at a
		 * fraction of their cost.  (Grades 1 and 2 are answered by the
		 * first rules alone, cheaper still.) */
		if (second_solution_near(t, k))
			return false;
	}
	range_grid_reset(t->g, t->clues);
	uint64_t steps;
	int logic = range_teach_logic_grade(t->g, &steps);
	if (grade <= 3)
		return logic <= (grade ? grade : 2);
	/* The search goes on from where the rules and trials stop (what they
	 * set holds in every solution), and its trees from there are smaller.
	 * At 13x13 and below that saves less than the trials cost (a tenth
	 * more time in all), but at 15x15 it takes a seventh off and halves
	 * the slowest of 100 seeds, and at 20x20 it takes off 40%. */
	return solutions_up_to(t, 2) == 1;
}

/* Numbers taken away in a random order while the puzzle stays good;
 * false if cancelled. */
static bool thin_out(struct thinning *t, int grade, struct rng *r)
{
	int *order = xmalloc((size_t)t->n * sizeof *order), m = 0;
	for (int k = 0; k < t->n; k++)
		if (t->clues[k])
			order[m++] = k;
	shuffle(order, m, r);
	for (int i = 0; i < m && !t->cancelled; i++) {
		int k = order[i], v = t->clues[k];
		t->clues[k] = 0;
		if (!still_good(t, k, grade))
			t->clues[k] = v;
	}
	free(order);
	return !t->cancelled;
}

/* "WxH" or "size=WxH" in params, else the grade's own size. */
static bool size_of(const char *params, int grade, int *w, int *h, struct diag *err)
{
	static const int side[] = { 9, 7, 9, 11, 15 };
	*w = *h = side[grade];
	const char *p = params ? strstr(params, "size=") : NULL;
	p = p ? p + 5 : params;
	if (!p || !*p || (params && strstr(params, "size=") == NULL && strchr(params, '=')))
		return true;
	char tail;
	if (sscanf(p, "%dx%d%c", w, h, &tail) < 2 || *w < 2 || *h < 2 || *w > RANGE_MAX_SIDE || *h > RANGE_MAX_SIDE) {
		diag_set(err, "'%s': a size is WxH, 2 to %d a side", params, RANGE_MAX_SIDE);
		return false;
	}
	return true;
}

bool range_gen_generate(const struct puzzle *pz, const char *params, int grade, uint64_t seed, struct strbuf *desc,
                        const atomic_int *cancel, struct diag *err)
{
	(void)pz;
	int w, h;
	if (grade < 0 || grade > 4) {
		diag_set(err, "grade %d: grades are 1 to 4 (0: any)", grade);
		return false;
	}
	if (!size_of(params, grade, &w, &h, err))
		return false;
	struct rng r;
	rng_seed(&r, seed);
	int n = w * h, *clues = xmalloc((size_t)n * sizeof *clues);
	unsigned char *shaded = xmalloc((size_t)n);
	struct thinning t = { w, h, n, clues, shaded, range_grid_new(w, h, NULL), cancel, false };
	bool made = false;
	for (int try = 0; try < GEN_TRIES && !made; try++) {
		random_shading(w, h, &r, shaded);
		all_numbers(w, h, shaded, clues);
		/* Grade 4 thins out by the rules first (cheap), then by search. */
		if (!thin_out(&t, grade == 4 ? 3 : grade, &r) || (grade == 4 && !thin_out(&t, 4, &r)))
			break;
		struct range_grid *g = range_grid_new(w, h, clues);
		uint64_t steps;
		made = grade == 0 || range_teach_logic_grade(g, &steps) == grade;
		range_grid_free(g);
	}
	range_grid_free(t.g);
	if (made)
		range_id_format(w, h, clues, desc);
	else
		diag_set(err, "no %dx%d puzzle of grade %d in %d tries", w, h, grade, GEN_TRIES);
	free(clues);
	free(shaded);
	return made;
}
