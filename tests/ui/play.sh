#!/bin/sh
# The game in a real terminal: a level, a piece placed by keys and one by
# the mouse, the checker's line, three tiers of hints and the placement
# accepted, the search on screen started and stopped, undo and redo, and
# the terminal given back on q.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
start_shell
type_line "LINKDANCE_LEVELS=$top_srcdir/levels $LINKDANCE play kanoodle 1-01"
wait_for "hints 0"
ok $? "a level opens"
screen | grep -q "way to finish"
ok "$([ $? -ne 0 ] && echo 0 || echo 1)" "the checker speaks only of dead ends at first"
keys v
wait_for "Exactly one way to finish"
ok $? "v: the full checker says it has one way to finish"
is "$(flags)" "1 1" "in the game: mouse reporting and the alternate screen on"

# Cyan (T) by keys: it comes into hand where it fits nearest the cursor
# (the top right); a quarter turn, two down, six left.
keys T r j j h h h h h h Enter
wait_for "moves 1"
ok $? "a piece placed by keys"

# Yellow by the mouse: click it in the tray, turn it twice, click its place.
set -- $(tray_at Y)
click "$1" "$2"
keys r r
set -- $(cell_at 3 3)
hover "$1" "$2"
click "$1" "$2"
wait_for "moves 2"
ok $? "a piece placed by the mouse (SGR reports)"
screen | grep -q "D   D   T   Y   S   Y"
ok $? "where it was clicked"

# A piece where it blocks the way: the checker's line changes.
keys W
set -- $(cell_at 3 9)
click "$1" "$2"
wait_for "Dead end"
ok $? "a move into a dead end: the line says so"
keys u
wait_for "Exactly one way to finish"
ok $? "undo: back to one way to finish"
keys C-r
wait_for "Dead end"
ok $? "redo: the dead end again"
keys u
wait_for "moves 2"

# Hints: three tiers, then Enter takes the placement.
# Tier 1 names the most constrained spot, a cell or a piece, in words.
keys H
wait_re 'can cover the cell at row| fits in '
ok $? "hint 1: the most constrained cell or piece"
keys H
wait_for "In a way to finish from here"
ok $? "hint 2: what goes there"
keys H
wait_for "Enter places"
ok $? "hint 3: the placement, in hand"
keys Enter
wait_for "moves 3"
ok $? "Enter takes the hint's placement"
screen | grep -q "hints 3"
ok $? "three hints counted"

# The grader from the game: its verdict on the position, in words.
keys E
wait_re '(Grade [1-4] of 4|Easier than grade 1) from here: [0-9,]+ search steps to finish it'
ok $? "E grades the position from here"

# The search on screen, started and stopped.
keys A
wait_for "The solver's search"
ok $? "the search on screen starts"
wait_for "nodes"
keys Escape
wait_for "Back to your position"
ok $? "Esc stops it"
screen | grep -q "moves 3"
ok $? "and the position is as it was"

keys q
wait_prompt
ok $? "q leaves the game"
is "$(flags)" "0 0" "after q: mouse reporting and the alternate screen off"
is "$(stty_ok)" "icanon echo END" "after q: the shell's terminal has icanon and echo"
test -s "$home/.local/state/linkdance/saves/kanoodle.1-01.save"
ok $? "the game was saved"
done_testing
