#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline solve: bad input (exit 1, "coinline solve: FILE:LINE:COLUMN: message"),
# usage errors (exit 2), failed writes, and limits.
. "$(dirname "$0")/lib.sh"

# The first answer is always printed before the error.
good_game() {
	printf "4\n8 15 3 7\n"
}

test_expect_success 'a non-integer token: exit 1, file:line:column, answers before kept' '
	{ good_game && printf "5\n1 3 x 2 9\n4 1 1 1 1\n"; } >bad.txt &&
	test_expect_code 1 coinline solve bad.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_line_count = 1 err &&
	test_grep "^coinline solve: bad\.txt:4:5: .*integer" err &&
	test_grep "x" err
'

test_expect_success 'a token with trailing garbage is not an integer' '
	printf "3\n1 2 3abc\n" >bad.txt &&
	test_expect_code 1 coinline solve bad.txt >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: bad\.txt:2:5: .*3abc" err
'

test_expect_success 'a non-integer count is reported at the count' '
	{ good_game && printf "  five\n1 2 3 4 5\n"; } >bad.txt &&
	test_expect_code 1 coinline solve bad.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_grep "^coinline solve: bad\.txt:3:3: .*five" err
'

test_expect_success 'a decimal fraction is not an integer' '
	printf "2 1.5 2\n" >bad.txt &&
	test_expect_code 1 coinline solve bad.txt >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: bad\.txt:1:3: " err
'

test_expect_success 'a value just above int64 is out of range' '
	{ good_game && printf "2\n1 9223372036854775808\n"; } >big.txt &&
	test_expect_code 1 coinline solve big.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_grep "^coinline solve: big\.txt:4:3: .*9223372036854775808" err
'

test_expect_success 'a value just below int64 is out of range' '
	printf "1 -9223372036854775809\n" >big.txt &&
	test_expect_code 1 coinline solve big.txt >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: big\.txt:1:3: " err
'

test_expect_success 'a very long number is out of range, not wrapped' '
	printf "1\n   123456789012345678901234567890\n" >big.txt &&
	test_expect_code 1 coinline solve big.txt >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: big\.txt:2:4: " err
'

test_expect_success 'a negative count is refused at the count' '
	{ good_game && printf "# then\n-3 1 2 3\n"; } >neg.txt &&
	test_expect_code 1 coinline solve neg.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_grep "^coinline solve: neg\.txt:4:1: .*count" err
'

test_expect_success 'a count above 10^12 is refused at the count' '
	printf "1000000000001\n1 2 3\n" >huge.txt &&
	test_expect_code 1 coinline solve huge.txt >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: huge\.txt:1:1: .*count" err
'

test_expect_success TIMEOUT 'count 10^15 with 3 coins fails at once, without hanging' '
	printf "4 8 15 3 7 1000000000000000 1 2 3\n" >huge.txt &&
	start=$(date +%s) &&
	test_expect_code 1 timeout 5 "$COINLINE" solve huge.txt >out 2>err &&
	end=$(date +%s) &&
	test $((end - start)) -le 2 &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_grep "^coinline solve: huge\.txt:1:12: .*count" err
'

test_expect_success NO_ASAN 'a huge count allocates nothing up front (64 MB of address space)' '
	printf "4 8 15 3 7 1000000000000 1 2 3\n" >huge.txt &&
	(
		ulimit -v 65536 2>/dev/null || exit 0
		test_expect_code 1 coinline solve huge.txt >out 2>err &&
		echo 22 >expect &&
		test_cmp expect out &&
		test_grep "^coinline solve: huge\.txt:2:1: .*ended" err
	)
'

test_expect_success TIMEOUT 'count 10^12 is allowed but 3 coins are a truncated game' '
	printf "1000000000000 1 2 3\n" >trunc.txt &&
	test_expect_code 1 timeout 5 "$COINLINE" solve trunc.txt >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: trunc\.txt:[0-9]*:[0-9]*: " err
'

test_expect_success 'a stream that ends inside a game: exit 1, earlier answers kept' '
	{ good_game && printf "5\n1 3 5\n"; } >trunc.txt &&
	test_expect_code 1 coinline solve trunc.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_line_count = 1 err &&
	test_grep "^coinline solve: trunc\.txt:5:1: .*ended.*expected 5 coins, found 3" err
'

test_expect_success 'a stream that ends right after a count is truncated' '
	printf "4 8 15 3 7 2" >trunc.txt &&
	test_expect_code 1 coinline solve trunc.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_grep "^coinline solve: trunc\.txt:1:[0-9]*: " err
'

# A row without its count, the newcomer's first try: the input is one
# line that ends inside a game. The error keeps its place, the answers
# before it stay, and two hint lines say what was probably meant.
cat >"$TRASH_ROOT/hint" <<\EOF
coinline solve: hint: each game starts with its number of coins: '5 1 3 5 2 9' is the row 1 3 5 2 9
coinline solve: hint: a row alone, without its count, goes in --row: --row '1 3 5 2 9'
EOF

