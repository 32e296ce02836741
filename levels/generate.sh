#!/bin/sh
# Regenerates the shipped levels of the families named (all of them by
# default): twelve of each grade for the tilings and Number Mind (its
# secrets of 5 to 7 digits at grade 1, 7 to 9 at 2, 10 to 12 at 3, 13 to
# 16 at 4), twenty-five for Sudoku, ten for the clique puzzle, the
# knapsack and Range,
# each reproducible with the command written at its top; then the list
# that Makefile.am installs (levels.am), of every family's levels.
#     levels/generate.sh [path/to/linkdance [FAMILY...]]
set -eu
ld=$(cd "$(dirname "${1:-src/linkdance}")" && pwd)/$(basename "${1:-src/linkdance}")
[ $# -gt 0 ] && shift
cd "$(dirname "$0")"
families=${*:-kanoodle iqfit sudoku clique knapsack range numbermind}
for family in $families; do
	case $family in
	sudoku) per_grade=25 ;;
	clique) per_grade=10 ;;
	knapsack | range) per_grade=10 ;;
	*) per_grade=12 ;;
	esac
	mkdir -p "$family"
	rm -f "$family"/*.txt
	for grade in 1 2 3 4; do
		made=0
		seed=1
		while [ $made -lt $per_grade ]; do
			name=$(printf '%d-%02d' $grade $seed)
			case $family in
			numbermind) size="--digits $(( grade == 4 ? 13 + made % 4 : 5 + 2 * (grade - 1) + (grade == 3) + made % 3 ))" ;;
			*) size= ;;
			esac
			# shellcheck disable=SC2086
			if "$ld" generate $family --grade $grade $size --seed $seed >"$family/$name.txt" 2>/dev/null; then
				made=$((made + 1))
			else
				rm -f "$family/$name.txt"
			fi
			seed=$((seed + 1))
		done
	done
done
# Sudoku past 9x9: a few levels of each size, named by it, of the grade
# the generator gives at that size (past 12x12 nearly all need trial).
if echo " $families " | grep -q ' sudoku '; then
	# side, box shape (- for the default), grade, seed
	for spec in "6 - 1 1" "6 - 1 2" "6 3x2 1 1" "12 - 2 1" "12 - 2 2" "12 4x3 4 1" \
		"16 - 4 1" "16 - 4 2" "16 - 4 3" "25 - 4 1" "25 - 4 2"; do
		# shellcheck disable=SC2086
		set -- $spec
		box= shape="$1x$1"
		[ "$2" = - ] || box="--box $2" shape="$2"
		name=$(printf '%d-%s-%02d' "$3" "$shape" "$4")
		# shellcheck disable=SC2086
		"$ld" generate sudoku --grade "$3" --size "$1" $box --seed "$4" >"sudoku/$name.txt"
	done
fi
{
	echo "# The shipped levels, installed under \$(pkgdatadir)/levels."
	echo "# Made by levels/generate.sh (Automake cannot glob: every file is listed)."
	echo "nobase_dist_pkgdata_DATA = \\"
	for f in */*.txt; do
		echo "	levels/$f \\"
	done
} >levels.am
sed -i '$ s/ \\$//' levels.am
