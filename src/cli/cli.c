#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "game/level.h"
#include "puzzles/puzzle.h"
#include "util/diag.h"
#include "util/xalloc.h"
#include "util/strbuf.h"
#include "util/u128.h"

/* The families' names are put in at %s: the registry knows them. */
static const char usage_head[] =
	"Usage: linkdance                      play (interactive)\n"
	"       linkdance play FAMILY [LEVEL|FILE]   play one puzzle at once\n"
	"       linkdance play FAMILY --PARAM[=V]... [--grade G] [--seed S]\n"
	"                                      a new game made with its parameters\n"
	"       linkdance xc [MODE] [OPTIONS] [FILE|-]\n"
	"       linkdance solve FAMILY [LEVEL|FILE] [OPTIONS]\n"
	"       linkdance count FAMILY [LEVEL|FILE] [OPTIONS]\n"
	"       linkdance estimate FAMILY [LEVEL] [--probes P] [--seed S] [--algo E]\n"
	"       linkdance export FAMILY [LEVEL]\n"
	"       linkdance generate FAMILY --grade G [--seed S] [--symmetric]\n"
	"       linkdance generate FAMILY -n N [--grade G] [--seed S] [--symmetric]\n"
	"       linkdance generate FAMILY ... [--size N] [--box RxC]\n"
	"       linkdance grade FAMILY LEVEL|FILE\n"
	"       linkdance sum [FILE|-]\n";

/* After the families' own commands. */
static const char usage_version[] =
	"       linkdance --help | --version\n"
	"\n";

static const char usage_operands[] =
	"LEVEL is a level file, or the name of a shipped level (as in\n"
	"levels/FAMILY/NAME.txt); without it, the empty board.  FILE holds many\n"
	"puzzles of a family that reads them so (above): one answer line each.\n"
	"xc reads an exact-cover problem in Knuth's DLX format: the primary items,\n"
	"'|', the secondary items on the first line, then one option per line.\n"
	"sum adds the counts of count --shard runs, one a line, exactly.\n";

/* After the families' own commands' paragraphs. */
static const char usage_options[] =
	"\n"
	"Modes of xc (the default prints the first solution):\n"
	"  --all              print every solution, a blank line between them\n"
	"  --limit N          print at most N solutions (with --count: count to N;\n"
	"                     counts over a FILE of puzzles stop at 2 unless told)\n"
	"  --count            print the number of solutions\n"
	"  --estimate P       estimate the search tree from P random walks\n"
	"  --sample K         print K solutions drawn uniformly at random (--seed S)\n"
	"  --frequencies      print for each option the solutions it is in, then it\n"
	"  --algo zdd         with --count: count on the diagram of all solutions\n"
	"                     (--sample and --frequencies always do; --stats: its size)\n"
	"\n"
	"Options:\n"
	"  --stats            search statistics on stderr (--profile: per level too)\n"
	"  --threads N        split a count, a FILE of puzzles, or a clique search\n"
	"                     between N threads\n"
	"                     (0: one per core)\n"
	"  --algo NAME        the engine that solves and counts a FILE of puzzles,\n"
	"                     or whose tree estimate walks; count --algo zdd counts\n"
	"                     a level, or a FILE of puzzles, on the diagram of its ways\n"
	"  --unique           solve a FILE: prove each solution the only one (a\n"
	"                     puzzle with more than one answers +)\n"
	"  --shard K/N        count only part K of N (linkdance sum adds the parts)\n"
	"  --branch RULE      mrv: the item with fewest options (DLX1), or\n"
	"                     first: the first item in order\n"
	"  --memo MODE        memoize counts: auto (default), on, off\n"
	"  --memo-mb MB       memory for the memo cache, or for building the diagram\n"
	"                     of --algo zdd (default: a quarter of RAM)\n"
	"  --probes P         random walks for estimate (default 10000)\n"
	"  --seed S           random seed of the walks (default 1)\n"
	"  --[no-]progress    progress of counts on stderr (default: if a terminal)\n"
	"  --grade G          the grade of a generated level: 1 (easy) to 4\n"
	"  -n N               generate N puzzles, one line each, from seeds S, S+1, ...\n"
	"  --symmetric        generated clues in pairs, half a turn about the centre\n"
	"  --size N, --box RxC  a generated puzzle's size and box shape, as its family\n"
	"                     takes them (see FAMILY below)\n"
	"\n"
	"Exit status: 0 done, 1 bad input or no solution, 2 usage error.\n"
	"See linkdance(6) for the formats and the game.\n";

