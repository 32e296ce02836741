#include "config.h"

#include "solver/xc/cutlevel.h"

struct finder {
	uint64_t want, cap;
	cutlevel_walk *walk;
	void *ctx;
	int walked;              /* the level of the last walk */
	uint64_t walked_units;
	int widest;              /* the widest level seen within the cap, and its nodes */
	uint64_t widest_units;
};

/* Walk to level; false if cancelled.  *enough: the level has `want`
 * nodes or more (or more than the cap), or none: the level sought is
 * there or above it. */
static bool try_level(struct finder *f, int level, bool *enough)
{
	uint64_t cap = level == 1 ? UINT64_MAX : f->cap, units;
	if (!f->walk(f->ctx, level, cap, &units))
		return false;
	f->walked = level;
	f->walked_units = units;
	bool over = units > cap;
	if (!over && units > f->widest_units)
		f->widest = level, f->widest_units = units;
	*enough = units == 0 || units >= f->want;
	return true;
}

int cutlevel_find(int last, uint64_t want, cutlevel_walk *walk, void *ctx, uint64_t *units)
{
	uint64_t cap = CUTLEVEL_MOST;
	struct finder f = { .want = want, .cap = cap, .walk = walk, .ctx = ctx, .widest_units = 1 };
	/* lo has fewer than want nodes (the root has one); hi, once found,
	 * has enough */
	int lo = 0, hi = 0;
	bool enough = false;
	for (int level = 1; level <= last; level = level > last / 2 ? last : 2 * level) {
		if (!try_level(&f, level, &enough))
			return -1;
		if (enough) {
			hi = level;
			break;
		}
		lo = level;
		if (level == last)
			break;
	}
	uint64_t hi_units = f.walked_units;
	while (hi && hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;
		if (!try_level(&f, mid, &enough))
			return -1;
		if (enough)
			hi = mid, hi_units = f.walked_units;
		else
			lo = mid;
	}
	int level = f.widest;
	uint64_t n = f.widest_units;
	if (hi && hi_units >= want && (hi == 1 || hi_units <= cap))
		level = hi, n = hi_units;
	if (level == 0 || n < 2)
		return 0;
	if (f.walked != level) {
		if (!try_level(&f, level, &enough))
			return -1;
		n = f.walked_units;
	}
	*units = n;
	return level;
}
