/* solve, count and grade over a file of puzzles, for a family that reads
 * them so (struct puzzle_batch): one answer line per puzzle, in the order
 * of the input, however many threads share the work.  A malformed puzzle
 * is named at its line on standard error and the others are still done;
 * the exit status says so at the end.
 *
 * The input is taken in chunks: the puzzles of a chunk are read, worked
 * on by the threads (each takes the next puzzle not yet taken), and
 * answered in order, so memory stays bounded on a file of millions and
 * the answers come as the work goes.
 *
 * On easy Sudoku a puzzle's search takes about 2 microseconds, so the
 * path around it counts: the input is read in large blocks and split in
 * place, a chunk's descriptions share one buffer, a short answer is
 * written in its item, and a chunk's answers go out in one write. */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "game/level.h"
#include "puzzles/puzzle.h"
#include "util/clock.h"
#include "util/diag.h"
#include "util/strbuf.h"
#include "util/u128.h"
#include "util/xalloc.h"

/* Puzzles a thread's share of a chunk, about. */
#define CHUNK_PER_THREAD 512
/* The room an item has for its answer (a 9x9 line and more); a longer
 * one has its own. */
#define ANSWER_ROOM 96
/* The input is read this much at a time. */
#define READ_BLOCK (256 * 1024)

enum batch_verb { BATCH_SOLVE, BATCH_COUNT, BATCH_GRADE };

struct batch_item {
	long line;        /* where the puzzle starts (or the fault is) */
	bool has_desc;    /* false if malformed */
	size_t desc_at;   /* the puzzle's description, in the chunk's text */
	char *msg;        /* why it is malformed, or could not be done */
	bool unanswered;  /* well formed, but could not be done (msg says why) */
	char *out;        /* the answer line: room, or its own */
	bool none;        /* solve: no solution */
	bool several;     /* solve --unique: more than one */
	uint64_t nodes, updates, mems;
	char room[ANSWER_ROOM];
};

struct batch {
	const struct puzzle *pz;
	const struct puzzle_engine *pe;
	enum batch_verb verb;
	uint64_t limit;
	int threads;
	bool unique;               /* solve: search on for a second solution */
	size_t zdd_bytes;          /* count --algo zdd on the exact-cover part: each
	                              thread's budget for a diagram; 0: by engine */
	const char *name;          /* the input, in messages */
	struct batch_item *items;  /* the chunk */
	int n, cap;
	struct strbuf text;        /* its descriptions, each ended by a NUL */
	struct strbuf answers;     /* its answer lines not yet written */
	atomic_int next;           /* the next item of the chunk not yet taken */
	/* totals, for --stats and the exit status */
	long puzzles, bad, unanswered, none, several;
	uint64_t nodes, updates, mems;
};

/* A puzzle of the chunk: its description the chunk's text from desc_at
 * (has_desc), or malformed (msg). */
static void add_item(struct batch *b, long line, bool has_desc, size_t desc_at, const char *msg)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->items = xreallocarray(b->items, (size_t)b->cap, sizeof *b->items);
	}
	struct batch_item *it = &b->items[b->n++];
	it->line = line;
	it->has_desc = has_desc;
	it->desc_at = desc_at;
	it->msg = msg ? xstrdup(msg) : NULL;
	it->unanswered = it->none = it->several = false;
	it->out = NULL;
	it->nodes = it->updates = it->mems = 0;
}

/* A description of the chunk, added to its text. */
static void add_desc(struct batch *b, long line, const char *desc)
{
	size_t at = b->text.len;
	strbuf_addn(&b->text, desc, strlen(desc) + 1);
	add_item(b, line, true, at, NULL);
}

/* The answer line, in the item's room when it fits. */
static void set_out(struct batch_item *it, const char *line)
{
	size_t n = strlen(line);
	if (n < sizeof it->room) {
		memcpy(it->room, line, n + 1);
		it->out = it->room;
	} else {
		it->out = xstrdup(line);
	}
}

/* The verb's work on one puzzle (any thread).  solve --unique takes the
 * first solution's path, then searches on for a second: the whole search
 * a proof that the solution is the only one takes. */