/* text, its words filled into lines of at most 78 columns after indent
 * (a word is never cut); '\n' in text starts a new paragraph. */
static void print_wrapped(const char *text, int indent)
{
	int col = 0;
	for (const char *p = text; *p;) {
		if (*p == '\n') {
			if (col)
				putchar('\n');
			col = 0;
			p++;
			continue;
		}
		if (*p == ' ') {
			p++;
			continue;
		}
		size_t len = strcspn(p, " \n"), width = 0;
		for (size_t i = 0; i < len; i++)
			width += ((unsigned char)p[i] & 0xC0) != 0x80; /* UTF-8: one column a character */
		if (col && col + 1 + (int)width > 78) {
			putchar('\n');
			col = 0;
		}
		if (!col) {
			printf("%*s", indent, "");
			col = indent;
		} else {
			putchar(' ');
			col++;
		}
		fwrite(p, 1, len, stdout);
		col += (int)width;
		p += len;
	}
	if (col)
		putchar('\n');
}

/* The usage lines of the families' own commands; with paragraphs, what
 * they do. */
static void print_commands(bool paragraphs)
{
	for (int i = 0; puzzle_families[i]; i++) {
		const struct puzzle *pz = puzzle_families[i];
		if (paragraphs && pz->commands_help)
			fputs(pz->commands_help, stdout);
		for (int c = 0; !paragraphs && pz->commands && pz->commands[c]; c++)
			printf("       linkdance %s\n", pz->commands[c]->usage);
	}
}

static int print_usage(void)
{
	fputs(usage_head, stdout);
	print_commands(false);
	fputs(usage_version, stdout);
	printf("FAMILY is %s:\n", puzzle_names());
	for (int i = 0; puzzle_families[i]; i++) {
		const struct puzzle *pz = puzzle_families[i];
		printf("  %s (%s)\n", pz->name, pz->title);
		if (pz->rules)
			print_wrapped(pz->rules, 4);
		if (pz->batch) {
			char text[1024], engines[256];
			cli_engine_names(pz, engines, sizeof engines);
			snprintf(text, sizeof text,
			         "solve, count and grade read a FILE of puzzles (or standard input), %s  "
			         "One answer a line, in order.  Engines for --algo: %s.",
			         pz->batch->format, engines);
			print_wrapped(text, 4);
		}
	}
	putchar('\n');
	fputs(usage_operands, stdout);
	print_commands(true);
	fputs(usage_options, stdout);
	return cli_flush();
}

bool cli_is_verb(const char *arg)
{
	static const char *const verbs[] = { "xc", "solve", "count", "estimate", "export", "generate", "grade", "sum", NULL };
	for (int i = 0; verbs[i]; i++)
		if (!strcmp(arg, verbs[i]))
			return true;
	return false;
}

static void print_option_lines(void *ctx, const struct xc_problem *p, const int *options, int n)
{
	(void)ctx;
	for (int i = 0; i < n; i++)
		xcfile_write_option(stdout, p, options[i]);
}

/* The file operand of xc and sum, "-" or none for standard input; name is
 * what messages call it.  Unlike a level file, it may be any stream: a
 * pipe, a FIFO, /dev/stdin, bash's <(...).  A FIFO without a writer waits
 * here as it would for cat: the user named it, no terminal is in raw
 * mode, and Ctrl-C ends the wait. */
static FILE *open_operand(const struct cli_opts *o, const char **name)
{
	const char *file = o->n_args ? o->args[0] : "-";
	if (!strcmp(file, "-")) {
		*name = "(stdin)";
		return stdin;
	}
	*name = file;
	return fopen(file, "r");
}

