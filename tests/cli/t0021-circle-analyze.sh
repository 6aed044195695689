#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline analyze and the circular game (the pizza game): --circle with
# --row or a classic file and --moves P or P:LRL, and game records with a
# "circle" key. Small games checked by hand (the reasoning in the
# comments), an arc programme in awk as the oracle for every review and
# the summary of random circular games, records against --circle, and
# every refusal with its place.
. "$(dirname "$0")/lib.sh"

# 1 3 5 2 9 on a circle (sum 20). Taking the coin at p leaves the line
# from p+1 round to p-1 to player 2, so player 1's margin is m(p) =
# coin(p) - V(that line):
#   m(1) = 1 - V(3 5 2 9) = -8, m(2) = 3 - V(5 2 9 1) = -8,
#   m(3) = 5 - V(2 9 1 3) = -4, m(4) = 2 - V(9 1 3 5) = -4,
#   m(5) = 9 - V(1 3 5 2) = 8:
# best play is 9 at 5, then 14 to 6. Played 3:LR:
#   move 1: the 5 at 3, margin -4: lost (8 - -4) / 2 = 6. Player 1 could
#     secure (20 + 8) / 2 = 14. The line left is 2 9 1 3 (positions
#     4 5 1 2).
#   move 2, player 2: V(2 9 1 3) = 9, by the 3 on the right (3 - V(2 9 1)
#     = 3 + 6), at 2; the 2 on the left gives 2 - V(9 1 3) = 2 - 7 = -5:
#     lost (9 - -5) / 2 = 7. 5 to 2.
#   move 3, player 1: on 9 1 3, V = 7 by the 9 on the left (9 - V(1 3) =
#     9 - 2), at 5; the 3 on the right gives 3 - V(9 1) = 3 - 8 = -5: lost
#     (7 - -5) / 2 = 6. 8 to 2; player 2 then takes 9 and player 1 the 1:
#     9 to 11 with best play from here.
test_expect_success 'the worked example: 1 3 5 2 9 on a circle played 3:LR' '
	coinline analyze --circle -r "1 3 5 2 9" -m 3:LR >out &&
	cat >expect <<-\EOF &&
	game 1: 5 coins on a circle, 3 moves played (not finished)
	  move player  took               best                 lost       p1       p2
	     1      1  5 (at 3)           9 (at 5)                6        5        0  ?
	     2      2  2 (left, at 4)     3 (right, at 2)         7        5        2  ?
	     3      1  3 (right, at 2)    9 (left, at 5)          6        8        2  ?
	player 1: 12 points lost, in 2 moves
	  move 1: took 5 (at 3), the best was 9 (at 5): lost 6 points
	    then best play: player 2 takes 3, player 1 takes 2, player 2 takes 9, player 1 takes 1
	  move 3: took 3 (right, at 2), the best was 9 (left, at 5): lost 6 points
	    then best play: player 2 takes 9, player 1 takes 1
	player 2: 7 points lost, in 1 move
	  move 2: took 2 (left, at 4), the best was 3 (right, at 2): lost 7 points
	    then best play: player 1 takes 9, player 2 takes 3, player 1 takes 1
	so far: player 1 8, player 2 2: player 1 leads by 6
	with best play from here: player 1 9, player 2 11: player 2 wins by 2
	with best play from the start (move 1 at 5): player 1 14, player 2 6: player 1 wins by 8
	EOF
	test_cmp expect out
'

