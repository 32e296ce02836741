#include "config.h"

#include "game/level_order.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Names as levels/generate.sh makes them: "2-12" (a grade, then the
 * level's number) for the family's usual size, "2-12x12-01" for another
 * (the shape between names the grid by its side, 12x12, or by its box
 * when that is not square, 4x3 for a 12x12 of 4x3 boxes).  The plain
 * alphabet puts "2-12x12-01" between "2-12" and "2-13"; a player reads a
 * grade as its usual levels, then the other sizes, smallest first, each
 * size's usual boxes before other shapes of them. */

/* Two strings, runs of figures compared as numbers ("2" before "10"). */
static int natural_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			char *ea, *eb;
			unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);
			if (x != y)
				return x < y ? -1 : 1;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

/* A name's parts: its grade, the shape between ("" for the usual size)
 * and the grid's side that shape names (0 for none), and its number. */
struct name_parts {
	char grade[64], shape[64], number[64];
	unsigned long side;
	bool boxed;      /* the shape is a box's: another form of that size */
};

static void copy_part(char *dst, const char *from, size_t len)
{
	if (len > 63)
		len = 63;
	memcpy(dst, from, len);
	dst[len] = '\0';
}

static bool split(const char *name, struct name_parts *p)
{
	const char *base = strrchr(name, '/');
	base = base ? base + 1 : name;
	const char *d1 = strchr(base, '-'), *d2 = d1 ? strchr(d1 + 1, '-') : NULL;
	if (!d1 || (d2 && strchr(d2 + 1, '-')))
		return false;
	copy_part(p->grade, base, (size_t)(d1 - base));
	const char *num = d2 ? d2 + 1 : d1 + 1;
	copy_part(p->number, num, strlen(num));
	p->shape[0] = '\0';
	p->side = 0;
	p->boxed = false;
	if (!d2)
		return true;
	copy_part(p->shape, d1 + 1, (size_t)(d2 - d1 - 1));
	char *end;
	unsigned long r = strtoul(p->shape, &end, 10);
	if (*end == 'x') {
		unsigned long c = strtoul(end + 1, NULL, 10);
		p->side = r == c ? r : r * c;
		p->boxed = r != c;
	}
	return true;
}

int level_order_cmp(const char *a, const char *b)
{
	struct name_parts pa, pb;
	if (!split(a, &pa) || !split(b, &pb))
		return natural_cmp(a, b);
	int c = natural_cmp(pa.grade, pb.grade);
	if (c)
		return c;
	if (!pa.shape[0] != !pb.shape[0])
		return pa.shape[0] ? 1 : -1;
	if (pa.side != pb.side)
		return pa.side < pb.side ? -1 : 1;
	if (pa.boxed != pb.boxed)
		return pa.boxed ? 1 : -1;
	if ((c = natural_cmp(pa.shape, pb.shape)))
		return c;
	if ((c = natural_cmp(pa.number, pb.number)))
		return c;
	return strcmp(a, b);
}
