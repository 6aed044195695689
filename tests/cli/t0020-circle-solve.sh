#!/bin/sh
# SPDX-License-Identifier: MIT
# The circular game (the pizza game) in the tool: solve --circle in every
# output form, gen --circle, explain --circle and table --circle. Known
# small circles checked by hand (the reasoning is in the comments), an
# arc DP in Python as the oracle on random circles (ties, negatives, int64
# edges, totals past 64 bits), the three solvers against each other in
# every output form, and the refusals.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# 1 3 5 2 9 on a circle. Taking the coin at p leaves the line from p+1
# round to p-1 to player 2, so player 1's margin is m(p) = coin(p) - V(that
# line), with V the line game's value for the player to move:
#   m(1) = 1 - V(3 5 2 9) = 1 - 9 = -8   (V(5 2 9) = 6, V(3 5 2) = 0)
#   m(2) = 3 - V(5 2 9 1) = 3 - 11 = -8  (V(2 9 1) = -6, V(5 2 9) = 6)
#   m(3) = 5 - V(2 9 1 3) = 5 - 9 = -4   (V(9 1 3) = 7, V(2 9 1) = -6)
#   m(4) = 2 - V(9 1 3 5) = 2 - 6 = -4   (V(1 3 5) = 3, V(9 1 3) = 7)
#   m(5) = 9 - V(1 3 5 2) = 9 - 1 = 8    (V(3 5 2) = 0, V(1 3 5) = 3)
# so player 1 takes 9 at position 5 and ends with (20 + 8) / 2 = 14.
# On 1 3 5 2 player 2 takes 1 (left: 1 - 0 = 1 beats right: 2 - 3);
# on 3 5 2 both ends give 0, and ties go left (3); then 5 of 5 2, then 2.
test_expect_success 'solve --circle on 1 3 5 2 9: 14, and --both: 14 6' '
	coinline solve --circle -r "1 3 5 2 9" >out &&
	echo 14 >expect &&
	test_cmp expect out &&
	coinline solve -c -b -r "1 3 5 2 9" >out &&
	echo "14 6" >expect &&
	test_cmp expect out
'

test_expect_success 'the compact line starts with the position: 14 5 LLLL' '
	coinline solve -c --line=compact -r "1 3 5 2 9" >out &&
	echo "14 5 LLLL" >expect &&
	test_cmp expect out &&
	coinline solve -c -b -lcompact -r "1 3 5 2 9" >out &&
	echo "14 6 5 LLLL" >expect &&
	test_cmp expect out
'

test_expect_success '--json: "circle":true and first_move the position' '
	coinline solve -c -j -r "1 3 5 2 9" >out &&
	echo "{\"game\":1,\"n\":5,\"circle\":true,\"sum\":20,\"p1\":14,\"p2\":6,\"margin\":8,\"winner\":\"first\",\"first_move\":5}" >expect &&
	test_cmp expect out &&
	coinline solve -c -j -l -r "1 3 5 2 9" >out &&
	echo "{\"game\":1,\"n\":5,\"circle\":true,\"sum\":20,\"p1\":14,\"p2\":6,\"margin\":8,\"winner\":\"first\",\"first_move\":5,\"line\":\"LLLL\"}" >expect &&
	test_cmp expect out
'

test_expect_success '--line in words: move 1 at a position, then the line left' '
	coinline solve -c --line -r "1 3 5 2 9" >out &&
	cat >expect <<-\EOF &&
	Game 1 (--row 1): 5 coins on a circle, positions 1..5 clockwise: 1 3 5 2 9
	  1. Player 1 takes 9 at position 5.  Score 9 to 0.  Left: 1 3 5 2 (positions 1 to 4 clockwise)
	  2. Player 2 takes 1 at position 1, from the left.  Score 9 to 1.  Left: 3 5 2
	  3. Player 1 takes 3 at position 2, from the left.  Score 12 to 1.  Left: 5 2
	  4. Player 2 takes 5 at position 3, from the left.  Score 12 to 6.  Left: 2
	  5. Player 1 takes 2 at position 4, the last coin.  Score 14 to 6.
	  Result: player 1 gets 14, player 2 gets 6: player 1 wins by 8.
	EOF
	test_cmp expect out
'

# 4 8 1 9 2: m(4) = 9 - V(2 4 8 1) = 9 - 5 = 4 is the largest (m(1) =
# 4 - 14, m(2) = 8 - 10, m(3) = 1 - 3, m(5) = 2 - 12). On 2 4 8 1 player
# 2 takes 2 (2 - V(4 8 1) = 2 + 3 beats 1 - V(2 4 8) = 1 - 6), leaving
# 4 8 1, where 4 - V(8 1) = -3 ties 1 - V(4 8) = -3: left, 4; then 8,
# then 1: player 1 ends with 9 + 4 + 1 = 14, player 2 with 10. The line
# left runs from position 5 round to 3.
test_expect_success '--line in words: the line left goes round past position n' '
	coinline solve -c -l -r "4 8 1 9 2" >out &&
	test_grep "^  1. Player 1 takes 9 at position 4.  Score 9 to 0.  Left: 2 4 8 1 (positions 5 to 3 clockwise)$" out &&
	test_grep "^  2. Player 2 takes 2 at position 5, from the left." out &&
	test_grep "^  3. Player 1 takes 4 at position 1, from the left." out &&
	test_grep "^  Result: player 1 gets 14, player 2 gets 10: player 1 wins by 4.$" out