test_expect_success 'the worked example in JSON: "circle", "first_move", a position in every review' '
	coinline analyze -c --json -r "1 3 5 2 9" -m 3:LR >out &&
	test_line_count = 1 out &&
	test_grep "^{\"game\":1,\"n\":5,\"circle\":true,\"first_move\":3,\"players\":" out &&
	sed -e "s/.*\"moves\":\[//" -e "s/\],\"summary\".*//" -e "s/},{/}\n{/g" out >moves &&
	cat >expect <<-\EOF &&
	{"move":1,"player":1,"side":"none","coin":5,"best":"none","best_coin":9,"optimal":false,"loss":6,"secured":14,"p1":5,"p2":0,"final_margin":-4,"position":3,"best_position":5}
	{"move":2,"player":2,"side":"left","coin":2,"best":"right","best_coin":3,"optimal":false,"loss":7,"secured":12,"p1":5,"p2":2,"final_margin":10,"position":4,"best_position":2}
	{"move":3,"player":1,"side":"right","coin":3,"best":"left","best_coin":9,"optimal":false,"loss":6,"secured":15,"p1":8,"p2":2,"final_margin":-2,"position":2,"best_position":5}
	EOF
	test_cmp expect moves &&
	test_grep "\"summary\":{\"finished\":false,\"p1\":8,\"p2\":2,\"margin\":6,\"winner\":null,\"best_p1\":14,\"best_p2\":6,\"best_first_move\":5,\"lost\":\[12,7\],\"mistakes\":\[2,1\],\"forfeit\":null}}$" out
'

# Best play, 9 at 5 then 1 3 5 2 from the left (1: 1 - V(3 5 2) = 1 - 0
# beats 2 - V(1 3 5) = 2 - 3; then 3 5 2 ties, and ties go left): no loss.
test_expect_success 'optimal play 5:LLLL (moves in lower case too): no point lost, 14 to 6, positions 5 1 2 3 4' '
	coinline analyze -c -r "1 3 5 2 9" -m 5:llll >out &&
	test_grep "^game 1: 5 coins on a circle, 5 moves played\$" out &&
	test_grep "^player 1: no point lost\$" out &&
	test_grep "^player 2: no point lost\$" out &&
	test_grep "^result: player 1 14, player 2 6: player 1 wins by 8\$" out &&
	coinline analyze -c -j -r "1 3 5 2 9" -m 5:LLLL >j &&
	grep -o "\"position\":[0-9]*" j >pos &&
	write_lines "\"position\":5" "\"position\":1" "\"position\":2" "\"position\":3" "\"position\":4" >expect &&
	test_cmp expect pos &&
	test_grep "\"summary\":{\"finished\":true,\"p1\":14,\"p2\":6,\"margin\":8,\"winner\":\"first\"" j
'

test_expect_success 'before move 1 (--moves ""), and a position alone: the game so far, best play from the start' '
	coinline analyze -c -r "1 3 5 2 9" -m "" >out &&
	test_grep "^game 1: 5 coins on a circle, 0 moves played (not finished)\$" out &&
	test_grep ! "move player" out &&
	test_grep "^with best play from the start (move 1 at 5): player 1 14, player 2 6" out &&
	coinline analyze -c -j -r "1 3 5 2 9" -m "" >j &&
	test_grep "\"circle\":true,\"first_move\":null,.*\"moves\":\[\]" j &&
	coinline analyze -c -r "1 3 5 2 9" -m 1 >out &&
	test_grep "^     1      1  1 (at 1)           9 (at 5)                8        1        0  ?\$" out &&
	test_grep "^with best play from here: player 1 6, player 2 14: player 2 wins by 8\$" out
'

# 3 10: m(1) = 3 - 10 = -7, m(2) = 10 - 3 = 7: move 1 at 1 loses 7.
# One coin: taking it is the game. No coin: nothing to play.
test_expect_success 'the edges: two coins, one coin, no coin' '
	coinline analyze -c -r "3 10" -m 1:R >out &&
	test_grep "^     1      1  3 (at 1)           10 (at 2)               7        3        0  ?\$" out &&
	test_grep "^     2      2  10 (right, at 2)   =                       0        3       10\$" out &&
	test_grep "^result: player 1 3, player 2 10: player 2 wins by 7\$" out &&
	coinline analyze -c -r "-4" -m 1 >out &&
	test_grep "^result: player 1 -4, player 2 0: player 2 wins by 4\$" out &&
	coinline analyze -c -r "" -m "" >out &&
	test_grep "^game 1: 0 coins on a circle, 0 moves played\$" out &&
	test_grep "^result: player 1 0, player 2 0: a draw\$" out
