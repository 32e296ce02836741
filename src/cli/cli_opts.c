#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "puzzles/puzzle.h"

/* "linkdance: MSG", the pointer to --help when the line has room for it
 * within 80 columns, and then "  LIST" on a line of its own if there is
 * a list (NULL: none). */
static int usage_v(const char *list, const char *fmt, va_list ap)
{
	char msg[512];
	vsnprintf(msg, sizeof msg, fmt, ap);
	const char *help = " (see linkdance --help)";
	if (strlen("linkdance: ") + strlen(msg) + strlen(help) > 80)
		help = "";
	fprintf(stderr, "linkdance: %s%s\n", msg, help);
	if (list)
		fprintf(stderr, "  %s\n", list);
	return CLI_USAGE;
}

int cli_usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = usage_v(NULL, fmt, ap);
	va_end(ap);
	return rc;
}

int cli_usage_listed(const char *list, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int rc = usage_v(list, fmt, ap);
	va_end(ap);
	return rc;
}

int cli_family_error(const char *fmt, ...)
{
	char families[160];
	snprintf(families, sizeof families, "the families: %s", puzzle_names());
	va_list ap;
	va_start(ap, fmt);
	int rc = usage_v(families, fmt, ap);
	va_end(ap);
	return rc;
}

int cli_fail(const char *fmt, ...)
{
	va_list ap;
	fputs("linkdance: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return CLI_FAIL;
}

int cli_flush(void)
{
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return CLI_OK;
	/* errno 0: an earlier write failed, and its reason is gone. */
	if (!errno)
		return cli_fail("cannot write the output");
	return cli_fail("cannot write the output: %s", strerror(errno));
}

/* A whole decimal number in [lo, hi]. */
static bool number(const char *s, uint64_t lo, uint64_t hi, uint64_t *out)
{
	char *end;
	/* Digits only: strtoull would skip blanks and negate " -5" into a
	 * huge number. */
	if (!s || !isdigit((unsigned char)*s))
		return false;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return false;
	*out = v;
	return true;
}

/* The machine's memory in bytes, 0 if unknown. */
static uint64_t ram_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
	if (pages <= 0 || size <= 0)
		return 0;
	return (uint64_t)pages * (uint64_t)size;
}

static size_t quarter_of_ram(void)
{
	uint64_t ram = ram_bytes();
	if (!ram)
		return (size_t)1 << 30;
	return (size_t)(ram / 4 < SIZE_MAX ? ram / 4 : SIZE_MAX);
}

/* --memo-mb MB: the memo's cap.  More than the machine has would not be
 * a cap at all: the count would swap, or be killed, long before the
 * memo filled.  These two refusals are about the value, not the syntax:
 * no pointer to --help. */
static int memo_mb(const char *arg, size_t *bytes)
{
	uint64_t v, ram = ram_bytes();
	uint64_t most = ram ? ram >> 20 : SIZE_MAX >> 20;
	if (most > SIZE_MAX >> 20)
		most = SIZE_MAX >> 20;
	if (!isdigit((unsigned char)arg[0]) || strspn(arg, "0123456789") != strlen(arg))
		return cli_usage_error("--memo-mb needs a number of megabytes, not '%.20s'", arg);
	if (!number(arg, 0, UINT64_MAX, &v))
		v = UINT64_MAX; /* too many digits for 64 bits: too large anyway */
	if (v == 0) {
		fputs("linkdance: --memo-mb 0: at least 1 (or --memo off: no memo at all)\n", stderr);
		return CLI_USAGE;
	}
	if (v > most) {
		const char *more = strlen(arg) > 20 ? "..." : "";
		if (ram >= (uint64_t)1 << 30)
			fprintf(stderr, "linkdance: --memo-mb %.20s%s: this machine has %.1f GB of memory\n", arg, more,
			        (double)ram / (1 << 30));
		else
			fprintf(stderr, "linkdance: --memo-mb %.20s%s: this machine has %" PRIu64 " MB of memory\n", arg,
			        more, most);
		return CLI_USAGE;
	}
	*bytes = (size_t)v << 20;
	return CLI_OK;
}

static long cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? n : 1;
}

