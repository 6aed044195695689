#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline play on games of several rows (issue 32): --row '1 3 5 / 2 9'
# and "rows K" games of a file, driven through play's line mode by a
# Python player against an exhaustive minimax written here (as t0070's):
# whole games where each side follows the hints (every hint's move and
# outcome checked, the end totals the oracle's), random games with their
# losses, undo, the engine's levels (the seed gives the same game), every
# error and refusal; one row stays the classic game.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

cat >"$TRASH_ROOT/play_rows.py" <<\PYEOF
"""coinline play on several rows, against exhaustive play."""
import json, os, random, re, subprocess, sys
from rows_oracle import play, solver

EXTREMES = [-2**40, 2**40, 0, -1, 1]


def game(rng):
    """A random game: 2 to 4 rows, up to 10 coins in all, some empty."""
    rows, left = [], 10
    for _ in range(rng.randint(2, 4)):
        n = rng.randint(0, min(4, left))
        left -= n
        pool = EXTREMES if rng.random() < 0.2 else range(-3, 4)
        rows.append([rng.choice(pool) for _ in range(n)])
    if not any(rows):
        rows[0] = [rng.randint(-3, 3)]
    return rows


def optimal_moves(rows, state, value):
    """The optimal moves as a set of (row, side), a row of one coin as L."""
    out = set()
    for r, (lo, hi) in enumerate(state):
        for side in ("L", "R") if lo < hi else ():
            coin, after = play(rows, state, r + 1, side)
            if coin - value(after) == value(state):
                out.add((r + 1, "L" if hi - lo == 1 else side))
    return out


def text_of(rows):
    return " / ".join(" ".join(map(str, r)) for r in rows)


class Play:
    """coinline play in the line mode, a line at a time."""
    def __init__(self, *args):
        self.p = subprocess.Popen([os.environ["COINLINE"], "play"] + list(args),
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, bufsize=1)

    def send(self, text):
        self.p.stdin.write(text + "\n")
        self.p.stdin.flush()

    def line(self):
        got = self.p.stdout.readline()
        assert got, "the output ended"
        return got.rstrip("\n")

    def until(self, prefix):
        while True:
            got = self.line()
            if got.startswith(prefix):
                return got


def mover_total(rows, state, value, taken, mover):
    """The final total of the player mover (0 or 1) with best play."""
    rest = sum(sum(r[lo:hi]) for r, (lo, hi) in zip(rows, state))
    return taken[mover] + (rest + value(state)) // 2


def check_hint(hint, rows, state, value, taken, mover):
    """The hint's move is optimal, the moves as good are all the others,
    the outcome is the mover's best."""
    m = re.match(r"hint: take (-?\d+) from the (left|right) end of row (\d+) "
                 r"\((\d+)([LR])\)(, or (.*), as good)?: with best play from "
                 r"here (.+?) ends? with (-?\d+) against (-?\d+)$", hint)
    assert m, hint
    row, side = int(m.group(4)), m.group(5)
    coin, after = play(rows, state, row, side)
    assert coin == int(m.group(1)) and coin - value(after) == value(state), hint
    best = optimal_moves(rows, state, value)
    ties = re.findall(r"(\d+)([LR])", m.group(7) or "")
    listed = {(int(r), s) for r, s in ties}
    assert listed <= best, (hint, best)
    if "more" not in (m.group(7) or ""):
        lo, hi = state[row - 1]
        assert len(best) == len(listed) + 1, (hint, best)
    total = sum(map(sum, rows))
    mine = mover_total(rows, state, value, taken, mover)
    assert (int(m.group(9)), int(m.group(10))) == (mine, total - mine), hint
    return row, side


def check_move(line, rows, state, taken, k):
    m = re.match(r"move (\d+): .* takes? (-?\d+) \((\d+)([LR])\); .*? (-?\d+), "
                 r".* (-?\d+)$", line)
    assert m and int(m.group(1)) == k + 1, line
    coin, after = play(rows, state, int(m.group(3)), m.group(4))
    assert coin == int(m.group(2)), (line, rows, state)
    taken[k % 2] += coin
    return after


