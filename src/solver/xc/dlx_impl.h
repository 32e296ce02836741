/* The inside of struct dlx, for the engines built on it (dlx.c and the
 * estimator).  Not for use outside src/solver/. */
#ifndef LD_DLX_IMPL_H
#define LD_DLX_IMPL_H

#include "solver/search.h"
#include "solver/xc/dlx.h"

/* A node: its links in the list of its item.  The rest of what DLX1 keeps
 * in a node lives in side arrays (itm[], left[], size[]), so the links of
 * a problem the size of Kanoodle stay within the first-level cache.
 *
 * Options are stored contiguously, without spacer nodes between them; the
 * option of node x is nodes x - left[x] .. x - left[x] + size[x] - 1.
 * Item headers are nodes 1..n_items. */
struct dlx_node {
	int32_t up, down;
};

/* Added to len[] of a covered item.  The branching scan then needs no list
 * of active items: a covered item simply never has the smallest length. */
#define DLX_COVERED (1 << 30)

struct dlx {
	const struct xc_problem *xc;
	enum dlx_rule rule;
	int n_items, n_primary;  /* items are 1..n_items, primary ones first */
	int first_node;          /* the first option node */
	int n_nodes;
	struct dlx_node *nd;
	int32_t *itm;            /* the item of each node */
	uint16_t *left, *size;   /* where each node sits in its option */
	int32_t *len;            /* list lengths (+ DLX_COVERED when covered) */
	int32_t *first;          /* first node of a covered item's list, see dlx_cover */
	int32_t *opt_of;         /* problem option of each node (output only) */
	bool shared_layout;      /* itm, left, size, opt_of are a template's (dlx_clone) */
	int active_primary;      /* primary items not covered */
	/* No primary item before this one is uncovered: the choice of item
	 * starts its scan here, and moves it on past the covered ones, so a
	 * search that covers items from the front (a board filled in reading
	 * order, a chain of forced moves) scans only what is left.  Uncover
	 * moves it back. */
	int low_primary;
	bool track_empty;        /* keep empty_primary (DLX_TRACK_EMPTY_MIN) */
	bool skip_own;           /* cover as DLX1 does (DLX_SKIP_OWN_MAX) */
	int empty_primary;       /* of the uncovered, how many have no option left */

	/* The search (search.h): its phase, level, each level's degree (the
	 * options of the item branched on) and which of them is in place,
	 * the counters and the event. */
	struct search s;
	int depth;               /* room in the per-level arrays */
	int32_t *choice;         /* node tried at each level */
	int32_t *best;           /* item branched on at each level */
	dlx_solution_fn *on_solution;  /* dlx_set_on_solution */
	void *on_solution_ctx;

	/* What is covered for the option at each level, besides the item
	 * branched on: held[held_base[l] .. held_base[l] + held_n[l] - 1], in
	 * the order covered, with the length and the hidden nodes of each item
	 * at the time (see place() in dlx.c). */
	int32_t *held;
	int32_t *held_len, *held_hidden;
	int32_t *held_base, *held_n;
	uint32_t *mark;          /* per item, for intersecting options */
	void *search_block;      /* where the search's per-level arrays and the arrays above live */
	uint32_t mark_gen;
	int32_t last_len;        /* of the last dlx_cover: its list length */
	uint64_t last_hidden;    /* and the nodes it hid */

	/* memoized counting */
	struct memo *memo;
	int memo_min_level;
	/* The shallowest node of the path with two choices or more, or
	 * INT_MAX.  A node above it or at it is met by one path only, so it
	 * is never in the cache, nor looked up: a long run of forced moves
	 * (a chain of n items, each with one option) then costs no signature
	 * of n bits a node. */
	int fork_level;
	bool memo_off;
	bool memo_adaptive;
	uint64_t memo_lookups, memo_found;
	int key_words;
	uint64_t *keys;          /* each level's signature (key_words words) */
	int key_levels;          /* levels keys has room for */
	uint64_t *key_hash;      /* and its hash */
	uint64_t *child_key;     /* scratch for a child's signature */
	u128 *entry_count;        /* solutions when the level was entered */
	bool *pending;           /* the level's count is to be stored */
	bool *looked_up;         /* the level's signature was looked up already */

