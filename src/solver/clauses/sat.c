#include "config.h"

#include "solver/clauses/sat.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

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

enum phase {
	PH_START,    /* nothing assigned */
	PH_FORWARD,  /* at a node not yet entered (its propagation done) */
	PH_CHOSEN,   /* chose what to branch on; no branch taken yet */
	PH_TRIED,    /* took branch kth[level]; the child not yet entered */
	PH_LEAF,     /* at a solution or a dead end */
	PH_UNDONE,   /* took branch kth[level] back */
	PH_DONE,
};

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

	/* The path: per level, what is branched on and where it stands. */
	int room;                  /* levels the arrays have room for */
	int *subject, *degree, *kth, *mark, *cand_base;
	int *cand, cand_cap;       /* the literals branched on, level after level */
	int level;
	enum phase phase;

	struct engine_event ev;
	struct search_stats st;
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
	s->degree = xcalloc((size_t)s->room, sizeof *s->degree);
	s->kth = xcalloc((size_t)s->room, sizeof *s->kth);
	s->mark = xcalloc((size_t)s->room, sizeof *s->mark);
	s->cand_base = xcalloc((size_t)s->room, sizeof *s->cand_base);
	s->cand_cap = 64;
	s->cand = xcalloc((size_t)s->cand_cap, sizeof *s->cand);
	stats_init(&s->st, s->room);
	s->phase = PH_START;
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
	free(s->degree);
	free(s->kth);
	free(s->mark);
	free(s->cand_base);
	free(s->cand);
	stats_free(&s->st);
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
	s->st.mems += 1 + (uint64_t)(s->occ_start[x + 1] - s->occ_start[x]) +
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
	s->st.mems += 1 + (uint64_t)(s->occ_start[x + 1] - s->occ_start[x]) +
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
		s->st.mems++;
		if (s->n_true[c])
			continue;
		for (int j = s->start[c]; j < s->start[c + 1]; j++) {
			s->st.mems++;
			if (lit_val(s, s->lit[j]) == 0) {
				assign(s, s->lit[j]);
				s->st.updates++;
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
	s->st.mems += (uint64_t)s->n_clauses;
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
	s->st.mems += 1 + 2 * (uint64_t)seen;
	return best;
}

static int *level_cand(struct sat *s, int level, int need)
{
	int base = level ? s->cand_base[level - 1] + s->degree[level - 1] : 0;
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
		s->st.mems += (uint64_t)(s->start[c + 1] - s->start[c]);
		s->subject[level] = c;
	} else if (s->n_trail < s->n_vars) {
		int v = 1;
		while (s->val[v])
			v++;
		s->st.mems += (uint64_t)v;
		int *cand = level_cand(s, level, 2);
		cand[0] = -v;
		cand[1] = v;
		k = 2;
		s->subject[level] = -v;
	}
	s->degree[level] = k;
	s->kth[level] = 0;
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
	s->level = 0;
	s->phase = PH_START;
	stats_clear(&s->st);
	memset(&s->ev, 0, sizeof s->ev);
}

static void event(struct sat *s, enum engine_event_kind kind, int level)
{
	s->ev = (struct engine_event){ .kind = kind, .level = level, .subject = -1, .choice = 0, .index = -1 };
	if (kind == ENGINE_EV_CHOOSE || kind == ENGINE_EV_TRY || kind == ENGINE_EV_UNDO) {
		s->ev.subject = s->subject[level];
		s->ev.choices = s->degree[level];
	}
	if (kind == ENGINE_EV_TRY || kind == ENGINE_EV_UNDO) {
		s->ev.index = s->kth[level];
		s->ev.choice = s->cand[s->cand_base[level] + s->kth[level]];
	}
}

enum engine_status sat_run(struct sat *s, const struct engine_ctl *ctl)
{
	struct search_stats *st = &s->st;
	uint64_t mems_limit = ctl->mems_budget ? st->mems + ctl->mems_budget : UINT64_MAX;
	int level = s->level;
	enum engine_status status;

