#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline serve under any rules: "score": "taken" | "remaining" on POST
# /api/solve, /api/move, /api/analyze and /api/table, with "circle" too;
# "moves" as positions ("5 1 4", "5:LRL") beside today's forms; answers
# checked by hand (LeetCode 1690's examples) and against a direct DP of
# each rule set (tests/cli/rules_oracle.py): solve's totals along the
# line, the engine's move and what it secures at every position of random
# games, every review.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3
. "$TEST_DIRECTORY/lib-serve.sh"

test_expect_success 'solve under "score":"remaining": LeetCode 1690, "score" after the shape key' '
	echo "{\"coins\":[5,3,1,4,2],\"score\":\"remaining\"}" | post /api/solve &&
	echo "{\"n\":5,\"score\":\"remaining\",\"sum\":15,\"p1\":18,\"p2\":12,\"margin\":6,\"winner\":\"first\",\"first_move\":\"right\",\"line\":\"RLLLL\"}" | expect 200 &&
	echo "{\"coins\":[7,90,5,1,100,10,10,2],\"score\":\"remaining\"}" | post /api/solve &&
	test_grep "\"margin\":122," body &&
	echo "{\"coins\":[5,3,1,4,2],\"score\":\"remaining\",\"circle\":true}" | post /api/solve &&
	echo "{\"n\":5,\"circle\":true,\"score\":\"remaining\",\"sum\":15,\"p1\":18,\"p2\":12,\"margin\":6,\"winner\":\"first\",\"first_move\":5,\"line\":\"LLLL\"}" | expect 200
'

test_expect_success '"score":"taken" is the classic answer byte for byte' '
	echo "{\"coins\":[1,3,5,2,9]}" | post /api/solve && mv body plain &&
	echo "{\"coins\":[1,3,5,2,9],\"score\":\"taken\"}" | post /api/solve &&
	test_cmp plain body
'

test_expect_success 'a bad "score" is refused with what it takes' '
	refused /api/solve "{\"coins\":[1],\"score\":\"most\"}" "score: not \\\"taken\\\" or \\\"remaining\\\"" &&
	refused /api/table "{\"coins\":[1],\"score\":3}" "score: not \\\"taken\\\" or \\\"remaining\\\""
'

test_expect_success 'moves as positions: the same review and move as in L and R' '
	echo "{\"coins\":[1,3,5,2,9],\"moves\":\"RLL\"}" | post /api/analyze && mv body lr &&
	echo "{\"coins\":[1,3,5,2,9],\"moves\":\"5 1 2\"}" | post /api/analyze &&
	test_cmp lr body &&
	echo "{\"coins\":[1,3,5,2,9],\"circle\":true,\"first\":5,\"moves\":\"LR\"}" | post /api/analyze && mv body lr &&
	echo "{\"coins\":[1,3,5,2,9],\"circle\":true,\"moves\":\"5:LR\"}" | post /api/analyze &&
	test_cmp lr body &&
	echo "{\"coins\":[1,3,5,2,9],\"moves\":\"5 1\"}" | post /api/move &&
	test_grep "^{\"move\":\"left\",\"coin\":3,\"moves\":\"5 1 2\"," body
'

test_expect_success 'moves as positions: a bad one is refused naming its move; "first" goes with L and R only' '
	refused /api/analyze "{\"coins\":[1,3,5],\"moves\":\"3 2 9\"}" "moves: move 3 is position 9, not on the row of 3 coins" &&
	refused /api/move "{\"coins\":[1,3,5],\"circle\":true,\"first\":1,\"moves\":\"2 3\"}" "first: give move 1 in \\\"moves\\\" with the others when they are positions"
'

test_expect_success '/api/move under remaining: "score" after the move, the optimal move and what it secures' '
	echo "{\"coins\":[5,3,1,4,2],\"score\":\"remaining\",\"circle\":true}" | post /api/move &&
	echo "{\"move\":5,\"score\":\"remaining\",\"position\":5,\"coin\":2,\"first\":5,\"moves\":\"\",\"p1\":13,\"p2\":0,\"to_move\":2,\"finished\":false,\"best\":5,\"best_position\":5,\"best_coin\":2,\"value\":6,\"secured\":6}" | expect 200
'

cat >"$TRASH_ROOT/check.py" <<\PYEOF
import json, os, random, subprocess, sys, urllib.request
from rules_oracle import Game, solve
def post(path, body):
    req = urllib.request.Request(os.environ["server_url"] + path,
                                 data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        return json.loads(r.read())
rng = random.Random(int(sys.argv[1]))
bad = 0
for trial in range(int(sys.argv[2])):
    n = rng.randrange(1, 9)
    lim = rng.choice([1, 9, 2**40])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    for circle in (False, True):
        for score in ("taken", "remaining"):
            rules = {"coins": a, "score": score, "circle": circle}
            s = post("/api/solve", rules)
            best = solve(a, "circle" if circle else "line", score)
            p1, p2 = best["p1"], best["p2"]
            if (s["p1"], s["p2"], s["margin"]) != (p1, p2, p1 - p2):
                print("solve", rules, s); bad += 1
            g, moves = Game(a, "circle" if circle else "line", score), []
            while g.legal():
                m = post("/api/move", dict(rules, moves=" ".join(map(str, moves)) or ""))
                b = g.best()
                fb = g.final_margin()
                sgn = 1 if len(g.moves) % 2 == 0 else -1
                sec = sgn * fb if score == "remaining" else (sum(a) + sgn * fb) // 2
                if m["coin"] != a[b - 1] or m["best_coin"] != a[b - 1] or m["secured"] != sec:
                    print("move", rules, moves, m, "want", b, sec); bad += 1
                p = rng.choice(g.legal()) if rng.random() < 0.5 else b
                moves.append(p); g.play(p)
            r = post("/api/analyze", dict(rules, moves=" ".join(map(str, moves))))
            if (r["summary"]["p1"], r["summary"]["p2"]) != tuple(g.scores):
                print("analyze", rules, moves, r["summary"]); bad += 1
print("games:", 4 * int(sys.argv[2]), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'solve, the optimal move at every position and reviews of random games under each rule set equal a direct DP' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check.py" 57 25
'

test_done
