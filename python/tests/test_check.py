# SPDX-License-Identifier: MIT
"""coinline.check() against a zoo of wrong solutions, each caught with a
small counterexample that really fails it (re-run here, against solve),
and right ones that pass; coinline.counter() against an exhaustive search
of its own and against coinline counter."""
import itertools
import json
import os
import signal
import unittest

import coinline
import oracle
from coinline import _coinline
from test_memory import rss_kib
from test_strategy import run_tool, tool


def optimal_p1(a):
    """The classic O(n^2) DP: player 1's best total (right)."""
    n = len(a)
    if n == 0:
        return 0
    d = list(a)  # d[i]: best margin on a[i:i+length]
    for length in range(2, n + 1):
        d = [max(a[i] - d[i + 1], a[i + length - 1] - d[i]) for i in range(n - length + 1)]
    return (sum(a) + d[0]) // 2


def greedy(a):
    """Takes the larger end every time, for both players (wrong)."""
    lo, hi, t, who = 0, len(a), [0, 0], 0
    while lo < hi:
        if a[lo] >= a[hi - 1]:
            t[who] += a[lo]
            lo += 1
        else:
            t[who] += a[hi - 1]
            hi -= 1
        who ^= 1
    return t[0]


def parity(a):
    """The larger of the even- and odd-indexed sums (wrong: it is a
    guaranteed draw-or-win, not the best total, and odd n breaks it)."""
    return max(sum(a[0::2]), sum(a[1::2]))




def even_only(a):
    """The table filled for even lengths only: odd sub-rows are left 0."""
    n = len(a)
    d = {}
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            if length % 2 == 1:
                d[i, j] = a[i] if length == 1 else 0
            else:
                d[i, j] = max(a[i] - d.get((i + 1, j), 0), a[j] - d.get((i, j - 1), 0))
    return (sum(a) + d[0, n - 1]) // 2


def off_by_one(a):
    """The recurrence with j - 2 where it should be j - 1."""
    n = len(a)
    d = [[0] * n for _ in range(n)]
    for i in range(n):
        d[i][i] = a[i]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            d[i][j] = max(a[i] - d[i + 1][j], a[j] - d[i][max(j - 2, i)])
    return (sum(a) + d[0][n - 1]) // 2


def crash_on_one(a):
    """Right, but indexes a[1] first: IndexError on one coin."""
    a[1]  # noqa: B018
    return optimal_p1(a)


def exponential(a):
    """The plain recursion, right but exponential."""
    def f(i, j):
        return 0 if i > j else max(a[i] - f(i + 1, j), a[j] - f(i, j - 1))
    return (sum(a) + f(0, len(a) - 1)) // 2


def wins_strict(a):
    """Predict the Winner with > where a tie is a win (wrong)."""
    p1 = optimal_p1(a)
    return p1 > sum(a) - p1


def int32(a):
    """The DP in 32-bit arithmetic: it wraps past 2^31 - 1."""
    v = optimal_p1(a) & 0xFFFFFFFF
    return v - 2**32 if v >= 2**31 else v


def truth(a, answer):
    r = coinline.solve(a)
    return {"first": r.p1, "wins": r.p1 >= r.p2}[answer]


