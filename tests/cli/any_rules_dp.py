# SPDX-License-Identifier: MIT
"""The game under any rules (a line or a circle; a move scores the coin it
takes, or the sum of the coins left after it: LeetCode 1690), written
plainly in Python as a direct interval DP: the oracle of the CLI tests of
table, analyze and the HTTP API under --score (t0055-t0057).

A run is (start, length): the length coins from position start (0-based)
clockwise, wrapping on a circle. Positions in what these functions return
are 1-based, as the tool writes them."""


def gain(a, run, take, score):
    """What taking the coin at index take (0-based, in the whole row) of
    the coins run (a list of indices) scores."""
    if score == "remaining":
        return sum(a[k] for k in run) - a[take]
    return a[take]


def run_table(a, circle, score):
    """V[(start, length)] and its optimal move ('L' or 'R', ties to the
    left) for every run the game can leave: a line's runs, a circle's arcs
    of 1..n-1 coins."""
    n = len(a)
    V, M = {}, {}
    longest = n - 1 if circle else n
    for ln in range(1, longest + 1):
        starts = range(n) if circle else range(n - ln + 1)
        for s in starts:
            run = [(s + k) % n for k in range(ln)]
            if ln == 1:
                V[(s, 1)] = gain(a, run, run[0], score)
                M[(s, 1)] = "L"
                continue
            left = gain(a, run, run[0], score) - V[((s + 1) % n, ln - 1)]
            right = gain(a, run, run[-1], score) - V[(s, ln - 1)]
            V[(s, ln)] = max(left, right)
            M[(s, ln)] = "L" if left >= right else "R"
    return V, M


def first_margins(a, score):
    """On a circle, player 1's final margin when move 1 takes the coin at
    each position (index p: position p + 1)."""
    n = len(a)
    V, _ = run_table(a, True, score)
    out = []
    for p in range(n):
        g = gain(a, range(n), p, score)
        out.append(g - (V[((p + 1) % n, n - 1)] if n > 1 else 0))
    return out


def margin(a, circle, score):
    """The value of the game: player 1's final margin with optimal play."""
    n = len(a)
    if n == 0:
        return 0
    if circle:
        return max(first_margins(a, score))
    V, _ = run_table(a, False, score)
    return V[(0, n)]


class Game:
    """A game in progress over positions: the coins left as a run, the
    scores so far; outcome(p) is the final margin if the player to move
    takes p and both play optimally after."""

    def __init__(self, a, circle, score):
        self.a, self.circle, self.score = a, circle, score
        self.n = len(a)
        self.V, self.M = run_table(a, circle, score)
        self.run = None if circle else (0, self.n)  # None: move 1 anywhere
        self.p = [0, 0]
        self.moves = 0

    def left(self):
        if self.run is None:
            return list(range(self.n))
        s, ln = self.run
        return [(s + k) % self.n for k in range(ln)]

    def legal(self):
        """The legal positions (1-based)."""
        if self.run is None:
            return list(range(1, self.n + 1)) if self.moves == 0 else []
        left = self.left()
        return sorted({left[0] + 1, left[-1] + 1}) if left else []

    def after(self, pos):
        """The run left after taking pos (1-based)."""
        if self.run is None:
            return (pos % self.n, self.n - 1)
        s, ln = self.run
        return ((s + 1) % self.n, ln - 1) if pos - 1 == s else (s, ln - 1)

    def play(self, pos):
        left = self.left()
        g = gain(self.a, left, pos - 1, self.score)
        self.p[self.moves % 2] += g
        self.run = self.after(pos)
        self.moves += 1

    def outcome(self, pos):
        left = self.left()
        g = gain(self.a, left, pos - 1, self.score)
        nxt = self.after(pos)
        rest = self.V.get(nxt, 0) if nxt[1] > 0 else 0
        mover = g - rest  # the mover's margin from here on
        sofar = self.p[0] - self.p[1]
        return sofar + (mover if self.moves % 2 == 0 else -mover)

    def best(self):
        """The optimal move: on a run its cell's (ties to the left); where
        any coin may be taken the smallest optimal position."""
        if self.run is None:
            ms = [self.outcome(p) for p in range(1, self.n + 1)]
            return ms.index(max(ms)) + 1
        s, ln = self.run
        if ln == 0:
            return 0
        return (s + 1) if self.M[self.run] == "L" else (s + ln - 1) % self.n + 1

    def final_margin(self):
        b = self.best()
        return self.outcome(b) if b else self.p[0] - self.p[1]


def optimal_line(a, circle, score):
    """The positions of the optimal line, and the scores along it."""
    g = Game(a, circle, score)
    line = []
    for _ in range(g.n):
        b = g.best()
        line.append(b)
        g.play(b)
    return line, g.p[0], g.p[1]
