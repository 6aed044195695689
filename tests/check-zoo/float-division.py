# SPDX-License-Identifier: MIT
# float-division.py: the margin table (the seeds' blog post's "advantage"),
# then player 1's total (sum + margin) / 2, with Python 3's "/".
# Bug: "/" is true division: it prints 22.0 where 22 is asked, an answer
# that is not an integer (check: bad output, on the first game). The
# totals themselves are right ("//" fixes it).
# Answer: --answer first (player 1's total). Run: python3 float-division.py
import sys

numbers = [int(w) for w in sys.stdin.read().split()]
n, a = numbers[0], numbers[1:]
advantage = {}
for length in range(1, n + 1):
    for i in range(0, n - length + 1):
        j = i + length - 1
        if i == j:
            advantage[i, j] = a[i]
        else:
            advantage[i, j] = max(
                a[i] - advantage[i + 1, j], a[j] - advantage[i, j - 1]
            )
print((sum(a[:n]) + advantage.get((0, n - 1), 0)) / 2)
