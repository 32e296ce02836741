#!/bin/sh
# Clique in a real terminal at 80x24, on shipped levels, as a player plays
# it: vertices picked by their numbers (two digits, and a prefix finished
# by Space), one by a click on its label, a hint's tiers with Enter taking
# its vertex, the switch to independent sets, the search on screen stepped
# with '.', and a level solved by typing its largest clique; a grade 4
# graph drawn with the cursor's edges alone (measured: few nearly solid
# braille cells), the cursor moved by pointing and the arrows, a number
# taken by a pause, every edge on e, the help's words; then without
# Unicode (LANG=C) the graph in ASCII lines, and a level played through.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
levels="$top_srcdir/levels"

# The screen row and column (0-based) of the digits of vertex N's label,
# however it is bracketed: "( 8)", "[12]", "<12>", "*7*".  Columns count
# characters, not the bytes of the braille around them.
label_at() { # N
	screen | LC_ALL=C awk -v D="$(printf '%2d' "$1")" '{
		n = split($0, ch, ""); col = 0; s = ""
		for (i = 1; i <= n; i++) {
			if (ch[i] ~ /[\200-\277]/) continue
			s = s ch[i]; col++
			if (length(s) >= 4 && substr(s, length(s) - 2, 2) == D &&
			    substr(s, length(s) - 3, 1) ~ /[][(<{*a-z]/ && substr(s, length(s), 1) ~ /[][)>}*a-z]/) {
				print NR - 1, col - 3; exit
			}
		} }'
}
# The vertices of a largest clique of a DIMACS file, by brute force (the
# levels of grades 1 and 2 are small), one line, ascending.
largest_clique() { # FILE
	awk '$1 == "p" { n = $3 } $1 == "e" { adj[$2, $3] = 1; adj[$3, $2] = 1 }
	function grow(k, from,   v, j, fits) {
		if (k > best) { best = k; for (j = 1; j <= k; j++) bs[j] = cur[j] }
		for (v = from; v <= n && k + n - v + 1 > best; v++) {
			fits = 1
			for (j = 1; j <= k; j++) if (!((cur[j], v) in adj)) { fits = 0; break }
			if (fits) { cur[k + 1] = v; grow(k + 1, v + 1) }
		}
	}
	END { grow(0, 1); for (j = 1; j <= best; j++) printf "%s%d", (j > 1 ? " " : ""), bs[j]; print "" }' "$1"
}
# type_vertices COUNT N...: each number's digits as a player types them
# in a graph of COUNT vertices: Space after a number that could go on
# (1 of 12), none after one that cannot (Space would put it back).
type_vertices() {
	local n=$1
	shift
	for v in "$@"; do
		keys $(echo "$v" | sed 's/./& /g')
		[ $((v * 10)) -le "$n" ] && keys Space
		wait_re "$(printf '[[<{]%2d[]>}]' "$v")" >/dev/null
	done
}

# Level 1-10: 11 vertices, its largest clique 1 4 7 10 11.
start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play clique 1-10"
wait_for "Clique 1-10 (grade 1)" && wait_for "hints 0" >/dev/null
ok $? "a shipped level opens"
wait_for "pick a largest clique"
ok $? "the status line says what to do"
n=0
for v in $(seq 1 11); do
	screen | grep -qF "$(printf '(%2d)' "$v")" && n=$((n + 1))
done
# The cursor starts on one vertex: <N>, the others (N).
is "$n" 10 "every vertex but the cursor's is drawn as its label (N)"

# ---- picking by number ---------------------------------------------------
keys 1 1
wait_for "clique of 1 " && wait_for "{11}" >/dev/null
ok $? "1 1: two digits pick vertex 11 at once (no vertex 110), the cursor on it"
keys 1
wait_for "vertex 1_"
ok $? "1 alone waits: it could be the start of 10 or 11"
screen | grep -q "moves 1 "
ok $? "and nothing more is picked yet"
keys Space
wait_for "clique of 2 " && wait_for "{ 1}" >/dev/null
ok $? "Space finishes the number: vertex 1 picked (the cursor on it: { 1}), the status says clique of 2"
screen | grep -qF "[11]"
ok $? "11 shows picked, in square brackets: [11]"
keys 3
wait_re "not a clique: (3 and 11|11 and 3) are not joined"
ok $? "3 is not joined to 11: the status names the two vertices"
keys u
wait_for "clique of 2 "
ok $? "u takes 3 back"

