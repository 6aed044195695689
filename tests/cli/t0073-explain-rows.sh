#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline explain and analyze on games of several rows (issue 32,
# "Termity"), and table's refusal. Against what is written here in plain
# Python: an exhaustive minimax over the rows, and a direct fusion (any
# peak x <= y >= z first, in a random order, until none is left). explain:
# each row's fused values and fusions, the coins each value fuses, the
# values sorted and who takes which, the value and totals, the first move
# (optimal, at the largest end value) and the line (every move optimal),
# in --json and in the words; analyze: every move's loss, the best move,
# the totals and each player's losses at every move of random games. One
# row stays the classic explanation; the refusals (exit 2 with --row, 1 at
# file:line:column).
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

cat >"$TRASH_ROOT/rows.py" <<\PYEOF
"""explain and analyze on several rows, against exhaustive play."""
import json, random, re, sys
from rows_oracle import moves_of, play, solver
from tool import run

EXTREMES = [-2**63, 2**63 - 1, 0, -1, 1]


def game(rng, most=10):
    """A random game: 2 to 4 rows, up to `most` coins in all."""
    k = rng.randint(2, 4)
    rows, left = [], most
    for _ in range(k):
        n = rng.randint(0, min(5, left))
        left -= n
        if rng.random() < 0.15:
            rows.append([rng.choice(EXTREMES) for _ in range(n)])
        elif rng.random() < 0.3:
            rows.append([rng.randint(0, 2) for _ in range(n)])
        else:
            rows.append([rng.randint(-4, 9) for _ in range(n)])
    return rows


def fuse_any_order(row, rng):
    """The values a row fuses to, peaks fused in a random order."""
    v, fusions = list(row), 0
    while True:
        peaks = [i for i in range(len(v) - 2) if v[i] <= v[i + 1] >= v[i + 2]]
        if not peaks:
            return v, fusions
        i = rng.choice(peaks)
        v[i:i + 3] = [v[i] - v[i + 1] + v[i + 2]]
        fusions += 1


def fuse_left_to_right(row):
    """(value, coins) blocks, each peak fused as soon as its right
    neighbour comes: the spans the tool tells."""
    s = []
    for c in row:
        s.append((c, [c]))
        while len(s) >= 3 and s[-3][0] <= s[-2][0] >= s[-1][0]:
            z, y, x = s.pop(), s.pop(), s.pop()
            s.append((x[0] - y[0] + z[0], x[1] + y[1] + z[1]))
    return s


def alternating(values):
    return sum(v if i % 2 == 0 else -v for i, v in enumerate(values))


def text_of(rows):
    return " / ".join(" ".join(map(str, r)) for r in rows)


def term(v, minus):
    return " %s %s" % ("-" if minus else "+", "(%d)" % v if v < 0 else v)


def row_words(r, row):
    """The words the tool tells of a row's fusions (few blocks)."""
    blocks = fuse_left_to_right(row)
    fusions = (len(row) - len(blocks)) // 2
    values = " ".join(str(v) for v, _ in blocks)
    if not row:
        return "row %d: empty." % r
    if fusions == 0:
        return "row %d: %s has no peak: it stays %s." % (
            r, " ".join(map(str, row)), values)
    told = []
    for v, coins in blocks:
        if len(coins) > 1:
            told.append("%s -> %d%s = %d" % (
                " ".join(map(str, coins)), coins[0],
                "".join(term(c, j % 2 == 0) for j, c in enumerate(coins[1:])),
                v))
    words = "; ".join(told) + " (%d fusion%s)" % (fusions,
                                                   "" if fusions == 1 else "s")
    if len(blocks) == 1:
        return "row %d: %s." % (r, words)
    return "row %d: %s: %s: it becomes %s." % (
        r, " ".join(map(str, row)), words, values)