'

# 1 5 1: on a line player 1 gets 2 (an end, then 5 is player 2's); on a
# circle player 1 takes 5 at position 2 (m = 5 - V(1 1) = 5 against
# 1 - V(5 1) = -3), and the line left 1 1 (positions 3 and 1) ties:
# left, left.
test_expect_success 'a circle is not its row: 1 5 1 gives 2 on a line, 6 on a circle' '
	coinline solve -lcompact -r "1 5 1" >out &&
	echo "2 LLL" >expect &&
	test_cmp expect out &&
	coinline solve -c -lcompact -r "1 5 1" >out &&
	echo "6 2 LL" >expect &&
	test_cmp expect out
'

# Equal coins: every first position is as good; the smallest is taken.
test_expect_success 'ties: the smallest optimal first position, then ties to the left' '
	coinline solve -c -b -lcompact -r "2 2 2" >out &&
	echo "4 2 1 LL" >expect &&
	test_cmp expect out &&
	coinline solve -c -j -r "0 0 0 0" >out &&
	test_grep "\"winner\":\"draw\",\"first_move\":1}" out
'

test_expect_success 'n = 0: a draw, no first move' '
	coinline solve -c -r "" >out &&
	echo 0 >expect &&
	test_cmp expect out &&
	coinline solve -c -j -l -r "" >out &&
	echo "{\"game\":1,\"n\":0,\"circle\":true,\"sum\":0,\"p1\":0,\"p2\":0,\"margin\":0,\"winner\":\"draw\",\"first_move\":null,\"line\":\"\"}" >expect &&
	test_cmp expect out &&
	coinline solve -c -lcompact -r "" >out &&
	echo "0 - -" >expect &&
	test_cmp expect out &&
	coinline solve -c -b -lcompact -r "" >out &&
	echo "0 0 - -" >expect &&
	test_cmp expect out &&
	coinline solve -c -l -r "" >out &&
	test_grep "^Game 1 (--row 1): 0 coins on a circle: (empty circle)$" out
'

test_expect_success 'n = 1: player 1 takes it at position 1' '
	coinline solve -c -b -r "-7" >out &&
	echo "-7 0" >expect &&
	test_cmp expect out &&
	coinline solve -c -lcompact -r 5 >out &&
	echo "5 1 -" >expect &&
	test_cmp expect out &&
	coinline solve -c -j -l -r 5 >out &&
	test_grep "\"first_move\":1,\"line\":\"\"}" out &&
	coinline solve -c -l -r 5 >out &&
	test_grep "^  1. Player 1 takes 5 at position 1, the last coin.  Score 5 to 0.$" out
'

# Two coins: player 1 takes the larger, player 2 the other (both
# negative: the less negative).
test_expect_success 'n = 2: the larger coin first, also when both are negative' '
	coinline solve -c -b -lcompact -r "5 7" >out &&
	echo "7 5 2 L" >expect &&
	test_cmp expect out &&
	coinline solve -c -b -lcompact -r "-3 -1" >out &&
	echo "-1 -3 2 L" >expect &&
	test_cmp expect out &&
	coinline solve -c -b -lcompact -r "7 5" >out &&
	echo "7 5 1 L" >expect &&
	test_cmp expect out
'

# 3 -1 4 1 -5: m(1) = 3 - V(-1 4 1 -5) = 3 - 1 = 2, the largest:
#   V(-1 4 1 -5) = max(-1 - V(4 1 -5), -5 - V(-1 4 1)) = max(-1 + 2, -5 + 4)
#   (V(4 1 -5) = max(4 - 6, -5 - 3) = -2; V(-1 4 1) = max(-1 - 3, 1 - 5));
#   m(2) = -1 - V(4 1 -5 3) = -1 - 7, m(3) = 4 - V(1 -5 3 -1) = 4 - 10,
#   m(4) = 1 - V(-5 3 -1 4) = 1 - 13, m(5) = -5 - V(3 -1 4 1) = -5 - 7.
# Player 2 takes -1, player 1 then 4 (4 - V(1 -5) = -2 beats -5 - 3),
# player 2 takes 1, player 1 is left -5: 3 + 4 - 5 = 2 against -1 + 1.
test_expect_success 'negative coins: 3 -1 4 1 -5' '
	coinline solve -c -b -lcompact -r "3 -1 4 1 -5" >out &&
	echo "2 0 1 LLLL" >expect &&
	test_cmp expect out
'

