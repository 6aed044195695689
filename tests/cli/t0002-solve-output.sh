#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline solve: the output forms (--json, --line=compact, --line words).
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

M=9223372036854775807

rows() {
	write_lines "5 1 3 5 2 9" "4 8 15 3 7" "4 2 2 2 2" "3 0 1 0" 0 "1 -5" \
		"3 $M $M $M" "6 3 2 2 3 1 2"
}

test_expect_success '--json: one exact object per game, keys in order' '
	rows | coinline solve --json >out &&
	cat >expect <<-\EOF &&
	{"game":1,"n":5,"sum":20,"p1":14,"p2":6,"margin":8,"winner":"first","first_move":"right"}
	{"game":2,"n":4,"sum":33,"p1":22,"p2":11,"margin":11,"winner":"first","first_move":"right"}
	{"game":3,"n":4,"sum":8,"p1":4,"p2":4,"margin":0,"winner":"draw","first_move":"left"}
	{"game":4,"n":3,"sum":1,"p1":0,"p2":1,"margin":-1,"winner":"second","first_move":"left"}
	{"game":5,"n":0,"sum":0,"p1":0,"p2":0,"margin":0,"winner":"draw","first_move":null}
	{"game":6,"n":1,"sum":-5,"p1":-5,"p2":0,"margin":-5,"winner":"second","first_move":"left"}
	{"game":7,"n":3,"sum":27670116110564327421,"p1":18446744073709551614,"p2":9223372036854775807,"margin":9223372036854775807,"winner":"first","first_move":"left"}
	{"game":8,"n":6,"sum":13,"p1":8,"p2":5,"margin":3,"winner":"first","first_move":"left"}
	EOF
	test_cmp expect out &&
	rows | coinline solve -j >out &&
	test_cmp expect out
'

test_expect_success '--json --line adds the line of play' '
	rows | coinline solve --json --line >out &&
	cat >expect <<-\EOF &&
	{"game":1,"n":5,"sum":20,"p1":14,"p2":6,"margin":8,"winner":"first","first_move":"right","line":"RLLLL"}
	{"game":2,"n":4,"sum":33,"p1":22,"p2":11,"margin":11,"winner":"first","first_move":"right","line":"RLLL"}
	{"game":3,"n":4,"sum":8,"p1":4,"p2":4,"margin":0,"winner":"draw","first_move":"left","line":"LLLL"}
	{"game":4,"n":3,"sum":1,"p1":0,"p2":1,"margin":-1,"winner":"second","first_move":"left","line":"LLL"}
	{"game":5,"n":0,"sum":0,"p1":0,"p2":0,"margin":0,"winner":"draw","first_move":null,"line":""}
	{"game":6,"n":1,"sum":-5,"p1":-5,"p2":0,"margin":-5,"winner":"second","first_move":"left","line":"L"}
	{"game":7,"n":3,"sum":27670116110564327421,"p1":18446744073709551614,"p2":9223372036854775807,"margin":9223372036854775807,"winner":"first","first_move":"left","line":"LLL"}
	{"game":8,"n":6,"sum":13,"p1":8,"p2":5,"margin":3,"winner":"first","first_move":"left","line":"LLRLLL"}
	EOF
	test_cmp expect out &&
	rows | coinline solve -j -l >out &&
	test_cmp expect out
'

test_expect_success '--json with --row numbers the games from 1' '
	coinline solve --json --row "1 3 5 2 9" --row "0 1 0" >out &&
	cat >expect <<-\EOF &&
	{"game":1,"n":5,"sum":20,"p1":14,"p2":6,"margin":8,"winner":"first","first_move":"right"}
	{"game":2,"n":3,"sum":1,"p1":0,"p2":1,"margin":-1,"winner":"second","first_move":"left"}
	EOF
	test_cmp expect out
'

test_expect_success '--json: negative totals past 64 bits are exact' '
	N=-9223372036854775808 &&
	echo "3 $N $N $N" | coinline solve --json >out &&
	cat >expect <<-\EOF &&
	{"game":1,"n":3,"sum":-27670116110564327424,"p1":-18446744073709551616,"p2":-9223372036854775808,"margin":-9223372036854775808,"winner":"second","first_move":"left"}
	EOF
	test_cmp expect out
'

