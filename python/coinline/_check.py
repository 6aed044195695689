# SPDX-License-Identifier: MIT
"""Checking a learner's solution against the exact answers (check), and the
smallest row on which a strategy gives points away (counter).

check() plays a Python function on the games of the library's check
(the same list, in the same order, as coinline check plays a program:
the plan's games come from _coinline.check_game), judges each answer
against solve(), and on the first failure has the library shrink the row
(_coinline.check_shrink) with this module's judge as the test of "still
fails the same way"; the library also tells how the time grows
(_coinline.check_growth). What is Python's own here is what only Python
can do: call the function, catch what it raises, stop it at the time
limit (SIGALRM), and read its answer.

counter() walks the rows in the order of coinline counter (cli/counter.h:
fewest coins, then the smaller largest coin, then the smaller sum, then
dictionary order) and plays the strategy as player 1 against the
engine's optimal moves, ties to the left, until it ends below the value.
"""
from __future__ import annotations

import builtins
import dataclasses
import operator
import signal
import threading
import time
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple, Union

from ._coinline import (
    Engine,
    Rules,
    Strategy,
    check_count,
    check_game,
    check_growth,
    check_shrink,
    line,
    random_next,
    solve,
)

ANSWERS = ("first", "margin", "both", "wins")

_WORDS = {
    "first": "player 1's best total",
    "margin": "player 1's best margin, p1 - p2",
    "both": "both best totals, (p1, p2)",
    "wins": "True when player 1 wins or ties",
}
_WANT = {
    "first": "an int",
    "margin": "an int",
    "both": "a pair of ints",
    "wins": "a bool",
}
_MASK = 2**64 - 1


class _TimeUp(BaseException):
    """Raised inside the function by SIGALRM: a BaseException, so that the
    function's own `except Exception` does not swallow it."""


@dataclasses.dataclass(frozen=True)
class CheckResult:
    """What check() found. True (bool) when every game passed.

    status is 'ok', 'wrong' (a wrong answer), 'crash' (the function
    raised: error), 'timeout' (no answer within time_limit) or
    'bad-output' (an answer of the wrong type: None, a str, a float that
    is no integer). For a failure: coins is the failing game, shrunk to a
    small one that fails the same way (shrunk_from is the game that
    failed first, runs the calls the shrinking made; a time-out is not
    shrunk), expected the exact answer on it, got the function's, kind
    what the first failing game was there for ('edge', 'example', 'tie',
    'small', 'trap', 'growing'), line the optimal line of coins. games
    counts the games played (the failing one too) of the total, passed
    those that passed. growth ('unknown', 'n', 'n^2', 'n^3', 'n^k',
    'exponential') and exponent (the fitted power; None when unknown)
    tell how the time per game grew with n.
    str() is the report in words.
    """

    status: str
    answer: str
    games: int
    passed: int
    total: int
    growth: str
    exponent: Optional[float]
    coins: Optional[List[int]] = None
    expected: Any = None
    got: Any = None
    kind: Optional[str] = None
    shrunk_from: Optional[List[int]] = None
    runs: int = 0
    error: Optional[BaseException] = None
    line: Optional[Union[str, List[int]]] = None
    time_limit: Optional[float] = None

    def __bool__(self) -> bool:
        return self.status == "ok"

    def _growth_text(self) -> str:
        if self.growth == "unknown":
            return ("its times were too short or too few, against the "
                    "noise, to tell how they grow")
        if self.growth == "exponential":
            return "its time grows exponentially with n"
        return "its time grows about as %s" % self.growth

    def _what(self) -> str:
        if self.status == "wrong":
            return "a wrong answer"
        if self.status == "crash":
            return "a crash (%s: %s)" % (type(self.error).__name__, self.error)
        if self.status == "timeout":
            return "a time-out (no answer within %g s on %d coins; not shrunk)" % (
                self.time_limit, len(self.coins or []))
        return "output that is no answer (%r, not %s)" % (self.got, _WANT[self.answer])

    def __str__(self) -> str:
        if self.status == "ok":
            return "check: ok: all %d games passed (answer %s: %s); %s." % (
                self.games, self.answer, _WORDS[self.answer], self._growth_text())
        coins = self.coins or []
        shrunk = ""
        if self.shrunk_from is not None and self.shrunk_from != self.coins:
            shrunk = ", shrunk from %d coins in %d runs" % (len(self.shrunk_from), self.runs)
        out = [
            "check: %s on game %d of %d (%s)%s." % (
                self._what(), self.games, self.total, self.kind, shrunk),
            "  coins (%d): %s" % (len(coins), " ".join(str(c) for c in coins)),
            "  expected: %r (answer %s: %s)" % (self.expected, self.answer,
                                                 _WORDS[self.answer]),
        ]
        if self.status in ("wrong", "bad-output"):
            out.append("  got: %r" % (self.got,))
        out.append("  optimal line: %s" % (self.line,))
        out.append("  %d games passed before it; %s." % (self.passed, self._growth_text()))
        return "\n".join(out)


