#include "config.h"

#include "ui/graph_layout.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util/rng.h"
#include "util/xalloc.h"

/* Up to this many vertices a circle wins ties with a stress layout: a
 * small graph reads best as a ring. */
#define CIRCLE_PREFERRED 10
/* Up to this many vertices the circle's order tries swapping every pair
 * of places, beyond it only neighbouring places. */
#define CIRCLE_ALL_PAIRS 16
/* Pairs of chords looked at while trying swaps of places far apart, at
 * most: keeps dense small graphs within a millisecond or two. */
#define CIRCLE_WORK 2000000L
#define STRESS_STARTS 6
#define STRESS_ITERS 300
/* Moving single vertices afterwards: places tried (a square grid of
 * RELOCATE_GRID x RELOCATE_GRID), and pairs of edges looked at, at most. */
#define RELOCATE_GRID 9
#define RELOCATE_WORK 1000000L

static const double PI = 3.14159265358979323846;

struct edges {
	int m;
	int (*e)[2];
	int *first;  /* the edges at v: at[first[v] .. first[v + 1] - 1] */
	int *at;
};

static struct edges edges_of(const struct graph *g)
{
	int n = g->n;
	struct edges es = { 0, NULL, xcalloc((size_t)n + 1, sizeof(int)), NULL };
	size_t most = (size_t)n * (size_t)(n > 0 ? n - 1 : 0) / 2;
	es.e = xmalloc((most ? most : 1) * sizeof *es.e);
	for (int u = 0; u < n; u++)
		for (int v = u + 1; v < n; v++)
			if (graph_has_edge(g, u, v)) {
				es.e[es.m][0] = u;
				es.e[es.m][1] = v;
				es.m++;
				es.first[u + 1]++;
				es.first[v + 1]++;
			}
	for (int v = 0; v < n; v++)
		es.first[v + 1] += es.first[v];
	es.at = xmalloc(((size_t)es.m * 2 + 1) * sizeof *es.at);
	int *fill = xmalloc(((size_t)n + 1) * sizeof *fill);
	memcpy(fill, es.first, ((size_t)n + 1) * sizeof *fill);
	for (int i = 0; i < es.m; i++) {
		es.at[fill[es.e[i][0]]++] = i;
		es.at[fill[es.e[i][1]]++] = i;
	}
	free(fill);
	return es;
}

static void edges_free(struct edges *es)
{
	free(es->e);
	free(es->first);
	free(es->at);
}

/* ---- crossings ------------------------------------------------------------ */

/* Which side of the line a->b the point c is on (0 on it). */
static int side(double ax, double ay, double bx, double by, double cx, double cy)
{
	double cross = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
	return (cross > 0) - (cross < 0);
}

static bool between(double a, double b, double c)
{
	return (a <= c && c <= b) || (b <= c && c <= a);
}

/* Do segments ab and cd (four distinct ends) cross or touch? */
static bool segments_meet(const double *x, const double *y, int a, int b, int c, int d)
{
	int s1 = side(x[a], y[a], x[b], y[b], x[c], y[c]);
	int s2 = side(x[a], y[a], x[b], y[b], x[d], y[d]);
	int s3 = side(x[c], y[c], x[d], y[d], x[a], y[a]);
	int s4 = side(x[c], y[c], x[d], y[d], x[b], y[b]);
	if (s1 * s2 < 0 && s3 * s4 < 0)
		return true;
	/* An end lying on the other segment hides the drawing as much as a
	 * crossing does. */
	if (s1 == 0 && between(x[a], x[b], x[c]) && between(y[a], y[b], y[c]))
		return true;
	if (s2 == 0 && between(x[a], x[b], x[d]) && between(y[a], y[b], y[d]))
		return true;
	if (s3 == 0 && between(x[c], x[d], x[a]) && between(y[c], y[d], y[a]))
		return true;
	return s4 == 0 && between(x[c], x[d], x[b]) && between(y[c], y[d], y[b]);
}

static int crossings_of(const struct edges *es, const double *x, const double *y)
{
	int count = 0;
	for (int i = 0; i < es->m; i++)
		for (int j = i + 1; j < es->m; j++) {
			const int *e = es->e[i], *f = es->e[j];
			if (e[0] == f[0] || e[0] == f[1] || e[1] == f[0] || e[1] == f[1])
				continue;
			count += segments_meet(x, y, e[0], e[1], f[0], f[1]);
		}
	return count;
}

