#!/bin/sh
# What the game keeps for the player, attacked as a careless or hostile
# user would: records with absurd numbers, levels named with a newline, a
# levels folder of hundreds, two games and two copies at once, a save that
# cannot be written, temporaries left by a kill.  Nothing may be lost, and
# the game keeps running.  Each bad_* test guards a fault the audit found.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
state="$home/.local/state/linkdance"
saves="$state/saves"
records="$home/.local/share/linkdance/records"
levels="$tmp/levels"
mkdir -p "$levels/kanoodle" "$levels/iqfit"

# Levels a piece or two short of solved: a hint's last tier and Enter play
# each missing piece (a game is kept only once it has a move).
"$LINKDANCE" solve kanoodle >"$tmp/solved" || echo "# no solution to build levels from"
one_short() { # FILE PIECES
	{ printf 'family kanoodle\ngrade 1\nboard\n'; tr "$2" '[.*]' <"$tmp/solved"; } >"$1"
}
one_short "$levels/kanoodle/1-01.txt" WT
one_short "$levels/kanoodle/1-02.txt" LT
one_short "$levels/kanoodle/1-03.txt" G
# moves_now [WINDOW]: the moves the title shows.
moves_now() { screen "${1:-t}" | sed -n 's/.* moves \([0-9]*\) .*/\1/p' | head -n 1; }
moves_not() { [ "$(moves_now "$1")" != "$2" ]; } # WINDOW MOVES
# hint_move [WINDOW]: a hint's move played (its last tier, then Enter).
hint_move() {
	local w=${1:-t} m
	m=$(moves_now "$w")
	T send-keys -t "$w" H H H
	wait_until "Enter places in $w" shows "Enter places" "$w" >/dev/null
	T send-keys -t "$w" Enter
	wait_until "a move in $w" moves_not "$w" "$m" >/dev/null
}
# finish_level [WINDOW]: from a level just opened, finish it with hints.
finish_level() {
	local w=${1:-t} round=0
	wait_until "the moves in $w" moves_not "$w" "" >/dev/null
	while [ $round -lt 4 ] && ! shows "Solved in" "$w"; do
		hint_move "$w"
		round=$((round + 1))
	done
	wait_until "Solved in $w" shows "Solved in" "$w"
}
# A second window, with a shell of its own, its prompt waited for.
second_window() {
	T new-window -d -t t -n second "env -i PATH=/usr/bin:/bin HOME=$home TERM=screen LANG=C.UTF-8 PS1='$ ' sh"
	wait_until "the second window's prompt" shows '$' t:second >/dev/null
}
second() { T send-keys -t t:second "$@"; }
second_waits() { wait_until "$1 in the second window" shows "$1" t:second; } # TEXT
game() { # ARGS...: the game, in the shell of the pane, its exit status echoed
	type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE $*; echo E\"\"XIT \$?"
}
exit_status() { # the status echoed by game()
	wait_for "EXIT" >/dev/null && screen | sed -n 's/^EXIT \([0-9]*\).*/\1/p' | tail -n 1
}

# Esc back to the top menu.
top="puzzles, and the dancing links that solve them"
start_shell

# ---- records that cannot be believed -----------------------------------
mkdir -p "$(dirname "$records")"
printf 'linkdance-records 1\nsolved kanoodle 1-03 61.5 6 1\n' >"$records"
for l in 2-01 2-02 2-03 2-04 2-05 2-06 2-07 2-08 2-09 2-10 2-11 2-12; do
	echo "solved kanoodle $l 1e300 1 0" >>"$records"
done
game play kanoodle 1-01
wait_for "records could not be read"
ok $? "bad_records_huge_number: the bad records are said so at start"
finish_level
ok $? "bad_records_huge_number: a level solved after them, and the game goes on"
keys q
is "$(exit_status)" 0 "bad_records_huge_number: the game ends normally"
grep -q '^solved kanoodle 1-01 ' "$records" && grep -q '^solved kanoodle 1-03 61.5' "$records"
ok $? "bad_records_huge_number: the new record and the good old one are kept"
grep -q 1e300 "$records.bad"
ok $? "bad_records_huge_number: the file as it was is kept as records.bad"

# ---- records of levels that are not there --------------------------------
rm -f "$records" "$records".bad*
printf 'linkdance-records 1\nsolved kanoodle 9-99 10.0 5 0\nsolved kanoodle 1-02 10.0 5 0\n' >"$records"
game
wait_for "Kanoodle  (1 level solved)"
ok $? "bad_records_missing_level: a record of a level the folder does not hold is not counted"
keys q
exit_status >/dev/null

