#!/bin/sh
# The families as the batch commands know them: every list of families
# in a message is the registry's, and 'sum' adds shard counts exactly.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
data="$top_srcdir/tests/cli/data"

ld --help
help=$out
names=$(printf '%s\n' "$help" | sed -n 's/^FAMILY is \(.*\):$/\1/p')
ok "$([ -n "$names" ] && echo 0 || echo 1)" "--help names the families: $names"
families=$(printf '%s\n' "$help" | sed -n 's/^  \([a-z0-9]*\) (.*)$/\1/p')
is "$(printf '%s\n' "$families" | wc -l | tr -d ' ')" "$(printf '%s\n' "$names" | tr ',' '\n' | sed 's/ or /\n/' | wc -l | tr -d ' ')" \
	"--help has a paragraph for each family it names"
is "$(printf '%s\n' "$help" | awk 'length > 80' | wc -l | tr -d ' ')" 0 "--help fits 80 columns"

# every_family MESSAGE: does it name every family of --help?
every_family() {
	for f in $families; do
		case $1 in *"$f"*) ;; *) return 1 ;; esac
	done
}
for cmd in "count nosuch" "solve nosuch" "export nosuch" "generate nosuch --grade 1" "count" "play nosuch"; do
	# shellcheck disable=SC2086
	ld $cmd
	every_family "$err"
	ok $? "linkdance $cmd lists every family: $err"
	is "$(printf '%s\n' "$err" | awk 'length > 80')" "" "linkdance $cmd: every line within 80 columns"
done
ld count "$(printf 'x%.0s' $(seq 60))"
is "$(printf '%s\n' "$err" | awk 'length > 80')" "" "a long unknown family's name: within 80 columns"
printf 'family nosuch\nboard\n' >"$tmp/nosuch.txt"
ld count kanoodle "$tmp/nosuch.txt"
every_family "$err"
ok $? "a level of an unknown family lists every family: $err"

# What follows 'board' is the family's: its complaint comes at its line.
printf 'family iqfit\nname x\nboard\n53..7....\n6..195...\n' >"$tmp/other.txt"
ld count iqfit "$tmp/other.txt"
is "$rc $err" "1 linkdance: $tmp/other.txt:5: the board has 2 rows, IQ Fit has 5" \
	"a description the family refuses: FILE:LINE of its fault"

# ---- sum ----
for k in 1 2 3; do
	"$LINKDANCE" count kanoodle "$data/k-start.txt" --shard $k/3 >>"$tmp/parts"
done
is "$("$LINKDANCE" sum "$tmp/parts")" "$("$LINKDANCE" count kanoodle "$data/k-start.txt")" \
	"sum of three shards is the whole count"
is "$("$LINKDANCE" sum <"$tmp/parts")" "$("$LINKDANCE" sum - <"$tmp/parts")" "sum reads stdin"
printf '18446744073709551615\n  1  \n\n18446744073709551616\n' >"$tmp/big"
ld sum "$tmp/big"
is "$rc $out" "0 36893488147419103232" "sum past 2^64, exactly"
printf '340282366920938463463374607431768211455\n' >"$tmp/max"
ld sum "$tmp/max"
is "$rc $out" "0 340282366920938463463374607431768211455" "sum: 2^128 - 1 is a count"
printf '340282366920938463463374607431768211455\n1\n' >"$tmp/over"
ld sum "$tmp/over"
is "$rc $err" "1 linkdance: $tmp/over:2: the total passes 128 bits here" "sum refuses a total past 128 bits"
printf '12\n-3\n' >"$tmp/neg"
ld sum "$tmp/neg"
is "$rc $err" "1 linkdance: $tmp/neg:2: '-3' is not a count" "sum refuses a line that is no count, at its line"
printf '12\nlinkdance: out of memory\n' >"$tmp/msg"
ld sum "$tmp/msg"
is "$rc" 1 "sum refuses a message in place of a count"
: >"$tmp/empty"
ld sum "$tmp/empty"
is "$rc $err" "1 linkdance: $tmp/empty: no counts to add" "sum of nothing is refused, not 0"
ld sum "$tmp/empty" extra
is "$rc" 2 "sum takes one file"
# A shard that fails prints nothing: the parts say which they are, so that
# a missing or repeated one is refused rather than added in as nothing.
head -n 1 "$tmp/parts" >"$tmp/two"
tail -n 1 "$tmp/parts" >>"$tmp/two"
ld sum "$tmp/two"
is "$rc $err" "1 linkdance: $tmp/two: part 2/3 is missing: the total would not be the count" \
	"sum refuses a set of parts with one missing"
cat "$tmp/parts" "$tmp/parts" >"$tmp/twice"
ld sum "$tmp/twice"
is "$rc $err" "1 linkdance: $tmp/twice:4: part 1/3 again (first on line 1)" "sum refuses a part twice"
printf '5\0garbage\n7\n' >"$tmp/nul"
ld sum "$tmp/nul"
is "$rc $err" "1 linkdance: $tmp/nul:1: binary data (a NUL byte), not a count" "sum refuses a NUL byte"

# ---- a family's own commands (solve clique FILE, generate graph) ----
# They are found by verb and noun wherever the options stand, their
# options read from the family's table.
printf 'p edge 4 4\ne 1 2\ne 2 3\ne 1 3\ne 3 4\n' >"$tmp/triangle.col"
ld solve --threads 2 clique "$tmp/triangle.col"
is "$rc $out" "0 3
1 2 3" "options before the noun, with a value: the family's command runs"
ld solve --hamming 8 4 clique "$tmp/triangle.col"
is "$rc $err" "2 linkdance: solve clique: unknown option '--hamming' (see linkdance --help)" \
	"another command's option: its values skipped to find the noun, then refused"
ld generate graph --keller 2 --keller 3
is "$rc $err" "2 linkdance: generate graph: one of --random, --hamming, --johnson, --keller" \
	"one option of a group at a time, the group listed from the family's table"
ld solve clique --stats=1 "$tmp/triangle.col"
is "$rc $err" "2 linkdance: --stats takes no value (see linkdance --help)" "a value after '=' for an option of none"
printf '%s\n' "$help" | grep -q '^       linkdance solve clique|independent-set FILE|- \[--all-maximal\]$'
ok $? "--help: the usage lines of the family's own commands"

done_testing
