#!/bin/sh
# The manual lists the keys the game has: every line of the key table
# (which the help screen shows) is in linkdance(6), KEYS.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
man="$top_srcdir/man/linkdance.6"
# the manual's text, its roff escapes undone
sed -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\\\/\\/g' "$man" >"$tmp/man.txt"
"$LINKDANCE" keys >"$tmp/keys.txt"
is "$?" 0 "linkdance keys prints the table"
n=0
tab=$(printf '\t')
while IFS= read -r line; do
	case $line in
	"$tab"*) ;;
	*)
		grep -qxF ".SS $line" "$tmp/man.txt"
		ok $? "the manual has the part '$line'"
		continue
		;;
	esac
	keys=$(printf '%s\n' "$line" | cut -f2)
	what=$(printf '%s\n' "$line" | cut -f3)
	n=$((n + 1))
	grep -qxF ".B $keys" "$tmp/man.txt" && grep -qxF "$what" "$tmp/man.txt"
	ok $? "the manual lists '$keys': $what"
done <"$tmp/keys.txt"
ok "$([ $n -ge 20 ] && echo 0 || echo 1)" "$n keys in the table"
# And nothing else: the manual's KEYS, part by part and key by key, is
# the table in its order, so that neither can drift from the other.
awk '/^\.SH KEYS/ { on = 1; next } on && /^\.SH / { exit }
	on && /^\.SS / { sub(/^\.SS /, ""); print; next }
	on && /^\.B / && tp { sub(/^\.B /, ""); keys = $0; getline; printf "\t%s\t%s\n", keys, $0; tp = 0; next }
	on { tp = /^\.TP/ }' "$tmp/man.txt" >"$tmp/man-keys.txt"
cmp -s "$tmp/man-keys.txt" "$tmp/keys.txt"
ok $? "bad_manual_keys: the manual's KEYS is the key table, no more and no less, in its order"
diff "$tmp/keys.txt" "$tmp/man-keys.txt" | sed 's/^/# /'
done_testing
