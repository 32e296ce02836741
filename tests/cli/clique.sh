#!/bin/sh
# linkdance solve clique|independent-set FILE and generate graph: the
# benchmark families' clique numbers, every answer checked to be a clique
# (or an independent set) of the file, --all-maximal against a brute
# force, --threads against one thread, bad DIMACS at its FILE:LINE, and
# usage errors.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
skip_if_debug "clique"

gen() { "$LINKDANCE" generate graph "$@"; }

# is_set FILE K LINE KIND: LINE holds K vertices of FILE, increasing, each
# two joined by an edge (KIND clique) or by none (KIND independent).
is_set() {
	awk -v k="$2" -v line="$3" -v kind="$4" '
		$1 == "e" { E[$2 " " $3] = 1; E[$3 " " $2] = 1 }
		END {
			n = split(line, v, " ")
			if (n != k) exit 1
			for (i = 1; i <= n; i++)
				for (j = i + 1; j <= n; j++) {
					if (v[i] + 0 >= v[j] + 0) exit 1
					if (((v[i] " " v[j]) in E) != (kind == "clique")) exit 1
				}
		}' "$1"
}

# omega ARGS...: the two lines of solve clique on a generated graph,
# the second checked to be a clique of the first's size.
omega() { # NAME WANT GENERATOR-ARGS...
	name=$1 want=$2
	shift 2
	gen "$@" >"$tmp/g.col"
	ld solve clique "$tmp/g.col"
	first=$(echo "$out" | sed -n 1p)
	is "$rc $first" "0 $want" "$name: clique number $want"
	is_set "$tmp/g.col" "$first" "$(echo "$out" | sed -n 2p)" clique
	ok $? "$name: the second line is a clique of $first vertices"
}

# ---- the pipe of the manual, and the families --------------------------------
if command -v bash >/dev/null; then
	got=$(bash -c '"$1" solve clique <("$1" generate graph --hamming 8 4)' _ "$LINKDANCE" | head -1)
	is "$got" 16 "solve clique <(generate graph --hamming 8 4): 16 (process substitution)"
fi
got=$(gen --hamming 8 4 | "$LINKDANCE" solve clique - | head -1)
is "$got" 16 "generate graph --hamming 8 4 | solve clique -: 16"
got=$(gen --hamming 6 4 | "$LINKDANCE" solve clique /dev/stdin | head -1)
is "$got" 4 "/dev/stdin: hamming 6 4 has 4"

n=4
for a in 2 2 4 8 16 20 40; do
	omega "A($n, 4)" $a --hamming $n 4
	n=$((n + 1))
done
# A(10, 4) = 40 by the averaging bound: the block line the generator
# writes (the words with a 0 in the last place, hamming 9 4) gives
# A(10, 4) <= 2 A(9, 4) = 40, and a code of A(9, 4) extends to 40.
h104=$(gen --hamming 10 4)
is "$(printf '%s\n' "$h104" | grep -c '^c block ')" 1 "hamming 10 4 carries a block line"
is "$(printf '%s\n' "$h104" | grep '^c block ' | wc -w | tr -d ' ')" 514 "  of 512 vertices"
printf '%s\n' "$h104" | "$LINKDANCE" solve clique - --stats >"$tmp/h104.out" 2>"$tmp/h104.err"
is "$(head -1 "$tmp/h104.out")" 40 "generate graph --hamming 10 4 | solve clique -: A(10, 4) = 40, proven"
grep -q "^averaging bound over 2 blocks: 2 x 20 = 40$" "$tmp/h104.err"
ok $? "--stats: the averaging bound over 2 blocks, 2 x 20"
grep -q "^bound reached: " "$tmp/h104.err"
ok $? "--stats: the bound reached"
# Johnson's bound, and the bound on the complement (independent sets)
omega "johnson10-4-4" 30 --johnson 10 4 4
gen --johnson 10 4 4 | "$LINKDANCE" solve clique - --stats 2>&1 >/dev/null | grep -q "^averaging bound: 18 x 210 / 126 = 30$"
ok $? "--stats: johnson 10 4 4, 18 x 210 / 126 = 30 (Johnson's bound)"
gen --hamming 6 3 >"$tmp/h63.col"
grep -v '^c ' "$tmp/h63.col" >"$tmp/h63plain.col"
ld solve independent-set "$tmp/h63.col"
with=$(echo "$out" | head -1)
ld solve independent-set "$tmp/h63plain.col"
is "$with" "$(echo "$out" | head -1)" "independent-set of hamming 6 3: the same with the block and group as without ($with)"
# A block line without automorphisms: read, and no bound
printf 'p edge 3 2\ne 1 2\ne 2 3\nc block 1 3\n' >"$tmp/pathblock.col"
ld solve clique --stats "$tmp/pathblock.col"
is "$rc $(echo "$out" | head -1)" "0 2" "a block without automorphisms: no bound, the right answer"
ok "$(echo "$err" | grep -qx 'averaging bound: not used (no symmetry to average over)' && echo 0 || echo 1)" \
	"--stats: the block not used, said so"
