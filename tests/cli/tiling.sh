#!/bin/sh
# Kanoodle and IQ Fit through the batch interface: the option and item
# counts, solving, estimating, level files good and bad.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
data="$top_srcdir/tests/cli/data"

items() { sed '/^|/d' "$1" | head -1 | wc -w | tr -d ' '; }
options() { sed '/^|/d' "$1" | sed 1d | grep -c .; }

"$LINKDANCE" export kanoodle >"$tmp/k.dlx"
is "$(items "$tmp/k.dlx") $(options "$tmp/k.dlx")" "67 1789" "Kanoodle: 67 items, 1789 options"
"$LINKDANCE" export iqfit >"$tmp/q.dlx"
is "$(items "$tmp/q.dlx") $(options "$tmp/q.dlx")" "60 3440" "IQ Fit: 60 items, 3440 options"
is "$(sed '/^|/d' "$tmp/k.dlx" | head -1 | cut -d' ' -f1-13)" \
	"Green Cyan Purple Yellow Orange Blue Pink Gray Magenta Red White LtGreen r1c1" \
	"Kanoodle export: the pieces, then the cells in reading order"

ld solve kanoodle "$data/k-start.txt"
is "$rc" 0 "solve a level: exit 0"
is "$(printf '%s\n' "$out" | grep -c '^[A-Z]\{11\}$')" 5 "five rows of eleven letters"
is "$(printf '%s\n' "$out" | sed -n '1p;2p;3p' | cut -c1-3 | tr '\n' ' ')" "YYS YSS YYS " "the pieces placed stay"
letters=$(printf '%s' "$out" | tr -d '\n' | fold -w1 | sort | uniq -c | awk '{printf "%s%s ", $2, $1}')
is "$letters" "B5 D5 G5 K5 L4 M5 O4 P4 S5 T5 W3 Y5 " "every piece once, with its size"
ld solve iqfit
is "$(printf '%s\n' "$out" | grep -c '^[A-Z]\{10\}$')" 5 "IQ Fit solved: five rows of ten"
ld count kanoodle "$data/k-start.txt" --stats
case $err in *"solutions: $out"*) s=0 ;; *) s=1 ;; esac
ok $s "count --stats agrees with the count"
ld estimate kanoodle --probes 2000
case $out in "estimate from 2000 random walks (Knuth)"*"engine: dlx"*"nodes: "*"solutions: "*) s=0 ;; *) s=1 ;; esac
ok $s "estimate kanoodle prints its figures"

badlevel() { # NAME CONTENT EXPECTED
	printf "$2" >"$tmp/bad.txt"
	ld count kanoodle "$tmp/bad.txt"
	is "$rc $err" "1 linkdance: $tmp/bad.txt:$3" "level: $1"
}
# The families as the registry lists them (--help), not written out here.
names=$("$LINKDANCE" --help | sed -n 's/^FAMILY is \(.*\):$/\1/p')
badlevel "unknown family" 'family dominoes\nboard\n' "1: unknown family 'dominoes' ($names)"
badlevel "no board" 'family kanoodle\n' "1: no 'board' line"
badlevel "short board" 'family kanoodle\nboard\n...........\n' "3: the board has 1 row, Kanoodle has 5"
badlevel "row length" 'family kanoodle\nboard\n...........\n..........\n...........\n...........\n...........\n' \
	"4: row 2 has 10 cells, Kanoodle has 11"
badlevel "unknown letter" 'family kanoodle\nboard\n...........\n.....Q.....\n...........\n...........\n...........\n' \
	"4: 'Q' in row 2: the pieces are GTPYOBKSMDWL, . is empty, # a hole"
badlevel "a piece twice" 'family kanoodle\nboard\nWW.........\nW..........\n.........WW\n..........W\n...........\n' \
	"3: piece W (White) is drawn more than once: 6 cells, it has 3"
badlevel "not the piece" 'family kanoodle\nboard\nWWW........\n...........\n...........\n...........\n...........\n' \
	"3: the 3 cells marked W are not the White piece in any orientation"
badlevel "unknown key" 'family kanoodle\ncolour blue\nboard\n' "2: unknown key 'colour' (family, name, grade, seed, board)"
# A grade out of range is said at its line; the level still counts, and
# grade measures it (bad_grade_out_of_range).
printf 'family kanoodle\ngrade 7\nboard\n%s\n' "$("$LINKDANCE" solve kanoodle | sed 's/[WL]/./g')" >"$tmp/g7.txt"
sed '/^grade /d' "$tmp/g7.txt" >"$tmp/g.txt"
measured=$("$LINKDANCE" grade kanoodle "$tmp/g.txt" | sed -n 's/^grade: //p')
for g in 7 -1; do
	sed "s/^grade .*/grade $g/" "$tmp/g7.txt" >"$tmp/g.txt"
	ld grade kanoodle "$tmp/g.txt"
	is "$rc:$(printf '%s\n' "$out" | sed -n 's/^grade: //p'):$err" \
		"0:$measured:linkdance: $tmp/g.txt:2: grade '$g' is not 1, 2, 3 or 4: the measured grade counts" \
		"bad_grade_out_of_range: grade $g is said at its line, and the measured grade given"
done
badlevel "text after the board" 'family kanoodle\nboard\n...........\n...........\n...........\n...........\n...........\nmore\n' \
	"8: text after the board (it has 5 rows)"
badlevel "cannot be finished" 'family kanoodle\nboard\n.W.........\nWW.........\n...........\n...........\n...........\n' \
	"3: this level cannot be finished"
printf 'family kanoodle\nboard\n\001\n' >"$tmp/bin.txt"
ld count kanoodle "$tmp/bin.txt"
is "$rc $err" "1 linkdance: $tmp/bin.txt:3: binary data (byte 0x01), not a level file" "level: binary data"
ld count iqfit "$data/k-start.txt"
is "$rc $err" "1 linkdance: $data/k-start.txt: a kanoodle level, not iqfit" "a level of another family"
ld count kanoodle no-such-level
is "$rc" 1 "an unknown level name: exit 1"

done_testing
