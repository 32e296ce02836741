#!/bin/sh
# solve and count over files of Sudoku puzzles: one answer line per puzzle
# in the input's order, '-' for none, malformed puzzles named at their
# FILE:LINE while the others are still done, and the same answers from
# many threads as from one.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

# Wikipedia's puzzle and Inkala's, with their published solutions.
wiki=53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
wiki_sol=534678912672195348198342567859761423426853791713924856961537284287419635345286179
inkala=8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..
inkala_sol=812753649943682175675491283154237896369845721287169534521974368438526917796318452
# Two 5s in row 1: no solution.  Wikipedia's without its first three
# givens: more than one.
clash=55...............................................................................
loose=".....${wiki#?????}"
empty4=................

printf '%s\n%s\n%s\n' "$wiki" "$inkala" "$clash" >"$tmp/three"
ld solve sudoku "$tmp/three"
is "$rc|$out|$err" "0|$wiki_sol
$inkala_sol
-|" "solve: a solution line for each, '-' for none, exit 0"
ld count sudoku "$tmp/three"
is "$rc|$out" "0|1
1
0" "count: 1, 1, 0"
printf '%s\n' "$loose" | "$LINKDANCE" count sudoku - >"$tmp/out"
is "$(cat "$tmp/out")" 2 "count stops at 2 by default (more than one solution)"
printf '%s\n' "$empty4" | "$LINKDANCE" count sudoku --limit 1000 >"$tmp/out"
is "$(cat "$tmp/out")" 288 "count --limit 1000 of the empty 4x4 grid: 288"
printf '%s\n' "$empty4" | "$LINKDANCE" count sudoku --limit 100 >"$tmp/out"
is "$(cat "$tmp/out")" 100 "and --limit 100 stops at 100"
ld solve sudoku - <"$tmp/three"
is "$out" "$wiki_sol
$inkala_sol
-" "'-' reads standard input"
ld solve sudoku --algo dlx "$tmp/three"
is "$rc|$out" "0|$wiki_sol
$inkala_sol
-" "--algo dlx"
ld solve sudoku --algo nosuch "$tmp/three"
case $err in *"no engine 'nosuch'"*dlx*) s=0 ;; *) s=1 ;; esac
is "$rc $s" "2 0" "an unknown --algo is a usage error naming the engines: $err"
ld solve sudoku --stats "$tmp/three"
case $err in *"puzzles: 3"*"no solution: 1"*"nodes: "*"time: "*) s=0 ;; *) s=1 ;; esac
is "$rc $s" "0 0" "--stats: the totals on stderr"

# --unique: the search goes on past the solution to prove it the only one.
printf '%s\n%s\n%s\n' "$wiki" "$loose" "$clash" >"$tmp/unique"
for algo in fast mrv dlx sat; do
	ld solve sudoku --unique --algo $algo --stats "$tmp/unique"
	case $err in *"more than one: 1"*) s=0 ;; *) s=1 ;; esac
	is "$rc|$out|$s" "0|$wiki_sol
+
-|0" "solve --unique --algo $algo: the solution, + for more than one, - for none"
done
ld solve sudoku --stats "$tmp/unique"
n1=$(printf '%s\n' "$err" | sed -n 's/^nodes: //p')
ld solve sudoku --unique --stats "$tmp/unique"
n2=$(printf '%s\n' "$err" | sed -n 's/^nodes: //p')
[ "${n2:-0}" -gt "${n1:-0}" ]
ok $? "--unique searches more than the first solution takes ($n1 nodes, then $n2)"
ld count sudoku --unique "$tmp/unique"
is "$rc" 2 "count takes no --unique ($err)"

# Malformed lines: FILE:LINE: why; the others are still solved; exit 1.
printf '%s\n53..7....\n%s\n%sx\n\n# a comment\n%s\r\n' "$wiki" "$inkala" "$(printf '%s' "$wiki" | cut -c1-80)" \
	"$inkala" >"$tmp/bad"
ld solve sudoku "$tmp/bad"
is "$rc" 1 "malformed lines: exit 1"
is "$out" "$wiki_sol
$inkala_sol
$inkala_sol" "the good lines (one with CRLF) are still solved, in order"
is "$err" "linkdance: $tmp/bad:2: a grid of 1 row; a 9x9 grid has 9
linkdance: $tmp/bad:4: character 81 is 'x', not a digit 1-9, '.' or '0'" \
	"each bad one at its line"
printf '%s\n....\n' "$wiki" | "$LINKDANCE" count sudoku 2>"$tmp/err" >"$tmp/out"
is "$?|$(cat "$tmp/out")|$(cat "$tmp/err")" "1|1|linkdance: (stdin):2: a grid of 1 row; a 4x4 grid has 4" \
	"standard input is (stdin) in messages"
