# SPDX-License-Identifier: MIT
"""The oracle of the CLI tests: the game under any rules, written plainly
in Python by its recurrence (a direct interval DP), with no reduction and
no trick, for small rows only. Every test that checks the tool's answers
against a programme imports this module; t0049 checks it against
exhaustive play on every small row and LeetCode 1690's examples.

The rules: the shape is "line" or "circle", the scoring "taken" (a move
scores the coin it takes) or "remaining" (the sum of the coins left after
it: LeetCode 1690). Player 1 moves first; a player's margin is own score
minus the other's.

A position is 1-based, as the tool writes it. A state is ("any",) where
any coin may be taken (a circle's move 1), else ("arc", s, k): the k coins
from 0-based index s going round (on a line they never wrap). The value of
a state is the best margin the player to move secures from there on.
Ties are broken as the tool breaks them: the left end of a run, and where
any coin may be taken the smallest position.

The interface:
  Oracle(coins, shape, score)  states: start, run, left, moves, value,
                               outcome, best_positions, best, play, ends,
                               replay
  Game(coins, shape, score)    a game in progress over positions
  solve(coins, shape, score)   the optimal line and its scores
  table(coins)                 the classic line's V[(i, j)]
  winner(margin), parse_records(text), positions_of(game)"""

from functools import lru_cache

SHAPES = ("line", "circle")
SCORES = ("taken", "remaining")


class Oracle:
    def __init__(self, coins, shape="line", score="taken"):
        if shape not in SHAPES or score not in SCORES:
            raise ValueError("unknown rules %r %r" % (shape, score))
        self.a = list(coins)
        self.n = len(self.a)
        self.shape = shape
        self.score = score
        self.value = lru_cache(maxsize=None)(self._value)

    def start(self):
        if self.shape == "circle" and self.n > 0:
            return ("any",)
        return ("arc", 0, self.n)

    def run(self, p, k):
        """The state of the k coins from position p going round (clockwise
        on a circle; on a line p + k - 1 <= n)."""
        return ("arc", (p - 1) % self.n if self.n else 0, k)

    def left(self, state):
        """The positions of the coins left, in order."""
        if state[0] == "any":
            return list(range(1, self.n + 1))
        _, s, k = state
        return [(s + i) % self.n + 1 for i in range(k)]

    def moves(self, state):
        """[(position, state after, what the move scores)] of every legal
        move, the left end first (a circle's move 1: positions in order)."""
        out = []
        if state[0] == "any":
            for p in range(1, self.n + 1):
                out.append((p, ("arc", p % self.n, self.n - 1)))
        else:
            _, s, k = state
            if k == 0:
                return []
            out.append((s + 1, ("arc", (s + 1) % self.n, k - 1)))
            if k > 1:
                r = (s + k - 1) % self.n
                out.append((r + 1, ("arc", s, k - 1)))
        scored = []
        for p, after in out:
            if self.score == "taken":
                gain = self.a[p - 1]
            else:
                gain = sum(self.a[q - 1] for q in self.left(after))
            scored.append((p, after, gain))
        return scored

    def _value(self, state):
        best = None
        for _, after, gain in self.moves(state):
            v = gain - self.value(after)
            if best is None or v > best:
                best = v
        return 0 if best is None else best

    def outcome(self, state, position):
        """The mover's margin from here if it takes position, both then
        playing best."""
        for p, after, gain in self.moves(state):
            if p == position:
                return gain - self.value(after)
        raise ValueError("position %d is not legal" % position)

    def best_positions(self, state):
        """Every optimal move, the tool's choice first."""
        v = self.value(state)
        return [p for p, _, _ in self.moves(state) if self.outcome(state, p) == v]

    def best(self, state):
        """The tool's optimal move, or None where no coin is left."""
        b = self.best_positions(state)
        return b[0] if b else None

    def play(self, state, position):
        for p, after, gain in self.moves(state):
            if p == position:
                return after, gain
        raise ValueError("position %d is not legal" % position)

    def ends(self, state):
        """The positions of the two ends, or None where any coin may be
        taken or none is left."""
        if state[0] == "any" or state[2] == 0:
            return None
        left = self.left(state)
        return left[0], left[-1]

    def replay(self, positions):
        """For each move: (mover 1 or 2, position, the mover's best final
        margin before, after, the scores after). Raises on an illegal
        move."""
        state = self.start()
        scores = [0, 0]
        out = []
        for k, p in enumerate(positions):
            mover = k % 2
            own = scores[mover] - scores[1 - mover]
            before = own + self.value(state)
            state, gain = self.play(state, p)
            scores[mover] += gain
            own = scores[mover] - scores[1 - mover]
            after = own - self.value(state)
            out.append((mover + 1, p, before, after, tuple(scores)))
        return out, state, scores


