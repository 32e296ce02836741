#!/usr/bin/env bash
# make bench-peers: the rows where a peer still wins or no one has an
# answer (issue 24's table), each beside its peer in one run, the two
# interleaved (peer, linkdance, peer, linkdance, ...), the best of
# BENCH_REPEAT runs of each; then one table: the row, the best peer and
# its figure, linkdance's, and the best peer's time over linkdance's
# (above 1: linkdance is faster).  Where to fetch each peer and how to
# build it: tests/bench/README.
#
#   LINKDANCE, SUDOKU_COUNT       (make bench-peers gives them)
#   TDOKU_BENCH=/path/run_benchmark   tdoku's harness (Sudoku rows)
#   SUDOKU_EXPERT=FILE            a further set of puzzles, a line each
#   MOMC=/path/MoMC  GLASGOW=/path/glasgow_clique_solver
#   CLIQUER=/path/cliquer         (default: cliquer on the PATH)
#   DANCE=/path/dance  DLX6=/path/dlx6   Knuth's programs
#   BENCH_REPEAT=N                best of N (default 1)
#   BENCH_TIMEOUT=S               each run's limit, default 120 seconds
#   HOPELESS_TIMEOUT=S            the peers' limit on A(9,4) and keller5,
#                                 which none of them proves (default 60)
#   BENCH_QUICK=1                 leaves out A(9,4), keller5, G(800,0.5)
#                                 and 16 queens
# A peer not given is shown as such, and linkdance is timed all the same.
# Seconds are CPU seconds (user + system, the whole process, reading
# included); Sudoku's figures are puzzles per CPU-second in process
# (tdoku's own timed loop, and tests/bench/sudoku_count's lean counter).
set -u
: "${LINKDANCE:?LINKDANCE must name the program}"
: "${SUDOKU_COUNT:?SUDOKU_COUNT must name tests/bench/sudoku_count}"
: "${BENCH_DIR:=bench-work}"
: "${BENCH_REPEAT:=1}"
: "${BENCH_TIMEOUT:=120}"
: "${HOPELESS_TIMEOUT:=60}"
: "${BENCH_QUICK:=}"
: "${TDOKU_BENCH:=}" "${SUDOKU_EXPERT:=}" "${MOMC:=}" "${GLASGOW:=}" "${DANCE:=}" "${DLX6:=}"
CLIQUER=${CLIQUER-$(command -v cliquer || true)}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/xc_problems.sh"
. "$here/lib.sh"
bench_need_time "make bench-peers"
[ -z "$SUDOKU_EXPERT" ] || SUDOKU_EXPERT=$(cd "$(dirname "$SUDOKU_EXPERT")" && pwd)/$(basename "$SUDOKU_EXPERT")
mkdir -p "$BENCH_DIR/peers"
cd "$BENCH_DIR/peers" || exit 1
BENCH_CLOCK=cpu

# ---- inputs ---------------------------------------------------------------
langford 13 >langford13.dlx
queens 16 >queens16.dlx
trominoes 9 9 >trom9x9.dlx
trominoes 18 9 >trom18x9.dlx
for f in *.dlx; do
	sed '/^|/d' "$f" >"${f%.dlx}.bare" # DANCE takes no comment lines
done
# Plain DIMACS files: the generator's comments left out, its "c
# automorphism" and "c block" lines with them.
graph() { # FILE ARGS...: linkdance generate graph ARGS, plain
	local f=$1
	shift
	[ -s "$f" ] || "$LINKDANCE" generate graph "$@" | grep -v '^c' >"$f"
}
graph g200-09.clq --random 200 0.9 --seed 1
graph g800-05.clq --random 800 0.5 --seed 1
graph johnson16-2-4.clq --johnson 16 2 4
graph hamming8-4.clq --hamming 8 4
graph hamming9-4.clq --hamming 9 4
graph keller5.clq --keller 5