# A(9, 4) is proven by the symmetries the generator writes: without them
# the same pipe does not finish in minutes.
h94=$(gen --hamming 9 4)
is "$(printf '%s\n' "$h94" | grep -c '^c automorphism ')" 3 "hamming 9 4 carries 3 automorphism lines"
printf '%s\n' "$h94" | "$LINKDANCE" solve clique - --stats >"$tmp/h94.out" 2>"$tmp/h94.err"
is "$(head -1 "$tmp/h94.out")" 20 "generate graph --hamming 9 4 | solve clique -: A(9, 4) = 20, proven"
grep -q "^symmetries: 3 generators" "$tmp/h94.err"
ok $? "--stats: the search used the 3 generators"
grep -q "^bound not reached: 1 largest clique of the block tried, extended to 16 at most (.*), so no clique has 31 or more$" "$tmp/h94.err" &&
	grep -q "^whole graph searched, stopping at a clique of 30$" "$tmp/h94.err"
ok $? "--stats: the bound 2 x 16 = 32 not reached, nor 31, said so: $(grep '^bound' "$tmp/h94.err")"
# Words 0 and 1 swapped, the rest fixed: a permutation, but no symmetry.
printf '%s\n' "$h94" | awk '/^c automorphism/ && !done { $0 = "c automorphism 2 1"; for (v = 3; v <= 512; v++)
	$0 = $0 " " v; done = 1 } { print }' >"$tmp/h94bad.col"
"$LINKDANCE" solve clique "$tmp/h94bad.col" >/dev/null 2>"$tmp/h94bad.err"
is "$?" 1 "a false automorphism is refused (exit 1)"
grep -q "h94bad.col:4: .*not an automorphism\|h94bad.col:4: .*edge" "$tmp/h94bad.err"
ok $? "at its line: $(cat "$tmp/h94bad.err")"
# The symmetry found by itself: the same graphs with every c line taken
# out (a plain DIMACS file from anywhere), the group computed and used.
printf '%s\n' "$h94" | grep -v '^c ' >"$tmp/h94plain.col"
"$LINKDANCE" solve clique "$tmp/h94plain.col" --stats >"$tmp/h94p.out" 2>"$tmp/h94p.err"
is "$(head -1 "$tmp/h94p.out")" 20 "hamming 9 4 from a plain file: A(9, 4) = 20, proven"
is_set "$tmp/h94plain.col" 20 "$(sed -n 2p "$tmp/h94p.out")" clique
ok $? "hamming 9 4 from a plain file: the second line is a clique of 20 vertices"
grep -qx 'symmetry: automorphism group of order 185794560 found in [0-9.]* s' "$tmp/h94p.err" &&
	grep -q '^symmetry: used ([0-9]* generators; 1 orbit of 512 vertices' "$tmp/h94p.err"
