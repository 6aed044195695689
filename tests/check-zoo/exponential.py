# SPDX-License-Identifier: MIT
# exponential.py: the plain recursion of the textbooks, no memo: the
# player to move takes an end, the opponent then does the best on the rest,
# best(i, j) = sum(i..j) - min(best(i+1, j), best(i, j-1)).
# Right answers, but two calls a level: 2^n calls, seconds at n = 22, hours
# at n = 40. check reports a time-out and the n where it came, and the
# growth: exponential.
# Answer: --answer first (player 1's total). Run: python3 exponential.py
import sys

tokens = sys.stdin.read().split()
n = int(tokens[0])
row = [int(t) for t in tokens[1 : n + 1]]
prefix = [0]
for coin in row:
    prefix.append(prefix[-1] + coin)


def best(i, j):
    """The total of the player to move on row[i..j]."""
    if i > j:
        return 0
    return prefix[j + 1] - prefix[i] - min(best(i + 1, j), best(i, j - 1))


print(best(0, n - 1))
