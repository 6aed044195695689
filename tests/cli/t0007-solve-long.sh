#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline solve on games long enough (>= 2^18 coins) to be read and
# reduced on two threads: the answers must be those of one thread.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# A rising row 1..n is its own reduced form, so the first player takes
# the largest coin each turn: V = ceil(n/2) and p1 = (n(n+1)/2 + V) / 2.
for n in 300000 300001; do
	test_expect_success "a rising row of $n coins gives the closed-form totals" '
		{ echo '$n'; seq 1 '$n' | paste -sd" " -; } >rise.txt &&
		coinline solve --both rise.txt >out &&
		awk -v n='$n' "BEGIN { s = n * (n + 1) / 2; v = int((n + 1) / 2);
			printf \"%.0f %.0f\\n\", (s + v) / 2, (s - v) / 2 }" >expect &&
		test_cmp expect out
	'
done

# An independent reduction (push, merge x <= y >= z into x - y + z, then
# take the larger end each turn), written again here in Python.
cat >"$TRASH_ROOT/reduce.py" <<'PY'
import sys
tokens = sys.stdin.read().split()
n, coins = int(tokens[0]), [int(t) for t in tokens[1:]]
assert len(coins) == n
s = []
for c in coins:
    s.append(c)
    while len(s) >= 3 and s[-3] <= s[-2] >= s[-1]:
        z, y, x = s.pop(), s.pop(), s.pop()
        s.append(x - y + z)
lo, hi, v, sign = 0, len(s), 0, 1
while lo < hi:
    if s[lo] >= s[hi - 1]:
        v += sign * s[lo]; lo += 1
    else:
        hi -= 1; v += sign * s[hi]
    sign = -sign
total = sum(coins)
print((total + v) // 2, (total - v) // 2)
PY

test_expect_success PYTHON3 'a random row of 400000 coins: the same totals as an independent reduction' '
	coinline gen --coins 400000 --min -1000000000 --max 1000000000 --seed 77 >row.txt &&
	coinline solve --both row.txt >out &&
	python3 "$TRASH_ROOT/reduce.py" <row.txt >expect &&
	test_cmp expect out
'

test_expect_success 'a long row and its reverse have the same value, and both solvers agree on the first move of a short one' '
	coinline gen --coins 300000 --min 0 --max 9 --seed 5 >row.txt &&
	{ echo 300000; sed -n 2p row.txt | tr " " "\n" | tac | paste -sd" " -; } >rev.txt &&
	coinline solve --json row.txt | sed "s/.*\"margin\":\([-0-9]*\).*/\1/" >m1 &&
	coinline solve --json rev.txt | sed "s/.*\"margin\":\([-0-9]*\).*/\1/" >m2 &&
	test_cmp m1 m2
'

test_expect_success 'several long games in one stream keep their order' '
	coinline gen --coins 270000 --games 3 --seed 9 >three.txt &&
	coinline solve three.txt >all &&
	for k in 1 2 3; do
		sed -n "$((2 * k - 1)),$((2 * k))p" three.txt | coinline solve || return 1
	done >each &&
	test_cmp each all
'

test_expect_success 'standard input from a big regular file is read from its offset on (the file is read with pread)' '
	coinline gen -n 200000 -g 3 -s 5 >big &&
	test "$(wc -c <big)" -gt 1048576 &&
	{ read -r count && read -r coins && coinline solve >got; } <big &&
	tail -n +3 big | coinline solve >expect &&
	test_line_count = 2 got &&
	test_cmp expect got
'

# A file is read in ways a pipe is not: short games in batches on a second
# thread, a long game in two halves (split and joined). The answers, the
# errors and the exit status must be those of the pipe.
test_expect_success 'a file of short games around long ones answers as the same bytes through a pipe' '
	{
		coinline gen -n 10 -g 3000 --min -50 --max 50 -s 3 &&
		coinline gen -n 300000 --min -9 --max 9 -s 4 &&
		coinline gen -n 7 -g 5000 -s 5 &&
		coinline gen -n 5000 --min 0 --max 3 -s 6 &&
		coinline gen -n 1 -g 2000 -s 7 &&
		coinline gen -n 300000 -s 8
	} >mixed.txt &&
	test "$(wc -c <mixed.txt)" -gt 1048576 &&
	coinline solve --both mixed.txt >file.out &&
	cat mixed.txt | coinline solve --both >pipe.out &&
	test_line_count = 10003 file.out &&
	test_cmp pipe.out file.out
'

for where in 'in the first half of a long game' 'in the second half of a long game' 'in a short game after it'; do
	test_expect_success "an error $where: the same answers before it, message and status as through a pipe" '
		coinline gen -n 5 -g 100 -s 1 >bad.txt &&
		coinline gen -n 300000 -s 2 >long.txt &&
		case "'"$where"'" in
		*first*) sed "2s/^\([0-9]* [0-9]* [0-9]*\) /\1 1x2 /" long.txt >>bad.txt ;;
		*second*) sed "2s/ \([0-9]*\)\$/ 1x2/" long.txt >>bad.txt ;;
		*) cat long.txt >>bad.txt && printf "3\n1 2\n" >>bad.txt ;;
		esac &&
		test_expect_code 1 coinline solve bad.txt >file.out 2>file.err &&
		cat bad.txt | test_expect_code 1 coinline solve >pipe.out 2>pipe.err &&
		sed "s|<stdin>|bad.txt|" pipe.err >pipe.err2 &&
		test_cmp pipe.out file.out &&
		test_cmp pipe.err2 file.err &&
		test -s file.err
	'
done

test_expect_success 'a long game whose middle falls in a comment answers as through a pipe' '
	coinline gen -n 300000 -s 12 >long.txt &&
	{
		sed -n 1p long.txt &&
		sed -n 2p long.txt | tr " " "\n" | awk "NR % 1000 == 0 { print \$0 \" # 1 2 3 \"; next } { print }"
	} >commented.txt &&
	coinline solve --both commented.txt >file.out &&
	cat commented.txt | coinline solve --both >pipe.out &&
	test_cmp pipe.out file.out
'

test_done