'

test_expect_success 'a classic file with --circle: its first game is the circle' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	coinline analyze -c -m 3:LR -r "1 3 5 2 9" >a &&
	coinline analyze -c -m 3:LR row.txt >b &&
	test_cmp a b &&
	coinline analyze -c -m 3:LR - <row.txt >c &&
	test_cmp a c
'

# ---------------------------------------------------------------------------
# Game records

test_expect_success 'a record with a circle key is analysed as a circle, as --circle analyses the same game' '
	cat >games.rec <<-\EOF &&
	coinline-record 1
	game 1
	circle 3
	row 1 3 5 2 9
	moves LR
	game 2
	p1 optimal
	p2 optimal
	circle 5
	row 1 3 5 2 9
	moves LLLL
	totals 14 6
	EOF
	coinline analyze --game 1 games.rec >a &&
	coinline analyze -c -r "1 3 5 2 9" -m 3:LR >b &&
	test_cmp b a &&
	coinline analyze --json --game 1 games.rec >a &&
	coinline analyze -c --json -r "1 3 5 2 9" -m 3:LR >b &&
	test_cmp b a &&
	coinline analyze --game 2 games.rec >out &&
	test_grep "^optimal: no point lost\$" out &&
	test_grep "^result: optimal 14, optimal 6: optimal wins by 8\$" out
'

# 4 -1 6: m(1) = 4 - V(-1 6) = 4 - 7 = -3, m(2) = -1 - V(6 4) = -3,
# m(3) = 6 - V(4 -1) = 1: best 6 at 3, 5 to 4. Played 2:R: the -1 loses
# (1 - -3) / 2 = 2; on 6 4 player 2 takes the 4 (right, at 1) and loses
# (2 - (4 - 6)) / 2 = 2. Player 1 forfeits move 3.
test_expect_success 'a circular record with forfeits: at move 3, and at move 1 (circle 0)' '
	cat >f.rec <<-\EOF &&
	coinline-record 1
	game 1
	circle 2
	row 4 -1 6
	moves R
	forfeit 1 slow
	game 2
	p1 bot
	p2 greedy
	circle 0
	row 1 3 5 2 9
	moves
	forfeit 1 garbage: x is not a position
	EOF
	coinline analyze f.rec >out &&
	test_grep "^game 1: 3 coins on a circle, 2 moves played (ended by a forfeit)\$" out &&
	test_grep "^  move 1: took -1 (at 2), the best was 6 (at 3): lost 2 points\$" out &&
	test_grep "^  move 2: took 4 (right, at 1), the best was 6 (left, at 3): lost 2 points\$" out &&
	test_grep "^result: player 1 forfeits at move 3 (slow): player 2 wins\$" out &&
	test_grep "^game 2: 5 coins on a circle, 0 moves played (ended by a forfeit)\$" out &&
	test_grep "^result: bot forfeits at move 1 (garbage: x is not a position): greedy wins\$" out &&
	coinline analyze -j f.rec >j &&
	test_grep "\"circle\":true,\"first_move\":null,\"players\":\[\"bot\",\"greedy\"\],\"moves\":\[\]" j &&
	test_grep "\"winner\":\"second\",.*\"forfeit\":{\"player\":1,\"verdict\":\"garbage: x is not a position\"}" j
'

