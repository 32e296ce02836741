#!/usr/bin/env bash
# make bench: linkdance's solver against Knuth's programs, on the same
# files, in one run.  Give the programs' paths in DANCE=, DLX1=, SSXCC=,
# DLX6= and DLX6_FIRST= (DLX6 with Knuth's change file dlx6-noMRV.ch:
# the first item, not the shortest) (built from his CWEB sources; see
# tests/bench/README); without them linkdance is measured alone.
#
# BENCH_QUICK=1 leaves out the long runs (the IQ Fit eighth, 16 queens,
# the Latin squares, 10^6 probes).  BENCH_LARGE=1 adds trominoes on a
# 12 x 9 board, which no program here finishes (BENCH_TIMEOUT seconds
# each, default 300).
# BENCH_REPEAT=N runs each measurement N times and keeps the fastest.
set -u
: "${LINKDANCE:?LINKDANCE must name the program}"
: "${BENCH_DIR:=bench-work}"
: "${BENCH_REPEAT:=1}"
: "${BENCH_QUICK:=}"
: "${BENCH_LARGE:=}"
: "${BENCH_TIMEOUT:=300}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/xc_problems.sh"
. "$here/lib.sh"
bench_need_time "make bench"
mkdir -p "$BENCH_DIR"
cd "$BENCH_DIR" || exit 1

# ---- inputs -----------------------------------------------------------
"$LINKDANCE" export kanoodle >kanoodle.dlx
"$LINKDANCE" export iqfit >iqfit.dlx
# IQ Fit's search (DLX1's rule) branches first on the corner cell r1c1,
# which has 96 options.  Keeping its first 12 leaves exactly the first
# eighth of the root's branches: every program branching like DLX1
# searches the same eighth of the same tree.
awk 'BEGIN { kept = 0 }
	/^\|/ { print; next }
	!items { items = 1; print; next }
	{
		for (i = 1; i <= NF; i++) if ($i == "r1c1") { if (++kept > 12) next; break }
		print
	}' iqfit.dlx >iqfit-eighth.dlx
# Problems of other kinds (tests/bench/xc_problems.sh): many cheap
# nodes (queens, with the columns secondary too: three items in four
# secondary), few options per item (Langford pairs, 13: none exist, the
# whole tree searched), long options (Latin squares by whole digits),
# tilings by the shortest item (pentominoes), and for the memo, tromino
# tilings, whose counts need 128 bits on larger boards.
queens 14 >queens14.dlx
queens 14 columns >queens14c.dlx
queens 16 >queens16.dlx
queens 12 >queens12.dlx
pentominoes 6 10 >pent6x10.dlx
pentominoes 5 12 >pent5x12.dlx
langford 13 >langford13.dlx
latin_by_digit 7 reduced >latin7.dlx
trominoes 9 9 >trom9x9.dlx
trominoes 9 12 >trom9x12.dlx
trominoes 12 9 >trom12x9.dlx
trominoes 18 9 >trom18x9.dlx
chain 4000 >chain4k.dlx
chain 100000 >chain100k.dlx
# DANCE, the oldest of Knuth's programs, takes no comment lines.
for f in *.dlx; do
	sed '/^|/d' "$f" >"${f%.dlx}.bare"
done

# ---- measuring (measure and the readers: tests/bench/lib.sh) -----------

# updates: DLX1's count (linkdance reports its own search so counted);
# links-made: the removals linkdance actually made (its "links made").
printf '%-30s %-22s %9s %14s %16s %12s %16s %8s %7s  %s\n' problem program seconds solutions nodes updates links-made \
	peak-MB ratio engine
row() { # PROBLEM PROGRAM SOLUTIONS NODES UPDATES BASE-SECONDS [LINKS [ENGINE]]
	local ratio=-
	[ -n "${6:-}" ] && ratio=$(ratio "$T" "$6")
	printf '%-30s %-22s %9s %14s %16s %12s %16s %8s %7s  %s\n' "$1" "$2" "$T" "${3:--}" "${4:--}" "${5:--}" "${7:--}" \
		"$MB" "$ratio" "${8:-}"
}

