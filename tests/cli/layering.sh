#!/bin/sh
# One door per family: the batch commands, the game and the utilities
# reach every family the registry lists through struct puzzle (puzzle.h)
# and the registry, never by its own names or headers; only the family's
# module, its view and the registry name it.  Only sources are read: an
# in-tree build leaves objects and dependency files beside them.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
cd "$top_srcdir" || exit 1

ld --help
families=$(printf '%s\n' "$out" | sed -n 's/^  \([a-z0-9]*\) (.*)$/\1/p')
ok "$([ -n "$families" ] && echo 0 || echo 1)" "the registry lists the families: $(echo $families)"

# Code lines only: comments may say where a family is.
code() { grep -v ':[0-9]*:[[:space:]]*/\?\*'; }

# The views (and their own parts, tiling_view_layout.c) draw a family's
# states, so they may use its names; the screens around them may not.
is_view() {
	case $1 in
	src/ui/*_view.[ch] | src/ui/*_view_*.[ch] | src/ui/views.c | src/ui/graph_layout.[ch] | src/ui/braille.[ch]) return 0 ;;
	esac
	return 1
}
screens=$(for f in src/ui/*.[ch]; do is_view "$f" || echo "$f"; done)

# The names a header declares, its comments and includes left out.
declared() {
	awk '{
		line = $0
		while (line != "") {
			if (incomment) {
				end = index(line, "*/")
				if (!end) { line = ""; break }
				line = substr(line, end + 2); incomment = 0
			}
			start = index(line, "/*")
			if (!start) { print line; break }
			printf "%s", substr(line, 1, start - 1)
			line = substr(line, start + 2); incomment = 1
		}
	}' "$@" | grep -v '^[[:space:]]*#[[:space:]]*include' | grep -o '[A-Za-z_][A-Za-z0-9_]*' | sort -u
}

for family in $families; do
	# Its module: the file in src/puzzles/ whose table is called so; its
	# prefix names the module's other files.
	table=$(grep -l "\"$family\"" src/puzzles/*_puzzle.c | head -n 1)
	ok "$([ -n "$table" ] && echo 0 || echo 1)" "$family: its table is in ${table:-no *_puzzle.c}"
	[ -n "$table" ] || continue
	prefix=$(basename "$table" _puzzle.c)
	upper=$(echo "$prefix" | tr 'a-z' 'A-Z')

	# Its own names (those of its headers with its prefix), used nowhere
	# but in its module, its view and the registry.  Its engines' own
	# types (struct sudoku_grid) are the solver's, which its headers name
	# and which solver/ defines: the solver reads no family (its layer).
	names=$(declared src/puzzles/"$prefix"*.h | grep "^\(${prefix}_\|${upper}_\)")
	pattern=$(printf '%s\n' $names | paste -sd '|' -)
	hits=""
	if [ -n "$pattern" ]; then
		hits=$(grep -rnwE --include='*.[ch]' "$pattern" src | code |
			grep -v "^src/puzzles/$prefix" |
			grep -v '^src/puzzles/registry\.c:' |
			grep -v '^src/puzzles/families\.c:' |
			grep -v '^src/solver/' |
			while IFS= read -r hit; do is_view "${hit%%:*}" || echo "$hit"; done)
	fi
	is "$hits" "" "$family ($prefix): its names are used only by its module, its view and the registry"

	# Not named at all by the batch commands, the game, the utilities or
	# the screens.  --help's --threads line says what it splits: a
	# clique search among them.
	# shellcheck disable=SC2086
	hits=$(grep -rniwE --include='*.[ch]' "$family|${prefix}_[a-z_]*" src/cli src/game src/util src/main.c $screens |
		code | grep -v '^src/cli/cli\.c:[0-9]*:.*--threads N .*clique search')
	is "$hits" "" "$family ($prefix): named by neither the batch commands, the game nor the screens"
done

hits=$(grep -rn --include='*.[ch]' '"[^"]*kanoodle or iqfit' src | code)
is "$hits" "" "no list of families is written out by hand"

# The batch commands and the screens include no solver header and no
# family's own header: puzzle.h (the table and the registry) is the door.
# shellcheck disable=SC2086
hits=$(grep -n '^#[[:space:]]*include[[:space:]]*"\(solver/\|puzzles/\)' src/cli/*.[ch] $screens |
	grep -v '"puzzles/puzzle\.h"')
is "$hits" "" "src/cli and the screens include puzzles/puzzle.h alone of the solver and the families"

done_testing