test_expect_success 'circular records that break the format are refused at their line and column' '
	printf "coinline-record 1\ngame 1\ncircle 6\nrow 1 3 5 2 9\nmoves L\n" >b1 &&
	test_expect_code 1 coinline analyze b1 2>err &&
	echo "coinline analyze: b1:3:8: game 1: circle 6 is not a position: the circle has 5 coins, at positions 1 to 5 (0 before move 1)" >expect &&
	test_cmp expect err &&
	printf "coinline-record 1\ngame 1\ncircle x\n" >b2 &&
	test_expect_code 1 coinline analyze b2 2>err &&
	test_grep "^coinline analyze: b2:3:8: .circle. needs the position of move 1" err &&
	printf "coinline-record 1\ngame 1\ncircle 0\nrow 1 2\nmoves L\n" >b3 &&
	test_expect_code 1 coinline analyze b3 2>err &&
	test_grep "^coinline analyze: b3:5:7: game 1: move 2 needs move 1 first: circle 0 means move 1 was not played\$" err &&
	printf "coinline-record 1\ngame 1\ncircle 1\nrow 1 2\nmoves LR\n" >b4 &&
	test_expect_code 1 coinline analyze b4 2>err &&
	test_grep "^coinline analyze: b4:5:8: game 1: move 3 is one too many: the circle has 2 coins\$" err &&
	printf "coinline-record 1\ngame 1\ncircle 1\nrow 1 2 3\nmoves Q\n" >b5 &&
	test_expect_code 1 coinline analyze b5 2>err &&
	test_grep "^coinline analyze: b5:5:7: move 2 is .Q., not L or R\$" err &&
	printf "coinline-record 1\ngame 1\ncircle 2\nrow 1 2 3\nmoves L\nforfeit 2 slow\n" >b6 &&
	test_expect_code 1 coinline analyze b6 2>err &&
	test_grep "^coinline analyze: b6:6:9: game 1: player 2 forfeits, but player 1 is to play move 3\$" err &&
	printf "coinline-record 1\ngame 1\ncircle 5\nrow 1 3 5 2 9\nmoves LLLL\ntotals 15 5\n" >b7 &&
	test_expect_code 1 coinline analyze b7 2>err &&
	test_grep "^coinline analyze: b7:6:8: game 1: the totals do not follow from the circle and the moves, which give 14 6\$" err
'

# ---------------------------------------------------------------------------
# Refusals of --circle and its --moves

test_expect_success 'a bad --moves with --circle: exit 1, its column and what is wrong; nothing printed' '
	for c in "6:1:1: move 1 is position 6, not on the circle of 5 coins" \
		"x:1:1: expected the position of the first move, found .x. (with --circle, MOVES is P or P:LRL)" \
		"0:1:1: position 0: positions start at 1" \
		"3-L:1:2: expected .:. and the moves after the position, found .-." \
		"3:LRx:1:5: move 4 is .x., not L or R" \
		"12:LLRRL:1:1: move 1 is position 12, not on the circle of 5 coins" \
		"1:LLRRLR:1:7: move 6 is one too many: the circle has 5 coins" \
		"5:LLLLL:1:7: move 6 is one too many: the circle has 5 coins"; do
		moves=${c%%:1:*} &&
		test_expect_code 1 coinline analyze -c -r "1 3 5 2 9" -m "$moves" >out 2>err &&
		test_must_be_empty out &&
		echo "coinline analyze: --moves${c#"$moves"}" >expect.raw &&
		grep -x -f expect.raw err || { cat err; return 1; }
	done
'

test_expect_success 'without --circle a position is not a move; --circle refuses a record' '
	test_expect_code 1 coinline analyze -r "1 3 5 2 9" -m 3:LR 2>err &&
	echo "coinline analyze: --moves:1:1: move 1 is '\''3'\'', not L or R" >expect &&
	test_cmp expect err &&
	printf "coinline-record 1\ngame 1\nrow 1 2\nmoves L\n" >rec &&
	test_expect_code 1 coinline analyze -c rec 2>err &&
	test_grep "^coinline analyze: rec: a game record has its own moves and says which games are circles (its .circle. keys): --circle goes with --row or a file in the classic format\$" err
'

# ---------------------------------------------------------------------------
# The chart of a circle (--svg)

command -v python3 >/dev/null 2>&1 &&
	python3 -c "import xml.etree.ElementTree" 2>/dev/null &&
	test_set_prereq PYTHON3

