#include "config.h"

#include "solver/clauses/sat.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "solver/search.h"
#include "util/xalloc.h"

/* ---- the formula as it is built ----------------------------------------- */

void sat_formula_init(struct sat_formula *f, int n_vars)
{
	memset(f, 0, sizeof *f);
	f->n_vars = n_vars > 0 ? n_vars : 0;
	f->cap_clauses = 16;
	f->start = xcalloc((size_t)f->cap_clauses + 1, sizeof *f->start);
}

void sat_formula_free(struct sat_formula *f)
{
	free(f->lit);
	free(f->start);
	memset(f, 0, sizeof *f);
}

int sat_formula_add(struct sat_formula *f, const int *lits, int n)
{
	for (int i = 0; i < n; i++)
		if (lits[i] == 0 || lits[i] < -f->n_vars || lits[i] > f->n_vars)
			return -1;
	if (f->n_clauses == f->cap_clauses) {
		f->cap_clauses *= 2;
		f->start = xreallocarray(f->start, (size_t)f->cap_clauses + 1, sizeof *f->start);
	}
	int base = f->start[f->n_clauses];
	if (base + n > f->cap_lits) {
		f->cap_lits = base + n > 2 * f->cap_lits ? base + n : 2 * f->cap_lits;
		f->lit = xreallocarray(f->lit, (size_t)f->cap_lits, sizeof *f->lit);
	}
	int k = 0;
	for (int i = 0; i < n; i++) {
		bool seen = false;
		for (int j = 0; j < k && !seen; j++)
			seen = f->lit[base + j] == lits[i];
		if (!seen)
			f->lit[base + k++] = lits[i];
	}
	f->start[++f->n_clauses] = base + k;
	return f->n_clauses - 1;
}

/* ---- the search --------------------------------------------------------- */

struct sat {
	int n_vars, n_clauses;
	int *lit, *start;          /* the clauses, as in the formula */
	int *pos, n_pos;           /* the positive clauses, in order */
	int *occ_start, *occ;      /* the clauses holding each literal (index lit_ix) */
	int *n_free;               /* per clause: its literals not false */
	int *n_true;               /* per clause: its literals true */
	int8_t *val;               /* per variable: 1, -1, 0 unassigned */
	int *trail, n_trail;       /* the literals made true, in order */
	int *queue, q_head, q_tail; /* clauses left with one literal, to propagate */
	int n_unsat;               /* clauses with no literal true */
	int conflict;              /* a clause found false at this node, or -1 */
	sat_rule *rule;            /* the rule outside the clauses, or NULL */
	void *rule_ctx;
	int *forced;               /* what it forces, sat_vars long */

	/* The path: the phase, the level, each level's degree and the
	 * branch in place, the counters; and per level what is branched on,
	 * the trail's length on entering, where its literals start in cand. */
	struct search search;
	int room;                  /* levels the arrays have room for */
	int *subject, *mark, *cand_base;
	int *cand, cand_cap;       /* the literals branched on, level after level */
};

static inline int lit_ix(int l)
{
	return l > 0 ? 2 * l : -2 * l + 1;
}

static inline int lit_val(const struct sat *s, int l)
{
	return l > 0 ? s->val[l] : -s->val[-l];
}

static bool tautology(const struct sat *s, int c)
{
	for (int i = s->start[c]; i < s->start[c + 1]; i++)
		for (int j = i + 1; j < s->start[c + 1]; j++)
			if (s->lit[i] == -s->lit[j])
				return true;
	return false;
}

struct sat *sat_new(const struct sat_formula *f)
{
	struct sat *s = xcalloc(1, sizeof *s);
	int n = f->n_vars, m = f->n_clauses, n_lits = f->start[m];
	s->n_vars = n;
	s->n_clauses = m;
	s->start = xcalloc((size_t)m + 1, sizeof *s->start);
	memcpy(s->start, f->start, sizeof *s->start * ((size_t)m + 1));
	s->lit = xcalloc((size_t)n_lits + 1, sizeof *s->lit);
	if (n_lits)
		memcpy(s->lit, f->lit, sizeof *s->lit * (size_t)n_lits);

