/* The knapsack's files and its solve command (knapsack_batch.h). */
#include "config.h"

#include "puzzles/knapsack_batch.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "puzzles/knapsack_puzzle.h"
#include "puzzles/knapsack_state.h"
#include "util/clock.h"
#include "util/xalloc.h"

enum kf_part {
	KF_BETWEEN,      /* before an instance: blank lines, dashes, comments, a level's keys */
	KF_OWN,          /* the game's form: after "capacity C", items "W V" */
	KF_PISINGER,     /* after the name: n, c, z, time, then the items */
};

struct knapsack_file {
	enum kf_part part;
	long start;
	struct knapsack k;
	long *numbers;
	int room;
	long declared;       /* Pisinger's n; -1 before it */
	int64_t z;           /* Pisinger's z, or -1 */
	bool has_capacity;
};

struct knapsack_file *knapsack_file_new(void)
{
	return xcalloc(1, sizeof(struct knapsack_file));
}

void knapsack_file_free(struct knapsack_file *f)
{
	if (!f)
		return;
	free(f->k.items);
	free(f->numbers);
	free(f);
}

/* A whole number (digits only) of at most max, from s to end. */
static bool number_in(const char *s, const char *end, int64_t max, int64_t *out)
{
	int64_t v = 0;
	if (s == end)
		return false;
	for (; s < end; s++) {
		if (*s < '0' || *s > '9' || v > (max - (*s - '0')) / 10)
			return false;
		v = v * 10 + (*s - '0');
	}
	*out = v;
	return true;
}

static void begin(struct knapsack_file *f, enum kf_part part, long line)
{
	free(f->k.items);
	free(f->numbers);
	*f = (struct knapsack_file){ .part = part, .start = line, .declared = -1, .z = -1 };
}

static bool add_item(struct knapsack_file *f, long number, int64_t w, int64_t v, struct diag *err)
{
	if (f->k.n == KNAPSACK_ITEMS_MAX) {
		diag_set(err, "more than %d items", KNAPSACK_ITEMS_MAX);
		return false;
	}
	if (f->k.n == f->room) {
		f->room = f->room ? 2 * f->room : 64;
		f->k.items = xreallocarray(f->k.items, (size_t)f->room, sizeof *f->k.items);
		f->numbers = xreallocarray(f->numbers, (size_t)f->room, sizeof *f->numbers);
	}
	f->numbers[f->k.n] = number;
	f->k.items[f->k.n++] = (struct knapsack_item){ w, v };
	return true;
}

/* Pisinger's item line: "i,p,w" or "i,p,w,x". */
static bool pisinger_item(struct knapsack_file *f, const char *t, size_t len, struct diag *err)
{
	const char *end = t + len, *field[5] = { t };
	int fields = 1;
	for (const char *p = t; p < end && fields < 5; p++)
		if (*p == ',')
			field[fields++] = p + 1;
	int64_t i, p, w, x;
	const char *stop[4] = { fields > 1 ? field[1] - 1 : end, fields > 2 ? field[2] - 1 : end,
		                fields > 3 ? field[3] - 1 : end, end };
	if (fields < 3 || fields > 4 || !number_in(field[0], stop[0], 1000000000, &i) ||
	    !number_in(field[1], stop[1], KNAPSACK_VALUE_MAX, &p) || !number_in(field[2], stop[2], KNAPSACK_WEIGHT_MAX, &w) ||
	    (fields == 4 && (!number_in(field[3], stop[3], 1, &x)))) {
		diag_set(err, "an item is number,value,weight or number,value,weight,0|1 (whole numbers, values and "
		              "weights up to 10^12), not '%.*s'", (int)(len < 40 ? len : 40), t);
		return false;
	}
	if (w == 0) {
		diag_set(err, "item %" PRId64 " weighs 0: an item weighs at least 1", i);
		return false;
	}
	return add_item(f, (long)i, w, p, err);
}

