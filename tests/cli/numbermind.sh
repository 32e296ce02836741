#!/bin/sh
# linkdance solve, count, estimate, grade and generate numbermind: the
# published example (REFERENCE.md), Project Euler's 16-digit puzzle,
# files of several puzzles with a bad one among them, level files, the
# generator's puzzles and levels, duels, and every shipped level, which
# has one secret.
. "${top_srcdir:-../..}/tests/cli/lib.sh"
data="$top_srcdir/tests/cli/data/numbermind"

ld solve numbermind "$data/example.txt"
is "$rc $out" "0 39542" "the published example's secret (REFERENCE.md)"
is "$err" "" "with no warning: it is the only one"
ld count numbermind "$data/example.txt"
is "$out" "1" "counted: one secret fits"
printf '90342 2\n70794 0\n39458 2\n34109 1\n51545 2\n12531 1\n' | "$LINKDANCE" solve numbermind - >"$tmp/out" 2>&1
is "$(cat "$tmp/out")" "39542" "'GUESS K' lines from standard input"

skip_pe=${LD_DEBUG_BUILD:-}
if [ -z "$skip_pe" ]; then
	ld solve numbermind "$data/pe185.txt"
	is "$rc $(printf '%s' "$out" | wc -c | tr -d ' ') $err" "0 16 " "Project Euler's 16-digit puzzle: a secret of 16 digits, no warning"
	secret=$out
	ld count numbermind "$data/pe185.txt"
	is "$out" "1" "and it is the only one"
	# The secret checked against every guess, by the shell.
	fits=0
	while read -r guess semi; do
		case $guess in '#'*) continue ;; esac
		score=${semi#;}
		score=${score%% *}
		right=0
		i=1
		while [ $i -le 16 ]; do
			[ "$(printf '%s' "$guess" | cut -c$i)" = "$(printf '%s' "$secret" | cut -c$i)" ] && right=$((right + 1))
			i=$((i + 1))
		done
		[ $right -eq "$score" ] || fits=1
	done <"$data/pe185.txt"
	is "$fits" 0 "the secret scores every guess as given"
	ld estimate numbermind --probes 500 "$data/pe185.txt"
	case $out in *"nodes: "*"level 0: 1"*) r=0 ;; *) r=1 ;; esac
	ok $r "estimate walks the search's tree"
fi

# Several puzzles in a file, a blank line apart; a bad one named at its line.
cat >"$tmp/many.txt" <<'EOT'
# three puzzles
90342 ;2 correct
70794 ;0 correct
39458 ;2 correct
34109 ;1 correct
51545 ;2 correct
12531 ;1 correct

# two guesses only: many secrets
12 ;1 correct
34 ;0 correct

90342 ;2 correct
7079x ;0 correct
EOT
ld count numbermind "$tmp/many.txt"
is "$rc" 1 "a file with a bad puzzle fails"
is "$out" "1
16" "the others are counted: 1, and 16 secrets (1 and not 2 or 4 after it, or 2 after not 1 or 3)"
is "$err" "linkdance: $tmp/many.txt:14: the guess '7079x' has 'x' at place 5: only digits 0 to 9
linkdance: 1 puzzle not done (said above)" "the bad one named at its line"
ld count numbermind --limit 10 "$tmp/many.txt"
is "$(printf '%s' "$out" | tail -1)" "10+" "--limit 10 stops at 10 and says there are more"

bad() { # TEXT WANT NAME
	printf "$1" >"$tmp/bad.txt"
	ld solve numbermind "$tmp/bad.txt"
	is "$rc $err" "1 linkdance: $tmp/bad.txt:$2
linkdance: 1 puzzle not done (said above)" "$3"
}
bad '90342 ;2 correct\n7079 ;0 correct\n' "2: guess 2 (7079) has 4 digits, the secret 5" "a guess of the wrong length"
bad '# x\n90342 ;9 correct\n' "2: guess 90342 scores 9: a score is 0 to 5, its digits" "a score out of range"
bad '90342 ;2 correct\n90342 ;1 correct\n' "2: guess 90342 is given twice: it is guess 1 already" "a guess given twice"
bad '12345 ;5 correct\n12346 ;5 correct\n' "1: no secret fits every guess" "guesses no secret fits"
ld solve numbermind "$tmp/nosuch.txt"
is "$rc" 1 "a file that is not there fails"

# Levels: generated, read back, graded; every shipped one has one secret.
ld generate numbermind --digits 9 --seed 5
is "$rc" 0 "generate numbermind --digits 9"
printf '%s\n' "$out" >"$tmp/level.txt"
case $out in *"family numbermind"*"grade "[1-4]*"board"*) r=0 ;; *) r=1 ;; esac
ok $r "a level file, with its grade"
is "$(grep -c correct "$tmp/level.txt" | awk '{print ($1 > 3)}')" 1 "of guesses"
guess_len=$(grep correct "$tmp/level.txt" | head -1 | cut -d' ' -f1 | tr -d '\n' | wc -c | tr -d ' ')
is "$guess_len" 9 "each of 9 digits"
ld count numbermind "$tmp/level.txt"
is "$out" 1 "with one secret"
ld grade numbermind "$tmp/level.txt"
case $out in "grade "[1-4]": the search looks at "*) r=0 ;; *) r=1 ;; esac
ok $r "grade says the grade and the search's effort: $out"
first=$out
ld generate numbermind --digits 9 --seed 5
is "$(printf '%s\n' "$out" | cmp - "$tmp/level.txt" >/dev/null && echo same)" same "the same seed makes the same level"
ld generate numbermind --grade 2 --digits 7 --number 3 --seed 1
printf '%s\n' "$out" >"$tmp/three.txt"
ld count numbermind "$tmp/three.txt"
is "$out" "1
1
1" "--number 3: three puzzles, a blank line apart, each with one secret"
ld grade numbermind "$tmp/three.txt"
is "$(printf '%s\n' "$out" | cut -d: -f1 | sort -u)" "grade 2" "each of grade 2"
ld generate numbermind
is "$rc" 2 "generate numbermind needs --digits or --grade"
ld generate numbermind --digits 30
is "$rc" 2 "--digits beyond 20 is refused"
ld generate numbermind --duel --digits 6 --seed 3
case $out in *"board
duel
secret "[0-9][0-9][0-9][0-9][0-9][0-9]) r=0 ;; *) r=1 ;; esac
ok $r "--duel: a duel's level, its secret drawn from the seed"
printf '%s\n' "$out" >"$tmp/duel.txt"
ld count numbermind "$tmp/duel.txt"
is "$out" 1000000 "no guesses yet: every secret of 6 digits fits"

levels=$(ls "$top_srcdir"/levels/numbermind/*.txt | wc -l | tr -d ' ')
ok "$([ "$levels" -ge 40 ] && echo 0 || echo 1)" "at least 40 shipped levels ($levels)"
ones=0
for f in "$top_srcdir"/levels/numbermind/*.txt; do
	ld count numbermind "$f"
	[ "$rc $out" = "0 1" ] && ones=$((ones + 1))
done
is "$ones" "$levels" "every shipped level has exactly one secret"
ld solve numbermind 1-01
is "$rc" 0 "a shipped level by its name"

done_testing
