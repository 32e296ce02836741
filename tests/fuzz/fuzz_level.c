/* Fuzzing the level parser and the position it describes; see
 * fuzz_xcfile.c. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "game/level.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

char fuzz_verdict[FUZZ_VERDICT_MAX];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	struct level *lv = malloc(sizeof *lv);
	struct diag err;
	if (!lv) {
		free(text);
		return 0;
	}
	/* Every message, the family's own too, names the place. */
	if (level_parse(lv, text, "fuzz", &err)) {
		struct puzzle_state *s = level_state(lv, &err);
		if (s) {
			if (lv->pz->xc) {
				struct xc_problem *p = lv->pz->xc->reduce(s, DLX_MRV);
				fuzz_say("accept %s, %d items, %d options", lv->pz->name, p->n_items, p->n_options);
				xc_free(p);
			} else {
				fuzz_say("accept %s", lv->pz->name);
			}
			lv->pz->free_state(s);
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
	free(lv);
	free(text);
	return 0;
}
