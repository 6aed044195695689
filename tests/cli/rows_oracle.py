# SPDX-License-Identifier: MIT
"""Exhaustive play of several rows, in plain Python, for the CLI tests of
issue 32 (t0070 solve, t0071 play, t0073 explain and analyze, t0074 duel,
t0075 serve): a state is each row's (lo, hi), the coins rows[r][lo:hi]
left; a move is a row (1-based, as the tool numbers them) and a side, 'L'
or 'R'. Each test draws its own games."""
import re
from functools import lru_cache


def play(rows, state, row, side):
    """The coin taken and the state after the move row (1-based), side."""
    lo, hi = state[row - 1]
    assert lo < hi, (rows, state, row, side)
    after = list(state)
    after[row - 1] = (lo + 1, hi) if side == "L" else (lo, hi - 1)
    return (rows[row - 1][lo] if side == "L" else rows[row - 1][hi - 1],
            tuple(after))


def solver(rows):
    """value(state): the best the player to move can secure from state,
    its own total minus the other's from there on (memoised)."""
    @lru_cache(maxsize=None)
    def value(state):
        best = None
        for r, (lo, hi) in enumerate(state):
            for side in ("LR" if lo < hi else ""):
                coin, after = play(rows, state, r + 1, side)
                v = coin - value(after)
                best = v if best is None or v > best else best
        return 0 if best is None else best
    return value


def moves_of(line):
    """'2R1L' (or '2R 1L', '2r,1l') as [(2, 'R'), (1, 'L')]."""
    return [(int(m[:-1]), m[-1].upper())
            for m in re.findall(r"\d+[LRlr]", line)]
