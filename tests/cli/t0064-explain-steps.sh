#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline explain --steps (issue 30): the table of the interval programme
# filled step by step in the textbook's order (by length, then by start).
# The seeds' row 8 15 3 7 by hand; on random rows (negative, zeros, ties,
# odd and even lengths, int64 extremes) every step's i, j, best, margin
# and move (either on a tie), their order, the words of each step with its
# numbers, the result and the line, against an interval DP written here
# in plain Python; the limits and the rules' refusals; --json well-formed;
# --game and standard input as explain reads them.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# 8 15 3 7 by hand, margin m and best b = (sum + m) / 2 of each run:
#   length 1: the coin itself (move left: one coin)
#   1..2: max(8 - 15, 15 - 8) = 7 right, b (23 + 7) / 2 = 15
#   2..3: max(15 - 3, 3 - 15) = 12 left, b 15
#   3..4: max(3 - 7, 7 - 3) = 4 right, b 7
#   1..3: max(8 - 12, 3 - 7) = -4, a tie: either, b (26 - 4) / 2 = 11
#   2..4: max(15 - 4, 7 - 12) = 11 left, b 18
#   1..4: max(8 - 11, 7 - (-4)) = 11 right, b (33 + 11) / 2 = 22:
# player 1 collects 22, player 2 11.
test_expect_success 'explain --steps --json on 8 15 3 7: the steps by hand' '
	coinline explain --steps --json --row "8 15 3 7" >out &&
	{
		printf "{\"steps\":["
		printf "{\"i\":1,\"j\":1,\"best\":8,\"margin\":8,\"move\":\"left\"},"
		printf "{\"i\":2,\"j\":2,\"best\":15,\"margin\":15,\"move\":\"left\"},"
		printf "{\"i\":3,\"j\":3,\"best\":3,\"margin\":3,\"move\":\"left\"},"
		printf "{\"i\":4,\"j\":4,\"best\":7,\"margin\":7,\"move\":\"left\"},"
		printf "{\"i\":1,\"j\":2,\"best\":15,\"margin\":7,\"move\":\"right\"},"
		printf "{\"i\":2,\"j\":3,\"best\":15,\"margin\":12,\"move\":\"left\"},"
		printf "{\"i\":3,\"j\":4,\"best\":7,\"margin\":4,\"move\":\"right\"},"
		printf "{\"i\":1,\"j\":3,\"best\":11,\"margin\":-4,\"move\":\"either\"},"
		printf "{\"i\":2,\"j\":4,\"best\":18,\"margin\":11,\"move\":\"left\"},"
		printf "{\"i\":1,\"j\":4,\"best\":22,\"margin\":11,\"move\":\"right\"}"
		printf "]}\n"
	} >expect &&
	test_cmp expect out
'

test_expect_success 'explain --steps on 8 15 3 7 in words: the heading, the steps, the result, the line' '
	coinline explain --steps --row "8 15 3 7" >out &&
	test_grep "^The steps of the interval programme, in the order a textbook" out &&
	test_grep "^  margin(i,j) = max(a_i - margin(i+1,j), a_j - margin(i,j-1))$" out &&
	test_grep "^  best(i,j) = (sum(i..j) + margin(i,j)) / 2$" out &&
	test_grep "^The row, 4 coins: 8 15 3 7$" out &&
	test_grep "^step 1: coins 1..1 (8): one coin, take it, margin 8, best 8$" out &&
	test_grep "^step 5: coins 1..2 (8 15): take right, margin 7, best 15$" out &&
	test_grep "^step 8: coins 1..3 (8 15 3): take either, margin -4, best 11$" out &&
	test_grep "^    = max(8 - 12, 3 - 7) = max(-4, -4) = -4$" out &&
	test_grep "^step 10: coins 1..4 (8 15 3 7): take right, margin 11, best 22$" out &&
	test_grep "^  margin(1,4) = max(8 - margin(2,4), 7 - margin(1,3))$" out &&
	test_grep "^    = max(8 - 11, 7 - (-4)) = max(-3, 11) = 11$" out &&
	test_grep "^  best(1,4) = (sum 33 + margin 11) / 2 = 22$" out &&
	test_grep "^Player 1 wins by 11.$" out &&
	test_grep "^  1. player 1 takes 7 (right) at step 10, coins 1..4: 7 to 0$" out &&
	test_grep "^  2. player 2 takes 8 (left) at step 8, coins 1..3: 7 to 8$" out &&
	test_grep "^  4. player 2 takes 3 (left) at step 3, coins 3..3: 22 to 11$" out &&
	tr -s "\n " "  " <out >flat &&
	test_grep "player 1 collects best(1,4) = 22 and player 2 the rest, 11." flat