int graph_layout_crossings(const struct graph *g, const double *x, const double *y)
{
	struct edges es = edges_of(g);
	int count = crossings_of(&es, x, y);
	edges_free(&es);
	return count;
}

/* ---- the circle ----------------------------------------------------------- */

/* cos and sin of a fraction of a turn in [-1/2, 1/2], by their series:
 * libm's may round differently from one system to another. */
static void turn(double f, double *c, double *s)
{
	double t = 2 * PI * f, cs = 0, sn = 0, term = 1; /* term: t^k / k! */
	for (int k = 0; k < 40; k++) {
		switch (k % 4) {
		case 0: cs += term; break;
		case 1: sn += term; break;
		case 2: cs -= term; break;
		default: sn -= term; break;
		}
		term = term * t / (double)(k + 1);
	}
	*c = cs;
	*s = sn;
}

/* Chords between places on a circle cross exactly when their ends
 * interleave: no geometry needed. */
static bool chords_cross(const int *place, const int *e, const int *f)
{
	int a = place[e[0]], b = place[e[1]], c = place[f[0]], d = place[f[1]];
	if (a > b) {
		int t = a;
		a = b;
		b = t;
	}
	if (c > d) {
		int t = c;
		c = d;
		d = t;
	}
	return (a < c && c < b && b < d) || (c < a && a < d && d < b);
}

static int circle_crossings(const struct edges *es, const int *place)
{
	int count = 0;
	for (int i = 0; i < es->m; i++)
		for (int j = i + 1; j < es->m; j++)
			count += chords_cross(place, es->e[i], es->e[j]);
	return count;
}

/* Crossings of chords with an end at u or v (each pair once): all that
 * swapping u and v can change. */
static int crossings_at(const struct edges *es, const int *place, int u, int v, long *work)
{
	int count = 0;
	for (int i = 0; i < es->m; i++) {
		const int *e = es->e[i];
		bool at_i = e[0] == u || e[1] == u || e[0] == v || e[1] == v;
		if (!at_i)
			continue;
		for (int j = 0; j < es->m; j++) {
			const int *f = es->e[j];
			bool at_j = f[0] == u || f[1] == u || f[0] == v || f[1] == v;
			if (j == i || (at_j && j < i))
				continue;
			count += chords_cross(place, e, f);
		}
		*work += es->m;
	}
	return count;
}

/* Depth-first preorder, smaller neighbours first, every component in turn:
 * it puts a tree or a cycle on a circle without crossings, a good start
 * for the swaps. */
static void dfs_order(const struct graph *g, int m, int *at)
{
	int n = g->n, k = 0, top = 0;
	bool *seen = xcalloc((size_t)n, sizeof *seen);
	/* Every vertex is pushed once as a start and once per edge end. */
	int *stack = xmalloc(((size_t)n + 2 * (size_t)m) * sizeof *stack);
	for (int s = 0; s < n; s++) {
		stack[top++] = s;
		while (top) {
			int v = stack[--top];
			if (seen[v])
				continue;
			seen[v] = true;
			at[k++] = v;
			for (int u = n - 1; u >= 0; u--)
				if (!seen[u] && graph_has_edge(g, v, u))
					stack[top++] = u;
		}
	}
	free(stack);
	free(seen);
}

static void swap_places(int *place, int *at, int i, int j)
{
	int u = at[i], v = at[j];
	at[i] = v;
	at[j] = u;
	place[u] = j;
	place[v] = i;
}

/* Crossings between chords at u and chords at v: when u and v sit side by
 * side on the circle, swapping them changes no other pair. */
static int crossings_between(const struct edges *es, const int *place, int u, int v)
{
	int count = 0;
	for (int i = es->first[u]; i < es->first[u + 1]; i++) {
		const int *e = es->e[es->at[i]];
		if (e[0] == v || e[1] == v)
			continue;
		for (int j = es->first[v]; j < es->first[v + 1]; j++) {
			const int *f = es->e[es->at[j]];
			if (f[0] != u && f[1] != u)
				count += chords_cross(place, e, f);
		}
	}
	return count;
}

