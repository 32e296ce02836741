#!/bin/sh
# The IQ Fit count, memoized on two threads, in a terminal: the progress
# line is shown while it runs and erased before the result.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
skip_if_debug "the IQ Fit count"

script -qec "$LINKDANCE count iqfit --threads 2" "$tmp/typescript" >/dev/null 2>&1
is "$?" 0 "IQ Fit count in a terminal: exit 0"
last=$(tr '\r' '\n' <"$tmp/typescript" | sed 's/\x1b\[K//g' | grep -v -e '^$' -e '^Script ' | tail -n 1)
is "$last" 67868848 "IQ Fit: 67868848 solutions"
grep -q '% of the tree, [0-9]* solutions, [0-9:]* spent, about [0-9:?]* left' "$tmp/typescript"
ok $? "a progress line was shown on the terminal"

# Not a terminal: nothing but the count.
ld count iqfit "$top_srcdir/levels/iqfit/1-01.txt"
is "$out:$err" "1:" "off a terminal, no progress: the count alone"
done_testing