test_expect_success '--svg draws a circle: --circle and a record'"'"'s circle, the review printed too' '
	coinline analyze -c --svg c.svg -r "1 2" -m 1:L >out 2>err &&
	test_must_be_empty err &&
	test_grep "^game 1: 2 coins on a circle" out &&
	test_grep "<title>game 1, on a circle: the margin after each move</title>" c.svg &&
	printf "coinline-record 1\ngame 1\ncircle 1\nrow 1 2\nmoves L\n" >crec &&
	coinline analyze --svg r.svg crec >out 2>err &&
	test_must_be_empty err &&
	test_grep "^game 1: 2 coins on a circle" out &&
	test_cmp c.svg r.svg &&
	coinline analyze -c --svg e.svg -r "" -m "" >/dev/null &&
	coinline analyze -c --svg b.svg -r "1 3 5 2 9" -m "" >/dev/null &&
	test_grep "best play from the start (move 1 at 5)" b.svg
'

# Reads the chart back (svg_geometry.chart) and compares it with the
# review's JSON and with solve --circle --json --line: for each game of
# games (one "ROW|MOVES" a line).
cat >"$TRASH_ROOT/check_chart.py" <<\PYEOF
import json, os, subprocess, sys
from svg_geometry import chart
from tool import run
def words(coin, side, at):
    return "%d (at %d)" % (coin, at) if side == "none" else "%d (%s, at %d)" % (coin, side, at)
bad = 0
def on_moves(points):  # (move, value) with the moves as the nearest integers
    if any(abs(k - round(k)) > 0.05 for k, _ in points):
        fail("a point between two moves:", points)
    return [(round(k), v) for k, v in points]
def fail(*what):
    global bad
    print(*what)
    bad += 1
for game in open("games").read().splitlines():
    row, moves = game.split("|")
    run("analyze", "-c", "--svg", "c.svg", "-r", row, "-m", moves)
    a = json.loads(run("analyze", "-c", "-j", "-r", row, "-m", moves))
    s = json.loads(run("solve", "-c", "-j", "--line", "-r", row))
    c = chart("c.svg")
    coins = [int(v) for v in row.split()]
    n, rv, summary = len(coins), a["moves"], a["summary"]
    # best play from the start: the first position, then the line left
    best = [0]
    if n:
        p = s["first_move"]
        line = coins[p:] + coins[:p - 1]
        best.append(coins[p - 1])
        lo, hi = 0, len(line)
        for k, mv in enumerate(s["line"]):
            if mv == "L":
                v, lo = line[lo], lo + 1
            else:
                hi -= 1
                v = line[hi]
            best.append(best[-1] + (v if k % 2 == 1 else -v))
    want = {
        "played": [0] + [m["p1"] - m["p2"] for m in rv],
        "eval": [summary["best_p1"] - summary["best_p2"]] + [m["final_margin"] for m in rv],
        "best": best,
    }
    for name, values in want.items():
        got = c.get(name, [])
        if on_moves(got) != list(enumerate(values)):
            fail(game, name, got, values)
    lost = [(m["move"], m["p1"] - m["p2"]) for m in rv if not m["optimal"]]
    if on_moves(c["mistakes"]) != lost:
        fail(game, "mistakes", c["mistakes"], lost)
    for k, text in c["positions"].items():
        if text != "at %d" % rv[k - 1]["position"]:
            fail(game, "position of move", k, text)
    if not rv:
        if c["notes"] or "first-taken" in c:
            fail(game, "a note on move 1 before it")
        continue
    m1 = rv[0]
    if on_moves(c.get("first-taken", [])) != [(1, m1["final_margin"])] or \
       on_moves(c.get("first-best", [])) != [(1, want["eval"][0])]:
        fail(game, "move 1 marks", c.get("first-taken"), c.get("first-best"))
    took = "took " + words(m1["coin"], "none", m1["position"])
    note = ("move 1: %s, the best first position: final margin %d" % (took, m1["final_margin"])
            if m1["optimal"] else
            "move 1: %s, the best was %s: final margin %d against %d" % (
                took, words(m1["best_coin"], "none", m1["best_position"]),
                m1["final_margin"], want["eval"][0]))
    if c["notes"] != [note]:
        fail(game, "note", c["notes"], [note])
    if "best play from the start (move 1 at %d)" % summary["best_first_move"] not in c["legend"]:
        fail(game, "legend", c["legend"])
