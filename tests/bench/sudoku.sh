#!/usr/bin/env bash
# make bench, Sudoku: solve plus uniqueness check, in puzzles per
# CPU-second, on three sets of puzzles (tests/bench/data; see the README),
# linkdance's engines side by side in one run with Debian's qqwing and,
# when their paths are given, tdoku's benchmark program (tdoku, and
# fast_solv_9r2 if it was built in); then the generators: minimal puzzles
# per CPU-second and their median clues.
#
#   QQWING=/path/qqwing           (default: qqwing on the PATH)
#   TDOKU_BENCH=/path/run_benchmark  TDOKU_GENERATE=/path/generate
#   SUDOKU_ALGOS="fast dlx sat"   linkdance's engines measured
#   SUDOKU_COUNT=tests/bench/sudoku_count (make bench gives it): the fast
#                                 search in process too
#   BENCH_QUICK=1                 shorter runs; BENCH_REPEAT=N: best of N
set -u
: "${LINKDANCE:?LINKDANCE must name the program}"
: "${SUDOKU_GEN:?SUDOKU_GEN must name tests/bench/sudoku_gen}"
: "${BENCH_DIR:=bench-work}"
: "${BENCH_REPEAT:=1}"
: "${BENCH_QUICK:=}"
: "${SUDOKU_ALGOS:=fast dlx sat}"
: "${TDOKU_BENCH:=}"
: "${TDOKU_GENERATE:=}"
: "${BENCH_TIMEOUT:=300}"
QQWING=${QQWING-$(command -v qqwing || true)}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_need_time "make bench"
data=$here/data
declare -A RATE GEN AGREE
mkdir -p "$BENCH_DIR"
cd "$BENCH_DIR" || exit 1

# A run of each program lasts at least this long (its input is the set
# over again as often as it takes), so that the timer's 10 ms count little.
MIN_SECONDS=1
[ -n "$BENCH_QUICK" ] && MIN_SECONDS=0.3

# cpu CMD... : CPU seconds (user + system) of CMD, stdin from $IN, stdout
# to out.txt; the fastest of BENCH_REPEAT runs, in T.
cpu() { BENCH_CLOCK=cpu measure "$1" "$@"; }

# copies SET K: the file of set SET's puzzles K times over.
copies() {
	local f=$1.x$2.txt i
	if [ ! -f "$f" ]; then
		for i in $(seq "$2"); do cat "$data/sudoku-$1.txt"; done >"$f"
	fi
	printf '%s\n' "$f"
}

# rate SET CMD... : puzzles per CPU-second of CMD on SET, fed copies of
# the set until a run lasts MIN_SECONDS; the answers of one copy kept in
# answers.txt.  Sets R ("-" if CMD failed).
rate() {
	local set=$1 k=1 n
	shift
	n=$(wc -l <"$data/sudoku-$set.txt")
	for _ in 1 2 3 4 5 6; do
		IN=$(copies "$set" $k)
		cpu "$@"
		if [ ! -s out.txt ] || [ "$T" = failed ] || [ "${T#>}" != "$T" ]; then
			R=-
			return
		fi
		if awk -v t="$T" -v m="$MIN_SECONDS" 'BEGIN { exit !(t >= m) }'; then
			break
		fi
		# enough copies for MIN_SECONDS, judged from this run
		k=$(awk -v t="$T" -v m="$MIN_SECONDS" -v k="$k" 'BEGIN {
			if (t < 0.01) t = 0.01
			n = int(k * m / t * 1.3) + 1
			if (n > 64 * k) n = 64 * k
			print n }')
	done
	head -n "$n" out.txt >answers.txt
	R=$(awk -v n="$n" -v k="$k" -v t="$T" 'BEGIN { printf "%.0f", (t > 0 ? n * k / t : 0) }')
}

tdoku_solvers

echo "== Sudoku: solve plus uniqueness check, puzzles per CPU-second"
echo "   (linkdance solve --unique --algo NAME; qqwing --solve --count-solutions;"
echo "    tdoku and fast_solv_9r2 as tdoku's run_benchmark reports them, per CPU-second)"
[ -n "$QQWING" ] || echo "   qqwing was not found (Debian: apt-get install qqwing): left out"
[ -n "$TDOKU_BENCH" ] || echo "   TDOKU_BENCH not given: tdoku and fast_solv_9r2 left out"
header=$(printf '%-9s %7s' set puzzles)
for a in $SUDOKU_ALGOS; do header="$header $(printf '%9s' "$a")"; done
header="$header $(printf '%9s %9s %9s' qqwing tdoku fs9r2)"
echo "$header"
for set in 17clue top1465 hardest; do
	n=$(wc -l <"$data/sudoku-$set.txt")
	line=$(printf '%-9s %7s' "$set" "$n")
	agree=yes
	ref=
	for a in $SUDOKU_ALGOS; do
		rate "$set" "$LINKDANCE" solve sudoku - --unique --algo "$a"
		RATE[$set,$a]=$R
		line="$line $(printf '%9s' "$R")"
		if [ -z "$ref" ]; then
			ref=$(cat answers.txt)
		elif [ "$(cat answers.txt)" != "$ref" ]; then
			agree="no: --algo $a differs"
		fi
	done
	R=-
	if [ -n "$QQWING" ]; then
		rate "$set" "$QQWING" --solve --count-solutions --one-line
		if [ "$R" != - ] && [ "$(grep -E '^[1-9]{81}$' out.txt | head -n "$n")" != "$ref" ]; then
			agree="no: qqwing differs"
		fi
	fi
	RATE[$set,qqwing]=$R
	RATE[$set,tdoku]=-
	RATE[$set,fs9r2]=-
	if [ -n "$TDOKU_SOLVERS" ]; then
		tdoku_rates "$data/sudoku-$set.txt"
		has_tdoku tdoku && RATE[$set,tdoku]=$(tdoku_rate tdoku)
		has_tdoku fast_solv_9r2 && RATE[$set,fs9r2]=$(tdoku_rate fast_solv_9r2)
	fi
	line="$line $(printf '%9s %9s %9s' "${RATE[$set,qqwing]}" "${RATE[$set,tdoku]:--}" "${RATE[$set,fs9r2]:--}")"
	echo "$line"
	AGREE[$set]=$agree
