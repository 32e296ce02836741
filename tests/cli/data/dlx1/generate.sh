#!/bin/sh
# Writes the exact-cover problems of tests/cli/dlx1.sh, in Knuth's DLX
# format as his DLX1 reads it (item names of at most 8 characters, comment
# lines beginning with '|').  The .dlx files beside this script are its
# output and are committed; figures.txt holds DLX1's counts for them.
# Run it in this directory: sh generate.sh [LINKDANCE]
set -e
ld=${1:-linkdance}

. ../../../bench/xc_problems.sh

# A shipped level as the game exports it, the level's path made relative.
level() { # FAMILY NAME
	"$ld" export "$1" "$2" | sed "1s|: .*/levels/|: levels/|"
}

queens 8 >queens8.dlx
langford 7 >langford7.dlx
pentominoes 3 20 >pent3x20.dlx
level kanoodle 1-01 >kanoodle-1-01.dlx
level kanoodle 4-12 >kanoodle-4-12.dlx
level iqfit 1-01 >iqfit-1-01.dlx