# ---- a click on a vertex ----------------------------------------------------
set -- $(label_at 7)
[ $# -eq 2 ]
ok $? "vertex 7's label found on the screen (line $1, column $2)"
click "$1" "$2"
wait_for "clique of 3 " && wait_for "{ 7}" >/dev/null
ok $? "a click on ( 7) picks it, the cursor on it"
keys 1 0
wait_for "clique of 4 " && wait_for "{10}" >/dev/null
screen | grep -qF "[ 7]"
ok $? "7 shows picked: [ 7]"
# A click on a picked vertex puts it back.
set -- $(label_at 10)
click "$1" "$2"
wait_for "clique of 3 " && wait_for "<10>" >/dev/null
ok $? "a click on 10, picked, puts it back"

# ---- a hint: its tiers, Enter taking the vertex -------------------------------
keys H
wait_re "cannot join your set|could join, in [0-9]+ group"
ok $? "hint 1: a vertex that cannot join, or the groups that bound the clique, in words"
keys H
wait_re "could join, in [0-9]+ group|is in a largest set"
ok $? "hint 2: the groups of unjoined vertices that bound the clique, named (or the vertex)"
# More tiers, one H each, each waited for (the hints counted rise), until
# the one whose vertex Enter places.
i=0
while ! shows "Enter places it" && [ $i -lt 3 ]; do
	h=$(figure hints)
	keys H
	wait_above hints "$h" >/dev/null
	i=$((i + 1))
done
wait_re "([0-9]+) is in a largest set with yours: Enter places it"
ok $? "the last tier: a vertex of a largest clique"
h=$(screen | tr -s ' \n' ' ' | sed -n 's/.* \([0-9][0-9]*\) is in a largest set.*/\1/p')
case " 4 10 " in *" $h "*) r=0 ;; *) r=1 ;; esac
ok $r "it is one the largest clique needs (4 or 10): $h"
keys Enter
wait_for "clique of 4 " && wait_for "$(printf '{%2d}' "$h")" >/dev/null
ok $? "Enter picks it"
screen | grep -q "hints [1-9]"
ok $? "the hints are counted"

# ---- independent sets, and back -------------------------------------------
keys i
wait_for "pick a largest independent set"
ok $? "i: the status says independent set"
keys 2
wait_for "independent set of 1 "
ok $? "and a vertex picked counts in an independent set"
keys u u
wait_for "clique of 4 "
ok $? "u twice: back to cliques, the 4 vertices as they were"

keys q
wait_prompt
ok $? "q leaves"

# ---- the search on screen -------------------------------------------------
# Level 2-01: 18 vertices, its largest clique 5 8 10 12 14 16.
type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE play clique 2-01"
wait_for "Clique 2-01 (grade 2)" && wait_for "pick a largest clique" >/dev/null
ok $? "a grade 2 level opens"
keys A
wait_for "The search:"
ok $? "A: the search's panel beside the graph"
keys Space
wait_re "paused|A solution: Enter takes it"
ok $? "space pauses it (or the search has found a clique and waits)"
adds= back=
i=0
while [ -z "$adds" ] || [ -z "$back" ]; do
	[ $i -lt 200 ] || break
	keys .
	sleep 0.1 # a player's pace: the step shows when its frame comes
	line=$(screen | tail -n 3 | head -n 1)
	case "$line" in
	*adds*) adds=$line ;;
	*cut* | *tries* | *"takes "*" back"* | *"large enough"*) back=$line ;;
	esac
	i=$((i + 1))
done
[ -n "$adds" ]
ok $? "'.' steps, each step in words: ($adds)"
[ -n "$back" ]
ok $? "and the search goes back, in words: ($back)"
screen | grep -q "paused" && screen | grep -q "steps"
ok $? "paused by the step; the panel counts the steps"
esc "Back to your position" && wait_for "pick a largest clique" >/dev/null
ok $? "Esc: back to the game"
keys 1 6
wait_for "clique of 1 "
ok $? "and it plays on"
keys u
wait_for "pick a largest clique"

# ---- solved by typing the largest clique ----------------------------------------
nv=18
k=$(largest_clique "$levels/clique/2-01.txt")
is "$k" "5 8 10 12 14 16" "the largest clique, by brute force"
type_vertices "$nv" $k
wait_for "Solved in"
ok $? "the vertices of the largest clique typed: Solved"
wait_for "clique of 6, maximal"
ok $? "the status: a clique of 6, none can join"
keys q
wait_prompt
ok $? "q leaves"

