#include "config.h"

#include "solver/graph/clique.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "solver/search.h"
#include "util/xalloc.h"

/* The colour of a child that no bound can cut (the plain backtrackers). */
#define NO_COLOUR INT_MAX

struct clique {
	enum clique_rule rule;
	struct graph *h;        /* the graph renumbered: h's vertex i is the caller's order[i] */
	int *order;
	int n, W;
	int floor, target;
	bool enumerate_next;    /* clique_set_enumerate's, for the next restart */
	bool enumerate;         /* report every clique of floor + 1, best_k fixed */
	bool renumber;          /* re-colour (dense graphs only: see clique_new) */
	bool maxsat;            /* absorb by unit propagation (the same) */

	int best_k;             /* the size to beat: the floor, then the best found */
	int best_n;             /* vertices in best (0: none found above the floor) */
	int *best;              /* in the caller's numbers, increasing */

	struct search search;   /* the phase, the level, each level's degree and kth, the counters */
	int cap;                /* levels with room */
	/* The node at level k has the clique of the vertices tried at levels
	 * 0 .. k-1, and cands row k holds its candidates: the vertices
	 * adjacent to every one of them, less the siblings tried before. */
	uint64_t *cands;        /* cap rows of W words: the candidates at each level */
	int *lo, *hi;           /* the words of each that may be nonzero */
	int *base;              /* where each level's children start in lv, lc */
	long *bound;            /* each level's bound (for a node pruned whole) */
	int cut_at;             /* the child where the last cut began (-1: the whole node) */
	long cut_bound;         /* and the bound that failed there */
	int *lv, *lc;           /* children in the order tried, and their colours */
	size_t lcap;
	uint64_t *uncoloured;   /* colouring: the candidates without a class yet */
	uint64_t *class_room;   /* colouring: those of them with no neighbour in the class being built */
	uint64_t *cls;          /* colour classes 1 .. cls_cap-1, for re-colouring and MaxSAT */
	int *cls_lo, *cls_hi;   /* the words each may have bits in (classes are small) */
	unsigned char *used;    /* per class: in an inconsistent subset, or a unit now */
	unsigned char *take;    /* per class: in the conflicts of the class absorbed */
	unsigned char *need;    /* per forced vertex: the conflict needs it */
	int cls_cap;
	int *chead, *cnext;     /* the classes as lists: per class its first member, per vertex the next (-1: none) */
	uint64_t cver, *wfail;  /* re-colouring: a count of the changes that free a class; per vertex, the count when no class above its own could take it */
	uint64_t *allowed;      /* unit propagation: the vertices adjacent to every vertex taken so far */
	int *fv, *fk;           /* its forced vertices and their classes */
	int *plv, *plc;         /* the probe's lists */
	uint64_t *probe_cands;  /* the probe's candidates */

	/* MaxSAT resolution (absorb) */
	uint64_t *cvirt;        /* per class: its virtual vertices (MaxSAT resolution) */
	int *vcl, vcn[64];      /* per virtual vertex: its classes, increasing (cls_cap each), and how many */
	uint64_t vlive;         /* the virtual vertices not forced yet */
	int vidx[64];           /* where each virtual vertex was forced in fv */
	int nvirt, nabs;        /* virtual vertices and classes absorbed at this node */
	int *class_of;          /* per vertex: its class (0: none, a vertex to branch on) */
	int *elim;              /* per vertex out of allowed: the index in fv of the vertex that cut it */
	int *cbase, *csize;     /* per class: members (virtual ones too; class_add counts the real ones), before and in a propagation */
	int *queue;             /* classes left with one member */
	int *pq, npq;           /* those of them in the conflicts of the class absorbed (take), first */
	/* The vertices of the classes 1 .. top-1: allowed at the start of a
	 * propagation (the others count for no class). */
	uint64_t *allowed_start;
	/* A failed-literal test tries a class's two members in turn and puts
	 * back allowed and csize after each: saved here, with the classes of
	 * the conflicts met; fl2_ for the test nested one level down. */
	uint64_t *fl_allowed;
	int *fl_csize;
	unsigned char *fl_take;
	uint64_t *fl2_allowed;
	int *fl2_csize;
	unsigned char *fl2_take;
	bool failed_literals;   /* failed literals tried (dense graphs only: see clique_new) */
};

/* ---- lists of children -------------------------------------------------- */

static void grow_classes(struct clique *c, int k)
{
	if (k <= c->cls_cap)
		return;
	int cap = c->cls_cap ? c->cls_cap : 16;
	while (cap < k)
		cap *= 2;
	c->cls = xreallocarray(c->cls, (size_t)cap * (size_t)c->W + 1, sizeof *c->cls);
	c->cls_lo = xreallocarray(c->cls_lo, (size_t)cap, sizeof *c->cls_lo);
	c->cls_hi = xreallocarray(c->cls_hi, (size_t)cap, sizeof *c->cls_hi);
	c->used = xreallocarray(c->used, (size_t)cap, sizeof *c->used);
	c->take = xreallocarray(c->take, (size_t)cap, sizeof *c->take);
	c->need = xreallocarray(c->need, (size_t)cap + 1, sizeof *c->need);
	c->fv = xreallocarray(c->fv, (size_t)cap + 1, sizeof *c->fv);
	c->fk = xreallocarray(c->fk, (size_t)cap + 1, sizeof *c->fk);
	c->cvirt = xreallocarray(c->cvirt, (size_t)cap, sizeof *c->cvirt);
	c->vcl = xreallocarray(c->vcl, (size_t)cap * 64, sizeof *c->vcl);
	c->cbase = xreallocarray(c->cbase, (size_t)cap, sizeof *c->cbase);
	c->csize = xreallocarray(c->csize, (size_t)cap, sizeof *c->csize);
	c->queue = xreallocarray(c->queue, (size_t)cap, sizeof *c->queue);
	c->pq = xreallocarray(c->pq, (size_t)cap, sizeof *c->pq);
	c->fl_csize = xreallocarray(c->fl_csize, (size_t)cap, sizeof *c->fl_csize);
	c->chead = xreallocarray(c->chead, (size_t)cap, sizeof *c->chead);
	c->fl_take = xreallocarray(c->fl_take, (size_t)cap, sizeof *c->fl_take);
	c->fl2_csize = xreallocarray(c->fl2_csize, (size_t)cap, sizeof *c->fl2_csize);
	c->fl2_take = xreallocarray(c->fl2_take, (size_t)cap, sizeof *c->fl2_take);
	c->cls_cap = cap;
}

/* Put v in class k, widening its range of words, and at the head of
 * its list. */
