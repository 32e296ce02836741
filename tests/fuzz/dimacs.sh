#!/bin/sh
# Replays the DIMACS fuzz corpus (graphs, and text that is almost one)
# through its harness.
exec "$top_builddir/tests/fuzz/fuzz_dimacs" "$top_srcdir/tests/fuzz/corpus/dimacs"
