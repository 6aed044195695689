#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# parity.py - a coinline bot in Python, playing as the built-in strategy
# "parity": with an even number of coins left, it takes the end whose
# index in the whole row has the parity (even or odd) whose coins left
# sum to more, the left end on a tie; whoever starts an even row that
# way never loses. With an odd number left it takes the larger end coin.
#
#   coinline duel --p1 'exec:python3 examples/bots/parity.py' --p2 greedy
#
# It keeps the row and the difference "coins left at even indices minus
# coins left at odd ones", updated as coins leave. Protocol:
# docs/protocol.md.
import sys


def main():
    row, lo, hi, diff = [], 0, 0, 0

    def take(i):
        nonlocal diff
        diff -= row[i] if i % 2 == 0 else -row[i]

    for line in sys.stdin:
        word = line.split()
        if not word:
            continue
        if word[0] == "game":
            row = [int(c) for c in word[3:]]
            lo, hi = 0, len(row)
            diff = sum(c if i % 2 == 0 else -c for i, c in enumerate(row))
        elif word[0] == "opp":
            if word[1] == "L":
                take(lo)
                lo += 1
            else:
                hi -= 1
                take(hi)
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
