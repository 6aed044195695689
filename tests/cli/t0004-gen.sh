#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline gen: format, determinism, ranges, pipelines, bad options.
. "$(dirname "$0")/lib.sh"

# check_format FILE N K MIN MAX: FILE holds K games of N coins in MIN..MAX,
# as "N" on a line, then the N values on one line, single spaces.
check_format() {
	awk -v n="$2" -v k="$3" -v lo="$4" -v hi="$5" '
	NR % 2 == 1 {
		if ($0 != n) { print "line " NR ": count " $0 ", expected " n; bad = 1 }
		next
	}
	{
		if (n > 0 && $0 !~ /^-?[0-9]+( -?[0-9]+)*$/) { print "line " NR ": bad layout: " $0; bad = 1 }
		if (n == 0 && $0 != "") { print "line " NR ": not empty"; bad = 1 }
		if (NF != n) { print "line " NR ": " NF " values, expected " n; bad = 1 }
		for (i = 1; i <= NF; i++)
			if ($i + 0 < lo + 0 || $i + 0 > hi + 0) { print "line " NR ": " $i " out of range"; bad = 1 }
	}
	END {
		if (NR != 2 * k) { print NR " lines, expected " 2 * k; bad = 1 }
		exit bad
	}' "$1"
}

test_expect_success 'default: one game of 10 coins in 1..100' '
	coinline gen >out &&
	check_format out 10 1 1 100
'

test_expect_success '-n and -g set the size and the number of games' '
	coinline gen -n 7 -g 4 >out &&
	check_format out 7 4 1 100 &&
	coinline gen --coins=3 --games=20 >out &&
	check_format out 3 20 1 100 &&
	coinline gen --coins 1 --games 2 >out &&
	check_format out 1 2 1 100
'

test_expect_success 'the same seed gives the same output' '
	coinline gen -n 50 -g 5 -s 42 >a &&
	coinline gen -n 50 -g 5 --seed=42 >b &&
	test_cmp a b
'

test_expect_success 'the default seed is 1' '
	coinline gen -n 30 -g 3 >a &&
	coinline gen -n 30 -g 3 -s 1 >b &&
	test_cmp a b
'

test_expect_success 'different seeds give different output' '
	coinline gen -n 50 -s 1 >a &&
	coinline gen -n 50 -s 2 >b &&
	! cmp -s a b
'

test_expect_success 'games differ from one another within one run' '
	coinline gen -n 40 -g 2 >out &&
	sed -n 2p out >g1 &&
	sed -n 4p out >g2 &&
	! cmp -s g1 g2
'

test_expect_success '--min and --max bound the values, both ends reached' '
	coinline gen -n 2000 --min=-5 --max=5 -s 9 >out &&
	check_format out 2000 1 -5 5 &&
	tr " " "\n" <out | sed 1d | sort -n | uniq >values &&
	write_lines -5 -4 -3 -2 -1 0 1 2 3 4 5 >expect &&
	test_cmp expect values
'

test_expect_success '--min equal to --max gives that value only' '
	coinline gen -n 6 --min=7 --max=7 >out &&
	write_lines 6 "7 7 7 7 7 7" >expect &&
	test_cmp expect out
'

test_expect_success 'the full int64 range works and solve accepts it' '
	coinline gen -n 100 -g 3 --min=-9223372036854775808 --max=9223372036854775807 >out &&
	check_format out 100 3 -9223372036854775808 9223372036854775807 &&
	coinline solve --both out >answers &&
	test_line_count = 3 answers
'

test_expect_success 'values near the int64 ends stay in range' '
	coinline gen -n 200 --min=9223372036854775800 --max=9223372036854775807 >out &&
	sed 1d out | tr " " "\n" | sort -u >values &&
	while read -r v; do
		case $v in
		922337203685477580[0-7]) ;;
		*) echo "out of range: $v"; return 1 ;;
		esac
	done <values
'

test_expect_success '-n 0 writes empty games that solve reads' '
	coinline gen -n 0 -g 3 >out &&
	check_format out 0 3 1 100 &&
	coinline solve --both out >answers &&
	write_lines "0 0" "0 0" "0 0" >expect &&
	test_cmp expect answers
'

test_expect_success '-o writes to a file, and nothing to stdout' '
	coinline gen -n 12 -g 3 -s 5 -o games.txt >out &&
	test_must_be_empty out &&
	coinline gen -n 12 -g 3 -s 5 >expect &&
	test_cmp expect games.txt &&
	coinline gen -n 12 -g 3 -s 5 --output=games2.txt &&
	test_cmp expect games2.txt
'

test_expect_success 'gen | solve: one answer per game, the solvers agree' '
	coinline gen -n 18 -g 40 --min=-20 --max=20 -s 3 >games &&
	coinline gen -n 18 -g 40 --min=-20 --max=20 -s 3 | coinline solve --both >linear &&
	test_line_count = 40 linear &&
	coinline solve --both -a dp games >dp &&
	test_cmp linear dp &&
	coinline solve --both -a brute games >brute &&
	test_cmp linear brute
'

test_expect_success 'gen | solve on a large game' '
	coinline gen -n 200000 -s 11 | coinline solve -j >out &&
	test_line_count = 1 out &&
	test_grep "^{\"game\":1,\"n\":200000,\"sum\":" out
'

check_gen_usage() {
	test_expect_code 2 coinline gen "$@" >out 2>err &&
	test_must_be_empty out &&
	test_grep "^[Uu]sage: coinline gen" err &&
	test_grep "^Try .coinline gen --help.\.$" err
}

test_expect_success 'bad option values are usage errors (exit 2)' '
	check_gen_usage --min=5 --max=4 &&
	check_gen_usage -n abc &&
	check_gen_usage -n 12x &&
	check_gen_usage -n -1 &&
	check_gen_usage -g xyz &&
	check_gen_usage --games=-2 &&
	check_gen_usage --min=lots &&
	check_gen_usage --max=9223372036854775808 &&
	check_gen_usage -s seed &&
	check_gen_usage --no-such-option &&
	check_gen_usage -n
'

test_expect_success 'a file operand is a usage error' '
	check_gen_usage games.txt
'

test_expect_success DEV_FULL 'a failed write is exit 1' '
	test_expect_code 1 coinline gen -n 10 >/dev/full 2>err &&
	test_grep "^coinline gen: " err &&
	test_expect_code 1 coinline gen -n 10 -o /dev/full 2>err &&
	test_grep "^coinline gen: " err
'

test_expect_success 'an unwritable output file is exit 1' '
	test_expect_code 1 coinline gen -o no-such-dir/games.txt 2>err &&
	test_grep "no-such-dir/games\.txt" err
'

test_expect_success 'many empty games fill the output buffer without harm' '
	coinline gen --coins 0 --games 30000 >out &&
	test_line_count = 60000 out &&
	coinline solve out >answers &&
	test_line_count = 30000 answers
'

test_expect_success 'a seed is any 64-bit pattern: 2^64-1 and -1 are the same seed' '
	coinline gen --seed 18446744073709551615 >a &&
	coinline gen --seed -1 >b &&
	test_cmp a b &&
	test_expect_code 2 coinline gen --seed 18446744073709551616 >out 2>err &&
	test_grep "seed needs an integer" err
'

test_done
