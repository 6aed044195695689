#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline explain --score: the classic scoring (taken, the default) is
# explained byte for byte as without the option; scoring by what remains
# (LeetCode 1690), on a row and a circle, by what every rule set has (the
# rules, the result, the recursion, each first move's margin, the line
# with the scores, the table), checked against a direct interval DP
# (tests/cli/rules_oracle.py).
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

test_expect_success 'explain --score taken: the default, byte for byte' '
	coinline explain -r "1 3 5 2 9" >default &&
	coinline explain --score taken -r "1 3 5 2 9" >taken &&
	test_cmp default taken &&
	coinline explain -c -j -r "1 3 5 2 9" >default &&
	coinline explain -c -j --score=taken -r "1 3 5 2 9" >taken &&
	test_cmp default taken
'

# 5 3 1 4 2 under remaining (t0050 plays it out by hand): 18 to 12. Taking
# 5 (position 1) first scores 10 and leaves 3 1 4 2, worth 7 to player 2
# (take 2: 8, then 3 1 4 is worth 1 to player 1): margin 3; taking 2
# (position 5) scores 13 and leaves 5 3 1 4, worth 7: margin 6.
test_expect_success 'explain --score remaining in words: the result, the recursion, the first moves, the line, the table' '
	coinline explain --score remaining -r "5 3 1 4 2" >out &&
	test_grep "^A move scores the sum of the coins left after it (LeetCode 1690" out &&
	test_grep "^With best play (ties to the left), player 1 scores 18 and player 2 12.$" out &&
	test_grep "^Player 1 wins by 6.$" out &&
	test_grep "^The recursion: on a run of coins x..y with sum S(x..y)" out &&
	test_grep "^  position 1 (5): margin 3, 3 points of margin fewer for player 1$" out &&
	test_grep "^  position 5 (2): margin 6, the best$" out &&
	test_grep "^  1. player 1 takes 2 (position 5): 13 to 0$" out &&
	test_grep "^  5. player 1 takes 4 (position 4): 18 to 12$" out &&
	test_grep "^  length 1: 0 at 1, 0 at 2, 0 at 3, 0 at 4\*, 0 at 5$" out &&
	test_grep "^  length 5: 6 at 1\*$" out
'

test_expect_success 'explain --score remaining with --circle; a long row has no table' '
	coinline explain -c --score remaining -r "5 3 1 4 2" >out &&
	test_grep "^Player 1 takes the coin at any position p" out &&
	test_grep "^  position 3 (1): margin 5, 1 point of margin fewer for player 1$" out &&
	test_grep "^  length 4: 7 at 1\*, 7 at 2, 9 at 3, 9 at 4, 7 at 5$" out &&
	! grep "^  length 5" out &&
	coinline explain --score remaining -j -r "1 2 3 4 5 6 7 8 9 10 11" >json &&
	test_grep "\"table\":null}$" json
'

cat >"$TRASH_ROOT/check_explain.py" <<\PYEOF
import json, os, random, subprocess, sys
from rules_oracle import Game, solve, winner
rng = random.Random(int(sys.argv[1]))
tool = os.environ["COINLINE"]
bad = 0
for trial in range(int(sys.argv[2])):
    circle = trial % 2 == 1
    n = rng.randrange(0, 15 if circle else 12)
    lim = rng.choice([2, 30, 2**62])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    args = [tool, "explain", "--score", "remaining", "-j", "-r",
            " ".join(map(str, a))] + (["-c"] if circle else [])
    got = json.loads(subprocess.run(args, check=True, capture_output=True,
                                    text=True).stdout)
    shape = "circle" if circle else "line"
    o = solve(a, shape, "remaining")
    want = {"n": n}
    if circle:
        want["circle"] = True
    first = o["first"] if circle else \
        (None if n == 0 else "left" if o["first"] == 1 else "right")
    want.update({"score": "remaining", "sum": o["sum"], "p1": o["p1"],
                 "p2": o["p2"], "margin": o["margin"],
                 "winner": winner(o["margin"]), "first_move": first,
                 "line": o["line"]})
    # every legal first move's final margin
    legal = list(range(1, n + 1)) if circle else sorted({1, n}) if n else []
    firsts = []
    for p in legal:
        g = Game(a, shape, "remaining")
        g.play(p)
        m = g.scores[0] - g.value()
        firsts.append({"position": p, "coin": a[p - 1], "margin": m,
                       "loss": o["margin"] - m})
    if len(firsts) > 12:
        firsts = sorted(firsts, key=lambda f: (-f["margin"], f["position"]))[:5]
    want["first_moves"] = firsts
    # the table: every run the game can leave
    if n > 10:
        want["table"] = None
    else:
        on = set()
        g = Game(a, shape, "remaining")
        if not circle and n > 0:
            on.add((1, n))
        for p in o["moves"]:
            g.play(p)
            if g.left():
                on.add((g.left()[0], len(g.left())))
        cells = []
        for ln in range(1, n + (0 if circle else 1)):
            for s in range(1, n + 1):
                if not circle and s + ln - 1 > n:
                    continue
                run = g.o.run(s, ln)
                cells.append({"start": s, "length": ln, "value": g.o.value(run),
                              "best": g.o.best(run), "on_line": (s, ln) in on})
        want["table"] = cells
    if got != want:
        print("differs on", a, circle, json.dumps(got), json.dumps(want)); bad += 1
print("rows:", int(sys.argv[2]), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'explain --score remaining --json agrees with the DP on 80 random rows and circles (every first move, every run)' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check_explain.py" 52 80
'

test_expect_success 'an unknown scoring is a usage error' '
	test_expect_code 2 coinline explain --score=most -r 1 2>err &&
	test_grep "unknown scoring .most. (taken or remaining)" err
'

test_done
