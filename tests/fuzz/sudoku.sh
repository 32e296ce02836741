#!/bin/sh
# Replays the Sudoku fuzz corpus (files of puzzles, descriptions with
# moves, saved games) through its harness.
exec "$top_builddir/tests/fuzz/fuzz_sudoku" "$top_srcdir/tests/fuzz/corpus/sudoku"
