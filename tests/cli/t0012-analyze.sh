#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline analyze, explain and table: the worked example of the issue,
# golden outputs for classic rows (hand-checked in the comments),
# properties against an independent interval DP (in Python), game
# records from play, well-formed SVG, and every error path.
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 && test_set_prereq PYTHON3

# 1 3 5 2 9 played RRRRL. Player 1 takes 9 (optimal: 9 - V(1 3 5 2) =
# 9 - 1 = 8 beats 1 - V(3 5 2 9) = 1 - 9). Player 2 takes 2: on 1 3 5 2
# the left coin gives 1 - V(3 5 2) = 1 - 0 = 1, the right one
# 2 - V(1 3 5) = 2 - 3 = -1, so player 2's guaranteed total falls from
# (11 + 1) / 2 = 6 to (11 - 1) / 2 = 5: 1 point. The rest is forced or
# optimal: 15 to 5 in the end, against 14 to 6 with best play.
test_expect_success 'the worked example: 1 3 5 2 9 played RRRRL, player 2 loses 1 point at move 2' '
	coinline analyze -r "1 3 5 2 9" -m RRRRL >out &&
	cat >expect <<-\EOF &&
	game 1: 5 coins, 5 moves played
	  move player  took           best             lost       p1       p2
	     1      1  9 (right)      =                   0        9        0
	     2      2  2 (right)      1 (left)            1        9        2  ?
	     3      1  5 (right)      =                   0       14        2
	     4      2  3 (right)      =                   0       14        5
	     5      1  1 (left)       =                   0       15        5
	player 1: no point lost
	player 2: 1 point lost, in 1 move
	  move 2: took 2 (right), the best was 1 (left): lost 1 point
	    then best play: player 1 takes 5, player 2 takes 3, player 1 takes 1
	result: player 1 15, player 2 5: player 1 wins by 10
	with best play from the start: player 1 14, player 2 6: player 1 wins by 8
	EOF
	test_cmp expect out
'

test_expect_success 'the worked example in JSON: the loss of each move and the summary' '
	coinline analyze --json -r "1 3 5 2 9" -m RRRRL >out &&
	test_line_count = 1 out &&
	grep -o "\"loss\":[0-9]*" out >losses &&
	write_lines "\"loss\":0" "\"loss\":1" "\"loss\":0" "\"loss\":0" "\"loss\":0" >expect &&
	test_cmp expect losses &&
	grep -o "\"player\":[12],\"side\":\"[a-z]*\",\"coin\":[0-9]*,\"best\":\"[a-z]*\"" out >moves &&
	write_lines "\"player\":1,\"side\":\"right\",\"coin\":9,\"best\":\"right\"" \
		"\"player\":2,\"side\":\"right\",\"coin\":2,\"best\":\"left\"" \
		"\"player\":1,\"side\":\"right\",\"coin\":5,\"best\":\"right\"" \
		"\"player\":2,\"side\":\"right\",\"coin\":3,\"best\":\"right\"" \
		"\"player\":1,\"side\":\"left\",\"coin\":1,\"best\":\"left\"" >expect &&
	test_cmp expect moves &&
	grep -q "\"summary\":{\"finished\":true,\"p1\":15,\"p2\":5,\"margin\":10,\"winner\":\"first\",\"best_p1\":14,\"best_p2\":6,\"lost\":\[0,1\],\"mistakes\":\[0,1\],\"forfeit\":null}}" out
'

test_expect_success 'a partial game: what was played, the lead so far and best play from here' '
	coinline analyze -r "1 3 5 2 9" -m RR >out &&
	grep -q "^game 1: 5 coins, 2 moves played (not finished)$" out &&
	grep -q "^so far: player 1 9, player 2 2: player 1 leads by 7$" out &&
	grep -q "^with best play from here: player 1 15, player 2 5: player 1 wins by 10$" out &&
	coinline analyze -r "1 3 5 2 9" -m "" >out &&
	grep -q "^game 1: 5 coins, 0 moves played (not finished)$" out &&
	! grep -q "move player" out
