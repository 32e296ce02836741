#include "config.h"

#include "game/midend.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/files.h"
#include "game/level.h"
#include "game/saves.h"
#include "util/clock.h"
#include "util/strbuf.h"
#include "util/xalloc.h"

struct midend *midend_new(bool with_worker, struct diag *err)
{
	struct midend *m = xcalloc(1, sizeof *m);
	if (with_worker && !(m->worker = worker_start(err))) {
		free(m);
		return NULL;
	}
	m->check_mode = MIDEND_CHECK_DEAD_ENDS;
	return m;
}

void midend_free(struct midend *m)
{
	if (!m)
		return;
	if (m->worker)
		worker_stop(m->worker);
	diagram_free(m->diagram);
	free(m->diagram_of);
	session_free(m->s);
	records_free(&m->records);
	free(m);
}

/* ---- the player's files ------------------------------------------------------ */

void midend_note(struct midend *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m->notice, sizeof m->notice, fmt, ap);
	va_end(ap);
	if (m->from_shell)
		snprintf(m->exit_note, sizeof m->exit_note, "%s", m->notice);
}

void midend_open_files(struct midend *m)
{
	char dir[PATH_MAX - 32], state[PATH_MAX];
	struct diag err;
	if (saves_dir(m->saves_dir, sizeof m->saves_dir, &err) && files_state_dir(state, sizeof state, &err)) {
		if (!saves_tidy(state, m->saves_dir, &err))
			midend_note(m, "%s", err.msg);
	} else {
		m->saves_dir[0] = '\0';
		snprintf(m->no_saves, sizeof m->no_saves, "Games cannot be saved: %s", err.msg);
		midend_note(m, "%s", m->no_saves);
	}
	if (files_data_dir(dir, sizeof dir, &err)) {
		snprintf(m->records_path, sizeof m->records_path, "%s/records", dir);
		if (!records_open(&m->records, m->records_path, &err))
			midend_note(m, "%s", err.msg);
	} else {
		midend_note(m, "Records cannot be kept: %s", err.msg);
	}
}

void midend_reload_records(struct midend *m)
{
	struct records now;
	struct diag why;
	int skipped;
	if (m->records_path[0] && records_load(&now, m->records_path, &skipped, &why)) {
		records_free(&m->records);
		m->records = now;
	}
}

/* ---- games ------------------------------------------------------------- */

/* A level's or free play's start, or NULL and why in m->notice. */
static struct puzzle_state *game_start(struct midend *m, const struct puzzle *pz, const char *level_path,
                                       struct level *lv)
{
	struct diag err;
	struct puzzle_state *start;
	if (level_path) {
		if (!(start = level_start(pz, level_path, lv, &err)))
			midend_note(m, "%s", err.msg);
		return start;
	}
	int bad;
	if (!(start = pz->start(pz, NULL, &bad, &err)))
		midend_note(m, "%s: %s", pz->title, err.msg);
	return start;
}

struct session *midend_open_game(struct midend *m, const struct puzzle *pz, const char *level_path, char *say,
                                 size_t say_size)
{
	struct level lv;
	struct diag err;
	char id[LEVEL_ID_MAX] = "";
	say[0] = '\0';
	if (level_path)
		level_id(level_path, id, sizeof id);
	struct session *s = m->saves_dir[0] ? saves_get(m->saves_dir, pz->name, id, &err) : NULL;
	if (s) {
		snprintf(say, say_size, "Your game as you left it (R starts it again)");
		return s;
	}
	/* A save that could not be read was set aside: the new game says so. */
	if (m->saves_dir[0] && err.msg[0])
		snprintf(say, say_size, "%s", err.msg);
	struct puzzle_state *start = game_start(m, pz, level_path, &lv);
	if (!start)
		return NULL;
	s = session_new(pz, start);
	if (level_path) {
		snprintf(s->level, sizeof s->level, "%s", level_path);
		snprintf(s->name, sizeof s->name, "%s", id);
		s->grade = lv.grade;
		if (!say[0])
			snprintf(say, say_size, "%s", lv.warning);
	}
	return s;
}

struct session *midend_open_save(struct midend *m, const char *path)
{
	struct diag err;
	struct session *s = saves_open(path, &err);
	if (!s)
		midend_note(m, "%s", err.msg);
	return s;
}

