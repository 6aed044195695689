# SPDX-License-Identifier: MIT
"""solve, best_move and line against the Python DP on random rows."""
import unittest

import coinline
import oracle


class SolveTest(unittest.TestCase):
    def test_solve_matches_the_dp_on_thousands_of_random_rows(self):
        r = oracle.rng(1)
        past_64_bits = 0
        for i in range(3000):
            a = oracle.random_row(r)
            p1, p2, m, first = oracle.solve(a)
            past_64_bits += abs(p1) > 2**64
            for algo in ("linear", "dp", "brute"):
                got = coinline.solve(a, algo)
                want = (len(a), sum(a), p1, p2, m,
                        "first" if m > 0 else "second" if m < 0 else "draw", first)
                self.assertEqual(tuple(got), want, "row %d %r algo %s" % (i, a, algo))
        self.assertGreater(past_64_bits, 50)

    def test_results_have_named_fields_and_exact_ints(self):
        r = coinline.solve([oracle.INT64_MAX] * 4)
        self.assertEqual(r.p1, 2 * oracle.INT64_MAX)
        self.assertEqual(r.sum, 4 * oracle.INT64_MAX)
        self.assertEqual((r.margin, r.winner, r.first_move), (0, "draw", "left"))
        empty = coinline.solve([])
        self.assertEqual((empty.n, empty.p1, empty.first_move), (0, 0, None))

    def test_best_move_on_every_sub_row(self):
        r = oracle.rng(2)
        for _ in range(300):
            a = oracle.random_row(r)
            V = oracle.table(a)
            for lo in range(len(a) + 1):
                for hi in range(lo, len(a) + 1):
                    self.assertEqual(coinline.best_move(a, lo, hi),
                                     oracle.best(a, V, lo, hi), (a, lo, hi))
            self.assertEqual(coinline.best_move(a), oracle.best(a, V, 0, len(a)))
            self.assertEqual(coinline.best_move(a, hi=None, algo="dp"),
                             oracle.best(a, V, 0, len(a)))

    def test_line_matches_the_dp_line(self):
        r = oracle.rng(3)
        for _ in range(1000):
            a = oracle.random_row(r)
            want = oracle.line(a)
            self.assertEqual(coinline.line(a), want, a)
            self.assertEqual(coinline.line(a, "dp"), want, a)

    def test_long_rows_agree_between_linear_and_dp(self):
        r = oracle.rng(4)
        for n in (1000, 3001, 5000):
            a = oracle.random_row(r, n)
            self.assertEqual(coinline.solve(a), coinline.solve(a, "dp"))
            self.assertEqual(coinline.line(a), coinline.line(a, "dp"))

    def test_bad_algo_and_bounds_are_value_errors(self):
        with self.assertRaisesRegex(ValueError, "algo must be 'linear', 'dp' or 'brute'"):
            coinline.solve([1], "fast")
        with self.assertRaisesRegex(TypeError, "algo must be"):
            coinline.solve([1], 3)
        with self.assertRaisesRegex(ValueError, "algo must be"):
            coinline.solve([1], "dp\0x")
        with self.assertRaisesRegex(ValueError, "side must be"):
            coinline.Engine([1, 2]).play("R\0junk")
        for n in (coinline.BRUTE_MAX + 1, 30):
            with self.assertRaisesRegex(
                    ValueError, r"^solve: algo='brute' solves at most 25 coins, not %d "
                    r"\(use 'linear' or 'dp'\)$" % n):
                coinline.solve(range(n), "brute")
        self.assertEqual(coinline.BRUTE_MAX, 25)
        self.assertEqual(coinline.solve(range(25), "brute"), coinline.solve(range(25)))
        with self.assertRaisesRegex(ValueError, r"^line: algo='brute' solves at most 25 coins, "
                                    r"not 26 \(use 'linear' or 'dp'\)$"):
            coinline.line(range(26), algo="brute")
        with self.assertRaisesRegex(ValueError, r"^best_move: algo='brute' solves at most 25 "
                                    r"coins, not 27"):
            coinline.best_move(range(40), 3, 30, algo="brute")
        self.assertEqual(coinline.best_move(range(40), 3, 28, algo="brute"),
                         coinline.best_move(range(40), 3, 28))
        with self.assertRaisesRegex(ValueError, r"^line: algo='dp' solves at most 185363 coins, "
                                    r"not 185364 \(use 'linear'\)$"):
            coinline.line(range(185364), algo="dp")
        for lo, hi in ((-1, 2), (2, 1), (0, 4)):
            with self.assertRaisesRegex(ValueError, "0 <= lo <= hi <= len"):
                coinline.best_move([1, 2, 3], lo, hi)
        with self.assertRaises(TypeError):
            coinline.best_move([1, 2, 3], "1")


if __name__ == "__main__":
    unittest.main()
