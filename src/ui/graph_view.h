/* The clique puzzle's view (graph_view.c): a graph drawn in the terminal. */
#ifndef LD_GRAPH_VIEW_H
#define LD_GRAPH_VIEW_H

#include "ui/view.h"

extern const struct view_ops graph_view_ops;

#endif