/* Each option has a letter; a verb lists the letters it takes. */
static const struct option long_opts[] = {
	{ "all", no_argument, NULL, 'a' },
	{ "count", no_argument, NULL, 'c' },
	{ "limit", required_argument, NULL, 'l' },
	{ "estimate", required_argument, NULL, 'e' },
	{ "probes", required_argument, NULL, 'p' },
	{ "seed", required_argument, NULL, 'r' },
	{ "stats", no_argument, NULL, 's' },
	{ "profile", no_argument, NULL, 'P' },
	{ "threads", required_argument, NULL, 't' },
	{ "shard", required_argument, NULL, 'S' },
	{ "branch", required_argument, NULL, 'b' },
	{ "memo", required_argument, NULL, 'm' },
	{ "memo-mb", required_argument, NULL, 'M' },
	{ "progress", no_argument, NULL, 'g' },
	{ "no-progress", no_argument, NULL, 'G' },
	{ "grade", required_argument, NULL, 'd' },
	{ "number", required_argument, NULL, 'n' },
	{ "symmetric", no_argument, NULL, 'y' },
	{ "size", required_argument, NULL, 'z' },
	{ "box", required_argument, NULL, 'x' },
	{ "algo", required_argument, NULL, 'A' },
	{ "unique", no_argument, NULL, 'u' },
	{ "sample", required_argument, NULL, 'K' },
	{ "frequencies", no_argument, NULL, 'F' },
	{ NULL, 0, NULL, 0 },
};

static const char *long_name(int letter)
{
	for (const struct option *lo = long_opts; lo->name; lo++)
		if (lo->val == letter)
			return lo->name;
	return "?";
}

static void set_defaults(struct cli_opts *o, enum cli_mode mode)
{
	memset(o, 0, sizeof *o);
	o->mode = mode;
	o->probes = 10000;
	o->seed = 1;
	o->threads = 1;
	o->shard = o->shards = 1;
	o->rule = DLX_MRV;
	o->memo = COUNT_MEMO_AUTO;
	o->memo_bytes = quarter_of_ram();
	o->progress = -1;
}

/* --all, --count, --estimate P, --sample K or --frequencies: the mode,
 * chosen once. */
static int take_mode(struct cli_opts *o, int letter, const char *verb, bool *mode_given)
{
	if (*mode_given)
		return cli_usage_error("%s: choose one of --all, --count, --estimate, --sample, --frequencies", verb);
	*mode_given = true;
	switch (letter) {
	case 'a':
		o->mode = CLI_ALL;
		break;
	case 'c':
		o->mode = CLI_COUNT;
		break;
	case 'K':
		o->mode = CLI_SAMPLE;
		if (!number(optarg, 1, UINT64_MAX, &o->samples))
			return cli_usage_error("--sample needs a number from 1, not '%.20s'", optarg);
		break;
	case 'F':
		o->mode = CLI_FREQUENCIES;
		break;
	default:
		o->mode = CLI_ESTIMATE;
		if (!number(optarg, 1, UINT64_MAX, &o->probes))
			return cli_usage_error("--estimate needs a number of probes, not '%.20s'", optarg);
	}
	return CLI_OK;
}

/* --shard K/N */
static int take_shard(struct cli_opts *o, const char *arg)
{
	uint64_t k, n;
	const char *slash = strchr(arg, '/');
	char head[32];
	if (!slash || (size_t)(slash - arg) >= sizeof head)
		return cli_usage_error("--shard needs K/N, like 3/8, not '%.20s'", arg);
	memcpy(head, arg, (size_t)(slash - arg));
	head[slash - arg] = '\0';
	if (!number(head, 1, 1000000, &k) || !number(slash + 1, 1, 1000000, &n) || k > n)
		return cli_usage_error("--shard needs K/N with 1 <= K <= N, not '%.20s'", arg);
	o->shard = (int)k;
	o->shards = (int)n;
	return CLI_OK;
}

/* --branch mrv|first */
static int take_branch(struct cli_opts *o, const char *arg)
{
	if (!strcmp(arg, "mrv"))
		o->rule = DLX_MRV;
	else if (!strcmp(arg, "first"))
		o->rule = DLX_FIRST;
	else
		return cli_usage_error("--branch is mrv or first, not '%.20s'", arg);
	o->rule_given = true;
	return CLI_OK;
}

/* --memo auto|on|off */
static int take_memo(struct cli_opts *o, const char *arg)
{
	if (!strcmp(arg, "auto"))
		o->memo = COUNT_MEMO_AUTO;
	else if (!strcmp(arg, "on"))
		o->memo = COUNT_MEMO_ON;
	else if (!strcmp(arg, "off"))
		o->memo = COUNT_MEMO_OFF;
	else
		return cli_usage_error("--memo is auto, on or off, not '%.20s'", arg);
	o->memo_given = true;
	return CLI_OK;
}

/* The options whose value is a number: --limit, --probes, --seed,
 * --threads, --grade and -n. */
