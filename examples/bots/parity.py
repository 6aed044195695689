#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# parity.py - a coinline bot in Python, playing as the built-in strategy
# "parity": with an even number of coins left, it takes the end whose
# index in the whole row has the parity (even or odd) whose coins left
# sum to more, the left end on a tie; whoever starts an even row that
# way never loses. With an odd number left it takes the larger end coin.
#
# On a circle of N coins ("circle" line) its first move is the built-in's
# too: with N odd, the line left has an even number of coins, on which
# the other player could play parity and win |E - O| (the sums at even
# and odd indices of that line), so it takes the position p with the
# largest coin at p minus that (the smallest p of ties); with N even,
# the largest coin. After the first move the line left is its row.
#
#   coinline duel --p1 'exec:python3 examples/bots/parity.py' --p2 greedy
#   coinline duel --circle --p1 'exec:python3 examples/bots/parity.py'
#
# In the protocol's general form ("rules SEAT NAME N ..."; the moves are
# positions) it plays the same, and under the scoring "remaining" it
# plays on the coins -c - 1 of the row, as the built-in does (under
# that scoring the game on the coins c is the classic one on those:
# lib/remaining.c).
#
#   coinline duel --score remaining --p1 'exec:python3 examples/bots/parity.py'
#
# A game of several rows ("rows" line) has no such parity: it refuses
# it (a message on stderr, exit 1: a forfeit), as coinline refuses the
# built-in there.
#
# It keeps the row and the difference "coins left at even indices minus
# coins left at odd ones", updated as coins leave. Protocol:
# docs/protocol.md.
import sys


def rotate(ring, p):
    """The line left once position p (1-based) of the circle is taken."""
    return ring[p:] + ring[: p - 1]


def first_move(ring):
    """The position parity takes first on the circle ring."""
    n = len(ring)
    if n % 2 == 0:
        return ring.index(max(ring)) + 1
    best, best_p = None, 0
    for p in range(1, n + 1):
        line = rotate(ring, p)
        alt = sum(c if i % 2 == 0 else -c for i, c in enumerate(line))
        score = ring[p - 1] - abs(alt)
        if best is None or score > best:
            best, best_p = score, p
    return best_p


def main():
    row, lo, hi, diff = [], 0, 0, 0
    ring, first = None, 0

    def start(line):
        nonlocal row, lo, hi, diff
        row = line
        lo, hi = 0, len(row)
        diff = sum(c if i % 2 == 0 else -c for i, c in enumerate(row))

    def take(i):
        nonlocal diff
        diff -= row[i] if i % 2 == 0 else -row[i]

    def position(i):
        """The position of index i of the row played."""
        return (first + i) % len(ring) + 1 if ring is not None else i + 1

    for line in sys.stdin:
        word = line.split()
        if not word:
            continue
        if word[0] == "rows":
            # several rows: the parity of one row's coins means nothing
            sys.exit("parity.py: games of several rows are refused")
        if word[0] == "rules":
            # the general form: the rules' name after the seat
            coins = [int(c) for c in word[4:]]
            if "remaining" in word[2].split(","):
                coins = [-c - 1 for c in coins]
            word = ["circle" if "circle" in word[2].split(",") else "game",
                    word[1], word[3]] + coins
        if word[0] == "game":
            ring, first = None, 0
            start([int(c) for c in word[3:]])
        elif word[0] == "circle":
            ring, first = [int(c) for c in word[3:]], 0
            start([])
        elif word[0] == "opp" and word[1] not in ("L", "R"):
            p = int(word[1])
            if ring is not None and first == 0:
                first = p
                start(rotate(ring, p))  # a circle's first move
            else:  # the general form: the position of an end
                word[1] = "L" if p == position(lo) else "R"
        if word[0] == "opp" and word[1] in ("L", "R"):
            if word[1] == "L":
                take(lo)
                lo += 1
            else:
                hi -= 1
                take(hi)
        elif word[0] == "go" and len(word) == 2:
            p = first_move(ring)  # "go N": a circle's first move
            first = p
            start(rotate(ring, p))
            print(p, flush=True)
        elif word[0] == "go":
            if (hi - lo) % 2 == 0:
                # the left end's index lo has the parity whose coins gain
                left = diff == 0 or (diff > 0) == (lo % 2 == 0)
            else:
                left = row[lo] >= row[hi - 1]
            if left:
                take(lo)
                lo += 1
            else:
                hi -= 1
                take(hi)
            print("L" if left else "R", flush=True)
        elif word[0] == "end":
            return


main()