static void clear_search_state(struct midend *m)
{
	if (m->search_state)
		m->s->pz->free_state(m->search_state);
	m->search_state = NULL;
}

/* No frame of the search on screen. */
static void clear_search(struct midend *m)
{
	clear_search_state(m);
	free(m->anim.path);
	free(m->anim.solution);
	memset(&m->anim, 0, sizeof m->anim);
	m->anim_known = false;
}

/* Nothing is known of the game on, and no job of its is awaited. */
static void forget_jobs(struct midend *m)
{
	worker_report_clear(&m->check);
	worker_report_clear(&m->hint);
	worker_report_clear(&m->count);
	m->check_known = m->hint_known = m->counting = false;
	m->check_gen = m->hint_gen = m->count_gen = m->grade_gen = m->sol_gen = m->anim_gen = m->race_gen = 0;
	m->hint_tier = m->hint_wanted = 0;
	m->hint_random = m->random_wanted = false;
	diagram_free(m->diagram);
	free(m->diagram_of);
	m->diagram = NULL;
	m->diagram_of = NULL;
	m->diagram_gen = 0;
	m->diagram_too_open = false;
}

void midend_begin(struct midend *m, struct session *s)
{
	m->s = s;
	m->solved = session_solved(s);
	m->check_mode = MIDEND_CHECK_DEAD_ENDS;
	forget_jobs(m);
	midend_changed(m);
}

void midend_end(struct midend *m)
{
	midend_cancel(m);
	clear_search(m);
	forget_jobs(m);
	session_free(m->s);
	m->s = NULL;
}

/* The save of the game on goes: it is solved, or has no move to continue. */
static bool drop_save(struct midend *m, const char *what)
{
	struct diag err;
	if (saves_drop_own(m->s, &err))
		return true;
	midend_note(m, "The save of %s could not be deleted: %s", what, err.msg);
	return false;
}

bool midend_save(struct midend *m)
{
	struct session *s = m->s;
	struct diag err;
	if (!s)
		return true;
	if (!m->saves_dir[0]) {
		/* Said at start already; said again as a game from the shell
		 * ends, since it cannot be continued. */
		if (!m->from_shell)
			return true;
		midend_note(m, "%s", m->no_saves);
		return false;
	}
	if (s->finished || session_solved(s))
		return drop_save(m, "the solved game");
	/* A game without a move is nothing to continue: it would only fill
	 * the Continue list (its level starts the same).  One that has moves,
	 * taken back or not, is kept. */
	if (s->n <= 1)
		return drop_save(m, "the game");
	bool beside;
	if (!saves_put(m->saves_dir, s, &beside, &err)) {
		midend_note(m, "The game could not be saved: %s", err.msg);
		return false;
	}
	if (beside) {
		/* another copy of the game saved this level meanwhile; a game
		 * from the shell ends here, and the shell is told */
		char words[32];
		saves_copy_words(saves_copy_of(s->save_path), words, sizeof words);
		midend_note(m, "Saved as %s %s %s: another copy saved its own", s->pz->title,
		            s->name[0] ? s->name : "free play", words);
	}
	return true;
}

bool midend_record(struct midend *m)
{
	const struct session *s = m->s;
	if (!s || !s->level[0] || !m->records_path[0])
		return true;
	struct diag err;
	bool best;
	if (records_note(&m->records, m->records_path, s->pz->name, s->name, s->played, session_moves(s), s->hints,
	                 s->assisted, &best, &err))
		return true;
	midend_note(m, "The records could not be written: %s", err.msg);
	return false;
}

bool midend_generate(struct midend *m, const struct puzzle *pz, int grade)
{
	return midend_generate_with(m, pz, grade, NULL, 0);
}

bool midend_generate_with(struct midend *m, const struct puzzle *pz, int grade, const char *params, uint64_t seed)
{
	if (!pz->generate) {
		midend_note(m, "%s has no generator", pz->title);
		return false;
	}
	/* A seed a player can type again: the clock's microseconds. */
	if (!seed)
		seed = (uint64_t)(clock_seconds() * 1e6) % 1000000 + 1;
	m->gen_family = pz;
	snprintf(m->gen_params, sizeof m->gen_params, "%s", params ? params : "");
	struct worker_job *j = worker_job_generate(pz, grade, seed);
	worker_job_params(j, params);
	m->gen_job = m->worker ? worker_submit(m->worker, j) : ++m->last_gen;
	if (m->gen_params[0])
		midend_note(m, "Making a new %s game (%s)... (Esc stops)", pz->title, m->gen_params);
	else
		midend_note(m, "Making a new grade %d %s puzzle... (Esc stops)", grade, pz->title);
	return true;
}

