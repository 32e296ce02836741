/* The knapsack family: descriptions round trip, moves are refused with
 * reasons, the dead end is said with its bound, hints go from words to a
 * pick, and every engine (run to the end) counts the best bags that a
 * brute force over all subsets counts. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "puzzles/knapsack_engines.h"
#include "puzzles/knapsack_puzzle.h"
#include "puzzles/knapsack_state.h"
#include "solver/knapsack/knapsack_kinds.h"
#include "tests/unit/tap.h"

static struct puzzle_state *start(const char *desc)
{
	int bad;
	struct diag err;
	struct puzzle_state *s = knapsack_puzzle.start(&knapsack_puzzle, desc, &bad, &err);
	if (!s)
		tap_diag("start: %s (line %d)", err.msg, bad);
	return s;
}

static const char textbook[] = "capacity 10\n5 10\n4 40\n6 30\n3 50\n";

static void moves(void)
{
	struct puzzle_state *s = start(textbook);
	struct diag err;
	char buf[256];
	knapsack_puzzle.describe(s, buf, sizeof buf);
	is_str(buf, textbook, "a description comes back as it went in");
	is_u64((uint64_t)s->best, 90, "the best bag of the textbook is worth 90");
	struct puzzle_state *a = knapsack_puzzle.apply(s, "+3;+1", &err);
	ok(!a, "6 and 5 do not fit in 10 together");
	is_str(err.msg, "item 1 weighs 5: only 4 room left", "and the refusal says how much room is left");
	a = knapsack_puzzle.apply(s, "+9", &err);
	is_str(a ? "" : err.msg, "there is no item 9: the items are 1 to 4", "an item that is not there");
	a = knapsack_puzzle.apply(s, "+2;+4", &err);
	ok(a && knapsack_puzzle.is_solved(a), "items 2 and 4 make the best bag");
	knapsack_puzzle.describe(a, buf, sizeof buf);
	ok(strstr(buf, "4 40 in\n") && strstr(buf, "3 50 in\n"), "the bag's items are described \"in\"");
	struct puzzle_state *b = start(buf);
	ok(b && b->value == 90 && knapsack_puzzle.is_solved(b), "and a state made from it has them in");
	knapsack_puzzle.free_state(b);
	knapsack_puzzle.free_state(a);
	ok(!start("capacity 10\n5 x\n"), "an item's value must be a number");
	ok(!start("capacity 4\n5 1 in\n"), "items marked in may not weigh more than the capacity");
	knapsack_puzzle.free_state(s);
}

static void dead_end_and_hints(void)
{
	struct puzzle_state *s = start(textbook);
	struct diag err;
	struct note n;
	struct puzzle_state *a = knapsack_puzzle.apply(s, "+2;+3", &err);
	ok(knapsack_puzzle.dead_end(a, &n), "items 2 and 3 in: a dead end");
	is_str(n.text, "What is left can add a value of 0 at most; the best bag is worth 20 more", "said with its bound");
	ok(note_has_cell(&n, 2) && !note_has_cell(&n, 1), "marking item 3, in no best bag, and not item 2");
	ok(!knapsack_puzzle.dead_end(s, &n), "the empty bag is no dead end");
	ok(knapsack_puzzle.hint(s, "+2;+4", 1, &n), "hint, tier 1");
	is_str(n.text, "The best bag is worth 90 more than yours, with 10 room left", "tier 1 says what is missing");
	ok(knapsack_puzzle.hint(s, "+2;+4", 2, &n) && note_has_cell(&n, 1), "tier 2 marks an item");
	is_str(n.text, "Item 2 is in every best bag from here", "tier 2: an item in every best bag");
	ok(knapsack_puzzle.hint(s, "+2;+4", 3, &n), "tier 3");
	is_str(n.move, "+2", "tier 3 reveals the pick");
	knapsack_puzzle.free_state(a);
	knapsack_puzzle.free_state(s);
}

/* The best value and how many bags reach it, over all subsets. */
static uint64_t brute_count(const struct knapsack *k, int64_t *best)
{
	uint64_t count = 0;
	*best = -1;
	for (uint32_t set = 0; set < (1u << k->n); set++) {
		int64_t w = 0, v = 0;
		for (int i = 0; i < k->n; i++)
			if (set >> i & 1)
				w += k->items[i].weight, v += k->items[i].value;
		if (w > k->capacity)
			continue;
		if (v > *best)
			*best = v, count = 0;
		count += v == *best;
	}
	return count;
}

