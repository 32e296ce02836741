#!/bin/sh
# Regenerates the shipped levels of the families named (all of them by
# default): twelve of each grade for the tilings, twenty-five for Sudoku,
# ten for the clique puzzle, the knapsack and Range,
# each reproducible with the command written at its top; then the list
# that Makefile.am installs (levels.am), of every family's levels.
#     levels/generate.sh [path/to/linkdance [FAMILY...]]
set -eu
ld=$(cd "$(dirname "${1:-src/linkdance}")" && pwd)/$(basename "${1:-src/linkdance}")
[ $# -gt 0 ] && shift
cd "$(dirname "$0")"
families=${*:-kanoodle iqfit sudoku clique knapsack range}
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
			if "$ld" generate $family --grade $grade --seed $seed >"$family/$name.txt" 2>/dev/null; then
				made=$((made + 1))
			else
				rm -f "$family/$name.txt"
			fi
			seed=$((seed + 1))
		done
	done
done
{
	echo "# The shipped levels, installed under \$(pkgdatadir)/levels."
	echo "# Made by levels/generate.sh (Automake cannot glob: every file is listed)."
	echo "nobase_dist_pkgdata_DATA = \\"
	for f in */*.txt; do
		echo "	levels/$f \\"
	done
} >levels.am
sed -i '$ s/ \\$//' levels.am
