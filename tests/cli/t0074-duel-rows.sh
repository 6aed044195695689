#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline duel on games of several rows (issue 32): --row "1 3 5 / 2 9 /
# 4" and "rows K" games in files, between the built-ins (optimal, the
# block rule; greedy, the largest end coin of all rows; random;
# fallible:P) against an exhaustive minimax written here in Python (small
# random games: 2 to 4 rows, up to 10 coins, ties, signs, empty rows,
# int64 extremes); bots speaking the protocol's rows form
# (docs/protocol.md, "Several rows") line for line, each verdict of a bad
# answer; the example bots (optimal.c level with the built-in optimal,
# greedy.sh as greedy, parity.py refusing); the refusals (exit 2 with
# --row, 1 at file:line:column).
. "$(dirname "$0")/lib.sh"

PYTHON=$(python3 -c "import sys; print(sys.executable)" 2>/dev/null) &&
	test -x "$PYTHON" && test_set_prereq PYTHON3

BOTS=$REPO_ROOT/examples/bots

cat >"$TRASH_ROOT/duel_rows.py" <<\PYEOF
"""coinline duel on several rows, against exhaustive play."""
import json, random, sys
from fractions import Fraction
from rows_oracle import play, solver
from tool import run

EXTREMES = [-2**63, 2**63 - 1, 0, -1, 1]


def game(rng):
    """A random game: 2 to 4 rows, up to 10 coins in all."""
    rows, left = [], 10
    for _ in range(rng.randint(2, 4)):
        n = rng.randint(0, min(4, left))
        left -= n
        if rng.random() < 0.2:
            rows.append([rng.choice(EXTREMES) for _ in range(n)])
        else:
            rows.append([rng.randint(-3, 3) for _ in range(n)])
    return rows


def greedy_game(rows, value):
    """Greedy against greedy: the first seat's margin, and each seat's
    loss (the points of its final total its moves gave away against
    optimal play: (V - (coin - W)) / 2, always whole)."""
    state = tuple((0, len(r)) for r in rows)
    margin, loss, seat = 0, [0, 0], 0
    while any(lo < hi for lo, hi in state):
        best = None
        for r, (lo, hi) in enumerate(state):
            for side in ("L", "R") if lo < hi else ():
                coin = play(rows, state, r + 1, side)[0]
                if best is None or coin > best[0]:
                    best = (coin, r, side)
        coin, after = play(rows, state, best[1] + 1, best[2])
        loss[seat] += (value(state) - (coin - value(after))) // 2
        margin += coin if seat == 0 else -coin
        state, seat = after, 1 - seat
    return margin, loss


def mean(x):
    """An exact mean as duel prints it: two decimals, half away from 0."""
    x = Fraction(x)
    a = abs(x) * 100
    cents = int(a) + (1 if a - int(a) >= Fraction(1, 2) else 0)
    return "%s%d.%02d" % ("-" if x < 0 and cents else "", cents // 100,
                          cents % 100)


def text_of(rows):
    return " / ".join(",".join(map(str, r)) or " " for r in rows)


def duel(rows, p1, p2, *more):
    got = json.loads(run("duel", "-j", "--row", text_of(rows), "--p1", p1,
                         "--p2", p2, *more), parse_float=str)
    assert (got["rows"], got["several_rows"], got["games"]) == (1, 1, 2), got
    return got["results"]


def check(rows, seed):
    value = solver(rows)
    v = value(tuple((0, len(r)) for r in rows))
    # both optimal: each wins the game it starts by the value, or draws
    for res in duel(rows, "optimal", "optimal"):
        assert (res["wins"], res["draws"], res["losses"], res["forfeits"]) \
            == ((0, 2, 0, 0) if v == 0 else (1, 0, 1, 0)), (rows, v, res)
        assert (res["worst_margin"], res["mean_loss"]) == (-abs(v), "0.00"), res
    # greedy against greedy: the line played out here
    g, loss = greedy_game(rows, value)
    for res in duel(rows, "greedy", "greedy"):
        assert res["worst_margin"] == -abs(g), (rows, g, res)
        assert res["mean_loss"] == mean(Fraction(sum(loss), 2)), (
            rows, loss, res)
    # optimal loses nothing; against any player its mean margin is twice
    # that player's mean loss (a point lost is 2 of the margin);
    # fallible:0 is optimal
    for other in ("greedy", "random", "fallible:0.5"):
        opt, oth = duel(rows, "optimal", other, "-s", str(seed))
        assert opt["mean_loss"] == "0.00" and opt["worst_margin"] >= -abs(v)
        assert opt["mean_margin"] == mean(2 * Fraction(oth["mean_loss"])), (
            rows, opt, oth)
        assert oth["forfeits"] == 0 and oth["mean_loss"][0] != "-", oth
        fal = duel(rows, "fallible:0", other, "-s", str(seed))
        fal[0]["strategy"] = "optimal"
        assert fal == [opt, oth], (rows, fal, opt)


