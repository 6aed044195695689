#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline solve on games of several rows (issue 32, "Termity"): --row
# "1 3 5 / 2 9 / 4" and files with "rows K" games mixed with classic ones,
# against an exhaustive minimax written here in plain Python (small random
# games: up to 4 rows and 10 coins, ties, signs, empty rows, int64
# extremes); every form (default, --both, --json, --line words and
# compact, --moves); one row is the classic game, byte for byte; the
# refusals (exit 2 with --row, 1 at file:line:column) and the file
# form's errors.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

cat >"$TRASH_ROOT/rows.py" <<\PYEOF
"""Exhaustive play of several rows, against coinline solve."""
import json, random, sys
from rows_oracle import moves_of, play, solver
from tool import run

EXTREMES = [-2**63, 2**63 - 1, 0, -1, 1]


def game(rng):
    """A random game: 1 to 4 rows, up to 10 coins in all."""
    k = rng.randint(1, 4)
    rows, left = [], 10
    for _ in range(k):
        n = rng.randint(0, min(4, left))
        left -= n
        if rng.random() < 0.2:
            rows.append([rng.choice(EXTREMES) for _ in range(n)])
        else:
            rows.append([rng.randint(-3, 3) for _ in range(n)])
    return rows


def text_of(rows):
    return " / ".join(",".join(map(str, r)) or " " for r in rows)


def check_answer(rows, value):
    """--json and --line=compact on the game, against value."""
    start = tuple((0, len(r)) for r in rows)
    total, v = sum(map(sum, rows)), value(start)
    p1, p2 = (total + v) // 2, (total - v) // 2
    got = json.loads(run("solve", "--json", "--row", text_of(rows)))
    assert (got["p1"], got["p2"], got["margin"], got["sum"], got["n"]) == (
        p1, p2, v, total, sum(map(len, rows))), (rows, got, v)
    assert got["winner"] == ("first" if v > 0 else "second" if v < 0
                             else "draw"), got
    first = got["first_move"]
    if len(rows) == 1:  # the classic game: its own keys
        assert "rows" not in got and first in (None, "left", "right"), got
    elif not any(rows):
        assert got["rows"] == len(rows) and first is None, got
    else:
        assert got["rows"] == len(rows), got
        coin, after = play(rows, start, first["row"], first["side"][0].upper())
        assert first["coin"] == coin and coin - value(after) == v, (rows, got)
    out = run("solve", "--line=compact", "--row", text_of(rows)).split()
    assert int(out[0]) == p1, (rows, out)
    if len(rows) == 1:
        return
    state, taken = start, [0, 0]
    for k, (row, side) in enumerate(moves_of(out[1] if out[1] != "-" else "")):
        coin, after = play(rows, state, row, side)
        assert coin - value(after) == value(state), (rows, out, k)
        taken[k % 2] += coin
        state = after
    assert all(lo == hi for lo, hi in state) and taken == [p1, p2], (rows, out)


def check_position(rng, rows, value):
    """--moves at a random position: to move, the scores so far, the best
    move, each player's final total."""
    state, taken, moves = tuple((0, len(r)) for r in rows), [0, 0], []
    for k in range(rng.randint(0, sum(map(len, rows)))):
        live = [i + 1 for i, (lo, hi) in enumerate(state) if lo < hi]
        row, side = rng.choice(live), rng.choice("LR")
        coin, state = play(rows, state, row, side)
        taken[k % 2] += coin
        side = side if rng.random() < 0.5 else side.lower()
        moves.append(side if len(rows) == 1 else "%d%s" % (row, side))
    sep = rng.choice(["", " ", ","]) if len(rows) > 1 else ""
    got = json.loads(run("solve", "--json", "--moves", sep.join(moves),
                         "--row", text_of(rows)))
    left = sum(hi - lo for lo, hi in state)
    mover = len(moves) % 2 + 1 if left else None
    v = value(state)
    rest = sum(sum(r[lo:hi]) for r, (lo, hi) in zip(rows, state))
    mine, theirs = (rest + v) // 2, (rest - v) // 2
    p1 = taken[0] + (mine if mover == 1 else theirs if mover else 0)
    p2 = taken[1] + (theirs if mover == 1 else mine if mover else 0)
    assert (got["to_move"], got["moves_played"], got["coins_left"]) == (
        mover, len(moves), left), (rows, moves, got)
    assert (got["taken_p1"], got["taken_p2"], got["value"]) == (
        taken[0], taken[1], v), (rows, moves, got)
    assert (got["p1"], got["p2"], got["margin"]) == (p1, p2, p1 - p2), got
    best = got["best_move"]
    if mover is None:
        assert best is None, got
    elif len(rows) == 1:  # the classic game: the end alone
        assert "rows" not in got, got
        coin, after = play(rows, state, 1, best[0].upper())
        assert coin - value(after) == v, got
    else:
        coin, after = play(rows, state, best["row"], best["side"][0].upper())
        assert best["coin"] == coin and coin - value(after) == v, got


