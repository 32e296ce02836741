#!/usr/bin/env bash
# make bench-clique: maximum clique, CPU seconds of linkdance's branch and
# bound (tests/bench/clique_solve) beside Debian's cliquer (cliquer -u,
# unweighted) and, when given, MoMC and pmc, on graphs generated here as
# the DIMACS challenge defines them (clique_solve gen) and random G(n, p)
# from fixed seeds.  The answers are checked to agree.  CPU seconds are
# user + system of the whole process (reading the file included) by GNU
# time.
#
#   CLIQUE_SOLVE=.../clique_solve  (make bench-clique gives it)
#   CLIQUER=/path/cliquer          (default: cliquer on the PATH; Debian:
#                                  apt-get install cliquer)
#   MOMC=/path/MoMC                Li, Jiang and Manya's MoMC (MoMC2016.c built
#                                  with gcc -O3 -DMOMC): a column beside
#                                  (it reads the DIMACS file as it is)
#   GLASGOW=/path/glasgow_clique_solver
#                                  McCreesh's Glasgow clique solver (from
#                                  the Glasgow subgraph solver): a column
#                                  beside, run as glasgow_clique_solver
#                                  --format dimacs F
#   PMC=/path/pmc                  Rossi's pmc (github.com/ryanrossi/pmc):
#                                  a column beside, run as pmc -f F.mtx -a 0
#                                  -t 1 (the full exact search, one thread)
#                                  on the graph converted here to Matrix
#                                  Market (pmc reads .mtx, not DIMACS)
#   CLIQUE_TIMEOUT=S               each run's limit, default 120 seconds
#   BENCH_LARGE=1                  also G(800, 0.5) (about 9 s here, MoMC
#                                  about 28 s) and G(1000, 0.5) (about 50 s
#                                  here, MoMC about 100 s)
# The ratio column is the best of the others' times over ours (above 1:
# linkdance is faster than all of them).
set -u
: "${CLIQUE_SOLVE:?CLIQUE_SOLVE must name tests/bench/clique_solve}"
: "${BENCH_DIR:=bench-work}"
: "${CLIQUE_TIMEOUT:=120}"
: "${BENCH_LARGE:=}"
: "${BENCH_REPEAT:=1}"
CLIQUER=${CLIQUER-$(command -v cliquer || true)}
: "${MOMC:=}"
: "${GLASGOW:=}"
: "${PMC:=}"
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"
bench_need_time "make bench-clique"
mkdir -p "$BENCH_DIR/clique"
cd "$BENCH_DIR/clique" || exit 1

# name and clique_solve gen arguments
GRAPHS="hamming8-4:hamming_8_4 hamming10-2:hamming_10_2 johnson16-2-4:johnson_16_2_4 keller4:keller_4
G(200,0.8):random_200_0.8_1 G(200,0.9):random_200_0.9_1 G(500,0.5):random_500_0.5_1 G(1000,0.3):random_1000_0.3_1"
[ -n "$BENCH_LARGE" ] && GRAPHS="$GRAPHS G(800,0.5):random_800_0.5_1 G(1000,0.5):random_1000_0.5_1"

# cpu OUT CMD... : CPU seconds of CMD (stdout to OUT) in T, or ">limit"
# when it ran out of time (lib.sh's measure, the best of BENCH_REPEAT).
cpu() {
	local out=$1
	shift
	IN=/dev/null LIMIT=$CLIQUE_TIMEOUT BENCH_CLOCK=cpu measure "$1" "$@"
	printf '%s\n' "$OUT" >"$out"
}

best3() { # the smallest of its numeric arguments, or -
	printf '%s\n' "$@" | awk '/^[0-9.]+$/ { if (b == "" || $1 + 0 < b + 0) b = $1 } END { print (b == "" ? "-" : b) }'
}

# check NAME SIZE: agree stays yes while every answer is ours (T, the
# run's time, ">..." when it was cut off: no answer to check)
check() {
	case $T in
	">"*) ;;
	*)
		if [ -z "$2" ]; then
			agree="$agree $1?"
		elif [ "$2" != "$omega" ] || [ "$valid" != yes ]; then
			agree="NO ($1 $2)"
		fi
		;;
	esac
}

