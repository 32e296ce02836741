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

#include "solver/count.h"
#include "solver/estimate.h"
#include "util/clock.h"
#include "util/xalloc.h"

/* Memory for the memo of a check or a count. */
#define MEMO_BYTES ((size_t)256 << 20)
/* Probes for the animation's estimate of the tree. */
#define ANIM_PROBES 1000
/* Seconds between frames of a freely running animation. */
#define FRAME_SECONDS (1.0 / 30)

struct worker_job {
	enum worker_kind kind;
	const struct puzzle *pz;
	struct puzzle_state **states;
	int n;
	uint64_t gen;
	atomic_int cancel;
};

struct worker {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	int fds[2];
	bool quit;
	struct worker_job *pending, *running;
	uint64_t gen;
	struct worker_report report;
	bool fresh;
	uint64_t grant;     /* animation steps granted */
	bool free_run;
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

static void job_free(struct worker_job *j)
{
	if (!j)
		return;
	for (int i = 0; i < j->n; i++)
		j->pz->free_state(j->states[i]);
	free(j->states);
	free(j);
}

static bool cancelled(struct worker_job *j)
{
	return atomic_load(&j->cancel) != 0;
}

static void publish(struct worker *w, const struct worker_report *r)
{
	pthread_mutex_lock(&w->lock);
	w->report = *r;
	w->fresh = true;
	pthread_mutex_unlock(&w->lock);
	/* The pipe only says "look": a full pipe already says it. */
	ssize_t n = write(w->fds[1], "!", 1);
	(void)n;
}

/* ---- checks --------------------------------------------------------- */

/* Count the ways to finish s, up to limit (0: all); false if cancelled. */
static bool count_ways(struct worker_job *j, const struct puzzle_state *s, uint64_t limit, uint64_t *ways,
                       uint64_t *nodes, void (*progress)(void *, const struct count_progress *), void *ctx)
{
	struct xc_problem *p = j->pz->reduce(s, DLX_FIRST);
	struct count_opts o;
	count_opts_init(&o);
	o.rule = DLX_FIRST;
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
	count_run(p, &o, &r);
	*ways = r.st.solutions;
	if (nodes)
		*nodes = r.st.nodes;
	bool complete = r.complete && !cancelled(j);
	count_result_free(&r);
	xc_free(p);
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
	if (j->pz->quick_dead_end(s, &r->dead)) {
		r->completions = 0;
		r->dead_explained = true;
		return true;
	}
	uint64_t ways;
	if (!count_ways(j, s, 2, &ways, &r->nodes, NULL, NULL))
		return false;
	r->completions = ways > 2 ? 2 : (int)ways;
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

/* The most constrained primary item of p: fewest options, the first of
 * those; *options gets their number. */
static int most_constrained(const struct xc_problem *p, int *options)
{
	int *len = xcalloc((size_t)p->n_items, sizeof *len), best = -1;
	for (int k = 0; k < p->n_options; k++)
		for (int i = 0; i < xc_option_size(p, k); i++)
			len[xc_option_items(p, k)[i]]++;
	for (int i = 0; i < p->n_primary; i++)
		if (best < 0 || len[i] < len[best])
			best = i;
	*options = best >= 0 ? len[best] : 0;
	free(len);
	return best;
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
			struct puzzle_dead_end dummy;
			uint64_t ways;
			if (j->pz->quick_dead_end(j->states[i], &dummy))
				continue;
			if (!count_ways(j, j->states[i], 1, &ways, NULL, NULL, NULL)) {
				r.cancelled = true;
				break;
			}
			if (ways)
				r.take_back_to = i;
		}
		publish(w, &r);
		return;
	}
	if (j->pz->is_solved(s)) {
		publish(w, &r);
		return;
	}
	struct xc_problem *p = j->pz->reduce(s, DLX_MRV);
	int item = most_constrained(p, &r.item_options);
	j->pz->describe_item(s, p, item, r.item, sizeof r.item);
	snprintf(r.item_name, sizeof r.item_name, "%s", p->name[item]);

	/* A solution from here, and its option that covers the item. */
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct dlx_ctl ctl = { .report_solutions = true, .cancel = &j->cancel };
	if (dlx_run(d, &ctl) == DLX_SOLUTION) {
		int path[WORKER_MAX_PATH * 4], n = dlx_path(d, path);
		for (int i = 0; i < n; i++) {
			const int *items = xc_option_items(p, path[i]);
			for (int k = 0; k < xc_option_size(p, path[i]); k++)
				if (items[k] == item) {
					j->pz->option_move(s, p, path[i], r.move, sizeof r.move);
					j->pz->describe_move(s, r.move, r.piece, sizeof r.piece, true);
				}
		}
	} else {
		r.cancelled = cancelled(j);
	}
	dlx_free(d);
	xc_free(p);
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
	                           .solutions = pr->solutions, .elapsed = pr->elapsed, .take_back_to = -1 };
	publish(c->w, &r);
}