class Game:
    """A game in progress: its state, the positions played (moves), the
    scores so far (scores[0] is player 1's)."""

    def __init__(self, coins, shape="line", score="taken"):
        self.o = Oracle(coins, shape, score)
        self.a, self.n = self.o.a, self.o.n
        self.state = self.o.start()
        self.moves = []
        self.scores = [0, 0]

    def copy(self):
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.moves, g.scores = list(self.moves), list(self.scores)
        return g

    def left(self):
        """The positions of the coins left, in order."""
        return self.o.left(self.state)

    def legal(self):
        """The legal positions, smallest first."""
        return sorted({p for p, _, _ in self.o.moves(self.state)})

    def any_coin(self):
        return self.state[0] == "any"

    def value(self):
        """The best margin the player to move secures from here on."""
        return self.o.value(self.state)

    def best(self):
        return self.o.best(self.state)

    def side(self, p):
        """'L' or 'R': which end p is (None where any coin may be taken)."""
        if self.any_coin():
            return None
        return "L" if p == self.left()[0] else "R"

    def outcome(self, p):
        """Player 1's final margin if the player to move takes p, both
        then playing best."""
        mover = self.o.outcome(self.state, p)
        sofar = self.scores[0] - self.scores[1]
        return sofar + (mover if len(self.moves) % 2 == 0 else -mover)

    def final_margin(self):
        """Player 1's final margin with best play from here."""
        sofar = self.scores[0] - self.scores[1]
        return sofar + (self.value() if len(self.moves) % 2 == 0 else -self.value())

    def play(self, p):
        self.state, gain = self.o.play(self.state, p)
        self.scores[len(self.moves) % 2] += gain
        self.moves.append(p)

    def play_side(self, c):
        """Takes the end L or R (either case)."""
        ends = self.o.ends(self.state)
        self.play(ends[0] if c in "Ll" else ends[1])

    def finish(self):
        """Best play to the end."""
        while self.state[0] == "any" or self.state[2] > 0:
            self.play(self.best())
        return self


def solve(coins, shape="line", score="taken"):
    """The game played best from the start: n, sum, p1, p2, margin, the
    first move's position (None without coins), the moves as positions
    and line, the moves that take an end as L and R."""
    g = Game(coins, shape, score)
    margin = g.value()
    line = ""
    while g.best() is not None:
        b = g.best()
        line += g.side(b) or ""
        g.play(b)
    p1, p2 = g.scores
    return {"n": g.n, "sum": sum(g.a), "p1": p1, "p2": p2, "margin": margin,
            "first": g.moves[0] if g.moves else None, "moves": g.moves,
            "line": line}


def table(coins):
    """V[(i, j)]: the classic line's best margin for the player to move on
    the coins a[i..j-1], for every 0 <= i <= j <= n."""
    o = Oracle(coins)
    n = o.n
    V = {}
    for ln in range(n + 1):  # shortest first: the recursion stays shallow
        for i in range(n - ln + 1):
            V[(i, i + ln)] = o.value(("arc", i, ln))
    return V


def winner(m):
    return "first" if m > 0 else "second" if m < 0 else "draw"


def parse_records(text):
    """The games of a game record as dicts: names, rules (shape, score),
    coins, positions (every move, as positions), totals, forfeit."""
    games = []
    g = None
    for line in text.splitlines():
        if line == "" or line.startswith("#") or line.startswith("coinline-record"):
            continue
        key, _, value = line.partition(" ")
        if key == "game":
            g = {"shape": "line", "score": "taken", "circle": None,
                 "moves": "", "forfeit": None, "names": ["", ""]}
            games.append(g)
        elif key in ("p1", "p2"):
            g["names"][int(key[1]) - 1] = value
        elif key == "row":
            g["coins"] = [int(x) for x in value.replace(",", " ").split()]
        elif key == "circle":
            g["shape"] = "circle"
            g["circle"] = int(value)
        elif key == "rules":
            for word in value.replace(",", " ").split():
                if word in ("line", "circle"):
                    g["shape"] = word
                else:
                    g["score"] = word
        elif key == "moves":
            g["moves"] = value
        elif key == "totals":
            g["totals"] = [int(x) for x in value.split()]
        elif key == "forfeit":
            g["forfeit"] = value
    for g in games:
        g["positions"] = positions_of(g)
    return games


def positions_of(g):
    """A record's moves as positions: the general form as it is, the
    classic forms (L and R, after a circle's FIRST) by playing them."""
    moves = g["moves"].strip()
    if moves == "" and not g["circle"]:
        return []
    if moves and moves[0].isdigit():
        return [int(x) for x in moves.split()]
    o = Oracle(g["coins"], g["shape"], g["score"])
    state = o.start()
    out = []
    if g["circle"]:
        out.append(g["circle"])
        state, _ = o.play(state, g["circle"])
    for c in moves:
        le, re = o.ends(state)
        p = le if c == "L" else re
        out.append(p)
        state, _ = o.play(state, p)
    return out
