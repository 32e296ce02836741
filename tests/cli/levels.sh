#!/bin/sh
# Every shipped level parses, has exactly one way to finish, is of the
# grade it says, and is what the generator makes from its seed.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

# The grade as `linkdance grade` says it: "grade: N" for a level of a
# tiling, "N NODES" for each puzzle of a family read in puzzle lines.
measured_grade() {
	printf '%s\n' "$1" | sed -n 's/^grade: //p; s/^\([1-4]\) [0-9]*$/\1/p'
}

for family in kanoodle iqfit sudoku; do
	case $family in
	sudoku) want=100 per_grade=25 ;;
	*) want=48 per_grade=12 ;;
	esac
	n=0
	for f in "$top_srcdir"/levels/$family/*.txt; do
		n=$((n + 1))
		name=$(basename "$f" .txt)
		ld count $family "$f"
		is "$rc:$out:$err" "0:1:" "$family $name: one way to finish"
		grade=$(sed -n 's/^grade //p' "$f")
		seed=$(sed -n 's/^seed //p' "$f")
		ld grade $family "$f"
		is "$(measured_grade "$out")" "$grade" "$family $name: measured grade $grade"
		"$LINKDANCE" generate $family --grade "$grade" --seed "$seed" >"$tmp/gen.txt"
		cmp -s "$tmp/gen.txt" "$f"
		ok $? "$family $name: linkdance generate $family --grade $grade --seed $seed makes it"
	done
	ok "$([ $n -ge $want ] && echo 0 || echo 1)" "$family: $n levels ($want or more)"
	for g in 1 2 3 4; do
		k=$(grep -l "^grade $g\$" "$top_srcdir"/levels/$family/*.txt | wc -l)
		ok "$([ "$k" -ge $per_grade ] && echo 0 || echo 1)" "$family: $k levels of grade $g"
	done
done
done_testing
