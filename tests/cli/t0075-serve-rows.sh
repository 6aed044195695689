#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline serve on games of several rows (issue 32): "rows": [[1,3,5],
# [2,9],[4]] on POST /api/solve and /api/move, against an exhaustive
# minimax written here in plain Python (small random games: 2 to 4 rows,
# up to 10 coins, ties, signs, empty rows, int64 extremes) and against
# coinline solve --json --line on the same rows (the same answer without
# its "game"); one row is the classic game, byte for byte; the refusals
# ("coins" and "rows" both, a circle, a scoring, a strategy, /api/analyze
# and /api/table, bad rows and moves) with their messages.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3
. "$TEST_DIRECTORY/lib-serve.sh"

test_expect_success 'solve on three rows: the answer of coinline solve --json --line without its game' '
	echo "{\"rows\":[[1,3,5],[2,9],[4]]}" | post /api/solve &&
	coinline solve --json --line --row "1 3 5 / 2 9 / 4" | sed "s/\"game\":1,//" | expect 200
'

test_expect_success 'one row in "rows" is the classic game, byte for byte, under any rules' '
	echo "{\"coins\":[1,3,5,2,9],\"circle\":true}" | post /api/solve && mv body classic &&
	echo "{\"rows\":[[1,3,5,2,9]],\"circle\":true}" | post /api/solve &&
	test_cmp classic body &&
	echo "{\"coins\":[1,3,5,2,9],\"moves\":\"R\"}" | post /api/move && mv body classic &&
	echo "{\"rows\":[[1,3,5,2,9]],\"moves\":\"R\"}" | post /api/move &&
	test_cmp classic body
'

test_expect_success 'move: the engine move, the position after it, the hint and every legal move outcome' '
	echo "{\"rows\":[[1,3,5],[2,9],[4]],\"moves\":\"2r, 1L\",\"seed\":3}" | post /api/move &&
	echo "{\"rows\":3,\"move\":{\"row\":1,\"side\":\"right\",\"coin\":5},\"moves\":\"2R1L1R\",\"p1\":14,\"p2\":1,\"to_move\":2,\"finished\":false,\"best\":{\"row\":1,\"side\":\"right\",\"coin\":5},\"value\":2,\"final_margin\":10,\"secured\":17,\"outcomes\":[{\"row\":1,\"side\":\"left\",\"coin\":3,\"final_margin\":8},{\"row\":1,\"side\":\"right\",\"coin\":5,\"final_margin\":10},{\"row\":2,\"side\":\"left\",\"coin\":2,\"final_margin\":6},{\"row\":3,\"side\":\"left\",\"coin\":4,\"final_margin\":8}]}" | expect 200
'

test_expect_success 'integers past 2^53 are strings, coins too' '
	echo "{\"rows\":[[\"9007199254740993\"],[2]]}" | post /api/solve &&
	echo "{\"n\":2,\"rows\":2,\"sum\":\"9007199254740995\",\"p1\":\"9007199254740993\",\"p2\":2,\"margin\":9007199254740991,\"winner\":\"first\",\"first_move\":{\"row\":1,\"side\":\"left\",\"coin\":\"9007199254740993\"},\"line\":\"1L2L\"}" | expect 200
'

test_expect_success 'empty rows: solved (a draw, no first move); no move to make' '
	echo "{\"rows\":[[],[]]}" | post /api/solve &&
	echo "{\"n\":0,\"rows\":2,\"sum\":0,\"p1\":0,\"p2\":0,\"margin\":0,\"winner\":\"draw\",\"first_move\":null,\"line\":\"\"}" | expect 200 &&
	refused /api/move "{\"rows\":[[],[]]}" "rows: the rows are empty: no coin to take" &&
	refused /api/move "{\"rows\":[[1],[2]],\"moves\":\"1L2L\"}" "moves: the game is over: no coin is left to take"
'

