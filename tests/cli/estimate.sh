#!/bin/sh
# linkdance estimate: Knuth's estimate of the search tree, for every family
# the registry lists, in one form: what it is and from how many walks, the
# engine, nodes and solutions with their standard errors, how many walks
# met a solution (or that none did), the nodes at each level.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
levels="$top_srcdir/levels"

# The form, line by line; every line within 80 columns.
form() { # OUTPUT WALKS
	printf '%s\n' "$1" | awk -v walks="$2" '
		NR == 1 { bad += $0 != "estimate from " walks " random walks (Knuth), +- one standard error" }
		NR == 2 { bad += $0 !~ /^engine: [a-z0-9]+ \(.+\)(, each walk looking one level ahead)?$/ }
		NR == 3 { bad += $0 !~ /^nodes: [0-9.e+]+ \+- [0-9.e+]+$/ }
		NR == 4 { bad += $0 !~ /^solutions: ([0-9.e+]+ \+- [0-9.e+]+ \([0-9]+ walks? met one\)|0, as no walk met one; there may be some all the same)$/ }
		NR == 5 { bad += $0 != "level 0: 1" }
		NR > 5 { bad += $0 !~ /^level [0-9]+: [0-9.e+]+$/ }
		length($0) > 80 { bad++ }
		END { exit bad || NR < 5 }'
}

# Every family, as --help lists them, on its first shipped level.
ld --help
families=$(printf '%s\n' "$out" | sed -n 's/^  \([a-z0-9]*\) (.*)$/\1/p')
ok "$([ -n "$families" ] && echo 0 || echo 1)" "the registry lists the families: $(echo $families)"
for family in $families; do
	ld estimate $family "$levels/$family/1-01.txt" --probes 300
	is "$rc:$err" "0:" "$family: estimate runs on its level 1-01"
	form "$out" 300
	ok $? "$family: in the one form ($(printf '%s' "$out" | sed -n 2p))"
	# Every shipped level has one way to finish: the estimate is of that
	# (for clique, of the largest sets, not of every better clique met).
	ld estimate $family "$levels/$family/1-01.txt" --probes 2000
	line=$(printf '%s\n' "$out" | sed -n 4p)
	printf '%s\n' "$line" | awk '{ exit !($3 == "+-" && ($2 - 1) ^ 2 <= 9 * $4 ^ 2) }'
	ok $? "$family: within three standard errors of its one solution ($line)"
done

# The engine asked for, by --algo, for the families that have several.
ld estimate knapsack "$levels/knapsack/4-01.txt" --algo bt --probes 100
is "$rc:$(printf '%s\n' "$out" | sed -n 2p)" "0:engine: bt (Backtracking)" "knapsack --algo bt walks bt's tree"
ld estimate clique "$levels/clique/1-01.txt" --algo bnb --probes 100
is "$rc:$(printf '%s\n' "$out" | sed -n 2p)" "0:engine: bnb (Branch and bound)" "clique --algo bnb"
ld estimate sudoku "$levels/sudoku/1-01.txt" --algo fast --probes 100
is "$rc:$(printf '%s\n' "$out" | sed -n 2p)" "0:engine: fast (Singles propagated)" "sudoku --algo fast"
ld estimate range "$levels/range/3-01.txt" --algo clauses --probes 100
is "$rc:$(printf '%s\n' "$out" | sed -n 2p)" \
	"0:engine: clauses (Clause solver), each walk looking one level ahead" "range --algo clauses"
ld estimate range "$levels/range/3-01.txt" --engine views --probes 100
is "$rc:$(printf '%s\n' "$out" | sed -n 2p)" \
	"0:engine: views (Number by number), each walk looking one level ahead" "range takes --engine too"

# A tree that is a path (every node one choice) is estimated exactly: each
# walk is the whole tree.  Sudoku 1-01's 58 blanks are each forced in turn.
ld estimate sudoku "$levels/sudoku/1-01.txt" --probes 50
is "$(printf '%s\n' "$out" | sed -n 3,4p | tr '\n' '|')" "nodes: 59 +- 0|solutions: 1 +- 0 (50 walks met one)|" \
	"a path of 58 forced cells: 59 nodes and 1 solution, exactly"
is "$(printf '%s\n' "$out" | sed -n '5,$p' | grep -vc ': 1$')" 0 "one node a level"
# Kanoodle 1-01 with every piece but one placed: one placement left.
{ sed -n '1,/^board/p' "$levels/kanoodle/1-01.txt"; "$LINKDANCE" solve kanoodle "$levels/kanoodle/1-01.txt" |
	sed 's/W/./g'; } >"$tmp/k.txt"
ld estimate kanoodle "$tmp/k.txt" --probes 50
is "$rc:$(printf '%s\n' "$out" | sed -n '3,$p' | tr '\n' '|')" \
	"0:nodes: 2 +- 0|solutions: 1 +- 0 (50 walks met one)|level 0: 1|level 1: 1|" "kanoodle, one piece to place: 2 nodes"
