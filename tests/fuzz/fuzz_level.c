/* Fuzzing the level parser and the position it describes; see
 * fuzz_xcfile.c. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game/level.h"
#include "puzzles/tiling.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

char fuzz_verdict[FUZZ_VERDICT_MAX];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct tiling *t[2];
	if (!t[0]) {
		t[0] = tiling_new(&tiling_kanoodle);
		t[1] = tiling_new(&tiling_iqfit);
	}
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	struct level lv;
	struct diag err;
	if (level_parse(&lv, text, "fuzz", &err)) {
		struct tiling *tt = lv.def == &tiling_kanoodle ? t[0] : t[1];
		struct tiling_pos pos;
		if (level_position(&lv, tt, &pos, &err)) {
			struct xc_problem *p = tiling_reduce(&pos, TILING_PIECES_FIRST);
			fuzz_say("accept %s, %d items, %d options", lv.def->name, p->n_items, p->n_options);
			xc_free(p);
		} else if (strncmp(err.msg, "fuzz:", 5) != 0) {
			abort();
		} else {
			fuzz_say("reject %s", err.msg);
		}
	} else if (strncmp(err.msg, "fuzz:", 5) != 0) {
		abort();
	} else {
		fuzz_say("reject %s", err.msg);
	}
	free(text);
	return 0;
}
