#ifndef LINKDANCE_GAME_LEVEL_ORDER_H
#define LINKDANCE_GAME_LEVEL_ORDER_H

/* The order levels are listed in, by their file names: the menu's rows
 * and N's "next level" follow it. */
int level_order_cmp(const char *a, const char *b);

#endif