def hinted_game(rng, rows, two):
    """Each person follows the hints; the engine (optimal) its rule."""
    value = solver(rows)
    state = tuple((0, len(r)) for r in rows)
    taken, n = [0, 0], sum(map(len, rows))
    first = rng.choice(["me", "engine"])
    args = ["-2"] if two else ["--first", first]
    p = Play("--row", text_of(rows), *args)
    assert p.line().startswith("game 1: %d coin" % n)
    for k in range(n):
        mover = k % 2
        if two or (mover == 0) == (first == "me"):
            p.until("your move" if not two else "player")
            p.send("hint")
            row, side = check_hint(p.until("hint:"), rows, state, value,
                                   taken, mover)
            p.send("%d%s" % (row, rng.choice([side, side.lower()])))
        state = check_move(p.until("move %d:" % (k + 1)), rows, state, taken, k)
    total, v = sum(map(sum, rows)), value(tuple((0, len(r)) for r in rows))
    assert taken == [(total + v) // 2, (total - v) // 2], (rows, taken)
    end = p.until("game 1:")
    assert end.endswith("a draw." if v == 0 else "by %d." % abs(v)), end
    best = p.line()
    assert best.endswith(" %d, %s %d" % (taken[0], best.split(", ")[1]
                                         .rsplit(" ", 1)[0], taken[1])), best
    p.send("quit")
    p.p.communicate()
    assert p.p.returncode == 0, p.p.returncode


def random_game(rng, rows):
    """Two people play random moves (with undos): --json against the
    oracle's totals and losses."""
    value = solver(rows)
    state = tuple((0, len(r)) for r in rows)
    history, words = [], []
    while any(lo < hi for lo, hi in state):
        if history and rng.random() < 0.2:
            words.append("undo")
            state = history.pop()[0]
            continue
        live = [i + 1 for i, (lo, hi) in enumerate(state) if lo < hi]
        row, side = rng.choice(live), rng.choice("LR")
        history.append((state, row, side))
        state = play(rows, state, row, side)[1]
        words.append("%d%s" % (row, side))
    got = subprocess.run([os.environ["COINLINE"], "play", "-2", "--json",
                          "--row", text_of(rows)], input=" ".join(words),
                         capture_output=True, text=True, check=True)
    out = json.loads(got.stdout.splitlines()[-1])
    state, taken, lost, mistakes = tuple((0, len(r)) for r in rows), [0, 0], \
        [0, 0], []
    for k, (_, row, side) in enumerate(history):
        coin, after = play(rows, state, row, side)
        loss = (value(state) - (coin - value(after))) // 2
        if loss:
            mistakes.append((k + 1, k % 2 + 1, row, coin, loss))
        lost[k % 2] += loss
        taken[k % 2] += coin
        state = after
    total, v = sum(map(sum, rows)), value(tuple((0, len(r)) for r in rows))
    line = "".join("%d%s" % (r, s) for _, r, s in history)
    assert (out["moves"], out["p1"], out["p2"], out["lost"]) == (
        line, taken[0], taken[1], lost), (rows, words, out)
    assert (out["best_p1"], out["best_p2"], out["rows"]) == (
        (total + v) // 2, (total - v) // 2, len(rows)), out
    assert [(m["move"], m["player"], m["row"], m["coin"], m["loss"])
            for m in out["mistakes"]] == mistakes, (out, mistakes)
    assert taken[0] - taken[1] == v - 2 * lost[0] + 2 * lost[1], out


rng = random.Random(int(sys.argv[1]))
for _ in range(int(sys.argv[2])):
    rows = game(rng)
    hinted_game(rng, rows, rng.random() < 0.3)
    random_game(rng, rows)
print("ok")
PYEOF

run_py() {
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/play_rows.py" "$@"
}

test_expect_success PYTHON3 '60 random games: each side follows the hints (checked against exhaustive play) and ends with the best totals; random games with undo: --json totals, losses and mistakes' '
	run_py 71 60 >out &&
	test "$(cat out)" = ok
'

test_expect_success 'the board draws every row from 1, the ends marked; moves in 2R; the help line' '
	echo "help 2r quit" | coinline play --row "1 3 5 / 2 9 / " -2 >all &&
	head -n 11 all >out &&
	cat >want <<-\EOF &&
	game 1: 5 coins in 3 rows; player 1 moves first, player 2 second
	player 1 to move (a row and an end, 2R):
	  1: 1 3 5  (1L: 1, 1R: 5)
	  2: 2 9  (2L: 2, 2R: 9)
	  3: empty
	commands: 2R (take the right end of row 2: a row from 1, then l or r), hint, undo, new, quit, help
	move 1: player 1 takes 9 (2R); player 1 9, player 2 0
	player 2 to move (a row and an end, 2R):
	  1: 1 3 5  (1L: 1, 1R: 5)
	  2: 2  (2L: 2, 2R: 2)
	  3: empty
	EOF
	test_cmp want out
'

test_expect_success 'a long row and many rows are elided as play elides a long row' '
	row=$(seq 1 40 | tr "\n" " ") &&
	echo quit | coinline play --row "$row / 7" -2 >out &&
	test_grep "^  1: 1 2 3 4 5 6 7 8 9 10 ... (20 more) ... 31 32 33 34 35 36 37 38 39 40  (1L: 1, 1R: 40)$" out &&
	rows=$(seq 1 35 | sed "s|$| /|" | tr "\n" " ") &&
	echo quit | coinline play --row "${rows}36" -2 >out &&
	test_grep "^  ... (16 more rows) ...$" out &&
	test_grep "^  10: 10  (10L: 10, 10R: 10)$" out &&
	test_grep "^  27: 27  (27L: 27, 27R: 27)$" out &&
	test_line_count = 27 out
'

test_expect_success 'undo takes back your move and the engine reply; nothing to undo at the start' '
	echo "undo 2r undo hint quit" | coinline play --row "1 3 5 / 2 9 / 4" >out &&
	test_grep "^undo: nothing to undo$" out &&
	test_grep "^move 2: optimal takes 5 (1R); you 9, optimal 5$" out &&
	test_grep "^undo: 2 moves taken back$" out &&
	test_grep "^hint: take 9 from the right end of row 2 (2R): with best play from here you end with 15 against 9$" out &&
	test_grep "^game 1, stopped after move 0 of 6" out
'

test_expect_success 'bad moves are said at their place; the game goes on; exit 1' '
	echo "4r 2l 2r 2L l 99999999999999999999999r xyz quit" |
		test_expect_code 1 coinline play --row "1 3 5 / 2 9 / 4" -2 >out 2>err &&
	cat >want <<-\EOF &&
	coinline play: <stdin>:1:1: row 4 does not exist (3 rows)
	coinline play: <stdin>:1:10: row 2 has no coins left
	coinline play: <stdin>:1:13: '"'"'l'"'"': a game of several rows takes a row and an end (2R)
	coinline play: <stdin>:1:15: row 99999999999999999999999 does not exist (3 rows)
	coinline play: <stdin>:1:40: unknown command '"'"'xyz'"'"' (a row and an end: 2R, hint, undo, new, quit, help)
	EOF
	test_cmp want err &&
	test_grep "^move 2: player 2 takes 9 (2R)" out
'

test_expect_success 'refusals: --circle, --score remaining, an engine that is not a level, --save (exit 2 with --row)' '
	test_expect_code 2 coinline play --row "1 / 2" --circle </dev/null 2>err &&
	test_grep "play: --row has several rows; --circle: a game of several rows is played on lines" err &&
	test_expect_code 2 coinline play --row "1 / 2" --score remaining </dev/null 2>err &&
	test_grep "play: --row has several rows; --score: a game of several rows scores the coin taken only" err &&
	test_expect_code 2 coinline play --row "1 / 2" -e greedy </dev/null 2>err &&
	test_grep "play: --row has several rows; --engine: a game of several rows is played by optimal, random or fallible:P" err &&
	test_expect_code 2 coinline play --row "1 / 2" --save rec </dev/null 2>err &&
	test_grep "play: --row has several rows; --save: a game record" err &&
	test_expect_code 2 coinline play --row "1 / 2" -2 --save rec </dev/null 2>err &&
	test_grep "play: --row has several rows; --save: a game record" err &&
	test_expect_code 2 coinline play --row "1 / 2" -e exec:true </dev/null 2>err &&
	test_grep "play: --row has several rows; --engine: " err &&
	echo "1l quit" | coinline play --row "1 / 2" -e fallible:0.3 >out &&
	test_grep "^move 1: you take 1 (1L)" out
'

test_expect_success 'a file: rows K games between classic ones, new goes on; refused at its place (exit 1)' '
	printf "2 1 2\nrows 2\n1 5\n2 3 4\nrows 1\n2 7 8\n" >games &&
	echo "new 1l hint new new quit" | coinline play games >out &&
	test_grep "^game 2: 3 coins in 2 rows (games, game 2); you move first, optimal second$" out &&
	test_grep "^move 2: optimal takes 4 (2R); you 5, optimal 4$" out &&
	test_grep "^hint: take 3 from the left end of row 2 (2L): with best play from here you end with 8 against 4$" out &&
	test_grep "^game 3: 2 coins (games, game 3); you move first, optimal second$" out &&
	test_grep "^your move: 7 8  (l: 7, r: 8)$" out &&
	test_grep "^game 4: 2 coins (games, game 1)" out &&
	echo "new quit" | test_expect_code 1 coinline play --circle games >out 2>err &&
	test_grep "^coinline play: games:2:6: game 2 has 2 rows; --circle: " err &&
	echo "new quit" | test_expect_code 1 coinline play -w rec games >out 2>err &&
	test_grep "^coinline play: games:2:6: game 2 has 2 rows; --save: " err
'

test_expect_success 'one row is the classic game: rows 1 plays as the classic form' '
	printf "5 1 3 5 2 9\n" >one &&
	printf "rows 1\n5 1 3 5 2 9\n" >rows1 &&
	echo "l hint r undo r r quit" | coinline play one >want &&
	echo "l hint r undo r r quit" | coinline play rows1 | sed "s/(rows1,/(one,/" >out &&
	test_cmp want out &&
	echo "l hint r undo r r quit" | coinline play --row "1 3 5 2 9" >want &&
	sed "s/ (one, game 1)//" out >out2 &&
	test_cmp want out2
'

test_expect_success 'the levels: the same seed gives the same game; fallible:0 is perfect; --json keeps the rows' '
	row="1 3 5 7 / 2 9 8 / 4 6 / 0 -2" &&
	moves="1r 1l 2r 2l 3l 3r 4l 4r 1r 1l 2r 2l" &&
	echo "$moves" | coinline play --row "$row" -d easy -s 7 --first engine >a 2>/dev/null;
	echo "$moves" | coinline play --row "$row" -d easy -s 7 --first engine >b 2>/dev/null;
	test_cmp a b &&
	test_grep "seed 7" a &&
	test_grep "easy (fallible:0.5) takes" a &&
	echo "$moves" | coinline play --row "$row" -e fallible:0 -s 1 --first engine >a 2>/dev/null;
	echo "$moves" | coinline play --row "$row" -d perfect --first engine >b 2>/dev/null;
	sed "s/fallible:0/perfect (optimal)/g; s/; seed 1$//" a >a2 &&
	test_cmp a2 b &&
	echo "hint 2r 1r 1r 3r quit" | coinline play --json --row "1 3 / 2 9 / 4" >j 2>t &&
	test_grep "\"rows\":3" j &&
	test_grep "\"moves\":\"2R" j
'

test_done
