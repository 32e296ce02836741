/* The knapsack family's view (view.h). */
#ifndef LD_KNAPSACK_VIEW_H
#define LD_KNAPSACK_VIEW_H

#include "ui/view.h"

extern const struct view_ops knapsack_view_ops;

#endif
