#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline serve and the circular game (the pizza game): "circle": true on
# POST /api/solve, /api/move, /api/analyze and /api/table over HTTP (curl
# against a server on a free loopback port), with answers checked by hand
# and against an arc DP in Python (tests/cli/rules_oracle.py on each line
# left) on random circles; numbers past 2^53; every refusal of a bad first
# position or bad moves with its status and message; the page's switch.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3
. "$TEST_DIRECTORY/lib-serve.sh"

# ---------------------------------------------------------------------------
# By hand: the circle 1 3 5 2 9
#
# Move 1 at p leaves the line from p + 1 round to p - 1; player 1's margin
# is coins[p] - V(that line):
#   p = 1: 1 - V(3 5 2 9) = 1 - 9 = -8     p = 2: 3 - V(5 2 9 1) = 3 - 11 = -8
#   p = 3: 5 - V(2 9 1 3) = 5 - 9 = -4     p = 4: 2 - V(9 1 3 5) = 2 - 6 = -4
#   p = 5: 9 - V(1 3 5 2) = 9 - 1 = 8
# so move 1 takes the 9 at position 5 and player 1 ends 14 to 6; on the
# line 1 3 5 2 (positions 1..4) optimal play takes L, L, L, L (the 1 and
# the 3 tie their ends' alternatives: ties go left).

test_expect_success 'POST /api/solve with circle: 1 3 5 2 9 gives 14 to 6, move 1 at 5, then LLLL' '
	echo "{\"coins\": [1, 3, 5, 2, 9], \"circle\": true}" | post /api/solve &&
	expect 200 <<-\EOF
	{"n":5,"circle":true,"sum":20,"p1":14,"p2":6,"margin":8,"winner":"first","first_move":5,"line":"LLLL"}
	EOF
'

test_expect_success 'POST /api/solve with circle: no coin, one coin, "circle": false as a row' '
	echo "{\"coins\": [], \"circle\": true}" | post /api/solve &&
	expect 200 <<-\EOF &&
	{"n":0,"circle":true,"sum":0,"p1":0,"p2":0,"margin":0,"winner":"draw","first_move":null,"line":""}
	EOF
	echo "{\"coins\": [-4], \"circle\": true}" | post /api/solve &&
	expect 200 <<-\EOF &&
	{"n":1,"circle":true,"sum":-4,"p1":-4,"p2":0,"margin":-4,"winner":"second","first_move":1,"line":""}
	EOF
	echo "{\"coins\": [1, 3, 5, 2, 9], \"circle\": false}" | post /api/solve &&
	expect 200 <<-\EOF
	{"n":5,"sum":20,"p1":14,"p2":6,"margin":8,"winner":"first","first_move":"right","line":"RLLLL"}
	EOF
'

# 2^62, 2^62, -7: every first position leaves a margin of -7 (2^62 -
# (2^62 + 7), twice, and -7 - 0), so move 1 takes position 1 (the
# smallest); on the line 2^62 -7 player 2 takes 2^62 (L), player 1 the
# -7 (L). The totals pass 2^53: strings.
test_expect_success 'POST /api/solve with circle: totals past 2^53 as strings' '
	echo "{\"coins\": [\"4611686018427387904\", \"4611686018427387904\", -7], \"circle\": true}" |
	post /api/solve &&
	expect 200 <<-\EOF
	{"n":3,"circle":true,"sum":"9223372036854775801","p1":"4611686018427387897","p2":"4611686018427387904","margin":-7,"winner":"second","first_move":1,"line":"LL"}
	EOF
'

# Move 1 of 1 3 5 2 9: optimal takes the 9 at 5 (value 8, player 1 secures
# (20 + 8) / 2 = 14). After move 1 at 3 (the 5) the line is 2 9 1 3
# (positions 4, 5, 1, 2); L (2, player 2) and R (3, player 1) leave 9 1 at
# positions 5 and 1, player 2 to move: the 9 (left), worth 8 on those two,
# so player 2 secures 2 + (10 + 8) / 2 = 11; the totals 5 + 3 = 8 and 2 + 9.
test_expect_success 'POST /api/move with circle: move 1, then a move on the line left, by hand' '
	echo "{\"coins\": [1, 3, 5, 2, 9], \"circle\": true}" | post /api/move &&
	expect 200 <<-\EOF &&
	{"move":5,"position":5,"coin":9,"first":5,"moves":"","p1":9,"p2":0,"to_move":2,"finished":false,"best":5,"best_position":5,"best_coin":9,"value":8,"secured":14}
	EOF
	echo "{\"coins\": [1, 3, 5, 2, 9], \"circle\": true, \"first\": 3, \"moves\": \"lr\"}" | post /api/move &&
	expect 200 <<-\EOF
	{"move":"left","position":5,"coin":9,"first":3,"moves":"LRL","p1":8,"p2":11,"to_move":1,"finished":false,"best":"left","best_position":5,"best_coin":9,"value":8,"secured":11}
	EOF
'

