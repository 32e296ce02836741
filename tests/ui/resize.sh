#!/bin/sh
# Resized at any time, the search on screen running: relaid out, redrawn;
# too small, it says what it needs and waits.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
start_shell
type_line "LINKDANCE_LEVELS=$top_srcdir/levels $LINKDANCE play kanoodle"
wait_for "Can still be finished"
keys A
wait_for "The solver's search"
ok $? "the search on screen runs"
T resize-window -t t -x 50 -y 14
wait_for "terminal too small: need"
ok $? "too small: it says what it needs"
keys A H C
T resize-window -t t -x 120 -y 40
wait_for "The solver's search"
ok $? "larger again: the search is still on screen"
wait_for "steps"
ok $? "with its panel"
T resize-window -t t -x 80 -y 24
wait_for "searched"
ok $? "back to 80 x 24: redrawn"
n1=$(figure steps)
wait_above steps "${n1:-0}"
ok $? "and still searching ($n1, then $(figure steps) steps)"
keys Escape
wait_for "Back to your position"
ok $? "Esc stops it"
keys q
wait_prompt
is "$(flags)" "0 0" "q gives the terminal back"
done_testing