'

test_expect_success 'moves may be lower case; the row may come from a file in the classic format' '
	printf "5\n1 3 5 2 9\n" >row.txt &&
	coinline analyze -r "1 3 5 2 9" -m RRRRL >a &&
	coinline analyze -m rrrrl row.txt >b &&
	test_cmp a b &&
	coinline analyze -m RRRRL - <row.txt >c &&
	test_cmp a c
'

test_expect_success 'a game saved by play is analysed with the names of its players' '
	printf "l\nr\nl\nr\nl\n" | coinline play -r "4 -2 7 7 1" --save rec.txt >/dev/null &&
	coinline analyze rec.txt >out &&
	grep -q "^you: " out &&
	grep -q "^optimal: no point lost$" out &&
	coinline analyze --json rec.txt >j &&
	grep -q "\"players\":\[\"you\",\"optimal\"\]" j
'

test_expect_success 'a forfeit in a record decides the game: the text says who and why, the JSON too' '
	cat >rec.txt <<-\EOF &&
	coinline-record 1
	game 3
	p1 optimal
	p2 exec:./bot
	row 1 3 5 2 9
	moves R
	forfeit 2 timed out: no move within 100 ms
	EOF
	coinline analyze rec.txt >out &&
	grep -q "^game 3: 5 coins, 1 move played (ended by a forfeit)$" out &&
	grep -q "^result: exec:./bot forfeits at move 2 (timed out: no move within 100 ms): optimal wins$" out &&
	grep -q "^when it ended: optimal 9, exec:./bot 0: optimal leads by 9$" out &&
	coinline analyze --json rec.txt >j &&
	grep -q "\"finished\":true,\"p1\":9,\"p2\":0,\"margin\":9,\"winner\":\"first\"" j &&
	grep -q "\"forfeit\":{\"player\":2,\"verdict\":\"timed out: no move within 100 ms\"}}}$" j
'

test_expect_success 'every game of a record, or only --game K' '
	cat >rec.txt <<-\EOF &&
	coinline-record 1
	game 1
	row 1 3 5 2 9
	moves RRRRL
	totals 15 5
	game 7
	p1 Ann
	p2 Bob
	row 8 15 3 7
	moves LRLR
	EOF
	coinline analyze rec.txt >out &&
	test $(grep -c "^game " out) = 2 &&
	grep -q "^Ann: 7 points lost, in 1 move$" out &&
	grep -q "^Bob: 8 points lost, in 1 move$" out &&
	coinline analyze --game 7 rec.txt >out &&
	grep -q "^game 7: 4 coins, 4 moves played$" out &&
	! grep -q "^game 1" out &&
	test_expect_code 1 coinline analyze --game 3 rec.txt 2>err &&
	grep -q "rec.txt: no game 3" err
'

test_expect_success '--top limits the mistakes listed for each player' '
	coinline analyze -r "1 9 1 9 1 9 1 9" -m LLLLLLLL >out &&
	coinline analyze --top 1 -r "1 9 1 9 1 9 1 9" -m LLLLLLLL >one &&
	coinline analyze --top 0 -r "1 9 1 9 1 9 1 9" -m LLLLLLLL >none &&
	test $(grep -c "^  move [0-9]*:" out) = 3 &&
	test $(grep -c "^  move [0-9]*:" one) = 1 &&
	test $(grep -c "^  move [0-9]*:" none) = 0 &&
	grep -q "^player 1: 32 points lost, in 4 moves$" none
'