class CheckTest(unittest.TestCase):
    def caught(self, fn, status="wrong", answer="first", **kw):
        """check(fn) fails as status on a small row that really fails."""
        r = coinline.check(fn, answer, **kw)
        self.assertFalse(r)
        self.assertEqual(r.status, status, str(r))
        self.assertLessEqual(len(r.coins), 6, str(r))
        self.assertEqual(r.expected, truth(r.coins, answer))
        self.assertEqual(r.line, oracle.line(r.coins))
        self.assertIn(" ".join(map(str, r.coins)), str(r))
        if status == "wrong":
            self.assertNotEqual(fn(list(r.coins)), r.expected)
            self.assertEqual(r.got, fn(list(r.coins)))
        return r

    def test_wrong_solutions_are_caught_with_a_small_row_that_fails(self):
        r = self.caught(greedy)
        self.assertEqual((r.coins, r.shrunk_from, r.runs), ([1, 2, 1, 1], [8, 15, 3, 7], 22))
        self.assertEqual(r.kind, "example")
        self.caught(parity)
        self.caught(even_only)
        self.caught(off_by_one)
        self.caught(wins_strict, answer="wins")

    def test_an_overflow_is_caught_on_wide_values(self):
        r = self.caught(int32, min=1, max=2**40)
        self.assertGreater(r.expected, 2**31 - 1)

    def test_a_crash_names_the_exception_and_the_row(self):
        r = self.caught(crash_on_one, "crash")
        self.assertEqual(r.coins, [1])
        self.assertIsInstance(r.error, IndexError)
        self.assertIn("IndexError", str(r))
        with self.assertRaises(IndexError):
            crash_on_one([1])

    def test_an_exponential_recursion_times_out_and_is_not_shrunk(self):
        r = coinline.check(exponential, time_limit=0.05, max_n=200)
        self.assertEqual(r.status, "timeout", str(r))
        self.assertEqual((r.coins, r.runs), (r.shrunk_from, 0))
        self.assertGreaterEqual(len(r.coins), 14)
        self.assertEqual(r.kind, "growing")
        self.assertIn("%d coins" % len(r.coins), str(r))
        self.assertIs(signal.getsignal(signal.SIGALRM), signal.SIG_DFL)

    def test_an_answer_of_the_wrong_kind_is_bad_output(self):
        for bad in (lambda a: None, lambda a: "3", lambda a: 2.5, lambda a: True):
            r = coinline.check(bad)
            self.assertEqual((r.status, r.coins), ("bad-output", [1]), str(r))
        self.assertTrue(coinline.check(lambda a: float(optimal_p1(a)), max_n=40))
        self.assertEqual(coinline.check(lambda a: 1, "wins").status, "bad-output")

    def test_a_right_dp_passes(self):
        r = coinline.check(optimal_p1, max_n=200)
        self.assertTrue(r)
        self.assertEqual((r.status, r.games, r.passed, r.coins), ("ok", r.total, r.total, None))
        self.assertIn("all %d games passed" % r.total, str(r))
        both = coinline.check(lambda a: [optimal_p1(a), sum(a) - optimal_p1(a)], "both",
                              max_n=40, allow_empty=True, even=True)
        self.assertTrue(both, str(both))
        margin = coinline.check(lambda a: coinline.solve(a, circle=True).margin, "margin",
                                circle=True, max_n=40)
        self.assertTrue(margin, str(margin))

    def test_strict_raises_assertion_error_with_the_counterexample(self):
        with self.assertRaises(AssertionError) as cm:
            coinline.check(greedy, strict=True)
        self.assertIn("1 2 1 1", str(cm.exception))
        self.assertEqual(cm.exception.result.coins, [1, 2, 1, 1])
        self.assertTrue(coinline.check(optimal_p1, max_n=30, strict=True))

    def test_the_same_seed_plays_the_same_games(self):
        def games(seed):
            seen = []
            coinline.check(lambda a: seen.append(a) or optimal_p1(a), max_n=60, seed=seed)
            return seen
        self.assertEqual(games(5), games(5))
        self.assertNotEqual(games(5), games(6))
        plan = (1, 100, 60, False, False, 5)
        listed = [_coinline.check_game(plan, k)[1] for k in range(_coinline.check_count(plan))]
        self.assertEqual(games(5), listed)

    def test_what_the_function_does_not_own_propagates(self):
        def interrupted(a):
            raise KeyboardInterrupt
        with self.assertRaises(KeyboardInterrupt):
            coinline.check(interrupted)
        with self.assertRaises(ZeroDivisionError):
            _coinline.check_shrink((1, 9, 9, False, False, 1), [3, 4], lambda r: 1 / 0, 10)
        self.assertIs(signal.getsignal(signal.SIGALRM), signal.SIG_DFL)

    def test_bad_arguments_are_refused_clearly(self):
        for kw, err in (({"answer": "best"}, ValueError), ({"min": 5, "max": 1}, ValueError),
                        ({"max_n": 0}, ValueError), ({"answer": "first", "score": "remaining"},
                                                     ValueError),
                        ({"shrink_budget": -1}, ValueError)):
            with self.assertRaises(err, msg=kw):
                coinline.check(optimal_p1, **kw)
        with self.assertRaises(TypeError):
            coinline.check(None)
        with self.assertRaises(TypeError):
            _coinline.check_count((1, 2))
        with self.assertRaises(TypeError):
            _coinline.check_shrink((1, 9, 9, False, False, 1), [1], None, 10)
        with self.assertRaises(ValueError):
            _coinline.check_growth([1, 2], [0.1], 0.0)