static void class_add(struct clique *c, int k, int v)
{
	graph_bit_set(c->cls + (size_t)k * (size_t)c->W, v);
	c->class_of[v] = k;
	c->cnext[v] = c->chead[k];
	c->chead[k] = v;
	c->cbase[k]++;
	if (v / 64 < c->cls_lo[k])
		c->cls_lo[k] = v / 64;
	if (v / 64 > c->cls_hi[k])
		c->cls_hi[k] = v / 64;
}

/* MCS's Re-NUMBER (Tomita and others 2010): v would take a colour high
 * enough to be branched on; move it into a class k1 below kmin - 1 where
 * it has one neighbour w, which moves up to a class k2 > k1 (still below
 * kmin) where it has none (or into k1 outright if it has none there, as
 * it may after such moves).  The classes stay independent sets, and v
 * needs no branch.  The classes are read as lists of their members
 * (where this runs, on dense graphs, they have a few each): two
 * neighbours of v, or one of w, end a class's test, often at its first
 * members, where a scan of its words read them all. */
static bool recolour(struct clique *c, int v, int kmin, uint64_t *mems)
{
	const uint64_t *nv = graph_row(c->h, v);
	int *next = c->cnext;
	for (int k1 = 1; k1 <= kmin - 2; k1++) {
		int w = -1, wp = -1, conflicts = 0;
		for (int u = c->chead[k1], p = -1; u >= 0; p = u, u = next[u]) {
			(*mems)++;
			if (graph_bit_test(nv, u)) {
				if (++conflicts == 2)
					break;
				w = u;
				wp = p;
			}
		}
		if (conflicts == 0) {
			class_add(c, k1, v);
			return true;
		}
		if (conflicts > 1 || c->wfail[w] == c->cver)
			continue;
		const uint64_t *nw = graph_row(c->h, w);
		for (int k2 = k1 + 1; k2 <= kmin - 1; k2++) {
			int u = c->chead[k2];
			for (; u >= 0 && !graph_bit_test(nw, u); u = next[u])
				(*mems)++;
			if (u < 0) {
				graph_bit_clear(c->cls + (size_t)k1 * (size_t)c->W, w);
				if (wp < 0)
					c->chead[k1] = next[w];
				else
					next[wp] = next[w];
				c->cbase[k1]--;
				class_add(c, k1, v);
				class_add(c, k2, w);
				c->cver++;
				return true;
			}
		}
		/* no class above takes w until a class loses a member */
		c->wfail[w] = c->cver;
	}
	return false;
}

/* Queue the unit k: first if it is in the conflicts found so far for
 * the class absorbed (as MoMC's "used first"), so that its vertices'
 * conflicts share their classes. */
static inline void enqueue(struct clique *c, int k, int *nq)
{
	if (c->take[k])
		c->pq[c->npq++] = k;
	else
		c->queue[(*nq)++] = k;
}

/* Added to the count of a class while it is forced (used), so that
 * the vertices it loses never make it a unit or a conflict again: no
 * test of used[] where the vertices leave allowed. */
#define FORCED (1 << 24)

/* Take the real vertex w (forced by class k, or the vertex tested when
 * k is 0) into the clique: out of allowed (vertices of the classes 1 .. top-1
 * only: allowed_start) go its non-neighbours, each a member less for its class
 * (class_of; a forced class counts them off FORCED).  Returns a class
 * left with no member, or 0; classes left with one are queued. */
static int take_vertex(struct clique *c, int w, int k, int lo, int hi, int *nf, int *nq, uint64_t *mems)
{
	uint64_t *allowed = c->allowed;
	const uint64_t *nw = graph_row(c->h, w);
	if (k) {
		c->used[k] = 2;
		c->csize[k] += FORCED;
	}
	c->fv[*nf] = w;
	c->fk[(*nf)++] = k;
	*mems += (uint64_t)(hi - lo + 1);
	for (int x = lo; x <= hi; x++) {
		uint64_t d = allowed[x] & ~nw[x];
		allowed[x] &= nw[x];
		for (; d; d &= d - 1) {
			int v = x * 64 + __builtin_ctzll(d);
			c->elim[v] = *nf - 1;
			int k2 = c->class_of[v];
			if (--c->csize[k2] == 0)
				return k2;
			if (c->csize[k2] == 1)
				enqueue(c, k2, nq);
		}
	}
	return 0;
}

/* Unit propagation over the classes 1 .. top-1 (the low ones and those
 * absorbed at this node) from the vertex u taken: each class's members
 * are its vertices in allowed (the candidates adjacent to every vertex taken
 * so far) and its virtual vertices still live (cvirt, vlive), counted
 * in csize as vertices leave allowed; a class left with one member forces it
 * (marked used, 2, while it is a unit; a virtual vertex forced for one
 * class is gone from the others), one left with none is a conflict.
 * The forced vertices go to fv (a virtual one as -1 - its number, vidx
 * its index there), their classes to fk.  Returns the conflict's class,
 * or 0 at a fixed point. */
/* Force the virtual vertex x for class k: gone from the others. */
static int take_virtual(struct clique *c, int x, int k, int *nf, int *nq, uint64_t *mems)
{
	uint64_t bit = UINT64_C(1) << x;
	c->vlive &= ~bit;
	c->vidx[x] = *nf;
	c->used[k] = 2;
	c->csize[k] += FORCED;
	c->fv[*nf] = -1 - x;
	c->fk[(*nf)++] = k;
	const int *l = c->vcl + (size_t)x * (size_t)c->cls_cap;
	*mems += 1;
	for (int i = 0, n = c->vcn[x]; i < n; i++) {
		int k2 = l[i];
		if (--c->csize[k2] == 0)
			return k2;
		if (c->csize[k2] == 1)
			enqueue(c, k2, nq);
	}
	return 0;
}

/* The queued units forced in turn, from q on, until a conflict (its
 * class returned) or none is left (0). */
static int run_queue(struct clique *c, int lo, int hi, int *nf, int nq, uint64_t *mems)
{
	int e = 0, q = 0, p = 0;
	while (!e) {
		int k;
		if (p < c->npq)
			k = c->pq[p++];
		else if (q < nq)
			k = c->queue[q++];
		else
			break;
		if (c->used[k])
			continue;
		/* its one member: a virtual vertex still live, or else the
		 * one real vertex of the class left in allowed */
		uint64_t vl = c->cvirt[k] & c->vlive;
		if (vl) {
			e = take_virtual(c, __builtin_ctzll(vl), k, nf, &nq, mems);
			continue;
		}
		const uint64_t *K = c->cls + (size_t)k * (size_t)c->W;
		int x = c->cls_lo[k];
		while (!(K[x] & c->allowed[x]))
			x++;
		*mems += (uint64_t)(x - c->cls_lo[k] + 1);
		e = take_vertex(c, x * 64 + __builtin_ctzll(K[x] & c->allowed[x]), k, lo, hi, nf, &nq, mems);
	}
	return e;
}