static void close_operand(FILE *f)
{
	if (f != stdin)
		fclose(f);
}

static int cmd_xc(int argc, char **argv)
{
	struct cli_opts o;
	int rc = cli_parse(&o, argc, argv, "xc", "aclersPtSbmMgGAKF", 1, CLI_FIRST);
	if (rc == CLI_OK)
		rc = cli_xc_algo(&o);
	if (rc != CLI_OK)
		return rc;
	const char *name;
	FILE *f = open_operand(&o, &name);
	if (!f)
		return cli_fail("%s: %s", name, strerror(errno));
	struct diag err;
	struct xc_problem *p = xcfile_read(f, name, &err);
	close_operand(f);
	if (!p)
		return cli_fail("%s", err.msg);
	rc = cli_search(p, &o, name, print_option_lines, NULL);
	xc_free(p);
	return rc;
}

/* ---- sum: the shards of a count added ------------------------------------ */

/* Adding the parts with the shell or awk rounds past 2^53 or wraps past
 * 2^64; the count of a big board is neither.  One count a line (blanks
 * around it allowed, blank lines skipped): anything else is refused, so
 * that a part that failed is never added in as nothing.  The parts of a
 * count --shard K/N say which they are, "COUNT (part K/N)": then every part
 * from 1 to N must be there once, since a shard that failed prints nothing
 * at all. */
struct sum_parts {
	int shards;          /* N, 0 before the first part */
	long *line;          /* line of part K, at line[K - 1]; 0: not seen */
	long plain;          /* the line of a count that says no part, 0: none */
};

#define SUM_MAX_LINE 256

/* Read "COUNT" or "COUNT (part K/N)" from s; false with the reason. */
static bool sum_line(char *s, u128 *v, int *k, int *n, char *why, size_t size)
{
	*k = *n = 0;
	char *part = strstr(s, " (part ");
	if (part) {
		char close;
		if (sscanf(part, " (part %d/%d%c", k, n, &close) != 3 || close != ')' || *k < 1 || *n < 1 ||
		    *k > *n || *n > 1000000 || strchr(part, ')')[1]) {
			snprintf(why, size, "'%.40s' is not a part of a count", s);
			return false;
		}
		*part = '\0';
	}
	if (!u128_parse(s, v)) {
		bool digits = strspn(s, "0123456789") == strlen(s) && *s;
		snprintf(why, size, digits ? "%.20s%s: more than 128 bits" : "'%.20s%s' is not a count", s,
		         strlen(s) > 20 ? "..." : "");
		return false;
	}
	return true;
}

static bool sum_part(struct sum_parts *sp, int k, int n, long line, struct diag *err, const char *name)
{
	if (!n) {
		sp->plain = sp->plain ? sp->plain : line;
		if (sp->shards) {
			diag_at(err, name, line, "a count that is no part, among the parts of a count");
			return false;
		}
		return true;
	}
	if (sp->plain) {
		diag_at(err, name, line, "a part of a count, after a count that is no part (line %ld)", sp->plain);
		return false;
	}
	if (!sp->shards) {
		sp->shards = n;
		sp->line = xcalloc((size_t)n, sizeof *sp->line);
	}
	if (n != sp->shards) {
		diag_at(err, name, line, "part %d/%d, among parts of %d", k, n, sp->shards);
		return false;
	}
	if (sp->line[k - 1]) {
		diag_at(err, name, line, "part %d/%d again (first on line %ld)", k, n, sp->line[k - 1]);
		return false;
	}
	sp->line[k - 1] = line;
	return true;
}

