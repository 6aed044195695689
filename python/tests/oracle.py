# SPDX-License-Identifier: MIT
"""The test oracle: the game's interval DP in plain Python (the CLI tests'
tests/cli/rules_oracle.py), and what follows from it: best moves with ties
to the left, totals, lines, and the review of a played game."""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tests", "cli"))
from rules_oracle import table  # noqa: E402

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


# ---- Any rules: a shape (line, circle) and a scoring (taken, remaining) --
#
# A direct interval DP over the runs a game can leave, written from the
# rules alone (no reduction, no trick): a run is (start, length), the
# length coins from position start (1-based), clockwise on a circle. A
# move takes an end of the run and scores the coin taken ('taken') or the
# sum of the coins left after it ('remaining', LeetCode 1690); on a circle
# move 1 takes any position p and leaves the run (p + 1, n - 1).


class Rules:
    """The oracle's game: coins a under shape and score."""

    def __init__(self, a, circle=False, score="taken"):
        self.a, self.n = list(a), len(a)
        self.circle, self.score = circle, score
        self.memo = {}

    def pos(self, p):
        """Position p, wrapped round a circle (1..n)."""
        return (p - 1) % self.n + 1

    def coin(self, p):
        return self.a[self.pos(p) - 1]

    def run_sum(self, start, length):
        return sum(self.coin(start + k) for k in range(length))

    def gain(self, start, length, p):
        """What taking position p from the run scores."""
        if self.score == "taken":
            return self.coin(p)
        return self.run_sum(start, length) - self.coin(p)

    def moves(self, start, length):
        """[(position, run left)] of the run's ends, left first (one when
        one coin is left)."""
        left = (self.pos(start), (self.pos(start + 1), length - 1))
        if length == 1:
            return [left]
        return [left, (self.pos(start + length - 1), (start, length - 1))]

    def value(self, start, length):
        """V of the run for the player to move: own - other's from here."""
        key = (self.pos(start) if self.n else 1, length)
        if length == 0:
            return 0
        if key not in self.memo:
            self.memo[key] = max(self.gain(start, length, p) - self.value(*rest)
                                 for p, rest in self.moves(start, length))
        return self.memo[key]

    def best(self, start, length):
        """(position, value) of the optimal move on the run, ties left."""
        out = None
        for p, rest in self.moves(start, length):
            v = self.gain(start, length, p) - self.value(*rest)
            if out is None or v > out[1]:
                out = (p, v)
        return out


class Play:
    """A game in progress under the oracle's rules: moves as positions."""

    def __init__(self, rules):
        self.r = rules
        self.run = None if rules.circle else (1, rules.n)  # None: move 1 of a circle
        self.scores = [0, 0]
        self.played = []

    def left(self):
        return self.r.n if self.run is None else self.run[1]

    def legal(self):
        if self.left() == 0:
            return []
        if self.run is None:
            return list(range(1, self.r.n + 1))
        return [p for p, _ in self.r.moves(*self.run)]

    def after(self, p):
        """(score of the move, run left) for the legal move p."""
        if self.run is None:
            whole = (p, self.r.n)  # the circle as a run from p: p is its left end
            return self.r.gain(*whole, p), (self.r.pos(p + 1), self.r.n - 1)
        for q, rest in self.r.moves(*self.run):
            if q == p:
                return self.r.gain(*self.run, p), rest
        raise ValueError("not legal: %d" % p)

    def outcome(self, p):
        """p1 - p2 at the end if p is played now and both play optimally."""
        mover = len(self.played) % 2
        gain, rest = self.after(p)
        own = self.scores[mover] + gain - self.scores[1 - mover] - self.r.value(*rest)
        return own if mover == 0 else -own

    def best(self):
        """The optimal move: ties to the left end, a circle's smallest p."""
        legal = self.legal()
        if not legal:
            return None
        sign = 1 if len(self.played) % 2 == 0 else -1
        return max(legal, key=lambda p: (sign * self.outcome(p), -legal.index(p)))

    def play(self, p):
        gain, rest = self.after(p)
        self.scores[len(self.played) % 2] += gain
        self.run = rest
        self.played.append(p)


def solve_rules(a, circle=False, score="taken"):
    """(p1, p2, margin, first) along the optimal line, ties as the library."""
    g = Play(Rules(a, circle, score))
    first = g.best()
    margin = g.outcome(first) if first else 0
    while g.left():
        g.play(g.best())
    assert g.scores[0] - g.scores[1] == margin
    return g.scores[0], g.scores[1], margin, first, g.played


def remaining_dp(a):
    """LeetCode 1690's recurrence as it is usually written, O(n^2): the
    margin of the row scoring what remains, for a check of the above."""
    n = len(a)
    pre = [0]
    for x in a:
        pre.append(pre[-1] + x)
    dp = [[0] * (n + 1) for _ in range(n + 1)]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length
            dp[i][j] = max(pre[j] - pre[i + 1] - dp[i + 1][j], pre[j - 1] - pre[i] - dp[i][j - 1])
    return dp[0][n] if n else 0


def minimax(a, circle, score):
    """The margin by trying every line of play (small n only)."""
    def go(g):
        if not g.left():
            return g.scores[0] - g.scores[1]
        outs = []
        for p in g.legal():
            h = Play(g.r)
            h.run, h.scores, h.played = g.run, list(g.scores), list(g.played)
            h.play(p)
            outs.append(go(h))
        return max(outs) if len(g.played) % 2 == 0 else min(outs)
    return go(Play(Rules(a, circle, score)))
