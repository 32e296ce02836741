/* A game screen driven without a terminal: keys as the terminal would
 * give them, and the screen drawn in memory as text.  For the tests of
 * the game screen and the families' views.  After tap.h. */
#ifndef LD_TEST_PLAY_INPUT_H
#define LD_TEST_PLAY_INPUT_H

#include <string.h>

#include "game/worker.h"
#include "golden.h"
#include "ui/canvas.h"
#include "ui/play.h"
#include "ui/term.h"

static inline void key(struct play *p, long ch)
{
	struct term_event ev = { .kind = TERM_KEY, .ch = ch };
	play_event(p, &ev);
}

static inline void sym(struct play *p, enum term_keysym k)
{
	struct term_event ev = { .kind = TERM_KEY, .sym = k };
	play_event(p, &ev);
}

static inline void keys(struct play *p, const char *s)
{
	for (; *s; s++)
		key(p, *s);
}

/* The solver thread's final answer to the job the screen asked last, of
 * a kind, for the test to fill in (no state to take back to; no way to
 * finish until it says otherwise) and give to play_report. */
static inline struct worker_report job_answer(struct play *p, enum worker_kind kind)
{
	struct worker_report r;
	memset(&r, 0, sizeof r);
	r.kind = kind;
	r.gen = play_last_job(p);
	r.final = true;
	r.take_back_to = -1;
	return r;
}

/* The screen at rows x cols, rows joined by '\n' (malloc'd). */
static inline char *screen_text(struct play *p, int rows, int cols)
{
	struct canvas c = canvas_memory_new(rows, cols);
	play_draw_on(p, &c);
	char *text = canvas_memory_text(&c);
	canvas_memory_free(&c);
	return text;
}

/* A frame of the search on screen for the job asked last, as the solver
 * thread sends it (not final), for the test to fill in what it shows. */
static inline struct worker_report search_frame(struct play *p)
{
	struct worker_report r;
	memset(&r, 0, sizeof r);
	r.kind = WORK_ANIMATE;
	r.gen = play_last_job(p);
	return r;
}

/* The screen at rows x cols is golden/NAME.txt (what: the test's words). */
static inline void golden_screen(struct play *p, int rows, int cols, const char *name, const char *what)
{
	char *got = screen_text(p, rows, cols);
	ok(golden_same(name, got), "%s: the screen is as golden/%s.txt", what, name);
	free(got);
}

#endif
