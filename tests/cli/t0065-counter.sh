#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline counter STRATEGY (issue 31): the smallest row on which a
# strategy, as player 1 against best play, loses points. greedy's row is
# checked against an exhaustive search written here in plain Python (the
# order: fewest coins, smallest largest coin, smallest sum, dictionary
# order) and its loss replayed with analyze --moves; parity (points lost,
# the game not), a level, a bot of examples/bots/, the other rules
# against tests/cli/rules_oracle.py, --json, no row within the bounds
# (exit 1 and the message), usage errors (exit 2) and bad values (exit 1).
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

cat >"$TRASH_ROOT/smallest.py" <<\PYEOF
import itertools, json, sys
from tool import run


def margin(a):
    """The margins of every run a[i..j] for the player to move, and the
    optimal move there (ties to the left)."""
    n, M = len(a), {}
    for ln in range(1, n + 1):
        for i in range(n - ln + 1):
            j = i + ln - 1
            if ln == 1:
                M[(i, j)] = a[i]
            else:
                M[(i, j)] = max(a[i] - M[(i + 1, j)], a[j] - M[(i, j - 1)])
    return M


def greedy_loss(a):
    """Player 1's total with best play minus greedy's against best play."""
    M, n = margin(a), len(a)
    i, j, p1, line = 0, n - 1, 0, ""
    for k in range(n):
        if k % 2 == 0:
            left = a[i] >= a[j]
        else:
            left = i == j or a[i] - M[(i + 1, j)] >= a[j] - M[(i, j - 1)]
        coin = a[i] if left else a[j]
        line += "L" if left else "R"
        if k % 2 == 0:
            p1 += coin
        i, j = (i + 1, j) if left else (i, j - 1)
    return (sum(a) + M[(0, n - 1)]) // 2 - p1, line


rows = [r for n in range(1, 5) for r in itertools.product(range(1, 10),
                                                          repeat=n)]
rows.sort(key=lambda r: (len(r), max(r), sum(r), r))
first = next(r for r in rows if greedy_loss(list(r))[0] > 0)
tried = rows.index(first) + 1
got = json.loads(run("counter", "greedy", "--json"))
assert len(first) == 4, first
assert got["coins"] == list(first), (got, first)
assert got["rows"] == tried, (got["rows"], tried)
loss, line = greedy_loss(list(first))
assert got["loss"] == loss and got["strategy_line"] == line, (got, loss, line)
print(" ".join(map(str, first)), got["strategy_line"], got["optimal_line"],
      got["loss"])
PYEOF

test_expect_success PYTHON3 'counter greedy: the smallest row (4 coins) of an exhaustive search, the rows tried, the loss, the line' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/smallest.py" >out &&
	echo "1 2 1 1 LLLL RLLL 1" >expect &&
	test_cmp expect out
'

test_expect_success 'counter greedy: both lines replayed with analyze --moves' '
	coinline analyze --row "1 2 1 1" --moves LLLL >play &&
	test_grep "^player 1: 1 point lost, in 1 move$" play &&
	test_grep "^result: player 1 2, player 2 3: player 2 wins by 1$" play &&
	test_grep "^player 2: no point lost$" play &&
	coinline analyze --row "1 2 1 1" --moves RLLL >best &&
	test_grep "^player 1: no point lost$" best &&
	test_grep "^result: player 1 3, player 2 2: player 1 wins by 1$" best
'

test_expect_success 'counter greedy in words: the row, the loss, the outcome, both lines side by side' '
	coinline counter greedy >out &&
	test_grep "^Strategy: greedy, as player 1 against best play (ties to the left).$" out &&
	test_grep "^The row: 1 2 1 1 (4 coins, sum 5): the smallest where it loses points$" out &&
	test_grep "^It ends with 2 to 3, best play with 3 to 2:$" out &&
	test_grep "^it loses 1 point, and loses the game by 1.$" out &&
	test_grep "^    1      1  1 (left)     1 to 0  1 (right)    1 to 0$" out &&
	test_grep "^    4      2  1 (left)     2 to 3  1 (left)     3 to 2$" out &&
	test_grep "^The lines: strategy LLLL, optimal RLLL.$" out
'

test_expect_success 'counter parity: points lost, the game not; the same row with --even' '
	coinline counter parity >out &&
	test_grep "^The row: 2 1 2 3 (4 coins, sum 8)" out &&
	test_grep "^it loses 1 point, and draws the game.$" out &&
	coinline counter parity --even --json >even &&
	test_grep "\"coins\":\[2,1,2,3\]" even &&
	test_grep "\"rows\":120," even &&
	test_grep "\"winner\":\"draw\"" even
'