# greedy: move 1 the largest coin, the smallest position of ties (the 9 at
# 2, not at 4); then on the line 2 9 1 4 (positions 3, 4, 5, 1), after
# player 2 took the 2, the larger end: the 9 (left) against the 4.
test_expect_success 'POST /api/move with circle: greedy takes the largest coin first, then the larger end' '
	echo "{\"coins\": [4, 9, 2, 9, 1], \"circle\": true, \"strategy\": \"greedy\"}" | post /api/move &&
	grep -q "^{\"move\":2,\"position\":2,\"coin\":9,\"first\":2," body &&
	echo "{\"coins\": [4, 9, 2, 9, 1], \"circle\": true, \"first\": 2, \"moves\": \"L\", \"strategy\": \"greedy\"}" |
	post /api/move &&
	grep -q "^{\"move\":\"left\",\"position\":4,\"coin\":9,\"first\":2,\"moves\":\"LL\",\"p1\":18,\"p2\":2,\"to_move\":2," body
'

test_expect_success 'POST /api/move with circle: the last move ends the game (one coin: move 1 ends it)' '
	echo "{\"coins\": [7], \"circle\": true}" | post /api/move &&
	expect 200 <<-\EOF &&
	{"move":1,"position":1,"coin":7,"first":1,"moves":"","p1":7,"p2":0,"to_move":0,"finished":true,"best":1,"best_position":1,"best_coin":7,"value":7,"secured":7}
	EOF
	echo "{\"coins\": [1, 3, 5, 2, 9], \"circle\": true, \"first\": 3, \"moves\": \"LRL\"}" | post /api/move &&
	grep -q "\"moves\":\"LRLL\",\"p1\":9,\"p2\":11,\"to_move\":0,\"finished\":true," body
'

# The arcs of 1 3 5: V(1, 2) = |1 - 3| = 2, V(2, 2) = 2, V(3, 2) = |5 - 1|
# = 4 (the arc 5 1), with the larger end taken; the margins 1 - 2, 3 - 4,
# 5 - 2; move 1 at 3, then the line 1 3: R, L.
# analyze: move 1 at 3 takes the 5, margin -4 against the best 8 (at 5):
# it loses (8 - -4) / 2 = 6 of player 1's best total (20 + 8) / 2 = 14.
test_expect_success 'POST /api/analyze with circle: move 1 judged from the margins, by hand' '
	echo "{\"coins\": [1, 3, 5, 2, 9], \"circle\": true, \"first\": 3, \"moves\": \"LR\"}" | post /api/analyze &&
	echo 200 >expect.status &&
	test_cmp expect.status status &&
	grep "^{\"game\":1,\"n\":5,\"circle\":true,\"first_move\":3," body &&
	grep "{\"move\":1,\"player\":1,\"side\":\"none\",\"coin\":5,\"best\":\"none\",\"best_coin\":9,\"optimal\":false,\"loss\":6,\"secured\":14,\"p1\":5,\"p2\":0,\"final_margin\":-4,\"position\":3,\"best_position\":5}" body &&
	grep "\"best_first_move\":5," body &&
	echo "{\"coins\": [1, 3, 5, 2, 9], \"circle\": true}" | post /api/analyze &&
	test_cmp expect.status status &&
	grep "\"first_move\":null,\"players\":\[\"player 1\",\"player 2\"\],\"moves\":\[\]" body
'

test_expect_success 'POST /api/table with circle: the arcs of 1 3 5, by hand' '
	echo "{\"coins\": [1, 3, 5], \"circle\": true}" | post /api/table &&
	expect 200 <<-\EOF
	{"n":3,"circle":true,"v":[[1,2],[3,2],[5,4]],"move":["LR","LR","LL"],"margins":[-1,-1,3],"first":3,"line":"RL"}
	EOF
'

# ---------------------------------------------------------------------------
# Against the arc DP on random circles

cat >"$TRASH_ROOT/check_api.py" <<\PYEOF
import json, os, random, sys, urllib.request
from rules_oracle import table

URL = os.environ["server_url"]