def round_of_check_calls():
    """Every C check function once, and the shrinking stopped by a raise."""
    plan = (1, 9, 40, False, False, 3)
    _coinline.check_count(plan)
    _coinline.check_game(plan, 3)
    _coinline.check_shrink(plan, [5, 1, 7, 2], lambda r: sum(r) > 6, 30)
    _coinline.check_growth([10, 20, 40], [0.1, 0.2, 0.4], 0.0)
    for f, exc in ((lambda: _coinline.check_shrink(plan, [5, 1], lambda r: 1 / 0, 9),
                    ZeroDivisionError),
                   (lambda: _coinline.check_game(plan, 10**6), IndexError),
                   (lambda: _coinline.check_growth([1, "x"], [1.0, 2.0], 0.0), TypeError),
                   (lambda: _coinline.check_count((1, 0, 9, False, False, 1)), ValueError)):
        try:
            f()
        except exc:
            pass


@unittest.skipIf(os.environ.get("COINLINE_PY_ASAN"), "ASan's own allocator changes RSS")
class CheckMemoryTest(unittest.TestCase):
    def test_the_check_functions_leak_nothing_even_when_fails_raises(self):
        for _ in range(500):
            round_of_check_calls()
        rss0 = rss_kib()
        for _ in range(5000):
            round_of_check_calls()
        self.assertLess(rss_kib() - rss0, 1024)


def loses(a):
    """Whether greedy (ties to the left), as player 1 against optimal
    play (the test oracle's, ties to the left), ends below the value."""
    V = oracle.table(a)
    lo, hi, margin, k = 0, len(a), 0, 0
    while lo < hi:
        if k % 2 == 0:
            side = "left" if a[lo] >= a[hi - 1] else "right"
        else:
            side = oracle.best(a, V, lo, hi)[0]
        coin = a[lo] if side == "left" else a[hi - 1]
        margin += coin if k % 2 == 0 else -coin
        lo, hi, k = (lo + 1, hi, k + 1) if side == "left" else (lo, hi - 1, k + 1)
    return margin < V[(0, len(a))]


def left_if_larger(coins, lo, hi):
    return "left" if coins[lo] >= coins[hi - 1] else "right"


class CounterTest(unittest.TestCase):
    def test_greedy_loses_first_on_a_4_coin_row_and_no_smaller_one(self):
        r = coinline.counter(left_if_larger)
        self.assertEqual((r.coins, r.loss, r.strategy_line, r.optimal_line),
                         ([1, 2, 1, 1], 1, "LLLL", "RLLL"))
        self.assertTrue(loses(r.coins))
        key = (max(r.coins), sum(r.coins), r.coins)
        before = 0
        for n in range(1, 5):
            for row in map(list, itertools.product(range(1, 10), repeat=n)):
                if n < 4 or (max(row), sum(row), row) < key:
                    before += 1
                    self.assertFalse(loses(row), row)
        self.assertEqual(r.rows, before + 1)

    def test_counter_agrees_with_the_tool(self):
        for spec in ("greedy", "parity", "random"):
            r = coinline.counter(spec)
            if tool() is not None:
                self.assertEqual(r.as_dict(), json.loads(run_tool(["counter", spec, "--json"])))
        self.assertEqual(coinline.counter(coinline.Strategy("greedy")).coins, [1, 2, 1, 1])
        self.assertEqual(coinline.counter("parity").coins, [2, 1, 2, 3])

    def test_none_when_no_row_within_the_bounds_loses(self):
        self.assertIsNone(coinline.counter(left_if_larger, max=3, max_n=3))
        self.assertIsNone(coinline.counter("optimal", max=2, max_n=5, even=True))

    def test_bad_arguments_are_refused_clearly(self):
        with self.assertRaises(ValueError):
            coinline.counter(left_if_larger, circle=True)
        with self.assertRaises(ValueError):
            coinline.counter("best")
        with self.assertRaises(ValueError):
            coinline.counter(lambda c, lo, hi: "up")
        with self.assertRaises(ValueError):
            coinline.counter(left_if_larger, max_n=65)


if __name__ == "__main__":
    unittest.main()