test_expect_success 'the refusals of several rows, each naming its key' '
	refused /api/solve "{\"rows\":[[1],[2]],\"coins\":[1]}" "rows: give \\\"coins\\\" (one row) or \\\"rows\\\", not both" &&
	refused /api/solve "{\"rows\":[[1],[2]],\"circle\":true}" "circle: a game of several rows is played on lines (a move takes an end of a row), not on a circle" &&
	refused /api/move "{\"rows\":[[1],[2]],\"score\":\"remaining\"}" "score: a game of several rows scores the coin taken only, not what remains" &&
	refused /api/move "{\"rows\":[[1],[2]],\"strategy\":\"greedy\"}" "strategy: a game of several rows is played by the optimal engine only (\\\"optimal\\\"), not '\''greedy'\''" &&
	refused /api/move "{\"rows\":[[1],[2]],\"first\":1}" "first: a first position needs \\\"circle\\\": true" &&
	refused /api/analyze "{\"rows\":[[1],[2]]}" "rows: /api/analyze takes one row: a game of several rows is answered by /api/solve and /api/move" &&
	refused /api/table "{\"rows\":[[1],[2]]}" "rows: /api/table takes one row: a game of several rows is answered by /api/solve and /api/move"
'

test_expect_success 'bad rows and bad moves' '
	refused /api/solve "{\"rows\":[]}" "rows: no row: give one at least" &&
	refused /api/solve "{\"rows\":{}}" "rows: not an array of rows (arrays of coins), such as [[1, 3, 5], [2, 9]]" &&
	refused /api/solve "{\"rows\":[[1],3]}" "rows[1]: not an array (a row of coins)" &&
	refused /api/solve "{\"rows\":[[1],[2,1.5]]}" "rows[1][1]: not an integer" &&
	refused /api/solve "{\"rows\":[[1],[\"9223372036854775808\"]]}" "rows[1][0]: outside the int64 range" &&
	refused /api/solve "{\"rows\":[[1],[2]],\"rows\":[[1]]}" "rows: given twice" &&
	refused /api/move "{\"rows\":[[1,3,5],[2,9]],\"moves\":\"3R\"}" "moves: move 1 takes from row 3, but the game has 2 rows" &&
	refused /api/move "{\"rows\":[[1],[2,9]],\"moves\":\"1L 1R\"}" "moves: move 2 takes from row 1, which has no coin left" &&
	refused /api/move "{\"rows\":[[1],[2,9]],\"moves\":\"LR\"}" "moves: move 1 is not a row and an end (a row from 1, then L or R: 2R)"
'

test_expect_success 'the server limit counts the coins of every row, and the rows' '
	python3 -c "import json; print(json.dumps({\"rows\": [[1] * 600, [2] * 401]}))" >big.json &&
	post /api/solve <big.json &&
	printf "{\"error\":\"%s\"}\n" "rows: more than 1000 coins in all (the limit of this server)" | expect 400 &&
	python3 -c "import json; print(json.dumps({\"rows\": [[]] * 1001}))" >many.json &&
	post /api/solve <many.json &&
	printf "{\"error\":\"%s\"}\n" "rows: more than 1000 rows (the limit of this server)" | expect 400
'

cat >"$TRASH_ROOT/rows.py" <<\PYEOF
"""/api/solve and /api/move on several rows against exhaustive play."""
import json, os, random, sys, urllib.request
from rows_oracle import moves_of, play, solver
from tool import run

EXTREMES = [-2**63, 2**63 - 1, 0, -1, 1]


def post(path, body):
    req = urllib.request.Request(os.environ["server_url"] + path,
                                 data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())


def num(x):
    """An integer of an answer: a number, or a string past 2^53."""
    if isinstance(x, str):
        assert abs(int(x)) > 2**53, x
        return int(x)
    assert abs(x) <= 2**53, x
    return x


def game(rng):
    """A random game: 2 to 4 rows, up to 10 coins in all."""
    rows, left = [], 10
    for _ in range(rng.randint(2, 4)):
        n = rng.randint(0, min(4, left))
        left -= n
        pick = (lambda: rng.choice(EXTREMES)) if rng.random() < 0.2 else (
            lambda: rng.randint(-3, 3))
        rows.append([pick() for _ in range(n)])
    return rows


def text_of(rows):
    return " / ".join(",".join(map(str, r)) or " " for r in rows)


