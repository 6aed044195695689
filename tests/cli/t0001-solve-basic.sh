#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline solve: answers on the classic rows, and where games come from.
. "$(dirname "$0")/lib.sh"

test_expect_success 'the defective write-up example: 1 3 5 2 9 gives 14, not 15' '
	printf "5\n1 3 5 2 9\n" | coinline solve >out &&
	echo 14 >expect &&
	test_cmp expect out
'

test_expect_success '--both prints both totals, "14 6"' '
	printf "5\n1 3 5 2 9\n" | coinline solve --both >out &&
	echo "14 6" >expect &&
	test_cmp expect out &&
	printf "5\n1 3 5 2 9\n" | coinline solve -b >out &&
	test_cmp expect out
'

test_expect_success 'classic rows: 8 15 3 7 -> 22, 20 30 2 2 -> 32' '
	printf "4\n8 15 3 7\n" | coinline solve >out &&
	echo 22 >expect &&
	test_cmp expect out &&
	printf "4\n20 30 2 2\n" | coinline solve >out &&
	echo 32 >expect &&
	test_cmp expect out
'

classic_stream() {
	cat <<-\IN
	4
	8 15 3 7
	4
	5 3 7 10
	4
	2 2 2 2
	6
	20 30 2 2 2 10
	5
	1 3 5 2 9
	6
	3 2 2 3 1 2
	6
	4 7 2 9 5 2
	IN
}

classic_answers() {
	write_lines 22 15 4 42 14 8 18
}

classic_both() {
	write_lines "22 11" "15 10" "4 4" "42 24" "14 6" "8 5" "18 11"
}

test_expect_success 'several games in one stream: one answer each, in order' '
	classic_stream | coinline solve >out &&
	classic_answers >expect &&
	test_cmp expect out
'

test_expect_success 'several games in one stream with --both' '
	classic_stream | coinline solve --both >out &&
	classic_both >expect &&
	test_cmp expect out
'

test_expect_success 'layout is free: any whitespace, games sharing lines, comments' '
	printf "# a comment line\n  4 8\t15 # the rest is ignored 99 x\n\n 3\r\n7 5 1 3 5 2\n9 0 1 -7 #trailing\n" >in &&
	coinline solve in >out &&
	write_lines 22 14 0 -7 >expect &&
	test_cmp expect out
'

test_expect_success 'an empty stream, or comments only, prints nothing and succeeds' '
	coinline solve </dev/null >out &&
	test_must_be_empty out &&
	printf "# nothing here\n\n   \n# at all" >in &&
	coinline solve in >out &&
	test_must_be_empty out
'

test_expect_success 'stdin, a file and "-" give the same answers' '
	classic_stream >games.txt &&
	classic_answers >expect &&
	coinline solve <games.txt >out.stdin &&
	test_cmp expect out.stdin &&
	coinline solve games.txt >out.file &&
	test_cmp expect out.file &&
	coinline solve - <games.txt >out.dash &&
	test_cmp expect out.dash
'

test_expect_success 'several files are read in the order given, "-" among them' '
	printf "4\n8 15 3 7\n" >a &&
	printf "4\n20 30 2 2\n5 1 3 5 2 9\n" >b &&
	printf "1 5\n" >c &&
	coinline solve b a c >out &&
	write_lines 32 14 22 5 >expect &&
	test_cmp expect out &&
	coinline solve a - c <b >out &&
	write_lines 22 32 14 5 >expect &&
	test_cmp expect out
'

test_expect_success 'a game may not span two files' '
	printf "4\n8 15\n" >a &&
	printf "3 7\n" >b &&
	test_expect_code 1 coinline solve a b >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: a:" err
'

test_expect_success '--row solves a row given on the command line, spaces or commas' '
	coinline solve --row "1 3 5 2 9" >out &&
	echo 14 >expect &&
	test_cmp expect out &&
	coinline solve --row 1,3,5,2,9 >out &&
	test_cmp expect out &&
	coinline solve --row=1,3,5,2,9 >out &&
	test_cmp expect out &&
	coinline solve -r "1, 3, 5, 2, 9" >out &&
	test_cmp expect out &&
	coinline solve -r8,15,3,7 >out &&
	echo 22 >expect &&
	test_cmp expect out
'

test_expect_success '--row is repeatable, in order, and stdin is not read' '
	echo "1 99" >stdin &&
	coinline solve --row "8 15 3 7" -r "20 30 2 2" --row=-4 <stdin >out &&
	write_lines 22 32 -4 >expect &&
	test_cmp expect out
