#!/usr/bin/env bash
# make bench-numbermind: Number Mind's search on Project Euler's 16-digit
# puzzle (solve, proving the secret the only one, and count), CPU seconds
# and nodes, beside the seed's diagram (16 s and 1 GB); then the
# generator: NM_N puzzles of each length (5 to 16 digits), CPU seconds in
# all and each, every puzzle counted to check it has one secret.
#
#   NM_N=N     puzzles of each length (default 20)
set -u
: "${LINKDANCE:?LINKDANCE must name the program}"
: "${top_srcdir:=.}"
: "${BENCH_DIR:=bench-work}"
: "${NM_N:=20}"
mkdir -p "$BENCH_DIR/numbermind"
work=$BENCH_DIR/numbermind
pe=$top_srcdir/tests/cli/data/numbermind/pe185.txt

cpu() { # CMD...: user + system seconds of CMD, its output to $work/out
	local TIMEFORMAT='%U %S' t
	t=$( { time "$@" >"$work/out" 2>/dev/null; } 2>&1 | tail -1)
	awk -v t="$t" 'BEGIN { split(t, a, " "); printf "%.3f", a[1] + a[2] }'
}

echo "== Project Euler 185: 16 digits, 22 guesses (the seed's diagram: 16 s, 1 GB)"
for verb in solve count; do
	s=$(cpu "$LINKDANCE" $verb numbermind "$pe")
	nodes=$("$LINKDANCE" $verb numbermind --stats "$pe" 2>&1 >/dev/null | sed -n 's/.*: \([0-9]*\) nodes.*/\1/p')
	echo "$verb: $(head -1 "$work/out"), $s s of CPU, $nodes nodes"
done

echo "== the generator, $NM_N puzzles of each length"
printf '%7s %10s %10s %8s\n' digits "seconds" "each" unique
for d in 5 6 7 8 9 10 11 12 13 14 15 16; do
	s=$(cpu "$LINKDANCE" generate numbermind --digits "$d" --number "$NM_N" --seed 1)
	cp "$work/out" "$work/gen$d.txt"
	ones=$("$LINKDANCE" count numbermind "$work/gen$d.txt" | grep -c '^1$')
	printf '%7d %10s %10s %8s\n' "$d" "$s" "$(awk -v s="$s" -v n="$NM_N" 'BEGIN { printf "%.4f", s / n }')" \
		"$ones/$NM_N"
done