'

cat >"$TRASH_ROOT/check_steps.py" <<\PYEOF
import json, random, re, sys
from tool import run


def steps(a):
    """The interval DP in the textbook's order: (i, j, best, margin, move,
    left value, right value, sum), 1-based, and the margins M."""
    n, M, out = len(a), {}, []
    for ln in range(1, n + 1):
        for i in range(1, n - ln + 2):
            j = i + ln - 1
            s = sum(a[i - 1:j])
            if ln == 1:
                left = right = a[i - 1]
                move = "left"
            else:
                left = a[i - 1] - M[(i + 1, j)]
                right = a[j - 1] - M[(i, j - 1)]
                move = ("left" if left > right else
                        "right" if right > left else "either")
            M[(i, j)] = max(left, right)
            assert (s + M[(i, j)]) % 2 == 0
            out.append((i, j, (s + M[(i, j)]) // 2, M[(i, j)], move, left,
                        right, s))
    return out, M


def sub(v):
    return "(%d)" % v if v < 0 else str(v)


def words(a, st, M):
    """The steps as the words say them, blanks folded."""
    w = []
    for k, (i, j, best, m, move, left, right, s) in enumerate(st):
        coins = " ".join(map(str, a[i - 1:j]))
        if i == j:
            w.append("step %d: coins %d..%d (%s): one coin, take it, margin %d,"
                     " best %d" % (k + 1, i, j, coins, m, best))
            continue
        w.append("step %d: coins %d..%d (%s): take %s, margin %d, best %d"
                 % (k + 1, i, j, coins, move, m, best))
        w.append("margin(%d,%d) = max(%d - margin(%d,%d), %d - margin(%d,%d))"
                 " = max(%d - %s, %d - %s) = max(%d, %d) = %d"
                 % (i, j, a[i - 1], i + 1, j, a[j - 1], i, j - 1, a[i - 1],
                    sub(M[(i + 1, j)]), a[j - 1], sub(M[(i, j - 1)]), left,
                    right, m))
        w.append("best(%d,%d) = (sum %d + margin %d) / 2 = %d"
                 % (i, j, s, m, best))
    return " ".join(w)


def line(a, M):
    """The optimal line, ties to the left: (player, coin, side, step, i, j,
    total 1, total 2)."""
    n, i, j, t, out = len(a), 1, len(a), [0, 0], []
    order = {(c[0], c[1]): k + 1 for k, c in enumerate(steps(a)[0])}
    for k in range(n):
        left = a[i - 1] - M.get((i + 1, j), 0)
        right = a[j - 1] - M.get((i, j - 1), 0)
        side = "left" if left >= right else "right"
        coin = a[i - 1] if side == "left" else a[j - 1]
        t[k % 2] += coin
        out.append((k + 1, k % 2 + 1, coin, side, order[(i, j)], i, j,
                    t[0], t[1]))
        i, j = (i + 1, j) if side == "left" else (i, j - 1)
    return out


