#!/bin/sh
# linkdance xc --count with no --branch: the count chooses its branching
# rule (count.h), says which and why in --stats, and counts exactly what
# either rule given by hand counts.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
. "$top_srcdir/tests/bench/xc_problems.sh"

first_line() { printf '%s\n' "$err" | sed -n 's/^branching: //p'; }

# A small board of trominoes: the first item, its cells reordered, merges.
trominoes 6 9 >"$tmp/trom.dlx"
ld xc --count --branch mrv "$tmp/trom.dlx"
mrv=$out
ld xc --count --branch first "$tmp/trom.dlx"
is "$out" "$mrv" "trominoes 6x9: both rules count alike"
ld xc --count --stats "$tmp/trom.dlx"
is "$out" "$mrv" "trominoes 6x9: the default counts the same"
case $(first_line) in "first item, cells "*"(states merged)") s=0 ;; *) s=1 ;; esac
ok $s "trominoes 6x9: --stats says the first item was chosen, in which order"

# 18 x 9: more paths reach a state than 64 bits hold, so after the try by
# layers it is counted depth first, still by the first item.
trominoes 18 9 >"$tmp/trom18.dlx"
ld xc --count --branch first "$tmp/trom18.dlx"
want=$out
ld xc --count --stats "$tmp/trom18.dlx"
is "$out" "$want" "trominoes 18x9: the default counts as the first item does (128 bits)"
case $(first_line) in "first item, "*) s=0 ;; *) s=1 ;; esac
ok $s "trominoes 18x9: the first item chosen"
case $err in *"layers: given up (a count of paths outgrew 64 bits); counted depth first"*) s=0 ;; *) s=1 ;; esac
ok $s "trominoes 18x9: --stats says it was counted depth first, and why"

# 10 queens: nothing like a board of cells and pieces (their frontier is
# wide); the shortest item.
queens 10 >"$tmp/queens.dlx"
ld xc --count --stats "$tmp/queens.dlx"
is "$out" 724 "10 queens by default: 724"
is "$(first_line)" "shortest item (first item not tried: nothing like a board)" \
	"10 queens: --stats says the shortest item, and why"
ld xc --count --branch first "$tmp/queens.dlx"
is "$out" 724 "10 queens by the first item: 724"

# Pieces listed first, as exports list them: put last for the try.
"$LINKDANCE" export kanoodle >"$tmp/kanoodle.dlx"
ld xc --count --stats "$tmp/kanoodle.dlx"
kan=$out
case $(first_line) in "first item, "*"pieces last (states merged)") s=0 ;; *) s=1 ;; esac
ok $s "Kanoodle's export: the first item, its pieces last"
ld xc --count --branch mrv "$tmp/kanoodle.dlx"
is "$kan" "$out" "Kanoodle's export: the default counts as the shortest item does"

# A rule given is obeyed, and said to be.
ld xc --count --stats --branch mrv "$tmp/trom.dlx"
is "$(first_line)" "shortest item (as asked)" "--branch mrv: the shortest item, as asked"
ld xc --count --stats --branch first "$tmp/queens.dlx"
is "$(first_line)" "first item (as asked)" "--branch first: the first item, as asked"
# Without the memo there are no states to merge: nothing is tried.
ld xc --count --stats --memo off "$tmp/trom.dlx"
is "$out" "$mrv" "--memo off: the same count"
is "$(first_line)" "shortest item (default: the first item is tried only by layers)" \
	"--memo off: the shortest item, and why"
# Every line of --stats fits 80 columns.
ld xc --count --stats "$tmp/kanoodle.dlx"
is "$(printf '%s\n' "$err" | awk 'length > 80' | wc -l | tr -d ' ')" 0 "--stats lines fit 80 columns"

done_testing
