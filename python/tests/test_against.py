# SPDX-License-Identifier: MIT
"""The best reply to a known opponent (against, against_line) against an
exhaustive search written here in exact fractions: SPOJ TWENDS's sample,
every rule in both seats on many small random rows (signs, ties, odd and
even lengths), the line of play replayed move by move, and the errors."""
import random
import unittest
from fractions import Fraction
from functools import lru_cache

import coinline

RULES = ("greedy", "parity", "optimal", "random", "fallible:0.25", "fallible:0.3",
         "fallible:0", "fallible:1")


def chance(rule):
    """The probability that the rule takes a random end instead."""
    if rule == "random":
        return Fraction(1)
    if rule.startswith("fallible:"):
        return Fraction(rule.split(":", 1)[1])
    return Fraction(0)


def classic(a):
    """The classic game's value of a[i:j] for the player to move, by
    trying every line."""
    @lru_cache(maxsize=None)
    def v(i, j):
        if i == j:
            return 0
        return max(a[i] - v(i + 1, j), a[j - 1] - v(i, j - 1))
    return v


def takes_left(rule, a, i, j, v):
    """True when the rule (without its chance) takes the left end of
    a[i:j]: greedy the larger end, parity the end of the richer class of
    positions (with an even number of coins left; else as greedy),
    optimal (and fallible's) the classic best move; ties to the left."""
    if rule == "optimal" or rule.startswith("fallible:"):
        return a[i] - v(i + 1, j) >= a[j - 1] - v(i, j - 1)
    if rule == "parity" and (j - i) % 2 == 0:
        mine = sum(a[i:j:2])
        return mine >= sum(a[i + 1:j:2])
    return a[i] >= a[j - 1]


def search(a, rule, seat):
    """Player 1's exact margin and, when player 1 replies and moves first,
    its best first move ('left' on a tie): every line of play, the rule's
    moves weighted by its chance."""
    n, p, v = len(a), chance(rule), classic(a)

    @lru_cache(maxsize=None)
    def w(i, j):
        if i == j:
            return Fraction(0)
        mover = 1 if (n - (j - i)) % 2 == 0 else 2
        sign = 1 if mover == 1 else -1
        left = sign * a[i] + w(i + 1, j)
        right = sign * a[j - 1] + w(i, j - 1)
        if mover != seat:
            return max(left, right) if mover == 1 else min(left, right)
        chosen = left if takes_left(rule, a, i, j, v) else right
        return (1 - p) * chosen + p * (left + right) / 2

    first = None
    if seat == 2 and n > 0:
        first = "left" if a[0] + w(1, n) >= a[n - 1] + w(0, n - 1) else "right"
    return w(0, n), first


def rows(seed, count):
    rng = random.Random(seed)
    for k in range(count):
        n = rng.randint(0, 9)
        if k % 9 == 0:
            yield [rng.randint(-2**63, 2**63 - 1) for _ in range(n)]
        else:
            yield [rng.randint(-3, 4) for _ in range(n)]