	s->n_unsat = m;
	s->pos = xcalloc((size_t)m + 1, sizeof *s->pos);
	s->n_free = xcalloc((size_t)m + 1, sizeof *s->n_free);
	s->n_true = xcalloc((size_t)m + 1, sizeof *s->n_true);
	int n_ix = 2 * n + 2;
	s->occ_start = xcalloc((size_t)n_ix + 1, sizeof *s->occ_start);
	s->occ = xcalloc((size_t)n_lits + 1, sizeof *s->occ);
	for (int c = 0; c < m; c++) {
		bool positive = true;
		for (int j = s->start[c]; j < s->start[c + 1]; j++) {
			s->occ_start[lit_ix(s->lit[j]) + 1]++;
			positive &= s->lit[j] > 0;
		}
		if (positive)
			s->pos[s->n_pos++] = c;
		s->n_free[c] = s->start[c + 1] - s->start[c];
		/* A clause holding a literal and its negation is satisfied by
		 * any assignment: it starts with a true literal that is never
		 * taken back, so it is never branched on nor propagated. */
		if (tautology(s, c)) {
			s->n_true[c] = 1;
			s->n_unsat--;
		}
	}
	for (int i = 0; i < n_ix; i++)
		s->occ_start[i + 1] += s->occ_start[i];
	int *fill = xcalloc((size_t)n_ix, sizeof *fill);
	for (int c = 0; c < m; c++)
		for (int j = s->start[c]; j < s->start[c + 1]; j++) {
			int x = lit_ix(s->lit[j]);
			s->occ[s->occ_start[x] + fill[x]++] = c;
		}
	free(fill);

	s->val = xcalloc((size_t)n + 1, sizeof *s->val);
	s->trail = xcalloc((size_t)n + 1, sizeof *s->trail);
	s->queue = xcalloc((size_t)m + 1, sizeof *s->queue);
	s->conflict = -1;

	/* Each branch sets a variable free at its node, so there are at most
	 * n levels of branching, and one more for the leaf below. */
	s->room = n + 2;
	s->subject = xcalloc((size_t)s->room, sizeof *s->subject);
	s->mark = xcalloc((size_t)s->room, sizeof *s->mark);
	s->cand_base = xcalloc((size_t)s->room, sizeof *s->cand_base);
	s->cand_cap = 64;
	s->cand = xcalloc((size_t)s->cand_cap, sizeof *s->cand);
	search_init(&s->search, s->room, s->room);
	return s;
}

void sat_free(struct sat *s)
{
	if (!s)
		return;
	free(s->lit);
	free(s->start);
	free(s->pos);
	free(s->occ_start);
	free(s->occ);
	free(s->n_free);
	free(s->n_true);
	free(s->val);
	free(s->trail);
	free(s->queue);
	free(s->subject);
	free(s->mark);
	free(s->cand_base);
	free(s->cand);
	free(s->forced);
	search_free(&s->search);
	free(s);
}

/* Make l true: every clause holding it gains a true literal, every clause
 * holding its negation loses a free one, and is then false (a conflict,
 * the first one kept) or a unit to propagate unless something in it is
 * true.  The loops always run to their end, so that undoing is exact.
 * Mems: one for the variable and the trail, one per clause touched. */