rng = random.Random(int(sys.argv[1]))
bad = 0
for trial in range(int(sys.argv[2])):
    n = rng.randrange(0, 31)
    lim = rng.choice([0, 1, 2, 9, 1000, 2**40, 2**63 - 1])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    if trial % 7 == 3:  # int64 extremes only
        a = [rng.choice([-2**63, 2**63 - 1]) for _ in range(n)]
    if trial % 7 == 5 and n > 0:  # a palindrome: ties everywhere
        a = a[:(n + 1) // 2] + a[:n // 2][::-1]
    row = " ".join(map(str, a))
    st, M = steps(a)
    got = json.loads(run("explain", "--steps", "--json", "-r", row))
    want = {"steps": [{"i": i, "j": j, "best": b, "margin": m, "move": mv}
                      for (i, j, b, m, mv, _, _, _) in st]}
    if got != want:
        print("json differs on", row); bad += 1
        continue
    text = " ".join(run("explain", "--steps", "-r", row).split())
    if n == 0:
        if "No coins: the table is empty" not in text:
            print("no coins, no words", row); bad += 1
        continue
    body = text[text.index("step 1:"):text.index(" The result, the last step")]
    if body != words(a, st, M):
        print("words differ on", row); bad += 1
        continue
    m, s = M[(1, n)], sum(a)
    if ("margin(1,%d) = %d, so player 1 collects best(1,%d) = %d and player 2"
            " the rest, %d." % (n, m, n, (s + m) // 2, (s - m) // 2)) \
            not in text:
        print("result differs on", row); bad += 1
        continue
    moves = re.findall(r"(\d+)\. player ([12]) takes (-?\d+) \((left|right)\)"
                       r" at step (\d+), coins (\d+)\.\.(\d+): (-?\d+) to"
                       r" (-?\d+)", text)
    moves = [tuple(int(x) if x not in ("left", "right") else x for x in mv)
             for mv in moves]
    if moves != line(a, M):
        print("line differs on", row, moves); bad += 1
print("rows:", int(sys.argv[2]), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'explain --steps agrees with an interval DP on 150 random rows: JSON, words, result, line' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check_steps.py" 64 150
'

test_expect_success PYTHON3 'explain --steps --json on 1024 coins: well-formed, every cell once, in order' '
	awk "BEGIN { for (k = 0; k < 1024; k++) printf \"%d \", (k * 7919) % 2001 - 1000 }" >row &&
	coinline explain --steps --json --row "$(cat row)" >out &&
	python3 -c "
import json, sys
s = json.load(open(\"out\"))[\"steps\"]
n = 1024
want = [(i, i + ln - 1) for ln in range(1, n + 1) for i in range(1, n - ln + 2)]
sys.exit(0 if [(c[\"i\"], c[\"j\"]) for c in s] == want else 1)
"
'

test_expect_success 'explain --steps: 30 coins in words, 31 refused with the limit and what to use' '
	row30=$(seq -s " " 30) &&
	coinline explain --steps --row "$row30" >out &&
	test_grep "^step 465: coins 1..30 (" out &&
	test_expect_code 1 coinline explain --steps --row "$row30 31" >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline explain: --steps: the row has 31 coins; its steps are shown for up to 30 coins in words and 1024 as --json: for a longer row, coinline table (up to 64 coins) or coinline solve$" err &&
	coinline explain --steps --json --row "$row30 31" >out &&
	test_grep "\"i\":1,\"j\":31," out
'

test_expect_success 'explain --steps --json: 1025 coins refused' '
	seq -s " " 1025 >row &&
	test_expect_code 1 coinline explain --steps --json --row "$(cat row)" >out 2>err &&
	test_must_be_empty out &&
	test_grep "the row has 1025 coins; its steps are shown for up to 30 coins in words and 1024 as --json" err
'

test_expect_success 'explain --steps: other rules are refused through their words; --score taken is the default' '
	test_expect_code 1 coinline explain --steps --circle --row "1 2 3" >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline explain: --steps: the steps are those of a row.s table, and a circle.s first move takes any coin: its table of arcs is coinline table --circle" err &&
	test_expect_code 1 coinline explain --steps -j --score remaining --row "1 2 3" >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline explain: --steps: the steps are those of the classic table, where a move scores the coin it takes" err &&
	coinline explain --steps -r "5 1 4" >default &&
	coinline explain --steps --score=taken -r "5 1 4" >taken &&
	test_cmp default taken
'

test_expect_success 'explain --steps reads --game of a file and standard input; no coins' '
	printf "3\n1 3 5\n4\n8 15 3 7\n" >games &&
	coinline explain --steps -k 2 games >k2 &&
	coinline explain --steps --row "8 15 3 7" >row &&
	test_cmp row k2 &&
	printf "4\n8 15 3 7\n" | coinline explain --steps -j >stdin &&
	coinline explain --steps -j -r "8 15 3 7" >row &&
	test_cmp row stdin &&
	coinline explain --steps -j -r "" >out &&
	echo "{\"steps\":[]}" >expect &&
	test_cmp expect out
'

test_expect_success 'explain --help names --steps' '
	coinline explain --help >out &&
	test_grep "^      --steps  " out
'

test_done