	/* splitting */
	struct dlx_split split;
	bool has_split;
	uint64_t unit_seq;       /* units met so far */
	uint64_t unit;           /* the unit being searched */
};

#if defined(__GNUC__) || defined(__clang__)
#define DLX_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define DLX_ALWAYS_INLINE inline
#endif

/* Two ways of working that pay on some problems and cost on others, each
 * fixed when the links are laid out (dlx_new), by the problem's shape.
 *
 * Problems with at least DLX_TRACK_EMPTY_MIN primary items keep count of
 * the ones whose lists are empty (empty_primary), so that the choice of
 * item can stop at the first list of one when there is none: the count
 * costs a test per node hidden, which a problem with few items (Kanoodle's
 * 67: 40% slower) does not win back, and one with hundreds (Sudoku's 324,
 * where most choices are forced) wins back twice over.
 *
 * Covering an item hides the options of its list.  DLX1 unlinks each from
 * every list but the item's own; with long options it is faster to
 * unlink the whole option, the covered item's list included, without a
 * node to skip: one loop per option instead of two (Kanoodle's options of
 * 6 nodes: 15% faster).  With options of DLX_SKIP_OWN_MAX nodes or fewer
 * on average, the node saved is the larger share (Sudoku's 4: 12%
 * faster), and the item's own list is left as DLX1 leaves it. */
#define DLX_TRACK_EMPTY_MIN 128
#define DLX_SKIP_OWN_MAX 4.5

static DLX_ALWAYS_INLINE int dlx_hide_node(struct dlx_node *restrict nd, const int32_t *restrict itm,
                                           int32_t *restrict len, int n_primary, int nn, bool track)
{
	int32_t uu = nd[nn].up, dd = nd[nn].down, c = itm[nn];
	nd[uu].down = dd;
	nd[dd].up = uu;
	int32_t l = --len[c];
	return track ? (l == 0) & (c <= n_primary) : 0;
}

static DLX_ALWAYS_INLINE int dlx_unhide_node(struct dlx_node *restrict nd, const int32_t *restrict itm,
                                             int32_t *restrict len, int n_primary, int nn, bool track)
{
	int32_t uu = nd[nn].up, dd = nd[nn].down, c = itm[nn];
	nd[uu].down = nn;
	nd[dd].up = nn;
	int32_t l = len[c]++;
	return track ? (l == 0) & (c <= n_primary) : 0;
}

/* Cover item c: take it out of play and hide every option in its list
 * (see above for the two ways).  When the whole option is unlinked, c's
 * list is left empty while c is covered; the nodes taken out of it keep
 * their down links (nothing touches an unlinked node), so the list can
 * still be walked from its first node, kept in first[c] either way.
 *
 * Charged as DLX1 charges it: one update for the item and one per node it
 * hides; 4 + 3L + 6H mems for a list of length L from which H nodes are
 * hidden.  `track` and `skip_own` are d's, constants in each copy. */
static DLX_ALWAYS_INLINE void dlx_cover_as(struct dlx *d, int c, bool track, bool skip_own)
{
	struct dlx_node *restrict nd = d->nd;
	const int32_t *restrict itm = d->itm;
	int32_t *restrict len = d->len;
	uint64_t l = (uint64_t)len[c], total = 0;
	int np = d->n_primary, emptied = 0;
	int rr = nd[c].down;
	d->first[c] = rr;
	for (; rr != c; rr = nd[rr].down) {
		int first = rr - d->left[rr], end = first + d->size[rr];
		if (skip_own) {
			for (int nn = rr + 1; nn < end; nn++)
				emptied += dlx_hide_node(nd, itm, len, np, nn, track);
			for (int nn = first; nn < rr; nn++)
				emptied += dlx_hide_node(nd, itm, len, np, nn, track);
		} else {
			for (int nn = first; nn < end; nn++)
				emptied += dlx_hide_node(nd, itm, len, np, nn, track);
		}
		total += d->size[rr];
	}
	/* c's own list: empty now (whole options), else untouched */
	bool empty = skip_own ? l == 0 : true;
	len[c] += DLX_COVERED;
	if (c <= np) {
		d->active_primary--;
		if (track && empty)
			emptied--; /* counted empty, it leaves play */
	}
	if (track)
		d->empty_primary += emptied;
	uint64_t hidden = total - l;
	d->last_len = (int32_t)l;
	d->last_hidden = hidden;
	d->s.st.updates += 1 + hidden;
	d->s.st.links += 1 + (skip_own ? hidden : total);
	d->s.st.mems += 4 + 3 * l + 6 * hidden;
}