# int64 edges. Four coins of M = 2^63 - 1: player 1 gets two, 2M =
# 18446744073709551614, past 64 bits, and so does player 2. Three coins
# of -2^63: player 1 takes one first and the last one, -2^64. M, -2^63,
# M: every first move gives player 1 M + (-2^63) = -1 (player 2 always
# takes the other M), so position 1, and player 2 takes M on the right.
test_expect_success 'int64 extremes: totals past 64 bits, exact' '
	M=9223372036854775807 && m=-9223372036854775808 &&
	coinline solve -c -b -lcompact -r "$M $M $M $M" >out &&
	echo "18446744073709551614 18446744073709551614 1 LLL" >expect &&
	test_cmp expect out &&
	coinline solve -c -j -r "$m $m $m" >out &&
	echo "{\"game\":1,\"n\":3,\"circle\":true,\"sum\":-27670116110564327424,\"p1\":-18446744073709551616,\"p2\":-9223372036854775808,\"margin\":-9223372036854775808,\"winner\":\"second\",\"first_move\":1}" >expect &&
	test_cmp expect out &&
	coinline solve -c -b -lcompact -r "$M $m $M" >out &&
	echo "-1 9223372036854775807 1 RL" >expect &&
	test_cmp expect out
'

test_expect_success 'every game of a file, each --row, from standard input' '
	printf "3\n1 5 1\n# a comment\n5\n1 3 5 2 9\n" >games &&
	coinline solve -c games -r "5 7" >out &&
	write_lines 7 6 14 >expect &&
	test_cmp expect out &&
	coinline solve -c <games >out &&
	write_lines 6 14 >expect &&
	test_cmp expect out &&
	coinline solve -c -j games >out &&
	test_grep "^{\"game\":2,\"n\":5,\"circle\":true," out
'

test_expect_success 'gen --circle: a first comment line, then the same games as without it' '
	coinline gen --circle -n 9 -g 3 -s 7 >circle &&
	coinline gen -n 9 -g 3 -s 7 >row &&
	head -n 1 circle >first &&
	test_grep "^# circle: .*positions 1\.\.N clockwise" first &&
	sed 1d circle >rest &&
	test_cmp row rest &&
	coinline gen -c -n 0 >empty &&
	test_line_count = 3 empty &&
	sed 1d empty | coinline solve -c -j >out &&
	test_grep "\"n\":0," out &&
	coinline solve -c circle >a &&
	coinline solve -c row >b &&
	test_cmp a b &&
	test_line_count = 3 a
'

# The solvers against each other: the same bytes in every output form,
# on circles of 0 to 14 coins over -9..9 (ties often) and over int64.
test_expect_success 'linear, dp and brute agree in every output form on 300 random circles' '
	for n in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
		coinline gen -c -n $n -g 10 --min=-9 --max=9 -s $n >>small || return 1
		coinline gen -c -n $n -g 10 --min=-9223372036854775808 --max=9223372036854775807 -s $((n + 100)) >>small || return 1
	done &&
	for form in "" "-b" "-j" "-lcompact" "-b -lcompact" "-l" "-j -l"; do
		coinline solve -c -a linear $form small >linear &&
		coinline solve -c -a dp $form small >dp &&
		coinline solve -c -a brute $form small >brute &&
		echo "== $form" &&
		test_cmp linear dp &&
		test_cmp linear brute || return 1
	done &&
	coinline solve -c small >all &&
	test_line_count = 300 all
'

# The oracle: the arc DP written plainly (tests/cli/rules_oracle.py on each
# line left), the first position the smallest of the best, the line with
# ties to the left; checked against -j --line=compact and --both.
cat >"$TRASH_ROOT/oracle.py" <<\PYEOF
from rules_oracle import table

def circle(a):
    """(p1, p2, first, margins, line) of optimal play on the circle a."""
    n = len(a)
    if n == 0:
        return 0, 0, 0, [], ""
    margins = []
    for p in range(n):
        left = [a[(p + 1 + k) % n] for k in range(n - 1)]
        margins.append(a[p] - table(left)[(0, n - 1)])
    best = max(margins)
    first = margins.index(best)
    left = [a[(first + 1 + k) % n] for k in range(n - 1)]
    V = table(left)
    lo, hi, line = 0, n - 1, ""
    while lo < hi:
        if left[lo] - V[(lo + 1, hi)] >= left[hi - 1] - V[(lo, hi - 1)]:
            line += "L"; lo += 1
        else:
            line += "R"; hi -= 1
    s = sum(a)
    return (s + best) // 2, (s - best) // 2, first + 1, margins, line
PYEOF

cat >"$TRASH_ROOT/check_solve.py" <<\PYEOF
import json, os, random, subprocess, sys
from oracle import circle
rng = random.Random(int(sys.argv[1]))
rows = []
for trial in range(int(sys.argv[2])):
    n = rng.randrange(0, 16)
    lim = rng.choice([2, 9, 2**40, 2**63 - 1])
    rows.append([rng.randrange(-lim, lim + 1) for _ in range(n)])
    if rng.random() < 0.2:
        rows[-1] = [abs(c) for c in rows[-1]]
    if lim == 2**63 - 1 and rng.random() < 0.3:
        rows[-1] = [rng.choice([-2**63, 2**63 - 1]) for _ in range(n)]
