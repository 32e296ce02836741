/* Replays fuzz inputs through a harness: every file named, or every file
 * in a directory named.  TAP output, one test per input. */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int n;

static void replay(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		printf("not ok %d - %s: cannot open\n", ++n, path);
		return;
	}
	size_t cap = 1 << 16, len = 0, got;
	uint8_t *buf = malloc(cap);
	while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	printf("ok %d - %s\n", ++n, path);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			struct dirent **names;
			int k = scandir(argv[i], &names, NULL, alphasort);
			for (int j = 0; j < k; j++) {
				if (names[j]->d_name[0] != '.') {
					char path[4096];
					snprintf(path, sizeof path, "%s/%s", argv[i], names[j]->d_name);
					replay(path);
				}
				free(names[j]);
			}
			free(names);
		} else {
			replay(argv[i]);
		}
	}
	printf("1..%d\n", n);
	return 0;
}