ok $? "--stats: the group of order 2^9 9! found and used: $(grep '^symmetry' "$tmp/h94p.err" | tr '\n' ' ')"
gen --johnson 16 2 4 | grep -v '^c ' >"$tmp/j1624plain.col"
ld solve clique --stats "$tmp/j1624plain.col"
is "$(echo "$out" | head -1)" 8 "johnson 16 2 4 from a plain file: 8"
echo "$err" | grep -qx 'symmetry: automorphism group of order 20922789888000 found in [0-9.]* s'
ok $? "--stats: the group of order 16! found"
# No symmetry: said so, and the plain search (with its threads) as before.
gen --random 60 0.5 --seed 1 >"$tmp/r60.col"
ld solve clique --stats --threads 2 "$tmp/r60.col"
echo "$err" | grep -qx 'symmetry: automorphism group of order 1 found in [0-9.]* s' &&
	echo "$err" | grep -qx 'symmetry: no symmetry worth using (60 orbits of 60 vertices)' &&
	echo "$err" | grep -q '^threads: 2 '
ok $? "--stats: G(60, 0.5) has no symmetry worth using, and is split between threads"
# A path's reflection: a group of order 2, too small to pay.
printf 'p edge 3 2\ne 1 2\ne 2 3\n' >"$tmp/path3.col"
ld solve clique --stats "$tmp/path3.col"
echo "$err" | grep -qx 'symmetry: no symmetry worth using (2 orbits of 3 vertices)'
ok $? "--stats: a path of 3, order 2: not worth using"
is "$({ echo "$err"; cat "$tmp/h94p.err"; } | awk 'length > 80' | wc -l)" 0 "--stats: every line fits 80 columns"
# A group that is not transitive and small enough to list: keller4's,
# 2^4 4! = 384, its orbits branched on near the root.
gen --keller 4 | grep -v '^c ' >"$tmp/k4plain.col"
ld solve clique --stats "$tmp/k4plain.col"
is "$(echo "$out" | head -1)" 11 "keller4 from a plain file: 11"
is_set "$tmp/k4plain.col" 11 "$(echo "$out" | sed -n 2p)" clique
ok $? "keller4 from a plain file: the second line is a clique of 11 vertices"
echo "$err" | grep -qx 'symmetry: used (all 384 listed; 9 orbits of 171 vertices)' &&
	echo "$err" | grep -qx 'symmetry: the first 3 vertices of a clique one per orbit, then [0-9]* searches'
ok $? "--stats: keller4's group listed: $(echo "$err" | grep '^symmetry' | tr '\n' ' ')"
is "$(echo "$err" | awk 'length > 80' | wc -l)" 0 "--stats: keller4's lines fit 80 columns"
omega "hamming6-4" 4 --hamming 6 4
omega "hamming10-2" 512 --hamming 10 2
omega "johnson16-2-4" 8 --johnson 16 2 4
omega "johnson8-2-4" 4 --johnson 8 2 4
omega "keller4" 11 --keller 4

gen --hamming 8 4 >"$tmp/h84.col"
is "$(head -1 "$tmp/h84.col")" \
	"c hamming 8 4: binary words of length 8, joined when they differ in at least 4 places" \
	"generate graph: a c line says what the graph is"
is "$(grep '^p' "$tmp/h84.col")" "p edge 256 20864" "hamming 8 4: 256 vertices, 20864 edges"
is "$(grep -c '^e' "$tmp/h84.col")" 20864 "hamming 8 4: as many e lines as the p line says"
gen --random 30 0.5 --seed 7 >"$tmp/r1.col"
gen --random 30 0.5 --seed 7 >"$tmp/r2.col"
gen --random 30 0.5 --seed 8 >"$tmp/r3.col"
cmp -s "$tmp/r1.col" "$tmp/r2.col"
ok $? "generate graph --random: the same seed, the same graph"
cmp -s "$tmp/r1.col" "$tmp/r3.col"
ok $((1 - $?)) "generate graph --random: another seed, another graph"
gen --random 20 0 >"$tmp/r0.col"
is "$(grep '^p' "$tmp/r0.col")" "p edge 20 0" "--random 20 0: no edges"
gen --random 20 1 >"$tmp/r0.col"
is "$(grep '^p' "$tmp/r0.col")" "p edge 20 190" "--random 20 1: every edge"

