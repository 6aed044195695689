# SPDX-License-Identifier: MIT
"""coinline: the coins-in-a-line game, solved exactly.

A row of integer coins; two players take turns, each taking the first or
the last coin left; both play optimally. This module is libcoinline, the
C library of the coinline tool, for Python:

    >>> import coinline
    >>> r = coinline.solve([1, 3, 5, 2, 9])
    >>> r.p1, r.p2, r.winner, r.first_move
    (14, 6, 'first', 'right')
    >>> coinline.line([1, 3, 5, 2, 9])
    'RLLLL'
    >>> coinline.best_move([1, 3, 5, 2, 9], 1, 4)   # on [3, 5, 2]
    ('left', 0)

Values are exact Python ints, however large the totals (coins are signed
64-bit integers; totals may pass 64 bits). Rows are any iterable of ints:
a list, a tuple, a range, an array.array, a NumPy integer array (read in
place when it is contiguous int64).

- solve(coins, algo)       optimal play: totals, winner, first move
- best_move(coins, lo, hi) the optimal move on a sub-row, and its margin
- line(coins)              the optimal line, 'L'/'R' per coin
- Engine(coins)            a game in progress: play, undo, state; iterating
                           it walks the optimal line from where it stands
- Strategy(spec)           who chooses a move: optimal, greedy, parity,
                           random, fallible:P, or your own function
- duel(p1, p2, ...)        two strategies on many rows, as coinline duel
- analyze(coins, moves)    a played game judged move by move
- circle_solve(coins)      the circular game (the pizza problem): the first
                           player takes any coin, then the ends of the line
                           left; circle_margins, circle_line, circle_rotate
- random_rows(...)         the random rows of coinline gen
- check(fn, answer)        your solution against the exact answers, on
                           coinline check's games, with the smallest
                           counterexample; counter(strategy) the smallest
                           row where a strategy loses points
- against(coins, rule)     the best reply to an opponent known to follow
                           rule (greedy, ..., random: exact Fractions);
                           against_line(coins, rule) its line of play

Other rules: solve, line, analyze, Game and Table take circle=True (the
circle) and score='remaining' (a move scores the sum of the coins left
after it: LeetCode 1690), or rules=, a Rules or its text
('circle,remaining'); a move is then the position (1-based) of the coin
it takes:

    >>> coinline.solve([5, 3, 1, 4, 2], score="remaining").margin
    6
    >>> g = coinline.Game([5, 3, 1, 4, 2], circle=True)
    >>> g.state().best, g.play(4), g.legal_moves()
    (4, 4, [5, 3])

- Game(coins, ...)         a game under any rules over positions: play,
                           undo, state, outcome, legal_moves
- Table(coins, ...)        the interval programme's table under any rules

Several rows (the contest task "Termity"): a move takes the first or the
last coin of any row; rows are numbered from 0, as lists are, and a move
is a pair (row, side):

    >>> r = coinline.solve_rows([[1, 3, 5], [2, 9], [4]])
    >>> r.p1, r.p2, r.margin, r.first_move
    (15, 9, 6, (1, 'right'))
    >>> g = coinline.RowsGame([[1, 3, 5], [2, 9], [4]])
    >>> g.play(1, "right"), g.state().best, g.value(), g.rows
    (9, (0, 'right'), 3, [[1, 3, 5], [2], [4]])

- solve_rows(rows)         optimal play on several rows: totals, winner,
                           first move as (row, side)
- rows_line(rows)          the optimal line: a list of (row, side)
- RowsGame(rows)           a game of several rows: play(row, side), undo,
                           state (value, final_margin), outcome(row, side),
                           value, row(r), rows

The tutorial is docs/python.md of the coinline tree; help() on each name
is its manual.
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Iterable, Iterator, List, Optional, Tuple, Union

from ._coinline import (
    BRUTE_MAX,
    SCORES,
    SHAPES,
    AgainstResult,
    CircleResult,
    Game,
    GameState,
    Result,
    Review,
    Rules,
    RowsGame,
    RowsResult,
    RowsState,
    State,
    Strategy,
    Table,
    TableCell,
    __version__,
    against,
    against_line,
    analyze,
    best_move,
    circle_line,
    circle_margins,
    circle_rotate,
    circle_solve,
    line,
    random_next,
    random_rows,
    rows_line,
    solve,
    solve_rows,
)
from ._coinline import Engine as _Engine
from ._check import CheckResult, CounterResult, check, counter

__all__ = [
    "AgainstResult",
    "BRUTE_MAX",
    "CheckResult",
    "CircleResult",
    "CounterResult",
    "DuelGame",
    "DuelResult",
    "Engine",
    "Game",
    "GameState",
    "Result",
    "Review",
    "Rules",
    "RowsGame",
    "RowsResult",
    "RowsState",
    "SCORES",
    "SHAPES",
    "State",
    "Strategy",
    "StrategyResult",
    "Table",
    "TableCell",
    "against",
    "against_line",
    "analyze",
    "best_move",
    "check",
    "circle_line",
    "circle_margins",
    "circle_rotate",
    "circle_solve",
    "counter",
    "duel",
    "line",
    "random_next",
    "random_rows",
    "rows_line",
    "solve",
    "solve_rows",
    "__version__",
]


class Engine(_Engine):
    """A game in progress on a row of coins, and the optimal move at every
    position, in O(log n) amortised steps a call:

        >>> e = coinline.Engine([1, 3, 5, 2, 9])
        >>> e.state().best
        'right'
        >>> e.play("left")      # not optimal: returns the coin taken
        1
        >>> e.state().value     # the best margin player 2 can now secure
        9
        >>> e.undo()

    len(e) is the number of coins left; e.moves the moves played;
    e.row the whole row (a read-only memoryview). Iterating an engine
    yields the States along the optimal line from the position it has
    reached, to the end (the last State has best None): it plays each
    optimal move on the engine as it goes, and takes them all back when
    the iteration ends (or the iterator is closed or collected). Playing
    or undoing on the engine while an iteration is paused is refused with
    RuntimeError at its next step, and the engine is then left as it is.

    Building costs O(n) time and about 150 bytes a coin (without the GIL
    for long rows). Every call holds the GIL, so threads sharing an
    engine take turns: give each game its own Engine.
    """

    def __iter__(self) -> Iterator[State]:
        played = 0
        seen = self.changes
        try:
            while True:
                state = self.state()
                yield state
                if self.changes != seen:
                    raise RuntimeError("the Engine was changed during iteration")
                if state.best is None:
                    return
                self.play(state.best)
                played += 1
                seen = self.changes
        finally:
            if self.changes == seen:
                for _ in range(played):
                    self.undo()


StrategySpec = Union[str, Strategy, Callable[[State], str]]


@dataclasses.dataclass(frozen=True)
class StrategyResult:
    """One strategy's results over a duel, as coinline duel reports them.

    wins, draws and losses count games (forfeits among the losses; a
    Python strategy never forfeits: what it raises stops the duel).
    margin_sum and loss_sum are exact; mean_margin, worst_margin and
    mean_loss are per game, None when no game was played.
    """

    strategy: str
    wins: int
    draws: int
    losses: int
    forfeits: int
    margin_sum: int
    loss_sum: int
    worst_margin: Optional[int]
    mean_margin: Optional[float]
    mean_loss: Optional[float]


@dataclasses.dataclass(frozen=True)
class DuelGame:
    """One game of a duel: the row's index, which strategy (0 for p1, 1
    for p2) moved first, the moves, both seats' totals (p1 is the seat
    that moved first), and what each strategy's moves gave away against
    best play, indexed by strategy (loss[0] is strategy p1's, wherever it
    sat)."""

    row: int
    first: int
    moves: str
    p1: int
    p2: int
    loss: Tuple[int, int]


@dataclasses.dataclass(frozen=True)
class DuelResult:
    """The results of a duel: rows played, games (two a row), one
    StrategyResult per strategy (p1's first), and every game."""

    rows: int
    games: int
    results: Tuple[StrategyResult, StrategyResult]
    played: List[DuelGame]

    def as_dict(self) -> dict:
        """The object of coinline duel --json (means not rounded)."""
        out = []
        for r in self.results:
            out.append(
                {
                    "strategy": r.strategy,
                    "wins": r.wins,
                    "draws": r.draws,
                    "losses": r.losses,
                    "forfeits": r.forfeits,
                    "mean_margin": r.mean_margin if r.mean_margin is not None else 0.0,
                    "worst_margin": r.worst_margin,
                    "mean_loss": r.mean_loss if r.mean_loss is not None else 0.0,
                }
            )
        return {"rows": self.rows, "games": self.games, "results": out}


def _spec_name(spec: StrategySpec) -> str:
    if isinstance(spec, str):
        return spec
    if isinstance(spec, Strategy):
        return spec.name
    return Strategy(spec).name


def _game_strategy(spec: StrategySpec, seed: int, game: int, k: int) -> Strategy:
    """Strategy k's player in game (from 0), seeded as coinline duel seeds
    it, so that the same seed plays the same match."""
    if isinstance(spec, Strategy):
        return spec
    game_seed = random_next((seed ^ (2 * game + k + 1)) % 2**64)[0]
    return Strategy(spec, game_seed)


def _play_game(row: List[int], players: Tuple[Strategy, Strategy], first: int):
    """Plays one game, strategy first in seat 1: (moves, p1, p2, losses)."""
    engine = _Engine(row)
    loss = [0, 0]
    state = engine.state()
    while state.to_move is not None:
        who = first if state.to_move == 1 else 1 - first
        before = state.value
        coin = engine.play(players[who].move(engine))
        state = engine.state()
        loss[who] += (before - (coin - state.value)) // 2
    return engine.moves, state.p1, state.p2, (loss[0], loss[1])


def _tally(name: str, margins: List[int], losses: List[int]) -> StrategyResult:
    games = len(margins)
    return StrategyResult(
        strategy=name,
        wins=sum(1 for m in margins if m > 0),
        draws=sum(1 for m in margins if m == 0),
        losses=sum(1 for m in margins if m < 0),
        forfeits=0,
        margin_sum=sum(margins),
        loss_sum=sum(losses),
        worst_margin=min(margins) if games else None,
        mean_margin=sum(margins) / games if games else None,
        mean_loss=sum(losses) / games if games else None,
    )


def duel(
    p1: StrategySpec = "optimal",
    p2: StrategySpec = "greedy",
    rows: Optional[Iterable[Iterable[int]]] = None,
    *,
    games: Optional[int] = None,
    coins: Optional[int] = None,
    min: Optional[int] = None,
    max: Optional[int] = None,
    seed: int = 1,
) -> DuelResult:
    """Plays two strategies against each other, as coinline duel does.

    Every row is played twice, once with each strategy moving first. The
    rows are those given, or games random rows (default 100) of coins
    coins (default 20) in [min, max] (default 1 to 100) drawn from seed
    (random_rows); giving both rows and any of games, coins, min and max
    is a ValueError, since one would be ignored. A strategy is a name
    ('optimal', 'greedy', 'parity', 'random', 'fallible:P'), a Strategy,
    or a callable fn(state) -> 'left' | 'right'. Named strategies are
    seeded for each game from seed as coinline duel seeds them, so
    duel('optimal', 'random', seed=7) gives the results of
    coinline duel --p1 optimal --p2 random --seed 7.

    For each strategy: wins, draws and losses; its margin (own total minus
    the other's) in sum, on average and at worst; and its loss, the points
    its own moves gave away against optimal play (0 for 'optimal').
    Raises ValueError for an unknown strategy, and whatever a callable
    strategy raises.
    """
    specs = (p1, p2)
    names = (_spec_name(p1), _spec_name(p2))
    drawn = (games, coins, min, max)
    if rows is not None and any(v is not None for v in drawn):
        raise ValueError("duel: games, coins, min and max draw random rows; "
                         "they cannot go with rows")
    if rows is None:
        rows = random_rows(100 if games is None else games,
                           20 if coins is None else coins,
                           1 if min is None else min,
                           100 if max is None else max, seed)
    margins: Tuple[List[int], List[int]] = ([], [])
    losses: Tuple[List[int], List[int]] = ([], [])
    played: List[DuelGame] = []
    nrows = 0
    for row in rows:
        row = list(row)
        for first in (0, 1):
            g = len(played)
            players = (
                _game_strategy(specs[0], seed, g, 0),
                _game_strategy(specs[1], seed, g, 1),
            )
            moves, t1, t2, loss = _play_game(row, players, first)
            margin = t1 - t2 if first == 0 else t2 - t1
            margins[0].append(margin)
            margins[1].append(-margin)
            losses[0].append(loss[0])
            losses[1].append(loss[1])
            played.append(DuelGame(nrows, first, moves, t1, t2, loss))
        nrows += 1
    results = (
        _tally(names[0], margins[0], losses[0]),
        _tally(names[1], margins[1], losses[1]),
    )
    return DuelResult(nrows, len(played), results, played)
