# SPDX-License-Identifier: MIT
# right-wins.py: "Predict the Winner" (LeetCode 486), right: player 1 wins
# or ties when the margin of the whole row is >= 0. O(n^2) time, O(n)
# memory: one row of the margin table, m[j] for the current start i.
# Answer: --answer wins (true or false). Run: python3 right-wins.py
import sys

data = sys.stdin.read().split()
n = int(data[0])
a = [int(x) for x in data[1 : n + 1]]
m = [0] * n
for i in range(n - 1, -1, -1):
    m[i] = a[i]
    for j in range(i + 1, n):
        m[j] = max(a[i] - m[j], a[j] - m[j - 1])
print("true" if n == 0 or m[n - 1] >= 0 else "false")
