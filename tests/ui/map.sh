#!/bin/sh
# The map of the ways to finish (w) on a shipped Kanoodle level at 80x24:
# the legend, the piece in hand's share of the ways in each cell, the
# status line's figure for the placement in hand; then with NO_COLOR (no
# colour codes, the levels still read by their characters) and LANG=C
# (nothing but ASCII).  H past the hint's last tier draws a way at random.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
colours() { # colour codes on the screen: 30-37, 40-47, bright, 256 or RGB
	T capture-pane -t t -p -e | grep -o "$(printf '\033')\[[0-9;]*m" |
		grep -c -E '\[([0-9]*;)*(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5|48;5|38;2|48;2)(;|m)'
}
# The board's cells that Cyan covers in every way: a '*' in a cell.
all_cells() { screen | sed -n '4,14p' | cut -c2-47 | grep -o '\*' | wc -l; }

map_on_level() { # WHAT (the environment)
	type_line "clear; $1 LINKDANCE_LEVELS=$top_srcdir/levels $LINKDANCE play kanoodle 3-01"
	wait_for "hints 0" >/dev/null
	keys w
	wait_for "The map of the ways to finish is on"
	ok $? "$1: w turns the map on"
	keys T
	wait_for "Where Cyan lies in the one way to finish:"
	ok $? "$1: Cyan in hand, the legend says what the map shows"
	wait_re "none 1 <10% 2 <25% 3 <50% 4 <100% \\* all"
	ok $? "$1: the legend's levels"
	wait_re "Cyan here: (in|not in) the one way to finish"
	ok $? "$1: the status line, for the placement in hand"
	n=$(all_cells)
	ok "$([ "$n" -ge 1 ] && [ "$n" -le 5 ] && echo 0 || echo 1)" "$1: $n cells marked * (in the one way)"
}

start_shell
map_on_level "TERM=screen"
n=$(colours)
ok "$([ "$n" -gt 0 ] && echo 0 || echo 1)" "with colours: $n colour codes"
screen | sed 's/^/# /'
# Every tier of the hint, then one more: the one way to finish, told.
keys Escape
wait_until "the piece put back" not_shown "Cyan here" >/dev/null
keys H
wait_re "start there|fits in|covers"
keys H
wait_re "In a way to finish"
keys H
wait_for "Enter places it"
keys H
wait_for "In the one way to finish: Place"
ok $? "H past the last tier: the one way to finish, as the reveal says it"
keys w
wait_for "Map off"
ok $? "w again: the map off"
keys Escape
wait_until "the piece put back" not_shown "Enter places it" >/dev/null
keys q
wait_prompt

map_on_level "NO_COLOR=1"
is "$(colours)" 0 "NO_COLOR=1: no colour codes with the map on"
keys Escape
wait_until "the piece put back" not_shown "Cyan here" >/dev/null
keys q
wait_prompt

LANG_FOR_TEST=C start_shell
map_on_level "LANG=C"
n=$(screen | LC_ALL=C grep -c '[^ -~]')
is "$n" 0 "LANG=C: only ASCII on the screen with the map on"
keys Escape
wait_until "the piece put back" not_shown "Cyan here" >/dev/null
keys q
done_testing
