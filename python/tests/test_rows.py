# SPDX-License-Identifier: MIT
"""Several rows (solve_rows, RowsGame, RowsState, RowsResult) against an
exhaustive minimax written here, from the rules alone: every position of
small random games (up to 4 rows and 10 coins, ties, both signs, empty
rows, the int64 extremes), moves optimal or not, undos; every bad input's
exception; and one row is the classic game."""
import array
import random
import unittest

import coinline
import oracle

SIDES = ("left", "right")


class Minimax:
    """The game of the rows by exhaustive play: a position is each row's
    (lo, hi); a move takes rows[r][lo] or rows[r][hi - 1] of a row with
    coins left; value() is the best the player to move can secure, its
    own total minus the other's from there on."""

    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
        self.memo = {}

    def start(self):
        return tuple((0, len(r)) for r in self.rows)

    def moves(self, pos):
        """Every legal move at pos: (row, side, coin, the position after)."""
        out = []
        for r, (lo, hi) in enumerate(pos):
            if lo == hi:
                continue
            for side in SIDES:
                coin = self.rows[r][lo] if side == "left" else self.rows[r][hi - 1]
                after = (lo + 1, hi) if side == "left" else (lo, hi - 1)
                out.append((r, side, coin, pos[:r] + (after,) + pos[r + 1:]))
        return out

    def value(self, pos):
        if pos not in self.memo:
            self.memo[pos] = max((coin - self.value(after)
                                  for _, _, coin, after in self.moves(pos)), default=0)
        return self.memo[pos]

    def is_optimal(self, pos, row, side):
        """True when the move (row, side) secures value(pos)."""
        for r, s, coin, after in self.moves(pos):
            if (r, s) == (row, side):
                return coin - self.value(after) == self.value(pos)
        return False


def random_rows(rng):
    """1 to 4 rows (some empty), at most 10 coins in all, of one kind."""
    k = rng.randint(1, 4)
    total = rng.randint(0, 10)
    cuts = sorted(rng.randint(0, total) for _ in range(k - 1))
    lens = [b - a for a, b in zip([0] + cuts, cuts + [total])]
    coins = oracle.random_row(rng, total)
    rows, at = [], 0
    for n in lens:
        rows.append(coins[at:at + n])
        at += n
    return rows


def winner(margin):
    return "first" if margin > 0 else "second" if margin < 0 else "draw"