static void solve_one(const struct batch *b, struct batch_item *it, struct puzzle_state *s)
{
	const struct puzzle *pz = b->pz;
	struct engine *e = b->pe->new(pz, s);
	if (!e) {
		char why[160];
		snprintf(why, sizeof why, "%s does not take this size; leave out --algo", b->pe->name);
		it->msg = xstrdup(why);
		return;
	}
	struct engine_ctl ctl = { .report_solutions = b->verb == BATCH_SOLVE,
		                  .max_solutions = b->verb == BATCH_COUNT ? b->limit : 1 };
	enum engine_status st = engine_run(e, &ctl);
	struct strbuf move = { 0 };
	char line[LEVEL_DESC_MAX];
	bool lined = false;   /* line holds the answer, from the engine itself */
	if (b->verb == BATCH_SOLVE && st == ENGINE_SOLUTION) {
		if (e->ops->path_line) {
			e->ops->path_line(e, line, sizeof line);
			lined = true;
		} else {
			e->ops->path_move(e, &move);
		}
		if (b->unique) {
			struct engine_ctl more = { .max_solutions = 2 };
			it->several = engine_run(e, &more) == ENGINE_LIMIT;
		}
	}
	const struct search_stats *ss = engine_stats(e);
	it->nodes = ss->nodes, it->updates = ss->updates, it->mems = ss->mems;
	if (b->verb == BATCH_COUNT) {
		char n[U128_DIGITS];
		set_out(it, u128_str(ss->solutions, n));
	} else if (st != ENGINE_SOLUTION) {
		set_out(it, "-");
		it->none = true;
	} else if (it->several) {
		set_out(it, "+");
	} else if (lined) {
		set_out(it, line);
	} else {
		struct diag err;
		struct puzzle_state *done = pz->apply(s, move.s ? move.s : "", &err);
		if (done) {
			pz->batch->as_line(done, line, sizeof line);
			set_out(it, line);
			pz->free_state(done);
		} else {
			/* The engine and the family's moves disagree: a bug, said. */
			char why[600];
			snprintf(why, sizeof why, "a solution that %s cannot play: %s", pz->title, err.msg);
			it->msg = xstrdup(why);
		}
	}
	strbuf_free(&move);
	engine_free(e);
}

static void grade_one(const struct batch *b, struct batch_item *it, struct puzzle_state *s)
{
	struct puzzle_grade g;
	if (!b->pz->grade(s, &g, NULL)) {
		it->msg = xstrdup("the grader stopped");
		return;
	}
	char line[256];
	if (g.solutions == 1)
		snprintf(line, sizeof line, "%d %" PRIu64, g.grade, g.effort);
	else
		snprintf(line, sizeof line, "- %s", g.solutions ? "more than one solution" : "no solution");
	set_out(it, line);
	it->nodes = g.effort;
}

/* count --algo zdd for a family whose engines have no diagram of their
 * own: the diagram of the puzzle's exact cover, counted.  A puzzle whose
 * diagram outgrows the budget is named, not answered wrongly. */
static void count_by_diagram(const struct batch *b, struct batch_item *it, struct puzzle_state *s)
{
	struct xc_problem *p = b->pz->xc->reduce(s, DLX_FIRST);
	struct zdd *z;
	enum zdd_end end = puzzle_xc_zdd(p, b->zdd_bytes, NULL, &z);
	if (end != ZDD_DONE) {
		char why[160];
		if (end == ZDD_NO_ROOM)
			snprintf(why, sizeof why, "its diagram outgrew the memory allowed (--memo-mb)");
		else
			snprintf(why, sizeof why, "its diagram: %s", zdd_end_text(end));
		it->msg = xstrdup(why);
		it->unanswered = true;
	} else {
		struct zdd_stats st;
		zdd_stats(z, &st);
		bool overflow;
		u128 n = zdd_count(z, &overflow);
		char buf[U128_DIGITS];
		set_out(it, overflow ? "more than 2^128" : u128_str(n, buf));
		it->nodes = st.nodes;
		zdd_free(z);
	}
	xc_free(p);
}

static void work_one(const struct batch *b, struct batch_item *it)
{
	if (!it->has_desc)
		return;
	int bad_line;
	struct diag err;
	struct puzzle_state *s = b->pz->start(b->pz, b->text.s + it->desc_at, &bad_line, &err);
	if (!s) {
		it->msg = xstrdup(err.msg);
		it->line += bad_line > 0 ? bad_line : 0;
		return;
	}
	if (b->verb == BATCH_GRADE)
		grade_one(b, it, s);
	else if (b->zdd_bytes)
		count_by_diagram(b, it, s);
	else
		solve_one(b, it, s);
	b->pz->free_state(s);
}

static void *worker(void *arg)
{
	struct batch *b = arg;
	for (int i; (i = atomic_fetch_add(&b->next, 1)) < b->n;)
		work_one(b, &b->items[i]);
	return NULL;
}

