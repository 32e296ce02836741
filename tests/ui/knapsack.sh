#!/bin/sh
# The knapsack in a real terminal at 80x24, on a shipped level of grade 4:
# an item put in by a click on its line and taken out by Space, a pick
# that no best bag holds said at once as a dead end with its bound, a
# hint's three tiers with Enter taking the revealed pick, the engines
# raced, and the level packed to the best value by the keys alone (the
# items solve knapsack names); then the level with the most items whole at
# 80x24, and an item in the bag told apart without colours.
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

# Item 1's line is the one under the list's heading ("in item weight ..."):
# its 0-based row is the heading's line number.
row=$(screen | grep -n '^in  *item  *weight' | cut -d: -f1)
click "$row" 10
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
wait_for "Dead end: what is left can add a value of"
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
esc "per unit"

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
# ---- the largest level, without colours ----------------------------------
# The level with the most items: every item's line on the screen at 80x24,
# none scrolled off; without colours an item in the bag still told apart,
# by its tick and bold, and not a colour code on the screen.
largest=$(for f in "$levels"/knapsack/*.txt; do
	echo "$(sed -n '/^capacity/,$p' "$f" | grep -c '^[0-9]') $(basename "$f" .txt)"
done | sort -n | tail -n 1)
n=${largest% *}
largest=${largest#* }
type_line "clear; NO_COLOR=1 LINKDANCE_LEVELS=$levels $LINKDANCE play knapsack $largest"
wait_for "per unit"
lines=$(screen | grep -cE '^.{0,6} +[0-9]+ +[0-9,]+ +[0-9,]+ +[0-9.]+ ')
is "$lines" "$n" "level $largest at 80x24: all its $n items on screen"
not_shown "items 1-"
ok $? "the heading says nothing is scrolled off"
# An item of a best bag, put in: no dead end marks its line.
pick=$("$LINKDANCE" solve knapsack "$levels/knapsack/$largest.txt" | sed -n 2p | cut -d' ' -f1)
keys Home
for j in $(seq 2 "$pick"); do keys Down; done
keys Space Up
wait_for "moves 1"
# "moves 1" shows once Space is drawn; the line is read once Up has moved
# the cursor's pointer off it too (a sanitized build draws the two apart)
ticked() { screen | grep -qE "^ ✓ +$pick "; }
wait_until "item $pick ticked, the cursor off its line" ticked
ok $? "NO_COLOR=1: item $pick, in the bag, is ticked"
e=$(printf '\033')
row=$(screen | grep -nE "^ ✓ +$pick " | cut -d: -f1)
T capture-pane -t t -p -e | sed -n "${row}p" | grep -qE "$e\[([0-9]*;)*1(;[0-9]*)*m"
ok $? "NO_COLOR=1: and bold"
codes=$(T capture-pane -t t -p -e | grep -o "$e\[[0-9;]*m" |
	grep -c -E '\[([0-9]*;)*(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5|48;5|38;2|48;2)(;|m)')
is "$codes" 0 "NO_COLOR=1: no colour codes"
keys q
wait_prompt
done_testing
