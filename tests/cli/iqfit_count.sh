#!/bin/sh
# The IQ Fit count, memoized on two threads.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
skip_if_debug "the IQ Fit count"
ld count iqfit --threads 2
is "$rc:$out" "0:67868848" "IQ Fit: 67868848 solutions"
done_testing