print("games:", len(open("games").read().splitlines()), "bad:", bad)
sys.exit(1 if bad else 0)
PYEOF

test_expect_success PYTHON3 '--svg on a circle: the points plotted are the review'"'"'s JSON, move 1 and the positions marked' '
	write_lines "2 9 1 6 3 8 4|3:LRLRLR" "2 9 1 6 3 8 4|2:RLLLLL" "1 3 5 2 9|3:LR" \
		"1 3 5 2 9|5:LLLL" "1 3 5 2 9|" "1 3 5 2 9|1" "4|1" "4 -6|2:L" "1 2|1" >games &&
	i=0 && while test $i -lt 12; do
		i=$((i + 1)) &&
		coinline gen -c -n $((i * 3)) -s $i --min=-30 --max=60 | sed -n "/^#/d;n;p" >row &&
		moves=$(awk -v n=$((i * 3)) -v s=$i "BEGIN { srand(s); printf \"%d:\", 1 + int(rand() * n); for (k = 1; k < n; k++) printf (rand() < 0.5 ? \"L\" : \"R\") }") &&
		echo "$(cat row)|$moves" >>games || return 1
	done &&
	PYTHONPATH="$TEST_DIRECTORY" python3 "$TRASH_ROOT/check_chart.py"
'

test_expect_success '--help says how --circle and its moves are given' '
	coinline analyze --help >help &&
	test_grep "^  -c, --circle        the coins lie on a circle (the pizza game): the\$" help &&
	test_grep "with --circle, P or P:LRL: the position move 1\$" help
'

# ---------------------------------------------------------------------------
# Random circular games against an arc programme in awk

# review.awk: from lines "COINS|FIRST|MOVES", the expected review of each
# move, as "number player position coin best_position best_coin loss
# secured p1 p2 final_margin", then "summary p1 p2 best_p1 best_p2
# best_first lost1 lost2". V[i, len] is the value of the arc of len coins
# clockwise from index i (0-based) for the player to move.
cat >"$TRASH_ROOT/review.awk" <<-\EOF
function arcs(   i, len, l, r) {
	for (i = 0; i < n; i++) V[i, 0] = 0
	for (len = 1; len < n; len++)
		for (i = 0; i < n; i++) {
			l = a[i] - V[(i + 1) % n, len - 1]
			r = a[(i + len - 1) % n] - V[i, len - 1]
			V[i, len] = l >= r ? l : r
			L[i, len] = l >= r
		}
}
function arcsum(i, len,   s, k) {
	s = 0
	for (k = 0; k < len; k++) s += a[(i + k) % n]
	return s
}
{
	split($0, part, "|")
	n = split(part[1], c, " ")
	for (i = 0; i < n; i++) a[i] = c[i + 1]
	first = part[2]; moves = part[3]
	arcs()
	sum = arcsum(0, n); best = 1
	for (p = 1; p <= n; p++) {
		m[p] = a[p - 1] - V[p % n, n - 1]
		if (m[p] > m[best]) best = p
	}
	lost[1] = lost[2] = 0
	t[1] = a[first - 1]; t[2] = 0
	loss = (m[best] - m[first]) / 2; lost[1] += loss
	print 1, 1, first, a[first - 1], best, a[best - 1], loss, (sum + m[best]) / 2, t[1], t[2], m[first]
	i = first % n; len = n - 1
	for (k = 1; k <= length(moves); k++) {
		who = k % 2 == 1 ? 2 : 1
		left = substr(moves, k, 1) == "L"
		at = left ? i : (i + len - 1) % n
		bat = L[i, len] ? i : (i + len - 1) % n
		before = V[i, len]
		secured = t[who] + (arcsum(i, len) + before) / 2
		t[who] += a[at]
		if (left) i = (i + 1) % n
		len--
		after = a[at] - V[i, len]
		loss = (before - after) / 2; lost[who] += loss
		fm = t[1] - t[2] + (who == 1 ? -V[i, len] : V[i, len])
		print k + 1, who, at + 1, a[at], bat + 1, a[bat], loss, secured, t[1], t[2], fm
	}
	print "summary", t[1], t[2], (sum + m[best]) / 2, (sum - m[best]) / 2, best, lost[1], lost[2]
}
EOF

