#include "config.h"

#include "ui/view.h"

#include <stddef.h>

#include "ui/graph_view.h"
#include "ui/knapsack_view.h"
#include "ui/numbermind_view.h"
#include "ui/range_view.h"
#include "ui/sudoku_view.h"
#include "ui/tiling_view.h"

/* Every family's view; the first that serves a family draws it. */
const struct view_ops *const view_all[] = { &tiling_view_ops, &sudoku_view_ops, &graph_view_ops,
                                            &knapsack_view_ops, &range_view_ops, &numbermind_view_ops,
                                            NULL };

const struct view_ops *view_find(const struct puzzle *pz)
{
	for (int i = 0; view_all[i]; i++)
		if (view_all[i]->serves(pz))
			return view_all[i];
	return NULL;
}

void view_out_init(struct view_out *out)
{
	out->move = (struct strbuf){ 0 };
	out->say[0] = '\0';
	out->say_bad = false;
	out->new_puzzle = false;
}

void view_out_free(struct view_out *out)
{
	strbuf_free(&out->move);
}