test_expect_success 'a row without its count on one line: the error, then a hint (count, or --row)' '
	echo "8 15 3 7" | test_expect_code 1 coinline solve >out 2>err &&
	test_must_be_empty out &&
	echo "coinline solve: <stdin>:2:1: the input ended inside game 1: expected 8 coins, found 3" >expect &&
	cat "$TRASH_ROOT/hint" >>expect &&
	test_cmp expect err &&
	printf "1 3 5 2 9\n" | test_expect_code 1 coinline solve >out 2>err &&
	echo 3 >expect &&
	test_cmp expect out &&
	echo "coinline solve: <stdin>:2:1: the input ended inside game 2: expected 5 coins, found 2" >expect &&
	cat "$TRASH_ROOT/hint" >>expect &&
	test_cmp expect err
'

test_expect_success 'the hint: with no newline, in a file, in every output form, after a long game' '
	printf "1 3 5 2 9" | test_expect_code 1 coinline solve >out 2>err &&
	test_grep "^coinline solve: <stdin>:1:10: the input ended inside game 2" err &&
	sed 1d err >hint &&
	test_cmp "$TRASH_ROOT/hint" hint &&
	echo "1 3 5 2 9" >row.txt &&
	for opt in --both --json --line --line=compact "--algo dp" "--algo brute" --circle; do
		test_expect_code 1 coinline solve $opt row.txt >out 2>err &&
		test_grep "^coinline solve: row.txt:2:1: the input ended inside game 2" err &&
		sed 1d err >hint &&
		test_cmp "$TRASH_ROOT/hint" hint || return 1
	done &&
	{ printf "300000 " && seq 300000 | tr "\n" " " && echo 5 2; } >long.txt &&
	test_expect_code 1 coinline solve long.txt >out 2>err &&
	test_line_count = 1 out &&
	test_grep "^coinline solve: long.txt:2:1: the input ended inside game 2: expected 5 coins, found 1" err &&
	sed 1d err >hint &&
	test_cmp "$TRASH_ROOT/hint" hint
'

test_expect_success 'no hint when the numbers are on more than one line: a truncated file' '
	printf "5\n1 3 5\n" | test_expect_code 1 coinline solve >out 2>err &&
	test_line_count = 1 err &&
	printf "# a row\n1 3 5 2 9\n" | test_expect_code 1 coinline solve >out 2>err &&
	test_line_count = 1 err
'

test_expect_success 'errors on stdin name the stream' '
	printf "1\n\n  oops\n" | test_expect_code 1 coinline solve >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: <stdin>:3:3: .*oops" err &&
	printf "1\n\n  oops\n" | test_expect_code 1 coinline solve - >out 2>err &&
	test_grep "^coinline solve: <stdin>:3:3: " err
'

test_expect_success 'the second of two files is named in its error, first answers kept' '
	good_game >a.txt &&
	printf "# header\n2 1 zz\n" >b.txt &&
	test_expect_code 1 coinline solve a.txt b.txt a.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_grep "^coinline solve: b\.txt:2:5: .*zz" err
'

test_expect_success 'a missing file: exit 1 naming it, earlier files still solved' '
	good_game >a.txt &&
	test_expect_code 1 coinline solve a.txt no-such-file.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_grep "no-such-file\.txt" err &&
	test_grep "^coinline solve: " err
'

test_expect_success 'an unreadable file (a directory): exit 1 naming it' '
	mkdir dir &&
	test_expect_code 1 coinline solve dir >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: dir" err
'

test_expect_success NOT_ROOT 'an unreadable file (no permission) when not root' '
	good_game >locked.txt &&
	chmod 000 locked.txt &&
	test_expect_code 1 coinline solve locked.txt >out 2>err &&
	test_grep "locked\.txt" err
'

test_expect_success DEV_FULL 'a failed write to /dev/full: exit 1 with a message' '
	test_expect_code 1 coinline solve --row "1 3 5 2 9" >/dev/full 2>err &&
	test_grep "^coinline solve: " err &&
	good_game >a.txt &&
	test_expect_code 1 coinline solve --json a.txt >/dev/full 2>err &&
	test_grep "^coinline solve: " err
'

test_expect_success DEV_FULL 'a failed write of many results: exit 1, not a crash' '
	i=0 && : >many.txt &&
	while test $i -lt 2000; do
		echo "3 1 2 3" && i=$((i + 1)) || return 1
	done >many.txt &&
	test_expect_code 1 coinline solve many.txt >/dev/full 2>err &&
	test_grep "^coinline solve: " err
'

test_expect_success 'brute refuses more than 25 coins: exit 1' '
	{ good_game && echo 30 && seq 1 30; } >long.txt &&
	test_expect_code 1 coinline solve --algo=brute long.txt >out 2>err &&
	echo 22 >expect &&
	test_cmp expect out &&
	test_grep "^coinline solve: " err &&
	test_grep "25" err
'

