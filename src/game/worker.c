#include "config.h"

#include "game/worker.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "solver/estimate.h"
#include "util/clock.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

/* Memory for the memo of a check or a count. */
#define MEMO_BYTES ((size_t)256 << 20)
/* Probes for the animation's estimate of the tree. */
#define ANIM_PROBES 3000

/* The walks worth n plain probes.  A walk that looks one level ahead
 * (engine_ops.walk) enters every child on its way: on Range's levels of
 * grades 3 and 4 one costs five to fifteen plain probes, and a tenth as
 * many of them, in the same time, have a smaller spread (3-01: 300 give
 * 220 +- 14 nodes, 3,000 plain ones 303 +- 100; the tree has 219). */
static uint64_t walks_worth(const struct engine *e, uint64_t n)
{
	return e->ops->walk ? (n + 9) / 10 : n;
}
/* Seconds between frames of a freely running animation. */
#define FRAME_SECONDS (1.0 / 30)

struct worker_job {
	enum worker_kind kind;
	const struct puzzle *pz;
	struct puzzle_state **states;
	int n;
	uint64_t gen;
	atomic_int cancel;
	char *engine;       /* WORK_ANIMATE: the engine's name, NULL: the first */
	int grade;          /* WORK_GENERATE */
	uint64_t seed;
	char *solution;     /* WORK_HINT: the way to finish its tiers tell, NULL: the engine's first */
	char params[64];    /* the generator's parameters, "" for none */
};

struct worker {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int fds[2];
	bool quit;
	struct worker_job *pending, *running;
	uint64_t gen;
	struct worker_report report;   /* owns its strings until taken */
	bool fresh;
	uint64_t grant;     /* animation steps granted */
	bool free_run;
	bool held;          /* the animation waits at a solution: grants are ignored */
};

struct worker_job *worker_job_new(enum worker_kind kind, const struct puzzle *pz,
                                  const struct puzzle_state *const *states, int n)
{
	struct worker_job *j = xcalloc(1, sizeof *j);
	j->kind = kind;
	j->pz = pz;
	j->n = n;
	j->states = xcalloc((size_t)n, sizeof *j->states);
	for (int i = 0; i < n; i++)
		j->states[i] = pz->copy(states[i]);
	atomic_init(&j->cancel, 0);
	return j;
}

struct worker_job *worker_job_generate(const struct puzzle *pz, int grade, uint64_t seed)
{
	struct worker_job *j = worker_job_new(WORK_GENERATE, pz, NULL, 0);
	j->grade = grade;
	j->seed = seed;
	return j;
}

void worker_job_solution(struct worker_job *j, const char *move)
{
	free(j->solution);
	j->solution = move ? xstrdup(move) : NULL;
}

void worker_job_params(struct worker_job *j, const char *params)
{
	snprintf(j->params, sizeof j->params, "%s", params ? params : "");
}

void worker_job_engine(struct worker_job *j, const char *name)
{
	free(j->engine);
	j->engine = name ? xstrdup(name) : NULL;
}

static void job_free(struct worker_job *j)
{
	if (!j)
		return;
	for (int i = 0; i < j->n; i++)
		j->pz->free_state(j->states[i]);
	free(j->states);
	free(j->engine);
	free(j->solution);
	free(j);
}

static bool cancelled(struct worker_job *j)
{
	return atomic_load(&j->cancel) != 0;
}

void worker_report_clear(struct worker_report *r)
{
	free(r->anim.path);
	free(r->anim.solution);
	free(r->desc);
	free(r->solution[0]);
	free(r->solution[1]);
	diagram_free(r->diagram);
	r->anim.path = r->anim.solution = r->desc = r->solution[0] = r->solution[1] = NULL;
	r->diagram = NULL;
}

/* The mailbox keeps copies of r's strings: the job goes on with its own.
 * A diagram is not copied but handed over: the job lets it go. */