static void run_count(struct worker *w, struct worker_job *j)
{
	struct count_ctx ctx = { w, j };
	struct worker_report r = { .kind = WORK_COUNT, .gen = j->gen, .final = true, .take_back_to = -1 };
	double t0 = clock_seconds();
	r.cancelled = !count_ways(j, j->states[j->n - 1], 0, &r.solutions, &r.nodes, count_progress, &ctx);
	r.fraction = r.cancelled ? 0 : 1;
	r.elapsed = clock_seconds() - t0;
	publish(w, &r);
}

/* ---- the search on screen ------------------------------------------- */

static void frame(struct worker_job *j, struct dlx *d, const struct xc_problem *p, uint64_t backtracks,
                  double estimate, struct worker_anim *a)
{
	int path[WORKER_MAX_PATH * 4];
	int n = dlx_path(d, path);
	const struct search_stats *st = dlx_stats(d);
	const struct dlx_event *ev = dlx_event(d);
	a->n_path = n < WORKER_MAX_PATH ? n : WORKER_MAX_PATH;
	for (int i = 0; i < a->n_path; i++)
		a->path[i] = p->opt_tag[path[i]];
	a->tried = ev->kind == DLX_EV_PLACE || ev->kind == DLX_EV_REMOVE ? p->opt_tag[ev->option] : -1;
	a->removing = ev->kind == DLX_EV_REMOVE;
	a->level = ev->level;
	a->nodes = st->nodes;
	a->backtracks = backtracks;
	a->solutions = st->solutions;
	a->estimate = estimate;
	a->fraction = dlx_progress(d, 0);
	bool solution = ev->kind == DLX_EV_SOLUTION;
	a->at_solution = solution && st->solutions == 1;
	a->done = ev->kind == DLX_EV_DONE;
	if (solution) {
		a->have_solution = true;
		a->move[0] = '\0';
		size_t len = 0;
		for (int i = 0; i < n && len + 2 < sizeof a->move; i++) {
			if (i)
				a->move[len++] = ';';
			j->pz->option_move(j->states[j->n - 1], p, path[i], a->move + len, sizeof a->move - len);
			len += strlen(a->move + len);
		}
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

static void pause_animation(struct worker *w)
{
	pthread_mutex_lock(&w->lock);
	w->grant = 0;
	w->free_run = false;
	pthread_mutex_unlock(&w->lock);
}

static void run_animate(struct worker *w, struct worker_job *j)
{
	struct worker_report r = { .kind = WORK_ANIMATE, .gen = j->gen, .take_back_to = -1 };
	struct xc_problem *p = j->pz->reduce(j->states[j->n - 1], DLX_MRV);
	struct dlx *d = dlx_new(p, DLX_MRV);
	struct estimate e;
	estimate_init(&e, dlx_depth(d), 1);
	estimate_probe(&e, d, ANIM_PROBES, &j->cancel);
	double estimate = estimate_nodes(&e);
	estimate_free(&e);

	struct dlx_ctl ctl = { .step = true, .cancel = &j->cancel };
	uint64_t backtracks = 0;
	frame(j, d, p, backtracks, estimate, &r.anim);
	publish(w, &r);
	bool free_run;
	while (wait_for_steps(w, j, &free_run)) {
		double until = clock_seconds() + FRAME_SECONDS;
		enum dlx_status s = DLX_STEP;
		do {
			s = dlx_run(d, &ctl);
			if (s == DLX_STEP && dlx_event(d)->kind == DLX_EV_REMOVE)
				backtracks++;
			if (!free_run) {
				pthread_mutex_lock(&w->lock);
				if (w->grant)
					w->grant--;
				pthread_mutex_unlock(&w->lock);
				break;
			}
			if (s == DLX_STEP && dlx_event(d)->kind == DLX_EV_SOLUTION)
				break; /* every solution gets a frame of its own */
		} while (s == DLX_STEP && clock_seconds() < until);
		if (s == DLX_CANCELLED)
			break;
		r.anim.steps++;
		frame(j, d, p, backtracks, estimate, &r.anim);
		if (r.anim.at_solution || s == DLX_DONE) {
			pause_animation(w);
			r.anim.done = s == DLX_DONE;
		}
		r.final = s == DLX_DONE;
		publish(w, &r);
		if (s == DLX_DONE)
			break;
	}
	if (cancelled(j)) {
		r.final = r.cancelled = true;
		publish(w, &r);
	}
	dlx_free(d);
	xc_free(p);
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
	if (fresh)
		*out = w->report;
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
	w->grant += steps;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
}

void worker_anim_free(struct worker *w, bool free_run)
{
	pthread_mutex_lock(&w->lock);
	w->free_run = free_run;
	if (!free_run)
		w->grant = 0;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
}
