#!/bin/sh
# Every command on Sudoku of each size past 9x9 and with rectangular boxes:
# generate (lines and a level), solve and its check of each solution by
# count, count, grade, estimate and export of a level; the box shape of a
# line; the 0-F way of writing a 16x16; bad lines named by column and
# character; engines that do not take a size refused in words.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
levels="$top_srcdir/levels"

# A solved grid's rows, columns and boxes each hold every digit once:
# count says so of the solution as a puzzle (its one way to finish).
for spec in "4 -" "6 -" "6 3x2" "12 -" "12 4x3" "16 -" "25 -"; do
	# shellcheck disable=SC2086
	set -- $spec
	side=$1
	box=
	[ "$2" = - ] || box="--box $2"
	n=2
	[ "$side" = 25 ] && n=1
	# shellcheck disable=SC2086
	ld generate sudoku -n $n --size "$side" $box --seed 3
	printf '%s\n' "$out" >"$tmp/p$side"
	len=$((side * side + (${#2} > 1 ? 4 : 0)))
	is "$rc $(printf '%s\n' "$out" | awk -v l="$len" 'length($0) == l' | wc -l | tr -d ' ')" "0 $n" \
		"generate -n $n --size $side $box: lines of $len characters"
	ld solve sudoku "$tmp/p$side" --unique
	printf '%s\n' "$out" >"$tmp/s$side"
	is "$rc $(grep -c '\.' "$tmp/s$side")" "0 0" "solve --unique: every cell filled, no '+' or '-' ($side, $2)"
	ld count sudoku "$tmp/s$side"
	is "$rc $(printf '%s\n' "$out" | sort -u)" "0 1" "count: each solution keeps the rules (a full grid, 1 way)"
	ld count sudoku "$tmp/p$side"
	is "$rc $(printf '%s\n' "$out" | sort -u)" "0 1" "count: each puzzle has one solution"
	ld grade sudoku "$tmp/p$side"
	is "$rc $(printf '%s\n' "$out" | grep -cE '^[1-4] [0-9]+$')" "0 $n" "grade: a grade and the nodes of each"
done

for level in 1-6x6-01 2-12x12-01 4-16x16-01 4-25x25-01; do
	run env LINKDANCE_LEVELS="$levels" "$LINKDANCE" estimate sudoku "$level" --probes 200
	is "$rc $(printf '%s\n' "$out" | grep -c '^nodes: ')" "0 1" "estimate of level $level"
	run env LINKDANCE_LEVELS="$levels" "$LINKDANCE" export sudoku "$level"
	is "$rc $(printf '%s\n' "$out" | grep -c '^| .* items, .* options')" "0 1" "export of level $level"
	run env LINKDANCE_LEVELS="$levels" "$LINKDANCE" solve sudoku "$level"
	is "$rc $(printf '%s\n' "$out" | grep -c '\.')" "0 0" "solve of level $level"
done

# The shape of a line: 2x3 boxes by default, 3x2 when it says so.  This
# grid is a 2x3 solution turned: its boxes of 3x2 hold every digit.
two_by_three=123456456123231564564231312645645312
ld count sudoku - <<EOF2
$two_by_three
3x2:$two_by_three
EOF2
is "$out" "1
0" "a 6x6 solution of 2x3 boxes: 1 way; read with 3x2 boxes it breaks them"
# 16x16, the two ways of writing it: 1-G with '.' blanks, and 0-F.
ld solve sudoku "$tmp/p16"
first=$(head -n 1 "$tmp/p16")
hex=$(printf '%s' "$first" | tr '123456789ABCDEFG' '0123456789ABCDEF')
case $hex in *0*) ;; *) hex=$(printf '%s' "$first" | tr '.1' '0.' | tr '0' '.') ;; esac
ld solve sudoku - <<EOF2
$hex
EOF2
want=$(head -n 1 "$tmp/s16")
is "$rc $out" "0 $want" "a 16x16 written 0-F ('.' blanks) has the same solution"

# Bad lines: the column and the character, the size's digits.
bad6=$(printf '%s' "$two_by_three" | sed 's/^\(.......\)./\17/')
ld count sudoku - <<EOF2
$bad6
EOF2
is "$err" "linkdance: (stdin):1: character 8 is '7', not a digit 1-6, '.' or '0'" "a 7 in a 6x6 line"
bad25=$(head -n 1 "$tmp/p25" | sed 's/^\(...\)./\1Q/')
ld count sudoku - <<EOF2
$bad25
EOF2
is "$err" "linkdance: (stdin):1: character 4 is 'Q', not a digit 1-9 or A-P, '.' or '0'" "a Q in a 25x25 line"
ld count sudoku - <<EOF2
2x5:$two_by_three
EOF2
is "$err" "linkdance: (stdin):1: no grid has boxes of 2x5 (see linkdance --help)" "a box shape no grid has"
ok "$(printf '%s\n' "$err" | awk 'length > 80' | wc -l)" "and every message within 80 columns"

# Engines past their sizes, in words; and --size for another family.
ld solve sudoku "$tmp/p16" --algo mrv
is "$rc $(printf '%s\n' "$err" | head -n 1)" \
	"1 linkdance: $tmp/p16:1: mrv does not take this size; leave out --algo" "mrv on a 16x16: refused"
ld solve sudoku "$tmp/p12" --algo seq
is "$rc $(printf '%s\n' "$err" | head -n 1)" \
	"1 linkdance: $tmp/p12:1: seq does not take this size; leave out --algo" "seq on a 12x12: refused"
ld generate sudoku -n 1 --size 7
is "$rc" 1 "--size 7: no such grid"
ld generate sudoku -n 1 --size 6 --box 3x3
is "$rc" 1 "--box 3x3 on a 6x6: refused"
printf '%s\n' "$err" | grep -q "boxes of 3x3 make a 9x9 grid, not 6x6"
ok $? "in words: $err"
done_testing