static void assign(struct sat *s, int l)
{
	int v = l > 0 ? l : -l;
	s->val[v] = (int8_t)(l > 0 ? 1 : -1);
	s->trail[s->n_trail++] = l;
	int x = lit_ix(l), y = lit_ix(-l);
	for (int i = s->occ_start[x]; i < s->occ_start[x + 1]; i++)
		if (s->n_true[s->occ[i]]++ == 0)
			s->n_unsat--;
	for (int i = s->occ_start[y]; i < s->occ_start[y + 1]; i++) {
		int c = s->occ[i];
		int left = --s->n_free[c];
		if (s->n_true[c])
			continue;
		if (left == 0) {
			if (s->conflict < 0)
				s->conflict = c;
		} else if (left == 1) {
			s->queue[s->q_tail++] = c;
		}
	}
	s->search.st.mems += 1 + (uint64_t)(s->occ_start[x + 1] - s->occ_start[x]) +
	              (uint64_t)(s->occ_start[y + 1] - s->occ_start[y]);
}

static void unassign_last(struct sat *s)
{
	int l = s->trail[--s->n_trail];
	int v = l > 0 ? l : -l;
	int x = lit_ix(l), y = lit_ix(-l);
	for (int i = s->occ_start[y]; i < s->occ_start[y + 1]; i++)
		s->n_free[s->occ[i]]++;
	for (int i = s->occ_start[x]; i < s->occ_start[x + 1]; i++)
		if (--s->n_true[s->occ[i]] == 0)
			s->n_unsat++;
	s->val[v] = 0;
	s->search.st.mems += 1 + (uint64_t)(s->occ_start[x + 1] - s->occ_start[x]) +
	              (uint64_t)(s->occ_start[y + 1] - s->occ_start[y]);
}

static void undo_to(struct sat *s, int mark)
{
	while (s->n_trail > mark)
		unassign_last(s);
	s->conflict = -1;
}

/* Make l true, a decision of the branch at this level, unless it is
 * already.  A branch's literals are distinct variables free at their node
 * (a clause holding v and -v is never branched on), so l is never false
 * here; were it, the branch would have no model. */
static void set(struct sat *s, int level, int l)
{
	int x = lit_val(s, l);
	if (x == 0)
		assign(s, l);
	else if (x < 0 && s->conflict < 0)
		s->conflict = s->subject[level];
}

/* Unit propagation: each queued clause not yet satisfied gets its one free
 * literal made true, until nothing is queued or a clause is false. */
static void propagate(struct sat *s)
{
	while (s->q_head < s->q_tail && s->conflict < 0) {
		int c = s->queue[s->q_head++];
		s->search.st.mems++;
		if (s->n_true[c])
			continue;
		for (int j = s->start[c]; j < s->start[c + 1]; j++) {
			s->search.st.mems++;
			if (lit_val(s, s->lit[j]) == 0) {
				assign(s, s->lit[j]);
				s->search.st.updates++;
				break;
			}
		}
	}
	s->q_head = s->q_tail = 0;
}

/* The root: the empty clause is a conflict, the unit clauses propagate. */
static void root(struct sat *s)
{
	s->q_head = s->q_tail = 0;
	s->conflict = -1;
	for (int c = 0; c < s->n_clauses; c++) {
		if (s->n_free[c] == 0 && s->conflict < 0)
			s->conflict = c;
		else if (s->n_free[c] == 1)
			s->queue[s->q_tail++] = c;
	}
	s->search.st.mems += (uint64_t)s->n_clauses;
	propagate(s);
}

/* The shortest clause with nothing true among those listed (all clauses
 * if list is NULL), ties to the first; -1 if every one is satisfied.
 * After propagation without a conflict no such clause has fewer than two
 * free literals, so two ends the scan.  Mems: 1 + 2 per clause looked at,
 * as DLX1 charges its walk along the items. */
static int shortest(struct sat *s, const int *list, int n)
{
	int best = -1, size = INT_MAX, seen = 0;
	for (int i = 0; i < n && size > 2; i++, seen++) {
		int c = list ? list[i] : i;
		if (!s->n_true[c] && s->n_free[c] < size) {
			best = c;
			size = s->n_free[c];
		}
	}
	s->search.st.mems += 1 + 2 * (uint64_t)seen;
	return best;
}