# got.awk: the same lines from analyze --json's one line.
cat >"$TRASH_ROOT/got.awk" <<-\EOF
function val(obj, key,   s) {
	s = obj
	if (!sub(".*\"" key "\":", "", s)) return "?"
	sub(/[,}].*/, "", s)
	return s
}
{
	body = $0
	sub(/.*"moves":\[/, "", body)
	sub(/\],"summary".*/, "", body)
	k = 0
	while (body != "") { # split at each "},{" (not a regular expression)
		at = index(body, "},{")
		r[++k] = at ? substr(body, 1, at) : body
		body = at ? substr(body, at + 2) : ""
	}
	for (j = 1; j <= k; j++)
		print val(r[j], "move"), val(r[j], "player"), val(r[j], "position"),
		    val(r[j], "coin"), val(r[j], "best_position"), val(r[j], "best_coin"),
		    val(r[j], "loss"), val(r[j], "secured"), val(r[j], "p1"),
		    val(r[j], "p2"), val(r[j], "final_margin")
	s = $0
	sub(/.*"summary":/, "", s)
	lost = s; sub(/.*"lost":\[/, "", lost); sub(/\].*/, "", lost); sub(/,/, " ", lost)
	print "summary", val(s, "p1"), val(s, "p2"), val(s, "best_p1"), val(s, "best_p2"),
	    val(s, "best_first_move"), lost
}
EOF

# 300 random circles of 1 to 14 coins over -5..9 (ties and negatives),
# a random first position, 0 to n - 1 random moves after it.
test_expect_success 'every review and the summary of 300 random circular games equal the arc programme in awk' '
	awk "BEGIN { srand(21); for (g = 0; g < 300; g++) {
		n = 1 + int(rand() * 14); row = \"\"
		for (i = 0; i < n; i++) row = row (i ? \" \" : \"\") (int(rand() * 15) - 5)
		first = 1 + int(rand() * n); k = int(rand() * n); mv = \"\"
		for (i = 0; i < k; i++) mv = mv (rand() < 0.5 ? \"L\" : \"R\")
		print row \"|\" first \"|\" mv } }" >games &&
	test_line_count = 300 games &&
	while IFS="|" read -r row first moves; do
		echo "$row|$first|$moves" | awk -f "$TRASH_ROOT/review.awk" >expect &&
		coinline analyze -c -j -r "$row" -m "$first:$moves" | awk -f "$TRASH_ROOT/got.awk" >got &&
		test_cmp expect got || { echo "circle [$row], moves $first:$moves"; return 1; }
	done <games
'

# In a finished game each player's total is its best-play total minus its
# own losses plus the other's; the losses summed by awk from the JSON.
test_expect_success 'finished random games: each total = its best-play total - own losses + the other'"'"'s' '
	awk "BEGIN { srand(7); for (g = 0; g < 60; g++) {
		n = 2 + int(rand() * 12); row = \"\"
		for (i = 0; i < n; i++) row = row (i ? \" \" : \"\") (int(rand() * 21) - 6)
		first = 1 + int(rand() * n); mv = \"\"
		for (i = 1; i < n; i++) mv = mv (rand() < 0.5 ? \"L\" : \"R\")
		print row \"|\" first \"|\" mv } }" >games &&
	while IFS="|" read -r row first moves; do
		coinline analyze -c -j -r "$row" -m "$first:$moves" | awk -f "$TRASH_ROOT/got.awk" |
		awk "\$1 == \"summary\" { ok = \$2 == \$4 - lost[1] + lost[2] && \$3 == \$5 - lost[2] + lost[1]; next }
			{ lost[\$2] += \$7 } END { exit !ok }" ||
		{ echo "circle [$row], moves $first:$moves"; return 1; }
	done <games
'

test_done