def check_explain(rng, rows, value):
    start = tuple((0, len(r)) for r in rows)
    total, v = sum(map(sum, rows)), value(start)
    got = json.loads(run("explain", "--json", "--row", text_of(rows)))
    assert (got["n"], got["rows"], got["sum"], got["margin"]) == (
        sum(map(len, rows)), len(rows), total, v), (rows, got)
    assert (got["p1"], got["p2"]) == ((total + v) // 2, (total - v) // 2)
    assert got["winner"] == ("first" if v > 0 else "second" if v < 0
                             else "draw"), got
    everything = []
    for r, (row, f) in enumerate(zip(rows, got["fused"])):
        want, fusions = fuse_any_order(row, rng)
        assert (f["row"], f["coins"], f["values"], f["fusions"]) == (
            r + 1, len(row), want, fusions), (rows, r, f, want)
        assert sum(f["spans"]) == len(row), (rows, f)
        at = 0
        for value_, span in zip(f["values"], f["spans"]):
            assert span % 2 == 1 and alternating(row[at:at + span]) == value_
            at += span
        everything += [(x, r + 1) for x in want]
    ordered = sorted((x for x, _ in everything), reverse=True)
    assert [s["value"] for s in got["sorted"]] == ordered, (rows, got)
    assert [s["player"] for s in got["sorted"]] == [
        1 + i % 2 for i in range(len(ordered))], got
    for s in got["sorted"]:
        everything.remove((s["value"], s["row"]))  # each value, its row
    assert alternating(ordered) == v, (rows, ordered, v)
    first = got["first_move"]
    if not ordered:
        assert first is None and got["line"] == "", got
        return got
    coin, after = play(rows, start, first["row"], first["side"][0].upper())
    assert first["coin"] == coin and coin - value(after) == v, (rows, got)
    assert first["value"] == ordered[0], (rows, got)
    blocks = fuse_left_to_right(rows[first["row"] - 1])
    end = blocks[0] if first["side"] == "left" else blocks[-1]
    assert (first["value"], first["coins"]) == (end[0], len(end[1])), got
    state, taken = start, [0, 0]
    for k, (row, side) in enumerate(moves_of(got["line"])):
        coin, after = play(rows, state, row, side)
        assert coin - value(after) == value(state), (rows, got, k)
        taken[k % 2] += coin
        state = after
    assert all(lo == hi for lo, hi in state), (rows, got)
    assert taken == [got["p1"], got["p2"]], (rows, got)
    check_words(rows, got, ordered)
    return got


def check_words(rows, got, ordered):
    """The words tell the same facts (folded lines unfolded)."""
    words = " ".join(run("explain", "--row", text_of(rows)).split())
    for r, row in enumerate(rows):
        if len(fuse_left_to_right(row)) <= 6 and all(
                len(c) <= 9 for _, c in fuse_left_to_right(row)):
            assert row_words(r + 1, row) in words, (rows, row_words(r + 1, row))
    for j, s in enumerate(got["sorted"][:40]):
        assert "%d. %d (row %d): player %d" % (
            j + 1, s["value"], s["row"], s["player"]) in words, (rows, s)
    if len(ordered) <= 12:
        told = "The value: %d%s = %d," % (ordered[0], "".join(
            term(x, j % 2 == 0) for j, x in enumerate(ordered[1:])),
            got["margin"])
        assert told in words, (rows, told)
    f = got["first_move"]
    assert "so player 1 takes %d from the %s end of row %d." % (
        f["coin"], f["side"], f["row"]) in words, (rows, f)
    t = [0, 0]
    state = tuple((0, len(r)) for r in rows)
    for k, (row, side) in enumerate(moves_of(got["line"])):
        coin, state = play(rows, state, row, side)
        t[k % 2] += coin
        assert "%d. player %d takes row %d, %s end (%d): %d to %d" % (
            k + 1, k % 2 + 1, row, "left" if side == "L" else "right", coin,
            t[0], t[1]) in words, (rows, k)


def check_analyze(rng, rows, value):
    """A random game (optimal moves and others, to its end or not)."""
    state, taken, moves = tuple((0, len(r)) for r in rows), [0, 0], []
    total = sum(map(sum, rows))
    for _ in range(rng.randint(0, sum(map(len, rows)))):
        live = [i + 1 for i, (lo, hi) in enumerate(state) if lo < hi]
        row, side = rng.choice(live), rng.choice("LR")
        moves.append((row, side))
        state = play(rows, state, row, side)[1]
    sep = rng.choice([" ", ",", ""])
    text = sep.join("%d%s" % m for m in moves)
    got = json.loads(run("analyze", "--json", "--row", text_of(rows),
                         "--moves", text))
    assert (got["n"], got["rows"], len(got["moves"])) == (
        sum(map(len, rows)), len(rows), len(moves)), (rows, text, got)
    state, lost, mistakes = tuple((0, len(r)) for r in rows), [0, 0], [0, 0]
    for k, ((row, side), m) in enumerate(zip(moves, got["moves"])):
        mover = k % 2
        so_far = taken[0] - taken[1]
        sign = 1 if mover == 0 else -1
        best_final = so_far + sign * value(state)
        coin, after = play(rows, state, row, side)
        taken[mover] += coin
        final = taken[0] - taken[1] - sign * value(after)
        loss = sign * (best_final - final) // 2
        b = m["best"]
        bcoin, bafter = play(rows, state, b["row"], b["side"][0].upper())
        assert bcoin - value(bafter) == value(state), (rows, text, k, m)
        assert (m["move"], m["player"], m["row"], m["side"][0].upper(),
                m["coin"]) == (k + 1, mover + 1, row, side, coin), m
        assert (m["best_coin"], b["coin"]) == (bcoin, bcoin), m
        assert (m["loss"], m["optimal"], m["final_margin"]) == (
            loss, loss == 0, final), (rows, text, k, m, loss, final)
        assert m["secured"] == (total + sign * best_final) // 2, m
        assert (m["p1"], m["p2"]) == tuple(taken), m
        lost[mover] += loss
        mistakes[mover] += loss > 0
        state = after
    s = got["summary"]
    v0 = value(tuple((0, len(r)) for r in rows))
    done = len(moves) == got["n"]
    assert (s["p1"], s["p2"], s["finished"]) == (taken[0], taken[1], done), s
    assert (s["best_p1"], s["best_p2"]) == ((total + v0) // 2,
                                            (total - v0) // 2), s
    assert (s["lost"], s["mistakes"]) == (lost, mistakes), (rows, text, s)
    words = run("analyze", "--row", text_of(rows), "--moves", text)
    for p in range(2):
        want = ("player %d: no point lost" % (p + 1) if mistakes[p] == 0 else
                "player %d: %d point%s lost, in %d move" % (
                    p + 1, lost[p], "" if lost[p] == 1 else "s", mistakes[p]))
        assert want in words, (rows, text, want)


rng = random.Random(int(sys.argv[1]))
count = 0
for _ in range(int(sys.argv[3])):
    rows = game(rng)
    value = solver(rows)
    if sys.argv[2] == "explain":
        check_explain(rng, rows, value)
    else:
        check_analyze(rng, rows, value)
    count += 1
print(count)
PYEOF

test_expect_success PYTHON3 'explain on 250 random games of 2-4 rows (ties, signs, empty rows, int64 extremes): the fusions, the sorted values and who takes them, value, first move and line, in JSON and words, against a direct fusion and exhaustive play' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/rows.py" 73 explain 250 >count &&
	test "$(cat count)" = 250
'

test_expect_success PYTHON3 'analyze on 250 random games: every move'"'"'s loss, best move, secured, totals and final margin, each player'"'"'s losses, against exhaustive play' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/rows.py" 74 analyze 250 >count &&
	test "$(cat count)" = 250
'

test_expect_success 'explain of a rows game of a file and of its --row are the same; rows 1 is the classic explanation, byte for byte' '
	printf "3 1 2 3\nrows 3\n3 1 3 5\n2 2 9\n1 4\nrows 1\n5 1 3 5 2 9\n" >games &&
	coinline explain --game 2 games >file &&
	coinline explain --row "1 3 5 / 2 9 / 4" >arg &&
	test_cmp arg file &&
	coinline explain --game 2 --json games >file &&
	coinline explain --json --row "1 3 5 / 2 9 / 4" >arg &&
	test_cmp arg file &&
	coinline explain --game 3 games >file &&
	coinline explain --row "1 3 5 2 9" >arg &&
	test_cmp arg file &&
	coinline explain games >file &&
	printf "3 1 2 3\n" | coinline explain >arg &&
	test_cmp arg file
'

test_expect_success 'explain: the options of one row refuse several rows (exit 2 with --row)' '
	for opt in --circle "--score=remaining" "--against=greedy" --steps; do
		test_expect_code 2 coinline explain $opt --row "1 3 / 2" 2>err &&
		test_grep "^coinline explain: ${opt%%=*}: " err || return 1
	done &&
	test_grep "the table.s steps are those of one row" err
'

test_expect_success 'explain and analyze: refusals of a file game at its rows line (exit 1)' '
	printf "rows 2\n1 5\n1 6\n" >two &&
	test_expect_code 1 coinline explain --steps two 2>err &&
	test_grep "^coinline explain: two:1:6: game 1 has 2 rows; --steps: " err &&
	test_expect_code 1 coinline analyze --circle --moves 1L two 2>err &&
	test_grep "^coinline analyze: two:1:6: game 1 has 2 rows; --circle: " err &&
	test_expect_code 1 coinline analyze --svg chart.svg --moves 1L two 2>err &&
	test_grep "^coinline analyze: two:1:6: game 1 has 2 rows; --svg: the chart is drawn for a game of one row" err &&
	coinline analyze --moves "2L" two >out &&
	test_grep "^game 1: 2 coins in 2 rows, 1 move played (not finished)$" out
'

test_expect_success 'analyze: several rows refuse --svg and --against (exit 2), bad moves at their column (exit 1)' '
	test_expect_code 2 coinline analyze --svg c.svg --row "1 3 / 2" --moves 1L 2>err &&
	test_grep "^coinline analyze: --svg: " err &&
	test_expect_code 2 coinline analyze --against greedy --row "1 3 / 2" --moves 1L 2>err &&
	test_grep "^coinline analyze: --against: " err &&
	test_expect_code 1 coinline analyze --row "1 3 / 2" --moves "1L 3R" 2>err &&
	test_grep "^coinline analyze: --moves:1:4: move 2 takes from row 3, but the game has 2 rows$" err &&
	test_expect_code 1 coinline analyze --row "1 3 / 2" --moves "2L,2R" 2>err &&
	test_grep "^coinline analyze: --moves:1:4: move 2 takes from row 2, which has no coin left$" err &&
	test_expect_code 1 coinline analyze --row "1 3 / 2" --moves "1X" 2>err &&
	test_grep "^coinline analyze: --moves:1:1: move 1 is not a row and an end" err
'

test_expect_success 'table refuses several rows (exit 2) and says explain shows them' '
	test_expect_code 2 coinline table --row "1 3 5 / 2 9 / 4" 2>err &&
	test_grep "^coinline table: table draws the table of one row; several rows are played" err &&
	test_grep "coinline explain --row .1 3 5 / 2 9 / 4. shows how" err &&
	coinline table --row "1 3 5" >out &&
	test_grep "V(i, j)" out
'

test_done
