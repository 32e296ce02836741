#!/bin/sh
# The Kanoodle count, whole and with one piece fixed, by every route.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
skip_if_debug "counting Kanoodle"

ld count kanoodle
is "$rc:$out" "0:371020" "Kanoodle: 371020 solutions"
ld count kanoodle --memo-mb 1 --stats
is "$out" 371020 "with a memo cache too small for it, still 371020"
case $err in *"memo cache: too small to help"*"counted without it"*) s=0 ;; *) s=1 ;; esac
ok $s "bad_memo_too_small: --stats says the cache was too small to help, and dropped"

# Shards, with the memo: the parts add up; a tiny shard costs its unit or
# two, not a walk of the whole tree (bad_tiny_shards).
for k in 1 2 3 4 5; do
	"$LINKDANCE" count kanoodle --shard $k/5 >>"$tmp/parts5"
done
is "$("$LINKDANCE" sum "$tmp/parts5")" 371020 "five shards with the memo add up to 371020"
for k in 1 1000000; do
	ld count kanoodle --shard $k/1000000 --stats
	units=$(printf '%s\n' "$err" | sed -n 's/^split: \([0-9]*\) units at level [0-9]*$/\1/p')
	case $out in *" (part $k/1000000)") s=0 ;; *) s=1 ;; esac
	ok "$([ $s = 0 ] && [ "$rc" = 0 ] && [ -n "$units" ] && [ "$units" -le 262144 ] && echo 0 || echo 1)" \
		"bad_tiny_shards: part $k of a million: $out, of $units units"
done

# The 40 places of the 2x2 LightGreen piece split the Kanoodle solutions.
sum=0
r=0
while [ $r -lt 4 ]; do
	c=0
	while [ $c -lt 10 ]; do
		awk -v r=$r -v c=$c 'BEGIN {
			print "family kanoodle"; print "board"
			for (i = 0; i < 5; i++) {
				s = ""
				for (j = 0; j < 11; j++)
					s = s ((i == r || i == r + 1) && (j == c || j == c + 1) ? "L" : ".")
				print s
			}
		}' >"$tmp/L.txt"
		n=$("$LINKDANCE" count kanoodle "$tmp/L.txt")
		sum=$((sum + n))
		[ $r -eq 1 ] && [ $c -eq 3 ] && one=$n
		c=$((c + 1))
	done
	r=$((r + 1))
done
is "$sum" 371020 "Kanoodle with LightGreen fixed, over its 40 places: 371020 in all"
awk 'BEGIN { print "family kanoodle"; print "board"; print "..........."; print "...LL......"
	print "...LL......"; print "..........."; print "..........." }' >"$tmp/L13.txt"
ld count kanoodle "$tmp/L13.txt" --memo off --branch mrv
is "$out" "$one" "with one piece fixed, plain search agrees with the memo ($one)"
"$LINKDANCE" export kanoodle "$tmp/L13.txt" >"$tmp/L13.dlx"
ld xc --count "$tmp/L13.dlx"
is "$out" "$one" "and so does xc on the exported position"
ld count kanoodle "$tmp/L13.txt" --threads 2
is "$out" "$one" "and two threads"

done_testing