static int propagate(struct clique *c, int u, int top, int lo, int hi, int *nf, uint64_t *mems)
{
	int nq = 0;
	c->npq = 0;
	int e = take_vertex(c, u, 0, lo, hi, nf, &nq, mems);
	if (e)
		return e;
	/* the classes that are units from the start force their member too */
	for (int k = 1; k < top; k++)
		if (c->cbase[k] == 1 && c->csize[k] == 1)
			enqueue(c, k, &nq);
	return run_queue(c, lo, hi, nf, nq, mems);
}

/* Mark in c->need what emptied class k (of the forced entries before
 * index i), but the member skip forced for it: for each real vertex, the
 * forced vertex that cut it; for each virtual vertex gone, its forcing
 * for another class. */
static void need_cutters2(struct clique *c, int k, int skip, int skip2, int i)
{
	for (int u = c->chead[k]; u >= 0; u = c->cnext[u])
		if (u != skip && u != skip2)
			c->need[c->elim[u]] = 1; /* what took u out of allowed */
	for (uint64_t v = c->cvirt[k] & ~c->vlive; v; v &= v - 1) {
		int y = __builtin_ctzll(v);
		if (-1 - y != skip && -1 - y != skip2 && c->vidx[y] < i)
			c->need[c->vidx[y]] = 1;
	}
}

static void need_cutters(struct clique *c, int k, int skip, int i)
{
	need_cutters2(c, k, skip, INT_MIN, i);
}

/* Going back over the forced entries from..past+1, each one needed
 * (marked in need) has its class marked in mark and, in need, what cut
 * its class's other members. */
static void mark_needed(struct clique *c, int from, int past, unsigned char *mark)
{
	for (int i = from; i > past; i--) {
		if (c->need[i]) {
			mark[c->fk[i]] = 1;
			need_cutters(c, c->fk[i], c->fv[i], i);
		}
	}
}

/* Mark in mark the classes of the conflict e among the forced entries
 * from..nf-1, going back: the empty class, the class of each entry that
 * cut one of its members, and so on; the entries before from that are
 * needed are left marked in need. */
static void trace(struct clique *c, int e, int from, int nf, unsigned char *mark)
{
	memset(c->need + from, 0, (size_t)(nf - from));
	mark[e] = 1;
	need_cutters(c, e, INT_MIN, nf);
	mark_needed(c, nf - 1, from, mark);
}

/* Trying a member of a class both ways and going back: allowed's words
 * lo..hi, the class counts 1..top-1 and the live virtual vertices are
 * saved in saved and saved_csize (one pair of copies per depth of failed
 * literals) and put back after each try. */
static void save_state(const struct clique *c, uint64_t *saved, int *saved_csize, int top, int lo, int hi)
{
	memcpy(saved + lo, c->allowed + lo, sizeof *c->allowed * (size_t)(hi - lo + 1));
	memcpy(saved_csize + 1, c->csize + 1, sizeof *c->csize * (size_t)(top - 1));
}

/* Take member a of class k (a vertex, or -1 - a virtual vertex) after the
 * forced entries before nf0 and propagate; the conflict's class, or 0 at a
 * fixed point; *nf: the entries then. */
static int try_member(struct clique *c, int a, int k, int lo, int hi, int nf0, int *nf, uint64_t *mems)
{
	int nq = 0;
	*nf = nf0;
	c->npq = 0;
	int e = a >= 0 ? take_vertex(c, a, k, lo, hi, nf, &nq, mems) : take_virtual(c, -1 - a, k, nf, &nq, mems);
	return e ? e : run_queue(c, lo, hi, nf, nq, mems);
}

/* Undo try_member: its entries nf0..nf-1 unmarked, the saved state back. */
static void undo_member(struct clique *c, int nf0, int nf, const uint64_t *saved, const int *saved_csize,
                        uint64_t vlive, int top, int lo, int hi, uint64_t *mems)
{
	for (int i = nf0; i < nf; i++)
		c->used[c->fk[i]] = 0;
	memcpy(c->allowed + lo, saved + lo, sizeof *c->allowed * (size_t)(hi - lo + 1));
	memcpy(c->csize + 1, saved_csize + 1, sizeof *c->csize * (size_t)(top - 1));
	c->vlive = vlive;
	*mems += (uint64_t)(hi - lo + 1);
}

/* Failed literals one level down (MoMC's further test of the reduced
 * sets), at the fixed point of a literal of failed_literal (its entries
 * f0 .. f1-1): a class cut down to two members by that literal's
 * propagation, each of which leads to a conflict, is a conflict of the
 * literal (its members virtual ones too, unlike MoMC: 2-3% fewer
 * nodes).  Then the classes its two conflicts needed are added to
 * fl_take, and need marks the forced entries before f0 they rest on.
 * allowed, csize and the live virtual vertices are as they were either
 * way. */
static bool nested_failed(struct clique *c, int f0, int f1, int top, int lo, int hi, uint64_t *mems)
{
	for (int k = 1; k < top; k++) {
		if (c->csize[k] != 2 || c->fl_csize[k] <= 2)
			continue;
		int mem[2], nm = 0;
		for (int u = c->chead[k]; u >= 0 && nm < 2; u = c->cnext[u])
			if (graph_bit_test(c->allowed, u))
				mem[nm++] = u;
		for (uint64_t v = c->cvirt[k] & c->vlive; v && nm < 2; v &= v - 1)
			mem[nm++] = -1 - __builtin_ctzll(v);
		save_state(c, c->fl2_allowed, c->fl2_csize, top, lo, hi);
		uint64_t vlive = c->vlive;
		memset(c->fl2_take, 0, (size_t)top);
		memset(c->need + f0, 0, (size_t)(f1 - f0));
		bool failed = true;
		for (int t = 0; t < 2 && failed; t++) {
			int nf;
			int e = try_member(c, mem[t], k, lo, hi, f1, &nf, mems);
			if (e)
				trace(c, e, f1, nf, c->fl2_take);
			else
				failed = false;
			undo_member(c, f1, nf, c->fl2_allowed, c->fl2_csize, vlive, top, lo, hi, mems);
		}
		if (!failed)
			continue;
		c->fl2_take[k] = 1;
		need_cutters2(c, k, mem[0], mem[1], f1);
		mark_needed(c, f1 - 1, f0, c->fl2_take);
		for (int q = 1; q < top; q++)
			c->fl_take[q] |= c->fl2_take[q];
		return true;
	}
	return false;
}

