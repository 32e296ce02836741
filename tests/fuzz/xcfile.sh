#!/bin/sh
# Replays the xcfile fuzz corpus through its harness.
exec "$top_builddir/tests/fuzz/fuzz_xcfile" "$top_srcdir/tests/fuzz/corpus/xcfile"
