/* What a harness says of its last input, for the corpus replay to compare
 * with the verdict recorded when the input was added: "accept ..." with a
 * digest of what was read, or "reject <the message>".  A harness fills it
 * in; under libFuzzer nobody reads it. */
#ifndef LD_FUZZ_H
#define LD_FUZZ_H

#include <stdio.h>

#define FUZZ_VERDICT_MAX 640
extern char fuzz_verdict[FUZZ_VERDICT_MAX];

#define fuzz_say(...) snprintf(fuzz_verdict, sizeof fuzz_verdict, __VA_ARGS__)

#endif
