/* linkdance: without a command, the game; "play" goes straight to one;
 * anything else is a batch command (src/cli/). */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "ui/app.h"

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "");
	if (argc > 1 && !strcmp(argv[1], "play")) {
		if (argc < 3 || argc > 4)
			return cli_usage_error("play needs a family and maybe a level: linkdance play kanoodle [LEVEL]");
		return app_run(argv[2], argc == 4 ? argv[3] : NULL);
	}
	if (argc > 1)
		return cli_main(argc, argv);
	return app_run(NULL, NULL);
}