done
for set in 17clue top1465 hardest; do
	echo "   $set: the answers agree: ${AGREE[$set]:-?}"
done

first=${SUDOKU_ALGOS%% *}
echo "== ratios (targets: fast/tdoku at least 0.5, dlx/fs9r2 at least 1)"
printf '%-9s %12s %12s %12s %12s\n' set "$first/qqwing" "$first/tdoku" dlx/qqwing dlx/fs9r2
for set in 17clue top1465 hardest; do
	printf '%-9s %12s %12s %12s %12s\n' "$set" "$(ratio "${RATE[$set,$first]}" "${RATE[$set,qqwing]}")" \
		"$(ratio "${RATE[$set,$first]}" "${RATE[$set,tdoku]}")" \
		"$(ratio "${RATE[$set,dlx]:--}" "${RATE[$set,qqwing]}")" \
		"$(ratio "${RATE[$set,dlx]:--}" "${RATE[$set,fs9r2]}")"
done

# The fast search in process (tests/bench/sudoku_count): puzzles read once
# and searched over and over, as tdoku's program times its solvers.
if [ -n "${SUDOKU_COUNT:-}" ]; then
	echo "== in process, as tdoku's figures are: the fast engine (made per puzzle), its lean counter"
	printf '%-9s %10s %10s %12s %12s\n' set engine counter engine/tdoku counter/tdoku
	for set in 17clue top1465 hardest; do
		sudoku_count_rates "$data/sudoku-$set.txt" "$MIN_SECONDS"
		printf '%-9s %10s %10s %12s %12s\n' "$set" "${SC_ENGINE:--}" "${SC_COUNTER:--}" \
			"$(ratio "${SC_ENGINE:--}" "${RATE[$set,tdoku]}")" "$(ratio "${SC_COUNTER:--}" "${RATE[$set,tdoku]}")"
	done
fi

# ---- generators ---------------------------------------------------------
echo "== Sudoku: generators, minimal puzzles with one solution per CPU-second"
printf '%-34s %8s %8s %10s %7s  %s\n' program puzzles seconds per-second median grades
median_clues() { # the median clue count of 81-character lines on stdin
	grep -E '^[0-9.]{81}' | cut -c1-81 | awk '{ n = gsub(/[1-9]/, "&"); print n }' | sort -n |
		awk '{ a[NR] = $1 } END { print NR ? a[int((NR + 1) / 2)] : "-" }'
}
gen_ours() { # ORDERS N LABEL
	"$SUDOKU_GEN" "$2" "$1" >gen.txt
	local s p m g
	s=$(sed -n 's/^seconds: //p' gen.txt)
	p=$(sed -n 's/^per second: //p' gen.txt)
	m=$(sed -n 's/^median clues: //p' gen.txt)
	g=$(sed -n 's/^grades: //p' gen.txt)
	printf '%-34s %8s %8s %10s %7s  %s\n' "$3" "$2" "$s" "$p" "$m" "$g"
	GEN[$1]=$p
}
n=2000
[ -n "$BENCH_QUICK" ] && n=500
gen_ours 1 $((2 * n)) "linkdance (1 order, the game's)"
gen_ours 4 $n "linkdance (4 orders)"
gen_other() { # LABEL N CMD...
	local label=$1 n=$2
	shift 2
	IN=/dev/null
	cpu "$@"
	local m p
	m=$(median_clues <out.txt)
	p=$(awk -v n="$n" -v t="$T" 'BEGIN { printf "%.0f", (t > 0 ? n / t : 0) }')
	printf '%-34s %8s %8s %10s %7s  %s\n' "$label" "$n" "$T" "$p" "$m" "-"
	GEN[$label]=$p
}
GEN[qqwing]=-
GEN[tdoku]=-
if [ -n "$QQWING" ]; then
	gen_other qqwing $((n / 5)) "$QQWING" --generate $((n / 5)) --one-line
fi
if [ -n "$TDOKU_GENERATE" ]; then
	gen_other tdoku $((2 * n)) "$TDOKU_GENERATE" -p0 -s0 -d81 -e0 -a1 -l $((2 * n))
fi
echo "   (linkdance's rate includes grading each puzzle by the ladder of techniques)"
printf '   ratios: 1 order/qqwing %s, 1 order/tdoku %s (target: at least 1), 4 orders/tdoku %s\n' \
	"$(ratio "${GEN[1]}" "${GEN[qqwing]}")" "$(ratio "${GEN[1]}" "${GEN[tdoku]}")" "$(ratio "${GEN[4]}" "${GEN[tdoku]}")"
