# TAP helpers for the shell tests.  $LINKDANCE is the program under test.
: "${LINKDANCE:=../../src/linkdance}"
: "${top_srcdir:=../..}"
tap_n=0
tap_failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/linkdance-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

ok() { # STATUS NAME
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

is() { # GOT WANT NAME
	tap_n=$((tap_n + 1))
	if [ "$1" = "$2" ]; then
		echo "ok $tap_n - $3"
	else
		echo "not ok $tap_n - $3"
		printf '#   got:      %s\n#   expected: %s\n' "$1" "$2" | head -20
		tap_failed=$((tap_failed + 1))
	fi
}

# run CMD ARGS...: sets $out, $err and $rc
run() {
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(cat "$tmp/out")
	err=$(cat "$tmp/err")
}

ld() { run "$LINKDANCE" "$@"; }

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}

# In a build with --enable-debug every node checks every link list: the
# big counts would take hours.  skip_if_debug NAME skips the whole script.
skip_if_debug() {
	if [ -n "${LD_DEBUG_BUILD:-}" ]; then
		echo "1..0 # SKIP $1: too slow with --enable-debug"
		exit 0
	fi
}