# ---- independent sets: the cliques of the complement -------------------------
printf 'c a 5-cycle\np edge 5 5\ne 1 2\ne 2 3\ne 3 4\ne 4 5\ne 5 1\n' >"$tmp/c5.col"
ld solve independent-set "$tmp/c5.col"
is "$rc $(echo "$out" | head -1)" "0 2" "independent-set of a 5-cycle: 2"
is_set "$tmp/c5.col" 2 "$(echo "$out" | sed -n 2p)" independent
ok $? "independent-set of a 5-cycle: the second line is independent"
ld solve clique "$tmp/c5.col"
is "$rc $(echo "$out" | head -1)" "0 2" "clique of a 5-cycle: 2"
printf 'p edge 7 0\n' >"$tmp/e7.col"
ld solve independent-set "$tmp/e7.col"
is "$rc $out" "0 7
1 2 3 4 5 6 7" "independent-set of 7 vertices without edges: all 7"
ld solve clique "$tmp/e7.col"
is "$rc $(echo "$out" | head -1)" "0 1" "clique of 7 vertices without edges: 1"
printf 'p edge 0 0\n' >"$tmp/e0.col"
ld solve clique "$tmp/e0.col"
is "$rc $out" "0 0" "a graph of no vertices: 0, and an empty second line"

# The complement written out by awk: its cliques are the independent sets.
complement() {
	awk '$1 == "p" { n = $3 } $1 == "e" { E[$2 " " $3] = 1; E[$3 " " $2] = 1 }
		END {
			m = 0
			for (u = 1; u <= n; u++) for (v = u + 1; v <= n; v++) if (!((u " " v) in E)) m++
			print "p edge " n " " m
			for (u = 1; u <= n; u++) for (v = u + 1; v <= n; v++) if (!((u " " v) in E)) print "e " u " " v
		}' "$1"
}
for seed in 1 2 3; do
	gen --random 40 0.6 --seed $seed >"$tmp/r.col"
	complement "$tmp/r.col" >"$tmp/rc.col"
	a=$("$LINKDANCE" solve independent-set "$tmp/r.col")
	b=$("$LINKDANCE" solve clique "$tmp/rc.col" | head -1)
	is "$(echo "$a" | head -1)" "$b" "G(40, 0.6) seed $seed: independence number = clique number of the complement ($b)"
	is_set "$tmp/r.col" "$b" "$(echo "$a" | sed -n 2p)" independent
	ok $? "G(40, 0.6) seed $seed: its independent set is one"
done

# ---- --all-maximal -----------------------------------------------------------
ld solve clique --all-maximal "$tmp/c5.col"
is "$rc $(echo "$out" | sort | tr '\n' ,)" "0 1 2,1 5,2 3,3 4,4 5," "a 5-cycle: 5 maximal cliques, its edges"
ld solve independent-set --all-maximal --stats "$tmp/c5.col"
is "$(echo "$out" | wc -l | tr -d ' ')" 5 "a 5-cycle: 5 maximal independent sets"
ok "$(echo "$err" | grep -qx 'maximal independent sets: 5' && echo 0 || echo 1)" \
	"--all-maximal --stats: the count on stderr"
# Three triangles apart: their maximal independent sets take one vertex
# of each, 3^3 = 27 (Moon and Moser's extreme); the complement, K(3,3,3),
# has the same 27 as maximal cliques.
printf 'p edge 9 9\ne 1 2\ne 2 3\ne 1 3\ne 4 5\ne 5 6\ne 4 6\ne 7 8\ne 8 9\ne 7 9\n' >"$tmp/t3.col"
ld solve independent-set --all-maximal "$tmp/t3.col"
is "$rc $(echo "$out" | sort -u | wc -l | tr -d ' ')" "0 27" "three triangles: 27 maximal independent sets"
complement "$tmp/t3.col" >"$tmp/k333.col"
ld solve clique --all-maximal "$tmp/k333.col"
is "$(echo "$out" | sort -u | wc -l | tr -d ' ')" 27 "K(3,3,3): 27 maximal cliques"
ld solve clique --all-maximal "$tmp/e7.col"
is "$(echo "$out" | tr '\n' ,)" "1,2,3,4,5,6,7," "7 vertices without edges: each alone is a maximal clique"