# ---- a level named with a newline ---------------------------------------
rm -f "$records" "$records".bad*
nl_level="$levels/kanoodle/1-04
second line.txt"
one_short "$nl_level" G
game play kanoodle "'$nl_level'"
finish_level
ok $? "bad_newline_name: a level whose name holds a newline is solved"
keys q
exit_status >/dev/null
game play kanoodle 1-02
finish_level
keys q
exit_status >/dev/null
game
wait_for "Kanoodle  (2 levels solved)"
ok $? "bad_newline_name: the records file still reads: both records count"
! ls "$(dirname "$records")" | grep -q bad
ok $? "bad_newline_name: nothing was set aside"
keys Enter
wait_for "choose a level"
keys Right Right Right
wait_for "Kanoodle 1-04?second_line: solved, best"
ok $? "bad_newline_name: the menu lists it, its newline shown as '?', solved"
keys q q
exit_status >/dev/null

# ---- a levels folder of hundreds ----------------------------------------
many="$tmp/many"
mkdir -p "$many/kanoodle" "$many/iqfit"
i=0
while [ $i -lt 700 ]; do
	i=$((i + 1))
	cp "$levels/kanoodle/1-01.txt" "$many/kanoodle/1-$(printf %03d $i).txt"
done
type_line "clear; LINKDANCE_LEVELS=$many $LINKDANCE; echo E\"\"XIT \$?"
wait_for "Kanoodle"
keys Enter
wait_for "choose a level"
ok $? "bad_many_levels: a family of 700 levels opens"
keys Left
wait_for "Kanoodle 1-700: not solved yet"
ok $? "bad_many_levels: the grid wraps to the 700th, and shows it"
keys Right Right Right Enter
wait_for "Kanoodle 1-003"
ok $? "bad_many_levels: and from there to the third, which opens"
keys q q q
is "$(exit_status)" 0 "bad_many_levels: no crash"
rm -rf "$saves"

# ---- one save a game ------------------------------------------------------
rm -f "$records"
game
wait_for "Kanoodle"
keys Enter
wait_for "choose a level"
keys Enter
wait_for "Kanoodle 1-01"
hint_move
keys q
wait_for "choose a level"
keys Right Enter
wait_for "Kanoodle 1-02"
hint_move
keys q
wait_for "choose a level"
keys Right Enter
wait_for "Kanoodle 1-03"
keys u q
wait_for "choose a level"
esc "Continue: Kanoodle 1-02, 1 move"
ok $? "bad_one_save_slot: the game left last with a move is offered"
screen | grep -q "(and 1 more)"
ok $? "bad_one_save_slot: the first is not lost, and a game left at no move is not kept"
keys Up Enter
wait_for "unfinished games"
screen | grep -q "Kanoodle 1-01, 1 move" && screen | grep -q "Kanoodle 1-02, 1 move" && ! screen | grep -q "1-03"
ok $? "bad_one_save_slot: Continue lists both, with their moves, and not the one left at no move"
# Solving another level keeps both saves.
esc "$top" >/dev/null
keys Down Enter
wait_for "choose a level"
keys Right Right Enter
finish_level
keys q
wait_for "choose a level"
test -s "$saves/kanoodle.1-01.save" && test -s "$saves/kanoodle.1-02.save"
ok $? "bad_save_lost_on_solve: solving another level keeps the saves of the others"
# Choosing a level with a save continues it; solving it deletes its save.
keys Left Left Enter
wait_for "as you left it"
ok $? "a level with a save continues it"
finish_level
keys q
wait_for "choose a level"
! test -e "$saves/kanoodle.1-01.save" && test -s "$saves/kanoodle.1-02.save"
ok $? "its own solve deletes its save, and only its"
# Abandoning asks first.
esc "$top" >/dev/null
keys Up Enter
wait_for "unfinished games"
keys d
wait_for "Its save is deleted (y/n)"
ok $? "abandoning a game asks first"
keys n
test -s "$saves/kanoodle.1-02.save"
ok $? "no: it stays"
keys d y
wait_for "Abandoned: Kanoodle 1-02"
! test -e "$saves/kanoodle.1-02.save"
ok $? "yes: it goes"
# Continue appears above the families: the family chosen stays chosen.
keys Down Enter
wait_for "IQ Fit: choose a level"
keys Up Enter
wait_for "IQ Fit" >/dev/null
keys G Enter
wait_for "moves 1 " >/dev/null
keys q
wait_for "IQ Fit: choose a level" >/dev/null
esc "$top" >/dev/null
keys Enter
wait_for "IQ Fit: choose a level"
ok $? "when Continue appears, the menu stays on the family it was on"
keys q
wait_for "Continue: IQ Fit free play"
rm -f "$saves/iqfit.save"
keys q
is "$(exit_status)" 0 "the game ends"

