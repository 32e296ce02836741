#include "config.h"

#include "problems.h"

#include "solver/xc/dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct xc_problem *make_queens(int n)
{
	struct xc_problem *p = xc_new();
	char name[32];
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "r%d", i);
		xc_add_item(p, name, true);
		snprintf(name, sizeof name, "c%d", i);
		xc_add_item(p, name, true);
	}
	for (int i = 0; i < 2 * n - 1; i++) {
		snprintf(name, sizeof name, "a%d", i);
		xc_add_item(p, name, false);
		snprintf(name, sizeof name, "b%d", i);
		xc_add_item(p, name, false);
	}
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int it[4] = { 2 * r, 2 * c + 1, 2 * n + 2 * (r + c), 2 * n + 2 * (r - c + n - 1) + 1 };
			xc_add_option(p, it, 4, r * n + c, NULL);
		}
	return p;
}

#define MAXC 64

struct shape {
	int n;
	int r[MAXC], c[MAXC];
};

static void parse_shape(const char *s, struct shape *sh)
{
	int r = 0, c = 0;
	sh->n = 0;
	for (; *s; s++) {
		if (*s == '/') {
			r++, c = 0;
			continue;
		}
		if (*s == '#')
			sh->r[sh->n] = r, sh->c[sh->n] = c, sh->n++;
		c++;
	}
}

/* Normalize: translate to the origin, sort cells. */
static void normalize(struct shape *sh)
{
	int mr = 1 << 30, mc = 1 << 30;
	for (int i = 0; i < sh->n; i++) {
		if (sh->r[i] < mr)
			mr = sh->r[i];
		if (sh->c[i] < mc)
			mc = sh->c[i];
	}
	for (int i = 0; i < sh->n; i++)
		sh->r[i] -= mr, sh->c[i] -= mc;
	for (int i = 1; i < sh->n; i++)
		for (int j = i; j > 0 && (sh->r[j] < sh->r[j - 1] ||
		                          (sh->r[j] == sh->r[j - 1] && sh->c[j] < sh->c[j - 1]));
		     j--) {
			int t = sh->r[j];
			sh->r[j] = sh->r[j - 1], sh->r[j - 1] = t;
			t = sh->c[j];
			sh->c[j] = sh->c[j - 1], sh->c[j - 1] = t;
		}
}

static bool same(const struct shape *a, const struct shape *b)
{
	return a->n == b->n && !memcmp(a->r, b->r, sizeof(int) * (size_t)a->n) &&
	       !memcmp(a->c, b->c, sizeof(int) * (size_t)a->n);
}

/* The distinct orientations of a shape (at most 8). */
static int orientations(const struct shape *base, struct shape out[8])
{
	int n = 0;
	for (int k = 0; k < 8; k++) {
		struct shape t = { .n = base->n };
		for (int i = 0; i < base->n; i++) {
			int r = base->r[i], c = base->c[i];
			for (int q = 0; q < k % 4; q++) {
				int tmp = r;
				r = c, c = -tmp;
			}
			if (k >= 4)
				c = -c;
			t.r[i] = r, t.c[i] = c;
		}
		normalize(&t);
		bool dup = false;
		for (int j = 0; j < n; j++)
			dup |= same(&t, &out[j]);
		if (!dup)
			out[n++] = t;
	}
	return n;
}

static struct xc_problem *tiling(int h, int w, const char *const *shapes, int n_shapes, bool once)
{
	struct xc_problem *p = xc_new();
	char name[32];
	if (once)
		for (int s = 0; s < n_shapes; s++) {
			snprintf(name, sizeof name, "p%d", s);
			xc_add_item(p, name, true);
		}
	int base = p->n_items;
	for (int r = 0; r < h; r++)
		for (int c = 0; c < w; c++) {
			snprintf(name, sizeof name, "%d-%d", r, c);
			xc_add_item(p, name, true);
		}
	int tag = 0;
	for (int s = 0; s < n_shapes; s++) {
		struct shape sh, ori[8];
		parse_shape(shapes[s], &sh);
		normalize(&sh);
		int no = orientations(&sh, ori);
		for (int o = 0; o < no; o++)
			for (int r = 0; r < h; r++)
				for (int c = 0; c < w; c++) {
					int it[MAXC + 1], k = 0;
					bool fits = true;
					if (once)
						it[k++] = s;
					for (int i = 0; i < ori[o].n && fits; i++) {
						int rr = r + ori[o].r[i], cc = c + ori[o].c[i];
						fits = rr < h && cc < w;
						it[k++] = base + rr * w + cc;
					}
					if (fits)
						xc_add_option(p, it, k, tag++, NULL);
				}
	}
	return p;
}

