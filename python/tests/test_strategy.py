# SPDX-License-Identifier: MIT
"""Strategies against their definitions, duel against its own arithmetic
and against coinline duel, random_rows against coinline gen."""
import json
import os
import subprocess
import unittest

import coinline
import oracle

HERE = os.path.dirname(os.path.abspath(__file__))


def tool():
    """The coinline tool to compare with: $COINLINE, else build/coinline;
    None when there is none (never one found on PATH, which may be
    another build)."""
    for path in (os.environ.get("COINLINE"),
                 os.path.join(HERE, "..", "..", "build", "coinline")):
        if path and os.access(path, os.X_OK):
            return path
    return None


def run_tool(args):
    """The tool's standard output for args. Without LD_PRELOAD: under ASan
    (tests/python.sh) it preloads the sanitizer's runtime for Python, and
    the tool, built with its own, must not get a second one."""
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    return subprocess.run([tool(), *args], capture_output=True, check=True,
                          text=True, env=env).stdout


def greedy(coins):
    return "left" if coins[0] >= coins[-1] else "right"


def parity(a, lo, hi):
    """The parity strategy of the library's documentation, from scratch."""
    if (hi - lo) % 2 == 1:
        return greedy(a[lo:hi])
    even = sum(a[i] for i in range(lo, hi) if i % 2 == lo % 2)
    odd = sum(a[i] for i in range(lo, hi) if i % 2 != lo % 2)
    return "left" if even >= odd else "right"


