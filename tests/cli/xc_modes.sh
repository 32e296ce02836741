#!/bin/sh
# linkdance xc: modes, outputs and usage errors, on Knuth's example.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

cat >"$tmp/knuth.dlx" <<'END'
| A simple example (Knuth, DLX1)
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
END

ld xc "$tmp/knuth.dlx"
is "$rc" 0 "the first solution: exit 0"
is "$(printf '%s\n' "$out" | sort | tr '\n' ';')" "A D;B G;C E F;" "its options, as in the input"
ld xc --all "$tmp/knuth.dlx"
is "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" 3 "--all: the one solution"
ld xc --count "$tmp/knuth.dlx"
is "$rc:$out:$err" "0:1:" "--count: one integer line and nothing else"
ld xc --count --stats --memo off "$tmp/knuth.dlx"
is "$out" 1 "--stats keeps stdout to the count"
case $err in *"nodes: "*"updates: "*"mems: "*) s=0 ;; *) s=1 ;; esac
ok $s "--stats reports nodes, updates and mems on stderr"

# 8 queens: rows and columns primary, diagonals secondary.
awk 'BEGIN {
	n = 8
	for (i = 0; i < n; i++) printf "r%d c%d ", i, i
	printf "|"
	for (i = 0; i < 2 * n - 1; i++) printf " a%d b%d", i, i
	printf "\n"
	for (r = 0; r < n; r++) for (c = 0; c < n; c++)
		printf "r%d c%d a%d b%d\n", r, c, r + c, r - c + n - 1
}' >"$tmp/queens.dlx"
ld xc --count "$tmp/queens.dlx"
is "$out" 92 "8 queens: 92"
ld xc --count --memo off --threads 2 --stats "$tmp/queens.dlx"
nodes2=$(printf '%s\n' "$err" | sed -n 's/^\(nodes\|updates\|mems\): //p' | paste -sd ' ' -)
err2=$err
ld xc --count --memo off --stats "$tmp/queens.dlx"
nodes1=$(printf '%s\n' "$err" | sed -n 's/^\(nodes\|updates\|mems\): //p' | paste -sd ' ' -)
is "$nodes2" "$nodes1" "two threads: the same nodes, updates and mems as one ($nodes1)"
case $err2 in *"search: on bitsets"*"split: "*" units at level "*) s=0 ;; *) s=1 ;; esac
ok $s "two threads without the memo: on bitsets, split into units"
ld xc --count --memo off --threads 3 --stats "$tmp/queens.dlx"
is "$out" 92 "three threads: 92"
ld xc --limit 3 "$tmp/queens.dlx"
is "$(printf '%s\n' "$out" | grep -c .)" 24 "--limit 3: three solutions of 8 options"
is "$(printf '%s\n' "$out" | grep -c '^$')" 2 "separated by blank lines"
ld xc --count --limit 10 "$tmp/queens.dlx"
is "$out" 10 "--count --limit 10: counts to 10"
ld xc --estimate 20000 --seed 3 "$tmp/queens.dlx"
is "$rc" 0 "--estimate: exit 0"
case $out in "estimate from 20000 random walks (Knuth)"*"nodes: "*"solutions: "*"level 1: 8"*) s=0 ;; *) s=1 ;; esac
ok $s "--estimate prints the walks, nodes, solutions and levels"
ld xc --estimate 20000 --seed 3 "$tmp/queens.dlx"
out2=$out
ld xc --estimate 20000 --seed 3 "$tmp/queens.dlx"
is "$out" "$out2" "--estimate is reproducible with a seed"
sum=0
for k in 1 2 3 4 5; do
	ld xc --count --shard $k/5 "$tmp/queens.dlx"
	case $out in *" (part $k/5)") ;; *) echo "# part $k/5 says: $out" ;; esac
	sum=$((sum + ${out%% *}))
done
is "$sum" 92 "five shards add up to 92, each saying which part it is"
sum=0
for k in 1 2 3; do
	ld xc --count --memo off --threads 2 --shard $k/3 --stats "$tmp/queens.dlx"
	sum=$((sum + $(printf '%s\n' "$err" | sed -n 's/^nodes: //p')))
done
is "$sum" "${nodes1%% *}" "three shards on two threads each, on bitsets: their nodes add up to the whole"

ld --help
is "$rc" 0 "--help: exit 0"
case $out in *"Usage: linkdance"*) s=0 ;; *) s=1 ;; esac
ok $s "--help prints the usage on stdout"
ld --version
is "$rc:$out" "0:linkdance 0.1.0" "--version"

usage() { # NAME ARGS...
	name=$1
	shift
	ld "$@"
	is "$rc" 2 "usage error, exit 2: $name"
	is "$(printf '%s\n' "$err" | wc -l | tr -d ' ')" 1 "usage error, one line: $name"
}
usage "unknown command" frobnicate
usage "unknown option" xc --frob "$tmp/knuth.dlx"
usage "two modes" xc --all --count "$tmp/knuth.dlx"
usage "missing value" xc --limit
usage "bad number" xc --limit x "$tmp/knuth.dlx"
usage "threads without --count" xc --threads 2 "$tmp/knuth.dlx"
usage "bad shard" xc --count --shard 4/3 "$tmp/knuth.dlx"
usage "bad branch rule" xc --branch best "$tmp/knuth.dlx"
usage "too many files" xc a b
# A family's error names them all on a second line: one would pass 80 columns.
family_usage() { # NAME ARGS...
	name=$1
	shift
	ld "$@"
	is "$rc" 2 "usage error, exit 2: $name"
	is "$(printf '%s\n' "$err" | sed -n 2p | sed 's/:.*//')" "  the families" "usage error, the families listed: $name"
	is "$(printf '%s\n' "$err" | awk 'length > 80')" "" "usage error within 80 columns: $name"
}
family_usage "unknown family" count dominoes
family_usage "no family" count

done_testing