ours_plain() { # PROBLEM FILE [THREADS]
	IN=$2
	measure linkdance "$LINKDANCE" xc --count --memo off --stats --threads "${3:-1}" -
	row "$1" "linkdance${3:+ x$3}" "$OUT" "$(ld_field nodes)" "$(ld_field updates)" "${BASE:-}" "$(ld_field 'links made')" "$(ld_engine)"
}

knuth() { # PROBLEM FILE PROGRAM-NAME PATH
	[ -n "$4" ] || return 0
	IN=$2
	[ "$3" = dance ] && IN=${2%.dlx}.bare
	measure "$3" "$4"
	row "$1" "$3" "$(knuth_count)" "$(knuth_nodes)" "$(knuth_updates)" "$BASE"
}

# After a run of one of Knuth's programs: the best time so far in FASTEST.
fastest() {
	case $T in '>'* | failed) return ;; esac
	if [ -z "$FASTEST" ] || awk -v a="$T" -v b="$FASTEST" 'BEGIN { exit !(a < b) }'; then
		FASTEST=$T
	fi
}

PLAIN_SUMMARY=
plain_set() { # PROBLEM FILE
	BASE= FASTEST=
	ours_plain "$1" "$2"
	BASE=$T
	[ -z "${DLX1:-}" ] || { knuth "$1" "$2" dlx1 "$DLX1" && fastest; }
	[ -z "${DANCE:-}" ] || { knuth "$1" "$2" dance "$DANCE" && fastest; }
	[ -z "${SSXCC:-}" ] || { knuth "$1" "$2" ssxcc "$SSXCC" && fastest; }
	ours_plain "$1" "$2" 2
	[ -n "$FASTEST" ] && PLAIN_SUMMARY="$PLAIN_SUMMARY$(printf '%-30s %6.2f' "$1" \
		"$(awk -v a="$FASTEST" -v b="$BASE" 'BEGIN { print a / b }')")
"
}

echo "== plain search, one thread (ratios: time / linkdance's); x2: two threads"
plain_set "kanoodle (all)" kanoodle.dlx
[ -n "$BENCH_QUICK" ] || plain_set "iqfit (first eighth)" iqfit-eighth.dlx
plain_set "pentominoes 6x10" pent6x10.dlx
plain_set "pentominoes 5x12" pent5x12.dlx
plain_set "14 queens" queens14.dlx
plain_set "14 queens, columns secondary" queens14c.dlx
[ -n "$BENCH_QUICK" ] || plain_set "16 queens" queens16.dlx
plain_set "Langford pairs 13 (none)" langford13.dlx
[ -n "$BENCH_QUICK" ] || plain_set "Latin squares 7, reduced" latin7.dlx
if [ -n "$PLAIN_SUMMARY" ]; then
	echo "-- the fastest of Knuth's programs over linkdance (above 1: linkdance is faster)"
	printf '%s' "$PLAIN_SUMMARY"
fi

echo "== memoized counts (ratios: time / linkdance count's)"
memo_set() { # FAMILY FILE
	IN=/dev/null
	measure linkdance "$LINKDANCE" count "$1" --stats
	row "$1" "linkdance count" "$OUT" "$(ld_field nodes)" "$(ld_field updates)" "" "$(ld_field 'links made')" "$(ld_engine)"
	BASE=$T
	measure linkdance "$LINKDANCE" count "$1" --stats --threads 2
	row "$1" "linkdance count x2" "$OUT" "$(ld_field nodes)" "$(ld_field updates)" "$BASE" "$(ld_field 'links made')" "$(ld_engine)"
	memo_file "$1" "$2" mrv "${DLX6:-}"
}

