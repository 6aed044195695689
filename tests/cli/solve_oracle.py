# SPDX-License-Identifier: MIT
"""A direct interval DP of the game under every rule set (a line or a
circle; a move scores the coin taken, or the sum of the coins left after
it: LeetCode 1690), written plainly in Python: the oracle of the CLI tests
of solve under the rules (t0050). O(n^2) on a line, O(n^3) on a circle:
for small rows only.

Ties are broken as the tool breaks them: the left end of a run, and on a
circle the smallest first position."""


def _score(run, k, remaining):
    """What taking run[k] scores: the coin, or the sum of the rest."""
    return sum(run) - run[k] if remaining else run[k]


def line_table(a, remaining):
    """V[(i, j)]: the best margin (own score minus the other's, from here
    on) for the player to move on the run a[i..j-1]."""
    n = len(a)
    pre = [0]
    for x in a:
        pre.append(pre[-1] + x)
    V = {(i, i): 0 for i in range(n + 1)}
    for ln in range(1, n + 1):
        for i in range(n - ln + 1):
            j = i + ln
            s = pre[j] - pre[i]
            left = (s - a[i] if remaining else a[i]) - V[(i + 1, j)]
            right = (s - a[j - 1] if remaining else a[j - 1]) - V[(i, j - 1)]
            V[(i, j)] = max(left, right)
    return V


def _line_best(a, V, i, j, remaining):
    """'L' or 'R': the optimal move on a[i..j-1], ties to the left."""
    s = sum(a[i:j])
    left = (s - a[i] if remaining else a[i]) - V[(i + 1, j)]
    right = (s - a[j - 1] if remaining else a[j - 1]) - V[(i, j - 1)]
    return "L" if left >= right else "R"


def _first_margins(a, remaining):
    """A circle's margin of each first position p (1..n)."""
    n = len(a)
    out = []
    for p in range(1, n + 1):
        rest = a[p:] + a[:p - 1]
        V = line_table(rest, remaining)
        out.append(_score(a, p - 1, remaining) - V[(0, n - 1)])
    return out


class Game:
    """A game under the rules, moves as positions, and its scores."""

    def __init__(self, a, circle, remaining):
        self.a, self.circle, self.remaining = list(a), circle, remaining
        self.n = len(a)
        self.moves = []
        self.scores = [0, 0]
        self.run = list(range(1, self.n + 1))  # positions left, in order
        self.V = None if circle else line_table(self.a, remaining)
        self.lo = 0  # a line's run is a[lo..hi-1]
        self.hi = self.n

    def any_coin(self):
        return self.circle and not self.moves and self.n > 0

    def coins_left(self):
        return [self.a[p - 1] for p in self.run]

    def state(self):
        """(value, best position, best side 'L'/'R'/None)."""
        if not self.run:
            return 0, 0, None
        if self.any_coin():
            m = _first_margins(self.a, self.remaining)
            v = max(m)
            return v, m.index(v) + 1, None
        if self.V is None or not self.circle:
            pass
        if self.circle:
            rest = self.coins_left()
            V = line_table(rest, self.remaining)
            side = _line_best(rest, V, 0, len(rest), self.remaining)
            v = V[(0, len(rest))]
        else:
            side = _line_best(self.a, self.V, self.lo, self.hi, self.remaining)
            v = self.V[(self.lo, self.hi)]
        return v, self.run[0] if side == "L" else self.run[-1], side

    def play(self, p):
        k = self.run.index(p)
        mover = len(self.moves) % 2
        self.scores[mover] += _score(self.coins_left(), k, self.remaining)
        if self.any_coin():
            self.run = self.run[k + 1:] + self.run[:k]
        elif k == 0:
            self.run = self.run[1:]
            self.lo += 1
        else:
            self.run = self.run[:-1]
            self.hi -= 1
        self.moves.append(p)

    def play_side(self, side):
        self.play(self.run[0] if side in "Ll" else self.run[-1])

    def copy(self):
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.moves, g.scores, g.run = list(self.moves), list(self.scores), list(self.run)
        return g


def solve(a, circle=False, remaining=False):
    """solve --json --line's fields: the scores along the optimal line."""
    g = Game(a, circle, remaining)
    v0, first, _ = g.state()
    ends = ""
    while g.run:
        v, best, side = g.state()
        if side is not None:
            ends += side
        g.play(best)
    p1, p2 = g.scores
    return {"n": len(a), "sum": sum(a), "p1": p1, "p2": p2,
            "margin": v0, "first": first, "line": ends, "moves": g.moves}


def winner(m):
    return "first" if m > 0 else "second" if m < 0 else "draw"
