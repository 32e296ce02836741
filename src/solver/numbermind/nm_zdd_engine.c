#include "config.h"

#include "solver/numbermind/nm_zdd_engine.h"

#include <stdlib.h>
#include <string.h>

#include "solver/search.h"
#include "util/xalloc.h"

struct nm_zdd_engine {
	struct engine base;
	struct nm_problem p;
	struct nm_zdd *z;                   /* being built, or built */
	bool built;
	struct search search;               /* the walk over the diagram */
	struct engine_event build_ev;       /* the last step of the build */
	bool build_event;                   /* ... is the engine's last event */
	uint32_t chain[NM_DIGITS_MAX + 1];  /* per level: the first node of its place's chain */
	uint32_t at[NM_DIGITS_MAX + 1];     /* per level: the node of the digit in place */
	int8_t path[NM_DIGITS_MAX];
	bool shortcut;                      /* the count read off the diagram at the root */
	u128 known;                         /* ... and what it was */
};

static struct nm_zdd_engine *of(const struct engine *e)
{
	return (struct nm_zdd_engine *)e;
}

SEARCH_HOOK enum search_node hook_enter(void *eng, int level)
{
	struct nm_zdd_engine *ne = eng;
	if (level == ne->p.digits)
		return SEARCH_SOLUTION;
	if (level == 0 && ne->shortcut) {
		bool overflow;
		struct search_stats *st = &ne->search.st;
		ne->known = nm_zdd_count(ne->z, &overflow);
		st->solutions = stats_add_count(st->solutions, ne->known, &st->overflow);
		st->overflow |= overflow;
		return SEARCH_KNOWN;
	}
	const struct zdd_core *c = nm_zdd_core(ne->z);
	uint32_t first = level == 0 ? nm_zdd_root(ne->z) : c->node[ne->at[level - 1]].hi;
	int degree = 0;
	for (uint32_t n = first; n > ZDD_CORE_TOP; n = c->node[n].lo)
		degree++;
	ne->chain[level] = first;
	ne->search.degree[level] = degree;
	ne->search.st.mems += (uint64_t)degree;
	return SEARCH_BRANCH;
}

SEARCH_HOOK enum search_step hook_try_next(void *eng, int level)
{
	struct nm_zdd_engine *ne = eng;
	int k = ++ne->search.kth[level];
	if (k >= ne->search.degree[level])
		return SEARCH_NONE_LEFT;
	const struct zdd_core *c = nm_zdd_core(ne->z);
	ne->at[level] = k == 0 ? ne->chain[level] : c->node[ne->at[level]].lo;
	ne->path[level] = (int8_t)nm_zdd_digit(ne->z, c->node[ne->at[level]].var);
	ne->search.st.updates++;
	ne->search.st.mems++;
	return SEARCH_TRIED_ONE;
}

SEARCH_HOOK void hook_undo(void *eng, int level)
{
	struct nm_zdd_engine *ne = eng;
	ne->path[level] = -1;
}