@dataclasses.dataclass(frozen=True)
class _Run:
    """One call of the function on coins, judged."""

    coins: List[int]
    status: str
    expected: Any
    got: Any = None
    error: Optional[BaseException] = None
    seconds: float = 0.0


class _Timer:
    """Calls the function with the time limit: SIGALRM (signal.setitimer)
    raises _TimeUp inside it when this is the main thread of a POSIX
    Python; elsewhere a call that returns late is a time-out all the
    same, but it cannot be stopped."""

    def __init__(self, limit: Optional[float]):
        self.limit = limit if limit is not None and limit > 0 else None
        self.alarm = (self.limit is not None and hasattr(signal, "setitimer")
                      and threading.current_thread() is threading.main_thread())
        self.armed = False
        self.old: Any = None

    def __enter__(self) -> "_Timer":
        if self.alarm:
            self.old = signal.signal(signal.SIGALRM, self._ring)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            # None: a handler not set from Python, which cannot be put back
            signal.signal(signal.SIGALRM, signal.SIG_DFL if self.old is None else self.old)

    def _ring(self, signum: int, frame: Any) -> None:
        if self.armed:
            self.armed = False
            raise _TimeUp()

    def call(self, fn: Callable[[List[int]], Any], coins: List[int]):
        """(status, got, error, seconds): status 'ok' (got is what fn
        returned), 'crash' or 'timeout'."""
        start = time.perf_counter()
        try:
            self.armed = True
            if self.alarm:
                signal.setitimer(signal.ITIMER_REAL, self.limit)
            got = fn(list(coins))
            status, error = "ok", None
        except _TimeUp:
            got, status, error = None, "timeout", None
        except Exception as e:  # the function's own failure: a crash
            got, status, error = None, "crash", e
        finally:
            self.armed = False
            if self.alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.perf_counter() - start
        if status == "ok" and self.limit is not None and seconds > self.limit:
            status = "timeout"
        return status, got, error, seconds


