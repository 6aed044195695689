# SPDX-License-Identifier: MIT
"""The test oracle: the game's interval DP in plain Python (the CLI tests'
tests/cli/interval_dp.py), and what follows from it: best moves with ties
to the left, totals, lines, and the review of a played game."""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tests", "cli"))
from interval_dp import table  # noqa: E402

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def best(a, V, lo, hi):
    """(side, value) on a[lo:hi], ties to the left; (None, 0) when empty."""
    if lo == hi:
        return None, 0
    left = a[lo] - V[(lo + 1, hi)]
    right = a[hi - 1] - V[(lo, hi - 1)]
    return ("left", left) if left >= right else ("right", right)


def solve(a):
    """(p1, p2, margin, first_move) with optimal play."""
    V = table(a)
    m = V[(0, len(a))]
    s = sum(a)
    return (s + m) // 2, (s - m) // 2, m, best(a, V, 0, len(a))[0]


def line(a):
    V = table(a)
    lo, hi, out = 0, len(a), []
    while lo < hi:
        side, _ = best(a, V, lo, hi)
        out.append("L" if side == "left" else "R")
        lo, hi = (lo + 1, hi) if side == "left" else (lo, hi - 1)
    return "".join(out)


def random_row(rng, n=None):
    """A row that exercises the solvers: small values with ties, zeros and
    negatives, or values at the ends of int64 (totals past 2^64)."""
    n = rng.randint(0, 12) if n is None else n
    kind = rng.randrange(4)
    if kind == 0:
        return [rng.randint(-3, 3) for _ in range(n)]
    if kind == 1:
        return [rng.choice([0, 1, 2, 2, 5]) for _ in range(n)]
    if kind == 2:
        return [rng.randint(-(10**9), 10**9) for _ in range(n)]
    return [rng.choice([INT64_MIN, INT64_MAX, INT64_MAX - 1, -1, 0]) for _ in range(n)]


def rng(seed):
    return random.Random(seed)
