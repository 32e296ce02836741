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
		# a Sudoku of another size: the --size and --box of its first line
		size=$(sed -n '1s/^# linkdance generate [a-z]* --grade [0-9]*\( --size [0-9]*\)\{0,1\}\( --box [0-9x]*\)\{0,1\} --seed .*/\1\2/p' "$f")
		# shellcheck disable=SC2086
		"$LINKDANCE" generate $family --grade "$grade" $size --seed "$seed" >"$tmp/gen.txt"
		cmp -s "$tmp/gen.txt" "$f"
		ok $? "$family $name: linkdance generate $family --grade $grade$size --seed $seed makes it"
	done
	ok "$([ $n -ge $want ] && echo 0 || echo 1)" "$family: $n levels ($want or more)"
	for g in 1 2 3 4; do
		k=$(grep -l "^grade $g\$" "$top_srcdir"/levels/$family/*.txt | wc -l)
		ok "$([ "$k" -ge $per_grade ] && echo 0 || echo 1)" "$family: $k levels of grade $g"
	done
done
# A finished board is its own solution, printed with exit 0, as count and
# grade see it too (bad_full_board).
for family in kanoodle iqfit; do
	{ echo "family $family"; echo board; "$LINKDANCE" solve $family; } >"$tmp/full.txt"
	ld solve $family "$tmp/full.txt"
	is "$rc:$out" "0:$(sed 1,2d "$tmp/full.txt")" "bad_full_board: $family: a full board solves as itself"
	ld count $family "$tmp/full.txt"
	is "$rc:$out" "0:1" "bad_full_board: $family: and counts one way"
done

# A level that cannot be finished is refused by every command, at the line
# of its board (bad_unfinishable_level).
sed 's/^\.\.\.\.\.\.9/11....9/' "$top_srcdir/levels/sudoku/3-04.txt" >"$tmp/s.txt"
printf 'family kanoodle\nboard\n.LL........\n.LL........\nOOO........\n..O........\n...........\n' >"$tmp/k.txt"
printf 'family iqfit\nboard\n..........\n......KKKK\n........K.\n..........\n..........\n' >"$tmp/q.txt"
for case in sudoku:s:8 kanoodle:k:3 iqfit:q:3; do
	family=${case%%:*} file=$tmp/$(echo "$case" | cut -d: -f2).txt line=${case##*:}
	for verb in solve count grade estimate export; do
		ld $verb $family "$file"
		is "$rc:$out:$err" "1::linkdance: $file:$line: this level cannot be finished" \
			"bad_unfinishable_level: $verb $family refuses it"
	done
done
cat "$tmp/s.txt" | "$LINKDANCE" count sudoku - >"$tmp/out" 2>"$tmp/err"
is "$?:$(cat "$tmp/out"):$(cat "$tmp/err")" "1::linkdance: (stdin):8: this level cannot be finished" \
	"bad_unfinishable_level: a level on standard input too"
done_testing