/* The parameters as options of play: "duel,digits=5" as "--duel
 * --digits=5". */
static void params_as_options(const char *params, char *buf, size_t size)
{
	size_t at = 0;
	buf[0] = '\0';
	for (const char *p = params; *p && at < size;) {
		size_t len = strcspn(p, ",");
		at += (size_t)snprintf(buf + at, size - at, " --%.*s", (int)len, p);
		p += len + (p[len] == ',');
	}
}

bool midend_generate_stop(struct midend *m)
{
	if (!m->gen_job)
		return false;
	midend_cancel(m);
	m->gen_job = 0;
	midend_note(m, "No new puzzle: stopped");
	return true;
}

struct session *midend_generated(struct midend *m, const struct worker_report *r, char *say, size_t say_size)
{
	say[0] = '\0';
	if (r->gen != m->gen_job || !r->final)
		return NULL;
	const struct puzzle *pz = m->gen_family;
	m->gen_job = 0;
	if (r->cancelled)
		return NULL;
	if (!r->desc) {
		midend_note(m, "No new puzzle: %s", r->why);
		return NULL;
	}
	int bad;
	struct diag err;
	struct puzzle_state *start = pz->start(pz, r->desc, &bad, &err);
	if (!start) {
		midend_note(m, "The new puzzle could not be read: %s", err.msg);
		return NULL;
	}
	struct session *s = session_new(pz, start);
	if (m->gen_params[0]) {
		/* Made with parameters (a duel): the command that makes it again. */
		char options[160];
		params_as_options(m->gen_params, options, sizeof options);
		snprintf(s->params, sizeof s->params, "%s", m->gen_params);
		s->grade = r->grade;
		/* In the title, short enough to leave room for SOLVED and the
		 * figures at 80 columns: "duel digits=8 #5". */
		snprintf(s->name, sizeof s->name, "%.40s #%llu", m->gen_params, (unsigned long long)r->seed);
		for (char *c = s->name; c < s->name + strlen(m->gen_params) && *c; c++)
			if (*c == ',')
				*c = ' ';
		char grade[24] = "";
		if (r->grade)
			snprintf(grade, sizeof grade, " --grade %d", r->grade);
		snprintf(say, say_size, "A new game (linkdance play %s%s%s --seed %llu)", pz->name, options, grade,
		         (unsigned long long)r->seed);
		return s;
	}
	snprintf(s->name, sizeof s->name, "new %d-%llu", r->grade, (unsigned long long)r->seed);
	s->grade = r->grade;
	snprintf(say, say_size, "A new puzzle (linkdance generate %s --grade %d --seed %llu)", pz->name, r->grade,
	         (unsigned long long)r->seed);
	return s;
}

/* ---- jobs ---------------------------------------------------------------- */

/* A job on the game's states (history: every one up to the position, for
 * a hint's take-back; else the position alone). */
static uint64_t submit_states(struct midend *m, enum worker_kind kind, const struct puzzle_state *const *states,
                              int n)
{
	/* Any other job cancels the diagram's build (its cancelled report
	 * may never be seen: the mailbox keeps the latest), and a way at
	 * random waiting for it is not drawn. */
	if (kind != WORK_DIAGRAM) {
		m->diagram_gen = 0;
		m->random_wanted = false;
	}
	if (!m->worker)
		return ++m->last_gen;
	struct worker_job *j = worker_job_new(kind, m->s->pz, states, n);
	if (kind == WORK_ANIMATE)
		worker_job_engine(j, m->anim_engine);
	return m->last_gen = worker_submit(m->worker, j);
}

static uint64_t submit(struct midend *m, enum worker_kind kind, bool history)
{
	const struct puzzle_state *const *states = (const struct puzzle_state *const *)m->s->state;
	if (history)
		return submit_states(m, kind, states, m->s->cur + 1);
	return submit_states(m, kind, states + m->s->cur, 1);
}

void midend_cancel(struct midend *m)
{
	if (m->worker)
		worker_cancel(m->worker);
}

