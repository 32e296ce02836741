/* Fuzzing the level parser and the position it describes; see
 * fuzz_xcfile.c. */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "game/level.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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
			if (lv->pz->xc)
				xc_free(lv->pz->xc->reduce(s, DLX_MRV));
			lv->pz->free_state(s);
		} else if (strncmp(err.msg, "fuzz:", 5) != 0) {
			abort();
		}
	} else if (strncmp(err.msg, "fuzz:", 5) != 0) {
		abort();
	}
	free(lv);
	free(text);
	return 0;
}
