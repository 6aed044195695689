# SPDX-License-Identifier: MIT
"""The known rules and the classic value, by exhaustive play in plain
Python: the oracle of the --against tests (t0068, t0069)."""


def classic(a, i, j):
    """The classic value of a[i:j] for the player to move."""
    if i == j:
        return 0
    return max(a[i] - classic(a, i + 1, j), a[j - 1] - classic(a, i, j - 1))


def rule_left(rule, a, i, j):
    """The rule's move on a[i:j]: True for the left end."""
    if rule in ("optimal",) or rule.startswith("fallible:"):
        return a[i] - classic(a, i + 1, j) >= a[j - 1] - classic(a, i, j - 1)
    if rule == "parity" and (j - i) % 2 == 0:
        even = sum(a[k] for k in range(i, j) if k % 2 == 0)
        odd = sum(a[k] for k in range(i, j) if k % 2 == 1)
        return even == odd or (even > odd) == (i % 2 == 0)
    return a[i] >= a[j - 1]


def text(f):
    """A fraction as the tool writes it: "7", "-13/4"."""
    return str(f.numerator) if f.denominator == 1 else "%d/%d" % (
        f.numerator, f.denominator)


RULES = ["greedy", "parity", "optimal", "random", "fallible:0.25",
         "fallible:0.3"]


def rows(rng, count):
    """count random rows of 0..9 coins, small values with ties and signs,
    every seventh of values near the int64 limits."""
    for round in range(count):
        n = rng.randint(0, 9)
        wide = round % 7 == 0
        yield [rng.randint(-10**18, 10**18) if wide else rng.randint(-3, 5)
               for _ in range(n)]
