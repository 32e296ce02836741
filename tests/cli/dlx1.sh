#!/bin/sh
# linkdance xc against Knuth's DLX1: on each problem of tests/cli/data/dlx1
# the count, the nodes and the updates must be the ones DLX1 reported for
# the same file (figures.txt says how they were obtained).  A difference
# is a finding about linkdance: the expected figures are never adjusted.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
data="$top_srcdir/tests/cli/data/dlx1"
problems=0

while read -r file sols nodes updates; do
	case $file in '#'* | '') continue ;; esac
	problems=$((problems + 1))
	ld xc --count --memo off --branch mrv --stats "$data/$file"
	is "$rc" 0 "$file: exit 0"
	got_nodes=$(printf '%s\n' "$err" | sed -n 's/^nodes: //p')
	got_updates=$(printf '%s\n' "$err" | sed -n 's/^updates: //p')
	is "$out" "$sols" "$file: $sols solutions, as DLX1"
	is "$got_nodes" "$nodes" "$file: $nodes nodes, as DLX1"
	is "$got_updates" "$updates" "$file: $updates updates, as DLX1"
done <"$data/figures.txt"
is "$problems" 6 "figures.txt: six problems read"

done_testing