static void publish(struct worker *w, const struct worker_report *r)
{
	char *path = r->anim.path ? xstrdup(r->anim.path) : NULL;
	char *solution = r->anim.solution ? xstrdup(r->anim.solution) : NULL;
	char *desc = r->desc ? xstrdup(r->desc) : NULL;
	char *sol[2];
	for (int k = 0; k < 2; k++)
		sol[k] = r->solution[k] ? xstrdup(r->solution[k]) : NULL;
	pthread_mutex_lock(&w->lock);
	/* A report not taken is replaced: its strings go with it. */
	worker_report_clear(&w->report);
	w->report = *r;
	w->report.anim.path = path;
	w->report.anim.solution = solution;
	w->report.desc = desc;
	w->report.solution[0] = sol[0];
	w->report.solution[1] = sol[1];
	w->fresh = true;
	pthread_mutex_unlock(&w->lock);
	/* The pipe only says "look": a full pipe already says it. */
	ssize_t n = write(w->fds[1], "!", 1);
	(void)n;
}

/* ---- the family's engines -------------------------------------------- */

/* The family's engine called name, or its first (the name unknown too). */
static const struct puzzle_engine *engine_of(const struct puzzle *pz, const char *name)
{
	const struct puzzle_engine *pe = name ? puzzle_engine_find(pz, name) : NULL;
	return pe ? pe : puzzle_engine_find(pz, NULL);
}

/* Why s is a dead end at a glance, if it is. */
static bool dead_end(const struct puzzle *pz, const struct puzzle_state *s, struct note *out)
{
	note_clear(out);
	return pz->dead_end && pz->dead_end(s, out);
}

/* ---- checks --------------------------------------------------------- */

struct ways {
	u128 n;
	bool overflow;
	uint64_t nodes;
};

/* Count the ways to finish s, up to limit (0: all), as the family counts;
 * false if cancelled. */
static bool count_ways(struct worker_job *j, const struct puzzle_state *s, uint64_t limit, struct ways *ways,
                       void (*progress)(void *, const struct count_progress *), void *ctx)
{
	memset(ways, 0, sizeof *ways);
	struct count_opts o;
	count_opts_init(&o);
	o.rule = puzzle_count_rule(j->pz);
	o.memo = COUNT_MEMO_ON;
	o.memo_bytes = MEMO_BYTES;
	o.limit = limit;
	o.cancel = &j->cancel;
	o.progress = progress;
	o.progress_ctx = ctx;
	o.progress_interval = 0.1;
	if (!limit) {
		long cores = sysconf(_SC_NPROCESSORS_ONLN);
		o.threads = cores > 1 ? (int)cores : 1;
	}
	struct count_result r;
	puzzle_count(j->pz, s, &o, &r);
	ways->n = r.st.solutions;
	ways->overflow = r.st.overflow;
	ways->nodes = r.st.nodes;
	bool complete = r.complete && !cancelled(j);
	count_result_free(&r);
	return complete;
}

/* Fill completions (and the dead end's reason); false if cancelled. */
static bool check(struct worker_job *j, const struct puzzle_state *s, struct worker_report *r)
{
	double t0 = clock_seconds();
	if (j->pz->is_solved(s)) {
		r->completions = 1;
		return true;
	}
	if (dead_end(j->pz, s, &r->dead)) {
		r->completions = 0;
		r->dead_explained = true;
		return true;
	}
	struct ways ways;
	if (!count_ways(j, s, 2, &ways, NULL, NULL))
		return false;
	r->nodes = ways.nodes;
	r->completions = ways.n >= 2 ? 2 : (int)ways.n;
	r->seconds = clock_seconds() - t0;
	return true;
}

static void run_check(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_CHECK, .gen = j->gen, .final = true, .take_back_to = -1 };
	r.cancelled = !check(j, j->states[j->n - 1], &r);
	publish(w, &r);
}

/* ---- hints ---------------------------------------------------------- */

/* One way to finish s, as one move, by the family's first engine; NULL
 * if there is none (or the job was cancelled). */