def write_file(rng, count, path):
    """count games, one row or several, and what both optimal give."""
    text, wins, draws, worst = [], 0, 0, 0
    for _ in range(count):
        rows = game(rng) if rng.random() < 0.7 else [game(rng)[0]]
        if len(rows) == 1 and rng.random() < 0.5:
            text.append("%d %s" % (len(rows[0]), " ".join(map(str, rows[0]))))
        else:
            text.append("rows %d" % len(rows))
            text.extend("%d %s" % (len(r), " ".join(map(str, r)))
                        for r in rows)
        v = solver(rows)(tuple((0, len(r)) for r in rows))
        wins, draws = wins + (v != 0), draws + 2 * (v == 0)
        worst = min(worst, -abs(v))
    with open(path, "w") as f:
        f.write("\n".join(text) + "\n")
    print(json.dumps([wins, draws, worst]))


rng = random.Random(int(sys.argv[1]))
if sys.argv[2] == "file":
    write_file(rng, int(sys.argv[3]), sys.argv[4])
    sys.exit(0)
for i in range(int(sys.argv[2])):
    check(game(rng), i + 1)
print(sys.argv[2])
PYEOF

test_expect_success PYTHON3 '120 random games of 2-4 rows (up to 10 coins, ties, signs, empty rows, int64 extremes): optimal, greedy, random and fallible:P against exhaustive play' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/duel_rows.py" 74 120 >count &&
	test "$(cat count)" = 120
'

test_expect_success PYTHON3 'a file of 200 games, one row and several mixed: both optimal against exhaustive play' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/duel_rows.py" 9 file 200 mixed >want &&
	coinline duel -j --p1 optimal --p2 optimal mixed >got.json &&
	python3 -c "import json, sys; r = json.load(open(\"got.json\"))
