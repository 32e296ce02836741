#!/bin/sh
# linkdance solve knapsack FILE on Pisinger's format and the game's own:
# the best value, then the items of a best bag as the file numbers them;
# every answer checked to fit and to be worth what it says; count and
# generate; bad input named at its FILE:LINE.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
data="$top_srcdir/tests/cli/data/knapsack"

ld solve knapsack "$data/two.csv"
is "$rc|$out|$err" "0|90
2 4
7
11 12|" "two instances in one file: 90 from items 2 and 4, then 7 from the file's items 11 and 12"

printf 'capacity 10\n5 10\n4 40\n6 30\n3 50\n' >"$tmp/own.txt"
ld solve knapsack "$tmp/own.txt"
is "$rc|$out" "0|90
2 4" "the game's own form gives the same bag"

ld solve knapsack "$top_srcdir/levels/knapsack/4-$(ls "$top_srcdir/levels/knapsack" | sed -n 's/^4-\(.*\)\.txt$/\1/p' | head -1).txt"
is "$rc" 0 "a shipped level of grade 4 is solved as it is"

# check FILE OUT: does OUT's bag fit the capacity of FILE (Pisinger's
# form) and add up to OUT's value?
check() {
	awk -v out="$2" '
		BEGIN { split(out, l, "\n"); best = l[1]; n = split(l[2], pick, " ") }
		$1 == "c" { c = $2 }
		/,/ { split($0, f, ","); P[f[1]] = f[2]; W[f[1]] = f[3] }
		END {
			for (i = 1; i <= n; i++) { v += P[pick[i]]; w += W[pick[i]] }
			exit !(v == best && w <= c)
		}' "$1"
}

# A strongly correlated instance of 300 items (value = weight + 100):
# branch and bound alone struggles on these.
awk 'BEGIN { srand(7); n = 300; print "strong"; print "n " n
	for (i = 1; i <= n; i++) { w[i] = int(rand() * 1000) + 1; t += w[i] }
	print "c " int(t / 2)
	for (i = 1; i <= n; i++) print i "," w[i] + 100 "," w[i] }' >"$tmp/strong.csv"
ld solve knapsack "$tmp/strong.csv"
check "$tmp/strong.csv" "$out"
ok $? "strongly correlated, 300 items: the bag printed fits and is worth $(echo "$out" | head -1)"

# The same instance with z given: no warning when it agrees.
best=$(echo "$out" | head -1)
sed "3a z $best" "$tmp/strong.csv" >"$tmp/strong-z.csv"
ld solve knapsack "$tmp/strong-z.csv"
is "$rc|$err" "0|" "z given and equal to the optimum: no warning"
sed "3a z $((best + 1))" "$tmp/strong.csv" >"$tmp/strong-z1.csv"
ld solve knapsack "$tmp/strong-z1.csv"
case $err in *"strong-z1.csv:1: warning: the file gives the optimum as $((best + 1))"*) r=0 ;; *) r=1 ;; esac
ok $r "z that disagrees: a warning at the instance's line: $err"

ld count knapsack "$tmp/own.txt"
is "$rc|$out" "0|1" "count: the textbook bag has one best bag"
printf 'capacity 4\n2 3\n2 3\n2 3\n' >"$tmp/ties.txt"
ld count knapsack "$tmp/ties.txt" --limit 100
is "$rc|$out" "0|3" "count: three equal items, two fit: three best bags"
ld count knapsack "$tmp/ties.txt"
is "$rc|$out" "0|2" "count of a file stops at 2 unless --limit says more"

ld generate knapsack --grade 3 --seed 11
printf '%s\n' "$out" >"$tmp/gen.txt"
ld solve knapsack "$tmp/gen.txt"
is "$rc" 0 "a generated level is solved"

# ---- bad input, each at its FILE:LINE ----
bad() { # NAME WANT TEXT
	printf "$3" >"$tmp/bad.txt"
	ld solve knapsack "$tmp/bad.txt"
	is "$rc|$err" "1|linkdance: $tmp/bad.txt:$2" "$1"
}
bad "an item without its weight" "5: an item is number,value,weight or number,value,weight,0|1 (whole numbers, values and weights up to 10^12), not '2,4'" 'x\nn 3\nc 5\n1,3,2\n2,4\n3,1,1\n'
bad "an item that weighs 0" "4: item 1 weighs 0: an item weighs at least 1" 'x\nn 1\nc 5\n1,3,0\n'
bad "an item before n" "2: an item before the instance's 'n N' and 'c C' lines" 'x\n1,3,2\n'
bad "a file that stops short: at its end" "5: the file ends after 1 of the instance's 2 items (its name at line 1)" 'x\nn 2\nc 5\n1,3,2\n'
bad "a key that is not one" "2: expected 'n N' (at most 1000000), 'c C', 'z Z', 'time T' or an item, not 'q 4'" 'x\nq 4\n'
bad "a negative weight" "2: an item is its weight (at least 1) and its value, as \"12 40\", not '-3 4'" 'capacity 5\n-3 4\n'
bad "a capacity past 10^18" "1: the capacity is a whole number up to 10^18, not '99999999999999999999'" 'capacity 99999999999999999999\n'
printf '\n\n' >"$tmp/empty.txt"
ld solve knapsack "$tmp/empty.txt"
is "$rc|$err" "1|linkdance: $tmp/empty.txt: no instance in the file" "a file of no instance"
ld solve knapsack "$tmp/nosuch.txt"
is "$rc|$err" "1|linkdance: $tmp/nosuch.txt: No such file or directory" "a file that is not there"
ld solve knapsack "$tmp"
is "$rc|$err" "1|linkdance: $tmp: Is a directory" "a directory"
ld solve knapsack
is "$rc" 2 "solve knapsack without a file is a usage error"

done_testing