# Every maximal clique of a small random graph, by brute force over the
# 2^n subsets: a clique to which no vertex can be added.
brute_maximal() {
	awk '$1 == "p" { n = $3 } $1 == "e" { E[$2 " " $3] = 1; E[$3 " " $2] = 1 }
		END {
			for (mask = 1; mask < 2 ^ n; mask++) {
				k = 0
				for (v = 1; v <= n; v++) if (int(mask / 2 ^ (v - 1)) % 2) s[++k] = v
				bad = 0
				for (i = 1; i <= k && !bad; i++) for (j = i + 1; j <= k; j++) if (!((s[i] " " s[j]) in E)) bad = 1
				for (v = 1; v <= n && !bad; v++) {
					if (int(mask / 2 ^ (v - 1)) % 2) continue
					all = 1
					for (i = 1; i <= k; i++) if (!((v " " s[i]) in E)) all = 0
					if (all) bad = 1
				}
				if (bad) continue
				line = s[1]
				for (i = 2; i <= k; i++) line = line " " s[i]
				print line
			}
		}' "$1"
}
for p in 0.3 0.6; do
	gen --random 10 $p --seed 5 >"$tmp/b.col"
	want=$(brute_maximal "$tmp/b.col" | sort)
	got=$("$LINKDANCE" solve clique --all-maximal "$tmp/b.col" | sort)
	is "$got" "$want" "G(10, $p): --all-maximal lists the maximal cliques of a brute force ($(echo "$want" | wc -l | tr -d ' '))"
done

# ---- --threads ---------------------------------------------------------------
for g in "--random 60 0.5 --seed 1" "--random 60 0.5 --seed 2" "--random 100 0.8 --seed 3" \
	"--random 150 0.3 --seed 4" "--keller 4" "--johnson 16 2 4" "--hamming 8 4"; do
	# shellcheck disable=SC2086
	gen $g >"$tmp/t.col"
	one=$("$LINKDANCE" solve clique "$tmp/t.col" | head -1)
	ld solve clique --threads 2 "$tmp/t.col"
	first=$(echo "$out" | head -1)
	is "$rc $first" "0 $one" "$g: --threads 2 finds $one as one thread does"
	is_set "$tmp/t.col" "$first" "$(echo "$out" | sed -n 2p)" clique
	ok $? "$g: --threads 2 gives a clique"
done
ld solve independent-set --threads 0 "$tmp/c5.col"
is "$rc $(echo "$out" | head -1)" "0 2" "--threads 0 (one per core): a 5-cycle's independence number"
gen --random 150 0.3 --seed 4 >"$tmp/r150.col"
ld solve clique --stats --threads 2 "$tmp/r150.col"
ok "$(echo "$err" | grep -q '^nodes: [0-9]' && echo "$err" | grep -q '^time: ' &&
	echo "$err" | grep -q '^threads: 2 (150 subproblems' && echo 0 || echo 1)" "--stats: nodes, threads, time on stderr"
# A graph with its symmetries is searched with them, on one thread.
ld solve clique --stats --threads 2 "$tmp/h84.col"
ok "$(echo "$err" | grep -q '^symmetries: 3 generators' && echo 0 || echo 1)" \
	"--stats: a graph that carries automorphisms is searched with them"
is "$(echo "$out" | head -1)" 16 "--stats: the answer unchanged on stdout"

