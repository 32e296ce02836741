#!/bin/sh
# The knapsack's exact solver on the five standard kinds, beside
# Pisinger's combo and minknap: each instance solved by all three, the
# optima compared, the solvers' own seconds (reading the file left out)
# and ours as a ratio to combo's (half a millisecond added to both, so
# that times below the clock's grain do not make the ratio).
#     make bench-knapsack COMBO_DIR=dir MINKNAP_DIR=dir
# COMBO_DIR holds combo.c and combo.h, MINKNAP_DIR minknap.c (their public
# sources; none of their code is part of linkdance).  Without them only our
# times are shown.  KNAPSACK_SIZES="n:range ..." sets the sizes.
set -u
: "${LINKDANCE:?}" "${KNAPSACK_GEN:?}"
sizes=${KNAPSACK_SIZES:-"1000:10000 10000:10000 10000:1000000"}
kinds="uncorrelated weakly strongly inverse subset-sum"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/knapsack-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
here=$(cd "$(dirname "$0")" && pwd)

build() { # NAME DIR FILE FLAGS
	[ -n "$2" ] && [ -f "$2/$3" ] || return 1
	cc -O2 -w $4 -I"$2" -o "$tmp/$1" "$here/knapsack_ref.c" "$2/$3" -lm
}
have_combo=no
have_minknap=no
build combo "${COMBO_DIR:-}" combo.c -DREF_COMBO && have_combo=yes
build minknap "${MINKNAP_DIR:-}" minknap.c "" && have_minknap=yes
echo "combo: ${COMBO_DIR:-not given} ($have_combo); minknap: ${MINKNAP_DIR:-not given} ($have_minknap)"
printf '%-13s %6s %8s %10s %10s %10s %8s  %s\n' kind n range linkdance combo minknap ratio optima
for size in $sizes; do
	n=${size%%:*}
	range=${size#*:}
	for kind in $kinds; do
		f="$tmp/$kind-$n-$range.txt"
		"$KNAPSACK_GEN" "$kind" "$n" "$range" 1 >"$f"
		# The solver's own seconds (--stats), as the drivers time theirs:
		# reading the file is left out of all three.
		ours=$(timeout "${KNAPSACK_TIMEOUT:-120}" "$LINKDANCE" solve knapsack --stats "$f" 2>"$tmp/stats" | head -1)
		ours_t=$(sed -n 's/^seconds: //p' "$tmp/stats")
		[ -n "$ours" ] || ours_t=timeout
		combo_z=- combo_t=-
		minknap_z=- minknap_t=-
		if [ $have_combo = yes ]; then
			set -- $(timeout "${KNAPSACK_TIMEOUT:-120}" "$tmp/combo" "$f" 2>/dev/null)
			[ $# -eq 2 ] && combo_z=$1 combo_t=$2
		fi
		if [ $have_minknap = yes ]; then
			set -- $(timeout "${KNAPSACK_TIMEOUT:-120}" "$tmp/minknap" "$f" 2>/dev/null)
			[ $# -eq 2 ] && minknap_z=$1 minknap_t=$2
		fi
		ratio=-
		[ "$combo_t" != - ] && [ "$ours_t" != timeout ] && ratio=$(awk -v a="$ours_t" -v b="$combo_t" 'BEGIN { printf "%.1f", (a + 0.0005) / (b + 0.0005) }')
		agree=same
		for z in $combo_z $minknap_z; do
			[ "$z" = - ] || [ "$z" = "$ours" ] || agree="DIFFER ($ours)"
		done
		[ "$combo_t" = - ] && [ $have_combo = yes ] && agree="$agree (combo failed)"
		printf '%-13s %6s %8s %10s %10s %10s %8s  %s\n' "$kind" "$n" "$range" "$ours_t" "$combo_t" "$minknap_t" "$ratio" "$agree"
	done
done