# An independent check: an interval DP in Python judges every move of
# many random games (rows from gen, random move strings, full and
# partial) and compares with the JSON; it checks the identity
# p1 = best_p1 - lost1 + lost2 on finished games.
cat >"$TRASH_ROOT/check.py" <<\PYEOF
import json, random, sys
from rules_oracle import table
bad = 0
for line_no, line in enumerate(open(sys.argv[1])):
    a = [int(x) for x in line.split()]
    moves = open(sys.argv[2]).read().split("\n")[line_no]
    got = json.loads(open(sys.argv[3]).read().split("\n")[line_no])
    V = table(a); lo, hi = 0, len(a); t = [0, 0]; lost = [0, 0]
    for k, m in enumerate(moves):
        r = got["moves"][k]; p = k % 2
        vl = a[lo] - V[(lo + 1, hi)]; vr = a[hi - 1] - V[(lo, hi - 1)]
        best = "left" if vl >= vr else "right"
        c = a[lo] if m == "L" else a[hi - 1]
        after = (lo + 1, hi) if m == "L" else (lo, hi - 1)
        loss = (V[(lo, hi)] - (c - V[after])) // 2
        exp = dict(player=p + 1, side="left" if m == "L" else "right", coin=c,
                   best=best, loss=loss, optimal=(loss == 0))
        for key, val in exp.items():
            if r[key] != val:
                print("row", line_no, "move", k + 1, key, r[key], "!=", val); bad = 1
        t[p] += c; lost[p] += loss; lo, hi = after
        if (r["p1"], r["p2"]) != (t[0], t[1]):
            print("row", line_no, "move", k + 1, "totals"); bad = 1
    s = got["summary"]
    b1 = (sum(a) + V[(0, len(a))]) // 2
    if s["lost"] != lost or s["best_p1"] != b1:
        print("row", line_no, "summary", s); bad = 1
    if len(moves) == len(a) and s["p1"] != b1 - lost[0] + lost[1]:
        print("row", line_no, "identity"); bad = 1
sys.exit(bad)
PYEOF

test_expect_success PYTHON3 'every move of 300 random games judged as an independent DP does; the identity holds' '
	coinline gen -g 300 -n 9 --min=-6 --max=6 -s 11 | awk "NR % 2 == 0" >rows &&
	coinline gen -g 300 -n 8 --min=0 --max=3 -s 12 | awk "NR % 2 == 0" >>rows &&
	awk "BEGIN { srand(5) } { n = NF; if (NR % 3 == 0) n = int(rand() * (NF + 1));
		s = \"\"; for (k = 0; k < n; k++) s = s (rand() < 0.5 ? \"L\" : \"R\"); print s }" rows >moves &&
	while read -r row && read -r mv <&3; do
		coinline analyze --json -r "$row" -m "$mv" || exit 1
	done <rows 3<moves >got &&
	test_line_count = 600 got &&
	PYTHONPATH="$REPO_ROOT/tests/cli" python3 "$TRASH_ROOT/check.py" rows moves got
'

test_expect_success 'bad moves are named by number and column; nothing is printed for that game' '
	test_expect_code 1 coinline analyze -r "1 3 5 2 9" -m RRX 2>err >out &&
	test_must_be_empty out &&
	echo "coinline analyze: --moves:1:3: move 3 is '\''X'\'', not L or R" >expect &&
	test_cmp expect err &&
	test_expect_code 1 coinline analyze -r "1 3" -m RRL 2>err &&
	echo "coinline analyze: --moves:1:3: move 3 is one too many: the row has 2 coins" >expect &&
	test_cmp expect err
'

test_expect_success 'a record that does not match its row is refused with its line and column' '
	printf "coinline-record 1\ngame 1\nrow 1 2\nmoves LRL\n" >bad1 &&
	test_expect_code 1 coinline analyze bad1 2>err &&
	grep -q "^coinline analyze: bad1:4:9: game 1: move 3 is one too many: the row has 2 coins$" err &&
	printf "coinline-record 1\ngame 1\nrow 1 2\nmoves LR\ntotals 2 1\n" >bad2 &&
	test_expect_code 1 coinline analyze bad2 2>err &&
	grep -q "^coinline analyze: bad2:5:8: game 1: the totals do not follow from the row and the moves, which give 1 2$" err &&
	printf "coinline-record 1\ngame 1\nrow 1 2\nmoves LQ\n" >bad3 &&
	test_expect_code 1 coinline analyze bad3 2>err &&
	grep -q "^coinline analyze: bad3:4:8: move 2 is .Q., not L or R$" err &&
	printf "coinline-record 2\n" >bad4 &&
	test_expect_code 1 coinline analyze bad4 2>err &&
	grep -q "bad4:1:17: record version .2. is not supported" err