# And a tree that is not a path but that walks looking ahead see whole: a
# 5 in the middle of 3x3, its four corners free, by the numbers' views.
ld estimate range --algo views --probes 50 3x3:d5d
is "$(printf '%s\n' "$out" | sed -n 3,4p | tr '\n' '|')" "nodes: 31 +- 0|solutions: 16 +- 0 (50 walks met one)|" \
	"range 3x3 with a 5 in the middle: 31 nodes, 16 solutions, exactly"

# Range 3-01 has one solution, which no plain walk of 10,000 met: the
# estimate said 0.  Walks that look ahead meet it.
ld estimate range "$levels/range/3-01.txt"
case $(printf '%s\n' "$out" | sed -n 4p) in
"solutions: 0,"*) r=1 ;;
"solutions: "*" walks met one)") r=0 ;;
*) r=1 ;;
esac
ok $r "range 3-01: walks meet its solution ($(printf '%s\n' "$out" | sed -n 4p))"
# A puzzle with no solution: 0, said for what it is.
ld estimate range 3x3:a1g
is "$rc:$(printf '%s\n' "$out" | sed -n 4p)" "0:solutions: 0, as no walk met one; there may be some all the same" \
	"no walk met a solution: said so, not 0 +- 0"
ld estimate knapsack "$levels/knapsack/4-01.txt" --probes 1
is "$(printf '%s\n' "$out" | sed -n 1p)" "estimate from 1 random walk (Knuth), +- one standard error" "one walk"
case $(printf '%s\n' "$out" | sed -n 3p) in *"(one walk: no spread to go by)") r=0 ;; *) r=1 ;; esac
ok $r "one walk gives no standard error, and says so"

# A seed gives the same walks; another seed, others.
ld estimate kanoodle --probes 500 --seed 7
first=$out
ld estimate kanoodle --probes 500 --seed 7
is "$out" "$first" "the same seed, the same estimate"
ld estimate kanoodle --probes 500 --seed 8
ok "$([ "$out" != "$first" ] && echo 0 || echo 1)" "another seed, another estimate"
ld estimate range "$levels/range/4-01.txt" --probes 200 --seed 3
first=$out
ld estimate range "$levels/range/4-01.txt" --probes 200 --seed 3
is "$out" "$first" "range: the same seed, the same estimate"

# The exact cover of a file is estimated in the same form.
printf 'a b c\na b\nc\na\nb c\n' >"$tmp/x.dlx"
ld xc --estimate 40 "$tmp/x.dlx"
form "$out" 40
ok $? "xc --estimate: the same form"
is "$(printf '%s\n' "$out" | sed -n 2,4p | tr '\n' '|')" \
	"engine: dlx (Dancing Links)|nodes: 5 +- 0|solutions: 2 +- 0 (40 walks met one)|" \
	"two ways, each a path below the root: 5 nodes, 2 solutions, exactly"

# Input that is wrong is refused, saying what is wrong.
ld estimate clique "$levels/clique/1-01.txt" --algo nope
is "$rc:$err" "2:linkdance: Clique has no engine 'nope': estimate walks with btc, bnb or bt" \
	"bad_engine: an engine the family does not have"
ld estimate knapsack "$levels/knapsack/4-01.txt" --algo dp
is "$rc:$err" "2:linkdance: the dp engine makes no random walks: bnb, bt, greedy or lp do" \
	"bad_engine_walks: an engine that makes no walks"
ld estimate range --algo nope 3x3:d5d
is "$rc:$err" "2:linkdance: --algo nope: Range's engines are cells, views and clauses" "bad_engine: range's too"
ld estimate knapsack "$levels/knapsack/4-01.txt" --branch first
is "$rc:$err" "2:linkdance: --branch is Dancing Links' rule; the bnb engine has its own" \
	"bad_branch: --branch with an engine that is not Dancing Links"
ld estimate kanoodle --probes 0
is "$rc:$err" "2:linkdance: --probes needs a positive number, not '0' (see linkdance --help)" "bad_probes: no walks"
ld estimate range --probes 0 3x3:d5d
is "$rc:$err" "2:linkdance: '0' is not a whole number of 1 or more (see linkdance --help)" \
	"bad_probes: range's too"
ld estimate kanoodle --seed x
is "$rc:$err" "2:linkdance: --seed needs a number, not 'x' (see linkdance --help)" "bad_seed"
ld estimate kanoodle --limit 3
is "$rc:$err" "2:linkdance: estimate does not take --limit (see linkdance --help)" "bad_option: --limit"
ld estimate clique "$levels/knapsack/4-01.txt"
is "$rc:$err" "1:linkdance: $levels/knapsack/4-01.txt: a knapsack level, not clique" "bad_level: another family's"
ld estimate
is "$rc" 2 "bad_family: none given"
case $err in "linkdance: estimate needs a family"*"the families: "*) r=0 ;; *) r=1 ;; esac
ok $r "and says which there are"
too_wide=$(printf '%s\n' "$err" | awk 'length > 80')
is "$too_wide" "" "each line of it within 80 columns"
done_testing
