#ifndef LD_NUMBERMIND_VIEW_H
#define LD_NUMBERMIND_VIEW_H

#include "ui/view.h"

extern const struct view_ops numbermind_view_ops;

#endif
