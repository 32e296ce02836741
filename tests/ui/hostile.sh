#!/bin/sh
# The terminal under hostile input, and on the ways out of the game.
# - Escape sequences that never end (longer than libtermkey's buffer) do
#   not hang the game: q still quits, signals are still served.
# - A stream of input cannot keep signals out.
# - The bytes of a broken sequence are not keys; a burst of keys is not
#   cut short.
# - An exit(1) or abort() in the middle of the game gives the terminal back.
#   These exits are made on purpose through a test hook in src/ui/term.c:
#   LINKDANCE_TEST_FAULT=exit calls exit(1), =abort abort(), at the first key.
# - A terminal that cannot move the cursor (TERM=dumb), or a TERM unknown,
#   is refused in one line.
# - At 10 x 5 the "too small" message is shown whole, wrapped.
# - Ctrl-Z gives the terminal back (mouse reports off too), fg takes it
#   again, and the clock does not count the time away.
# Every case starts in a shell of its own, so that one that fails (a game
# that hangs and is killed) does not spoil the next.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
# A session that stays, so that the server does not go (and come back, with
# a race) each time start_shell kills the one before.
T -f /dev/null new-session -d -s keep sh
levels="LINKDANCE_LEVELS=$top_srcdir/levels"

# game [VAR=VALUE...]: the game on a level, its pid in $tmp/pid; its exit
# status goes to $tmp/status (and to the screen), so that it can be waited
# for even when junk fills the screen.
game() {
	rm -f "$tmp/pid" "$tmp/status" "$tmp/trace"
	type_line "clear; $levels $* sh -c 'echo \$\$ >$tmp/pid; exec $LINKDANCE play kanoodle 2-01'; echo status \$? | tee $tmp/status"
	wait_for "hints 0"
}
pid() { cat "$tmp/pid"; }

# gone: the game's exit status, once it has ended (15 s at most, the bound
# of every wait: a game that hangs fails the test, a slow machine does not).
ended() { [ -s "$tmp/status" ]; }
gone() {
	if wait_until "the game to end" ended >/dev/null; then
		sed 's/status //' "$tmp/status"
		return 0
	fi
	echo "still running"
	# Do not leave it running to spoil the next test.
	kill -KILL "$(pid)" 2>/dev/null
	wait_prompt >/dev/null
	return 1
}

# read_through: the game has read all that was sent before: a z (which
# does nothing in the game) is sent until the trace (LINKDANCE_TRACE)
# shows one more read as a key; those sent while the game still skips a
# broken sequence, until the input goes quiet, are skipped with it.
z_events() { grep -c '^event 1 ch 122 ' "$tmp/trace" 2>/dev/null; }
z_more() { # N: more than N z read, or one more sent
	[ "$(z_events)" -gt "$1" ] && return 0
	keys z
	return 1
}
read_through() { wait_until "a z read as a key" z_more "$(z_events)" >/dev/null; }

# The terminal given back: mouse and alternate screen off, and the shell's
# modes.
restored() { # NAME
	is "$(flags)" "0 0" "$1: mouse and alternate screen off"
	is "$(stty_ok)" "icanon echo END" "$1: the shell's terminal has icanon and echo"
}

digits=$(printf '%0300d' 0 | tr 0 7)
letters=$(printf '%0300d' 0 | sed 's/0/ab/g' | cut -c1-300)

# ---- escape sequences that never end -------------------------------------
for kind in CSI OSC DCS; do
	case $kind in
	CSI) junk=$(printf '\033[%s' "$digits") ;;
	OSC) junk=$(printf '\033]%s' "$letters") ;;
	DCS) junk=$(printf '\033P%s' "$letters") ;;
	esac
	start_shell
	game "LINKDANCE_TRACE=$tmp/trace"
	T send-keys -t t -l "$junk"
	read_through
	keys q
	is "$(gone)" 0 "unterminated $kind of 300 bytes, then q: the game leaves"
	restored "unterminated $kind"
done

