/* An exact-cover problem as data: named items (primary ones first, then
 * secondary ones) and options, each a list of distinct item ids.  This is
 * what parsers and puzzle modules build and what every engine reads; it is
 * never changed by a search, so several searches (threads) can share one. */
#ifndef LD_XC_H
#define LD_XC_H

#include <stdbool.h>

struct xc_problem {
	int n_items;     /* items are 0 .. n_items-1 */
	int n_primary;   /* items 0 .. n_primary-1 are primary */
	char **name;     /* item names */
	int n_options;   /* options are 0 .. n_options-1 */
	int *opt_start;  /* option k is opt_item[opt_start[k] .. opt_start[k+1]-1] */
	int *opt_item;   /* item ids, in the order the option was given */
	int *opt_tag;    /* the caller's number for each option (a line, a placement) */

	/* building state */
	int cap_items, cap_options, cap_entries;
	int *hash;       /* open-addressing name index: item id + 1, 0 = empty */
	int hash_size;
	/* The check for an item repeated in an option, in one pass: seen[i]
	 * is the stamp of the last option that named item i. */
	unsigned *seen;
	int seen_size;
	unsigned stamp;
};

enum xc_status {
	XC_OK,
	XC_DUPLICATE_NAME,   /* xc_add_item: the name is taken */
	XC_REPEATED_ITEM,    /* xc_add_option: an item appears twice */
	XC_NO_PRIMARY,       /* xc_add_option: no primary item */
	XC_EMPTY_OPTION,     /* xc_add_option: no items at all */
	XC_OPTION_TOO_LONG,  /* xc_add_option: more than XC_MAX_OPTION items */
};

/* The engines keep an option's extent in 16 bits. */
#define XC_MAX_OPTION 65535

struct xc_problem *xc_new(void);
void xc_free(struct xc_problem *p);

/* Add an item; all primary items must come before the first secondary one. */
enum xc_status xc_add_item(struct xc_problem *p, const char *name, bool primary);
/* The id of a named item, or -1. */
int xc_find_item(const struct xc_problem *p, const char *name);
int xc_find_item_n(const struct xc_problem *p, const char *name, int len);
/* Add an option; on XC_REPEATED_ITEM, *bad (if given) is the repeated item. */
enum xc_status xc_add_option(struct xc_problem *p, const int *items, int n, int tag, int *bad);

static inline int xc_option_size(const struct xc_problem *p, int k)
{
	return p->opt_start[k + 1] - p->opt_start[k];
}

static inline const int *xc_option_items(const struct xc_problem *p, int k)
{
	return p->opt_item + p->opt_start[k];
}

/* Total number of item occurrences in all options. */
static inline int xc_entries(const struct xc_problem *p)
{
	return p->opt_start[p->n_options];
}

#endif
