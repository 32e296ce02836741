#include "config.h"

#include "puzzles/tiling_gen.h"

#include <stdlib.h>
#include <string.h>

#include "solver/xc/count.h"
#include "solver/xc/dlx.h"
#include "util/rng.h"
#include "util/xalloc.h"

/* Efforts (search nodes) at which grades 1 to 4 begin.  Below grade 1 a
 * position is too plain to offer (one or two pieces missing).  Measured on
 * the removal paths of random solutions: Kanoodle keeps a unique way to
 * finish to 8-10 pieces missing (20 to 1700 nodes), IQ Fit to 4-7 (up
 * to some 400 nodes). */
static const uint64_t grade_start[TILING_GRADES + 1] = { 0, 8, 25, 80, 250 };

/* Random solutions tried before giving up. */
#define ATTEMPTS 200

int tiling_grade(uint64_t effort)
{
	int g = 0;
	while (g < TILING_GRADES && effort >= grade_start[g + 1])
		g++;
	return g;
}

uint64_t tiling_effort(const struct tiling_pos *pos)
{
	struct xc_problem *p = tiling_reduce(pos, TILING_PIECES_FIRST);
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { 0 };
	dlx_run(d, &ctl);
	uint64_t nodes = dlx_stats(d)->nodes;
	dlx_free(d);
	xc_free(p);
	return nodes;
}

uint64_t tiling_completions(const struct tiling_pos *pos, uint64_t limit)
{
	struct xc_problem *p = tiling_reduce(pos, TILING_CELLS_FIRST);
	uint64_t n = count_solutions(p, DLX_FIRST, limit, NULL);
	xc_free(p);
	return n;
}

static void shuffle(int *a, int n, struct rng *rng)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(rng, (uint64_t)i + 1), t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* A random way to fill the empty board: the search with its options in a
 * random order. */
static bool random_solution(const struct tiling *t, struct rng *rng, struct tiling_pos *out)
{
	struct tiling_pos empty;
	tiling_pos_init(&empty, t);
	struct xc_problem *all = tiling_reduce(&empty, TILING_PIECES_FIRST);
	int *order = xmalloc(sizeof *order * (size_t)all->n_options);
	for (int k = 0; k < all->n_options; k++)
		order[k] = k;
	shuffle(order, all->n_options, rng);
	struct xc_problem *p = xc_new();
	for (int i = 0; i < all->n_items; i++)
		xc_add_item(p, all->name[i], true);
	for (int k = 0; k < all->n_options; k++)
		xc_add_option(p, xc_option_items(all, order[k]), xc_option_size(all, order[k]), all->opt_tag[order[k]], NULL);
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { .report_solutions = true };
	bool found = dlx_run(d, &ctl) == ENGINE_SOLUTION;
	if (found) {
		int path[TILING_MAX_PIECES * 2], n = dlx_path(d, path);
		*out = empty;
		for (int i = 0; i < n; i++)
			tiling_pos_place(out, p->opt_tag[path[i]]);
	}
	dlx_free(d);
	xc_free(p);
	xc_free(all);
	free(order);
	return found;
}

bool tiling_generate(const struct tiling *t, int grade, uint64_t seed, struct tiling_pos *out, uint64_t *effort,
                     const atomic_int *cancel)
{
	struct rng rng;
	rng_seed(&rng, seed * 4 + (uint64_t)grade);
	for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
		if (cancel && atomic_load(cancel))
			return false;
		struct tiling_pos pos;
		if (!random_solution(t, &rng, &pos))
			continue;
		/* Take pieces off, in a random order, while the way to finish
		 * stays unique: the efforts grow as they go; stop in the grade. */
		int order[TILING_MAX_PIECES];
		for (int p = 0; p < t->n_pieces; p++)
			order[p] = p;
		shuffle(order, t->n_pieces, &rng);
		for (int i = 0; i < t->n_pieces; i++) {
			struct tiling_pos next = pos;
			tiling_pos_remove(&next, order[i]);
			if (tiling_completions(&next, 2) != 1)
				continue;
			pos = next;
			uint64_t e = tiling_effort(&pos);
			int g = tiling_grade(e);
			if (g == grade) {
				*out = pos;
				for (int p = 0; p < t->n_pieces; p++)
					out->fixed[p] = out->placed[p] >= 0;
				*effort = e;
				return true;
			}
			if (g > grade)
				break;
		}
	}
	return false;
}
