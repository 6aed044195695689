# SPDX-License-Identifier: MIT
"""Engine at every position of random games with undo, and analyze,
against the Python DP."""
import threading
import unittest

import coinline
import oracle


def expected_state(a, V, moves):
    """The State the engine must show after moves, from the DP."""
    lo, hi, tot = 0, len(a), [0, 0]
    for k, m in enumerate(moves):
        coin = a[lo] if m == "L" else a[hi - 1]
        tot[k % 2] += coin
        lo, hi = (lo + 1, hi) if m == "L" else (lo, hi - 1)
    side, value = oracle.best(a, V, lo, hi)
    k = len(moves)
    to_move = None if lo == hi else k % 2 + 1
    own = value if k % 2 == 0 else -value
    return (len(a), lo, hi, k, to_move, tot[0], tot[1], value,
            tot[0] - tot[1] + own, side, a[lo:hi])


class EngineTest(unittest.TestCase):
    def check(self, e, a, V, moves, where):
        st = e.state()
        want = expected_state(a, V, moves)
        got = tuple(st[:10]) + (st.coins.tolist(),)
        self.assertEqual(got, want, where)
        self.assertEqual(len(e), want[2] - want[1])
        self.assertEqual(e.moves, "".join(moves))

    def test_every_position_of_random_games_with_undo(self):
        r = oracle.rng(10)
        positions = 0
        for g in range(400):
            a = oracle.random_row(r)
            V = oracle.table(a)
            e = coinline.Engine(a)
            moves = []
            self.check(e, a, V, moves, (a, moves))
            while len(moves) < len(a):
                if moves and r.random() < 0.25:
                    e.undo()
                    moves.pop()
                else:
                    side = r.choice(["left", "right", "L", "R", "l", "r"])
                    lo = moves.count("L")
                    hi = len(a) - moves.count("R")
                    coin = e.play(side)
                    m = side[0].upper()
                    self.assertEqual(coin, a[lo] if m == "L" else a[hi - 1])
                    moves.append(m)
                self.check(e, a, V, moves, (a, moves))
                positions += 1
        self.assertGreater(positions, 3000)

    def test_iterating_walks_the_optimal_line_and_leaves_the_engine(self):
        r = oracle.rng(11)
        for _ in range(200):
            a = oracle.random_row(r)
            e = coinline.Engine(a)
            if a:
                e.play("R")
            before = (e.moves, tuple(e.state()[:10]))
            states = list(e)
            self.assertEqual((e.moves, tuple(e.state()[:10])), before)
            self.assertEqual(len(states), len(e) + 1)
            self.assertIsNone(states[-1].best)
            self.assertTrue(all(s.final_margin == states[0].final_margin for s in states))
            walked = "".join(s.best[0].upper() for s in states[:-1])
            V = oracle.table(a)
            self.assertEqual(walked, oracle.line(a[e.state().lo:e.state().hi])
                             if V is not None else "")

    def test_changing_the_engine_during_iteration_is_refused(self):
        e = coinline.Engine([1, 2, 3, 4])
        it = iter(e)
        next(it)
        e.play("L")
        with self.assertRaisesRegex(RuntimeError, "changed during iteration"):
            next(it)
        self.assertEqual(e.moves, "L")  # left as it was made
        e = coinline.Engine([1, 2, 3, 4])
        it = iter(e)
        next(it)
        next(it)  # the iterator has played the optimal move
        best = e.moves
        e.undo()
        e.play("R" if best == "L" else "L")  # same length, another position
        with self.assertRaisesRegex(RuntimeError, "changed during iteration"):
            next(it)
        it.close()
        self.assertEqual(len(e.moves), 1)

    def test_an_iteration_closed_early_takes_its_moves_back(self):
        e = coinline.Engine([5, 1, 7, 2, 8])
        it = iter(e)
        for _ in range(3):
            next(it)
        self.assertEqual(len(e), 3)
        it.close()
        self.assertEqual((len(e), e.moves), (5, ""))

    def test_init_again_replaces_the_game_only_when_the_new_one_is_whole(self):
        e = coinline.Engine([1, 2, 3])
        e.play("L")
        with self.assertRaises(TypeError):
            e.__init__([1, "x"])
        self.assertEqual((e.moves, e.row.tolist()), ("L", [1, 2, 3]))
        e.__init__(e.row.tolist()[::-1])
        self.assertEqual((e.moves, e.row.tolist()), ("", [3, 2, 1]))

        class Reinit:
            def __index__(self):
                e.__init__([9, 9])  # from inside the conversion
                return 4

        e.__init__([Reinit(), 5])
        self.assertEqual(e.row.tolist(), [4, 5])
        c0 = e.changes
        e.play("R")
        e.undo()
        self.assertEqual(e.changes, c0 + 2)

    def test_errors_of_play_and_undo(self):
        e = coinline.Engine([5])
        with self.assertRaisesRegex(ValueError, "no move to take back"):
            e.undo()
        with self.assertRaisesRegex(ValueError, "side must be 'left' or 'right'"):
            e.play("up")
        with self.assertRaisesRegex(TypeError, "side must be"):
            e.play(1)
        self.assertEqual(e.play("right"), 5)
        with self.assertRaisesRegex(ValueError, "no coin is left"):
            e.play("left")
        self.assertIn("game over", repr(e))
        with self.assertRaisesRegex(RuntimeError, "holds no game"):
            coinline.Engine.__new__(coinline.Engine).state()

    def test_a_states_repr_shows_the_coins_left(self):
        e = coinline.Engine([1, 3, 5, 2, 9])
        e.play("left")
        self.assertEqual(
            repr(e.state()),
            "coinline.State(n=5, lo=1, hi=5, played=1, to_move=2, p1=1, p2=0, value=9, "
            "final_margin=-8, best='right', coins=[3, 5, 2, 9])")
        self.assertEqual(str(e.state()), repr(e.state()))
        self.assertTrue(repr(coinline.Engine([]).state()).endswith(
            "to_move=None, p1=0, p2=0, value=0, final_margin=0, best=None, coins=[])"))
        # Up to 12 coins whole; more, the first and last 5 and how many
        # between, whatever the length (no copy of a long row).
        twelve = coinline.Engine([-2**63, 2**63 - 1] * 6).state()
        self.assertTrue(repr(twelve).endswith(
            "coins=[%s])" % ", ".join(["-9223372036854775808", "9223372036854775807"] * 6)))
        self.assertTrue(repr(coinline.Engine(range(13)).state()).endswith(
            "coins=[0, 1, 2, 3, 4, <3 more>, 8, 9, 10, 11, 12])"))
        big = coinline.Engine(range(10**6))
        big.play("R")
        self.assertTrue(repr(big.state()).endswith(
            "best='right', coins=[0, 1, 2, 3, 4, <999989 more>, 999994, 999995, 999996, "
            "999997, 999998])"))
        # A State made by hand, or whose view was released, shows its own.
        self.assertEqual(repr(coinline.State(range(11))),
                         "coinline.State(n=0, lo=1, hi=2, played=3, to_move=4, p1=5, p2=6, "
                         "value=7, final_margin=8, best=9, coins=10)")
        s = e.state()
        s.coins.release()
        self.assertIn("coins=<released memory at", repr(s))
        self.assertRegex(repr(coinline.State(list(range(10)) + [memoryview(b"ab")])),
                         r", coins=<memory at 0x[0-9a-f]+>\)$")

    def test_the_row_is_a_read_only_view_that_outlives_nothing(self):
        e = coinline.Engine([3, 1, 4, 1, 5])
        row = e.row
        self.assertEqual(row.tolist(), [3, 1, 4, 1, 5])
        self.assertTrue(row.readonly)
        with self.assertRaises(TypeError):
            row[0] = 9
        with self.assertRaisesRegex(BufferError, "still held"):
            e.__init__([1])
        row.release()
        e.__init__([7, 8])
        self.assertEqual(e.row.tolist(), [7, 8])
        st = e.state()
        del e
        self.assertEqual(st.coins.tolist(), [7, 8])  # the view keeps it alive

    def test_analyze_matches_the_dp_move_by_move(self):
        r = oracle.rng(12)
        for _ in range(600):
            a = oracle.random_row(r)
            V = oracle.table(a)
            moves = "".join(r.choice("LRlr") for _ in range(r.randint(0, len(a))))
            reviews = coinline.analyze(a, moves)
            self.assertEqual(len(reviews), len(moves))
            lo, hi, tot = 0, len(a), [0, 0]
            for k, (m, rv) in enumerate(zip(moves.upper(), reviews)):
                side, before = oracle.best(a, V, lo, hi)
                coin = a[lo] if m == "L" else a[hi - 1]
                nlo, nhi = (lo + 1, hi) if m == "L" else (lo, hi - 1)
                after = V[(nlo, nhi)]
                own = tot[k % 2]
                tot[k % 2] += coin
                rest = sum(a[lo:hi])
                want = (k + 1, k % 2 + 1, "left" if m == "L" else "right", coin,
                        side, a[lo] if side == "left" else a[hi - 1],
                        before == coin - after, (before - (coin - after)) // 2,
                        own + (rest + before) // 2, tot[0], tot[1],
                        tot[0] - tot[1] + (after if k % 2 == 1 else -after))
                self.assertEqual(tuple(rv), want, (a, moves, k))
                lo, hi = nlo, nhi

    def test_analyze_names_the_first_bad_move(self):
        with self.assertRaisesRegex(ValueError, "move 2 is 'x'"):
            coinline.analyze([1, 2, 3], "Lx")
        with self.assertRaisesRegex(ValueError, "analyze: .*(too many|more moves)"):
            coinline.analyze([1, 2], "LLL")
        with self.assertRaises(TypeError):
            coinline.analyze([1, 2], ["L"])

    def test_engines_in_threads_give_the_same_answers(self):
        r = oracle.rng(13)
        rows = [oracle.random_row(r, 20000) for _ in range(4)]
        want = [coinline.solve(a) for a in rows]
        got = [None] * 4

        def work(i):
            e = coinline.Engine(rows[i])
            got[i] = (coinline.solve(rows[i]), e.state().final_margin)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual([g[0] for g in got], want)
        self.assertEqual([g[1] for g in got], [w.margin for w in want])


if __name__ == "__main__":
    unittest.main()