/* The check, as the mode says (off: whatever runs is cancelled). */
static void check_again(struct midend *m)
{
	m->check_gen = m->check_mode != MIDEND_CHECK_OFF ? submit(m, WORK_CHECK, false) : 0;
	if (m->check_mode == MIDEND_CHECK_OFF)
		midend_cancel(m);
}

/* A job that took the check's place is over: the check is asked again,
 * unless the player has asked for another job since. */
static void recheck(struct midend *m, const struct worker_report *r)
{
	if (!m->check_known && m->check_mode != MIDEND_CHECK_OFF && r->gen == m->last_gen)
		m->check_gen = submit(m, WORK_CHECK, false);
}

/* The family's description of the position (malloc'd). */
static char *describe_position(const struct midend *m)
{
	char *d = xmalloc(PUZZLE_DESC_MAX);
	m->s->pz->describe(session_state(m->s), d, PUZZLE_DESC_MAX);
	return d;
}

/* The diagram goes when the position it is of does: a move, undo, redo,
 * a restart (a change of the check mode leaves it). */
static void diagram_follow(struct midend *m)
{
	if (!m->diagram_of && !m->diagram_gen)
		return;
	char *now = describe_position(m);
	bool same = m->diagram_of && !strcmp(now, m->diagram_of);
	free(now);
	if (same)
		return;
	diagram_free(m->diagram);
	free(m->diagram_of);
	m->diagram = NULL;
	m->diagram_of = NULL;
	m->diagram_gen = 0;
	m->diagram_too_open = m->random_wanted = false;
}

static void diagram_again(struct midend *m);

enum midend_change midend_changed(struct midend *m)
{
	diagram_follow(m);
	m->hint_random = false;
	m->sol_gen = 0;
	m->check_known = m->hint_known = false;
	m->hint_tier = m->hint_wanted = 0;
	m->hint_gen = m->count_gen = 0;
	m->counting = false;
	check_again(m);
	if (!m->check_gen)
		diagram_again(m);
	m->change = MIDEND_GOING;
	if (session_solved(m->s) && !m->solved) {
		m->solved = true;
		/* A record or a save that could not be written is said instead
		 * of the celebration: the player may still put it right. */
		m->change = midend_record(m) && midend_save(m) ? MIDEND_SOLVED : MIDEND_SOLVED_UNKEPT;
	} else if (!session_solved(m->s)) {
		m->solved = false;
	}
	return m->change;
}

bool midend_move(struct midend *m, const char *move, struct diag *err)
{
	if (!session_play(m->s, move, err))
		return false;
	midend_changed(m);
	return true;
}

bool midend_undo(struct midend *m)
{
	if (!session_undo(m->s))
		return false;
	midend_changed(m);
	return true;
}

bool midend_redo(struct midend *m)
{
	if (!session_redo(m->s))
		return false;
	midend_changed(m);
	return true;
}

void midend_restart(struct midend *m)
{
	session_restart(m->s);
	midend_changed(m);
}

/* A solution of the solver's taken: every piece it places counts as a
 * hint, and the solve is the solver's, not the player's alone. */
static bool take_solution(struct midend *m, const char *move, struct diag *err)
{
	int placed = 1;
	for (const char *c = move; *c; c++)
		placed += *c == ';';
	struct session *s = m->s;
	bool was = s->assisted;
	s->hints += placed;
	s->assisted = true;
	if (midend_move(m, move, err))
		return true;
	s->hints -= placed;
	s->assisted = was;
	return false;
}

bool midend_play_time(struct midend *m, double seconds)
{
	if (m->solved)
		return false;
	double before = m->s->played;
	m->s->played += seconds;
	return (int)before != (int)m->s->played;
}

enum midend_check midend_next_check_mode(struct midend *m)
{
	m->check_mode = (m->check_mode + 1) % 3;
	midend_changed(m);
	return m->check_mode;
}

/* ---- hints ----------------------------------------------------------- */

enum midend_hint midend_hint_step(struct midend *m)
{
	const struct worker_report *h = &m->hint;
	if (h->completions == 0) {
		if (h->take_back_to < 0)
			return MIDEND_HINT_NO_WAY_BACK;
		m->hint_tier = 1;
		return MIDEND_HINT_TAKE_BACK;
	}
	if (session_solved(m->s))
		return MIDEND_HINT_SOLVED;
	if (h->hint_tiers == 0)
		return MIDEND_HINT_NONE;
	m->hint_tier++;
	m->s->hints++;
	return MIDEND_HINT_TIER;
}