/* Pisinger's "key value" lines before the items; false and why. */
static bool pisinger_key(struct knapsack_file *f, const char *t, size_t len, struct diag *err)
{
	const char *sp = memchr(t, ' ', len), *end = t + len;
	int64_t v = 0;
	if (sp && sp - t == 4 && !strncmp(t, "time", 4))
		return true;
	bool ok = sp && sp - t == 1 && number_in(sp + 1, end, KNAPSACK_CAPACITY_MAX, &v);
	if (ok && *t == 'n' && v <= KNAPSACK_ITEMS_MAX)
		f->declared = (long)v;
	else if (ok && *t == 'c')
		f->k.capacity = v, f->has_capacity = true;
	else if (ok && *t == 'z')
		f->z = v;
	else {
		diag_set(err, "expected 'n N' (at most %d), 'c C', 'z Z', 'time T' or an item, not '%.*s'",
		         KNAPSACK_ITEMS_MAX, (int)(len < 40 ? len : 40), t);
		return false;
	}
	return true;
}

static bool blank_or_dashes(const char *t, size_t len)
{
	return strspn(t, " \t-") >= len;
}

/* A line between instances; MORE, or BAD with err. */
static enum puzzle_read between(struct knapsack_file *f, const char *t, size_t len, long number, struct diag *err)
{
	static const char *const level_keys[] = { "family ", "name ", "grade ", "seed ", "board", "#", NULL };
	if (blank_or_dashes(t, len))
		return PUZZLE_READ_MORE;
	for (int i = 0; level_keys[i]; i++)
		if (!strncmp(t, level_keys[i], strlen(level_keys[i])))
			return PUZZLE_READ_MORE;
	if (!strncmp(t, "capacity ", 9)) {
		begin(f, KF_OWN, number);
		if (!number_in(t + 9, t + len, KNAPSACK_CAPACITY_MAX, &f->k.capacity)) {
			diag_set(err, "the capacity is a whole number up to 10^18, not '%.*s'", (int)(len < 49 ? len - 9 : 40), t + 9);
			return PUZZLE_READ_BAD;
		}
		return PUZZLE_READ_MORE;
	}
	begin(f, KF_PISINGER, number);   /* the line is the instance's name */
	return PUZZLE_READ_MORE;
}

/* The game's item line "W V" or "W V in". */
static bool own_item(struct knapsack_file *f, const char *t, size_t len, struct diag *err)
{
	const char *end = t + len, *sp = memchr(t, ' ', len);
	if (len > 3 && !strncmp(end - 3, " in", 3))
		end -= 3;
	int64_t w, v;
	if (!sp || sp >= end || !number_in(t, sp, KNAPSACK_WEIGHT_MAX, &w) || !number_in(sp + 1, end, KNAPSACK_VALUE_MAX, &v) || !w) {
		diag_set(err, "an item is its weight (at least 1) and its value, as \"12 40\", not '%.*s'",
		         (int)(len < 40 ? len : 40), t);
		return false;
	}
	return add_item(f, f->k.n + 1, w, v, err);
}

enum puzzle_read knapsack_file_line(struct knapsack_file *f, const char *text, size_t len, long number,
                                    struct knapsack *k, long **numbers, long *line, bool *again, struct diag *err)
{
	*again = false;
	*line = number;
	while (text && len && (text[len - 1] == '\r' || text[len - 1] == ' '))
		len--;
	bool end_of_own = f->part == KF_OWN && (!text || blank_or_dashes(text, len));
	bool done = end_of_own || (f->part == KF_PISINGER && f->declared >= 0 && f->k.n == f->declared && f->has_capacity);
	if (done) {
		*k = f->k;
		*numbers = f->numbers;
		*line = f->start;
		*again = text && !end_of_own;
		f->k = (struct knapsack){ 0 };
		f->numbers = NULL;
		f->part = KF_BETWEEN;
		return PUZZLE_READ_ONE;
	}
	if (!text) {
		if (f->part == KF_BETWEEN)
			return PUZZLE_READ_MORE;
		diag_set(err, "the file ends after %d of the instance's %ld items (its name at line %ld)", f->k.n,
		         f->declared, f->start);
		f->part = KF_BETWEEN;
		return PUZZLE_READ_BAD;
	}
	enum puzzle_read r = PUZZLE_READ_MORE;
	if (f->part == KF_BETWEEN)
		r = between(f, text, len, number, err);
	else if (f->part == KF_OWN)
		r = own_item(f, text, len, err) ? PUZZLE_READ_MORE : PUZZLE_READ_BAD;
	else if (!memchr(text, ',', len))
		r = pisinger_key(f, text, len, err) ? PUZZLE_READ_MORE : PUZZLE_READ_BAD;
	else if (f->declared < 0 || !f->has_capacity)
		diag_set(err, "an item before the instance's 'n N' and 'c C' lines"), r = PUZZLE_READ_BAD;
	else
		r = pisinger_item(f, text, len, err) ? PUZZLE_READ_MORE : PUZZLE_READ_BAD;
	if (r == PUZZLE_READ_BAD)
		f->part = KF_BETWEEN;
	return r;
}

