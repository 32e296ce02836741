#!/bin/sh
# Killed by a signal, the game gives the terminal back, says so in its exit
# status, and (but for a crash) saves first.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
start_shell
save="$home/.local/state/linkdance/saves/kanoodle.2-01.save"
# The game writes no pid file of its own: the shell that starts it writes
# its own pid, then becomes the game (no process lister is needed, and a
# fresh minimal Debian has none).
pidfile="$tmp/game.pid"
for sig in TERM HUP INT SEGV; do
	rm -f "$save" "$pidfile"
	type_line "clear; LINKDANCE_LEVELS=$top_srcdir/levels sh -c 'echo \$\$ >$pidfile; exec $LINKDANCE play kanoodle 2-01'; echo status \$?"
	wait_for "hints 0"
	# a move, so that there is a game to keep (one of no move is not)
	keys H H H
	wait_for "Enter places" >/dev/null
	keys Enter
	wait_for "moves 1 " >/dev/null
	keys T
	is "$(flags)" "1 1" "$sig: in the game, mouse and alternate screen on"
	kill -$sig "$(cat "$pidfile")"
	case $sig in TERM) want=143 ;; HUP) want=129 ;; INT) want=130 ;; SEGV) want=139 ;; esac
	wait_for "status $want"
	ok $? "$sig: the exit status says the signal ($want)"
	is "$(flags)" "0 0" "$sig: after it, mouse and alternate screen off"
	is "$(stty_ok)" "icanon echo END" "$sig: the shell's terminal has icanon and echo"
	if [ $sig != SEGV ]; then
		test -s "$save"
		ok $? "$sig: the game was saved first"
	fi
done
done_testing
