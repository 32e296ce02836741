#!/bin/sh
# Sudoku in a real terminal at 80x24, on shipped levels: digits entered,
# a clash and a given refused, pencil marks by hand (m) and all at once
# (M), every one of them on screen as its digit, a digit taking itself out
# of its peers' marks and one undo taking it all back, a wrong digit's dead
# end with its reason, a hint's tiers with Enter playing its digit (said
# on one line), the game quit and continued from the menu as it was; free
# play, where a digit stays where it is typed and the cursor stops at the
# edges; then on a grade 4 puzzle the engines side by side (X) and one
# watched, and the search (A) stepped with '.' through a backtrack.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
levels="$top_srcdir/levels"

# The text of grid cell R C (1-based) at 80x24: a cell is 5 columns by 2
# rows, 7 columns apart in a box and the boxes 22 apart, only the rules
# between the boxes drawn; row R's first line is screen line 2R + (R-1)/3
# (the title is line 1).  Both lines, spaces dropped: "[5]" a given, "(5)"
# a digit entered, "(1!" one that clashes, "." a blank, "269" a blank
# with the marks 2, 6 and 9.
cell() { # R C
	local y=$((2 * $1 + ($1 - 1) / 3)) x=$((2 + ($2 - 1) / 3 * 22 + ($2 - 1) % 3 * 7))
	screen | sed -n "${y}p;$((y + 1))p" | sed 's/·/./g; s/┃/|/g' | cut -c$((x + 1))-$((x + 5)) | tr -d ' \n'
}
cell_is() { [ "$(cell "$1" "$2")" = "$3" ]; } # R C WANT
# wait_cell R C WANT: until cell R C shows WANT.
wait_cell() { wait_until "r$1c$2 to show '$3'" cell_is "$1" "$2" "$3"; }
rows_solved() { [ "$(screen | grep -cE '^ [1-9]  [A-Z].* solved +[0-9,]+ ')" -eq "$1" ]; } # N
# wait_rows N: until the engines' table has N rows done ("solved").
wait_rows() { wait_until "$1 rows solved" rows_solved "$1"; }

start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 1-01"
wait_for "hints 0"
ok $? "a shipped level opens"
is "$(cell 1 4)$(cell 1 9)$(cell 2 2)" "[6][4][1]" "its givens where the level puts them (r1c4 6, r1c9 4, r2c2 1)"

# ---- digits ------------------------------------------------------------
keys 5
wait_cell 1 1 "(5)" && wait_for "moves 1" >/dev/null
ok $? "a digit entered at the cursor"
keys l 7 l 1
wait_cell 1 3 "(1!"
ok $? "a digit twice in a unit is marked ! at once"
wait_for "r1c3 and r2c2 both hold 1"
ok $? "and the checker names the clash in cells"
keys u
wait_cell 1 3 "."
ok $? "u takes the digit back"
keys 8 l 3
wait_for "r1c4 is given"
ok $? "a digit on a given is refused, in words"
is "$(cell 1 4)" "[6]" "and the given stays"

# ---- pencil marks -------------------------------------------------------
keys l m 2 9
wait_cell 1 5 "29"
ok $? "m: digits pencil marks in, each shown as its digit at 80x24"
wait_for "r1c5 · marks 2 9 · mark mode"
ok $? "the status line spells out the cursor's marks"
keys 2
wait_cell 1 5 "9"
ok $? "a mark typed again is taken out"
keys m
wait_re "r1c5 · marks 9 1-9 enter"
ok $? "m again: mark mode off"
keys M
# r2c1 can hold 2 6 9; r2c8 2 3 6 7 9 (row 2 has 1 4 5 8, column 8 1 4,
# box 3 4 8).
wait_cell 2 1 "269" && wait_cell 2 8 "23679"
ok $? "M: every blank cell gets its candidates as marks"
# Every given, entry and mark on screen as its digit: the grid's digits
# are as many as the digits in the cells, one by one.
sum=0
for r in 1 2 3 4 5 6 7 8 9; do
	for c in 1 2 3 4 5 6 7 8 9; do
		sum=$((sum + $(cell $r $c | tr -cd 0-9 | wc -c)))
	done
done
is "$(screen | sed -n 2,21p | tr -cd 0-9 | wc -c)" "$sum" "every digit on the grid belongs to a cell ($sum)"
ok "$([ "$sum" -gt 200 ] && echo 0 || echo 1)" "and they are all the marks: $sum digits"
keys j h h h h 2
wait_cell 2 1 "(2)" && wait_cell 2 8 "3679"
ok $? "a digit entered leaves the marks of its row, column and box"
keys u
wait_cell 2 1 "269" && wait_cell 2 8 "23679"
ok $? "one undo takes back the digit and the marks it took"

# ---- a wrong digit ------------------------------------------------------
# 9 is a candidate of r2c1, and wrong: box 1 is then left no place for 2
# (its other blanks, r2c3 and r3c3, see r6c3's 2), and the checker says
# so; H names the move to take back.
keys 9
wait_re "Dead end: no cell of box 1 can hold 2"
ok $? "a wrong digit: the dead end with its reason"
keys H
wait_re "Dead end since move [0-9]+ \(9 entered in r2c1\): take back 1 move"
ok $? "H names the move to take back"
keys u
wait_cell 2 1 "269"