def post(path, body):
    req = urllib.request.Request(URL + path, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as res:
        return json.loads(res.read())

def num(v):
    return int(v)  # a number, or a string past 2^53

def margins(a):
    n = len(a)
    return [a[p] - table([a[(p + 1 + k) % n] for k in range(n - 1)])[(0, n - 1)]
            for p in range(n)]

def best_side(line, V, lo, hi):
    return "L" if line[lo] - V[(lo + 1, hi)] >= line[hi - 1] - V[(lo, hi - 1)] else "R"

rng = random.Random(int(sys.argv[1]))
bad = 0
for trial in range(int(sys.argv[2])):
    n = rng.randrange(1, 14)
    lim = rng.choice([1, 2, 9, 1000, 2**40, 2**62])
    a = [rng.randrange(-lim, lim + 1) for _ in range(n)]
    wire = [str(c) if abs(c) > 2**53 else c for c in a]
    m = margins(a)
    s = sum(a)
    top = max(m)
    f = m.index(top) + 1
    if rng.random() < 0.3:
        got = post("/api/move", {"coins": wire, "circle": True, "seed": trial})
        want = {"move": f, "position": f, "coin": a[f - 1], "best": f,
                "best_position": f, "value": top, "secured": (s + top) // 2}
        got = {k: num(got[k]) for k in want}
    else:
        first = rng.randrange(1, n + 1) if n > 1 else None
        if first is None:
            continue
        line = [a[(first + k) % n] for k in range(n - 1)]
        V = table(line)
        lo, hi, own, moves = 0, n - 1, [a[first - 1], 0], ""
        for k in range(rng.randrange(0, n - 1)):
            side = rng.choice("LR")
            coin = line[lo] if side == "L" else line[hi - 1]
            own[(k + 1) % 2] += coin
            lo, hi = (lo + 1, hi) if side == "L" else (lo, hi - 1)
            moves += side
        mover = len(moves) % 2 == 0 and 2 or 1
        b = best_side(line, V, lo, hi)
        at = lo if b == "L" else hi - 1
        left = sum(line[lo:hi])
        got = post("/api/move", {"coins": wire, "circle": True, "first": first,
                                 "moves": moves, "strategy": "optimal"})
        want = {"move": "left" if b == "L" else "right",
                "position": (first + at) % n + 1, "coin": line[at],
                "value": V[(lo, hi)],
                "secured": own[mover - 1] + (left + V[(lo, hi)]) // 2,
                "first": first}
        got = {k: got[k] if k == "move" else num(got[k]) for k in want}
    if got != want:
        print("move differs on", a, got, want)
        bad += 1
    sol = post("/api/solve", {"coins": wire, "circle": True})
    if num(sol["p1"]) != (s + top) // 2 or sol["first_move"] != f:
        print("solve differs on", a, sol)
        bad += 1
    if n <= 10:
        t = post("/api/table", {"coins": wire, "circle": True})
        if [num(x) for x in t["margins"]] != m or t["first"] != f:
            print("table differs on", a, t)
            bad += 1
print("circles:", sys.argv[2], "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 'POST /api/move, /api/solve and /api/table with circle agree with an arc DP on 300 random circles' '
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check_api.py" 23 300
'

# ---------------------------------------------------------------------------
# Refusals

test_expect_success 'a bad "circle" or "first" is refused, naming it' '
	refused /api/solve "{\"coins\": [1], \"circle\": 1}" "circle: not true or false" &&
	refused /api/move "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 4}" \
		"first: 4 is not a position of the circle: it has 3 coins" &&
	refused /api/move "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": -1}" \
		"first: not a position (an integer from 1 to the number of coins, or 0 before move 1)" &&
	refused /api/move "{\"coins\": [1, 2, 3], \"first\": 1}" \
		"first: a first position needs \\\"circle\\\": true" &&
	refused /api/move "{\"coins\": [1, 2, 3], \"circle\": true, \"circle\": false}" \
		"circle: given twice"
'

test_expect_success 'bad moves on a circle are refused, numbered from move 2' '
	refused /api/move "{\"coins\": [1, 2, 3], \"circle\": true, \"moves\": \"L\"}" \
		"moves: no move 1: give \\\"first\\\", the position of the coin it took" &&
	refused /api/move "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 2, \"moves\": \"LLL\"}" \
		"moves: move 4 is one too many: the circle has 3 coins" &&
	refused /api/analyze "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 2, \"moves\": \"X\"}" \
		"moves: move 2 is '"'"'X'"'"', not L or R" &&
	refused /api/move "{\"coins\": [1, 2, 3], \"circle\": true, \"first\": 2, \"moves\": \"LR\"}" \
		"moves: the game is over: no coin is left to take" &&
	refused /api/move "{\"coins\": [], \"circle\": true}" \
		"coins: the circle is empty: no coin to take"
'

test_expect_success 'POST /api/table with circle takes 64 coins at most' '
	printf "{\"circle\": true, \"coins\": [0" >big &&
	i=1 && while test $i -lt 65; do printf ",1" >>big; i=$((i + 1)); done &&
	echo "]}" >>big &&
	post /api/table <big &&
	printf "{\"error\":\"coins: 65 coins: the table takes 64 at most\"}\n" | expect 400
'

# ---------------------------------------------------------------------------
# The page

test_expect_success 'the page has the circle switch and the ring' '
	curl -sS "$server_url/" >page &&
	grep -q "id=\"circle\" name=\"circle\" type=\"checkbox\"" page &&
	grep -q "id=\"ring\"" page &&
	curl -sS "$server_url/app.js" >app.js &&
	grep -q "function renderRing" app.js
'

test_expect_success 'coinline serve stops on SIGTERM' '
	kill -TERM "$server_pid" &&
	i=0 &&
	while kill -0 "$server_pid" 2>/dev/null && test $i -lt 200; do
		sleep 0.05 && i=$((i + 1))
	done &&
	! kill -0 "$server_pid" 2>/dev/null &&
	grep -q "^coinline serve: SIGTERM: stopping$" "$TRASH_ROOT/serve.err"
'

test_done