# ---- bad DIMACS: FILE:LINE: why, exit 1 ----------------------------------------
bad() { # CONTENT LINE-AND-MESSAGE NAME
	printf "$1" >"$tmp/in.col"
	ld solve clique "$tmp/in.col"
	is "$rc $err" "1 linkdance: $tmp/in.col:$2" "$3"
	is "$out" "" "$3: nothing on stdout"
}
bad 'p edge 3 1\ne 1 4\n' "2: vertex 4 out of range (1 to 3)" "an edge to a vertex out of range"
bad 'p edge 3 1\ne 0 2\n' "2: vertex 0 out of range (1 to 3)" "vertex 0 (they start at 1)"
bad 'c no p line\n\n' "2: no 'p edge N M' line" "no p line"
bad 'e 1 2\np edge 3 1\n' "1: an edge before the 'p edge N M' line" "an edge before the p line"
bad 'p edge 3 1\ne 2 2\n' "2: self loop at vertex 2" "a self loop"
bad 'p edge 3 2\ne 1 2\n' "1: the 'p' line promises 2 edges, the file has 1" "too few edges for the p line"
bad 'p edge 3 1\ne 1 2\ne 2 3\n' "1: the 'p' line promises 1 edges, the file has 2" "too many edges for the p line"
bad 'p edge 3 1\nhello\n' "2: unexpected line 'hello' (expected c, p or e)" "a line of junk"
bad 'p edge 3 1\ne 1 2 3\n' "2: junk after 'e U V'" "junk after an edge"
bad 'p edge 3 1\ne 1 x\n' "2: expected 'e U V' with two vertex numbers" "an edge to no number"
bad 'p edge 3\n' "1: expected 'p edge N M': the edge count is not a number" "a p line without M"
bad 'p edge 3 1\np edge 3 1\ne 1 2\n' "2: a second 'p' line (the first is line 1)" "two p lines"
bad 'p clique 3 1\n' "1: format 'clique' is not 'edge' (or 'col')" "another format"
bad 'p edge 0 0\ne 1 2\n' "2: vertex 1: the 'p' line says there are none" "an edge in a graph of no vertices"
bad 'p edge 3 1\ne 1 2\001\n' "2: binary data (byte 0x01), not a text file" "a control byte"
bad 'p edge 3 1\ne 1 123456789012345678901234\n' "2: vertex 12345678901234567890... out of range (1 to 3)" \
	"a long number is shown cut, and said to be"
bad 'p edge 3 1\n\351t\351\n' "2: unexpected line '?t?' (expected c, p or e)" "bytes that are not UTF-8 shown as ?"
bad 'p edge 3 1\ne 1 2\nc block 1 4\n' "3: block: vertex 4 out of range (1 to 3)" "a block vertex out of range"
bad 'p edge 3 1\ne 1 2\nc block 2 1 2\n' "3: block: vertex 2 given twice" "a block vertex twice"
bad 'p edge 3 1\nc block\ne 1 2\n' "2: block: no vertices (expected 'c block I1 I2 ...')" "an empty block"
bad 'p edge 3 1\nc block 1\nc block 2\ne 1 2\n' "3: a second block line (the first is line 2)" "two block lines"
bad 'c block 1\np edge 3 1\ne 1 2\n' "1: a block before the 'p edge N M' line" "a block before the p line"
printf 'p edge 3 1\ne 1 4\n' | "$LINKDANCE" solve clique - >/dev/null 2>"$tmp/err"
is "$? $(cat "$tmp/err")" "1 linkdance: (stdin):2: vertex 4 out of range (1 to 3)" "standard input is named (stdin)"
ld solve independent-set "$tmp/no-such-file"
is "$rc $err" "1 linkdance: $tmp/no-such-file: No such file or directory" "a missing file: exit 1"

# Edges given twice: read once, a warning at the first repeat, exit 0.
printf 'p edge 3 3\ne 1 2\ne 2 3\ne 2 1\n' >"$tmp/dup.col"
ld solve clique "$tmp/dup.col"
is "$rc $out" "0 2
1 2" "an edge given twice: accepted (M counting e lines)"
is "$err" "linkdance: $tmp/dup.col:4: warning: an edge given again (1 repeat, each counted once)" \
	"an edge given twice: a warning at its line"
printf 'p edge 3 2\ne 1 2\ne 2 3\ne 3 2\ne 1 2\n' >"$tmp/dup.col"
ld solve clique "$tmp/dup.col"
is "$rc $err" "0 linkdance: $tmp/dup.col:4: warning: an edge given again (2 repeats, each counted once)" \
	"two repeats (M counting different edges): the first one's line"

