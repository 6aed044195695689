#!/bin/sh
# SPDX-License-Identifier: MIT
# analyze under any rules (--circle, --score remaining, records of any
# rules): moves as positions or in the shape's notation, every review
# against a direct DP of each rule set (rules_oracle.py), the words, and
# LeetCode 1690's examples.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

test_expect_success 'analyze --score remaining: LeetCode 1690 5 3 1 4 2, optimal play, a margin of 6' '
	coinline analyze --score remaining -r "5 3 1 4 2" -m RLLLL >out &&
	test_grep "^a move scores the sum of the coins left after it; a point lost is\$" out &&
	test_grep "^result: player 1 18, player 2 12: player 1 wins by 6\$" out &&
	test_grep "^with best play from the start: player 1 18, player 2 12: player 1 wins by 6\$" out &&
	test_grep "^player 1: no point lost\$" out
'

test_expect_success 'analyze --score remaining: LeetCode 1690 7 90 5 1 100 10 10 2 has a margin of 122' '
	coinline analyze --score=remaining -j -r "7 90 5 1 100 10 10 2" -m "" >out &&
	test_grep "\"score\":\"remaining\"" out &&
	python3 -c "import json,sys; s=json.load(open(\"out\"))[\"summary\"]; sys.exit(s[\"best_p1\"]-s[\"best_p2\"] != 122)"
'

test_expect_success 'analyze: moves may be positions, the same game as in L and R' '
	coinline analyze -j -r "1 3 5 2 9" -m "5 1 2" >pos &&
	coinline analyze -j -r "1 3 5 2 9" -m RLL >lr &&
	test_cmp lr pos &&
	coinline analyze -j -c -r "1 3 5 2 9" -m "5 1 4" >pos &&
	coinline analyze -j -c -r "1 3 5 2 9" -m 5:LR >lr &&
	test_cmp lr pos
'

test_expect_success 'analyze --score remaining: "with best play from here" asks the game, not the sum' '
	coinline analyze --score remaining -r "5 3 1 4 2" -m "5 1 4" >out &&
	test_grep "^so far: player 1 17, player 2 8: player 1 leads by 9\$" out &&
	test_grep "^with best play from here: player 1 17, player 2 11: player 1 wins by 6\$" out
'

test_expect_success 'analyze --circle --score remaining --json: the circle key, the score, then first_move' '
	coinline analyze --score remaining -c -j -r "5 3 1 4 2" -m 2:LRL >out &&
	test_grep "^{\"game\":1,\"n\":5,\"circle\":true,\"score\":\"remaining\",\"first_move\":2,\"players\"" out &&
	test_grep "\"best_first_move\":5," out
'

test_expect_success 'analyze: a bad position names its move and column' '
	test_expect_code 1 coinline analyze -r "5 3 1 4 2" -m "5 1 9" 2>err &&
	echo "coinline analyze: --moves:1:5: move 3 is position 9, not on the row of 5 coins" >expect &&
	test_cmp expect err
'

test_expect_success 'analyze: a record under remaining is reviewed under its rules; --score with a record is refused' '
	coinline analyze --score remaining -j -r "5 3 1 4 2" -m RLLLL >want &&
	printf "coinline-record 1\ngame 1\nrules line remaining\nrow 5 3 1 4 2\nmoves 5 1 2 3 4\n" >rec &&
	coinline analyze -j rec >got &&
	test_cmp want got &&
	test_expect_code 1 coinline analyze --score remaining rec 2>err &&
	test_grep "a game record has its own moves and says each game.s rules: --score goes with --row" err
'

test_expect_success 'analyze --score remaining --svg: the chart says how a move scores' '
	coinline analyze --score remaining -r "5 3 1 4 2" -m LRLRL --svg=c.svg >/dev/null &&
	test_grep "<title>game 1, scoring what remains: the margin after each move</title>" c.svg
'

cat >"$TRASH_ROOT/check.py" <<\PYEOF
import json, os, random, subprocess, sys
from rules_oracle import Game, solve
from tool import run
def classic(a, circle, moves):
    """The moves in the shape's notation: L and R; a circle's P:LRL."""
    g, out = Game(a, "circle" if circle else "line"), ""
    for k, p in enumerate(moves):
        if circle and k == 0:
            out = "%d:" % p
        else:
            out += g.side(p)
        g.play(p)
    return out
rng = random.Random(int(sys.argv[1]))
bad = 0
for trial in range(int(sys.argv[2])):
    n = rng.randrange(0, 10)
    lim = rng.choice([1, 9, 2**40])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    for circle in (False, True):
        for score in ("taken", "remaining"):
            shape = "circle" if circle else "line"
            g = Game(a, shape, score)
            moves = []
            for k in range(rng.randrange(0, n + 1)):
                p = rng.choice(g.legal()) if rng.random() < 0.6 else g.best()
                moves.append(p)
                g.play(p)
            text = " ".join(map(str, moves)) if trial % 2 else classic(a, circle, moves)
            if circle and trial % 2 == 0 and not moves:
                text = ""
            args = ["analyze", "-j", "--score", score, "-r", " ".join(map(str, a)), "-m", text]
            if circle:
                args.append("-c")
            j = json.loads(run(*args))
            g, ok = Game(a, shape, score), True
            for k, p in enumerate(moves):
                r = j["moves"][k]
                fb, b = g.final_margin(), g.best()
                s = 1 if k % 2 == 0 else -1
                diff = s * (fb - g.outcome(p))
                loss = diff if score == "remaining" else diff // 2
                sec = s * fb if score == "remaining" else (sum(a) + s * fb) // 2
                g.play(p)
                want = {"position": p, "coin": a[p - 1], "best_position": b,
                        "loss": loss, "optimal": loss == 0, "secured": sec,
                        "p1": g.scores[0], "p2": g.scores[1], "final_margin": g.final_margin()}
                for key, v in want.items():
                    if r[key] != v:
                        print(args, "move", k + 1, key, r[key], "!=", v); ok = False
            best = solve(a, shape, score)
            sm = j["summary"]
            ok = ok and sm["best_p1"] == best["p1"] and sm["best_p2"] == best["p2"]
            ok = ok and j.get("score", "taken") == score and j.get("circle", False) == circle
            if circle:
                ok = ok and sm["best_first_move"] == best["first"]
            words = run(*[x for x in args if x != "-j"])
            if 0 < len(moves) < n:
                rest = Game(a, shape, score)
                for p in moves:
                    rest.play(p)
                rest.finish()
                e = "with best play from here: player 1 %d, player 2 %d" % tuple(rest.scores)
                ok = ok and e in words
            if not ok:
                print("differs:", args); bad += 1
print("games:", 4 * int(sys.argv[2]), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'every review of random games under each rule set equals a direct DP' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check.py" 56 60
'

test_done