echo "== maximum clique: CPU seconds, linkdance (branch and bound) beside cliquer -u, MoMC, Glasgow and pmc"
[ -n "$CLIQUER" ] || echo "   cliquer was not found (Debian: apt-get install cliquer): left out"
[ -n "$MOMC" ] || echo "   MOMC not given: left out"
[ -n "$GLASGOW" ] || echo "   GLASGOW not given: left out"
[ -n "$PMC" ] || echo "   PMC not given: left out"
printf '%-14s %5s %8s %5s %10s %10s %8s %8s %8s %8s %8s %s\n' graph n edges omega linkdance nodes cliquer MoMC Glasgow \
	pmc best/ours agree
for entry in $GRAPHS; do
	name=${entry%%:*}
	args=${entry#*:}
	file=${args}.clq
	# Hamming and Johnson graphs come with their groups, as linkdance's
	# generate graph writes them (c automorphism lines), and linkdance
	# searches with them (marked * below).  The others are given the same
	# graph without those lines: MoMC misreads them.
	case $args in
	hamming* | johnson*)
		sym=--sym
		[ -s "sym-$file" ] || "$CLIQUE_SOLVE" gen --sym ${args//_/ } >"sym-$file" || exit 1
		[ -s "$file" ] || grep -v '^c automorphism' "sym-$file" >"$file"
		;;
	*)
		sym=
		[ -s "$file" ] || "$CLIQUE_SOLVE" gen ${args//_/ } >"$file" || exit 1
		;;
	esac
	read -r _ _ n m < <(grep '^p' "$file")
	if [ -n "$sym" ]; then
		cpu ours.txt "$CLIQUE_SOLVE" --sym "sym-$file"
		name="$name*"
	else
		cpu ours.txt "$CLIQUE_SOLVE" "$file"
	fi
	ours=$T
	omega=$(clique_size ours)
	nodes=$(sed -n 's/^nodes: //p' ours.txt)
	valid=$(sed -n 's/^is a clique: //p' ours.txt)
	agree=yes
	[ -n "$omega" ] || agree=-
	cq=- mo=- gl=- pm=-
	if [ -n "$CLIQUER" ]; then
		cpu theirs.txt "$CLIQUER" -u -q -q "$file"
		cq=$T
		[ "$agree" = - ] || check cliquer "$(clique_size cliquer)"
	fi
	if [ -n "$MOMC" ]; then
		# MoMC's exit status is not its success: its answer line is
		OK_STATUS='^s Instance' cpu theirs.txt "$MOMC" "$file"
		mo=$T
		[ "$agree" = - ] || check MoMC "$(clique_size MoMC)"
	fi
	if [ -n "$GLASGOW" ]; then
		cpu theirs.txt "$GLASGOW" --format dimacs "$file"
		gl=$T
		[ "$agree" = - ] || check Glasgow "$(sed -n 's/^omega = //p' theirs.txt)"
	fi
	if [ -n "$PMC" ]; then
		mtx=${args}.mtx
		# Matrix Market, symmetric: the lower triangle, row above column
		[ -s "$mtx" ] || awk '/^p/ { print "%%MatrixMarket matrix coordinate pattern symmetric"; print $3, $3, $4 }
			/^e/ { u = $2; v = $3; if (u < v) { t = u; u = v; v = t } print u, v }' "$file" >"$mtx"
		cpu theirs.txt "$PMC" -f "$mtx" -a 0 -t 1
		pm=$T
		[ "$agree" = - ] || check pmc "$(clique_size pmc)"
	fi
	best=$(best3 "$cq" "$mo" "$gl" "$pm")
	printf '%-14s %5s %8s %5s %10s %10s %8s %8s %8s %8s %8s %s\n' "$name" "$n" "$m" "${omega:--}" "$ours" "${nodes:--}" \
		"$cq" "$mo" "$gl" "$pm" "$(ratio "$best" "$ours")" "$agree"
done
echo "   * linkdance given the graph's automorphisms, as generate graph writes them (orbital"
echo "     branching); the others the same graph without them"
echo "   (reference figures, CPU s, this machine class: hamming10-2 cliquer 0.10, MoMC 17.2, pmc 1.31;"
echo "    G(500,0.5) cliquer 3.4, MoMC 0.84, pmc 1.14; G(200,0.9) cliquer >300, MoMC 3.18, pmc 136;"
echo "    G(1000,0.5) MoMC 98.5, cliquer and pmc >60)"

# ---- the symmetry found by itself ------------------------------------------
# The same graphs as linkdance solve clique meets them: a file with the
# generator's c automorphism / c block lines, the same file with every c
# line taken out (the group computed by Traces, clique_aut.h), and cliquer
# on the plain file; best of 3, interleaved.  "group" is Traces' part
# alone (clique_solve --aut-only, the mean of many runs).  LINKDANCE
# names the program (make bench-clique gives it); without it the table
# is left out.
: "${LINKDANCE:=}"
if [ -z "$LINKDANCE" ]; then
	echo "   LINKDANCE not given: the symmetry table is left out"
	exit 0
fi
SYM_GRAPHS="hamming8-4:hamming_8_4 johnson16-2-4:johnson_16_2_4 hamming9-4:hamming_9_4 keller4:keller_4"
[ -n "$BENCH_LARGE" ] && SYM_GRAPHS="$SYM_GRAPHS keller5:keller_5"
echo
echo "== the symmetry found by itself: CPU seconds of linkdance solve clique, best of 3"
printf '%-14s %5s %5s %9s %9s %9s %9s %8s %15s %s\n' graph n omega "lines" plain group cliquer "cq/plain" order agree
for entry in $SYM_GRAPHS; do
	name=${entry%%:*}
	args=${entry#*:}
	set -- ${args//_/ }
	lines=lines-${args}.clq plain=plain-${args}.clq
	[ -s "$lines" ] || "$LINKDANCE" generate graph --"$1" "${@:2}" >"$lines" || exit 1
	[ -s "$plain" ] || grep -v '^c ' "$lines" >"$plain"
	read -r _ _ n _ < <(grep '^p' "$plain")
	# a program cut off once is not run again: three limits prove nothing more
	tl=() tp=() tc=()
	for r in 1 2 3; do
		if [ "${tl[0]:-}" != ">$CLIQUE_TIMEOUT" ]; then
			cpu ours-lines.txt "$LINKDANCE" solve clique "$lines"
			tl+=("$T")
		fi
		if [ "${tp[0]:-}" != ">$CLIQUE_TIMEOUT" ]; then
			cpu ours-plain.txt "$LINKDANCE" solve clique "$plain"
			tp+=("$T")
		fi
		if [ -n "$CLIQUER" ] && [ "${tc[0]:-}" != ">$CLIQUE_TIMEOUT" ]; then
			cpu theirs.txt "$CLIQUER" -u -q -q "$plain"
			tc+=("$T")
		fi
	done
	best_l=$(best3 "${tl[@]}") best_p=$(best3 "${tp[@]}") best_c=$(best3 "${tc[@]:--}")
	[ "$best_l" = - ] && best_l=">$CLIQUE_TIMEOUT"
	[ "$best_p" = - ] && best_p=">$CLIQUE_TIMEOUT"
	[ "$best_c" = - ] && best_c=">$CLIQUE_TIMEOUT"
	"$CLIQUE_SOLVE" --aut-only "$plain" >aut.txt
	group=$(sed -n 's/^group seconds: //p' aut.txt)
	order=$(sed -n 's/^group order: //p' aut.txt)
	# the answers: ours with and without the lines, cliquer's
	a=$(head -n 1 ours-lines.txt) b=$(head -n 1 ours-plain.txt)
	c=$(sed -n 's/^size=\([0-9]*\),.*/\1/p' theirs.txt 2>/dev/null | head -n 1)
	agree=yes
	[ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ] && agree="NO (lines $a, plain $b)"
	[ -n "$b" ] && [ -n "$c" ] && [ "$best_c" != ">$CLIQUE_TIMEOUT" ] && [ "$b" != "$c" ] && agree="NO (cliquer $c)"
	omega=${b:-${a:--}}
	printf '%-14s %5s %5s %9s %9s %9s %9s %8s %15s %s\n' "$name" "$n" "$omega" "$best_l" "$best_p" "$group" \
		"$best_c" "$(ratio "$best_c" "$best_p")" "${order#about }" "$agree"
	rm -f theirs.txt
done
echo "   lines: the file as generate graph writes it; plain: the same without its c lines;"
echo "   group: Traces' part of plain alone; cq/plain above 1: linkdance is faster"
