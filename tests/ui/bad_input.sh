#!/bin/sh
# FIFOs where the game reads files: a level in the menu's folder, and the
# save.  Either one blocked the game before its loop or in the menu, with
# the terminal raw; now the menu names what is wrong and goes on.
. "${top_srcdir:-../..}/tests/ui/lib.sh"
levels="$tmp/levels"
state="$home/.local/state/linkdance"
mkdir -p "$levels/kanoodle" "$levels/iqfit" "$state"
cp "$top_srcdir/levels/kanoodle/1-01.txt" "$levels/kanoodle/"
mkfifo "$levels/kanoodle/1-02.txt"
# Should the game hang after all, a writer lets it go on, so that no
# process is left behind blocked on a FIFO.
trap 'for f in "$levels/kanoodle/1-02.txt" "$state/game.save" "$state/game.save.bad" \
	"$state/saves/kanoodle.1-01.save" "$state/saves/kanoodle.1-01.save.bad" "$tmp/trace"; do
	[ -p "$f" ] && timeout 1 sh -c ": >\"\$1\"" sh "$f"; done
	T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT

start_shell
type_line "LINKDANCE_LEVELS=$levels $LINKDANCE"
wait_for "Kanoodle"
keys Enter
wait_for "choose a level"
ok $? "bad_fifo_menu_level: a family with a FIFO among its levels opens"
keys Down
wait_for "1-02.txt: a FIFO, not a level file"
ok $? "bad_fifo_menu_level: the FIFO is named for what it is"
keys Enter Escape
wait_for "IQ Fit"
ok $? "bad_fifo_menu_level: choosing it does not hang the game"
keys q
wait_prompt

# A FIFO where older versions kept their one save, and one among the saves.
mkfifo "$state/game.save"
type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE"
wait_for "Kanoodle"
ok $? "bad_fifo_save: the menu comes up with a FIFO as the old save"
wait_for "saved game could not be read"
ok $? "bad_fifo_save: and says the save could not be read"
test -p "$state/game.save.bad" && ! test -e "$state/game.save"
ok $? "bad_fifo_save: the FIFO is set aside"
keys q
wait_prompt
mkdir -p "$state/saves"
mkfifo "$state/saves/kanoodle.1-01.save"
type_line "clear; LINKDANCE_LEVELS=$levels $LINKDANCE"
wait_for "saved game could not be read"
ok $? "bad_fifo_save: a FIFO among the saves is said so, and the menu comes up"
test -p "$state/saves/kanoodle.1-01.save.bad"
ok $? "bad_fifo_save: and set aside"
keys q
wait_prompt
mkfifo "$tmp/trace"
type_line "clear; LINKDANCE_TRACE=$tmp/trace LINKDANCE_LEVELS=$levels $LINKDANCE play kanoodle 1-01"
wait_for "hints 0"
ok $? "bad_fifo_trace: a FIFO as the trace file does not block the game"
keys q
wait_prompt
is "$(flags)" "0 0" "q gives the terminal back"
done_testing
