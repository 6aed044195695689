# SPDX-License-Identifier: MIT
# right-dp.py: right. The classic bottom-up table of the totals (the
# seeds' F(i, j)): the player to move takes a[i] or a[j], the opponent
# then leaves the least,
# F(i, j) = max(a[i] + min(F(i+2, j), F(i+1, j-1)),
#               a[j] + min(F(i+1, j-1), F(i, j-2))),
# an empty run worth 0, filled by length for every length, odd and even.
# O(n^2) time and memory. Python's integers do not overflow.
# Answer: --answer first (player 1's total). Run: python3 right-dp.py
import sys


def f(table, i, j):
    return table[i][j] if i <= j else 0


def first_total(a):
    n = len(a)
    table = [[0] * n for _ in range(n)]
    for gap in range(n):
        for i in range(n - gap):
            j = i + gap
            take_left = a[i] + min(f(table, i + 2, j), f(table, i + 1, j - 1))
            take_right = a[j] + min(f(table, i + 1, j - 1), f(table, i, j - 2))
            table[i][j] = max(take_left, take_right)
    return table[0][n - 1] if n else 0


words = sys.stdin.read().split()
print(first_total([int(w) for w in words[1 : int(words[0]) + 1]]))