static void engines_count(void)
{
	const struct puzzle_engine *exact[] = { &knapsack_engine_bnb, &knapsack_engine_bt, NULL };
	int wrong = 0, cases = 0, dp_wrong = 0;
	for (uint64_t seed = 1; seed <= 50; seed++) {
		struct knapsack k;
		knapsack_kind_make(&k, (enum knapsack_kind)(seed % KNAPSACK_KINDS), 4 + (int)(seed % 9), 12, 1, 2, seed);
		int64_t best;
		uint64_t want = brute_count(&k, &best);
		struct strbuf d = { 0 };
		strbuf_addf(&d, "capacity %lld\n", (long long)k.capacity);
		for (int i = 0; i < k.n; i++)
			strbuf_addf(&d, "%lld %lld\n", (long long)k.items[i].weight, (long long)k.items[i].value);
		struct puzzle_state *s = start(d.s);
		for (int e = 0; exact[e]; e++) {
			struct engine *en = exact[e]->new(&knapsack_puzzle, s);
			struct engine_ctl ctl = { 0 };
			engine_run(en, &ctl);
			if (engine_stats(en)->solutions != want && wrong++ < 3)
				tap_diag("seed %llu %s: %llu best bags, brute force %llu", (unsigned long long)seed, exact[e]->name,
				         (unsigned long long)engine_stats(en)->solutions, (unsigned long long)want);
			engine_free(en);
		}
		struct engine *dp = knapsack_engine_dp.new(&knapsack_puzzle, s);
		struct engine_ctl ctl = { 0 };
		engine_run(dp, &ctl);
		dp_wrong += engine_stats(dp)->solutions != 1;
		engine_free(dp);
		cases++;
		knapsack_puzzle.free_state(s);
		strbuf_free(&d);
		free(k.items);
	}
	ok(wrong == 0, "%d bags: bnb and bt count the best bags as the brute force does", cases);
	ok(dp_wrong == 0, "and dp finds one best bag in each");
}

static void greedy_and_lp(void)
{
	/* Greedy takes item 4 (16.67 a unit), then 2, then nothing else fits:
	 * 90, the best.  Here the densest item blocks the best bag. */
	struct puzzle_state *s = start("capacity 10\n6 60\n5 45\n5 45\n");
	struct engine *g = knapsack_engine_greedy.new(&knapsack_puzzle, s);
	struct engine_ctl ctl = { 0 };
	engine_run(g, &ctl);
	is_u64((uint64_t)engine_stats(g)->solutions, 0, "greedy misses the best bag when the densest item blocks it");
	engine_free(g);
	struct engine *lp = knapsack_engine_lp.new(&knapsack_puzzle, s);
	struct engine_ctl step = { .step = true };
	struct note n;
	while (engine_run(lp, &step) == ENGINE_STEP && engine_event(lp)->kind != ENGINE_EV_CHOOSE)
		;
	while (engine_run(lp, &step) == ENGINE_STEP && !(engine_event(lp)->kind == ENGINE_EV_CHOOSE && engine_event(lp)->choices == 0))
		;
	lp->ops->event_note(lp, &n);
	is_str(n.text, "lp: item 2 fits only in part (4 of 5): the LP bound is 96, the best 90",
	       "the LP relaxation stops at its fractional item");
	engine_free(lp);
	knapsack_puzzle.free_state(s);
}

int main(void)
{
	moves();
	dead_end_and_hints();
	engines_count();
	greedy_and_lp();
	return tap_done();
}
