#!/usr/bin/env bash
# make bench, Sudoku by size: time per puzzle against the side of the
# grid, 4x4 to 25x25, for making a puzzle (generate -n: a minimal one up to
# 12x12; past that a check that would search too long keeps its clue) and
# for solving it with a proof of uniqueness (solve --unique) by each engine
# offered at that size.  CPU seconds (user + system), best of BENCH_REPEAT.
# No published solver of grids past 9x9 runs from the command line on
# Debian (qqwing is 9x9 only; sudoku-solver and ksudoku are desktop
# programs): linkdance's engines are measured beside each other.
#
#   BENCH_QUICK=1   fewer puzzles of each size;  BENCH_REPEAT=N: best of N
set -u
: "${LINKDANCE:?LINKDANCE must name the program}"
: "${BENCH_DIR:=bench-work}"
: "${BENCH_REPEAT:=1}"
: "${BENCH_QUICK:=}"
TIME=/usr/bin/time
if [ ! -x $TIME ]; then
	echo "make bench needs GNU time (Debian: apt-get install time)" >&2
	exit 1
fi
mkdir -p "$BENCH_DIR"
cd "$BENCH_DIR" || exit 1

cpu() { # CMD...: T, the best CPU seconds of BENCH_REPEAT runs
	local i t best=
	for i in $(seq "$BENCH_REPEAT"); do
		$TIME -f "%U %S" -o time.txt "$@" >out.txt 2>err.txt
		t=$(tail -n 1 time.txt | awk '{ printf "%.3f", $1 + $2 }')
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$t
		fi
	done
	T=$best
}
per() { # SECONDS N: microseconds per puzzle
	awk -v t="$1" -v n="$2" 'BEGIN { printf "%.0f", 1e6 * t / n }'
}

echo
echo "== Sudoku by size: microseconds per puzzle (CPU) =="
printf '%-8s %5s %7s %9s  %s\n' size clues puzzles generate "solve --unique, by engine"
# side, puzzles (quick: fewer), the engines offered at that side
for spec in "4 400 fast mrv seq dlx sat" "6 400 fast mrv seq dlx sat" "9 400 fast mrv seq dlx sat" \
	"12 40 fast mrv dlx sat" "16 20 fast dlx sat" "25 4 fast dlx sat"; do
	# shellcheck disable=SC2086
	set -- $spec
	side=$1 n=$2
	shift 2
	[ -n "$BENCH_QUICK" ] && n=$(((n + 3) / 4))
	cpu "$LINKDANCE" generate sudoku -n "$n" --size "$side" --seed 1
	cp out.txt "size$side.txt"
	gen=$(per "$T" "$n")
	clues=$(awk '{ n += gsub(/[1-9A-Pa-p]/, "&") } END { printf "%.0f", n / NR }' "size$side.txt")
	row=
	for algo in "$@"; do
		cpu "$LINKDANCE" solve sudoku "size$side.txt" --unique --algo "$algo"
		if grep -q '^+\|^-' out.txt || [ "$(wc -l <out.txt)" -ne "$n" ]; then
			row="$row  $algo ?"
		else
			row="$row  $algo $(per "$T" "$n")"
		fi
	done
	printf '%-8s %5s %7s %9s %s\n' "${side}x$side" "$clues" "$n" "$gen" "$row"
done
echo "   (fast is the bitboard engine up to 9x9 and Dancing Links past it; mrv is"
echo "   offered up to 12x12 and seq up to 9x9: past that one puzzle takes minutes)"
