#!/bin/sh
# Number Mind in a real terminal at 80x24: a 12-digit puzzle made by the
# generator (its secret from the solver, never written here) with all its
# places on screen; a digit that breaks a guess said at once as a dead
# end, and taken back by the hint; a hint's three tiers, Enter playing its
# digit; the secret typed digit by digit to the end; q leaving and the
# terminal restored.  Then a duel on a seed: a guess typed and scored,
# C's count of the secrets that still fit, and the search's secret taken
# and guessed until the game's secret is found, with the number of
# guesses; without colours and without Unicode every mark in characters.
. "${top_srcdir:-../..}/tests/ui/lib.sh"

"$LINKDANCE" generate numbermind --digits 12 --seed 5 >"$tmp/twelve.txt" 2>/dev/null
secret=$("$LINKDANCE" solve numbermind "$tmp/twelve.txt")
is "${#secret}" 12 "the level: a 12-digit puzzle, its secret found by the solver"
# A guess scored 0 has none of its digits right: its first digit at place 1
# breaks it at once.
zero=$(sed -n 's/^\([0-9]*\) ;0 correct$/\1/p' "$tmp/twelve.txt" | head -n 1)
g=$(grep -n "^$zero ;0" "$tmp/twelve.txt" | cut -d: -f1)
g=$((g - $(grep -n '^board' "$tmp/twelve.txt" | cut -d: -f1)))
wrong=$(printf %.1s "$zero")

# Options of play that the family has not, or a level with them: said
# before the terminal is taken.
"$LINKDANCE" play numbermind --bogus </dev/null >/dev/null 2>"$tmp/err"
is "$?:$(cat "$tmp/err")" "2:linkdance: Number Mind has no option '--bogus' for play (see linkdance --help)" \
	"play numbermind --bogus: refused, named"
"$LINKDANCE" play numbermind 1-01 --duel </dev/null >/dev/null 2>"$tmp/err"
is "$?" 2 "a level and a new game's options at once: refused"

start_shell
type_line "$LINKDANCE play numbermind $tmp/twelve.txt"
wait_for "hints 0"
ok $? "the level opens"
shows "1  2  3  4  5  6  7  8  9 10 11 12" && shows "your secret"
ok $? "all 12 places numbered, the secret's row under the guesses"

# ---- a dead end, said and taken back -------------------------------------
keys "$wrong"
wait_re "Dead end: .*[Gg]uess $g"
ok $? "$wrong at place 1 (guess $g, scored 0, has that digit there): a dead end at once, naming guess $g"
shows_re " $g .* 0 right !"
ok $? "guess $g has its !"
keys H
wait_for "take back 1 move (Enter does it)"
ok $? "H: the dead end, since which move, and what to take back"
keys Enter
wait_for "Taken back"
not_shown "Dead end"
ok $? "Enter takes it back: no dead end"

# ---- a hint in three tiers ------------------------------------------------
moves=$(figure moves)
keys H H H
wait_for "Enter places it"
ok $? "H three times: the hint's digit, ready"
keys Enter
wait_for "moves $((moves + 1))"
ok $? "Enter plays it"

# ---- the secret typed ------------------------------------------------------
keys Home
i=0
while [ $i -lt 12 ]; do
	keys "$(printf %s "$secret" | cut -c$((i + 1)))" l
	i=$((i + 1))
done
wait_for "SOLVED"
ok $? "the secret typed digit by digit: solved"
is "$(screen | grep 'your secret' | sed 's/your secret//' | tr -cd 0-9)" "$secret" "the secret's row spells it"
keys q
wait_prompt
ok $? "q leaves"
is "$(stty_ok)" "icanon echo END" "the shell's terminal has icanon and echo again"

# ---- a duel ---------------------------------------------------------------
type_line "clear; $LINKDANCE play numbermind --duel --digits=5 --seed 3"
wait_for "No guesses yet"
ok $? "play numbermind --duel: a duel, no guess yet"
keys 1 2 3 Enter
wait_for "Place 4 is empty"
ok $? "Enter on a guess half written names the empty place"
keys 4 5 Enter
wait_re " 1 1 2 3 4 5 [0-9] right"
ok $? "12345 made, scored by the game"
keys C
wait_re "[0-9,]+ secrets? still fits? your guesses"
ok $? "C: how many secrets still fit"
# The search's first secret that fits every guess, taken and guessed,
# until it is the game's.
guesses() { screen | grep -c ' right'; }
more_than() { [ "$(guesses)" -gt "$1" ]; }
n=0
while not_shown "You found the secret" && [ $n -lt 20 ]; do
	before=$(guesses)
	keys A + + + + +
	wait_for "Enter takes it" >/dev/null || break
	keys Enter
	wait_for "is written: Enter makes it" >/dev/null || break
	keys Enter
	wait_until "guess $((before + 1))" more_than "$before" || break
	n=$((n + 1))
done
wait_re "You found the secret, [0-9]{5}, in [0-9]+ guesses"
ok $? "the duel won, the number of guesses said"
shows "N: another"
ok $? "the win offers another duel"
keys N
wait_re "Number Mind duel digits=5 #[0-9]+ .*moves 0"
ok $? "N: another duel of 5 digits, on a new seed"
shows "Guess 1: 0 of its 5 digits written"
ok $? "and no guess made yet"
keys q
wait_prompt

# ---- without colours and without Unicode ------------------------------------
LANG_FOR_TEST=C start_shell
type_line "NO_COLOR=1 $LINKDANCE play numbermind $tmp/twelve.txt"
wait_for "hints 0"
keys "$wrong"
wait_for "Dead end"
shows_re "\[$wrong\] _ _ _"
ok $? "LANG=C: the cursor's place in brackets, _ for an empty place"
shows_re " $g .* 0 right !"
ok $? "LANG=C: the broken guess's !"
n=$(screen | LC_ALL=C grep -c '[^ -~]')
is "$n" 0 "LANG=C: only ASCII on the screen"
colours=$(T capture-pane -t t -p -e | grep -o "$(printf '\033')\[[0-9;]*m" |
	grep -c -E '\[([0-9]*;)*(3[0-7]|4[0-7]|9[0-7]|10[0-7]|38;5|48;5)(;|m)')
is "$colours" 0 "NO_COLOR=1: no colour codes"
e=$(printf '\033')
rows=$(screen | grep ' right' | grep -vc 'Dead end')
reversed=$(T capture-pane -t t -p -e | grep ' right' | grep -v 'Dead end' | grep -c "$e\[\([0-9]*;\)*7m")
is "$reversed" "$rows" "NO_COLOR=1: the cursor's column reversed down every guess in view ($rows)"
keys q
wait_prompt
done_testing
