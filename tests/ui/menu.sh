#!/bin/sh
# The menu: a level chosen and solved (ticked), the help scrolled, a game
# left and continued, a corrupt save set aside, a broken level named while
# the others load.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
levels="$tmp/levels"
mkdir -p "$levels/kanoodle" "$levels/iqfit"
cp "$top_srcdir/levels/kanoodle/1-01.txt" "$top_srcdir/levels/kanoodle/1-02.txt" "$levels/kanoodle/"
printf 'family kanoodle\ngrade 1\nboard\nQQQ\n' >"$levels/kanoodle/1-03.txt"
start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE"
wait_for "Kanoodle"
ok $? "the menu"
keys Enter
wait_for "choose a level"
ok $? "Kanoodle's levels"
keys Down
wait_for "1-03.txt:4:"
ok $? "a broken level named with FILE:LINE"
keys Up Enter
wait_for "Kanoodle 1-01"
ok $? "a level opens"
# Solve it: one piece by hand, the rest with three quick hints each.
keys T r j j h h h h h h Enter
wait_for "moves 1"
for n in 2 3 4 5; do
	keys H H H
	wait_for "Enter places" >/dev/null
	keys Enter
	wait_for "moves $n" >/dev/null
done
wait_for "Solved"
ok $? "solved, with a celebration"
keys q
wait_for "choose a level"
screen | grep -q "1-01: solved, best"
ok $? "back in the menu: the level is ticked, its best time kept"
keys Right Enter
wait_for "Kanoodle 1-02"
# The help is taller than 80x24: it scrolls to its end, and a key closes it.
keys ?
wait_for "more below"
ok $? "the help: more below"
keys Space Space Space
wait_for "The mouse"
ok $? "the help scrolls down to the mouse"
keys x
wait_for "hints 0"
ok $? "a key closes it"
keys H H H
wait_for "Enter places" >/dev/null
keys Enter
wait_for "moves 1 "
ok $? "a piece placed: a move, so the game is kept"
keys q
wait_for "choose a level"
screen | grep -q "arrows choose  Enter play  1-4 a new puzzle  Esc/q back"
ok $? "the level grid's reminder says q goes back"
keys Escape
wait_for "Continue: Kanoodle 1-02"
ok $? "a game left is offered to continue"
keys Up Enter
wait_for "unfinished games"
ok $? "Continue lists the unfinished games"
keys Enter
wait_for "Kanoodle 1-02"
ok $? "and continues the one chosen"
keys q
wait_for "unfinished games"
keys q q
wait_prompt
save="$home/.local/state/linkdance/saves/kanoodle.1-02.save"
printf 'linkdance-save 1\nfamily kanoodle\nmove nonsense\n' >"$save"
type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE"
wait_for "could not be read"
ok $? "a corrupt save is reported"
test -s "$save.bad" && ! test -e "$save"
ok $? "and set aside, not lost"
# A new puzzle from the level grid: made on the solver thread, played at
# once, and made again by the batch command from the seed it names.
keys Enter
wait_for "choose a level"
keys 2
wait_for "A new puzzle (linkdance generate kanoodle --grade 2 --seed"
ok $? "2 in the level grid: a new grade 2 puzzle"
seed=$(screen | sed -n 's/.*--grade 2 --seed \([0-9]*\).*/\1/p' | head -n 1)
screen | grep -q "Kanoodle new 2-$seed (grade 2)"
ok $? "named new 2-$seed in the title"
again=$("$LINKDANCE" generate kanoodle --grade 2 --seed "$seed" | sed -n '/^board$/,$p' | tail -n 5)
shown=$(screen | sed -n 's/^ │\([^│]*\)│.*/\1/p' | grep '[A-Z·]' | sed -e 's/ //g' -e 's/·/./g')
is "$shown" "$again" "the batch command makes the same board again from the seed"
keys H H H
wait_for "Enter places" >/dev/null
keys Enter
wait_for "moves 1 " >/dev/null
keys q
wait_for "choose a level"
keys q q
wait_prompt
test -e "$home/.local/state/linkdance/saves/kanoodle.new%202-$seed.save"
ok $? "it is kept under its own name, with its move"
is "$(flags)" "0 0" "q gives the terminal back"
done_testing