printf '1234\n' | "$LINKDANCE" solve sudoku 2>"$tmp/err" >/dev/null
is "$(cat "$tmp/err")" "linkdance: (stdin):1: a grid of 1 row; a 4x4 grid has 4" "a 4-character line is a 4x4 row"
printf '12345\n%s' "$wiki" | "$LINKDANCE" solve sudoku 2>"$tmp/err" >"$tmp/out"
is "$(cat "$tmp/out")|$(cat "$tmp/err")" \
	"$wiki_sol|linkdance: (stdin):1: a line has 81 characters (or 16, 36, 144, 256, 625), not 5" \
	"too short a line; the last line needs no newline"
printf '53..7\0....\n' | "$LINKDANCE" solve sudoku 2>"$tmp/err" >/dev/null
is "$(cat "$tmp/err")" "linkdance: (stdin):1: character 6 is not a digit, '.' or '0' (byte 0x00)" "a NUL byte"

# Nine rows of nine, with a blank line or not between grids.
grid() { printf '%s\n' "$1" | fold -w 9; }
{ grid "$wiki"; echo; grid "$inkala"; grid "$wiki"; printf '%s\n' "$inkala"; } >"$tmp/grids"
ld solve sudoku "$tmp/grids"
is "$rc|$out" "0|$wiki_sol
$inkala_sol
$wiki_sol
$inkala_sol" "grids of nine rows, one after another or between blank lines, and lines"
{ grid "$wiki" | head -n 4; echo; grid "$inkala" | sed '3s/.$/x/'; printf '%s\n' "$wiki"; } >"$tmp/badgrids"
ld solve sudoku "$tmp/badgrids"
is "$rc|$out|$err" "1|$wiki_sol|linkdance: $tmp/badgrids:1: a grid of 4 rows; a 9x9 grid has 9
linkdance: $tmp/badgrids:8: row 3 of the grid: character 9 is 'x', not a digit 1-9, '.' or '0'" \
	"a grid cut short, and one with a bad row (its other rows passed over): one message each"

# A level file of the family is one puzzle.
printf '# a level\nfamily sudoku\nname w\nboard\n%s\n' "$wiki" >"$tmp/level.txt"
ld solve sudoku "$tmp/level.txt"
is "$rc|$out" "0|$wiki_sol" "a level file is solved as its one puzzle"
printf 'family sudoku\nboard\n%s\nhello\n' "$wiki" >"$tmp/badlevel.txt"
ld solve sudoku "$tmp/badlevel.txt"
is "$rc|$err" "1|linkdance: $tmp/badlevel.txt:4: 'hello' is not part of a Sudoku (entries, marks or setup)" \
	"and its faults are at the file's line"
printf 'family kanoodle\nboard\n' >"$tmp/kan.txt"
ld solve sudoku "$tmp/kan.txt"
is "$rc|$err" "1|linkdance: $tmp/kan.txt: a kanoodle level, not sudoku" "a level of another family"
ld solve sudoku "$tmp/nosuch"
is "$rc" 1 "a file that is not there: exit 1 ($err)"

# Many puzzles: the digits of four puzzles relabelled (d -> m*d+k mod 9,
# m prime to 9, four k), and the grid turned over its diagonal or not:
# 192 puzzles, with a malformed line among them.
for p in "$wiki" "$inkala" "$clash" "$loose"; do printf '%s\n' "$p"; done |
	awk '{
		for (m = 1; m <= 8; m++) {
			if (m % 3 == 0) continue
			for (k = 0; k < 8; k += 2) for (t = 0; t < 2; t++) {
				s = ""
				for (i = 0; i < 81; i++) {
					j = t ? (i % 9) * 9 + int(i / 9) : i
					c = substr($0, j + 1, 1)
					s = s (c == "." ? "." : ((c - 1) * m + k) % 9 + 1)
				}
				print s
				if (++n == 100) print "not a puzzle"
			}
		}
	}' >"$tmp/many"
is "$(wc -l <"$tmp/many" | tr -d ' ')" 193 "192 puzzles made, and a bad line"
"$LINKDANCE" solve sudoku "$tmp/many" >"$tmp/one" 2>"$tmp/one.err"
rc1=$?
"$LINKDANCE" solve sudoku --threads 4 "$tmp/many" >"$tmp/four" 2>"$tmp/four.err"
rc4=$?
is "$rc1 $rc4 $(wc -l <"$tmp/one" | tr -d ' ')" "1 1 192" "192 answers, one thread or four, exit 1 for the bad line"
cmp -s "$tmp/one" "$tmp/four"
ok $? "four threads answer as one does, in the input's order"
is "$(cat "$tmp/four.err")" \
	"linkdance: $tmp/many:101: row 1 of the grid: character 1 is 'n', not a digit 1-9 or A-C, '.' or '0'" \
	"and name the bad line the same (12 characters: the first row of a 12x12)"