# ---- one run of each program --------------------------------------------
# run PROGRAM: one run (BENCH_REPEAT=1) of PROGRAM on the row's input, T
# its cost (seconds; for Sudoku, microseconds a puzzle), A its answer.
run() {
	case $1 in
	tdoku)
		TDOKU_SOLVERS=tdoku tdoku_rates "$SET"
		local r
		r=$(tdoku_rate tdoku)
		T=$(awk -v r="${r:-0}" 'BEGIN { if (r > 0) printf "%.3f", 1e6 / r; else print "failed" }') A=
		;;
	sudoku_count)
		sudoku_count_rates "$SET" 1
		T=$(awk -v r="${SC_COUNTER:-0}" 'BEGIN { if (r > 0) printf "%.3f", 1e6 / r; else print "failed" }')
		A=$(sed -n 's/^counter: \([0-9]*\) puzzles (\([0-9]*\) with one.*/\1 \2/p' count.txt |
			awk '{ if ($1 == $2) print "all unique"; else printf "%d of %d unique\n", $2, $1 }')
		;;
	linkdance-clique)
		IN=/dev/null BENCH_REPEAT=1 measure x "$LINKDANCE" solve clique "$FILE" --threads 1
		A=$(clique_size linkdance)
		;;
	cliquer)
		IN=/dev/null BENCH_REPEAT=1 measure x "$CLIQUER" -u -q -q "$FILE"
		A=$(clique_size cliquer)
		;;
	MoMC)
		IN=/dev/null OK_STATUS='^s Instance' BENCH_REPEAT=1 measure x "$MOMC" "$FILE"
		A=$(clique_size MoMC)
		;;
	Glasgow)
		IN=/dev/null BENCH_REPEAT=1 measure x "$GLASGOW" --format dimacs "$FILE"
		A=$(clique_size Glasgow)
		;;
	DANCE)
		IN=${FILE%.dlx}.bare BENCH_REPEAT=1 measure x "$DANCE"
		A=$(knuth_count)
		;;
	DLX6)
		IN=$FILE BENCH_REPEAT=1 measure x "$DLX6"
		A=$(knuth_count)
		;;
	linkdance-plain)
		IN=$FILE BENCH_REPEAT=1 measure x "$LINKDANCE" xc --count --memo off --threads 1 --stats -
		A=$OUT
		;;
	linkdance-memo)
		IN=$FILE BENCH_REPEAT=1 measure x "$LINKDANCE" xc --count --memo on --branch mrv --threads 1 --stats -
		A=$OUT
		;;
	linkdance-default)
		IN=$FILE BENCH_REPEAT=1 measure x "$LINKDANCE" xc --count --stats -
		A=$OUT
		;;
	esac
}

given() { # PROGRAM: whether its path was given
	case $1 in
	tdoku) [ -n "$TDOKU_BENCH" ] && has_tdoku tdoku ;;
	cliquer) [ -n "$CLIQUER" ] ;;
	MoMC) [ -n "$MOMC" ] ;;
	Glasgow) [ -n "$GLASGOW" ] ;;
	DANCE) [ -n "$DANCE" ] ;;
	DLX6) [ -n "$DLX6" ] ;;
	*) return 0 ;;
	esac
}

numeric() { case $1 in '' | *[!0-9.]*) return 1 ;; esac; }