/* Failed literals (as in MaxCLQ and MoMC): at the fixed point of the
 * propagation (nf entries), a class k with two members left, each of
 * which leads to a conflict, is a conflict itself.  Then the classes
 * that the two conflicts needed are added to take, and need marks the
 * forced entries before nf that they rest on.  allowed, csize and the
 * live virtual vertices are as they were either way. */
static bool failed_literal(struct clique *c, int k, int top, int lo, int hi, int nf0, uint64_t *mems)
{
	int mem[2], nm = 0;
	const uint64_t *K = c->cls + (size_t)k * (size_t)c->W;
	for (int x = c->cls_lo[k]; x <= c->cls_hi[k] && nm < 2; x++)
		for (uint64_t b = K[x] & c->allowed[x]; b && nm < 2; b &= b - 1)
			mem[nm++] = x * 64 + __builtin_ctzll(b);
	for (uint64_t v = c->cvirt[k] & c->vlive; v && nm < 2; v &= v - 1)
		mem[nm++] = -1 - __builtin_ctzll(v);
	save_state(c, c->fl_allowed, c->fl_csize, top, lo, hi);
	uint64_t vlive = c->vlive;
	memset(c->fl_take, 0, (size_t)top);
	memset(c->need, 0, (size_t)nf0);
	bool failed = true;
	for (int t = 0; t < 2 && failed; t++) {
		int nf;
		int e = try_member(c, mem[t], k, lo, hi, nf0, &nf, mems);
		if (e)
			trace(c, e, nf0, nf, c->fl_take);
		else if (t == 0 || !nested_failed(c, nf0, nf, top, lo, hi, mems))
			failed = false;
		undo_member(c, nf0, nf, c->fl_allowed, c->fl_csize, vlive, top, lo, hi, mems);
	}
	if (!failed)
		return false;
	c->fl_take[k] = 1;
	need_cutters2(c, k, mem[0], mem[1], nf0);
	mark_needed(c, nf0 - 1, 0, c->fl_take);
	for (int q = 1; q < top; q++)
		c->take[q] |= c->fl_take[q];
	return true;
}

/* Does taking u into the clique lead to a conflict by unit propagation?
 * If so, the classes the conflict needs are marked in c->take: the empty
 * one, and going back from it, the class of each forced vertex that cut
 * one of its members, then those that cut that one's class-mates, and
 * so on (fewer classes than all the units, so that the set of classes
 * made inconsistent is small).  At the fixed point, on graphs of
 * density 0.85 and up, failed literals: a class cut down to two members
 * in this propagation is tried both ways (failed_literal, its second
 * member one level down as well: nested_failed).  (Without the counts
 * and the virtual vertices they cost more than they saved: G(200, 0.9)
 * 5% fewer nodes, 18% more time; with them, 40% fewer nodes and 5% less
 * time there, but 40% fewer nodes and 20% more time on G(200, 0.8),
 * hence the threshold.  With the propagation made cheaper since, G(200,
 * 0.8) takes as long with them as without, in 42% fewer nodes; the MaxSAT
 * test and failed literals both from 0.68 made G(300, 0.7) 12% faster
 * but johnson16-2-4 (0.77) 50% slower: the thresholds stay.) */
static bool refute(struct clique *c, int u, int top, int lo, int hi, uint64_t *mems)
{
	int nf = 0;
	memcpy(c->allowed + lo, c->allowed_start + lo, sizeof *c->allowed * (size_t)(hi - lo + 1));
	memcpy(c->csize + 1, c->cbase + 1, sizeof *c->csize * (size_t)(top - 1));
	*mems += (uint64_t)(hi - lo + 1);
	c->vlive = c->nvirt == 64 ? ~UINT64_C(0) : (UINT64_C(1) << c->nvirt) - 1;
	int conflict = propagate(c, u, top, lo, hi, &nf, mems);
	if (!conflict && c->failed_literals) {
		for (int k = 1; k < top; k++)
			if (!c->used[k] && c->csize[k] == 2 && c->cbase[k] > 2 && failed_literal(c, k, top, lo, hi, nf, mems)) {
				for (int i = 1; i < nf; i++)
					c->used[c->fk[i]] = 0;
				*mems += (uint64_t)nf;
				return true;
			}
	}
	for (int i = 1; i < nf; i++)
		c->used[c->fk[i]] = 0;
	if (!conflict)
		return false;
	trace(c, conflict, 0, nf, c->take);
	*mems += (uint64_t)nf;
	return true;
}