test_expect_success 'brute accepts exactly 25 coins' '
	{ echo 25 && seq 1 25; } >ok.txt &&
	coinline solve --algo=brute ok.txt >out &&
	coinline solve ok.txt >expect &&
	test_cmp expect out
'

test_expect_success 'a bad --row value fails naming the token' '
	test_must_fail coinline solve --row "1 3 x 9" >out 2>err &&
	test_must_be_empty out &&
	test_grep "x" err &&
	test_must_fail coinline solve --row "1 99999999999999999999" >out 2>err &&
	test_must_be_empty out &&
	test_grep "99999999999999999999" err
'

check_usage_error() {
	test_expect_code 2 "$@" >out 2>err &&
	test_must_be_empty out &&
	test_grep "^[Uu]sage: " err &&
	test_grep "^Try .coinline solve --help.\.$" err
}

test_expect_success 'usage errors exit 2 with a usage line and a hint' '
	check_usage_error coinline solve --no-such-option &&
	check_usage_error coinline solve -Z &&
	check_usage_error coinline solve --algo=quantum --row "1 2" &&
	check_usage_error coinline solve --algo &&
	check_usage_error coinline solve --row &&
	check_usage_error coinline solve --both=yes --row "1 2"
'

# --both shapes the answer line; --json and --line (words) print none,
# and give both totals already: refused rather than ignored.
test_expect_success '--both with --json or --line (words): a usage error that says why' '
	test_expect_code 2 coinline solve --both --line --row "1 3 5 2 9" >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: --both is for the answer line; --line (words) ends with both totals already: use --line alone, or --both --line=compact$" err &&
	test_grep "^Try .coinline solve --help.\.$" err &&
	test_expect_code 2 coinline solve -b -lwords -r 1 >out 2>err &&
	test_must_be_empty out &&
	test_expect_code 2 coinline solve --line -b -r 1 >out 2>err &&
	test_expect_code 2 coinline solve -c -b -l -r 1 >out 2>err &&
	test_expect_code 2 coinline solve -b --json -r 1 >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: --both is for the answer line; --json gives both totals (p1, p2) already$" err &&
	test_expect_code 2 coinline solve -j -l -b -r 1 >out 2>err &&
	coinline solve -b -lcompact -r "1 3 5 2 9" >out &&
	echo "14 6 RLLLL" >expect &&
	test_cmp expect out &&
	coinline solve --line --row "1 3 5 2 9" >out &&
	test_grep "^  Result: player 1 gets 14, player 2 gets 6: player 1 wins by 8\.$" out
'

test_expect_success 'a usage error reads no input and prints no answer' '
	good_game >a.txt &&
	test_expect_code 2 coinline solve a.txt --bogus >out 2>err &&
	test_must_be_empty out
'

test_expect_success 'a usage error names the option as written, even in a bundle' '
	test_expect_code 2 coinline solve -xb --row 1 >out 2>err &&
	test_grep "unknown option .-x." err &&
	test_expect_code 2 coinline solve --both=1 --row 1 >out 2>err &&
	test_grep "option .--both. takes no value" err &&
	test_expect_code 2 coinline solve -a >out 2>err &&
	test_grep "option .-a. needs a value" err
'

test_expect_success 'a bad --row names which row, where, and what was found' '
	test_must_fail coinline solve --row 1 --row "2 y" >out 2>err &&
	test_grep "^coinline solve: --row 2:1:3: expected an integer, found .y." err &&
	test_must_fail coinline solve --row "1,,2" >out 2>err &&
	test_grep "^coinline solve: --row 1:1:3: expected an integer, found .,." err &&
	test_must_fail coinline solve --row "1,2," >out 2>err &&
	test_grep "found the end of the row" err
'

test_expect_success 'a bad token on live input is reported before more input comes' '
	{ printf "2 1 x\n"; sleep 3; } |
	test_expect_code 1 timeout 2 "$COINLINE" solve >out 2>err &&
	test_grep "<stdin>:1:5: expected coin 2 of 2" err
'

test_expect_success 'an endless input stops at the first failed write' '
	yes "1 5" | test_expect_code 1 timeout 10 "$COINLINE" solve >/dev/full 2>err &&
	test_grep "cannot write the output" err
'

test_expect_success 'a game too long for the dp line is refused at its count' '
	echo 185364 >long.txt &&
	test_expect_code 1 timeout 5 "$COINLINE" solve --algo dp --line long.txt >out 2>err &&
	test_grep "^coinline solve: long.txt:1:1: game 1 has 185364 coins" err &&
	test_grep "185363" err
'

test_expect_success '--line compact with a space: the missing file named compact says how to attach the form' '
	test_expect_code 1 coinline solve --line compact "$REPO_ROOT/examples/classic.txt" >out 2>err &&
	test_grep "^coinline solve: compact: cannot open: .* (to choose the form of the line, attach it: --line=compact)\$" err &&
	test_expect_code 1 coinline solve compact 2>err &&
	test_grep ! "attach it" err
'

test_done
