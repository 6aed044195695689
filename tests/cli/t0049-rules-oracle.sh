#!/bin/sh
# SPDX-License-Identifier: MIT
# The tests' oracle (tests/cli/rules_oracle.py: the game under any rules
# by its recurrence) checked itself: against exhaustive play (every move
# tried at every turn, no memo, written here apart) on every small row of
# a few coins and on random rows up to the int64 limits, under each rule
# set; its tie-breaks; LeetCode 1690's examples; the classic table.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

cat >"$TRASH_ROOT/exhaustive.py" <<\PYEOF
import itertools, random
from rules_oracle import Game, Oracle, solve, table, winner

RULES = [(s, c) for s in ("line", "circle") for c in ("taken", "remaining")]

def on_line(run, score):
    """The best margin of the player to move on the coins run (a list),
    taking an end: every game played out."""
    if not run:
        return 0
    best = None
    for rest, coin in ((run[1:], run[0]), (run[:-1], run[-1])):
        gain = sum(rest) if score == "remaining" else coin
        v = gain - on_line(rest, score)
        best = v if best is None else max(best, v)
    return best

def margins(coins, shape, score):
    """The mover's margin for each legal first move, by position."""
    n = len(coins)
    if n == 0:
        return {}
    if shape == "line":
        firsts = [(1, coins[1:], coins[0]), (n, coins[:-1], coins[-1])]
    else:
        firsts = [(p, coins[p:] + coins[:p - 1], coins[p - 1]) for p in range(1, n + 1)]
    out = {}
    for p, rest, coin in firsts:
        gain = sum(rest) if score == "remaining" else coin
        out[p] = gain - on_line(rest, score)
    return out

bad = 0
def say(*what):
    global bad
    print(*what)
    bad += 1

def check(coins, shape, score, rng):
    """Every position of a random game: the value and the best move (the
    tool's tie-break); solve's line; the value by the reduction."""
    g = Game(coins, shape, score)
    while True:
        rest = [coins[p - 1] for p in g.left()]
        if g.any_coin():
            m = margins(rest, "circle", score)
        else:
            m = margins(rest, "line", score)
            if len(rest) == 1:
                m = {g.left()[0]: m[1]}
            elif rest:
                m = {g.left()[0]: m[1], g.left()[-1]: m[len(rest)]}
        want = max(m.values()) if m else 0
        if g.value() != want:
            say(shape, score, coins, g.moves, "value", g.value(), want)
        if m:
            firsts = [p for p, v in m.items() if v == want]
            # the tool's choice: the left end, or the smallest position
            tie = firsts[0] if not g.any_coin() else min(firsts)
            if g.best() != tie:
                say(shape, score, coins, g.moves, "best", g.best(), firsts)
            for p in g.legal():
                sign = 1 if len(g.moves) % 2 == 0 else -1
                if g.outcome(p) != g.scores[0] - g.scores[1] + sign * m[p]:
                    say(shape, score, coins, g.moves, "outcome", p)
        else:
            if g.best() is not None or g.legal():
                say(shape, score, coins, g.moves, "moves at the end")
            break
        g.play(rng.choice(g.legal()))
    s = solve(coins, shape, score)
    v = max(margins(coins, shape, score).values()) if coins else 0
    if (s["margin"], s["p1"] - s["p2"], s["n"], s["sum"]) != (v, v, len(coins), sum(coins)):
        say(shape, score, coins, "solve", s)
    if score == "taken" and s["p1"] + s["p2"] != sum(coins):
        say(shape, score, coins, "taken totals", s)
    if score == "remaining" and shape == "line":
        # the issue's fact, as a cross-check: (S + V(-a)) / 2
        neg = Oracle([-x for x in coins], "line", "taken")
        if 2 * v != sum(coins) + neg.value(neg.start()):
            say(coins, "(S + V(-a)) / 2")
    if winner(v) != ("first" if v > 0 else "second" if v < 0 else "draw"):
        say("winner", v)
    return len(g.moves)
PYEOF

test_expect_success PYTHON3 "LeetCode 1690's examples: margins 6 and 122, the scores along the line" '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 - <<-\PY
	import sys
	from rules_oracle import solve
	a = solve([5, 3, 1, 4, 2], "line", "remaining")
	b = solve([7, 90, 5, 1, 100, 10, 10, 2], "line", "remaining")
	c = solve([5, 3, 1, 4, 2], "circle", "remaining")
	got = [(a["margin"], a["p1"], a["p2"], a["moves"], a["line"]),
	       (b["margin"], b["p1"], b["p2"]),
	       (c["margin"], c["p1"], c["p2"], c["moves"], c["line"])]
	want = [(6, 18, 12, [5, 1, 2, 3, 4], "RLLLL"), (122, 479, 357),
	        (6, 18, 12, [5, 1, 2, 3, 4], "LLLL")]
	print(got)
	sys.exit(got != want)
	PY
'

test_expect_success PYTHON3 'every row of up to 6 coins from -2 0 1 3, each rule set: exhaustive play agrees at every position' '
	PYTHONPATH="$REPO_ROOT/tests/cli:$TRASH_ROOT" python3 - <<-\PY
	import itertools, random, sys
	import exhaustive as x
	rng = random.Random(49)
	rows = 0
	for n in range(7):
	    for coins in itertools.product((-2, 0, 1, 3), repeat=n):
	        for shape, score in x.RULES:
	            x.check(list(coins), shape, score, rng)
	        rows += 1
	print("rows:", rows, "bad:", x.bad)
	sys.exit(1 if x.bad or rows != 5461 else 0)
	PY
'

test_expect_success PYTHON3 'random rows up to 9 coins, signed, ties, int64 extremes: exhaustive play agrees' '
	PYTHONPATH="$REPO_ROOT/tests/cli:$TRASH_ROOT" python3 - <<-\PY
	import random, sys
	import exhaustive as x
	rng = random.Random(4949)
	for trial in range(150):
	    n = rng.randrange(0, 10)
	    lim = rng.choice([1, 50, 2**63 - 1])
	    if lim == 2**63 - 1 and rng.random() < 0.5:
	        coins = [rng.choice([-2**63, 2**63 - 1]) for _ in range(n)]
	    else:
	        coins = [rng.randrange(-lim, lim + 1) for _ in range(n)]
	    for shape, score in x.RULES:
	        x.check(coins, shape, score, rng)
	print("bad:", x.bad)
	sys.exit(1 if x.bad else 0)
	PY
'

test_expect_success PYTHON3 'table(): the classic line V(i, j) of every run is exhaustive play' '
	PYTHONPATH="$REPO_ROOT/tests/cli:$TRASH_ROOT" python3 - <<-\PY
	import random, sys
	import exhaustive as x
	rng = random.Random(7)
	for trial in range(100):
	    a = [rng.randrange(-9, 10) for _ in range(rng.randrange(0, 10))]
	    V = x.table(a)
	    for i in range(len(a) + 1):
	        for j in range(i, len(a) + 1):
	            if V[(i, j)] != x.on_line(a[i:j], "taken"):
	                x.say(a, i, j, V[(i, j)])
	    if len(V) != (len(a) + 1) * (len(a) + 2) // 2:
	        x.say(a, "cells", len(V))
	print("bad:", x.bad)
	sys.exit(1 if x.bad else 0)
	PY
'

test_done