test_expect_success 'counter with a level: medium is fallible:0.25, the same seed the same row' '
	coinline counter medium --json >medium &&
	coinline counter fallible:0.25 --json | sed "s/fallible:0.25/medium/" >fallible &&
	test_cmp medium fallible &&
	coinline counter medium --json >again &&
	test_cmp medium again &&
	coinline counter medium --seed 2 --json >seed2 &&
	test_grep "\"loss\":[1-9]" seed2
'

test_expect_success 'counter exec: the greedy bot finds greedy'"'"'s row; its own bounds' '
	coinline counter "exec:sh $REPO_ROOT/examples/bots/greedy.sh" --json >bot &&
	test_grep "\"coins\":\[1,2,1,1\],\"n\":4,\"loss\":1" bot &&
	test_grep "\"strategy_line\":\"LLLL\",\"optimal_line\":\"RLLL\"" bot &&
	coinline counter greedy --max 5 --json | sed "s/\"greedy\"/\"exec:sh \$REPO_ROOT\/examples\/bots\/greedy.sh\"/" >expect &&
	sed "s|$REPO_ROOT|\$REPO_ROOT|" bot >got &&
	test_cmp expect got
'

test_expect_success 'counter --json: the keys, in order' '
	coinline counter greedy --json >out &&
	echo "{\"strategy\":\"greedy\",\"rows\":823,\"coins\":[1,2,1,1],\"n\":4,\"loss\":1,\"p1\":2,\"p2\":3,\"optimal_p1\":3,\"optimal_p2\":2,\"winner\":\"second\",\"strategy_line\":\"LLLL\",\"optimal_line\":\"RLLL\"}" >expect &&
	test_cmp expect out
'

test_expect_success PYTHON3 'counter --circle and --score remaining: the loss against the rules oracle' '
	for rules in "-c" "--score remaining" "-c --score remaining"; do
		coinline counter greedy $rules --json >out.$$ &&
		PYTHONPATH="$REPO_ROOT/tests/cli" python3 -c "
import json, sys
from rules_oracle import solve
o = json.load(open(sys.argv[1]))
shape = \"circle\" if o.get(\"circle\") else \"line\"
score = o.get(\"score\", \"taken\")
r = solve(o[\"coins\"], shape, score)
per = 2 if score == \"taken\" else 1
assert o[\"optimal_p1\"] - o[\"optimal_p2\"] == r[\"margin\"], (o, r)
assert o[\"loss\"] == (r[\"margin\"] - (o[\"p1\"] - o[\"p2\"])) // per > 0, (o, r)
assert o[\"optimal_line\"].split(\":\")[-1] == r[\"line\"], (o, r)
" out.$$ || return 1
	done
'

test_expect_success 'counter: no row within the bounds, said, exit 1' '
	test_expect_code 1 coinline counter greedy --max-n 3 >out &&
	echo "No row of 1 to 3 coins with values 1 to 9 (819 tried) on which greedy as" >expect &&
	echo "player 1 against best play loses points." >>expect &&
	test_cmp expect out &&
	test_expect_code 1 coinline counter optimal --max-n 4 --json >out &&
	echo "{\"strategy\":\"optimal\",\"rows\":7380,\"coins\":null}" >expect &&
	test_cmp expect out
'

test_expect_success 'counter: usage errors exit 2' '
	test_expect_code 2 coinline counter 2>err &&
	test_grep "no STRATEGY given" err &&
	test_expect_code 2 coinline counter greedy parity 2>err &&
	test_grep "one STRATEGY" err &&
	test_expect_code 2 coinline counter nosuch 2>err &&
	test_grep "unknown strategy .nosuch." err &&
	test_expect_code 2 coinline counter greedy --max-n 0 2>err &&
	test_expect_code 2 coinline counter greedy --max-n 65 2>err &&
	test_expect_code 2 coinline counter greedy --bogus 2>err &&
	test_expect_code 2 coinline counter greedy --score nosuch 2>err
'

test_expect_success 'counter: bad values exit 1 with a clear message' '
	test_expect_code 1 coinline counter greedy --min 5 --max 4 2>err &&
	test_grep "counter: --min (5) is larger than --max (4)" err &&
	test_expect_code 1 coinline counter greedy --min 0 --max 1001 2>err &&
	test_grep "counter: --max is more than 1000 above --min" err &&
	test_expect_code 1 coinline counter greedy --even --max-n 1 2>err &&
	test_grep "no row to try" err
'

test_expect_success 'counter: values past 2^53 written exactly' '
	coinline counter greedy --min 9007199254740993 --max 9007199254740995 --json >out &&
	test_grep "\"coins\":\[9007199254740993,9007199254740994,9007199254740993,9007199254740993\]" out
'

test_expect_success 'counter --help names every option' '
	coinline counter --help >out &&
	for o in --min --max --max-n --even --seed --circle --score --move-time --json; do
		test_grep -e "$o" out || return 1
	done
'

test_done
