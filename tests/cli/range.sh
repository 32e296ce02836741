#!/bin/sh
# linkdance solve, count, estimate, grade and generate range: Simon
# Tatham's game IDs as his game writes them (one checked cell by cell
# against the solution his game saved with it), level files, files of
# IDs with a bad line among them, and the errors of each, at their place.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

tatham=9x6:b4f12_10a11f7c8f13c12f7a5_5f6b
ld solve range "$tatham"
is "$rc" 0 "solve range reads a game ID of Tatham's"
is "$out" ". # 4 # . # . . #
12 10 . 11 . . . # .
. 7 . . # 8 . . .
. . . 13 . . . 12 .
. . # . . 7 # 5 5
. # . . . . 6 . #" "the solution, a row a line: the one Tatham's game saved with the puzzle"
is "$err" "" "a unique puzzle's solution comes without a warning"
ld solve range --engine views "$tatham"
is "$out" "$(ld solve range "$tatham"; echo "$out")" "the views engine finds the same solution"

ld count range 9x6:a4f2c13g9b9a10b5a7b9g9c6f7a
is "$rc $out" "0 1" "the manual's example has one solution"
ld count range 3x3:d5d
is "$out" "16" "a 5 in the middle of 3x3: the four corners each shaded or not, 16 ways"
ld count range --engine views 3x3:d5d
is "$out" "16" "the views engine counts 16 too"
ld count range --engine clauses 3x3:d5d
is "$out" "16" "and the clauses engine"
ld solve range --engine clauses "$tatham"
is "$out" "$(ld solve range "$tatham"; echo "$out")" "the clauses engine finds the same solution"
ld count range --limit 5 3x3:d5d
is "$out" "5+" "--limit 5 stops at 5 and says there are more"
ld count range 3x1:a1a
is "$out" "1" "a 1 between two cells: both shaded, one way"
ld solve range 3x3:a1g
is "$rc" 1 "a puzzle with no solution fails"
is "$err" "linkdance: 3x3:a1g: no solution
linkdance: 1 puzzle not done (said above)" "and says so"
ld solve range 3x3:d5d
is "$rc" 0 "a puzzle of many solutions is solved"
case $err in *"more than one solution"*) r=0 ;; *) r=1 ;; esac
ok $r "with a warning that there are more"

# Bad IDs, each named at its character.
bad() { # ID WANT NAME
	ld count range "$1"
	is "$rc $err" "1 linkdance: $1: $2
linkdance: 1 puzzle not done (said above)" "$3"
}
bad "2x2:a3!" "game ID character 7: '!' is neither a letter a-z, a number nor '_' between two numbers" "a stray character"
bad "2x2:ab" "game ID character 7: the cells stop at 3 of the 2x2 grid's 4" "too few cells"
bad "2x2:a9c" "game ID character 6: a number sees too far; a 2x2 grid's are 1 to 3" "a number larger than a row and a column"
bad "2x2:12b" "game ID character 5: a number sees too far; a 2x2 grid's are 1 to 3" "two numbers without '_'"
bad "0x2:a" "game ID character 1: 0x2: a side is 1 or more" "a side of 0"

# A file of IDs: the bad line named, the others still done.
printf '# three puzzles\n%s\n3x3:a1x\n\n3x3:d5d\n' "$tatham" >"$tmp/ids.txt"
ld count range "$tmp/ids.txt"
is "$rc" 1 "a file with a bad line fails"
is "$out" "1
16" "and counts the others, in order"
is "$err" "linkdance: $tmp/ids.txt:3: game ID character 7: more cells than the 3x3 grid has
linkdance: 1 puzzle not done (said above)" "the bad line at FILE:LINE"
printf '%s\n' "$tatham" | "$LINKDANCE" count range - >"$tmp/out" 2>&1
is "$(cat "$tmp/out")" "1" "- reads game IDs from standard input"

# A level file.
cat >"$tmp/level.txt" <<EOT
# a level
family range
name t1
grade 1
board
$tatham
EOT
ld solve range "$tmp/level.txt"
is "$out" "$(ld solve range "$tatham"; echo "$out")" "a level file is solved as its game ID"
ld grade range "$tmp/level.txt"
is "$rc $out" "0 grade 1: needs the numbers and the neighbours of shaded cells; 1 nodes" "and graded"
printf 'family range\nboard\n9x6:b4f12_10a11f7\n' >"$tmp/short.txt"
ld solve range "$tmp/short.txt"
is "$rc" 1 "a level with a short game ID fails"
case $err in "linkdance: $tmp/short.txt:3: game ID character 18: the cells stop at 20 of the 9x6 grid's 54"*) r=0 ;; *) r=1 ;; esac
ok $r "at its FILE:LINE and character ($err)"
ld estimate range --probes 50 3x3:d5d
case $out in "estimate from 50 random walks (Knuth)"*"nodes: "*"solutions: "*) r=0 ;; *) r=1 ;; esac
ok $r "estimate prints the walks, nodes and solutions (as every family's: estimate.sh)"

