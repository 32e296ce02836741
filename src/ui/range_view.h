#ifndef LD_RANGE_VIEW_H
#define LD_RANGE_VIEW_H

#include "ui/view.h"

extern const struct view_ops range_view_ops;

#endif
