#!/bin/sh
# Every shipped level parses, has exactly one way to finish, is of the
# grade it says, and is what the generator makes from its seed.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

for family in kanoodle iqfit; do
	n=0
	for f in "$top_srcdir"/levels/$family/*.txt; do
		n=$((n + 1))
		name=$(basename "$f" .txt)
		ld count $family "$f"
		is "$rc:$out:$err" "0:1:" "$family $name: one way to finish"
		grade=$(sed -n 's/^grade //p' "$f")
		seed=$(sed -n 's/^seed //p' "$f")
		ld grade $family "$f"
		is "$(printf '%s\n' "$out" | sed -n 's/^grade: //p')" "$grade" "$family $name: measured grade $grade"
		"$LINKDANCE" generate $family --grade "$grade" --seed "$seed" >"$tmp/gen.txt"
		cmp -s "$tmp/gen.txt" "$f"
		ok $? "$family $name: linkdance generate $family --grade $grade --seed $seed makes it"
	done
	ok "$([ $n -ge 48 ] && echo 0 || echo 1)" "$family: $n levels (48 or more)"
	for g in 1 2 3 4; do
		k=$(grep -l "^grade $g\$" "$top_srcdir"/levels/$family/*.txt | wc -l)
		ok "$([ "$k" -ge 12 ] && echo 0 || echo 1)" "$family: $k levels of grade $g"
	done
done
done_testing
