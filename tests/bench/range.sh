#!/usr/bin/env bash
# make bench-range: Range beside Simon Tatham's own (Debian sgt-puzzles:
# apt-get install sgt-puzzles; its sgt-range --generate prints game IDs
# without a display).
#
#   1. generation: N puzzles of each size by sgt-range --generate and by
#      linkdance generate range --number N (grades 1 and 2, the fastest
#      way to a unique puzzle); wall seconds of the whole run, and the
#      ratio (Tatham's time over ours: above 1, linkdance is faster); then
#      N/5 puzzles of grades 3 and 4 at 15x15 (the size of the shipped
#      grade-4 levels), seconds in all and each, each checked unique and
#      of its grade;
#   2. solving: Tatham's puzzles, counted (solved and proven unique) by
#      each engine, with the count checked to be 1;
#   3. answers: Tatham's puzzles with the solution his game saves with them
#      (--save --with-solutions), each compared cell by cell with solve.
#
#   SGT_RANGE=/path/sgt-range   (default /usr/games/sgt-range)
#   RANGE_N=N                   puzzles of each size (default 100)
set -u
: "${LINKDANCE:?LINKDANCE must name the program}"
: "${BENCH_DIR:=bench-work}"
: "${SGT_RANGE:=/usr/games/sgt-range}"
: "${RANGE_N:=100}"
mkdir -p "$BENCH_DIR/range"
cd "$BENCH_DIR/range" || exit 1
have_sgt=
[ -x "$SGT_RANGE" ] && have_sgt=1
[ -n "$have_sgt" ] || echo "($SGT_RANGE not found: linkdance alone; apt-get install sgt-puzzles)"

seconds() { # CMD...: wall seconds of CMD, its output to the file $out
	local t0 t1
	t0=$(date +%s.%N)
	"$@" >"$out" 2>/dev/null
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }'
}

ratio() { [ -n "$1" ] && awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }' || echo "-"; }

echo "Range: generating $RANGE_N puzzles (wall seconds; ratio: Tatham's time over ours)"
printf '%-8s %-22s %10s %10s %8s\n' size linkdance seconds Tatham ratio
for size in 9x6 15x15 30x30; do
	n=$RANGE_N
	[ "$size" = 30x30 ] && n=$((RANGE_N / 10 > 0 ? RANGE_N / 10 : 1))
	theirs=
	if [ -n "$have_sgt" ]; then
		out=tatham-$size.txt
		theirs=$(seconds "$SGT_RANGE" --generate "$n" "$size")
	fi
	out=ours-$size.txt
	ours=$(seconds "$LINKDANCE" generate range --number "$n" --size "$size")
	printf '%-8s %-22s %10s %10s %8s\n' "$size" "grades 1-2, $n" "$ours" "${theirs:--}" "$(ratio "$theirs" "$ours")"
	unique=$("$LINKDANCE" count range "ours-$size.txt" | grep -cx 1)
	[ "$unique" = "$n" ] || echo "  only $unique of our $n puzzles of $size are unique"
done
echo
echo "Range: generating graded puzzles (Tatham's generator has no grades to compare)"
printf '%-8s %-22s %10s %10s\n' size linkdance seconds each
for grade in 3 4; do
	n=$((RANGE_N / 5 > 0 ? RANGE_N / 5 : 1))
	out=ours-15x15-g$grade.txt
	ours=$(seconds "$LINKDANCE" generate range --grade $grade --number "$n" --size 15x15)
	each=$(awk -v t="$ours" -v n="$n" 'BEGIN { printf "%.3f", t / n }')
	printf '%-8s %-22s %10s %10s\n' 15x15 "grade $grade, $n" "$ours" "$each"
	# grade says "grade G: ..." only of a puzzle with one solution.
	right=$("$LINKDANCE" grade range "$out" 2>/dev/null | grep -c "^grade $grade:")
	[ "$right" = "$n" ] || echo "  only $right of our $n puzzles of grade $grade are unique and of that grade"
done

[ -n "$have_sgt" ] || exit 0
echo
echo "Range: solving and proving unique Tatham's puzzles"
printf '%-8s %-8s %10s %10s\n' size engine puzzles seconds
for size in 9x6 15x15 30x30; do
	for engine in cells views clauses; do
		out=count-$size-$engine.txt
		t=$(seconds "$LINKDANCE" count range --engine $engine "tatham-$size.txt")
		n=$(grep -c . "tatham-$size.txt")
		printf '%-8s %-8s %10s %10s\n' "$size" $engine "$n" "$t"
		ones=$(grep -cx 1 "$out")
		[ "$ones" = "$n" ] || echo "  only $ones of $n counted 1"
	done
done

echo
echo "Range: our solutions beside those Tatham's game saved"
rm -rf saves && mkdir saves
"$SGT_RANGE" --generate 50 --save saves/s15_ --with-solutions 15x15 >/dev/null 2>&1
"$SGT_RANGE" --generate 10 --save saves/s30_ --with-solutions 30x30 >/dev/null 2>&1
same=0 total=0
for f in saves/*; do
	# PARAMS WxH, DESC the cells, SOLVE "S" then B,row,col / W,row,col.
	awk -F: '
		/^PARAMS/ { split($3, wh, "x"); w = wh[1]; h = wh[2] }
		/^DESC/ { desc = $3 }
		/^SOLVE/ { solve = $3 }
		END {
			print w "x" h ":" desc
			n = split(substr(solve, 2), m, /[WB],/)
			for (i = 0; i < w * h; i++) cell[i] = "."
			k = 1
			while (match(solve, /[WB],[0-9]+,[0-9]+/)) {
				split(substr(solve, RSTART + 2, RLENGTH - 2), rc, ",")
				if (substr(solve, RSTART, 1) == "B") cell[rc[1] * w + rc[2]] = "#"
				solve = substr(solve, RSTART + RLENGTH)
			}
			for (r = 0; r < h; r++) {
				line = ""
				for (c = 0; c < w; c++) line = line (c ? " " : "") cell[r * w + c]
				print line
			}
		}' "$f" >expected.txt
	"$LINKDANCE" solve range "$(head -1 expected.txt)" 2>/dev/null | sed 's/[0-9][0-9]*/./g' >got.txt
	total=$((total + 1))
	tail -n +2 expected.txt | cmp -s - got.txt && same=$((same + 1))
done
echo "$same of $total solutions are the ones Tatham's game saved"
