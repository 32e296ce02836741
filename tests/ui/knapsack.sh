#!/bin/sh
# The knapsack in a real terminal at 80x24, on a shipped level of grade 4:
# an item put in by a click on its line and taken out by Space, a pick
# that no best bag holds said at once as a dead end with its bound, a
# hint's three tiers with Enter taking the revealed pick, the engines
# raced, and the level packed to the best value by the keys alone (the
# items solve knapsack names).
. "${top_srcdir:-../..}/tests/ui/lib.sh"
levels="$top_srcdir/levels"
level=$(ls "$levels/knapsack" | sed -n 's/^\(4-[0-9]*\)\.txt$/\1/p' | head -n 1)
best=$("$LINKDANCE" solve knapsack "$levels/knapsack/$level.txt")
value=$(echo "$best" | head -n 1)
items=$(echo "$best" | sed -n 2p)

start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play knapsack $level"
wait_for "hints 0"
ok $? "level $level opens: its best bag is worth $value ($items)"
shows "value 0," && shows "per unit"
ok $? "the list under the bar: nothing in the bag yet"

# Item 1's line is the fourth of the view, under the title line: row 4.
click 4 10
wait_for "moves 1"
ok $? "a click on item 1's line puts it in the bag"
keys Home Space
wait_for "moves 2"
shows "value 0,"
ok $? "Space on it takes it out again"

# An item no best bag holds: a dead end, said with the bound.
out=1
for i in $(seq 1 20); do
	case " $items " in *" $i "*) ;; *) out=$i; break ;; esac
done
keys Home
for i in $(seq 2 "$out"); do keys Down; done
keys Space
wait_for "Dead end: With what is left, at most"
ok $? "item $out, in no best bag: a dead end with the bound in words"
keys u
wait_for "moves 2"
not_shown "Dead end"
ok $? "undo: the dead end is gone"

# Hints: what is missing, an item in every best bag, then a pick to play.
keys H
wait_for "The best bag is worth"
ok $? "hint 1: how far the bag is from the best"
keys H
wait_re 'Item [0-9]+ is in every best bag from here|several ways to the best'
ok $? "hint 2: an item every best bag holds"
keys H
wait_for "Enter places"
ok $? "hint 3: a pick in hand"
keys Enter
wait_for "moves 3"
ok $? "Enter plays it"
keys u
wait_for "moves 2"

# The race: every engine on the same bag.
keys X
wait_for "Every engine has finished"
shows "Branch and bound" && shows "Dynamic programming" && shows "LP relaxation"
ok $? "X: the five engines raced"
esc "hints 1"

# The best bag by the keys: each item from the top of the list.
for i in $items; do
	keys Home
	for j in $(seq 2 "$i"); do keys Down; done
	keys Space
done
wait_for "SOLVED"
ok $? "packed to the best value, $value: solved"

keys q
wait_prompt
ok $? "q leaves the game"
done_testing
