#include "config.h"

#include "solver/search.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

void search_init(struct search *s, int levels, int profile_levels)
{
	*s = (struct search){ 0 };
	search_reserve(s, levels);
	stats_init(&s->st, profile_levels);
	search_restart(s);
}

void search_init_fixed(struct search *s, int levels, const struct search_levels *arrays, int profile_levels)
{
	*s = (struct search){ .room = levels, .fixed = true, .degree = arrays->degree, .kth = arrays->kth,
		              .sol_at_try = arrays->sol_at_try };
	stats_init(&s->st, profile_levels);
	search_restart(s);
}

void search_free(struct search *s)
{
	if (!s->fixed)
		free(s->sol_at_try);   /* the block of the three per-level arrays */
	stats_free(&s->st);
}

/* The three per-level arrays are one block (sol_at_try first, for its
 * alignment): one allocation, not three, for each engine made. */
void search_reserve(struct search *s, int levels)
{
	if (levels <= s->room)
		return;
	if (s->fixed)
		abort();   /* an engine of fixed depth went deeper: a bug */
	int room = s->room ? s->room : 16;
	while (room < levels)
		room *= 2;
	size_t n = (size_t)room;
	u128 *sol_at_try = xmalloc(n * (sizeof *s->sol_at_try + 2 * sizeof *s->degree));
	int *degree = (int *)(sol_at_try + n), *kth = degree + n;
	if (s->room) {
		size_t old = (size_t)s->room;
		memcpy(sol_at_try, s->sol_at_try, old * sizeof *sol_at_try);
		memcpy(degree, s->degree, old * sizeof *degree);
		memcpy(kth, s->kth, old * sizeof *kth);
		free(s->sol_at_try);
	}
	s->sol_at_try = sol_at_try;
	s->degree = degree;
	s->kth = kth;
	s->room = room;
}

void search_restart(struct search *s)
{
	s->phase = SEARCH_START;
	s->level = 0;
	s->base = 0;
	s->undo_solved = false;
	stats_clear(&s->st);
	s->ev = (struct engine_event){ .kind = ENGINE_EV_NONE, .subject = -1, .choice = -1, .index = -1 };
}

double search_progress(const struct search *s, bool dead_end_done)
{
	return search_progress_from(s, 0, dead_end_done);
}

double search_progress_from(const struct search *s, int from, bool dead_end_done)
{
	if (s->phase == SEARCH_DONE)
		return 1.0;
	if (s->phase == SEARCH_START || s->level < from)
		return 0.0;
	const int *degree = s->degree + from, *kth = s->kth + from;
	int l = s->level - from;
	switch (s->phase) {
	case SEARCH_START:
	case SEARCH_DONE:
		break;
	case SEARCH_FORWARD:
		return search_share(degree, kth, l, 0, false);
	case SEARCH_CHOSEN:
		return search_share(degree, kth, l, 0, dead_end_done && degree[l] == 0);
	case SEARCH_TRIED:
		return search_share(degree, kth, l, kth[l], false);
	case SEARCH_LEAF:
		return search_share(degree, kth, l, 0, true);
	case SEARCH_UNDONE:
		return search_share(degree, kth, l, kth[l] + 1, false);
	}
	return 0.0;
}

void search_start_at(struct search *s, int level)
{
	search_restart(s);
	search_reserve(s, level + 1);
	for (int l = 0; l < level; l++) {
		s->degree[l] = 1;
		s->kth[l] = 0;
	}
	s->phase = SEARCH_FORWARD;
	s->base = s->level = s->st.level = level;
	s->st.max_level = level;
}

void search_walk_reserve(struct engine_walk *w, int levels)
{
	if (levels <= w->cap)
		return;
	int cap = w->cap ? w->cap : 64;
	while (cap < levels)
		cap *= 2;
	w->children = xreallocarray(w->children, (size_t)cap, sizeof *w->children);
	w->open = xreallocarray(w->open, (size_t)cap, sizeof *w->open);
	w->solutions = xreallocarray(w->solutions, (size_t)cap, sizeof *w->solutions);
	w->cap = cap;
}
