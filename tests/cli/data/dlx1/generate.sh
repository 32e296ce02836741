#!/bin/sh
# Writes the exact-cover problems of tests/cli/dlx1.sh, in Knuth's DLX
# format as his DLX1 reads it (item names of at most 8 characters, comment
# lines beginning with '|').  The .dlx files beside this script are its
# output and are committed; figures.txt holds DLX1's counts for them.
# Run it in this directory: sh generate.sh [LINKDANCE]
set -e
ld=${1:-linkdance}

# n queens: rows and columns primary, the diagonals secondary.
queens() { # N
	awk -v n="$1" 'BEGIN {
	printf "| %d queens: rows r and columns c primary, diagonals a and b secondary\n", n
	for (i = 0; i < n; i++) printf "r%d c%d ", i, i
	printf "|"
	for (i = 0; i < 2 * n - 1; i++) printf " a%d b%d", i, i
	printf "\n"
	for (r = 0; r < n; r++) for (c = 0; c < n; c++)
		printf "r%d c%d a%d b%d\n", r, c, r + c, r - c + n - 1
}'
}

# Langford pairs of 1..n: the two copies of k are k apart (k numbers
# between them), in 2n slots.  All items primary.
langford() { # N
	awk -v n="$1" 'BEGIN {
	printf "| Langford pairs, n = %d: numbers d, slots s\n", n
	for (k = 1; k <= n; k++) printf "d%d ", k
	for (j = 1; j <= 2 * n; j++) printf "s%d%s", j, j < 2 * n ? " " : "\n"
	for (k = 1; k <= n; k++) for (j = 1; j + k + 1 <= 2 * n; j++)
		printf "d%d s%d s%d\n", k, j, j + k + 1
}'
}

# The twelve pentominoes in every turn and reflection on an R x C board.
pentominoes() { # R C
	awk -v R="$1" -v C="$2" '
function place(name, cells,    t, i, k, n, r, c, rr, cc, mr, mc, key, seen, a, pr, pc, q, x, y, line) {
	n = split(cells, a, " ")
	for (i = 1; i <= n; i++) { split(a[i], q, ","); pr[i] = q[1]; pc[i] = q[2] }
	for (t = 0; t < 8; t++) {
		mr = 99; mc = 99
		for (i = 1; i <= n; i++) {
			r = pr[i]; c = pc[i]
			if (t >= 4) c = -c
			for (k = 0; k < t % 4; k++) { y = r; r = c; c = -y }
			rr[i] = r; cc[i] = c
			if (r < mr) mr = r
			if (c < mc) mc = c
		}
		# a canonical key: the cells sorted
		for (i = 1; i <= n; i++) { rr[i] -= mr; cc[i] -= mc; s[i] = rr[i] * 100 + cc[i] }
		for (i = 2; i <= n; i++) for (k = i; k > 1 && s[k - 1] > s[k]; k--) {
			y = s[k]; s[k] = s[k - 1]; s[k - 1] = y }
		key = ""
		for (i = 1; i <= n; i++) key = key " " s[i]
		if (key in seen) continue
		seen[key] = 1
		for (r = 0; r < R; r++) for (c = 0; c < C; c++) {
			line = name
			for (i = 1; i <= n; i++) {
				y = int(s[i] / 100) + r; x = s[i] % 100 + c
				if (y >= R || x >= C) break
				line = line sprintf(" r%dc%d", y, x)
			}
			if (i > n) print line
		}
	}
}
BEGIN {
	printf "| the twelve pentominoes on a %d x %d board\n", R, C
	split("F I L N P T U V W X Y Z", p, " ")
	for (i = 1; i <= 12; i++) printf "%s ", p[i]
	for (r = 0; r < R; r++) for (c = 0; c < C; c++)
		printf "r%dc%d%s", r, c, (r == R - 1 && c == C - 1) ? "\n" : " "
	place("F", "0,1 0,2 1,0 1,1 2,1")
	place("I", "0,0 1,0 2,0 3,0 4,0")
	place("L", "0,0 1,0 2,0 3,0 3,1")
	place("N", "0,1 1,1 2,0 2,1 3,0")
	place("P", "0,0 0,1 1,0 1,1 2,0")
	place("T", "0,0 0,1 0,2 1,1 2,1")
	place("U", "0,0 0,2 1,0 1,1 1,2")
	place("V", "0,0 1,0 2,0 2,1 2,2")
	place("W", "0,0 1,0 1,1 2,1 2,2")
	place("X", "0,1 1,0 1,1 1,2 2,1")
	place("Y", "0,1 1,0 1,1 2,1 3,1")
	place("Z", "0,0 0,1 1,1 2,1 2,2")
}'
}

# A shipped level as the game exports it, the level's path made relative.
level() { # FAMILY NAME
	"$ld" export "$1" "$2" | sed "1s|: .*/levels/|: levels/|"
}

queens 8 >queens8.dlx
langford 7 >langford7.dlx
pentominoes 3 20 >pent3x20.dlx
level kanoodle 1-01 >kanoodle-1-01.dlx
level kanoodle 4-12 >kanoodle-4-12.dlx
level iqfit 1-01 >iqfit-1-01.dlx
