#!/bin/sh
# Input that is not what it should be gets a message that says why, exit 1
# (2 for a bad option), and never a wait.  `timeout` turns a hang into a
# failure (status 124) instead of a stuck test run.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

# A FIFO with no writer blocked open() for ever: before the game's loop,
# with the terminal raw, for `play`.
fifo="$tmp/level.fifo"
mkfifo "$fifo"
for verb in solve count estimate export grade; do
	run timeout 5 "$LINKDANCE" $verb kanoodle "$fifo"
	is "$rc $err" "1 linkdance: $fifo: a FIFO, not a level file" "bad_fifo_level: $verb refuses a FIFO at once"
done
run timeout 5 "$LINKDANCE" play kanoodle "$fifo" </dev/null
is "$rc $err" "1 linkdance: $fifo: a FIFO, not a level file" \
	"bad_fifo_play: play refuses a FIFO before it takes the terminal"

# A FIFO among the levels, found by its name.
levels="$tmp/levels"
mkdir -p "$levels/kanoodle"
mkfifo "$levels/kanoodle/9-99.txt"
run timeout 5 env LINKDANCE_LEVELS="$levels" "$LINKDANCE" solve kanoodle 9-99
is "$rc $err" "1 linkdance: $levels/kanoodle/9-99.txt: a FIFO, not a level file" \
	"bad_fifo_levels_dir: a FIFO in LINKDANCE_LEVELS named as a level"
run timeout 5 env LINKDANCE_LEVELS="$levels" "$LINKDANCE" play kanoodle 9-99 </dev/null
is "$rc $err" "1 linkdance: $levels/kanoodle/9-99.txt: a FIFO, not a level file" \
	"bad_fifo_levels_dir: and played"

ld solve kanoodle "$tmp"
is "$rc $err" "1 linkdance: $tmp: a directory, not a level file" "bad_dir_level: a directory as a level"
mkdir "$levels/kanoodle/8-88.txt"
run env LINKDANCE_LEVELS="$levels" "$LINKDANCE" solve kanoodle 8-88
is "$rc $err" "1 linkdance: $levels/kanoodle/8-88.txt: a directory, not a level file" \
	"bad_dir_level: a directory in LINKDANCE_LEVELS named as a level"
# A level named, in a levels folder that is not one: say what is wrong.
run env LINKDANCE_LEVELS=/dev/null "$LINKDANCE" solve kanoodle 1-01
is "$rc $err" "1 linkdance: /dev/null/kanoodle/1-01.txt: Not a directory" \
	"bad_levels_env_file: LINKDANCE_LEVELS is a file"
ln -s loop.txt "$levels/kanoodle/loop.txt"
run env LINKDANCE_LEVELS="$levels" "$LINKDANCE" solve kanoodle loop
is "$rc $err" "1 linkdance: $levels/kanoodle/loop.txt: Too many levels of symbolic links" \
	"bad_levels_symlink_loop: a level that is a symlink to itself"
ld solve kanoodle ''
is "$rc $err" "1 linkdance: the level is an empty string, not a file or a level's name" "bad_empty_level"
ld solve kanoodle /dev/null
is "$rc $err" "1 linkdance: /dev/null: a device, not a level file" "bad_device_level: /dev/null as a level"
ld xc "$tmp"
is "$rc $err" "1 linkdance: $tmp: Is a directory" "bad_dir_xc: a directory as exact cover"

# A file the user may not read.  root reads whatever the mode says, so as
# root the program runs as nobody (setpriv is in util-linux, which every
# Debian has), from a folder nobody may enter.
locked="$tmp/locked"
mkdir -p "$locked"
chmod 755 "$tmp" "$locked"
cp "$top_srcdir/levels/kanoodle/1-01.txt" "$locked/level.txt"
printf 'A B\nA\nB\n' >"$locked/problem.dlx"
chmod 000 "$locked/level.txt" "$locked/problem.dlx"
as_user() {
	if [ "$(id -u)" -eq 0 ]; then
		run setpriv --reuid=nobody --regid=nogroup --clear-groups "$LINKDANCE" "$@"
	else
		ld "$@"
	fi
}
as_user solve kanoodle "$locked/level.txt"
is "$rc $err" "1 linkdance: $locked/level.txt: Permission denied" "bad_unreadable_level"
as_user xc "$locked/problem.dlx"
is "$rc $err" "1 linkdance: $locked/problem.dlx: Permission denied" "bad_unreadable_xc"

