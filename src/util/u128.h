/* Counts of solutions, which outgrow 64 bits (the empty 9x9 Sudoku has
 * 6,670,903,752,021,072,936,960 grids): unsigned 128-bit integers, with a
 * sum that says when even that overflows, so that no saturated count is
 * ever printed as if it were exact. */
#ifndef LD_U128_H
#define LD_U128_H

#include <stdbool.h>
#include <stddef.h>

typedef unsigned __int128 u128;

#define U128_MAX (~(u128)0)
/* Room for any u128 in decimal, with its NUL. */
#define U128_DIGITS 40

/* sum + a, or U128_MAX with *overflow set if it does not fit. */
static inline u128 u128_add(u128 sum, u128 a, bool *overflow)
{
	u128 r = sum + a;
	if (r < sum) {
		*overflow = true;
		return U128_MAX;
	}
	return r;
}

/* v in decimal into buf (at least U128_DIGITS bytes); returns buf. */
char *u128_str(u128 v, char *buf);
/* The same with thousands separated by commas: "6,670,903,752,021,072,936,960"
 * (buf at least U128_DIGITS + 13 bytes). */
char *u128_grouped(u128 v, char *buf);
/* A decimal number (digits only, no sign, no blanks); false if s is not
 * one or does not fit. */
bool u128_parse(const char *s, u128 *v);
/* As a double, for fractions and rates. */
static inline double u128_double(u128 v)
{
	return (double)v;
}

#endif
