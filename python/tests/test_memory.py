# SPDX-License-Identifier: MIT
"""No leak: a million calls, and every error path many times over, leave
the process's memory where it was (RSS, and tracemalloc for Python's
own allocations)."""
import array
import os
import tracemalloc
import unittest

import coinline


def rss_kib():
    """The resident set size, in KiB (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def round_of_calls(row, arr, long_state):
    coinline.solve(row)
    coinline.solve(arr)
    coinline.best_move(row, 1, 5)
    coinline.line(row)
    e = coinline.Engine(row)
    e.play(e.state().best)
    e.undo()
    coinline.analyze(row, "LRL")
    coinline.Strategy("parity").move(e)
    repr(e.state())
    repr(long_state)


def round_of_errors(row):
    for f, exc in ((lambda: coinline.solve([1, 2.5]), TypeError),
                   (lambda: coinline.solve([2**64]), OverflowError),
                   (lambda: coinline.solve(row, "x"), ValueError),
                   (lambda: coinline.analyze(row, "LLQ"), ValueError),
                   (lambda: coinline.Strategy(lambda st: 1 / 0).move(coinline.Engine(row)),
                    ZeroDivisionError),
                   (lambda: coinline.Engine([]).undo(), ValueError),
                   (lambda: coinline.solve(range(30), "brute"), ValueError),
                   (lambda: coinline.Strategy("fallible:2"), ValueError)):
        try:
            f()
        except exc:
            pass


@unittest.skipIf(os.environ.get("COINLINE_PY_ASAN"), "ASan's own allocator changes RSS")
class MemoryTest(unittest.TestCase):
    def measure(self, work, rounds):
        """Runs work() rounds times after a warm-up; returns the growth of
        RSS (KiB) and of Python's traced memory (bytes)."""
        for _ in range(1000):
            work()
        tracemalloc.start()
        rss0, (py0, _) = rss_kib(), tracemalloc.get_traced_memory()
        for _ in range(rounds):
            work()
        rss1, (py1, _) = rss_kib(), tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return rss1 - rss0, py1 - py0

    def test_a_million_calls_leave_no_leak(self):
        row = [3, -1, 4, 1, -5, 9, 2, 6, 2**62, -(2**62)]
        arr = array.array("q", row)
        long_state = coinline.Engine(range(100)).state()
        # 11 calls a round: 90,910 rounds are a million calls.
        rss, py = self.measure(lambda: round_of_calls(row, arr, long_state), 90910)
        self.assertLess(rss, 2048, "RSS grew by %d KiB" % rss)
        self.assertLess(py, 64 * 1024, "Python memory grew by %d bytes" % py)

    def test_error_paths_leave_no_leak(self):
        row = list(range(10))
        rss, py = self.measure(lambda: round_of_errors(row), 20000)
        self.assertLess(rss, 2048, "RSS grew by %d KiB" % rss)
        self.assertLess(py, 64 * 1024, "Python memory grew by %d bytes" % py)


if __name__ == "__main__":
    unittest.main()