# xc takes any stream the user names: a FIFO is read, not refused.
mkfifo "$tmp/xc.fifo"
timeout 5 sh -c "printf 'A B\nA\nB\n' >'$tmp/xc.fifo'" &
run timeout 5 "$LINKDANCE" xc "$tmp/xc.fifo"
is "$rc:$out:$err" "0:A
B:" "xc reads a FIFO given by name"
wait
out=$(printf 'A B\nA B\n' | timeout 5 "$LINKDANCE" xc /dev/stdin 2>&1)
is "$?:$out" "0:A B" "xc reads /dev/stdin"

# A level's faults said in a line of the menu: what is quoted is cut short,
# and a character that is not ASCII is shown as the player typed it, not
# counted as two cells.
printf 'family kanoodle\n%s v\nboard\n' "$(printf 'k%.0s' $(seq 200))" >"$tmp/key.txt"
ld solve kanoodle "$tmp/key.txt"
is "$rc $err" "1 linkdance: $tmp/key.txt:2: unknown key 'kkkkkkkkkkkkkkkkkkkk...' (family, name, grade, seed, board)" \
	"bad_level_long_key: a 200-character key is quoted in 20"
printf 'family kanoodle\ngrade 1234567890123456789\303\251xx\nboard\n' >"$tmp/grade.txt"
"$LINKDANCE" solve kanoodle >>"$tmp/grade.txt"
ld solve kanoodle "$tmp/grade.txt"
is "$rc $err" "0 linkdance: $tmp/grade.txt:2: grade '1234567890123456789...' is not 1, 2, 3 or 4: the measured grade counts" \
	"bad_level_long_key: a cut does not split a UTF-8 character"
printf 'family kanoodle\nboard\n.....\303\251.....\n...........\n...........\n...........\n...........\n' >"$tmp/e.txt"
ld solve kanoodle "$tmp/e.txt"
is "$rc $err" "1 linkdance: $tmp/e.txt:3: '$(printf '\303\251')' in row 1: the pieces are GTPYOBKSMDWL, . is empty, # a hole" \
	"bad_level_utf8_cell: an accented letter on the board"
printf 'family iqfit\nboard\n....\377.....\n..........\n..........\n..........\n..........\n' >"$tmp/ff.txt"
ld solve iqfit "$tmp/ff.txt"
is "$rc $err" "1 linkdance: $tmp/ff.txt:3: byte 0xff in row 1: the pieces are GMTLBPYKOD, . is empty, # a hole" \
	"bad_level_utf8_cell: a byte that is no UTF-8"

# A path of 500 bytes left no room for the message after it: the start
# of the path goes, its end and the message stay.
d=$(printf 'd%.0s' $(seq 250))
mkdir -p "$tmp/$d/$d/x.txt"
ld solve kanoodle "$tmp/$d/$d/x.txt"
case "$rc $err" in
"1 linkdance: ...ddd"*"ddd/x.txt: a directory, not a level file") ok 0 "bad_long_path: the message after a long path" ;;
*) ok 1 "bad_long_path: the message after a long path"; echo "#   got: $rc $err" ;;
esac

# Output that cannot be written: why, exit 1.
for cmd in "solve kanoodle" "export kanoodle" "--help" "solve --help" "--version"; do
	if [ ! -c /dev/full ]; then
		tap_n=$((tap_n + 1))
		echo "ok $tap_n # SKIP bad_output_full: no /dev/full here"
		continue
	fi
	$LINKDANCE $cmd >/dev/full 2>"$tmp/err"
	is "$? $(cat "$tmp/err")" "1 linkdance: cannot write the output: No space left on device" \
		"bad_output_full: $cmd >/dev/full"
done

# A byte-order mark at the start changes nothing.
level="$top_srcdir/levels/kanoodle/3-04.txt"
printf '\357\273\277' | cat - "$level" >"$tmp/bom.txt"
ld solve kanoodle "$level"
want="$rc:$out:$err"
ld solve kanoodle "$tmp/bom.txt"
is "$rc:$out:$err" "$want" "bad_bom_level: a level with a byte-order mark solves the same"
ld grade kanoodle "$tmp/bom.txt"
is "$rc:$(printf '%s\n' "$out" | sed -n 's/^grade: //p')" "0:3" "bad_bom_level: and grades the same"
printf '\357\273\277A B | C\nA C\nB\n' >"$tmp/bom.dlx"
ld xc "$tmp/bom.dlx"
is "$rc:$out:$err" "0:A C
B:" "bad_bom_xc: an exact-cover file with a byte-order mark"
printf '\357\273\277| a comment first\nA\nA\n' | "$LINKDANCE" xc >"$tmp/out" 2>&1
is "$?:$(cat "$tmp/out")" "0:A" "bad_bom_xc: before a comment line"

