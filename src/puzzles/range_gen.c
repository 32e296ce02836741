/* Range's generator: a random shading that keeps the rules, every
 * unshaded cell numbered, then numbers taken away in a random order as
 * long as the rules of its grade (grades 1 to 3; any grade: up to 2, the
 * fastest, which makes puzzles of grades 1 and 2) still solve it; for grade 4, then on while it keeps one solution.  A
 * puzzle is kept if the grade it ends at is the one asked for. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles/range_id.h"
#include "puzzles/range_puzzle.h"
#include "solver/range/range_search.h"
#include "util/rng.h"
#include "util/xalloc.h"

/* Tries at a grade before giving up: grades come at rates from about one
 * in two (1, 2) to one in twenty (4) on the default sizes. */
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

/* Is the puzzle of these numbers still one of the grade (0: any)?  g is
 * the scratch grid it is checked on. */
static bool still_good(struct range_grid *g, const int *clues, int grade, const atomic_int *cancel, bool *cancelled)
{
	bool good;
	range_grid_reset(g, clues);
	if (grade <= 3) {
		uint64_t steps;
		good = range_teach_logic_grade(g, &steps) <= (grade ? grade : 2);
	} else {
		uint64_t count;
		*cancelled = !range_search_count(g, 2, cancel, &count, NULL);
		good = count == 1;
	}
	return good;
}

/* Numbers taken away while the puzzle stays good; false if cancelled. */
static bool thin_out(int w, int h, int *clues, int grade, struct rng *r, const atomic_int *cancel)
{
	int n = w * h, *order = xmalloc((size_t)n * sizeof *order), m = 0;
	bool cancelled = false;
	struct range_grid *g = range_grid_new(w, h, NULL);
	for (int k = 0; k < n; k++)
		if (clues[k])
			order[m++] = k;
	shuffle(order, m, r);
	for (int i = 0; i < m && !cancelled; i++) {
		int k = order[i], v = clues[k];
		clues[k] = 0;
		if (!still_good(g, clues, grade, cancel, &cancelled))
			clues[k] = v;
	}
	range_grid_free(g);
	free(order);
	return !cancelled;
}

/* "WxH" or "size=WxH" in params, else the grade's own size. */
static bool size_of(const char *params, int grade, int *w, int *h, struct diag *err)
{
	static const int side[] = { 9, 7, 9, 11, 13 };
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
	bool made = false;
	for (int t = 0; t < GEN_TRIES && !made; t++) {
		random_shading(w, h, &r, shaded);
		all_numbers(w, h, shaded, clues);
		/* Grade 4 thins out by the rules first (cheap), then by search. */
		if (!thin_out(w, h, clues, grade == 4 ? 3 : grade, &r, cancel) ||
		    (grade == 4 && !thin_out(w, h, clues, 4, &r, cancel)))
			break;
		struct range_grid *g = range_grid_new(w, h, clues);
		uint64_t steps;
		made = grade == 0 || range_teach_logic_grade(g, &steps) == grade;
		range_grid_free(g);
	}
	if (made)
		range_id_format(w, h, clues, desc);
	else
		diag_set(err, "no %dx%d puzzle of grade %d in %d tries", w, h, grade, GEN_TRIES);
	free(clues);
	free(shaded);
	return made;
}
