# SPDX-License-Identifier: MIT
# one-coin-index.py: the interval table, then player 1's first move worked out
# by hand: the left coin leaves a[1..n-1] to player 2, the right coin
# a[0..n-2].
# Bug: one coin leaves nothing, and best[1] is out of range: IndexError,
# a traceback, exit status 1. Right on every row of two coins or more.
# Answer: --answer first (player 1's total). Run: python3 one-coin-index.py
import sys

data = sys.stdin.read().split()
n = int(data[0])
a = [int(x) for x in data[1 : n + 1]]
# best[i][j]: the total of the player to move on a[i..j].
best = [[0] * n for _ in range(n)]
prefix = [0]
for x in a:
    prefix.append(prefix[-1] + x)
for length in range(1, n + 1):
    for i in range(n - length + 1):
        j = i + length - 1
        run = prefix[j + 1] - prefix[i]
        if length == 1:
            best[i][j] = a[i]
        else:
            best[i][j] = run - min(best[i + 1][j], best[i][j - 1])
total = sum(a)
left = total - best[1][n - 1]
right = total - best[0][n - 2]
print(max(left, right))