enum midend_hint midend_hint_request(struct midend *m)
{
	if (m->hint_known) {
		if (m->hint.completions > 0 && m->hint_tier >= m->hint.hint_tiers && m->hint_tier > 0)
			return midend_random_way(m);
		return midend_hint_step(m);
	}
	/* Presses while the solver thinks count: each asks for one more tier. */
	m->hint_wanted++;
	if (m->hint_gen)
		return MIDEND_HINT_WAITING;
	m->hint_gen = submit(m, WORK_HINT, true);
	m->check_gen = 0;
	return MIDEND_HINT_ASKED;
}

/* ---- the diagram of the ways to finish ------------------------------------- */

bool midend_map_building(const struct midend *m)
{
	return m->diagram_gen != 0;
}

/* Is a job the player asked for running (the diagram waits for it)? */
static bool player_job(const struct midend *m)
{
	return (m->hint_gen && !m->hint_known) || m->counting || m->grade_gen || m->sol_gen || m->anim_gen;
}

/* Build the diagram of the position now, in the check's place. */
static void diagram_submit(struct midend *m)
{
	free(m->diagram_of);
	m->diagram_of = describe_position(m);
	m->diagram_gen = submit(m, WORK_DIAGRAM, false);
	m->check_gen = 0;
}

/* The diagram is built when it is wanted, not had, and the worker is free
 * of the player's jobs (a check gives way). */
static void diagram_again(struct midend *m)
{
	if (!m->s || !m->s->pz->xc || m->diagram || m->diagram_too_open || m->diagram_gen || player_job(m))
		return;
	if (m->diagram_wanted || m->random_wanted)
		diagram_submit(m);
}

void midend_map(struct midend *m, bool on)
{
	/* The map tells where things go (on a level, the one way): turning
	 * it on counts as a hint. */
	if (on && !m->diagram_wanted && m->s)
		m->s->hints++;
	m->diagram_wanted = on;
	if (on)
		diagram_again(m);
}

/* The hint's tiers told from a way drawn at random from the diagram. */
static enum midend_hint draw_way(struct midend *m)
{
	struct strbuf move = { 0 };
	m->random_wanted = false;
	uint64_t seed = (uint64_t)(clock_seconds() * 1e6) ^ (++m->draws * 0x9e3779b97f4a7c15ull);
	if (!m->diagram->ways || !diagram_sample(m->diagram, seed, &move)) {
		strbuf_free(&move);
		return MIDEND_HINT_NONE;
	}
	m->hint_known = false;
	m->hint_random = true;
	m->hint_wanted = 1;
	m->hint_tier = 0;
	if (m->worker) {
		const struct puzzle_state *s = session_state(m->s);
		struct worker_job *j = worker_job_new(WORK_HINT, m->s->pz, &s, 1);
		worker_job_solution(j, move.s ? move.s : "");
		m->hint_gen = m->last_gen = worker_submit(m->worker, j);
	} else {
		m->hint_gen = ++m->last_gen;
	}
	m->check_gen = 0;
	strbuf_free(&move);
	return MIDEND_HINT_ASKED;
}

enum midend_hint midend_random_way(struct midend *m)
{
	if (!m->s->pz->xc || !m->s->pz->hint)
		return MIDEND_HINT_LAST_AGAIN;
	if (session_solved(m->s))
		return MIDEND_HINT_SOLVED;
	if (m->diagram)
		return draw_way(m);
	if (m->diagram_too_open)
		return MIDEND_HINT_TOO_OPEN;
	m->random_wanted = true;
	m->random_refused = false;
	if (!m->diagram_gen)
		diagram_submit(m);
	return MIDEND_HINT_ASKED;
}

bool midend_hint_more(struct midend *m)
{
	if (m->hint.completions > 0 && m->hint_tier < m->hint_wanted && m->hint_tier < m->hint.hint_tiers)
		return true;
	m->hint_wanted = 0;
	return false;
}

const struct note *midend_hint_note(const struct midend *m)
{
	if (!m->hint_known || m->hint.completions == 0 || m->hint_tier < 1 || m->hint_tier > m->hint.hint_tiers)
		return NULL;
	return &m->hint.hint[m->hint_tier - 1];
}