# generate: reproducible, unique, of the grade asked.
ld generate range --grade 2 --seed 7 --number 3
is "$rc" 0 "generate range --number 3"
first=$out
ld generate range --grade 2 --seed 7 --number 3
is "$out" "$first" "the same seed makes the same puzzles"
printf '%s\n' "$first" >"$tmp/gen.txt"
ld count range "$tmp/gen.txt"
is "$out" "1
1
1" "each has one solution"
ld grade range "$tmp/gen.txt"
is "$(echo "$out" | cut -c1-7 | sort -u)" "grade 2" "each is of grade 2"
ld generate range --size 7x5 --seed 3 --number 1
case $out in 7x5:*) r=0 ;; *) r=1 ;; esac
ok $r "--size 7x5 makes a 7x5 puzzle"
ld generate range --grade 3 --seed 2
printf '%s\n' "$out" >"$tmp/made.txt"
case $out in "# linkdance generate range --grade 3 --seed 2"*"family range"*"grade 3"*"board"*) r=0 ;; *) r=1 ;; esac
ok $r "--grade 3 alone writes a level file"
ld grade range "$tmp/made.txt"
is "$(echo "$out" | cut -c1-7)" "grade 3" "which the grader reads back as grade 3"
# Grade 4 at 15x15, the shipped grade-4 levels' size: one solution, grade
# 4 by the grader, the same puzzles again from the same seeds.
ld generate range --grade 4 --size 15x15 --seed 11 --number 2
is "$rc" 0 "two puzzles of grade 4 at 15x15"
first=$out
printf '%s\n' "$first" >"$tmp/g4.txt"
is "$(cut -d: -f1 "$tmp/g4.txt" | sort -u)" "15x15" "both 15x15"
ld count range "$tmp/g4.txt"
is "$out" "1
1" "each has one solution"
ld grade range "$tmp/g4.txt"
is "$(echo "$out" | cut -c1-7 | sort -u)" "grade 4" "each is of grade 4"
ld generate range --grade 4 --size 15x15 --seed 11 --number 2
is "$out" "$first" "the same seeds make the same puzzles"
ld generate range --grade 4 --size 15x15 --seed 12 --number 1
is "$out" "$(echo "$first" | sed -n 2p)" "seed 12 alone makes the second of them"
ld generate range --grade 4 --seed 1
case $out in *"board
15x15:"*) r=0 ;; *) r=1 ;; esac
ok $r "a level of grade 4 is 15x15 unless --size says"

# The shortcuts of the thinning out answer as the full checks do: these
# puzzles of grade 4 were made before them, by the rules and a full count
# to two at every number taken away (the shipped 4-01 to 4-03 then).
ld generate range --grade 4 --size 13x13 --seed 1 --number 3
is "$out" "13x13:j10g12b5q9a14h5f15h10k7h23_11d12f15j16b10a9f5j12g9c6q4d
13x13:a15j3c10l14f5h3f2i3n9w9c10b9a8n15b6b9c12i17m7c10c7a
13x13:a7c8f10h19g3b8d4b8g10t7a6q3d7f12g7g14c11m8h8f12o12_10" "seeds 1 to 3 at 13x13 make the puzzles they made before"

# Every shipped level is what the command written at its top makes.
made=0 levels=0
for f in "$top_srcdir"/levels/range/*.txt; do
	levels=$((levels + 1))
	# shellcheck disable=SC2046 # the command's words, split
	"$LINKDANCE" $(sed -n '1s/^# linkdance //p' "$f") >"$tmp/level.txt" 2>/dev/null && cmp -s "$tmp/level.txt" "$f" &&
		made=$((made + 1))
done
is "$made of $levels" "40 of 40" "every shipped level is what the command at its top makes"

ld generate range --seed 3
is "$rc" 2 "a level needs a grade"
ld generate range --size 7 --seed 3 --number 1
is "$rc" 2 "--size 7 is refused as a usage error"
ld generate range --grade 5
is "$rc" 2 "--grade 5 is refused"
ld solve range
is "$rc" 2 "solve range needs a puzzle"
ld count range --engine nope 3x3:d5d
is "$rc $err" "2 linkdance: --engine nope: Range's engines are cells, views and clauses" "an unknown engine"
done_testing