# Rows where both ends are optimal at some positions: the tool must
# take the left one each time (ties to the left, coinline.h), whatever
# the solver. The lines were checked against an exhaustive search.
test_expect_success 'ties are broken to the left, with every solver' '
	write_lines "7 -3 4 -2 -2 -9 -3 0" "4 1 1 -2 -1" "6 -3 -6 -2 -10 -10 -9" >in &&
	cat >expect <<-\EOF &&
	{"game":1,"n":7,"sum":-15,"p1":-14,"p2":-1,"margin":-13,"winner":"second","first_move":"left","line":"LLRLLRL"}
	{"game":2,"n":4,"sum":-1,"p1":0,"p2":-1,"margin":1,"winner":"first","first_move":"left","line":"LLRL"}
	{"game":3,"n":6,"sum":-40,"p1":-15,"p2":-25,"margin":10,"winner":"first","first_move":"left","line":"LLLRLL"}
	EOF
	for algo in linear dp brute; do
		coinline solve -a $algo --json --line in >out &&
		test_cmp expect out || return 1
	done
'

test_expect_success PYTHON3 '--json output parses as JSON, p1 + p2 = sum' '
	rows | coinline solve --json --line >out &&
	python3 -c "
import json, sys
for line in open(\"out\"):
    o = json.loads(line)
    assert list(o) == [\"game\", \"n\", \"sum\", \"p1\", \"p2\", \"margin\", \"winner\", \"first_move\", \"line\"], o
    assert o[\"p1\"] + o[\"p2\"] == o[\"sum\"] and o[\"p1\"] - o[\"p2\"] == o[\"margin\"], o
    assert len(o[\"line\"]) == o[\"n\"], o
"
'

test_expect_success '--line=compact: the answer, a space, the moves' '
	rows | coinline solve --line=compact >out &&
	write_lines "14 RLLLL" "22 RLLL" "4 LLLL" "0 LLL" "0 -" "-5 L" \
		"18446744073709551614 LLL" "8 LLRLLL" >expect &&
	test_cmp expect out
'

# The compact form has a field for each thing, "-" for none: the moves
# of an empty row, a circle'"'"'s first position when it is empty, the moves
# after the first on a circle of one coin. No line ends in a space, and
# every line of a run has the same number of fields (as --json gives
# null and "").
test_expect_success '--line=compact: "-" for no move and no first position, never a trailing space' '
	coinline solve --line=compact -r "" -r 7 -r "5 7" >out &&
	write_lines "0 -" "7 L" "7 RL" >expect &&
	test_cmp expect out &&
	coinline solve --circle --line=compact -r "" -r 7 -r "5 7" >out &&
	write_lines "0 - -" "7 1 -" "7 2 L" >expect &&
	test_cmp expect out &&
	coinline solve --circle -b --line=compact -r "" -r 7 >out &&
	write_lines "0 0 - -" "7 0 1 -" >expect &&
	test_cmp expect out &&
	coinline solve --circle -j -l -r "" -r 7 >out &&
	test_grep "\"first_move\":null,\"line\":\"\"}$" out &&
	test_grep "\"first_move\":1,\"line\":\"\"}$" out &&
	for n in 0 1 2 3; do
		coinline gen -n $n -g 20 --min=-3 --max=3 -s $n || return 1
	done >games &&
	for opts in "-lcompact" "-b -lcompact" "-c -lcompact" "-c -b -lcompact" "-a dp -lcompact"; do
		coinline solve $opts games >out &&
		test_line_count = 80 out &&
		test_grep ! " \$" out &&
		awk "{ print NF }" out | sort -u >fields &&
		test_line_count = 1 fields || return 1
	done
'

test_expect_success '--line=compact with --both' '
	coinline solve --both --line=compact --row "1 3 5 2 9" --row "4 7 2 9 5 2" >out &&
	write_lines "14 6 RLLLL" "18 11 RLLLLL" >expect &&
	test_cmp expect out &&
	coinline solve -b -lcompact --row "1 3 5 2 9" >out &&
	echo "14 6 RLLLL" >expect &&
	test_cmp expect out
'

test_expect_success 'the compact line really is optimal: replaying it gives the totals' '
	write_lines "6 7 -3 4 -8 2 6" "9 1 2 3 4 5 4 3 2 1" "5 1 -2 3 -4 5" \
		"8 6 1 6 1 9 9 1 6" >in &&
	coinline solve --both --line=compact in >out &&
	paste -d " " in out | awk "{
		n = \$1
		for (i = 1; i <= n; i++) a[i] = \$(i + 1)
		p1 = \$(n + 2); p2 = \$(n + 3); moves = \$(n + 4)
		lo = 1; hi = n; t[0] = 0; t[1] = 0
		for (k = 1; k <= n; k++) {
			c = substr(moves, k, 1)
			if (c == \"L\") v = a[lo++]; else if (c == \"R\") v = a[hi--]; else exit 1
			t[(k - 1) % 2] += v
		}
		if (length(moves) != n || t[0] != p1 || t[1] != p2) { print \"bad: \" \$0; exit 1 }
	}"
'

# Checked by hand: 9 (P1), then 1 (P2: taking 2 would leave 15 to P1),
# 3 (P1), 5 (P2), 2 (P1): 9 + 3 + 2 = 14 against 1 + 5 = 6.
test_expect_success '--line (words): the classic row, move by move' '
	coinline solve --line --row "1 3 5 2 9" >out &&
	cat >expect <<-\EOF &&
	Game 1 (--row 1): 5 coins: 1 3 5 2 9
	  1. Player 1 takes 9 from the right.  Score 9 to 0.  Left: 1 3 5 2
	  2. Player 2 takes 1 from the left.  Score 9 to 1.  Left: 3 5 2
	  3. Player 1 takes 3 from the left.  Score 12 to 1.  Left: 5 2
	  4. Player 2 takes 5 from the left.  Score 12 to 6.  Left: 2
	  5. Player 1 takes 2 (the last coin).  Score 14 to 6.
	  Result: player 1 gets 14, player 2 gets 6: player 1 wins by 8.
	EOF
	test_cmp expect out &&
	coinline solve --line=words --row "1 3 5 2 9" >out &&
	test_cmp expect out &&
	coinline solve -l --row "1 3 5 2 9" >out &&
	test_cmp expect out
'

test_expect_success '--line (words): empty row, one coin, a loss, a draw; file names' '
	write_lines 0 "1 -5" "3 0 1 0" "4 2 2 2 2" >games.txt &&
	coinline solve --line games.txt >out &&
	cat >expect <<-\EOF &&
	Game 1 (games.txt): 0 coins: (empty row)
	  Result: player 1 gets 0, player 2 gets 0: a draw.
	Game 2 (games.txt): 1 coin: -5
	  1. Player 1 takes -5 (the last coin).  Score -5 to 0.
	  Result: player 1 gets -5, player 2 gets 0: player 2 wins by 5.
	Game 3 (games.txt): 3 coins: 0 1 0
	  1. Player 1 takes 0 from the left.  Score 0 to 0.  Left: 1 0
	  2. Player 2 takes 1 from the left.  Score 0 to 1.  Left: 0
	  3. Player 1 takes 0 (the last coin).  Score 0 to 1.
	  Result: player 1 gets 0, player 2 gets 1: player 2 wins by 1.
	Game 4 (games.txt): 4 coins: 2 2 2 2
	  1. Player 1 takes 2 from the left.  Score 2 to 0.  Left: 2 2 2
	  2. Player 2 takes 2 from the left.  Score 2 to 2.  Left: 2 2
	  3. Player 1 takes 2 from the left.  Score 4 to 2.  Left: 2
	  4. Player 2 takes 2 (the last coin).  Score 4 to 4.
	  Result: player 1 gets 4, player 2 gets 4: a draw.
	EOF
	test_cmp expect out &&
	coinline solve --line <games.txt >out &&
	sed "s/(games.txt)/(<stdin>)/" expect >expect.stdin &&
	test_cmp expect.stdin out
'

test_expect_success '--line (words) tells the same moves as --line=compact' '
	write_lines "6 7 -3 4 -8 2 6" "9 1 2 3 4 5 4 3 2 1" "8 6 1 6 1 9 9 1 6" \
		"12 3 -1 4 -1 5 -9 2 6 -5 3 5 -8" >in &&
	coinline solve --line=compact in | sed "s/.* //" >compact &&
	coinline solve --line in >words &&
	awk "
		/^Game / { if (moves != \"\") print moves; moves = \"\"; next }
		/ from the left\./ { moves = moves \"L\"; next }
		/ from the right\./ { moves = moves \"R\"; next }
		/\(the last coin\)/ { moves = moves \"L\"; next }
		END { print moves }
	" words >told &&
	test_cmp compact told &&
	test_line_count = 4 told
'

test_expect_success '--line (words): scores add up move by move' '
	coinline solve --line --row "3 -1 4 -1 5 -9 2 6 -5 3 5 -8" >words &&
	awk "
		/ Player [12] takes / {
			p = \$3; v = \$5; t[p] += v; t[1] += 0; t[2] += 0
			if (\$0 !~ (\"Score \" t[1] \" to \" t[2] \"\\\\.\")) { print \"bad: \" \$0; bad = 1 }
		}
		/Result:/ {
			t[1] += 0; t[2] += 0
			if (\$0 !~ (\"player 1 gets \" t[1] \", player 2 gets \" t[2] \":\")) { print \"bad: \" \$0; bad = 1 }
			seen = 1
		}
		END { exit bad || !seen }
	" words
'

test_expect_success '--line with an unknown style is a usage error' '
	test_expect_code 2 coinline solve --line=fancy --row "1 2" >out 2>err &&
	test_must_be_empty out &&
	test_grep -i "try .coinline solve --help" err
'

test_done