/* ---- the family's reader: count, grade and estimate FILE ---------------- */

struct puzzle_reader {
	struct knapsack_file *f;
};

static struct puzzle_reader *reader_new(void)
{
	struct puzzle_reader *r = xmalloc(sizeof *r);
	r->f = knapsack_file_new();
	return r;
}

static void reader_free(struct puzzle_reader *r)
{
	if (r)
		knapsack_file_free(r->f);
	free(r);
}

static enum puzzle_read reader_read(struct puzzle_reader *r, const char *text, size_t len, long number,
                                    struct strbuf *desc, long *line, bool *again, struct diag *err)
{
	struct knapsack k;
	long *numbers;
	enum puzzle_read got = knapsack_file_line(r->f, text, len, number, &k, &numbers, line, again, err);
	if (got != PUZZLE_READ_ONE)
		return got;
	if (k.n > KNAPSACK_PUZZLE_MAX_ITEMS) {
		diag_set(err, "%d items: the game takes at most %d (solve knapsack takes any number)", k.n,
		         KNAPSACK_PUZZLE_MAX_ITEMS);
		got = PUZZLE_READ_BAD;
	} else {
		strbuf_addf(desc, "capacity %" PRId64 "\n", k.capacity);
		for (int i = 0; i < k.n; i++)
			strbuf_addf(desc, "%" PRId64 " %" PRId64 "\n", k.items[i].weight, k.items[i].value);
	}
	free(k.items);
	free(numbers);
	return got;
}

/* A state as one line: its bag's value, then its items. */
static void as_line(const struct puzzle_state *s, char *buf, size_t size)
{
	size_t at = (size_t)snprintf(buf, size, "%" PRId64 ":", s->value);
	for (int i = 0; i < s->k.n && at < size; i++)
		if (s->in[i])
			at += (size_t)snprintf(buf + at, size - at, " %d", i + 1);
}

const struct puzzle_batch knapsack_batch_reader = {
	.format = "the game's bags (a line \"capacity C\", then an item a line, \"WEIGHT "
	          "VALUE\"; a blank line between bags), or Pisinger's instances (a name "
	          "line, \"n N\", \"c C\", optional \"z Z\" and \"time T\", then an item a "
	          "line, \"NUMBER,VALUE,WEIGHT\" with perhaps \",0\" or \",1\" after; "
	          "dashes between instances).",
	.reader_new = reader_new,
	.reader_free = reader_free,
	.read = reader_read,
	.as_line = as_line,
};

/* ---- solve knapsack FILE ------------------------------------------------ */

enum { SOLVE_STATS, SOLVE_OPTIONS };

static const struct puzzle_option solve_options[SOLVE_OPTIONS] = {
	[SOLVE_STATS] = { "stats", 0, "", 0, NULL },
};