/* Swaps of two places kept while they take crossings away: any two places
 * on small circles, neighbours on large ones (cheap to weigh). */
static void circle_improve(const struct edges *es, int n, int *place, int *at)
{
	long work = 0;
	for (int pass = 0; pass < 8; pass++) {
		bool better = false;
		for (int i = 0; i < n; i++) {
			int j = (i + 1) % n;
			int before = crossings_between(es, place, at[i], at[j]);
			swap_places(place, at, i, j);
			if (crossings_between(es, place, at[j], at[i]) < before)
				better = true;
			else
				swap_places(place, at, i, j);
		}
		for (int i = 0; i < n && n <= CIRCLE_ALL_PAIRS; i++)
			for (int j = i + 2; j < n && work < CIRCLE_WORK; j++) {
				int before = crossings_at(es, place, at[i], at[j], &work);
				swap_places(place, at, i, j);
				if (crossings_at(es, place, at[i], at[j], &work) < before)
					better = true;
				else
					swap_places(place, at, i, j);
			}
		if (!better)
			return;
	}
}

/* The vertices on a circle in an order chosen to cross few chords;
 * returns the crossings. */
static int circle_layout(const struct graph *g, const struct edges *es, double *x, double *y)
{
	int n = g->n;
	int *at = xmalloc((size_t)n * sizeof *at), *place = xmalloc((size_t)n * sizeof *place);
	dfs_order(g, es->m, at);
	for (int i = 0; i < n; i++)
		place[at[i]] = i;
	circle_improve(es, n, place, at);
	for (int i = 0; i < n; i++) {
		/* Half a step off the top: two vertices side by side, four
		 * on a square with level sides. */
		double f = ((double)i + 0.5) / (double)n - 0.25, c, s;
		if (f > 0.5)
			f -= 1;
		turn(f, &c, &s);
		x[at[i]] = c;
		y[at[i]] = s;
	}
	int count = circle_crossings(es, place);
	free(place);
	free(at);
	return count;
}

/* ---- stress ------------------------------------------------------------------ */

/* Lengths of shortest paths; vertices in different components are put one
 * step further apart than the farthest connected pair, so that components
 * sit side by side. */
static void distances(const struct graph *g, int *d)
{
	int n = g->n, far = 1;
	int *queue = xmalloc((size_t)n * sizeof *queue);
	for (int s = 0; s < n; s++) {
		int *ds = d + (size_t)s * (size_t)n, head = 0, tail = 0;
		for (int v = 0; v < n; v++)
			ds[v] = -1;
		ds[s] = 0;
		queue[tail++] = s;
		while (head < tail) {
			int v = queue[head++];
			for (int u = 0; u < n; u++)
				if (ds[u] < 0 && graph_has_edge(g, v, u)) {
					ds[u] = ds[v] + 1;
					far = ds[u] > far ? ds[u] : far;
					queue[tail++] = u;
				}
		}
	}
	for (size_t i = 0; i < (size_t)n * (size_t)n; i++)
		if (d[i] < 0)
			d[i] = far + 1;
	free(queue);
}

/* Stress majorization, one vertex at a time (each moved to where the
 * majorizing function of its own terms is least, with the others held):
 * drawn distances approach graph distances d, the far ones loosely
 * (weights w = 1/d^2).  Stops once no vertex moves a thousandth of the
 * graph's diameter. */
static void stress_iterate(int n, const double *d, const double *w, double diameter, double *x, double *y)
{
	for (int it = 0; it < STRESS_ITERS; it++) {
		double moved = 0;
		for (int i = 0; i < n; i++) {
			const double *di = d + (size_t)i * (size_t)n, *wi = w + (size_t)i * (size_t)n;
			double sx = 0, sy = 0, sw = 0;
			for (int j = 0; j < n; j++) {
				if (j == i)
					continue;
				double dx = x[i] - x[j], dy = y[i] - y[j], len = sqrt(dx * dx + dy * dy);
				if (len < 1e-9) { /* on top of each other: part them along x */
					dx = i < j ? 1e-9 : -1e-9;
					dy = 0;
					len = 1e-9;
				}
				double pull = wi[j] * di[j] / len;
				sx += wi[j] * x[j] + pull * dx;
				sy += wi[j] * y[j] + pull * dy;
				sw += wi[j];
			}
			double nx = sx / sw, ny = sy / sw;
			moved = fmax(moved, fabs(nx - x[i]) + fabs(ny - y[i]));
			x[i] = nx;
			y[i] = ny;
		}
		if (moved < 1e-3 * diameter)
			break;
	}
}

