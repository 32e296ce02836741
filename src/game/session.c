#include "config.h"

#include "game/session.h"

#include <stdlib.h>
#include <string.h>

#include "util/xalloc.h"

struct session *session_new(const struct puzzle *pz, struct puzzle_state *start)
{
	struct session *s = xcalloc(1, sizeof *s);
	s->pz = pz;
	s->cap = 16;
	s->state = xcalloc((size_t)s->cap, sizeof *s->state);
	s->move = xcalloc((size_t)s->cap, sizeof *s->move);
	s->state[0] = start;
	s->n = 1;
	return s;
}

/* Forget the states after index keep. */
static void cut(struct session *s, int keep)
{
	for (int i = keep + 1; i < s->n; i++) {
		s->pz->free_state(s->state[i]);
		free(s->move[i - 1]);
		s->move[i - 1] = NULL;
	}
	s->n = keep + 1;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	cut(s, 0);
	s->pz->free_state(s->state[0]);
	free(s->state);
	free(s->move);
	free(s);
}

const struct puzzle_state *session_state(const struct session *s)
{
	return s->state[s->cur];
}

bool session_play(struct session *s, const char *move, struct diag *err)
{
	struct puzzle_state *next = s->pz->apply(s->state[s->cur], move, err);
	if (!next)
		return false;
	cut(s, s->cur);
	if (s->n == s->cap) {
		s->cap *= 2;
		s->state = xreallocarray(s->state, (size_t)s->cap, sizeof *s->state);
		s->move = xreallocarray(s->move, (size_t)s->cap, sizeof *s->move);
	}
	s->move[s->cur] = xstrdup(move);
	s->state[++s->cur] = next;
	s->n = s->cur + 1;
	if (s->pz->is_solved(next))
		s->finished = true;
	return true;
}

bool session_undo(struct session *s)
{
	if (s->cur == 0)
		return false;
	s->cur--;
	return true;
}

bool session_redo(struct session *s)
{
	if (s->cur + 1 >= s->n)
		return false;
	s->cur++;
	return true;
}

void session_restart(struct session *s)
{
	s->cur = 0;
}

bool session_back_to(struct session *s, int moves)
{
	if (moves < 0 || moves > s->cur)
		return false;
	s->cur = moves;
	return true;
}

int session_moves(const struct session *s)
{
	return s->cur;
}

bool session_solved(const struct session *s)
{
	return s->pz->is_solved(s->state[s->cur]);
}