static int cmd_sum(int argc, char **argv)
{
	struct cli_opts o;
	int rc = cli_parse(&o, argc, argv, "sum", "", 1, CLI_FIRST);
	if (rc != CLI_OK)
		return rc;
	const char *name;
	FILE *f = open_operand(&o, &name);
	if (!f)
		return cli_fail("%s: %s", name, strerror(errno));
	u128 total = 0;
	bool overflow = false;
	long n = 0, counts = 0;
	char *line = NULL, why[160];
	size_t cap = 0;
	ssize_t len;
	struct diag err;
	struct sum_parts sp = { 0 };
	rc = CLI_OK;
	while (rc == CLI_OK && (len = getline(&line, &cap, f)) >= 0) {
		n++;
		if (memchr(line, '\0', (size_t)len)) {
			diag_at(&err, name, n, "binary data (a NUL byte), not a count");
			rc = cli_fail("%s", err.msg);
			break;
		}
		if (len > SUM_MAX_LINE) {
			diag_at(&err, name, n, "line longer than %d characters, not a count", SUM_MAX_LINE);
			rc = cli_fail("%s", err.msg);
			break;
		}
		char *s = line, *e = line + len;
		while (*s == ' ' || *s == '\t')
			s++;
		while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
			*--e = '\0';
		if (!*s)
			continue;
		u128 v;
		int k, parts;
		if (!sum_line(s, &v, &k, &parts, why, sizeof why)) {
			diag_at(&err, name, n, "%s", why);
			rc = cli_fail("%s", err.msg);
			break;
		}
		if (!sum_part(&sp, k, parts, n, &err, name)) {
			rc = cli_fail("%s", err.msg);
			break;
		}
		total = u128_add(total, v, &overflow);
		counts++;
		if (overflow) {
			diag_at(&err, name, n, "the total passes 128 bits here");
			rc = cli_fail("%s", err.msg);
		}
	}
	free(line);
	if (rc == CLI_OK && ferror(f))
		rc = cli_fail("%s: %s", name, strerror(errno));
	close_operand(f);
	for (int k = 0; rc == CLI_OK && k < sp.shards; k++)
		if (!sp.line[k])
			rc = cli_fail("%s: part %d/%d is missing: the total would not be the count", name, k + 1, sp.shards);
	free(sp.line);
	if (rc != CLI_OK)
		return rc;
	if (!counts)
		return cli_fail("%s: no counts to add", name);
	char buf[U128_DIGITS];
	printf("%s\n", u128_str(total, buf));
	return cli_flush();
}

/* ---- the families, through the registry --------------------------------- */

struct family_run {
	const struct puzzle *pz;
	struct puzzle_state *s;
	char where[1024];
	struct level lv;
	bool have_level;
};

static int family_arg(const struct cli_opts *o, const char *verb, const struct puzzle **pz)
{
	if (o->n_args < 1)
		return cli_family_error("%s needs a family", verb);
	if (!(*pz = puzzle_find(o->args[0])))
		return cli_family_error("unknown family '%.20s'", o->args[0]);
	return CLI_OK;
}

/* FAMILY [LEVEL] -> the state to work on. */
static int load_position(struct family_run *fr, const struct cli_opts *o, const char *verb)
{
	int rc = family_arg(o, verb, &fr->pz);
	if (rc != CLI_OK)
		return rc;
	const struct puzzle *pz = fr->pz;
	struct diag err;
	if (o->n_args < 2) {
		int bad;
		if (!(fr->s = pz->start(pz, NULL, &bad, &err)))
			return cli_fail("%s: %s", pz->name, err.msg);
		snprintf(fr->where, sizeof fr->where, "%s (empty board)", pz->name);
		return CLI_OK;
	}
	char path[1024];
	if (!level_resolve(pz->name, o->args[1], path, sizeof path, &err) || !level_load(&fr->lv, path, &err))
		return cli_fail("%s", err.msg);
	if (fr->lv.pz != pz)
		return cli_fail("%s: a %s level, not %s", path, fr->lv.pz->name, pz->name);
	if (fr->lv.warning[0])
		fprintf(stderr, "linkdance: %s\n", fr->lv.warning);
	if (!(fr->s = level_state(&fr->lv, &err)))
		return cli_fail("%s", err.msg);
	if (!level_can_finish(&fr->lv, fr->s, &err))
		return cli_fail("%s", err.msg);
	snprintf(fr->where, sizeof fr->where, "%s", path);
	fr->have_level = true;
	return CLI_OK;
}