start_shell
game "LINKDANCE_TRACE=$tmp/trace"
T send-keys -t t -l "$(printf '\033[%s' "$digits")"
read_through
kill -TERM "$(pid)"
is "$(gone)" 143 "unterminated CSI, then SIGTERM: served (status 143)"
restored "unterminated CSI, then SIGTERM"

# ---- a stream of input that does not stop ----------------------------------
# 20,000 x (which does nothing in the game), the signal sent while they
# come.  What the game has not read when it goes, the shell gets.
# The x keep coming until the game has gone (or for many seconds more than
# a wait's bound): the signal must be served while they come, not once
# they stop.
start_shell
game
chunk=$(printf '%01000d' 0 | tr 0 x)
rm -f "$tmp/flowing" "$tmp/ran_out"
(
	i=0
	while [ $i -lt 1000 ] && [ ! -s "$tmp/status" ]; do
		T send-keys -t t -l "$chunk"
		: >"$tmp/flowing"
		i=$((i + 1))
	done
	[ -s "$tmp/status" ] || : >"$tmp/ran_out"
) &
flood=$!
wait_until "the stream of keys" test -e "$tmp/flowing" >/dev/null
kill -TERM "$(pid)"
is "$(gone)" 143 "under a stream of keys, SIGTERM is served"
wait "$flood"
test ! -e "$tmp/ran_out"
ok $? "while the keys still come"
# The keys the game did not read are the shell's: one line, a command not
# found (all of them are typed before the Enter: the stream is over).
keys Enter
wait_prompt >/dev/null
restored "a stream of keys, then SIGTERM"

# ---- what is and is not a key ---------------------------------------------
# LINKDANCE_TRACE logs every event the game receives (src/ui/app.c).
# Key events other than the z that read_through sends:
other_keys() { grep '^event 1 ' "$tmp/trace" | grep -vc '^event 1 ch 122 '; }
x_events() { grep -c '^event 1 ch 120 ' "$tmp/trace"; }
x_events_are() { [ "$(x_events)" -ge "$1" ]; } # N
start_shell
game "LINKDANCE_TRACE=$tmp/trace"
before=$(screen | sed 's/[0-9]*:[0-9][0-9] *$//')
T send-keys -t t -l "$(printf '\033[1234')"
read_through
T send-keys -t t -l "$(printf '\033]TrrH')"
read_through
is "$(other_keys)" 0 "the digits of a broken CSI, the letters of a broken OSC: no key events"
is "$(screen | sed 's/[0-9]*:[0-9][0-9] *$//')" "$before" "and the screen is as it was (no piece taken, no hint)"
T send-keys -t t -l "$(printf '%0100d' 0 | tr 0 x)"
wait_until "100 x read" x_events_are 100 >/dev/null
is "$(x_events)" 100 "a burst of 100 keys: 100 key events, none dropped"
keys q
is "$(gone)" 0 "then q: the game leaves"

# ---- exits the game should never take --------------------------------------
for fault in exit abort; do
	start_shell
	game LINKDANCE_TEST_FAULT=$fault
	keys x
	case $fault in exit) want=1 ;; abort) want=134 ;; esac
	is "$(gone)" $want "$fault() in the game: it ends (status $want)"
	restored "$fault()"
done

# ---- terminals the game cannot use -----------------------------------------
for term in dumb no-such-terminal; do
	start_shell
	rm -f "$tmp/status"
	type_line "clear; TERM=$term $levels $LINKDANCE play kanoodle 2-01 2>$tmp/err; echo status \$? | tee $tmp/status"
	st=$(gone)
	is "$st" 1 "TERM=$term: refused (status 1)"
	if [ "$st" != 1 ]; then
		keys q
		wait_prompt >/dev/null
	fi
	grep -qF -- "$term" "$tmp/err"
	ok $? "TERM=$term: the message names it"
	if [ $term = dumb ]; then
		grep -q "cannot move the cursor" "$tmp/err"
		ok $? "TERM=dumb: the message says why"
	fi
	is "$(wc -l <"$tmp/err" | tr -d ' ')" 1 "TERM=$term: in one line"
	awk 'length > 80 { exit 1 }' "$tmp/err"
	ok $? "TERM=$term: of 80 columns at most: $(cat "$tmp/err")"
	is "$(flags)" "0 0" "TERM=$term: no alternate screen"