/* The answers held, to standard output: before a message, so that the
 * two come in the order of the input, and at the end of a chunk. */
static void write_answers(struct batch *b)
{
	if (b->answers.len)
		fwrite(b->answers.s, 1, b->answers.len, stdout);
	b->answers.len = 0;
}

/* Work on the chunk, answer it in order, and empty it. */
static void flush_chunk(struct batch *b)
{
	atomic_store(&b->next, 0);
	int extra = b->threads - 1;
	if (extra > b->n - 1)
		extra = b->n > 0 ? b->n - 1 : 0;
	pthread_t *tid = extra > 0 ? xcalloc((size_t)extra, sizeof *tid) : NULL;
	int started = 0;
	for (; started < extra; started++)
		if (pthread_create(&tid[started], NULL, worker, b))
			break; /* fewer threads than asked: the work is still done */
	worker(b);
	for (int t = 0; t < started; t++)
		pthread_join(tid[t], NULL);
	free(tid);
	for (int i = 0; i < b->n; i++) {
		struct batch_item *it = &b->items[i];
		if (it->msg) {
			struct diag at;
			diag_at(&at, b->name, it->line, "%s", it->msg);
			write_answers(b);
			fprintf(stderr, "linkdance: %s\n", at.msg);
			if (it->unanswered)
				b->unanswered++;
			else
				b->bad++;
		} else {
			strbuf_addn(&b->answers, it->out, strlen(it->out));
			strbuf_addn(&b->answers, "\n", 1);
			b->puzzles++;
			b->none += it->none;
			b->several += it->several;
			b->nodes += it->nodes, b->updates += it->updates, b->mems += it->mems;
		}
		free(it->msg);
		if (it->out != it->room)
			free(it->out);
	}
	write_answers(b);
	b->n = 0;
	b->text.len = 0;
}

/* One line of the input to the family's reader (again and again while it
 * asks for the line once more). */
static void feed(struct batch *b, struct puzzle_reader *r, const char *text, size_t len, long number)
{
	bool again;
	do {
		struct diag err;
		long line;
		/* the reader adds the description to the chunk's text */
		size_t at = b->text.len;
		strbuf_addn(&b->text, "", 0);
		enum puzzle_read got = b->pz->batch->read(r, text, len, number, &b->text, &line, &again, &err);
		if (got == PUZZLE_READ_ONE) {
			strbuf_addn(&b->text, "", 1);
			add_item(b, line, true, at, NULL);
		} else {
			b->text.len = at;
			b->text.s[at] = '\0';
			if (got == PUZZLE_READ_BAD)
				add_item(b, line, false, 0, err.msg);
		}
		if (b->n >= CHUNK_PER_THREAD * b->threads)
			flush_chunk(b);
	} while (again);
}

/* The input, read a block at a time (not through stdio, which would
 * copy it once more) and cut into lines where it lies. */
struct line_in {
	int fd;
	char *buf;
	size_t cap, at, end;   /* the bytes not yet handed out: buf[at..end) */
	bool eof;
	int error;             /* errno of a failed read, else 0 */
};

/* More of the input after what is held (moved to the front of the
 * buffer, which grows when a line fills it): false at its end. */
static bool read_more(struct line_in *in)
{
	if (in->eof)
		return false;
	memmove(in->buf, in->buf + in->at, in->end - in->at);
	in->end -= in->at;
	in->at = 0;
	if (in->end == in->cap) {
		in->cap *= 2;
		in->buf = xrealloc(in->buf, in->cap);
	}
	ssize_t got;
	do
		got = read(in->fd, in->buf + in->end, in->cap - in->end);
	while (got < 0 && errno == EINTR);
	if (got <= 0) {
		in->eof = true;
		in->error = got < 0 ? errno : 0;
		return false;
	}
	in->end += (size_t)got;
	return true;
}

/* The next line, with its newline if it has one (as getline gives it):
 * false at the end of the input.  It lasts until the next call. */
static bool next_line(struct line_in *in, const char **line, size_t *len)
{
	size_t scanned = 0;   /* bytes already known to hold no newline */
	for (;;) {
		const char *p = in->buf + in->at;
		const char *nl = memchr(p + scanned, '\n', in->end - in->at - scanned);
		if (nl) {
			*line = p;
			*len = (size_t)(nl + 1 - p);
			in->at += *len;
			return true;
		}
		scanned = in->end - in->at;
		if (!read_more(in)) {
			if (in->at == in->end)
				return false;
			*line = in->buf + in->at;
			*len = in->end - in->at;
			in->at = in->end;
			return true;
		}
	}
}