static char *one_solution(struct worker_job *j, const struct puzzle_state *s)
{
	const struct puzzle_engine *pe = engine_of(j->pz, NULL);
	struct engine *e = pe ? pe->new(j->pz, s) : NULL;
	if (!e)
		return NULL;
	struct engine_ctl ctl = { .report_solutions = true, .cancel = &j->cancel };
	char *move = NULL;
	if (engine_run(e, &ctl) == ENGINE_SOLUTION) {
		struct strbuf b = { 0 };
		e->ops->path_move(e, &b);
		move = strbuf_take(&b);
	}
	engine_free(e);
	return move;
}

static void run_hint(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_HINT, .gen = j->gen, .final = true, .take_back_to = -1 };
	const struct puzzle_state *s = j->states[j->n - 1];
	if (!check(j, s, &r)) {
		r.cancelled = true;
		publish(w, &r);
		return;
	}
	if (r.completions == 0) {
		/* The latest position the player was in that can be finished. */
		for (int i = j->n - 2; i >= 0 && r.take_back_to < 0; i--) {
			struct note why;
			struct ways ways;
			if (dead_end(j->pz, j->states[i], &why))
				continue;
			if (!count_ways(j, j->states[i], 1, &ways, NULL, NULL)) {
				r.cancelled = true;
				break;
			}
			if (ways.n)
				r.take_back_to = i;
		}
		publish(w, &r);
		return;
	}
	if (j->pz->is_solved(s)) {
		publish(w, &r);
		return;
	}
	if (!j->pz->hint) {
		/* No words of the family's own: no tiers (the game says so). */
		publish(w, &r);
		return;
	}
	char *solution = j->solution ? xstrdup(j->solution) : one_solution(j, s);
	r.cancelled = cancelled(j);
	for (int tier = 1; !r.cancelled && tier <= WORKER_HINT_TIERS; tier++) {
		note_clear(&r.hint[tier - 1]);
		if (!j->pz->hint(s, solution, tier, &r.hint[tier - 1]))
			break;
		r.hint_tiers = tier;
	}
	free(solution);
	publish(w, &r);
}

/* ---- counts --------------------------------------------------------- */

struct count_ctx {
	struct worker *w;
	struct worker_job *j;
};

static void count_progress(void *ctx, const struct count_progress *pr)
{
	struct count_ctx *c = ctx;
	struct worker_report r = { .kind = WORK_COUNT, .gen = c->j->gen, .fraction = pr->fraction,
		                   .of_layers = pr->of_layers, .solutions = pr->solutions, .elapsed = pr->elapsed,
		                   .take_back_to = -1 };
	publish(c->w, &r);
}

static void run_count(struct worker *w, struct worker_job *j)
{
	struct count_ctx ctx = { w, j };
	struct worker_report r = { .kind = WORK_COUNT, .gen = j->gen, .final = true, .take_back_to = -1 };
	double t0 = clock_seconds();
	struct ways ways;
	r.cancelled = !count_ways(j, j->states[j->n - 1], 0, &ways, count_progress, &ctx);
	r.solutions = ways.n;
	r.nodes = ways.nodes;
	r.exact = !r.cancelled && !ways.overflow;
	r.fraction = r.cancelled ? 0 : 1;
	r.elapsed = clock_seconds() - t0;
	publish(w, &r);
}

/* ---- the search on screen ------------------------------------------- */

static void frame(struct engine *e, uint64_t backtracks, double estimate, double estimate_se, struct worker_anim *a)
{
	const struct search_stats *st = engine_stats(e);
	const struct engine_event *ev = engine_event(e);
	struct strbuf b = { 0 };
	e->ops->path_move(e, &b);
	free(a->path);
	a->path = strbuf_take(&b);
	e->ops->event_note(e, &a->note);
	a->event = ev->kind;
	a->level = ev->level;
	a->nodes = st->nodes;
	a->backtracks = backtracks;
	a->solutions = st->solutions;
	a->estimate = estimate;
	a->estimate_se = estimate_se;
	a->done = ev->kind == ENGINE_EV_DONE;
	/* The share of the estimated tree behind us, by nodes: it moves with
	 * every step and agrees with the nodes left that the panel shows.
	 * (Knuth's measure of finished subtrees jumps at the first branch
	 * done: 1/27 of Kanoodle after 12 nodes of some 26 million.)  Below 1
	 * until the end, however low the estimate was. */
	double f = estimate > 0 ? (double)st->nodes / estimate : 0;
	a->fraction = a->done ? 1.0 : f < 0.999 ? f : 0.999;
	bool solution = ev->kind == ENGINE_EV_SOLUTION;
	a->at_solution = solution && st->solutions == 1;
	if (solution) {
		free(a->solution);
		a->solution = xstrdup(a->path);
	}
}