bool midend_hint_reveals(const struct midend *m)
{
	const struct note *n = midend_hint_note(m);
	return n && m->hint_tier == m->hint.hint_tiers && n->move[0];
}

bool midend_take_back(struct midend *m)
{
	if (!m->hint_known || m->hint.completions != 0 || m->hint_tier <= 0 || !session_back_to(m->s, m->hint.take_back_to))
		return false;
	midend_changed(m);
	return true;
}

/* ---- counts, grades, solutions ------------------------------------------ */

/* The worker runs one job: a count or a grade replaces a hint still being
 * worked out, which is asked again after it. */
static void forget_hint(struct midend *m)
{
	if (m->hint_gen) {
		m->hint_gen = 0;
		m->hint_wanted = 0;
	}
}

void midend_count(struct midend *m)
{
	forget_hint(m);
	m->grade_gen = 0;
	m->count_gen = submit(m, WORK_COUNT, false);
	m->check_gen = 0;
	m->counting = true;
	worker_report_clear(&m->count);
	memset(&m->count, 0, sizeof m->count);
}

void midend_grade(struct midend *m)
{
	forget_hint(m);
	m->counting = false;
	m->count_gen = 0;
	m->grade_gen = submit(m, WORK_GRADE, false);
	m->check_gen = 0;
}

/* Both ask of the puzzle itself: its givens, for a family that can say (a
 * Sudoku typed in starts as an empty grid, and entries made before it was
 * fixed are no part of the puzzle). */
static void ask_solutions(struct midend *m, bool of_start)
{
	const struct puzzle *pz = m->s->pz;
	struct puzzle_state *own = pz->puzzle_of ? pz->puzzle_of(session_state(m->s)) : NULL;
	const struct puzzle_state *from = own ? own : of_start ? m->s->state[0] : session_state(m->s);
	m->sol_gen = submit_states(m, WORK_SOLUTIONS, &from, 1);
	if (own)
		pz->free_state(own);
	m->check_gen = 0;
}

void midend_solutions(struct midend *m)
{
	forget_hint(m);
	ask_solutions(m, true);
}

void midend_own_puzzle_solutions(struct midend *m)
{
	ask_solutions(m, false);
}

bool midend_stop_job(struct midend *m)
{
	if (!m->counting && !m->grade_gen && !m->sol_gen)
		return false;
	midend_cancel(m);
	m->counting = false;
	m->count_gen = m->grade_gen = m->sol_gen = 0;
	/* The check the job took the place of is asked again. */
	if (!m->check_known && m->check_mode != MIDEND_CHECK_OFF)
		m->check_gen = submit(m, WORK_CHECK, false);
	return true;
}

/* ---- the search on screen and the race ------------------------------------- */

void midend_search(struct midend *m, const char *engine)
{
	m->anim_engine = engine;
	m->check_gen = m->hint_gen = m->count_gen = 0;
	m->counting = false;
	clear_search(m);
	m->anim_gen = submit(m, WORK_ANIMATE, false);
}

void midend_race(struct midend *m)
{
	forget_hint(m);
	m->counting = false;
	m->count_gen = m->grade_gen = m->check_gen = 0;
	m->race_gen = submit(m, WORK_RACE, false);
}

void midend_search_stop(struct midend *m)
{
	m->anim_gen = 0;
	clear_search(m);
	midend_cancel(m);
}

bool midend_take_search(struct midend *m, struct diag *err)
{
	char *move = xstrdup(m->anim.solution);
	m->anim_gen = 0;
	clear_search_state(m);
	midend_cancel(m);
	bool taken = take_solution(m, move, err);
	free(move);
	return taken;
}

void midend_grant(struct midend *m, uint64_t steps)
{
	if (m->worker)
		worker_anim_grant(m->worker, steps);
}

void midend_free_run(struct midend *m, bool free_run)
{
	if (m->worker)
		worker_anim_free(m->worker, free_run);
}

void midend_search_resume(struct midend *m)
{
	m->anim.at_solution = false;
	if (m->worker)
		worker_anim_resume(m->worker);
}

/* ---- answers ------------------------------------------------------------- */

int midend_fd(const struct midend *m)
{
	return m->worker ? worker_fd(m->worker) : -1;
}

