# Driving the game in a real terminal: a private tmux server, a shell in
# an 80x24 pane, keys by send-keys, screens by capture-pane.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

if ! command -v tmux >/dev/null 2>&1; then
	echo "1..0 # SKIP tmux is not installed"
	exit 0
fi
sock="linkdance-test-$$"
T() { tmux -L "$sock" "$@"; }
trap 'T kill-server >/dev/null 2>&1; rm -rf "$tmp"' EXIT

home="$tmp/home"
mkdir -p "$home"
# A shell in a pane, with a home of its own for saves and records.
# A second start in one test replaces the session.  The server is told not
# to exit when its last session goes: a server that is still exiting when
# the next new-session connects fails it with "server exited unexpectedly"
# (seen once in CI).  The start is tried again a few times besides.
start_shell() { # [COLS ROWS]
	T kill-session -t t >/dev/null 2>&1
	local try=0
	until T -f /dev/null new-session -d -s t -x "${1:-80}" -y "${2:-24}" \
		"env -i PATH=/usr/bin:/bin HOME=$home TERM=screen LANG=${LANG_FOR_TEST:-C.UTF-8} PS1='$ ' sh"; do
		try=$((try + 1))
		[ $try -lt 5 ] || break
		sleep 0.2
	done
	T set-option -g exit-empty off >/dev/null
	T set-option -g status off >/dev/null
	# Keys typed before the shell reads its terminal can be lost on a
	# loaded machine: wait for its prompt.
	wait_until "the shell's first prompt" first_prompt
}

type_line() { T send-keys -t t "$*" Enter; }
keys() { T send-keys -t t "$@"; }
screen() { T capture-pane -t "${1:-t}" -p; } # [WINDOW]
flags() { T display -p -t t '#{mouse_any_flag} #{alternate_on}'; }

# wait_until WHAT COMMAND...: until COMMAND succeeds, tried every tenth of
# a second for WAIT_SECONDS (15) at most: a sanitized build on a busy
# machine is slow, and a bound is there to fail a test that would hang,
# not to time the game.  If it never does, says what it waited for (a TAP
# comment, with the screen) and is false.
wait_until() {
	local what=$1 until=$(($(date +%s) + ${WAIT_SECONDS:-15}))
	shift
	while ! "$@"; do
		if [ "$(date +%s)" -ge $until ]; then
			echo "# waited in vain for $what"
			screen | sed 's/^/#   /'
			return 1
		fi
		sleep 0.1
	done
}

# What the screen shows (or not): a text, a text in another window, an
# extended regular expression over its lines joined, a prompt.
shows() { screen "${2:-t}" | grep -qF -- "$1"; } # TEXT [WINDOW]
not_shown() { ! shows "$@"; } # TEXT [WINDOW]
shows_re() { screen | tr -s ' \n' ' ' | grep -qE -- "$1"; }
first_prompt() { screen | grep -q '^\$'; }
last_line_prompt() { screen | grep -v '^ *$' | tail -n 1 | grep -q '^\$ *$'; }
differs() { [ "$(screen)" != "$1" ]; } # SCREEN

# wait_for TEXT: until the screen shows TEXT.
wait_for() { wait_until "$1" shows "$1"; }
# wait_re REGEX: until the screen, its lines joined, matches the extended REGEX.
wait_re() { wait_until "/$1/" shows_re "$1"; }
# wait_prompt: until the shell prompts again (the last line is "$").
wait_prompt() { wait_until "the prompt" last_line_prompt; }
# wait_change SCREEN: until the screen is no longer SCREEN (a capture).
wait_change() { wait_until "the screen to change" differs "$1"; }

# A figure the screen shows after WORD ("moves 3", the search panel's
# "steps  1,234"), without its commas; the first one.
figure() { # WORD
	screen | sed -n "s/.*$1  *\([0-9,][0-9,]*\).*/\1/p" | head -n 1 | tr -d ,
}
figure_above() { # WORD N
	local f
	f=$(figure "$1")
	[ -n "$f" ] && [ "$f" -gt "$2" ]
}
# wait_above WORD N: until the figure after WORD is above N.
wait_above() { wait_until "$1 above $2" figure_above "$1" "$2"; }

# esc TEXT: Escape, then until the screen shows TEXT.  Esc followed at once
# by another key reads as Alt and that key; the screen answering the Esc
# says the game took it alone, so the next key is safe.
esc() {
	keys Escape
	wait_for "$1"
}

# An SGR mouse report: click BUTTON at screen ROW COL (0-based).
click() { # ROW COL
	T send-keys -t t -l "$(printf '\033[<0;%d;%dM' $(($2 + 1)) $(($1 + 1)))"
	T send-keys -t t -l "$(printf '\033[<0;%d;%dm' $(($2 + 1)) $(($1 + 1)))"
}
hover() { # ROW COL
	T send-keys -t t -l "$(printf '\033[<35;%d;%dM' $(($2 + 1)) $(($1 + 1)))"
}

# Where the board's top left cell is, from its border's corner.
board_origin() {
	screen | awk '{ i = index($0, "\342\224\214"); if (!i) i = index($0, "+-"); if (i) { print NR, i; exit } }' |
		{ read -r r c; echo "$r $((c + 1))"; }
}
# The screen row and column of board cell R C (cells 4 by 2 at 80x24).
cell_at() { # R C
	set -- $(board_origin) "$1" "$2"
	echo "$(($1 + 2 * $3)) $(($2 + 4 * $4))"
}
# Where the tray shows the first ball of a piece (its letter, right of the board).
tray_at() { # LETTER
	screen | awk -v L="$1" '{ n = split($0, ch, ""); col = 0
		for (i = 1; i <= n; i++) { if (ch[i] ~ /[\200-\277]/) continue; col++
			if (col > 48 && ch[i] == L) { print NR - 1, col - 1; exit } } }'
}

# The shell's view of the terminal after the game: canonical input and echo.
# Typed at the prompt (typed ahead, the line is echoed before the prompt
# and the output follows the "$ "), and marked END and a number of its own,
# so that an earlier call's line is never taken for its; typed as E""ND so
# that the echo of the command line itself never matches, only the output.
stty_ok() {
	local mark
	mark=$(date +%N)
	wait_prompt >/dev/null
	type_line "stty -a | grep -o -e '-*icanon' -e ' -*echo ' | tr -d ' ' | tr '\n' ' '; echo E\"\"ND$mark"
	wait_for "END$mark" >/dev/null
	screen | grep -F "END$mark" | tail -n 1 | sed "s/END$mark/END/"
}
