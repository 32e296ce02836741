# Shared by the sections of make bench (run.sh, sudoku.sh, clique.sh,
# peers.sh), sourced: one way of timing a program, and the readers of the
# figures linkdance and the peers print, so that every section measures
# and reads them alike.

TIME=/usr/bin/time
bench_need_time() { # WHAT: stops with a message when GNU time is missing
	if [ ! -x $TIME ]; then
		echo "$1 needs GNU time (Debian: apt-get install time)" >&2
		exit 1
	fi
}

# measure NAME CMD... : runs CMD (stdin from $IN), BENCH_REPEAT times;
# sets T (best seconds), MB (peak resident MB), OUT and ERR of that run.
# A run over $LIMIT seconds (BENCH_TIMEOUT unless set) is stopped: T is
# then ">limit"; a run that fails otherwise (out of memory under
# VLIMIT_KB, the address space allowed when set) shows "failed", unless
# its output matches OK_STATUS (MoMC's exit status is not its success).
# Seconds are by the clock, or with BENCH_CLOCK=cpu the processor's (user
# + system), which a loaded machine disturbs less; GNU time counts
# hundredths, so then a best run under a fifth of a second is run again
# as many times as make about a second, and T is their mean (to the
# ten-thousandth under a hundredth of a second).
measure() {
	local best= i status limit=${LIMIT:-$BENCH_TIMEOUT}
	shift
	for i in $(seq "$BENCH_REPEAT"); do
		timeout "$limit" $TIME -f "%e %M %U %S" -o time.txt \
			sh -c '[ -z "$1" ] || ulimit -v "$1"; shift; exec "$@"' sh "${VLIMIT_KB:-}" "$@" \
			<"$IN" >out.txt 2>err.txt
		status=$?
		if [ $status = 124 ] || [ "$(tail -n 1 time.txt 2>/dev/null | awk '{ print NF }')" != 4 ]; then
			T=">$limit" MB=- OUT= ERR=
			return
		fi
		if [ $status != 0 ] && ! { [ -n "${OK_STATUS:-}" ] && grep -q -- "$OK_STATUS" out.txt; }; then
			T=failed MB=- OUT=$(cat out.txt) ERR=$(cat err.txt)
			return
		fi
		local t m u s
		read -r t m u s < <(tail -n 1 time.txt)
		[ "${BENCH_CLOCK:-}" = cpu ] && t=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$t
			MB=$((m / 1024))
			OUT=$(cat out.txt)
			ERR=$(cat err.txt)
		fi
	done
	T=$best
	if [ "${BENCH_CLOCK:-}" = cpu ] && awk -v t="$T" 'BEGIN { exit !(t < 0.2) }'; then
		# Enough runs to make a second or so, which GNU time's hundredths
		# then read to 1%: 20 runs of a 4 ms program made 0.08 s, and the
		# mean was good to an eighth of itself.
		local runs
		runs=$(awk -v t="$T" 'BEGIN { n = t >= 0.05 ? 20 : t >= 0.01 ? 100 : 300; print n }')
		$TIME -f "%U %S" -o time.txt bash -c 'in=$1; n=$2; shift 2
			for i in $(seq "$n"); do "$@" <"$in" >/dev/null 2>&1; done' - "$IN" "$runs" "$@"
		T=$(tail -n 1 time.txt | awk -v n="$runs" '{ t = ($1 + $2) / n; printf (t < 0.01 ? "%.4f" : "%.3f"), t }')
	fi
}

ratio() { # A B: A / B to two places, or - when either is not a number
	awk -v a="$1" -v b="$2" 'BEGIN { if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b + 0 == 0) print "-";
		else printf "%.2f", a / b }'
}

# Figures from linkdance's --stats (on stderr, in ERR).
ld_field() { printf '%s\n' "$ERR" | sed -n "s/^$1: //p" | head -1; }
# Which of linkdance's engines counted, from its --stats.
ld_engine() {
	case $ERR in
	*"layers: given up"*) echo "layers, then dfs memo" ;;
	*"search: by layers"*) echo layers ;;
	*"search: on bitsets, with the memo"*) echo "dfs memo, bitsets" ;;
	*"search: on bitsets"*) echo bitsets ;;
	*) echo links ;;
	esac
}