def _integer(v: Any) -> Optional[int]:
    """v as an int when it is one (a float only when integral), or None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, float):
        return int(v) if v.is_integer() else None
    try:
        return operator.index(v)
    except TypeError:
        return None


def _answer_of(got: Any, answer: str) -> Any:
    """The answer read from what the function returned, or None when it is
    no answer of that kind."""
    if answer == "wins":
        if isinstance(got, bool) or type(got).__name__ == "bool_":
            return bool(got)
        return None
    if answer == "both":
        if not isinstance(got, (tuple, list)) or len(got) != 2:
            return None
        pair = (_integer(got[0]), _integer(got[1]))
        return None if None in pair else pair
    return _integer(got)


class _Judge:
    """Plays the function on a row and compares with the exact answer."""

    def __init__(self, fn: Callable[[List[int]], Any], answer: str, rules: Rules,
                 timer: _Timer):
        self.fn, self.answer, self.rules, self.timer = fn, answer, rules, timer

    def expected(self, coins: List[int]) -> Any:
        r = solve(coins, rules=self.rules)
        return {"first": r.p1, "margin": r.margin, "both": (r.p1, r.p2),
                "wins": r.margin >= 0}[self.answer]

    def run(self, coins: List[int]) -> _Run:
        expected = self.expected(coins)
        status, got, error, seconds = self.timer.call(self.fn, coins)
        if status == "ok":
            given = _answer_of(got, self.answer)
            if given is None:
                status = "bad-output"
            elif given != expected:
                status = "wrong"
        return _Run(coins, status, expected, got, error, seconds)


def _same_failure(a: _Run, b: _Run) -> bool:
    """b fails the way a did: the same status (and exception type)."""
    return a.status == b.status and type(a.error) is type(b.error)


def _check_rules(circle: bool, score: str, rules: Any) -> Rules:
    if rules is not None:
        if circle or score != "taken":
            raise ValueError("check: give rules, or circle and score, not both")
        return solve([], rules=rules).rules
    return solve([], circle=bool(circle), score=score).rules


def _shrink(judge: _Judge, plan: tuple, first: _Run, budget: int) -> Tuple[_Run, int]:
    """The smallest row found that fails as first did, judged; the runs."""
    last = [first]

    def fails(row: List[int]) -> bool:
        r = judge.run(row)
        if _same_failure(first, r):
            last[0] = r
            return True
        return False

    small, runs = check_shrink(plan, first.coins, fails, budget)
    if last[0].coins != small:  # not expected: the library keeps the last
        last[0] = judge.run(small)
    return last[0], runs


def _failure(judge: _Judge, plan: tuple, run: _Run, kind: str, counts: Dict[str, Any],
             budget: int) -> CheckResult:
    final, runs = run, 0
    if run.status != "timeout" and budget > 0:
        final, runs = _shrink(judge, plan, run, budget)
    return CheckResult(
        status=final.status, coins=final.coins, expected=final.expected,
        got=final.got, kind=kind, shrunk_from=run.coins, runs=runs,
        error=final.error, line=line(final.coins, rules=judge.rules),
        time_limit=judge.timer.limit, **counts)


def check(
    fn: Callable[[List[int]], Any],
    answer: str = "first",
    *,
    min: int = 1,
    max: int = 100,
    max_n: int = 1000,
    even: bool = False,
    allow_empty: bool = False,
    seed: int = 1,
    circle: bool = False,
    score: str = "taken",
    rules: Any = None,
    time_limit: Optional[float] = 2.0,
    shrink_budget: int = 200,
    strict: bool = False,
) -> CheckResult:
    """Checks fn, a solution to the game, on the games coinline check plays
    (the same plan, the same list in the same order), against the exact
    answers, and returns a CheckResult (true when every game passed).

    fn(coins) is called with a list of ints and returns the answer:
    'first' player 1's best total (the classic question), 'margin' p1 - p2,
    'both' the pair (p1, p2) (a tuple or a list), 'wins' a bool, True
    when player 1 wins or ties ("Predict the Winner"). An int-like value
    (a NumPy int, an integral float) counts as an int. The games: edge
    cases, the classic worked examples, ties, small rows, rows where greedy
    and parity lose points, then growing rows up to max_n coins; values
    in [min, max]; even=True keeps even n only; allow_empty adds the empty
    row; seed draws the random rows. circle, score or rules (as solve()
    takes them) check another rule set's answer ('first' and 'both' need
    a scoring where a move scores the coin it takes).

    At the first game that fails it stops: a wrong answer, an exception
    from fn (a crash), no answer within time_limit seconds (a time-out;
    None for no limit), or a value of the wrong kind (bad output). It
    then shrinks the game (at most shrink_budget calls of fn) to a small
    one that fails the same way. The time limit interrupts fn with
    SIGALRM when check() runs in the main thread of a POSIX Python (a long
    call into C code is stopped only when it returns to Python); in
    another thread, or on Windows, a call is not interrupted but is still
    a time-out when it returns late. fn's time on each game tells the
    growth ('n', 'n^2', ..., 'exponential').

    strict=True raises AssertionError on a failure, its message the
    report (str(result)), the CheckResult as its attribute result: for
    unittest, self.assertTrue(coinline.check(f)) or check(f, strict=True).
    Raises ValueError or TypeError for bad arguments.
    """
    if not callable(fn):
        raise TypeError("check: fn must be a callable, not %s" % type(fn).__name__)
    if answer not in ANSWERS:
        raise ValueError("check: answer = %r: give one of %s" % (answer, ", ".join(ANSWERS)))
    the_rules = _check_rules(circle, score, rules)
    if answer in ("first", "both") and the_rules.score != "taken":
        raise ValueError("check: answer=%r needs a move to score the coin it takes; under "
                         "score=%r give 'margin' or 'wins'" % (answer, the_rules.score))
    if isinstance(shrink_budget, bool) or not isinstance(shrink_budget, int) \
            or shrink_budget < 0:
        raise ValueError("check: shrink_budget must be an int >= 0")
    plan = (min, max, max_n, bool(even), bool(allow_empty), seed)
    total = check_count(plan)
    sizes: List[int] = []
    seconds: List[float] = []
    with _Timer(time_limit) as timer:
        judge = _Judge(fn, answer, the_rules, timer)
        failed = None
        for k in range(total):
            kind, coins = check_game(plan, k)
            run = judge.run(coins)
            sizes.append(len(coins))
            seconds.append(run.seconds)
            if run.status != "ok":
                failed = (run, kind)
                break
        growth, exponent = check_growth(sizes, seconds, 0.0)
        counts = {"answer": answer, "games": len(sizes), "total": total,
                  "passed": len(sizes) - (failed is not None),
                  "growth": growth,
                  "exponent": None if growth == "unknown" else exponent}
        if failed is None:
            result = CheckResult(status="ok", time_limit=timer.limit, **counts)
        else:
            result = _failure(judge, plan, failed[0], failed[1], counts, shrink_budget)
    if strict and not result:
        err = AssertionError(str(result))
        err.result = result  # type: ignore[attr-defined]
        raise err
    return result


@dataclasses.dataclass(frozen=True)
class CounterResult:
    """The smallest row on which a strategy, as player 1 against optimal
    play, ends below the optimal total (counter()).

    coins is the row; loss the points of player 1's total it gave away;
    p1 and p2 the totals of its game, optimal_p1 and optimal_p2 those of
    best play; winner who won its game ('first', 'second', 'draw');
    strategy_line and optimal_line both games' moves, a letter each
    ('L', 'R'); rows the rows played to find it; strategy its name.
    as_dict() is the object of coinline counter --json.
    """

    strategy: str
    rows: int
    coins: List[int]
    loss: int
    p1: int
    p2: int
    optimal_p1: int
    optimal_p2: int
    winner: str
    strategy_line: str
    optimal_line: str

    def as_dict(self) -> dict:
        """The object of coinline counter STRATEGY --json."""
        d = dataclasses.asdict(self)
        d["n"] = len(self.coins)
        return d


def _rows(n: int, lo: int, hi: int) -> Iterator[List[int]]:
    """The rows of n coins in [lo, hi] in the order of coinline counter:
    by the largest coin, then the sum, then in dictionary order."""
    a = [0] * n

    def fill(i: int, rest: int, has: bool, top: int) -> Iterator[List[int]]:
        if i == n:
            if rest == 0 and has:
                yield list(a)
            return
        k = n - i - 1
        first = builtins.max(rest - k * top, lo)
        last = builtins.min(rest - k * lo, top)
        room = lo - 1 if k == 0 else rest - top - (k - 1) * lo
        for v in range(first, last + 1):
            if not has and v != top and v > room:
                continue
            a[i] = v
            yield from fill(i + 1, rest - v, has or v == top, top)

    for top in range(lo, hi + 1):
        for s in range(n * lo + (top - lo), n * top + 1):
            yield from fill(0, s, False, top)


def _row_seed(seed: int, row: List[int]) -> int:
    """The seed of a strategy's random choices on row, as coinline counter
    makes it: the search's seed mixed with the coins."""
    state = (seed ^ len(row)) & _MASK
    for c in row:
        state = random_next(state ^ (c & _MASK))[1]
    return random_next(state)[0]