/* A solution as the family draws it: its options played as one move. */
static void print_solution(void *ctx, const struct xc_problem *p, const int *options, int n)
{
	struct family_run *fr = ctx;
	const struct puzzle_xc *xc = fr->pz->xc;
	struct strbuf move = { 0 };
	char one[NOTE_MOVE_MAX];
	strbuf_addf(&move, "%s", "");
	for (int i = 0; i < n; i++) {
		xc->option_move(fr->s, p, options[i], one, sizeof one);
		strbuf_addf(&move, "%s%s", i ? ";" : "", one);
	}
	struct diag err;
	struct puzzle_state *done = fr->pz->apply(fr->s, move.s, &err);
	if (done) {
		char buf[LEVEL_DESC_MAX];
		fr->pz->describe(done, buf, sizeof buf);
		fputs(buf, stdout);
		fr->pz->free_state(done);
	} else {
		/* The family's reduction and its moves disagree: a bug, said. */
		fprintf(stderr, "linkdance: a solution that %s cannot play: %s\n", fr->pz->title, err.msg);
	}
	strbuf_free(&move);
}

/* -n N: N puzzles, one line each, as the batch commands read them; the
 * k-th from seed S + k, so any one can be made again alone. */
static int generate_lines(const struct puzzle *pz, const struct cli_opts *o, const char *params)
{
	if (!pz->batch)
		return cli_usage_error("generate -n makes puzzle lines; %s puzzles are level files: use --grade and --seed",
		                       pz->title);
	for (uint64_t k = 0; k < o->number; k++) {
		struct strbuf desc = { 0 };
		struct diag err;
		strbuf_addf(&desc, "%s", "");
		bool made = pz->generate(pz, params, o->grade, o->seed + k, &desc, NULL, &err);
		int bad;
		struct puzzle_state *s = made ? pz->start(pz, desc.s, &bad, &err) : NULL;
		strbuf_free(&desc);
		if (!s)
			return cli_fail("%s", err.msg);
		char line[2048];
		pz->batch->as_line(s, line, sizeof line);
		pz->free_state(s);
		printf("%s\n", line);
	}
	return cli_flush();
}

static int cmd_generate(int argc, char **argv)
{
	struct cli_opts o;
	const struct puzzle *pz;
	int rc = cli_parse(&o, argc, argv, "generate", "rdnyzx", 1, CLI_FIRST);
	if (rc == CLI_OK)
		rc = family_arg(&o, "generate", &pz);
	if (rc != CLI_OK)
		return rc;
	if (!pz->generate)
		return cli_fail("%s puzzles cannot be generated yet", pz->title);
	char params[96] = "";
	if (o.symmetric)
		snprintf(params, sizeof params, "symmetric");
	if (o.size)
		snprintf(params + strlen(params), sizeof params - strlen(params), "%ssize=%.8s", *params ? "," : "", o.size);
	if (o.box)
		snprintf(params + strlen(params), sizeof params - strlen(params), "%sbox=%.8s", *params ? "," : "", o.box);
	if (o.number)
		return generate_lines(pz, &o, *params ? params : NULL);
	if (!o.grade)
		return cli_usage_error("generate needs --grade 1, 2, 3 or 4 (or -n N for puzzle lines)");
	struct strbuf desc = { 0 };
	struct diag err;
	strbuf_addf(&desc, "%s", "");
	if (!pz->generate(pz, *params ? params : NULL, o.grade, o.seed, &desc, NULL, &err)) {
		strbuf_free(&desc);
		return cli_fail("%s", err.msg);
	}
	/* The grader says what the level needs, for the comment. */
	int bad;
	struct puzzle_state *s = pz->start(pz, desc.s, &bad, &err);
	struct puzzle_grade g = { 0 };
	bool graded = s && pz->grade && pz->grade(s, &g, NULL);
	if (s)
		pz->free_state(s);
	/* The header's comments and keys, marked as the family's own comments
	 * when its level files are its descriptions (DIMACS). */
	const char *c = pz->level_comment ? pz->level_comment : "# ", *k = pz->level_comment ? pz->level_comment : "";
	printf("%slinkdance generate %s --grade %d%s%.8s%s%.8s --seed %" PRIu64 "\n", c, pz->name, o.grade,
	       o.size ? " --size " : "", o.size ? o.size : "", o.box ? " --box " : "", o.box ? o.box : "", o.seed);
	if (graded)
		printf("%sone way to finish; the solver needs %" PRIu64 " node%s to find it and prove it\n", c,
		       g.effort, g.effort == 1 ? "" : "s");
	/* a Sudoku of another size is named by it too, or by its boxes when
	 * they are said (4-16x16-01, 1-3x2-01): the menu shows what follows
	 * the grade */
	char size[40] = "";
	if (o.box)
		snprintf(size, sizeof size, "%.8s-", o.box);
	else if (o.size)
		snprintf(size, sizeof size, "%.8sx%.8s-", o.size, o.size);
	printf("%sfamily %s\n%sname %d-%s%02" PRIu64 "\n%sgrade %d\n%sseed %" PRIu64 "\n%s%s", k, pz->name, k, o.grade,
	       size, o.seed, k, o.grade, k, o.seed, pz->level_comment ? "" : "board\n", desc.s);
	strbuf_free(&desc);
	return cli_flush();
}