# ---- a hint -------------------------------------------------------------
moves=$(figure moves)
keys H
wait_re "Look (at|for) "
ok $? "hint 1: where to look, in a player's words"
if screen | grep -qE "r[1-9]c[1-9] is [1-9]|can only be [1-9]|only r[1-9]c[1-9] can hold"; then r=1; else r=0; fi
is $r 0 "hint 1 gives away neither the digit nor the reason"
keys H
wait_re "(can only be [1-9]|[Ii]n (row|column|box) [1-9] only r[1-9]c[1-9])"
ok $? "hint 2: the reason, in a player's words"
keys H
wait_re "r[1-9]c[1-9] is [1-9]"
ok $? "hint 3: the digit"
set -- $(screen | tr -s ' \n' ' ' | sed -n 's/.*r\([1-9]\)c\([1-9]\) is \([1-9]\).*/\1 \2 \3/p')
r=$1 c=$2 d=$3
is "$(cell "$r" "$c")" "($d)" "the hint's digit is shown in its cell (r${r}c$c), in hand"
is "$(screen | grep -c "Enter places it")" 1 "one line says Enter places it"
keys Enter
wait_for "moves $((moves + 1))" && wait_cell "$r" "$c" "($d)"
ok $? "Enter enters it, as a move"
screen | grep -q "hints 3"
ok $? "three hints counted"

# ---- quit saving, Continue restoring -------------------------------------
moves=$(figure moves)
grid=$(screen | sed -n 2,21p)
keys q
wait_prompt
ok $? "q leaves the game"
save="$home/.local/state/linkdance/saves/sudoku.1-01.save"
test -s "$save"
ok $? "the game was saved"
type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE"
wait_for "Continue: Sudoku 1-01"
ok $? "the menu offers to continue it"
# The menu's cursor starts on Continue.
keys Enter
wait_for "unfinished games"
keys Enter
wait_for "Sudoku 1-01"
ok $? "Continue opens it"
wait_for "moves $moves  hints 3" >/dev/null
is "$(screen | sed -n 2,21p)" "$grid" "as it was left: the digits, the hint's digit, the marks"
is "$(cell 1 1)$(cell 1 2)$(cell 1 3) $(cell "$r" "$c")" "(5)(7)(8) ($d)" "r1c1-r1c3 and the hint's digit among them"
keys q
wait_for "unfinished games"
keys q q
wait_prompt

# ---- free play: digits where they are typed, the cursor stops at edges ----
type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku"
wait_for "entering givens"
ok $? "free play opens on an empty grid, its givens to type"
keys 1 Right 2
wait_cell 1 1 "[1]" && wait_cell 1 2 "[2]"
ok $? "1 Right 2: the 1 and the 2 side by side, no cell skipped"
keys Left Left Up 3
wait_cell 1 1 "[3]" && wait_cell 1 2 "[2]"
ok $? "Left at the left edge and Up at the top stay in r1c1: the 3 replaces the 1"
wait_for "r1c1 · entering givens"
ok $? "the cursor where the digit went"
keys q
wait_prompt

# ---- a hard puzzle: the engines side by side, the search stepped ----------
type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 4-01"
wait_for "Sudoku 4-01 (grade 4)"
ok $? "a grade 4 level opens"
keys X
# Every engine's row fills in: its title, solved, its steps (at full
# speed: the race starts at a pace to be watched).
keys + + + + + + +
wait_rows 5
ok $? "X: the table of the five engines fills in"
for e in "Singles propagated" "Fewest candidates" "Cells in order" "Dancing Links" "Clause solver"; do
	screen | grep -q "$e"
	ok $? "the table names $e"
done
keys 3
wait_re "┓ .*Cells in order" && wait_for "taken back" >/dev/null
ok $? "its number: that engine's search on screen, its panel beside the grid (the grid in its small form)"
esc "Back to your position" && wait_cell 1 1 "."
ok $? "Esc: back to the position, the grid as it was"
keys X
keys + + + + + + +
wait_rows 5 >/dev/null
keys Down Down Down Enter
wait_re "┓ .*Dancing Links"
ok $? "Down, Enter: the one chosen is watched"
esc "Back to your position" >/dev/null && wait_cell 1 1 "."

# The search of the default engine, paused at once and stepped with '.'
# until it takes a digit back: the panel's count of steps taken back rises.
keys A
wait_for "taken back" >/dev/null
keys Space
wait_for "paused"
ok $? "A: the search on screen, paused by space"
b0=$(figure "taken back")
n0=$(figure steps)
# A '.' grants one step, which the panel need not show at once (nor each
# one, nor the frame in flight when space paused it, which may come after
# "paused"): keys at a player's pace, at least one, until the panel shows
# more steps and a step taken back.
i=0
while [ $i -lt 300 ]; do
	keys .
	sleep 0.05
	i=$((i + 1))
	figure_above steps "$n0" && figure_above "taken back" "$b0" && break
done
wait_above "taken back" "$b0" && wait_above steps "$n0"
b=$(figure "taken back")
ok "$([ "$b" -gt "$b0" ] && echo 0 || echo 1)" "'.' steps it through a backtrack: taken back $b0 -> $b"
n=$(figure steps)
ok "$([ "$n" -gt "$n0" ] && echo 0 || echo 1)" "and the steps went on: $n0 -> $n"
screen | grep -q "paused"
ok $? "still paused while stepped"
esc "Back to your position" && wait_cell 1 1 "." && wait_for "moves 0" >/dev/null
ok $? "Esc: back to the position, no move made"
keys q
wait_prompt
ok $? "q leaves"
done_testing