'

test_expect_success '--row with a file: rows and file both solved, rows first' '
	printf "1 5\n" >f &&
	coinline solve --row "8 15 3 7" f >out &&
	write_lines 22 5 >expect &&
	test_cmp expect out
'

test_expect_success '--row with "-" reads stdin too' '
	printf "1 5\n" | coinline solve --row "8 15 3 7" - >out &&
	write_lines 22 5 >expect &&
	test_cmp expect out
'

test_expect_success 'each answer is printed as soon as its game is read' '
	mkfifo games &&
	{ coinline solve <games >out & } &&
	exec 3>games &&
	echo "1 5" >&3 &&
	i=0 &&
	until test "$(cat out)" = 5; do
		i=$((i + 1)) &&
		test $i -lt 50 &&
		sleep 0.1 || { exec 3>&-; return 1; }
	done &&
	echo "2 7 8" >&3 &&
	exec 3>&- &&
	wait &&
	write_lines 5 8 >expect &&
	test_cmp expect out
'

test_expect_success 'n = 0: the empty game gives 0 (and "0 0")' '
	echo 0 | coinline solve >out &&
	echo 0 >expect &&
	test_cmp expect out &&
	echo 0 | coinline solve --both >out &&
	echo "0 0" >expect &&
	test_cmp expect out
'

test_expect_success 'an empty --row is the empty game' '
	coinline solve --both --row "" --row "   " >out &&
	write_lines "0 0" "0 0" >expect &&
	test_cmp expect out
'

test_expect_success 'n = 1: the first player takes the only coin' '
	echo "1 5" | coinline solve --both >out &&
	echo "5 0" >expect &&
	test_cmp expect out &&
	echo "1 -5" | coinline solve --both >out &&
	echo "-5 0" >expect &&
	test_cmp expect out
'

test_expect_success 'odd n: 0 1 0 is lost by the first player' '
	echo "3 0 1 0" | coinline solve --both >out &&
	echo "0 1" >expect &&
	test_cmp expect out
'

test_expect_success 'negative values' '
	write_lines "3 -5 -1 -7" "6 7 -3 4 -8 2 6" "5 1 -2 3 -4 5" "2 -4 -4" |
	coinline solve --both >out &&
	write_lines "-12 -1" "13 -5" "-1 4" "-4 -4" >expect &&
	test_cmp expect out
'

test_expect_success 'int64 extremes are accepted' '
	write_lines "2 9223372036854775807 -9223372036854775808" \
		"1 -9223372036854775808" "1 +7" |
	coinline solve --both >out &&
	write_lines "9223372036854775807 -9223372036854775808" \
		"-9223372036854775808 0" "7 0" >expect &&
	test_cmp expect out
'

test_expect_success 'totals past 64 bits are exact' '
	M=9223372036854775807 &&
	N=-9223372036854775808 &&
	echo "3 $M $M $M" | coinline solve >out &&
	echo 18446744073709551614 >expect &&
	test_cmp expect out &&
	echo "3 $M $M $M" | coinline solve --both >out &&
	echo "18446744073709551614 9223372036854775807" >expect &&
	test_cmp expect out &&
	echo "3 $N $N $N" | coinline solve --both >out &&
	echo "-18446744073709551616 -9223372036854775808" >expect &&
	test_cmp expect out &&
	echo "6 $M $M $M $M $M $M" | coinline solve --both >out &&
	echo "27670116110564327421 27670116110564327421" >expect &&
	test_cmp expect out
'

test_expect_success 'intermediates past 64 bits with a small answer' '
	X=4611686018427387904 &&
	echo "6 -$X $X -$X -$X $X -$X" | coinline solve --both >out &&
	echo "-4611686018427387904 -4611686018427387904" >expect &&
	test_cmp expect out
'

for algo in linear dp brute; do
	test_expect_success "--algo=$algo gives the classic answers" "
		classic_stream | coinline solve --algo=$algo --both >out &&
		classic_both >expect &&
		test_cmp expect out &&
		classic_stream | coinline solve -a $algo >out &&
		classic_answers >expect &&
		test_cmp expect out &&
		classic_stream | coinline solve --algo $algo >out &&
		test_cmp expect out
	"
done