# memo_file PROBLEM FILE RULE DLX6-PATH: linkdance xc with the memo by
# RULE beside DLX6 (its build for that rule); when DLX6 ran, linkdance
# again with its memo held to DLX6's data (the bytes it reports, its hash
# table aside, which is fixed when it is compiled).
MEMO_SUMMARY=
memo_file() {
	IN=$2
	measure linkdance "$LINKDANCE" xc --count --memo on --branch "$3" --stats -
	row "$1" "linkdance xc ($3)" "$OUT" "$(ld_field nodes)" "$(ld_field updates)" "" "$(ld_field 'links made')" "$(ld_engine)"
	BASE=$T
	[ -n "$4" ] || return 0
	knuth "$1" "$2" "dlx6 ($3)" "$4"
	local theirs=$T bytes
	bytes=$(printf '%s\n' "$ERR" | sed -n 's/.* \([0-9]*\) bytes.*/\1/p' | head -1)
	local line
	line=$(printf '%-30s %8s' "$1" "$(ratio "$theirs" "$BASE")")
	if [ -n "$bytes" ]; then
		local mb=$(((bytes + 1048575) / 1048576))
		IN=$2
		measure linkdance "$LINKDANCE" xc --count --memo on --branch "$3" --memo-mb "$mb" --stats -
		row "$1" "linkdance xc ($3) ${mb}MB" "$OUT" "$(ld_field nodes)" "$(ld_field updates)" "$BASE" \
			"$(ld_field 'links made')" "$(ld_engine)"
		line="$line $(printf '%8s' "$(ratio "$theirs" "$T")") (${mb} MB)"
	fi
	MEMO_SUMMARY="$MEMO_SUMMARY$line
"
}
memo_set kanoodle kanoodle.dlx
memo_set iqfit iqfit.dlx
memo_file "trominoes 9x9" trom9x9.dlx mrv "${DLX6:-}"
memo_file "trominoes 9x12" trom9x12.dlx first "${DLX6_FIRST:-}"
# The default count, no options: it chooses the first item on the cells
# reordered (count.h), where the shortest item takes over two minutes.
IN=trom18x9.dlx
measure linkdance "$LINKDANCE" xc --count --stats -
row "trominoes 18x9" "linkdance xc (default)" "$OUT" "$(ld_field nodes)" "" "" "" \
	"$(ld_engine), $(printf '%s\n' "$ERR" | sed -n 's/^branching: \([a-z]* item\).*/\1/p')"
# 12x9 by the shortest item: linkdance counts it by layers in about five
# minutes and 4.2 GB; DLX6 fills whatever memory it has, so it is given
# half of this machine's, and every run up to BENCH_TIMEOUT_LARGE seconds.
if [ -n "$BENCH_LARGE" ]; then
	half_kb=$(awk '/^MemTotal:/ { print int($2 / 2) }' /proc/meminfo)
	LIMIT=${BENCH_TIMEOUT_LARGE:-1800} VLIMIT_KB=$half_kb memo_file "trominoes 12x9" trom12x9.dlx mrv "${DLX6:-}"
fi
if [ -n "$MEMO_SUMMARY" ]; then
	echo "-- DLX6 over linkdance: its memo as large as it needs, then held to DLX6's data"
	printf '%s' "$MEMO_SUMMARY"
fi

echo "== the diagram of all solutions (ZDD, seed 000) beside the count by the memo (ratios: time / the count's)"
printf '%-30s %-22s %9s %14s %12s %8s %7s\n' problem program seconds solutions zdd-nodes peak-MB ratio
zdd_row() { # PROBLEM PROGRAM NODES BASE-SECONDS
	local ratio=-
	[ -n "${4:-}" ] && ratio=$(ratio "$T" "$4")
	printf '%-30s %-22s %9s %14s %12s %8s %7s\n' "$1" "$2" "$T" "${OUT:--}" "${3:--}" "$MB" "$ratio"
}
# zdd_set PROBLEM FILE LABEL COUNT...: the count as COUNT gives it (its
# input FILE), then the diagram's of the same FILE.
zdd_set() {
	local problem=$1 file=$2 label=$3
	shift 3
	IN=$file
	measure linkdance "$LINKDANCE" "$@" --stats
	zdd_row "$problem" "linkdance $label" "" ""
	local base=$T
	measure linkdance "$LINKDANCE" xc --count --algo zdd --stats -
	zdd_row "$problem" "linkdance xc --algo zdd" "$(ld_field 'zdd nodes')" "$base"
}
zdd_set "kanoodle (all)" kanoodle.dlx count count kanoodle
[ -n "$BENCH_QUICK" ] || zdd_set "iqfit (all)" iqfit.dlx count count iqfit
zdd_set "pentominoes 6x10" pent6x10.dlx "xc --count" xc --count -
zdd_set "12 queens" queens12.dlx "xc --count" xc --count -
zdd_set "trominoes 9x12" trom9x12.dlx "xc --count (first)" xc --count --branch first -
# Seed 000's figures for the same count, on the author's machine of 2010:
# the diagram as an AND of the items' families, no garbage collection.
printf '%-30s %-22s %9s %14s %12s %8s %7s\n' "trominoes 9x12" "seed 000 (published)" 34 - 7893743 600 -

