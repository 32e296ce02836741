#!/bin/sh
# Range in a real terminal at 80x24, on a shipped level: a cell shaded by
# key and by click, two shaded cells touching said at once as a dead end
# and taken back, a dot, a numbered cell refused, a hint's three tiers with
# Enter playing its move, the engines side by side, the search on screen
# with its solution taken, the level solved, q leaving and the terminal
# restored; then, without colours and without Unicode, every mark still
# on screen in characters.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
levels="$top_srcdir/levels"

# The text of grid cell R C (1-based).  At 80x24 a 7x7 grid has a line
# between every two cells: cell R C is on the frame's line + 2R - 1, its
# three columns from the frame's column + 1 + 4 (C - 1).  board_origin
# gives the frame's line and the column of the first cell (1-based); the
# lines and glyphs are made ASCII first, one byte a column, for cut.
ascii_screen() {
	screen | LC_ALL=C sed -e 's/\xe2\x94[\x80-\xbf]/|/g' -e 's/\xe2\x96\x88/#/g' -e 's/\xe2\x80\xa2/./g'
}
cell() { # R C
	set -- $(board_origin) "$1" "$2"
	ascii_screen | sed -n "$(($1 + 2 * $3 - 1))p" | cut -c$(($2 + 4 * $4 - 4))-$(($2 + 4 * $4 - 2))
}
# Where to click on cell R C: its middle, 0-based.
cell_pos() { # R C
	set -- $(board_origin) "$1" "$2"
	echo "$(($1 + 2 * $3 - 2)) $(($2 + 4 * $4 - 4))"
}
cell_is() { [ "$(cell "$1" "$2")" = "$3" ]; } # R C WANT
wait_cell() { wait_until "r$1c$2 to show '$3'" cell_is "$1" "$2" "$3"; }

start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play range 1-01"
wait_for "hints 0"
ok $? "a shipped level opens"
is "$(cell 2 1)$(cell 2 3)$(cell 3 6)" " 7  8 12 " "its numbers where the level puts them (r2c1 7, r2c3 8, r3c6 12)"

keys Space
wait_cell 1 1 "[#]" && wait_for "moves 1" >/dev/null
ok $? "space shades the cursor's cell"
keys l x
wait_for "Dead end: Two shaded cells touch, at row 1, column 1 and row 1, column 2"
ok $? "two shaded cells touching: a dead end at once, with where"
keys u u
wait_cell 1 2 "[ ]" && wait_cell 1 1 "   "
ok $? "u u takes both back"
keys .
wait_cell 1 2 "[.]" && wait_for "Row 1, column 2: unshaded"
ok $? ". dots a cell known unshaded"
keys j h Space
wait_for "A numbered cell is always unshaded"
ok $? "a numbered cell is not shaded, in words"
click $(cell_pos 5 4)
wait_cell 5 4 "[#]"
ok $? "a click shades the cell under it"
keys u u
wait_for "moves 0"

# ---- a hint in three tiers ---------------------------------------------
keys H
wait_re "The [0-9]+ at row [0-9]+, column [0-9]+"
ok $? "H: tier 1 names a number and the rule"
keys H
wait_re "so the cell at row [0-9]+, column [0-9]+ is (un)?shaded|it is (un)?shaded"
ok $? "H again: the cell and why"
keys H
wait_for "Enter places it"
ok $? "H a third time: the move, ready"
keys Enter
wait_for "moves 1"
ok $? "Enter plays the hint's move"

# ---- the engines and the search ----------------------------------------
keys X
wait_for "Every engine has finished"
ok $? "X: both engines race and finish"
shows "Cell by cell" && shows "Number by number"
ok $? "the two engines by name"
esc "x, # shade"
keys A
wait_for "A solution: Enter takes it"
ok $? "A: the search on screen finds the solution"
keys Enter
wait_for "SOLVED"
ok $? "taken, it solves the level"
keys q
wait_prompt
ok $? "q leaves"
is "$(stty_ok)" "icanon echo END" "the shell's terminal has icanon and echo again"
# ---- without colours, and without Unicode -------------------------------
# NO_COLOR: a shaded cell and a dot are still there in characters, the
# cursor in brackets and reverse, and not a colour code on the screen.
colours() {
	T capture-pane -t t -p -e | grep -o "$(printf '\033')\[[0-9;]*m" |
		grep -c -E '\[([0-9]*;)*(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5|48;5|38;2|48;2)(;|m)'
}
type_line "clear; NO_COLOR=1 LINKDANCE_LEVELS=$levels $LINKDANCE play range 1-06"
wait_for "hints 0"
keys Space l . l
wait_cell 1 1 "###" && wait_cell 1 2 " . " && wait_cell 1 3 "[ ]"
ok $? "NO_COLOR=1: the shaded cell a block, the dot a dot, the cursor in brackets"
is "$(colours)" 0 "NO_COLOR=1: no colour codes"
e=$(printf '\033')
T capture-pane -t t -p -e | grep -qE "$e\[[0-9;]*7m($e\[[0-9;]*m)*\[ \]"
ok $? "NO_COLOR=1: the cursor's cell in reverse"
keys q
wait_prompt

LANG_FOR_TEST=C start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play range 1-09"
wait_for "hints 0"
keys Space l . l
wait_for "Row 1, column 3" >/dev/null
screen | grep -q '^ +---+---+' && screen | grep -qF '|###| . |[ ]|'
ok $? "LANG=C: the grid in ASCII lines, ### shaded, . a dot"
n=$(screen | LC_ALL=C grep -c '[^ -~]')
is "$n" 0 "LANG=C: only ASCII on the screen"
keys q
wait_prompt
done_testing