# Figures from Knuth's programs.  DLX1, SSXCC and DLX6 report on stderr,
# DANCE on stdout, so they are looked for in both.
knuth_count() { printf '%s\n%s\n' "$OUT" "$ERR" | sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' | head -1; }
knuth_nodes() { printf '%s\n%s\n' "$OUT" "$ERR" | sed -n 's/.* \([0-9]*\) \(search \)\{0,1\}nodes.*/\1/p' | head -1; }
knuth_updates() { printf '%s\n%s\n' "$OUT" "$ERR" | sed -n 's/.* \([0-9]*\) updates.*/\1/p; s/.*after \([0-9.e+]*\) updates.*/\1/p' | head -1; }

# clique_size PROGRAM: the clique number in OUT, as PROGRAM prints it
# (ours: tests/bench/clique_solve; linkdance: solve clique, the size on
# its first line).
clique_size() {
	case $1 in
	ours) printf '%s\n' "$OUT" | sed -n 's/^omega: //p' ;;
	linkdance) printf '%s\n' "$OUT" | sed -n '1{/^[0-9][0-9]*$/p}' ;;
	cliquer) printf '%s\n' "$OUT" | sed -n 's/^size=\([0-9]*\),.*/\1/p' | head -n 1 ;;
	MoMC) printf '%s\n' "$OUT" | sed -n 's/^s Instance .* Max_CLQ \([0-9]*\) .*/\1/p' ;;
	# "Size (omega)" after a search, or the heuristic's clique when it
	# meets the k-core bound and no search is needed
	pmc) printf '%s\n' "$OUT" | sed -n 's/^Size (omega): //p; s/^Heuristic found clique of size \([0-9]*\).*/\1/p' |
		tail -n 1 ;;
	Glasgow) printf '%s\n' "$OUT" | sed -n 's/^omega = //p' ;;
	esac
}

# tdoku's benchmark program (TDOKU_BENCH) reports its own rate: puzzles
# per second of its timed loop (one thread, each puzzle solved and checked
# unique), by the wall clock, which a busy machine slows.  Scaled by the
# elapsed over the CPU seconds of the whole run, it is per CPU-second as
# ours are.  tdoku_solvers sets TDOKU_SOLVERS, those of tdoku and
# fast_solv_9r2 built into it.
tdoku_solvers() {
	TDOKU_SOLVERS=
	[ -n "${TDOKU_BENCH:-}" ] || return 0
	local s
	for s in tdoku fast_solv_9r2; do
		"$TDOKU_BENCH" -h 2>&1 | grep -A1 '^solvers' | grep -qw "$s" && TDOKU_SOLVERS=${TDOKU_SOLVERS:+$TDOKU_SOLVERS,}$s
	done
}
has_tdoku() { case ",$TDOKU_SOLVERS," in *",$1,"*) return 0 ;; esac; return 1; }
tdoku_rates() { # FILE: runs TDOKU_SOLVERS on the puzzles of FILE
	local t=5 w=2
	[ -n "${BENCH_QUICK:-}" ] && t=2 w=1
	$TIME -f "%e %U %S" -o time.txt "$TDOKU_BENCH" -s "$TDOKU_SOLVERS" -r0 -t$t -w$w -v1 \
		"$1" 2>/dev/null >tdoku.txt
	TDOKU_SCALE=$(tail -n 1 time.txt | awk '{ printf "%.4f", ($2 + $3 > 0 ? $1 / ($2 + $3) : 1) }')
}
tdoku_rate() { # NAME: its puzzles per CPU-second in the last tdoku_rates
	awk -F'|' -v s="$1" -v k="$TDOKU_SCALE" '{ split($2, w, " ") }
		w[1] == s { gsub(/ /, "", $3); printf "%.0f", $3 * k }' tdoku.txt
}

# sudoku_count_rates FILE SECONDS: the puzzles per CPU-second of the fast
# search in process (tests/bench/sudoku_count, SUDOKU_COUNT), through the
# engine interface in SC_ENGINE and by the lean counter in SC_COUNTER.
sudoku_count_rates() {
	"$SUDOKU_COUNT" "$1" "$2" >count.txt
	SC_ENGINE=$(sed -n 's/^engine: .* \([0-9]*\) per second.*/\1/p' count.txt)
	SC_COUNTER=$(sed -n 's/^counter: .* \([0-9]*\) per second.*/\1/p' count.txt)
}
