/* A family's own batch commands (puzzle.h, struct puzzle_command): found
 * by verb and noun before any family is looked up, their options read
 * from the family's table, and what they return turned into messages and
 * an exit code.
 *
 * Options take their values as separate words (--johnson 16 2 4), which
 * getopt cannot, so they are read here; "--threads=2" works too for the
 * options of one value. */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "puzzles/puzzle.h"

/* The command line as read: the noun (NULL until seen), the file, the
 * options given. */
struct command_line {
	const struct puzzle_command *cmd;
	const char *verb;
	const char *noun;
	const char *file;
	struct puzzle_options opts;
};

static bool is_option(const char *arg)
{
	return arg[0] == '-' && arg[1] != '\0';
}

/* "--name" or "--name=value" to its place in cmd's options (-1 if
 * unknown); *inline_value the part after '=' or NULL. */
static int lookup(const struct puzzle_command *cmd, const char *arg, const char **inline_value)
{
	*inline_value = NULL;
	if (arg[1] != '-')
		return -1;
	const char *name = arg + 2, *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	*inline_value = eq ? eq + 1 : NULL;
	for (int i = 0; i < cmd->n_options; i++)
		if (strlen(cmd->options[i].name) == len && !strncmp(cmd->options[i].name, name, len))
			return i;
	return -1;
}

/* The values that follow arg on the command line, by the options of
 * every command of pz: the verb's own, or another's, they are skipped
 * alike, so that the noun is found wherever the options stand. */
static int values_after(const struct puzzle *pz, const char *arg)
{
	for (int c = 0; pz->commands[c]; c++) {
		const char *value;
		int o = lookup(pz->commands[c], arg, &value);
		if (o >= 0)
			return value ? 0 : pz->commands[c]->options[o].values;
	}
	return 0;
}

/* The first word after the verb that is neither an option nor an
 * option's value, by pz's options. */
static const char *first_operand(const struct puzzle *pz, int argc, char **argv)
{
	for (int i = 2; i < argc; i++) {
		if (!is_option(argv[i]))
			return argv[i];
		i += values_after(pz, argv[i]);
	}
	return NULL;
}

static bool names(const char *const *nouns, const char *word)
{
	for (int i = 0; nouns[i]; i++)
		if (!strcmp(nouns[i], word))
			return true;
	return false;
}

const struct puzzle_command *cli_command_find(int argc, char **argv)
{
	for (int f = 0; puzzle_families[f]; f++) {
		const struct puzzle *pz = puzzle_families[f];
		const char *noun = pz->commands ? first_operand(pz, argc, argv) : NULL;
		for (int c = 0; noun && pz->commands[c]; c++)
			if (!strcmp(argv[1], pz->commands[c]->verb) && names(pz->commands[c]->nouns, noun))
				return pz->commands[c];
	}
	return NULL;
}

/* "--random, --hamming, --johnson, --keller": the options of a group. */
static void group_names(const struct puzzle_command *cmd, int group, char *buf, size_t size)
{
	size_t at = 0;
	buf[0] = '\0';
	for (int i = 0; i < cmd->n_options && at < size; i++)
		if (cmd->options[i].group == group)
			at += (size_t)snprintf(buf + at, size - at, "%s--%s", at ? ", " : "", cmd->options[i].name);
}

/* An option of a group when another of it is given already. */
static int group_taken(const struct command_line *cl, int o)
{
	const struct puzzle_command *cmd = cl->cmd;
	int group = cmd->options[o].group;
	for (int i = 0; group && i < cmd->n_options; i++)
		if (cl->opts.given[i] && cmd->options[i].group == group) {
			char list[160];
			group_names(cmd, group, list, sizeof list);
			return cli_usage_error("%s %s: one of %s", cl->verb, cl->noun ? cl->noun : cmd->nouns[0], list);
		}
	return CLI_OK;
}

/* One option at argv[*i] (its values after it, or after '='). */
static int take_option(struct command_line *cl, int argc, char **argv, int *i)
{
	const struct puzzle_command *cmd = cl->cmd;
	const char *arg = argv[*i], *value;
	int o = lookup(cmd, arg, &value);
	if (o < 0)
		return cli_usage_error("%s %s: unknown option '%.20s'", cl->verb, cl->noun ? cl->noun : cmd->nouns[0], arg);
	const struct puzzle_option *opt = &cmd->options[o];
	const char *vals[PUZZLE_OPTION_VALUES] = { value };
	int have = value ? 1 : 0;
	if (value && opt->values == 0)
		return cli_usage_error("--%s takes no value", opt->name);
	if (value && opt->values != 1)
		return cli_usage_error("--%s %s: the values go apart, not after '='", opt->name, opt->spelled);
	for (; have < opt->values; have++) {
		if (*i + 1 >= argc)
			return cli_usage_error("--%s %s: a value is missing", opt->name, opt->spelled);
		vals[have] = argv[++*i];
	}
	struct diag err;
	if (opt->check && !opt->check(vals, &err))
		return cli_usage_error("%s", err.msg);
	int rc = group_taken(cl, o);
	if (rc != CLI_OK)
		return rc;
	cl->opts.given[o] = true;
	memcpy(cl->opts.values[o], vals, sizeof vals);
	return CLI_OK;
}

static int parse(struct command_line *cl, const struct puzzle_command *cmd, int argc, char **argv)
{
	*cl = (struct command_line){ .cmd = cmd, .verb = argv[1] };
	for (int i = 2; i < argc; i++) {
		if (is_option(argv[i])) {
			int rc = take_option(cl, argc, argv, &i);
			if (rc != CLI_OK)
				return rc;
		} else if (!cl->noun) {
			cl->noun = argv[i];
		} else if (!cl->file && cmd->takes_file) {
			cl->file = argv[i];
		} else {
			return cli_usage_error("%s %s: too many arguments ('%.20s')", cl->verb, cl->noun, argv[i]);
		}
	}
	return CLI_OK;
}

int cli_command_main(const struct puzzle_command *cmd, int argc, char **argv)
{
	struct command_line cl;
	int rc = parse(&cl, cmd, argc, argv);
	if (rc != CLI_OK)
		return rc;
	struct diag err;
	switch (cmd->run(cl.noun, &cl.opts, cl.file, argc, argv, stdout, stderr, &err)) {
	case PUZZLE_DONE:
		return cli_flush();
	case PUZZLE_FAILED:
		return cli_fail("%s", err.msg);
	default:
		return cli_usage_error("%s", err.msg);
	}
}