text = "".join("%d\n%s\n" % (len(a), " ".join(map(str, a))) for a in rows)
def run(*args):
    return subprocess.run([os.environ["COINLINE"], "solve", "-c"] + list(args),
                          input=text, check=True, capture_output=True,
                          text=True).stdout.splitlines()
js = run("-j", "--line=compact")
both = run("-b", "-lcompact")
bad = 0
for a, j, b in zip(rows, js, both):
    p1, p2, first, _, line = circle(a)
    j = json.loads(j)
    want = {"n": len(a), "circle": True, "sum": sum(a), "p1": p1, "p2": p2,
            "margin": p1 - p2, "first_move": first if a else None,
            "line": line,
            "winner": "first" if p1 > p2 else "second" if p1 < p2 else "draw"}
    got = {k: j[k] for k in want}
    if got != want:
        print("json differs on", a, got, want); bad += 1
    # the compact form: "-" for no first position and for no move
    if b != "%d %d %s %s" % (p1, p2, first if a else "-", line or "-"):
        print("--both --line=compact differs on", a, b); bad += 1
    # the theorem: 4/9 of a circle of coins >= 0 for player 1
    if min(a, default=0) >= 0 and 9 * p1 < 4 * sum(a):
        print("below 4/9 on", a); bad += 1
if len(js) != len(rows):
    bad += 1
