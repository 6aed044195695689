# SPDX-License-Identifier: MIT
"""A direct programme of the game under every rule set, written plainly in
Python: the oracle of the CLI tests of play, duel and the bots under any
rules (t0060 to t0064).

The shape is "line" or "circle", the scoring "taken" (a move scores the
coin it takes) or "remaining" (the sum of the coins left after it:
LeetCode 1690). A position is 1-based. A state is ("any",) where any
coin may be taken (a circle's move 1), else ("arc", s, k): the k coins
from 0-based index s going round (on a line they never wrap). The value
of a state is the best (own score - other's) the player to move secures
from there, by the recurrence itself: no reduction, no trick. Small rows
only (the states are memoised, O(n^2) of them, each summing O(n))."""

from functools import lru_cache


class Oracle:
    def __init__(self, coins, shape, score):
        self.a = list(coins)
        self.n = len(coins)
        self.shape = shape
        self.score = score
        self.value = lru_cache(maxsize=None)(self._value)

    def start(self):
        if self.shape == "circle" and self.n > 0:
            return ("any",)
        return ("arc", 0, self.n)

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
                out.append((p, ("arc", p % self.n, self.n - 1), p))
        else:
            _, s, k = state
            if k == 0:
                return []
            out.append((s + 1, ("arc", (s + 1) % self.n, k - 1), s + 1))
            if k > 1:
                r = (s + k - 1) % self.n
                out.append((r + 1, ("arc", s, k - 1), r + 1))
        scored = []
        for p, after, _ in out:
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
        v = self.value(state)
        return [p for p, _, _ in self.moves(state) if self.outcome(state, p) == v]

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
