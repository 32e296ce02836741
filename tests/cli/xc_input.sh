#!/bin/sh
# linkdance xc: bad input of every kind gets FILE:LINE: what, exit 1, no crash.
. "${top_srcdir:-../..}/tests/cli/lib.sh"

bad() { # CONTENT EXPECTED-MESSAGE NAME
	printf "$1" >"$tmp/in.dlx"
	ld xc "$tmp/in.dlx"
	is "$rc $err" "1 linkdance: $tmp/in.dlx:$2" "$3"
	is "$out" "" "$3: nothing on stdout"
}

bad 'A B | C\nA X\n' "2: unknown item 'X'" "unknown item in an option"
bad 'A B\nA B A\n' "2: item 'A' appears twice in this option" "an item twice in one option"
bad 'A B C B\nA\n' "1: item 'B' is named twice" "duplicate item names"
bad 'A B | C\nA\nC\n' "3: option has no primary item" "an option with no primary item"
bad '| a comment\n\n|another\n' "3: empty problem: no line naming the items" "an empty problem"
bad '' "1: empty problem: no line naming the items" "an empty file"
bad 'A | B | C\n' "1: the item line has '|' twice" "'|' twice in the item line"
bad 'A B:x\n' "1: item 'B:x': colors (':') are not supported" "colors"
bad 'A B\nA | B\n' "2: '|' inside an option" "'|' inside an option"
bad 'A B\nA\001B\n' "2: binary data (byte 0x01), not a text file" "a control byte"
printf 'A B\nA\0B\n' >"$tmp/nul.dlx"
ld xc "$tmp/nul.dlx"
is "$rc $err" "1 linkdance: $tmp/nul.dlx:2: binary data (byte 0x00), not a text file" "a NUL byte"
head -c 3000000 /dev/zero | tr '\0' 'A' >"$tmp/long.dlx"
ld xc "$tmp/long.dlx"
is "$rc $err" "1 linkdance: $tmp/long.dlx:1: line longer than 1048576 bytes" "an overlong line"
head -c 100000 /dev/urandom >"$tmp/random.bin"
ld xc "$tmp/random.bin"
ok "$([ "$rc" -eq 1 ] && echo 0 || echo 1)" "random bytes: exit 1 ($err)"
ld xc "$tmp/no-such-file"
is "$rc $err" "1 linkdance: $tmp/no-such-file: No such file or directory" "a missing file"
printf 'A B\nA X\n' | "$LINKDANCE" xc - 2>"$tmp/err" >/dev/null
is "$? $(cat "$tmp/err")" "1 linkdance: (stdin):2: unknown item 'X'" "stdin is named (stdin)"
printf 'A B\nA\n' >"$tmp/nosol.dlx"
ld xc "$tmp/nosol.dlx"
is "$rc $err" "1 linkdance: $tmp/nosol.dlx: no solution" "no solution: exit 1"
ld xc --count "$tmp/nosol.dlx"
is "$rc $out" "0 0" "no solution counted: 0, exit 0"

done_testing