print("circles:", len(rows), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'solve --circle agrees with an arc DP on 400 random circles (int64 edges, 4/9)' '
	PYTHONPATH="$REPO_ROOT/tests/cli:$TRASH_ROOT" python3 "$TRASH_ROOT/check_solve.py" 20 400
'

# The words against the compact line: the position of each coin is
# (first + i) mod n + 1 for index i of the line left, and the scores add
# up to the totals.
test_expect_success 'the words tell the compact line: positions, coins and the result' '
	coinline gen -c -n 17 -g 4 --min=-50 --max=50 -s 5 >games &&
	coinline solve -c -lcompact -b games >compact &&
	coinline solve -c -l games >words &&
	awk "
		FNR == NR { p1[NR] = \$1; p2[NR] = \$2; first[NR] = \$3; line[NR] = \$4; next }
		/^Game / { g++; n = 0; sub(/.*clockwise: /, \"\"); for (k = 1; k <= NF; k++) c[n++] = \$k; lo = 0; hi = n - 1; k = 0; next }
		/^  1\. Player 1 takes/ {
			if (\$5 != c[first[g] - 1] || \$8 != first[g] \".\") { print \"move 1 of game \" g; bad = 1 }
			next
		}
		/^  [0-9]+\. Player/ {
			m = substr(line[g], ++k, 1); i = m == \"L\" ? lo++ : --hi
			pos = (first[g] + i) % n + 1
			if (\$8 != pos \",\" || \$5 != c[pos - 1]) { print \"game \" g \" move \" \$1 \": \" \$0; bad = 1 }
			next
		}
		/^  Result:/ { if (\$5 != p1[g] \",\" || \$9 != p2[g] \":\") { print \"result \" g; bad = 1 } }
		END { exit bad || g != 4 }" compact words
'

test_expect_success 'a long circle: 200000 coins read whole, the line replays to the total' '
	coinline gen -c -n 200000 --min=-1000 --max=1000 -s 8 >long &&
	coinline solve -c -lcompact -b long >out &&
	sed 1,2d long | tr " " "\n" >coins &&
	awk "
		FNR == NR { a[NR - 1] = \$1; n = NR; next }
		{ t[1] = a[\$3 - 1]; lo = 0; hi = n - 1; line = \$4
		  for (k = 1; k <= n - 1; k++) {
			i = substr(line, k, 1) == \"L\" ? lo++ : --hi
			t[(k % 2) + 1] += a[(\$3 + i) % n] }
		  exit !(t[1] == \$1 && t[2] == \$2 && length(line) == n - 1) }" coins out &&
	coinline solve -c long >total &&
	cut -d " " -f 1 out >expect &&
	test_cmp expect total
'

test_expect_success 'a circle the solver cannot take is refused at its count: file:line:column' '
	coinline gen -c -n 27 -s 2 >g27 &&
	test_expect_code 1 coinline solve -c -a brute g27 >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline solve: g27:2:1: game 1 has 27 coins; --algo brute solves a circle of at most 26 (use linear or dp)$" err &&
	test_expect_code 1 coinline solve -c -a brute -r "$(seq -s " " 27)" 2>err &&
	test_grep "^coinline solve: --row 1:1:1: game 1 has 27 coins" err &&
	coinline solve -a brute -c -r "$(seq -s " " 26)" >out &&
	coinline solve -c -r "$(seq -s " " 26)" >expect &&
	test_cmp expect out &&
	printf "3000000000\n1 2\n" | test_expect_code 1 coinline solve -c 2>err &&
	test_grep "^coinline solve: <stdin>:1:1: game 1 has 3000000000 coins; the linear solver solves a circle of at most 2147483645" err
'

test_expect_success 'bad input: exit 1 with file:line:column; earlier answers stay' '
	printf "3\n1 5 1\n3\n1 x 3\n" >bad &&
	test_expect_code 1 coinline solve -c bad >out 2>err &&
	echo 6 >expect &&
	test_cmp expect out &&
	test_grep "^coinline solve: bad:4:3: " err &&
	printf "4\n1 2\n" | test_expect_code 1 coinline solve -c -lcompact 2>err &&
	test_grep "^coinline solve: <stdin>:" err &&
	test_expect_code 1 coinline solve -c -r "1 2 99999999999999999999" 2>err &&
	test_grep "^coinline solve: --row 1:1:5: " err
'

test_expect_success 'usage errors: exit 2' '
	test_expect_code 2 coinline solve --circle=yes -r 1 2>err &&
	test_expect_code 2 coinline gen --circle=1 2>err &&
	test_expect_code 2 coinline solve -c -a nosuch -r 1 2>err &&
	test_grep "unknown solver" err
'

# ------------------------------------------------------------------------
# solve --circle --moves: P or P:LRL

# 1 3 5 2 9 after 2:rl: player 1 took 3 at position 2; the line left is
# 5 2 9 1 (positions 3 4 5 1); player 2 took 1 (right, position 1), player
# 1 took 5 (left, position 3): 8 to 1, and 2 9 are left (positions 4 5)
# with player 2 to move, who takes 9 (9 - 2 = 7 beats 2 - 9): player 2
# ends with 1 + 9 = 10, player 1 with 8 + 2 = 10.
test_expect_success '--moves P:LRL: the position after them, in words and JSON' '
	coinline solve -c --moves 2:rl -r "1 3 5 2 9" >out &&
	echo "after 3 moves: player 2 to move, best move right (9, position 5); with best play, player 1 gets 10, player 2 gets 10: a draw" >expect &&
	test_cmp expect out &&
	coinline solve -c -j -m 2:RL -r "1 3 5 2 9" >out &&
	echo "{\"game\":1,\"n\":5,\"circle\":true,\"first_move\":2,\"moves_played\":3,\"coins_left\":2,\"to_move\":2,\"best_move\":\"right\",\"best_position\":5,\"value\":7,\"taken_p1\":8,\"taken_p2\":1,\"p1\":10,\"p2\":10,\"margin\":0,\"winner\":\"draw\"}" >expect &&
	test_cmp expect out
'

# After the first move alone (5, the optimal one) player 2 is to move on
# 1 3 5 2, and its best move is 1 on the left (position 1).
test_expect_success '--moves P, and P: alike: after the first move' '
	coinline solve -c -m 5 -r "1 3 5 2 9" >out &&
	echo "after 1 move: player 2 to move, best move left (1, position 1); with best play, player 1 gets 14, player 2 gets 6: player 1 wins by 8" >expect &&
	test_cmp expect out &&
	coinline solve -c -m 5: -r "1 3 5 2 9" >out2 &&
	test_cmp expect out2
'

test_expect_success '--moves "": the start, the best move a position' '
	coinline solve -c -m "" -r "1 3 5 2 9" >out &&
	echo "after 0 moves: player 1 to move, best move position 5 (9); with best play, player 1 gets 14, player 2 gets 6: player 1 wins by 8" >expect &&
	test_cmp expect out &&
	coinline solve -c -j -m "" -r "1 3 5 2 9" >out &&
	test_grep "\"first_move\":null,\"moves_played\":0,\"coins_left\":5,\"to_move\":1,\"best_move\":5,\"best_position\":5,\"value\":8," out
'

test_expect_success '--moves to the end, and on n = 0, 1' '
	coinline solve -c -m 1:RRRR -r "1 3 5 2 9" >out &&
	echo "after 5 moves: the game is over; player 1 gets 6, player 2 gets 14: player 2 wins by 8" >expect &&
	test_cmp expect out &&
	coinline solve -c -j -m 1 -r 5 >out &&
	test_grep "\"to_move\":null,\"best_move\":null,\"best_position\":null,\"value\":0,\"taken_p1\":5,\"taken_p2\":0," out &&
	coinline solve -c -m "" -r "" >out &&
	echo "after 0 moves: the game is over; player 1 gets 0, player 2 gets 0: a draw" >expect &&
	test_cmp expect out
'

test_expect_success '--moves: a bad value is a usage error naming its column' '
	for bad in "x:column 1: expected the position of the first move, found .x." \
		"0:column 1: position 0: positions start at 1" \
		"2L:column 2: expected .:. and the moves after the position, found .L." \
		"2:LxR:column 4: move 3 is .x., not L or R" \
		"12:L:R:column 5: move 3 is .:., not L or R" \
		"99999999999999999999:column 1: the position 99999999999999999999 is too large"; do
		value=${bad%%:column*} &&
		message=${bad#"$value":} &&
		test_expect_code 2 coinline solve -c -m "$value" </dev/null 2>err &&
		echo "== $value" &&
		test_grep "^coinline solve: --moves: $message" err || return 1
	done &&
	test_expect_code 2 coinline solve -m 2:LR -r 1 2>err &&
	test_grep "move 1 is .2., not L or R (a first position, P or P:LRL, is for --circle)" err &&
	test_expect_code 2 coinline solve -c -m 2 -a dp -r 1 2>err &&
	test_grep "goes without --algo, --both and --line" err
'

test_expect_success '--moves that do not fit a game: that game is refused (exit 1), earlier answers stay' '
	printf "5\n1 3 5 2 9\n3\n1 5 1\n" >games &&
	test_expect_code 1 coinline solve -c -m 4 games >out 2>err &&
	test_line_count = 1 out &&
	test_grep "^coinline solve: games: game 2: --moves: column 1: position 4 is not on the circle: it has 3 coins$" err &&
	test_expect_code 1 coinline solve -c -m 3:LLL games >out 2>err &&
	test_line_count = 1 out &&
	test_grep "^coinline solve: games: game 2: --moves: column 5: move 4 is one too many: the circle has 3 coins$" err
'

cat >"$TRASH_ROOT/check_moves.py" <<\PYEOF
import json, os, random, subprocess, sys
from rules_oracle import table
from oracle import circle
rng = random.Random(int(sys.argv[1]))
bad = 0
for trial in range(int(sys.argv[2])):
    n = rng.randrange(1, 13)
    lim = rng.choice([2, 9, 2**63 - 1])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    first = rng.randrange(1, n + 1)
    k = rng.randrange(0, n)
    moves = "".join(rng.choice("LRlr") for _ in range(k))
    text = str(first) + (":" + moves if moves or rng.random() < 0.5 else "")
    out = subprocess.run([os.environ["COINLINE"], "solve", "-c", "-j", "-m", text,
                          "-r", " ".join(map(str, a))], check=True,
                         capture_output=True, text=True).stdout
    got = json.loads(out)
    left = [a[(first + i) % n] for i in range(n - 1)]
    t = [a[first - 1], 0]
    lo, hi = 0, n - 1
    for j, m in enumerate(moves.upper()):
        if m == "L": t[(j + 1) % 2] += left[lo]; lo += 1
        else: hi -= 1; t[(j + 1) % 2] += left[hi]
    V = table(left)
    v = V[(lo, hi)]
    mover = (1 + len(moves)) % 2  # 0: player 1
    fm = (t[0] - t[1]) + (v if mover == 0 else -v)
    s = sum(a)
    if lo < hi:
        side = "left" if left[lo] - V[(lo + 1, hi)] >= left[hi - 1] - V[(lo, hi - 1)] else "right"
        i = lo if side == "left" else hi - 1
        best, pos = side, (first + i) % n + 1
    else:
        best = pos = None
    want = {"n": n, "circle": True, "first_move": first,
            "moves_played": 1 + len(moves), "coins_left": hi - lo,
            "to_move": mover + 1 if lo < hi else None, "best_move": best,
            "best_position": pos, "value": v, "taken_p1": t[0], "taken_p2": t[1],
            "p1": (s + fm) // 2, "p2": (s - fm) // 2, "margin": fm,
            "winner": "first" if fm > 0 else "second" if fm < 0 else "draw"}
    del got["game"]
    if got != want:
        print("differs on", a, text, got, want); bad += 1
    if k == 0 and first == circle(a)[2] and fm != circle(a)[0] - circle(a)[1]:
        print("the optimal first move is not optimal on", a); bad += 1
print("positions:", int(sys.argv[2]), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 '--moves agrees with an interval DP on 300 random positions (int64 edges)' '
	PYTHONPATH="$REPO_ROOT/tests/cli:$TRASH_ROOT" python3 "$TRASH_ROOT/check_moves.py" 22 300
'

test_expect_success 'every prefix of the optimal play: the same final totals, the next move as played' '
	coinline gen -c -n 15 -g 6 --min=-20 --max=20 -s 9 >games &&
	coinline solve -c -b -lcompact games >lines &&
	g=0 &&
	while read -r p1 p2 first line; do
		g=$((g + 1)) &&
		sed -n "$((2 * g + 1))p" games >row &&
		k=0 &&
		while test $k -le ${#line}; do
			prefix=$(printf "%.${k}s" "$line") &&
			coinline solve -c -j -m "$first:$prefix" -r "$(cat row)" >pos &&
			test_grep "\"p1\":$p1,\"p2\":$p2," pos &&
			next=$(printf "%s" "$line" | cut -c$((k + 1))) &&
			case $next in
			L) test_grep "\"best_move\":\"left\"" pos ;;
			R) test_grep "\"best_move\":\"right\"" pos ;;
			*) test_grep "\"best_move\":null" pos ;;
			esac || return 1
			k=$((k + 1))
		done || return 1
	done <lines &&
	test $g = 6
'

# ------------------------------------------------------------------------
# explain --circle and table --circle

test_expect_success 'explain --circle on 1 3 5 2 9: every first position, the line, the share' '
	coinline explain --circle -r "1 3 5 2 9" >out &&
	tr -s "\n " "  " <out >flat &&
	test_grep "player 1 takes the coin at any position p; the coins left form a line running clockwise from p+1 round to p-1" flat &&
	test_grep "player 1 ends with 14 and player 2 with 6" flat &&
	test_grep "Why player 1 starts at position 5 (9)" flat &&
	test_grep "position 1 (1): margin -8, 8 points fewer for player 1 position 2 (3): margin -8, 8 points fewer for player 1 position 3 (5): margin -4, 6 points fewer for player 1 position 4 (2): margin -4, 6 points fewer for player 1 position 5 (9): margin 8, the best" flat &&
	test_grep "2. player 2 takes 1 (left, position 1): 9 to 1" flat &&
	test_grep "player 1 secures 14 of the total 20, 70.0%" flat &&
	test_grep "at least 4/9 of the total, 44.4%" flat
'

test_expect_success 'explain --circle: the 4/9 guarantee does not apply to a negative coin or a total of 0' '
	coinline explain -c -r "3 -1 4 1 -5" >out &&
	tr -s "\n " "  " <out >flat &&
	test_grep "The 4/9 guarantee does not apply: .* the coin at position 2 is -1" flat &&
	coinline explain -c -r "0 0 0" >out &&
	tr -s "\n " "  " <out >flat &&
	test_grep "the total is 0" flat &&
	test_grep "4/9 guarantee does not apply" flat &&
	coinline explain -c -j -r "0 0 0" >out &&
	test_grep "\"share_percent\":null,\"negative_at\":null,\"four_ninths\":null}" out &&
	coinline explain -c -j -r "3 -1 4 1 -5" >out &&
	test_grep "\"share_percent\":\"100.0\",\"negative_at\":2,\"four_ninths\":null}" out
'

test_expect_success 'explain --circle on n = 0, 1, 2' '
	coinline explain -c -r "" >out &&
	test_grep "^The circle: no coins.$" out &&
	test_grep "^It is a draw.$" out &&
	coinline explain -c -j -r "" >out &&
	test_grep "\"first_move\":null,\"line\":\"\",\"first_moves\":\[\]" out &&
	coinline explain -c -r 5 >out &&
	test_grep "position 1 (5): margin 5, the best" out &&
	coinline explain -c -j -r "5 7" >out &&
	test_grep "\"first_move\":2,\"line\":\"L\",\"first_moves\":\[{\"position\":1,\"coin\":5,\"margin\":-2,\"loss\":2},{\"position\":2,\"coin\":7,\"margin\":2,\"loss\":0}\]" out
'

test_expect_success 'explain --circle on a long circle: the best 5 positions, best first' '
	coinline gen -c -n 5000 -s 3 >long &&
	coinline explain -c long >out &&
	test_grep "for the best 5 of the 5000 positions" out &&
	coinline explain -c -j long >j &&
	coinline solve -c -j -lcompact long >s &&
	first=$(sed "s/.*\"first_move\":\([0-9]*\).*/\1/" s) &&
	test_grep "\"first_move\":$first,.*\"first_moves\":\[{\"position\":$first,\"coin\":[0-9]*,\"margin\":[0-9-]*,\"loss\":0}" j &&
	test_grep "position $first ([0-9]*): margin [0-9-]*, the best" out &&
	coinline explain -c -j -r "3 3 3 3 3 3 3 3 3 3 3 3 3" >ties &&
	test_grep "\"first_moves\":\[{\"position\":1,[^]]*{\"position\":2,[^]]*{\"position\":3,[^]]*{\"position\":4,[^]]*{\"position\":5,\"coin\":3,\"margin\":3,\"loss\":0}\]" ties
'

# table --circle on 1 3 5 2 9: the arcs, as the comment at the top works
# them out (V(1, 4) = V(1 3 5 2) = 1 ... V(5, 4) = V(9 1 3 5) = 6), and
# m(i) as there; optimal play takes 9 at 5, then the arcs (1, 4), (2, 3),
# (3, 2), (4, 1).
test_expect_success 'table --circle --json on 1 3 5 2 9' '
	coinline table --circle --json -r "1 3 5 2 9" >out &&
	echo "{\"n\":5,\"circle\":true,\"v\":[[1,2,3,1],[3,2,0,9],[5,3,6,11],[2,7,-6,9],[9,8,7,6]],\"move\":[\"LRRL\",\"LRLR\",\"LLRL\",\"LRLR\",\"LLLL\"],\"margins\":[-8,-8,-4,-4,8],\"first\":5,\"line\":\"LLLL\"}" >expect &&
	test_cmp expect out
'

test_expect_success 'table --circle in text: V, moves, the path and m(i) marked' '
	coinline table -c -r "1 3 5 2 9" >out &&
	test_grep "^  1    1  1L   2R   3R   1L\*   -8$" out &&
	test_grep "^  4    2  2L\*  7R  -6L   9R    -4$" out &&
	test_grep "^  5    9  9L   8L   7L   6L     8\*$" out &&
	test_grep "^m(5) = 8, the largest: player 1 takes the coin at 5 first.$" out &&
	test_grep "^Player 1 ends with 14, player 2 with 6.$" out &&
	test_grep "^The optimal line: 9 at 5, L 1 at 1, L 3 at 2, L 5 at 3, L 2 at 4.$" out
'

test_expect_success 'table --circle on n = 0, 1, 2; the limit of 64 coins' '
	coinline table -c -j -r "" >out &&
	echo "{\"n\":0,\"circle\":true,\"v\":[],\"move\":[],\"margins\":[],\"first\":null,\"line\":\"\"}" >expect &&
	test_cmp expect out &&
	coinline table -c -j -r 4 >out &&
	echo "{\"n\":1,\"circle\":true,\"v\":[[]],\"move\":[\"\"],\"margins\":[4],\"first\":1,\"line\":\"\"}" >expect &&
	test_cmp expect out &&
	coinline table -c -j -r "4 -6" >out &&
	echo "{\"n\":2,\"circle\":true,\"v\":[[4],[-6]],\"move\":[\"L\",\"L\"],\"margins\":[10,-10],\"first\":1,\"line\":\"L\"}" >expect &&
	test_cmp expect out &&
	coinline gen -c -n 64 >c64 &&
	coinline table -c c64 >/dev/null &&
	coinline gen -c -n 65 >c65 &&
	test_expect_code 1 coinline table -c c65 2>err &&
	test_grep "the circle has 65 coins: the table is for 64 at most" err
'

test_expect_success PYTHON3 'table --circle --svg: well-formed, a cell per arc and per first position' '
	coinline table -c --svg t.svg -r "1 3 5 2 9 4 -7 8" >/dev/null &&
	python3 -c "
import xml.dom.minidom as m
d = m.parse(\"t.svg\")
t = \" \".join(n.firstChild.data for n in d.getElementsByTagName(\"text\") if n.firstChild)
assert \"len: the coins of the arc\" in t and \"m(i)\" in t, t
assert len([r for r in d.getElementsByTagName(\"rect\") if r.getAttribute(\"class\") == \"cell\"]) == 8 * 7 + 8
titles = [n.firstChild.data for n in d.getElementsByTagName(\"title\")]
assert \"V(6, 7) = -10, best move L\" in titles, titles
"
'

cat >"$TRASH_ROOT/check_tables.py" <<\PYEOF
import json, os, random, subprocess, sys
from rules_oracle import table
from oracle import circle
from tool import run
rng = random.Random(int(sys.argv[1]))
bad = 0
for trial in range(int(sys.argv[2])):
    n = rng.randrange(0, 17)
    lim = rng.choice([1, 2, 9, 2**62])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    if rng.random() < 0.4:
        a = [abs(c) for c in a]
    row = " ".join(map(str, a))
    p1, p2, first, margins, line = circle(a)
    t = json.loads(run("table", "-c", "-j", "-r", row))
    v, mv = [], []
    for i in range(n):
        arc = [a[(i + k) % n] for k in range(n - 1)]
        V = table(arc)
        v.append([V[(0, ln)] for ln in range(1, n)])
        mv.append("".join("L" if arc[0] - V[(1, ln)] >= arc[ln - 1] - V[(0, ln - 1)] else "R"
                          for ln in range(1, n)))
    want = {"n": n, "circle": True, "v": v, "move": mv, "margins": margins,
            "first": first if n else None, "line": line}
    if t != want:
        print("table differs on", row, t, want); bad += 1
    e = json.loads(run("explain", "-c", "-j", "-r", row))
    if (e["p1"], e["p2"], e["first_move"], e["line"]) != (p1, p2, first if n else None, line):
        print("explain differs on", row); bad += 1
    shown = [(f["position"], f["margin"], f["loss"]) for f in e["first_moves"]]
    best = max(margins, default=0)
    told = [(p + 1, m, (best - m) // 2) for p, m in enumerate(margins)]
    if n > 12:  # the best 5, the smaller position first among equals
        told = sorted(told, key=lambda t: (-t[1], t[0]))[:5]
    if shown != told:
        print("explain's first moves differ on", row, shown, told); bad += 1
    s = sum(a)
    tenths = (2000 * abs(p1) + s) // (2 * s) if s > 0 else 0
    share = "%s%d.%d" % ("-" if p1 < 0 else "", tenths // 10, tenths % 10)
    if s > 0 and e["share_percent"] != share:
        print("share differs on", row, e["share_percent"]); bad += 1
    if e["four_ninths"] != (True if min(a, default=0) >= 0 and s > 0 else None):
        print("four_ninths differs on", row); bad += 1
print("circles:", int(sys.argv[2]), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'table and explain --circle --json agree with an arc DP on 150 circles' '
	PYTHONPATH="$REPO_ROOT/tests/cli:$TRASH_ROOT" python3 "$TRASH_ROOT/check_tables.py" 21 150
'

test_expect_success 'table and explain --circle take --game K of a file' '
	printf "3\n1 5 1\n5\n1 3 5 2 9\n" >games &&
	coinline table -c -k 2 games >t2 &&
	coinline table -c -r "1 3 5 2 9" >r2 &&
	test_cmp r2 t2 &&
	coinline explain -c --game=2 games >e2 &&
	coinline explain -c -r "1 3 5 2 9" >r2 &&
	test_cmp r2 e2
'

test_done