is "$(grep -c '^-$' "$tmp/one")" 48 "the relabelled clashes have no solution"
"$LINKDANCE" count sudoku "$tmp/many" >"$tmp/c1" 2>/dev/null
"$LINKDANCE" count sudoku --threads 3 "$tmp/many" >"$tmp/c3" 2>/dev/null
cmp -s "$tmp/c1" "$tmp/c3"
ok $? "count on three threads, the same"
is "$(sort "$tmp/c1" | uniq -c | awk '{printf "%s:%s ", $2, $1}')" "0:48 1:96 2:48 " \
	"48 with none, 96 proper, 48 with more than one"
for algo in fast mrv dlx sat; do
	"$LINKDANCE" count sudoku --algo $algo "$tmp/many" >"$tmp/ca" 2>/dev/null
	cmp -s "$tmp/c1" "$tmp/ca"
	ok $? "count --algo $algo: the same counts"
done
# Every answer keeps its puzzle's givens and is a filled grid.
# Each answer beside its puzzle (the bad line, which has none, taken out).
grep -v '^not' "$tmp/many" | paste -d ' ' - "$tmp/one" | awk '
	$2 != "-" { for (i = 1; i <= 81; i++) { c = substr($1, i, 1); if (c != "." && c != substr($2, i, 1)) bad++ }
	            if ($2 !~ /^[1-9]+$/ || length($2) != 81) bad++ }
	END { print bad + 0 }' >"$tmp/kept"
is "$(cat "$tmp/kept")" 0 "every solution keeps its puzzle's givens and fills the grid"

# grade and generate: said clearly while the family has none.
ld grade sudoku "$tmp/three"
case "$rc|$err" in
"1|linkdance: Sudoku puzzles cannot be graded yet") s=0 ;;
"0|") [ "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" = 3 ] && s=0 || s=1 ;;
*) s=1 ;;
esac
ok $s "grade: one line per puzzle, or a clear refusal ($rc: $err)"
ld generate sudoku --grade 1
case "$rc|$err" in
"1|linkdance: Sudoku puzzles cannot be generated yet") s=0 ;;
"0|") s=0 ;;
*) s=1 ;;
esac
ok $s "generate: a puzzle, or a clear refusal ($rc: $err)"

# Options of the other kind are refused for a file of puzzles.
ld solve sudoku --all "$tmp/three"
is "$rc" 2 "solve sudoku takes no --all ($err)"
ld count kanoodle --algo dlx
is "$rc" 2 "the tilings take no --algo ($err)"

# From a terminal with nothing named, a usage error rather than a wait
# (which timeout would end, status 124, rather than hang the suite;
# --foreground: script may read the terminal make check runs in).
timeout --foreground 60 script -qec "$LINKDANCE solve sudoku" "$tmp/typescript" >/dev/null 2>&1
is "$?" 2 "solve sudoku on a terminal, no FILE: a usage error"
grep -q "reads puzzles from a file" "$tmp/typescript"
ok $? "which says how to give the puzzles"

# generate -n: puzzle lines, each proper, reproducible one by one from
# its seed; symmetric ones symmetric; ungraded ones have few clues.
ld generate sudoku -n 100 --seed 7
is "$rc" 0 "generate sudoku -n 100"
printf '%s\n' "$out" >"$tmp/gen100"
is "$(wc -l <"$tmp/gen100" | tr -d ' ')" 100 "100 lines"
ld count sudoku "$tmp/gen100"
is "$(printf '%s\n' "$out" | sort -u)" 1 "each with exactly one solution"
ld generate sudoku -n 1 --seed 42
is "$out" "$(sed -n 36p "$tmp/gen100")" "the 36th is made again alone from seed 7+35"
median=$(awk '{ print gsub(/[1-9]/, "&") }' "$tmp/gen100" | sort -n | sed -n 50p)
ok "$([ "$median" -le 24 ] && echo 0 || echo 1)" "median clues of ungraded puzzles: $median (at most 24)"
ld generate sudoku -n 10 --symmetric --grade 2
printf '%s\n' "$out" >"$tmp/sym"
asym=$(awk '{ for (i = 1; i <= 81; i++) if ((substr($0, i, 1) == ".") != (substr($0, 82 - i, 1) == ".")) { print NR; break } }' "$tmp/sym")
is "$rc:$asym" "0:" "symmetric puzzles: a clue's mirror half a turn round is a clue"
ld grade sudoku "$tmp/sym"
is "$(printf '%s\n' "$out" | cut -d' ' -f1 | sort -u)" 2 "and of the grade asked"
ld generate kanoodle -n 2
is "$rc" 2 "generate -n for a family of level files: a usage error"

done_testing
