/* linkdance: without a command, the game; "play" goes straight to one;
 * anything else is a batch command (src/cli/). */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "puzzles/puzzle.h"
#include "ui/app.h"
#include "ui/help.h"

/* linkdance play FAMILY [LEVEL], or a new game made by the family's
 * generator: play numbermind --duel [--digits=N] [--grade G] [--seed S]
 * (each --NAME[=VALUE] one of the family's parameters). */
static int play(int argc, char **argv)
{
	if (argc < 3)
		return cli_family_error("play needs a family and maybe a level");
	const struct puzzle *pz = puzzle_find(argv[2]);
	const char *level = NULL;
	char params[64] = "";
	struct app_new_game fresh = { params, 0, 0 };
	bool made = false;
	for (int i = 3; i < argc; i++) {
		const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
		char *end;
		if (strncmp(a, "--", 2)) {
			if (level)
				return cli_usage_error("play takes one level, not '%.40s' as well", a);
			level = a;
		} else if (!strcmp(a, "--seed") || !strcmp(a, "--grade")) {
			unsigned long long v = value ? strtoull(value, &end, 10) : 0;
			bool seed = a[2] == 's';
			if (!value || *end || !*value || (seed ? v == 0 : v < 1 || v > 4))
				return cli_usage_error("%s needs %s", a, seed ? "a number from 1" : "a grade, 1 to 4");
			if (seed)
				fresh.seed = v;
			else
				fresh.grade = (int)v;
			made = true;
			i++;
		} else if (pz) {
			size_t len = strcspn(a + 2, "=");
			int k = 0;
			while (k < pz->n_params && (strlen(pz->params[k].name) != len || strncmp(pz->params[k].name, a + 2, len)))
				k++;
			if (k == pz->n_params || strlen(params) + strlen(a) >= sizeof params)
				return cli_usage_error("%s has no option '%.20s' for play", pz->title, a);
			snprintf(params + strlen(params), sizeof params - strlen(params), "%s%s", params[0] ? "," : "", a + 2);
			made = true;
		}
	}
	if (level && made)
		return cli_usage_error("play takes a level or a new game's options, not both");
	return app_run(argv[2], level, made ? &fresh : NULL);
}

/* linkdance keys: the key table and the views' keys, as the help screen
 * shows them; the test of the manual reads it. */
static int print_keys(void)
{
	help_print_keys(stdout);
	return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	/* Only the character set, which the game draws in: numbers in the
	 * batch output stay as scripts read them ("1.5" in every locale), and
	 * a short run loads one category of the locale, not thirteen. */
	setlocale(LC_CTYPE, "");
	if (argc == 2 && !strcmp(argv[1], "keys"))
		return print_keys();
	if (argc > 1 && !strcmp(argv[1], "play"))
		return play(argc, argv);
	if (argc > 1)
		return cli_main(argc, argv);
	return app_run(NULL, NULL, NULL);
}