def check_solve(rows, value):
    start = tuple((0, len(r)) for r in rows)
    total, v = sum(map(sum, rows)), value(start)
    got = post("/api/solve", {"rows": [[str(c) for c in r] for r in rows]})
    p1, p2 = (total + v) // 2, (total - v) // 2
    assert [num(got[k]) for k in ("p1", "p2", "margin", "sum")] == [
        p1, p2, v, total], (rows, got)
    assert (got["n"], got["rows"]) == (sum(map(len, rows)), len(rows)), got
    assert got["winner"] == ("first" if v > 0 else "second" if v < 0
                             else "draw"), got
    first = got["first_move"]
    if first is not None:
        coin, after = play(rows, start, first["row"], first["side"][0].upper())
        assert num(first["coin"]) == coin and coin - value(after) == v, got
    else:
        assert total == 0 and not any(rows), got
    state, taken = start, [0, 0]
    for k, (row, side) in enumerate(moves_of(got["line"])):
        coin, after = play(rows, state, row, side)
        assert coin - value(after) == value(state), (rows, got, k)
        taken[k % 2] += coin
        state = after
    assert all(lo == hi for lo, hi in state) and taken == [p1, p2], got
    tool = json.loads(run("solve", "--json", "--line", "--row",
                          text_of(rows)))
    del tool["game"]
    same = dict(got, **{k: num(got[k]) for k in ("sum", "p1", "p2", "margin")})
    if first is not None:
        same["first_move"] = dict(first, coin=num(first["coin"]))
    assert tool == same, (rows, tool, got)


def check_move(rng, rows, value):
    """/api/move at a random position: against exhaustive play."""
    state, taken, moves = tuple((0, len(r)) for r in rows), [0, 0], []
    n = sum(map(len, rows))
    for k in range(rng.randint(0, n - 1)):
        live = [i + 1 for i, (lo, hi) in enumerate(state) if lo < hi]
        row, side = rng.choice(live), rng.choice("LR")
        coin, state = play(rows, state, row, side)
        taken[k % 2] += coin
        moves.append("%d%s" % (row, side if rng.random() < 0.5 else
                               side.lower()))
    sep = rng.choice(["", " ", ","])
    got = post("/api/move", {"rows": rows, "moves": sep.join(moves)})
    mover = len(moves) % 2 + 1
    v = value(state)
    sign = 1 if mover == 1 else -1
    fm = taken[0] - taken[1] + sign * v
    total = sum(map(sum, rows))
    assert (num(got["value"]), num(got["final_margin"])) == (v, fm), got
    assert num(got["secured"]) == (total + sign * fm) // 2, got
    best = got["best"]
    coin, after = play(rows, state, best["row"], best["side"][0].upper())
    assert got["move"] == best and num(best["coin"]) == coin, got
    assert coin - value(after) == v, got
    taken[mover - 1] += coin
    assert (num(got["p1"]), num(got["p2"])) == tuple(taken), got
    left = sum(hi - lo for lo, hi in after)
    assert got["to_move"] == (3 - mover if left else 0), got
    assert got["finished"] == (left == 0), got
    want = "".join(m.upper() for m in moves) + "%d%s" % (
        best["row"], best["side"][0].upper())
    assert got["moves"] == want, (got, want)
    legal = []
    for r, (lo, hi) in enumerate(state):
        for side in ("LR" if hi - lo > 1 else "L" if hi > lo else ""):
            c, a = play(rows, state, r + 1, side)
            legal.append({"row": r + 1, "side": "left" if side == "L"
                          else "right", "coin": c,
                          "final_margin": fm - sign * (v - (c - value(a)))})
    outs = [dict(o, coin=num(o["coin"]), final_margin=num(o["final_margin"]))
            for o in got["outcomes"]]
    assert outs == legal, (rows, moves, outs, legal)


rng = random.Random(int(sys.argv[1]))
checked = 0
for _ in range(int(sys.argv[2])):
    rows = game(rng)
    value = solver(rows)
    check_solve(rows, value)
    if any(rows):
        check_move(rng, rows, value)
    checked += 1
print(checked)
PYEOF

test_expect_success PYTHON3 '300 random games of 2-4 rows (up to 10 coins, ties, signs, empty rows, int64 extremes): solve and move against exhaustive play and coinline solve' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/rows.py" 75 300 >count &&
	test "$(cat count)" = 300
'

test_done