# ---- two copies at once ---------------------------------------------------
rm -rf "$saves" "$records"
second_window
second "clear; LINKDANCE_LEVELS=$levels $LINKDANCE play kanoodle 1-02; echo E\"\"XIT \$?" Enter
game play kanoodle 1-01
wait_for "hints 0" >/dev/null
# Both copies have read the records (none); each now solves its level.
finish_level
keys q
exit_status >/dev/null
finish_level t:second >/dev/null
second q
second_waits "EXIT 0" >/dev/null
grep -q '^solved kanoodle 1-01 ' "$records" && grep -q '^solved kanoodle 1-02 ' "$records"
ok $? "bad_records_two_copies: two copies solving two levels both keep their records"
T kill-window -t t:second

# ---- two copies of one level --------------------------------------------
# Three moves in the first copy, one in the second; the first leaves, then
# the second: both games are kept, the later as the level's second game.
rm -rf "$saves" "$records"
{ printf 'family kanoodle\ngrade 1\nboard\n'; tr WLGT .... <"$tmp/solved"; } >"$levels/kanoodle/1-05.txt"
second_window
second "clear; LINKDANCE_LEVELS=$levels $LINKDANCE play kanoodle 1-05; echo E\"\"XIT \$?" Enter
game play kanoodle 1-05
wait_for "hints 0" >/dev/null
second_waits "hints 0"
# a move by a hint: its last tier, then Enter places the piece
for m in 1 2 3; do
	keys H H H
	wait_for "Enter places" >/dev/null
	keys Enter
	wait_for "moves $m " >/dev/null
done
second H H H
second_waits "Enter places"
second Enter
second_waits "moves 1 "
ok $? "bad_two_copies: three moves in the first copy, one in the second"
keys q
is "$(exit_status)" 0 "bad_two_copies: the first copy leaves, asking nothing"
second q
second_waits "EXIT 0"
ok $? "bad_two_copies: then the second, asking nothing"
T capture-pane -t t:second -p | tr -d '\n' | grep -q "Saved as Kanoodle 1-05 (second game): another copy saved its own"
ok $? "bad_two_copies: the second copy says where its game went"
game
# the menu starts on Continue when there are games to continue
wait_for "Continue: Kanoodle 1-05"
keys Enter
wait_for "unfinished games"
screen | grep -q "Kanoodle 1-05, 3 moves" && screen | grep -q "Kanoodle 1-05 (second game), 1 move"
ok $? "bad_two_copies: Continue lists both games, 3 moves and 1"
# The second game continues as itself, and solving it leaves the first.
keys Enter
wait_for "(second game)"
ok $? "bad_two_copies: the second game opens under its name"
keys H H H
wait_for "Enter places" >/dev/null
keys Enter
wait_for "moves 2 " >/dev/null
keys H H H
wait_for "Enter places" >/dev/null
keys Enter
wait_for "moves 3 " >/dev/null
keys H H H
wait_for "Enter places" >/dev/null
keys Enter
wait_for "Solved in"
keys q
wait_for "linkdance"
test -s "$saves/kanoodle.1-05.save" && ! test -e "$saves/kanoodle.1-05~2.save"
ok $? "bad_two_copies: solving the second game deletes its save only"
keys q q q
exit_status >/dev/null
T kill-window -t t:second

# ---- a save that cannot be written, in a game started from the shell ------
rm -rf "$saves"
printf 'not a folder\n' >"$saves"
game play kanoodle 1-01
wait_for "Games cannot be saved"
ok $? "bad_save_unseen: a save folder that cannot be used is said at start"
keys u q
wait_for "any key: leave"
ok $? "bad_save_unseen: q shows why the game cannot be saved, and waits"
screen | grep -q "saves: not a folder"
ok $? "bad_save_unseen: with the path and the reason"
keys x
is "$(exit_status)" 0 "a key then leaves"
screen | tr -d '\n' | grep -q "linkdance: Games cannot be saved: .*saves: not a folder"
ok $? "bad_save_unseen: and the shell is told too"
rm -f "$saves"

# ---- a level's save that cannot be read ------------------------------------
mkdir -p "$saves"
printf 'linkdance-save 2\nfamily kanoodle\nmove nonsense\n' >"$saves/kanoodle.1-03.save"
game play kanoodle 1-03
wait_for "could not be read"
ok $? "a level's save that cannot be read is said so as the level starts afresh"
keys q
exit_status >/dev/null
test -s "$saves/kanoodle.1-03.save.bad"
ok $? "and it is kept as .bad"
rm -f "$saves"/kanoodle.1-03.save*

# ---- temporaries left by a kill ------------------------------------------
mkdir -p "$saves"
printf 'half' >"$saves/kanoodle.1-01.save.tmpAb12Cd"
printf 'half' >"$state/game.save.tmpXy34Zw"
game play kanoodle 1-01
wait_for "hints 0" >/dev/null
keys q
exit_status >/dev/null
! test -e "$saves/kanoodle.1-01.save.tmpAb12Cd" && ! test -e "$state/game.save.tmpXy34Zw"
ok $? "bad_stale_temporaries: cleared at start"

is "$(flags)" "0 0" "the terminal is given back"
done_testing
