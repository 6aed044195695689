#!/bin/sh
# SPDX-License-Identifier: MIT
# The amalgamation (tools/amalgamate.sh, make amalgamation) as its users
# take it: the coinline.c + coinline.h pair built by a plain cc -c, and
# the single header pasted into one file with a judge-style program
# (tests/amalg/judge.c). Their answers must equal the tool's on random
# games, with coins at the ends of int64 and totals past 64 bits.
. "$(dirname "$0")/lib.sh"

AMALG=${BUILD:-build}/amalgamation
case $AMALG in /*) ;; *) AMALG=$REPO_ROOT/$AMALG ;; esac
test -f "$AMALG/coinline.c" || skip_all "no $AMALG (make amalgamation builds it)"
test_have_prereq CC || skip_all "no C compiler"
CCX=${CC:-cc}
STRICT="-std=c11 -Wall -Wextra -Wpedantic -Werror"

# The games: hand-picked edges, then random ones of every size and sign.
{
	printf '0\n\n1\n5\n1\n-9223372036854775808\n2\n3 3\n2\n-1 4\n'
	printf '4\n9223372036854775807 9223372036854775807 9223372036854775807 9223372036854775807\n'
	printf '5\n-9223372036854775808 -9223372036854775808 -9223372036854775808 -9223372036854775808 -9223372036854775808\n'
	for n in 3 4 7 8 30 31 200 1001; do
		coinline gen -n $n -g 20 --min=-3 --max=3 -s $n
		coinline gen -n $n -g 10 --min=-9223372036854775808 \
			--max=9223372036854775807 -s $((n + 1))
	done
	coinline gen -n 100000 -g 1 --min=9223372036854775000 \
		--max=9223372036854775807 -s 9
} >"$TRASH_ROOT/games" || exit 1

# expect: "P1 MARGIN FIRST LINE" a game, from the tool.
coinline solve --json "$TRASH_ROOT/games" |
	sed 's/.*"p1":\(-*[0-9]*\).*"margin":\(-*[0-9]*\).*"first_move":\([^}]*\)}/\1 \2 \3/' |
	sed 's/"//g; s/null$/none/' >"$TRASH_ROOT/head" &&
coinline solve --line=compact "$TRASH_ROOT/games" | awk '{ print ($2 == "" ? "-" : $2) }' \
	>"$TRASH_ROOT/lines" &&
paste -d' ' "$TRASH_ROOT/head" "$TRASH_ROOT/lines" >"$TRASH_ROOT/expect" || exit 1

test_expect_success 'the answers to check are there: every game, past 64 bits' '
	test_line_count = $((7 + 8 * 30 + 1)) "$TRASH_ROOT/expect" &&
	grep -q "^[0-9]\{20,\} " "$TRASH_ROOT/expect" &&
	grep -q "^-[0-9]\{20,\} " "$TRASH_ROOT/expect"
'

test_expect_success 'coinline.c builds alone: cc -c, no include path, no warning' '
	cp "$AMALG/coinline.c" "$AMALG/coinline.h" . &&
	$CCX $STRICT -c coinline.c -o coinline.o &&
	$CCX -c coinline.c -o plain.o
'

test_expect_success 'coinline.c builds without a warning at -O3 and -Os too (gcc 12 warned at -O3 once)' '
	cp "$AMALG/coinline.c" "$AMALG/coinline.h" . &&
	$CCX $STRICT -O3 -c coinline.c -o o3.o &&
	$CCX $STRICT -Os -c coinline.c -o os.o
'

test_expect_success 'a judge-style program on the pair gives the tool'"'"'s answers' '
	cp "$AMALG/coinline.c" "$AMALG/coinline.h" "$REPO_ROOT/tests/amalg/judge.c" . &&
	$CCX $STRICT -O2 -o judge judge.c coinline.c &&
	./judge <"$TRASH_ROOT/games" >out &&
	test_cmp "$TRASH_ROOT/expect" out
'

test_expect_success 'the single header stays under 60000 bytes (judges take 64 KB)' '
	size=$(wc -c <"$AMALG/coinline_single.h") &&
	echo "coinline_single.h: $size bytes" &&
	test "$size" -lt 60000
'

test_expect_success 'the single header pasted into one file gives the tool'"'"'s answers' '
	{
		echo "#define COINLINE_IMPLEMENTATION" &&
		cat "$AMALG/coinline_single.h" &&
		grep -v "^#include \"coinline.h\"" "$REPO_ROOT/tests/amalg/judge.c"
	} >submission.c &&
	$CCX $STRICT -O2 -o submission submission.c &&
	./submission <"$TRASH_ROOT/games" >out &&
	test_cmp "$TRASH_ROOT/expect" out
'

test_expect_success 'the single header: declarations anywhere, the code in one file' '
	cp "$AMALG/coinline_single.h" . &&
	printf "#define COINLINE_IMPLEMENTATION\n#include \"coinline_single.h\"\n#include \"coinline_single.h\"\n" >impl.c &&
	sed "s/\"coinline.h\"/\"coinline_single.h\"/" "$REPO_ROOT/tests/amalg/judge.c" >main.c &&
	$CCX $STRICT -o judge2 main.c impl.c &&
	./judge2 <"$TRASH_ROOT/games" >out &&
	test_cmp "$TRASH_ROOT/expect" out
'

test_expect_success 'the README'"'"'s contest example, pasted as it says, prints the first player'"'"'s total' '
	awk "/^### In one file/ { on = 1 } on && /^\`\`\`c\$/ { code = 1; next }
		code && /^\`\`\`\$/ { exit } code { print }" "$REPO_ROOT/README.md" >example.c &&
	test_grep "the text of coinline_single.h" example.c &&
	sed "/the text of coinline_single.h/{
		r $AMALG/coinline_single.h
		d
	}" example.c >solution.c &&
	$CCX $STRICT -O2 -o solution solution.c &&
	coinline gen -n 1000 -g 1 --min=-9223372036854775808 --max=9223372036854775807 -s 5 >game &&
	./solution <game >out &&
	coinline solve game >expect &&
	test_cmp expect out
'

test_done