struct xc_problem *make_tiling(int h, int w, const char *const *shapes, int n_shapes)
{
	return tiling(h, w, shapes, n_shapes, false);
}

struct xc_problem *make_packing(int h, int w, const char *const *shapes, int n_shapes)
{
	return tiling(h, w, shapes, n_shapes, true);
}

struct xc_problem *make_sudoku(int bh, int bw, const char *clues)
{
	int n = bh * bw;
	struct xc_problem *p = xc_new();
	char name[32];
	const char *kinds = "prcb"; /* cell filled; row, column, box has digit */
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < n; i++)
			for (int j = 0; j < n; j++) {
				snprintf(name, sizeof name, "%c%d.%d", kinds[k], i, j);
				xc_add_item(p, name, true);
			}
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int given = 0;
			if (clues) {
				char ch = clues[r * n + c];
				given = ch >= '1' && ch <= '9' ? ch - '0' : 0;
			}
			for (int d = 1; d <= n; d++) {
				if (given && d != given)
					continue;
				int b = (r / bh) * bh + c / bw;
				int it[4] = { r * n + c, n * n + r * n + (d - 1), 2 * n * n + c * n + (d - 1),
				              3 * n * n + b * n + (d - 1) };
				xc_add_option(p, it, 4, (r * n + c) * n + d - 1, NULL);
			}
		}
	return p;
}

struct xc_problem *make_langford(int n)
{
	struct xc_problem *p = xc_new();
	char name[32];
	for (int k = 1; k <= n; k++) {
		snprintf(name, sizeof name, "v%d", k);
		xc_add_item(p, name, true);
	}
	for (int i = 0; i < 2 * n; i++) {
		snprintf(name, sizeof name, "s%d", i);
		xc_add_item(p, name, true);
	}
	for (int k = 1; k <= n; k++)
		for (int i = 0; i + k + 1 < 2 * n; i++) {
			int it[3] = { k - 1, n + i, n + i + k + 1 };
			xc_add_option(p, it, 3, k * 100 + i, NULL);
		}
	return p;
}

static uint64_t next_random(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005u + 1442695040888963407u;
	return *seed >> 33;
}

/* A problem with solutions planted in it: the primary items cut into
 * random blocks, each block an option, twice over with different cuts;
 * then random options of up to six items, some of them secondary. */
struct xc_problem *make_planted(uint64_t *seed, int n, int np, int extra)
{
	struct xc_problem *p = xc_new();
	char name[16];
	for (int i = 0; i < n; i++) {
		snprintf(name, sizeof name, "x%d", i);
		xc_add_item(p, name, i < np);
	}
	int items[8], tag = 0;
	for (int copy = 0; copy < 2; copy++) {
		for (int i = 0; i < np;) {
			int size = 1 + (int)(next_random(seed) % 4);
			int k = 0;
			while (k < size && i < np)
				items[k++] = i++;
			if (n > np && next_random(seed) % 3 == 0)
				items[k++] = np + (int)(next_random(seed) % (uint64_t)(n - np));
			xc_add_option(p, items, k, tag++, NULL);
		}
	}
	for (int e = 0; e < extra; e++) {
		int size = 1 + (int)(next_random(seed) % 6), k = 0;
		items[k++] = (int)(next_random(seed) % (uint64_t)np);
		while (k < size) {
			int it = (int)(next_random(seed) % (uint64_t)n);
			bool dup = false;
			for (int j = 0; j < k; j++)
				dup |= items[j] == it;
			if (dup)
				break;
			items[k++] = it;
		}
		xc_add_option(p, items, k, tag++, NULL);
	}
	return p;
}

/* n pairs of items, each pair covered together or one by one: 2^n
 * solutions, which only the cache makes countable. */
struct xc_problem *make_pairs(int n)
{
	struct xc_problem *p = xc_new();
	char name[16];
	for (int i = 0; i < 2 * n; i++) {
		snprintf(name, sizeof name, "p%d", i);
		xc_add_item(p, name, true);
	}
	for (int i = 0; i < n; i++) {
		int both[2] = { 2 * i, 2 * i + 1 };
		xc_add_option(p, both, 2, 3 * i, NULL);
		xc_add_option(p, both, 1, 3 * i + 1, NULL);
		xc_add_option(p, both + 1, 1, 3 * i + 2, NULL);
	}
	return p;
}

u128 problems_count_plain(const struct xc_problem *p)
{
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct engine_ctl ctl = { 0 };
	dlx_run(d, &ctl);
	u128 n = dlx_stats(d)->solutions;
	dlx_free(d);
	return n;
}