/* Wait until the game lets the animation go on; false if cancelled. */
static bool wait_for_steps(struct worker *w, struct worker_job *j, bool *free_run)
{
	pthread_mutex_lock(&w->lock);
	while (!cancelled(j) && !w->quit && !w->free_run && w->grant == 0)
		pthread_cond_wait(&w->cond, &w->lock);
	*free_run = w->free_run;
	bool go = !cancelled(j) && !w->quit;
	pthread_mutex_unlock(&w->lock);
	return go;
}

/* At a solution (or the end) the search holds until the player says go
 * on: steps the game granted before it saw the solution must not carry
 * the search past it (worker_anim_resume lifts the hold). */
static void pause_animation(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	w->grant = 0;
	w->free_run = false;
	w->held = true;
	pthread_mutex_unlock(&w->lock);
}

static void run_animate(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_ANIMATE, .gen = j->gen, .take_back_to = -1 };
	const struct puzzle_engine *pe = engine_of(j->pz, j->engine);
	struct engine *e = pe ? pe->new(j->pz, j->states[j->n - 1]) : NULL;
	if (!e) {
		r.final = r.anim.done = true;
		publish(w, &r);
		return;
	}
	double estimate = 0, estimate_se = 0;
	if (e->ops->probe || e->ops->walk) {
		struct estimate est;
		estimate_init(&est, 1, 1);
		estimate_engine(&est, e, walks_worth(e, ANIM_PROBES), &j->cancel);
		estimate = estimate_nodes(&est);
		estimate_se = estimate_nodes_se(&est);
		estimate_free(&est);
	}

	struct engine_ctl ctl = { .step = true, .cancel = &j->cancel };
	uint64_t backtracks = 0;
	frame(e, backtracks, estimate, estimate_se, &r.anim);
	publish(w, &r);
	bool free_run;
	while (wait_for_steps(w, j, &free_run)) {
		double until = clock_seconds() + FRAME_SECONDS;
		enum engine_status s = ENGINE_STEP;
		do {
			s = engine_run(e, &ctl);
			if (s == ENGINE_STEP && engine_event(e)->kind == ENGINE_EV_UNDO)
				backtracks++;
			if (!free_run) {
				pthread_mutex_lock(&w->lock);
				if (w->grant)
					w->grant--;
				pthread_mutex_unlock(&w->lock);
				break;
			}
			if (s == ENGINE_STEP && engine_event(e)->kind == ENGINE_EV_SOLUTION)
				break; /* every solution gets a frame of its own */
		} while (s == ENGINE_STEP && clock_seconds() < until);
		if (s == ENGINE_CANCELLED)
			break;
		r.anim.steps++;
		frame(e, backtracks, estimate, estimate_se, &r.anim);
		if (r.anim.at_solution || s == ENGINE_DONE) {
			pause_animation(w);
			r.anim.done = s == ENGINE_DONE;
			if (r.anim.done)
				r.anim.fraction = 1.0;
		}
		r.final = s == ENGINE_DONE;
		publish(w, &r);
		if (s == ENGINE_DONE)
			break;
	}
	if (cancelled(j)) {
		r.final = r.cancelled = true;
		publish(w, &r);
	}
	worker_report_clear(&r);
	engine_free(e);
}

/* ---- new puzzles ----------------------------------------------------- */

