# Exact-cover problems in Knuth's DLX format (item names of at most 8
# characters, comment lines beginning with '|'), as shell functions that
# write one on stdout.  Sourced by tests/cli/data/dlx1/generate.sh (the
# files DLX1's figures are checked on) and tests/bench/run.sh (make bench),
# so that both measure the very same problems.

# n queens: rows and columns primary, the diagonals secondary; with a
# second argument "columns", the columns secondary too (the same
# solutions: n queens in n rows with no two in a column fill every column,
# but three items in four are secondary).
queens() { # N [columns]
	awk -v n="$1" -v cs="${2:-}" 'BEGIN {
	if (cs == "columns") {
		printf "| %d queens: rows r primary, columns c and diagonals a and b secondary\n", n
		for (i = 0; i < n; i++) printf "r%d ", i
		printf "|"
		for (i = 0; i < n; i++) printf " c%d", i
	} else {
		printf "| %d queens: rows r and columns c primary, diagonals a and b secondary\n", n
		for (i = 0; i < n; i++) printf "r%d c%d ", i, i
		printf "|"
	}
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

# Polyominoes in every turn and reflection on an R x C board: SHAPES is
# a list of NAME=CELLS, CELLS the row,column pairs of the shape joined by
# '+'.  ONCE "once": each shape exactly once (a primary item per shape,
# named NAME, first on each of its options); otherwise each any number of
# times, and an option is its cells only.
polyominoes() { # R C ONCE SHAPES...
	R=$1 C=$2 once=$3
	shift 3
	awk -v R="$R" -v C="$C" -v once="$once" -v shapes="$*" '
function place(name, cells,    t, i, k, n, r, c, rr, cc, mr, mc, key, seen, a, pr, pc, q, x, y, line, s) {
	n = split(cells, a, "+")
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
			line = once == "once" ? name : ""
			for (i = 1; i <= n; i++) {
				y = int(s[i] / 100) + r; x = s[i] % 100 + c
				if (y >= R || x >= C) break
				line = line sprintf("%sr%dc%d", line == "" ? "" : " ", y, x)
			}
			if (i > n) print line
		}
	}
}
BEGIN {
	m = split(shapes, sh, " ")
	printf "| %s on a %d x %d board%s\n", shapes, R, C, once == "once" ? ", each once" : ""
	if (once == "once")
		for (i = 1; i <= m; i++) { split(sh[i], nv, "="); printf "%s ", nv[1] }
	for (r = 0; r < R; r++) for (c = 0; c < C; c++)
		printf "r%dc%d%s", r, c, (r == R - 1 && c == C - 1) ? "\n" : " "
	for (i = 1; i <= m; i++) { split(sh[i], nv, "="); place(nv[1], nv[2]) }
}'
}

# The twelve pentominoes, each once, on an R x C board.
pentominoes() { # R C
	polyominoes "$1" "$2" once F=0,1+0,2+1,0+1,1+2,1 I=0,0+1,0+2,0+3,0+4,0 L=0,0+1,0+2,0+3,0+3,1 \
		N=0,1+1,1+2,0+2,1+3,0 P=0,0+0,1+1,0+1,1+2,0 T=0,0+0,1+0,2+1,1+2,1 U=0,0+0,2+1,0+1,1+1,2 \
		V=0,0+1,0+2,0+2,1+2,2 W=0,0+1,0+1,1+2,1+2,2 X=0,1+1,0+1,1+1,2+2,1 Y=0,1+1,0+1,1+2,1+3,1 \
		Z=0,0+0,1+1,1+2,1+2,2 | sed "1s/.*/| the twelve pentominoes on a $1 x $2 board/"
}

# Tilings of an R x C board by the straight and the bent tromino, each
# any number of times.
trominoes() { # R C
	polyominoes "$1" "$2" any I=0,0+0,1+0,2 L=0,0+1,0+1,1
}

# Latin squares of order N whose first row is 0 1 .. N-1 (with "reduced",
# the first column too), one option per digit and placement of all its N
# copies (a permutation: the digit's column in each row, row 0's fixed):
# long options of N + 1 items, the digit's and its N cells'.
latin_by_digit() { # N [reduced]
	awk -v n="$1" -v reduced="${2:-}" '
function perms(k,    j, t, line) {
	if (k == n) {
		line = "d" d
		for (j = 0; j < n; j++) line = line sprintf(" r%dc%d", j, p[j])
		print line
		return
	}
	for (j = k; j < n; j++) {
		t = p[k]; p[k] = p[j]; p[j] = t
		if ((k > 0 || p[0] == d) && (reduced != "reduced" || k != d || p[k] == 0))
			perms(k + 1)
		t = p[k]; p[k] = p[j]; p[j] = t
	}
}
BEGIN {
	printf "| Latin squares of order %d, first row%s fixed: a digit d in all its cells at once\n", n,
		reduced == "reduced" ? " and column" : ""
	for (d = 0; d < n; d++) printf "d%d ", d
	for (r = 0; r < n; r++) for (c = 0; c < n; c++)
		printf "r%dc%d%s", r, c, (r == n - 1 && c == n - 1) ? "\n" : " "
	for (d = 0; d < n; d++) {
		for (j = 0; j < n; j++) p[j] = j
		perms(0)
	}
}'
}

# A chain of n forced moves: n items, each with one option of its own.
# One solution, n + 1 nodes; a search that pays for every item left at
# every node (DLX1 scans them for the shortest list) is quadratic in n.
chain() { # N
	awk -v n="$1" 'BEGIN {
	printf "| a chain of %d items, each with one option of its own\n", n
	for (i = 0; i < n; i++) printf "%si%d", i ? " " : "", i
	printf "\n"
	for (i = 0; i < n; i++) printf "i%d\n", i
	}'
}