static void reverse(int *a, int m)
{
	for (int i = 0, j = m - 1; i < j; i++, j--) {
		int t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* The children left once kmin-1 classes are full (the uncoloured, words
 * ulo .. hi), each a class of its own: the j-th, in increasing order,
 * bounded by kmin-1 + j, since it is tried after those above it, and its
 * clique lies in it, the kmin-1 classes and the j-1 below.  Colouring
 * them instead gave bounds that mattered only when the best grew while
 * the node was open, and cost a seventh of the time on G(500, 0.5) and
 * G(800, 0.5) for about as many nodes (0.8% fewer on G(500, 0.5), 1.1%
 * more on G(800, 0.5)).  Returns how many. */
static int list_rest(const uint64_t *uncoloured, int ulo, int hi, int kmin, int *lv, int *lc, uint64_t *mems)
{
	int m = 0;
	for (int w = ulo; w <= hi; w++) {
		for (uint64_t b = uncoloured[w]; b; b &= b - 1) {
			lv[m] = w * 64 + __builtin_ctzll(b);
			lc[m] = kmin + m;
			m++;
		}
	}
	*mems += (uint64_t)(hi - ulo + 1);
	return m;
}

/* MaxSAT reasoning over the colour classes (Li and Quan 2010, MaxCLQ;
 * Li, Fang and Xu 2013, IncMaxCLQ; Li, Jiang and Manya 2017, MoMC): the
 * classes are independent sets, so a clique takes at most one vertex
 * from each.  S = vs[0 .. m-1] is a class above kmin-1, one more such
 * set.  Take a vertex u of S into the clique and propagate over the
 * classes below (1 .. top-1: the low ones and the sets absorbed before
 * at this node): a class left with one member must give that one, a
 * class left with none is a conflict.  The vertices of S that meet a
 * conflict are a smaller independent set S'; S' with the classes that
 * led to the conflicts is a set of classes of which no clique meets
 * every member.  S' becomes a class of its own (top), and a new virtual
 * vertex joins it and each of those classes: the virtual vertex may
 * stand for one of them only (MaxSAT resolution, as MoMC does it:
 * unlike removing the classes, it leaves them for later tests).  Each
 * such set lowers the bound by one, so the kmin-1 classes plus r sets
 * absorbed with r virtual vertices still bound the clique by kmin-1: S'
 * needs no branch.  The others of S (the whole class, often) stay a
 * class of their own, to branch on.  They go to the front of vs; returns
 * how many.  (Not inlined: colour, on sparse graphs, stays small.)
 * MoMC's elimination of failed vertices was tried where the last class
 * is reached with all before it absorbed (each vertex of every class
 * whose propagation conflicts taken out, in rounds, until a class is
 * empty): on G(200, 0.9) it pruned 85% of those nodes whole, 5% fewer
 * nodes in all, but took 8% more time; at every last class, 12% fewer
 * nodes and 45% more time. */
__attribute__((noinline)) static int absorb(struct clique *c, int *vs, int m, int kmin, int lo, int hi, uint64_t *mems)
{
	int failed = 0, top = kmin + c->nabs;
	if (c->nvirt == 64)
		return m;
	memset(c->take, 0, (size_t)top);
	for (int j = 0; j < m; j++) {
		int u = vs[j];
		if (!refute(c, u, top, lo, hi, mems)) {
			vs[j] = vs[failed];
			vs[failed++] = u;
		}
	}
	if (failed < m) {
		uint64_t *T = c->cls + (size_t)top * (size_t)c->W;
		memset(T + lo, 0, sizeof *T * (size_t)(hi - lo + 1));
		c->cls_lo[top] = hi + 1;
		c->cls_hi[top] = lo - 1;
		c->chead[top] = -1;
		for (int j = failed; j < m; j++) {
			class_add(c, top, vs[j]);
			graph_bit_set(c->allowed_start, vs[j]);
		}
		int *l = c->vcl + (size_t)c->nvirt * (size_t)c->cls_cap, n = 0;
		uint64_t x = UINT64_C(1) << c->nvirt;
		c->cvirt[top] = x;
		c->cbase[top] = m - failed + 1;
		c->used[top] = 0;
		for (int k = 1; k < top; k++)
			if (c->take[k]) {
				c->cvirt[k] |= x;
				c->cbase[k]++;
				l[n++] = k;
			}
		l[n++] = top;
		c->vcn[c->nvirt++] = n;
		c->nabs++;
	}
	return failed;
}

/* Colour as colour does, where no class is kept (graphs below density
 * 0.78): the kmin-1 classes only, the vertices left listed (list_rest).
 * Apart, since the loop that keeps classes, re-colours and reasons over
 * them kept its variables on the stack; the word being scanned stays in
 * a register here. */
static int colour_plain(struct clique *c, const uint64_t *cands, int lo, int hi, int kmin, int *lv, int *lc,
                        uint64_t *mems, int *classes)
{
	uint64_t *uncoloured = c->uncoloured, *room = c->class_room;
	size_t W = (size_t)c->W;
	const uint64_t *adj = c->h->adj;
	uint64_t words = (uint64_t)(hi - lo + 1);
	int k = 0, ulo = lo;
	for (int x = lo; x <= hi; x++)
		uncoloured[x] = cands[x];
	for (;;) {
		while (ulo <= hi && !uncoloured[ulo])
			ulo++;
		if (ulo > hi) {
			*mems += words;
			*classes = k;
			return 0;
		}
		if (k >= kmin - 1)
			break;
		k++;
		for (int x = ulo; x <= hi; x++)
			room[x] = uncoloured[x];
		words += (uint64_t)(hi - ulo + 1);
		for (int w = ulo; w <= hi; w++) {
			uint64_t r = room[w], taken = 0;
			while (r) {
				uint64_t bit = r & -r;
				const uint64_t *row = adj + (size_t)(w * 64 + __builtin_ctzll(r)) * W;
				taken |= bit;
				r &= ~bit & ~row[w];
				for (int x = w + 1; x <= hi; x++)
					room[x] &= ~row[x];
				words += (uint64_t)(hi - w + 1);
			}
			uncoloured[w] &= ~taken;
		}
	}
	*mems += words;
	int m = list_rest(uncoloured, ulo, hi, kmin, lv, lc, mems);
	*classes = k + m;
	reverse(lv, m);
	reverse(lc, m);
	return m;
}

/* Colour cands (words lo .. hi) greedily, class by class, each class taking
 * the smallest uncoloured vertex that has no neighbour in it; the
 * vertices of colour kmin and above go to lv, lc (their colours), highest
 * colour first.  Returns how many; *classes the colours used. */
static int colour(struct clique *c, const uint64_t *cands, int lo, int hi, int kmin, bool renumber, int *lv, int *lc,
                  uint64_t *mems, int *classes)
{
	uint64_t *uncoloured = c->uncoloured, *room = c->class_room;
	size_t W = (size_t)c->W;
	const uint64_t *adj = c->h->adj;
	int k = 0, m = 0, ulo = lo;
	bool keep = renumber && (c->renumber || c->maxsat) && kmin >= 3;
	bool maxsat = keep && c->maxsat;
	renumber = keep && c->renumber;
	if (keep) {
		/* the low classes, and room for 64 absorbed */
		grow_classes(c, maxsat ? kmin + 65 : kmin);
		memset(c->used, 0, (size_t)(maxsat ? kmin + 65 : kmin));
		c->cver++;
		if (maxsat) {
			memset(c->cvirt, 0, sizeof *c->cvirt * (size_t)(kmin + 65));
			c->nvirt = c->nabs = 0;
		}
	}
	memcpy(uncoloured + lo, cands + lo, sizeof *uncoloured * (size_t)(hi - lo + 1));
	*mems += (uint64_t)(hi - lo + 1);
	for (;;) {
		while (ulo <= hi && !uncoloured[ulo])
			ulo++;
		if (ulo > hi)
			break;
		k++;
		uint64_t *K = keep && k < kmin ? c->cls + (size_t)k * W : NULL;
		if (K) {
			memset(K + lo, 0, sizeof *K * (size_t)(hi - lo + 1));
			c->cls_lo[k] = hi + 1;
			c->cls_hi[k] = lo - 1;
			c->chead[k] = -1;
			c->cbase[k] = 0;
		}
		/* a loop, not memcpy: a few words, and a call to the
		 * library's cost 5% on G(500, 0.5) when the compiler chose it */
		for (int x = ulo; x <= hi; x++)
			room[x] = uncoloured[x];
		*mems += (uint64_t)(hi - ulo + 1);
		for (int w = ulo; w <= hi; w++) {
			while (room[w]) {
				uint64_t bit = room[w] & -room[w];
				int v = w * 64 + __builtin_ctzll(room[w]);
				room[w] &= ~bit;
				uncoloured[w] &= ~bit;
				if (k >= kmin && renumber && recolour(c, v, kmin, mems))
					continue;
				const uint64_t *row = adj + (size_t)v * W;
				for (int x = w; x <= hi; x++)
					room[x] &= ~row[x];
				*mems += (uint64_t)(hi - w + 1);
				if (K)
					class_add(c, k, v);
				if (k >= kmin) {
					lv[m] = v;
					lc[m] = k;
					m++;
				}
			}
		}
	}
	*classes = k;
	if (maxsat && m) {
		/* the classes above kmin-1 absorbed where MaxSAT reasoning
		 * allows, the others renumbered from kmin on */
		int out = 0, col = kmin - 1;
		memcpy(c->allowed_start + lo, cands + lo, sizeof *c->allowed_start * (size_t)(hi - lo + 1));
		for (int i = 0; i < m; i++) {
			c->class_of[lv[i]] = 0;
			graph_bit_clear(c->allowed_start, lv[i]);
		}
		for (int i = 0, j; i < m; i = j) {
			for (j = i; j < m && lc[j] == lc[i]; j++)
				;
			int f = absorb(c, lv + i, j - i, kmin, lo, hi, mems);
			if (f == 0)
				continue;
			col++;
			for (int t = i; t < i + f; t++) {
				lv[out] = lv[t];
				lc[out++] = col;
			}
		}
		m = out;
	}
	reverse(lv, m);
	reverse(lc, m);
	return m;
}

/* The children of a node whose clique has l vertices and whose
 * candidates are cands (words lo .. hi, not empty), in the order they are
 * tried, into lv and lc; returns how many (0: the node is pruned whole)
 * and sets *bound. */
static int children(struct clique *c, const uint64_t *cands, int lo, int hi, int l, int *lv, int *lc, uint64_t *mems,
                    long *bound)
{
	int classes, m = 0;
	if (c->rule == CLIQUE_BNB) {
		int kmin = c->best_k - l + 1;
		if (kmin < 1)
			kmin = 1;
		/* (colour_plain only on graphs that keep no class at all: on
		 * dense ones, at nodes of kmin < 3, listing the vertices left
		 * made the tree of G(200, 0.9) a third larger, the best growing
		 * in more, smaller steps) */
		if (!c->renumber && !c->maxsat)
			m = colour_plain(c, cands, lo, hi, kmin, lv, lc, mems, &classes);
		else
			m = colour(c, cands, lo, hi, kmin, true, lv, lc, mems, &classes);
		/* re-colouring may leave the top classes empty */
		*bound = l + (m ? lc[0] : (classes < kmin - 1 ? classes : kmin - 1));
		return m;
	}
	if (c->rule == CLIQUE_BT_COLOUR) {
		colour(c, cands, lo, hi, INT_MAX, false, lv, lc, mems, &classes);
		*bound = l + classes;
		if (*bound <= c->best_k)
			return 0;
	}
	for (int w = lo; w <= hi; w++) {
		for (uint64_t bits = cands[w]; bits; bits &= bits - 1) {
			lv[m] = w * 64 + __builtin_ctzll(bits);
			lc[m++] = NO_COLOUR;
		}
	}
	*mems += (uint64_t)(hi - lo + 1);
	if (c->rule == CLIQUE_BT)
		*bound = l + m;
	return m;
}

/* cands & row into out over words lo .. hi; the words of out that may be
 * nonzero into *olo, *ohi (*olo > *ohi: empty). */
static void cut(uint64_t *out, const uint64_t *cands, const uint64_t *row, int lo, int hi, int *olo, int *ohi)
{
	int a = hi + 1, b = lo - 1;
	for (int x = lo; x <= hi; x++) {
		out[x] = cands[x] & row[x];
		if (out[x]) {
			if (a > hi)
				a = x;
			b = x;
		}
	}
	*olo = a;
	*ohi = b;
}

/* ---- the engine's state --------------------------------------------------- */

static void grow_levels(struct clique *c, int need)
{
	if (need <= c->cap)
		return;
	int cap = c->cap ? c->cap : 16;
	while (cap < need)
		cap *= 2;
	c->cands = xreallocarray(c->cands, (size_t)cap * (size_t)c->W + 1, sizeof *c->cands);
	c->lo = xreallocarray(c->lo, (size_t)cap, sizeof *c->lo);
	c->hi = xreallocarray(c->hi, (size_t)cap, sizeof *c->hi);
	c->base = xreallocarray(c->base, (size_t)cap, sizeof *c->base);
	c->bound = xreallocarray(c->bound, (size_t)cap, sizeof *c->bound);
	c->cap = cap;
	search_reserve(&c->search, cap);
}

/* Room in lv, lc for a level's children from base on. */
static void grow_lists(struct clique *c, size_t need)
{
	if (need <= c->lcap)
		return;
	size_t cap = c->lcap ? c->lcap : 256;
	while (cap < need)
		cap *= 2;
	c->lv = xreallocarray(c->lv, cap, sizeof *c->lv);
	c->lc = xreallocarray(c->lc, cap, sizeof *c->lc);
	c->lcap = cap;
}

static uint64_t *cands_at(const struct clique *c, int level)
{
	return c->cands + (size_t)level * (size_t)c->W;
}

struct clique *clique_new(const struct graph *g, enum clique_rule rule)
{
	struct clique *c = xcalloc(1, sizeof *c);
	c->rule = rule;
	c->n = g->n;
	c->W = g->words;
	c->order = xmalloc(sizeof *c->order * (size_t)(g->n + 1));
	if (rule == CLIQUE_BNB) {
		graph_degeneracy_order(g, c->order);
	} else {
		for (int v = 0; v < g->n; v++)
			c->order[v] = v;
	}
	c->h = graph_induced(g, c->order, g->n);
	/* Re-colouring saves nodes at every density but costs a scan of the
	 * low classes per vertex it tries; measured on G(n, p) it pays from
	 * p = 0.9 (G(150, 0.9): 15% less time), breaks even near 0.8 and
	 * loses below (G(300, 0.7), G(500, 0.5): 15-25% more).  The MaxSAT
	 * reasoning likewise: with it G(200, 0.9) takes half the time (a
	 * tenth of the nodes), G(200, 0.8) 20% less, G(300, 0.7) as much,
	 * G(400, 0.6) and G(500, 0.5) 10-15% more, johnson16-2-4 (0.77)
	 * 35% more.  Failed literals in it, as re-colouring, from 0.85 (see
	 * refute).  Since the plain colouring (colour_plain) takes 30% less
	 * time, G(500, 0.5) with the MaxSAT reasoning takes 60% more time
	 * in a third of the nodes; with it in the top 4 levels only, or below
	 * level 2 only, 20-55% more; re-colouring on bitsets there, 23% fewer
	 * nodes and 33% more time: the thresholds stay. */
	if (rule == CLIQUE_BNB && g->n > 1) {
		double density = (double)graph_edges(g) * 2.0 / ((double)g->n * (double)(g->n - 1));
		c->renumber = density >= 0.85;
		c->maxsat = density >= 0.78;
		c->failed_literals = c->maxsat && density >= 0.85;
	}
	c->best = xmalloc(sizeof *c->best * (size_t)(g->n + 1));
	c->uncoloured = xcalloc((size_t)c->W + 1, sizeof *c->uncoloured);
	c->class_room = xcalloc((size_t)c->W + 1, sizeof *c->class_room);
	c->allowed = xcalloc((size_t)c->W + 1, sizeof *c->allowed);
	c->class_of = xcalloc((size_t)c->n + 1, sizeof *c->class_of);
	c->elim = xcalloc((size_t)c->n + 1, sizeof *c->elim);
	c->fl_allowed = xcalloc((size_t)c->W + 1, sizeof *c->fl_allowed);
	c->fl2_allowed = xcalloc((size_t)c->W + 1, sizeof *c->fl2_allowed);
	c->allowed_start = xcalloc((size_t)c->W + 1, sizeof *c->allowed_start);
	c->cnext = xcalloc((size_t)c->n + 1, sizeof *c->cnext);
	c->wfail = xcalloc((size_t)c->n + 1, sizeof *c->wfail);
	c->cver = 1;

	search_init(&c->search, 16, g->n + 2);
	grow_levels(c, 16);
	clique_restart(c);
	return c;
}

void clique_free(struct clique *c)
{
	if (!c)
		return;
	graph_free(c->h);
	free(c->order);
	free(c->best);
	free(c->cands);
	free(c->lo);
	free(c->hi);
	free(c->base);
	free(c->bound);
	free(c->lv);
	free(c->lc);
	free(c->uncoloured);
	free(c->class_room);
	free(c->cls);
	free(c->cls_lo);
	free(c->cls_hi);
	free(c->used);
	free(c->take);
	free(c->need);
	free(c->allowed);
	free(c->fv);
	free(c->fk);
	free(c->cvirt);
	free(c->vcl);
	free(c->cbase);
	free(c->csize);
	free(c->queue);
	free(c->pq);
	free(c->fl_csize);
	free(c->chead);
	free(c->cnext);
	free(c->wfail);
	free(c->fl_take);
	free(c->fl2_csize);
	free(c->fl2_take);
	free(c->fl2_allowed);
	free(c->fl_allowed);
	free(c->allowed_start);
	free(c->class_of);
	free(c->elim);
	free(c->plv);
	free(c->plc);
	free(c->probe_cands);
	search_free(&c->search);
	free(c);
}

/* The candidates at the root: every vertex. */
static void root_set(const struct clique *c, uint64_t *cands, int *lo, int *hi)
{
	memset(cands, 0, sizeof *cands * (size_t)c->W);
	for (int v = 0; v < c->n; v++)
		graph_bit_set(cands, v);
	*lo = 0;
	*hi = c->W - 1;
}

void clique_restart(struct clique *c)
{
	root_set(c, cands_at(c, 0), &c->lo[0], &c->hi[0]);
	c->base[0] = 0;
	c->best_k = c->floor;
	c->best_n = 0;
	c->enumerate = c->enumerate_next;
	search_restart(&c->search);
}

void clique_set_floor(struct clique *c, int k)
{
	/* No clique has more than n vertices: a floor above that is n (and
	 * keeps the sizes the search adds to it far from overflow). */
	c->floor = k < 0 ? 0 : k > c->n ? c->n : k;
}

void clique_set_enumerate(struct clique *c, bool on)
{
	c->enumerate_next = on;
}

void clique_enumerate_from_here(struct clique *c)
{
	c->enumerate = true;
	c->best_k = c->best_n - 1;
}

void clique_set_target(struct clique *c, int k)
{
	c->target = k > 0 ? k : 0;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The clique of the node at level (its level vertices) is the best, or
 * in enumerate mode the latest found (the size to beat stays the floor,
 * so that every clique one larger is found). */
static void record_best(struct clique *c, int level)
{
	for (int l = 0; l < level; l++)
		c->best[l] = c->order[c->lv[c->base[l] + c->search.kth[l]]];
	qsort(c->best, (size_t)level, sizeof *c->best, cmp_int);
	c->best_n = level;
	if (!c->enumerate)
		c->best_k = level;
}

/* The vertex of level's child in place (the caller's number). */
static int child_vertex(const struct clique *c, int level, int k)
{
	return c->order[c->lv[c->base[level] + k]];
}

/* ---- the hooks of the search (search.h) ---------------------------------- */

/* A leaf (no candidates, or in enumerate mode a clique of floor + 1,
 * which is a solution whether or not it could grow): a solution if it
 * beats the best.  Else the children, highest colour first.  1 mem to
 * enter. */
SEARCH_HOOK enum search_node clique_enter(void *eng, int level)
{
	struct clique *c = eng;
	struct search *s = &c->search;
	s->st.mems++;
	if (c->lo[level] > c->hi[level] || (c->enumerate && level > c->best_k)) {
		s->degree[level] = 0;
		c->bound[level] = level;
		if (level <= c->best_k)
			return SEARCH_BRANCH;
		record_best(c, level);
		return SEARCH_SOLUTION;
	}
	int lo = c->lo[level], hi = c->hi[level];
	size_t b = (size_t)c->base[level];
	grow_lists(c, b + (size_t)(hi - lo + 1) * 64);
	s->degree[level] = children(c, cands_at(c, level), lo, hi, level, c->lv + b, c->lc + b, &s->st.mems,
	                            &c->bound[level]);
	return SEARCH_BRANCH;
}

/* The next child, unless its colour cannot beat the best (nor can the
 * rest, coloured no higher): its candidates are the node's cut to its
 * neighbours. */
SEARCH_HOOK enum search_step clique_try_next(void *eng, int level)
{
	struct clique *c = eng;
	struct search *s = &c->search;
	if (s->degree[level] == 0 && c->lo[level] <= c->hi[level]) {
		/* candidates, but none can beat the best */
		c->cut_at = -1;
		c->cut_bound = c->bound[level];
		return SEARCH_CUT;
	}
	int k = ++s->kth[level];
	if (k >= s->degree[level])
		return SEARCH_NONE_LEFT;
	size_t at = (size_t)c->base[level] + (size_t)k;
	int v = c->lv[at], col = c->lc[at];
	if (col != NO_COLOUR && level + col <= c->best_k) {
		c->cut_at = k;
		c->cut_bound = (long)level + col;
		return SEARCH_CUT;
	}
	grow_levels(c, level + 2);
	int lo = c->lo[level], hi = c->hi[level];
	cut(cands_at(c, level + 1), cands_at(c, level), graph_row(c->h, v), lo, hi, &c->lo[level + 1], &c->hi[level + 1]);
	c->base[level + 1] = c->base[level] + s->degree[level];
	s->st.mems += (uint64_t)(hi - lo + 1);
	s->st.updates++;
	return SEARCH_TRIED_ONE;
}

/* The vertex taken back leaves the node's candidates, so that the
 * cliques holding it are not found again below its later siblings. */
SEARCH_HOOK void clique_undo(void *eng, int level)
{
	struct clique *c = eng;
	int v = c->lv[(size_t)c->base[level] + (size_t)c->search.kth[level]];
	graph_bit_clear(cands_at(c, level), v);
	c->search.st.mems++;
}

/* The target met by a clique found, not by a floor above it (best_n is 0
 * until one is; in enumerate mode best_k stays the floor). */
SEARCH_HOOK bool clique_finished(void *eng)
{
	const struct clique *c = eng;
	return c->target && c->best_n >= c->target;
}

static void clique_describe(void *eng, struct engine_event *ev)
{
	const struct clique *c = eng;
	int level = ev->level;
	switch (ev->kind) {
	case ENGINE_EV_CHOOSE:
		if (ev->choices)
			ev->subject = child_vertex(c, level, 0);
		break;
	case ENGINE_EV_TRY:
	case ENGINE_EV_UNDO:
		ev->subject = ev->choice = child_vertex(c, level, ev->index);
		break;
	case ENGINE_EV_PRUNE:
		ev->why = "colour bound";
		ev->value = c->cut_bound;
		ev->choices = c->search.degree[level];
		if (c->cut_at >= 0) {
			ev->index = c->cut_at;
			ev->subject = child_vertex(c, level, c->cut_at);
		}
		break;
	default:
		break;
	}
}

static const struct search_hooks clique_hooks = {
	.enter = clique_enter,
	.try_next = clique_try_next,
	.undo = clique_undo,
	.finished = clique_finished,
	.describe = clique_describe,
};

enum engine_status clique_run(struct clique *c, const struct engine_ctl *ctl)
{
	return search_run(&c->search, &clique_hooks, c, ctl);
}

const struct engine_event *clique_event(const struct clique *c)
{
	return &c->search.ev;
}

const struct search_stats *clique_stats(const struct clique *c)
{
	return &c->search.st;
}

/* A leaf and a node cut whole count as finished. */
double clique_progress(const struct clique *c)
{
	return search_progress(&c->search, true);
}

void clique_probe(struct clique *c, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	if (!c->probe_cands) {
		c->probe_cands = xcalloc((size_t)c->W + 1, sizeof *c->probe_cands);
		c->plv = xmalloc(sizeof *c->plv * (size_t)(c->n + 1));
		c->plc = xmalloc(sizeof *c->plc * (size_t)(c->n + 1));
	}
	uint64_t *cands = c->probe_cands, mems = 0;
	int lo, hi, level = 0;
	long bound;
	root_set(c, cands, &lo, &hi);
	*solution = false;
	for (;;) {
		if (lo > hi || (c->enumerate && level > c->best_k)) {
			*solution = level > c->best_k;
			break;
		}
		int m = children(c, cands, lo, hi, level, c->plv, c->plc, &mems, &bound);
		if (m == 0)
			break;
		int k = (int)rng_below(r, (uint64_t)m);
		/* the siblings tried before it are gone from its candidates */
		for (int i = 0; i < k; i++)
			graph_bit_clear(cands, c->plv[i]);
		cut(cands, cands, graph_row(c->h, c->plv[k]), lo, hi, &lo, &hi);
		if (level == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*degrees = xreallocarray(*degrees, (size_t)*cap, sizeof **degrees);
		}
		(*degrees)[level++] = m;
	}
	*depth = level;
}

int clique_path(const struct clique *c, int *out)
{
	int k = search_path_len(&c->search);
	for (int l = 0; l < k; l++)
		out[l] = child_vertex(c, l, c->search.kth[l]);
	return k;
}

int clique_best(const struct clique *c, int *out)
{
	memcpy(out, c->best, sizeof *out * (size_t)c->best_n);
	return c->best_n;
}

/* A clique by taking, while candidates are left, the first (front) or
 * the last of them in h's order, into out (h's numbers); returns its
 * size.  O(n / 64 + k W) words. */
static int greedy(struct clique *c, bool front, int *out)
{
	uint64_t *cands = c->uncoloured;   /* the colouring's scratch, free here */
	int lo, hi, k = 0;
	root_set(c, cands, &lo, &hi);
	while (lo <= hi) {
		if (!cands[lo]) {
			lo++;
			continue;
		}
		if (!cands[hi]) {
			hi--;
			continue;
		}
		int v = front ? lo * 64 + __builtin_ctzll(cands[lo]) : hi * 64 + 63 - __builtin_clzll(cands[hi]);
		out[k++] = v;
		const uint64_t *row = graph_row(c->h, v);
		for (int x = lo; x <= hi; x++)
			cands[x] &= row[x];
		c->search.st.mems += (uint64_t)(hi - lo + 1);
	}
	return k;
}

void clique_seed_greedy(struct clique *c)
{
	if (c->search.phase != SEARCH_START || c->enumerate || c->n == 0)
		return;
	/* From the back of the degeneracy order, as the search's first
	 * descent goes (its first child is the last vertex of the top
	 * class), so that the search finds the same clique as without the
	 * seed when that descent is a largest one; from the front, the
	 * densest core, often larger.  The larger of the two, the first on
	 * a tie.  A complete graph is taken whole either way. */
	int *a = c->best, *b = xmalloc(sizeof *b * (size_t)c->n);
	int ka = greedy(c, false, a), kb = greedy(c, true, b);
	if (kb > ka) {
		memcpy(a, b, sizeof *a * (size_t)kb);
		ka = kb;
	}
	free(b);
	if (ka > c->best_k) {
		for (int i = 0; i < ka; i++)
			a[i] = c->order[a[i]];
		qsort(a, (size_t)ka, sizeof *a, cmp_int);
		c->best_k = ka;
		c->best_n = ka;
	}
}

int clique_max(const struct graph *g, int *out, const atomic_int *cancel, struct search_stats *st)
{
	struct clique *c = clique_new(g, CLIQUE_BNB);
	clique_seed_greedy(c);
	struct engine_ctl ctl = { .cancel = cancel };
	enum engine_status s = clique_run(c, &ctl);
	int k = -1;
	if (s == ENGINE_DONE) {
		k = c->best_n;
		if (out)
			memcpy(out, c->best, sizeof *out * (size_t)k);
	}
	if (st)
		stats_copy(st, &c->search.st);
	clique_free(c);
	return k;
}
