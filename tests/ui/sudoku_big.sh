#!/bin/sh
# Sudoku past 9x9 in a real terminal: a 16x16 level at 80x24, its digits
# past 9 drawn as numbers and typed as two figures, played to the end; a
# 16x16's pencil marks read on the screen, in the cell and beside it; a
# 6x6 with boxes of 2x3; a 25x25 refused at 80x24 with the size it needs,
# then played at a larger terminal.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
# A count of marks drawn as a superscript.  Each glyph is matched whole
# (-F): a bracket of them in a C locale is a set of bytes, and their
# first byte is also the first of the blank cell's dot.
shows_count_glyph() {
	grep -q -F -e '⁰' -e '¹' -e '²' -e '³' -e '⁴' -e '⁵' -e '⁶' -e '⁷' -e '⁸' -e '⁹' -e '⁺'
}
levels="$top_srcdir/levels"
level16="$levels/sudoku/4-16x16-01.txt"

# The keys that type cell value V (1-16) on a 16x16 grid: 2-9 alone, 1
# then Enter, 10-16 as two figures.
value_keys() { # CHAR of a puzzle line
	case $1 in
	1) echo "1 Enter" ;;
	[2-9]) echo "$1" ;;
	*) echo "1 $(($(printf '%d' "'$1") - 65))" ;;
	esac
}

start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 4-16x16-01"
wait_for "hints 0"
ok $? "a 16x16 level opens at 80x24"
# Its first row as the level has it: blanks, then C (12) in column 8.
shows_re "· +· +· +· +┃ +· +· +· +12 +┃ +4 "
ok $? "its givens past 9 drawn as numbers (r1c8 holds 12)"

# The whole solution typed in, row by row: the cursor stays where a digit
# goes, so l moves on, and each row starts again at the left.
sol=$("$LINKDANCE" solve sudoku "$level16" | tail -n 1)
board=$(tail -n 1 "$level16")
is "${#sol} ${#board}" "256 256" "the solver's solution and the level's board, 256 cells each"
r=0
while [ $r -lt 16 ]; do
	c=0
	line=
	while [ $c -lt 16 ]; do
		i=$((r * 16 + c + 1))
		given=$(printf '%s' "$board" | cut -c$i)
		if [ "$given" = . ]; then
			line="$line $(value_keys "$(printf '%s' "$sol" | cut -c$i)")"
		fi
		[ $c -lt 15 ] && line="$line l"
		c=$((c + 1))
	done
	# shellcheck disable=SC2086
	keys $line j h h h h h h h h h h h h h h h
	r=$((r + 1))
	sleep 0.1
done
wait_for "Solved in"
ok $? "typed to the end: the 16x16 is solved"
keys q
wait_prompt

# ---- a 16x16's pencil marks at 80x24 ---------------------------------------
# The text in cell R C (from 0) of a 16x16 at 80x24: three columns a cell,
# a box rule after every fourth, a row of rules after every fourth row,
# the title above; blanks trimmed.
cell_text() { # R C
	box_row=$(($1 / 4)) box_col=$(($2 / 4))
	LC_ALL=C.UTF-8 screen | sed -n "$((2 + box_row * 5 + $1 % 4))p" |
		LC_ALL=C.UTF-8 sed -E "s/^.{$((1 + box_col * 13 + $2 % 4 * 3))}(...).*/\1/; s/ //g"
}
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 4-16x16-02"
wait_for "hints 0"
# r1c1 is blank: 3, 12 and 16 pencilled in, in mark mode
keys m 3 1 2 1 6
wait_for "r1c1: 3 12 16"
ok $? "the marks pencilled in are written out beside the grid"
shows "r1c1 · marks 3 12 16 · cells show 16"
ok $? "and on the status line, with the digit the cells show: the last typed"
is "$(cell_text 0 0)" 16 "r1c1 shows the 16 pencilled there"
keys ']'
wait_for "cells show 1 "
is "$(cell_text 0 0)" "·" "] shows the 1s: r1c1 has none, a dot"
keys ']' ']'
wait_for "The cells show where 3 is"
is "$(cell_text 0 0)" 3 "] ] to 3: r1c1 shows its 3"
is "$(cell_text 0 1)" 2 "r1c2's given 2 is drawn as ever"
if screen | shows_count_glyph; then r=1; else r=0; fi
is $r 0 "no cell shows a count of marks"
keys u u u
wait_for "r1c1: none"
ok $? "undone: r1c1 has no marks left"
keys q
wait_prompt

# A terminal with no dim (vt100) and no colour: a pencilled digit would
# look like an entered one, so a ? follows it.
type_line "TERM=vt100 NO_COLOR=1 LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 4-16x16-03"
wait_for "hints 0"
# r1c3 is blank: 11 pencilled there; r1c2's given 14 is drawn as ever
keys l l m 1 1 m
wait_for "is pencilled, with a ?"
ok $? "the panel says how a pencilled digit looks on this terminal"
is "$(cell_text 0 2) $(cell_text 0 1)" "11? 14" "r1c3's pencilled 11 has a ?; the given 14 beside it none"
# The checker and the hint count the ways to finish by the fewest
# candidates: by the first cell's, a 16x16's hint never came.
keys H
wait_re "Look (at|for|where) "
ok $? "a 16x16's hint comes, and says where to look"
keys q
wait_prompt
ok $? "and q leaves: with no alternate screen, the game's screen is cleared for the shell"

# ---- 6x6 ----------------------------------------------------------------
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 1-6x6-01"
wait_for "hints 0"
ok $? "a 6x6 level opens"
# boxes of two rows and three columns: one rule down the middle, two across
is "$(screen | grep -c '╋')" 2 "boxes of 2x3: two rules across, one down, crossing twice"
keys 7
wait_for "This grid takes the digits 1 to 6"
ok $? "a digit past 6 is refused in words"
keys q
wait_prompt

# ---- 25x25 ----------------------------------------------------------------
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 4-25x25-01"
wait_re "terminal too small: need [0-9]+ x [0-9]+"
ok $? "a 25x25 at 80x24 says the terminal size it needs"
need=$(screen | sed -n 's/.*need \([0-9]*\) x \([0-9]*\).*/\1 \2/p' | head -n 1)
shows "q: leave"
ok $? "and how to leave"
keys q
wait_prompt
ok $? "q leaves the screen that is too small"
# shellcheck disable=SC2086
start_shell $need
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 4-25x25-01"
wait_for "hints 0"
ok $? "and at that size ($need) it opens"
keys 2 5
wait_for "moves 1"
ok $? "25 typed as two figures is a move"
# every blank cell's candidates as marks: counts of ten and more too
keys l M
wait_re "moves 2 .*r1c2 · marks( [0-9-]+)+ · cells show 25"
ok $? "all marks: the status line spells out the cursor's, and the digit shown"
if screen | shows_count_glyph; then r=1; else r=0; fi
is $r 0 "no cell shows a count of marks, however many it has"
keys q
wait_prompt
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play sudoku 4-25x25-01"
wait_for "Your game as you left it"
ok $? "saved and continued as it was left"
keys q
wait_prompt
done_testing