/* A level file (its first line that is not blank or a comment names its
 * family) is one puzzle: its description. */
static bool starts_level(const char *line, size_t len)
{
	return len > 7 && !strncmp(line, "family", 6) && (line[6] == ' ' || line[6] == '\t');
}

static bool blank_or_comment(const char *line, size_t len)
{
	size_t i = 0;
	if (memchr(line, '\0', len))
		return false; /* the reader says what is wrong with it */
	while (i < len && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
		i++;
	return i == len || line[i] == '#';
}

/* The rest of the input after the lines held, as a level. */
static void read_level(struct batch *b, struct line_in *in, struct strbuf *held)
{
	do {
		strbuf_addn(held, in->buf + in->at, in->end - in->at);
		in->at = in->end;
	} while (held->len <= LEVEL_MAX_BYTES && read_more(in));
	struct level *lv = xmalloc(sizeof *lv);
	struct diag err;
	if (held->len > LEVEL_MAX_BYTES) {
		diag_set(&err, "larger than a level file may be (%d bytes)", LEVEL_MAX_BYTES);
		add_item(b, 0, false, 0, err.msg);
	} else if (memchr(held->s, '\0', held->len)) {
		add_item(b, 0, false, 0, "binary data (a NUL byte), not a level file");
	} else if (!level_parse(lv, held->s, b->name, &err)) {
		/* level_parse says where itself: FILE:LINE: ... */
		fprintf(stderr, "linkdance: %s\n", err.msg);
		b->bad++;
	} else if (lv->pz != b->pz) {
		diag_set(&err, "a %s level, not %s", lv->pz->name, b->pz->name);
		add_item(b, 0, false, 0, err.msg);
	} else {
		/* A level is one puzzle given to be played: one that cannot be
		 * finished is refused, as every command refuses it, where a
		 * file of puzzle lines answers "-" for it and goes on. */
		if (lv->warning[0])
			fprintf(stderr, "linkdance: %s\n", lv->warning);
		struct puzzle_state *s = level_state(lv, &err);
		if (!s || !level_can_finish(lv, s, &err)) {
			fprintf(stderr, "linkdance: %s\n", err.msg);
			b->bad++;
		} else {
			add_desc(b, lv->desc_line, lv->desc);
		}
		if (s)
			b->pz->free_state(s);
	}
	free(lv);
}

/* The first n lines of the input, held back while it might have been a
 * level file. */
static void feed_held(struct batch *b, struct puzzle_reader *r, const struct strbuf *held, long n)
{
	const char *p = held->s;
	for (long k = 1; k <= n; k++) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		feed(b, r, p, len, k);
		p = e ? e + 1 : p + len;
	}
}

static void read_input(struct batch *b, struct line_in *in)
{
	struct puzzle_reader *r = b->pz->batch->reader_new();
	struct strbuf held = { 0 };   /* the leading blank and comment lines */
	bool leading = true;
	const char *line;
	size_t len;
	long number = 0, held_lines = 0;
	strbuf_addn(&held, "", 0);
	while (next_line(in, &line, &len)) {
		number++;
		if (leading) {
			if (blank_or_comment(line, len) && held.len < LEVEL_MAX_BYTES) {
				strbuf_addn(&held, line, len);
				held_lines++;
				continue;
			}
			leading = false;
			if (starts_level(line, len)) {
				strbuf_addn(&held, line, len);
				read_level(b, in, &held);
				break;
			}
			/* A file of puzzles: the lines held go to the reader first. */
			feed_held(b, r, &held, held_lines);
		}
		if (len && line[len - 1] == '\n')
			len--;
		feed(b, r, line, len, number);
	}
	if (leading)
		feed_held(b, r, &held, held_lines);
	feed(b, r, NULL, 0, number + 1);
	strbuf_free(&held);
	b->pz->batch->reader_free(r);
}

/* The input: FILE, "-" or none for standard input, or the name of a
 * shipped level. */
static FILE *open_input(const struct puzzle *pz, const char *arg, char *path, size_t size, struct diag *err)
{
	if (!arg || !strcmp(arg, "-")) {
		snprintf(path, size, "(stdin)");
		return stdin;
	}
	snprintf(path, size, "%s", arg);
	FILE *f = fopen(arg, "r");
	if (f || errno != ENOENT || strchr(arg, '/')) {
		if (!f)
			diag_set(err, "%s: %s", arg, strerror(errno));
		return f;
	}
	/* No such file: perhaps a shipped level's name. */
	if (!level_resolve(pz->name, arg, path, (int)size, err))
		return NULL;
	if (!(f = fopen(path, "r")))
		diag_set(err, "%s: %s", path, strerror(errno));
	return f;
}

