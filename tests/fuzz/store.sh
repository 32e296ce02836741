#!/bin/sh
# Replays the saved games and records fuzz corpus through its harness.
exec "$top_builddir/tests/fuzz/fuzz_store" "$top_srcdir/tests/fuzz/corpus/store"