/* One instance solved and printed. */
static bool solve_one(const struct knapsack *k, const long *numbers, int64_t z, const char *name, long line,
                      bool stats, FILE *out, FILE *log, struct diag *err)
{
	bool *take = xmalloc(sizeof *take * (size_t)(k->n ? k->n : 1));
	struct knapsack_figures fig;
	double t0 = clock_seconds();
	int64_t best = knapsack_solve(k, take, KNAPSACK_STATES_MAX, NULL, &fig);
	double t1 = clock_seconds();
	if (best < 0) {
		free(take);
		diag_at(err, name, line, "too hard: the solver's states outgrew %llu (%d items, the core at %d of them)",
		        (unsigned long long)KNAPSACK_STATES_MAX, k->n, fig.core);
		return false;
	}
	/* The bag is checked before it is printed: O(n), and a wrong answer
	 * is worse than none. */
	int64_t value, weight;
	if (!knapsack_bag(k, take, &value, &weight) || value != best) {
		free(take);
		diag_at(err, name, line, "internal error: the bag found (worth %" PRId64 ", weighing %" PRId64
		        ") is not the %" PRId64 " it should be", value, weight, best);
		return false;
	}
	fprintf(out, "%" PRId64 "\n", best);
	const char *sep = "";
	for (int i = 0; i < k->n; i++)
		if (take[i]) {
			fprintf(out, "%s%ld", sep, numbers[i]);
			sep = " ";
		}
	putc('\n', out);
	if (z >= 0 && z != best)
		fprintf(log, "linkdance: %s:%ld: warning: the file gives the optimum as %" PRId64 ", the best bag found is worth %" PRId64 "\n",
		        name, line, z, best);
	if (stats)
		fprintf(log, "items: %d\ncapacity: %" PRId64 "\ncore: %d\nstates: %" PRIu64 "\nmost states: %" PRIu64 "\nupper bound: %" PRId64 "\nseconds: %.4f\n",
		        k->n, k->capacity, fig.core, fig.states, fig.most_states, fig.upper, t1 - t0);
	free(take);
	return true;
}

static enum puzzle_outcome solve_run(const char *noun, const struct puzzle_options *opts, const char *file, int argc,
                                     char **argv, FILE *out, FILE *log, struct diag *err)
{
	(void)noun, (void)argc, (void)argv;
	if (!file) {
		diag_set(err, "solve knapsack needs a FILE (or - for the standard input)");
		return PUZZLE_MISUSED;
	}
	const char *name = strcmp(file, "-") ? file : "(stdin)";
	FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
	struct stat st;
	if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(f);
		f = NULL;
		errno = EISDIR;
	}
	if (!f) {
		diag_set(err, "%s: %s", name, strerror(errno));
		return PUZZLE_FAILED;
	}
	struct knapsack_file *kf = knapsack_file_new();
	char *text = NULL;
	size_t room = 0;
	long number = 0, found = 0;
	bool ok = true, again = false;
	ssize_t got = 0;
	while (ok) {
		if (!again) {
			got = getline(&text, &room, f);
			number++;
		}
		if (got > 0 && text[got - 1] == '\n')
			text[--got] = '\0';
		struct knapsack k;
		long *numbers, line;
		enum puzzle_read r = knapsack_file_line(kf, got >= 0 ? text : NULL, got >= 0 ? (size_t)got : 0, number, &k,
		                                        &numbers, &line, &again, err);
		if (r == PUZZLE_READ_BAD) {
			struct diag why = *err;
			diag_at(err, name, line, "%s", why.msg);
			ok = false;
		} else if (r == PUZZLE_READ_ONE) {
			found++;
			ok = solve_one(&k, numbers, kf->z, name, line, opts->given[SOLVE_STATS], out, log, err);
			free(k.items);
			free(numbers);
		}
		if (got < 0 && !again)
			break;
	}
	if (ok && !found) {
		diag_set(err, "%s: no instance in the file", name);
		ok = false;
	}
	free(text);
	knapsack_file_free(kf);
	if (f != stdin)
		fclose(f);
	return ok ? PUZZLE_DONE : PUZZLE_FAILED;
}

static const char *const solve_nouns[] = { "knapsack", NULL };

static const struct puzzle_command solve_command = {
	.verb = "solve",
	.nouns = solve_nouns,
	.usage = "solve knapsack FILE [--stats]",
	.options = solve_options,
	.n_options = SOLVE_OPTIONS,
	.takes_file = true,
	.run = solve_run,
};

const struct puzzle_command *const knapsack_batch_commands[] = { &solve_command, NULL };

const char knapsack_batch_help[] =
	"solve knapsack reads the game's bags or Pisinger's instances (any number\n"
	"of items) and prints for each the best value on one line, then the\n"
	"numbers of the items in a best bag; --stats adds the core's size, its\n"
	"states and the time on the standard error.\n";