class SolveRowsTest(unittest.TestCase):
    def check_solved(self, rows, where):
        m = Minimax(rows)
        pos = m.start()
        value = m.value(pos)
        total = sum(sum(r) for r in rows)
        r = coinline.solve_rows(rows)
        self.assertEqual((r.n, r.rows, r.sum, r.p1, r.p2, r.margin, r.winner),
                         (sum(map(len, rows)), len(rows), total, (total + value) // 2,
                          (total - value) // 2, value, winner(value)), where)
        self.assertEqual(tuple(r), (r.n, r.rows, r.sum, r.p1, r.p2, r.margin, r.winner,
                                    r.first_move))
        if r.n == 0:
            self.assertIsNone(r.first_move, where)
        else:
            self.assertTrue(m.is_optimal(pos, *r.first_move), (where, r.first_move))

    def test_random_small_games_against_exhaustive_play(self):
        rng = random.Random(32)
        for g in range(1500):
            self.check_solved(random_rows(rng), "game %d" % g)

    def test_every_layout_of_a_few_coins(self):
        for coins in ([3, 1, 4, 1, 5, 9], [2, 2, 2, 2], [-1, 0, 1, -1, 0, 1],
                      [oracle.INT64_MAX] * 3 + [oracle.INT64_MIN] * 3):
            # every way to cut the coins into up to 4 rows, empty ones too
            n = len(coins)
            for a in range(n + 1):
                for b in range(a, n + 1):
                    for c in range(b, n + 1):
                        rows = [coins[:a], coins[a:b], coins[b:c], coins[c:]]
                        self.check_solved(rows, rows)

    def test_int64_extremes_sum_past_64_bits(self):
        big, small = oracle.INT64_MAX, oracle.INT64_MIN
        rows = [[big] * 5, [big, small, big], [small] * 2]
        self.check_solved(rows, rows)
        r = coinline.solve_rows([[big] * 6, [big] * 4])
        self.assertEqual((r.p1, r.p2, r.margin), (5 * big, 5 * big, 0))

    def test_no_rows_and_empty_rows(self):
        for rows in ([], [[]], [[], [], []]):
            r = coinline.solve_rows(rows)
            self.assertEqual(tuple(r), (0, len(rows), 0, 0, 0, 0, "draw", None))

    def test_one_row_is_the_classic_game(self):
        rng = random.Random(7)
        for _ in range(300):
            row = oracle.random_row(rng, rng.randint(0, 14))
            c, r = coinline.solve(row), coinline.solve_rows([row])
            self.assertEqual((r.n, r.sum, r.p1, r.p2, r.margin, r.winner),
                             (c.n, c.sum, c.p1, c.p2, c.margin, c.winner), row)
            if row:
                self.assertEqual(r.first_move[0], 0)
                lo, hi = (1, len(row)) if r.first_move[1] == "left" else (0, len(row) - 1)
                coin = row[0] if r.first_move[1] == "left" else row[-1]
                self.assertEqual(coin - coinline.best_move(row, lo, hi)[1], c.margin, row)

    def test_rows_of_every_kind(self):
        want = coinline.solve_rows([[1, 3, 5], [2, 9], [4]])
        for rows in (([1, 3, 5], (2, 9), [4]), [range(1, 6, 2), array.array("q", [2, 9]), {4: 0}],
                     (r for r in [[1, 3, 5], [2, 9], [4]]), [iter([1, 3, 5]), b"\x02\x09", [4]]):
            self.assertEqual(coinline.solve_rows(rows), want)
        self.assertEqual(coinline.RowsGame([(1, 3, 5), range(2, 10, 7), [4]]).coins,
                         [[1, 3, 5], [2, 9], [4]])

    def test_long_games_are_solved_alike_with_and_without_the_gil(self):
        rng = random.Random(3)
        rows = [[rng.randint(-50, 50) for _ in range(rng.randint(0, 900))] for _ in range(20)]
        r = coinline.solve_rows(rows)
        self.assertEqual(r.n, sum(map(len, rows)))
        self.assertEqual(r.p1 + r.p2, r.sum)
        self.assertEqual(coinline.RowsGame(rows).value(), r.margin)


class RowsGameTest(unittest.TestCase):
    def check_position(self, g, m, pos, played, where):
        """g's state, value and rows at pos after the moves played."""
        totals = [0, 0]
        for k, (_, _, coin) in enumerate(played):
            totals[k % 2] += coin
        left = sum(hi - lo for lo, hi in pos)
        st = g.state()
        n = sum(map(len, m.rows))
        self.assertEqual(tuple(st[:7]), (n, len(m.rows), len(played), left,
                                         (len(played) % 2 + 1) if left else None,
                                         totals[0], totals[1]), where)
        self.assertEqual(tuple(st), tuple(st[:7]) + (st.best, st.value, st.final_margin))
        sign = 1 if len(played) % 2 == 0 else -1
        self.assertEqual(st.value, m.value(pos), where)
        self.assertEqual(st.final_margin, totals[0] - totals[1] + sign * m.value(pos), where)
        for r, s, coin, after in m.moves(pos):
            self.assertEqual(g.outcome(r, s),
                             totals[0] - totals[1] + sign * (coin - m.value(after)),
                             (where, r, s))
        if left == 0:
            self.assertIsNone(st.best, where)
        else:
            self.assertTrue(m.is_optimal(pos, *st.best), (where, st.best))
        self.assertEqual(g.value(), m.value(pos), where)
        self.assertEqual(g.rows, [m.rows[r][lo:hi] for r, (lo, hi) in enumerate(pos)], where)
        self.assertEqual([g.row(r) for r in range(len(m.rows))], g.rows)
        self.assertEqual(len(g), left)
        self.assertEqual(g.moves, [(r, s) for r, s, _ in played])
        self.assertEqual(g.coins, m.rows)

    def test_every_position_of_random_games_with_undo(self):
        rng = random.Random(11)
        for game in range(400):
            rows = random_rows(rng)
            m, g = Minimax(rows), coinline.RowsGame(rows)
            pos, stack, played = m.start(), [], []
            self.check_position(g, m, pos, played, (rows, played))
            while m.moves(pos):
                moves = m.moves(pos)
                if stack and rng.random() < 0.2:
                    g.undo()
                    pos = stack.pop()
                    played.pop()
                else:
                    if rng.random() < 0.5:
                        move = next(x for x in moves if x[:2] == g.state().best)
                    else:
                        move = rng.choice(moves)
                    r, s, coin, after = move
                    self.assertEqual(g.play(r, s if rng.random() < 0.5 else s[0].upper()),
                                     coin, (rows, played, move))
                    stack.append(pos)
                    played.append((r, s, coin))
                    pos = after
                self.check_position(g, m, pos, played, (rows, played))

    def test_the_line_is_optimal_at_every_move_and_ends_in_the_solved_totals(self):
        rng = random.Random(23)
        for game in range(300):
            rows = random_rows(rng)
            m, line = Minimax(rows), coinline.rows_line(rows)
            pos, totals = m.start(), [0, 0]
            self.assertEqual(len(line), sum(map(len, rows)), rows)
            for k, (r, s) in enumerate(line):
                self.assertTrue(m.is_optimal(pos, r, s), (rows, line, k))
                coin, after = next((c, a) for rr, ss, c, a in m.moves(pos)
                                   if (rr, ss) == (r, s))
                totals[k % 2] += coin
                pos = after
            res = coinline.solve_rows(rows)
            self.assertEqual((res.p1, res.p2), tuple(totals), rows)
        with self.assertRaises(TypeError):
            coinline.rows_line([[1, "x"]])

    def test_outcome_errors(self):
        g = coinline.RowsGame([[1, 2], []])
        with self.assertRaisesRegex(ValueError, "RowsGame.outcome: row 1 has no coin left"):
            g.outcome(1, "left")
        with self.assertRaises(ValueError):
            g.outcome(2, "left")
        with self.assertRaises(ValueError):
            g.outcome(0, "middle")

    def test_one_row_is_the_classic_engine_at_every_position(self):
        rng = random.Random(5)
        for _ in range(100):
            row = oracle.random_row(rng, rng.randint(0, 12))
            g, e = coinline.RowsGame([row]), coinline.Engine(row)
            while True:
                st, est = g.state(), e.state()
                self.assertEqual((st.to_move, st.p1, st.p2, g.value()),
                                 (est.to_move, est.p1, est.p2, est.value), row)
                self.assertEqual(g.row(0), est.coins.tolist())
                if st.best is None:
                    break
                side = rng.choice(SIDES)
                g.play(0, side)
                e.play(side)

    def test_errors(self):
        g = coinline.RowsGame([[1, 3, 5], [], [4]])
        cases = (
            (lambda: g.play(3, "left"), ValueError, r"RowsGame.play: there is no row 3: "
                                                    r"the rows are 0 to 2"),
            (lambda: g.play(-1, "left"), ValueError, "there is no row -1"),
            (lambda: g.play(2**70, "left"), ValueError, "there is no row %d" % 2**70),
            (lambda: g.play(1, "left"), ValueError, "row 1 has no coin left"),
            (lambda: g.play("0", "left"), TypeError, "a row is an int .*not str"),
            (lambda: g.play(True, "left"), TypeError, "not bool"),
            (lambda: g.play(1.0, "left"), TypeError, "not float"),
            (lambda: g.play(0, "middle"), ValueError, "side must be 'left' or 'right'"),
            (lambda: g.play(0, 1), TypeError, "side must be 'left' or 'right'"),
            (lambda: g.play(0), TypeError, "side"),
            (lambda: g.row(7), ValueError, "RowsGame.row: there is no row 7"),
            (lambda: g.undo(), ValueError, "RowsGame.undo: no move to take back"),
            (lambda: coinline.RowsGame([]).play(0, "L"), ValueError, "the game has no rows"),
            (lambda: coinline.solve_rows([1, 2, 3]), TypeError,
             r"rows\[0\] is int, not a row: give a list of rows"),
            (lambda: coinline.solve_rows("12"), TypeError, "rows must be an iterable of rows"),
            (lambda: coinline.solve_rows(12), TypeError, "rows must be an iterable of rows"),
            (lambda: coinline.solve_rows(None), TypeError, "not NoneType"),
            (lambda: coinline.solve_rows([[1], [2, 2.5]]), TypeError,
             r"rows\[1\]\[1\] is float, not an integer"),
            (lambda: coinline.solve_rows([[1], "ab"]), TypeError,
             r"rows\[1\] must be an iterable of integers, not str"),
            (lambda: coinline.RowsGame([[0], [], [1, 2**63]]), OverflowError,
             r"rows\[2\]\[1\] = 9223372036854775808 does not fit in a signed 64-bit"),
            (lambda: coinline.solve_rows([[-(2**63) - 1]]), OverflowError, r"rows\[0\]\[0\] = "),
            (lambda: coinline.solve_rows([range(2**63, 2**63 + 2)]), OverflowError,
             r"rows\[0\]\[0\] = 9223372036854775808"),
            (lambda: coinline.RowsGame.__new__(coinline.RowsGame).state(), RuntimeError,
             "holds no game"),
        )
        for f, exc, text in cases:
            with self.assertRaisesRegex(exc, text):
                f()
        self.assertEqual(g.moves, [])  # nothing refused was played
        g.play(0, "R")
        g.play(0, "R")
        g.play(0, "R")
        with self.assertRaisesRegex(ValueError, r"row 0 has no coin left \(the best move is "
                                                r"row 2, left end\)"):
            g.play(0, "left")
        g.play(2, "left")
        with self.assertRaisesRegex(ValueError, "no coin is left to take"):
            g.play(2, "left")
        self.assertEqual((g.state().p1, g.state().p2, g.value()), (6, 7, 0))

    def test_huge_rows_are_memory_errors_and_the_callers_errors_pass(self):
        for f in (coinline.solve_rows, coinline.RowsGame):
            with self.assertRaises(MemoryError):
                f([[1, 2], range(10**13)])  # 80 TB of coins
            with self.assertRaisesRegex(OverflowError, "more than 2\\*\\*63 coins"):
                f([range(10**30)])

        def rows():
            yield [1]
            raise LookupError("from the caller")

        class BadRow:
            def __iter__(self):
                raise KeyError("its own")

        with self.assertRaisesRegex(LookupError, "from the caller"):
            coinline.solve_rows(rows())
        with self.assertRaisesRegex(KeyError, "its own"):
            coinline.RowsGame([[1], BadRow()])

    def test_init_again_replaces_the_game_only_when_the_new_one_is_whole(self):
        g = coinline.RowsGame([[1, 2], [3]])
        g.play(1, "left")
        with self.assertRaises(TypeError):
            g.__init__([[1], [None]])
        self.assertEqual((g.moves, g.rows), ([(1, "left")], [[1, 2], []]))
        g.__init__([[7], [8, 9]])
        self.assertEqual((g.moves, g.rows, g.state().p1), ([], [[7], [8, 9]], 0))

    def test_reprs(self):
        g = coinline.RowsGame([[1, 3, 5], [2, 9], [4]])
        self.assertEqual(repr(g), "<coinline.RowsGame: 3 rows, 6 coins, 6 left, "
                                  "player 1 to move>")
        self.assertEqual(repr(g.state()), "coinline.RowsState(n=6, rows=3, moves=0, left=6, "
                                          "to_move=1, p1=0, p2=0, best=(1, 'right'), "
                                          "value=6, final_margin=6)")
        self.assertEqual(repr(coinline.RowsGame([[], [4]])), "<coinline.RowsGame: 2 rows, "
                                                            "1 coin, 1 left, player 1 to move>")
        g = coinline.RowsGame([[4]])
        g.play(0, "L")
        self.assertEqual(repr(g), "<coinline.RowsGame: 1 row, 1 coin, game over>")


if __name__ == "__main__":
    unittest.main()