static void describe(void *eng, struct engine_event *ev)
{
	struct nm_zdd_engine *ne = eng;
	if (ev->kind == ENGINE_EV_CHOOSE || ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->subject = ev->level;
	if (ev->kind == ENGINE_EV_TRY || ev->kind == ENGINE_EV_UNDO)
		ev->choice = nm_zdd_digit(ne->z, nm_zdd_core(ne->z)->node[ne->at[ev->level]].var);
}

static const struct search_hooks hooks = {
	.enter = hook_enter,
	.try_next = hook_try_next,
	.undo = hook_undo,
	.describe = describe,
};

/* The next family of the build; ENGINE_STEP after it in step mode. */
static enum engine_status build(struct nm_zdd_engine *ne, const struct engine_ctl *ctl)
{
	while (!ne->built) {
		int guess = nm_zdd_step_guess(ne->z);
		enum zdd_end end = nm_zdd_next(ne->z, ctl->cancel);
		if (end == ZDD_CANCELLED)
			return ENGINE_CANCELLED;
		if (end == ZDD_NO_ROOM)
			return ENGINE_BUDGET;
		ne->built = nm_zdd_done(ne->z);
		if (ctl->step) {
			ne->build_ev = (struct engine_event){ .kind = ENGINE_EV_PRUNE, .subject = guess, .choice = -1,
				                              .index = -1, .why = "intersected" };
			ne->build_ev.value = (long)nm_zdd_size(ne->z);
			ne->build_event = true;
			return ENGINE_STEP;
		}
	}
	return ENGINE_DONE;
}

static enum engine_status ops_run(struct engine *e, const struct engine_ctl *ctl)
{
	struct nm_zdd_engine *ne = of(e);
	if (!ne->built) {
		if (ctl->cancel && atomic_load(ctl->cancel))
			return ENGINE_CANCELLED;
		enum engine_status st = build(ne, ctl);
		if (st != ENGINE_DONE)
			return st;
	}
	ne->build_event = false;
	/* A count with no limit is the diagram's, read at once: walking
	 * billions of secrets one by one is what the diagram spares.  The
	 * walk is for the animation and for secrets wanted one at a time. */
	ne->shortcut = !ctl->report_solutions && !ctl->max_solutions && !ctl->step;
	return search_run(&ne->search, &hooks, ne, ctl);
}

static void ops_restart(struct engine *e)
{
	struct nm_zdd_engine *ne = of(e);
	search_restart(&ne->search);
	ne->build_event = false;
	memset(ne->path, -1, sizeof ne->path);
}

static void ops_free(struct engine *e)
{
	struct nm_zdd_engine *ne = of(e);
	nm_zdd_free(ne->z);
	search_free(&ne->search);
	free(ne);
}

static const struct engine_event *ops_event(const struct engine *e)
{
	const struct nm_zdd_engine *ne = of(e);
	return ne->build_event ? &ne->build_ev : &ne->search.ev;
}

static const struct search_stats *ops_stats(const struct engine *e)
{
	return &of(e)->search.st;
}

/* The build is not a share of the tree: the walk's share alone. */
static double ops_progress(const struct engine *e)
{
	const struct nm_zdd_engine *ne = of(e);
	return ne->built ? search_progress(&ne->search, true) : 0.0;
}

static void ops_path_move(const struct engine *e, struct strbuf *out)
{
	nm_path_move(&of(e)->p, of(e)->path, out);
}

static void ops_event_note(const struct engine *e, struct note *out)
{
	const struct nm_zdd_engine *ne = of(e);
	const struct engine_event *ev = ops_event(e);
	note_clear(out);
	switch (ev->kind) {
	case ENGINE_EV_PRUNE:
		if (ev->subject < 0)
			note_say(out, "One digit in each place: every secret, a diagram of %ld nodes", ev->value);
		else
			note_say(out, "Guess %d has %d right: the secrets that fit so far make a diagram of %ld nodes",
			         ev->subject + 1, ne->p.correct[ev->subject], ev->value);
		break;
	case ENGINE_EV_CHOOSE:
		note_say(out, "Place %d: %d digit%s fit%s", ev->subject + 1, ev->choices, ev->choices == 1 ? "" : "s",
		         ev->choices == 1 ? "s" : "");
		break;
	case ENGINE_EV_TRY:
		note_say(out, "Place %d: tries %d", ev->subject + 1, ev->choice);
		break;
	case ENGINE_EV_UNDO:
		note_say(out, "Place %d: takes %d back", ev->subject + 1, ev->choice);
		break;
	case ENGINE_EV_SOLUTION: {
		char secret[NM_DIGITS_MAX + 1];
		for (int i = 0; i < ne->p.digits; i++)
			secret[i] = (char)('0' + ne->path[i]);
		secret[ne->p.digits] = '\0';
		note_say(out, "A secret that fits every guess: %s", secret);
		break;
	}
	case ENGINE_EV_MEMO_HIT: {
		char n[U128_DIGITS];
		note_say(out, "The diagram counts the secrets that fit: %s", u128_str(ne->known, n));
		break;
	}
	case ENGINE_EV_DONE:
		note_say(out, "Every secret that fits has been met");
		break;
	default:
		break;
	}
}

static const struct engine_ops nm_zdd_ops = {
	.name = "zdd",
	.free = ops_free,
	.restart = ops_restart,
	.run = ops_run,
	.event = ops_event,
	.stats = ops_stats,
	.progress = ops_progress,
	.path_move = ops_path_move,
	.event_note = ops_event_note,
};

struct engine *nm_zdd_engine_new(const struct nm_problem *p)
{
	struct nm_zdd_engine *ne = xcalloc(1, sizeof *ne);
	ne->base.ops = &nm_zdd_ops;
	ne->p = *p;
	struct nm_zdd_opts o = { .method = NM_ZDD_BY_AND };
	ne->z = nm_zdd_begin(p, &o);
	search_init(&ne->search, p->digits + 2, p->digits + 1);
	memset(ne->path, -1, sizeof ne->path);
	return &ne->base;
}

void nm_zdd_path(const struct engine *e, int8_t *digits)
{
	const struct nm_zdd_engine *ne = of(e);
	memcpy(digits, ne->path, (size_t)ne->p.digits);
}

const struct nm_zdd *nm_zdd_engine_diagram(const struct engine *e)
{
	const struct nm_zdd_engine *ne = of(e);
	return ne->built ? ne->z : NULL;
}