_SIDES = {"left": "left", "l": "left", "right": "right", "r": "right"}

CounterStrategy = Union[str, Strategy, Callable[[List[int], int, int], str]]


def _chooser(strategy: CounterStrategy, seed: int):
    """(name, choose(engine, row, lo, hi) -> 'left' | 'right')."""
    if isinstance(strategy, str):
        Strategy(strategy)  # a bad name is a ValueError now
        return strategy, lambda e, row, lo, hi: Strategy(strategy, _row_seed(seed, row)).move(e)
    if isinstance(strategy, Strategy):
        return strategy.name, lambda e, row, lo, hi: strategy.move(e)
    if not callable(strategy):
        raise TypeError("counter: a strategy is a callable (coins, lo, hi) -> 'left' | "
                        "'right', a Strategy or its name, not %s" % type(strategy).__name__)
    name = getattr(strategy, "__name__", "custom")

    def choose(e: Engine, row: List[int], lo: int, hi: int) -> str:
        got = strategy(list(row), lo, hi)
        side = _SIDES.get(got.lower()) if isinstance(got, str) else None
        if side is None:
            raise ValueError("counter: the strategy %s returned %r on %r, lo=%d, hi=%d: give "
                             "'left' or 'right'" % (name, got, row, lo, hi))
        return side

    return name, choose


