/* Monotonic wall-clock seconds, for progress reports and benchmarks. */
#ifndef LD_CLOCK_H
#define LD_CLOCK_H

double clock_seconds(void);

#endif