static int cmd_grade(struct family_run *fr)
{
	const struct puzzle *pz = fr->pz;
	struct puzzle_grade g;
	if (!pz->grade)
		return cli_fail("%s puzzles cannot be graded yet", pz->title);
	if (!pz->grade(fr->s, &g, NULL))
		return cli_fail("%s: the grader stopped", fr->where);
	printf("%s: %s\n", pz->count_noun ? pz->count_noun : "solutions",
	       g.solutions > 1 ? "more than one" : g.solutions == 1 ? "one" : "none");
	printf("effort: %" PRIu64 " nodes\n", g.effort);
	printf("grade: %d\n", g.grade);
	if (fr->have_level && fr->lv.grade && fr->lv.grade != g.grade)
		fprintf(stderr, "linkdance: %s says grade %d\n", fr->where, fr->lv.grade);
	return cli_flush();
}

/* The family counts its position itself (puzzle_count). */
static void count_position(void *ctx, const struct count_opts *co, struct count_result *r)
{
	const struct family_run *fr = ctx;
	puzzle_count(fr->pz, fr->s, co, r);
}

/* export, count or solve on the position, through its
 * exact-cover part. */
static int work_on_position(struct family_run *fr, struct cli_opts *o, const char *verb)
{
	/* Counting goes fastest with the memo cache, branching on the first
	 * item in the order the family gives for that rule; the rest (and
	 * counts with --branch mrv) use the order of Knuth's programs, which
	 * is the order exports have too. */
	if (o->mode == CLI_COUNT && !o->rule_given)
		o->rule = DLX_FIRST;
	bool zdd = o->algo && !strcmp(o->algo, "zdd");
	if (o->algo && !zdd)
		return cli_usage_error("%s: --algo is zdd (the diagram of all ways), not '%.20s'", verb, o->algo);
	if (zdd && (o->limit || o->threads != 1 || o->shards != 1))
		return cli_usage_error("%s: --algo zdd builds the whole diagram on one thread: no --limit, "
		                       "--threads or --shard", verb);
	if (o->mode == CLI_COUNT && !zdd)
		return cli_count(o, count_position, fr);
	struct xc_problem *p = fr->pz->xc->reduce(fr->s, !strcmp(verb, "export") ? DLX_MRV : o->rule);
	int rc;
	if (!strcmp(verb, "export")) {
		char comment[1200];
		snprintf(comment, sizeof comment, "linkdance export %s: %s\n%d items, %d options", fr->pz->name,
		         fr->where, p->n_items, p->n_options);
		xcfile_write(stdout, p, comment);
		rc = cli_flush();
	} else {
		rc = cli_search(p, o, fr->where, print_solution, fr);
	}
	xc_free(p);
	return rc;
}

