#!/bin/sh
# Regenerates the shipped levels: twelve of each grade for each family,
# each reproducible with the command written at its top, and the list
# that Makefile.am installs (levels.am).
#     levels/generate.sh [path/to/linkdance]
set -eu
ld=$(cd "$(dirname "${1:-src/linkdance}")" && pwd)/$(basename "${1:-src/linkdance}")
cd "$(dirname "$0")"
per_grade=12
{
	echo "# The shipped levels, installed under \$(pkgdatadir)/levels."
	echo "# Made by levels/generate.sh (Automake cannot glob: every file is listed)."
	echo "nobase_dist_pkgdata_DATA = \\"
} >levels.am
for family in kanoodle iqfit; do
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
	for f in "$family"/*.txt; do
		echo "	levels/$f \\"
	done >>levels.am
done
sed -i '$ s/ \\$//' levels.am
