#!/bin/sh
# The IQ Fit count, memoized on two threads, in a terminal: the progress
# line is shown while it runs and erased before the result.  By the
# shortest item, which takes some seconds (by the first cell it may end
# before the line's first second).
. "${top_srcdir:-../..}/tests/cli/lib.sh"
skip_if_debug "the IQ Fit count"

# A count that never ends is stopped (status 124) rather than hang the suite
# (--foreground: script may read the terminal make check runs in).
timeout --foreground 900 script -qec "$LINKDANCE count iqfit --branch mrv --threads 2" "$tmp/typescript" >/dev/null 2>&1
is "$?" 0 "IQ Fit count in a terminal: exit 0"
last=$(tr '\r' '\n' <"$tmp/typescript" | sed 's/\x1b\[K//g' | grep -v -e '^$' -e '^Script ' | tail -n 1)
is "$last" 67868848 "IQ Fit: 67868848 solutions"
sed 's/\x1b\[K//g' "$tmp/typescript" | tr '\r' '\n' | grep -q '^ *[0-9.]*% of the layers, [0-9]* solutions, [0-9:]* spent$'
ok $? "a progress line was shown on the terminal (by layers: the share of the layers taken, no time left guessed)"

# Not a terminal: nothing but the count.
ld count iqfit "$top_srcdir/levels/iqfit/1-01.txt"
is "$out:$err" "1:" "off a terminal, no progress: the count alone"
done_testing
