/* linkdance: without a command, the game; "play" goes straight to one;
 * anything else is a batch command (src/cli/). */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "puzzles/puzzle.h"
#include "ui/app.h"
#include "ui/help.h"

/* linkdance keys: the key table and the views' keys, as the help screen
 * shows them; the test of the manual reads it. */
static int print_keys(void)
{
	help_print_keys(stdout);
	return fflush(stdout) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	if (argc == 2 && !strcmp(argv[1], "keys"))
		return print_keys();
	if (argc > 1 && !strcmp(argv[1], "play")) {
		if (argc < 3 || argc > 4)
			return cli_usage_error("play needs a family (%s) and maybe a level", puzzle_names());
		return app_run(argv[2], argc == 4 ? argv[3] : NULL);
	}
	if (argc > 1)
		return cli_main(argc, argv);
	return app_run(NULL, NULL);
}
