# SPDX-License-Identifier: MIT
# wins-strict.py: "Predict the Winner" (LeetCode 486): can player 1 win?
# A memoized recursion on the margin of the player to move,
# margin(i, j) = max(a[i] - margin(i+1, j), a[j] - margin(i, j-1)).
# Bug: answers margin > 0 where the task says >= 0 (a tie counts as a win
# for player 1): wrong on every tie, e.g. 1 1.
# Answer: --answer wins (true or false). Run: python3 wins-strict.py
import sys
from functools import lru_cache

sys.setrecursionlimit(10000)
count, *values = sys.stdin.read().split()
coins = tuple(int(v) for v in values[: int(count)])


@lru_cache(maxsize=None)
def margin(i, j):
    if i > j:
        return 0
    return max(coins[i] - margin(i + 1, j), coins[j] - margin(i, j - 1))


print("true" if margin(0, len(coins) - 1) > 0 else "false")