/* ---- into the square --------------------------------------------------------- */

/* Turn a long layout so that it lies along x (terminals are wider than
 * tall), using the main axis of its spread; round ones are left as they
 * are, their axis being noise. */
static void align(int n, double *x, double *y)
{
	double mx = 0, my = 0, sxx = 0, sxy = 0, syy = 0;
	for (int i = 0; i < n; i++)
		mx += x[i], my += y[i];
	mx /= n;
	my /= n;
	for (int i = 0; i < n; i++) {
		double dx = x[i] - mx, dy = y[i] - my;
		sxx += dx * dx;
		sxy += dx * dy;
		syy += dy * dy;
	}
	double half = (sxx - syy) / 2, root = sqrt(half * half + sxy * sxy), big = (sxx + syy) / 2 + root;
	if (2 * root < 0.2 * (sxx + syy) || root == 0)
		return;
	double ux = sxy, uy = big - sxx;
	if (fabs(big - syy) + fabs(sxy) > fabs(ux) + fabs(uy))
		ux = big - syy, uy = sxy;
	double len = sqrt(ux * ux + uy * uy);
	ux /= len;
	uy /= len;
	for (int i = 0; i < n; i++) {
		double dx = x[i] - mx, dy = y[i] - my;
		x[i] = ux * dx + uy * dy;
		y[i] = -uy * dx + ux * dy;
	}
}

/* Into [0, 1]^2: each axis stretched to fill it, but one no more than
 * twice as much as the other, so that a nearly flat layout is not blown
 * up into a zigzag; the shorter side centred. */
static void normalise(int n, double *x, double *y)
{
	double x0 = x[0], x1 = x[0], y0 = y[0], y1 = y[0];
	for (int i = 1; i < n; i++) {
		x0 = fmin(x0, x[i]), x1 = fmax(x1, x[i]);
		y0 = fmin(y0, y[i]), y1 = fmax(y1, y[i]);
	}
	double ex = x1 - x0, ey = y1 - y0, e = fmax(ex, ey);
	if (e <= 0) {
		for (int i = 0; i < n; i++)
			x[i] = y[i] = 0.5;
		return;
	}
	double kx = ex > 0 ? fmin(1 / ex, 2 / e) : 0, ky = ey > 0 ? fmin(1 / ey, 2 / e) : 0;
	double ox = (1 - ex * kx) / 2, oy = (1 - ey * ky) / 2;
	for (int i = 0; i < n; i++) {
		x[i] = fmin(1, fmax(0, ox + (x[i] - x0) * kx));
		y[i] = fmin(1, fmax(0, oy + (y[i] - y0) * ky));
	}
}

static double min_distance(int n, const double *x, const double *y)
{
	double best = 2;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			double dx = x[i] - x[j], dy = y[i] - y[j];
			best = fmin(best, dx * dx + dy * dy);
		}
	return sqrt(best);
}

/* ---- moving single vertices ------------------------------------------------- */

/* Crossings of the edges at v with the others. */
static int crossings_at_vertex(const struct edges *es, const double *x, const double *y, int v, long *work)
{
	int count = 0;
	for (int i = es->first[v]; i < es->first[v + 1]; i++) {
		const int *e = es->e[es->at[i]];
		for (int j = 0; j < es->m; j++) {
			const int *f = es->e[j];
			if (e[0] == f[0] || e[0] == f[1] || e[1] == f[0] || e[1] == f[1])
				continue;
			count += segments_meet(x, y, e[0], e[1], f[0], f[1]);
		}
		*work += es->m;
	}
	return count;
}

static bool room_at(int n, const double *x, const double *y, int v, double px, double py, double gap)
{
	for (int u = 0; u < n; u++) {
		double dx = x[u] - px, dy = y[u] - py;
		if (u != v && dx * dx + dy * dy < gap * gap)
			return false;
	}
	return true;
}