done

# ---- a tiny terminal -------------------------------------------------------
# Every word of "terminal too small: need W x H", on a screen of 10 x 5.
whole() { wait_re 'terminal too small: need [0-9]+ x [0-9]+'; }
start_shell 10 5
type_line "$levels $LINKDANCE play kanoodle 2-01"
whole
ok $? "10 x 5, the game: the too-small message whole"
keys q
wait_prompt >/dev/null
ok $? "10 x 5, the game: q leaves"
is "$(flags)" "0 0" "10 x 5, the game: mouse and alternate screen off"
start_shell 10 5
type_line "$LINKDANCE"
whole
ok $? "10 x 5, the menu: the too-small message whole"
keys q
wait_prompt >/dev/null
ok $? "10 x 5, the menu: q leaves"
is "$(flags)" "0 0" "10 x 5, the menu: mouse and alternate screen off"
T resize-window -t t -x 80 -y 24
is "$(stty_ok)" "icanon echo END" "10 x 5: the shell's terminal has icanon and echo"

# ---- Ctrl-Z ----------------------------------------------------------------
# The game's clock at the top right, in whole seconds; the wall clock's
# time, to the nanosecond.
clock() { screen | head -1 | sed -n 's/.* \([0-9]*\):\([0-9][0-9]\) *$/\1 \2/p' | { read -r m s; echo $((m * 60 + s)); }; }
now() { date +%s.%N; }
clock_runs() { [ "$(clock)" -gt 0 ]; }
# kept_time C0 C1 T0 T1 S0 S1: the clock read C0 at T0 and C1 at T1 (wall
# clock), and the game was stopped at least from S0 to S1: the clock may
# count the rest of that time, and one second more (it shows whole
# seconds), but not the time stopped.
kept_time() {
	awk -v c0="$1" -v c1="$2" -v t0="$3" -v t1="$4" -v s0="$5" -v s1="$6" \
		'BEGIN { played = (t1 - t0) - (s1 - s0); exit !(c1 >= c0 && c1 - c0 <= played + 1) }'
}
for how in Ctrl-Z SIGTSTP; do
	start_shell
	game
	keys T
	wait_for "Cyan is part of the puzzle" >/dev/null
	wait_until "the clock to run" clock_runs >/dev/null
	t0=$(now)
	c0=$(clock)
	if [ $how = Ctrl-Z ]; then keys C-z; else kill -TSTP "$(pid)"; fi
	# The shell goes on as the game stops: its status is SIGTSTP's.
	is "$(gone)" 148 "$how: the game stops, the shell goes on"
	s0=$(now)
	wait_prompt >/dev/null
	is "$(flags)" "0 0" "$how: mouse and alternate screen off"
	is "$(stty_ok)" "icanon echo END" "$how: the shell's terminal has icanon and echo"
	# Time away: more than the second of the clock's rounding, so that a
	# clock that counted it would show it.
	sleep 3
	rm -f "$tmp/status"
	s1=$(now)
	type_line "fg; echo status \$? | tee $tmp/status"
	wait_for "hints 0" >/dev/null
	ok $? "$how, fg: the game is back"
	is "$(flags)" "1 1" "$how, fg: mouse and alternate screen on again"
	c1=$(clock)
	t1=$(now)
	kept_time "$c0" "$c1" "$t0" "$t1" "$s0" "$s1"
	ok $? "$how, fg: the clock did not count the time away ($c0 s, then $c1 s; stopped $(awk "BEGIN { printf \"%.1f\", $s1 - $s0 }") s of $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s)"
	keys q
	is "$(gone)" 0 "$how, fg, then q: the game leaves"
	restored "after $how and fg"
done

done_testing
