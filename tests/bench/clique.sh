#!/usr/bin/env bash
# make bench-clique: maximum clique, CPU seconds of linkdance's branch and
# bound (tests/bench/clique_solve) beside Debian's cliquer (cliquer -u,
# unweighted), on graphs generated here as the DIMACS challenge defines
# them (clique_solve gen) and random G(n, p) from fixed seeds.  The
# answers are checked to agree.  CPU seconds are user + system of the
# whole process (reading the file included) by GNU time.
#
#   CLIQUE_SOLVE=.../clique_solve  (make bench-clique gives it)
#   CLIQUER=/path/cliquer          (default: cliquer on the PATH; Debian:
#                                  apt-get install cliquer)
#   CLIQUE_TIMEOUT=S               each run's limit, default 120 seconds
#   BENCH_LARGE=1                  also G(1000, 0.5) (about 100 s here)
set -u
: "${CLIQUE_SOLVE:?CLIQUE_SOLVE must name tests/bench/clique_solve}"
: "${BENCH_DIR:=bench-work}"
: "${CLIQUE_TIMEOUT:=120}"
: "${BENCH_LARGE:=}"
CLIQUER=${CLIQUER-$(command -v cliquer || true)}
TIME=/usr/bin/time
if [ ! -x $TIME ]; then
	echo "make bench-clique needs GNU time (Debian: apt-get install time)" >&2
	exit 1
fi
mkdir -p "$BENCH_DIR/clique"
cd "$BENCH_DIR/clique" || exit 1

# name and clique_solve gen arguments
GRAPHS="hamming8-4:hamming_8_4 hamming10-2:hamming_10_2 johnson16-2-4:johnson_16_2_4 keller4:keller_4
G(200,0.8):random_200_0.8_1 G(200,0.9):random_200_0.9_1 G(500,0.5):random_500_0.5_1 G(1000,0.3):random_1000_0.3_1"
[ -n "$BENCH_LARGE" ] && GRAPHS="$GRAPHS G(1000,0.5):random_1000_0.5_1"

# cpu OUT CMD... : CPU seconds of CMD (stdout to OUT) in T, or ">limit"
# when it ran out of time
cpu() {
	local out=$1
	shift
	if timeout "$CLIQUE_TIMEOUT" $TIME -f "%U %S" -o time.txt "$@" >"$out" 2>err.txt; then
		T=$(tail -n 1 time.txt | awk '{ printf "%.2f", $1 + $2 }')
	else
		T=">$CLIQUE_TIMEOUT"
	fi
}

ratio() { # A B: A / B, or - if either is not a number
	awk -v a="$1" -v b="$2" 'BEGIN { if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/) print "-";
		else if (a + 0 == 0 || b + 0 == 0) print "-"; else printf "%.2f", a / b }'
}

echo "== maximum clique: CPU seconds, linkdance (branch and bound) and cliquer -u"
[ -n "$CLIQUER" ] || echo "   cliquer was not found (Debian: apt-get install cliquer): left out"
printf '%-14s %6s %8s %6s %10s %12s %10s %15s %s\n' graph n edges omega linkdance nodes cliquer cliquer/ours agree
for entry in $GRAPHS; do
	name=${entry%%:*}
	args=${entry#*:}
	file=${args}.clq
	[ -s "$file" ] || "$CLIQUE_SOLVE" gen ${args//_/ } >"$file" || exit 1
	read -r _ _ n m < <(grep '^p' "$file")
	cpu ours.txt "$CLIQUE_SOLVE" "$file"
	ours=$T
	omega=$(sed -n 's/^omega: //p' ours.txt)
	nodes=$(sed -n 's/^nodes: //p' ours.txt)
	valid=$(sed -n 's/^is a clique: //p' ours.txt)
	theirs=-
	agree=-
	if [ -n "$CLIQUER" ]; then
		cpu theirs.txt "$CLIQUER" -u -q -q "$file"
		theirs=$T
		size=$(sed -n 's/^size=\([0-9]*\),.*/\1/p' theirs.txt | head -n 1)
		if [ -n "$size" ] && [ -n "$omega" ]; then
			[ "$size" = "$omega" ] && [ "$valid" = yes ] && agree=yes || agree="NO ($size)"
		fi
	fi
	printf '%-14s %6s %8s %6s %10s %12s %10s %15s %s\n' "$name" "$n" "$m" "${omega:--}" "$ours" "${nodes:--}" \
		"$theirs" "$(ratio "$theirs" "$ours")" "$agree"
done
echo "   (reference figures, CPU s, other machines: hamming10-2 cliquer 0.10; G(500,0.5) cliquer 3.4,"
echo "    MoMC 0.84; G(200,0.9) cliquer >300, MoMC 3.18; G(1000,0.5) MoMC 98.5)"