def write_file(rng, count, path):
    """count games, both forms mixed, and each one's --both answer."""
    text, want = [], []
    for _ in range(count):
        rows = game(rng)
        if len(rows) == 1 and rng.random() < 0.5:
            text.append("%d %s" % (len(rows[0]), " ".join(map(str, rows[0]))))
        else:
            text.append("rows %d" % len(rows))
            text.extend("%d %s # row" % (len(r), " ".join(map(str, r)))
                        for r in rows)
        v = solver(rows)(tuple((0, len(r)) for r in rows))
        total = sum(map(sum, rows))
        want.append("%d %d" % ((total + v) // 2, (total - v) // 2))
    with open(path, "w") as f:
        f.write("\n".join(text) + "\n")
    with open(path + ".want", "w") as f:
        f.write("\n".join(want) + "\n")


rng = random.Random(int(sys.argv[1]))
if sys.argv[2] == "file":
    write_file(rng, int(sys.argv[3]), sys.argv[4])
    sys.exit(0)
checked = 0
for _ in range(int(sys.argv[2])):
    rows = game(rng)
    value = solver(rows)
    check_answer(rows, value)
    check_position(rng, rows, value)
    checked += 1
print(checked)
PYEOF

test_expect_success PYTHON3 '300 random games (1-4 rows, up to 10 coins, ties, signs, empty rows, int64 extremes): --json, --line=compact and --moves against exhaustive play' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/rows.py" 32 300 >count &&
	test "$(cat count)" = 300
'

test_expect_success PYTHON3 'a file of 2000 games of both forms mixed: --both from the file, from a pipe and in one --row each' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/rows.py" 5 file 2000 mixed &&
	coinline solve --both mixed >got &&
	test_cmp mixed.want got &&
	cat mixed | coinline solve --both >got &&
	test_cmp mixed.want got
'

test_expect_success 'the forms of one game: default, --both, --json, --line compact and words' '
	coinline solve --row "1 3 5 / 2 9" >out &&
	echo 13 >expect && test_cmp expect out &&
	coinline solve --both --row "1 3 5 / 2 9" >out &&
	echo "13 7" >expect && test_cmp expect out &&
	coinline solve --json --line --row "1 3 5 / 2 9" >out &&
	echo "{\"game\":1,\"n\":5,\"rows\":2,\"sum\":20,\"p1\":13,\"p2\":7,\"margin\":6,\"winner\":\"first\",\"first_move\":{\"row\":2,\"side\":\"right\",\"coin\":9},\"line\":\"2R1R1R2L1L\"}" >expect &&
	test_cmp expect out &&
	coinline solve --both --line=compact --row "1 3 5 / 2 9" >out &&
	echo "13 7 2R1R1R2L1L" >expect && test_cmp expect out &&
	coinline solve --line --row "1 3 5 / 2 9 / / 4" >out &&
	cat >expect <<-\EOF &&
	Game 1 (--row 1): 4 rows, 6 coins: 1 3 5 / 2 9 / - / 4
	  1. Player 1 takes 9 from the right end of row 2.  Score 9 to 0.  Left: 1 3 5 / 2 / - / 4
	  2. Player 2 takes 5 from the right end of row 1.  Score 9 to 5.  Left: 1 3 / 2 / - / 4
	  3. Player 1 takes 4 from row 4 (its last coin).  Score 13 to 5.  Left: 1 3 / 2 / - / -
	  4. Player 2 takes 3 from the right end of row 1.  Score 13 to 8.  Left: 1 / 2 / - / -
	  5. Player 1 takes 2 from row 2 (its last coin).  Score 15 to 8.  Left: 1 / - / - / -
	  6. Player 2 takes 1 from row 1 (its last coin).  Score 15 to 9.
	  Result: player 1 gets 15, player 2 gets 9: player 1 wins by 6.
	EOF
	test_cmp expect out
'

test_expect_success 'empty rows: "/" is two, "1 2 /" ends with one; no coin at all is a draw with no first move' '
	coinline solve --json --row "/" >out &&
	echo "{\"game\":1,\"n\":0,\"rows\":2,\"sum\":0,\"p1\":0,\"p2\":0,\"margin\":0,\"winner\":\"draw\",\"first_move\":null}" >expect &&
	test_cmp expect out &&
	coinline solve --line=compact --row "/" >out &&
	echo "0 -" >expect && test_cmp expect out &&
	coinline solve --json --row "1 2 /" >out &&
	test_grep "\"n\":2,\"rows\":2," out
'

test_expect_success '--moves: the position in words, with blanks or commas between moves' '
	coinline solve --moves 2R1L --row "1 3 5 / 2 9" >out &&
	echo "after 2 moves: player 1 to move, best move row 1, right end (5); with best play, player 1 gets 16, player 2 gets 4: player 1 wins by 12" >expect &&
	test_cmp expect out &&
	coinline solve --moves "2r, 1l" --row "1 3 5 / 2 9" >out2 &&
	test_cmp out out2 &&
	coinline solve --moves 1L1L1L2L2L --row "1 3 5 / 2 9" >out &&
	echo "after 5 moves: the game is over; player 1 gets 15, player 2 gets 5: player 1 wins by 10" >expect &&
	test_cmp expect out
'

test_expect_success 'one row is the classic game, byte for byte: "rows 1" in a file, --row without "/"' '
	coinline solve --json --line=compact --row "1 3 5 2 9" >expect &&
	printf "rows 1\n5\n1 3 5 2 9\n" >one &&
	coinline solve --json --line=compact one >out &&
	test_cmp expect out &&
	printf "5 1 3 5 2 9\n" >classic &&
	coinline solve --line classic >expect &&
	coinline solve --line one | sed "s/(one)/(classic)/" >out &&
	test_cmp expect out
'

test_expect_success 'a classic game keeps its --moves; moves of several rows on one row are refused' '
	test_expect_code 1 coinline solve --moves 1L --row "1 2 3" 2>err &&
	test_grep "game 1: --moves: .1L. are moves of several rows (a row, then an end: 2R); this game has one row" err &&
	test_expect_code 1 coinline solve --moves LR --row "1 2 / 3" 2>err &&
	test_grep "game 1: --moves: move 1 is not a row and an end (a row from 1, then L or R: 2R)" err &&
	test_expect_code 1 coinline solve --moves 3R --row "1 2 / 3" 2>err &&
	test_grep "move 1 takes from row 3, but the game has 2 rows" err &&
	test_expect_code 1 coinline solve --moves 2R2R --row "1 2 / 3" 2>err &&
	test_grep "move 2 takes from row 2, which has no coin left" err
'

test_expect_success 'options several rows do not take: exit 2 with --row, each named once' '
	test_expect_code 2 coinline solve --circle --row "1 3 / 2" 2>err &&
	test_grep "^coinline solve: --row 1 has several rows; --circle: a game of several rows is played on lines" err &&
	test_expect_code 2 coinline solve --score remaining --row "1 3 / 2" 2>err &&
	test_grep "^coinline solve: --row 1 has several rows; --score: " err &&
	test_expect_code 2 coinline solve --algo dp --row "1 3 / 2" 2>err &&
	test_grep "^coinline solve: --row 1 has several rows; --algo: " err &&
	test_expect_code 2 coinline solve --against greedy --row 5 --row "1 3 / 2" 2>err &&
	test_grep "^coinline solve: --row 2 has several rows; --against: " err
'

test_expect_success '... and exit 1 at the game in a file, after the games before it' '
	printf "2 1 2\nrows 2\n1 5\n1 6\n" >two &&
	test_expect_code 1 coinline solve --algo brute two >out 2>err &&
	echo 2 >expect && test_cmp expect out &&
	test_grep "^coinline solve: two:2:6: game 2 has 2 rows; --algo: " err &&
	test_expect_code 1 coinline solve --circle two 2>err &&
	test_grep "^coinline solve: two:2:6: game 2 has 2 rows; --circle: " err
'

test_expect_success 'the file form: each error at its line and column, exit 1' '
	printf "rows x\n" >bad && test_expect_code 1 coinline solve bad 2>err &&
	test_grep "^coinline solve: bad:1:6: expected the number of rows of game 1 after .rows. (an integer from 1 to 1000000000), found .x.$" err &&
	printf "rows 0\n" >bad && test_expect_code 1 coinline solve bad 2>err &&
	test_grep "^coinline solve: bad:1:6: the number of rows of game 1 is out of range: 0 (1 to 1000000000)$" err &&
	printf "1 4\nrows 2\n1 3\nx 5\n" >bad && test_expect_code 1 coinline solve bad >out 2>err &&
	echo 4 >expect && test_cmp expect out &&
	test_grep "^coinline solve: bad:4:1: expected the coin count of row 2 of 2 in game 2 (an integer), found .x.$" err &&
	printf "rows 2\n3\n1 3\n" >bad && test_expect_code 1 coinline solve bad 2>err &&
	test_grep "^coinline solve: bad:4:1: the input ended inside game 1: expected 3 coins, found 2 (in row 1 of 2)$" err &&
	printf "rows 2\n3\n1 3 5\n" >bad && test_expect_code 1 coinline solve bad 2>err &&
	test_grep "^coinline solve: bad:4:1: the input ended inside game 1: expected 2 rows, found 1$" err &&
	printf "rows 2\n1 5\nrows 1 0\n" >bad && test_expect_code 1 coinline solve bad 2>err &&
	test_grep "^coinline solve: bad:3:1: .rows. inside game 1, a game of several rows: expected the coin count of its row 2 of 2$" err &&
	printf "rows 3\n0\n2 1 x\n" >bad && test_expect_code 1 coinline solve bad 2>err &&
	test_grep "^coinline solve: bad:3:5: expected coin 2 of 2 in game 1 (an integer), found .x. (in row 2 of 3)$" err
'

test_expect_success 'the --row form: an error at its column in the whole text, exit 1' '
	test_expect_code 1 coinline solve --row "1 3 5 / 2 x / 4" 2>err &&
	test_grep "^coinline solve: --row 1:1:11: expected an integer, found .x." err &&
	test_expect_code 1 coinline solve --row "1, / 2" 2>err &&
	test_grep "^coinline solve: --row 1:1:4: expected an integer after .,., found the end of the row$" err
'

test_expect_success 'other commands refuse a game of several rows at its place' '
	printf "rows 2\n1 5\n1 6\n" >two &&
	test_expect_code 1 coinline table two 2>err &&
	test_grep "two:1:1: game 1 is a game of several rows (.rows.); only games of one row" err
'

# examples/rows/*.txt say their answers in comments, as examples/*.txt
# do: "# ROWS -> "P1 P2"", one such comment per game, in order.
test_expect_success 'the answers in examples/rows/*.txt comments are the tool answers' '
	ls "$REPO_ROOT"/examples/rows/*.txt >files &&
	test_line_count -ge 1 files &&
	while read -r f; do
		sed -n "s/^#.* -> \"\([-0-9][-0-9 ]*\)\".*/\1/p" "$f" >expect &&
		test -s expect &&
		coinline solve --both "$f" >out &&
		test_cmp expect out || { echo "in $f"; return 1; }
	done <files
'

test_done
