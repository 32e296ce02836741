/* linkdance: with a command, the batch interface; without, the game. */
#include "config.h"

#include <stdio.h>

#include "cli/cli.h"

int main(int argc, char **argv)
{
	if (argc > 1)
		return cli_main(argc, argv);
	fputs("linkdance: the interactive game is not built yet; see linkdance --help for the batch commands\n",
	      stderr);
	return CLI_USAGE;
}
