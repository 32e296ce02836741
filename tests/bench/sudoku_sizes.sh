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
	awk -v t="$1" -v n="$2" 'BEGIN { t = 1e6 * t / n; printf (t < 10 ? "%.1f" : "%.0f"), t }'
}
# more N SECONDS: how many times N to ask for next, so that a run lasts
# about half a second (GNU time counts hundredths: 100 puzzles of a 9x9 in
# under one of them showed as 0 microseconds each); 0 when long enough.
more() {
	awk -v n="$1" -v t="$2" 'BEGIN { if (t >= 0.3 || n >= 200000) print 0;
		else if (t <= 0) print n * 50; else print int(n * 0.5 / t) + 1 }'
}
# gen_per SIDE N: T and PER, microseconds a puzzle made, over as many
# puzzles as make about half a second; the first N kept in sizeSIDE.txt.
gen_per() {
	local side=$1 n=$2 m=$2
	while :; do
		cpu "$LINKDANCE" generate sudoku -n "$m" --size "$side" --seed 1
		[ "$m" = "$n" ] && cp out.txt "size$side.txt"
		local next
		next=$(more "$m" "$T")
		[ "$next" = 0 ] && break
		m=$next
	done
	PER=$(per "$T" "$m")
}
# solve_per FILE N ALGO: PER, microseconds a puzzle solved, the file's N
# puzzles given over again as often as make about half a second; "?" if
# an answer is missing or not one.
solve_per() {
	local file=$1 n=$2 algo=$3 reps=1 next
	while :; do
		for _ in $(seq "$reps"); do cat "$file"; done >rep.txt
		cpu "$LINKDANCE" solve sudoku rep.txt --unique --algo "$algo"
		if grep -q '^+\|^-' out.txt || [ "$(wc -l <out.txt)" -ne $((n * reps)) ]; then
			PER="?"
			return
		fi
		next=$(more $((n * reps)) "$T")
		[ "$next" = 0 ] && break
		reps=$(((next + n - 1) / n))
	done
	PER=$(per "$T" $((n * reps)))
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
	gen_per "$side" "$n"
	gen=$PER
	clues=$(awk '{ n += gsub(/[1-9A-Pa-p]/, "&") } END { printf "%.0f", n / NR }' "size$side.txt")
	row=
	for algo in "$@"; do
		solve_per "size$side.txt" "$n" "$algo"
		row="$row  $algo $PER"
	done
	printf '%-8s %5s %7s %9s %s\n' "${side}x$side" "$clues" "$n" "$gen" "$row"
done
echo "   (fast is the bitboard engine up to 9x9 and Dancing Links past it; mrv is"
echo "   offered up to 12x12 and seq up to 9x9: past that one puzzle takes minutes)"