# ---- too large: refused at the p line, before anything is read on ------------
# The input does not end (yes): a reader that went on would never finish,
# and timeout turns that into a failure (status 124) instead of a hang.
{ echo 'p edge 1000000 10000000'; yes 'e 1 2'; } | timeout 120 "$LINKDANCE" solve clique - >/dev/null 2>"$tmp/err"
is "$? $(cat "$tmp/err")" "1 linkdance: (stdin):1: 1000000 vertices: too large (at most 16384)" \
	"a million vertices: refused at the p line, endless input or not"
{ echo 'p edge 100 20000000'; yes 'e 1 2'; } | timeout 120 "$LINKDANCE" solve clique - >/dev/null 2>"$tmp/err"
is "$? $(cat "$tmp/err")" "1 linkdance: (stdin):1: 20000000 edges: too large (at most 10000000)" \
	"twenty million edges: refused at the p line"
{ echo 'p edge 16384 10000000'; yes 'e 1 2' | head -n 10000001; } | timeout 120 "$LINKDANCE" solve clique - >/dev/null 2>"$tmp/err"
is "$? $(cat "$tmp/err")" "1 linkdance: (stdin):10000002: more than 10000000 edges: too large" \
	"more e lines than ten million: refused at the one too many"

# ---- usage errors: exit 2, one line of at most 80 columns --------------------
usage() { # NAME ARGS...
	name=$1
	shift
	ld "$@"
	is "$rc $(echo "$err" | wc -l | tr -d ' ') $out" "2 1 " "$name: exit 2, one line, nothing on stdout"
	ok "$(echo "$err" | awk 'length($0) > 80 { bad = 1 } END { print bad + 0 }')" "$name: fits 80 columns ($err)"
}
usage "no FILE" solve clique
usage "no FILE (independent-set)" solve independent-set --stats
usage "an unknown option" solve clique --fast "$tmp/c5.col"
usage "two files" solve clique "$tmp/c5.col" "$tmp/c5.col"
usage "--threads not a number" solve clique --threads many "$tmp/c5.col"
usage "--threads without a value" solve clique "$tmp/c5.col" --threads
usage "--all-maximal with --threads" solve clique --all-maximal --threads 2 "$tmp/c5.col"
usage "generate graph of nothing" generate graph
usage "--random 10 1.5" generate graph --random 10 1.5
usage "--random -1 0.5" generate graph --random -1 0.5
usage "--random 20000 0.5" generate graph --random 20000 0.5
usage "--random with one value" generate graph --random 10
usage "--hamming 15 4" generate graph --hamming 15 4
usage "--hamming 8 9" generate graph --hamming 8 9
usage "--johnson 40 20 4 (too many words)" generate graph --johnson 40 20 4
usage "--keller 1" generate graph --keller 1
usage "--hamming 14 1 (more edges than solve reads)" generate graph --hamming 14 1
usage "two generators" generate graph --hamming 8 4 --keller 4
usage "--seed without --random" generate graph --keller 4 --seed 2
usage "an option of solve to generate" generate graph --keller 4 --stats
usage "--hamming=8 4" generate graph --hamming=8 4
ld solve clique --threads=2 "$tmp/c5.col"
is "$rc $(echo "$out" | head -1)" "0 2" "--threads=2 is read as --threads 2"
ld solve --stats clique "$tmp/c5.col"
is "$rc $(echo "$out" | head -1)" "0 2" "options before the family"

# The usage text and the manual name the verbs.
ld --help
ok "$(echo "$out" | grep -q 'solve clique|independent-set FILE' && echo "$out" | grep -q 'generate graph' &&
	echo 0 || echo 1)" "--help shows solve clique and generate graph"

# A graph of no vertices: its one maximal clique is empty, and said so
# (bad_empty_all_maximal).
printf 'p edge 0 0\n' >"$tmp/g0"
ld solve clique --all-maximal "$tmp/g0"
is "$rc:$(wc -c <"$tmp/out" | tr -d ' '):$err" \
	"0:1:linkdance: $tmp/g0: no vertices: the one maximal clique is empty (an empty line)" \
	"bad_empty_all_maximal: an empty line, and a word on it"
done_testing
