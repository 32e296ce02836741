#!/bin/sh
# Replays the level fuzz corpus through its harness.
exec "$top_builddir/tests/fuzz/fuzz_level" "$top_srcdir/tests/fuzz/corpus/level"