bool midend_poll(struct midend *m, struct worker_report *r)
{
	return m->worker && worker_take(m->worker, r);
}

/* A copy of a report to keep: its strings are the caller's, and are not
 * wanted. */
static void keep(struct worker_report *dst, const struct worker_report *r)
{
	*dst = *r;
	dst->diagram = NULL;
	dst->anim.path = dst->anim.solution = NULL;
	dst->desc = dst->solution[0] = dst->solution[1] = NULL;
}

/* A frame of the search on screen kept, and its position: the player's
 * with the search's path in place. */
static void search_frame(struct midend *m, const struct worker_report *r)
{
	struct diag err;
	clear_search(m);
	m->anim = r->anim;
	m->anim.path = r->anim.path ? xstrdup(r->anim.path) : NULL;
	m->anim.solution = r->anim.solution ? xstrdup(r->anim.solution) : NULL;
	m->anim_known = true;
	if (m->anim.path && m->anim.path[0])
		m->search_state = m->s->pz->apply(session_state(m->s), m->anim.path, &err);
}

/* The jobs that end with the check asked again. */
static enum midend_answer file_ending(struct midend *m, const struct worker_report *r)
{
	if (r->gen == m->count_gen) {
		keep(&m->count, r);
		if (r->final) {
			m->counting = false;
			recheck(m, r);
		}
		return MIDEND_ANSWER_COUNT;
	}
	if (r->gen == m->sol_gen && r->final) {
		m->sol_gen = 0;
		recheck(m, r);
		return MIDEND_ANSWER_SOLUTIONS;
	}
	if (r->gen == m->grade_gen && r->final) {
		m->grade_gen = 0;
		recheck(m, r);
		return MIDEND_ANSWER_GRADE;
	}
	return MIDEND_ANSWER_NONE;
}

/* The diagram's build is over: kept, or known to be too large, or asked
 * again later (cancelled); a way at random waiting for it is drawn. */
static enum midend_answer file_diagram(struct midend *m, struct worker_report *r)
{
	m->diagram_gen = 0;
	if (r->cancelled) {
		m->random_wanted = false;
		return MIDEND_ANSWER_DIAGRAM;
	}
	diagram_free(m->diagram);
	m->diagram = r->diagram;
	r->diagram = NULL;
	m->diagram_too_open = !m->diagram && r->diagram_end == ZDD_NO_ROOM;
	m->random_refused = m->random_wanted && !m->diagram;
	if (m->random_wanted && m->diagram)
		draw_way(m);
	else
		recheck(m, r);
	m->random_wanted = false;
	return MIDEND_ANSWER_DIAGRAM;
}

static enum midend_answer file_report(struct midend *m, struct worker_report *r);

enum midend_answer midend_report(struct midend *m, struct worker_report *r)
{
	if (r->gen == 0 || !m->s)
		return MIDEND_ANSWER_NONE;
	enum midend_answer a = file_report(m, r);
	/* The worker is free: the diagram, if wanted, is built now. */
	if (r->final && r->gen == m->last_gen && a != MIDEND_ANSWER_NONE)
		diagram_again(m);
	return a;
}

static enum midend_answer file_report(struct midend *m, struct worker_report *r)
{
	if (r->gen == m->diagram_gen && r->final)
		return file_diagram(m, r);
	bool hint_came = r->gen == m->hint_gen && r->final;
	if ((r->gen == m->check_gen || hint_came) && r->final && !r->cancelled) {
		keep(&m->check, r);
		m->check_known = true;
	}
	if (hint_came && !r->cancelled) {
		keep(&m->hint, r);
		m->hint_known = true;
		/* A way at random is told at once by the last tier. */
		if (m->hint_random && r->hint_tiers > 0)
			m->hint_tier = r->hint_tiers - 1;
		return MIDEND_ANSWER_HINT;
	}
	if (r->gen == m->check_gen)
		return MIDEND_ANSWER_CHECK;
	enum midend_answer a = file_ending(m, r);
	if (a != MIDEND_ANSWER_NONE)
		return a;
	if (r->gen == m->race_gen)
		return MIDEND_ANSWER_RACE;
	if (r->gen == m->anim_gen) {
		search_frame(m, r);
		return MIDEND_ANSWER_SEARCH;
	}
	return MIDEND_ANSWER_NONE;
}
