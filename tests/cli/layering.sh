#!/bin/sh
# Issue 7: outside the tiling family's own module and view, nothing names
# the tilings; everything reaches them through struct puzzle and the
# registries (of families, and of their views).  Only sources are read: an
# in-tree build leaves objects and dependency files beside them.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

hits=$(cd "$top_srcdir" && grep -rn --include='*.[ch]' 'tiling_\|TILING_' src |
	grep -v '^src/puzzles/tiling' |
	grep -v '^src/puzzles/families\.c:' |
	grep -v '^src/puzzles/registry\.c:' |
	grep -v '^src/ui/tiling_view' |
	grep -v '^src/ui/views\.c:' |
	grep -v ':[0-9]*: */\?\*')  # comments may say where the tilings are
is "$hits" "" "the tilings are named only in their module, the registry and their view"
hits=$(cd "$top_srcdir" && grep -rn --include='*.[ch]' '"[^"]*kanoodle or iqfit' src | grep -v ':[0-9]*: */\?\*')
is "$hits" "" "no list of families is written out by hand"

# The same for Sudoku: the batch commands, the game and the utilities reach
# it through struct puzzle and its batch reader, never by name.
hits=$(cd "$top_srcdir" && grep -rni --include='*.[ch]' 'sudoku\|sdk_' src/cli src/game src/util src/main.c |
	grep -v ':[0-9]*: */\?\*')
is "$hits" "" "Sudoku is named by neither the batch commands nor the game"

done_testing