static int *level_cand(struct sat *s, int level, int need)
{
	int base = level ? s->cand_base[level - 1] + s->search.degree[level - 1] : 0;
	s->cand_base[level] = base;
	if (base + need > s->cand_cap) {
		while (base + need > s->cand_cap)
			s->cand_cap *= 2;
		s->cand = xreallocarray(s->cand, (size_t)s->cand_cap, sizeof *s->cand);
	}
	return s->cand + base;
}

/* What the node at this level branches on, its choices put in place;
 * returns how many (0: every clause is satisfied and every variable set,
 * a solution). */
static int choose(struct sat *s, int level)
{
	int c = shortest(s, s->pos, s->n_pos);
	if (c < 0 && s->n_unsat > 0)
		c = shortest(s, NULL, s->n_clauses);
	int k = 0;
	if (c >= 0) {
		int *cand = level_cand(s, level, s->n_free[c]);
		for (int j = s->start[c]; j < s->start[c + 1]; j++)
			if (lit_val(s, s->lit[j]) == 0)
				cand[k++] = s->lit[j];
		s->search.st.mems += (uint64_t)(s->start[c + 1] - s->start[c]);
		s->subject[level] = c;
	} else if (s->n_trail < s->n_vars) {
		int v = 1;
		while (s->val[v])
			v++;
		s->search.st.mems += (uint64_t)v;
		int *cand = level_cand(s, level, 2);
		cand[0] = -v;
		cand[1] = v;
		k = 2;
		s->subject[level] = -v;
	}
	s->search.degree[level] = k;
	return k;
}

/* Branch i of the node at this level: its literal true, the ones before
 * it false, and what follows from them. */
static void try_branch(struct sat *s, int level, int i)
{
	const int *cand = s->cand + s->cand_base[level];
	s->q_head = s->q_tail = 0;
	for (int j = 0; j < i; j++)
		set(s, level, -cand[j]);
	set(s, level, cand[i]);
	propagate(s);
}

static void unwind(struct sat *s)
{
	undo_to(s, 0);
	s->q_head = s->q_tail = 0;
}

void sat_restart(struct sat *s)
{
	unwind(s);
	search_restart(&s->search);
	memset(&s->search.ev, 0, sizeof s->search.ev);
}

/* ---- the hooks of the search (search.h) ---------------------------------- */

static const struct search_hooks sat_hooks;

/* The root: the unit clauses propagated. */
SEARCH_HOOK void sat_begin(void *eng)
{
	root(eng);
}

/* The rule outside the clauses at a node, to a fixed point with
 * propagation: false if the node breaks it.  A clause found false on the
 * way is left in s->conflict.  What the rule forces is propagation, so
 * it goes on the trail of the choice that led here, as the units do, and
 * is taken back with it. */
static inline bool apply_rule(struct sat *s)
{
	while (s->rule && s->conflict < 0) {
		int n = s->rule(s->rule_ctx, s, s->forced, &s->search.st.mems);
		if (n <= 0)
			return n == 0;
		s->q_head = s->q_tail = 0;
		for (int i = 0; i < n; i++) {
			int x = lit_val(s, s->forced[i]);
			if (x < 0)
				return false;
			if (x == 0) {
				assign(s, s->forced[i]);
				s->search.st.updates++;
			}
		}
		propagate(s);
	}
	return true;
}

/* A dead end if propagation found a clause false, or the node breaks the
 * rule (its CHOOSE event made at once, step mode or not); a solution if
 * nothing is left to branch on; else the branches of the clause or
 * variable chosen. */
SEARCH_HOOK enum search_node sat_enter(void *eng, int level)
{
	struct sat *s = eng;
	bool ruled = apply_rule(s);
	s->mark[level] = s->n_trail;
	if (s->conflict >= 0 || !ruled) {
		s->subject[level] = s->conflict >= 0 ? s->conflict : s->n_clauses;
		s->search.degree[level] = 0;
		search_event(&s->search, &sat_hooks, s, ENGINE_EV_CHOOSE, level);
		return SEARCH_BRANCH;
	}
	return choose(s, level) == 0 ? SEARCH_SOLUTION : SEARCH_BRANCH;
}