static void run_generate(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_GENERATE, .gen = j->gen, .final = true, .take_back_to = -1,
	                           .grade = j->grade, .seed = j->seed };
	struct strbuf desc = { 0 };
	struct diag err = { "" };
	if (!j->pz->generate)
		snprintf(r.why, sizeof r.why, "%s has no generator", j->pz->title);
	else if (j->pz->generate(j->pz, j->params[0] ? j->params : NULL, j->grade, j->seed, &desc, &j->cancel, &err))
		r.desc = strbuf_take(&desc);
	else
		snprintf(r.why, sizeof r.why, "%s", err.msg);
	r.cancelled = cancelled(j);
	strbuf_free(&desc);
	publish(w, &r);
	free(r.desc);
}

/* ---- grading -------------------------------------------------------- */

static void run_grade(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_GRADE, .gen = j->gen, .final = true, .take_back_to = -1 };
	double t0 = clock_seconds();
	if (!j->pz->grade)
		snprintf(r.why, sizeof r.why, "%s has no grader", j->pz->title);
	else
		r.graded = j->pz->grade(j->states[j->n - 1], &r.verdict, &j->cancel);
	r.seconds = clock_seconds() - t0;
	r.cancelled = cancelled(j);
	publish(w, &r);
}

/* ---- the engines raced -------------------------------------------------- */

/* Probes for each racer's estimate: a few milliseconds each. */
#define RACE_PROBES 200
/* At full pace, each racer's turn: it runs in small budgets until this
 * much of its own time has passed, then the next one runs; a report after
 * each round. */
#define RACE_TURN_SECONDS 0.02
#define RACE_SLICE_MEMS 20000

/* One racer a step on: on until its next node (a place where it chooses),
 * its first solution or its end.  Its own time is counted. */
static void race_step(struct engine *e, struct worker_race_row *row, const atomic_int *cancel)
{
	struct engine_ctl ctl = { .step = true, .cancel = cancel };
	uint64_t nodes = engine_stats(e)->nodes;
	double t0 = clock_seconds();
	enum engine_status st;
	do
		st = engine_run(e, &ctl);
	while (st == ENGINE_STEP && engine_event(e)->kind != ENGINE_EV_SOLUTION && engine_stats(e)->nodes == nodes);
	row->seconds += clock_seconds() - t0;
	row->nodes = engine_stats(e)->nodes;
	if (st == ENGINE_STEP && engine_event(e)->kind == ENGINE_EV_SOLUTION)
		row->state = RACE_SOLVED;
	else if (st == ENGINE_DONE || (st == ENGINE_STEP && engine_event(e)->kind == ENGINE_EV_DONE))
		row->state = RACE_NONE;
}

/* One racer's turn at full pace (time turns, as much as it can). */
static void race_turn(struct engine *e, struct worker_race_row *row, const atomic_int *cancel)
{
	struct engine_ctl ctl = { .mems_budget = RACE_SLICE_MEMS, .report_solutions = true, .cancel = cancel };
	double t0 = clock_seconds(), t = t0;
	enum engine_status st = ENGINE_BUDGET;
	while (st == ENGINE_BUDGET && t - t0 < RACE_TURN_SECONDS) {
		st = engine_run(e, &ctl);
		t = clock_seconds();
	}
	row->seconds += t - t0;
	row->nodes = engine_stats(e)->nodes;
	if (st == ENGINE_SOLUTION)
		row->state = RACE_SOLVED;
	else if (st == ENGINE_DONE)
		row->state = RACE_NONE;
}

/* The engines run side by side at the pace the game grants, as the search
 * on screen does (worker_anim_grant): each granted step takes every racer
 * still running one node on, so the player sees which needs fewer; at full
 * pace (worker_anim_free) they run in time turns. */