/* The exact inverse of dlx_cover(c), once everything covered since has
 * been uncovered.  Whole options go back in the order they left: in any
 * one list they left top to bottom (lists are in input order), and
 * re-inserting such a run top to bottom restores it, as Knuth observes in
 * DLX1.  Options unlinked but from c's list go back as DLX1 puts them,
 * in the reverse order. */
static DLX_ALWAYS_INLINE void dlx_uncover_as(struct dlx *d, int c, bool track, bool skip_own)
{
	struct dlx_node *restrict nd = d->nd;
	const int32_t *restrict itm = d->itm;
	int32_t *restrict len = d->len;
	uint64_t total = 0;
	int np = d->n_primary, filled = 0;
	len[c] -= DLX_COVERED;
	bool empty = skip_own ? len[c] == 0 : true;
	if (c <= np) {
		d->active_primary++;
		if (c < d->low_primary)
			d->low_primary = c;
		if (track && empty)
			filled--; /* back in play, and empty until restored */
	}
	if (skip_own) {
		for (int rr = nd[c].up; rr != c; rr = nd[rr].up) {
			int first = rr - d->left[rr], end = first + d->size[rr];
			for (int nn = rr - 1; nn >= first; nn--)
				filled += dlx_unhide_node(nd, itm, len, np, nn, track);
			for (int nn = end - 1; nn > rr; nn--)
				filled += dlx_unhide_node(nd, itm, len, np, nn, track);
			total += d->size[rr];
		}
	} else {
		for (int rr = d->first[c]; rr != c; rr = nd[rr].down) {
			int first = rr - d->left[rr], end = first + d->size[rr];
			for (int nn = first; nn < end; nn++)
				filled += dlx_unhide_node(nd, itm, len, np, nn, track);
			total += d->size[rr];
		}
	}
	if (track)
		d->empty_primary -= filled;
	uint64_t l = (uint64_t)len[c];
	d->s.st.mems += 4 + 3 * l + 6 * (total - l);
}

static DLX_ALWAYS_INLINE void dlx_cover(struct dlx *d, int c)
{
	if (d->track_empty) {
		if (d->skip_own)
			dlx_cover_as(d, c, true, true);
		else
			dlx_cover_as(d, c, true, false);
	} else {
		if (d->skip_own)
			dlx_cover_as(d, c, false, true);
		else
			dlx_cover_as(d, c, false, false);
	}
}

static DLX_ALWAYS_INLINE void dlx_uncover(struct dlx *d, int c)
{
	if (d->track_empty) {
		if (d->skip_own)
			dlx_uncover_as(d, c, true, true);
		else
			dlx_uncover_as(d, c, true, false);
	} else {
		if (d->skip_own)
			dlx_uncover_as(d, c, false, true);
		else
			dlx_uncover_as(d, c, false, false);
	}
}

/* Cover the other items of the option through node p, going right and
 * wrapping, as DLX1 does: s + 1 mems for an option of size s. */
static inline void dlx_cover_others(struct dlx *d, int p)
{
	int first = p - d->left[p], last = first + d->size[p] - 1;
	for (int nn = p + 1; nn <= last; nn++)
		dlx_cover(d, d->itm[nn]);
	for (int nn = first; nn < p; nn++)
		dlx_cover(d, d->itm[nn]);
	d->s.st.mems += (uint64_t)(last - first) + 2;
}

/* Undo dlx_cover_others(d, p): the same items, in reverse order. */
static inline void dlx_uncover_others(struct dlx *d, int p)
{
	int first = p - d->left[p], last = first + d->size[p] - 1;
	for (int nn = p - 1; nn >= first; nn--)
		dlx_uncover(d, d->itm[nn]);
	for (int nn = last; nn > p; nn--)
		dlx_uncover(d, d->itm[nn]);
	d->s.st.mems += (uint64_t)(last - first) + 2;
}

/* The item to branch on, by d->rule; *deg gets its length. */
int dlx_choose(struct dlx *d, int *deg);

#endif