/* Is vertex c within near of the segment ab (beyond its ends excluded)? */
static bool near_segment(const double *x, const double *y, int a, int b, int c, double near)
{
	double ux = x[b] - x[a], uy = y[b] - y[a], vx = x[c] - x[a], vy = y[c] - y[a];
	double len2 = ux * ux + uy * uy, t = ux * vx + uy * vy;
	if (t <= 0 || t >= len2)
		return false;
	double cross = ux * vy - uy * vx;
	return cross * cross < near * near * len2;
}

/* Vertices drawn on or next to an edge not theirs, with v the vertex or an
 * end: on a terminal's coarse grid they read as the edge's ends. */
static int grazes_at_vertex(const struct edges *es, int n, const double *x, const double *y, int v, double near)
{
	int count = 0;
	for (int i = es->first[v]; i < es->first[v + 1]; i++) {
		const int *e = es->e[es->at[i]];
		for (int u = 0; u < n; u++)
			count += u != e[0] && u != e[1] && near_segment(x, y, e[0], e[1], u, near);
	}
	for (int j = 0; j < es->m; j++) {
		const int *f = es->e[j];
		count += f[0] != v && f[1] != v && near_segment(x, y, f[0], f[1], v, near);
	}
	return count;
}

static int badness_at(const struct edges *es, int n, const double *x, const double *y, int v, double near,
                      long *work)
{
	*work += n;
	return 2 * crossings_at_vertex(es, x, y, v, work) + grazes_at_vertex(es, n, x, y, v, near);
}

/* Stress keeps distances, not planarity: a vertex left on the wrong side
 * of an edge (a fold) often has a place on a coarse grid where its edges
 * cross fewer others.  Each vertex in turn moves to its best such place
 * (a crossing counted as two grazes), no nearer the others than they
 * already are, or 0.7/sqrt(n).  Each vertex's grid is shifted by its own
 * fraction of a step, so that moved vertices do not line up on the grid's
 * lines with edges along them. */
static void relocate(const struct edges *es, int n, double *x, double *y)
{
	double gap = fmin(min_distance(n, x, y), 0.7 / sqrt((double)n)), near = gap / 4;
	long work = 0;
	for (int pass = 0; pass < 3; pass++) {
		bool moved = false;
		for (int v = 0; v < n && work < RELOCATE_WORK; v++) {
			int now = badness_at(es, n, x, y, v, near, &work);
			double bx = x[v], by = y[v], shift = (double)(v * 7 % 13 + 1) / 14;
			for (int k = 0; k < RELOCATE_GRID * RELOCATE_GRID && now > 0 && work < RELOCATE_WORK; k++) {
				double px = ((double)(k % RELOCATE_GRID) + shift) / RELOCATE_GRID;
				double py = ((double)(k / RELOCATE_GRID) + 1 - shift) / RELOCATE_GRID;
				if (!room_at(n, x, y, v, px, py, gap))
					continue;
				double ox = x[v], oy = y[v];
				x[v] = px;
				y[v] = py;
				int there = badness_at(es, n, x, y, v, near, &work);
				x[v] = ox;
				y[v] = oy;
				if (there < now) {
					now = there;
					bx = px;
					by = py;
				}
			}
			moved |= bx != x[v] || by != y[v];
			x[v] = bx;
			y[v] = by;
		}
		if (!moved)
			return;
	}
}

/* ---- the layout ---------------------------------------------------------------- */

struct candidate {
	double *x, *y;
	int crossings;
	double apart;
};

static bool better(const struct candidate *a, const struct candidate *b)
{
	return a->crossings < b->crossings || (a->crossings == b->crossings && a->apart > b->apart);
}

