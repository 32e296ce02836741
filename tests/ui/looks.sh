#!/bin/sh
# NO_COLOR: not a colour code on the screen; a locale that is not UTF-8:
# nothing but ASCII.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
colours() { # colour codes on the screen: 30-37, 40-47, bright, 256 or RGB
	T capture-pane -t t -p -e | grep -o "$(printf '\033')\[[0-9;]*m" |
		grep -c -E '\[([0-9]*;)*(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5|48;5|38;2|48;2)(;|m)'
}
start_shell
type_line "LINKDANCE_LEVELS=$top_srcdir/levels $LINKDANCE play kanoodle 3-01"
wait_for "hints 0"
ok $? "with colours: the game starts"
n=$(colours)
ok "$([ "$n" -gt 0 ] && echo 0 || echo 1)" "with colours: $n colour codes"
keys q
wait_prompt
type_line "clear; NO_COLOR=1 LINKDANCE_LEVELS=$top_srcdir/levels $LINKDANCE play kanoodle 3-01"
wait_for "hints 0"
ok $? "NO_COLOR=1: the game starts"
keys T
wait_for "Cyan in hand" >/dev/null
is "$(colours)" 0 "NO_COLOR=1: no colour codes"
T capture-pane -t t -p -e | grep -q "$(printf '\033')\[[0-9;]*7m"
ok $? "NO_COLOR=1: reverse video marks the piece in hand"
# Esc puts the piece back; q once that is seen (at once, Esc q reads as Alt-q).
keys Escape
wait_until "the piece put back" not_shown "Cyan in hand" >/dev/null
keys q
wait_prompt

LANG_FOR_TEST=C start_shell
type_line "LINKDANCE_LEVELS=$top_srcdir/levels $LINKDANCE play kanoodle 3-01"
wait_for "hints 0"
ok $? "LANG=C: the game starts"
n=$(screen | LC_ALL=C grep -c '[^ -~]')
is "$n" 0 "LANG=C: only ASCII on the screen"
screen | grep -q -- "+------"
ok $? "LANG=C: the board's border in ASCII"
keys q
done_testing
