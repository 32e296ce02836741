#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "game/level.h"
#include "puzzles/tiling.h"
#include "puzzles/tiling_gen.h"
#include "puzzles/xcfile.h"
#include "util/diag.h"

static const char usage_text[] =
	"Usage: linkdance                      play (interactive)\n"
	"       linkdance xc [MODE] [OPTIONS] [FILE|-]\n"
	"       linkdance solve FAMILY [LEVEL] [OPTIONS]\n"
	"       linkdance count FAMILY [LEVEL] [OPTIONS]\n"
	"       linkdance estimate FAMILY [LEVEL] [--probes P] [--seed S]\n"
	"       linkdance export FAMILY [LEVEL]\n"
	"       linkdance generate FAMILY --grade G [--seed S]\n"
	"       linkdance grade FAMILY LEVEL\n"
	"       linkdance --help | --version\n"
	"\n"
	"FAMILY is kanoodle or iqfit.  LEVEL is a level file, or the name of a\n"
	"shipped level (as in levels/FAMILY/NAME.txt); without it, the empty board.\n"
	"xc reads an exact-cover problem in Knuth's DLX format: the primary items,\n"
	"'|', the secondary items on the first line, then one option per line.\n"
	"\n"
	"Modes of xc (the default prints the first solution):\n"
	"  --all              print every solution, a blank line between them\n"
	"  --limit N          print at most N solutions (with --count: count to N)\n"
	"  --count            print the number of solutions\n"
	"  --estimate P       estimate the search tree from P random probes\n"
	"\n"
	"Options:\n"
	"  --stats            search statistics on stderr (--profile: per level too)\n"
	"  --threads N        split a count between N threads (0: one per core)\n"
	"  --shard K/N        count only part K of N (add the N parts for the total)\n"
	"  --branch RULE      mrv: the item with fewest options (DLX1), or\n"
	"                     first: the first item in order\n"
	"  --memo MODE        memoize counts: auto (default), on, off\n"
	"  --memo-mb MB       memory for the memo cache (default: a quarter of RAM)\n"
	"  --probes P         probes for estimate (default 10000)\n"
	"  --seed S           random seed of the probes (default 1)\n"
	"  --[no-]progress    progress of counts on stderr (default: if a terminal)\n"
	"  --grade G          the grade of a generated level: 1 (easy) to 4\n"
	"\n"
	"Exit status: 0 done, 1 bad input or no solution, 2 usage error.\n"
	"See linkdance(6) for the formats and the game.\n";

