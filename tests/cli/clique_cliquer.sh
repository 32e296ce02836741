#!/bin/sh
# solve clique against Debian's cliquer (cliquer -u, unweighted) on random
# graphs G(n, p) of every density the branch and bound treats its own way
# (below 0.78 the colouring alone, from 0.78 unit propagation over the
# colour classes, from 0.85 re-colouring and failed literals too): the
# same clique number, and the clique given is one.  Skipped when cliquer is
# not installed (Debian: apt-get install cliquer).
. "${srcdir:-.}/tests/cli/lib.sh"
skip_if_debug "clique against cliquer"
CLIQUER=${CLIQUER-$(command -v cliquer || true)}
if [ -z "$CLIQUER" ]; then
	echo "1..0 # SKIP cliquer is not installed"
	exit 0
fi

# is_clique FILE VERTICES: every two of VERTICES joined by an edge of FILE
is_clique() {
	awk -v list="$2" 'BEGIN { k = split(list, v, " ") }
		$1 == "e" { E[$2 " " $3] = 1; E[$3 " " $2] = 1 }
		END {
			for (i = 1; i <= k; i++)
				for (j = i + 1; j <= k; j++)
					if (!((v[i] " " v[j]) in E)) exit 1
		}' "$1"
}

graphs=0 disagree=0 bad=0 list=
for spec in "150 0.1" "120 0.3" "100 0.5" "80 0.65" "70 0.78" "60 0.82" "60 0.86" "55 0.9" "50 0.95"; do
	set -- $spec
	for seed in 1 2 3 4 5 6 7 8; do
		"$LINKDANCE" generate graph --random "$1" "$2" --seed "$seed" >"$tmp/g.col" || exit 1
		ours=$("$LINKDANCE" solve clique "$tmp/g.col")
		omega=$(echo "$ours" | head -n 1)
		theirs=$("$CLIQUER" -u -q -q "$tmp/g.col" | sed -n 's/^size=\([0-9]*\),.*/\1/p' | head -n 1)
		graphs=$((graphs + 1))
		if [ "$omega" != "$theirs" ]; then
			disagree=$((disagree + 1))
			list="$list G($1,$2)#$seed:$omega/$theirs"
		fi
		clique=$(echo "$ours" | sed -n 2p)
		if [ "$(echo "$clique" | wc -w)" != "$omega" ] || ! is_clique "$tmp/g.col" "$clique"; then
			bad=$((bad + 1))
		fi
	done
done
is "$disagree" 0 "$graphs random graphs, p = 0.1 .. 0.95: cliquer's clique number${list:+ (not:$list)}"
is "$bad" 0 "each clique given is a clique of that size"
done_testing
