# SPDX-License-Identifier: MIT
"""Rows from every kind of Python object, every bad input's exception and
message, and a fuzz of the argument conversion of every function."""
import array
import random
import unittest

import coinline
import oracle

try:
    import numpy
except ImportError:  # never a dependency
    numpy = None

ROW = [3, -1, 4, 1, -5, 9, 2, 6]


def calls(coins):
    """Every function that reads a row, on coins."""
    return [
        lambda: coinline.solve(coins),
        lambda: coinline.solve(coins, "dp"),
        lambda: coinline.best_move(coins),
        lambda: coinline.line(coins),
        lambda: coinline.Engine(coins).state(),
        lambda: coinline.analyze(coins, ""),
    ]


class Index:
    """An integer-like object (as NumPy's integers are)."""

    def __init__(self, v):
        self.v = v

    def __index__(self):
        return self.v


class InputTest(unittest.TestCase):
    def assert_reads_as(self, coins, want):
        """coins (or what coins() makes, for a one-pass iterator) reads as
        the list want, by solve and by Engine."""
        make = coins if callable(coins) else lambda: coins
        self.assertEqual(coinline.solve(make()), coinline.solve(want), type(make()))
        self.assertEqual(coinline.Engine(make()).row.tolist(), want)

    def test_every_kind_of_row(self):
        self.assert_reads_as(ROW, ROW)
        self.assert_reads_as(tuple(ROW), ROW)
        self.assert_reads_as(lambda: iter(ROW), ROW)
        self.assert_reads_as(lambda: (x for x in ROW), ROW)
        self.assert_reads_as(range(-3, 40, 7), list(range(-3, 40, 7)))
        self.assert_reads_as([Index(v) for v in ROW], ROW)
        self.assert_reads_as([True, False, 2], [1, 0, 2])
        self.assert_reads_as(b"\x01\x02\xff", [1, 2, 255])
        self.assert_reads_as(bytearray(b"\x07\x00"), [7, 0])
        for code in "bhilqBHILQ":
            vals = [v for v in ROW if v >= 0] if code.isupper() else ROW
            self.assert_reads_as(array.array(code, vals), vals)
        for code in "bhilqBHILQ":  # the ends of every item size, sign-extended or not
            bits = array.array(code).itemsize * 8
            ends = ([0, 2**bits - 1, 2**(bits - 1)] if code.isupper()
                    else [-(2**(bits - 1)), 2**(bits - 1) - 1, -1])
            if code.isupper() and bits == 64:
                ends = [0, 2**63 - 1]
            self.assert_reads_as(array.array(code, ends), ends)
        mv = memoryview(array.array("q", ROW))
        self.assert_reads_as(mv[::2], ROW[::2])  # strided: read as iterable
        self.assert_reads_as(mv[1:5], ROW[1:5])
        self.assert_reads_as({5: "a"}, [5])

    def test_int64_edges_and_overflow(self):
        edge = [oracle.INT64_MIN, oracle.INT64_MAX, 0]
        self.assert_reads_as(edge, edge)
        self.assert_reads_as(array.array("q", edge), edge)
        for bad, where in (([1, 2**63], 1), ([-(2**63) - 1], 0), ([0, 0, 10**30], 2)):
            for f in calls(bad):
                with self.assertRaisesRegex(OverflowError,
                                            r"coins\[%d\] = .* does not fit in a signed 64-bit"
                                            % where):
                    f()
        with self.assertRaisesRegex(OverflowError, r"coins\[1\] = 9223372036854775808"):
            coinline.solve(array.array("Q", [1, 2**63]))

    def test_ranges_are_read_without_an_int_per_coin_and_checked_at_once(self):
        for r in (range(0), range(7, 7), range(-3, 40, 7), range(10, -10, -7),
                  range(2**63 - 3, 2**63), range(-(2**63), -(2**63) + 3),
                  range(3, -(2**63) - 1, -(2**62))):
            self.assert_reads_as(r, list(r))
        for r, where in ((range(2**63, 2**63 + 3), 0), (range(0, 2**64, 2**63), 1),
                         (range(2**63 - 2, 2**70), 2), (range(-(2**63), -(2**64), -1), 1)):
            with self.assertRaisesRegex(OverflowError, r"coins\[%d\] = %d does not fit"
                                        % (where, r[where])):
                coinline.solve(r)
        with self.assertRaisesRegex(OverflowError, "more than 2\\*\\*63 coins"):
            coinline.solve(range(10**30))

    def test_a_row_too_large_for_memory_is_a_memory_error(self):
        for f in calls(range(10**13)):  # 80 TB of coins
            with self.assertRaises(MemoryError):
                f()
        for coins in (10**13, 2**61, 2**62, 2**63 - 1):  # whose size in bytes wraps
            with self.assertRaises(MemoryError):
                coinline.random_rows(1, coins)
        with self.assertRaises(MemoryError):
            coinline.duel(coins=2**61)

    def test_subclasses_and_odd_buffers_are_read_as_what_they_say(self):
        class Reversed(list):
            def __iter__(self):
                return iter(list(list.__iter__(self))[::-1])

        self.assert_reads_as(Reversed([1, 2, 3]), [3, 2, 1])
        raw = bytearray(8 * 4 + 1)
        unaligned = memoryview(raw)[1:].cast("q")
        unaligned[2] = -5
        self.assert_reads_as(unaligned, [0, 0, -5, 0])

        class BadIter:
            def __iter__(self):
                raise LookupError("from __iter__")

        with self.assertRaisesRegex(LookupError, "from __iter__"):
            coinline.solve(BadIter())

    def test_non_integers_are_type_errors_naming_the_element(self):
        for bad, where, kind in (([1, 2.5], 1, "float"), ([None], 0, "NoneType"),
                                 ([1, 2, "3"], 2, "str"), ([[1]], 0, "list")):
            for f in calls(bad):
                with self.assertRaisesRegex(TypeError, r"coins\[%d\] is %s, not an integer"
                                            % (where, kind)):
                    f()
        with self.assertRaisesRegex(TypeError, "not str"):
            coinline.solve("1 2 3")
        with self.assertRaisesRegex(TypeError, "iterable of integers, not int"):
            coinline.solve(5)
        with self.assertRaisesRegex(TypeError, r"coins\[0\] is float"):
            coinline.solve(array.array("d", [1.0]))
        with self.assertRaisesRegex(TypeError, "one-dimensional"):
            coinline.solve(memoryview(array.array("q", [1, 2, 3, 4])).cast("B").cast("q", (2, 2)))

    def test_exceptions_of_the_callers_objects_pass_through(self):
        def broken():
            yield 1
            raise KeyError("from the generator")

        class BadIndex:
            def __index__(self):
                raise ArithmeticError("from __index__")

        with self.assertRaisesRegex(KeyError, "from the generator"):
            coinline.solve(broken())
        with self.assertRaisesRegex(ArithmeticError, "from __index__"):
            coinline.line([1, BadIndex()])

    def test_a_list_that_shrinks_while_read_is_read_safely(self):
        row = [1, 2, 3, 4, 5, 6]

        class Shrink:
            def __index__(self):
                del row[2:]
                return 7

        row[1] = Shrink()
        self.assertEqual(coinline.Engine(row).row.tolist(), [1, 7])

    @unittest.skipIf(numpy is None, "NumPy is not installed (it is never needed)")
    def test_numpy_arrays(self):
        a = numpy.array(ROW, dtype=numpy.int64)
        self.assert_reads_as(a, ROW)
        self.assert_reads_as(a[::3], ROW[::3])
        self.assert_reads_as(numpy.array(ROW, dtype=numpy.int16), ROW)
        self.assert_reads_as(list(a), ROW)
        with self.assertRaises(TypeError):
            coinline.solve(numpy.array([1.5]))
        with self.assertRaises(OverflowError):
            coinline.solve(numpy.array([2**64 - 1], dtype=numpy.uint64))

    def test_fuzz_the_argument_conversion(self):
        r = random.Random(20)
        atoms = [0, 1, -1, 2**63 - 1, -(2**63), 2**63, -(2**64), 10**40, 1.5, float("nan"),
                 "L", "left", "", "x", None, b"\x00", [], [1, 2], (3,), {}, object(),
                 True, Index(3), Index(2**70), array.array("q", [5]), range(3), 1j]
        allowed = (TypeError, ValueError, OverflowError, MemoryError, RuntimeError)
        ran = 0

        def arg():
            k = r.randrange(4)
            if k == 0:
                return r.choice(atoms)
            if k == 1:
                return [r.choice(atoms) for _ in range(r.randint(0, 5))]
            if k == 2:
                return tuple(r.randint(-5, 5) for _ in range(r.randint(0, 6)))
            return r.choice(["optimal", "greedy", "fallible:0.5", "fallible:2", "exec:x",
                             "random", "dp", "brute", "linear", "LRL"])

        fns = [coinline.solve, coinline.best_move, coinline.line, coinline.analyze,
               coinline.Engine, coinline.Strategy, coinline.random_rows,
               coinline.random_next, lambda *a: coinline.Engine([1, 2, 3]).play(*a),
               lambda *a: coinline.Strategy("greedy").move(*a)]
        for _ in range(20000):
            f = r.choice(fns)
            args = [arg() for _ in range(r.randint(0, 4))]
            try:
                f(*args)
            except allowed:
                pass
            ran += 1
        self.assertEqual(ran, 20000)


if __name__ == "__main__":
    unittest.main()