# Options as wide as allowed (65,535 items), many of them, then one that
# names an item twice at its end.  Comparing every pair of items took half
# a second an option: these 150 took 80 s, now half a second.  The
# timeout only keeps a hang from holding the suite (under the thread
# sanitizer they took over 20 s); the time is not asserted.
awk 'BEGIN { n = 65535; k = 150
	for (i = 0; i < n; i++) printf "%s%x", i ? " " : "", i
	printf "\n"
	for (j = 0; j < k; j++) {
		for (i = 0; i < n; i++) printf "%s%x", i ? " " : "", i
		printf "\n"
	}
	for (i = 0; i < n - 1; i++) printf "%x ", i
	printf "%x\n", n - 2 }' | timeout 300 "$LINKDANCE" xc >"$tmp/out" 2>"$tmp/err"
is "$? $(cat "$tmp/err")" "1 linkdance: (stdin):152: item 'fffd' appears twice in this option" \
	"bad_wide_option: an item twice in a 65,535-item option, after 150 such options"

# --memo-mb: a number of megabytes the machine has.
memory_message() { # WHAT NAME
	case "$rc $err" in
	"2 linkdance: --memo-mb $1: this machine has "*" of memory") ok 0 "$2" ;;
	*) ok 1 "$2"; echo "#   got: $rc $err" ;;
	esac
}
ld count kanoodle --memo-mb 100000000
memory_message 100000000 "bad_memo_mb: 100 TB is more than the machine has"
ld count kanoodle --memo-mb 123456789012345678901234567890
memory_message 12345678901234567890... "bad_memo_mb: more digits than 64 bits is too much, not 'not a number'"
ld count kanoodle --memo-mb 0
is "$rc $err" "2 linkdance: --memo-mb 0: at least 1 (or --memo off: no memo at all)" "bad_memo_mb: 0"
# A usage error points to --help only when the line stays within 80 columns.
usage_line() { # MESSAGE
	local line="linkdance: $1 (see linkdance --help)"
	[ ${#line} -le 80 ] || line="linkdance: $1"
	printf '%s' "$line"
}
for v in -5 1e30 abc ' 5' ''; do
	ld count kanoodle --memo-mb "$v"
	is "$rc $err" "2 $(usage_line "--memo-mb needs a number of megabytes, not '$v'")" "bad_memo_mb: '$v'"
done
ld count kanoodle --memo-mb "$(printf 'x%.0s' $(seq 200))"
is "$rc $err" "2 linkdance: --memo-mb needs a number of megabytes, not 'xxxxxxxxxxxxxxxxxxxx'" \
	"bad_memo_mb: 200 characters typed are quoted to 20, and the line fits 80 columns"
# strtoull skips blanks and negates: " -5" was a limit of 2^64 - 5.
ld xc --limit ' -5' "$tmp/bom.dlx"
is "$rc $err" "2 linkdance: --limit needs a positive number, not ' -5' (see linkdance --help)" \
	"bad_number_blank: a number with a blank and a minus"

# Every usage error fits 80 columns, whatever the user typed: a value of
# 200 characters to each option that takes one, an unknown option of 200,
# and one argument too many.
long=$(printf 'x%.0s' $(seq 200))
wide=
for args in "count kanoodle --memo-mb $long" "count kanoodle --memo $long" "count kanoodle --limit $long" \
	"estimate kanoodle --probes $long" "generate sudoku --seed $long" "count kanoodle --threads $long" \
	"generate sudoku --grade $long" "generate sudoku -n $long" "count kanoodle --shard $long" \
	"count kanoodle --branch $long" "xc --sample $long" "xc --estimate $long" "count kanoodle --$long" \
	"count kanoodle 1-01 $long" "solve sudoku --algo $long" "play kanoodle --$long" "$long"; do
	# shellcheck disable=SC2086 # the words of each case are its arguments
	ld $args
	[ "$rc" = 2 ] && printf '%s\n' "$err" | awk 'length($0) > 80 { bad = 1 } END { exit bad }' ||
		wide="$wide [$args: $rc $err]"
done
is "${wide:-none}" none "bad_usage_width: every usage error is exit 2 and within 80 columns"
done_testing