# ---- a dense graph read from the screen -------------------------------------------
# The share of the braille cells drawn that have 6 or more of their 8 dots
# set, in percent: a drawing no line can be followed through is one block.
solid_share() {
	screen | od -An -v -tu1 | awk '{ for (i = 1; i <= NF; i++) b[n++] = $i }
	END {
		for (i = 0; i < n; i++) {
			if (b[i] != 226 || b[i + 1] < 160 || b[i + 1] > 163) continue
			bits = (b[i + 1] - 160) * 64 + (b[i + 2] - 128); dots = 0
			for (k = 0; k < 8; k++) { dots += bits % 2; bits = int(bits / 2) }
			if (dots) { drawn++; if (dots >= 6) solid++ }
			i += 2
		}
		printf "%.1f %d\n", drawn ? 100 * solid / drawn : 0, drawn }'
}
type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE play clique 4-01"
wait_for "Clique 4-01 (grade 4)" && wait_for "pick a largest clique" >/dev/null
ok $? "a grade 4 level opens: 36 vertices, 328 edges"
wait_re "cursor on [0-9]+, joined to [0-9]+ vertices \(underlined\)"
ok $? "the status counts the cursor's neighbours (it starts on the middle vertex), underlined on the graph"
set -- $(solid_share)
ok "$(awk -v s="$1" -v d="$2" 'BEGIN { print (s <= 10 && d > 100) ? 0 : 1 }')" \
	"the cursor's edges alone: $1% of the $2 braille cells drawn are nearly solid (10% at most)"
set -- $(label_at 27)
hover "$1" "$2"
wait_re "cursor on 27, joined to"
ok $? "pointing at 27 puts the cursor there"
set -- $(solid_share)
ok "$(awk -v s="$1" 'BEGIN { print s <= 10 ? 0 : 1 }')" "and its edges: $1% nearly solid"
keys 2
wait_for "vertex 2_" >/dev/null
ok $? "2 of 36 waits on the bottom line for a digit more"
wait_for "{ 2}"
ok $? "a pause of a second takes it, with no key: 2 picked, the cursor on it"
keys e
wait_for "Every edge drawn" >/dev/null
ok $? "e: every edge"
keys e
wait_for "Only the cursor's edges drawn" >/dev/null
ok $? "e again: the cursor's alone"
keys Left
wait_re "cursor on ([013-9]|[1-9][0-9]), joined"
ok $? "Left moves the cursor off 2"
keys Enter
wait_for "clique of 2 " >/dev/null || wait_re "not a clique"
ok $? "Enter picks the cursor's vertex"
keys s
wait_re "Not a largest clique|Not a clique"
ok $? "s asks whether the set is a largest"
# The help speaks of vertices, not of pieces.
keys '?'
wait_for "The graph" >/dev/null
page=$(screen)
help=$page
i=0
while ! shows "the end: arrows scroll back" && [ $i -lt 10 ]; do
	keys Space
	wait_change "$page" >/dev/null
	page=$(screen)
	help="$help
$page"
	i=$((i + 1))
done
printf '%s\n' "$help" | grep -q "move the cursor to the nearest vertex that way"
ok $? "the help: the arrows move the cursor to the nearest vertex"
printf '%s\n' "$help" | grep -q "mark your vertices in no largest set with the rest"
ok $? "the help: c marks your vertices in no largest set"
printf '%s\n' "$help" | grep -qE "piece in hand|what you placed"
ok "$([ $? -ne 0 ] && echo 0 || echo 1)" "and no piece in hand, nothing placed"
esc "Clique 4-01 (grade 4)" >/dev/null
keys q
wait_prompt
ok $? "q leaves"

# ---- no Unicode ------------------------------------------------------------------
LANG_FOR_TEST=C start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE play clique 1-01"
wait_for "Clique 1-01 (grade 1)" && wait_for "pick a largest clique" >/dev/null
ok $? "LANG=C: a grade 1 level opens"
screen | LC_ALL=C grep -q '[^ -~]'
ok "$([ $? -ne 0 ] && echo 0 || echo 1)" "nothing but ASCII on the screen"
screen | sed -n 2,21p | grep -q '[-|/\\]'
ok $? "the edges drawn in ASCII lines"
nv=10
k=$(largest_clique "$levels/clique/1-01.txt")
is "$k" "3 4 9 10" "its largest clique, by brute force"
type_vertices "$nv" $k
wait_for "Solved in"
ok $? "typed: Solved"
keys q
wait_prompt
ok $? "q leaves"
done_testing