test_expect_success 'the three solvers agree on edge rows and big values' '
	M=9223372036854775807 &&
	write_lines 0 "1 5" "3 0 1 0" "3 -5 -1 -7" "3 $M $M $M" "4 $M -$M $M 1" \
		"12 5 5 5 5 5 5 5 5 5 5 5 5" "9 1 2 3 4 5 4 3 2 1" >in &&
	coinline solve -a linear --json in >linear &&
	coinline solve -a dp --json in >dp &&
	coinline solve -a brute --json in >brute &&
	test_line_count = 8 linear &&
	test_cmp linear dp &&
	test_cmp linear brute
'

# small_rows FILE: 60 rows, n = 0..12, values in -10..10 (many ties),
# from a fixed linear congruential sequence.
small_rows() {
	i=0 && : >"$1" &&
	seed=12345 &&
	while test $i -lt 60; do
		n=$((i % 13)) && row="$n" && k=0 &&
		while test $k -lt $n; do
			seed=$(( (seed * 1103515245 + 12345) % 2147483648 )) &&
			row="$row $(( seed / 65536 % 21 - 10 ))" &&
			k=$((k + 1)) || return 1
		done &&
		echo "$row" >>"$1" &&
		i=$((i + 1)) || return 1
	done
}

test_expect_success 'the three solvers agree on the totals of small random rows' '
	small_rows in &&
	coinline solve -a linear --both in >linear &&
	coinline solve -a dp --both in >dp &&
	coinline solve -a brute --both in >brute &&
	test_line_count = 60 linear &&
	test_cmp linear dp &&
	test_cmp linear brute
'

# Ties are broken towards the left at every position (coinline.h), so
# the first move and the whole line do not depend on the solver.
test_expect_success 'the three solvers agree on first moves and lines (ties to the left)' '
	small_rows in &&
	coinline solve -a linear --json --line in >linear &&
	coinline solve -a dp --json --line in >dp &&
	coinline solve -a brute --json --line in >brute &&
	test_line_count = 60 linear &&
	test_cmp dp brute &&
	test_cmp dp linear
'

test_expect_success 'answers match an independent DP written in awk' '
	i=0 && : >in &&
	seed=777 &&
	while test $i -lt 40; do
		n=$((i % 17 + 1)) && row="$n" && k=0 &&
		while test $k -lt $n; do
			seed=$(( (seed * 1103515245 + 12345) % 2147483648 )) &&
			row="$row $(( seed / 65536 % 201 - 100 ))" &&
			k=$((k + 1)) || return 1
		done &&
		echo "$row" >>in &&
		i=$((i + 1)) || return 1
	done &&
	awk "{
		n = \$1; s = 0
		for (i = 1; i <= n; i++) { a[i] = \$(i + 1); s += a[i] }
		# v[i,j]: own total minus the opponent total, for the player to move on a[i..j]
		for (len = 1; len <= n; len++)
			for (i = 1; i + len - 1 <= n; i++) {
				j = i + len - 1
				l = a[i] - (len > 1 ? v[i + 1, j] : 0)
				r = a[j] - (len > 1 ? v[i, j - 1] : 0)
				v[i, j] = l > r ? l : r
			}
		print (s + v[1, n]) / 2, (s - v[1, n]) / 2
	}" in >expect &&
	coinline solve --both in >out &&
	test_cmp expect out
'

# The examples say their answers in comments: "# ROW -> ANSWER" (or
# -> "P1 P2" for --both), one such comment per game, in order.
test_expect_success 'the answers in examples/*.txt comments are the tool answers' '
	ls "$REPO_ROOT"/examples/*.txt >files &&
	test_line_count -ge 5 files &&
	while read -r f; do
		sed -n "s/^#.* -> \"\\{0,1\\}\\(-\\{0,1\\}[0-9][0-9 ]*\\)\"\\{0,1\\}[ .(].*/\\1/p;s/^#.* -> \"\\{0,1\\}\\(-\\{0,1\\}[0-9][0-9 ]*\\)\"\\{0,1\\}\$/\\1/p" "$f" |
			sed "s/ *\$//" >expect &&
		if grep -q " " expect; then opt=--both; else opt=; fi &&
		coinline solve $opt "$f" >out &&
		test -s out &&
		test_cmp expect out || { echo "in $f"; return 1; }
	done <files
'

test_expect_success 'examples/*.txt all solve with --line (make run)' '
	for f in "$REPO_ROOT"/examples/*.txt; do
		coinline solve --line "$f" >out &&
		test_grep "^Game 1 " out || return 1
	done
'

test_done