void cli_engine_names(const struct puzzle *pz, char *buf, size_t size)
{
	int n = 0, at = 0;
	buf[0] = '\0';
	for (int i = 0; pz->engines && pz->engines[i]; i++)
		n++;
	for (int i = 0; i < n && at >= 0 && (size_t)at < size; i++)
		at += snprintf(buf + at, size - (size_t)at, "%s%s", i == 0 ? "" : i == n - 1 ? " or " : ", ",
		               pz->engines[i]->name);
	if (!n && puzzle_engine_find(pz, NULL))
		snprintf(buf, size, "%s", puzzle_engine_find(pz, NULL)->name);
}

int cli_batch(const struct puzzle *pz, const struct cli_opts *o, const char *verb)
{
	struct batch b = { .pz = pz, .threads = o->threads > 0 ? o->threads : 1, .limit = o->limit ? o->limit : 2,
		           .unique = o->unique };
	b.verb = !strcmp(verb, "count") ? BATCH_COUNT : !strcmp(verb, "grade") ? BATCH_GRADE : BATCH_SOLVE;
	if (b.verb == BATCH_GRADE && !pz->grade)
		return cli_fail("%s puzzles cannot be graded yet", pz->title);
	bool by_diagram = b.verb == BATCH_COUNT && o->algo && !strcmp(o->algo, "zdd") && pz->xc &&
	                  !puzzle_engine_find(pz, o->algo);
	if (by_diagram)
		b.zdd_bytes = o->memo_bytes / (size_t)b.threads;
	else if (b.verb != BATCH_GRADE && !(b.pe = puzzle_engine_find(pz, o->algo))) {
		if (!o->algo)
			return cli_fail("%s puzzles have no search engine", pz->title);
		char names[200], list[224];
		cli_engine_names(pz, names, sizeof names);
		snprintf(list, sizeof list, "the engines: %s", names);
		return cli_usage_listed(list, "%s has no engine '%.20s'", pz->title, o->algo);
	}
	const char *arg = o->n_args > 1 ? o->args[1] : NULL;
	if (!arg && isatty(STDIN_FILENO))
		return cli_usage_error("%s %s reads puzzles from a file, or from standard input: give FILE, or - to type them",
		                       verb, pz->name);
	char path[1024];
	struct diag err;
	FILE *f = open_input(pz, arg, path, sizeof path, &err);
	if (!f)
		return cli_fail("%s", err.msg);
	b.name = path;
	double t0 = clock_seconds();
	struct line_in in = { .fd = fileno(f), .cap = READ_BLOCK };
	in.buf = xmalloc(in.cap);
	read_input(&b, &in);
	if (f != stdin)
		fclose(f);
	flush_chunk(&b);
	free(in.buf);
	free(b.items);
	strbuf_free(&b.text);
	strbuf_free(&b.answers);
	if (o->stats) {
		double t = clock_seconds() - t0;
		fprintf(stderr, "puzzles: %ld\n", b.puzzles);
		if (b.verb == BATCH_SOLVE)
			fprintf(stderr, "no solution: %ld\n", b.none);
		if (b.unique)
			fprintf(stderr, "more than one: %ld\n", b.several);
		if (b.bad)
			fprintf(stderr, "malformed: %ld\n", b.bad);
		if (b.unanswered)
			fprintf(stderr, "not answered: %ld\n", b.unanswered);
		if (b.pe || b.zdd_bytes)
			fprintf(stderr, "engine: %s\n", b.pe ? b.pe->name : "zdd (the diagram of all ways)");
		fprintf(stderr, "%s: %" PRIu64 "\n", b.zdd_bytes ? "diagram nodes" : "nodes", b.nodes);
		if (b.verb != BATCH_GRADE && !b.zdd_bytes) {
			fprintf(stderr, "updates: %" PRIu64 "\n", b.updates);
			fprintf(stderr, "mems: %" PRIu64 "\n", b.mems);
		}
		fprintf(stderr, "time: %.3f s", t);
		if (b.puzzles && t > 0)
			fprintf(stderr, " (%.0f puzzles a second)", (double)b.puzzles / t);
		fputc('\n', stderr);
	}
	int rc = cli_flush();
	if (in.error)
		rc = cli_fail("%s: %s", path, strerror(in.error));
	return rc != CLI_OK ? rc : b.bad || b.unanswered ? CLI_FAIL : CLI_OK;
}