/* The options of a verb (cli_opts.c's letters): on a level, or on a file
 * of puzzles (a family with a batch reader). */
static const struct {
	const char *verb, *level, *batch;
	enum cli_mode mode;
} verb_opts[] = {
	{ "count", "lsPtSbmMgGA", "lsAtM", CLI_COUNT },
	{ "solve", "alsPb", "sAtu", CLI_FIRST },
	{ "grade", "", "t", CLI_FIRST },
	{ "estimate", "prsbA", NULL, CLI_ESTIMATE },
	{ "export", "", NULL, CLI_FIRST },
};

static int cmd_family(int argc, char **argv, const char *verb)
{
	struct cli_opts o;
	struct family_run fr = { 0 };
	int rc, v = 0;
	while (v < (int)(sizeof verb_opts / sizeof *verb_opts) - 1 && strcmp(verb_opts[v].verb, verb))
		v++;
	/* Which options the verb takes depends on the family: find it with
	 * those of both kinds allowed, then read the options again. */
	char either[64];
	snprintf(either, sizeof either, "%s%s", verb_opts[v].level, verb_opts[v].batch ? verb_opts[v].batch : "");
	rc = cli_parse(&o, argc, argv, verb, either, 2, verb_opts[v].mode);
	if (rc == CLI_OK)
		rc = family_arg(&o, verb, &fr.pz);
	if (rc != CLI_OK)
		return rc;
	if (fr.pz->batch && verb_opts[v].batch) {
		rc = cli_parse(&o, argc, argv, verb, verb_opts[v].batch, 2, verb_opts[v].mode);
		return rc == CLI_OK ? cli_batch(fr.pz, &o, verb) : rc;
	}
	rc = cli_parse(&o, argc, argv, verb, verb_opts[v].level, 2, verb_opts[v].mode);
	if (rc == CLI_OK)
		rc = load_position(&fr, &o, verb);
	/* grade and estimate ask the family; the rest work on its exact cover. */
	bool family_own = !strcmp(verb, "grade") || !strcmp(verb, "estimate");
	if (rc == CLI_OK && !strcmp(verb, "grade"))
		rc = o.n_args == 2 ? cmd_grade(&fr) : cli_usage_error("grade needs a level");
	if (rc == CLI_OK && !strcmp(verb, "estimate"))
		rc = cli_estimate(fr.pz, fr.s, &o);
	if (rc == CLI_OK && !family_own && !fr.pz->xc)
		rc = cli_fail("%s puzzles have no exact-cover form: %s cannot work on them", fr.pz->title, verb);
	if (rc != CLI_OK || family_own) {
		if (fr.s)
			fr.pz->free_state(fr.s);
		return rc;
	}
	rc = work_on_position(&fr, &o, verb);
	fr.pz->free_state(fr.s);
	return rc;
}

int cli_main(int argc, char **argv)
{
	/* Output to a file or a pipe goes in large blocks: fewer writes, and
	 * a write that fails does so at the flush, where its reason is still
	 * known (stdio forgets it once the buffer is passed by). */
	static char out_buffer[1 << 16];
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
	if (argc < 2)
		return cli_usage_error("no command");
	const char *verb = argv[1];
	if (!strcmp(verb, "--help") || !strcmp(verb, "-h") || !strcmp(verb, "help")) {
		return print_usage();
	}
	if (!strcmp(verb, "--version") || !strcmp(verb, "-V")) {
		printf("linkdance %s\n", PACKAGE_VERSION);
		return cli_flush();
	}
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--help")) {
			return print_usage();
		}
	if (!strcmp(verb, "xc"))
		return cmd_xc(argc, argv);
	const struct puzzle_command *own = cli_command_find(argc, argv);
	if (own)
		return cli_command_main(own, argc, argv);
	if (!strcmp(verb, "generate"))
		return cmd_generate(argc, argv);
	if (!strcmp(verb, "sum"))
		return cmd_sum(argc, argv);
	if (cli_is_verb(verb))
		return cmd_family(argc, argv, verb);
	return cli_usage_error("unknown command '%.20s'", verb);
}
