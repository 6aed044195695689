# SPDX-License-Identifier: MIT
"""[py] of make bench: coinline.solve from Python, on 10^6 coins from a
list and from an array.array, and against a plain Python O(n^2) DP at
10^3 and 10^4 coins, side by side in one run (docs/benchmarks.md).

    PYTHONPATH=build/python python3 bench/python_bench.py [--quick] [--check]

--quick stops at 10^5 coins and the DP at 10^3; --check (CI) exits 1
when a target is not met.

Targets (issue 13): 10^6 coins from a list in under 0.1 s; at 10^4 coins,
coinline.solve at least 10,000 times as fast as the Python DP. Issue 29:
scoring by what remains (LeetCode 1690), solve(list, score='remaining')
on 10^6 coins in under 1 s, checked against the identity margin =
(sum + V(-a)) / 2 (lib/remaining.c).
"""
import array
import platform
import random
import statistics
import sys
import time

import coinline


def python_dp(a):
    """The interval DP as a student writes it in Python: O(n^2) time, one
    row of the table at a time (O(n) memory). Returns the margin."""
    n = len(a)
    v = [0] * (n + 1)  # v[i]: the margin on a[i:i+length]
    for length in range(1, n + 1):
        for i in range(n - length + 1):
            left = a[i] - v[i + 1]
            right = a[i + length - 1] - v[i]
            v[i] = left if left >= right else right
    return v[0]


def timed(f, reps):
    """The median wall time of reps calls of f, and its last result."""
    times, out = [], None
    for _ in range(reps):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def main():
    quick = "--quick" in sys.argv
    missed = 0
    rng = random.Random(1)
    big = 10**5 if quick else 10**6
    row = [rng.randint(1, 10**9) for _ in range(big)]
    arr = array.array("q", row)
    print("[py] coinline.solve from Python %s (%s), median of 5"
          % (platform.python_version(), sys.executable))
    print("%-28s %9s %10s %12s  %s" % ("case", "n", "time_s", "ratio", "target"))
    t_list, r1 = timed(lambda: coinline.solve(row), 5)
    t_arr, r2 = timed(lambda: coinline.solve(arr), 5)
    assert r1 == r2
    verdict = "met" if t_list < 0.1 else "NOT MET"
    missed += t_list >= 0.1
    print("%-28s %9d %10.4f %12s  %s" % ("solve(list)", big, t_list, "-",
                                         "< 0.1 s: " + verdict))
    print("%-28s %9d %10.4f %12.1f  %s" % ("solve(array('q'))", big, t_arr,
                                           t_list / t_arr, "(list/array)"))
    t_rem, r3 = timed(lambda: coinline.solve(row, score="remaining"), 5)
    assert r3.margin == (sum(row) + coinline.solve([-x for x in row]).margin) // 2
    missed += t_rem >= 1
    print("%-28s %9d %10.4f %12s  %s" % ("solve(list, 'remaining')", big, t_rem, "-",
                                         "< 1 s: " + ("met" if t_rem < 1 else "NOT MET")))
    for n in ((1000,) if quick else (1000, 10000)):
        a = row[:n]
        t_dp, m = timed(lambda: python_dp(a), 1 if n >= 10000 else 3)
        t_c, r = timed(lambda: coinline.solve(a), 5)
        assert r.margin == m, "the DP and coinline disagree"
        ratio = t_dp / t_c
        missed += n == 10000 and ratio < 10000
        target = (">= 10000x: " + ("met" if ratio >= 10000 else "NOT MET")
                  if n == 10000 else "")
        print("%-28s %9d %10.4f %12s  %s" % ("python DP, O(n^2)", n, t_dp, "-", ""))
        print("%-28s %9d %10.6f %12.0f  %s" % ("solve(list), DP/solve", n, t_c, ratio,
                                              target))
    return 1 if missed and "--check" in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
