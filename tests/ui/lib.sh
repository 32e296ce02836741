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
	# loaded machine: wait for its prompt (wait_prompt, below).
	local i=0
	while [ $i -lt 150 ]; do
		screen | grep -q '^\$' && return 0
		sleep 0.1
		i=$((i + 1))
	done
}

type_line() { T send-keys -t t "$*" Enter; }
keys() { T send-keys -t t "$@"; }
screen() { T capture-pane -t t -p; }
flags() { T display -p -t t '#{mouse_any_flag} #{alternate_on}'; }

# wait_for TEXT [SECONDS]: until the screen shows TEXT (15 s at most: a
# sanitized build on a busy machine is slow); false if it never does.
wait_for() {
	local i=0 n=$((${2:-15} * 10))
	while [ $i -lt $n ]; do
		screen | grep -qF -- "$1" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "# waited in vain for: $1"
	screen | sed 's/^/#   /'
	return 1
}

# wait_prompt: until the shell prompts again (the last line is "$").
wait_prompt() {
	local i=0
	while [ $i -lt 150 ]; do
		screen | grep -v '^ *$' | tail -n 1 | grep -q '^\$ *$' && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "# waited in vain for the prompt"
	screen | sed 's/^/#   /'
	return 1
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
# The marker is typed as E""ND so that the echo of the command line itself
# never matches; only the output does.
stty_ok() {
	type_line "stty -a | grep -o -e '-*icanon' -e ' -*echo ' | tr -d ' ' | tr '\n' ' '; echo E\"\"ND"
	wait_for "END" >/dev/null
	screen | grep -F "END" | tail -n 1
}