w = json.load(open(\"want\")); assert r[\"rows\"] == 200, r
for s in r[\"results\"]:
    assert [s[\"wins\"], s[\"draws\"], s[\"worst_margin\"]] == w, (s, w)
    assert s[\"mean_loss\"] == 0 and s[\"forfeits\"] == 0, s"
'

test_expect_success 'one row (no "/", "rows 1") is the classic game; the heading counts games of several rows apart' '
	coinline duel -r "1 3 5 2 9" >expect &&
	printf "rows 1\n5 1 3 5 2 9\n" | coinline duel - >got &&
	test_cmp expect got &&
	head -1 got >heading &&
	echo "1 row, each played twice: 2 games" >want &&
	test_cmp want heading &&
	printf "3 1 2 3\nrows 2\n3 1 3 5\n2 2 9\n" | coinline duel - >got &&
	head -1 got >heading &&
	echo "1 row and 1 game of several rows, each played twice: 4 games" >want &&
	test_cmp want heading &&
	coinline duel -r "1 3 5 / 2 9 / 4" -r "1 / 2" >got &&
	head -1 got >heading &&
	echo "2 games of several rows, each played twice: 4 games" >want &&
	test_cmp want heading &&
	coinline duel -j -r "1 / 2" -r "7" >got &&
	test_grep "^{\"rows\":2,\"several_rows\":1,\"games\":4," got
'

test_expect_success 'the options several rows do not take: exit 2 with --row, 1 at file:line:column' '
	test_expect_code 2 coinline duel -r "1 3 / 2" --circle 2>err &&
	test_grep "^coinline duel: --row 1 has several rows; --circle: " err &&
	test_expect_code 2 coinline duel -r "1" -r "1 3 / 2" --score remaining 2>err &&
	test_grep "^coinline duel: --row 2 has several rows; --score: " err &&
	test_expect_code 2 coinline duel -r "1 3 /" --p2 parity 2>err &&
	test_grep "^coinline duel: --row 1 has several rows; --p2 parity: a strategy of one row" err &&
	test_expect_code 2 coinline duel -r "1 3 / 2" --p1 parity 2>err &&
	test_grep "^coinline duel: --row 1 has several rows; --p1 parity: " err &&
	test_expect_code 2 coinline duel -r "1 3 / 2" --save rec 2>err &&
	test_grep "^coinline duel: --row 1 has several rows; --save: a game record holds a game of one row" err &&
	! test -e rec &&
	printf "2 1 2\n\nrows 2\n1 5\n1 6\n" >f &&
	test_expect_code 1 coinline duel --p1 parity f >out 2>err &&
	test_grep "^coinline duel: f:3:6: game 2 has 2 rows; --p1 parity: " err &&
	test_grep "^1 row, each played twice: 2 games" out &&
	printf "rows 2\n1 5\n" >g &&
	test_expect_code 1 coinline duel g 2>err &&
	test_grep "^coinline duel: g:" err
'

# lb.sh LOG ANSWERS...: a bot that writes what it reads to LOG ("> "
# before each line) and answers each go with the next of ANSWERS ("< ").
LB=$TRASH_ROOT/lb.sh
cat >"$LB" <<\BOT
log=$1
shift
while read -r line; do
	echo "> $line" >>"$log"
	case $line in
	go*) echo "$1"; echo "< $1" >>"$log"; shift ;;
	end*) exit 0 ;;
	esac
done
BOT

# session LOG COMMAND...: coinline COMMAND... (its output dropped); the
# first game of LOG is standard input.
session() {
	lib_log_=$1
	shift
	cat >expect &&
	coinline "$@" </dev/null >/dev/null 2>err &&
	sed -n "1,/^> end/p" "$lib_log_" >got &&
	test_cmp expect got
}

test_expect_success 'the rows form, the bot in seat 2: the lengths and the coins, opp and go by positions' '
	session log duel -r "1 3 5 / 2 9 / 4" --p1 optimal \
		--p2 "exec:sh $LB log 6 1 4" <<-\EOF
	> rows 2 3 3 2 1 1 3 5 2 9 4
	> opp 5
	> go 5 3 1 3 4 4 6 6
	< 6
	> opp 3
	> go 3 2 1 2 4 4
	< 1
	> opp 2
	> go 1 1 4 4
	< 4
	> end 17 7
	EOF
'

test_expect_success 'the rows form, the bot in seat 1, blanks around its answers; an empty row is never listed' '
	session log duel -r "1 3 5 / / 2 9 / 4" --p2 optimal \
		--p1 "exec:sh $LB log \" 6\" \"1 \" 2" <<-\EOF
	> rows 1 4 3 0 2 1 1 3 5 2 9 4
	> go 6 3 1 3 4 5 6 6
	<  6
	> opp 5
	> go 4 2 1 3 4 4
	< 1 
	> opp 3
	> go 2 2 2 2 4 4
	< 2
	> end 8 16
	EOF
'

# verdict ANSWERS VERDICT: the bot in seat 1 answers ANSWERS on "1 3 5 /
# 2 9 / 4" and forfeits with VERDICT.
verdict() {
	coinline duel -r "1 3 5 / 2 9 / 4" --p2 optimal --move-time 1000 \
		--p1 "exec:sh $LB log $1" >out 2>err &&
	test_grep "^coinline duel: game 1 (row 1, --p1 moved first): --p1 (exec:sh .*) forfeits: $2\$" err &&
	test_grep "^exec:sh .* 0 *0 *2 *2 " out
}

test_expect_success 'each verdict of a bad answer: garbage, not in the rows, not an end, a row without coins, the only coin' '
	verdict L "garbage: .L. is not a position" &&
	verdict "\" 12x\"" "garbage: . 12x. is not a position" &&
	verdict "\"\"" "garbage: .. is not a position" &&
	verdict 0 "illegal move: position 0 is not in the rows (1 to 6)" &&
	verdict 99999999999999999999999 "illegal move: position 99999999999999999999999 is not in the rows (1 to 6)" &&
	verdict 2 "illegal move: position 2 is not an end of its row (row 1.s ends are 1 and 3)" &&
	verdict "6 6" "illegal move: position 6 is not an end of its row (row 3 has no coin left)" &&
	verdict "5 5" "illegal move: position 5 is not an end of its row (the only coin left of row 2 is 4)"
'

test_expect_success 'a bot that times out or exits on several rows forfeits as on one row' '
	coinline duel -r "1 3 / 2" --move-time 200 --p1 "exec:read x; sleep 5" \
		>out 2>err &&
	test_grep "forfeits: timed out: no move within 200 ms$" err &&
	coinline duel -r "1 3 / 2" --p1 "exec:exit 3" >out 2>err &&
	test_grep "forfeits: exited (status 3) before the game ended$" err
'

test_expect_success 'the rows of the example bots: 2 to 4 rows, signed, ties, empty rows' '
	for s in 1 2 3 4 5 6 7 8; do
		coinline gen -n $((2 * s + 1)) -g 3 --min=-9 --max=9 -s $s |
		awk -v k=$((s % 3 + 2)) "NR % 2 == 0 {
			printf \"rows %d\\n\", k
			for (r = 1; r <= k; r++) {
				line = \"\"; c = 0
				for (i = r; i <= NF; i += k) { line = line \" \" \$i; c++ }
				print c line
			}
		}" || return 1
	done >"$TRASH_ROOT/games" &&
	printf "rows 3\n0\n2 7 7\n0\n" >>"$TRASH_ROOT/games" &&
	grep -c "^rows" "$TRASH_ROOT/games" >count &&
	echo 25 >want &&
	test_cmp want count
'

same_json() {
	bot=$1 builtin=$2 other=$3
	coinline duel --p1 "$bot" --p2 "$other" -s 7 -j "$TRASH_ROOT/games" >got.json &&
	coinline duel --p1 "$builtin" --p2 "$other" -s 7 -j "$TRASH_ROOT/games" >expect.json &&
	sed "s|\"$bot\"|\"$builtin\"|" got.json >got &&
	test_cmp expect.json got
}

test_expect_success 'greedy.sh plays several rows as greedy' '
	same_json "exec:sh $BOTS/greedy.sh" greedy optimal &&
	same_json "exec:sh $BOTS/greedy.sh" greedy random
'

test_expect_success CC 'optimal.c plays several rows as optimal, and ends level with it' '
	${CC:-cc} ${TEST_CFLAGS-} -std=c11 -Wall -Wextra -Wpedantic -Werror \
		-I"$REPO_ROOT/include" -o optimal "$BOTS/optimal.c" \
		"$BUILD_DIR/libcoinline.a" &&
	same_json exec:./optimal optimal greedy &&
	same_json exec:./optimal optimal fallible:0.5 &&
	coinline duel --p1 exec:./optimal --p2 optimal -j "$TRASH_ROOT/games" >got &&
	test_grep "\"mean_margin\":0.00,\"worst_margin\":[-0-9]*,\"mean_loss\":0.00},{\"strategy\":\"optimal\",\"wins\":[0-9]*,\"draws\":[0-9]*,\"losses\":[0-9]*,\"forfeits\":0,\"mean_margin\":0.00,.*\"mean_loss\":0.00}\]}$" got &&
	test_grep "^{\"rows\":25,\"several_rows\":25,\"games\":50,.*\"forfeits\":0," got
'

test_expect_success PYTHON3 'parity.py refuses several rows cleanly: a forfeit each game' '
	coinline duel -r "1 3 / 2" --p1 "exec:$PYTHON -S $BOTS/parity.py" >out 2>err &&
	test_grep "^parity.py: games of several rows are refused$" err &&
	test_grep "forfeits: exited (status 1) before the game ended$" err &&
	test_grep "^exec:.* 0 *0 *2 *2 " out
'

test_done
