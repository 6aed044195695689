#!/bin/sh
# SPDX-License-Identifier: MIT
# table under any rules (--circle, --score remaining): the text, --json
# and --svg through the rules seam, against a direct interval DP of each
# rule set (rules_oracle.py), and LeetCode 1690's examples.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

test_expect_success 'table --score remaining: LeetCode 1690 5 3 1 4 2 has a margin of 6' '
	coinline table --score remaining -r "5 3 1 4 2" >out &&
	test_grep "^A move scores the sum of the coins left after it (--score remaining)\.$" out &&
	test_grep "^V(1, 5) = 6: player 1 ends with 18, player 2 with 12\.$" out &&
	test_grep "^The optimal line: R 2, L 5, L 3, L 1, L 4\.$" out
'

test_expect_success 'table --score=remaining --json: "score":"remaining" after n, v in that scoring' '
	coinline table --score=remaining -j -r "5 3 1 4 2" >out &&
	echo "{\"n\":5,\"score\":\"remaining\",\"v\":[[0,5,3,7,6],[null,0,3,1,7],[null,null,0,4,2],[null,null,null,0,4],[null,null,null,null,0]],\"move\":[\"LRRLR\",\"-LRLR\",\"--LLL\",\"---LR\",\"----L\"],\"line\":\"RLLLL\"}" >expect &&
	test_cmp expect out
'

test_expect_success 'table --score remaining: LeetCode 1690 7 90 5 1 100 10 10 2 has a margin of 122' '
	coinline table --score remaining -r "7 90 5 1 100 10 10 2" >out &&
	test_grep "^V(1, 8) = 122: " out
'

test_expect_success 'table --circle --score remaining: the circle key, then the score, m(i) in that scoring' '
	coinline table -c --score remaining -j -r "5 3 1 4 2" >out &&
	echo "{\"n\":5,\"circle\":true,\"score\":\"remaining\",\"v\":[[0,5,3,7],[0,3,1,7],[0,4,2,9],[0,4,2,9],[0,5,3,7]],\"move\":[\"LRRL\",\"LRLR\",\"LLLL\",\"LRLR\",\"LLLR\"],\"margins\":[3,3,5,4,6],\"first\":5,\"line\":\"LLLL\"}" >expect &&
	test_cmp expect out &&
	coinline table -c --score remaining -r "5 3 1 4 2" >text &&
	test_grep "^m(i) = (sum - coin(i)) - V(i+1, n-1): player 1.s final margin when it$" text &&
	test_grep "^m(5) = 6, the largest: player 1 takes the coin at 5 first\.$" text &&
	test_grep "^Player 1 ends with 18, player 2 with 12\.$" text
'

test_expect_success 'table --score remaining --svg: the heat map says how a move scores' '
	coinline table --score remaining -r "5 3 1 4 2" --svg=map.svg >/dev/null &&
	test_grep "<title>V(i, j): the best margin for the player to move on coins i..j (a move scores the sum of the coins left after it)</title>" map.svg &&
	coinline table -c --score remaining -r "5 3 1 4 2" --svg=circle.svg >/dev/null &&
	test_grep "m(5) = 6: player 1 takes 5 first" circle.svg
'

test_expect_success 'table --score: an unknown scoring is a usage error naming the scorings' '
	test_expect_code 2 coinline table --score=most -r "1 2" 2>err &&
	test_grep "taken" err && test_grep "remaining" err
'

cat >"$TRASH_ROOT/check.py" <<\PYEOF
import json, os, random, subprocess, sys
from rules_oracle import Oracle, solve
from tool import run
rng = random.Random(int(sys.argv[1]))
bad = 0
for trial in range(int(sys.argv[2])):
    n = rng.randrange(0, 13)
    lim = rng.choice([1, 9, 2**40, 2**62])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    row = " ".join(map(str, a))
    for circle in (False, True):
        for score in ("taken", "remaining"):
            args = ["table", "-j", "--score=" + score, "-r", row] + (["-c"] if circle else [])
            t = json.loads(run(*args))
            shape = "circle" if circle else "line"
            o = Oracle(a, shape, score)
            V = lambda i, ln: o.value(o.run(i + 1, ln))
            M = lambda i, ln: "L" if o.best(o.run(i + 1, ln)) == i + 1 else "R"
            if circle:
                want_v = [[V(i, ln) for ln in range(1, n)] for i in range(n)]
                want_m = ["".join(M(i, ln) for ln in range(1, n)) for i in range(n)]
            else:
                want_v = [[V(i, j - i + 1) if j >= i else None for j in range(n)] for i in range(n)]
                want_m = ["".join(M(i, j - i + 1) if j >= i else "-" for j in range(n)) for i in range(n)]
            best = solve(a, shape, score)
            p1, p2 = best["p1"], best["p2"]
            ok = t["n"] == n and t["v"] == want_v and t["move"] == want_m
            ok = ok and t.get("circle", False) == circle
            ok = ok and t.get("score", "taken") == score
            ok = ok and t["line"] == best["line"]
            if circle:
                ok = ok and t["margins"] == [o.outcome(o.start(), p) for p in range(1, n + 1)]
                ok = ok and t["first"] == best["first"]
            words = " ".join(run(*[x for x in args if x != "-j"]).split())
            if n > 0:
                ok = ok and ("layer 1 ends with %d, player 2 with %d." % (p1, p2)) in words
            if not ok:
                print("table differs on", args); bad += 1
print("rows:", int(sys.argv[2]), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'table --json and the verdict agree with a direct DP of each rule set on 60 rows' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check.py" 55 60
'

test_done
