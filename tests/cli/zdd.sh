#!/bin/sh
# linkdance xc on the diagram of all solutions: --count --algo zdd equal
# to the search's count, --frequencies, --sample, and the usage errors.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

# 8 queens: rows and columns primary, diagonals secondary.
awk 'BEGIN {
	n = 8
	for (i = 0; i < n; i++) printf "r%d c%d ", i, i
	printf "|"
	for (i = 0; i < 2 * n - 1; i++) printf " a%d b%d", i, i
	printf "\n"
	for (r = 0; r < n; r++) for (c = 0; c < n; c++)
		printf "r%d c%d a%d b%d\n", r, c, r + c, r - c + n - 1
}' >"$tmp/queens.dlx"
# Trominoes on 2x9: 41 tilings, 6 pieces each.
awk 'BEGIN {
	h = 2; w = 9
	for (r = 0; r < h; r++) for (c = 0; c < w; c++) printf "%s", (r || c ? " " : "") "x" r "y" c
	printf "\n"
	for (r = 0; r < h; r++) for (c = 0; c + 2 < w; c++) printf "x%dy%d x%dy%d x%dy%d\n", r, c, r, c + 1, r, c + 2
	for (c = 0; c + 1 < w; c++) {
		printf "x0y%d x0y%d x1y%d\n", c, c + 1, c
		printf "x0y%d x0y%d x1y%d\n", c, c + 1, c + 1
		printf "x0y%d x1y%d x1y%d\n", c, c, c + 1
		printf "x0y%d x1y%d x1y%d\n", c + 1, c, c + 1
	}
}' >"$tmp/trominoes.dlx"

for f in queens trominoes; do
	ld xc --count "$tmp/$f.dlx"
	want=$out
	ld xc --count --algo zdd "$tmp/$f.dlx"
	is "$rc:$out:$err" "0:$want:" "$f: --algo zdd counts $want, one line and nothing else"
done
is "$want" 41 "trominoes on 2x9: 41 tilings"

ld xc --count --algo zdd --stats "$tmp/queens.dlx"
case $err in *"zdd nodes: "*"states: "*"peak bytes: "*"bytes: "*"time: "*) s=0 ;; *) s=1 ;; esac
ok $s "--stats: the diagram's nodes, the states, the peak and its bytes, the time"

# Kanoodle levels: the diagram against the family's count.
for level in 1-01 3-01 5-01; do
	file="$LINKDANCE_LEVELS/kanoodle/$level.txt"
	[ -f "$file" ] || continue
	"$LINKDANCE" export kanoodle "$file" >"$tmp/k.dlx"
	ld xc --count "$tmp/k.dlx"
	want=$out
	ld xc --count --algo zdd "$tmp/k.dlx"
	is "$out" "$want" "Kanoodle level $level: $want, as the search counts"
done

# One piece placed, many ways to finish.
awk 'BEGIN { print "family kanoodle"; print "board"; print "..........."; print "...LL......"
	print "...LL......"; print "..........."; print "..........." }' >"$tmp/L13.txt"
"$LINKDANCE" export kanoodle "$tmp/L13.txt" >"$tmp/L13.dlx"
ld xc --count "$tmp/L13.dlx"
want=$out
ld xc --count --algo zdd "$tmp/L13.dlx"
is "$out" "$want" "Kanoodle with LightGreen placed: $want, as the search counts"
echo "$want" >"$tmp/L13.want"
ld xc --frequencies "$tmp/L13.dlx"
is "$(printf '%s\n' "$out" | awk '{ s += $1 } END { print s }')" "$((want * 11))" \
	"its frequencies add up to $want x 11 (the pieces left)"

ld xc --frequencies "$tmp/trominoes.dlx"
is "$rc" 0 "--frequencies: exit 0"
is "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" "$(($(wc -l <"$tmp/trominoes.dlx") - 1))" "one line an option"
is "$(printf '%s\n' "$out" | awk '{ s += $1 } END { print s }')" 246 "they add up to 41 x 6"
is "$(printf '%s\n' "$out" | head -n 1)" "$(printf '%s\n' "$out" | head -n 1 | cut -d' ' -f1) x0y0 x0y1 x0y2" \
	"each line: the count, then the option as in the file"