echo "== shards and chains (ratios: time / the whole count's, / one thread's)"
# A shard costs about its share and a bounded search for its units: part
# 1 of a million of Kanoodle is one unit of at most 262,144.
IN=/dev/null
measure linkdance "$LINKDANCE" count kanoodle --stats
row "kanoodle (all)" "linkdance count" "$OUT" "$(ld_field nodes)" "" "" "" "$(ld_engine)"
BASE=$T
for part in 1/2 1/1000 1/1000000; do
	measure linkdance "$LINKDANCE" count kanoodle --shard "$part" --stats
	row "kanoodle, part $part" "linkdance count" "${OUT%% *}" "$(ld_field nodes)" "" "$BASE" "" \
		"$(ld_engine), $(printf '%s\n' "$ERR" | sed -n 's/^split: //p')"
done
# A chain of forced moves costs what its moves change: linear in n.  Past
# 4,096 options the count is on links; below, by layers.
chain_set() { # PROBLEM FILE
	IN=$2
	measure linkdance "$LINKDANCE" xc --count --stats -
	row "$1" "linkdance xc" "$OUT" "$(ld_field nodes)" "$(ld_field updates)" "" "$(ld_field 'links made')" "$(ld_engine)"
	BASE=$T
	measure linkdance "$LINKDANCE" xc --count --stats --threads 2 -
	row "$1" "linkdance xc x2" "$OUT" "$(ld_field nodes)" "$(ld_field updates)" "$BASE" "$(ld_field 'links made')" \
		"$(ld_engine)"
	knuth "$1" "$2" dlx1 "${DLX1:-}"
}
chain_set "chain of 4,000 forced moves" chain4k.dlx
chain_set "chain of 100,000 forced moves" chain100k.dlx

echo "== Knuth's estimate (true: Kanoodle 26630558 nodes, 371020 solutions; IQ Fit 67868848 solutions)"
printf '%-10s %9s %9s %26s %9s %26s %9s\n' family probes seconds nodes error solutions error
estimate() { # FAMILY PROBES TRUE-NODES TRUE-SOLUTIONS
	IN=/dev/null
	measure linkdance "$LINKDANCE" estimate "$1" --probes "$2" --seed 1
	local n s
	n=$(printf '%s\n' "$OUT" | sed -n 's/^nodes: //p')
	s=$(printf '%s\n' "$OUT" | sed -n 's/^solutions: \([^(,]*\).*/\1/p')
	printf '%-10s %9s %9s %26s %9s %26s %9s\n' "$1" "$2" "$T" "$n" \
		"$(awk -v e="${n%% *}" -v t="$3" 'BEGIN { if (t) printf "%+.1f%%", 100 * (e - t) / t; else print "-" }')" "$s" \
		"$(awk -v e="${s%% *}" -v t="$4" 'BEGIN { printf "%+.1f%%", 100 * (e - t) / t }')"
}
for p in 10000 100000 1000000; do
	[ -n "$BENCH_QUICK" ] && [ $p = 1000000 ] && continue
	estimate kanoodle $p 26630558 371020
done
for p in 10000 100000; do
	estimate iqfit $p 0 67868848
done