# contest ROW KIND OURS PEER...: BENCH_REPEAT rounds, each a run of every
# peer given and then of linkdance (OURS), a program cut off or failed not
# run again; the best of each kept; then the row of the table.  KIND:
# seconds, or rate (Sudoku: T is microseconds a puzzle, shown per second).
# The answers (counts, clique numbers, puzzles found unique) must agree.
contest() {
	local row=$1 kind=$2 ours=$3 p i limit
	shift 3
	local -A best answer
	local peers=() absent=()
	for p in "$@"; do
		if given "$p"; then peers+=("$p"); else absent+=("$p"); fi
	done
	for i in $(seq "$BENCH_REPEAT"); do
		for p in "${peers[@]}" "$ours"; do
			numeric "${best[$p]-0}" || continue
			limit=$BENCH_TIMEOUT
			[ "$p" != "$ours" ] && [ -n "${PEER_LIMIT:-}" ] && limit=$PEER_LIMIT
			LIMIT=$limit run "$p"
			if ! numeric "$T"; then
				best[$p]=$T
			elif [ -z "${best[$p]:-}" ] || awk -v a="$T" -v b="${best[$p]}" 'BEGIN { exit !(a < b) }'; then
				best[$p]=$T answer[$p]=$A
			fi
		done
	done
	# the best peer: the least cost; none finished: the first cut off
	local bp= bt= note=
	for p in "${peers[@]}"; do
		if numeric "${best[$p]}"; then
			if [ -z "$bt" ] || ! numeric "$bt" || awk -v a="${best[$p]}" -v b="$bt" 'BEGIN { exit !(a < b) }'; then
				bp=$p bt=${best[$p]}
			fi
		elif [ -z "$bp" ]; then
			bp="none of ${peers[*]}" bt=${best[$p]}
		fi
		[ -z "${answer[$p]:-}" ] || [ -z "${answer[$ours]:-}" ] || [ "${answer[$p]}" = "${answer[$ours]}" ] ||
			note="$note $p answers ${answer[$p]}, linkdance ${answer[$ours]}!"
	done
	if [ $# = 0 ]; then
		bp="none known" bt=-
	elif [ ${#peers[@]} = 0 ]; then
		bp="peer not given (${absent[*]})" bt=-
	fi
	[ -n "$note" ] || note=${answer[$ours]:-}
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$row" "$bp" "$(show "$kind" "$bt")" "$(show "$kind" "${best[$ours]}")" \
		"$(ratio "$bt" "${best[$ours]}")" "$note" >>table.tsv
	printf '  %s: %s %s, linkdance %s\n' "$row" "$bp" "$(show "$kind" "$bt")" "$(show "$kind" "${best[$ours]}")"
}

show() { # KIND COST: as the table shows it
	if [ "$1" = rate ] && numeric "$2"; then
		awk -v t="$2" 'BEGIN { printf "%.1fk/s", 1e3 / t }'
	elif [ "$1" = seconds ] && numeric "$2"; then
		printf '%s s' "$2"
	else
		printf '%s' "$2"
	fi
}

# ---- the rows ---------------------------------------------------------------
: >table.tsv
tdoku_solvers
echo "== the peers' rows (issue 24), CPU seconds, best of $BENCH_REPEAT, interleaved (run by run as it goes):"
for s in 17clue top1465 hardest expert; do
	if [ $s = expert ]; then
		if [ -z "$SUDOKU_EXPERT" ]; then
			printf '%s\t%s\t-\t-\t-\t\n' "Sudoku, the expert set" "set not given (SUDOKU_EXPERT=)" >>table.tsv
			continue
		fi
		SET=$SUDOKU_EXPERT
	else
		SET=$here/data/sudoku-$s.txt
	fi
	contest "Sudoku $s, in process" rate sudoku_count tdoku
done
# The dense graphs beside the peer that was fastest on each when the issue
# was written (of cliquer, MoMC, pmc and Glasgow): the others take minutes.
FILE=g200-09.clq contest "max clique G(200,0.9)" seconds linkdance-clique MoMC
[ -n "$BENCH_QUICK" ] || FILE=g800-05.clq contest "max clique G(800,0.5)" seconds linkdance-clique Glasgow
FILE=johnson16-2-4.clq contest "johnson16-2-4, plain file" seconds linkdance-clique cliquer MoMC Glasgow
FILE=hamming8-4.clq contest "hamming8-4, plain file" seconds linkdance-clique cliquer MoMC Glasgow
if [ -z "$BENCH_QUICK" ]; then
	PEER_LIMIT=$HOPELESS_TIMEOUT FILE=hamming9-4.clq contest "A(9,4) = 20, plain file" seconds linkdance-clique \
		cliquer MoMC Glasgow
	PEER_LIMIT=$HOPELESS_TIMEOUT FILE=keller5.clq contest "keller5 (omega 27)" seconds linkdance-clique \
		cliquer MoMC Glasgow
fi
FILE=trom18x9.dlx contest "xc --count trominoes 18x9" seconds linkdance-default
FILE=langford13.dlx contest "Langford pairs 13, plain" seconds linkdance-plain DANCE
[ -n "$BENCH_QUICK" ] || FILE=queens16.dlx contest "16 queens, plain" seconds linkdance-plain DANCE
FILE=trom9x9.dlx contest "trominoes 9x9, memo, shortest" seconds linkdance-memo DLX6

echo "== best peer / linkdance (above 1: linkdance is faster); the answer: count, clique number, unique puzzles"
{
	printf 'row\tbest peer\tpeer\tlinkdance\tratio\tanswer\n'
	cat table.tsv
} | awk -F'\t' '{ printf "%-32s %-28s %10s %10s %6s  %s\n", $1, $2, $3, $4, $5, $6 }'