	switch (s->phase) {
	case PH_START:
		level = 0;
		root(s);
		goto forward;
	case PH_FORWARD:
		goto forward;
	case PH_CHOSEN:
		goto advance;
	case PH_TRIED:
		goto tried;
	case PH_LEAF:
		goto backup;
	case PH_UNDONE:
		goto undone;
	case PH_DONE:
		event(s, ENGINE_EV_DONE, 0);
		return ENGINE_DONE;
	}

forward:
	if (ctl->cancel && atomic_load_explicit(ctl->cancel, memory_order_relaxed)) {
		status = ENGINE_CANCELLED;
		s->phase = PH_FORWARD;
		goto out;
	}
	if (st->mems >= mems_limit) {
		status = ENGINE_BUDGET;
		s->phase = PH_FORWARD;
		goto out;
	}
	st->nodes++;
	st->profile[level]++;
	if (level > st->max_level)
		st->max_level = level;
	s->mark[level] = s->n_trail;
	if (s->conflict >= 0) {
		s->subject[level] = s->conflict;
		s->degree[level] = 0;
		s->kth[level] = 0;
		event(s, ENGINE_EV_CHOOSE, level);
		s->phase = PH_LEAF;
		if (ctl->step) {
			status = ENGINE_STEP;
			goto out;
		}
		goto backup;
	}
	if (choose(s, level) == 0) {
		st->solutions = stats_add_count(st->solutions, 1, &st->overflow);
		event(s, ENGINE_EV_SOLUTION, level);
		s->phase = PH_LEAF;
		if (ctl->step || ctl->report_solutions || (ctl->max_solutions && st->solutions >= ctl->max_solutions)) {
			status = ctl->step ? ENGINE_STEP : ctl->report_solutions ? ENGINE_SOLUTION : ENGINE_LIMIT;
			goto out;
		}
		goto backup;
	}
	if (ctl->step) {
		event(s, ENGINE_EV_CHOOSE, level);
		s->phase = PH_CHOSEN;
		status = ENGINE_STEP;
		goto out;
	}
advance:
	if (s->kth[level] == s->degree[level])
		goto backup;
	try_branch(s, level, s->kth[level]);
	if (ctl->step) {
		event(s, ENGINE_EV_TRY, level);
		s->phase = PH_TRIED;
		status = ENGINE_STEP;
		goto out;
	}
tried:
	level++;
	goto forward;

backup:
	if (level == 0) {
		s->phase = PH_DONE;
		event(s, ENGINE_EV_DONE, 0);
		status = ENGINE_DONE;
		goto out;
	}
	level--;
	undo_to(s, s->mark[level]);
	st->mems += 2;
	if (ctl->step) {
		event(s, ENGINE_EV_UNDO, level);
		s->phase = PH_UNDONE;
		status = ENGINE_STEP;
		goto out;
	}
undone:
	s->kth[level]++;
	goto advance;

out:
	s->level = level;
	st->level = level;
	return status;
}

const struct engine_event *sat_event(const struct sat *s)
{
	return &s->ev;
}

const struct search_stats *sat_stats(const struct sat *s)
{
	return &s->st;
}

double sat_progress(const struct sat *s)
{
	if (s->phase == PH_DONE)
		return 1.0;
	if (s->phase == PH_START)
		return 0.0;
	double f = 0.0, w = 1.0;
	for (int l = 0; l < s->level; l++) {
		if (s->degree[l] <= 0)
			break;
		w /= s->degree[l];
		f += w * s->kth[l];
	}
	return f;
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
	if (s->phase != PH_START)
		sat_restart(s);
	struct search_stats keep = s->st;
	int level = 0;
	*solution = false;
	root(s);
	while (s->conflict < 0) {
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
	s->st = keep;
}
