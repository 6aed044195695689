# SPDX-License-Identifier: MIT
"""The circular game (circle_solve, circle_margins, circle_line,
circle_rotate) against exhaustive play written here, and the line DP of
the oracle on every line a first move leaves."""
import itertools
import unittest

import coinline
import oracle


def minimax(a, lo, hi):
    """V of a[lo:hi] by trying every line of play."""
    if lo == hi:
        return 0
    return max(a[lo] - minimax(a, lo + 1, hi), a[hi - 1] - minimax(a, lo, hi - 1))


def rotate(a, p):
    """The line left when position p (1-based) is taken first."""
    return a[p:] + a[:p - 1]


def margins(a, exhaustive):
    out = []
    for p in range(1, len(a) + 1):
        line = rotate(a, p)
        v = minimax(line, 0, len(line)) if exhaustive else oracle.table(line)[(0, len(line))]
        out.append(a[p - 1] - v)
    return out


def result(a, m):
    s = sum(a)
    if not a:
        return (0, 0, 0, 0, 0, "draw", None)
    best = max(m)
    w = "first" if best > 0 else "second" if best < 0 else "draw"
    return (len(a), s, (s + best) // 2, (s - best) // 2, best, w, m.index(best) + 1)


class CircleTest(unittest.TestCase):
    def test_every_circle_up_to_six_coins_over_minus_two_to_two(self):
        for n in range(7):
            for a in itertools.product(range(-2, 3), repeat=n):
                a = list(a)
                m = margins(a, True)
                self.assertEqual(coinline.circle_margins(a), m, a)
                self.assertEqual(tuple(coinline.circle_solve(a)), result(a, m), a)

    def test_random_circles_match_the_dp_for_every_solver(self):
        r = oracle.rng(15)
        past_64_bits = 0
        for i in range(400):
            a = oracle.random_row(r, r.randint(0, 14))
            m = margins(a, False)
            want = result(a, m)
            past_64_bits += abs(want[2]) > 2**64
            for algo in ("linear", "dp", "brute"):
                self.assertEqual(coinline.circle_margins(a, algo), m, (i, a, algo))
                self.assertEqual(tuple(coinline.circle_solve(a, algo)), want, (i, a, algo))
        self.assertGreater(past_64_bits, 10)

    def test_line_is_the_first_position_then_the_optimal_line_left(self):
        r = oracle.rng(16)
        for _ in range(300):
            a = oracle.random_row(r, r.randint(1, 30))
            first, moves = coinline.circle_line(a)
            self.assertEqual(first, coinline.circle_solve(a, "dp").first)
            self.assertEqual(moves, oracle.line(rotate(a, first)))
        self.assertEqual(coinline.circle_line([]), (None, ""))

    def test_rotate_and_named_fields(self):
        self.assertEqual(coinline.circle_rotate([10, 20, 30, 40], 2), [30, 40, 10])
        self.assertEqual(coinline.circle_rotate([7], 1), [])
        r = coinline.circle_solve([3, 5])
        self.assertEqual((r.first, r.p1, r.p2, r.winner), (2, 5, 3, "first"))
        self.assertIsNone(coinline.circle_solve([]).first)
        self.assertIsInstance(r, coinline.CircleResult)

    def test_bad_input_raises_clear_exceptions(self):
        with self.assertRaisesRegex(ValueError, "1 <= first <= len"):
            coinline.circle_rotate([1, 2], 3)
        with self.assertRaisesRegex(ValueError, "1 <= first <= len"):
            coinline.circle_rotate([], 1)
        with self.assertRaises(ValueError):
            coinline.circle_solve([1, 2], "nope")
        with self.assertRaises(TypeError):
            coinline.circle_solve([1, "x"])
        with self.assertRaises(OverflowError):
            coinline.circle_margins([1, 2**63])
        for fn in (coinline.circle_solve, coinline.circle_margins, coinline.circle_line):
            with self.assertRaisesRegex(
                    ValueError, r"^%s: algo='brute' solves at most 26 coins, not 27 "
                    r"\(use 'linear' or 'dp'\)$" % fn.__name__):
                fn([1] * (coinline.BRUTE_MAX + 2), "brute")
        self.assertEqual(coinline.circle_solve([1] * 26, "brute").margin, 0)


if __name__ == "__main__":
    unittest.main()