'

test_expect_success 'usage errors exit 2; a missing file or a classic file without moves exit 1' '
	test_expect_code 2 coinline analyze 2>err &&
	grep -q "nothing to analyse" err &&
	test_expect_code 2 coinline analyze -r "1 2" 2>err &&
	grep -q "needs --moves" err &&
	test_expect_code 2 coinline analyze -r "1 2" -m L row.txt 2>err &&
	test_expect_code 2 coinline analyze --top 65 -r 1 -m L 2>err &&
	test_expect_code 2 coinline analyze --bogus 2>err &&
	test_expect_code 1 coinline analyze nowhere.txt 2>err &&
	grep -q "nowhere.txt: cannot open" err &&
	printf "2\n1 2\n" >row.txt &&
	test_expect_code 1 coinline analyze row.txt 2>err &&
	grep -q "not a game record: give the moves played with --moves" err &&
	printf "coinline-record 1\ngame 1\nrow 1\nmoves L\n" >rec &&
	test_expect_code 1 coinline analyze -m L rec 2>err &&
	grep -q "has its own moves" err &&
	test_expect_code 1 coinline analyze -r "1 x" -m L 2>err &&
	grep -q "^coinline analyze: --row:1:3: expected an integer, found .x. (coins are integers separated by spaces or commas)$" err
'

test_expect_success PYTHON3 'analyze --svg writes well-formed SVG naming its axes, one mark per mistake' '
	coinline analyze --svg chart.svg -r "4 -2 7 7 1 3 8 -5 6 2 9 1" -m LRLLRRLRLLRL >out &&
	python3 -c "
