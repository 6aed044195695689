# SPDX-License-Identifier: MIT
"""The interval DP of the game, written plainly in Python: the oracle of
the CLI tests that check the tool's answers (t0012, t0017, t0018)."""


def table(a):
    """V[(i, j)]: the best margin (own total minus the other's) for the
    player to move on the coins a[i..j-1], for every 0 <= i <= j <= n."""
    n = len(a)
    V = {}
    for i in range(n + 1):
        V[(i, i)] = 0
    for ln in range(1, n + 1):
        for i in range(n - ln + 1):
            j = i + ln
            V[(i, j)] = max(a[i] - V[(i + 1, j)], a[j - 1] - V[(i, j - 1)])
    return V