SEARCH_HOOK enum search_step sat_try_next(void *eng, int level)
{
	struct sat *s = eng;
	int k = ++s->search.kth[level];
	if (k >= s->search.degree[level])
		return SEARCH_NONE_LEFT;
	try_branch(s, level, k);
	return SEARCH_TRIED_ONE;
}

SEARCH_HOOK void sat_undo(void *eng, int level)
{
	struct sat *s = eng;
	undo_to(s, s->mark[level]);
	s->search.st.mems += 2;
}

static void sat_describe(void *eng, struct engine_event *ev)
{
	const struct sat *s = eng;
	int level = ev->level;
	ev->choice = 0;
	if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->subject = s->subject[level];
	if (ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->choice = s->cand[s->cand_base[level] + s->search.kth[level]];
}

static const struct search_hooks sat_hooks = {
	.begin = sat_begin,
	.enter = sat_enter,
	.try_next = sat_try_next,
	.undo = sat_undo,
	.describe = sat_describe,
};

enum engine_status sat_run(struct sat *s, const struct engine_ctl *ctl)
{
	return search_run(&s->search, &sat_hooks, s, ctl);
}

const struct engine_event *sat_event(const struct sat *s)
{
	return &s->search.ev;
}

const struct search_stats *sat_stats(const struct sat *s)
{
	return &s->search.st;
}

/* The branches finished at the levels above this one (a coarser measure
 * than search_progress: the node in place counts for nothing yet). */
double sat_progress(const struct sat *s)
{
	const struct search *search = &s->search;
	if (search->phase == SEARCH_DONE)
		return 1.0;
	if (search->phase == SEARCH_START)
		return 0.0;
	double f = 0.0, w = 1.0;
	for (int l = 0; l < search->level; l++) {
		if (search->degree[l] <= 0)
			break;
		w /= search->degree[l];
		f += w * search->kth[l];
	}
	return f;
}

void sat_set_rule(struct sat *s, sat_rule *rule, void *ctx)
{
	s->rule = rule;
	s->rule_ctx = ctx;
	if (!s->forced)
		s->forced = xcalloc((size_t)s->n_vars + 1, sizeof *s->forced);
}

int sat_vars(const struct sat *s)
{
	return s->n_vars;
}

int sat_clauses(const struct sat *s)
{
	return s->n_clauses;
}

int sat_clause(const struct sat *s, int c, const int **lits)
{
	*lits = s->lit + s->start[c];
	return s->start[c + 1] - s->start[c];
}

int sat_value(const struct sat *s, int v)
{
	return v >= 1 && v <= s->n_vars ? s->val[v] : 0;
}

int sat_trail(const struct sat *s, const int **lits)
{
	*lits = s->trail;
	return s->n_trail;
}

void sat_probe(struct sat *s, struct rng *r, int **degrees, int *cap, int *depth, bool *solution)
{
	if (s->search.phase != SEARCH_START)
		sat_restart(s);
	struct search_stats keep = s->search.st;
	int level = 0;
	*solution = false;
	root(s);
	while (apply_rule(s) && s->conflict < 0) {
		int k = choose(s, level);
		if (k == 0) {
			*solution = true;
			break;
		}
		if (level == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*degrees = xreallocarray(*degrees, (size_t)*cap, sizeof **degrees);
		}
		(*degrees)[level] = k;
		try_branch(s, level, (int)rng_below(r, (uint64_t)k));
		level++;
	}
	*depth = level;
	unwind(s);
	s->search.st = keep;
}

void sat_walk(struct sat *s, struct rng *r, struct engine_walk *w)
{
	if (s->search.phase != SEARCH_START)
		sat_restart(s);
	struct search_stats keep = s->search.st;
	search_walk(&s->search, &sat_hooks, s, r, w);
	unwind(s);
	s->search.st = keep;   /* unwinding counts mems too */
}