import sys, xml.dom.minidom as m
d = m.parse(\"chart.svg\")
t = [n.firstChild.data for n in d.getElementsByTagName(\"text\") if n.firstChild]
assert \"move\" in t, t
assert any(s.startswith(\"margin\") for s in t), t
print(len(d.getElementsByTagName(\"circle\")))
" >circles &&
	grep -c "  ?$" out >mistakes &&
	test_cmp mistakes circles
'

test_expect_success PYTHON3 'analyze --svg plots the review'"'"'s JSON: as played, best final margin, the optimal line' '
	for game in "4 -2 7 7 1 3 8 -5 6 2 9 1|LRLLRRLRLLRL" "8 15 3 7|RL" "5|" "1 3 5 2 9|RLLLL"; do
		row=${game%|*} && moves=${game#*|} &&
		coinline analyze --svg c.svg -r "$row" -m "$moves" >/dev/null &&
		coinline analyze -j -r "$row" -m "$moves" >a.json &&
		coinline solve -j --line -r "$row" >s.json &&
		ROW="$row" PYTHONPATH="$TEST_DIRECTORY" python3 -c "
import json, os
from svg_geometry import chart
a, s, c = json.load(open(\"a.json\")), json.load(open(\"s.json\")), chart(\"c.svg\")
coins = [int(v) for v in os.environ[\"ROW\"].split()]
best, lo, hi = [0], 0, len(coins)
for k, mv in enumerate(s[\"line\"]):
    if mv == \"L\":
        v, lo = coins[lo], lo + 1
    else:
        hi -= 1
        v = coins[hi]
    best.append(best[-1] + (v if k % 2 == 0 else -v))
m, sm = a[\"moves\"], a[\"summary\"]
want = {\"played\": [0] + [r[\"p1\"] - r[\"p2\"] for r in m],
        \"eval\": [sm[\"best_p1\"] - sm[\"best_p2\"]] + [r[\"final_margin\"] for r in m],
        \"best\": best}
for name, values in want.items():
    got = [(round(k), v) for k, v in c[name]]
    assert got == list(enumerate(values)), (name, got, values)
assert [(round(k), v) for k, v in c[\"mistakes\"]] == [(r[\"move\"], r[\"p1\"] - r[\"p2\"]) for r in m if not r[\"optimal\"]]
assert not c[\"positions\"] and not c[\"notes\"] and \"first-taken\" not in c
" || return 1
	done
'

# 8 15 3 7: V = max(8 - V(15 3 7), 7 - V(8 15 3)) = max(8 - 11, 7 - (-4))
# = 11, so 22 to 11; taking 8 first leaves 15 3 7, worth 11 to player 2:
# player 1 ends with (33 - 11) / 2 = 11 + ... = 15, 7 fewer. Greedy takes 8.
test_expect_success 'explain: the classic row 8 15 3 7 in words' '
	coinline explain -r "8 15 3 7" >out &&
	cat >expect <<-\EOF &&
	The row: 8 15 3 7 (4 coins, sum 33).
	With best play, player 1 ends with 22 and player 2 with 11.
	Player 1 wins by 11.

	The optimal line (ties to the left):
	  1. player 1 takes 7 (right): 7 to 0
	  2. player 2 takes 8 (left): 7 to 8
	  3. player 1 takes 15 (left): 22 to 8
	  4. player 2 takes 3 (left): 22 to 11

	Why player 1 starts with 7 (right): it leaves 8 15 3, and player 1 ends with
	  22.
	Taking 8 (left) instead would leave 15 3 7, where player 2 is to move and
	  can secure a margin of 11: taking 15 (left) first, player 1 would end with
	  15, 7 points fewer.

	Greedy (the larger end, ties to the left) as player 1 against best play: it
	  ends with 15, 7 points fewer than best play. Its first mistake is move 1:
	  it takes 8 (left) where 7 (right) is best, losing 7 points there.

	Parity: the coins at odd positions (1, 3, ...) sum to 11, those at even
	  positions to 22. Player 1 can take all the coins of one class, so it never
	  loses: taking the even class guarantees a margin of at least 11.

	Parity as player 1 against best play: it plays optimally on this row and
	  ends with 22.
	EOF
	test_cmp expect out
'

# 3 2 2 3 1 2 (the Q&A write-up): parity takes the even positions (7)
# but best play gets 8 by taking the first 3.
test_expect_success 'explain: parity is safe but not optimal on 3 2 2 3 1 2' '
	coinline explain -r "3 2 2 3 1 2" >out &&
	grep -q "^With best play, player 1 ends with 8 and player 2 with 5.$" out &&
	grep -q "^Why player 1 starts with 3 (left)" out &&
	tr "\n" " " <out | grep -q "Parity as player 1 against best play: it ends with 7, 1 point fewer"
'

test_expect_success 'explain agrees with solve on every example file and on random rows' '
	for f in "$REPO_ROOT"/examples/*.txt; do
		coinline explain "$f" >out &&
		coinline solve -b "$f" | head -n 1 >both &&
		read p1 p2 <both &&
		grep -q "player 1 ends with $p1 and player 2 with $p2\.$" out || return 1
	done &&
	coinline gen -g 40 -n 13 --min=-50 --max=50 -s 3 >rows &&
	coinline solve -b rows >answers &&
	i=0 &&
	awk "NR % 2 == 0" rows | while read -r row; do
		i=$((i + 1)) &&
		coinline explain -r "$row" | tr "\n" " " >out &&
		set -- $(sed -n ${i}p answers) &&
		grep -q "player 1 ends with $1 and player 2 with $2" out || return 1
	done
'

test_expect_success 'explain: one coin and no coin' '
	coinline explain -r "5" >out &&
	grep -q "^With best play, player 1 ends with 5 and player 2 with 0.$" out &&
	grep -q "^Player 1 wins by 5.$" out &&
	tr "\n" " " <out | grep -q "apply (1 *coin);" &&
	printf "0\n" | coinline explain >out &&
	grep -q "^It is a draw.$" out
'

# V(i, j) of 8 15 3 7 by hand: the diagonal is the coins; V(1,2) = 15 - 8
# = 7 (R), V(2,3) = 15 - 3 = 12 (L), V(3,4) = 7 - 3 = 4 (R); V(1,3) =
# max(8 - 12, 3 - 7) = -4 (a tie: L), V(2,4) = max(15 - 4, 7 - 12) = 11
# (L); V(1,4) = max(8 - 11, 7 - (-4)) = 11 (R). The line: R, L, L, L.
test_expect_success 'table: 8 15 3 7 by hand' '
	coinline table -r "8 15 3 7" >out &&
	cat >expect <<-\EOF &&
	V(i, j): the best margin (own total minus the other'"'"'s) for the
	player to move on coins i..j; L or R: the optimal move there
	(ties to the left); *: the cells of the optimal line.

	      j:    1    2    3    4
	  i coin    8   15    3    7
	  1    8  8L   7R  -4L* 11R*
	  2   15      15L  12L* 11L
	  3    3            3L*  4R
	  4    7                 7L

	V(1, 4) = 11: player 1 ends with 22, player 2 with 11.
	The optimal line: R 7, L 8, L 15, L 3.
	EOF
	test_cmp expect out
'

test_expect_success 'table: every cell satisfies the recurrence, on random rows' '
	coinline gen -g 20 -n 12 --min=-9 --max=9 -s 8 | awk "NR % 2 == 0" >rows &&
	while read -r row; do
		coinline table -r "$row" >out &&
		awk -v row="$row" "
		BEGIN { n = split(row, a, \" \") }
		/^ *[0-9]+ +-?[0-9]+  / && NF > 2 {
			i = \$1; col = i
			for (f = 3; f <= NF; f++) {
				c = \$f; sub(/[LR]\\*?$/, \"\", c)
				v[i, col] = c; m[i, col] = substr(\$f, length(c) + 1, 1); col++
			}
		}
		END {
			for (i = 1; i <= n; i++) for (j = i; j <= n; j++) {
				if (i == j) e = a[i]
				else { l = a[i] - v[i + 1, j]; r = a[j] - v[i, j - 1]; e = l >= r ? l : r }
				if (v[i, j] != e) { print \"V(\" i \",\" j \")=\" v[i, j] \" not \" e; bad = 1 }
				if (i < j && m[i, j] != (a[i] - v[i + 1, j] >= a[j] - v[i, j - 1] ? \"L\" : \"R\")) { print \"move at \" i \",\" j; bad = 1 }
			}
			exit bad
		}" out || return 1
	done <rows
'

test_expect_success PYTHON3 'table --svg is well-formed and names its axes; long rows are refused' '
	coinline table --svg t.svg -r "1 3 5 2 9" >/dev/null &&
	python3 -c "
import xml.dom.minidom as m
d = m.parse(\"t.svg\")
t = \" \".join(n.firstChild.data for n in d.getElementsByTagName(\"text\") if n.firstChild)
assert \"the last coin left\" in t and \"the first coin left\" in t, t
assert len([r for r in d.getElementsByTagName(\"rect\") if r.getAttribute(\"class\") == \"cell\"]) == 15
" &&
	coinline gen -n 65 >long &&
	test_expect_code 1 coinline table long 2>err &&
	grep -q "the row has 65 coins" err
'

# The classic rows of examples/classic.txt and greedy-fails.txt, in the
# order of the goldens. Their totals are the answers in the comments of
# those files (22, 15, 4, 42; 32, 14); each golden was read against them:
# the first move, the reply that punishes the other one, greedy's loss
# (20 30 2 2: greedy takes 20 and ends with 22).
test_expect_success 'explain and table on the classic rows match their goldens' '
	i=0 &&
	for row in "8 15 3 7" "5 3 7 10" "2 2 2 2" "20 30 2 2 2 10" "20 30 2 2" "1 3 5 2 9"; do
		i=$((i + 1)) &&
		coinline explain -r "$row" >out &&
		test_cmp "$TEST_DIRECTORY/golden/explain-classic-$i.out" out &&
		coinline table -r "$row" >out &&
		test_cmp "$TEST_DIRECTORY/golden/table-classic-$i.out" out || return 1
	done &&
	test $i = 6
'

test_done