class StrategyTest(unittest.TestCase):
    def play_out(self, strategy, a, check):
        """Plays strategy for both sides of a whole game, checking each move."""
        e = coinline.Engine(a)
        while len(e):
            st = e.state()
            side = strategy.move(e)
            self.assertEqual(side, check(a, st), (a, e.moves))
            e.play(side)

    def test_built_in_strategies_follow_their_definitions(self):
        r = oracle.rng(30)
        for _ in range(300):
            a = oracle.random_row(r)
            self.play_out(coinline.Strategy("optimal"), a, lambda a, st: st.best)
            self.play_out(coinline.Strategy("fallible:0"), a, lambda a, st: st.best)
            self.play_out(coinline.Strategy("greedy"), a,
                          lambda a, st: greedy(a[st.lo:st.hi]))
            self.play_out(coinline.Strategy("parity"), a,
                          lambda a, st: parity(a, st.lo, st.hi))

    def test_random_choices_follow_the_seed(self):
        a = list(range(64))

        def moves(spec, seed):
            e = coinline.Engine(a)
            s = coinline.Strategy(spec, seed)
            while len(e):
                e.play(s.move(e))
            return e.moves

        self.assertEqual(moves("random", 5), moves("random", 5))
        self.assertNotEqual(moves("random", 5), moves("random", 6))
        self.assertEqual(moves("random", -1), moves("random", 2**64 - 1))
        self.assertGreater(moves("fallible:1", 9).count("R"), 16)

    def test_a_callable_is_a_strategy(self):
        seen = []

        def rightmost(state):
            seen.append((state.to_move, state.coins.tolist()))
            return "R"

        s = coinline.Strategy(rightmost)
        self.assertEqual((s.name, s.function), ("rightmost", rightmost))
        self.assertEqual(coinline.Strategy(lambda st: "L", name="lefty").name, "lefty")
        e = coinline.Engine([1, 2, 3])
        self.assertEqual(s.move(e), "right")
        self.assertEqual(seen, [(1, [1, 2, 3])])

    def test_a_callable_s_errors_reach_the_caller(self):
        e = coinline.Engine([1, 2])

        def boom(state):
            raise ZeroDivisionError("in the strategy")

        with self.assertRaisesRegex(ZeroDivisionError, "in the strategy"):
            coinline.Strategy(boom).move(e)
        with self.assertRaisesRegex(ValueError, "the move strategy up returned"):
            coinline.Strategy(lambda st: "up", name="up").move(e)
        with self.assertRaisesRegex(TypeError, "must be 'left' or 'right'"):
            coinline.Strategy(lambda st: 1).move(e)
        self.assertEqual(e.moves, "")

    def test_a_strategy_may_look_but_not_play(self):
        e = coinline.Engine([1, 2, 3])

        def cheat(state):
            e.play("L")
            return "R"

        with self.assertRaisesRegex(RuntimeError, "changed the engine"):
            coinline.Strategy(cheat).move(e)
        inner = coinline.Strategy("greedy")
        other = coinline.Engine([7, 1])
        nested = coinline.Strategy(lambda st: "R" if inner.move(other) == "left" else "L")
        e = coinline.Engine([4, 5, 6])
        self.assertEqual(nested.move(e), "right")  # a nested move, on another engine
        s = coinline.Strategy(lambda st: "L")
        s.__init__("optimal")  # not busy any more
        self.assertEqual(s.move(e), "right")

    def test_bad_strategies_are_refused(self):
        for spec in ("best", "", "optimal\0", "fallible", "falible:0.5"):
            with self.assertRaisesRegex(ValueError, "unknown strategy"):
                coinline.Strategy(spec)
        for spec in ("fallible:2", "fallible:x", "fallible:", "fallible:-0.5", "fallible:1e-1",
                     "fallible:1.01"):
            with self.assertRaisesRegex(
                    ValueError, r"^strategy '%s': the P of fallible:P is a probability from 0 "
                    r"to 1 in decimal digits, like 'fallible:0.25'$" % spec):
                coinline.Strategy(spec)
        for spec in ("fallible:0", "fallible:1", "fallible:.5", "fallible:1.000"):
            self.assertEqual(coinline.Strategy(spec).name, spec)
        with self.assertRaisesRegex(ValueError, "coinline duel"):
            coinline.Strategy("exec:./bot")
        with self.assertRaisesRegex(TypeError, "a name .str. or a callable"):
            coinline.Strategy(3)
        with self.assertRaisesRegex(ValueError, "name has no NUL"):
            coinline.Strategy(print, name="a\0b")
        with self.assertRaisesRegex(TypeError, "name names a callable"):
            coinline.Strategy("greedy", name="x")
        with self.assertRaisesRegex(ValueError, "cannot go with rows"):
            coinline.duel(rows=[[1, 2]], games=5)
        with self.assertRaisesRegex(TypeError, "seed must be an int"):
            coinline.Strategy("random", "7")
        with self.assertRaisesRegex(ValueError, "no coin is left"):
            coinline.Strategy("greedy").move(coinline.Engine([]))
        with self.assertRaisesRegex(TypeError, "must be a coinline.Engine"):
            coinline.Strategy("greedy").move([1, 2])

    def test_duel_adds_up(self):
        r = oracle.rng(31)
        rows = [oracle.random_row(r, r.randint(0, 10)) for _ in range(40)]
        res = coinline.duel("optimal", lambda st: "L", rows)
        self.assertEqual((res.rows, res.games), (40, 80))
        opt, left = res.results
        self.assertEqual(opt.loss_sum, 0)
        self.assertEqual(opt.margin_sum, -left.margin_sum)
        self.assertEqual(opt.wins + opt.draws + opt.losses, 80)
        self.assertEqual((opt.wins, opt.draws), (left.losses, left.draws))
        for g in res.played:
            a = rows[g.row]
            p1, p2, _, _ = oracle.solve(a)
            # each seat's total = best - own losses + the other's
            l1, l2 = (g.loss if g.first == 0 else g.loss[::-1])
            self.assertEqual((g.p1, g.p2), (p1 - l1 + l2, p2 - l2 + l1), (a, g))
            self.assertGreaterEqual(g.p1 - g.p2 if g.first == 0 else g.p2 - g.p1,
                                    p1 - p2 if g.first == 0 else p2 - p1)

    @unittest.skipIf(tool() is None, "no coinline tool to compare with (make first)")
    def test_duel_gives_the_results_of_coinline_duel(self):
        for p1, p2, seed in (("optimal", "greedy", 1), ("random", "fallible:0.3", 7),
                             ("parity", "random", 123456789)):
            out = run_tool(["duel", "--p1", p1, "--p2", p2, "-g", "30", "-n", "15",
                            "--min", "-20", "--max", "50", "-s", str(seed), "-j"])
            want = json.loads(out)
            got = coinline.duel(p1, p2, games=30, coins=15, min=-20, max=50,
                                seed=seed).as_dict()
            for r in got["results"]:
                r["mean_margin"] = round(r["mean_margin"], 2)
                r["mean_loss"] = round(r["mean_loss"], 2)
            self.assertEqual(got, want, (p1, p2, seed))

    @unittest.skipIf(tool() is None, "no coinline tool to compare with (make first)")
    def test_random_rows_are_the_rows_of_coinline_gen(self):
        for args in ((5, 7, 1, 100, 1), (3, 4, -(2**63), 2**63 - 1, 99), (2, 0, 5, 5, 3)):
            g, n, lo, hi, seed = args
            out = run_tool(["gen", "-g", str(g), "-n", str(n), "--min", str(lo),
                            "--max", str(hi), "-s", str(seed)])
            lines = out.split("\n")
            want = [[int(x) for x in lines[2 * k + 1].split()] for k in range(g)]
            self.assertEqual(coinline.random_rows(g, n, lo, hi, seed), want, args)
        with self.assertRaisesRegex(ValueError, "min <= max"):
            coinline.random_rows(1, 1, 5, 4)


if __name__ == "__main__":
    unittest.main()
