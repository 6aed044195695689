# SPDX-License-Identifier: MIT
# greedy.py: both players take the larger end coin (the left one on a tie).
# Bug: greedy is not optimal (8 15 3 7: greedy's first player ends with 15,
# best play gives 22; the smallest such row is 1 2 1 1).
# Answer: --answer first (player 1's total). Run: python3 greedy.py
import sys

data = sys.stdin.read().split()
n = int(data[0])
coins = [int(x) for x in data[1 : n + 1]]
i, j, totals, turn = 0, n - 1, [0, 0], 0
while i <= j:
    if coins[i] >= coins[j]:
        totals[turn] += coins[i]
        i += 1
    else:
        totals[turn] += coins[j]
        j -= 1
    turn = 1 - turn
print(totals[0])