/* Stress layouts from several seeded random starts: the best into best. */
static void stress_layout(const struct graph *g, const struct edges *es, uint64_t seed, struct candidate *best)
{
	int n = g->n;
	size_t nn = (size_t)n * (size_t)n;
	int *hops = xmalloc(nn * sizeof *hops);
	double *d = xmalloc(nn * sizeof *d), *w = xmalloc(nn * sizeof *w), diameter = 1;
	distances(g, hops);
	for (size_t k = 0; k < nn; k++) {
		d[k] = hops[k];
		w[k] = hops[k] ? 1 / (d[k] * d[k]) : 0;
		diameter = fmax(diameter, d[k]);
	}
	struct candidate c = { xmalloc((size_t)n * sizeof(double)), xmalloc((size_t)n * sizeof(double)), 0, 0 };
	best->crossings = -1;
	double side = sqrt((double)n) + 1;
	/* Fewer starts for large graphs: each costs n^2 per step and m^2 to
	 * count its crossings. */
	int starts = n <= 40 ? STRESS_STARTS : STRESS_STARTS / 2;
	for (int k = 0; k < starts; k++) {
		struct rng r;
		rng_seed(&r, seed + (uint64_t)k * 0x9e3779b97f4a7c15u);
		for (int i = 0; i < n; i++) {
			c.x[i] = rng_unit(&r) * side;
			c.y[i] = rng_unit(&r) * side;
		}
		stress_iterate(n, d, w, diameter, c.x, c.y);
		align(n, c.x, c.y);
		normalise(n, c.x, c.y);
		c.crossings = crossings_of(es, c.x, c.y);
		c.apart = min_distance(n, c.x, c.y);
		if (best->crossings < 0 || better(&c, best)) {
			memcpy(best->x, c.x, (size_t)n * sizeof(double));
			memcpy(best->y, c.y, (size_t)n * sizeof(double));
			best->crossings = c.crossings;
			best->apart = c.apart;
		}
	}
	relocate(es, n, best->x, best->y);
	normalise(n, best->x, best->y);
	best->crossings = crossings_of(es, best->x, best->y);
	free(c.x);
	free(c.y);
	free(w);
	free(d);
	free(hops);
}

void graph_layout(const struct graph *g, uint64_t seed, double *x, double *y)
{
	int n = g->n;
	if (n <= 0)
		return;
	struct edges es = edges_of(g);
	int crossings = circle_layout(g, &es, x, y);
	normalise(n, x, y);
	if (n > 3 && crossings > 0) {
		struct candidate s = { xmalloc((size_t)n * sizeof(double)), xmalloc((size_t)n * sizeof(double)), 0, 0 };
		stress_layout(g, &es, seed, &s);
		if (s.crossings < crossings || (s.crossings == crossings && n > CIRCLE_PREFERRED)) {
			memcpy(x, s.x, (size_t)n * sizeof(double));
			memcpy(y, s.y, (size_t)n * sizeof(double));
		}
		free(s.x);
		free(s.y);
	}
	edges_free(&es);
}

/* ---- on the grid ------------------------------------------------------------------ */

/* Is there room for a label at (r, c), one blank cell clear of the labels
 * already on row r? */
static bool label_fits(const bool *used, int cols, int r, int c, int width)
{
	for (int k = c - 1; k <= c + width; k++)
		if (k >= 0 && k < cols && used[(size_t)r * (size_t)cols + (size_t)k])
			return false;
	return true;
}

static int nearest_cell(double v, int last)
{
	v = fmin(1, fmax(0, v));
	return (int)(v * last + 0.5);
}

bool graph_layout_cells(int n, const double *x, const double *y, int rows, int cols, int label_width, int *row,
                        int *col)
{
	if (n <= 0)
		return true;
	if (rows < 1 || label_width < 1 || cols < label_width)
		return false;
	int last_col = cols - label_width;
	bool *used = xcalloc((size_t)rows * (size_t)cols, sizeof *used);
	bool fitted = true;
	for (int v = 0; v < n && fitted; v++) {
		int tr = nearest_cell(y[v], rows - 1), tc = nearest_cell(x[v], last_col);
		long best = -1;
		for (int r = 0; r < rows; r++)
			for (int c = 0; c <= last_col; c++) {
				/* A row is about two columns' worth on screen. */
				long dr = 2L * (r - tr), dc = c - tc, cost = dr * dr + dc * dc;
				if ((best < 0 || cost < best) && label_fits(used, cols, r, c, label_width)) {
					best = cost;
					row[v] = r;
					col[v] = c;
				}
			}
		if (best < 0)
			fitted = false;
		else
			for (int k = 0; k < label_width; k++)
				used[(size_t)row[v] * (size_t)cols + (size_t)(col[v] + k)] = true;
	}
	free(used);
	return fitted;
}