static int take_number(struct cli_opts *o, int letter, const char *arg)
{
	uint64_t v;
	switch (letter) {
	case 'l':
		if (!number(arg, 1, UINT64_MAX, &o->limit))
			return cli_usage_error("--limit needs a positive number, not '%.20s'", arg);
		break;
	case 'p':
		if (!number(arg, 1, UINT64_MAX, &o->probes))
			return cli_usage_error("--probes needs a positive number, not '%.20s'", arg);
		break;
	case 'r':
		if (!number(arg, 0, UINT64_MAX, &o->seed))
			return cli_usage_error("--seed needs a number, not '%.20s'", arg);
		break;
	case 't':
		if (!number(arg, 0, 1024, &v))
			return cli_usage_error("--threads is 0 (one per core) to 1024, not '%.20s'", arg);
		o->threads = v ? (int)v : (int)cores();
		break;
	case 'd':
		if (!number(arg, 1, 4, &v))
			return cli_usage_error("--grade is 1, 2, 3 or 4, not '%.20s'", arg);
		o->grade = (int)v;
		break;
	case 'n':
		if (!number(arg, 1, 100000000, &o->number))
			return cli_usage_error("-n needs a number of puzzles from 1, not '%.20s'", arg);
		break;
	}
	return CLI_OK;
}

/* One option, by its letter (long_opts), its value in optarg. */
static int take_option(struct cli_opts *o, int letter, const char *verb, bool *mode_given)
{
	switch (letter) {
	case 'a':
	case 'c':
	case 'e':
	case 'K':
	case 'F':
		return take_mode(o, letter, verb, mode_given);
	case 'S':
		return take_shard(o, optarg);
	case 'b':
		return take_branch(o, optarg);
	case 'm':
		return take_memo(o, optarg);
	case 'M':
		return memo_mb(optarg, &o->memo_bytes) != CLI_OK ? CLI_USAGE : CLI_OK;
	case 's':
		o->stats = true;
		return CLI_OK;
	case 'P':
		o->stats = o->profile = true;
		return CLI_OK;
	case 'g':
		o->progress = 1;
		return CLI_OK;
	case 'G':
		o->progress = 0;
		return CLI_OK;
	case 'y':
		o->symmetric = true;
		return CLI_OK;
	case 'z':
		o->size = optarg;
		return CLI_OK;
	case 'x':
		o->box = optarg;
		return CLI_OK;
	case 'A':
		o->algo = optarg;
		return CLI_OK;
	case 'u':
		o->unique = true;
		return CLI_OK;
	default:
		return take_number(o, letter, optarg);
	}
}

/* The words after the options: at most max_args of them. */
static int take_operands(struct cli_opts *o, int argc, char **argv, const char *verb, int max_args)
{
	for (int i = optind; i < argc; i++) {
		if (o->n_args == max_args)
			return cli_usage_error("%s: too many arguments ('%.20s')", verb, argv[i]);
		o->args[o->n_args++] = argv[i];
	}
	return CLI_OK;
}

/* Options that are each fine but do not go together. */
static int check_together(const struct cli_opts *o, const char *verb, const char *allowed)
{
	/* Where the mode is chosen by option (xc), threads and shards go with
	 * --count only; a file of puzzles is spread over threads in any mode. */
	if (strchr(allowed, 'c') && o->mode != CLI_COUNT && (o->threads != 1 || o->shards != 1))
		return cli_usage_error("%s: --threads and --shard split a count: add --count", verb);
	if (o->mode == CLI_ESTIMATE && o->limit)
		return cli_usage_error("%s: --limit does not go with an estimate", verb);
	return CLI_OK;
}

int cli_parse(struct cli_opts *o, int argc, char **argv, const char *verb, const char *allowed, int max_args,
              enum cli_mode mode)
{
	set_defaults(o, mode);
	opterr = 0;
	optind = 2; /* argv[1] is the verb */
	int c;
	bool mode_given = false;
	while ((c = getopt_long(argc, argv, ":n:", long_opts, NULL)) != -1) {
		const char *arg = argv[optind - 1];
		if (c == '?')
			return cli_usage_error("%s: unknown option '%.20s'", verb, arg);
		if (c == ':')
			return cli_usage_error("%s: option '%.20s' needs a value", verb, arg);
		if (!strchr(allowed, c))
			return cli_usage_error("%s does not take --%s", verb, long_name(c));
		int rc = take_option(o, c, verb, &mode_given);
		if (rc != CLI_OK)
			return rc;
	}
	int rc = take_operands(o, argc, argv, verb, max_args);
	return rc != CLI_OK ? rc : check_together(o, verb, allowed);
}