class AgainstTest(unittest.TestCase):
    def test_twends_sample(self):
        for row, margin in (([3, 2, 10, 4], 7), ([1, 2, 3, 4, 5, 6, 7, 8], 4),
                            ([2, 2, 1, 5, 3, 8, 7, 3], 5)):
            r = coinline.against(row, "greedy")
            self.assertEqual(r.margin, margin)
            self.assertEqual((r.p1 + r.p2, r.p1 - r.p2), (sum(row), margin))
            self.assertIs(r.exact, True)
            self.assertEqual((r.rule, r.seat), ("greedy", 2))
        self.assertEqual(coinline.against_line([3, 2, 10, 4], "greedy"), "LRRL")

    def test_every_rule_both_seats_equals_the_search(self):
        for a in rows(32, 90):
            for rule in RULES:
                for seat in (1, 2):
                    r = coinline.against(a, rule, opponent_first=seat == 1)
                    m, first = search(a, rule, seat)
                    s = sum(a)
                    want = (m, (s + m) / 2, (s - m) / 2)
                    got = (r.margin, r.p1, r.p2)
                    self.assertEqual(got, want, (a, rule, seat))
                    self.assertEqual(r.exact, chance(rule) == 0, (a, rule))
                    kind = int if r.exact else Fraction
                    self.assertTrue(all(type(x) is kind for x in got), (a, rule, got))
                    self.assertEqual((r.first_move, r.seat, r.rule), (first, seat, rule))

    def test_the_line_keeps_to_the_rule_and_gives_the_totals(self):
        for a in rows(33, 120):
            for rule in ("greedy", "parity", "optimal", "fallible:0"):
                for seat in (1, 2):
                    line = coinline.against_line(a, rule, opponent_first=seat == 1)
                    r = coinline.against(a, rule, opponent_first=seat == 1)
                    self.assertEqual(len(line), len(a))
                    v, i, j, tot = classic(a), 0, len(a), [0, 0]
                    for k, side in enumerate(line):
                        mover = 1 + k % 2
                        if mover == seat:
                            self.assertEqual(side == "L", takes_left(rule, a, i, j, v),
                                             (a, rule, seat, line, k))
                        elif k == 0:
                            self.assertEqual(side, r.first_move[0].upper())
                        tot[mover - 1] += a[i] if side == "L" else a[j - 1]
                        i, j = (i + 1, j) if side == "L" else (i, j - 1)
                    self.assertEqual((tot[0], tot[1]), (r.p1, r.p2), (a, rule, seat, line))

    def test_expected_values_are_exact_fractions(self):
        r = coinline.against([3, 2, 10, 4], "random", opponent_first=True)
        self.assertEqual((r.p1, r.p2, r.margin), (Fraction(31, 4), Fraction(45, 4),
                                                  Fraction(-7, 2)))
        self.assertEqual((r.exact, r.first_move, r.seat), (False, None, 1))
        r = coinline.against([], "random")
        self.assertEqual((r.margin, r.first_move), (Fraction(0), None))
        self.assertIsInstance(r.margin, Fraction)

    def test_the_reply_at_a_position_is_against_on_the_coins_left(self):
        a = [2, 2, 1, 5, 3, 8, 7, 3]
        line = coinline.against_line(a, "greedy")
        lo, hi = 0, len(a)
        for k, side in enumerate(line):
            if k % 2 == 0:
                self.assertEqual(coinline.against(a[lo:hi], "greedy").first_move[0].upper(),
                                 side)
            lo, hi = (lo + 1, hi) if side == "L" else (lo, hi - 1)

    def test_errors(self):
        with self.assertRaisesRegex(ValueError, "against: unknown rule 'smart'"):
            coinline.against([1, 2], "smart")
        for bad in ("fallible:2", "fallible:", "fallible:-1", "fallible:0.5x"):
            with self.assertRaisesRegex(ValueError, "P of fallible:P is a probability"):
                coinline.against([1, 2], bad)
        with self.assertRaisesRegex(ValueError, "against_line: unknown rule"):
            coinline.against_line([1, 2], "smart")
        for rule in ("random", "fallible:0.5"):
            with self.assertRaisesRegex(ValueError, "no single line of play"):
                coinline.against_line([1, 2, 3], rule)
        with self.assertRaisesRegex(ValueError, "5000 coins are too many against 'random'"):
            coinline.against([1] * 5000, "random")
        with self.assertRaisesRegex(ValueError, "against_line: 16385 coins are too many"):
            coinline.against_line([1] * 16385, "greedy")
        with self.assertRaises(TypeError):
            coinline.against([1, "x"], "greedy")
        with self.assertRaises(OverflowError):
            coinline.against([2**63], "greedy")
        with self.assertRaises(TypeError):
            coinline.against([1, 2], None)
        with self.assertRaises(TypeError):
            coinline.against([1, 2], "greedy", True)


if __name__ == "__main__":
    unittest.main()