ld xc --sample 5 --seed 9 "$tmp/trominoes.dlx"
first=$out
is "$rc" 0 "--sample 5: exit 0"
is "$(printf '%s\n' "$out" | grep -c '^$')" 4 "five solutions, blank lines between them"
bad=$(printf '%s\n' "$out" | awk -v RS= '{
	delete seen; n = 0
	for (i = 1; i <= NF; i++) { if (seen[$i]++) bad++; n++ }
	if (n != 18) bad++
} END { print bad + 0 }')
is "$bad" 0 "each covers the 18 cells once"
ld xc --sample 5 --seed 9 "$tmp/trominoes.dlx"
is "$out" "$first" "the same seed, the same samples"
ld xc --sample 5 --seed 10 "$tmp/trominoes.dlx"
ok "$([ "$out" != "$first" ] && echo 0 || echo 1)" "another seed, others"

printf 'a b\na\n' >"$tmp/none.dlx"
ld xc --sample 1 "$tmp/none.dlx"
is "$rc" 1 "--sample with no solution: exit 1"
ld xc --count --algo zdd "$tmp/none.dlx"
is "$rc:$out" "0:0" "--count --algo zdd with no solution: 0"

ld xc --all --algo zdd "$tmp/queens.dlx"
is "$rc" 2 "--algo zdd with --all: a usage error"
ld xc --count --algo zdd --threads 2 "$tmp/queens.dlx"
is "$rc" 2 "--algo zdd with --threads: a usage error"
ld xc --count --algo sat "$tmp/queens.dlx"
is "$rc" 2 "--algo sat: a usage error"
ld xc --sample 0 "$tmp/queens.dlx"
is "$rc" 2 "--sample 0: a usage error"
ld xc --count --algo zdd --memo-mb 1 "$tmp/queens.dlx"
is "$rc" 0 "8 queens in 1 MB: room enough"

# count FAMILY --algo zdd: a level, and a file of Sudoku lines, counted on
# the diagram of their ways, as the family counts them.
for level in 1-01 3-01; do
	file="$LINKDANCE_LEVELS/kanoodle/$level.txt"
	[ -f "$file" ] || continue
	ld count kanoodle "$file"
	want=$out
	ld count kanoodle "$file" --algo zdd
	is "$rc:$out" "0:$want" "count kanoodle $level --algo zdd: $want, as the family counts"
done
ld count kanoodle "$tmp/L13.txt" --algo zdd --stats
is "$out" "$(cat "$tmp/L13.want")" "count kanoodle with LightGreen placed --algo zdd"
case $err in *"zdd nodes: "*) s=0 ;; *) s=1 ;; esac
ok $s "count --algo zdd --stats: the diagram's size"
ld count kanoodle "$tmp/L13.txt" --algo dlx
is "$rc" 2 "count kanoodle --algo dlx: a usage error (a level counts by memo or diagram)"
ld count kanoodle "$tmp/L13.txt" --algo zdd --threads 2
is "$rc" 2 "count kanoodle --algo zdd --threads 2: a usage error"

printf '%s\n' \
	'53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79' \
	'53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8...9' \
	'53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7' >"$tmp/s.txt"
ld count sudoku "$tmp/s.txt" --limit 1000
want=$(printf '%s\n' "$out" | head -n 2)
ld count sudoku "$tmp/s.txt" --algo zdd --stats
is "$rc" 1 "count sudoku --algo zdd on a file with a bad line: exit 1"
is "$out" "$want" "each good line counted on its diagram, as the search counts"
case $err in *":3: "*"81 characters"*"diagram nodes: "*) s=0 ;; *) s=1 ;; esac
ok $s "the bad line named at its line; --stats says the diagram's nodes"
head -n 1 "$tmp/s.txt" >"$tmp/s1.txt"
ld count sudoku "$tmp/s1.txt" --algo zdd --memo-mb 1
case $rc:$err in 0:*) s=0 ;; 1:*"s1.txt:1: its diagram outgrew the memory allowed"*) s=0 ;; *) s=1 ;; esac
ok $s "count sudoku --algo zdd in 1 MB: counted, or the line named as outgrowing it"

done_testing