static void run_race(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_RACE, .gen = j->gen, .take_back_to = -1 };
	struct worker_race *race = &r.race;
	struct engine *e[WORKER_RACE_MAX] = { 0 };
	const struct puzzle_engine *const *list = j->pz->engines;
	const struct puzzle_engine *only = list ? NULL : puzzle_engine_find(j->pz, NULL);
	for (int k = 0; race->n < WORKER_RACE_MAX && (list ? list[k] != NULL : k == 0 && only); k++) {
		const struct puzzle_engine *pe = list ? list[k] : only;
		struct worker_race_row *row = &race->row[race->n];
		row->name = pe->name;
		row->title = pe->title;
		e[race->n++] = pe->new(j->pz, j->states[j->n - 1]);
	}
	publish(w, &r);
	for (int k = 0; k < race->n && !cancelled(j); k++) {
		if (!e[k]) {
			race->row[k].state = RACE_SKIPPED;
			continue;
		}
		if (e[k]->ops->probe || e[k]->ops->walk) {
			struct estimate est;
			estimate_init(&est, 1, 1);
			estimate_engine(&est, e[k], walks_worth(e[k], RACE_PROBES), &j->cancel);
			race->row[k].estimate = estimate_nodes(&est);
			race->row[k].estimate_se = estimate_nodes_se(&est);
			estimate_free(&est);
		}
		race->row[k].state = RACE_RUNNING;
	}
	publish(w, &r);
	bool running = true, free_run;
	while (running && wait_for_steps(w, j, &free_run)) {
		double until = clock_seconds() + FRAME_SECONDS;
		do {
			running = false;
			for (int k = 0; k < race->n && !cancelled(j); k++) {
				struct worker_race_row *row = &race->row[k];
				if (row->state != RACE_RUNNING)
					continue;
				if (free_run)
					race_turn(e[k], row, &j->cancel);
				else
					race_step(e[k], row, &j->cancel);
				if (row->state == RACE_RUNNING && row->seconds >= WORKER_RACE_SECONDS)
					row->state = RACE_GAVE_UP;
				running |= row->state == RACE_RUNNING;
			}
			if (!free_run) {
				pthread_mutex_lock(&w->lock);
				if (w->grant)
					w->grant--;
				bool more = w->grant > 0;
				pthread_mutex_unlock(&w->lock);
				if (!more)
					break;
			}
		} while (running && !cancelled(j) && clock_seconds() < until);
		race->steps++;
		r.final = !running;
		publish(w, &r);
	}
	if (cancelled(j)) {
		r.final = r.cancelled = true;
		publish(w, &r);
	}
	for (int k = 0; k < race->n; k++)
		engine_free(e[k]);
}

/* ---- two solutions ------------------------------------------------------ */

/* The first two solutions by the family's first engine: whether a puzzle
 * is proper, and if not, two that differ; or the one to compare with. */
static void run_solutions(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_SOLUTIONS, .gen = j->gen, .final = true, .take_back_to = -1 };
	const struct puzzle_engine *pe = engine_of(j->pz, NULL);
	struct engine *e = pe ? pe->new(j->pz, j->states[j->n - 1]) : NULL;
	struct engine_ctl ctl = { .report_solutions = true, .cancel = &j->cancel };
	while (e && r.completions < 2 && engine_run(e, &ctl) == ENGINE_SOLUTION) {
		struct strbuf b = { 0 };
		e->ops->path_move(e, &b);
		r.solution[r.completions++] = strbuf_take(&b);
	}
	r.cancelled = cancelled(j);
	engine_free(e);
	publish(w, &r);
	worker_report_clear(&r);
}

/* ---- the diagram of the ways to finish ------------------------------------ */

static void run_diagram(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_DIAGRAM, .gen = j->gen, .final = true, .take_back_to = -1 };
	double t0 = clock_seconds();
	r.diagram = diagram_build(j->pz, j->states[j->n - 1], WORKER_DIAGRAM_BYTES, &j->cancel, &r.diagram_end);
	r.cancelled = cancelled(j) || r.diagram_end == ZDD_CANCELLED;
	if (r.cancelled) {
		diagram_free(r.diagram);
		r.diagram = NULL;
	}
	r.seconds = clock_seconds() - t0;
	publish(w, &r);
}

/* ---- the thread ----------------------------------------------------- */