def _play(row: List[int], choose) -> Tuple[str, int, int]:
    """The strategy (player 1) against optimal play: moves, p1, p2."""
    e = Engine(row)
    lo, hi, moves, totals = 0, len(row), [], [0, 0]
    for k in range(len(row)):
        side = choose(e, row, lo, hi) if k % 2 == 0 else e.state().best
        totals[k % 2] += e.play(side)
        moves.append("L" if side == "left" else "R")
        lo, hi = (lo + 1, hi) if side == "left" else (lo, hi - 1)
    return "".join(moves), totals[0], totals[1]


def counter(
    strategy: CounterStrategy,
    *,
    min: int = 1,
    max: int = 9,
    max_n: int = 6,
    even: bool = False,
    circle: bool = False,
    seed: int = 1,
) -> Optional[CounterResult]:
    """The smallest row on which strategy, as player 1 against optimal play
    (the engine's moves, ties to the left), ends with less than the optimal
    total, as coinline counter finds it: rows of 1 to max_n coins (even
    ones only with even) with values in [min, max], fewest coins first,
    then the smaller largest coin, then the smaller sum, then dictionary
    order. Returns a CounterResult, or None when no row within the bounds
    loses points.

    strategy is a callable strategy(coins, lo, hi) that returns 'left' or
    'right' (or 'L', 'R') for the coins left, coins[lo:hi]; a Strategy
    (moved with move()); or a built-in's name ('greedy', 'parity',
    'random', 'fallible:P'), seeded for each row from seed and the row's
    coins as coinline counter seeds it. The circle's first move is a
    position, which a callable of this shape cannot give: circle=True is a
    ValueError (coinline counter --circle searches the circle). Bounds: max
    - min at most 1000, max_n from 1 to 64. Cost: a game for each row
    tried, up to the sum over n of (max - min + 1)**n rows.
    """
    if circle:
        raise ValueError("counter: circle=True is not searched from Python (a circle's first "
                         "move is a position, not an end): use coinline counter --circle")
    if min > max or max - min > 1000:
        raise ValueError("counter: need min <= max <= min + 1000 (got %d, %d)" % (min, max))
    if not 1 <= max_n <= 64 or (even and max_n < 2):
        raise ValueError("counter: max_n = %d: need 1 <= max_n <= 64 (2 with even)" % max_n)
    name, choose = _chooser(strategy, seed)
    rows = 0
    for n in range(2 if even else 1, max_n + 1, 2 if even else 1):
        for row in _rows(n, min, max):
            rows += 1
            best = solve(row)
            moves, p1, p2 = _play(row, choose)
            if p1 - p2 < best.margin:
                return CounterResult(
                    strategy=name, rows=rows, coins=row, loss=(best.margin - (p1 - p2)) // 2,
                    p1=p1, p2=p2, optimal_p1=best.p1, optimal_p2=best.p2,
                    winner="first" if p1 > p2 else "second" if p1 < p2 else "draw",
                    strategy_line=moves, optimal_line=line(row))
    return None