bool cli_is_verb(const char *arg)
{
	static const char *const verbs[] = { "xc", "solve", "count", "estimate", "export", "generate", "grade", NULL };
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

static int cmd_xc(int argc, char **argv)
{
	struct cli_opts o;
	int rc = cli_parse(&o, argc, argv, "xc", "aclersPtSbmMgG", 1, CLI_FIRST);
	if (rc != CLI_OK)
		return rc;
	const char *file = o.n_args ? o.args[0] : "-";
	bool from_stdin = !strcmp(file, "-");
	const char *name = from_stdin ? "(stdin)" : file;
	/* Unlike a level file, xc's input may be any stream: a pipe, a FIFO,
	 * /dev/stdin, bash's <(...).  A FIFO without a writer waits here as
	 * it would for cat: the user named it, no terminal is in raw mode,
	 * and Ctrl-C ends the wait. */
	FILE *f = from_stdin ? stdin : fopen(file, "r");
	if (!f)
		return cli_fail("%s: %s", file, strerror(errno));
	struct diag err;
	struct xc_problem *p = xcfile_read(f, name, &err);
	if (!from_stdin)
		fclose(f);
	if (!p)
		return cli_fail("%s", err.msg);
	rc = cli_search(p, &o, name, print_option_lines, NULL);
	xc_free(p);
	return rc;
}

/* ---- the tiling families ---------------------------------------------- */

struct family_run {
	struct tiling *t;
	struct tiling_pos pos;
	char where[1024];
	struct level lv;
	bool have_level;
};

/* FAMILY [LEVEL] -> the position to work on. */
static int load_position(struct family_run *fr, const struct cli_opts *o, const char *verb)
{
	if (o->n_args < 1)
		return cli_usage_error("%s needs a family: kanoodle or iqfit", verb);
	const struct tiling_family_def *def = tiling_family_find(o->args[0]);
	if (!def)
		return cli_usage_error("unknown family '%s' (kanoodle or iqfit)", o->args[0]);
	fr->t = tiling_new(def);
	tiling_pos_init(&fr->pos, fr->t);
	snprintf(fr->where, sizeof fr->where, "%s (empty board)", def->name);
	if (o->n_args < 2)
		return CLI_OK;
	struct diag err;
	struct level lv;
	char path[1024];
	if (!level_resolve(def->name, o->args[1], path, sizeof path, &err) || !level_load(&lv, path, &err))
		return cli_fail("%s", err.msg);
	if (lv.def != def)
		return cli_fail("%s: a %s level, not %s", path, lv.def->name, def->name);
	if (!level_position(&lv, fr->t, &fr->pos, &err))
		return cli_fail("%s", err.msg);
	if (tiling_completions(&fr->pos, 1) == 0)
		return cli_fail("%s:%d: this level cannot be finished", path, lv.board_line);
	snprintf(fr->where, sizeof fr->where, "%s", path);
	fr->lv = lv;
	fr->have_level = true;
	return CLI_OK;
}

static void print_board(void *ctx, const struct xc_problem *p, const int *options, int n)
{
	struct family_run *fr = ctx;
	struct tiling_pos pos = fr->pos;
	char buf[TILING_MAX_SIDE * (TILING_MAX_SIDE + 1) + 1];
	for (int i = 0; i < n; i++)
		tiling_pos_place(&pos, p->opt_tag[options[i]]);
	tiling_pos_draw(&pos, buf, sizeof buf);
	fputs(buf, stdout);
}

static int cmd_generate(int argc, char **argv)
{
	struct cli_opts o;
	int rc = cli_parse(&o, argc, argv, "generate", "rn", 1, CLI_FIRST);
	if (rc != CLI_OK)
		return rc;
	if (o.n_args < 1)
		return cli_usage_error("generate needs a family: kanoodle or iqfit");
	const struct tiling_family_def *def = tiling_family_find(o.args[0]);
	if (!def)
		return cli_usage_error("unknown family '%s' (kanoodle or iqfit)", o.args[0]);
	if (!o.grade)
		return cli_usage_error("generate needs --grade 1, 2, 3 or 4");
	struct tiling *t = tiling_new(def);
	struct tiling_pos pos;
	uint64_t effort;
	if (!tiling_generate(t, o.grade, o.seed, &pos, &effort, NULL)) {
		tiling_free(t);
		return cli_fail("no %s level of grade %d found from seed %" PRIu64 "; try another seed", def->name,
		                o.grade, o.seed);
	}
	char board[TILING_MAX_SIDE * (TILING_MAX_SIDE + 1) + 1];
	tiling_pos_draw(&pos, board, sizeof board);
	printf("# linkdance generate %s --grade %d --seed %" PRIu64 "\n", def->name, o.grade, o.seed);
	printf("# one way to finish; the solver needs %" PRIu64 " nodes to find it and prove it\n", effort);
	printf("family %s\nname %d-%02" PRIu64 "\ngrade %d\nseed %" PRIu64 "\nboard\n%s", def->name, o.grade, o.seed,
	       o.grade, o.seed, board);
	tiling_free(t);
	return cli_flush();
}

static int cmd_grade(struct family_run *fr)
{
	uint64_t ways = tiling_completions(&fr->pos, 2);
	uint64_t effort = tiling_effort(&fr->pos);
	printf("ways to finish: %s\n", ways > 1 ? "more than one" : "one");
	printf("effort: %" PRIu64 " nodes\n", effort);
	printf("grade: %d\n", tiling_grade(effort));
	if (fr->have_level && fr->lv.grade && fr->lv.grade != tiling_grade(effort))
		fprintf(stderr, "linkdance: %s says grade %d\n", fr->where, fr->lv.grade);
	return cli_flush();
}

static int cmd_family(int argc, char **argv, const char *verb)
{
	struct cli_opts o;
	struct family_run fr = { 0 };
	int rc;
	if (!strcmp(verb, "count"))
		rc = cli_parse(&o, argc, argv, verb, "lsPtSbmMgG", 2, CLI_COUNT);
	else if (!strcmp(verb, "solve"))
		rc = cli_parse(&o, argc, argv, verb, "alsPb", 2, CLI_FIRST);
	else if (!strcmp(verb, "estimate"))
		rc = cli_parse(&o, argc, argv, verb, "prsb", 2, CLI_ESTIMATE);
	else if (!strcmp(verb, "grade"))
		rc = cli_parse(&o, argc, argv, verb, "", 2, CLI_FIRST);
	else
		rc = cli_parse(&o, argc, argv, verb, "", 2, CLI_FIRST);
	if (rc == CLI_OK)
		rc = load_position(&fr, &o, verb);
	if (rc == CLI_OK && !strcmp(verb, "grade"))
		rc = o.n_args == 2 ? cmd_grade(&fr) : cli_usage_error("grade needs a level");
	if (rc != CLI_OK || !strcmp(verb, "grade")) {
		tiling_free(fr.t);
		return rc;
	}

	/* Counting goes fastest with the memo cache, branching on the first
	 * empty cell down the board's short side; the rest (and counts with
	 * --branch mrv) use the order of the seed document and Knuth. */
	if (o.mode == CLI_COUNT && !o.rule_given)
		o.rule = DLX_FIRST;
	enum tiling_order order = o.rule == DLX_FIRST ? TILING_CELLS_FIRST : TILING_PIECES_FIRST;
	if (!strcmp(verb, "export"))
		order = TILING_PIECES_FIRST;
	struct xc_problem *p = tiling_reduce(&fr.pos, order);

	if (!strcmp(verb, "export")) {
		char comment[1200];
		snprintf(comment, sizeof comment, "linkdance export %s: %s\n%d items, %d options", fr.t->def->name,
		         fr.where, p->n_items, p->n_options);
		xcfile_write(stdout, p, comment);
		rc = cli_flush();
	} else {
		rc = cli_search(p, &o, fr.where, print_board, &fr);
	}
	xc_free(p);
	tiling_free(fr.t);
	return rc;
}

int cli_main(int argc, char **argv)
{
	if (argc < 2)
		return cli_usage_error("no command");
	const char *verb = argv[1];
	if (!strcmp(verb, "--help") || !strcmp(verb, "-h") || !strcmp(verb, "help")) {
		fputs(usage_text, stdout);
		return cli_flush();
	}
	if (!strcmp(verb, "--version") || !strcmp(verb, "-V")) {
		printf("linkdance %s\n", PACKAGE_VERSION);
		return cli_flush();
	}
	for (int i = 2; i < argc; i++)
		if (!strcmp(argv[i], "--help")) {
			fputs(usage_text, stdout);
			return cli_flush();
		}
	if (!strcmp(verb, "xc"))
		return cmd_xc(argc, argv);
	if (!strcmp(verb, "generate"))
		return cmd_generate(argc, argv);
	if (cli_is_verb(verb))
		return cmd_family(argc, argv, verb);
	return cli_usage_error("unknown command '%s'", verb);
}