static void *main_loop(void *arg)
{
	struct worker *w = arg;
	pthread_mutex_lock(&w->lock);
	while (!w->quit) {
		if (!w->pending) {
			pthread_cond_wait(&w->cond, &w->lock);
			continue;
		}
		struct worker_job *j = w->running = w->pending;
		w->pending = NULL;
		pthread_mutex_unlock(&w->lock);
		switch (j->kind) {
		case WORK_CHECK:
			run_check(w, j);
			break;
		case WORK_HINT:
			run_hint(w, j);
			break;
		case WORK_COUNT:
			run_count(w, j);
			break;
		case WORK_ANIMATE:
			run_animate(w, j);
			break;
		case WORK_GENERATE:
			run_generate(w, j);
			break;
		case WORK_GRADE:
			run_grade(w, j);
			break;
		case WORK_RACE:
			run_race(w, j);
			break;
		case WORK_SOLUTIONS:
			run_solutions(w, j);
			break;
		case WORK_DIAGRAM:
			run_diagram(w, j);
			break;
		case WORK_NONE:
			break;
		}
		pthread_mutex_lock(&w->lock);
		w->running = NULL;
		job_free(j);
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

struct worker *worker_start(struct diag *err)
{
	struct worker *w = xcalloc(1, sizeof *w);
	if (pipe(w->fds) != 0) {
		diag_set(err, "cannot make a pipe: %s", strerror(errno));
		free(w);
		return NULL;
	}
	for (int i = 0; i < 2; i++) {
		fcntl(w->fds[i], F_SETFL, fcntl(w->fds[i], F_GETFL) | O_NONBLOCK);
		fcntl(w->fds[i], F_SETFD, FD_CLOEXEC);
	}
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	/* Signals are the game's: the thread starts with all of them blocked. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	int rc = pthread_create(&w->thread, NULL, main_loop, w);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		diag_set(err, "cannot start the solver thread: %s", strerror(rc));
		close(w->fds[0]);
		close(w->fds[1]);
		free(w);
		return NULL;
	}
	return w;
}

/* With the lock held: stop what runs, drop what waits. */
static void cancel_locked(struct worker *w)
{
	if (w->running)
		atomic_store(&w->running->cancel, 1);
	job_free(w->pending);
	w->pending = NULL;
	w->grant = 0;
	w->free_run = false;
	w->held = false;
	pthread_cond_broadcast(&w->cond);
}

void worker_stop(struct worker *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	cancel_locked(w);
	w->quit = true;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->thread, NULL);
	close(w->fds[0]);
	close(w->fds[1]);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->cond);
	worker_report_clear(&w->report);
	free(w);
}

int worker_fd(const struct worker *w)
{
	return w->fds[0];
}

uint64_t worker_submit(struct worker *w, struct worker_job *job)
{
	pthread_mutex_lock(&w->lock);
	cancel_locked(w);
	job->gen = ++w->gen;
	w->pending = job;
	uint64_t gen = job->gen;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
	return gen;
}

void worker_cancel(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	cancel_locked(w);
	pthread_mutex_unlock(&w->lock);
}

bool worker_take(struct worker *w, struct worker_report *out)
{
	char buf[64];
	while (read(w->fds[0], buf, sizeof buf) > 0)
		;
	pthread_mutex_lock(&w->lock);
	bool fresh = w->fresh;
	if (fresh) {
		*out = w->report;
		/* handed over */
		w->report.diagram = NULL;
		w->report.anim.path = w->report.anim.solution = w->report.desc = NULL;
		w->report.solution[0] = w->report.solution[1] = NULL;
	}
	w->fresh = false;
	pthread_mutex_unlock(&w->lock);
	return fresh;
}

bool worker_busy(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	bool busy = w->running || w->pending;
	pthread_mutex_unlock(&w->lock);
	return busy;
}

void worker_anim_grant(struct worker *w, uint64_t steps)
{
	pthread_mutex_lock(&w->lock);
	if (!w->held)
		w->grant += steps;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
}

void worker_anim_free(struct worker *w, bool free_run)
{
	pthread_mutex_lock(&w->lock);
	w->free_run = free_run && !w->held;
	if (!free_run)
		w->grant = 0;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
}

void worker_anim_resume(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	w->held = false;
	pthread_mutex_unlock(&w->lock);
}
