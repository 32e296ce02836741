/* Fuzzing what the game keeps for the player and reads back at start:
 * saved games (game/save.h) and records (game/records.h).  One harness
 * for both, so that one campaign covers the two and one corpus holds
 * them: the first byte chooses, odd for a save ('s'), even for records
 * ('r'), and the rest is the file's text.  Both formats name levels with
 * the tokens of util/quote.h, so what the fuzzer learns of one serves the
 * other.
 *
 * Whatever is accepted must survive being written and read again:
 *   a save:    save_format, save_parse and save_format again give the
 *              same text, byte for byte;
 *   records:   records_save to a file and records_load give the same
 *              records (names byte for byte, times within the 0.05 of
 *              the one decimal written), and no line is skipped.
 * Whatever is refused must say where: "fuzz:LINE: why". */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "game/records.h"
#include "game/save.h"
#include "game/session.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

char fuzz_verdict[FUZZ_VERDICT_MAX];

static void fail(const char *what, const char *detail, const char *text)
{
	fprintf(stderr, "fuzz_store: %s\n%s\n--- input ---\n%s\n", what, detail ? detail : "", text ? text : "");
	abort();
}

static void check_where(const struct diag *err, const char *text)
{
	if (strncmp(err->msg, "fuzz:", 5) != 0)
		fail("a message that does not say where", err->msg, text);
}

static void fuzz_save(const char *text)
{
	struct diag err;
	struct session *s = save_parse(text, "fuzz", &err);
	if (!s) {
		check_where(&err, text);
		fuzz_say("save reject %s", err.msg);
		return;
	}
	fuzz_say("save accept %d moves, at %d", s->n, s->cur);
	char *once = save_format(s);
	struct session *back = save_parse(once, "again", &err);
	if (!back)
		fail("a save as written cannot be read back", err.msg, once);
	char *twice = save_format(back);
	if (strcmp(once, twice) != 0) {
		fprintf(stderr, "--- written ---\n%s--- read and written again ---\n%s", once, twice);
		fail("a save drifts when read back and written again", NULL, text);
	}
	if (back->n != s->n || back->cur != s->cur || back->finished != s->finished)
		fail("a save read back has other moves, cursor or end", NULL, once);
	free(twice);
	free(once);
	session_free(back);
	session_free(s);
}

/* One file, in a private directory, written over each time: on tmpfs when
 * there is one, for files_write_atomic() flushes every write to disk. */
static char records_dir[64], records_path[96];

static void remove_records_dir(void)
{
	unlink(records_path);
	rmdir(records_dir);
}

static void make_records_dir(void)
{
	const char *bases[] = { "/dev/shm", getenv("TMPDIR"), "/tmp" };
	for (size_t i = 0; i < sizeof bases / sizeof *bases; i++) {
		if (!bases[i] || !*bases[i])
			continue;
		snprintf(records_dir, sizeof records_dir, "%s/fuzz_store.XXXXXX", bases[i]);
		if (strlen(records_dir) + 1 < sizeof records_dir && mkdtemp(records_dir)) {
			snprintf(records_path, sizeof records_path, "%s/records", records_dir);
			atexit(remove_records_dir);
			return;
		}
	}
	fail("cannot make a scratch directory", NULL, NULL);
}

static void fuzz_records(const char *text, size_t size)
{
	char *copy = malloc(size + 1);
	if (!copy)
		return;
	memcpy(copy, text, size + 1);
	struct records rs, back;
	struct diag why;
	int skipped;
	if (!records_parse(&rs, copy, "fuzz", &skipped, &why)) {
		check_where(&why, text);
		fuzz_say("records reject %s", why.msg);
		free(copy);
		return;
	}
	fuzz_say("records accept %d, %d lines skipped", rs.n, skipped);
	if (skipped)
		check_where(&why, text);
	free(copy);
	if (!records_dir[0])
		make_records_dir();
	struct diag err;
	if (!records_save(&rs, records_path, &err))
		fail("records cannot be written", err.msg, text);
	if (!records_load(&back, records_path, &skipped, &why))
		fail("records as written cannot be read back", why.msg, text);
	if (skipped)
		fail("records as written have lines that cannot be read", why.msg, text);
	if (back.n != rs.n)
		fail("records read back are not as many", NULL, text);
	for (int i = 0; i < rs.n; i++) {
		const struct record *a = &rs.r[i], *b = &back.r[i];
		if (strcmp(a->family, b->family) || strcmp(a->level, b->level))
			fail("a record's names change when written and read back", b->level, text);
		if (!(fabs(a->seconds - b->seconds) <= 0.05 + 1e-6))
			fail("a record's time changes when written and read back", NULL, text);
		if (a->moves != b->moves || a->hints != b->hints)
			fail("a record's counts change when written and read back", NULL, text);
	}
	records_free(&back);
	records_free(&rs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_say("empty");
	if (size < 1)
		return 0;
	char *text = malloc(size);
	if (!text)
		return 0;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	if (data[0] & 1)
		fuzz_save(text);
	else
		fuzz_records(text, size - 1);
	free(text);
	return 0;
}
