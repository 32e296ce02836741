/* Replays fuzz inputs through a harness: every file named, or every file
 * in a directory named.  TAP output, one test per input: the harness must
 * not crash, and its verdict on a corpus file (fuzz.h) must be the one
 * recorded beside the corpus, in DIR.verdicts ("name<TAB>verdict" lines),
 * so a parser that starts accepting or refusing other inputs, or saying
 * other things about them, fails.  With FUZZ_RECORD=1 in the environment
 * the verdicts are written instead (after a deliberate change, or for new
 * corpus files). */
#include "config.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int n;

/* The recorded verdicts of the directory being replayed. */
static char **names, **verdicts;
static int n_recorded;
static FILE *record;

static void load_verdicts(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	while (f && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		char *tab = strchr(line, '\t');
		if (!tab)
			continue;
		*tab = '\0';
		names = realloc(names, sizeof *names * (size_t)(n_recorded + 1));
		verdicts = realloc(verdicts, sizeof *verdicts * (size_t)(n_recorded + 1));
		names[n_recorded] = strdup(line);
		verdicts[n_recorded++] = strdup(tab + 1);
	}
	if (f)
		fclose(f);
}

static void free_verdicts(void)
{
	for (int i = 0; i < n_recorded; i++)
		free(names[i]), free(verdicts[i]);
	free(names);
	free(verdicts);
	names = verdicts = NULL;
	n_recorded = 0;
}

static const char *recorded(const char *name)
{
	for (int i = 0; i < n_recorded; i++)
		if (!strcmp(names[i], name))
			return verdicts[i];
	return NULL;
}

/* One line per verdict: no tabs or newlines inside. */
static void flatten(char *s)
{
	for (; *s; s++)
		if (*s == '\t' || *s == '\n' || *s == '\r')
			*s = ' ';
}

static void replay(const char *path, const char *name)
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
	fuzz_verdict[0] = '\0';
	LLVMFuzzerTestOneInput(buf, len);
	free(buf);
	flatten(fuzz_verdict);
	if (!name) {
		printf("ok %d - %s: no crash\n", ++n, path);
	} else if (record) {
		fprintf(record, "%s\t%s\n", name, fuzz_verdict);
		printf("ok %d - %s: recorded: %s\n", ++n, name, fuzz_verdict);
	} else {
		const char *want = recorded(name);
		if (want && !strcmp(want, fuzz_verdict))
			printf("ok %d - %s: %s\n", ++n, name, fuzz_verdict);
		else
			printf("not ok %d - %s: %s, recorded: %s\n", ++n, name, fuzz_verdict, want ? want : "(none)");
	}
	fflush(stdout);
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			char vpath[4096];
			snprintf(vpath, sizeof vpath, "%s.verdicts", argv[i]);
			const char *rec = getenv("FUZZ_RECORD");
			if (rec && !strcmp(rec, "1"))
				record = fopen(vpath, "w");
			else
				load_verdicts(vpath);
			struct dirent **ents;
			int k = scandir(argv[i], &ents, NULL, alphasort);
			for (int j = 0; j < k; j++) {
				if (ents[j]->d_name[0] != '.') {
					char path[4096];
					snprintf(path, sizeof path, "%s/%s", argv[i], ents[j]->d_name);
					replay(path, ents[j]->d_name);
				}
				free(ents[j]);
			}
			free(ents);
			if (record)
				fclose(record);
			record = NULL;
			free_verdicts();
		} else {
			replay(argv[i], NULL);
		}
	}
	printf("1..%d\n", n);
	return 0;
}
